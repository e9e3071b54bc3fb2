"""What the page may change in a widget, and nothing more; no traceback ever goes back to it.

A widget's state lives in Python; the browser shows it. The page may *ask* for changes
(the widgets' JavaScript sends messages: a card clicked, an answer submitted) and may set
the few synced traits a learner changes by hand (the text typed in a box, the entry chosen
in a menu). Anything else a page sends — ``count=-1``, ``selected`` of a card not held,
``disabled``, a quiz's ``solved``, a layout — is refused: :meth:`FrontEndGuard.set_state`
raises :class:`traitlets.TraitError`, nothing changes, and the page is sent the true state
again. A value that is allowed but wrong (``selected`` of a card not in the hand) fails its
validator, which raises :class:`WidgetError` (a ``TraitError``, so traitlets puts the old
value back, and a :class:`~cardkit.CardkitError`, so code that catches those still does).

No error in a handler reaches the page as a traceback, on any channel: messages from the
page are handled here (not by ipywidgets' handler, which would send the traceback as an
``error`` message), callbacks given to ``on_msg`` and ``on_click`` are wrapped, and in a
served page (``CARDKIT_SERVED=1``, set by ``python -m cardkit.app``) the ``cardkit`` loggers
write to no stream the kernel forwards (a file when ``CARDKIT_LOG_FILE`` is set). The learner
sees a plain sentence where the widget has room for one (:meth:`FrontEndGuard.tell_learner`).

Every cardkit widget is guarded: its own classes take :class:`FrontEndGuard` first, and the
plain ipywidgets they are built from come from here (``from .guard import Button, HTML …``),
their layouts and styles too.
"""

from __future__ import annotations

import functools
import logging
import os
from typing import Any, Callable, ClassVar, Optional

import comm.base_comm as _comm_base
import ipywidgets
from ipywidgets.widgets.widget_style import Style as _Style
from traitlets import TraitError

from ..errors import CardkitError
from ..i18n import say
from . import shared_parts as _shared_parts
from .in_browser import adapt_comms

__all__ = [
    "WidgetError",
    "FrontEndGuard",
    "guarded_class",
    "Box", "HBox", "VBox", "HTML", "Button", "Text", "Dropdown", "RadioButtons",
    "IntSlider", "SelectionSlider", "IntProgress", "Layout", "Widget",
]

log = logging.getLogger("cardkit.widgets")

#: What the learner reads when something went wrong in a handler.
PLAIN_ERROR = say("widgets.plain_error")


#: The loggers kept off the kernel's output streams in a served page: cardkit's own, and those
#: of the comm layer and the widgets, which write a crafted message's error (and its traceback)
#: to stderr — the stream the kernel forwards to the page.
QUIET_LOGGERS = ("cardkit", _comm_base.logger.name, "ipykernel.comm", "traitlets", "ipywidgets")


def _quiet_logging() -> None:
    """In a served page, keep these log lines (and their tracebacks) off the kernel's output
    streams, which the kernel forwards to the page (to a file when ``CARDKIT_LOG_FILE`` is set)."""
    if os.environ.get("CARDKIT_SERVED") != "1":
        return
    path = os.environ.get("CARDKIT_LOG_FILE")
    handler: logging.Handler = logging.FileHandler(path, encoding="utf-8") if path else logging.NullHandler()
    for name in QUIET_LOGGERS:
        logger = logging.getLogger(name)
        if getattr(logger, "_cardkit_quiet", False):
            continue
        logger.propagate = False
        logger.handlers[:] = [handler]
        logger._cardkit_quiet = True  # type: ignore[attr-defined]


_quiet_logging()
adapt_comms()   # in the learner's browser (Pyodide): the widgets' messages carry null both ways


class WidgetError(CardkitError, TraitError):
    """A value a widget does not take: a :class:`traitlets.TraitError` (so traitlets keeps the
    old value) and a :class:`~cardkit.CardkitError` (a plain-language message)."""


def _safe(callback: Callable, widget: Any) -> Callable:
    @functools.wraps(callback)
    def safe(*args: Any, **kwargs: Any) -> Any:
        try:
            return callback(*args, **kwargs)
        except Exception as exc:  # never a traceback to the page
            log.error("a widget handler failed: %s: %s", type(exc).__name__, exc)
            FrontEndGuard.tell_learner(widget, str(PLAIN_ERROR))
            return None
    safe._cardkit_original = callback  # type: ignore[attr-defined]
    return safe


def _bad_index(widget: Any, value: Any) -> bool:
    """Whether ``value`` is no index the page may choose in a selection widget: an int (not a
    bool) naming one of its options (a tuple of such ints for a multiple selection)."""
    labels = getattr(widget, "_options_labels", None)
    if labels is None:
        return False
    n = len(labels)

    def one(i: Any) -> bool:
        return type(i) is int and 0 <= i < n

    if isinstance(getattr(widget, "index", None), tuple):
        return not (isinstance(value, (list, tuple)) and all(one(i) for i in value))
    return not one(value)


def _page_set_state(widget: Any, sync_data: Any, may_set: Any) -> None:
    """The page sets synced traits of ``widget``: only those in ``may_set`` (None: any), each
    with a value it may hold; otherwise :class:`traitlets.TraitError`, nothing changes and the
    page is sent the true state again."""
    if not isinstance(sync_data, dict):
        raise TraitError("a widget's state is a mapping of names to values")
    keys = getattr(widget, "keys", ())
    refused = sorted(str(k) for k in sync_data if (may_set is not None and k not in may_set) or k not in keys)
    if "index" in sync_data and "index" not in refused and _bad_index(widget, sync_data["index"]):
        refused.append("index")
    if refused:
        _resend(widget, [k for k in refused if k in keys])
        raise TraitError(f"the page may not change {', '.join(refused)} of {type(widget).__name__}")
    before = {k: getattr(widget, k) for k in sync_data}
    try:
        setter = super(FrontEndGuard, widget).set_state if isinstance(widget, FrontEndGuard) else widget.set_state
        setter(sync_data)
    except Exception as exc:
        for name, value in before.items():  # whatever failed, the old values stay
            try:
                widget.set_trait(name, value)
            except Exception:
                pass
        _resend(widget, list(before))
        if isinstance(exc, TraitError):
            raise
        raise TraitError(f"{type(widget).__name__} refused {', '.join(before)}: {exc}") from exc


def _resend(widget: Any, names: list) -> None:
    if names:
        try:
            widget.send_state(names)
        except Exception:
            pass


def _page_may_set(widget: Any) -> Any:
    """What the page may set in ``widget``: a guarded widget's ``_front_end_may_set``; nothing
    in a layout, a style or the assets; anything (each value checked) in a plain widget."""
    if isinstance(widget, FrontEndGuard):
        return widget._front_end_may_set
    if isinstance(widget, (ipywidgets.Layout, _Style)):
        return frozenset()
    return None


def _handle_page_msg(widget: Any, msg: Any) -> None:
    """A message from the page to ``widget`` (any widget in this kernel): state updates through
    :func:`_page_set_state`, state requests, custom messages; nothing ever reaches the page as a
    traceback, and what is refused is only logged."""
    try:
        data = msg["content"]["data"]
        if not isinstance(data, dict):
            log.info("refused a message from the page whose data is %s", type(data).__name__)
            return
        method = data.get("method")
        if method == "update" and "state" in data:
            state = data["state"]
            if data.get("buffer_paths"):
                from ipywidgets.widgets.widget import _put_buffers

                _put_buffers(state, data["buffer_paths"], msg.get("buffers") or [])
            if isinstance(widget, FrontEndGuard):
                widget.set_state(state)
            else:
                _page_set_state(widget, state, _page_may_set(widget))
        elif method == "request_state":
            widget.send_state()
        elif method == "custom" and "content" in data:
            widget._handle_custom_msg(data["content"], msg.get("buffers") or [])
        else:
            log.info("ignored a message from the page with method %r", method)
    except TraitError as exc:
        log.info("refused a change from the page: %s", exc)
    except Exception as exc:
        log.error("a message from the page failed: %s: %s", type(exc).__name__, exc)
        FrontEndGuard.tell_learner(widget, str(PLAIN_ERROR))


class FrontEndGuard:
    """Mixin (put it first) for a widget class: the page may set only the synced traits
    named in ``_front_end_may_set``; see the module."""

    _front_end_may_set: ClassVar[frozenset] = frozenset()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _guard_parts(self)
        if getattr(self, "comm", None) is not None:
            self.comm.on_msg(self._handle_msg)  # ours, not ipywidgets' (which shows tracebacks)

    # -- what the page may change
    def set_state(self, sync_data: dict) -> None:
        """The page sets synced traits: only those in ``_front_end_may_set`` (an index only to
        one of the options); any other is refused with :class:`traitlets.TraitError` and
        nothing changes."""
        _page_set_state(self, sync_data, self._front_end_may_set)

    def _resend(self, names: list) -> None:
        _resend(self, names)

    # -- messages from the page
    def _handle_msg(self, msg: dict) -> None:
        _handle_page_msg(self, msg)

    def on_msg(self, callback: Callable, remove: bool = False) -> None:
        """ipywidgets' ``on_msg``, with the callback's errors kept from the page."""
        if remove:
            for cb in list(self._msg_callbacks.callbacks):
                if getattr(cb, "_cardkit_original", cb) is callback:
                    self._msg_callbacks.register_callback(cb, remove=True)
            return
        super().on_msg(_safe(callback, self))

    def tell_learner(self, text: str) -> None:
        """Show ``text`` where this widget has room for a sentence (a hand's note, an
        exercise's feedback, a message line); otherwise it is only logged."""
        for name in ("say", "error"):
            method = getattr(self, name, None)
            if callable(method):
                try:
                    method(text)
                except Exception:
                    pass
                return


@functools.lru_cache(maxsize=None)
def guarded_class(cls: type) -> type:
    """``cls`` (an ipywidgets class) with :class:`FrontEndGuard` in front, allowing nothing."""
    if issubclass(cls, FrontEndGuard):
        return cls
    return type(cls.__name__, (FrontEndGuard, cls), {"__module__": __name__, "_front_end_may_set": frozenset()})


def _guard_parts(widget: Any) -> None:
    """A widget's layout and style are widgets of their own: guard them too (allowing nothing)."""
    for name in ("layout", "style"):
        part = widget._trait_values.get(name) if name in getattr(widget, "keys", ()) else None
        if isinstance(part, ipywidgets.Widget) and not isinstance(part, FrontEndGuard):
            part.__class__ = guarded_class(type(part))
            if part.comm is not None:
                part.comm.on_msg(part._handle_msg)


def _make(cls: type, may_set: tuple = ()) -> type:
    return type(cls.__name__, (FrontEndGuard, cls), {"__module__": __name__, "_front_end_may_set": frozenset(may_set),
                                                      "__doc__": f"ipywidgets.{cls.__name__}, guarded (the page may set: "
                                                                 f"{', '.join(may_set) or 'nothing'})."})


Box = _make(ipywidgets.Box)
HBox = _make(ipywidgets.HBox)
VBox = _make(ipywidgets.VBox)
HTML = _make(ipywidgets.HTML)
Text = _make(ipywidgets.Text, ("value",))
Dropdown = _make(ipywidgets.Dropdown, ("index",))
Checkbox = _make(ipywidgets.Checkbox, ("value",))
RadioButtons = _make(ipywidgets.RadioButtons, ("index",))
IntSlider = _make(ipywidgets.IntSlider, ("value",))
SelectionSlider = _make(ipywidgets.SelectionSlider, ("index",))
IntProgress = _make(ipywidgets.IntProgress)
Layout = _make(ipywidgets.Layout)
#: For type hints: any widget.
Widget = ipywidgets.Widget


class Button(FrontEndGuard, ipywidgets.Button):
    """ipywidgets.Button, guarded: the page may press it (a message), set nothing; a click
    handler's error never reaches the page as a traceback."""

    def on_click(self, callback: Callable, remove: bool = False) -> None:
        if remove:
            for cb in list(self._click_handlers.callbacks):
                if getattr(cb, "_cardkit_original", cb) is callback:
                    self._click_handlers.register_callback(cb, remove=True)
            return
        super().on_click(_safe(callback, self))


# --------------------------------------------------------------------------- every widget, every comm

def _plain_widget_msg(self: ipywidgets.Widget, msg: dict) -> None:
    """ipywidgets' handler of a page's message, for every widget in the kernel (the plain ones
    lessons and the classroom build too): see :func:`_handle_page_msg`."""
    _handle_page_msg(self, msg)


#: ipywidgets' own handler, replaced below (tests/test_app_overrides.py watches what it did).
IPYWIDGETS_HANDLE_MSG = ipywidgets.Widget.__dict__["_handle_msg"]
if IPYWIDGETS_HANDLE_MSG is not _plain_widget_msg:
    ipywidgets.Widget._handle_msg = _plain_widget_msg  # type: ignore[method-assign]

#: The comm targets a page may open (ipywidgets' control channel, through which the page asks
#: for every widget's state at once). A page never makes a widget of its own in a lesson.
PAGE_TARGETS = frozenset({"jupyter.widget.control"})
_MAX_ID = 128


def _comm_content(msg: Any) -> Optional[dict]:
    content = msg.get("content") if isinstance(msg, dict) else None
    if not isinstance(content, dict):
        return None
    comm_id = content.get("comm_id")
    if not isinstance(comm_id, str) or not 0 < len(comm_id) <= _MAX_ID:
        return None
    return content


def guard_comms(manager: Any, handlers: dict) -> None:
    """Put guards in front of a kernel's ``comm_open``, ``comm_msg`` and ``comm_close`` shell
    handlers (``handlers``: the kernel's ``shell_handlers``; ``manager``: its comm manager):
    the page may open only :data:`PAGE_TARGETS` under a new comm id, send messages only to
    comms that exist, and close only what it opened. Anything else is dropped with one quiet
    log line: nothing is registered, nothing closed, nothing sent back."""
    if getattr(manager, "_cardkit_guarded", False):
        return
    original = {name: handlers.get(name) for name in ("comm_open", "comm_msg", "comm_close")}

    def comm_open(stream: Any, ident: Any, msg: Any) -> None:
        content = _comm_content(msg)
        target = content.get("target_name") if content is not None else None
        if content is None or target not in PAGE_TARGETS or target not in manager.targets:
            log.info("refused a comm_open from the page (target %.40r)", target)
            return
        if content["comm_id"] in manager.comms:
            log.info("refused a comm_open from the page reusing comm id %.40s", content["comm_id"])
            return
        try:
            original["comm_open"](stream, ident, msg)
        except Exception as exc:
            log.info("a comm_open from the page failed: %s", type(exc).__name__)

    def comm_msg(stream: Any, ident: Any, msg: Any) -> None:
        content = _comm_content(msg)
        if content is None or content["comm_id"] not in manager.comms or not isinstance(content.get("data"), dict):
            log.info("refused a comm_msg from the page (no such comm, or no data)")
            return
        try:
            original["comm_msg"](stream, ident, msg)
        except Exception as exc:
            log.info("a comm_msg from the page failed: %s", type(exc).__name__)

    def comm_close(stream: Any, ident: Any, msg: Any) -> None:
        content = _comm_content(msg)
        comm = manager.comms.get(content["comm_id"]) if content is not None else None
        if comm is None or getattr(comm, "target_name", None) not in PAGE_TARGETS:
            log.info("refused a comm_close from the page of a comm it did not open")
            return
        try:
            original["comm_close"](stream, ident, msg)
        except Exception as exc:
            log.info("a comm_close from the page failed: %s", type(exc).__name__)

    for name, handler in (("comm_open", comm_open), ("comm_msg", comm_msg), ("comm_close", comm_close)):
        if original[name] is not None:
            handlers[name] = handler
    manager._cardkit_guarded = True


def _guard_this_kernel() -> None:
    """In a served page's kernel, guard its comm handlers (:func:`guard_comms`)."""
    if os.environ.get("CARDKIT_SERVED") != "1":
        return
    try:
        from IPython import get_ipython

        kernel = getattr(get_ipython(), "kernel", None)
        manager = getattr(kernel, "comm_manager", None)
        handlers = getattr(kernel, "shell_handlers", None)
    except Exception:
        return
    if manager is not None and isinstance(handlers, dict):
        guard_comms(manager, handlers)


_guard_this_kernel()

# Every widget's default layout and style: one shared, guarded part per kernel (shared_parts.py;
# CARDKIT_SHARED_PARTS=0 keeps ipywidgets' one part per widget, to measure the difference).
if os.environ.get("CARDKIT_SHARED_PARTS", "1") != "0":
    Layout = _shared_parts.interning(Layout, ipywidgets.Layout)
    _shared_parts.install(lambda cls: Layout if cls is ipywidgets.Layout else guarded_class(cls))
