"""The widgets, driven from Python the way the browser drives them."""

import asyncio
import json
import logging

import comm
import ipywidgets
import pytest
from comm import DummyComm

from cardkit import Card, CardkitError, IllegalActionError, full_deck, parse_cards
from cardkit.widgets import CardRow, EventLog, Hand, Pacer, StatusMessage, error_text, safe_callback

C = Card.parse


# --- how the browser reaches Python ------------------------------------------------

def click(widget, key):
    """Exactly what the browser sends when a card is clicked or Space/Enter is pressed."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "toggle", "key": key}}},
                        "buffers": []})


def browser_sets(widget, **state):
    """A state update coming from the browser (the ipywidgets 'update' message)."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                        "buffers": []})


class RecordingComm(DummyComm):
    sent: list = []

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        RecordingComm.sent.append((msg_type, data))


@pytest.fixture
def wire(monkeypatch):
    """Every message a widget sends to the browser (the comm_open included)."""
    RecordingComm.sent = []
    monkeypatch.setattr(comm, "create_comm", lambda *a, **k: RecordingComm(*a, **k))
    return RecordingComm.sent


def sent_text(messages):
    """The JSON of all messages, leaving out the widgets' fixed program text (_esm, _css)."""
    out = []
    for _kind, data in messages:
        data = json.loads(json.dumps(data or {}, default=str))
        for part in (data.get("state") or {}, ):
            part.pop("_esm", None)
            part.pop("_css", None)
        out.append(json.dumps(data, ensure_ascii=False))
    return "\n".join(out)


def reveals_any(text, cards):
    for card in cards:
        if f'"{card.code}"' in text or card.label in text or str(card) in text:
            return True
    return bool(set(text.split('"')) & {"Ace", "Queen", "King", "Jack"}) or any(
        w in text for w in ("of spades", "of hearts", "of clubs", "of diamonds"))


# --- selecting ------------------------------------------------------------------------

def test_cards_and_selected_from_python():
    hand = Hand("AS 10h QD 10C 2C")
    assert hand.cards == tuple(parse_cards("AS 10H QD 10C 2C"))
    assert hand.selected == ()
    hand.selected = "QD AS"
    assert hand.selected == (C("AS"), C("QD"))  # in the hand's order
    assert hand.get_state()["selected"] == ["AS", "QD"]  # the browser gets card codes
    hand.select([C("2C")])
    assert hand.selected == (C("2C"),)
    hand.clear_selection()
    assert hand.selected == ()


def test_selected_can_be_observed():
    hand = Hand("AS 10H QD")
    seen = []
    hand.observe(lambda change: seen.append(change["new"]), names="selected")
    click(hand, "QD")
    click(hand, "AS")
    click(hand, "QD")
    assert seen == [(C("QD"),), (C("AS"), C("QD")), (C("AS"),)]
    assert all(isinstance(c, Card) for value in seen for c in value)


def test_a_click_toggles_through_the_same_method(wire):
    hand = Hand("AS 10H QD")
    wire.clear()
    click(hand, "10H")
    assert hand.selected == (C("10H"),)
    assert any(kind == "comm_msg" and data["state"].get("selected") == ["10H"] for kind, data in wire)
    assert hand.toggle("10H") is True
    assert hand.selected == ()


def test_browser_state_update_is_read_as_cards():
    hand = Hand("AS 10H QD")
    browser_sets(hand, selected=["QD", "AS"])
    assert hand.selected == (C("AS"), C("QD"))


def test_choosing_a_card_not_in_the_hand_is_refused():
    hand = Hand("AS 10H QD", selected="AS")
    with pytest.raises(CardkitError, match="2♣ is not in this hand"):
        hand.selected = "AS 2C"
    assert hand.selected == (C("AS"),)
    with pytest.raises(CardkitError):
        hand.toggle("KS")
    click(hand, "KS")  # a stale click from the browser: a note, nothing else
    assert hand.selected == (C("AS"),)
    assert "no longer in this hand" in hand.notice
    with pytest.raises(CardkitError):
        hand.toggle(5)


def test_max_selected_refuses_one_too_many():
    hand = Hand("AS 10H QD 10C", max_selected=2)
    assert hand.toggle("AS") and hand.toggle("QD")
    n = hand._notice_n
    assert hand.toggle("10C") is False
    assert hand.selected == (C("AS"), C("QD"))
    assert "at most 2" in hand.notice and hand._notice_n == n + 1
    with pytest.raises(CardkitError):
        hand.selected = "AS QD 10C"
    with pytest.raises(CardkitError):
        hand.max_selected = 1  # two are chosen already
    assert hand.toggle("AS")
    assert hand.notice == ""  # a successful click clears the note


def test_max_selected_one_replaces_the_choice():
    hand = Hand("AS 10H QD", max_selected=1)
    click(hand, "AS")
    click(hand, "QD")
    assert hand.selected == (C("QD"),)
    with pytest.raises(CardkitError):
        Hand("AS", max_selected=0)


def test_disabled_refuses_clicks_but_not_code():
    hand = Hand("AS 10H QD", disabled=True, disabled_reason="Wait for your turn.")
    click(hand, "AS")
    assert hand.selected == ()
    assert hand.toggle("AS") is False
    assert hand.notice == "Wait for your turn."
    assert hand.get_state()["disabled"] is True
    hand.selected = "QD"  # the table may still choose for the learner
    assert hand.selected == (C("QD"),)
    hand.disabled = False
    click(hand, "AS")
    assert hand.selected == (C("AS"), C("QD"))


# --- cards, order, caption ---------------------------------------------------------------

def test_cards_can_change_and_the_choice_follows():
    hand = Hand("AS 10H QD", selected="AS QD")
    hand.cards = "QD 2C"
    assert hand.selected == (C("QD"),)
    state = hand.get_state()
    assert [f["key"] for f in state["_faces"]] == ["QD", "2C"]
    assert [f["label"] for f in state["_faces"]] == ["Queen of diamonds", "Two of clubs"]
    assert state["count"] == 2 and state["caption"] == "Your hand" and state["label"] == "Your hand: 2 cards"
    with pytest.raises(CardkitError):
        hand.cards = "QD QD"
    assert hand.cards == (C("QD"), C("2C"))


def test_sort_key_is_the_callers_order():
    tien_len_order = lambda c: ((c.value - 3) % 13, c.suit)  # 3 low … 2 high, as a game would supply
    hand = Hand("2S AS 3H 3S KD", sort_key=tien_len_order, selected="2S 3H")
    assert [c.code for c in hand.cards] == ["3S", "3H", "KD", "AS", "2S"]
    assert hand.selected == (C("3H"), C("2S"))
    hand.sort_key = lambda c: (c.value, c.suit)
    assert [c.code for c in hand.cards] == ["AS", "2S", "3S", "3H", "KD"]
    assert hand.selected == (C("2S"), C("3H"))
    assert [f["key"] for f in hand.get_state()["_faces"]] == ["AS", "2S", "3S", "3H", "KD"]
    hand.sort_key = None
    with pytest.raises(CardkitError):
        hand.sort_key = "by rank"
    with pytest.raises(CardkitError, match="sort_key"):
        Hand("AS 2S", sort_key=lambda c: None if c.value == 1 else 1)


def test_captions():
    # shown: the title alone (the count is on the scoreboard, or countable in the row) ...
    assert Hand("AS 2S").caption == "Your hand"
    assert Hand("AS", owner="Player 1").caption == "Player 1's hand"
    assert Hand("AS 2S 3S 4S 5S", owner="Player 2", face_down=True).caption == "Player 2's hand"
    assert CardRow("7C 8C", title="Open cards").caption == "Open cards"
    assert CardRow("7C 8C").caption == "Cards"
    # ... read out: the title and the count
    assert Hand("AS 2S").label == "Your hand: 2 cards"
    assert Hand("AS", owner="Player 1").label == "Player 1's hand: 1 card"
    assert Hand().label == "Your hand: no cards"
    assert Hand("AS 2S 3S 4S 5S", owner="Player 2", face_down=True).label == "Player 2's hand: 5 cards face down"
    assert CardRow("7C 8C", title="Open cards").label == "Open cards: 2 cards"
    assert repr(Hand("AS 2S", selected="2S")) == "Hand(Your hand: 2 cards — A♠ 2♠; chosen: 2♠)"
    assert repr(Hand("AS 2S", face_down=True, owner="Player 2")) == "Hand(Player 2's hand: 2 cards face down)"


def test_four_colour_changes_the_faces():
    hand = Hand("KD")
    assert "#c8102e" in hand._faces[0]["svg"]
    hand.four_colour = True
    assert "#1328b4" in hand._faces[0]["svg"] and "#c8102e" not in hand._faces[0]["svg"]


def test_card_width_is_checked():
    hand = Hand("AS", card_width=50)
    assert hand.get_state()["card_width"] == 50
    with pytest.raises(CardkitError):
        hand.card_width = 5


# --- face down ------------------------------------------------------------------------------

def test_face_down_hand_never_sends_the_cards(wire):
    secret = parse_cards("QH 3S 7D KC AS")
    hand = Hand(secret, owner="Player 2", face_down=True)
    assert hand.cards == tuple(secret)  # Python knows them …
    state = hand.get_state()
    assert state["_faces"] == [] and state["selected"] == [] and state["_marked"] == []
    assert state["count"] == 5 and state["caption"] == "Player 2's hand" and state["label"] == "Player 2's hand: 5 cards face down"
    hand.highlight = [secret[:2]]
    hand.cards = parse_cards("2H 9S 10D")
    assert hand.count == 3
    assert hand.toggle("2H") is False  # … but nobody can choose them
    with pytest.raises(CardkitError):
        hand.selected = "2H"
    assert wire and wire[0][0] == "comm_open"
    text = sent_text(wire)
    assert not reveals_any(text, secret + parse_cards("2H 9S 10D"))
    assert "Face-down card" in text  # the back was sent, and only the back


def test_face_down_without_knowing_the_cards():
    hand = Hand(count=7, face_down=True, owner="Player 3")
    assert hand.count == 7 and hand.cards == ()
    hand.count = 6
    assert hand.label == "Player 3's hand: 6 cards face down" and hand.caption == "Player 3's hand"
    with pytest.raises(CardkitError):
        hand.count = -1
    with pytest.raises(CardkitError):
        Hand("AS 2S", count=3)  # the count of a face-up hand is its cards'
    hand.face_down = False
    assert hand.count == 0


def test_turning_a_hand_face_down_drops_the_choice(wire):
    hand = Hand("AS 10H QD", selected="AS")
    hand.face_down = True
    assert hand.selected == () and hand._faces == []
    wire.clear()
    hand.cards = "2S 3S"
    assert not reveals_any(sent_text(wire), parse_cards("2S 3S"))


def test_card_row_is_static_and_can_be_face_down(wire):
    row = CardRow("7C 8C 9C", title="Open cards")
    assert [f["key"] for f in row._faces] == ["7C", "8C", "9C"]
    assert row.get_state()["_interactive"] is False
    assert not hasattr(row, "toggle")
    wire.clear()
    deck = CardRow(full_deck()[:20], title="Deck", face_down=True)
    assert deck.label == "Deck: 20 cards face down" and deck.caption == "Deck"
    assert not reveals_any(sent_text(wire), full_deck()[:20])
    assert CardRow(count=23, face_down=True, title="Deck").count == 23
    assert repr(row) == "CardRow(Open cards: 3 cards — 7♣ 8♣ 9♣)"


# --- highlight ----------------------------------------------------------------------------

def test_highlight_marks_groups_in_the_hand():
    hand = Hand("AS 10H QD 10C 2C", highlight=[parse_cards("10H 10C"), "2C", parse_cards("KS KD")])
    assert hand.highlight == ((C("10H"), C("10C")), (C("2C"),), (C("KS"), C("KD")))
    assert hand.marked == (C("10H"), C("10C"), C("2C"))  # KS KD are not held: ignored
    assert hand.get_state()["_marked"] == ["10H", "10C", "2C"]
    assert hand.get_state()["highlight_text"] == "can be played"
    hand.highlight = "10H 10C"  # one string is one group
    assert hand._marked == ["10H", "10C"]
    hand.highlight = None
    assert hand._marked == []
    with pytest.raises(CardkitError):
        hand.highlight = 5


def test_highlight_accepts_objects_with_cards():
    class Combo:
        def __init__(self, text):
            self.cards = tuple(parse_cards(text))

    hand = Hand("3S 3H 4S 5S", highlight=[Combo("3S 3H"), Combo("3S 4S 5S")], highlight_text="legal play")
    assert hand.marked == (C("3S"), C("3H"), C("4S"), C("5S"))
    hand.highlight = Combo("3S 4S 5S")
    assert hand.marked == (C("3S"), C("4S"), C("5S"))


def test_highlight_can_follow_the_selection():
    groups = [parse_cards("3S 3H"), parse_cards("3S 4S 5S"), parse_cards("6D")]
    hand = Hand("3S 3H 4S 5S 6D", highlight=groups, highlight_follows_selection=True)
    assert hand._marked == ["3S", "3H", "4S", "5S", "6D"]  # nothing chosen: every group
    click(hand, "4S")
    assert hand._marked == ["3S", "4S", "5S"]
    click(hand, "3H")  # 3H with 4S is in no group: nothing is pointed out
    assert hand._marked == []


def test_cards_changing_updates_the_marks():
    hand = Hand("3S 3H", highlight=[parse_cards("3S 3H")])
    hand.cards = "3S 9D"
    assert hand.marked == ()


# --- messages, safe callbacks ---------------------------------------------------------------

def test_status_message_kinds():
    status = StatusMessage()
    assert status.text == "" and repr(status) == "StatusMessage()"
    status.error("That is not a legal play.")
    assert (status.kind, status.text) == ("error", "That is not a legal play.")
    assert repr(status) == "StatusMessage(✖ That is not a legal play.)"
    n = status._n
    status.success("Well played.")
    assert status.kind == "success" and status._n == n + 1
    status.info("x"); assert status.kind == "info"
    status.warning("y"); assert status.kind == "warning"
    status.clear()
    assert status.text == ""
    with pytest.raises(CardkitError):
        status.show("z", kind="shout")
    assert StatusMessage("Hello", kind="success").kind == "success"


def test_event_log_keeps_the_last_lines():
    class Event:
        text = "Player 2 passes"

    log = EventLog(["one", "two"], max_lines=3, title="What happened")
    log.add("three", Event())
    assert log.lines == ["two", "three", "Player 2 passes"]
    assert log._total == 4
    log.extend([])
    assert log._total == 4
    log.clear()
    assert log.lines == [] and repr(log) == "EventLog()"
    with pytest.raises(CardkitError):
        EventLog(max_lines=0)


def test_safe_callback_shows_a_cardkit_error_as_it_is(caplog):
    status = StatusMessage()

    @safe_callback(status)
    def on_click(button):
        raise IllegalActionError("You must play higher than 9♠.")

    with caplog.at_level(logging.ERROR, logger="cardkit.widgets"):
        assert on_click(None) is None
    assert (status.kind, status.text) == ("error", "You must play higher than 9♠.")
    assert caplog.records == []  # an expected error is not logged
    assert on_click.__name__ == "on_click"


def test_safe_callback_turns_any_other_error_into_a_message(caplog):
    status = StatusMessage()

    @safe_callback(status)
    def on_change(change):
        return 1 / change

    assert on_change(4) == 0.25  # no error: the result passes through
    with caplog.at_level(logging.ERROR, logger="cardkit.widgets"):
        assert on_change(0) is None
    assert status.kind == "error"
    assert status.text == "Something went wrong: division by zero"
    assert caplog.records and caplog.records[0].exc_info[0] is ZeroDivisionError


def test_safe_callback_other_forms(caplog):
    out = ipywidgets.Output()
    wrapped = safe_callback(out, lambda: {}["missing"])
    wrapped()
    assert out.outputs[0]["text"] == "Something went wrong: 'missing'\n"

    @safe_callback
    def bare():
        raise RuntimeError()

    with caplog.at_level(logging.ERROR, logger="cardkit.widgets"):
        bare()
    assert "Something went wrong: RuntimeError" in caplog.text

    @safe_callback
    def bare_rule():
        raise IllegalActionError("Not your turn.")

    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="cardkit.widgets"):
        bare_rule()
    assert [r.getMessage() for r in caplog.records] == ["Not your turn."]  # not lost
    assert error_text(CardkitError("Not now.")) == "Not now."


def test_safe_callback_works_on_a_button():
    status = StatusMessage()
    button = ipywidgets.Button(description="Play")
    button.on_click(safe_callback(status, lambda b: Hand("AS").toggle("KS")))
    button.click()
    assert status.kind == "error" and status.text == "K♠ is not in this hand"


# --- pacing ------------------------------------------------------------------------------

def test_pacer_delay_zero_runs_everything_at_once():
    done, seen = [], []

    def steps():
        for i in range(3):
            seen.append(i)
            yield

    pacer = Pacer(delay=0)
    pacer.run(steps(), on_done=lambda: done.append(list(seen)))
    assert seen == [0, 1, 2] and done == [[0, 1, 2]]
    assert not pacer.busy
    calls = []
    pacer.run([lambda: calls.append("a"), "not callable", lambda: calls.append("b")])
    assert calls == ["a", "b"]


def test_pacer_error_stops_the_run_and_becomes_a_message():
    status = StatusMessage()
    seen, done = [], []

    def steps():
        seen.append(1)
        yield
        raise IllegalActionError("The bot chose an illegal play.")
        yield  # pragma: no cover

    Pacer(0, messages=status).run(steps(), on_done=lambda: done.append(1))
    assert seen == [1] and done == []
    assert status.text == "The bot chose an illegal play."
    with pytest.raises(ZeroDivisionError):
        Pacer(0).run([lambda: 1 / 0])  # with nowhere to show it, the error is raised


def test_pacer_checks_its_delay():
    for bad in (-1, "slow", True, 100):
        with pytest.raises(ValueError):
            Pacer(delay=bad)
    assert repr(Pacer(0.5)) == "Pacer(delay=0.5)"


def test_pacer_paces_steps_on_a_running_loop():
    async def scenario():
        loop = asyncio.get_running_loop()
        times, done = [], []
        pacer = Pacer(delay=0.05)
        pacer.run((times.append(loop.time()) for _ in range(3)), on_done=lambda: done.append(loop.time()))
        assert times == [] and pacer.busy  # nothing yet: the first step waits one delay
        start = loop.time()
        for _ in range(100):
            if done:
                break
            await asyncio.sleep(0.02)
        assert len(times) == 3 and len(done) == 1 and not pacer.busy
        gaps = [b - a for a, b in zip([start] + times, times)]
        assert all(g >= 0.04 for g in gaps[1:])
        # cancel drops what is left
        later = []
        pacer.run([lambda: later.append(1)] * 3)
        pacer.cancel()
        await asyncio.sleep(0.15)
        assert later == [] and not pacer.busy

    asyncio.run(scenario())


def test_pacer_shows_errors_of_a_paced_run():
    status = StatusMessage()

    async def scenario():
        pacer = Pacer(delay=0.01, messages=status)
        pacer.run([lambda: None, lambda: 1 / 0, lambda: status.info("never")])
        await asyncio.sleep(0.2)
        assert not pacer.busy

    asyncio.run(scenario())
    assert status.text == "Something went wrong: division by zero"
