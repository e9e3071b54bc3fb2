"""Boxes a lesson shows: objectives, a summary, a note, a function's code.

Every object here shows itself twice: as HTML for the page, and as plain text
(the ``text/plain`` that strict ``pytest --nbval`` compares, and what a screen
reader or a terminal gets).  Figures a lesson states are also recorded in the
output's metadata under ``"cardkit"`` → ``"figures"`` so that a test can compare
each with an independent computation.

The HTML carries inline styles (JupyterLab's sanitiser keeps them, where it
would drop a stylesheet): :func:`box_style`, the font :data:`FONT_STACK`.
Nothing here needs numpy or matplotlib.
"""

from __future__ import annotations

import html
import inspect
import re
import sys
import textwrap
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence

from ..widgets import guard as ipywidgets

from ..errors import CardkitError
from ..i18n import Message, render, say
from ..widgets.frontend import FONT_STACK

__all__ = [
    "Shown",
    "Panel",
    "objectives",
    "summary",
    "note",
    "code_listing",
    "markup",
    "plain",
    "figure_json",
    "box_style",
    "FONT_STACK",
    "SCREEN_READER_ONLY",
]

#: The inline style of text that only screen readers read.
SCREEN_READER_ONLY = ("position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;"
                      "clip:rect(0 0 0 0);white-space:nowrap;border:0")
_BOX = ("font-family:{font};color:#1f1f1f;background:{bg};border:1px solid #c6ccd6;border-left:5px solid {edge};"
        "border-radius:8px;padding:0.55em 1em 0.6em;margin:0.5em 0;max-width:46rem;line-height:1.5")
_KINDS = {
    "objectives": ("#f1f6fd", "#0b57d0"),
    "summary": ("#eef7f0", "#2f8a4a"),
    "note": ("#fdf8ea", "#b7800b"),
    "formula": ("#f7f7f3", "#4b5563"),
}


def box_style(kind: str, font: str = FONT_STACK) -> str:
    """The inline style of a box: ``kind`` is ``'objectives'``, ``'summary'``,
    ``'note'`` or ``'formula'`` (its colours); ``font`` a CSS font stack."""
    bg, edge = _KINDS[kind]
    return _BOX.format(font=font, bg=bg, edge=edge)


def _words(text: Any) -> str:
    """A lesson's words as text: a message in the learner's language, anything else as ``str``."""
    return render(text) if isinstance(text, Message) else str(text)


def markup(text: Any) -> str:
    """A sentence of a lesson as HTML: ``text`` (words or a message) escaped, then
    ``**bold**``, ``*italic*`` and `` `code` `` marked up."""
    t = html.escape(_words(text), quote=False)
    t = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", t)
    t = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<em>\1</em>", t)
    t = re.sub(r"`(.+?)`", r"<code>\1</code>", t)
    return t


def plain(text: Any) -> str:
    """The same text as plain words: ``**bold**`` and `` `code` `` marks taken off."""
    return re.sub(r"\*\*(.+?)\*\*|`(.+?)`", lambda m: m.group(1) or m.group(2), _words(text))


def figure_json(value: Any) -> Any:
    """A figure as JSON for an output's metadata: a Fraction as ``'33/16660'`` (a
    whole one as an int), numbers and truth values as themselves (numpy's too),
    mappings and lists item by item, anything else as its ``str``."""
    numpy = sys.modules.get("numpy")   # a numpy value exists only if numpy is loaded
    if numpy is not None and isinstance(value, numpy.generic):
        value = value.item()
    if isinstance(value, Fraction):
        return str(value) if value.denominator != 1 else int(value)
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, Mapping):
        return {str(k): figure_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [figure_json(v) for v in value]
    return str(value)


class Shown:
    """Something a lesson shows: ``html`` for the page, ``text`` in plain words,
    and ``figures`` ({label: value}) recorded in the output's metadata."""

    def __init__(self, html_text: str, text: str, figures: Optional[Mapping[str, Any]] = None) -> None:
        self.html = html_text
        self.text = text
        self.figures = dict(figures or {})

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> tuple[dict, dict]:
        meta = {"cardkit": {"figures": figure_json(self.figures)}} if self.figures else {}
        return {"text/html": self.html, "text/plain": self.text}, meta

    def __repr__(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text


class Panel(ipywidgets.VBox):
    """A box of widgets a lesson shows (an exercise, an explorer).

    Its plain text is its whole ``repr`` — what strict nbval compares, and what
    ipywidgets would cut at 110 characters — and :meth:`cardkit_metadata` goes to
    the output's metadata under ``"cardkit"`` (an exercise's right answer, the
    figures shown) for the lesson's tests."""

    def cardkit_metadata(self) -> dict:
        """What the output records under ``"cardkit"`` (nothing, unless a panel says)."""
        return {}

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, dict):
            data["text/plain"] = repr(self)
            meta = self.cardkit_metadata()
            return data, ({"cardkit": meta} if meta else {})
        return data  # pragma: no cover - ipywidgets always gives a dict


def _box(kind: str, title: Any, items: Sequence[Any], figures: Optional[Mapping[str, Any]] = None,
         numbered: bool = False) -> Shown:
    if isinstance(items, (str, Message)) or not isinstance(items, Iterable):
        raise CardkitError(say("boxes.error.list", kind=kind))
    items = [_words(i) for i in items]
    title = _words(title)
    if not items:
        raise CardkitError(say("boxes.error.empty", kind=kind))
    tag = "ol" if numbered else "ul"
    lis = "".join(f"<li>{markup(i)}</li>" for i in items)
    box = (f'<section style="{box_style(kind)}" aria-label="{html.escape(title)}">'
           f'<div style="font-weight:700;font-size:1.02rem;margin:0 0 0.2em">{html.escape(title)}</div>'
           f'<{tag} style="margin:0.2em 0 0.1em 1.3em;padding:0">{lis}</{tag}></section>')
    text = title + "\n" + "\n".join(f"{k + 1}. {plain(i)}" if numbered else f"• {plain(i)}"
                                    for k, i in enumerate(items))
    return Shown(box, text, figures)


def objectives(items: Sequence[Any], title: Any = None) -> Shown:
    """The "What you will learn" box at the top of a lesson (2 to 4 short
    sentences; ``**bold**`` and `` `code` `` are allowed).  Sentences and title may
    be plain text or messages."""
    return _box("objectives", title if title is not None else say("boxes.objectives"), items)


def summary(items: Sequence[Any], title: Any = None, figures: Optional[Mapping[str, Any]] = None) -> Shown:
    """The summary box at the end of a lesson.  If a sentence states a figure,
    compute it in the cell (an f-string) and pass ``figures={label: value}`` so
    that the test of the lesson's figures checks it."""
    return _box("summary", title if title is not None else say("boxes.summary"), items, figures)


def note(text: Any, title: Any = None) -> Shown:
    """A short aside in a box (a rule reminder, a warning about a common slip).  It is
    a note (``role="note"``) in the lesson's text, not a landmark of its own: a page with
    several notes would otherwise hold several unnamed landmarks alike."""
    title = _words(title if title is not None else say("boxes.note"))
    box = (f'<div role="note" style="{box_style("note")}">'
           f'<strong>{html.escape(title)}:</strong> {markup(text)}</div>')
    return Shown(box, f"{title}: {plain(text)}")


def code_listing(function: Callable, title: Any = None) -> Shown:
    """The source code of ``function`` shown as text, so that a reader of the web app
    (where code cells are hidden) sees what a bot or a helper does."""
    if not callable(function):
        raise CardkitError(say("boxes.error.not_function", value=repr(function)))
    try:
        source = textwrap.dedent(inspect.getsource(function)).rstrip()
    except (OSError, TypeError):
        raise CardkitError(say("boxes.error.no_source", name=repr(getattr(function, "__name__", function)))) from None
    name = getattr(function, "__name__", None)
    title = _words(title or say("boxes.code_of", name=name if name else say("boxes.this_function")))
    box = (f'<figure style="{box_style("note")}" aria-label="{html.escape(title)}">'
           f'<figcaption style="font-weight:700;margin:0 0 0.3em">{html.escape(title)}</figcaption>'
           '<pre style="margin:0;white-space:pre-wrap;font-size:0.9rem;line-height:1.4">'
           f'<code>{html.escape(source)}</code></pre></figure>')
    return Shown(box, f"{title}:\n{source}")


