"""Policy bots (cardkit/*/policy.py) and the strategy builder (cardkit/classroom/strategy.py)."""

from __future__ import annotations

import pickle
import random

import pytest

from cardkit import least_score as ls
from cardkit import tienlen as tl
from cardkit.classroom.strategy import OPPONENTS, StrategyBuilder
from cardkit.errors import CardkitError, OptionError
from cardkit.least_score import policy as lsp
from cardkit.tienlen import policy as tlp


def every_decision(state, bots, limit=3000):
    """Play the match, yielding (observation, action) of seat 0's policy bot."""
    rng = random.Random(7)
    for _ in range(limit):
        if state.is_terminal():
            return
        p = state.current_player()
        obs = state.observation(p)
        action = bots[p](obs, rng)
        assert action in obs.legal_actions
        if p == 0:
            yield obs, action
        state.apply_action(action, p)


@pytest.mark.parametrize("policy", [lsp.Policy(), lsp.Policy(declare_at=0, discard="most_cards", take_open="never"),
                                    lsp.Policy(discard="highest_card", take_open="at_most", take_max=2)])
def test_least_score_policy_bot_plays_its_settings(policy):
    bot = lsp.PolicyBot(policy)
    for seed in range(3):
        for obs, action in every_decision(ls.new_game(ls.Rules(players=3), seed), [bot, ls.BOTS["greedy"],
                                                                                  ls.BOTS["greedy"]]):
            if action == ls.DECLARE:
                mine = sum(1 for t in obs.turns if t.player == obs.player)
                assert obs.hand_total <= policy.declare_at or mine >= policy.patience
                continue
            if obs.can_declare and obs.hand_total <= policy.declare_at:
                pytest.fail("the bot did not declare at or below its total")
            groups = ls.legal_discards(obs.hand)
            if policy.discard == "most_cards":
                assert len(action.cards) == max(len(g) for g in groups)
            elif policy.discard == "highest_card":
                assert len(action.cards) == 1 and ls.hand_total(action.cards) == max(map(ls.card_value, obs.hand))
            else:
                assert ls.hand_total(action.cards) == max(ls.hand_total(g) for g in groups)
            if policy.take_open == "never" and obs.can_draw:
                assert action.take is None
            if policy.take_open == "at_most" and action.take is not None:
                assert ls.card_value(action.take) <= policy.take_max


@pytest.mark.parametrize("policy", [tlp.Policy(), tlp.Policy(twos="early", bombs="early", break_sequences=True),
                                    tlp.Policy(twos="last", lead="low"), tlp.Policy(lead="high")])
def test_tienlen_policy_bot_plays_its_settings(policy):
    bot = tlp.PolicyBot(policy)
    for seed in range(3):
        for obs, action in every_decision(tl.new_game(tl.Rules(target=5), seed), [bot] + [tl.BOTS["greedy"]] * 3):
            if action is tl.PASS or len(action) == len(obs.hand):
                continue
            others = [n for q, n in enumerate(obs.hand_sizes) if q != obs.player and n > 0]
            pressed = min(others) <= 3
            if action.key.rank == 2 and not action.is_bomb:
                if policy.twos == "when_needed" and obs.table is not None:
                    assert pressed or len(obs.hand) <= 4
                if policy.twos == "last" and obs.table is not None:
                    pytest.fail("a 2 was spent though the policy keeps them to the last")
            if obs.table is None and policy.lead == "low":
                plain = [c for c in obs.legal_actions if not c.is_bomb and c.key.rank != 2]
                if plain:
                    assert action.top == min(c.top for c in plain)


def test_policies_refuse_unknown_settings_in_words():
    with pytest.raises(OptionError, match="declare_at is a total from 0 to"):
        lsp.Policy(declare_at=99)
    with pytest.raises(OptionError, match="discard is one of"):
        lsp.Policy(discard="lowest")
    with pytest.raises(OptionError, match="lead is one of"):
        tlp.Policy(lead="middle")
    with pytest.raises(OptionError, match="plays a least_score Policy"):
        lsp.PolicyBot(tlp.Policy())


def test_policy_bots_pickle_for_the_process_pool():
    for module, game in ((lsp, ls), (tlp, tl)):
        bot = module.PolicyBot(module.Policy())
        copy = pickle.loads(pickle.dumps(bot))
        assert copy.policy == bot.policy and copy.__name__ == bot.__name__
        state = game.new_game(seed=4)
        obs = state.observation(state.current_player())
        assert copy(obs, random.Random(1)) == bot(obs, random.Random(1))


def test_builder_runs_compares_and_says_what_the_intervals_show():
    builder = StrategyBuilder("least_score", matches=100, seed=3, workers=0, run="")
    assert builder.results == [] and "no run yet" in repr(builder)
    builder.sides["A"].declare_at.value = 7
    run = builder.run("A")
    assert run.label == "declare ≤7, most points, take below deck" and run.matches == 100
    assert builder.progress.value == builder.progress.max == 100
    assert "A fair share is 25.0%" in builder.verdict.value
    a, b = builder.compare()
    assert (a.slot, b.slot) == ("A", "B") and a.seed == b.seed == 3
    overlap = a.win_low <= b.win_high and b.win_low <= a.win_high
    text = builder.verdict_text([a, b])
    assert ("intervals overlap" in text) == overlap and ("do not overlap" in text) == (not overlap)
    assert len(builder.results) == 3 and "<img" in builder.picture.value and "run 3" in builder.figures()
    assert builder.figures()["run 1"]["policy"]["declare_at"] == 7


def test_builder_opponents_and_errors():
    builder = StrategyBuilder("tienlen", matches=100, workers=0, run="", opponents="random")
    run = builder.run("B")
    assert run.opponents == "random" and OPPONENTS[run.opponents] == ("random",) * 3 and "three random bots" in run.text()
    assert "2s early" in run.label
    with pytest.raises(CardkitError, match="slot is 'A' or 'B'"):
        builder.run("C")
    with pytest.raises(CardkitError, match="game is 'least_score' or 'tienlen'"):
        StrategyBuilder("poker", run="")
    with pytest.raises(CardkitError, match="matches is one of"):
        StrategyBuilder("tienlen", matches=7, run="")


def test_policy_settings_are_ids_and_their_words_come_from_the_catalogue():
    from cardkit.i18n import Message, render

    for table in (lsp.DISCARDS, lsp.TAKES, tlp.SPEND, tlp.LEADS):
        for key, words in table.items():
            assert key.isidentifier() and key == key.lower()          # an id, not words
            assert isinstance(words, Message) and render(words, "en-XA").startswith("⟦")
    assert lsp.Policy(discard="most cards").discard == "most_cards"   # the older spelling is read
    pseudo = render(lsp.Policy().label_message(), "en-XA")
    assert "⟦" in pseudo and "most_points" not in pseudo
    assert tlp.Policy().label() == "2s when needed, bombs when needed, keep sequences, lead most cards"


def test_the_builder_s_words_come_from_the_catalogue():
    from cardkit.i18n import PSEUDO, use_locale

    with use_locale(PSEUDO):
        builder = StrategyBuilder("least_score", matches=100, workers=0, run="")
        assert builder.compare_button.description.startswith("⟦")
        assert all(label.startswith("⟦") for label, _id in builder.opponents.options)
        assert repr(builder).startswith("⟦")
        run = builder.run("A")
        assert "declare" not in run.text()          # the label, too, is catalogue words
    assert "declare" in run.text() and run.text() == str(run.message())
    assert [v for _label, v in builder.opponents.options] == list(OPPONENTS)
