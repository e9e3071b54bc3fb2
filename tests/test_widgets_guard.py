"""The page may change only what a learner changes; nothing else, and never a traceback back.

Every widget a lesson shows is walked (tables, checkers, exercises, explorers, and every part
inside them, layouts and styles included): each is guarded, and a synced trait the page may
not set is refused with ``TraitError`` and changes nothing. The last test drives a real kernel
over its channels, as a crafted page would, and reads every message it sends back.
"""

from __future__ import annotations

import json
import queue
import time

import ipywidgets
import pytest
from traitlets import TraitError

from cardkit import parse_cards
from cardkit.classroom import CardQuiz, NumberQuiz, Quiz, Scoreboard
from cardkit.classroom.least_score import HandTotalDrill, SpotEveryDiscard
from cardkit.widgets import CardRow, EventLog, Hand, LeastScoreChecker, LeastScoreTable, StatusMessage, TienLenChecker, TienLenTable
from cardkit.widgets.guard import FrontEndGuard, WidgetError


def all_parts(root):
    """Every widget reachable from ``root`` (children, layout, style, widget-valued traits)."""
    seen, todo = {}, [root]
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen[id(w)] = w
        for name in w.keys:
            value = getattr(w, name, None)
            values = value if isinstance(value, (list, tuple)) else [value]
            todo.extend(v for v in values if isinstance(v, ipywidgets.Widget))
        for v in vars(w).values():
            if isinstance(v, ipywidgets.Widget):
                todo.append(v)
            elif isinstance(v, (list, tuple)):
                todo.extend(x for x in v if isinstance(x, ipywidgets.Widget))
    return list(seen.values())


def shown_widgets():
    quiz = Quiz("q?", ["a", "b"], answer="a")
    return {
        "LeastScoreTable": LeastScoreTable(delay=0, seed="K7Q-29X"),
        "TienLenTable": TienLenTable(delay=0, seed="K7Q-29X"),
        "LeastScoreChecker": LeastScoreChecker("AC 2D 3S 9H 9C"),
        "TienLenChecker": TienLenChecker("7S 7C 8D"),
        "Quiz": quiz,
        "NumberQuiz": NumberQuiz("n?", "1/4"),
        "CardQuiz": CardQuiz("Select the run.", "4S 5D 6C 9H", answer="4S 5D 6C"),
        "Scoreboard": Scoreboard(quiz),
        "HandTotalDrill": HandTotalDrill(seed=1),
        "SpotEveryDiscard": SpotEveryDiscard("AC 2D 3S 9H 9C"),
        "Hand": Hand("AS 2C"),
        "CardRow": CardRow("AS"),
        "StatusMessage": StatusMessage("hi"),
        "EventLog": EventLog(["x"]),
    }


@pytest.mark.parametrize("name", list(shown_widgets()))
def test_every_part_is_guarded_and_refuses_what_the_page_may_not_set(name):
    root = shown_widgets()[name]
    parts = all_parts(root)
    assert len(parts) >= 2
    for w in parts:
        assert isinstance(w, FrontEndGuard), f"{type(w).__name__} in {name} is not guarded"
        forbidden = [k for k in w.keys if k not in w._front_end_may_set and not k.startswith("_view")]
        assert forbidden, type(w)
        key = "disabled" if "disabled" in forbidden else forbidden[-1]
        before = getattr(w, key)
        with pytest.raises(TraitError):
            w.set_state({key: "a value from a crafted page"})
        assert getattr(w, key) == before, f"{type(w).__name__}.{key} changed"


def test_the_crafted_values_of_the_issue_are_refused():
    hand = Hand("AS 10H QD", selected="AS")
    for state in ({"count": -1}, {"disabled": True}, {"_faces": []}, {"selected": ["2C"]}, {"selected": "junk"}):
        with pytest.raises(TraitError):
            hand.set_state(state)
        assert hand.count == 3 and hand.selected == tuple(parse_cards("AS")) and not hand.disabled
    hand.set_state({"selected": ["QD", "AS"]})   # what a learner may change, checked
    assert hand.selected == tuple(parse_cards("AS QD"))
    quiz = Quiz("q?", ["a", "b"], answer="a")
    for state in ({"solved": True}, {"attempts": 0}, {"verdict": "right"}, {"chosen": 7}):
        with pytest.raises(TraitError):
            quiz.set_state(state)
    assert not quiz.solved and quiz.chosen is None and quiz.verdict == ""


def test_a_validator_s_error_is_both_a_trait_error_and_a_plain_cardkit_error():
    hand = Hand("AS 10H")
    with pytest.raises(WidgetError, match="not in this hand"):
        hand.selected = "2C"
    from cardkit.errors import CardkitError

    assert issubclass(WidgetError, CardkitError) and issubclass(WidgetError, TraitError)


def test_a_refused_change_sends_the_page_the_true_value_again():
    sent = []
    hand = Hand("AS 10H")
    hand.send_state = lambda keys=None: sent.append(keys)
    with pytest.raises(TraitError):
        hand.set_state({"count": 9})
    assert sent == [["count"]]


KERNEL_CODE = r"""
from cardkit.widgets import Hand, LeastScoreTable
from cardkit.widgets.guard import Button
hand = Hand('AS 10H QD')
table = LeastScoreTable(delay=0, seed='K7Q-29X')
def broken(_b):
    raise RuntimeError('/secret/path/of/the/machine.py exploded')
button = Button(description='x'); button.on_click(broken)
print(hand.model_id, table.hand.model_id, button.model_id, table.status.model_id)
"""


@pytest.mark.slow
def test_a_crafted_page_gets_no_traceback_on_any_channel_and_changes_nothing():
    from jupyter_client.manager import start_new_kernel

    import os

    km, kc = start_new_kernel(kernel_name="python3", env={**os.environ, "CARDKIT_SERVED": "1"})
    out = []
    reply = kc.execute_interactive(KERNEL_CODE, timeout=120, output_hook=out.append)
    assert reply["content"]["status"] == "ok"
    ids = next(m for m in out if m["msg_type"] == "stream")["content"]["text"].split()
    hand_id, table_hand_id, button_id, _status_id = ids

    def comm(comm_id, data):
        kc.shell_channel.send(kc.session.msg("comm_msg", {"comm_id": comm_id, "data": data}))

    comm(hand_id, {"method": "update", "state": {"count": -1, "disabled": True}, "buffer_paths": []})
    comm(hand_id, {"method": "update", "state": {"selected": ["2C"]}, "buffer_paths": []})
    comm(hand_id, {"method": "custom", "content": {"type": "toggle", "key": ["not", "a", "card"]}})
    comm(hand_id, {"method": "custom", "content": None})
    comm(hand_id, {"method": "no-such-method"})
    comm(hand_id, {"nothing": "at all"})
    comm(table_hand_id, {"method": "custom", "content": {"type": "toggle", "key": "ZZ"}})
    comm(button_id, {"method": "custom", "content": {"event": "click"}})
    seen = []
    deadline = time.monotonic() + 8
    while time.monotonic() < deadline:
        try:
            seen.append(kc.get_iopub_msg(timeout=0.5))
        except queue.Empty:
            pass
    for channel in (kc.get_shell_msg,):
        try:
            while True:
                seen.append(channel(timeout=0.2))
        except queue.Empty:
            pass
    text = json.dumps([m["content"] for m in seen])
    assert not [m for m in seen if m["msg_type"] == "error"], "an error message with a traceback went out"
    assert "Traceback" not in text and "/secret/path" not in text and "RuntimeError" not in text
    check = []
    kc.execute_interactive("print(hand.count, hand.disabled, hand.selected, repr(button.description))",
                           timeout=60, output_hook=check.append)
    printed = "".join(m["content"].get("text", "") for m in check if m["msg_type"] == "stream")
    assert printed.split()[:3] == ["3", "False", "()"], printed
    assert "That card is no longer in this hand." in text     # the learner's plain sentence
    km.shutdown_kernel(now=True)
    kc.stop_channels()
