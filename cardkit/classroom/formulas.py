"""Formulas as a teacher writes them on the board, beside their computed value.

::

    formula('P(flush)', ('4·C(13,5)', 'C(52,5)'), 4 * C(13, 5), C(52, 5), counted=counts['flush'])

shows ``P(flush) = 4·C(13,5) / C(52,5) = 5,148 / 2,598,960 = 33/16660 ≈ 0.198%``,
with ``C(13,5)`` drawn as a binomial ("13 choose 5") and the computer's own count
beside it.  Nothing here needs numpy or matplotlib.
"""

from __future__ import annotations

import html
import math
import re
from fractions import Fraction
from typing import Any, Mapping, Optional, Union

from ..errors import CardkitError
from ..i18n import Message, render, say
from .boxes import FONT_STACK, SCREEN_READER_ONLY, Shown, box_style, markup, plain
from .numbers import fraction_text, num, pct

__all__ = ["C", "Formula", "formula"]

C = math.comb  # C(52, 5) in a lesson reads like the board: "52 choose 5"

_MATH_FONT = "'STIX Two Math', 'Cambria Math', 'Latin Modern Math', 'DejaVu Serif', Georgia, serif"
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
        said = html.escape(render(say("formula.choose", n=int(n), k=int(k))))
        return stack + f'<span style="{SCREEN_READER_ONLY}">{said}</span>'

    t = _BINOM.sub(binom, t)
    t = re.sub(r"\^(\d+)", r"<sup>\1</sup>", t)
    return t


def _frac_html(top: str, bottom: str) -> str:
    return ('<span style="display:inline-flex;flex-direction:column;align-items:center;vertical-align:middle;'
            'margin:0 0.15em;line-height:1.25">'
            f'<span style="padding:0 0.25em">{top}</span>'
            f'<span style="{SCREEN_READER_ONLY}"> {html.escape(render(say("formula.divided_by")))} </span>'
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
    counted_how: Any = None,
    note: Any = "",
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
        raise CardkitError(say("formula.error.name"))
    if isinstance(expression, tuple):
        if len(expression) != 2:
            raise CardkitError(say("formula.error.fraction"))
        expr_html = _frac_html(_math_html(expression[0]), _math_html(expression[1]))
        expr_text = f"{_grouped(_plain_math(expression[0]))} / {_grouped(_plain_math(expression[1]), True)}"
    else:
        expr_html = _math_html(str(expression))
        expr_text = _plain_math(str(expression))
    steps_html = [expr_html]
    steps_text = [expr_text]
    if denominator is not None:
        if isinstance(value, float) or isinstance(denominator, float):
            raise CardkitError(say("formula.error.whole"))
        if denominator == 0:
            raise CardkitError(say("formula.error.zero"))
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
        mark = render(say("formula.same" if same else "formula.not_same"))
        if counted_how is None:
            counted_how = say("formula.counted_how")
        counted_how = render(counted_how) if isinstance(counted_how, Message) else str(counted_how)
        check_text = f"\n{counted_how}: {num(counted)} — {mark}"
        check_html = (f'<div style="font-family:{FONT_STACK};font-size:0.9rem;margin-top:0.3em">'
                      f'{html.escape(counted_how)}: <strong>{num(counted)}</strong> — {mark}</div>')
    note_html = (f'<div style="font-family:{FONT_STACK};font-size:0.9rem;margin-top:0.2em">{markup(note)}</div>'
                 if note else "")
    note_text = f"\n{plain(note)}" if note else ""
    box = (f'<div role="math" aria-label="{html.escape(text.splitlines()[0])}" '
           f'style="{box_style("formula", _MATH_FONT)};font-size:1.08rem">'
           '<div aria-hidden="true" style="display:flex;flex-wrap:wrap;align-items:center;column-gap:0.35em;'
           f'row-gap:0.5em"><span style="font-style:italic;white-space:nowrap">{_math_html(name)}</span>{body}</div>'
           f'{check_html}{note_html}</div>')
    figures: dict[str, Any] = {name: exact}
    if counted is not None:
        figures[f"{name} [counted]"] = counted
    return Formula(name, box, text + check_text + note_text, exact, figures)
