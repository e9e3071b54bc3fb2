"""Card pictures as SVG text (pure strings: no Jupyter package is imported here).

The widgets and ``Card._repr_svg_`` both draw with :func:`card_svg`.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .cards import Card

__all__ = ["card_svg", "back_svg"]

TWO_COLOUR = {0: "#1a1a1a", 1: "#1a1a1a", 2: "#c8102e", 3: "#c8102e"}


def card_svg(card: "Card", width: int = 70) -> str:
    """An SVG picture of ``card`` with a text label for screen readers."""
    height = round(width * 1.4)
    colour = TWO_COLOUR[int(card.suit)]
    label = escape(card.label)
    rank = escape(card.rank.code)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 100 140" role="img" aria-label="{label}"><title>{label}</title>'
        f'<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#333" stroke-width="2"/>'
        f'<text x="8" y="30" font-family="sans-serif" font-size="26" font-weight="bold" fill="{colour}">{rank}</text>'
        f'<text x="50" y="95" font-family="sans-serif" font-size="54" text-anchor="middle" fill="{colour}">{card.suit.symbol}</text>'
        f"</svg>"
    )


def back_svg(width: int = 70) -> str:
    """The face-down back of a card."""
    height = round(width * 1.4)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 100 140" role="img" aria-label="face-down card"><title>face-down card</title>'
        f'<rect x="1" y="1" width="98" height="138" rx="8" fill="#234e8c" stroke="#333" stroke-width="2"/>'
        f'<rect x="10" y="10" width="80" height="120" rx="5" fill="none" stroke="#fff" stroke-width="3"/>'
        f"</svg>"
    )
