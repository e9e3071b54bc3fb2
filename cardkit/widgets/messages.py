"""Messages for the learner: a status line, an event log, and safe callbacks.

* :class:`StatusMessage` — one message at a time (information, success, warning or
  error), shown with an icon *and* words, in a polite live region so that screen
  readers read it out.
* :class:`EventLog` — the last few lines of what happened ("Player 2 passes").
* :func:`safe_callback` — wrap a button or observer handler so that an error
  becomes a plain-language message in a :class:`StatusMessage` instead of a
  traceback.
"""

from __future__ import annotations

import functools
import logging
from typing import Any, Callable, Iterable, Optional, TypeVar, Union

import anywidget
from traitlets import Bool, Int, List, Unicode, validate

from ..errors import CardkitError
from ..i18n import say
from .frontend import STATIC, ModuleWidget, register_module
from .guard import FrontEndGuard, WidgetError

__all__ = ["StatusMessage", "EventLog", "safe_callback", "show_error", "error_text"]

log = logging.getLogger("cardkit.widgets")

KINDS = ("info", "success", "warning", "error")
_ICON_TEXT = {"info": "ℹ", "success": "✔", "warning": "⚠", "error": "✖"}


register_module("status", STATIC / "status.js", STATIC / "messages.css")
register_module("log", STATIC / "log.js", STATIC / "messages.css")


class StatusMessage(FrontEndGuard, ModuleWidget, anywidget.AnyWidget):
    """A message area: ``status.info(...)``, ``.success(...)``, ``.warning(...)``,
    ``.error(...)``, ``.clear()``.

    The kind of message is shown by an icon (ℹ ✔ ⚠ ✖) and, for screen readers, a
    word, never by colour alone.  ``status.text`` and ``status.kind`` hold the
    message now shown.
    """

    _module = Unicode("status").tag(sync=True)
    text = Unicode("", help="The message now shown ('' for none).").tag(sync=True)
    kind = Unicode("info", help="'info', 'success', 'warning' or 'error'.").tag(sync=True)
    _n = Int(0).tag(sync=True)
    _word = Unicode("", help="The kind's word for screen readers ('Note: '), in the page's language.").tag(sync=True)
    moment = Int(0, help="Which moment the message belongs to (a table: how many log lines it had "
                         "then), on the page as data-moment, so that a page and its tests can tell "
                         "the status and the log agree.").tag(sync=True)

    def __init__(self, text: str = "", kind: str = "info", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if text:
            self.show(text, kind)
        else:
            self.kind = kind
            self._word = str(say(f"widgets.status_word.{kind}"))

    @validate("kind")
    def _check_kind(self, proposal: dict) -> str:
        kind = proposal["value"]
        if kind not in KINDS:
            raise WidgetError(say("widgets.bad_kind", choices=", ".join(KINDS), given=repr(kind)))
        return kind

    def show(self, text: Any, kind: str = "info", moment: Optional[int] = None) -> None:
        """Show ``text`` (a sentence, or a message to say in the page's language) as a
        message of this ``kind``, replacing the previous one; ``moment`` (see the trait)."""
        with self.hold_sync():
            if moment is not None:
                self.moment = moment
            self.kind = kind
            self._word = str(say(f"widgets.status_word.{kind}"))
            self.text = str(text)
            self._n += 1

    def info(self, text: str) -> None:
        """Show a piece of information."""
        self.show(text, "info")

    def success(self, text: str) -> None:
        """Show that something worked."""
        self.show(text, "success")

    def warning(self, text: str) -> None:
        """Show a warning."""
        self.show(text, "warning")

    def error(self, text: str) -> None:
        """Show what went wrong, in plain language."""
        self.show(text, "error")

    def clear(self) -> None:
        """Remove the message."""
        self.text = ""

    def __repr__(self) -> str:
        if not self.text:
            return "StatusMessage()"
        return f"StatusMessage({_ICON_TEXT[self.kind]} {self.text})"


class EventLog(FrontEndGuard, ModuleWidget, anywidget.AnyWidget):
    """The last ``max_lines`` lines of what happened, newest last.

    ``log.add('Player 2 passes')`` adds a line; anything with a ``.text`` (such as
    a game's events) can be added too, and ``log.extend(state.events[seen:])``
    adds many.  Screen readers read each new line out.
    """

    _module = Unicode("log").tag(sync=True)
    lines = List(Unicode(), help="The lines now shown, oldest first.").tag(sync=True)
    max_lines = Int(8, help="How many lines are kept.").tag(sync=True)
    title = Unicode("", help="A heading over the lines.").tag(sync=True)
    empty_text = Unicode("", help="Shown while there are no lines.").tag(sync=True)
    _total = Int(0).tag(sync=True)
    _aria_name = Unicode("", help="What screen readers call the log when it has no title.").tag(sync=True)
    screen_readers_only = Bool(False, help="True: the log is not shown on the page but still read out "
                               "(its lines told elsewhere, e.g. by a table's coach).").tag(sync=True)

    def __init__(self, lines: Iterable[Any] = (), *, max_lines: int = 8, title: str = "", **kwargs: Any) -> None:
        kwargs.setdefault("empty_text", str(say("tables.log_empty")))
        kwargs.setdefault("_aria_name", str(say("tables.log_title")))
        super().__init__(**kwargs)
        with self.hold_sync():
            self.max_lines = max_lines
            self.title = title
            self.extend(lines)

    @validate("max_lines")
    def _check_max(self, proposal: dict) -> int:
        n = proposal["value"]
        if n < 1:
            raise WidgetError(say("widgets.bad_max_lines", n=str(n)))
        return n

    @staticmethod
    def _line(item: Any) -> str:
        text = getattr(item, "text", item)
        return str(text)

    def add(self, *items: Any) -> None:
        """Add one line per item (a string, or anything with a ``.text``)."""
        self.extend(items)

    def extend(self, items: Iterable[Any]) -> None:
        """Add a line for each item."""
        new = [self._line(i) for i in items]
        if not new:
            return
        with self.hold_sync():
            self._total += len(new)
            self.lines = (list(self.lines) + new)[-self.max_lines:]

    def clear(self) -> None:
        """Remove every line; the numbering starts again at 1."""
        with self.hold_sync():
            self._total = 0
            self.lines = []

    def __repr__(self) -> str:
        if not self.lines:
            return "EventLog()"
        return "EventLog(" + " | ".join(self.lines) + ")"


MessageArea = Any  # a StatusMessage, anything with .error(text), or an ipywidgets.Output

F = TypeVar("F", bound=Callable[..., Any])


def error_text(exc: BaseException) -> str:
    """What to tell a learner about ``exc``: a cardkit error's own message, or
    "Something went wrong: …" for anything else."""
    if isinstance(exc, CardkitError):
        return str(exc) or str(say("tables.not_allowed"))
    detail = str(exc).strip() or type(exc).__name__
    return str(say("tables.went_wrong", detail=detail))


def show_error(messages: MessageArea, exc: BaseException) -> None:
    """Show ``exc`` in ``messages`` in plain language (see :func:`error_text`), and
    log anything that is not a :class:`~cardkit.CardkitError` with its traceback."""
    text = error_text(exc)
    if not isinstance(exc, CardkitError):
        log.error("%s", text, exc_info=exc)
    if messages is None:
        if isinstance(exc, CardkitError):
            log.warning("%s", text)  # nowhere to show it: at least keep it in the log
        return
    try:
        if hasattr(messages, "error"):
            messages.error(text)
        elif hasattr(messages, "append_stdout"):
            messages.append_stdout(text + "\n")
        else:
            log.error("cannot show a message in %r", messages)
    except Exception:  # pragma: no cover - showing the message failed too
        log.exception("could not show the message %r", text)


def safe_callback(messages: Union[MessageArea, F, None] = None, func: Optional[F] = None) -> Any:
    """Wrap a button or observer handler so that no traceback reaches the page.

    Use it as a decorator::

        status = StatusMessage()

        @safe_callback(status)
        def on_click(button):
            ...

    If the handler raises a :class:`~cardkit.CardkitError` (such as an illegal
    move), its plain-language message is shown in ``status``; any other error is
    shown as "Something went wrong: …" and logged with its traceback (logger
    ``cardkit.widgets``).  The wrapped handler then returns None.

    ``messages`` may be a :class:`StatusMessage`, anything with an ``error(text)``
    method, or an ``ipywidgets.Output`` (the text is appended to it).
    ``safe_callback(status, handler)`` wraps directly, and a bare ``@safe_callback``
    only logs.
    """
    if func is None and callable(messages) and not hasattr(messages, "error") and not hasattr(messages, "append_stdout"):
        # Used bare, as @safe_callback (a message area is never a plain function).
        return safe_callback(None, messages)

    def wrap(handler: F) -> F:
        @functools.wraps(handler)
        def safe(*args: Any, **kwargs: Any) -> Any:
            try:
                return handler(*args, **kwargs)
            except Exception as exc:
                show_error(messages, exc)
                return None

        return safe  # type: ignore[return-value]

    if func is not None:
        return wrap(func)
    return wrap
