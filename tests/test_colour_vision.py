"""The four-colour deck stays four colours for learners with a colour-vision deficiency.

Each suit's ink is passed through the standard simulations of protanopia, deuteranopia and
tritanopia (Machado, Oliveira & Fernandes 2009, severity 1.0, applied to linear RGB), and
the colour difference of every two suits is measured as CIEDE2000 ΔE in CIELAB (D65). The
four-colour deck must keep every pair at least ``MIN_DELTA_E`` apart in every view, and every
ink must stay readable on the white card (contrast at least 4.5:1, WCAG AA).

The classic four-colour deck (green ♣, red ♥) fails this: under deuteranopia its clubs and
hearts differ by ΔE ≈ 7.7, which is the very complaint of issue 13 — the test shows it.
"""

from __future__ import annotations

import itertools
import math

import pytest

from cardkit.cards import Suit
from cardkit.svg import FOUR_COLOUR, TWO_COLOUR, card_svg

#: The smallest CIEDE2000 difference allowed between two suits, in every view. Differences
#: above about 10 are told apart at a glance; 20 leaves room for a dim screen.
MIN_DELTA_E = 20.0

# Machado et al. (2009), severity 1.0: linear RGB -> linear RGB.
CVD = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
VIEWS = ["typical", *CVD]


def _rgb(hex_colour: str) -> tuple[float, float, float]:
    h = hex_colour.lstrip("#")
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))


def _to_linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _to_srgb(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def simulate(hex_colour: str, view: str) -> tuple[float, float, float]:
    """The sRGB colour (0–1) that a viewer with ``view`` sees for ``hex_colour``."""
    rgb = _rgb(hex_colour)
    if view == "typical":
        return rgb
    lin = [_to_linear(c) for c in rgb]
    return tuple(_to_srgb(sum(m * x for m, x in zip(row, lin))) for row in CVD[view])


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_to_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e_2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """CIEDE2000 colour difference (Sharma, Wu & Dalal 2005)."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        dh -= 360 if dh > 180 else (-360 if dh < -180 else 0)
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (dc / s_c) * (d_h / s_h))


def smallest_difference(palette: dict[int, str], view: str) -> tuple[float, tuple[Suit, Suit]]:
    """The smallest ΔE between two suits of ``palette`` in ``view``, and that pair."""
    seen = {Suit(s): lab(simulate(c, view)) for s, c in palette.items()}
    return min((delta_e_2000(seen[s], seen[t]), (s, t)) for s, t in itertools.combinations(seen, 2))


def contrast_on_white(hex_colour: str) -> float:
    r, g, b = (_to_linear(c) for c in _rgb(hex_colour))
    return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05)


def test_the_colour_maths_is_right():
    # CIEDE2000 against Sharma et al.'s published test pairs 1 and 17
    assert delta_e_2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e_2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    # white stays white and black black in every simulation; L* of white is 100
    for view in VIEWS:
        assert simulate("#ffffff", view) == pytest.approx((1, 1, 1), abs=2e-3)
        assert simulate("#000000", view) == pytest.approx((0, 0, 0), abs=1e-9)
    assert lab((1, 1, 1))[0] == pytest.approx(100, abs=1e-3)


@pytest.mark.parametrize("view", VIEWS)
def test_four_colour_deck_stays_four_colours(view):
    delta, pair = smallest_difference(FOUR_COLOUR, view)
    assert delta >= MIN_DELTA_E, (
        f"in a {view} view the four-colour deck's {pair[0].label} and {pair[1].label} differ by "
        f"only ΔE {delta:.1f} (at least {MIN_DELTA_E} wanted)")


def test_the_classic_green_and_red_would_fail_this():
    # the four-colour deck cardkit had before: ♣ green, ♦ blue — under deuteranopia ♣ and ♥ merge
    classic = {0: "#1a1a1a", 1: "#0f7a36", 2: "#0b57b8", 3: "#c8102e"}
    delta, pair = smallest_difference(classic, "deuteranopia")
    assert delta < 10 and set(pair) == {Suit.CLUBS, Suit.HEARTS}


@pytest.mark.parametrize("colour", sorted(set(FOUR_COLOUR.values()) | set(TWO_COLOUR.values())))
def test_every_ink_is_readable_on_the_white_card(colour):
    assert contrast_on_white(colour) >= 4.5


def test_the_shapes_carry_the_suit_in_every_colour_scheme():
    # colour is never the only cue: each suit has its own symbol path, whatever the ink
    paths = {}
    for suit in Suit:
        for four in (False, True):
            svg = card_svg(f"5{suit.letter}", four_colour=four)
            d = [part.split('"')[0] for part in svg.split(' d="')[1:]]
            paths.setdefault(suit, set()).update(d)
    assert all(paths[s] for s in Suit)
    for s, t in itertools.combinations(Suit, 2):
        assert not paths[s] & paths[t], f"{s.label} and {t.label} share a symbol"
