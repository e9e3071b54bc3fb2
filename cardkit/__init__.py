"""cardkit — a small, exact card engine for learning Least Score and Tiến Lên.

The engine imports no Jupyter package.  Above it, and importing it (never the other way):
:mod:`cardkit.widgets` (what a player clicks), :mod:`cardkit.classroom` (what the lessons
are built from, on the widgets) and :mod:`cardkit.app` (the Voilà server's side).

>>> from cardkit import parse_cards
>>> [c.code for c in parse_cards('AS 10h Q♦ t♣, 2C')]
['AS', '10H', 'QD', '10C', '2C']
"""

from .cards import (
    Card,
    Rank,
    Suit,
    cards_text,
    deal_code,
    full_deck,
    new_seed,
    parse_cards,
    resolve_seed,
    seed_from_code,
    shuffled_deck,
    to_cards,
)
from . import svg  # noqa: F401  (gives Card its picture in Jupyter)
from .errors import (
    BotError,
    CardkitError,
    CardParseError,
    DealCodeError,
    HandError,
    IllegalActionError,
    OptionError,
    PlayerError,
    RulesError,
    UnknownBotError,
)

__version__ = "0.1.0"

__all__ = [
    "Card",
    "Rank",
    "Suit",
    "parse_cards",
    "to_cards",
    "cards_text",
    "full_deck",
    "shuffled_deck",
    "new_seed",
    "deal_code",
    "seed_from_code",
    "resolve_seed",
    "CardkitError",
    "CardParseError",
    "DealCodeError",
    "IllegalActionError",
    "RulesError",
    "HandError",
    "PlayerError",
    "OptionError",
    "UnknownBotError",
    "BotError",
]
