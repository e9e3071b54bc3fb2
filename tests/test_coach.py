"""The coach (engine: cardkit/*/coach.py; tables in coach mode) and the tables' hints,
deal controls and log, as a new learner meets them."""

from __future__ import annotations

import random

import pytest

from cardkit import least_score as ls
from cardkit import tienlen as tl
from cardkit.least_score import coach as ls_coach
from cardkit.tienlen import coach as tl_coach
from cardkit.widgets import LeastScoreTable, TienLenTable
from cardkit.widgets.checkers import LeastScoreChecker


# --- the engine's coach --------------------------------------------------------------------

def learner_turns(state, bots, limit=400):
    """Play bots for every seat, yielding seat 0's observation before each of its turns."""
    rng = random.Random(3)
    for _ in range(limit):
        if state.is_terminal():
            return
        p = state.current_player()
        obs = state.observation(p)
        if p == 0:
            yield obs
        state.apply_action(bots[p](obs, rng), p)


def test_least_score_advice_names_the_legal_groups_and_the_declare_rule():
    state = ls.new_game(ls.Rules(players=3), seed=11)
    seen_not_yet = seen_may = 0
    for obs in learner_turns(state, [ls.BOTS["greedy"]] * 3):
        text = "\n".join(ls_coach.advice(obs))
        best = max(ls.hand_total(g) for g in ls.legal_discards(obs.hand))
        assert f"({best} point" in text.split("Best discard:")[1].split(";")[0]
        assert f"Your total: {obs.hand_total}." in text
        if obs.can_declare:
            seen_may += 1
            assert "Declare: you may" in text or "Declare: yes" in text
        else:
            seen_not_yet += 1
            assert obs.why_not_declare.split(":")[0] in text
        move = ls_coach.suggestion(obs)
        assert move in obs.legal_actions
        if len(obs.turns) > 30:
            break
    assert seen_not_yet and seen_may


def test_least_score_explains_a_take_and_a_draw():
    state = ls.new_game(ls.Rules(players=3), seed=2)
    obs = state.observation(0)
    group = max(ls.legal_discards(obs.hand), key=ls.hand_total)
    take = ls.Discard(group, take=obs.open_cards[0])
    text = ls_coach.explain_move(obs, 0, take, you=0)
    assert text.startswith("You discarded") and str(obs.open_cards[0]) in text
    text = ls_coach.explain_move(obs, 0, ls.Discard(group, None))
    assert text.startswith("Player 0 discarded") and "drew from the deck" in text


def test_tienlen_advice_when_nothing_beats_and_when_something_does():
    state = tl.new_game(seed=5)
    nothing = something = 0
    for obs in learner_turns(state, [tl.BOTS["greedy"]] * 4):
        text = "\n".join(tl_coach.advice(obs))
        plays = [a for a in obs.legal_actions if a is not tl.PASS]
        if obs.table is not None and not plays:
            nothing += 1
            assert "Nothing you hold beats this — press Pass" in text
        elif obs.table is not None:
            something += 1
            assert "You can beat it: lowest" in text or "2s and bombs that beat it" in text
            assert any(str(c) in text for c in plays)
        else:
            assert text.startswith("You lead")
    assert nothing and something


def test_tienlen_explains_who_leads_after_a_player_goes_out_on_an_unbeaten_play():
    # Player 0 goes out with a play nobody beats; the next player with cards leads
    hands = ["3S", "4S 5S", "6S 7S", "8S 9S"]
    state = tl.TienLenState.from_hands(hands)
    before = state.observation(0)
    state.apply_action(tl.classify("3S"), 0)
    after = state.observation(1)
    assert "goes out 1st" in tl_coach.explain_move(before, 0, tl.classify("3S"), after)
    for p in (1, 2, 3):
        if state.current_player() != p:
            break
        b = state.observation(p)
        state.apply_action(tl.PASS, p)
        text = tl_coach.explain_move(b, p, tl.PASS, state.observation(p))
    assert "gone out" in text and "Player 1, next in turn with cards, leads" in text


# --- tables in coach mode ------------------------------------------------------------------

def test_coach_mode_speaks_before_the_learners_turn_and_can_be_switched_off():
    table = LeastScoreTable(opponents=2, seed="K7Q-29X", delay=0, coach=True)
    assert "Your turn:" in table.coach_text and "Your total:" in table.coach_text
    assert table.coach_box.layout.display != "none"
    group = max(ls.legal_discards(table.state.hand(0)), key=ls.hand_total)
    assert table.discard(group, None)
    text = table.coach_text
    assert text.index("What just happened:") < text.index("Player 1 discarded") < text.index("Your turn:")
    assert "You discarded" not in text          # the learner knows their own move
    table.coach = False
    assert table.coach_text == "" and table.coach_box.layout.display == "none"
    table.coach = True
    assert "Your turn:" in table.coach_text


def play_tienlen_by_the_coach(table: TienLenTable, limit: int = 2000):
    """The learner follows the coach's suggestion every turn, to the end of the match."""
    for _ in range(limit):
        st = table.state
        if table.pending is not None:
            table.next_round()
            continue
        if st.is_terminal():
            return
        move = tl_coach.suggestion(st.observation(0))
        assert (table.pass_() if move is tl.PASS else table.play(move.cards))


def test_tienlen_table_coach_and_log_tell_every_move_of_a_whole_match():
    table = TienLenTable(seed="9BK-C52", delay=0, coach=True, rules=tl.Rules(target=5))
    play_tienlen_by_the_coach(table)
    # the log, read after every move, numbered every event of the match once
    assert table.event_log._total == len(table.state.events)
    assert [str(x) for x in table.event_log.lines] == [e.text for e in table.state.events][-table.event_log.max_lines:]


def test_tienlen_hint_says_press_pass_when_nothing_beats():
    table = TienLenTable(seed=5, delay=0)
    for _ in range(500):
        st = table.state
        if table.pending is not None:
            table.next_round()
            continue
        obs = st.observation(0)
        plays = [a for a in obs.legal_actions if a is not tl.PASS]
        if obs.table is not None and not plays:
            table.show_legal()
            assert "Nothing you hold beats this — press Pass" in table.hint_list.value
            return
        move = tl_coach.suggestion(obs)
        table.pass_() if move is tl.PASS else table.play(move.cards)
    pytest.fail("no position where nothing beats the table")


def test_least_score_hint_lists_the_groups_as_the_checker_does():
    table = LeastScoreTable(opponents=2, seed="K7Q-29X", delay=0)
    table.show_legal()
    checker = LeastScoreChecker(table.state.hand(0))
    checker.show_all()
    assert table.hint_list.value == checker.listing.value and "Runs of three" in table.hint_list.value
    table.show_legal(False)
    assert table.hint_list.value == ""


def test_play_this_deal_uses_the_settings_the_menus_show():
    table = LeastScoreTable(opponents=3, seed="K7Q-29X", delay=0)
    table.opponents_choice.value = 1
    table.level_choice.value = "random"
    assert table.start_deal("ACE-123")
    assert table.state.num_players == 2 and [name for name, _ in table.bots] == ["random"]
    tl_table = TienLenTable(seed=1, delay=0)
    tl_table.target_choice.value = 5
    assert tl_table.start_deal("ACE-123") and tl_table.state.rules.target == 5


def test_log_numbering_starts_again_in_a_new_match():
    table = LeastScoreTable(opponents=1, seed="K7Q-29X", delay=0)
    group = ls.legal_discards(table.state.hand(0))[0]
    table.discard(group, None)
    assert table.event_log._total > 2
    table.new_match(seed="ACE-123")
    assert table.event_log._total == len(table.state.events)


def test_least_score_table_log_tells_every_move_of_a_whole_match():
    table = LeastScoreTable(opponents=2, seed="F1R-5T5", delay=0, coach=True, rules=ls.Rules(threshold=25))
    for _ in range(500):
        st = table.state
        if table.pending is not None:
            if not table.next_round():
                break
            continue
        if st.is_terminal():
            break
        move = ls_coach.suggestion(st.observation(0))
        assert table.declare() if move == ls.DECLARE else table.discard(move.cards, move.take)
    assert table.state.is_terminal()
    assert table.event_log._total == len(table.state.events)
    assert list(table.event_log.lines) == [e.text for e in table.state.events][-table.event_log.max_lines:]
