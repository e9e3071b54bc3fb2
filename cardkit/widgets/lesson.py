"""The lesson toolkit: boxes, blackboard formulas, plots and simulation explorers.

A lesson cell stays one or two lines because the work is done here::

    objectives(['Count hands exactly with C(n, k)', 'Check a count by simulation'])
    formula('P(flush)', ('4·C(13,5)', 'C(52,5)'), 4 * comb(13, 5), comb(52, 5))
    SimulationExplorer('flush')                  # a slider for the number of deals
    distribution_plot(odds['total_counts'], simulated=outcomes('total', 20_000, seed=1), …)
    summary(['…', '…'])

Every object here shows itself twice: as HTML for the page, and as plain text
(the ``text/plain`` that strict ``pytest --nbval`` compares, and what a screen
reader or a terminal gets).  Figures a lesson states are also recorded in the
output's metadata under ``"cardkit"`` → ``"figures"`` so that a test can compare
each with an independent computation.

Plots are drawn with matplotlib's object interface (no pyplot, no global state)
in DejaVu Sans, which ships with matplotlib, so they look the same on every
machine; in a notebook a plot is a PNG followed by a caption that says in words
what it shows (strict nbval skips the PNG and checks the caption).
Simulations are seeded; the explorers show a progress bar while they deal.
"""

from __future__ import annotations

import base64
import html
import io
import logging
import math
import re
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, Union

import ipywidgets
import numpy as np

from .. import odds, simulate
from ..cards import Card, cards_text
from ..errors import CardkitError
from .hand import CardRow
from .messages import StatusMessage, safe_callback
from .numbers import fraction_text, num, pct

# Quiet matplotlib's font manager before it loads: "building the font cache" on a
# fresh machine (and any font fallback notice) would otherwise land in a cell's
# output as stderr and break strict nbval.
logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)
import matplotlib  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.ticker import FuncFormatter  # noqa: E402

__all__ = [
    "Shown",
    "objectives",
    "summary",
    "note",
    "code_listing",
    "formula",
    "C",
    "odds_table",
    "FigureView",
    "convergence_plot",
    "distribution_plot",
    "lowest_total_plot",
    "SimulationExplorer",
    "LowestTotalExplorer",
    "HandDealer",
    "EVENT_NAMES",
    "DEAL_STEPS",
]

C = math.comb  # C(52, 5) in a lesson reads like the board: "52 choose 5"

#: Plain words for every event a simulation can count, per deal.
EVENT_NAMES: dict[str, dict[str, str]] = {
    "least_score": {
        "pair": "a pair (two or more cards of one rank)",
        "four_of_a_kind": "four of a kind",
        "run_of_3": "a run of three (three cards of consecutive ranks, such as 4-5-6)",
        "run_of_5": "a five-card run (such as 10-J-Q-K-A)",
        "flush": "a flush (all five cards of one suit)",
    },
    "tienlen": {
        "four_twos": "all four 2s",
        "dragon": "a dragon (one card of every rank from 3 to A)",
        "instant_win": "an instant win (four 2s or a dragon)",
        "four_of_a_kind": "a four of a kind",
        "double_sequence_bomb": "three or more pairs in a row (a double-sequence bomb)",
        "any_bomb": "a bomb (a four of a kind, or three or more pairs in a row)",
    },
}

#: The numbers of deals a simulation slider offers (1-2-5 steps).
DEAL_STEPS: tuple[int, ...] = tuple(m * 10 ** e for e in range(1, 7) for m in (1, 2, 5)) + (10_000_000,)

_DEAL_SIZE = {"least_score": 5, "tienlen": 13}
_CHUNK = 100_000
_PROGRESS_FROM = 2_000_000    # cell-level simulations at least this long show a tqdm bar

# --- colours and fonts (Okabe–Ito: told apart by people with colour-blindness) -----
BLUE, ORANGE, GREEN, BLACK, GREY = "#0072B2", "#D55E00", "#009E73", "#000000", "#6b7280"
_RC = {
    "font.family": "DejaVu Sans",
    "font.size": 10.5,
    "axes.titlesize": 12,
    "axes.titleweight": "bold",
    "axes.labelsize": 10.5,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "legend.frameon": False,
    "figure.dpi": 100,
    "savefig.dpi": 100,
    "svg.hashsalt": "cardkit",
}

# --- inline styles (inline, so they survive JupyterLab's sanitiser and need no CSS file) ---
_FONT = ("system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', "
         "'Liberation Sans', 'DejaVu Sans', sans-serif")
_MATH_FONT = "'STIX Two Math', 'Cambria Math', 'Latin Modern Math', 'DejaVu Serif', Georgia, serif"
_SR = ("position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;"
       "clip:rect(0 0 0 0);white-space:nowrap;border:0")
_BOX = ("font-family:{font};color:#1f1f1f;background:{bg};border:1px solid #c6ccd6;border-left:5px solid {edge};"
        "border-radius:8px;padding:0.55em 1em 0.6em;margin:0.5em 0;max-width:46rem;line-height:1.5")
_KINDS = {
    "objectives": ("#f1f6fd", "#0b57d0"),
    "summary": ("#eef7f0", "#2f8a4a"),
    "note": ("#fdf8ea", "#b7800b"),
    "formula": ("#f7f7f3", "#4b5563"),
}


def _inline(text: str) -> str:
    """Escape ``text`` for HTML, then allow **bold**, *italic* and `code`."""
    t = html.escape(str(text), quote=False)
    t = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", t)
    t = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<em>\1</em>", t)
    t = re.sub(r"`(.+?)`", r"<code>\1</code>", t)
    return t


def _plain(text: str) -> str:
    return re.sub(r"\*\*(.+?)\*\*|`(.+?)`", lambda m: m.group(1) or m.group(2), str(text))


def _figure_json(value: Any) -> Any:
    if isinstance(value, Fraction):
        return str(value) if value.denominator != 1 else int(value)
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return float(value)
    if isinstance(value, Mapping):
        return {str(k): _figure_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_figure_json(v) for v in value]
    return str(value)


class Shown:
    """Something a lesson shows: ``html`` for the page, ``text`` in plain words,
    and ``figures`` ({label: value}) recorded in the output's metadata."""

    def __init__(self, html_text: str, text: str, figures: Optional[Mapping[str, Any]] = None) -> None:
        self.html = html_text
        self.text = text
        self.figures = dict(figures or {})

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> tuple[dict, dict]:
        meta = {"cardkit": {"figures": _figure_json(self.figures)}} if self.figures else {}
        return {"text/html": self.html, "text/plain": self.text}, meta

    def __repr__(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text


def _box(kind: str, title: str, items: Sequence[str], figures: Optional[Mapping[str, Any]] = None,
         numbered: bool = False) -> Shown:
    if isinstance(items, str) or not isinstance(items, Iterable):
        raise CardkitError(f"{kind} takes a list of sentences")
    items = [str(i) for i in items]
    if not items:
        raise CardkitError(f"{kind} needs at least one sentence")
    bg, edge = _KINDS[kind]
    tag = "ol" if numbered else "ul"
    lis = "".join(f"<li>{_inline(i)}</li>" for i in items)
    box = (f'<section style="{_BOX.format(font=_FONT, bg=bg, edge=edge)}" aria-label="{html.escape(title)}">'
           f'<div style="font-weight:700;font-size:1.02rem;margin:0 0 0.2em">{html.escape(title)}</div>'
           f'<{tag} style="margin:0.2em 0 0.1em 1.3em;padding:0">{lis}</{tag}></section>')
    text = title + "\n" + "\n".join(f"{k + 1}. {_plain(i)}" if numbered else f"• {_plain(i)}"
                                    for k, i in enumerate(items))
    return Shown(box, text, figures)


def objectives(items: Sequence[str], title: str = "What you will learn") -> Shown:
    """The "What you will learn" box at the top of a lesson (2 to 4 short
    sentences; ``**bold**`` and `` `code` `` are allowed)."""
    return _box("objectives", title, items)


def summary(items: Sequence[str], title: str = "Summary", figures: Optional[Mapping[str, Any]] = None) -> Shown:
    """The summary box at the end of a lesson.  If a sentence states a figure,
    compute it in the cell (an f-string) and pass ``figures={label: value}`` so
    that the test of the lesson's figures checks it."""
    return _box("summary", title, items, figures)


def note(text: str, title: str = "Good to know") -> Shown:
    """A short aside in a box (a rule reminder, a warning about a common slip)."""
    bg, edge = _KINDS["note"]
    box = (f'<aside style="{_BOX.format(font=_FONT, bg=bg, edge=edge)}">'
           f'<strong>{html.escape(title)}:</strong> {_inline(text)}</aside>')
    return Shown(box, f"{title}: {_plain(text)}")


def code_listing(function: Callable, title: Optional[str] = None) -> Shown:
    """The source code of ``function`` shown as text, so that a reader of the web app
    (where code cells are hidden) sees what a bot or a helper does."""
    import inspect
    import textwrap

    if not callable(function):
        raise CardkitError(f"code_listing shows a function's code; {function!r} is not a function")
    try:
        source = textwrap.dedent(inspect.getsource(function)).rstrip()
    except (OSError, TypeError):
        raise CardkitError(f"the code of {getattr(function, '__name__', function)!r} cannot be found") from None
    title = title or f"The code of {getattr(function, '__name__', 'this function')}"
    bg, edge = _KINDS["note"]
    box = (f'<figure style="{_BOX.format(font=_FONT, bg=bg, edge=edge)}" aria-label="{html.escape(title)}">'
           f'<figcaption style="font-weight:700;margin:0 0 0.3em">{html.escape(title)}</figcaption>'
           '<pre style="margin:0;white-space:pre-wrap;font-size:0.9rem;line-height:1.4">'
           f'<code>{html.escape(source)}</code></pre></figure>')
    return Shown(box, f"{title}:\n{source}")


# --- formulas on the board ----------------------------------------------------------

_BINOM = re.compile(r"C\((\d+)\s*,\s*(\d+)\)")


def _math_html(expr: str) -> str:
    """A formula in plain text as HTML: C(n,k) stacked as a binomial, ^k as a
    superscript, * as ·."""
    t = html.escape(expr, quote=False).replace("*", "·")

    def binom(m: re.Match) -> str:
        n, k = m.group(1), m.group(2)
        stack = ('<span aria-hidden="true" style="display:inline-flex;align-items:center;vertical-align:middle">'
                 '<span style="font-size:1.5em;line-height:1">(</span>'
                 '<span style="display:inline-flex;flex-direction:column;align-items:center;font-size:0.8em;'
                 f'line-height:1.05;margin:0 0.05em"><span>{n}</span><span>{k}</span></span>'
                 '<span style="font-size:1.5em;line-height:1">)</span></span>')
        return stack + f'<span style="{_SR}">{n} choose {k}</span>'

    t = _BINOM.sub(binom, t)
    t = re.sub(r"\^(\d+)", r"<sup>\1</sup>", t)
    return t


def _frac_html(top: str, bottom: str) -> str:
    return ('<span style="display:inline-flex;flex-direction:column;align-items:center;vertical-align:middle;'
            'margin:0 0.15em;line-height:1.25">'
            f'<span style="padding:0 0.25em">{top}</span>'
            f'<span style="{_SR}"> divided by </span>'
            f'<span style="border-top:1.5px solid currentColor;padding:0.05em 0.25em 0">{bottom}</span></span>')


def _grouped(expr: str, below: bool = False) -> str:
    """Brackets round a numerator that is a sum, or a denominator that is any
    calculation, for the one-line form ``a / b``."""
    depth, bare = 0, False
    ops = "+-−·×*/ " if below else "+-−"
    for ch in expr.strip():
        depth += ch in "([{"
        depth -= ch in ")]}"
        bare |= depth == 0 and ch in ops
    return f"({expr.strip()})" if bare else expr.strip()


def _plain_math(expr: str) -> str:
    return expr.replace("*", "·")


class Formula(Shown):
    """A formula as a teacher writes it on the board, with its computed value:
    ``P(flush) = 4·C(13,5) / C(52,5) = 5,148 / 2,598,960 = 33/16660 ≈ 0.198%``.

    ``value`` is the exact figure (a Fraction, an int, or a float) and ``name``
    its label in ``figures``."""

    def __init__(self, name: str, html_text: str, text: str, value: Any, figures: Mapping[str, Any]) -> None:
        super().__init__(html_text, text, figures)
        self.name = name
        self.value = value


def formula(
    name: str,
    expression: Union[str, tuple[str, str]],
    value: Union[int, Fraction, float],
    denominator: Optional[int] = None,
    *,
    percent: Optional[bool] = None,
    counted: Optional[Union[int, Fraction]] = None,
    counted_how: str = "Checked by counting every hand one by one",
    note: str = "",
) -> Formula:
    """Show a formula beside its computed number, as on a blackboard.

    ``expression``: the formula in words and symbols — a string, or a pair
    (numerator, denominator) to draw as a fraction.  ``C(52,5)`` is drawn as a
    binomial ("52 choose 5"), ``4^5`` as a power.  ``value``: the computed
    number; with ``denominator`` it is a count over a count (``5148, 2598960``)
    and the fraction is shown, then reduced, then as a percentage (``percent``:
    default for a chance between 0 and 1) or a decimal.  ``counted``: the same
    count found another way (by the exact count over every hand in
    :mod:`cardkit.odds`); it is shown beside the formula with ✔ if it agrees.
    """
    if not isinstance(name, str) or not name.strip():
        raise CardkitError("a formula needs a name, such as 'P(flush)'")
    if isinstance(expression, tuple):
        if len(expression) != 2:
            raise CardkitError("a fraction is given as (numerator, denominator)")
        expr_html = _frac_html(_math_html(expression[0]), _math_html(expression[1]))
        expr_text = f"{_grouped(_plain_math(expression[0]))} / {_grouped(_plain_math(expression[1]), True)}"
    else:
        expr_html = _math_html(str(expression))
        expr_text = _plain_math(str(expression))
    steps_html = [expr_html]
    steps_text = [expr_text]
    if denominator is not None:
        if isinstance(value, float) or isinstance(denominator, float):
            raise CardkitError("give a count over a count as whole numbers (or Fractions)")
        if denominator == 0:
            raise CardkitError("the denominator cannot be 0")
        exact = Fraction(value) / Fraction(denominator)
        steps_html.append(_frac_html(num(value), num(denominator)))
        steps_text.append(f"{num(value)} / {num(denominator)}")
        if exact.denominator != 1 and (exact.numerator, exact.denominator) != (value, denominator):
            steps_html.append(_frac_html(str(exact.numerator), str(exact.denominator)))
            steps_text.append(fraction_text(exact))
    else:
        exact = value if isinstance(value, float) else Fraction(value)
    approx_html = approx_text = ""
    if isinstance(exact, Fraction) and exact.denominator == 1:
        whole = num(int(exact))
        steps_html.append(whole)
        steps_text.append(whole)
    else:
        if denominator is None and isinstance(exact, Fraction):
            steps_html.append(_frac_html(str(exact.numerator), str(exact.denominator)))
            steps_text.append(fraction_text(exact))
        as_pct = (0 < exact < 1) if percent is None else percent
        shown = pct(exact) if as_pct else num(float(exact))
        approx_html, approx_text = f" ≈ <strong>{shown}</strong>", f" ≈ {shown}"
    # Each "= step" is one unbreakable piece, so a long formula wraps between steps.
    pieces = [f'<span style="white-space:nowrap">= {h}</span>' for h in steps_html]
    if approx_html:
        pieces[-1] = pieces[-1][:-len("</span>")] + approx_html + "</span>"
    body = "".join(pieces)
    text = f"{name} = " + " = ".join(steps_text) + approx_text
    check_html = check_text = ""
    if counted is not None:
        target = Fraction(value) if denominator is not None else exact
        same = Fraction(counted) == target
        mark = "✔ the same" if same else "✖ NOT the same"
        check_text = f"\n{counted_how}: {num(counted)} — {mark}"
        check_html = (f'<div style="font-family:{_FONT};font-size:0.9rem;margin-top:0.3em">'
                      f'{html.escape(counted_how)}: <strong>{num(counted)}</strong> — {mark}</div>')
    note_html = (f'<div style="font-family:{_FONT};font-size:0.9rem;margin-top:0.2em">{_inline(note)}</div>'
                 if note else "")
    note_text = f"\n{_plain(note)}" if note else ""
    bg, edge = _KINDS["formula"]
    box = (f'<div role="math" aria-label="{html.escape(text.splitlines()[0])}" '
           f'style="{_BOX.format(font=_MATH_FONT, bg=bg, edge=edge)};font-size:1.08rem">'
           '<div aria-hidden="true" style="display:flex;flex-wrap:wrap;align-items:center;column-gap:0.35em;'
           f'row-gap:0.5em"><span style="font-style:italic;white-space:nowrap">{_math_html(name)}</span>{body}</div>'
           f'{check_html}{note_html}</div>')
    figures: dict[str, Any] = {name: exact}
    if counted is not None:
        figures[f"{name} [counted]"] = counted
    return Formula(name, box, text + check_text + note_text, exact, figures)


# --- odds tables --------------------------------------------------------------------

def _deal(deal: str) -> str:
    return simulate.deal_name(deal)


def _event_name(event: str, deal: str) -> str:
    names = EVENT_NAMES[_deal(deal)]
    if event not in names:
        raise CardkitError(f"{event!r} is not an event for a {deal} hand; choose one of {', '.join(names)}")
    return names[event]


def _exact_fraction(event: str, deal: str, rules: Any = None) -> Fraction:
    _event_name(event, deal)
    table = odds.least_score_hand_odds(rules) if _deal(deal) == "least_score" else odds.tienlen_hand_odds()
    return table["exact"][event]


def odds_table(
    events: Sequence[str], deal: str = "least_score", *, simulate_deals: int = 0, seed: int = 1,
    rules: Any = None, caption: Optional[str] = None,
) -> Shown:
    """A table of exact chances — the fraction, the percentage, "1 in N" — with,
    if ``simulate_deals`` > 0, a seeded simulation and its 95% interval beside
    each.  ``events`` are keys of :data:`EVENT_NAMES`."""
    deal = _deal(deal)
    size = _DEAL_SIZE[deal]
    hands = odds.least_score_hand_odds(rules)["hands"] if deal == "least_score" else odds.tienlen_hand_odds()["hands"]
    head = ["Event", "Exact chance", "Percent", "About 1 in"]
    if simulate_deals:
        head += [f"Simulated ({num(simulate_deals)} deals)", "95% interval"]
    rows_html, rows_text, figures = [], [], {}
    for e in events:
        name = _event_name(e, deal)
        p = _exact_fraction(e, deal, rules)
        one_in = num(round(1 / p)) if p else "never"
        cells = [_inline(name), fraction_text(p), pct(p), one_in]
        figures[f"{e} exact"] = p
        if simulate_deals:
            est = simulate.estimate_probability(e, simulate_deals, seed, deal, rules)
            inside = "✔" if est.covers(float(p)) else "✖"
            cells += [pct(est.value), f"{pct(est.low)} to {pct(est.high)} {inside}"]
            figures[f"{e} simulated"] = est.value
            figures[f"{e} interval"] = [est.low, est.high]
        rows_html.append("<tr>" + "".join(
            f'<td style="padding:0.25em 0.7em;border-top:1px solid #d6dae1;'
            f'{"text-align:left" if i == 0 else "text-align:right;white-space:nowrap"}">'
            f"{c}</td>" for i, c in enumerate(cells)) + "</tr>")
        rows_text.append(" | ".join(_plain(html.unescape(re.sub("<[^>]+>", "", c))) for c in cells))
    cap = caption or (f"Chances for one {size}-card hand, counted exactly over all {num(hands)} hands"
                      + (f"; simulated with {num(simulate_deals)} seeded deals (seed {seed})" if simulate_deals else "")
                      + ".")
    th = "".join(f'<th scope="col" style="padding:0.25em 0.7em;text-align:{"left" if i == 0 else "right"}">{h}</th>'
                 for i, h in enumerate(head))
    table = (f'<table style="font-family:{_FONT};border-collapse:collapse;margin:0.4em 0;font-size:0.95rem;color:#1f1f1f;'
             f'background:#fff"><caption style="caption-side:top;text-align:left;padding:0 0 0.3em;'
             f'font-weight:600">{html.escape(cap)}</caption><thead><tr>{th}</tr></thead>'
             f'<tbody>{"".join(rows_html)}</tbody></table>')
    text = cap + "\n" + " | ".join(head) + "\n" + "\n".join(rows_text)
    return Shown(table, text, figures)


# --- figures --------------------------------------------------------------------------

def new_figure(width: float = 7.2, height: float = 3.8) -> Figure:
    """A matplotlib figure in the lessons' style (no pyplot: nothing global is touched)."""
    with matplotlib.rc_context(_RC):
        fig = Figure(figsize=(width, height), layout="constrained")
        FigureCanvasAgg(fig)
    return fig


def figure_png(fig: Figure) -> bytes:
    """The figure as PNG bytes, the same on every run (no timestamp in the file)."""
    buf = io.BytesIO()
    with matplotlib.rc_context(_RC):
        fig.savefig(buf, format="png", metadata={"Software": None})
    return buf.getvalue()


class FigureView:
    """A plot for the page: the picture, then a caption that says in words what
    it shows (for everyone, and for screen readers — the picture itself is not
    read out).  ``figures`` holds the numbers the caption states."""

    def __init__(self, png: bytes, title: str, caption: str, figures: Optional[Mapping[str, Any]] = None,
                 table: Optional[tuple[Sequence[str], Sequence[Sequence[str]]]] = None) -> None:
        self.png = png
        self.title = title
        self.caption = caption
        self.figures = dict(figures or {})
        self.table = table

    @property
    def alt(self) -> str:
        """A short text alternative: the title."""
        return f"Plot: {self.title}"

    def html_img(self, width: str = "100%") -> str:
        data = base64.b64encode(self.png).decode("ascii")
        return (f'<img src="data:image/png;base64,{data}" alt="{html.escape(self.alt)}" '
                f'style="max-width:{width};height:auto;display:block">')

    def caption_html(self) -> str:
        text = (f'<p style="font-family:{_FONT};font-size:0.92rem;color:#1f1f1f;margin:0.1em 0 0.3em;max-width:46rem">'
                f'<strong>{html.escape(self._title_sentence())}</strong> {_inline(self.caption)}</p>')
        if not self.table:
            return text
        head, rows = self.table
        cell = "padding:0.15em 0.6em;text-align:right;white-space:nowrap;border-top:1px solid #d6dae1"
        th = "".join(f'<th scope="col" style="{cell}">{html.escape(h)}</th>' for h in head)
        body = "".join("<tr>" + "".join(
            (f'<th scope="row" style="{cell}">{html.escape(c)}</th>' if i == 0 else f'<td style="{cell}">{html.escape(c)}</td>')
            for i, c in enumerate(r)) + "</tr>" for r in rows)
        return (text + f'<details style="font-family:{_FONT};font-size:0.9rem;color:#1f1f1f;margin:0 0 0.6em">'
                '<summary style="cursor:pointer">Show the numbers behind the plot</summary>'
                f'<table style="border-collapse:collapse;margin:0.3em 0"><thead><tr>{th}</tr></thead>'
                f'<tbody>{body}</tbody></table></details>')

    def table_text(self) -> str:
        """The numbers behind the plot, one line per row ('' if none)."""
        if not self.table:
            return ""
        head, rows = self.table
        return "\n".join(" | ".join(r) for r in [list(head), *rows])

    def _title_sentence(self) -> str:
        return self.title if self.title.endswith((".", "?", "!")) else self.title + "."

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display({"image/png": base64.b64encode(self.png).decode("ascii"), "text/plain": self.alt}, raw=True)
        # the figures go with the caption, the output that states them in words
        text = f"{self._title_sentence()} {_plain(self.caption)}"
        if self.table:
            text += "\nThe numbers behind the plot:\n" + self.table_text()
        display(Shown(self.caption_html(), text, self.figures))

    def __repr__(self) -> str:
        return f"{self.alt} — {_plain(self.caption)}"


def _progress_chunks(total: int, progress: Optional[bool], what: str) -> Any:
    """An iterator of chunk sizes, wrapped in a tqdm bar when asked (or, with
    ``progress=None``, when the job is long)."""
    sizes = [min(_CHUNK, total - start) for start in range(0, total, _CHUNK)]
    show = (total >= _PROGRESS_FROM) if progress is None else bool(progress)
    if not show:
        return sizes
    from tqdm.auto import tqdm

    return tqdm(sizes, desc=what, unit=f"×{num(_CHUNK)} deals")


def _running_hits(event: str, deals: int, seed: Any, deal: str, rules: Any,
                  on_chunk: Optional[Callable[[int], Any]] = None, progress: Optional[bool] = False) -> np.ndarray:
    """The outcome of every deal, dealt in chunks (the same hands as one call)."""
    rng = seed if isinstance(seed, np.random.Generator) else simulate.numpy_rng(seed)
    parts, done = [], 0
    for n in _progress_chunks(deals, progress, "Dealing"):
        parts.append(simulate.outcomes(event, n, rng, deal, rules))
        done += n
        if on_chunk is not None:
            on_chunk(done)
    return np.concatenate(parts)


def _checkpoints(deals: int, points: int = 80) -> np.ndarray:
    return np.unique(np.geomspace(1, deals, points).round().astype(np.int64))


def _convergence_figure(event: str, deal: str, hits: np.ndarray, exact: float, seed: Any) -> tuple[FigureView, Any]:
    deals = len(hits)
    marks = _checkpoints(deals)
    running = np.cumsum(hits, dtype=np.int64)[marks - 1]
    low, high = simulate.wilson_interval(running, marks)
    est = running / marks
    name = _event_name(event, deal)
    short = name.split(" (")[0]
    fig = new_figure()
    ax = fig.add_subplot()
    ax.fill_between(marks, 100 * np.asarray(low), 100 * np.asarray(high), color=BLUE, alpha=0.18, lw=0,
                    label="95% interval")
    ax.plot(marks, 100 * est, color=BLUE, lw=1.8, label="simulated estimate")
    ax.axhline(100 * exact, color=BLACK, ls="--", lw=1.4, label=f"exact: {pct(exact)}")
    ax.set_xscale("log")
    ax.set_xlim(1, max(deals, 10))
    rare = exact < 0.01
    if rare:
        # A rare event's first hit makes the estimate leap a hundred times above the exact
        # value.  A linear axis would either hide that leap or squash the exact line onto
        # zero, so the chance axis is linear up to the exact value and logarithmic above:
        # the whole run, its band and the exact line all stay in view.
        top = max(float(np.max(high)), float(est.max()), exact) * 100 * 1.6
        ax.set_yscale("symlog", linthresh=100 * exact, linscale=0.6)
        ax.set_ylim(0, min(100.0, top))
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:g}"))
    else:
        # Show the exact value with room above; the first few estimates of an unusual
        # event (one flush in the first 20 hands is 5%) may run off the top.
        settled = est[marks >= min(deals, max(100, int(10 / max(exact, 1e-9))))]
        top = max(100 * exact * 2.5, 100 * float(settled.max()) * 1.15 if settled.size else 0.0)
        ax.set_ylim(0, min(100.0, top))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _pos: num(int(round(v))) if v >= 1 else ""))
    ax.set_xlabel("Hands dealt (log scale)")
    ax.set_ylabel("Chance (%, log scale above the exact value)" if rare else "Chance (%)")
    title = f"Simulated chance of {short}"
    ax.set_title(title, loc="left")
    ax.legend(loc="upper right")
    final = simulate.Estimate(float(est[-1]), float(np.asarray(low)[-1]), float(np.asarray(high)[-1]), deals,
                              int(running[-1]))
    inside = final.covers(exact)
    caption = (f"After {num(deals)} hands (seed {seed}) the estimate is {pct(final.value)} "
               f"(95% interval {pct(final.low)} to {pct(final.high)}); the exact chance is {pct(exact)}, "
               f"{'inside' if inside else 'outside'} the interval. The shaded band narrows as more hands are dealt: "
               "its width shrinks like 1/√n.")
    if rare:
        caption += (" For a rare event the first hit makes the estimate leap far above the exact value, and it needs "
                    "many hands to settle; so that the leap, the band and the exact line all fit, the chance axis is "
                    "even up to the exact value and a log scale above it.")
    figures = {f"{event} simulated": final.value, f"{event} interval": [final.low, final.high], f"{event} exact": exact}
    return FigureView(figure_png(fig), title, caption, figures), final


def convergence_plot(event: str, deals: int = 100_000, seed: int = 1, deal: str = "least_score",
                     rules: Any = None, progress: Optional[bool] = None) -> FigureView:
    """A plot of a seeded simulation closing in on the exact chance of ``event``:
    the running estimate after 1, 2, … ``deals`` hands (log scale), its 95%
    interval as a band, and the exact value as a dashed line."""
    deal = _deal(deal)
    deals = simulate.check_trials(deals, "deals")
    exact = float(_exact_fraction(event, deal, rules))
    hits = _running_hits(event, deals, seed, deal, rules, progress=progress)
    view, _ = _convergence_figure(event, deal, hits, exact, seed)
    return view


def _as_probabilities(values: Mapping[Any, Any]) -> dict:
    total = sum(Fraction(v) for v in values.values())
    if total <= 0:
        raise CardkitError("a distribution needs some positive counts or chances")
    return {k: Fraction(v) / total for k, v in sorted(values.items())}


def distribution_plot(
    exact: Mapping[int, Union[int, float, Fraction]],
    simulated: Any = None,
    *,
    title: str,
    xlabel: str,
    ylabel: str = "Chance (%)",
    what: str = "hands",
    seed: Optional[int] = None,
) -> FigureView:
    """Bars for an exact distribution ({value: count or chance}), dots for a
    simulation (an array with one value per dealt hand, such as
    ``simulate.outcomes('total', 20_000, seed=1)``).  The caption states the most
    likely value and the exact and simulated means."""
    probs = _as_probabilities(exact)
    xs = np.array([float(k) for k in probs])
    ps = np.array([float(p) for p in probs.values()])
    mean = sum(Fraction(k) * p for k, p in probs.items())
    mode = max(probs, key=lambda k: probs[k])
    fig = new_figure()
    ax = fig.add_subplot()
    ax.bar(xs, 100 * ps, width=0.8, color=BLUE, alpha=0.55, label="exact chance", edgecolor="none")
    figures: dict[str, Any] = {"mean": mean, "most likely": mode, "most likely chance": probs[mode]}
    sim_text = ""
    if simulated is not None:
        values = np.asarray(simulated)
        if values.size == 0:
            raise CardkitError("the simulation has no values")
        uniq, counts = np.unique(values, return_counts=True)
        ax.plot(uniq, 100 * counts / values.size, "o", ms=4.5, color=ORANGE,
                label=f"simulated, {num(values.size)} {what}")
        sim_mean = float(values.mean())
        figures["simulated mean"] = sim_mean
        seed_text = f", seed {seed}" if seed is not None else ""
        sim_text = f" The dots show {num(values.size)} simulated {what}{seed_text}; their mean is {num(sim_mean)}."
    ax.axvline(float(mean), color=BLACK, ls="--", lw=1.2, label=f"exact mean: {num(float(mean))}")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, loc="left")
    if len(xs) <= 12:
        ax.set_xticks(xs)
    ax.legend(loc="upper left")
    mean_text = fraction_text(mean) if mean.denominator == 1 else f"{fraction_text(mean)} ≈ {num(float(mean))}"
    head = [xlabel, "Exact chance"] + (["Simulated share"] if simulated is not None else [])
    shares = {}
    if simulated is not None:
        shares = {float(u): c / values.size for u, c in zip(uniq, counts)}
    rows = [[num(k), pct(p)] + ([pct(shares.get(float(k), 0.0))] if simulated is not None else [])
            for k, p in probs.items()]
    caption = (f"The bars show the exact chance of each value. The most likely value is {num(mode)} "
               f"({pct(probs[mode])}); the exact mean is {mean_text}.{sim_text}")
    return FigureView(figure_png(fig), title, caption, figures, table=(head, rows))


def lowest_total_plot(totals: Sequence[int] = (10, 15, 20, 25), max_opponents: int = 7,
                      trials: int = 20_000, seed: int = 0) -> FigureView:
    """How the chance that your Least Score total is the lowest (or tied) falls
    as opponents are added: one line per total.  One opponent is counted
    exactly; more are simulated (``trials`` seeded deals each)."""
    if not 1 <= max_opponents <= 7:
        raise CardkitError("Least Score has 1 to 7 opponents")
    ks = list(range(1, max_opponents + 1))
    fig = new_figure()
    ax = fig.add_subplot()
    figures: dict[str, Any] = {}
    styles = ["o-", "s-", "^-", "D-", "v-", "P-"]
    colours = [BLUE, ORANGE, GREEN, BLACK, GREY, "#CC79A7"]
    rows = []
    for i, t in enumerate(totals):
        ys = []
        for k in ks:
            r = odds.p_lowest_total(t, k, trials=trials, seed=seed)
            ys.append(r.lowest_or_tied)
            figures[f"total {t}, {k} opponent{'s' if k > 1 else ''}"] = (
                r.lowest_or_tied_exact if r.exact else r.lowest_or_tied)
        ax.plot(ks, [100 * y for y in ys], styles[i % len(styles)], color=colours[i % len(colours)],
                label=f"your total {t}", lw=1.6, ms=5)
        rows.append([f"total {t}"] + [pct(y) for y in ys])
    ax.set_xticks(ks)
    ax.set_ylim(0, 101)
    ax.set_xlabel("Number of opponents")
    ax.set_ylabel("Chance yours is lowest or tied (%)")
    title = "The more opponents, the less likely your total is the lowest"
    ax.set_title(title, loc="left")
    ax.legend(loc="lower left")
    lo, hi = totals[0], totals[-1]
    k_last = ks[-1]
    caption = (f"One line per total. With one opponent the chance is counted exactly; with more it is simulated "
               f"({num(trials)} deals each, seed {seed}). A total of {lo} stays lowest "
               f"{pct(figures[f'total {lo}, {k_last} opponent' + ('s' if k_last > 1 else '')])} of the time even "
               f"against {k_last}; a total of {hi} drops from "
               f"{pct(figures[f'total {hi}, 1 opponent'])} against one opponent to "
               f"{pct(figures[f'total {hi}, {k_last} opponent' + ('s' if k_last > 1 else '')])} against {k_last}. "
               "All against freshly dealt hands: during play the opponents' totals get lower (see lesson 6).")
    head = ["Your total"] + [f"{k} opponent{'s' if k > 1 else ''}" for k in ks]
    return FigureView(figure_png(fig), title, caption, figures, table=(head, rows))


# --- widgets ---------------------------------------------------------------------------

class _Panel(ipywidgets.VBox):
    """A VBox whose plain-text form is the whole ``repr`` (ipywidgets cuts it)."""

    def figures(self) -> dict:
        """The figures the panel now shows, {label: value}."""
        return {}

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, dict):
            data["text/plain"] = repr(self)
            figures = self.figures()
            return data, ({"cardkit": {"figures": _figure_json(figures)}} if figures else {})
        return data  # pragma: no cover


def _heading(text: str) -> ipywidgets.HTML:
    return ipywidgets.HTML(f'<div style="font-family:{_FONT};font-weight:700;font-size:1.02rem;margin:0.3em 0 0">'
                           f"{html.escape(text)}</div>")


def _html_block(inner: str) -> str:
    return f'<div style="font-family:{_FONT};font-size:0.95rem;line-height:1.5;max-width:46rem">{inner}</div>'


class SimulationExplorer(_Panel):
    """Deal many hands and watch the estimate close in on the exact chance.

    A slider sets the number of deals (10 to ``max_deals``, in 1-2-5 steps);
    "Deal again" uses the next seed.  The panel shows the estimate with its 95%
    interval beside the exact value, and a convergence plot.  A progress bar
    shows while the hands are dealt.  ``explorer.deals`` / ``explorer.seed`` can
    be set from Python too; ``explorer.estimate`` is the latest
    :class:`~cardkit.simulate.Estimate`.
    """

    def __init__(self, event: str, deal: str = "least_score", deals: int = 10_000, seed: int = 1,
                 max_deals: int = 1_000_000, rules: Any = None, **kwargs: Any) -> None:
        self.deal = _deal(deal)
        self.event = event
        self.name = _event_name(event, self.deal)
        self.rules = rules
        self.exact = _exact_fraction(event, self.deal, rules)
        steps = [d for d in DEAL_STEPS if d <= max_deals]
        if deals not in steps:
            raise CardkitError(f"deals is one of {', '.join(num(s) for s in steps)}; not {deals!r}")
        self._seed = int(seed)
        self.estimate: Optional[simulate.Estimate] = None
        self.status = StatusMessage()
        self.slider = ipywidgets.SelectionSlider(
            options=[(num(s), s) for s in steps], value=deals, description="Hands to deal",
            continuous_update=False, style={"description_width": "initial"},
            layout=ipywidgets.Layout(width="min(30rem, 100%)"))
        self.again = ipywidgets.Button(description="Deal again", icon="refresh",
                                       tooltip="Deal a fresh set of hands (the next seed)")
        self.progress = ipywidgets.IntProgress(value=0, min=0, max=1, description="Dealing",
                                               layout=ipywidgets.Layout(visibility="hidden", width="min(30rem, 100%)"))
        self.result = ipywidgets.HTML()
        self.picture = ipywidgets.HTML()
        self.slider.observe(safe_callback(self.status, lambda change: self.run()), names="value")
        self.again.on_click(safe_callback(self.status, lambda _b: self._next_seed()))
        super().__init__(children=(
            _heading(f"Simulate: how often is a hand dealt with {self.name}?"),
            ipywidgets.HBox([self.slider, self.again], layout=ipywidgets.Layout(flex_flow="row wrap",
                                                                               align_items="center")),
            self.progress, self.status, self.result, self.picture), **kwargs)
        self.run()

    @property
    def deals(self) -> int:
        """The number of hands dealt."""
        return int(self.slider.value)

    @deals.setter
    def deals(self, value: int) -> None:
        if value not in [v for _, v in self.slider.options]:
            raise CardkitError(f"deals is one of the slider's steps, such as 1,000 or 10,000; not {value!r}")
        self.slider.value = value

    @property
    def seed(self) -> int:
        """The seed of the current deals."""
        return self._seed

    @seed.setter
    def seed(self, value: int) -> None:
        self._seed = int(value)
        self.run()

    def _next_seed(self) -> None:
        self.seed = self._seed + 1

    def run(self) -> None:
        """Deal ``deals`` hands with ``seed`` and show the result (the slider and
        the button call this)."""
        deals = self.deals
        self.status.clear()
        with self.progress.hold_sync():
            self.progress.max = max(1, deals)
            self.progress.value = 0
            self.progress.layout.visibility = "visible" if deals >= 2 * _CHUNK else "hidden"

        def tick(done: int) -> None:
            self.progress.value = done

        try:
            hits = _running_hits(self.event, deals, self._seed, self.deal, self.rules, on_chunk=tick)
        finally:
            self.progress.layout.visibility = "hidden"
        view, est = _convergence_figure(self.event, self.deal, hits, float(self.exact), self._seed)
        self.estimate = est
        self.view = view
        inside = est.covers(float(self.exact))
        mark = ("✔ inside the interval" if inside
                else "✖ outside the interval — this happens about 1 time in 20; try more hands or deal again")
        self.result.value = _html_block(
            f"After <strong>{num(deals)}</strong> hands (seed {self._seed}): {num(est.successes)} had "
            f"{html.escape(self.name.split(' (')[0])}. "
            f"Estimate <strong>{pct(est.value)}</strong> (95% interval {pct(est.low)} to {pct(est.high)}).<br>"
            f"Exact: {fraction_text(self.exact)} ≈ <strong>{pct(self.exact)}</strong> — {mark}."
            + ("<br>A rare event: each hit makes the estimate jump, so it needs many hands to settle."
               if self.exact < Fraction(1, 100) else ""))
        self.picture.value = view.html_img("min(720px, 100%)")   # the words are in self.result

    def figures(self) -> dict:
        e = self.estimate
        if e is None:  # pragma: no cover
            return {}
        return {f"{self.event} exact": self.exact, f"{self.event} simulated": e.value,
                f"{self.event} interval": [e.low, e.high], f"{self.event} deals": e.trials}

    def __repr__(self) -> str:
        e = self.estimate
        if e is None:  # pragma: no cover - run() happens in __init__
            return f"SimulationExplorer({self.event})"
        return (f"SimulationExplorer({self.name}: {num(e.trials)} hands, seed {self._seed} → {pct(e.value)}, "
                f"95% interval {pct(e.low)} to {pct(e.high)}; exact {fraction_text(self.exact)} ≈ {pct(self.exact)})")


class LowestTotalExplorer(_Panel):
    """Your Least Score total against some opponents: the chance it is the
    lowest (or tied, which counts as lowest when you declare).

    Two sliders: your total (5 to 50) and the number of opponents (1 to 7).  One
    opponent is counted exactly; more are simulated (``trials`` deals, seeded).
    Beside it, what you would get if the opponents' hands were independent:
    the one-opponent chance raised to the power k.
    """

    def __init__(self, total: int = 20, opponents: int = 2, trials: int = 50_000, seed: int = 0,
                 **kwargs: Any) -> None:
        self.trials = simulate.check_trials(trials)
        self.seed = int(seed)
        self.status = StatusMessage()
        self.total_slider = ipywidgets.IntSlider(value=total, min=odds.MIN_TOTAL, max=odds.MAX_TOTAL,
                                                 description="Your total", continuous_update=False,
                                                 style={"description_width": "initial"})
        self.opponents_slider = ipywidgets.IntSlider(value=opponents, min=1, max=7, description="Opponents",
                                                     continuous_update=False,
                                                     style={"description_width": "initial"})
        self.result = ipywidgets.HTML()
        self.odds: Optional[odds.LowestTotalOdds] = None
        for s in (self.total_slider, self.opponents_slider):
            s.observe(safe_callback(self.status, lambda change: self.run()), names="value")
        super().__init__(children=(
            _heading("Is your total the lowest at the table?"),
            ipywidgets.HTML(_html_block(
                "<em>Against freshly dealt hands. During play the opponents' totals get lower, so the real "
                "chance is smaller (see lesson 6).</em>")),
            ipywidgets.HBox([self.total_slider, self.opponents_slider],
                            layout=ipywidgets.Layout(flex_flow="row wrap")),
            self.status, self.result), **kwargs)
        self.run()

    def run(self) -> None:
        """Work out the chance for the sliders' total and opponents."""
        t, k = int(self.total_slider.value), int(self.opponents_slider.value)
        r = odds.p_lowest_total(t, k, trials=self.trials, seed=self.seed)
        one = odds.p_lowest_total(t, 1)
        self.odds, self.one_opponent = r, one
        if r.exact:
            how = "counted exactly over every deal"
        else:
            lo, hi = r.lowest_or_tied_interval
            how = f"simulated, {num(r.trials)} deals, seed {self.seed}; 95% interval {pct(lo)} to {pct(hi)}"
        indep = one.lowest_or_tied ** k
        self.independent = indep
        extra = ""
        if k > 1:
            extra = (f"<br>If the {k} opponents' hands were independent, the chance would be "
                     f"{pct(one.lowest_or_tied)}<sup>{k}</sup> ≈ {pct(indep)} — close, because they share "
                     "one deck only a little.")
        self.result.value = _html_block(
            f"With a total of <strong>{t}</strong> against <strong>{k}</strong> "
            f"opponent{'s' if k > 1 else ''}: lowest or tied <strong>{pct(r.lowest_or_tied)}</strong> "
            f"({how}); strictly lowest {pct(r.strictly_lowest)}.{extra}")

    def figures(self) -> dict:
        r = self.odds
        if r is None:  # pragma: no cover
            return {}
        k = r.opponents
        out: dict[str, Any] = {
            f"total {r.total}, {k} opponent{'s' if k > 1 else ''}": r.lowest_or_tied_exact if r.exact else r.lowest_or_tied,
            f"total {r.total}, 1 opponent": self.one_opponent.lowest_or_tied_exact,
        }
        if not r.exact:
            out[f"total {r.total}, {k} opponents interval"] = list(r.lowest_or_tied_interval)
            out[f"total {r.total}, {k} opponents if independent"] = self.one_opponent.lowest_or_tied_exact ** k
        return out

    def __repr__(self) -> str:
        r = self.odds
        if r is None:  # pragma: no cover
            return "LowestTotalExplorer()"
        how = "exact" if r.exact else f"simulated, {num(r.trials)} deals, seed {self.seed}"
        extra = ""
        if not r.exact:
            lo, hi = r.lowest_or_tied_interval
            extra = (f"; 95% interval {pct(lo)} to {pct(hi)}; against one opponent {pct(self.one_opponent.lowest_or_tied)}"
                     f", so {pct(self.independent)} if the hands were independent")
        return (f"LowestTotalExplorer(total {r.total} vs {r.opponents} opponent{'s' if r.opponents > 1 else ''}: "
                f"lowest or tied {pct(r.lowest_or_tied)}, strictly lowest {pct(r.strictly_lowest)} ({how}){extra})")




def _yes(flag: Any) -> str:
    return "yes ✔" if bool(flag) else "no"


class HandDealer(_Panel):
    """Deal one random hand at a time and see which events it shows.

    ``deal='least_score'`` (five cards: total, pair, run, flush …) or
    ``'tienlen'`` (13 cards: 2s held, bombs, instant wins).  The hands come from
    a seeded generator: the same seed gives the same hands in the same order.
    "Deal a new hand" (or ``dealer.next()``) deals the next.
    """

    def __init__(self, deal: str = "least_score", seed: int = 1, sort_key: Optional[Callable[[Card], Any]] = None,
                 **kwargs: Any) -> None:
        self.deal = _deal(deal)
        self.seed = int(seed)
        self._rng = simulate.numpy_rng(self.seed)
        self.count = 0
        self.cards: tuple[Card, ...] = ()
        self.events: dict[str, Any] = {}
        from .. import least_score, tienlen  # each game owns its card order

        key = sort_key or (tienlen.card_key if self.deal == "tienlen" else least_score.sort_key)
        self.row = CardRow((), title="Dealt hand", sort_key=key,
                           card_width=60 if self.deal == "least_score" else 46)
        self.status = StatusMessage()
        self.button = ipywidgets.Button(description="Deal a new hand", icon="random")
        self.button.on_click(safe_callback(self.status, lambda _b: self.next()))
        self.info = ipywidgets.HTML()
        super().__init__(children=(self.button, self.row, self.info, self.status), **kwargs)
        self.next()

    def next(self) -> tuple[Card, ...]:
        """Deal the next hand, show it, and return its cards."""
        idx = simulate.deal_hands(1, self._rng, self.deal)
        self.cards = tuple(Card.from_index(int(i)) for i in idx[0])
        self.events = {k: v[0].item() for k, v in simulate.hand_events(idx, self.deal).items()}
        self.count += 1
        self.row.title = f"Hand {self.count} (seed {self.seed})"
        self.row.cards = self.cards
        self.info.value = _html_block(" · ".join(f"{html.escape(k)}: <strong>{html.escape(v)}</strong>"
                                                 for k, v in self.facts()))
        return self.cards

    def facts(self) -> list[tuple[str, str]]:
        """What the current hand shows, as (question, answer) pairs in words."""
        e = self.events
        if self.deal == "least_score":
            return [("Total", str(e["total"])), ("Pair", _yes(e["pair"])), ("Run of three", _yes(e["run_of_3"])),
                    ("Five-card run", _yes(e["run_of_5"])), ("Flush", _yes(e["flush"])),
                    ("Four of a kind", _yes(e["four_of_a_kind"]))]
        return [("2s held", str(e["twos"])), ("Four of a kind", _yes(e["four_of_a_kind"])),
                ("Three pairs in a row", _yes(e["double_sequence_bomb"])), ("Dragon", _yes(e["dragon"])),
                ("All four 2s", _yes(e["four_twos"]))]

    def figures(self) -> dict:
        out: dict[str, Any] = {"hand": [c.code for c in self.cards]}
        out.update({k: v for k, v in self.events.items() if k not in ("best_kind", "best_value")})
        return out

    def __repr__(self) -> str:
        shown = cards_text(self.row.cards)
        facts = "; ".join(f"{k.lower()}: {v.replace(' ✔', '')}" for k, v in self.facts())
        return f"HandDealer(hand {self.count}, seed {self.seed}: {shown} — {facts})"
