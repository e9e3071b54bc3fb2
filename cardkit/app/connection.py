"""The kernel websocket's connection: jupyter_server's, reading each kernel message once.

This runs inside the server (:class:`~cardkit.app.server.CardkitVoila` names it as Voilà's
``kernel_websocket_connection_class``), never in a lesson.

For every message a kernel sends a page (every widget's state, every update), jupyter_server's
``ZMQChannelsWebsocketConnection.handle_outgoing_message`` with the browser's v1 protocol parses
the message's header from JSON for the iopub rate limit (or the tracebacks check), and Voilà's
``write_message`` parses it again from the frame just built, to drop ``execute_input``. Here the header is parsed once and handed to the same checks (they take a
header already read as it is), ``execute_input`` is dropped before the frame is built, and the
frame goes to the websocket without Voilà's second look. What reaches the page is the same,
frame for frame (``tests/test_app_connection.py``); other protocols go the parent's way.
"""

from __future__ import annotations

import json
from typing import Any

from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

__all__ = ["LeanChannelsConnection", "V1"]

V1 = "v1.kernel.websocket.jupyter.org"
_DELIMITER = b"<IDS|MSG>"


class LeanChannelsConnection(ZMQChannelsWebsocketConnection):
    """``ZMQChannelsWebsocketConnection`` parsing a kernel message's header once (see the module)."""

    def handle_outgoing_message(self, stream: Any, outgoing_msg: list) -> None:
        if self.subprotocol != V1:
            return super().handle_outgoing_message(stream, outgoing_msg)
        try:
            start = outgoing_msg.index(_DELIMITER) + 1
        except ValueError:  # what feed_identities would refuse
            return super().handle_outgoing_message(stream, outgoing_msg)
        parts = outgoing_msg[start + 1:]  # header, parent header, metadata, content, buffers
        if isinstance(stream, str):
            stream = self.channels[stream]
        channel = getattr(stream, "channel", None)
        header = json.loads(parts[0])
        if header.get("msg_type") == "execute_input":
            return  # Voilà's handler never sends these to the page
        msg = {"header": header, "parent_header": None, "content": None}
        self._on_error(channel, msg, parts)
        if self._limit_rate(channel, msg, parts):
            return
        if stream.closed():
            self.log.warning("zmq message arrived on closed channel")
            self.disconnect()
            return
        # the frame as the parent builds it, written past Voilà's write_message (checked above)
        KernelWebsocketHandler.write_message(self.websocket_handler, serialize_msg_to_ws_v1(parts, channel),
                                             binary=True)
