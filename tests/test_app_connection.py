"""The app's kernel websocket connection sends a page what jupyter_server's and Voilà's send,
reading each kernel message's header once (issue 21, item 1): cardkit.app.connection."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from jupyter_server.services.kernels.kernelmanager import ServerKernelManager as KernelManager
from jupyter_client.session import Session
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from cardkit.app import connection as ck_connection
from cardkit.app.kernels import ClassroomKernelManager
from cardkit.app.server import CardkitVoila, OwnedChannelsHandler

V1 = "v1.kernel.websocket.jupyter.org"

#: (channel, message type, content): what a kernel sends a page while it arrives and plays.
MESSAGES = [
    ("iopub", "status", {"execution_state": "busy"}),
    ("shell", "kernel_info_reply", {"status": "ok", "protocol_version": "5.3"}),
    ("shell", "comm_info_reply", {"status": "ok", "comms": {"a": {"target_name": "jupyter.widget"}}}),
    ("iopub", "comm_msg", {"comm_id": "a", "data": {"method": "update_states", "states": {"a": {"v": 1}}}}),
    ("iopub", "comm_msg", {"comm_id": "a", "data": {"method": "update", "state": {"value": "<b>9</b>" * 300}}}),
    ("iopub", "execute_input", {"code": "1", "execution_count": 1}),
    ("iopub", "stream", {"name": "stdout", "text": "hi"}),
    ("iopub", "error", {"ename": "ValueError", "evalue": "no", "traceback": ["line 1"]}),
    ("iopub", "status", {"execution_state": "idle"}),
    ("control", "shutdown_reply", {"status": "ok", "restart": False}),
]


class _Stream:
    def __init__(self, channel):
        self.channel = channel

    def closed(self):
        return False


class _Wire:
    """What tornado's websocket protocol object is to the handler: here, a record of frames."""

    selected_subprotocol = V1

    def __init__(self):
        self.frames = []

    def is_closing(self):
        return False

    def write_message(self, message, binary=False):
        self.frames.append((bytes(message), binary))


def _connection(cls, allow_tracebacks=True):
    manager = ClassroomKernelManager(allow_tracebacks=allow_tracebacks)
    kernel = KernelManager(parent=manager)
    # read there by jupyter_server's _on_error (the per-kernel manager has none of its own)
    kernel.traceback_replacement_message = manager.traceback_replacement_message
    handler = OwnedChannelsHandler.__new__(OwnedChannelsHandler)  # the app's handler, not served
    handler.ws_connection = _Wire()
    conn = cls(parent=kernel, websocket_handler=handler)
    conn.channels = {name: _Stream(name) for name in ("shell", "iopub", "control", "stdin")}
    return conn, handler.ws_connection


def _wire_messages(session):
    return [(channel, [b"ident"] + session.serialize(session.msg(msg_type, content, parent=session.msg("comm_msg", {}))))
            for channel, msg_type, content in MESSAGES]


def _send_all(conn, messages):
    for channel, frames in messages:
        conn.handle_outgoing_message(channel, list(frames))


def test_the_app_uses_the_lean_connection():
    assert CardkitVoila().kernel_websocket_connection_class is ck_connection.LeanChannelsConnection


@pytest.mark.parametrize("allow_tracebacks", [True, False])
def test_the_page_gets_the_frames_jupyter_and_voila_send(allow_tracebacks):
    session = Session(key=b"secret")
    ours, our_wire = _connection(ck_connection.LeanChannelsConnection, allow_tracebacks)
    theirs, their_wire = _connection(ZMQChannelsWebsocketConnection, allow_tracebacks)
    messages = _wire_messages(session)
    _send_all(ours, messages)
    _send_all(theirs, messages)
    assert our_wire.frames == their_wire.frames
    assert len(our_wire.frames) == len(MESSAGES) - 1  # execute_input is not sent


def _counting(monkeypatch, conn):
    """Count the JSON parses of message parts done by the connection, Voilà's handler and ours."""
    import voila.tornado.kernel_websocket_handler as voila_ws

    calls = []

    def loads(data, *args, **kwargs):
        calls.append(data)
        return json.loads(data, *args, **kwargs)

    unpack = conn.session.unpack

    def counted_unpack(data):
        calls.append(data)
        return unpack(data)

    conn.session.unpack = counted_unpack
    monkeypatch.setattr(voila_ws, "json", SimpleNamespace(loads=loads, dumps=json.dumps))
    monkeypatch.setattr(ck_connection, "json", SimpleNamespace(loads=loads, dumps=json.dumps))
    return calls


def test_a_widget_update_to_the_page_is_parsed_once(monkeypatch):
    """jupyter_server's connection parses an iopub message's header for the rate limit (or the
    tracebacks check) and Voilà parses it again from the frame: twice per widget update."""
    session = Session(key=b"secret")
    conn, wire = _connection(CardkitVoila().kernel_websocket_connection_class, allow_tracebacks=False)
    calls = _counting(monkeypatch, conn)
    frames = session.serialize(session.msg("comm_msg", {"comm_id": "a", "data": {"method": "update", "state": {}}},
                                           parent=session.msg("comm_msg", {})))
    conn.handle_outgoing_message("iopub", [b"ident"] + frames)
    assert len(wire.frames) == 1
    assert len(calls) == 1, f"{len(calls)} JSON parses for one widget update"
