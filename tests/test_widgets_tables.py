"""The game tables, driven from Python the way a learner drives them: choose cards,
press the buttons (``button.click()``), read what the page says."""

import asyncio
from pathlib import Path
import dataclasses

import pytest

from cardkit import Card, CardkitError, deal_code, parse_cards
from cardkit import least_score as ls
from cardkit import tienlen as tl
from cardkit.tables import TienLenMatch
from cardkit.widgets import LeastScoreTable, TienLenTable

C = Card.parse


def click_card(hand, key):
    """Exactly what the browser sends when a card is clicked."""
    hand._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "toggle", "key": key}}},
                      "buffers": []})


def shown(widget):
    return widget.layout.display != "none"


# =====================================================================================
# Least Score
# =====================================================================================

def ls_table(**kw):
    kw.setdefault("seed", 7)
    kw.setdefault("delay", 0)
    return LeastScoreTable(**kw)


def test_ls_first_turn_shows_what_seat_0_may_see():
    t = ls_table()
    st = t.state
    obs = st.observation(0)
    assert st.current_player() == 0 and "Your turn" in t.status.text
    assert t.hand.cards == obs.hand and str(obs.hand_total) in t.hand.caption
    assert t.open_row.cards == obs.open_cards
    assert f"{obs.deck_size} cards" in t.deck_text.value
    assert obs.deck_size > sum(obs.still_in) and "discard pile" not in t.deck_text.value  # shown only when the deck runs low
    # every opponent's hand is face down, with only its size sent to the browser
    for p in range(1, 4):
        h = t.opponent_hands[p - 1]
        assert h.face_down and h.count == obs.hand_sizes[p] and h.cards == ()
        assert h.get_state()["_faces"] == []
    assert all(not shown(h) for h in t.opponent_hands[3:])
    # the deck about to run out: the discard pile's size (shuffled into a new deck) is shown
    t._draw_play(dataclasses.replace(obs, deck_size=2, dead_size=9))
    assert "2 cards" in t.deck_text.value and "discard pile: 9" in t.deck_text.value
    # the take choice: each open card by name, then the deck — words, not colours
    labels = [label for label, _ in t.take_choice.options]
    assert labels[-1].startswith("the top card of the deck")
    assert all(c.label in " ".join(labels) for c in obs.open_cards)
    assert "You (Player 0)" in t.scoreboard.value and "▶ to play" in t.scoreboard.value


def test_ls_declare_is_disabled_with_the_engines_reason():
    t = ls_table()
    reason = t.state.observation(0).why_not_declare
    assert reason
    assert t.declare_button.disabled and reason in t.declare_reason.value
    before = t.state.clone()
    assert t.declare() is False
    assert reason in t.status.text and t.status.kind == "error"
    assert t.state.round_number == before.round_number and t.state.hand(0) == before.hand(0)


def test_ls_illegal_selection_is_explained_and_refused():
    t = ls_table()
    hand = t.state.hand(0)
    # find a group the engine refuses (any 2 cards of different ranks)
    group = next((a, b) for a in hand for b in hand if a.rank != b.rank)
    t.select(group)
    reason = ls.why_illegal(group)
    assert t.verdict.kind == "error" and reason in t.verdict.text
    t.play_button.click()
    assert reason in t.status.text
    assert t.state.hand(0) == hand and t.state.current_player() == 0


def test_ls_nothing_chosen_and_a_bad_take_are_messages():
    t = ls_table()
    assert t.take(None) is False and "Choose the cards" in t.status.text
    t.select(t.state.hand(0)[:1])
    not_open = next(c for c in parse_cards("AS AC AD AH 2S 2C") if c not in t.state.open_cards
                    and c not in t.state.hand(0))
    assert t.take(not_open) is False
    assert "not an open card" in t.status.text
    assert t.take("zz") is False and t.status.kind == "error"


def test_ls_discard_and_take_through_the_buttons():
    t = ls_table()
    st = t.state
    open_card = st.open_cards[0]
    card = st.hand(0)[0]
    click_card(t.hand, card.code)
    assert t.verdict.kind == "success" and "legal discard" in t.verdict.text
    t.take_choice.value = open_card
    t.play_button.click()
    # the bots answered (delay=0): it is our turn again, with the card we took
    assert t.state.current_player() == 0
    assert open_card in t.state.hand(0) and card not in t.state.hand(0)
    assert t.bot_moves == 3
    assert "Your turn" in t.status.text
    assert any("Player 0 discards" in line for line in t.event_log.lines)
    # drawing from the deck: the learner is told which card they took (only they see it)
    before = set(t.state.hand(0))
    assert t.discard(t.state.hand(0)[:1], None)
    drawn = next(c for c in t.state.hand(0) if c not in before)
    assert f"You drew {drawn}." in t.status.text
    assert not any(str(drawn) in line and "takes" in line for line in t.event_log.lines[-4:])
    assert any("Player 3 discards" in line for line in t.event_log.lines)
    assert t.hand.selected == ()


def _play_until_declare_allowed(t):
    while not t.state.observation(0).can_declare:
        assert t.discard(t.state.hand(0)[-1:], None), t.status.text
        if t.pending is not None:   # a bot declared first
            return False
    return True


def test_ls_round_end_shows_every_hand_and_the_scoring():
    for seed in range(20):
        t = ls_table(seed=seed, level="random" if seed % 2 else "greedy")
        if _play_until_declare_allowed(t):
            break
    assert t.state.observation(0).can_declare and not t.declare_button.disabled
    assert t.declare()
    res = t.pending
    assert res is t.state.round_results[0] and res.declarer == 0
    assert shown(t.result_area) and not shown(t.play_area)
    # every hand revealed, with its total worked out
    assert len(t.result_hands.children) == 4
    text = t.result_text.value
    # said in words, not with the scoring lesson's letters D and L (newcomer trial)
    d, low = res.declarer_total, res.lowest_other
    assert "D = " not in text and "L = " not in text and "D is" not in text
    assert f"You declared with {d}, " in text and f"lowest other total is {'also ' if d == low else ''}{low}" in text
    if res.success:
        assert f"{d} &lt; {low}" in text or f"{d} = {low}" in text
    else:
        assert f"20 + ({d} − {low}) = {20 + d - low}" in text
    for p in range(4):
        assert f"{res.running_scores[p] - res.scores[p]} + {res.scores[p]} = {res.running_scores[p]}" in text
    for box in t.result_hands.children:
        row, total = box.children
        assert total.value.count("+") == len(row.cards) - 1
    # the next round waits for the learner
    assert t.take(None) is False and "Next round" in t.status.text
    assert t.state.round_number == 2
    assert not any("Round 2" in line for line in t.event_log.lines)   # not yet shown
    assert t.next_round()
    assert t.pending is None and shown(t.play_area)
    assert any("Round 2" in line for line in t.event_log.lines)
    assert t.next_round() is False and "still being played" in t.status.text


def test_ls_deal_codes():
    t = ls_table(seed="000-007")
    assert t.deal_code == deal_code(7) and "000-007" in t.code_label.value
    other = ls_table(seed=7)
    assert other.state.hand(0) == t.state.hand(0)
    # typed into the box and started with the button
    t.code_box.value = deal_code(12345)
    t.code_button.click()
    assert t.state.seed == 12345 and deal_code(12345) in t.code_label.value
    # a bad code: a plain message, nothing changes
    t.code_box.value = "not a code!"
    t.code_button.click()
    assert t.status.kind == "error" and "not a deal code" in t.status.text
    assert t.state.seed == 12345
    assert t.start_deal("") is False


def test_ls_controls_choose_opponents_and_level():
    t = ls_table()
    t.opponents_choice.value = 1
    t.level_choice.value = "random"
    t.threshold_choice.value = 25
    t.new_button.click()
    assert t.state.num_players == 2 and t.state.rules.threshold == 25
    assert [name for name, _ in t.bots] == ["random"]
    assert shown(t.opponent_hands[0]) and not any(shown(h) for h in t.opponent_hands[1:])
    t.new_match(opponents=7, level="greedy", seed=3)
    assert t.state.num_players == 8 and t.state.seed == 3 and t.opponents_choice.value == 7
    with pytest.raises(CardkitError):
        t.new_match(opponents=8)
    mixed = ls_table(opponents=2, level=["random", "greedy"])
    assert [n for n, _ in mixed.bots] == ["random", "greedy"] and mixed.level_choice.value == "as_given"
    with pytest.raises(CardkitError, match="2 bot levels were given for 3 opponents"):
        ls_table(level=["random", "greedy"])
    with pytest.raises(CardkitError, match="not a Least Score bot level"):
        ls_table(level="genius")
    assert ls_table(rules=ls.Rules(players=3)).state.num_players == 3


def test_ls_a_failing_bot_becomes_a_message_not_a_traceback():
    def broken(obs, rng):
        raise RuntimeError("this bot has a bug")

    t = ls_table(opponents=1, level=[broken])
    t.discard(t.state.hand(0)[:1], None)
    assert t.status.kind == "error" and "this bot has a bug" in t.status.text


def test_ls_clicks_while_a_bot_moves_are_refused():
    async def scenario():
        t = LeastScoreTable(seed=7, delay=0.01)
        assert t.discard(t.state.hand(0)[:1], None)
        assert t.busy and t.state.current_player() != 0
        assert t.take(None) is False and "Wait for your turn" in t.status.text
        assert t.declare() is False
        for _ in range(300):
            if not t.busy:
                break
            await asyncio.sleep(0.01)
        assert not t.busy and t.state.current_player() == 0 and "Your turn" in t.status.text
        assert t.bot_moves == 3

    asyncio.run(scenario())


def test_your_turn_shown_means_your_move_is_taken():
    """A learner clicks as soon as the status says it is their turn: the table must not be
    still "busy" with bots that have no move left (found by the browser test)."""
    async def scenario():
        tables = [LeastScoreTable(seed=7, delay=0.05), TienLenTable(seed=_seed_where_i_hold_3s(), delay=0.05)]
        ls_t, tl_t = tables
        assert ls_t.discard(ls_t.state.hand(0)[:1], None)
        assert tl_t.play(tl_t.state.legal_actions()[0].cards)
        for t in tables:
            for _ in range(400):
                if "Your turn" in t.status.text:
                    break
                await asyncio.sleep(0.005)
            assert "Your turn" in t.status.text and t.state.current_player() == 0
            assert not t.busy, "the status says 'Your turn' while the table still refuses moves"
        assert ls_t.discard(ls_t.state.hand(0)[:1], None), ls_t.status.text
        assert tl_t.pass_(), tl_t.status.text

    asyncio.run(scenario())


def _ls_policy_turn(t):
    """A simple human: declare at a low total, else discard the group worth most."""
    obs = t.state.observation(0)
    if obs.can_declare and obs.hand_total <= 8:
        assert t.declare_button.disabled is False
        t.declare_button.click()
        return
    discards = [a for a in obs.legal_actions if isinstance(a, ls.Discard)]
    best = max(discards, key=lambda a: (ls.hand_total(a.cards), a.take is not None))
    t.select(best.cards)
    t.take_choice.value = best.take if best.take is not None else "deck"
    t.play_button.click()


@pytest.mark.parametrize("level", list(ls.BOTS))
def test_ls_full_match_through_the_table(level):
    t = LeastScoreTable(opponents=3, level=level, rules=ls.Rules(threshold=30), seed=2024, delay=0)
    results_shown = 0
    for _ in range(2000):
        if t.pending is not None:
            results_shown += 1
            assert shown(t.result_area)
            if t.state.is_terminal() and results_shown == len(t.state.round_results):
                break
            t.next_button.click()
            continue
        assert t.state.current_player() == 0, "the table stops only on the learner's turn"
        moves = len(t.state.events)
        _ls_policy_turn(t)
        assert len(t.state.events) > moves, t.status.text
    st = t.state
    assert st.is_terminal() and results_shown == len(st.round_results) >= 1
    assert max(st.returns()) > 30
    winners = st.winners()
    assert "The match is over" in t.status.text and not shown(t.next_button)
    for p in winners:
        assert ("You" if p == 0 else f"Player {p}") in t.status.text
    assert t.take(None) is False and "match is over" in t.status.text
    assert t.next_round() is False
    # "Play again" starts a fresh match with the same settings
    assert shown(t.again_button)
    t.again_button.click()
    assert not t.state.is_terminal() and t.pending is None and t.state.rules.threshold == 30
    assert not shown(t.again_button) or not shown(t.result_area)


# =====================================================================================
# Tiến Lên
# =====================================================================================

def tl_table(**kw):
    kw.setdefault("delay", 0)
    return TienLenTable(**kw)


def _seed_where_i_hold_3s():
    return next(s for s in range(100) if C("3S") in tl.new_game(seed=s).hand(0))


def test_tl_first_turn_and_the_3_of_spades():
    seed = _seed_where_i_hold_3s()
    t = tl_table(seed=seed)
    st = t.state
    assert st.current_player() == 0 and "you lead" in t.status.text
    assert "3♠" in t.table_text.value and "must contain" in t.table_text.value
    assert t.hand.cards == tuple(st.hand(0))
    for p in range(1, 4):
        h = t.opponent_hands[p - 1]
        assert h.face_down and h.count == 13 and h.get_state()["_faces"] == []
    # a play without 3♠: refused in the engine's words
    other = next(c for c in st.hand(0) if c != C("3S"))
    t.select([other])
    assert t.verdict.kind == "error" and "must contain 3♠" in t.verdict.text
    t.play_button.click()
    assert "must contain 3♠" in t.status.text and st.current_player() == 0
    # passing while leading is refused too
    t.pass_button.click()
    assert "cannot pass" in t.status.text and len(st.hand(0)) == 13
    # an illegal selection is explained
    two = [c for c in st.hand(0)][:2]
    if tl.classify(two) is None:
        t.select(two)
        assert tl.why_illegal(two) in t.verdict.text
        assert t.play() is False and tl.why_illegal(two) in t.status.text
    # and 3♠ alone is fine
    t.select(())
    click_card(t.hand, "3S")
    assert t.verdict.kind == "success"
    t.play_button.click()
    assert C("3S") not in t.state.hand(0) and t.bot_moves >= 1
    assert any("Player 0 plays 3♠" in line for line in t.event_log.lines)


def test_tl_not_beating_the_table_is_explained():
    for s in range(200):
        t = tl_table(seed=s)
        st = t.state
        if st.current_player() == 0 and st.table is not None and st.table.kind == "single":
            low = [c for c in st.hand(0) if tl.card_key(c) < tl.card_key(st.table.key)]
            if low:
                break
    t.select(low[:1])
    reason = tl.why_not_beats(low[:1], st.table)
    assert t.verdict.kind == "error" and reason in t.verdict.text
    assert t.play() is False and reason in t.status.text
    assert t.pass_() is True


def _chop_table(monkeypatch):
    """A table whose first game is set up so the learner can chop a 2."""
    hands = ["4S 4C 4D 4H 5S", "2H 3C", "7S", "8S"]

    def make_state(self, seed):
        self.bots = [("greedy", tl.greedy_bot)] * 3
        return tl.TienLenState.from_hands(hands, rules=tl.Rules(target=3), seed=seed, leader=0)

    monkeypatch.setattr(TienLenMatch, "make_state", make_state)
    return tl_table(seed=1)


def test_tl_bombs_and_chops_are_announced(monkeypatch):
    t = _chop_table(monkeypatch)
    assert t.play("5S")
    # Player 1 beat it with 2♥; the others passed
    assert t.state.table == tl.classify("2H") and t.state.current_player() == 0
    # on the learner's turn the status says what to beat; the text under the table does not repeat it
    assert "beat Player 1's single 2♥, or pass" in t.status.text and "2♥" not in t.table_text.value
    assert "passed" in t.scoreboard.value
    t.select("4S 4C 4D 4H")
    assert "A chop!" in t.verdict.text
    t.play_button.click()
    assert t.alert.text.startswith("Chop!") and "2♥" in t.alert.text
    assert any(e.kind == "chop" for e in t.state.events), t.event_log.lines


def test_tl_game_end_shows_order_points_and_next_lead(monkeypatch):
    t = _chop_table(monkeypatch)
    t.play("5S")
    t.play("4S 4C 4D 4H")     # the learner goes out first
    res = t.pending
    assert res is not None and res.finishing_order[0] == 0
    text = t.result_text.value
    assert "1st: You — 3 points" in text and "− k" not in text and "4 − 1" not in text   # no unexplained formula
    assert "The match is over: you win" in t.status.text and "The match is over" not in text
    assert not shown(t.next_button) and shown(t.again_button)
    assert t.play() is False and "match is over" in t.status.text


def test_tl_deal_codes_and_controls():
    t = tl_table(seed="000-00A")
    assert t.deal_code == "000-00A" and t.state.seed == 10
    assert tl_table(seed=10).state.hand(0) == t.state.hand(0)
    t.code_box.value = "nonsense"
    t.code_button.click()
    assert "not a deal code" in t.status.text and t.state.seed == 10
    t.code_box.value = deal_code(99)
    t.code_button.click()
    assert t.state.seed == 99
    t.level_choice.value = "random"
    t.target_choice.value = 5
    t.new_button.click()
    assert t.state.rules.target == 5 and [n for n, _ in t.bots] == ["random"] * 3
    with pytest.raises(CardkitError):
        tl_table(level=["random"])
    mixed = tl_table(level=["random", "greedy", "random"])
    assert mixed.level_choice.value == "as_given"


def test_tl_clicks_while_a_bot_moves_are_refused():
    async def scenario():
        s = _seed_where_i_hold_3s()
        t = TienLenTable(seed=s, delay=0.01)
        assert t.play("3S")
        assert t.busy
        assert t.play() is False and "Wait for your turn" in t.status.text
        assert t.pass_() is False
        for _ in range(300):
            if not t.busy:
                break
            await asyncio.sleep(0.01)
        assert not t.busy
        assert t.state.current_player() == 0 or t.pending is not None

    asyncio.run(scenario())


@pytest.mark.parametrize("level", list(tl.BOTS))
def test_tl_full_game_through_the_table(level):
    t = TienLenTable(level=level, rules=tl.Rules(target=3), seed=2024, delay=0)
    shown_results = 0
    for _ in range(3000):
        if t.pending is not None:
            shown_results += 1
            assert shown(t.result_area) and "Finishing order" in t.result_text.value or t.pending.instant_win
            if t.state.is_terminal() and shown_results == len(t.state.round_results):
                break
            assert "leads" in t.result_text.value   # who leads the next game
            t.next_button.click()
            continue
        st = t.state
        assert st.current_player() == 0
        plays = [a for a in st.legal_actions() if a is not tl.PASS]
        n = len(st.history)
        if plays and (st.table is None or len(st.hand(0)) % 2):
            t.select(plays[0].cards)
            t.play_button.click()
        else:
            t.pass_button.click()
        assert len(t.state.round_results) > len(st.round_results) - 1
        assert t.state is st and (len(st.history) > n or st.game_number > 1 or t.pending is not None)
    st = t.state
    assert st.is_terminal() and shown_results == len(st.round_results) >= 1
    assert max(st.returns()) >= 3
    who = "you win" if st.winner == 0 else f"Player {st.winner} wins"
    assert who in t.status.text


# =====================================================================================
# What a first-time user of the web app ran into
# =====================================================================================

def test_a_new_match_or_deal_clears_the_last_matchs_note():
    t = ls_table()
    assert t.discard(t.state.hand(0)[-1:], None)
    assert "You drew" in t.status.text
    t.new_button.click()          # a match in progress: it asks first
    assert t.confirm_box.layout.display != "none" and "will be lost" in t.confirm_text.value
    t.confirm_yes.click()
    assert "You drew" not in t.status.text and "Your turn" in t.status.text
    assert t.discard(t.state.hand(0)[-1:], None)
    assert "You drew" in t.status.text
    t.code_box.value = "K7Q-29X"
    t.code_button.click()
    t.confirm_yes.click()
    assert t.deal_code == "K7Q-29X" and "You drew" not in t.status.text


def test_a_refused_click_stays_visible_while_the_bots_play():
    async def scenario():
        for t in (LeastScoreTable(seed=7, delay=0.03), TienLenTable(seed=_seed_where_i_hold_3s(), delay=0.03)):
            moved = t.discard(t.state.hand(0)[:1], None) if isinstance(t, LeastScoreTable) else \
                t.play(t.state.legal_actions()[0].cards)
            assert moved and t.busy
            before = t.bot_moves
            assert (t.declare() if isinstance(t, LeastScoreTable) else t.pass_()) is False
            for _ in range(200):      # let at least one more bot move be drawn
                if t.bot_moves > before or not t.busy:
                    break
                await asyncio.sleep(0.005)
            if t.busy:
                assert "Wait for your turn" in t.status.text and t.status.kind == "warning"
            for _ in range(400):
                if not t.busy:
                    break
                await asyncio.sleep(0.01)
            assert t.state.current_player() == 0 and "Your turn" in t.status.text
            assert "Wait for your turn" not in t.status.text

    asyncio.run(scenario())


def test_the_deal_box_is_wide_enough_for_its_placeholder():
    for t in (ls_table(), TienLenTable(seed=3, delay=0)):
        assert t.code_box.placeholder == "e.g. K7Q-29X"
        assert float(t.code_box.layout.width.removesuffix("em")) >= 20   # label + placeholder


def test_tien_len_header_speaks_of_the_key_card():
    t = TienLenTable(seed=3, delay=0)
    assert "key card" in t.intro.value and "top card" not in t.intro.value


def test_ls_no_discard_prompt_when_you_have_no_move():
    # after a round ends
    for seed in range(20):
        t = ls_table(seed=seed)
        if _play_until_declare_allowed(t):
            break
    assert t.declare() and t.pending is not None
    assert "Choose the cards to discard" not in t.verdict.text
    # knocked out while the others play on
    import random
    rng = random.Random(0)
    rules = ls.Rules(players=4, threshold=20, match_end="last_standing")
    state = next(s for s in (ls.new_game(rules, seed=k) for k in range(40))
                 if _bots_knock_out_player_0_first(s, rng))
    t = ls_table()
    t.state, t.pending = state, None
    t._draw()
    assert "Choose the cards to discard" not in t.verdict.text and "out of this match" in t.verdict.text
    assert "out of this match" in t.status.text


def _bots_knock_out_player_0_first(state, rng):
    while not state.is_terminal() and state.observation(0).still_in[0]:
        p = state.current_player()
        state.apply_action(ls.BOTS["random"](state.observation(p), rng), p)
    return not state.is_terminal()


# =====================================================================================
# Nothing lost on a reload: the match kept in the browser, replayed; asked before replacing
# =====================================================================================

def _play_some(t, moves=5):
    from cardkit.least_score import legal_discards

    for _ in range(moves):
        if t.pending is not None:
            assert t.next_round()
            continue
        if t.state.is_terminal():
            break
        assert t.discard(legal_discards(t.hand.cards, t.state.rules)[-1], None), t.status.text


def test_a_kept_match_replays_to_the_same_state():
    t = ls_table()
    _play_some(t, 7)
    record = t.record()
    assert record["moves"] and record["code"] == t.deal_code and t.match_keeper.record == record
    fresh = LeastScoreTable(delay=0, seed="AAA-AAB", opponents=2)
    assert fresh.resume(record), fresh.status.text
    assert fresh.deal_code == t.deal_code and fresh.record() == record
    assert fresh.state.hand(0) == t.state.hand(0) and [e.text for e in fresh.state.events] == [e.text for e in t.state.events]
    assert "Welcome back" in fresh.status.text


def test_a_tampered_record_is_refused_plainly():
    t = ls_table()
    _play_some(t, 3)
    record = t.record()
    fresh = ls_table()
    for bad in (None, {**record, "moves": record["moves"] + ["d:AS AS>deck"]}, {**record, "moves": "x"},
                {**record, "settings": {"rules": {"no_such": 1}}}, {**record, "game": "tienlen"},
                {**record, "moves": ["x"] * 5000}):
        assert not fresh.resume(bad)
        assert "saved match" in fresh.status.text and "Traceback" not in fresh.status.text


def test_the_page_is_offered_its_stored_match_and_a_different_deal_asks_first():
    t = ls_table()
    _play_some(t, 3)
    stored = t.record()
    again = ls_table()                      # a reload: a fresh kernel on the same deal
    again._stored_match_found(stored)
    assert again.match_keeper.hold and again.match_keeper.offer.startswith("Resume your match — round 1")
    again._answer_offer(True)
    assert again.record()["moves"] == stored["moves"] and not again.match_keeper.hold and not again.match_keeper.offer
    other = LeastScoreTable(delay=0, seed="ZZZ-ZZZ")   # a link with another deal
    other._stored_match_found(stored)
    assert "in progress on deal" in other.match_keeper.offer and "ZZZ-ZZZ" in other.match_keeper.dismiss_label
    other._answer_offer(False)
    assert other.deal_code == "ZZZ-ZZZ" and not other.match_keeper.hold
    finished = {**stored, "over": True}
    late = ls_table()
    late._stored_match_found(finished)
    assert not late.match_keeper.offer


def test_tienlen_keeps_its_match_too():
    import cardkit.tienlen as tl

    t = TienLenTable(delay=0, seed="K7Q-29X")
    for _ in range(6):
        if t.pending is not None or t.state.is_terminal():
            break
        plays = [a for a in t.state.legal_actions() if a is not tl.PASS]
        assert t.play(plays[0].cards) if plays else t.pass_()
    fresh = TienLenTable(delay=0)
    assert fresh.resume(t.record()) and fresh.state.hand(0) == t.state.hand(0)


# =====================================================================================
# Saying each thing once (issue 18: the table's words a newcomer reads)
# =====================================================================================

def test_with_the_coach_on_the_log_is_for_screen_readers_only():
    """The coach's "What just happened" tells each move: the log is then not shown a
    second time, but stays (a live region) for screen readers; coach off, it is shown
    (the page applies ``screen_readers_only``: tests/browser/test_browser_play.py sees it)."""
    t = ls_table(coach=True)
    assert t.event_log.screen_readers_only and t.event_log.lines   # still written, still read out
    assert "What just happened" in t.coach_text or "Your turn" in t.coach_text
    t.coach = False
    assert not t.event_log.screen_readers_only
    t.coach = True
    assert t.event_log.screen_readers_only
    assert not ls_table().event_log.screen_readers_only       # a table without the coach


def _follow_the_coach(t, turns):
    """Play ``turns`` of the coach's moves at a Least Score table; yield before each."""
    from cardkit.least_score import coach as ls_coach
    for _ in range(turns):
        if not t.match.my_turn():
            return
        obs = t.state.observation(0)
        yield obs
        move = ls_coach.suggestion(obs)
        if move is ls.DECLARE or isinstance(move, ls.Declare):
            return
        assert t.discard(move.cards, move.take), t.status.text


def test_the_coach_says_a_reason_shortly_only_right_after_it_was_given():
    """Issue 18: "(same reason as before)" pointed at a reason given turns earlier, while the
    turn just read had another: said shortly only when the last turn gave that very reason."""
    from cardkit.least_score import coach as ls_coach
    from cardkit.tables.match import reason_key
    t = ls_table(opponents=2, rules=ls.Rules(threshold=10), seed="F1R-5T5", coach=True)
    given, full, short = set(), 0, 0
    for obs in _follow_the_coach(t, 12):
        tip = ls_coach.coach(obs)
        reasons = [tip.discard_reason] + ([tip.take_reason] if tip.take_reason is not None else [])
        text = t.coach_text
        for reason in reasons:
            if reason_key(reason) in given:
                short += 1
                assert "(same reason as before)" in text and str(reason) not in text, text
            else:
                full += 1
                assert f"{reason}." in text, text
        given = {reason_key(r) for r in reasons}
    assert full and short, (full, short)
    # a reason with other cards in its words is another reason
    a = say_reason("coach.ls.why.keep_group", cards=parse_cards("7C 7H"))
    assert reason_key(a) != reason_key(say_reason("coach.ls.why.keep_group", cards=parse_cards("8C 8H")))
    # numbers apart, it is the same
    assert reason_key(say_reason("coach.ls.why.draw", average=6.1)) == reason_key(say_reason("coach.ls.why.draw", average=5.4))


def say_reason(code, **values):
    from cardkit.i18n import say
    return say(code, **values)


def test_a_single_cards_points_are_not_said_and_a_single_beats_plainly():
    from cardkit.least_score import coach as ls_coach
    from cardkit.tienlen import coach as tl_coach
    assert str(ls_coach.group_message(parse_cards("QC"))) == "Q♣"
    assert str(ls_coach.group_message(parse_cards("7C 8S 9D"))) == "the run 7♣ 8♠ 9♦ (24 points)"
    st = tl.TienLenState.from_hands(["4S 5S", "6C 7C", "8S", "9S"], rules=tl.Rules(target=3), seed=1, leader=0)
    st.apply_action(tl.classify(parse_cards("4S")), 0)
    before = st.observation(0)
    said = str(tl_coach.explain(before, 1, tl.classify(parse_cards("6C")), you=0))
    assert said == "Player 1 played 6♣ on 4♠.", said


def test_finish_the_game_leaves_the_coach_nothing_to_retell(monkeypatch):
    """The learner chose not to watch the bots' last moves: the result says how it ended."""
    _chop_table(monkeypatch)          # its deal, for the controller below
    m = TienLenMatch(coach=True)
    m.start(1)
    m.play_out()
    assert m.play(parse_cards("5S")) and m.finish() is False      # still holding cards: nothing to finish
    m.play_out()
    assert m.play(parse_cards("4S 4C 4D 4H"))    # out first; the bots have the game to finish
    next(m.bot_steps())                          # one bot move, told by the coach; the others are to come
    assert m.learner_done() and m.coach_notes
    assert m.finish() and m.pending is not None and m.coach_notes == []
    assert not any(kind == "item" for kind, _ in m.coach_lines())


def test_the_match_over_status_says_the_winner_once():
    t = ls_table(opponents=1, rules=ls.Rules(threshold=10), seed=3)
    for _ in range(60):
        if t.state.is_terminal() and t.match.match_over():
            break
        if t.pending is not None:
            if not t.next_round():
                break
            continue
        _ls_policy_turn(t)
    assert t.match.match_over()
    assert t.status.text.startswith("The match is over:") and t.status.text.count("The match is over") == 1
    assert "The match is over" not in t.result_text.value and "Press New match" not in t.status.text


def test_a_page_that_has_just_given_the_rules_may_leave_out_the_tables_own():
    for make in (ls_table, tl_table):
        assert shown(make().intro) and "Player 0" in make().intro.value
        t = make(intro=False)
        assert not shown(t.intro) and t.intro in t.children    # still there, not shown


def test_a_first_game_may_fold_the_settings_behind_one_button():
    """``settings=False`` (the ten-minute starts): the menus, the switches and the deal code
    sit behind **Settings**, which opens and folds them; they work the same once open."""
    for make in (ls_table, tl_table):
        shown_table = make()
        assert not hasattr(shown_table, "settings_button")
        rows = [row for row in shown_table.children if shown(row) and shown_table.new_button in getattr(row, "children", ())]
        assert len(rows) == 1                                  # the settings' row, shown at the table itself
        t = make(settings=False, seed="F1R-5T5", coach=True)
        assert t.settings_button in t.children and not shown(t.settings_box)
        assert t.new_button.description and t.settings_button.description == "Settings"
        t.settings_button.click()
        assert shown(t.settings_box) and t.settings_button.description == "Hide the settings"
        assert {t.new_button, t.coach_switch, t.deck_switch} <= {w for row in t.settings_box.children for w in row.children}
        t.coach_switch.value = False                           # a setting used from the opened box
        assert not t.match.coach and not t.coach_text
        t.settings_button.click()
        assert not shown(t.settings_box) and t.settings_button.description == "Settings"
        t.show_settings(True)
        assert shown(t.settings_box)
        shown_table.show_settings(False)                       # a table made with its settings shown keeps them
        assert shown(rows[0]) and rows[0] in shown_table.children


# --- issue 18: a newcomer's trial of the ten-minute starts ----------------------------------------

def test_the_hints_are_off_after_new_match():
    """Also when the new match's first game is won at the deal (seed 27): no hand is drawn
    then, and the old hints once stayed on the page."""
    won_at_deal = 27
    for seed in (1, won_at_deal):
        t = tl_table(seed="TEN-M1N")
        t.show_legal(True)
        assert t.hint_list.value and t.hint_button.description == "Hide the hints"
        t.new_match(seed=seed)
        assert (t.match.pending is not None) == (seed == won_at_deal)
        assert not t.hint_list.value and t.hint_button.description == "Show my legal plays"
        assert not t.hand.highlight


def test_no_empty_coach_box_when_the_match_is_over():
    t = ls_table(opponents=2, rules=ls.Rules(threshold=10), seed="F1R-5T5", coach=True)
    for _ in _follow_the_coach(t, 40):
        pass
    while not t.match.match_over():
        if t.match.my_turn():
            assert t.declare() or t.discard(t.hand.cards[:1]), t.status.text
        elif t.match.pending is not None:
            t.next_round()
        else:
            t.match.play_out()
            t._draw()
    t.match.coach_notes = []          # nothing happened since the learner's last look
    t._draw()
    assert t.coach_box.layout.display == "none" and not t.coach_box.value


def test_you_drew_is_the_coachs_and_the_status_keeps_its_line():
    t = ls_table(opponents=2, rules=ls.Rules(threshold=10), seed="F1R-5T5", coach=True)
    statuses, drew = set(), 0
    for _ in _follow_the_coach(t, 6):
        statuses.add(t.status.text)
        drew += "You drew" in t.coach_text
    assert drew and len(statuses) == 1 and "You drew" not in statuses.pop()
    t = ls_table(opponents=2, rules=ls.Rules(threshold=10), seed="F1R-5T5")     # coach off: the status says it
    seen = [t.status.text for _ in _follow_the_coach(t, 6)]
    assert any("You drew" in s for s in seen), seen


def test_the_coach_does_not_retell_a_plain_pass():
    t = tl_table(seed="TEN-M1N", coach=True)
    texts = []
    for _ in range(6):
        if not t.match.my_turn():
            break
        texts.append(t.coach_text)
        from cardkit.tienlen import coach as tl_coach
        move = tl_coach.suggestion(t.state.observation(0))
        assert (t.pass_() if move is tl.PASS else t.play(move.cards)), t.status.text
    joined = "\n".join(texts)
    assert "passed." not in joined.replace("Everyone else passed", ""), joined
    assert "Everyone else passed" in joined, joined


def test_the_coachs_pick_is_not_explained_twice_and_the_button_is_named_once():
    from cardkit.least_score import coach as ls_coach
    t = ls_table(opponents=2, rules=ls.Rules(threshold=10), seed="F1R-5T5", coach=True)
    move = ls_coach.suggestion(t.state.observation(0))
    t.select(move.cards)
    assert t.verdict.text.endswith("The coach's pick. Then press Discard and take."), t.verdict.text
    assert t.discard(move.cards, move.take)
    t.match.play_out()
    t._draw()
    move = ls_coach.suggestion(t.state.observation(0))
    t.select(move.cards)
    assert "The coach's pick." in t.verdict.text and "Then press" not in t.verdict.text, t.verdict.text
    other = next(c for c in t.hand.cards if c not in move.cards)
    t.select([other])
    assert "legal discard" in t.verdict.text and "coach" not in t.verdict.text, t.verdict.text


def test_why_the_coach_does_not_declare_says_what_failing_costs():
    from cardkit.i18n import say
    assert "a failed declaration costs 20 points or more" in str(say("coach.ls.why.not_declare", chance="72%", penalty=20))


@pytest.mark.parametrize("make", [lambda: ls_table(), lambda: TienLenTable(delay=0, seed="TEN-M1N")])
def test_the_page_drawing_a_table_gets_every_part_sent_again(make, monkeypatch):
    """Bots moving while the page loads its widgets: a change sent for a model the page has
    not made yet is lost there, and the table stayed a move behind (its status said a bot was
    playing while the learner's turn had come). When the page has drawn the table (its keeper
    says what it found) every part, its Layout and Style included, is sent once more."""
    import ipywidgets

    t = make()
    tree, seen, todo = set(), set(), [t]
    while todo:
        w = todo.pop()
        if isinstance(w, ipywidgets.Widget) and id(w) not in seen:
            seen.add(id(w))
            if w.comm is not None:          # a Layout or Style nothing sets is never sent at all
                tree.add(id(w))
            todo += [getattr(w, "layout", None), getattr(w, "style", None), *(getattr(w, "children", ()) or ())]
    sent = []
    monkeypatch.setattr(ipywidgets.Widget, "send_state", lambda self, key=None: sent.append(id(self)))
    t.match_keeper._message(t.match_keeper, {"type": "found", "record": None}, [])
    assert tree <= set(sent), f"{len(tree - set(sent))} of the table's {len(tree)} models not sent again"
    for part in (t.status, t.event_log, t.hand, t.result_area.layout, t.match_keeper):
        assert id(part) in sent


def test_a_table_sends_its_parts_again_only_when_it_changed_after_the_page_was_sent_every_state(monkeypatch):
    """The page asking for every state (ipywidgets' ``request_states``) is noted; a table that
    has not changed since then is not sent again (a pre-heated class's page costs no more),
    one that changed after it is."""
    import ipywidgets
    from cardkit.widgets import frontend

    t = TienLenTable(delay=0, seed="TEN-M1N")
    replies = []

    class Control:
        def send(self, data, buffers=None):
            replies.append(data["method"])

    monkeypatch.setattr(ipywidgets.Widget, "_control_comm", Control())
    ipywidgets.Widget._handle_control_comm_msg({"content": {"data": {"method": "request_states"}}})
    assert replies == ["update_states"] and frontend._states_sent_at is not None
    sent = []
    monkeypatch.setattr(ipywidgets.Widget, "send_state", lambda self, key=None: sent.append(self))
    t.match_keeper._message(t.match_keeper, {"type": "found", "record": None}, [])
    assert t.status not in sent and t.event_log not in sent, "nothing changed since the page was sent every state"
    t._draw()                                   # a bot's move, say, while the page makes its models
    t.match_keeper._message(t.match_keeper, {"type": "found", "record": None}, [])
    assert t.status in sent and t.event_log in sent and t.hand in sent


def test_a_log_without_a_title_is_named_for_screen_readers_in_the_learners_language():
    """log.js names an untitled log's live region from ``_aria_name`` (it said "What happened"
    in English, whatever the language)."""
    from cardkit.i18n import render, say, use_locale
    from cardkit.widgets import EventLog

    with use_locale("vi"):
        log = EventLog()
        assert log._aria_name == render(say("tables.log_title")) != "What happened (newest last)"
    assert "What happened" not in (Path(__file__).parents[1] / "cardkit/widgets/static/log.js").read_text()


@pytest.mark.parametrize("goes_out", [False, True])
def test_once_the_learner_is_out_the_bots_play_faster_and_finish_takes_the_focus(monkeypatch, goes_out):
    """Newcomer trial: 16 s of watching the bots after going out, Finish not used."""
    from cardkit.widgets.tables.base import OUT_PACE

    hands = ["2H" if goes_out else "3S 2H", "4C 5C 9H", "5S 6D 10S", "7S 8D JS"]

    def make_state(self, seed):
        self.bots = [("greedy", tl.greedy_bot)] * 3
        return tl.TienLenState.from_hands(hands, rules=tl.Rules(target=9), seed=seed, leader=0)

    monkeypatch.setattr(TienLenMatch, "make_state", make_state)
    t = tl_table(seed=1)
    sent, pauses = [], []
    monkeypatch.setattr(t.keeper, "focus", lambda target: sent.append(target))
    pause = t._bot_pause
    monkeypatch.setattr(t, "_bot_pause", lambda: pauses.append((t.match.learner_done(), pause())) or pauses[-1][1])
    t._delay = 0.8                      # a page's pace (this test table runs the bots at once)
    assert t.play(hands[0].split()[0])
    assert pauses
    if not goes_out:
        assert all(p == (False, 0.8) for p in pauses) and "finish" not in sent   # still in: the usual pace
    else:
        assert sent[0] == "finish"       # out, the bots still to play: Finish is the next move
        assert all(p == (True, 0.8 * OUT_PACE) for p in pauses)
