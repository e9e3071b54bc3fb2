"""Tiến Lên's rules: the options (:class:`Rules`), card order and combinations —
:func:`classify`, :func:`beats`, :func:`legal_plays`.

Card order
    Ranks run 3 4 5 6 7 8 9 10 J Q K A 2 (3 lowest, 2 highest); within a rank the
    suits run ♠ < ♣ < ♦ < ♥.  Every card is therefore strictly ordered:
    3♠ is the lowest card and 2♥ the highest.  :func:`card_key` gives each card its
    place, 0 (3♠) to 51 (2♥).

Combinations (:class:`Combo`)
    single, pair, triple, four of a kind (a bomb), sequence (3 or more consecutive
    ranks, never a 2) and double sequence (3 or more consecutive pairs, never a 2;
    always a bomb).  The *key card* is the combination's highest card.

How it is fast
    A hand is a 52-bit integer: bit ``card_key(card)`` is set when the card is in the
    hand, so the four cards of a rank sit side by side in one 4-bit "nibble", and
    questions such as "which ranks hold a pair?" are a few integer operations on the
    whole hand.  Each combination is made once and kept (by its bits); the singles,
    pairs, triples and fours of every three-rank chunk of a hand, and the sequences of
    every three-rank window, are kept in caches keyed by those bits, so listing the
    plays of a hand mostly glues cached tuples together.  Longer sequences are grown
    from the three-rank windows.  All caches are bounded.

Hands as bits (the engine's fast interface)
    The game state, the bots and the strong bot work on these 52-bit hands directly:
    :data:`PLACE_OF_INDEX` and :data:`CARD_AT_PLACE` turn cards into bit places and
    back, :func:`mask_of_cards` / :func:`cards_of_mask` whole hands;
    :func:`combo_of_mask`, :func:`plays_of_mask`, :func:`responses_of_mask`,
    :func:`chops_of_a_two`, :func:`beats_combo` and :func:`instant_win_of_mask` are
    the rules on such hands (no checks: the cards are known to be good), and
    :func:`rank_presence`, :func:`pair_presence`, :func:`triple_presence`,
    :func:`quad_presence` say which ranks a hand holds once, twice, three or four
    times (bit 4r for rank place r; :data:`RANKS_3_TO_A` has every such bit but the 2's).
    :data:`SINGLES_IN` lists the single cards of a 12-bit (three-rank) chunk of a hand.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar, Iterable, Iterator, Optional, Union

from ..cards import Card, cards_text, set_bits, to_cards
from ..errors import HandError, OptionError, RulesError
from ..i18n import Message, and_list, joined, kind_word, number_word, say, seat

__all__ = [
    "Rules",
    "Combo",
    "ComboLike",
    "KINDS",
    "card_key",
    "sort_key",
    "sort_hand",
    "rank_name",
    "rank_word",
    "classify",
    "why_illegal",
    "illegal_problem",
    "beat_reason",
    "kind_problem",
    "beats",
    "why_not_beats",
    "is_chop",
    "legal_plays",
    "instant_win",
    "MAX_HAND",
    "PLACE_OF_INDEX",
    "CARD_AT_PLACE",
    "mask_of_cards",
    "cards_of_mask",
    "combo_of_mask",
    "plays_of_mask",
    "responses_of_mask",
    "chops_of_a_two",
    "beats_combo",
    "instant_win_of_mask",
    "rank_presence",
    "pair_presence",
    "triple_presence",
    "quad_presence",
    "RANKS_3_TO_A",
    "SINGLES_IN",
    "SINGLE",
    "PAIR",
    "TRIPLE",
    "FOUR",
    "SEQUENCE",
    "DOUBLE_SEQUENCE",
]

MAX_HAND = 13
"""A Tiến Lên hand holds at most 13 cards."""


# ---------------------------------------------------------------------------
# Rules

@dataclass(frozen=True)
class Rules:
    """The options of a Tiến Lên match.  Defaults follow the rules as written.

    - ``players`` (default 4): 2, 3 or 4.  Everyone is dealt 13 cards; with fewer than
      four players the remaining cards stay out of play, face down.
    - ``target`` (default 21): the match ends after the game in which a player's
      points reach this total; that player wins.

    Common house variants, all off by default:

    - ``four_of_a_kind_beats_pair_of_twos``: a four of a kind chops a pair of 2s too,
      not only a single 2.
    - ``bigger_bombs_beat_smaller``: bombs beat smaller bombs of the other type, on the
      ladder double sequence of 3 pairs < four of a kind < double sequence of 4 pairs
      < of 5 pairs < of 6 pairs.  (By default a bomb is beaten only by a higher bomb of
      the same type and size.)
    - ``passed_players_may_rejoin``: passing only skips one turn; a player who passed
      may play again on a later turn of the same round.  The table is cleared when
      every other player has passed in a row on the last play.
    """

    MIN_PLAYERS: ClassVar[int] = 2
    """The fewest players: ``Rules.MIN_PLAYERS``."""
    MAX_PLAYERS: ClassVar[int] = 4
    """The most players (13 cards each): ``Rules.MAX_PLAYERS``."""

    players: int = 4
    target: int = 21
    four_of_a_kind_beats_pair_of_twos: bool = False
    bigger_bombs_beat_smaller: bool = False
    passed_players_may_rejoin: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise RulesError(say("tl.rules.players_must_whole_number_2", players=repr(self.players)))
        if not self.MIN_PLAYERS <= self.players <= self.MAX_PLAYERS:
            raise RulesError(say("tl.rules.ti_n_l_n_played", players=self.players))
        if isinstance(self.target, bool) or not isinstance(self.target, int):
            raise RulesError(say("tl.rules.target_must_whole_number_points", target=repr(self.target)))
        if self.target < 1:
            raise RulesError(say("tl.rules.target_must_at_least_1", target=self.target))
        for name in ("four_of_a_kind_beats_pair_of_twos", "bigger_bombs_beat_smaller",
                     "passed_players_may_rejoin"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise RulesError(say("tl.rules.switched_on_or_off_with", name=name, value=repr(value)))

    def house_rules(self) -> list[str]:
        """Every option that differs from the rules as written, in a learner's words
        (the players and the target are settings, not house rules).

        >>> Rules(four_of_a_kind_beats_pair_of_twos=True).house_rules()
        ['a four of a kind chops a pair of 2s too']
        """
        return [str(m) for m in self.house_rule_messages()]

    def house_rule_messages(self) -> list[Message]:
        """Every option that differs from the rules as written, as messages."""
        out = []
        if self.four_of_a_kind_beats_pair_of_twos:
            out.append(say("tl.house.quad_beats_pair_of_twos"))
        if self.bigger_bombs_beat_smaller:
            out.append(say("tl.house.bigger_bombs"))
        if self.passed_players_may_rejoin:
            out.append(say("tl.house.rejoin"))
        return out


# ---------------------------------------------------------------------------
# Card order.  "t" below is a card's place in Tiến Lên order: 4 * rank_place + suit,
# where rank_place is 0 for a 3 … 11 for an ace, 12 for a 2.

_TWO_PLACE = 12


def _rank_of_place(place: int) -> int:
    """The card rank (1 = ace … 13 = king) of a rank place in Tiến Lên order (0 = 3 … 12 = 2)."""
    return (place + 2) % 13 + 1


def _rank_short(place: int) -> Message:
    """A rank place as printed on a card: 'J', '10'."""
    return say(f"card.rank_short.r{_rank_of_place(place)}")

_PLACES = [0] * 52
_CARD_OF_T: list[Card] = [None] * 52  # type: ignore[list-item]
for _idx in range(52):
    _card = Card.from_index(_idx)
    _t = ((int(_card.rank) - 3) % 13) * 4 + int(_card.suit)
    _PLACES[_idx] = _t
    _CARD_OF_T[_t] = _card
del _idx, _card, _t
PLACE_OF_INDEX: tuple[int, ...] = tuple(_PLACES)
"""Each card's place in Tiến Lên order (its :func:`card_key`), by ``Card.index``."""
CARD_AT_PLACE: tuple[Card, ...] = tuple(_CARD_OF_T)
"""The card at each place of Tiến Lên order: ``CARD_AT_PLACE[0]`` is 3♠, ``[51]`` 2♥."""


def card_key(card: Card) -> int:
    """A card's place in Tiến Lên order: 0 for 3♠ (the lowest card) up to 51 for 2♥.

    Sort cards with it: ``sorted(hand, key=card_key)``.

    >>> from cardkit import Card
    >>> card_key(Card('3', 'S')), card_key(Card('3', 'H')), card_key(Card('2', 'H'))
    (0, 3, 51)
    """
    return PLACE_OF_INDEX[card.index]


sort_key = card_key
"""The same as :func:`card_key` (the sort key of Tiến Lên's card order)."""


def sort_hand(cards: Union[str, Card, Iterable[Union[Card, str]]]) -> list[Card]:
    """The cards sorted from lowest to highest in Tiến Lên order (3♠ first, 2♥ last)."""
    return sorted(to_cards(cards), key=card_key)


def rank_word(card: Card, plural: bool = False) -> Message:
    """The rank of a card as a catalogue word: ``'king'``/``'kings'``, ``'7'``/``'7s'``."""
    return say(f"tl.rank_plural.r{int(card.rank)}" if plural else f"tl.rank.r{int(card.rank)}")


def rank_name(card: Card, plural: bool = False) -> str:
    """The rank of a card in words, as used in messages: ``'king'``/``'kings'``, ``'7'``/``'7s'``
    (:func:`rank_word` rendered)."""
    return str(rank_word(card, plural))


def mask_of_cards(cards: Iterable[Card]) -> int:
    """A hand as bits: bit ``card_key(card)`` set for every card (no checks)."""
    m = 0
    for c in cards:
        m |= 1 << PLACE_OF_INDEX[c.index]
    return m


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a hand given as bits, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARD_AT_PLACE[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


# Masks over the 52 bits.
_SPREAD = sum(1 << (4 * r) for r in range(13))        # bit 0 of every rank's nibble
RANKS_3_TO_A = sum(1 << (4 * r) for r in range(12))
"""Bit 4r of every rank place r from 3 to A (not the 2): what a dragon holds."""
_RANK_MASK = tuple(0xF << (4 * r) for r in range(13))
_TWOS = 0xF << 48
_BELOW_RANK = tuple((1 << (4 * r)) - 1 for r in range(14))  # every card of a rank place < r


def rank_presence(m: int) -> int:
    """Bit 4r is set when the hand holds a card of rank place r."""
    return (m | m >> 1 | m >> 2 | m >> 3) & _SPREAD


def pair_presence(m: int) -> int:
    """Bit 4r is set when the hand holds at least two cards of rank place r."""
    a, b, c, d = m, m >> 1, m >> 2, m >> 3
    return ((a & (b | c | d)) | (b & (c | d)) | (c & d)) & _SPREAD


def quad_presence(m: int) -> int:
    """Bit 4r is set when the hand holds all four cards of rank place r."""
    return m & m >> 1 & m >> 2 & m >> 3 & _SPREAD


# ---------------------------------------------------------------------------
# Combinations

SINGLE, PAIR, TRIPLE, FOUR, SEQUENCE, DOUBLE_SEQUENCE = range(6)
"""The kinds as numbers (``combo.code``), in the order of :data:`KINDS`."""
KINDS = ("single", "pair", "triple", "four_of_a_kind", "sequence", "double_sequence")
"""The six kinds of combination, in the order :func:`legal_plays` lists them."""


class Combo:
    """One legal Tiến Lên combination: a group of cards that may go to the middle.

    Make one with :func:`classify` (which returns ``None`` for cards that are no
    combination) or ``Combo('9C 9H')`` (which raises an error that says why not).

    - ``combo.kind``: ``'single'``, ``'pair'``, ``'triple'``, ``'four_of_a_kind'``,
      ``'sequence'`` or ``'double_sequence'``;
    - ``combo.key``: the key card, the highest card of the combination — it decides
      which of two combinations of the same shape is higher;
    - ``combo.cards``: the cards, lowest first; ``len(combo)`` their number;
    - ``combo.is_bomb``: a four of a kind or a double sequence (these can chop 2s);
    - ``str(combo)`` is ``'9♣ 9♥'``; ``combo.describe()`` is ``'pair of 9s'``.

    Combos are immutable and hashable; two combos with the same cards are equal.
    For speed the engine also reads ``combo.mask`` (the cards as bits, see
    :func:`card_key`), ``combo.top`` (``card_key`` of the key card), ``combo.size``
    and ``combo.shape`` (kind and size in one number).
    """

    __slots__ = ("mask", "top", "code", "shape", "size", "_cards")

    mask: int
    top: int
    code: int
    shape: int
    size: int

    def __new__(cls, cards: "ComboLike") -> "Combo":
        if isinstance(cards, Combo):
            return cards
        cards = to_cards(cards)
        combo = combo_of_mask(mask_of_cards(cards))
        if combo is None:
            shown = tuple(sort_hand(cards)) or say("tl.rules.no_cards")
            raise HandError(say("tl.rules.not_combination", shown=shown, why_illegal=illegal_problem(cards)))
        return combo

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Combo cannot be changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Combo cannot be changed")

    @property
    def kind(self) -> str:
        """``'single'``, ``'pair'``, ``'triple'``, ``'four_of_a_kind'``, ``'sequence'`` or
        ``'double_sequence'``."""
        return KINDS[self.code]

    @property
    def key(self) -> Card:
        """The key card: the highest card by (rank, suit).  Of two combinations of the
        same shape, the one with the higher key card is higher."""
        return CARD_AT_PLACE[self.top]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, lowest first."""
        cards = self._cards
        if cards is None:
            cards = cards_of_mask(self.mask)
            _set_cards(self, cards)
        return cards

    @property
    def is_bomb(self) -> bool:
        """True for a four of a kind or a double sequence: bombs can chop 2s."""
        return self.code == FOUR or self.code == DOUBLE_SEQUENCE

    @property
    def pairs(self) -> int:
        """For a double sequence, its number of pairs (0 for every other kind)."""
        return self.size // 2 if self.code == DOUBLE_SEQUENCE else 0

    @property
    def name(self) -> str:
        """A short name of the shape: ``'single'``, ``'pair'``, ``'sequence of four'``,
        ``'double sequence of three pairs'`` (:attr:`shape_name` rendered)."""
        return str(_shape_name(self.code, self.size))

    @property
    def shape_name(self) -> Message:
        """The short name of the shape as a message (for a sentence of the catalogue)."""
        return _shape_name(self.code, self.size)

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is Combo:
            return self.mask == other.mask  # type: ignore[union-attr]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def __reduce__(self):
        return (combo_of_mask, (self.mask,))

    def __copy__(self) -> "Combo":
        return self

    def __deepcopy__(self, memo: dict) -> "Combo":
        return self

    def __str__(self) -> str:
        return " ".join(map(str, self.cards))

    def __repr__(self) -> str:
        return f"Combo('{' '.join(c.code for c in self.cards)}')"

    def describe(self) -> str:
        """The combination in words, for a learner: ``'single 7♥'``, ``'pair of kings'``,
        ``'sequence of four, 9 to Q'``, ``'double sequence of three pairs, 7 to 9 — a bomb'``
        (:attr:`description` rendered)."""
        return str(self.description)

    @property
    def description(self) -> Message:
        """The combination in words as a message (``tl.describe.<kind>`` and its values)."""
        code = self.code
        key = self.key
        if code == SINGLE:
            return say("tl.describe.single", card=key)
        if code <= FOUR:
            return say(f"tl.describe.{KINDS[code]}", ranks=rank_word(key, plural=True))
        low = _rank_short(((self.mask & -self.mask).bit_length() - 1) >> 2)
        high = _rank_short(self.top >> 2)
        if code == SEQUENCE:
            return say("tl.describe.sequence", n=number_word(self.size), low=low, high=high)
        return say("tl.describe.double_sequence", n=number_word(self.size // 2), low=low, high=high)

    def _repr_svg_(self) -> str:
        from ..svg import card_svg

        width, gap = 70, 28
        pics = []
        for i, card in enumerate(self.cards):
            pics.append(f'<g transform="translate({i * gap},0)">{card_svg(card, width)}</g>')
        total = width + gap * (len(self.cards) - 1)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{round(width * 1.4)}" '
                f'role="img" aria-label="{html.escape(self.describe(), quote=True)}">' + "".join(pics) + "</svg>")


ComboLike = Union[Combo, str, Card, Iterable[Union[Card, str]]]

_set_mask = Combo.mask.__set__  # type: ignore[attr-defined]
_set_top = Combo.top.__set__  # type: ignore[attr-defined]
_set_code = Combo.code.__set__  # type: ignore[attr-defined]
_set_shape = Combo.shape.__set__  # type: ignore[attr-defined]
_set_size = Combo.size.__set__  # type: ignore[attr-defined]
_set_cards = Combo._cards.__set__  # type: ignore[attr-defined]
_object_new = object.__new__


def _shape_name(code: int, size: int) -> Message:
    if code == SEQUENCE:
        return say("tl.shape.sequence", n=number_word(size))
    if code == DOUBLE_SEQUENCE:
        return say("tl.shape.double_sequence", n=number_word(size // 2))
    return kind_word(KINDS[code])


# ---------------------------------------------------------------------------
# Making and keeping combos.
#
# Every combo is made once per set of cards and kept in ``_INTERN`` (mask -> combo),
# so listing the plays of a hand mostly looks combos up.  The caches are emptied when
# they grow too large, so memory stays bounded however long a program runs; combos
# compare by their cards, never by identity, so a rebuilt combo is as good as the old.

_INTERN_LIMIT = 200_000
_CACHE_LIMIT = 50_000
_INTERN: dict[int, Combo] = {}


def _new_combo(mask: int, code: int) -> Combo:
    """Make (and keep) the combo of ``mask``, already known to be of kind ``code``."""
    if len(_INTERN) >= _INTERN_LIMIT:
        _INTERN.clear()
    c = _object_new(Combo)
    size = mask.bit_count()
    _set_mask(c, mask)
    _set_top(c, mask.bit_length() - 1)
    _set_code(c, code)
    _set_size(c, size)
    _set_shape(c, code * 16 + size)
    _set_cards(c, None)
    _INTERN[mask] = c
    return c


def _interned(mask: int, code: int) -> Combo:
    combo = _INTERN.get(mask)
    if combo is None:
        combo = _new_combo(mask, code)
    return combo


# Card bits of one rank: _RANK_BITS[r][nibble] lists the single-card masks of rank
# place r present in that nibble (low suit first); _RANK_PAIRS the pair masks,
# ordered by their higher card, then their lower card.
_RANK_BITS = tuple(
    tuple(tuple(1 << (4 * r + s) for s in range(4) if nib >> s & 1) for nib in range(16))
    for r in range(13)
)
_RANK_PAIRS = tuple(
    tuple(tuple(sorted(((1 << (4 * r + a)) | (1 << (4 * r + b)) for a, b in combinations(
        [s for s in range(4) if nib >> s & 1], 2)), key=lambda x: (x.bit_length(), x)))
        for nib in range(16))
    for r in range(13)
)


class _GroupCache(dict):
    """mask of cards -> tuple of the same-rank groups of ``size`` cards in it, ordered by
    key card.  Looked up with the cards of three ranks at a time (a 12-bit chunk)."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.group_size = size
        self.code = size - 1

    def __missing__(self, mask: int) -> tuple[Combo, ...]:
        if len(self) >= _CACHE_LIMIT:
            self.clear()
        out = []
        for r in range(13):
            nib = (mask >> (4 * r)) & 0xF
            if not nib:
                continue
            suits = [s for s in range(4) if nib >> s & 1]
            for group in combinations(suits, self.group_size):
                m = 0
                for s in group:
                    m |= 1 << (4 * r + s)
                out.append(_interned(m, self.code))
        out.sort(key=_by_top)
        result = tuple(out)
        self[mask] = result
        return result


def _by_top(c: Combo) -> int:
    return c.top


_GROUPS = (None, _GroupCache(1), _GroupCache(2), _GroupCache(3), _GroupCache(4))
SINGLES_IN = _GROUPS[1]
"""The single cards (as combos, lowest first) in a chunk of a hand: look up the hand's
bits of three ranks at a time, e.g. ``SINGLES_IN[hand & 0xFFF]``; ``0xF << 48`` is the 2s."""


class _ChunkGroups(dict):
    """mask of the cards of three ranks (a 12-bit chunk) -> (singles, pairs, triples,
    fours of a kind) in it, each ordered by key card."""

    def __missing__(self, mask: int) -> tuple[tuple[Combo, ...], ...]:
        result = (_GROUPS[1][mask], _GROUPS[2][mask], _GROUPS[3][mask], _GROUPS[4][mask])
        self[mask] = result
        return result


_CHUNK_GROUPS = _ChunkGroups()  # at most 5 * 4096 entries
_CHUNKS = (0xFFF, 0xFFF << 12, 0xFFF << 24, 0xFFF << 36, 0xF << 48)


class _Runs(dict):
    """presence bits (ranks 3..A) -> tuple of (first, last) rank places of every maximal
    run of at least ``min_len`` consecutive present ranks."""

    def __init__(self, min_len: int) -> None:
        super().__init__()
        self.min_len = min_len

    def __missing__(self, pres: int) -> tuple[tuple[int, int], ...]:
        runs = []
        r = 0
        while r < 12:
            if pres >> (4 * r) & 1:
                e = r
                while e + 1 < 12 and pres >> (4 * (e + 1)) & 1:
                    e += 1
                if e - r + 1 >= self.min_len:
                    runs.append((r, e))
                r = e + 1
            else:
                r += 1
        result = tuple(runs)
        self[pres] = result
        return result


_RUNS = _Runs(3)


# Windows of consecutive rank places: _WINDOW[s][L] is the mask of every card of
# rank places s .. s+L-1, _WSPREAD[s][L] the same with one bit per rank.
_WINDOW = [[0] * 14 for _ in range(13)]
_WSPREAD = [[0] * 14 for _ in range(13)]
for _s in range(12):
    for _L in range(1, 13 - _s):
        _WINDOW[_s][_L] = sum(0xF << (4 * r) for r in range(_s, _s + _L))
        _WSPREAD[_s][_L] = sum(1 << (4 * r) for r in range(_s, _s + _L))
del _s, _L


def triple_presence(m: int) -> int:
    """Bit 4r is set when the hand holds at least three cards of rank place r."""
    a, b, c, d = m, m >> 1, m >> 2, m >> 3
    return ((a & b & (c | d)) | (c & d & (a | b))) & _SPREAD


def combo_of_mask(mask: int) -> Optional[Combo]:
    """The combination made by exactly the cards of ``mask``, or None."""
    combo = _INTERN.get(mask)
    if combo is not None:
        return combo
    n = mask.bit_count()
    if n == 0 or n > 12:  # the longest combination has 12 cards
        return None
    pres = rank_presence(mask)
    ranks = pres.bit_count()
    if ranks == 1:
        return _new_combo(mask, n - 1)
    if mask & _TWOS:
        return None
    low = (pres & -pres).bit_length() - 1
    high = pres.bit_length() - 1
    if (high - low) // 4 + 1 != ranks:  # not consecutive
        return None
    if n == ranks and n >= 3:
        return _new_combo(mask, SEQUENCE)
    if n == 2 * ranks and ranks >= 3 and pair_presence(mask) == pres and not triple_presence(mask):
        return _new_combo(mask, DOUBLE_SEQUENCE)
    return None


def _as_combo(play: ComboLike) -> Optional[Combo]:
    if type(play) is Combo:
        return play  # type: ignore[return-value]
    return combo_of_mask(mask_of_cards(to_cards(play)))


def classify(cards: ComboLike) -> Optional[Combo]:
    """The :class:`Combo` these cards make, or ``None`` if they are no combination.

    >>> classify('9C 9H').describe()
    'pair of 9s'
    >>> classify('QS KS AS 2S') is None      # a 2 can never be part of a sequence
    True
    """
    return _as_combo(cards)



# ---------------------------------------------------------------------------
# Why cards are no combination

def _rank_list(places: Iterable[int]) -> object:
    """Rank places as printed on cards, with commas: '5, 7, 8'."""
    return joined([_rank_short(p) for p in places], "list.comma")


def why_illegal(cards: ComboLike) -> Optional[str]:
    """Why these cards are no combination, in words a learner understands; ``None``
    when they are one (:func:`illegal_problem` rendered).

    >>> why_illegal('QS KS AS 2S')
    'a 2 can never be part of a sequence'
    >>> why_illegal('5S 7S 8H')
    'these cards are not consecutive: 5, 7, 8 (6 is missing)'
    """
    problem = illegal_problem(cards)
    return None if problem is None else str(problem)


def illegal_problem(cards: ComboLike) -> Optional[Message]:
    """Why these cards are no combination, as a message (a code such as
    ``tl.illegal.two_in_sequence`` and its values); ``None`` when they are one.

    >>> illegal_problem('QS KS AS 2S').code
    'tl.illegal.two_in_sequence'
    """
    if isinstance(cards, Combo):
        return None
    cards = to_cards(cards)
    mask = mask_of_cards(cards)
    if combo_of_mask(mask) is not None:
        return None
    n = len(cards)
    if n == 0:
        return say("tl.illegal.no_cards")
    if n > 12:
        return say("tl.illegal.too_many", n=n)
    counts = [0] * 13
    for t in set_bits(mask):
        counts[t >> 2] += 1
    places = [p for p in range(13) if counts[p]]
    if n == 2:
        a, b = sort_hand(cards)
        return say("tl.illegal.two_cards", a=a, b=b)
    singles = all(counts[p] == 1 for p in places)
    doubles = all(counts[p] == 2 for p in places)
    if singles or (doubles and len(places) >= 2):
        if counts[_TWO_PLACE]:
            return say("tl.illegal.two_in_sequence" if singles else "tl.illegal.two_in_double_sequence")
        missing = [p for p in range(places[0], places[-1] + 1) if not counts[p]]
        if missing:
            return say("tl.illegal.cards_gap" if singles else "tl.illegal.pairs_gap",
                       ranks=_rank_list(places), gap=_rank_list(missing), missing=len(missing))
        if doubles:
            return say("tl.illegal.double_too_short", n=len(places))
        return say("tl.illegal.sequence_too_short")  # pragma: no cover - n >= 3 here
    # Mixed numbers of cards per rank.
    if counts[_TWO_PLACE] and len(places) > 1:
        return say("tl.illegal.two_mixed")
    several = [p for p in places if counts[p] > 1]
    shown = joined([say("tl.rank.count_of", n=number_word(counts[p]),
                        ranks=say(f"tl.rank_plural.r{_rank_of_place(p)}")) for p in several], "list.comma")
    return say("tl.illegal.mixed", shown=shown)


# ---------------------------------------------------------------------------
# Beating

def _rules_flags(rules: Optional[Rules]) -> tuple[bool, bool]:
    if rules is None:
        return (False, False)
    return (rules.four_of_a_kind_beats_pair_of_twos, rules.bigger_bombs_beat_smaller)


def beats_combo(play: Combo, prev: Combo, quad_on_pair_of_twos: bool = False, ladder: bool = False) -> bool:
    """The rule of beating, on two combos, with the variants as flags (the hot path of
    the game; :func:`beats` is the same for any cards and a :class:`Rules`)."""
    if play.shape == prev.shape:
        return play.top > prev.top
    pc = play.code
    if pc != FOUR and pc != DOUBLE_SEQUENCE:
        return False
    prev_code = prev.code
    if prev_code <= TRIPLE and prev.top >= 48:  # 2s: chopping
        twos = prev.size
        if pc == FOUR:
            return twos == 1 or (twos == 2 and quad_on_pair_of_twos)
        return play.size // 2 >= twos + 2
    if ladder:
        return _bomb_rank(play) > _bomb_rank(prev) if prev.is_bomb else False
    return False


def _bomb_rank(c: Combo) -> int:
    """Bomb sizes for the bigger-bombs variant: double sequence of 3 pairs = 0,
    four of a kind = 1, double sequence of 4, 5, 6 pairs = 2, 3, 4."""
    if c.code == FOUR:
        return 1
    pairs = c.size // 2
    return 0 if pairs == 3 else pairs - 2


def beats(play: ComboLike, previous: ComboLike, rules: Optional[Rules] = None) -> bool:
    """Does ``play`` beat ``previous`` on the table?  Both may be cards, card text or
    :class:`Combo` objects.

    The play must be the same kind with the same number of cards and a higher key
    card — or a bomb that chops: a four of a kind, or a double sequence of 3+
    pairs, beats a single 2; a double sequence of 4+ pairs beats a pair of 2s, of 5+
    pairs three 2s; a higher four of a kind beats a four of a kind, and a double
    sequence beats one of the same length with a lower key card.  ``rules`` may
    switch on wider variants (see :class:`Rules`).  Cards that are no combination
    never beat anything.

    >>> beats('9C 9H', '9S 9D')
    True
    >>> beats('4S 4C 4D 4H', '2H'), beats('4S 4C 4D 4H', '2S 2H')
    (True, False)
    """
    p = _as_combo(play)
    q = _previous(previous)
    if p is None:
        return False
    return beats_combo(p, q, *_rules_flags(rules))


def is_chop(play: ComboLike, previous: ComboLike, rules: Optional[Rules] = None) -> bool:
    """Whether ``play`` *chops* ``previous``: it is a bomb (a four of a kind or a double
    sequence) and beats it — a bomb on 2s, or a higher bomb on a bomb.  This is what the
    match log announces as "Chop!".

    >>> is_chop('4S 4C 4D 4H', '2H'), is_chop('2S', '2H'), is_chop('5S 5C 5D 5H', '4S 4C 4D 4H')
    (True, False, True)
    """
    p = _as_combo(play)
    return p is not None and p.is_bomb and beats(p, previous, rules)


def _previous(previous: ComboLike) -> Combo:
    q = _as_combo(previous)
    if q is None:
        shown = tuple(previous.cards) if isinstance(previous, Combo) else tuple(sort_hand(previous))
        raise HandError((say("tl.rules.previous_play_not_combination", shown=shown,
                             why_illegal=illegal_problem(previous)) if shown
                        else say("tl.rules.previous_play_empty")))
    return q


def beat_problem(play: ComboLike, previous: ComboLike, rules: Optional[Rules] = None) -> Optional[Message]:
    """Why ``play`` does not beat ``previous``, as a message (a code such as
    ``tl.beat.lower_key`` and its values); ``None`` when it does."""
    p = _as_combo(play)
    q = _previous(previous)
    if p is None:
        return say("tl.beat.no_combination", why=illegal_problem(play))
    quad_pair, ladder = _rules_flags(rules)
    if beats_combo(p, q, quad_pair, ladder):
        return None
    lower = say("tl.beat.lower_key", key=p.key, table_key=q.key, table=q.shape_name)
    if q.code <= TRIPLE and q.top >= 48:
        what = say(f"tl.beat.twos_{q.size}")
        if q.size == 2:
            allowed = say("tl.beat.allowed_2_quad" if quad_pair else "tl.beat.allowed_2")
        else:
            allowed = say(f"tl.beat.allowed_{q.size}")
        if p.shape == q.shape:
            return say("tl.beat.lower_only", lower=lower, allowed=allowed, what=what)
        if p.is_bomb:
            return say("tl.beat.bomb_too_small", bomb=p.shape_name, what=what, allowed=allowed)
        return say("tl.beat.only", allowed=allowed, what=what)
    if p.shape == q.shape:
        return lower
    if q.is_bomb:
        if q.code == FOUR:
            allowed = say("tl.beat.higher_four_ladder" if ladder else "tl.beat.higher_four")
        elif ladder:
            allowed = say("tl.beat.higher_bomb_bigger" if q.size == 6 else "tl.beat.higher_bomb_more_pairs",
                          name=q.shape_name)
        else:
            allowed = say("tl.beat.higher_bomb", name=q.shape_name)
        return say("tl.beat.bomb", allowed=allowed)
    return say("tl.beat.same_shape", table=q.shape_name, play=p.shape_name)


def why_not_beats(play: ComboLike, previous: ComboLike, rules: Optional[Rules] = None) -> Optional[str]:
    """Why ``play`` does not beat ``previous``, in words; ``None`` when it does
    (:func:`beat_problem` rendered).

    >>> why_not_beats('5S 6S 7H', '4S 5H 6H 7D')
    'a sequence of four must be beaten by a higher sequence of four; this is a sequence of three'
    """
    problem = beat_problem(play, previous, rules)
    return None if problem is None else str(problem)


def why_beats(play: ComboLike, previous: ComboLike, rules: Optional[Rules] = None) -> Optional[str]:
    """Why ``play`` beats ``previous``, in words; ``None`` when it does not (then
    :func:`why_not_beats` says why not).

    >>> why_beats('9C 9H', '9S 9D')
    'both are a pair, and the key card 9♥ is higher than 9♦'
    >>> why_beats('4S 4C 4D 4H', '2H')
    'a four of a kind is a bomb: it chops a single 2'
    """
    reason = beat_reason(play, previous, rules)
    return None if reason is None else str(reason)


def beat_reason(play: ComboLike, previous: ComboLike, rules: Optional[Rules] = None) -> Optional[Message]:
    """Why ``play`` beats ``previous``, as a message; ``None`` when it does not."""
    p = _as_combo(play)
    q = _previous(previous)
    if p is None or not beats_combo(p, q, *_rules_flags(rules)):
        return None
    if p.shape == q.shape:
        return say("tl.why_beats.same_shape", name=q.shape_name, key=p.key, other=q.key)
    if q.code <= TRIPLE and q.top >= 48:
        return say("tl.why_beats.chops", name=p.shape_name, twos=say(f"tl.beat.twos_{q.size}"))
    return say("tl.why_beats.bigger_bomb", name=p.shape_name, other=q.shape_name)


def why_not_kind(cards: ComboLike, kind: str) -> Optional[str]:
    """Why these cards are not a combination of ``kind`` (one of :data:`KINDS`), in
    words that do not name what they are instead; ``None`` when they are one
    (:func:`kind_problem` rendered).

    >>> why_not_kind('8C 8D 8H', 'pair')
    'a pair is two cards of the same rank; these are 3 cards'
    >>> why_not_kind('AS 2C 3D', 'sequence')
    'a sequence is three or more cards of ranks in a row, one card of each rank, with no 2; a 2 can never be part of one'
    """
    problem = kind_problem(cards, kind)
    return None if problem is None else str(problem)


def kind_problem(cards: ComboLike, kind: str) -> Optional[Message]:
    """Why these cards are not a combination of ``kind``, as a message; ``None`` when they are one."""
    if kind not in KINDS:
        raise OptionError(say("tl.rules.kind_one_not", join=', '.join(KINDS), kind=repr(kind)))
    cards = list(cards.cards) if isinstance(cards, Combo) else to_cards(cards)
    combo = combo_of_mask(mask_of_cards(cards))
    if combo is not None and combo.kind == kind:
        return None
    rule = say(f"tl.kind_rule.{kind}")
    n = len(cards)
    counts: dict[int, int] = {}
    for c in cards:
        counts[_PLACES[c.index] >> 2] = counts.get(_PLACES[c.index] >> 2, 0) + 1
    places = sorted(counts)
    size = {"single": 1, "pair": 2, "triple": 3, "four_of_a_kind": 4}.get(kind)
    if size is not None:
        if n != size:
            return say("tl.not_kind.size", rule=rule, n=n)
        return say("tl.not_kind.ranks", rule=rule, n=len(places))
    if kind == "sequence":
        if n < 3:
            return say("tl.not_kind.too_few", rule=rule, n=n)
        if _TWO_PLACE in counts:
            return say("tl.not_kind.has_two", rule=rule)
        if any(v > 1 for v in counts.values()):
            return say("tl.not_kind.repeat", rule=rule)
    else:
        if n < 6 or n % 2:
            return say("tl.not_kind.even", rule=rule, n=n)
        if _TWO_PLACE in counts:
            return say("tl.not_kind.has_two", rule=rule)
        if any(v != 2 for v in counts.values()):
            return say("tl.not_kind.not_twice", rule=rule)
    missing = [r for r in range(places[0], places[-1] + 1) if r not in counts]
    if missing:
        return say("tl.not_kind.gap", rule=rule, gap=_rank_list(missing))
    return rule  # pragma: no cover - every other case is one of the kinds above


# ---------------------------------------------------------------------------
# Listing the plays of a hand

def _same_rank_all(m: int, code: int) -> list[Combo]:
    cache = _GROUPS[code + 1]
    return list(cache[m & 0xFFF] + cache[m & 0xFFF000] + cache[m & 0xFFF000000]
                + cache[m & 0xFFF000000000] + cache[m & 0xF000000000000])


def _groups_above(m: int, code: int, top: int) -> list[Combo]:
    """Same-rank groups of the kind ``code`` (single..four) in ``m`` with key above ``top``."""
    cache = _GROUPS[code + 1]
    r = top >> 2
    out = [c for c in cache[m & _RANK_MASK[r]] if c.top > top]
    higher = m & ~_BELOW_RANK[r + 1]
    for ch in _CHUNKS:
        part = higher & ch
        if part:
            out += cache[part]
    return out


def _window_masks(m: int, first: int, last: int, table: tuple) -> list[int]:
    """Every way to take one card (``table`` = _RANK_BITS) or one pair (_RANK_PAIRS) of
    each rank place first..last from ``m``, as masks ordered by key card."""
    partial = table[first][(m >> (4 * first)) & 0xF]
    for r in range(first + 1, last + 1):
        partial = [x | b for b in table[r][(m >> (4 * r)) & 0xF] for x in partial]
    return partial  # type: ignore[return-value]


def _to_combos(masks: list[int], code: int) -> list[Combo]:
    """The combos of these masks (all of kind ``code``), made where not yet kept."""
    get = _INTERN.get
    return [c if (c := get(x)) is not None else _new_combo(x, code) for x in masks]


def _all_runs(m: int, pres: int, table: tuple, min_len: int) -> list[int]:
    """Masks of every sequence (table _RANK_BITS) or double sequence (_RANK_PAIRS) of at
    least ``min_len`` ranks in ``m``, where ``pres`` marks the usable ranks; ordered by
    length, then key card (then the cards below it, from the top down)."""
    out: list[int] = []
    work = []
    longest = 0
    for first, last in _RUNS[pres]:
        count = last - first + 1
        if count < min_len:
            continue
        parts = [table[r][(m >> (4 * r)) & 0xF] for r in range(first, last + 1)]
        # every window of three ranks, then longer windows grown from them
        threes = [[x | y | z for z in parts[i + 2] for y in parts[i + 1] for x in parts[i]]
                  for i in range(count - 2)]
        if min_len == 3:
            for masks in threes:
                out += masks
        work.append((parts, threes))
        if count > longest:
            longest = count
    for length in range(4, longest + 1):
        for parts, grown in work:
            for i in range(len(parts) - length + 1):
                grown[i] = masks = [x | b for b in parts[i + length - 1] for x in grown[i]]
                if length >= min_len:
                    out += masks
    return out


class _Threes(dict):
    """mask of the cards of three consecutive ranks (each present) -> (masks, combos) of
    every sequence of those three ranks, ordered by key card."""

    def __missing__(self, key: int) -> tuple[tuple[int, ...], tuple[Combo, ...]]:
        if len(self) >= _CACHE_LIMIT:
            self.clear()
        first = ((key & -key).bit_length() - 1) >> 2
        a, b, c = (_RANK_BITS[r][(key >> (4 * r)) & 0xF] for r in range(first, first + 3))
        masks = tuple(x | y | z for z in c for y in b for x in a)
        result = (masks, tuple(_to_combos(list(masks), SEQUENCE)))
        self[key] = result
        return result


_THREES = _Threes()
_WINDOW3 = tuple(_WINDOW[s][3] for s in range(10))


def _all_sequences(m: int, pres: int) -> list[Combo]:
    """Every sequence in ``m`` (``pres``: the ranks 3..A present), ordered by length,
    then key card (then the cards below it, from the top down)."""
    out: list[Combo] = []
    work = []
    longest = 0
    threes = _THREES
    for first, last in _RUNS[pres]:
        grown = []
        for s in range(first, last - 1):
            masks, combos = threes[m & _WINDOW3[s]]
            out += combos
            grown.append(masks)
        if last - first >= 3:
            parts = [_RANK_BITS[r][(m >> (4 * r)) & 0xF] for r in range(first, last + 1)]
            work.append((parts, grown))
            if last - first + 1 > longest:
                longest = last - first + 1
    if work:
        longer: list[int] = []
        for length in range(4, longest + 1):
            for parts, grown in work:
                for i in range(len(parts) - length + 1):
                    grown[i] = masks = [x | b for b in parts[i + length - 1] for x in grown[i]]
                    longer += masks
        out += _to_combos(longer, SEQUENCE)
    return out


def _double_sequences(m: int, min_pairs: int = 3) -> list[Combo]:
    pp = pair_presence(m) & RANKS_3_TO_A
    if not (pp & pp >> 4 & pp >> 8):
        return []
    return _to_combos(_all_runs(m, pp, _RANK_PAIRS, min_pairs), DOUBLE_SEQUENCE)


def _sequences_above(m: int, length: int, top: int, width: int) -> list[Combo]:
    """Sequences (width 1) or double sequences (width 2) of ``length`` ranks in ``m``
    whose key is above ``top``."""
    if width == 1:
        pres = rank_presence(m) & RANKS_3_TO_A
        table, code = _RANK_BITS, SEQUENCE
    else:
        pres = pair_presence(m) & RANKS_3_TO_A
        table, code = _RANK_PAIRS, DOUBLE_SEQUENCE
    r = top >> 2
    masks: list[int] = []
    for e in range(max(r, length - 1), 12):
        s = e - length + 1
        ws = _WSPREAD[s][length]
        if pres & ws != ws:
            continue
        found = _window_masks(m, s, e, table)
        if e == r:
            limit = (2 << top) - 1
            masks += [x for x in found if x > limit]
        else:
            masks += found
    return _to_combos(masks, code) if masks else []


def plays_of_mask(m: int) -> list[Combo]:
    """Every combination in the hand ``m``, in the order of :func:`legal_plays`."""
    chunks = _CHUNK_GROUPS
    a, b, c, d, e = (chunks[m & 0xFFF], chunks[m & 0xFFF000], chunks[m & 0xFFF000000],
                     chunks[m & 0xFFF000000000], chunks[m & 0xF000000000000])
    out = [*a[0], *b[0], *c[0], *d[0], *e[0]]
    pp = pair_presence(m)
    if pp:
        out += [*a[1], *b[1], *c[1], *d[1], *e[1], *a[2], *b[2], *c[2], *d[2], *e[2],
                *a[3], *b[3], *c[3], *d[3], *e[3]]
    pres = rank_presence(m) & RANKS_3_TO_A
    if pres & pres >> 4 & pres >> 8:
        out += _all_sequences(m, pres)
        pp &= RANKS_3_TO_A
        if pp & pp >> 4 & pp >> 8:
            out += _to_combos(_all_runs(m, pp, _RANK_PAIRS, 3), DOUBLE_SEQUENCE)
    return out


def chops_of_a_two(m: int) -> list[Combo]:
    """The bombs in ``m`` that beat a single 2: fours of a kind, double sequences."""
    out = _same_rank_all(m, FOUR) if quad_presence(m) else []
    out += _double_sequences(m, 3)
    return out


def responses_of_mask(m: int, prev: Combo, quad_pair: bool = False, ladder: bool = False) -> list[Combo]:
    """Every combination in the hand ``m`` that beats ``prev``: first those of the
    same kind (lowest first), then bombs."""
    code = prev.code
    top = prev.top
    if code == SINGLE:
        g1 = _GROUPS[1]
        hi = m & ~((2 << top) - 1)
        out = list(g1[hi & 0xFFF] + g1[hi & 0xFFF000] + g1[hi & 0xFFF000000]
                   + g1[hi & 0xFFF000000000] + g1[hi & 0xF000000000000])
        if top >= 48:
            out += chops_of_a_two(m)
        return out
    if code <= TRIPLE:
        present = pair_presence(m) if code == PAIR else triple_presence(m)
        out = _groups_above(m, code, top) if present else []
        if top >= 48:
            if code == PAIR and quad_pair and quad_presence(m):
                out += _same_rank_all(m, FOUR)
            out += _double_sequences(m, prev.size + 2)
        return out
    if code == FOUR:
        out = _groups_above(m, FOUR, top) if quad_presence(m) else []
        if ladder:
            out += _double_sequences(m, 4)
        return out
    if code == SEQUENCE:
        return _sequences_above(m, prev.size, top, 1)
    pairs = prev.size // 2
    out = _sequences_above(m, pairs, top, 2)
    if ladder:
        if pairs == 3 and quad_presence(m):
            out += _same_rank_all(m, FOUR)
        if pairs < 6:
            out += _double_sequences(m, pairs + 1)
    return out


def _hand_mask(hand: Union[str, Card, Iterable[Union[Card, str]]]) -> int:
    cards = to_cards(hand)
    if len(cards) > MAX_HAND:
        raise HandError(say("tl.rules.ti_n_l_n_hand", max_hand=MAX_HAND, len=len(cards)))
    return mask_of_cards(cards)


def legal_plays(hand: Union[str, Card, Iterable[Union[Card, str]]], previous: Optional[ComboLike] = None,
                rules: Optional[Rules] = None) -> list[Combo]:
    """Every combination in ``hand`` that may be played on ``previous``, each once.

    With ``previous=None`` (leading on an empty table) that is every combination the
    hand holds, listed by kind (singles, pairs, triples, fours of a kind, sequences,
    double sequences), then by length, then by key card.  Otherwise it is every
    combination that beats ``previous``: those of the same shape from lowest to
    highest, then the bombs that chop it.  Passing is not listed here (the game
    state adds it).

    >>> [str(c) for c in legal_plays('3S 4S 5H 5D', '3H')]
    ['4♠', '5♦', '5♥']
    """
    m = _hand_mask(hand)
    if previous is None:
        return plays_of_mask(m)
    return responses_of_mask(m, _previous(previous), *_rules_flags(rules))


# ---------------------------------------------------------------------------
# Instant wins

def instant_win(hand: Union[str, Card, Iterable[Union[Card, str]]]) -> Optional[str]:
    """``'four_twos'`` if the hand holds all four 2s, ``'dragon'`` if it holds one card
    of every rank from 3 to A (twelve consecutive ranks), else ``None``.

    Four 2s is checked first, so a hand with both is reported as ``'four_twos'``.
    """
    return instant_win_of_mask(mask_of_cards(to_cards(hand)))


def instant_win_of_mask(m: int) -> Optional[str]:
    """:func:`instant_win` of a hand given as bits."""
    if m & _TWOS == _TWOS:
        return "four_twos"
    if rank_presence(m) & RANKS_3_TO_A == RANKS_3_TO_A:
        return "dragon"
    return None
