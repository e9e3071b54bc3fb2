"""Least Score: the rule options, card values, legal discards and round scoring.

Everything here is a plain function of cards and numbers, so a lesson can ask
"is this a legal discard?" or "what does this round score?" without a game.
The rule numbers in brackets ([3], [6] …) are those of the rules file
(``rules/least-score.md``).

>>> from cardkit.least_score import discard_kind, why_illegal, round_scores
>>> discard_kind('QH KH AH')
'run'
>>> why_illegal('KS KH KD')
"three of a kind can't be discarded — discard two of them, or all four"
>>> round_scores([10, 16, 17], declarer=0)
[0, 6, 7]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, product
from typing import Any, ClassVar, Iterable, Optional, Sequence, Union

from ..cards import Card, CardLike, Rank, Suit, cards_text, to_cards
from ..errors import CardParseError, HandError, OptionError, PlayerError, RulesError
from ..i18n import Message, and_list, joined, say, seat
from ..words import KIND_NAMES as _KIND_NAMES
from ..words import player_name

__all__ = [
    "Rules",
    "MATCH_ENDS",
    "USUAL_THRESHOLDS",
    "card_value",
    "hand_total",
    "sort_key",
    "display_order",
    "discard_kind",
    "why_illegal",
    "legal_discards",
    "round_scores",
    "score_explanation",
    "declaration_succeeded",
    "KIND_NAMES",
    "CARD_VALUES",
    "HAND_SIZE",
    "MIN_TOTAL",
    "MAX_TOTAL",
    "deck_draw_expectation",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "check_rules",
    "kind_of_indexes",
    "discard_groups",
]

CardsLike = Union[str, Card, Iterable[CardLike]]

MATCH_ENDS = ("first_knockout", "last_standing")
"""The two ways a match can end (see :attr:`Rules.match_end`)."""

MIN_PLAYERS, MAX_PLAYERS = 2, 8
"""How many may play Least Score [Players and deal]."""

USUAL_THRESHOLDS = (25, 50, 100)
"""The thresholds players usually agree on [8]; any positive whole number is allowed."""

KIND_NAMES = _KIND_NAMES["least_score"]
"""How each kind of discard is named in a sentence (from :mod:`cardkit.words`)."""


def _check_int(name: str, value: object, low: int, high: Optional[int], what: Message) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(say("ls.rules.must_whole_number_not", name=name, what=what, value=repr(value)))
    if value < low or (high is not None and value > high):
        raise RulesError(say("ls.rules.not_allowed", name=name, value=value, what=what))


def _check_bool(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise RulesError(say("ls.rules.must_true_or_false_not", name=name, value=repr(value)))


@dataclass(frozen=True)
class Rules:
    """The options of a Least Score match; the defaults are the rules as written.

    Make one with the options you want to change, e.g. ``Rules(players=3, threshold=50)``.
    A choice that makes no sense (one player, a threshold of 0, …) raises
    :class:`~cardkit.errors.RulesError` with the reason.

    Attributes:
        players: how many play, 2 to 8 (default 4). [Players and deal]
        threshold: the agreed score limit [8]; a player whose running score goes
            strictly over it is knocked out.  Usually 25, 50 or 100 (default 100);
            any positive whole number is allowed.
        penalty: the fixed part of a failed declaration's score [7]: the declarer
            scores ``penalty + (D − L)`` (default 20; 0 or more).
        tie_is_success: when the declarer's total equals the lowest other total,
            the declaration succeeds (default True, since a tied total is still the
            lowest [6]); False makes a tie a failure.
        runs_one_suit: False (default) lets a run mix suits [3]; True demands that
            every card of a run has the same suit.
        match_end: ``'first_knockout'`` (default [8]): the match ends as soon as
            anyone is knocked out, and the lowest running score wins.
            ``'last_standing'``: knocked-out players leave and the match goes on
            until one player is left.
        first_open_card: True (default): the top card of the deck is turned face
            up as the first open card, so the first player may take it.  False:
            no card is turned up, and the first player can only draw from the deck.
    """

    MIN_PLAYERS: ClassVar[int] = MIN_PLAYERS
    """The fewest players (2): ``Rules.MIN_PLAYERS``."""
    MAX_PLAYERS: ClassVar[int] = MAX_PLAYERS
    """The most players (8): ``Rules.MAX_PLAYERS``."""

    players: int = 4
    threshold: int = 100
    penalty: int = 20
    tie_is_success: bool = True
    runs_one_suit: bool = False
    match_end: str = "first_knockout"
    first_open_card: bool = True

    def __post_init__(self) -> None:
        _check_int("players", self.players, MIN_PLAYERS, MAX_PLAYERS,
                   say("ls.rules.players_range", low=MIN_PLAYERS, high=MAX_PLAYERS))
        _check_int("threshold", self.threshold, 1, None,
                   say("ls.rules.threshold_positive"))
        _check_int("penalty", self.penalty, 0, None,
                   say("ls.rules.penalty_not_negative"))
        _check_bool("tie_is_success", self.tie_is_success)
        _check_bool("runs_one_suit", self.runs_one_suit)
        _check_bool("first_open_card", self.first_open_card)
        if self.match_end not in MATCH_ENDS:
            raise RulesError(
                say("ls.rules.match_end_not_option_use", match_end=repr(self.match_end))
            )

    def house_rules(self) -> list[str]:
        """Every option that differs from the rules as written, in a learner's words
        (the players and the threshold are settings, not house rules):
        :meth:`house_rule_messages` rendered.

        >>> Rules(runs_one_suit=True, penalty=30).house_rules()
        ['a failed declaration costs 30 + (D − L) instead of 20 + (D − L)', 'a run must be all one suit']
        """
        return [str(m) for m in self.house_rule_messages()]

    def house_rule_messages(self) -> list[Message]:
        """Every option that differs from the rules as written, as messages."""
        out = []
        if self.penalty != 20:
            out.append(say("ls.house.penalty", penalty=self.penalty))
        if not self.tie_is_success:
            out.append(say("ls.house.tie_is_failure"))
        if self.runs_one_suit:
            out.append(say("ls.house.runs_one_suit"))
        if self.match_end != "first_knockout":
            out.append(say("ls.house.last_standing"))
        if not self.first_open_card:
            out.append(say("ls.house.no_first_open_card"))
        return out


DEFAULT_RULES = Rules()


def check_rules(rules: Optional[Rules]) -> Rules:
    """``rules``, or the rules as written when it is None; anything that is not a
    Least Score :class:`Rules` raises :class:`~cardkit.errors.RulesError`."""
    if rules is None:
        return DEFAULT_RULES
    if not isinstance(rules, Rules):
        raise RulesError(say("ls.rules.rules_must_least_score_rules", name=type(rules).__name__))
    return rules


# --- card values and order ----------------------------------------------------------

CARD_VALUES: tuple[int, ...] = tuple(min(i // 4 + 1, 10) for i in range(52))
"""Every card's value [1] by ``Card.index`` (ace 1 … court cards 10): the fast form of
:func:`card_value`."""
# Precomputed per card index: the rank's bit (ace = bit 0 … king = bit 12).
_RBIT = tuple(1 << (i // 4) for i in range(52))

HAND_SIZE = 5
"""The number of cards in a Least Score hand."""

MIN_TOTAL = sum(sorted(CARD_VALUES)[:HAND_SIZE])
"""The lowest total a hand can have: four aces and a two, 6."""

MAX_TOTAL = sum(sorted(CARD_VALUES)[-HAND_SIZE:])
"""The highest total a hand can have: five ten-point cards, 50."""


def deck_draw_expectation(seen_cards: Any = (), exact: bool = False) -> Union[float, Fraction]:
    """The expected Least Score value of a card you have not seen yet.

    ``seen_cards``: the cards you know are not in the deck (your hand, the
    discards …), as a card string or a list of cards.  Every unseen card is
    equally likely to be the one drawn.  With ``exact=True`` the answer is a
    Fraction.

    >>> deck_draw_expectation()          # 340 / 52
    6.538461538461538
    >>> deck_draw_expectation('KS KH KD KC QS', exact=True)
    Fraction(290, 47)
    """
    seen = {c.index for c in to_cards(seen_cards)}
    unseen = [v for i, v in enumerate(CARD_VALUES) if i not in seen]
    if not unseen:
        raise HandError(say("ls.rules.every_card_has_been_seen"))
    value = Fraction(sum(unseen), len(unseen))
    return value if exact else float(value)


def card_value(card: CardLike) -> int:
    """A card's value [1]: ace 1, two to ten their number, jack, queen and king 10.

    >>> card_value('QH'), card_value('AS'), card_value('7C')
    (10, 1, 7)
    """
    if not isinstance(card, Card):
        if isinstance(card, str):
            card = Card.parse(card)
        else:
            raise CardParseError(say("ls.rules.not_card", card=repr(card)))
    return CARD_VALUES[card.index]


def hand_total(cards: CardsLike) -> int:
    """The total of some cards: the sum of their values.  The aim is the lowest total.

    >>> hand_total('10S JD QC KH AS')
    41
    """
    return sum(CARD_VALUES[c.index] for c in _as_cards(cards))


def sort_key(card: Card) -> int:
    """The order Least Score shows a hand in: by rank with the ace low (A, 2 … K),
    then by suit ♠ ♣ ♦ ♥.  Use as ``sorted(hand, key=sort_key)``."""
    return card.index


def _as_cards(cards: CardsLike) -> list[Card]:
    if (isinstance(cards, (list, tuple)) and all(type(c) is Card for c in cards)
            and len(set(cards)) == len(cards)):
        return list(cards)
    return to_cards(cards)  # reads text, and names an unreadable or repeated card


# --- runs ---------------------------------------------------------------------------

def _mask(ranks: Iterable[int]) -> int:
    m = 0
    for r in ranks:
        m |= 1 << (r - 1)
    return m


def _windows(length: int) -> tuple[tuple[int, ...], ...]:
    """Every run of ``length`` ranks in run order: ace low (A-2-3) up to ace high (Q-K-A)."""
    starts = range(1, 16 - length)  # the last one ends on 14, the high ace
    return tuple(tuple(((s + k - 1) % 13) + 1 for k in range(length)) for s in starts)


_RUN_WINDOWS = {3: _windows(3), 5: _windows(5)}
_RUN_MASKS = {n: {_mask(w): w for w in ws} for n, ws in _RUN_WINDOWS.items()}
_ACE_HIGH_MASKS = frozenset(_mask(w) for ws in _RUN_WINDOWS.values() for w in ws if w[-1] == 1)


def _wrap_order(ranks: Sequence[int]) -> Optional[tuple[int, ...]]:
    """If the distinct ``ranks`` follow on round the circle K-A-2 (but are no run),
    return them in that order (``(13, 1, 2)``), else None."""
    n = len(ranks)
    rs = set(ranks)
    if len(rs) != n or n < 3 or n > 12:
        return None
    for s in range(1, 14):
        window = tuple(((s + k - 1) % 13) + 1 for k in range(n))
        if set(window) == rs:
            if 13 in window and 2 in window and window.index(13) < window.index(2):
                return window
            return None
    return None


def _rank_text(ranks: Sequence[int]) -> str:
    return "-".join(Rank(r).code for r in ranks)


# --- the kind of a discard [3] -------------------------------------------------------

def kind_of_indexes(idx: Sequence[int], one_suit: bool) -> Optional[str]:
    """The kind of a group of distinct cards given by ``Card.index`` (``one_suit``: the
    ``runs_one_suit`` option); the fast core of :func:`discard_kind`, with no checks."""
    n = len(idx)
    if n == 1:
        return "single"
    if n == 2:
        return "pair" if idx[0] >> 2 == idx[1] >> 2 else None
    if n == 4:
        r = idx[0] >> 2
        return "four_of_a_kind" if all(i >> 2 == r for i in idx) else None
    if n == 3 or n == 5:
        mask = 0
        for i in idx:
            mask |= _RBIT[i]
        same_suit = all(i & 3 == idx[0] & 3 for i in idx)
        if mask in _RUN_MASKS[n] and (same_suit or not one_suit):
            return "run"
        if n == 5 and same_suit:
            return "flush"
    return None


def discard_kind(cards: CardsLike, rules: Optional[Rules] = None) -> Optional[str]:
    """What kind of legal discard these cards are [3], or None if they are not one.

    One of ``'single'``, ``'pair'`` (2 cards of one rank), ``'four_of_a_kind'``
    (4 cards of one rank), ``'run'`` (exactly 3 or 5 cards of consecutive ranks,
    the ace low or high but never wrapping round K-A-2) or ``'flush'`` (exactly 5
    cards of one suit).  A 5-card straight flush is a ``'run'``.

    >>> discard_kind('AC 2D 3S'), discard_kind('KS KH KD')
    ('run', None)
    """
    r = check_rules(rules)
    cs = _as_cards(cards)
    return kind_of_indexes([c.index for c in cs], r.runs_one_suit)


def discard_problem(cards: CardsLike, rules: Optional[Rules] = None) -> Optional[Message]:
    """Why these cards cannot be discarded together, as a message (a stable code and
    its values: ``ls.discard.pair_plus_card`` with ``rank``, …); ``None`` when they are
    a legal discard.  :func:`why_illegal` is the same, as a sentence.

    >>> discard_problem('KS KH KD').code
    'ls.discard.three_of_a_kind'
    """
    r = check_rules(rules)
    cs = sorted(_as_cards(cards), key=sort_key)
    n = len(cs)
    if kind_of_indexes([c.index for c in cs], r.runs_one_suit) is not None:
        return None
    if n == 0:
        return say("ls.discard.no_cards")
    if n > 5:
        return say("ls.discard.too_many", n=n)
    ranks = [c.rank for c in cs]
    suits = {c.suit for c in cs}
    counts: dict[int, int] = {}
    for x in ranks:
        counts[x] = counts.get(x, 0) + 1
    most = max(counts.values())
    if n == 2:
        return say("ls.discard.not_a_pair", cards=tuple(cs))
    if most == 3:
        extra = [c for c in cs if counts[c.rank] != 3]
        if extra:
            return say("ls.discard.three_of_a_kind_and", extra=tuple(extra))
        return say("ls.discard.three_of_a_kind")
    if n == 4:
        if most == 2 and len(counts) == 2:
            return say("ls.discard.two_pairs")
        if len(counts) == 4 and (_wrap_order(ranks) or _is_straight4(ranks)):
            return say("ls.discard.run_of_four")
        if len(suits) == 1:
            return say("ls.discard.flush_of_four")
        return say("ls.discard.four_not_same_rank")
    # n is 3 or 5
    if most >= 2:
        pair_rank = next(x for x, k in counts.items() if k >= 2)
        if n == 3:
            return say("ls.discard.pair_plus_card", rank=say(f"ls.rank_plural.r{pair_rank}"))
        if most == 4:
            extra = [c for c in cs if counts[c.rank] != 4]
            return say("ls.discard.four_plus_card", extra=tuple(extra))
        return say("ls.discard.five_with_a_pair", cards=tuple(cs))
    mask = _mask(ranks)
    if mask in _RUN_MASKS[n]:
        # consecutive ranks, so only the one-suit option can stop it
        order = _RUN_MASKS[n][mask]
        by_rank = {c.rank: c for c in cs}
        return say("ls.discard.run_mixes_suits", cards=tuple(by_rank[x] for x in order),
                   suits=and_list([say(f"card.suit.{Suit(x).name.lower()}") for x in sorted(suits)]))
    wrap = _wrap_order(ranks)
    if wrap is not None:
        return say("ls.discard.wraps_five" if n == 5 else "ls.discard.wraps", ranks=_rank_text(wrap))
    if n == 3:
        return say("ls.discard.three_not_a_run", ranks=_rank_text(ranks))
    return say("ls.discard.five_no_run_no_flush", cards=tuple(cs))


def why_illegal(cards: CardsLike, rules: Optional[Rules] = None) -> Optional[str]:
    """Why these cards cannot be discarded together, in words a learner understands;
    ``None`` when they are a legal discard (:func:`discard_problem` rendered).

    >>> why_illegal('KS AH 2D')
    'K-A-2 is not a run: a run never wraps round from king to ace to two'
    >>> why_illegal('7C 8D 9H 10S')
    "runs are exactly 3 or exactly 5 cards; 4 cards in a row can't go together"

    Cards may be given as text (``'7C 8D 9H'``) or as :class:`~cardkit.Card` objects;
    text that is not a card raises :class:`~cardkit.errors.CardParseError`.
    """
    problem = discard_problem(cards, rules)
    return None if problem is None else str(problem)


def _is_straight4(ranks: Sequence[int]) -> bool:
    """Four distinct ranks in a row, the ace low or high."""
    rs = sorted(ranks)
    if rs[-1] - rs[0] == 3:
        return True
    if rs[0] == 1:
        hi = sorted(rs[1:] + [14])
        return hi[-1] - hi[0] == 3
    return False


# --- every legal discard of a hand ----------------------------------------------------

def _ace_last(group: tuple[Card, ...]) -> tuple[Card, ...]:
    return group[1:] + group[:1]


def display_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in the order a discard is shown: by :func:`sort_key`, except that a
    run with a high ace puts the ace last (Q♥ K♥ A♥)."""
    group = tuple(sorted(cards, key=sort_key))
    if len(group) in (3, 5) and group[0].index < 4:
        mask = 0
        for c in group:
            mask |= _RBIT[c.index]
        if mask in _ACE_HIGH_MASKS:
            return _ace_last(group)
    return group


_SINGLES = tuple((Card.from_index(i),) for i in range(52))

# For a mask of ranks held (bit 0 = ace … bit 12 = king): the runs inside it, each as
# (length, ranks in run order counted from 0); filled in as masks are met.
_RUNS_IN: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {}


def _runs_in(rank_mask: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    runs = _RUNS_IN.get(rank_mask)
    if runs is None:
        runs = tuple((n, tuple(r - 1 for r in window))
                     for n in (3, 5) for m, window in _RUN_MASKS[n].items() if rank_mask & m == m)
        _RUNS_IN[rank_mask] = runs
    return runs


def discard_groups(hand: Sequence[Card], one_suit: bool) -> list[tuple[Card, ...]]:
    """Every legal discard of ``hand`` (distinct cards in :func:`sort_key` order), in
    :func:`legal_discards` order (``one_suit``: the ``runs_one_suit`` option).  The
    engine's fast path: no checks."""
    out = [_SINGLES[c.index] for c in hand]
    n = len(hand)
    if n < 2:
        return out
    by_rank: dict[int, list[Card]] = {}
    for c in hand:
        r = c.index >> 2
        same = by_rank.get(r)
        if same is None:
            by_rank[r] = [c]
        else:
            same.append(c)
    if len(by_rank) < n:  # some rank is held twice or more
        fours = []
        for same in by_rank.values():
            if len(same) > 1:
                out.extend(combinations(same, 2))
                if len(same) == 4:
                    fours.append(tuple(same))
        out.extend(fours)
    if len(by_rank) >= 3:
        rank_mask = 0
        for r in by_rank:
            rank_mask |= 1 << r
        runs5 = []
        for length, window in _runs_in(rank_mask):
            for group in product(*[by_rank[r] for r in window]):
                if one_suit:
                    suit = group[0].index & 3
                    if any(c.index & 3 != suit for c in group):
                        continue
                out.append(group)
                if length == 5:
                    runs5.append(set(group))
    else:
        runs5 = []
    if n >= 5:
        by_suit: dict[int, list[Card]] = {}
        for c in hand:
            by_suit.setdefault(c.index & 3, []).append(c)
        for same in by_suit.values():
            if len(same) >= 5:
                for group in combinations(same, 5):
                    if set(group) not in runs5:  # a straight flush is listed once, as a run
                        out.append(group)
    return out


def legal_discards(hand: CardsLike, rules: Optional[Rules] = None) -> list[tuple[Card, ...]]:
    """Every legal discard [3] from ``hand``, each once, as tuples of cards.

    The order is stable: singles, pairs, four of a kind, runs of 3, runs of 5, then
    flushes; within each kind by the Least Score order (ace low).  Cards inside a
    group are in :func:`display_order` (a run shows in run order, Q♥ K♥ A♥).

    >>> [' '.join(map(str, g)) for g in legal_discards('AC 2D 3S 9H 9C')]
    ['A♣', '2♦', '3♠', '9♣', '9♥', '9♣ 9♥', 'A♣ 2♦ 3♠']
    """
    r = check_rules(rules)
    return discard_groups(sorted(_as_cards(hand), key=sort_key), r.runs_one_suit)


# --- round scoring [6], [7] -----------------------------------------------------------

def _check_totals(totals: Sequence[int], declarer: int) -> list[int]:
    try:
        ts = list(totals)
    except TypeError:
        raise HandError(say("ls.rules.totals_must_list_hand_totals", totals=repr(totals))) from None
    if len(ts) < 2:
        raise HandError(say("ls.rules.round_needs_two_totals", n=len(ts)))
    for t in ts:
        if isinstance(t, bool) or not isinstance(t, int) or t < 0:
            raise HandError(say("ls.rules.hand_total_whole_number_0", t=repr(t)))
    if isinstance(declarer, bool) or not isinstance(declarer, int) or not 0 <= declarer < len(ts):
        raise PlayerError(
            say("ls.rules.declarer_must_position_declarer_total", v=len(ts) - 1, declarer=repr(declarer))
        )
    return ts


def _succeeds(d: int, low: int, r: Rules) -> bool:
    return d < low or (d == low and r.tie_is_success)


def declaration_succeeded(totals: Sequence[int], declarer: int, rules: Optional[Rules] = None) -> bool:
    """Whether the declaration succeeds [6]: the declarer's total D is lower than the
    lowest total L of the others — or equal to it, when ``tie_is_success`` (the default).

    The verdict, not a guess from the scores (with ``penalty=0`` a failed declaration
    can score 0 too).

    >>> declaration_succeeded([10, 16, 17], 0), declaration_succeeded([10, 8, 15], 0)
    (True, False)
    >>> declaration_succeeded([9, 9], 0), declaration_succeeded([9, 9], 0, Rules(tie_is_success=False))
    (True, False)
    """
    r = check_rules(rules)
    ts = _check_totals(totals, declarer)
    return _succeeds(ts[declarer], min(t for i, t in enumerate(ts) if i != declarer), r)


def round_scores(totals: Sequence[int], declarer: int, rules: Optional[Rules] = None) -> list[int]:
    """Each player's score for a round [6], [7], in the order of ``totals``.

    ``totals`` are the hand totals, ``declarer`` the position of the declarer.
    With D the declarer's total and L the lowest of the others:

    - success (D ≤ L, or D < L when ``tie_is_success`` is False): the declarer
      scores 0 and every other player their own total − D;
    - failure: every other player scores 0 and the declarer ``penalty + (D − L)``.

    >>> round_scores([10, 16, 17], 0), round_scores([10, 8, 15], 0)
    ([0, 6, 7], [22, 0, 0])
    """
    r = check_rules(rules)
    ts = _check_totals(totals, declarer)
    return _scores(ts, declarer, r)


def _scores(ts: Sequence[int], declarer: int, r: Rules) -> list[int]:
    d = ts[declarer]
    low = min(t for i, t in enumerate(ts) if i != declarer)
    if _succeeds(d, low, r):
        return [0 if i == declarer else t - d for i, t in enumerate(ts)]
    return [r.penalty + d - low if i == declarer else 0 for i in range(len(ts))]


def explain_scores(totals: Sequence[int], declarer: int, rules: Optional[Rules] = None,
                   names: Optional[Sequence[Any]] = None, letters: bool = True) -> Message:
    """The round's scoring worked out step by step with the real numbers, as a message.

    ``names`` are the players' names in the order of ``totals`` (default their seats,
    ``seat(0)``, ``seat(1)`` …; messages or text).  ``letters=True`` writes it as the
    scoring lesson does, with D (the declarer's total) and L (the others' lowest);
    ``letters=False`` in words only, naming the declarer ("Player 2 declared with 9, but
    the lowest other total is 7: …"), as a game table says it to someone who has not
    had the lesson."""
    r = check_rules(rules)
    ts = _check_totals(totals, declarer)
    if names is None:
        names = [seat(i) for i in range(len(ts))]
    elif len(names) != len(ts):
        raise OptionError(say("ls.rules.names_given_for_totals", n=len(names), totals=len(ts)))
    d = ts[declarer]
    low = min(t for i, t in enumerate(ts) if i != declarer)
    # in words: ls.score.words.*, which name the declarer; with letters: ls.score.*
    area, named = ("ls.score.", {}) if letters else ("ls.score.words.", {"declarer": names[declarer]})
    if _succeeds(d, low, r):
        others = [say("ls.score.other", player=names[i], total=t, d=d, score=t - d)
                  for i, t in enumerate(ts) if i != declarer]
        return say(area + ("tie_succeeds" if d == low else "succeeds"), d=d, low=low,
                   others=joined(others, "list.comma"), **named)  # CLDR has no plain comma list here
    return say(area + ("tie_fails" if d == low else "fails"), d=d, low=low, penalty=r.penalty,
               score=r.penalty + d - low, **named)


def score_explanation(totals: Sequence[int], declarer: int, rules: Optional[Rules] = None,
                      names: Optional[Sequence[Any]] = None) -> str:
    """The round's scoring worked out step by step with the real numbers
    (:func:`explain_scores` rendered).

    ``names`` are the players' names in the order of ``totals`` (default
    ``'Player 0'``, ``'Player 1'`` …).

    >>> score_explanation([10, 8, 15], 0)
    'D = 10, L = 8: 10 > 8, so the declaration fails: the declarer scores 20 + (10 − 8) = 22, everyone else 0.'
    """
    return str(explain_scores(totals, declarer, rules, names))
