"""Cards, card strings, decks and seeded deals.

A :class:`Card` is one of 52 immutable singletons: ``Card(Rank.QUEEN, Suit.HEARTS)``
always returns the same object, so cards compare and hash fast and can be used in
sets and as dictionary keys.  Card *order* is each game's business (Least Score
reads the ace as 1, Tiến Lên ranks the 2 highest), so cards themselves define no
``<``; each game module supplies its own sort key.

>>> parse_cards('AS 10h Q♦ t♣, 2C')
[Card('AS'), Card('10H'), Card('QD'), Card('10C'), Card('2C')]
>>> str(Card.parse('qh'))
'Q♥'
"""

from __future__ import annotations

import random
import re
from enum import IntEnum
from typing import Iterable, Union

from . import i18n
from .i18n import say
from .errors import CardParseError, DealCodeError

__all__ = [
    "set_bits",
    "bit_mask",
    "Rank",
    "Suit",
    "Card",
    "CardLike",
    "parse_cards",
    "to_cards",
    "full_deck",
    "shuffled_deck",
    "new_seed",
    "deal_code",
    "seed_from_code",
    "resolve_seed",
    "cards_text",
    "MAX_SEED",
]


class Rank(IntEnum):
    """A card's rank; the value is the rank's number with the ace as 1."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def code(self) -> str:
        """``'A'``, ``'2'`` … ``'10'``, ``'J'``, ``'Q'``, ``'K'``."""
        return _RANK_CODES[self.value]

    @property
    def label(self) -> str:
        """The rank's English name: ``'Ace'``, ``'Two'``, … ``'King'``."""
        return self.name.capitalize()

    @property
    def plural(self) -> str:
        """``'aces'``, ``'twos'``, ``'sixes'``, ``'kings'`` — for messages."""
        name = self.name.lower()
        return name + ("es" if name.endswith("x") else "s")


class Suit(IntEnum):
    """A card's suit.  The values follow Tiến Lên's order ♠ < ♣ < ♦ < ♥."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def letter(self) -> str:
        """``'S'``, ``'C'``, ``'D'`` or ``'H'``."""
        return "SCDH"[self.value]

    @property
    def symbol(self) -> str:
        """``'♠'``, ``'♣'``, ``'♦'`` or ``'♥'``."""
        return "♠♣♦♥"[self.value]

    @property
    def label(self) -> str:
        """``'spades'``, ``'clubs'``, ``'diamonds'`` or ``'hearts'``."""
        return self.name.lower()

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_RANK_CODES = {1: "A", 11: "J", 12: "Q", 13: "K", **{n: str(n) for n in range(2, 11)}}
_RANK_FROM_TEXT = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, "10": 10}
_RANK_FROM_TEXT.update({str(n): n for n in range(2, 10)})
_SUIT_FROM_TEXT = {
    "S": 0, "♠": 0, "♤": 0,
    "C": 1, "♣": 1, "♧": 1,
    "D": 2, "♦": 2, "♢": 2,
    "H": 3, "♥": 3, "♡": 3,
}
_SUIT_HELP = say("cards.suit_help")
_RANK_HELP = say("cards.rank_help")

SuitLike = Union[Suit, int, str]


class Card:
    """One playing card: immutable, hashable, one object per card.

    ``card.rank`` is a :class:`Rank`, ``card.suit`` a :class:`Suit`,
    ``card.index`` a number 0–51 (``(rank - 1) * 4 + suit``), ``card.code`` the
    short text ``'AS'`` / ``'10H'``, and ``str(card)`` the text with a suit symbol
    (``'A♠'``).  In Jupyter a card shows as a picture (:mod:`cardkit.svg` draws it,
    and gives ``Card`` its ``_repr_svg_``: this module knows nothing of pictures).
    """

    __slots__ = ("rank", "suit", "index", "code", "_text")
    _cache: dict[int, "Card"] = {}

    rank: Rank
    suit: Suit
    index: int
    code: str

    def __new__(cls, rank: Union[Rank, int, str], suit: SuitLike) -> "Card":
        r = _coerce_rank(rank)
        s = _coerce_suit(suit)
        return cls._cache[(r - 1) * 4 + s]

    @classmethod
    def _make(cls, index: int) -> "Card":
        obj = object.__new__(cls)
        r, s = index // 4 + 1, index % 4
        object.__setattr__(obj, "rank", Rank(r))
        object.__setattr__(obj, "suit", Suit(s))
        object.__setattr__(obj, "index", index)
        object.__setattr__(obj, "code", _RANK_CODES[r] + "SCDH"[s])
        object.__setattr__(obj, "_text", _RANK_CODES[r] + "♠♣♦♥"[s])
        return obj

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Read one card such as ``'AS'``, ``'10h'``, ``'t♣'`` or ``'Q♦'``."""
        return _parse_token(text.strip())

    @classmethod
    def from_index(cls, index: int) -> "Card":
        """The card with this ``index`` (0–51)."""
        return cls._cache[index]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Card cannot be changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Card cannot be changed")

    def __reduce__(self):
        return (Card.from_index, (self.index,))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: dict) -> "Card":
        return self

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __repr__(self) -> str:
        return f"Card('{self.code}')"

    def __str__(self) -> str:
        return self._text

    @property
    def value(self) -> int:
        """The rank number with the ace as 1 and the king as 13.

        Not a game's points: a king is worth 10 in Least Score
        (``cardkit.least_score.card_value``), and Tiến Lên orders cards by
        ``cardkit.tienlen.card_key``."""
        return int(self.rank)

    @property
    def label(self) -> str:
        """A text label for screen readers: ``'Queen of hearts'`` (:attr:`label_message`
        rendered, in the learner's language)."""
        return str(self.label_message)

    @property
    def label_message(self) -> "i18n.Message":
        """The card's name for a screen reader, as a message of the catalogue."""
        return say("card.label", rank=say(f"card.rank_label.r{int(self.rank)}"),
                   suit=say(f"card.suit.{self.suit.name.lower()}"))


for _i in range(52):
    Card._cache[_i] = Card._make(_i)
del _i

CardLike = Union[Card, str]


def _coerce_rank(rank: Union[Rank, int, str]) -> int:
    if isinstance(rank, str):
        key = rank.strip().upper()
        if key not in _RANK_FROM_TEXT:
            raise CardParseError(say("cards.not_rank", rank=rank, rank_help=_RANK_HELP), rank)
        return _RANK_FROM_TEXT[key]
    if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= 13:
        raise CardParseError(say("cards.not_rank_use_rank_or", rank=repr(rank)))
    return int(rank)


def _coerce_suit(suit: SuitLike) -> int:
    if isinstance(suit, str):
        key = suit.strip().upper()
        if key not in _SUIT_FROM_TEXT:
            raise CardParseError(say("cards.not_suit", suit=suit, suit_help=_SUIT_HELP), suit)
        return _SUIT_FROM_TEXT[key]
    if isinstance(suit, bool) or not isinstance(suit, int) or not 0 <= suit <= 3:
        raise CardParseError(say("cards.not_suit_use_suit_or", suit=repr(suit)))
    return int(suit)


def _parse_token(token: str) -> Card:
    if not token:
        raise CardParseError(say("cards.empty_string_not_card"), token)
    upper = token.upper()
    suit_text, rank_text = upper[-1], upper[:-1]
    if suit_text not in _SUIT_FROM_TEXT:
        if upper in _RANK_FROM_TEXT:
            raise CardParseError(say("cards.has_no_suit_add_one", token=token, suit_help=_SUIT_HELP), token)
        raise CardParseError(say("cards.not_card_not_suit", token=token, token2=token[-1], suit_help=_SUIT_HELP), token)
    if not rank_text:
        raise CardParseError(say("cards.has_no_rank_put_one", token=token, rank_help=_RANK_HELP), token)
    if rank_text not in _RANK_FROM_TEXT:
        hint = {"1": 1, "14": 1, "11": 11, "12": 12, "13": 13}.get(rank_text)
        if hint is None:
            problem = say("cards.not_card_not_rank", token=token, token2=token[:-1], rank_help=_RANK_HELP)
        else:  # a number for a court card or the ace: say which letter it is
            problem = say("cards.not_card_not_rank_hint", token=token, token2=token[:-1], rank_help=_RANK_HELP,
                          hint=say(f"cards.rank_letter.r{hint}"))
        raise CardParseError(problem, token)
    return Card._cache[(_RANK_FROM_TEXT[rank_text] - 1) * 4 + _SUIT_FROM_TEXT[suit_text]]


_SPLIT = re.compile(r"[\s,]+")


def parse_cards(text: str) -> list[Card]:
    """Read cards from text: ``'AS 10h Q♦ t♣, 2C'``.

    Ranks are A, 2–10 (or T), J, Q, K; suits S C D H or ♠ ♣ ♦ ♥, in any case;
    cards are separated by spaces and/or commas.  A token that is no card, or a
    card given twice, raises :class:`CardParseError` naming the token.
    An empty string gives an empty list.
    """
    if not isinstance(text, str):
        raise CardParseError(say("cards.parse_cards_reads_text_such", name=type(text).__name__))
    cards: list[Card] = []
    seen: set[Card] = set()
    for token in _SPLIT.split(text.strip()):
        if not token:
            continue
        card = _parse_token(token)
        if card in seen:
            raise CardParseError(say("cards.given_twice_can_in_hand", token=token, card=card), token)
        seen.add(card)
        cards.append(card)
    return cards


def to_cards(cards: Union[str, Card, Iterable[CardLike]]) -> list[Card]:
    """Accept what a learner would pass for some cards: a string (``'AS 2D'``), one
    :class:`Card`, or any iterable of cards and card strings (a Combo, a tuple …).

    Raises :class:`CardParseError` for an unreadable or repeated card.
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, Card):
        return [cards]
    inner = getattr(cards, "cards", None)
    if inner is not None and not callable(inner):
        cards = inner
    out: list[Card] = []
    seen: set[Card] = set()
    try:
        items = list(cards)
    except TypeError:
        raise CardParseError(say("cards.expected_cards_string_such_as", name=type(cards).__name__)) from None
    for item in items:
        if isinstance(item, Card):
            card = item
        elif isinstance(item, str):
            card = _parse_token(item.strip())
        else:
            raise CardParseError(say("cards.not_card", item=repr(item)))
        if card in seen:
            raise CardParseError(say("cards.given_twice_can_in_hand_2", v=card.code, card=card), card.code)
        seen.add(card)
        out.append(card)
    return out


def set_bits(mask: int) -> list[int]:
    """The numbers of the bits set in ``mask``, lowest first: a group of cards held as a
    bit mask (bit ``i`` for the card numbered ``i``) as the cards' numbers.

    >>> set_bits(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def bit_mask(numbers: Iterable[int]) -> int:
    """The bit mask with the bits ``numbers`` set (the inverse of :func:`set_bits`)."""
    m = 0
    for i in numbers:
        m |= 1 << i
    return m


def cards_text(cards: Iterable[Card], sep: str = " ") -> str:
    """``'A♠ 10♥ Q♦'`` for a group of cards."""
    return sep.join(str(c) for c in cards)


def full_deck() -> list[Card]:
    """The 52 cards in index order (A♠ A♣ A♦ A♥ 2♠ …)."""
    return [Card._cache[i] for i in range(52)]


def shuffled_deck(seed: int) -> list[Card]:
    """The 52 cards shuffled by ``random.Random(seed)``: the same seed gives the
    same order on every machine."""
    deck = full_deck()
    random.Random(seed).shuffle(deck)
    return deck


# --- deal codes --------------------------------------------------------------
# A deal code is a seed written in six characters of Crockford's base 32 (no I, L,
# O or U, so it reads aloud well), shown as two groups of three: 'K7Q-29X'.

_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_CODE_READ = {ch: i for i, ch in enumerate(_CODE_ALPHABET)}
_CODE_READ.update({"O": 0, "I": 1, "L": 1})
CODE_LENGTH = 6
MAX_SEED = 32**CODE_LENGTH  # seeds 0 … 2**30 − 1 have a deal code


def new_seed() -> int:
    """A fresh random seed that has a deal code (drawn from the operating system,
    not from any global generator)."""
    return random.SystemRandom().randrange(MAX_SEED)


def deal_code(seed: int) -> str:
    """The short code of a seed, e.g. ``deal_code(12345) == '000-C1S'``."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise DealCodeError(say("cards.deal_code_exists_for_seeds", v=MAX_SEED - 1, seed=repr(seed)))
    chars = []
    for _ in range(CODE_LENGTH):
        seed, digit = divmod(seed, 32)
        chars.append(_CODE_ALPHABET[digit])
    text = "".join(reversed(chars))
    return f"{text[:3]}-{text[3:]}"


def seed_from_code(code: str) -> int:
    """The seed behind a deal code; dashes, spaces and case do not matter, and
    O / I / L are read as 0 / 1 / 1."""
    if not isinstance(code, str):
        raise DealCodeError(say("cards.deal_code_text_such_as", name=type(code).__name__))
    text = re.sub(r"[\s\-]", "", code).upper()
    if len(text) != CODE_LENGTH:
        raise DealCodeError(say("cards.not_deal_code", v=code,
                                reason=say("cards.deal_code_length", code_length=CODE_LENGTH)))
    seed = 0
    for ch in text:
        if ch not in _CODE_READ:
            raise DealCodeError(say("cards.not_deal_code", v=code, reason=say("cards.deal_code_char", ch=ch)))
        seed = seed * 32 + _CODE_READ[ch]
    return seed


def resolve_seed(seed: Union[int, str, None], any_whole_number: bool = False) -> int:
    """The seed of a match from what a learner gives: ``None`` (a fresh seed), a whole
    number from 0 to 2**30 − 1, or a deal code such as ``'K7Q-29X'`` (read by
    :func:`seed_from_code`).  With ``any_whole_number`` every whole number is taken
    (only those in range have a deal code).  Anything else raises
    :class:`~cardkit.errors.DealCodeError` (a ``ValueError``) with the reason.

    >>> resolve_seed('000-C1S'), resolve_seed(7)
    (12345, 7)
    """
    if seed is None:
        return new_seed()
    if isinstance(seed, str):
        return seed_from_code(seed)
    if isinstance(seed, bool) or not isinstance(seed, int) or (not any_whole_number and not 0 <= seed < MAX_SEED):
        raise DealCodeError(
            say("cards.seed_whole_number_from_0", v=MAX_SEED - 1, seed=repr(seed))
        )
    return seed


i18n.register_card_type(Card)
