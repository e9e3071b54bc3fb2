"""The coach (engine: cardkit/*/coach.py; tables in coach mode) and the tables' hints,
deal controls and log, as a new learner meets them."""

from __future__ import annotations

import itertools
import random

import pytest

from cardkit import cards_text
from cardkit import least_score as ls
from cardkit import tienlen as tl
from cardkit.least_score import coach as ls_coach
from cardkit.tienlen import coach as tl_coach
from cardkit.widgets import LeastScoreTable, TienLenTable
from cardkit.widgets.checkers import LeastScoreChecker
from cardkit.i18n import load_texts
from cardkit.i18n.define import REGISTRY


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


def newcomer(rng):
    """A learner who does not always follow the coach: half the time the strong bot's
    move, else any legal move (so the positions are not only the strong bot's)."""
    def play(obs, _rng):
        return rng.choice(obs.legal_actions) if rng.random() < 0.5 else ls_or_tl_strong(obs)
    return play


def ls_or_tl_strong(obs):
    return (tl.BOTS if isinstance(obs, tl.Observation) else ls.BOTS)["strong"](obs, None)


def positions(game, seeds, per_seed=40):
    """Seat 0's observations before its turns, over seeded matches where seat 0 is a
    newcomer and the others a mix of bots."""
    for seed in seeds:
        rng = random.Random(seed)
        if game == "tl":
            state = tl.new_game(seed=seed)
            bots = [newcomer(rng), tl.BOTS["greedy"], tl.BOTS["strong"], tl.BOTS["random"]]
        else:
            state = ls.new_game(ls.Rules(players=3), seed=seed)
            bots = [newcomer(rng), ls.BOTS["greedy"], ls.BOTS["strong"]]
        yield from itertools.islice(learner_turns(state, bots), per_seed)


load_texts()
TL_REASONS = {c for c in REGISTRY if c.startswith("coach.tl.why.")}
LS_REASONS = {c for c in REGISTRY if c.startswith("coach.ls.why.")}


def test_tienlen_coach_plays_the_strong_bots_move_with_a_reason_on_hundreds_of_positions():
    seen, codes = 0, set()
    for obs in positions("tl", range(12)):
        tip = tl_coach.coach(obs)
        assert tip.action == tl.BOTS["strong"](obs, None)
        assert tip.action in obs.legal_actions
        assert tip.reason.code in TL_REASONS
        codes.add(tip.reason.code)
        text = " ".join(str(m) for m in tip.lines())
        assert "{" not in text and "Why: " in text
        if tip.action is not tl.PASS:
            assert str(tip.action) in text
        seen += 1
    assert seen >= 300
    assert {"coach.tl.why.lead_longest", "coach.tl.why.spare", "coach.tl.why.nothing_beats"} <= codes


def test_least_score_coach_plays_the_strong_bots_move_and_names_its_take():
    seen, codes = 0, set()
    for obs in positions("ls", range(16)):
        tip = ls_coach.coach(obs)
        move = ls.BOTS["strong"](obs, None)
        assert tip.action == move and tip.action in obs.legal_actions
        assert ls_coach.take_pick(obs) == (move.take if isinstance(move, ls.Discard) else None) == tip.take
        assert tip.discard_reason.code in LS_REASONS
        codes.add(tip.discard_reason.code)
        text = " ".join(str(m) for m in tip.lines())
        assert "{" not in text
        if isinstance(move, ls.Discard):
            assert tip.take_reason.code in LS_REASONS
            assert cards_text(ls.display_order(move.cards)) in text
            assert (str(move.take) if move.take is not None else "Then draw from the deck") in text
        seen += 1
    assert seen >= 300
    assert {"coach.ls.why.most_points", "coach.ls.why.declare_odds"} <= codes


def test_tienlen_coach_keeps_a_double_sequence_bomb_together():
    # the position of issue 18: a single on the table, J-J Q-Q K-K in hand, nothing else beats it
    hands = ["JC JH QS QC KS KH 4S 4C 4H 8D 8H 5S 5C", "10D 3C 3H 3S", "6D 7D", "9C 9S"]
    state = tl.TienLenState.from_hands(hands, leader=1)
    state.apply_action(tl.classify("10D"), 1)
    for p in (2, 3):
        state.apply_action(tl.PASS, p)
    tip = tl_coach.coach(state.observation(0))
    assert tip.action is tl.PASS
    assert tip.reason.code == "coach.tl.why.keep_bomb"
    assert str(tip.pick) == "Pass. Why: keep J♣ J♥ Q♠ Q♣ K♠ K♥ together: it is a bomb."


def test_tienlen_coach_leads_the_longest_combination():
    hands = ["3S 4H 5D 6C 9C 9D KS", "3C 8H", "6D 7D", "9S 10S"]
    state = tl.TienLenState.from_hands(hands, leader=0)
    tip = tl_coach.coach(state.observation(0))
    assert str(tip.action) == "3♠ 4♥ 5♦ 6♣" and tip.reason.code == "coach.tl.why.lead_longest"


def test_least_score_advice_says_why_not_declare_only_when_it_is_close():
    for obs in positions("ls", range(4)):
        tip = ls_coach.coach(obs)
        if tip.declare_note is not None:
            assert obs.can_declare and tip.declare_note.code == "coach.ls.why.not_declare"
        if not obs.can_declare:
            assert tip.declare_note is None


def test_least_score_explains_a_take_and_a_draw():
    state = ls.new_game(ls.Rules(players=3), seed=2)
    obs = state.observation(0)
    group = max(ls.legal_discards(obs.hand), key=ls.hand_total)
    take = ls.Discard(group, take=obs.open_cards[0])
    msg = ls_coach.explain(obs, 0, take, you=0)
    assert msg.code == "coach.ls.did_take" and str(msg).startswith("You discarded") and str(obs.open_cards[0]) in str(msg)
    text = str(ls_coach.explain(obs, 0, ls.Discard(group, None)))
    assert text.startswith("Player 0 discarded") and text.endswith("and drew.")


def test_tienlen_advice_when_nothing_beats_and_when_something_does():
    state = tl.new_game(seed=5)
    nothing = something = 0
    for obs in learner_turns(state, [tl.BOTS["greedy"]] * 4):
        tip = tl_coach.coach(obs)
        plays = [a for a in obs.legal_actions if a is not tl.PASS]
        if obs.table is not None and not plays:
            nothing += 1
            assert tip.reason.code == "coach.tl.why.nothing_beats" and tip.action is tl.PASS
        elif obs.table is not None:
            something += 1
            assert tip.situation.code in ("coach.tl.to_beat", "coach.tl.to_beat_two")
            assert str(obs.table) in str(tip.situation)
            # the table's status says what is to beat; the coach adds it only for 2s (a bomb may chop them)
            assert (tip.situation in tip.lines()) == (tip.situation.code == "coach.tl.to_beat_two")
        else:
            assert tip.situation is None
    assert nothing and something


def test_tienlen_explains_who_leads_after_a_player_goes_out_on_an_unbeaten_play():
    # Player 0 goes out with a play nobody beats; the next player with cards leads
    hands = ["3S", "4S 5S", "6S 7S", "8S 9S"]
    state = tl.TienLenState.from_hands(hands)
    before = state.observation(0)
    state.apply_action(tl.classify("3S"), 0)
    after = state.observation(1)
    told = tl_coach.explain(before, 0, tl.classify("3S"), after)
    assert told.then.code == "coach.tl.went_out" and str(told.then).endswith("Player 0 goes out 1st.")
    for p in (1, 2, 3):
        if state.current_player() != p:
            break
        b = state.observation(p)
        state.apply_action(tl.PASS, p)
        told = tl_coach.explain(b, p, tl.PASS, state.observation(p))
    assert told.then.code == "coach.tl.clears_gone"
    assert str(told.then).endswith("Player 1, next with cards, leads.")


# --- tables in coach mode ------------------------------------------------------------------

def test_coach_mode_speaks_before_the_learners_turn_and_can_be_switched_off():
    table = LeastScoreTable(opponents=2, seed="K7Q-29X", delay=0, coach=True)
    assert "Your turn:" in table.coach_text and "Discard " in table.coach_text
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


def test_tienlen_status_leaves_the_play_to_beat_to_the_coachs_box():
    """Issue 18: with the coach on, its box has just told the play to beat (its last line) and
    the log reads it out to screen readers, so the status does not say it a second time."""
    from cardkit.tienlen import Rules
    table = TienLenTable(level="greedy", rules=Rules(target=3), seed="TEN-M1N", delay=0, coach=True)
    obs = table.state.observation(0)
    assert obs.table is not None and table.state.current_player() == 0
    assert table.status.text == "Your turn: beat the last play, or pass.", table.status.text
    last = str(table.coach_text).split("Your turn:")[0].strip().splitlines()[-1]
    assert str(obs.table) in last, table.coach_text
    table.coach = False
    table._draw()
    assert table.status.text.startswith("Your turn: beat Player ") and str(obs.table) in table.status.text


# --- newcomer trial (issue 18): words that fit what the table shows ---------------------------

def test_tienlen_coach_names_every_player_with_the_fewest_cards():
    # two opponents with 3 cards each: both are named, not one of them
    state = tl.TienLenState.from_hands(["5S 6H 7D 9C KS", "3C 3D 5C", "4D 4H 8C", "8S 9S 10S JS"], leader=0)
    tip = tl_coach.coach(state.observation(0))
    assert tip.warning.code == "coach.tl.nearly_out_many"
    assert str(tip.warning) == "Careful: Player 1 and Player 2 each have 3 cards left."
    # the reason itself names them when they hold one card each
    state = tl.TienLenState.from_hands(["5S 6H 7D 9C KS", "3C", "4D", "8S 9S 10S JS"], leader=0)
    tip = tl_coach.coach(state.observation(0))
    assert tip.reason.code == "coach.tl.why.one_card_multi_many"
    assert str(tip.reason).startswith("Player 1 and Player 2 each hold one card")
    # one such player: named alone, as before
    state = tl.TienLenState.from_hands(["5S 6H 7D 9C KS", "3C", "4D 4H", "8S 9S 10S JS"], leader=0)
    tip = tl_coach.coach(state.observation(0))
    assert tip.reason.code == "coach.tl.why.one_card_multi" and str(tip.reason).startswith("Player 1 holds one card")


def test_least_score_coach_says_the_open_card_when_there_is_one():
    from cardkit import parse_cards
    from cardkit.cards import Card

    hands = ["KS QC 9H 7D 8C", "AS 2D 3C 4H 5S", "AH 2H 3D 4C 6S"]
    used = set(parse_cards(" ".join(hands + ["9D"])))
    deck = [Card.from_index(i) for i in range(52) if Card.from_index(i) not in used]
    state = ls.LeastScoreState.from_hands(hands, open_cards="9D", deck=deck, first_player=0)
    tip = ls_coach.coach(state.observation(0))
    assert tip.take is None and tip.take_reason.code == "coach.ls.why.draw"
    assert str(tip.take_reason).endswith("less than the open card")


def test_the_coach_box_does_not_repeat_its_title_on_every_line():
    for table in (LeastScoreTable(opponents=2, seed="K7Q-29X", delay=0, coach=True),
                  TienLenTable(seed="TEN-M1N", delay=0, coach=True)):
        lines = [str(m) for kind, m in table.match.coach_lines()]
        assert lines and not any(line.startswith("Coach") for line in lines), lines


def test_tienlen_coach_does_not_ask_for_a_higher_2_than_the_2_of_hearts():
    # second newcomer trial: "To beat: 2♥. Play a higher single, a bomb, or pass."
    hands = ["3S 4C 5D 6H 9C", "2H 3C", "6D 7D", "9S 10S"]
    state = tl.TienLenState.from_hands(hands, leader=1)
    state.apply_action(tl.classify("2H"), 1)
    tip = tl_coach.coach(state.observation(2))
    assert tip.situation.code == "coach.tl.to_beat_top_two"
    assert "higher single" not in str(tip.situation) and "only a bomb beats it" in str(tip.situation)
    assert tip.situation in tip.lines()
    state = tl.TienLenState.from_hands(["3S 4C 5D 6H 9C", "2D 3C", "6D 7D", "9S 10S"], leader=1)
    state.apply_action(tl.classify("2D"), 1)
    assert tl_coach.coach(state.observation(2)).situation.code == "coach.tl.to_beat_two"   # 2♥ is still higher


def test_tienlen_coach_does_not_warn_about_others_when_the_learner_goes_out_now():
    state = tl.TienLenState.from_hands(["3S 4C 5D 6H", "3C 7S 8S", "6D 7D 9H", "9S 10S 10H"], leader=0)
    tip = tl_coach.coach(state.observation(0))
    assert tip.reason.code == "coach.tl.why.go_out" and tip.warning is None


def test_a_single_is_played_without_saying_single_again():
    state = tl.TienLenState.from_hands(["3S 4C 5D 6H", "3C 7S 8S", "6D 7D 9H", "9S 10S 10H"], leader=1)
    state.apply_action(tl.classify("7S"), 1)
    line = str(state.events[-1].message)
    assert line == "Player 1 plays 7♠.", line
