"""The widgets' messages when the lesson's Python runs in the learner's browser (Pyodide).

A widget's message is JSON, where Python's ``None`` is ``null``. Pyodide, which carries the
messages between Python (in a web worker) and the page, converts otherwise: Python's ``None``
becomes JavaScript's ``undefined``, and JavaScript's ``null`` becomes
``pyodide.ffi.jsnull`` (not ``None``). So, in the browser only,

* a trait set back to ``None`` never reached the page as ``null``: ``layout.display = None``
  (a part shown again, e.g. a finished round's result) left the part hidden, because the
  page's layout ignores an ``undefined`` value;
* a ``null`` sent by the page reached Python as ``jsnull``: a table whose page had no stored
  match was told that "a saved match cannot be read back".

:func:`adapt_comms` (run once when cardkit's widgets are imported, see ``guard.py``) makes
the kernel's comms send ``None`` as ``jsnull`` (which Pyodide turns into ``null``) and hand
Python ``None`` for every ``null`` the page sends. Outside Pyodide it does nothing.
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["adapt_comms", "nulls_to_js", "nulls_from_js"]


def nulls_to_js(value: Any, jsnull: Any) -> Any:
    """``value`` (a message's JSON-like content) with every ``None`` in it as ``jsnull``."""
    if value is None:
        return jsnull
    if isinstance(value, dict):
        return {k: nulls_to_js(v, jsnull) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [nulls_to_js(v, jsnull) for v in value]
    return value


def nulls_from_js(value: Any, jsnull: Any) -> Any:
    """``value`` (a message from the page) with every ``jsnull`` in it as ``None``."""
    if value is jsnull:
        return None
    if isinstance(value, dict):
        return {k: nulls_from_js(v, jsnull) for k, v in value.items()}
    if isinstance(value, list):
        return [nulls_from_js(v, jsnull) for v in value]
    return value


def adapt_comms(force: bool = False) -> bool:
    """In Pyodide's kernel (or with ``force``, for a test), make the comms carry ``null``
    both ways; True if they do (done once)."""
    if sys.platform != "emscripten" and not force:
        return False
    try:
        from comm.base_comm import CommManager
        from pyodide.ffi import jsnull
        from pyodide_kernel.comm import Comm
    except ImportError:
        return False
    if getattr(Comm, "_cardkit_nulls", False):
        return True
    publish = Comm.publish_msg

    def publish_msg(self: Any, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> Any:
        data = None if data is None else nulls_to_js(data, jsnull)
        return publish(self, msg_type, data, metadata, buffers, **keys)

    Comm.publish_msg = publish_msg

    def receiving(handler: Any) -> Any:
        def receive(self: Any, stream: Any, ident: Any, msg: Any) -> Any:
            return handler(self, stream, ident, nulls_from_js(msg, jsnull))
        return receive

    CommManager.comm_open = receiving(CommManager.comm_open)
    CommManager.comm_msg = receiving(CommManager.comm_msg)
    Comm._cardkit_nulls = True
    return True
