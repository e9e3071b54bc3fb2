"""Card pictures as SVG text (pure strings: no Jupyter package is imported here).

Every picture is self-contained: the suit symbols are drawn as paths (so they never
depend on a font or turn into emoji on a phone), the rank uses the system's own
sans-serif font, nothing is fetched from the network, and no element carries an
``id`` (so any number of cards can sit on one page without clashing).

Each picture has a text label for screen readers (``role="img"``, ``aria-label``
and a ``<title>``, e.g. "Queen of hearts"), and colour is never the only cue:
the suit symbol is always drawn, a selected card gets a check mark, and so on.

>>> from cardkit import Card
>>> svg = card_svg(Card.parse('QH'))
>>> 'aria-label="Queen of hearts"' in svg
True
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Collection, Iterable, Union

from .cards import Card, Suit, to_cards
from .errors import CardParseError, OptionError
from .i18n import Message, and_list, joined, render, say, seat

__all__ = [
    "card_svg",
    "back_svg",
    "hand_svg",
    "suit_colour",
    "TWO_COLOUR",
    "FOUR_COLOUR",
    "FONT_STACK",
    "BACK_LABEL",
]

# Colours, indexed by Suit value (SPADES=0, CLUBS=1, DIAMONDS=2, HEARTS=3).  All of
# them reach a contrast of at least 4.5:1 on white.  The four-colour deck (♠ black,
# ♣ teal green, ♦ blue, ♥ red) stays distinct under protanopia, deuteranopia and
# tritanopia too: every two suits differ by a CIEDE2000 ΔE of at least 23 in each
# simulated view (Machado et al. 2009), where the classic green and red differed by
# 7.7 under deuteranopia (tests/test_colour_vision.py).  The suit symbols carry the
# suit in every view.
TWO_COLOUR = {0: "#1a1a1a", 1: "#1a1a1a", 2: "#c8102e", 3: "#c8102e"}
FOUR_COLOUR = {0: "#1a1a1a", 1: "#00846f", 2: "#1328b4", 3: "#ac280c"}
# Light tints of the same colours, for the panel of a court card.
_TINT = {"#1a1a1a": "#eeeeee", "#c8102e": "#fbe9ec",
         "#00846f": "#e5f3f0", "#1328b4": "#e7e9f7", "#ac280c": "#f7e9e6"}

# System fonts only: nothing is downloaded.
FONT_STACK = (
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, "
    "'Noto Sans', 'Liberation Sans', 'DejaVu Sans', sans-serif"
)
BACK_LABEL = say("svg.back_label")
"""A face-down card's label for a screen reader ("Face-down card"), as a message."""

_SELECT_COLOUR = "#0b57d0"
_EDGE_COLOUR = "#5f6368"
_RATIO = 1.4  # height / width of a card

# The four suit symbols, each drawn in a 100 x 100 box.
_SUIT_PATHS = {
    Suit.HEARTS: (
        "M50 96C47 90 36 80 24 68C10 54 0 44 0 30C0 15 11 4 26 4C37 4 45 10 50 19"
        "C55 10 63 4 74 4C89 4 100 15 100 30C100 44 90 54 76 68C64 80 53 90 50 96Z"
    ),
    Suit.DIAMONDS: "M50 0L86 50L50 100L14 50Z",
    Suit.SPADES: (
        "M50 0C44 12 30 24 16 36C5 46 0 54 0 64C0 78 11 88 25 88C35 88 42 83 46 76"
        "C45 88 40 95 31 100L69 100C60 95 55 88 54 76C58 83 65 88 75 88"
        "C89 88 100 78 100 64C100 54 95 46 84 36C70 24 56 12 50 0Z"
    ),
    Suit.CLUBS: (
        "M27 28a23 23 0 1 0 46 0a23 23 0 1 0 -46 0Z"
        "M1 62a23 23 0 1 0 46 0a23 23 0 1 0 -46 0Z"
        "M53 62a23 23 0 1 0 46 0a23 23 0 1 0 -46 0Z"
        "M38 56a12 12 0 1 0 24 0a12 12 0 1 0 -24 0Z"
        "M46 58C46 78 41 92 31 100L69 100C59 92 54 78 54 58Z"
    ),
}


def suit_colour(suit: Union[Suit, int], four_colour: bool = False) -> str:
    """The ink colour of a suit: classic two colours (♠ ♣ black, ♥ ♦ red), or four
    colours (♠ black, ♥ red, ♦ blue, ♣ teal green) when ``four_colour`` is true."""
    return (FOUR_COLOUR if four_colour else TWO_COLOUR)[int(suit)]


def _suit(suit: Suit, x: float, y: float, size: float, colour: str) -> str:
    s = size / 100
    return f'<path transform="translate({_n(x)} {_n(y)}) scale({_n(s)})" d="{_SUIT_PATHS[suit]}" fill="{colour}"/>'


def _n(x: float) -> str:
    """A number written briefly: 12, 12.5, 0.18."""
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return text if text not in ("", "-0") else "0"


def _text(x: float, y: float, size: float, colour: str, content: str, fit: float | None = None) -> str:
    extra = f' textLength="{_n(fit)}" lengthAdjust="spacingAndGlyphs"' if fit else ""
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-family="{FONT_STACK}" font-size="{_n(size)}" '
        f'font-weight="700" text-anchor="middle" fill="{colour}"{extra}>{escape(content)}</text>'
    )


def _corner(card: Card, colour: str) -> str:
    rank = card.rank.code
    fit = 26 if len(rank) > 1 else None
    return _text(15, 31, 30, colour, rank, fit) + _suit(card.suit, 6, 36, 18, colour)


@lru_cache(maxsize=None)
def _face_body(card: Card, four_colour: bool) -> str:
    """The drawing of a card's face in a 100 x 140 box, without the outer <svg>."""
    colour = suit_colour(card.suit, four_colour)
    parts = [f'<rect x="1" y="1" width="98" height="138" rx="7" fill="#fff" stroke="{_EDGE_COLOUR}" stroke-width="1.5"/>']
    parts.append(_corner(card, colour))
    parts.append(f'<g transform="rotate(180 50 70)">{_corner(card, colour)}</g>')
    value = card.value
    if value == 1:  # the ace: one big symbol
        parts.append(_suit(card.suit, 22, 42, 56, colour))
    elif value > 10:  # jack, queen, king: a framed panel with the letter and the suit
        parts.append(
            f'<rect x="30" y="19" width="40" height="102" rx="4" fill="{_TINT[colour]}" '
            f'stroke="{colour}" stroke-width="1.5"/>'
        )
        parts.append(f'<path d="M34 25H66M34 115H66" stroke="{colour}" stroke-width="1" stroke-dasharray="2 3"/>')
        parts.append(_text(50, 70, 40, colour, card.rank.code))
        parts.append(_suit(card.suit, 38, 80, 24, colour))
    else:  # 2 to 10: one large symbol in the middle
        parts.append(_suit(card.suit, 27, 47, 46, colour))
    return "".join(parts)


_SELECTED_MARK = (
    f'<rect x="2.5" y="2.5" width="95" height="135" rx="6" fill="none" stroke="{_SELECT_COLOUR}" stroke-width="5"/>'
    f'<circle cx="84" cy="16" r="11" fill="{_SELECT_COLOUR}" stroke="#fff" stroke-width="2"/>'
    '<path d="M78.5 16.5l4 4 7.5-8.5" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>'
)
_DIMMED_MARK = '<rect x="1" y="1" width="98" height="138" rx="7" fill="#fff" fill-opacity="0.6"/>'


def _lattice() -> str:
    """The diamond lattice drawn on a card's back."""
    cols, rows = 6, 9
    w, h = 84 / cols, 124 / rows
    d = []
    for r in range(rows):
        for c in range(cols):
            cx, cy = 8 + w * (c + 0.5), 8 + h * (r + 0.5)
            d.append(f"M{_n(cx)} {_n(cy - h * 0.38)}l{_n(w * 0.38)} {_n(h * 0.38)}l{_n(-w * 0.38)} {_n(h * 0.38)}l{_n(-w * 0.38)} {_n(-h * 0.38)}Z")
    return "".join(d)


_BACK_BODY = (
    f'<rect x="1" y="1" width="98" height="138" rx="7" fill="#1f4e8c" stroke="{_EDGE_COLOUR}" stroke-width="1.5"/>'
    '<rect x="8" y="8" width="84" height="124" rx="4" fill="#2c64ad" stroke="#fff" stroke-width="2"/>'
    f'<path d="{_lattice()}" fill="#fff" fill-opacity="0.28"/>'
    '<circle cx="50" cy="70" r="15" fill="#1f4e8c" stroke="#fff" stroke-width="2"/>'
    '<path d="M50 60L57 70L50 80L43 70Z" fill="#fff"/>'
)


def _open(width: float, height: float, view_w: float, view_h: float, label: str) -> str:
    lab = escape(label)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{_n(height)}" '
        f'viewBox="0 0 {_n(view_w)} {_n(view_h)}" role="img" aria-label="{lab}"><title>{lab}</title>'
    )


def _check_width(width: float) -> float:
    if isinstance(width, bool) or not isinstance(width, (int, float)) or not width > 0:
        raise OptionError(say("svg.card_width_positive_number_pixels", width=repr(width)))
    return width


def card_svg(
    card: Union[Card, str],
    width: float = 70,
    four_colour: bool = False,
    selected: bool = False,
    dimmed: bool = False,
) -> str:
    """An SVG picture of one card's face, ``width`` pixels wide (1.4 times as tall).

    ``card`` is a :class:`~cardkit.Card` or a card string such as ``'QH'``.
    ``four_colour=True`` inks ♠ black, ♥ red, ♦ blue and ♣ green; otherwise ♠ ♣ are
    black and ♥ ♦ red.  A ``selected`` card gets a thick frame and a check mark (and
    ", selected" in its label); a ``dimmed`` card is faded.  The picture carries a
    text label for screen readers, such as "Queen of hearts".
    """
    if isinstance(card, str):
        card = Card.parse(card)
    if not isinstance(card, Card):
        raise CardParseError(say("svg.card_svg_draws_card_or", name=type(card).__name__))
    _check_width(width)
    label = render(say("svg.selected", card=card.label_message) if selected else card.label_message)
    body = _face_body(card, bool(four_colour))
    if dimmed:
        body += _DIMMED_MARK
    if selected:
        body += _SELECTED_MARK
    return _open(width, width * _RATIO, 100, 140, label) + body + "</svg>"


def back_svg(width: float = 70, label: Union[str, "Message"] = BACK_LABEL) -> str:
    """The picture of a face-down card (its back), with the label "Face-down card" (words,
    or a message rendered in the learner's language)."""
    _check_width(width)
    return _open(width, width * _RATIO, 100, 140, label if isinstance(label, str) else render(label)) \
        + _BACK_BODY + "</svg>"


def hand_svg(
    cards: Union[str, Iterable[Union[Card, str]]] = (),
    width: float = 70,
    four_colour: bool = False,
    selected: Union[str, Collection[Union[Card, str]]] = (),
    dimmed: Union[str, Collection[Union[Card, str]]] = (),
    spacing: float = 1.08,
    face_down: bool = False,
    count: int | None = None,
    label: str | None = None,
) -> str:
    """A row of cards as one static SVG picture.

    ``cards`` is anything :func:`~cardkit.to_cards` reads ('AS 10H QD', a list of
    cards …).  Each card is ``width`` pixels wide; the left edges are ``spacing`` card
    widths apart (1.08 leaves a small gap; 0.4 fans them so each card's corner index
    still shows).  Cards in ``selected`` are raised with a check mark, cards in
    ``dimmed`` are faded.  ``face_down=True`` draws only backs (give ``count`` instead
    of ``cards`` to draw that many backs).  ``label`` replaces the screen-reader
    label, which otherwise names every card ("Ace of spades, Ten of hearts").
    """
    _check_width(width)
    if not isinstance(spacing, (int, float)) or isinstance(spacing, bool) or spacing <= 0:
        raise OptionError(say("svg.spacing_positive_number_card_widths", spacing=repr(spacing)))
    hand = to_cards(cards)
    if count is None:
        count = len(hand)
    elif isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise OptionError(say("svg.count_number_cards_0_or", count=repr(count)))
    elif hand and count != len(hand):
        raise OptionError(say("svg.count_differs_from_number_cards", count=count, len=len(hand)))
    chosen = set(to_cards(selected))
    faded = set(to_cards(dimmed))
    lift = 14 if chosen and not face_down else 0  # room above the row for raised cards
    step = 100 * spacing
    view_w = 100 + step * max(count - 1, 0)
    view_h = 140 + lift
    scale = width / 100
    if label is None:
        if face_down:
            label = str(say("svg.face_down", n=count))
        elif hand:
            label = render(joined([c.label_message for c in hand], "list.comma"))
        else:
            label = str(say("svg.no_cards"))
    parts = [_open(view_w * scale, view_h * scale, view_w, view_h, label)]
    if count == 0:
        parts.append(
            f'<rect x="2" y="{_n(lift + 2)}" width="96" height="136" rx="7" fill="none" '
            f'stroke="{_EDGE_COLOUR}" stroke-width="2" stroke-dasharray="6 5"/>'
        )
    for i in range(count):
        x = step * i
        if face_down:
            parts.append(f'<g transform="translate({_n(x)} {_n(lift)})">{_BACK_BODY}</g>')
            continue
        card = hand[i]
        is_sel = card in chosen
        body = _face_body(card, bool(four_colour))
        if card in faded:
            body += _DIMMED_MARK
        if is_sel:
            body += _SELECTED_MARK
        title = escape(render(say("svg.selected", card=card.label_message) if is_sel else card.label_message))
        y = 0 if is_sel else lift
        parts.append(f'<g transform="translate({_n(x)} {_n(y)})"><title>{title}</title>{body}</g>')
    parts.append("</svg>")
    return "".join(parts)


def _card_picture(card: Card) -> str:
    """Jupyter's picture of a card (``Card._repr_svg_``)."""
    return card_svg(card)


# Cards show themselves as pictures.  The hook is set here, where pictures are drawn, so
# that cards.py needs nothing from this module (the import runs one way only).
Card._repr_svg_ = _card_picture  # type: ignore[attr-defined]
