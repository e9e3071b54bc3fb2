"""Reading and writing numbers the way a classroom does.

* :func:`read_number` reads what a learner types — ``0.25``, ``1/4``, ``25%``,
  ``1 in 4``, ``2,598,960``, ``0,25`` — as an exact :class:`~fractions.Fraction`,
  or raises :class:`~cardkit.CardkitError` with a plain message.
* :func:`pct`, :func:`num`, :func:`fraction_text` write numbers for people, in
  the learner's language (CLDR, through Babel): ``pct(33/16660)`` → ``'0.198%'``,
  ``num(2598960)`` → ``'2,598,960'`` in English, ``'%0,198'`` and ``'2.598.960'``
  in Turkish.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from numbers import Rational, Real
from typing import Union

from ..errors import CardkitError
from ..i18n import Message, babel_locale, current_locale, render, say

__all__ = ["read_number", "pct", "num", "fixed_pct", "fixed_num", "fraction_text", "as_fraction", "EXAMPLES"]

Number = Union[int, float, Fraction]

#: What to show a learner as examples of numbers they may type (a message: its
#: words are in the learner's language wherever it is shown).
EXAMPLES: Message = say("numbers.examples")

_THOUSANDS = re.compile(r"^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$")
_DECIMAL_COMMA = re.compile(r"^[+-]?\d*,\d+$")


@lru_cache(maxsize=None)
def _one_in(language: str) -> re.Pattern:
    """"1 in 4" / "1 out of 4": the words of the learner's language, and English's."""
    codes = ("numbers.word_in", "numbers.word_out_of")
    words = {render(say(code), lang).strip().lower() for code in codes for lang in ("en", language)}
    alternatives = "|".join(r"\s+".join(map(re.escape, w.split())) for w in sorted(words, key=len, reverse=True) if w)
    return re.compile(rf"^(.+?)\s*(?:{alternatives})\s*(.+)$", re.IGNORECASE)


def _plain_decimal(text: str, whole: str) -> Fraction:
    """One decimal number (no fraction bar, no percent sign) as a Fraction."""
    t = text.strip().replace("\u2212", "-").replace("_", "")
    if _THOUSANDS.match(t):
        t = t.replace(",", "")
    elif _DECIMAL_COMMA.match(t):
        t = t.replace(",", ".")
    if not t or not re.match(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$", t):
        raise CardkitError(say("numbers.unreadable", typed=whole, examples=EXAMPLES))
    try:
        return Fraction(Decimal(t))
    except (InvalidOperation, ValueError):  # pragma: no cover - the pattern above guards this
        raise CardkitError(say("numbers.unreadable", typed=whole, examples=EXAMPLES)) from None


def read_number(text: object) -> Fraction:
    """Read a number a learner typed, exactly.

    Accepts a decimal (``0.493``, ``.5``, ``1e-3``), a fraction (``2053/4165``),
    a percentage (``49.3%``), "1 in N" (``1 in 4165``), thousands separators
    (``2,598,960``) or a decimal comma (``0,493``); spaces, ``≈`` and ``~`` are
    ignored.  Numbers (int, float, Fraction) pass through.

    >>> read_number('49.3%')
    Fraction(493, 1000)
    >>> read_number('2053/4165')
    Fraction(2053, 4165)

    Anything else raises :class:`~cardkit.CardkitError` with a message that says
    what to type.
    """
    if isinstance(text, bool):
        raise CardkitError(say("numbers.not_bool"))
    if isinstance(text, (int, Fraction)):
        return Fraction(text)
    if isinstance(text, float):
        if not math.isfinite(text):
            raise CardkitError(say("numbers.not_finite"))
        return Fraction(str(text))
    if not isinstance(text, str):
        raise CardkitError(say("numbers.type_a_number", examples=EXAMPLES))
    whole = text.strip()
    t = whole
    for junk in ("≈", "~", "\u00a0", "\u2009", "\u202f"):
        t = t.replace(junk, " " if junk.isspace() else "")
    t = t.strip()
    if t.startswith("="):
        t = t[1:].strip()
    if not t:
        raise CardkitError(say("numbers.empty", examples=EXAMPLES))
    scale = Fraction(1)
    if t.endswith("%"):
        t = t[:-1].strip()
        scale = Fraction(1, 100)
        if not t:
            raise CardkitError(say("numbers.bare_percent"))
    one_in = _one_in(current_locale()).match(t)
    if one_in:
        top, bottom = one_in.group(1), one_in.group(2)
    elif t.count("/") == 1:
        top, bottom = t.split("/")
    elif "/" in t:
        raise CardkitError(say("numbers.two_bars", typed=whole))
    else:
        top, bottom = t, None
    value = _plain_decimal(top.replace(" ", ""), whole)
    if bottom is not None:
        below = _plain_decimal(bottom.replace(" ", ""), whole)
        if below == 0:
            raise CardkitError(say("numbers.zero_below"))
        value /= below
    return value * scale


def as_fraction(value: object) -> Fraction:
    """A number given by a lesson (int, float, Fraction or a string that
    :func:`read_number` reads) as a Fraction.  Floats are taken at face value
    of their shortest decimal form (0.1 → 1/10)."""
    if isinstance(value, Rational) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, Real) and not isinstance(value, bool):
        return Fraction(str(float(value)))
    return read_number(value)


def _decimals_for(x: float, sig: int) -> int:
    if x == 0 or not math.isfinite(x):
        return 0
    return max(0, sig - 1 - math.floor(math.log10(abs(x))))


def _rounded(x: float, d: int) -> Decimal:
    """``x`` rounded to ``d`` decimals as Python rounds it (so English stays as it always was)."""
    return Decimal(f"{x:.{d}f}")


def _with_decimals(value: Decimal, d: int, pattern_text: str) -> str:
    from babel.numbers import parse_pattern

    pattern = parse_pattern(pattern_text)
    pattern.frac_prec = (d, d)
    return pattern.apply(value, babel_locale())


def _percent_pattern() -> str:
    return babel_locale().percent_formats[None].pattern


def _decimal_pattern() -> str:
    return babel_locale().decimal_formats[None].pattern


def pct(p: Number, sig: int = 3) -> str:
    """A probability as a percentage with ``sig`` significant digits, written the
    way the learner's language writes it (CLDR, through Babel): in English
    ``pct(0.49291)`` → ``'49.3%'``, ``pct(33/16660)`` → ``'0.198%'``, in Turkish
    ``'%49,3'``; whole percentages keep no decimals (``pct(1)`` → ``'100%'``)."""
    x = float(p) * 100
    if x != 0 and abs(x) < 1e-6:
        # far too small for decimals (0.0000000000000000000000225%): a power of ten
        mantissa, exponent = f"{x:.{sig - 1}e}".split("e")
        power = str(int(exponent)).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))
        digits = _with_decimals(Decimal(mantissa), sig - 1, _decimal_pattern())
        shown = _with_decimals(Decimal(1).scaleb(-2), 0, _percent_pattern())  # '1%', '%1', '1 %' …
        return shown.replace("1", f"{digits} × 10{power}", 1)
    d = _decimals_for(x, sig)
    if x != 0 and abs(x) >= 10 ** (sig - 1):
        d = 0
    if 50 < x < 100:
        # near certainty the digits that matter are those of 100 − x: 99.996%, not 100.0%
        d = max(d, _decimals_for(round(100 - x, 12), 1))
    return _with_decimals(_rounded(x, d).scaleb(-2), d, _percent_pattern())


def num(x: Number, sig: int = 4) -> str:
    """A number for people, written the way the learner's language writes it (CLDR,
    through Babel): whole numbers with thousands separators (``2,598,960`` in
    English, ``2.598.960`` in Turkish), others with ``sig`` significant digits
    (``6.538``; ``6,538`` in Dutch)."""
    if isinstance(x, Fraction) and x.denominator == 1:
        x = int(x)
    if isinstance(x, int) and not isinstance(x, bool):
        return _with_decimals(Decimal(x), 0, _decimal_pattern())
    xf = float(x)
    if xf.is_integer() and abs(xf) < 1e15:
        return _with_decimals(Decimal(int(xf)), 0, _decimal_pattern())
    d = _decimals_for(xf, sig)
    return _with_decimals(_rounded(xf, d), d, _decimal_pattern())


def fixed_pct(p: Number, digits: int = 1) -> str:
    """A share as a percentage with exactly ``digits`` decimals, in the learner's
    language: ``fixed_pct(0.4732)`` → ``'47.3%'`` (as Python's ``f"{p:.1%}"`` rounds it)."""
    x = float(p) * 100
    return _with_decimals(_rounded(x, digits).scaleb(-2), digits, _percent_pattern())


def fixed_num(x: Number, digits: int = 2) -> str:
    """A number with exactly ``digits`` decimals, in the learner's language:
    ``fixed_num(-0.347)`` → ``'-0.35'`` (``'-0,35'`` in Dutch)."""
    return _with_decimals(_rounded(float(x), digits), digits, _decimal_pattern())


def fraction_text(x: Number, max_digits: int = 15) -> str:
    """``'2053/4165'`` for a Fraction (``'7'`` for a whole number); a float or a
    fraction with very long parts is written as a decimal instead."""
    f = as_fraction(x) if not isinstance(x, float) else None
    if f is None:
        return num(x)
    if f.denominator == 1:
        return num(f.numerator)
    if len(str(abs(f.numerator))) > max_digits or len(str(f.denominator)) > max_digits:
        return num(float(f))
    return f"{f.numerator}/{f.denominator}"
