"""Numbers for people in the learner's language: ``pct``, ``num`` and ``fraction_text``
write CLDR's symbols and patterns (through Babel) for the current language, and write
English — and the pseudo-locale, which writes numbers as English does — exactly as
they always did, so that no stored lesson output changes."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from cardkit.classroom.numbers import fraction_text, num, pct
from cardkit.i18n import PSEUDO, use_locale
from cardkit.i18n.catalogue import DRAFTS_ENV


def _decimals_for(x: float, sig: int) -> int:
    if x == 0 or not math.isfinite(x):
        return 0
    return max(0, sig - 1 - math.floor(math.log10(abs(x))))


def english_pct(p, sig=3):
    """How ``pct`` wrote every number before it knew of languages (the stored outputs)."""
    x = float(p) * 100
    if x != 0 and abs(x) < 1e-6:
        mantissa, exponent = f"{x:.{sig - 1}e}".split("e")
        power = str(int(exponent)).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))
        return f"{mantissa} × 10{power}%"
    d = _decimals_for(x, sig)
    if x != 0 and abs(x) >= 10 ** (sig - 1):
        d = 0
    if 50 < x < 100:
        d = max(d, _decimals_for(round(100 - x, 12), 1))
    return f"{x:,.{d}f}%"


def english_num(x, sig=4):
    if isinstance(x, Fraction) and x.denominator == 1:
        x = int(x)
    if isinstance(x, int):
        return f"{x:,}"
    xf = float(x)
    if xf.is_integer() and abs(xf) < 1e15:
        return f"{int(xf):,}"
    return f"{xf:,.{_decimals_for(xf, sig)}f}"


def _sample():
    rng = random.Random(17)
    values = [0, 1, 0.5, 0.49291, 33 / 16660, 2598960, 2.25e-25, 0.99996, 0.999999, 1 / 3, 0.125, 0.15, 0.005,
              0.995, 0.9995, -0.5, 123456.789, 6.5384, 10 ** 20, Fraction(2053, 4165), Fraction(7)]
    values += [rng.random() ** rng.randint(1, 30) for _ in range(1500)]
    values += [rng.uniform(-1e7, 1e7) for _ in range(800)] + [rng.randint(-10 ** 9, 10 ** 9) for _ in range(200)]
    return values


@pytest.mark.parametrize("lang", ["en", PSEUDO])
def test_english_and_the_pseudo_locale_write_numbers_as_before(lang):
    with use_locale(lang):
        for value in _sample():
            for sig in (1, 2, 3, 4, 5):
                assert pct(value, sig) == english_pct(value, sig), (value, sig)
                assert num(value, sig) == english_num(value, sig), (value, sig)
            assert pct(value) == english_pct(value) and num(value) == english_num(value), value
    with use_locale(lang):
        assert fraction_text(Fraction(2053, 4165)) == "2053/4165"
        assert fraction_text(Fraction(2598960)) == "2,598,960"
        assert fraction_text(6.53841) == "6.538"


@pytest.mark.parametrize("lang, percent, tiny, whole, decimal, fraction", [
    ("tr", "%49,3", "%2,25 × 10⁻²³", "2.598.960", "6,538", "2053/4165"),
    ("vi", "49,3%", "2,25 × 10⁻²³%", "2.598.960", "6,538", "2053/4165"),
    ("nl", "49,3%", "2,25 × 10⁻²³%", "2.598.960", "6,538", "2053/4165"),
    ("af", "49,3%", "2,25 × 10⁻²³%", "2\u00a0598\u00a0960", "6,538", "2053/4165"),
])
def test_each_language_writes_numbers_its_own_way(lang, percent, tiny, whole, decimal, fraction, monkeypatch):
    monkeypatch.setenv(DRAFTS_ENV, "1")  # the drafts are languages too, once offered
    with use_locale(lang) as chosen:
        assert chosen == lang
        assert pct(0.49291) == percent
        assert pct(2.25e-25) == tiny
        assert num(2598960) == whole and fraction_text(Fraction(2598960)) == whole
        assert num(6.53841) == decimal and fraction_text(6.53841) == decimal
        assert fraction_text(Fraction(2053, 4165)) == fraction
        assert pct(1) == percent.replace("49,3", "100")
    assert pct(0.49291) == "49.3%"  # the language is the block's only
