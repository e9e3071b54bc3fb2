"""The server's watch on each kernel's messages does what jupyter_server's does, reading less
(issue 21, item 1): cardkit.app.kernels.activity_recorder against the parent's record_activity."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest
from jupyter_client.session import Session
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from cardkit.app import kernels as ck_kernels
from cardkit.app.kernels import ClassroomKernelManager, activity_recorder


class _Stream:
    def __init__(self):
        self.callback = None

    def on_recv(self, callback):
        self.callback = callback


def _kernel(session, state):
    return SimpleNamespace(session=session, execution_state=state, last_activity=None, reason="",
                           connect_iopub=_Stream)


#: (message type, parent's message type, content): what a kernel publishes while a page arrives.
MESSAGES = [
    ("status", "kernel_info_request", {"execution_state": "busy"}),
    ("status", "kernel_info_request", {"execution_state": "idle"}),
    ("status", "comm_info_request", {"execution_state": "busy"}),
    ("status", "comm_msg", {"execution_state": "busy"}),
    ("comm_msg", "comm_msg", {"comm_id": "x", "data": {"method": "update", "state": {"value": "<b>9</b>" * 300}}}),
    ("status", "comm_msg", {"execution_state": "idle"}),
    ("stream", "execute_request", {"name": "stdout", "text": "hi"}),
    ("display_data", None, {"data": {}, "metadata": {}}),
    ("status", None, {"execution_state": "starting"}),
    ("status", None, {"execution_state": "idle"}),
    ("execute_result", "execute_request", {"data": {}, "metadata": {}, "execution_count": 1}),
    ("comm_open", None, {"comm_id": "y", "target_name": "jupyter.widget", "data": {}}),
]


def _frames(session, msg_type, parent_type, content):
    parent = session.msg(parent_type, {}) if parent_type else {}
    return session.serialize(session.msg(msg_type, content, parent=parent))


@pytest.mark.parametrize("start", ["starting", "idle", "busy"])
def test_the_recorder_sets_what_the_parents_record_activity_sets(start):
    session = Session(key=b"secret")
    manager = ClassroomKernelManager()
    ours, theirs = _kernel(session, start), _kernel(session, start)
    manager._kernels = {"ours": ours, "theirs": theirs}
    ClassroomKernelManager.start_watching_activity(manager, "ours")
    AsyncMappingKernelManager.start_watching_activity(manager, "theirs")
    for msg_type, parent_type, content in MESSAGES:
        frames = _frames(session, msg_type, parent_type, content)
        before = (ours.last_activity, theirs.last_activity)
        time.sleep(0.001)
        ours._activity_stream.callback(list(frames))
        theirs._activity_stream.callback(list(frames))
        assert ours.execution_state == theirs.execution_state, (msg_type, parent_type)
        assert (ours.last_activity != before[0]) == (theirs.last_activity != before[1]), (msg_type, parent_type)


def test_a_message_it_cannot_read_changes_nothing_and_raises_nothing():
    manager = ClassroomKernelManager()
    kernel = _kernel(Session(), "idle")
    record = activity_recorder(manager, kernel)
    for frames in ([], [b"junk"], [b"<IDS|MSG>", b"sig", b"not json"], [b"<IDS|MSG>", b"", b"{}", b"[]", b"{}", b"{}"]):
        record(frames)
    assert kernel.execution_state == "idle"


def test_the_recorder_neither_checks_signatures_nor_parses_dates(monkeypatch):
    """What makes it cheap: no HMAC and no date parsing per message (the parent does both)."""
    session = Session(key=b"secret")
    frames = _frames(session, "comm_msg", "comm_msg", {"comm_id": "x", "data": {"method": "update", "state": {}}})
    calls = []
    monkeypatch.setattr(Session, "deserialize", lambda *a, **k: calls.append("deserialize"))
    monkeypatch.setattr(ck_kernels.json, "loads", _counting(ck_kernels.json.loads, calls))
    kernel = _kernel(session, "idle")
    activity_recorder(ClassroomKernelManager(), kernel)(list(frames))
    assert calls == ["loads"] and kernel.last_activity is not None


def _counting(loads, calls):
    def counted(*args, **kwargs):
        calls.append("loads")
        return loads(*args, **kwargs)
    return counted
