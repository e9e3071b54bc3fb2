"""A crafted client, as the page's owner, talking to a served lesson kernel (no browser): every
bad input over the kernel's channels is refused, changes nothing, and puts nothing on any
channel — no ``stream`` text, no ``error`` message, no traceback, no comm closed that was not
the crafter's.

The kernel is a real ipykernel started with ``CARDKIT_SERVED=1`` (as ``python -m cardkit.app``
starts them); the widgets are a guarded dropdown, a plain ipywidgets dropdown (as the
classroom's strategy builder makes them), a hand (which brings the assets widget) and a
hidden box (``layout.display = 'none'``).
"""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path

import pytest

jupyter_client = pytest.importorskip("jupyter_client")

ROOT = Path(__file__).resolve().parents[1]

SETUP = r"""
import json, ipywidgets
from cardkit.widgets import guard
from cardkit.widgets.hand import Hand
from cardkit.widgets.frontend import assets
from cardkit import parse_cards
menu = guard.Dropdown(options=["a", "b", "c"], index=1)
plain = ipywidgets.Dropdown(options=["x", "y"], index=0)
hand = Hand(parse_cards("AS 2C 3D"))
hidden = guard.HTML("hidden")
hidden.layout.display = "none"
shown = guard.HTML("shown")
print(json.dumps({"menu": menu.model_id, "plain": plain.model_id, "hand": hand.model_id,
                  "assets": assets().model_id, "hidden_layout": hidden.layout.model_id,
                  "shown_layout": shown.layout.model_id, "hand_layout": hand.layout.model_id}))
"""

STATE = r"""
import json
from cardkit.widgets.frontend import assets
print(json.dumps({"menu": menu.index, "plain": plain.index, "hand": [str(c) for c in hand.cards],
                  "hand_open": hand.comm is not None and hand.model_id in __import__('comm').get_comm_manager().comms,
                  "assets_js": sorted(assets().modules)[:3], "assets_css": len(assets().styles),
                  "hidden": [hidden.layout.display, hidden.layout.visibility],
                  "shown": [shown.layout.display, shown.layout.visibility]}))
"""


@pytest.fixture(scope="module")
def kernel():
    env = dict(os.environ, CARDKIT_SERVED="1", PYTHONPATH=str(ROOT), PYDEVD_DISABLE_FILE_VALIDATION="1")
    km = jupyter_client.KernelManager(kernel_name="python3")
    km.start_kernel(env=env, cwd=str(ROOT))
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=60)
    try:
        yield km, kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def _drain(kc, timeout=0.5):
    out = []
    while True:
        try:
            out.append(kc.get_iopub_msg(timeout=timeout))
        except Exception:
            return out


def _run(kc, code):
    msg_id = kc.execute(code)
    texts, seen = [], []
    while True:
        msg = kc.get_iopub_msg(timeout=60)
        if msg["parent_header"].get("msg_id") != msg_id:
            seen.append(msg)
            continue
        if msg["msg_type"] == "stream" and msg["content"]["name"] == "stdout":
            texts.append(msg["content"]["text"])
            continue
        seen.append(msg)
        if msg["msg_type"] == "error":
            raise AssertionError("\n".join(msg["content"]["traceback"]))
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return "".join(texts), seen


def _send(kc, msg_type, content, metadata=None):
    msg = kc.session.msg(msg_type, content, metadata=metadata or {})
    kc.shell_channel.send(msg)
    return msg["header"]["msg_id"]


def _noise(messages):
    """What a crafted message put on iopub: text on a stream, an error, a closed comm."""
    found = []
    for m in messages:
        t = m["msg_type"]
        if t == "stream" or t == "error":
            found.append((t, json.dumps(m["content"])[:300]))
        elif t == "comm_close":
            found.append((t, m["content"].get("comm_id")))
    return found


def _bad_inputs(ids):
    big = "x" * 10_000
    menu, plain, hand, assets_id = ids["menu"], ids["plain"], ids["hand"], ids["assets"]
    update = lambda cid, state: ("comm_msg", {"comm_id": cid, "data": {"method": "update", "state": state,
                                                                    "buffer_paths": []}})
    yield "assets modules", update(assets_id, {"modules": {"evil": "alert(1)"}})
    yield "assets styles", update(assets_id, {"styles": "body{display:none}"})
    yield "layout display", update(ids["hidden_layout"], {"display": "block"})
    yield "layout visibility", update(ids["shown_layout"], {"visibility": "hidden"})
    yield "hand layout", update(ids["hand_layout"], {"display": "none"})
    for bad in (None, True, False, -1, 3, 99, "1", 1.5, [0], {"a": 1}):
        yield f"guarded index {bad!r}", update(menu, {"index": bad})
        yield f"plain index {bad!r}", update(plain, {"index": bad})
    yield "plain value", update(plain, {"value": "not an option"})
    yield "unknown method", ("comm_msg", {"comm_id": menu, "data": {"method": "nonsense"}})
    yield "no data", ("comm_msg", {"comm_id": menu})
    yield "data not a dict", ("comm_msg", {"comm_id": menu, "data": "update"})
    yield "state not a dict", update(menu, "index")
    yield "custom to a dropdown", ("comm_msg", {"comm_id": menu, "data": {"method": "custom", "content": {"x": 1}}})
    yield "msg to an unknown comm", ("comm_msg", {"comm_id": str(uuid.uuid4()), "data": {"method": "request_state"}})
    yield "msg without comm id", ("comm_msg", {"data": {"method": "request_state"}})
    for target in ("no.such.target", "", big):
        yield f"open target {target[:12]!r}", ("comm_open", {"comm_id": str(uuid.uuid4()), "target_name": target,
                                                              "data": {}})
    yield "widget open without state", ("comm_open", {"comm_id": str(uuid.uuid4()), "target_name": "jupyter.widget",
                                                     "data": {}})
    yield "widget open, bad state", ("comm_open", {"comm_id": str(uuid.uuid4()), "target_name": "jupyter.widget",
                                                  "data": {"state": {"_model_name": "DropdownModel",
                                                                     "_model_module": "@jupyter-widgets/controls",
                                                                     "_model_module_version": "2.0.0",
                                                                     "_view_module": "@jupyter-widgets/controls",
                                                                     "_view_module_version": "2.0.0",
                                                                     "_view_name": "DropdownView",
                                                                     "index": {"x": 1}}}})
    yield "open reusing the hand's comm id", ("comm_open", {"comm_id": hand, "target_name": "no.such.target",
                                                           "data": {}})
    yield "widget open reusing the hand's id", ("comm_open", {"comm_id": hand, "target_name": "jupyter.widget",
                                                             "data": {"state": {}}})
    yield "open without a comm id", ("comm_open", {"target_name": "jupyter.widget", "data": {}})
    yield "close of an unknown comm", ("comm_close", {"comm_id": str(uuid.uuid4()), "data": {}})
    yield "close of the hand's comm", ("comm_close", {"comm_id": hand, "data": {}})


def test_every_bad_input_on_the_kernel_channels_is_refused_in_silence(kernel):
    _km, kc = kernel
    out, _ = _run(kc, SETUP)
    ids = json.loads(out.strip().splitlines()[-1])
    before, _ = _run(kc, STATE)
    before = json.loads(before)
    assert before["hidden"] == ["none", None] and before["hand_open"]
    _drain(kc)
    noisy = {}
    for name, (msg_type, content) in _bad_inputs(ids):
        _send(kc, msg_type, content, metadata={"version": "2.1.0"})
        heard = _noise(_drain(kc, timeout=0.3))
        if heard:
            noisy[name] = heard
    after, seen = _run(kc, STATE)
    heard = _noise(seen)
    after = json.loads(after)
    assert noisy == {} and heard == [], (sorted(noisy), noisy, heard)
    assert after == before, (before, after)


def test_what_a_page_may_do_still_works(kernel):
    """The page's own traffic: the control comm's one ``request_states``, a chosen menu entry."""
    _km, kc = kernel
    out, _ = _run(kc, SETUP)
    ids = json.loads(out.strip().splitlines()[-1])
    _drain(kc)
    control = str(uuid.uuid4())
    _send(kc, "comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
          metadata={"version": "1.0.0"})
    _send(kc, "comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
    replies = [m for m in _drain(kc, timeout=1.0) if m["msg_type"] == "comm_msg"
               and m["content"]["comm_id"] == control]
    assert replies and ids["hand"] in replies[0]["content"]["data"]["states"]
    for cid, index in ((ids["menu"], 2), (ids["plain"], 1)):
        _send(kc, "comm_msg", {"comm_id": cid, "data": {"method": "update", "state": {"index": index},
                                                         "buffer_paths": []}})
    _drain(kc)
    out, _ = _run(kc, "print(menu.index, plain.index)")
    assert out.split() == ["2", "1"]
