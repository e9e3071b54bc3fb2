"""Exact odds for both games, for the probability lessons.

Everything here is counted exactly, not simulated (except where a function says
so): Least Score's figures come from classifying every one of the 2,598,960
five-card hands at once with numpy — or, without numpy (a lesson in the browser),
from classifying each of the 6,175 sets of ranks a hand can hold once and weighting
it by the number of hands that hold it: the same whole numbers either way.  Tiến Lên's 13-card figures (there are
635,013,559,600 hands — too many to list) come from a short count over the 13
ranks, weighting each rank by the number of ways C(4, c) to hold ``c`` of its
four cards.

This module stands on its own (the standard library, and numpy where installed): it does not use
the game engines, so the tests can compare the two as independent witnesses.

>>> odds = least_score_hand_odds()
>>> odds['hands'], round(odds['pair'], 4)
(2598960, 0.4929)
>>> odds['exact']['flush']
Fraction(33, 16660)
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Optional, Sequence, Union

from . import accel
from .i18n import say
from .cards import Card, to_cards
from .errors import HandError, OptionError, RulesError
from .least_score.rules import MAX_TOTAL, MIN_TOTAL, deck_draw_expectation
from .pcg import PCG64Stream, dealt_rows, pure_deal_positions, stream_from_seed, uniforms
from .stats import CHUNK, Estimate, SeedLike, check_trials, deal_positions, numpy_rng, wilson_interval

np = accel.numpy_module()

__all__ = [
    "DISCARD_KINDS",
    "LEAST_SCORE_EVENTS",
    "TIENLEN_EVENTS",
    "least_score_hand_odds",
    "least_score_hand_counts",
    "least_score_hand_features",
    "tienlen_hand_odds",
    "deck_draw_expectation",
    "p_lowest_total",
    "LowestTotalOdds",
    "estimate_lowest_total",
    "classify_hands",
    "hand_index_array",
    "runs_one_suit",
    "LEAST_SCORE_FEATURES",
    "classify_hand_one",
    "hand_index_rows",
]

#: The order of :func:`classify_hand_one`'s answers.
LEAST_SCORE_FEATURES: tuple[str, ...] = (
    "total", "pair", "four_of_a_kind", "run_of_3", "run_of_5", "flush", "best_kind", "best_value",
)

#: The kinds of discard, in the engine's words (``discard_kind``).
DISCARD_KINDS: tuple[str, ...] = ("single", "pair", "four_of_a_kind", "run", "flush")

#: The yes/no events :func:`least_score_hand_odds` counts.
LEAST_SCORE_EVENTS: tuple[str, ...] = ("pair", "four_of_a_kind", "run_of_3", "run_of_5", "flush")

#: The yes/no events :func:`tienlen_hand_odds` counts.
TIENLEN_EVENTS: tuple[str, ...] = (
    "four_twos", "dragon", "instant_win", "four_of_a_kind", "double_sequence_bomb", "any_bomb",
)

HAND_SIZE = 5          # Least Score hand
TIENLEN_HAND_SIZE = 13

# --- card tables (card index = (rank - 1) * 4 + suit) ------------------------
_PY_VALUE = tuple(min(i // 4 + 1, 10) for i in range(52))   # Least Score card value, plain Python
if np is not None:
    _RANK = np.arange(52, dtype=np.int16) // 4 + 1          # 1 (ace) .. 13 (king)
    _SUIT = (np.arange(52) % 4).astype(np.uint8)
    _VALUE = np.minimum(_RANK, 10).astype(np.int16)          # Least Score card value
    _RANK_BIT = (1 << (_RANK - 1)).astype(np.uint16)        # bit 0 = ace … bit 12 = king
    # the same bit inside a 16-bit field per suit: suit s owns bits 16*s … 16*s + 12
    _SUIT_RANK_BIT = _RANK_BIT.astype(np.uint64) << (16 * _SUIT.astype(np.uint64))


def runs_one_suit(rules: Any) -> bool:
    """Read the one Least Score option the odds depend on, from any rules object."""
    if rules is None:
        return False
    if not hasattr(rules, "runs_one_suit"):
        raise RulesError(say("odds.rules_without_option", name=type(rules).__name__))
    value = rules.runs_one_suit
    if not (isinstance(value, bool) or type(value).__name__ == "bool_"):
        raise RulesError(say("odds.runs_one_suit_bool", value=repr(value)))
    return bool(value)


# --- every k-card hand, as rows of indices ----------------------------------

def _combinations(n: int, k: int) -> "np.ndarray":
    """All k-element subsets of range(n) (n <= 256) as a (C(n, k), k) uint8
    array, rows in lexicographic order, each row increasing.

    Built a column at a time with numpy, no Python loop over rows: the
    j-subsets starting with ``a`` are ``a`` followed by the (j-1)-subsets whose
    first element exceeds ``a`` — a tail block of the previous table.
    """
    if not 0 < k <= n <= 256:
        return np.empty((0, max(k, 0)), dtype=np.uint8)
    table = np.arange(n, dtype=np.uint8)[:, None]
    for j in range(2, k + 1):
        starts = np.searchsorted(table[:, 0], np.arange(1, n + 1))   # first row with first > a
        lengths = len(table) - starts
        rows = int(lengths.sum())
        gather = np.arange(rows, dtype=np.int64) + np.repeat(starts - (np.cumsum(lengths) - lengths), lengths)
        out = np.empty((rows, j), dtype=np.uint8)
        out[:, 0] = np.repeat(np.arange(n, dtype=np.uint8), lengths)
        out[:, 1:] = table[gather]
        table = out
    return table


# --- Least Score: classify many hands at once --------------------------------

_EXT_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1]  # bit 13 = the ace above the king


@functools.lru_cache(maxsize=None)
def _py_run_tables() -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """:func:`_run_tables` in plain Python (tuples indexed by the 13-bit set of ranks)."""
    best3, run5 = [0] * (1 << 13), [False] * (1 << 13)
    for mask in range(1 << 13):
        ext = mask | ((mask & 1) << 13)
        best = 0
        for low in range(12):
            if (ext >> low) & 7 == 7:
                best = max(best, sum(_EXT_VALUES[low:low + 3]))
        best3[mask] = best
        if bin(mask).count("1") == 5:
            run5[mask] = any((ext >> low) & 31 == 31 for low in range(10))
    return tuple(best3), tuple(run5)


def classify_hand_one(hand: Sequence[int], one_suit: bool) -> tuple:
    """One five-card hand (card indices) classified in plain Python, the answers in
    the order of :data:`LEAST_SCORE_FEATURES`; step for step the same as the
    vectorised :func:`classify_hands`, so the two agree hand by hand."""
    best3_table, run5_table = _py_run_tables()
    values = [_PY_VALUE[c] for c in hand]
    ranks = [c // 4 for c in hand]
    suits = [c % 4 for c in hand]
    total = sum(values)
    equal_pairs, best_pair = 0, -1
    for i in range(HAND_SIZE):
        for j in range(i + 1, HAND_SIZE):
            if ranks[i] == ranks[j]:
                equal_pairs += 1
                best_pair = max(best_pair, 2 * values[i])
    pair, four = equal_pairs > 0, equal_pairs == 6
    flush = suits.count(suits[0]) == HAND_SIZE
    rank_mask = 0
    for r in ranks:
        rank_mask |= 1 << r
    run5 = run5_table[rank_mask]
    if one_suit:
        run5 = run5 and flush
        fields = [0, 0, 0, 0]
        for r, s in zip(ranks, suits):
            fields[s] |= 1 << r
        best_run3 = max(best3_table[f] for f in fields)
    else:
        best_run3 = best3_table[rank_mask]
    run3 = best_run3 > 0
    best_value, best_kind = -1, 0
    for available, taken, kind in (
        (run5, total, 3), (flush, total, 4), (four, 2 * best_pair, 2),
        (run3, best_run3, 3), (pair, best_pair, 1), (True, max(values), 0),
    ):
        if available and taken > best_value:
            best_value, best_kind = taken, kind
    return (total, pair, four, run3, run5, flush, best_kind, best_value)


@functools.lru_cache(maxsize=120_000)
def classify_hand_kept(hand: tuple, one_suit: bool) -> tuple:
    """:func:`classify_hand_one`, remembered for the last hands asked about: an odds table
    asks about the same seeded hands once per event."""
    return classify_hand_one(hand, one_suit)


@functools.lru_cache(maxsize=None)
def _run_tables() -> tuple["np.ndarray", "np.ndarray"]:
    """For every 13-bit set of ranks: the largest value a 3-card run drawn from
    those ranks can hold (0 if there is no run), and whether the set is exactly
    five consecutive ranks.  The ace counts below the 2 and above the king."""
    masks = np.arange(1 << 13, dtype=np.int64)
    ext = masks | ((masks & 1) << 13)
    best3 = np.zeros(1 << 13, dtype=np.int16)
    run5 = np.zeros(1 << 13, dtype=bool)
    for low in range(12):                      # runs low..low+2 within bits 0..13
        present = ((ext >> low) & 7) == 7
        best3 = np.where(present, np.maximum(best3, sum(_EXT_VALUES[low:low + 3])), best3)
    distinct = np.array([bin(m).count("1") for m in range(1 << 13)])
    for low in range(10):                      # A-2-3-4-5 … 10-J-Q-K-A
        run5 |= (((ext >> low) & 31) == 31) & (distinct == 5)
    return best3, run5


def least_score_hand_features(hands: Any, rules: Any = None) -> dict[str, Any]:
    """Classify many five-card Least Score hands at once.

    ``hands`` is an ``(N, 5)`` array of card indices (``card.index``, 0–51, any
    order within a row), or a list of hands (each a card string or five cards).
    Returns arrays of length N:

    - ``'total'`` — the hand's total (ace 1, J/Q/K 10);
    - ``'pair'`` (two or more cards of one rank), ``'four_of_a_kind'``,
      ``'run_of_3'`` (some three cards form a legal run), ``'run_of_5'``
      (all five form a run), ``'flush'`` — True/False;
    - ``'best_kind'`` — index into :data:`DISCARD_KINDS` of the discard that
      lowers the total most (a tie goes to the larger group: it leaves fewer
      cards in hand; a straight flush is named a run, as the rules say);
    - ``'best_value'`` — how much that discard takes off the total.

    ``rules`` may be any object with a ``runs_one_suit`` attribute (the Least
    Score ``Rules``); ``None`` means the standard rules (runs of mixed suits).
    Without numpy the answers are lists.
    """
    one_suit = runs_one_suit(rules)
    if not accel.use_numpy():
        rows = [classify_hand_one(h, one_suit) for h in hand_index_rows(hands, HAND_SIZE)]
        return {k: [r[j] for r in rows] for j, k in enumerate(LEAST_SCORE_FEATURES)}
    idx = hand_index_array(hands, HAND_SIZE)
    return classify_hands(idx, one_suit)


def hand_index_rows(hands: Any, size: int) -> list[list[int]]:
    """Hands as lists of card indices, ``size`` cards each, in plain Python: rows of
    indices are checked and kept, hands given as card text or cards are read."""
    rows: list[list[int]] = []
    try:
        for h in hands:
            if isinstance(h, (list, tuple)) and all(isinstance(i, int) and not isinstance(i, bool) for i in h):
                rows.append([int(i) for i in h])
            elif np is not None and isinstance(h, np.ndarray):
                rows.append([int(i) for i in h.tolist()])
            else:
                rows.append([c.index for c in to_cards(h)])
    except TypeError:
        raise HandError(say("static.hands_as_rows")) from None
    for row in rows:
        if len(row) != size:
            raise HandError(say("static.hand_size", size=size, got=len(row)))
        if any(not 0 <= i <= 51 for i in row):
            raise HandError(say("static.card_index_range"))
    return rows


def hand_index_array(hands: Any, size: int) -> "np.ndarray":
    """Hands as an array of card indices, one hand of ``size`` cards per row: an array
    is checked and kept, a list of hands (card text or cards) is read."""
    if isinstance(hands, np.ndarray):
        arr = hands
    else:
        try:
            arr = np.array([[c.index for c in to_cards(h)] for h in hands], dtype=np.int64)
        except TypeError:
            raise HandError(say("odds.hands_shape")) from None
        if arr.size == 0:
            arr = arr.reshape(0, size)
    if arr.ndim != 2 or arr.shape[1] != size:
        raise HandError(say("odds.hand_size_array", size=size, shape=str(arr.shape)))
    if arr.size and (arr.min() < 0 or arr.max() > 51):
        raise HandError(say("odds.card_indices"))
    return arr


def classify_hands(idx: "np.ndarray", one_suit: bool) -> dict[str, "np.ndarray"]:
    """The vectorised classifier behind every Least Score figure.

    Works on the five columns of card indices (one contiguous array per card
    position), so each step is one pass of numpy over all the hands.
    """
    n = idx.shape[0]
    best3_table, run5_table = _run_tables()
    cols = [np.ascontiguousarray(idx[:, i]) for i in range(HAND_SIZE)]
    values = [_VALUE[c] for c in cols]
    ranks = [_RANK[c] for c in cols]
    suits = [_SUIT[c] for c in cols]
    total = values[0] + values[1] + values[2] + values[3] + values[4]

    # Pairs of equal rank among the 10 pairs of positions: 6 of them means four of a kind.
    equal_pairs = np.zeros(n, dtype=np.int8)
    best_pair = np.full(n, -1, dtype=np.int16)
    for i, j in itertools.combinations(range(HAND_SIZE), 2):
        same = ranks[i] == ranks[j]
        equal_pairs += same
        np.maximum(best_pair, np.where(same, 2 * values[i], -1).astype(np.int16), out=best_pair)
    pair = equal_pairs > 0
    four = equal_pairs == 6
    flush = (suits[0] == suits[1]) & (suits[0] == suits[2]) & (suits[0] == suits[3]) & (suits[0] == suits[4])

    rank_mask = _RANK_BIT[cols[0]] | _RANK_BIT[cols[1]] | _RANK_BIT[cols[2]] | _RANK_BIT[cols[3]] | _RANK_BIT[cols[4]]
    run5 = run5_table[rank_mask]
    if one_suit:
        run5 = run5 & flush
        bits = [_SUIT_RANK_BIT[c] for c in cols]
        field_mask = bits[0] | bits[1] | bits[2] | bits[3] | bits[4]
        best_run3 = np.zeros(n, dtype=np.int16)
        for s in range(4):
            np.maximum(best_run3, best3_table[(field_mask >> np.uint64(16 * s)) & np.uint64(0x1FFF)], out=best_run3)
    else:
        best_run3 = best3_table[rank_mask]
    run3 = best_run3 > 0

    # The discard that takes most off the total.  Candidates go largest group
    # first and a later one wins only when it takes off strictly more, so a tie
    # goes to the larger group.  A 5-card straight flush is named a run.
    single = np.maximum(np.maximum(np.maximum(values[0], values[1]), np.maximum(values[2], values[3])), values[4])
    best_value = np.full(n, -1, dtype=np.int16)
    best_kind = np.zeros(n, dtype=np.uint8)
    for available, taken, kind in (
        (run5, total, "run"),
        (flush, total, "flush"),
        (four, 2 * best_pair, "four_of_a_kind"),
        (run3, best_run3, "run"),
        (pair, best_pair, "pair"),
        (None, single, "single"),
    ):
        better = taken > best_value
        if available is not None:
            better &= available
        np.copyto(best_value, taken, where=better)
        np.copyto(best_kind, DISCARD_KINDS.index(kind), where=better)
    return {
        "total": total,
        "pair": pair,
        "four_of_a_kind": four,
        "run_of_3": run3,
        "run_of_5": run5,
        "flush": flush,
        "best_kind": best_kind,
        "best_value": best_value,
    }


@dataclass(frozen=True)
class _LeastScoreCounts:
    hands: int
    events: tuple[tuple[str, int], ...]
    total_counts: tuple[tuple[int, int], ...]
    best_kind_counts: tuple[tuple[str, int], ...]
    total_sum: int
    total_after_best_sum: int


def _pure_count_deck(deck: Sequence[int], one_suit: bool) -> _LeastScoreCounts:
    """:func:`_count_deck` in plain Python.  With mixed-suit runs on the full deck
    every figure but the flush depends on the ranks alone, so each of the 6,175 sets
    of ranks is classified once (twice if it can be a flush), weighted by the
    number of ways C(4, m) to pick its cards of each rank; otherwise every hand is
    classified in turn (slower)."""
    deck = list(deck)
    events = dict.fromkeys(LEAST_SCORE_EVENTS, 0)
    totals: Counter = Counter()
    kinds = [0] * len(DISCARD_KINDS)
    hands = total_sum = after_sum = 0

    def add(features: tuple, ways: int) -> None:
        nonlocal hands, total_sum, after_sum
        total, pair, four, run3, run5, flush, kind, value = features
        hands += ways
        for name, flag in (("pair", pair), ("four_of_a_kind", four), ("run_of_3", run3), ("run_of_5", run5),
                           ("flush", flush)):
            if flag:
                events[name] += ways
        totals[total] += ways
        kinds[kind] += ways
        total_sum += total * ways
        after_sum += (total - value) * ways

    if not one_suit and sorted(deck) == list(range(52)):
        for ranks in itertools.combinations_with_replacement(range(13), HAND_SIZE):
            counts = Counter(ranks)
            if max(counts.values()) > 4:
                continue
            ways = math.prod(math.comb(4, m) for m in counts.values())
            hand, used = [], Counter()
            for r in ranks:                      # any suits; suit 0 first, then 1, 2, 3
                hand.append(4 * r + used[r])
                used[r] += 1
            if len(counts) == HAND_SIZE:         # five ranks: 4 flushes, the rest not
                hand[-1] = 4 * ranks[-1] + 1
                add(classify_hand_one(hand, one_suit), ways - 4)
                add(classify_hand_one([4 * r for r in ranks], one_suit), 4)
            else:
                add(classify_hand_one(hand, one_suit), ways)
    else:
        for hand in itertools.combinations(deck, HAND_SIZE):
            add(classify_hand_one(hand, one_suit), 1)
    return _LeastScoreCounts(
        hands=hands,
        events=tuple((e, events[e]) for e in LEAST_SCORE_EVENTS),
        total_counts=tuple(sorted((t, c) for t, c in totals.items() if c)),
        best_kind_counts=tuple(zip(DISCARD_KINDS, kinds)),
        total_sum=total_sum,
        total_after_best_sum=after_sum,
    )


def _count_deck(deck: Sequence[int], one_suit: bool) -> _LeastScoreCounts:
    """Exact counts over every five-card hand from ``deck`` (card indices)."""
    if not accel.use_numpy():
        return _pure_count_deck(deck, one_suit)
    deck_arr = np.asarray(deck, dtype=np.uint8)
    positions = _combinations(len(deck_arr), HAND_SIZE)
    same = len(deck_arr) == 52 and bool((deck_arr == np.arange(52)).all())
    idx = positions if same else deck_arr[positions]
    f = classify_hands(idx, one_suit)
    totals = np.bincount(f["total"], minlength=51)
    kinds = np.bincount(f["best_kind"], minlength=len(DISCARD_KINDS))
    return _LeastScoreCounts(
        hands=int(idx.shape[0]),
        events=tuple((e, int(np.count_nonzero(f[e]))) for e in LEAST_SCORE_EVENTS),
        total_counts=tuple((t, int(c)) for t, c in enumerate(totals) if c),
        best_kind_counts=tuple((k, int(c)) for k, c in zip(DISCARD_KINDS, kinds)),
        total_sum=int(f["total"].sum(dtype=np.int64)),
        total_after_best_sum=int((f["total"] - f["best_value"]).sum(dtype=np.int64)),
    )


@functools.lru_cache(maxsize=None)
def _pure_hands_with_total(total: int) -> tuple[tuple[int, ...], ...]:
    """Every five-card hand whose total is ``total``, in the order of
    :func:`_hands_with_total` (lexicographic: the order of
    ``itertools.combinations(range(52), 5)``), found in plain Python by a search
    that drops a branch as soon as its total can no longer come out right."""
    out: list[tuple[int, ...]] = []
    values = _PY_VALUE
    # the largest total the cards from index i on can still add, k cards of them
    hand: list[int] = []

    def search(start: int, left: int, need: int) -> None:
        if left == 0:
            if need == 0:
                out.append(tuple(hand))
            return
        for i in range(start, 52 - left + 1):
            v = values[i]
            # values never fall as i grows: the smallest completion takes v left times
            if v * left > need:
                return
            if need - v > 10 * (left - 1):
                continue
            hand.append(i)
            search(i + 1, left - 1, need - v)
            hand.pop()

    if MIN_TOTAL <= total <= MAX_TOTAL:
        search(0, HAND_SIZE, total)
    return tuple(out)


@functools.lru_cache(maxsize=1)
def _hands_sorted_by_total() -> tuple["np.ndarray", "np.ndarray"]:
    """Every five-card hand, grouped by total, and where each total's group starts."""
    hands = _combinations(52, HAND_SIZE)
    totals = _VALUE[hands].sum(axis=1)
    order = np.argsort(totals, kind="stable")
    starts = np.concatenate([[0], np.cumsum(np.bincount(totals, minlength=52))])
    return hands[order], starts


def _hands_with_total(total: int) -> "np.ndarray":
    """All five-card hands (rows of card indices) whose total is ``total``."""
    hands, starts = _hands_sorted_by_total()
    if not 0 <= total <= 51:
        return hands[:0]
    return hands[starts[total]:starts[total + 1]]


@functools.lru_cache(maxsize=None)
def _least_score_counts(one_suit: bool, numpy: Optional[bool] = None) -> _LeastScoreCounts:
    """The full deck's counts, cached per rule and per path (``numpy``: which one
    counted them; callers pass ``accel.use_numpy()``)."""
    return _count_deck(range(52), one_suit)


def least_score_hand_counts(rules: Any = None) -> dict:
    """The exact NUMBER of five-card hands behind :func:`least_score_hand_odds`:
    ``{'hands': 2598960, 'pair': …, 'four_of_a_kind': …, 'run_of_3': …,
    'run_of_5': …, 'flush': …, 'total_counts': {total: hands},
    'best_first_discard': {kind: hands}}`` — whole numbers, no rounding."""
    return _counts_dict(_least_score_counts(runs_one_suit(rules), accel.use_numpy()))


def _counts_dict(c: _LeastScoreCounts) -> dict:
    out: dict = {"hands": c.hands}
    out.update(dict(c.events))
    out["total_counts"] = dict(c.total_counts)
    out["best_first_discard"] = dict(c.best_kind_counts)
    return out


def least_score_hand_odds(rules: Any = None) -> dict:
    """Exact odds for a five-card Least Score hand, over all 2,598,960 hands.

    Probabilities (floats) under ``'pair'`` (at least two cards of one rank),
    ``'four_of_a_kind'``, ``'run_of_3'`` (some three of the cards form a legal
    run), ``'run_of_5'`` (all five form a run), ``'flush'`` (all five one suit);
    ``'mean_total'``; ``'total_counts'`` ({total: number of hands});
    ``'best_first_discard'`` ({kind: probability} — the kind of discard that
    lowers the total most; on a tie, the larger group) and
    ``'mean_total_after_best_discard'`` (before the card is drawn).
    ``'hands'`` is 2598960, ``'counts'`` holds the exact numbers of hands and
    ``'exact'`` every probability and mean as a :class:`fractions.Fraction`.

    ``rules``: any object with a ``runs_one_suit`` attribute (the Least Score
    ``Rules``), or ``None`` for the standard rules.  With ``runs_one_suit`` a
    run's cards must share a suit.  Results are computed once and cached.

    >>> least_score_hand_odds()['exact']['four_of_a_kind']
    Fraction(1, 4165)
    """
    c = _least_score_counts(runs_one_suit(rules), accel.use_numpy())
    hands = c.hands
    counts = _counts_dict(c)
    exact: dict = {e: Fraction(n, hands) for e, n in c.events}
    exact["mean_total"] = Fraction(c.total_sum, hands)
    exact["mean_total_after_best_discard"] = Fraction(c.total_after_best_sum, hands)
    exact["best_first_discard"] = {k: Fraction(n, hands) for k, n in c.best_kind_counts}
    out: dict = {"hands": hands}
    out.update({e: float(exact[e]) for e in LEAST_SCORE_EVENTS})
    out["mean_total"] = float(exact["mean_total"])
    out["total_counts"] = dict(c.total_counts)
    out["best_first_discard"] = {k: float(p) for k, p in exact["best_first_discard"].items()}
    out["mean_total_after_best_discard"] = float(exact["mean_total_after_best_discard"])
    out["counts"] = counts
    out["exact"] = exact
    return out


# --- Least Score: the plain-loop reference ------------------------------------
# Written the obvious way, one hand and one group at a time, with no numpy and
# nothing shared with the vectorised code above.  The benchmark times it; the
# tests compare the two on small decks, hand by hand.

def _loop_is_run(cards: Sequence[tuple[int, int]], one_suit: bool) -> bool:
    if len(cards) not in (3, 5):
        return False
    if one_suit and len({s for _, s in cards}) != 1:
        return False
    ranks = sorted(r for r, _ in cards)
    for order in (ranks, sorted(14 if r == 1 else r for r in ranks)):
        if all(b == a + 1 for a, b in zip(order, order[1:])):
            return True
    return False


def _loop_kind(cards: Sequence[tuple[int, int]], one_suit: bool) -> Optional[str]:
    ranks = {r for r, _ in cards}
    if len(cards) == 1:
        return "single"
    if len(cards) == 2 and len(ranks) == 1:
        return "pair"
    if len(cards) == 4 and len(ranks) == 1:
        return "four_of_a_kind"
    if _loop_is_run(cards, one_suit):
        return "run"
    if len(cards) == 5 and len({s for _, s in cards}) == 1:
        return "flush"
    return None


def _loop_hand(cards: Sequence[tuple[int, int]], one_suit: bool) -> dict:
    """Everything the odds count, for one hand of (rank, suit) pairs."""
    def value(card: tuple[int, int]) -> int:
        return min(card[0], 10)

    rank_count = Counter(r for r, _ in cards)
    best = (0, 0, None)                       # (value taken off, cards, kind)
    for size in range(1, len(cards) + 1):
        for group in itertools.combinations(cards, size):
            kind = _loop_kind(group, one_suit)
            if kind is not None:
                best = max(best, (sum(value(c) for c in group), size, kind), key=lambda b: b[:2])
    return {
        "total": sum(value(c) for c in cards),
        "pair": max(rank_count.values()) >= 2,
        "four_of_a_kind": max(rank_count.values()) == 4,
        "run_of_3": any(_loop_is_run(g, one_suit) for g in itertools.combinations(cards, 3)),
        "run_of_5": _loop_is_run(cards, one_suit),
        "flush": len({s for _, s in cards}) == 1,
        "best_kind": best[2],
        "best_value": best[0],
    }


def _least_score_hand_odds_loop(
    rules: Any = None,
    deck: Optional[Iterable[int]] = None,
    limit: Optional[int] = None,
    hands: Optional[Iterable[Sequence[int]]] = None,
) -> dict:
    """The same counts as :func:`least_score_hand_counts`, by a plain Python loop
    over every hand of ``deck`` (card indices; default the whole deck), stopping
    after ``limit`` hands if given — or over the given ``hands`` (each five card
    indices) instead.  Slow on purpose: it is the reference."""
    one_suit = runs_one_suit(rules)
    if hands is None:
        cards = [(i // 4 + 1, i % 4) for i in (range(52) if deck is None else deck)]
        source: Iterable = itertools.combinations(cards, HAND_SIZE)
    else:
        source = ([(int(i) // 4 + 1, int(i) % 4) for i in h] for h in hands)
    counts = dict.fromkeys(LEAST_SCORE_EVENTS, 0)
    total_counts: Counter = Counter()
    kinds = dict.fromkeys(DISCARD_KINDS, 0)
    n = total_sum = after_sum = 0
    for hand in itertools.islice(source, limit):
        h = _loop_hand(hand, one_suit)
        n += 1
        for e in LEAST_SCORE_EVENTS:
            counts[e] += h[e]
        total_counts[h["total"]] += 1
        kinds[h["best_kind"]] += 1
        total_sum += h["total"]
        after_sum += h["total"] - h["best_value"]
    out: dict = {"hands": n, **counts, "total_counts": dict(sorted(total_counts.items())),
                 "best_first_discard": kinds, "total_sum": total_sum, "total_after_best_sum": after_sum}
    return out


# --- Tiến Lên -----------------------------------------------------------------

def _tienlen_joint_counts(
    sequence_ranks: int = 12, twos: bool = True, hand_size: int = TIENLEN_HAND_SIZE
) -> dict[tuple[int, int, int, bool], int]:
    """Number of hands of ``hand_size`` cards from a deck of ``sequence_ranks``
    ranks that may form sequences (3 … A) plus, if ``twos``, the rank of 2s —
    four suits each — by (twos held, four-of-a-kinds held, longest double
    sequence in pairs, holds every sequence rank).

    A count over the ranks in order: holding ``c`` of a rank's four cards can
    happen in C(4, c) ways, so each state carries the number of hands that reach
    it.  A double sequence grows while consecutive ranks have two or more cards.
    """
    # state: (cards so far, current streak, longest streak, quads, every rank present)
    states: dict[tuple[int, int, int, int, bool], int] = {(0, 0, 0, 0, True): 1}
    for _ in range(sequence_ranks):
        nxt: dict = {}
        for (cards, streak, longest, quads, every), ways in states.items():
            for c in range(5):
                if cards + c > hand_size:
                    break
                s = streak + 1 if c >= 2 else 0
                key = (cards + c, s, max(longest, s), quads + (c == 4), every and c >= 1)
                nxt[key] = nxt.get(key, 0) + ways * math.comb(4, c)
        states = nxt
    out: dict = {}
    for (cards, _, longest, quads, every), ways in states.items():
        for c in range(5 if twos else 1):
            if cards + c == hand_size:
                key = (c, quads + (c == 4), longest, every)
                out[key] = out.get(key, 0) + ways * math.comb(4, c)
    return out


def _tienlen_summary(joint: dict[tuple[int, int, int, bool], int]) -> dict:
    """Exact integer counts of every Tiến Lên figure from the joint counts."""
    def count(pred) -> int:
        return sum(w for key, w in joint.items() if pred(*key))

    max_pairs = max((k[2] for k in joint), default=0)
    return {
        "hands": count(lambda *k: True),
        "four_twos": count(lambda t, q, ds, every: t == 4),
        "dragon": count(lambda t, q, ds, every: every),
        "instant_win": count(lambda t, q, ds, every: t == 4 or every),
        "four_of_a_kind": count(lambda t, q, ds, every: q >= 1),
        "double_sequence_bomb": count(lambda t, q, ds, every: ds >= 3),
        "any_bomb": count(lambda t, q, ds, every: q >= 1 or ds >= 3),
        "twos": {k: count(lambda t, q, ds, every, k=k: t == k) for k in range(5)},
        "bombs": {k: count(lambda t, q, ds, every, k=k: q == k) for k in range(4)},
        "double_sequence_at_least": {
            k: count(lambda t, q, ds, every, k=k: ds >= k) for k in range(3, max(max_pairs, 6) + 1)
        },
    }


@functools.lru_cache(maxsize=None)
def _tienlen_counts() -> dict:
    return _tienlen_summary(_tienlen_joint_counts())


def tienlen_hand_odds() -> dict:
    """Exact odds for a 13-card Tiến Lên hand dealt from a full deck.

    - ``'four_twos'`` and ``'dragon'`` (one card of each rank 3 … A) — the two
      instant wins — and ``'instant_win'`` (either one);
    - ``'twos'``: {k: probability of exactly k twos}, k = 0 … 4;
    - ``'bombs'``: {k: probability of exactly k four-of-a-kinds}, k = 0 … 3
      (four 2s count as a four of a kind);
    - ``'four_of_a_kind'``: at least one four of a kind;
    - ``'double_sequence_bomb'``: a double sequence of at least 3 pairs (three
      consecutive ranks within 3 … A with two or more cards each);
      ``'double_sequence_at_least'``: {n: probability of one of n or more pairs};
    - ``'any_bomb'``: a four of a kind or a double sequence of 3+ pairs.

    ``'hands'`` is C(52, 13) = 635,013,559,600, ``'counts'`` holds the exact
    numbers of hands and ``'exact'`` every probability as a Fraction.

    >>> tienlen_hand_odds()['exact']['four_twos']
    Fraction(11, 4165)
    """
    counts = _tienlen_counts()
    hands = counts["hands"]

    def fractions(v):
        return {k: fractions(x) for k, x in v.items()} if isinstance(v, dict) else Fraction(v, hands)

    exact = {k: fractions(v) for k, v in counts.items() if k != "hands"}

    def floats(v):
        return {k: floats(x) for k, x in v.items()} if isinstance(v, dict) else float(v)

    out: dict = {"hands": hands}
    out.update({k: floats(v) for k, v in exact.items()})
    out["counts"] = {k: (dict(v) if isinstance(v, dict) else v) for k, v in counts.items()}
    out["exact"] = exact
    return out


# --- the deck and the lowest total ---------------------------------------------

def _unseen_values(seen: Any) -> tuple[list[Card], list[bool]]:
    cards = to_cards(seen)
    taken = {c.index for c in cards}
    return cards, [i not in taken for i in range(52)]


@dataclass(frozen=True)
class LowestTotalOdds:
    """The chance that your total is the lowest at the table.

    ``strictly_lowest``: every opponent's total is higher than yours;
    ``lowest_or_tied``: no opponent's total is lower than yours (a tie counts —
    the standard rule for a successful declaration).  ``exact`` says whether the
    figures were counted exactly (then ``strictly_lowest_exact`` and
    ``lowest_or_tied_exact`` hold Fractions) or simulated (then ``trials`` is
    set and ``strictly_lowest_interval`` / ``lowest_or_tied_interval`` are 95%
    intervals).  ``method`` says how, in a sentence (a message: ``str(odds.method)``).
    """

    total: int
    opponents: int
    strictly_lowest: float
    lowest_or_tied: float
    exact: bool
    method: Any
    strictly_lowest_exact: Optional[Fraction] = None
    lowest_or_tied_exact: Optional[Fraction] = None
    trials: Optional[int] = None
    strictly_lowest_interval: Optional[tuple[float, float]] = None
    lowest_or_tied_interval: Optional[tuple[float, float]] = None

    def __str__(self) -> str:
        how = say("odds.how.exact") if self.exact else say("odds.how.simulated", trials=f"{self.trials:,}")
        return str(say("odds.lowest_summary", total=self.total, opponents=self.opponents,
                       strict=f"{self.strictly_lowest:.4f}", tied=f"{self.lowest_or_tied:.4f}", how=how))


# The lowest and highest totals of five cards (four aces and a two; five
# ten-valued cards); every whole number between is the total of some hand.


def _available_by_value(available: Sequence[bool]) -> list[int]:
    """How many available cards have each value 1 … 10."""
    counts = [0] * 11
    for i, free in enumerate(available):
        if free:
            counts[_PY_VALUE[i]] += 1
    return counts[1:]


def _one_hand_totals(by_value: Sequence[int]) -> list[int]:
    """How many five-card hands from cards with these numbers of each value 1 … 10
    have each total 0 … 50 (the count of :func:`_two_hand_totals` for one hand)."""
    state = {(0, 0): 1}
    for value, m in enumerate(by_value, start=1):
        nxt: dict = {}
        for (c, t), w in state.items():
            for a in range(min(m, HAND_SIZE - c) + 1):
                key = (c + a, t + value * a)
                nxt[key] = nxt.get(key, 0) + w * math.comb(m, a)
        state = nxt
    out = [0] * (MAX_TOTAL + 1)
    for (c, t), w in state.items():
        if c == HAND_SIZE:
            out[t] += w
    return out


@functools.lru_cache(maxsize=16)
def _pure_two_hand_totals(by_value: tuple[int, ...], first_total: Optional[int] = None) -> dict[tuple[int, int], int]:
    """:func:`_two_hand_totals` in plain Python, as {(t1, t2): ordered pairs of hands}
    (pairs with no hand are left out); with ``first_total`` only the pairs whose
    first hand has that total."""
    state = {(0, 0, 0, 0): 1}
    # the most the values still to come can add to one hand, by cards still wanted
    for value, m in enumerate(by_value, start=1):
        nxt: dict = {}
        last = value == len(by_value)
        for (c1, t1, c2, t2), w in state.items():
            for a1 in range(min(m, HAND_SIZE - c1) + 1):
                s1 = t1 + value * a1
                if first_total is not None and (s1 > first_total or s1 + 10 * (HAND_SIZE - c1 - a1) < first_total):
                    continue
                ways1 = w * math.comb(m, a1)
                for a2 in range(min(m - a1, HAND_SIZE - c2) + 1):
                    key = (c1 + a1, s1, c2 + a2, t2 + value * a2)
                    nxt[key] = nxt.get(key, 0) + ways1 * math.comb(m - a1, a2)
        state = nxt
        if last:
            break
    out: dict = {}
    for (c1, t1, c2, t2), w in state.items():
        if c1 == HAND_SIZE and c2 == HAND_SIZE:
            out[(t1, t2)] = out.get((t1, t2), 0) + w
    return out


def _two_hand_totals(by_value: Sequence[int]) -> "np.ndarray":
    """Exact joint counts of the totals of two five-card hands dealt (in order,
    no card shared) from cards with these numbers of each value 1 … 10:
    ``counts[t1, t2]`` is the number of ordered pairs of hands with totals
    t1 and t2.

    A hand's total depends only on how many cards of each value it holds, so
    the count runs over the ten values: giving ``a1`` cards of value v to the
    first hand and ``a2`` to the second can be done in C(m, a1)·C(m − a1, a2)
    ways when m cards of value v are available.
    """
    size, top = HAND_SIZE + 1, MAX_TOTAL + 1
    state = np.zeros((size, top, size, top), dtype=np.int64)   # (cards1, total1, cards2, total2)
    state[0, 0, 0, 0] = 1
    for value, m in enumerate(by_value, start=1):
        nxt = np.zeros_like(state)
        for a1 in range(min(m, HAND_SIZE) + 1):
            for a2 in range(min(m - a1, HAND_SIZE) + 1):
                ways = math.comb(m, a1) * math.comb(m - a1, a2)
                s1, s2 = value * a1, value * a2
                nxt[a1:, s1:, a2:, s2:] += ways * state[:size - a1, :top - s1, :size - a2, :top - s2]
        state = nxt
    return state[HAND_SIZE, :, HAND_SIZE, :]


def estimate_lowest_total(
    total: int, opponents: int, trials: int, seed: SeedLike, hand: Any = None
) -> tuple[Estimate, Estimate]:
    """Simulate the chance that a Least Score total is the lowest against
    ``opponents`` five-card hands: returns (strictly lowest, lowest or tied).

    With ``hand`` (your five cards) the opponents' hands come from the other 47
    cards; without it your hand is drawn at random among all hands with this
    ``total`` each time, and the opponents' from the rest.
    :func:`p_lowest_total` counts the same thing exactly where it can (and calls this
    where it cannot).  Also offered as ``cardkit.simulate.estimate_lowest_total``.
    """
    trials = check_trials(trials)
    if isinstance(opponents, bool) or not isinstance(opponents, int) or not 1 <= opponents <= 7:
        raise RulesError(say("odds.opponents_1_to_7", given=repr(opponents)))
    dealt = HAND_SIZE * opponents
    if not accel.use_numpy():
        return _pure_estimate_lowest_total(total, opponents, trials, seed, hand)
    rng = numpy_rng(seed)
    strict = tied = 0
    if hand is not None:
        mine = np.array(sorted(c.index for c in to_cards(hand)), dtype=np.int64)
        if len(mine) != HAND_SIZE:
            raise HandError(say("odds.hand_has_cards", size=HAND_SIZE))
        total = int(_VALUE[mine].sum())
        rest = np.setdiff1d(np.arange(52), mine)
    else:
        hands_with_total = _hands_with_total(int(total))
        if len(hands_with_total) == 0:
            raise HandError(say("odds.no_hand_with_total", total=str(total)))
    for start in range(0, trials, CHUNK):
        n = min(CHUNK, trials - start)
        u = rng.random((n, 1 + dealt))
        if hand is not None:
            cards = rest[deal_positions(u[:, 1:], 47)]
        else:
            pick = np.minimum((u[:, 0] * len(hands_with_total)).astype(np.int64), len(hands_with_total) - 1)
            left = np.ones((n, 52), dtype=bool)
            np.put_along_axis(left, hands_with_total[pick].astype(np.int64), False, axis=1)
            remaining = np.nonzero(left)[1].reshape(n, 47)
            cards = np.take_along_axis(remaining, deal_positions(u[:, 1:], 47), axis=1)
        their = _VALUE[cards].reshape(n, opponents, HAND_SIZE).sum(axis=2).min(axis=1)
        strict += int(np.count_nonzero(their > total))
        tied += int(np.count_nonzero(their >= total))
    out = []
    for s in (strict, tied):
        low, high = wilson_interval(s, trials)
        out.append(Estimate(s / trials, low, high, trials, s))
    return out[0], out[1]


def _pure_estimate_lowest_total(
    total: int, opponents: int, trials: int, seed: Any, hand: Any
) -> tuple[Estimate, Estimate]:
    """:func:`estimate_lowest_total` in plain Python: the same random numbers
    (:class:`~cardkit.pcg.PCG64Stream`) dealt the same way, one deal at a time."""
    stream = stream_from_seed(seed)
    dealt = HAND_SIZE * opponents
    values = _PY_VALUE
    if hand is not None:
        mine = sorted(c.index for c in to_cards(hand))
        if len(mine) != HAND_SIZE:
            raise HandError(say("static.least_score_hand_size", size=HAND_SIZE))
        total = sum(values[i] for i in mine)
        rest = [i for i in range(52) if i not in set(mine)]
        choices: tuple = ()
    else:
        choices = _pure_hands_with_total(int(total))
        if not choices:
            raise HandError(say("static.no_hand_with_total", total=total))
    strict = tied = 0
    width = 1 + dealt
    for start in range(0, trials, CHUNK):
        n = min(CHUNK, trials - start)
        if isinstance(seed, PCG64Stream):
            u = stream.random(n * width)
            orders = [pure_deal_positions(u, dealt, 47, i * width + 1) for i in range(n)]
        else:   # a whole-number seed: the same deals for every total, dealt once
            u = uniforms(int(seed), trials * width)[start * width:(start + n) * width]
            orders = dealt_rows(int(seed), trials, width, dealt, 47, 1)[start:start + n]
        left = [values[c] for c in rest] if hand is not None else None
        hands = range(0, dealt, HAND_SIZE)
        for i in range(n):
            if hand is None:  # your hand: one of those with the total; the deal is from the other 47 cards
                pick = min(int(u[i * width] * len(choices)), len(choices) - 1)
                left = list(values)  # the values of the 47 other cards, in card order
                a, b, c, d, e = choices[pick]  # ascending: delete from the end
                del left[e], left[d], left[c], left[b], left[a]
            order = orders[i]
            lowest = min(left[order[j]] + left[order[j + 1]] + left[order[j + 2]] + left[order[j + 3]]
                         + left[order[j + 4]] for j in hands)
            if lowest > total:
                strict += 1
            if lowest >= total:
                tied += 1
    out = []
    for s in (strict, tied):
        low, high = wilson_interval(s, trials)
        out.append(Estimate(s / trials, low, high, trials, s))
    return out[0], out[1]


def p_lowest_total(
    total: Optional[int] = None,
    opponents: int = 1,
    *,
    hand: Any = None,
    exact: Optional[bool] = None,
    trials: int = 200_000,
    seed: int = 0,
) -> LowestTotalOdds:
    """The chance that your Least Score total is the lowest against
    ``opponents`` other five-card hands dealt from the same deck.

    Give your ``total`` (then your own five cards are any hand with that total,
    each equally likely) or your ``hand`` itself (then the opponents' cards come
    from the other 47).  Returns a :class:`LowestTotalOdds` with the chance of
    being strictly lowest and of being lowest or tied.

    Counted exactly (``exact=None`` chooses for you) for one opponent, and for
    two opponents when your hand is given: the count runs over how many cards of
    each value (1 … 10) every hand holds.  Otherwise — more opponents — the
    figure is a seeded simulation of ``trials`` deals (``seed`` fixes it; the
    result carries 95% intervals).  ``exact=True`` refuses to simulate;
    ``exact=False`` always simulates.

    >>> round(p_lowest_total(12, 1).strictly_lowest, 4)
    0.9998
    """
    if isinstance(opponents, bool) or not isinstance(opponents, int) or not 1 <= opponents <= 7:
        raise RulesError(say("odds.players_2_to_8", given=repr(opponents)))
    trials = accel.deals_here(trials)   # fewer in the learner's browser (the result says how many)
    hand_cards: Optional[list[Card]] = None
    if hand is not None:
        hand_cards = to_cards(hand)
        if len(hand_cards) != HAND_SIZE:
            raise HandError(say("odds.hand_has_cards_not", size=HAND_SIZE, n=len(hand_cards)))
        hand_total = sum(min(int(c.rank), 10) for c in hand_cards)
        if total is not None and total != hand_total:
            raise HandError(say("odds.hand_total_not", hand_total=hand_total, total=str(total)))
        total = hand_total
    if isinstance(total, bool) or not (isinstance(total, int) or (np is not None and isinstance(total, np.integer))):
        raise OptionError(say("odds.total_whole_number", given=repr(total)))
    total = int(total)
    lowest, highest = MIN_TOTAL, MAX_TOTAL
    if not lowest <= total <= highest:
        raise HandError(say("odds.no_hand_with_total_range", total=total, low=lowest, high=highest))
    feasible = opponents == 1 or (opponents == 2 and hand_cards is not None)
    if exact is True and not feasible:
        raise OptionError(say("odds.exact_not_offered"))
    if exact is False or not feasible:
        strict, tied = estimate_lowest_total(total, opponents, trials, seed, hand=hand_cards)
        where = say("odds.from.other_47" if hand_cards else "odds.from.deck_any_hand")
        return LowestTotalOdds(
            total=total, opponents=opponents, strictly_lowest=strict.value, lowest_or_tied=tied.value,
            exact=False, trials=trials,
            method=say("odds.method.simulated", trials=f"{trials:,}", seed=str(seed), opponents=opponents, where=where),
            strictly_lowest_interval=(strict.low, strict.high), lowest_or_tied_interval=(tied.low, tied.high),
        )
    strict_f, tied_f = _lowest_exact(total, opponents, hand_cards)
    where = say("odds.from.other_47" if hand_cards else "odds.from.deck_every_hand")
    return LowestTotalOdds(
        total=total, opponents=opponents, strictly_lowest=float(strict_f), lowest_or_tied=float(tied_f),
        exact=True, method=say("odds.method.exact", opponents=opponents, where=where),
        strictly_lowest_exact=strict_f, lowest_or_tied_exact=tied_f,
    )


def _pure_lowest_exact(total: int, opponents: int, hand: Optional[list[Card]]) -> tuple[Fraction, Fraction]:
    """:func:`_lowest_exact` in plain Python: the same exact fractions."""
    if hand is None:
        joint = _pure_two_hand_totals(tuple(_available_by_value([True] * 52)), total)
        denom = sum(w for (t1, _), w in joint.items() if t1 == total)
        above = sum(w for (t1, t2), w in joint.items() if t1 == total and t2 > total)
        level = sum(w for (t1, t2), w in joint.items() if t1 == total and t2 >= total)
        return Fraction(above, denom), Fraction(level, denom)
    _, available = _unseen_values(hand)
    by_value = _available_by_value(available)
    if opponents == 1:
        first = _one_hand_totals(by_value)
        denom = sum(first)
        return Fraction(sum(first[total + 1:]), denom), Fraction(sum(first[total:]), denom)
    joint = _pure_two_hand_totals(tuple(by_value))
    denom = sum(joint.values())
    return (Fraction(sum(w for (a, b), w in joint.items() if a > total and b > total), denom),
            Fraction(sum(w for (a, b), w in joint.items() if a >= total and b >= total), denom))


def _lowest_exact(total: int, opponents: int, hand: Optional[list[Card]]) -> tuple[Fraction, Fraction]:
    if not accel.use_numpy():
        return _pure_lowest_exact(total, opponents, hand)
    if hand is None:
        # You and one opponent are two hands from the full deck; keep the deals
        # where your hand has this total.
        joint = _two_hand_totals(_available_by_value(np.ones(52, dtype=bool)))
        row = joint[total]
        denom = int(row.sum())
        return Fraction(int(row[total + 1:].sum()), denom), Fraction(int(row[total:].sum()), denom)
    _, available = _unseen_values(hand)
    joint = _two_hand_totals(_available_by_value(available))
    denom = int(joint.sum())
    if opponents == 1:
        first = joint.sum(axis=1)
        return Fraction(int(first[total + 1:].sum()), denom), Fraction(int(first[total:].sum()), denom)
    return (Fraction(int(joint[total + 1:, total + 1:].sum()), denom),
            Fraction(int(joint[total:, total:].sum()), denom))
