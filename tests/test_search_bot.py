"""The IS-MCTS search bot (OpenSpiel's IS-MCTS as a cardkit bot): positions rebuilt
from an observation are consistent with it, the bot picks legal actions from
observations only, reproducibly, is known to the tournament runner by name, and
searching beats playing at random."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardkit.cards import set_bits
from cardkit import least_score as ls
from cardkit import tienlen as tl
from cardkit.adapters import least_score_round as lsr
from cardkit.adapters import tienlen_deal as tld
from cardkit.adapters.search import SearchBot, core_from_observation, ismcts_bot, named_bot
from cardkit.play import play_out
from cardkit.tournament import tournament

LS_RULES = [ls.Rules(), ls.Rules(players=2), ls.Rules(players=6, runs_one_suit=True, first_open_card=False),
            ls.Rules(players=3, threshold=25, match_end="last_standing")]
TL_RULES = [tl.Rules(), tl.Rules(players=2), tl.Rules(players=3, passed_players_may_rejoin=True)]


def _positions(module, rules, seeds=range(5), steps=(0, 3, 17, 41, 90)):
    """Match states reached by a mix of our bots (later rounds and games included)."""
    bots = [module.BOTS["strong"], module.BOTS["greedy"], module.BOTS["random"]]
    for seed in seeds:
        rng = random.Random(seed)
        state = module.new_game(rules, seed=seed)
        done = 0
        for k in steps:
            while done < k and not state.is_terminal():
                p = state.current_player()
                state.apply_action(rng.choice(bots)(state.observation(p), rng))
                done += 1
            if not state.is_terminal():
                yield state


def _taken_and_kept(obs) -> dict:
    """The open cards each other player took this round and has not discarded since."""
    held: dict = {q: set() for q in range(len(obs.hand_sizes)) if q != obs.player}
    for turn in obs.turns:
        if turn.player != obs.player:
            held[turn.player] -= set(turn.discarded)
            if turn.took is not None:
                held[turn.player].add(turn.took)
    return held


def _ls_spelt(core) -> list:
    return sorted(str(lsr.engine_action(t)) for t in core.whole_actions())


@pytest.mark.parametrize("rules", LS_RULES, ids=["ls4", "ls2", "ls6", "ls3-last-standing"])
def test_a_least_score_position_rebuilt_from_an_observation_is_consistent_with_it(rules):
    for state in _positions(ls, rules):
        p = state.current_player()
        obs = state.observation(p)
        worlds = [core_from_observation(obs, random.Random(s)) for s in range(4)]
        for core in worlds:
            assert core.hand(p) == sorted(obs.hand, key=lambda c: c.index)
            assert [c.bit_count() for c in core.hands] == list(obs.hand_sizes)
            assert core.deck.bit_count() == obs.deck_size
            cards = [c for q in range(rules.players) for c in core.hand(q)] + \
                [lsr._CARD[c] for c in set_bits(core.deck | core.dead)] + [lsr._CARD[c] for c in core.open]
            assert len(cards) == len(set(cards)) == 52  # every card in exactly one place
            for q, held in _taken_and_kept(obs).items():
                assert held <= set(core.hand(q))  # open cards a player took are still theirs
            assert _ls_spelt(core) == sorted(str(a) for a in obs.legal_actions)
        views = {lsr.LeastScoreObserver(rules.players).string_from(core, p) for core in worlds}
        assert len(views) == 1  # the player cannot tell these worlds apart
        others = {tuple(map(str, core.hand(q))) for core in worlds for q in range(rules.players) if q != p}
        assert len(others) > 1 or not any(obs.hand_sizes[q] for q in range(rules.players) if q != p)


@pytest.mark.parametrize("rules", TL_RULES, ids=["tl4", "tl2", "tl3-rejoin"])
def test_a_tienlen_position_rebuilt_from_an_observation_is_consistent_with_it(rules):
    later_games = 0
    for state in _positions(tl, dataclasses.replace(rules, target=6), steps=(0, 5, 30, 80, 160, 260)):
        p = state.current_player()
        obs = state.observation(p)
        later_games += obs.round_number > 1
        worlds = [core_from_observation(obs, random.Random(s)) for s in range(4)]
        for core in worlds:
            assert core.hand(p) == list(obs.hand)
            assert [core.hand_mask(q).bit_count() for q in range(rules.players)] == list(obs.hand_sizes)
            assert core.current_player() == p and core.engine.table == obs.table
            assert core.engine.passed() == obs.passed
            spelt = sorted(str(tld.submoves(a)) for a in obs.legal_actions)
            assert spelt == sorted(str(tld.submoves(a)) for a in core.engine.legal_actions())
            for q in range(rules.players):  # nobody was dealt an instant win: the game is on
                assert tl.instant_win([tld._CARD[k] for k in set_bits(core.dealt[q])]) is None
        views = {tld.TienLenObserver(rules.players).string_from(core, p) for core in worlds}
        assert len(views) == 1
    assert later_games  # positions in the later games of a match (led freely) were checked


@pytest.mark.parametrize("module, rules", [(ls, r) for r in LS_RULES[:3]] + [(tl, r) for r in TL_RULES])
def test_the_search_bot_picks_a_legal_action_from_the_observation(module, rules):
    game = "least_score" if module is ls else "tienlen"
    bot = ismcts_bot(game, simulations=12)
    for state in _positions(module, rules, seeds=range(3), steps=(0, 9, 40)):
        p = state.current_player()
        obs = state.observation(p)
        action = bot(obs, random.Random(1))
        assert action in obs.legal_actions
        assert state.why_illegal_action(action) is None
        assert bot(obs, random.Random(1)) == action  # the same generator, the same choice
    assert bot.searches > 0


def test_a_seeded_match_with_the_search_bot_is_replayed_exactly():
    rules = tl.Rules(target=4)
    line_up = [ismcts_bot("tienlen", simulations=10), tl.strong_bot, tl.greedy_bot, tl.random_bot]
    a = play_out(tl.new_game(rules, seed=8), line_up, seed=8)
    b = play_out(tl.new_game(rules, seed=8), line_up, seed=8)
    assert [r.scores for r in a.round_results] == [r.scores for r in b.round_results]
    assert [r.history for r in a.round_results] == [r.history for r in b.round_results]


def test_the_search_bot_refuses_to_act_out_of_turn_and_checks_its_settings():
    state = ls.new_game(seed=5)
    obs = state.observation((state.current_player() + 1) % 4)
    with pytest.raises(ValueError, match="no legal action now"):
        ismcts_bot("least_score")(obs, random.Random(0))
    with pytest.raises(ValueError, match="simulations"):
        ismcts_bot("tienlen", simulations=0)
    with pytest.raises(ValueError, match="unknown game"):
        SearchBot("poker")


def test_the_tournament_runner_knows_the_search_bot_by_name():
    result = tournament("tienlen", ["ismcts-6", "strong", "greedy", "random"], matches=4, seed=2,
                        rules=tl.Rules(target=3), workers=0, progress=False)
    assert [row.bot for row in result.table()] == ["ismcts-6", "strong", "greedy", "random"]
    assert sum(row.seats_played for row in result.table()) == 16
    assert named_bot("least_score", "ismcts").simulations == 200
    with pytest.raises(ValueError, match="'ismcts' or 'ismcts-N'"):
        tournament("least_score", ["ismcts-lots", "strong"], matches=1, workers=0, progress=False)


def test_searching_beats_playing_at_random():
    # Tiến Lên for two: IS-MCTS with 40 simulations against a random player, 16 deals
    # with the seats swapped every deal.  Searching should win most of them.
    bot = ismcts_bot("tienlen", simulations=40)
    wins = 0
    for deal in range(16):
        state = tl.new_game(tl.Rules(players=2, target=1), seed=100 + deal)
        seats = [bot, tl.random_bot] if deal % 2 == 0 else [tl.random_bot, bot]
        play_out(state, seats, seed=deal)
        wins += state.winner == deal % 2
    assert wins >= 12


def test_playouts_play_legal_turns_to_the_end_of_the_deal():
    rng = random.Random(4)
    for seed in range(30):
        core = lsr.LeastScoreRound(ls.Rules(players=2 + seed % 5), max_turns=40)
        while core.is_chance_node():
            core.apply_action(rng.choice(core.legal_actions()))
        while not core.is_terminal():
            if core.is_chance_node():
                core.apply_action(rng.choice(core.legal_actions()))
                continue
            turn = core.greedy_turn()
            assert turn in core.whole_actions()
            for a in turn:
                if core.is_chance_node():
                    core.apply_action(rng.choice(core.legal_actions()))
                core.apply_action(a)
        deal = tld.TienLenDeal(tl.Rules(players=2 + seed % 3))
        for policy in ("random", "greedy"):
            returns = deal.clone().rollout(random.Random(seed), policy)
            assert sorted(returns) in ([float(k) for k in range(deal.num_players)],
                                       [0.0] * (deal.num_players - 1) + [deal.num_players - 1.0])
        for policy in ("random", "greedy"):
            returns = lsr.LeastScoreRound(ls.Rules()).rollout(random.Random(seed), policy)
            assert max(returns) == 0.0


def test_greedy_playouts_are_named_and_checked():
    bot = named_bot("tienlen", "ismcts-greedy-30")
    assert (bot.simulations, bot.playout, bot.__name__) == (30, "greedy", "ismcts-greedy-30")
    assert named_bot("least_score", "ismcts-greedy").simulations == 200
    assert ismcts_bot("least_score", 5, playout="greedy").__name__ == "ismcts-greedy-5"
    with pytest.raises(ValueError, match="playout"):
        ismcts_bot("tienlen", playout="clever")
    state = tl.new_game(seed=3)
    obs = state.observation(state.current_player())
    assert bot(obs, random.Random(0)) in obs.legal_actions
