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
from typing import Any, Callable, ClassVar

import ipywidgets
from traitlets import TraitError

from ..errors import CardkitError

__all__ = [
    "WidgetError",
    "FrontEndGuard",
    "guarded_class",
    "Box", "HBox", "VBox", "HTML", "Button", "Text", "Dropdown", "RadioButtons",
    "IntSlider", "SelectionSlider", "IntProgress", "Layout", "Widget",
]

log = logging.getLogger("cardkit.widgets")

#: What the learner reads when something went wrong in a handler.
PLAIN_ERROR = "That did not work. Please try again, or reload the page."


def _quiet_logging() -> None:
    """In a served page, keep cardkit's log lines (and their tracebacks) off the kernel's
    output streams, which the kernel forwards to the page."""
    if os.environ.get("CARDKIT_SERVED") != "1":
        return
    root = logging.getLogger("cardkit")
    if getattr(root, "_cardkit_quiet", False):
        return
    root.propagate = False
    path = os.environ.get("CARDKIT_LOG_FILE")
    handler: logging.Handler = logging.FileHandler(path, encoding="utf-8") if path else logging.NullHandler()
    root.addHandler(handler)
    root._cardkit_quiet = True  # type: ignore[attr-defined]


_quiet_logging()


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
            FrontEndGuard.tell_learner(widget, PLAIN_ERROR)
            return None
    safe._cardkit_original = callback  # type: ignore[attr-defined]
    return safe


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
        """The page sets synced traits: only those in ``_front_end_may_set``; any other is
        refused with :class:`traitlets.TraitError` and nothing changes."""
        if not isinstance(sync_data, dict):
            raise TraitError("a widget's state is a mapping of names to values")
        refused = sorted(str(k) for k in sync_data if k not in self._front_end_may_set)
        if refused:
            self._resend([k for k in refused if k in self.keys])
            raise TraitError(f"the page may not change {', '.join(refused)} of {type(self).__name__}")
        before = {k: getattr(self, k) for k in sync_data if k in self.keys}
        try:
            super().set_state(sync_data)
        except Exception as exc:
            for name, value in before.items():  # whatever failed, the old values stay
                try:
                    self.set_trait(name, value)
                except Exception:
                    pass
            self._resend(list(before))
            if isinstance(exc, TraitError):
                raise
            raise TraitError(f"{type(self).__name__} refused {', '.join(before)}: {exc}") from exc

    def _resend(self, names: list) -> None:
        if names:
            try:
                self.send_state(names)
            except Exception:
                pass

    # -- messages from the page
    def _handle_msg(self, msg: dict) -> None:
        try:
            data = msg["content"]["data"]
            method = data.get("method")
            if method == "update" and "state" in data:
                state = data["state"]
                if data.get("buffer_paths"):
                    from ipywidgets.widgets.widget import _put_buffers

                    _put_buffers(state, data["buffer_paths"], msg.get("buffers") or [])
                self.set_state(state)
            elif method == "request_state":
                self.send_state()
            elif method == "custom" and "content" in data:
                self._handle_custom_msg(data["content"], msg.get("buffers") or [])
            else:
                log.info("ignored a message from the page with method %r", method)
        except TraitError as exc:
            log.info("refused a change from the page: %s", exc)
        except Exception as exc:
            log.error("a message from the page failed: %s: %s", type(exc).__name__, exc)
            self.tell_learner(PLAIN_ERROR)

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
        part = getattr(widget, name, None) if name in getattr(widget, "keys", ()) else None
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
