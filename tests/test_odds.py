"""Exact odds: every figure is checked against a second, independent computation —
a closed formula with math.comb, inclusion–exclusion, a count over rank
multisets, or a brute-force loop on a smaller deck.  No expected number is typed in."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from cardkit import Card, CardkitError, CardParseError, RulesError, full_deck, parse_cards
from cardkit import odds
from cardkit.odds import (
    DISCARD_KINDS,
    deck_draw_expectation,
    least_score_hand_counts,
    least_score_hand_features,
    least_score_hand_odds,
    p_lowest_total,
    tienlen_hand_odds,
)

C = math.comb
HANDS5 = C(52, 5)
HANDS13 = C(52, 13)
ONE_SUIT = SimpleNamespace(runs_one_suit=True)
MIXED = SimpleNamespace(runs_one_suit=False)


def value(rank: int) -> int:
    return min(rank, 10)


# --- the combination table itself ----------------------------------------------

@pytest.mark.parametrize("n,k", [(1, 1), (5, 5), (6, 1), (7, 3), (12, 5), (20, 4)])
def test_combinations_match_itertools(n, k):
    assert odds._combinations(n, k).tolist() == [list(c) for c in itertools.combinations(range(n), k)]


def test_combinations_of_the_full_deck():
    table = odds._combinations(52, 5)
    assert table.shape == (HANDS5, 5)
    assert (np.diff(table.astype(int), axis=1) > 0).all()          # each row increasing
    assert table[0].tolist() == [0, 1, 2, 3, 4] and table[-1].tolist() == [47, 48, 49, 50, 51]


# --- Least Score: closed formulas --------------------------------------------

@pytest.mark.parametrize("rules", [None, MIXED, ONE_SUIT])
def test_least_score_closed_forms(rules):
    o = least_score_hand_odds(rules)
    ex = o["exact"]
    assert o["hands"] == HANDS5
    assert ex["pair"] == 1 - Fraction(C(13, 5) * 4**5, HANDS5)
    assert ex["flush"] == Fraction(4 * C(13, 5), HANDS5)
    assert ex["four_of_a_kind"] == Fraction(13 * 48, HANDS5)
    # 10 runs of five ranks: A-2-3-4-5 up to 10-J-Q-K-A
    run5_hands = 10 * 4 if getattr(rules, "runs_one_suit", False) else 10 * 4**5
    assert ex["run_of_5"] == Fraction(run5_hands, HANDS5)
    deck_sum = sum(value(c.rank) for c in full_deck())
    assert ex["mean_total"] == Fraction(5 * deck_sum, 52)
    for key in odds.LEAST_SCORE_EVENTS:
        assert o[key] == float(ex[key])
        assert o["counts"][key] == ex[key] * HANDS5


def test_totals_add_up():
    o = least_score_hand_odds()
    tc = o["total_counts"]
    assert sum(tc.values()) == HANDS5
    assert Fraction(sum(t * n for t, n in tc.items()), HANDS5) == o["exact"]["mean_total"]
    # the lowest total is four aces and a two, the highest five ten-valued cards
    assert min(tc) == 4 * 1 + 2 and tc[min(tc)] == 4
    assert max(tc) == 50 and tc[50] == C(16, 5)
    assert sorted(tc) == list(range(odds.MIN_TOTAL, odds.MAX_TOTAL + 1))     # no gaps
    assert sum(o["best_first_discard"].values()) == pytest.approx(1)
    assert sum(o["counts"]["best_first_discard"].values()) == HANDS5
    assert set(o["best_first_discard"]) == set(DISCARD_KINDS)


# --- Least Score: an independent count over rank multisets --------------------

def _spreads(cards: int, boxes: int) -> list[tuple[int, ...]]:
    """Every way to put ``cards`` identical cards into ``boxes`` boxes (stars and bars)."""
    out = []
    for bars in itertools.combinations(range(cards + boxes - 1), boxes - 1):
        cuts = (-1, *bars, cards + boxes - 1)
        out.append(tuple(cuts[i + 1] - cuts[i] - 1 for i in range(boxes)))
    return out


def _rank_multiset_counts():
    """Count every figure of the mixed-suit rules by going over the ways to hold
    5 cards among 13 ranks (c_r cards of rank r can be chosen in C(4, c_r)
    ways); suits matter only for flushes, which need five different ranks."""
    ladder = list(range(1, 14)) + [1]          # the ace low and high
    triples = [ladder[i:i + 3] for i in range(12)]
    fives = [ladder[i:i + 5] for i in range(10)]
    out = Counter()
    totals = Counter()
    best_kinds = Counter()
    after_sum = 0
    for counts in _spreads(5, 13):
        if max(counts) > 4:
            continue
        ways = math.prod(C(4, c) for c in counts)
        held = {r for r in range(1, 14) if counts[r - 1]}
        total = sum(counts[r - 1] * value(r) for r in held)
        run3 = [t for t in triples if set(t) <= held]
        run5 = any(set(f) == held for f in fives)
        options = [(value(r), 1, "single") for r in held]
        options += [(2 * value(r), 2, "pair") for r in held if counts[r - 1] >= 2]
        options += [(4 * value(r), 4, "four_of_a_kind") for r in held if counts[r - 1] == 4]
        options += [(sum(value(r) for r in t), 3, "run") for t in run3]
        if run5:
            options.append((total, 5, "run"))
        flush_ways = 4 if len(held) == 5 else 0          # all five cards one suit
        for is_flush, w in ((True, flush_ways), (False, ways - flush_ways)):
            if not w:
                continue
            opts = options + ([(total, 5, "flush")] if is_flush and not run5 else [])
            best = max(opts, key=lambda o: o[:2])
            best_kinds[best[2]] += w
            after_sum += w * (total - best[0])
            out["flush"] += w * is_flush
        out["pair"] += ways * (max(counts) >= 2)
        out["four_of_a_kind"] += ways * (max(counts) == 4)
        out["run_of_3"] += ways * bool(run3)
        out["run_of_5"] += ways * run5
        totals[total] += ways
    return out, totals, best_kinds, after_sum


def test_least_score_agrees_with_a_count_over_rank_multisets():
    events, totals, best_kinds, after_sum = _rank_multiset_counts()
    counts = least_score_hand_counts()
    for key in odds.LEAST_SCORE_EVENTS:
        assert counts[key] == events[key], key
    assert counts["total_counts"] == dict(totals)
    assert counts["best_first_discard"] == {k: best_kinds[k] for k in DISCARD_KINDS}
    assert least_score_hand_odds()["exact"]["mean_total_after_best_discard"] == Fraction(after_sum, HANDS5)


def test_one_suit_run_of_3_by_inclusion_exclusion():
    """With one-suit runs, 'some three cards form a run' is the union of 48
    events 'the hand holds these three cards' (12 runs × 4 suits).  Inclusion–
    exclusion over collections of events whose cards fit in one hand."""
    ladder = list(range(1, 14)) + [1]
    events = [frozenset(Card(r, s) for r in ladder[i:i + 3]) for s in range(4) for i in range(12)]

    def walk(start: int, union: frozenset, size: int) -> int:
        total = 0
        for i in range(start, len(events)):
            u = union | events[i]
            if len(u) > 5:
                continue
            total += (-1) ** (size) * C(52 - len(u), 5 - len(u)) + walk(i + 1, u, size + 1)
        return total

    assert least_score_hand_counts(ONE_SUIT)["run_of_3"] == walk(0, frozenset(), 0)


# --- Least Score: brute force on small decks, and hand by hand ----------------

SMALL_DECKS = [
    ((1, 11, 12, 13), 4),          # Q-K-A and J-Q-K runs, fours of a kind, no flush
    ((1, 2, 3, 4, 5), 3),          # A-2-3-4-5, straight flushes
    ((1, 2, 3, 4, 5, 6, 7), 2),    # flushes that are runs and flushes that are not
    ((1, 2, 3, 9, 10, 13), 3),     # ties between a pair and a single, mixed values
]


@pytest.mark.parametrize("ranks,suits", SMALL_DECKS)
@pytest.mark.parametrize("rules", [None, ONE_SUIT])
def test_vectorised_count_equals_the_plain_loop_on_a_small_deck(ranks, suits, rules):
    deck = [Card(r, s).index for r in ranks for s in range(suits)]
    fast = odds._count_deck(deck, odds.runs_one_suit(rules))
    slow = odds._least_score_hand_odds_loop(rules, deck=deck)
    assert slow["hands"] == fast.hands == C(len(deck), 5)
    assert {k: slow[k] for k in odds.LEAST_SCORE_EVENTS} == dict(fast.events)
    assert slow["total_counts"] == dict(fast.total_counts)
    assert slow["best_first_discard"] == dict(fast.best_kind_counts)
    assert (slow["total_sum"], slow["total_after_best_sum"]) == (fast.total_sum, fast.total_after_best_sum)


def _loop_features(hand: list[Card], rules) -> dict:
    return odds._loop_hand([(int(c.rank), int(c.suit)) for c in hand], odds.runs_one_suit(rules))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(full_deck()), min_size=5, max_size=5, unique=True), st.booleans())
def test_every_hand_is_classified_like_the_plain_loop(hand, one_suit):
    rules = SimpleNamespace(runs_one_suit=one_suit)
    fast = least_score_hand_features([hand], rules)
    slow = _loop_features(hand, rules)
    for key in ("total", "best_value", *odds.LEAST_SCORE_EVENTS):
        assert fast[key][0] == slow[key], key
    assert DISCARD_KINDS[fast["best_kind"][0]] == slow["best_kind"]


def test_worked_examples_from_the_rules():
    hands = ["AC 2D 3S 9H 9C", "KS KH KD 4C 5C", "QH KH AH 2H 3H", "10S JD QC KH AS"]
    f = least_score_hand_features(hands)
    g = least_score_hand_features(hands, ONE_SUIT)
    # 1: A-2-3 is a run and 9-9 a pair; the pair takes off most
    assert f["pair"][0] and f["run_of_3"][0] and not g["run_of_3"][0]
    assert DISCARD_KINDS[f["best_kind"][0]] == "pair" and f["best_value"][0] == 18
    # 2: three kings are a pair (at least), not four of a kind
    assert f["pair"][1] and not f["four_of_a_kind"][1]
    # 3: Q-K-A is a run, the five are no run but a flush, and go as a flush
    assert f["run_of_3"][2] and g["run_of_3"][2] and not f["run_of_5"][2] and f["flush"][2]
    assert DISCARD_KINDS[f["best_kind"][2]] == "flush" and f["best_value"][2] == f["total"][2]
    # 4: 10-J-Q-K-A is a run; total 41
    assert f["run_of_5"][3] and not g["run_of_5"][3] and f["total"][3] == 41


def test_a_straight_flush_is_named_a_run():
    f = least_score_hand_features(["5H 6H 7H 8H 9H"], ONE_SUIT)
    assert f["run_of_5"][0] and f["flush"][0] and DISCARD_KINDS[f["best_kind"][0]] == "run"


def test_hand_arrays_and_bad_hands():
    hand = parse_cards("AS 2D 3C 4H 5S")
    by_cards = least_score_hand_features([hand])
    by_index = least_score_hand_features(np.array([[c.index for c in hand]]))
    assert all((by_cards[k] == by_index[k]).all() for k in by_cards)
    with pytest.raises(CardkitError):
        least_score_hand_features(["AS 2D 3C"])
    with pytest.raises(CardkitError):
        least_score_hand_features(np.array([[0, 1, 2, 3, 60]]))
    with pytest.raises(CardParseError):
        least_score_hand_features(["AS AS 2D 3C 4H"])


# --- options, caching, speed ---------------------------------------------------

def test_rules_are_duck_typed_and_checked():
    assert least_score_hand_odds(SimpleNamespace(runs_one_suit=False)) == least_score_hand_odds()
    assert least_score_hand_odds(ONE_SUIT)["run_of_3"] < least_score_hand_odds()["run_of_3"]
    with pytest.raises(RulesError, match="runs_one_suit"):
        least_score_hand_odds(object())
    with pytest.raises(RulesError):
        least_score_hand_odds(SimpleNamespace(runs_one_suit="yes"))


def test_results_are_cached_and_safe_to_change():
    first = least_score_hand_odds()
    first["pair"] = -1.0
    first["total_counts"].clear()
    hits = odds._least_score_counts.cache_info().hits
    again = least_score_hand_odds()
    assert odds._least_score_counts.cache_info().hits == hits + 1          # not counted again
    assert again["pair"] > 0 and again["total_counts"]


# How quick the whole count is: benchmarks/bench_odds.py (a speed goal, not a timed test).


# --- Tiến Lên -------------------------------------------------------------------

def test_tienlen_twos_are_hypergeometric():
    t = tienlen_hand_odds()
    assert t["hands"] == HANDS13
    for k in range(5):
        assert t["exact"]["twos"][k] == Fraction(C(4, k) * C(48, 13 - k), HANDS13)
    assert t["exact"]["four_twos"] == Fraction(C(48, 9), HANDS13)
    assert sum(t["exact"]["twos"].values()) == 1


def test_tienlen_dragon_two_ways():
    """One card of each of the 12 ranks 3…A plus one more card.  Either the
    13th card is a 2 (4^12 · 4), or one rank has two cards (12 · C(4,2) · 4^11).
    The tempting 4^12 · 40 counts each hand of the second kind twice."""
    direct = 4**12 * 4 + 12 * C(4, 2) * 4**11
    corrected = 4**12 * 40 - 12 * C(4, 2) * 4**11
    assert direct == corrected
    t = tienlen_hand_odds()["exact"]
    assert t["dragon"] == Fraction(direct, HANDS13)
    assert t["instant_win"] == t["dragon"] + t["four_twos"]          # 12 + 4 cards > 13: never both


def test_tienlen_four_of_a_kind_counts_by_inclusion_exclusion():
    t = tienlen_hand_odds()["exact"]
    for k in range(4):
        exactly_k = sum(
            (-1) ** (j - k) * C(j, k) * C(13, j) * C(52 - 4 * j, 13 - 4 * j) for j in range(k, 4)
        )
        assert t["bombs"][k] == Fraction(exactly_k, HANDS13)
    assert t["four_of_a_kind"] == 1 - t["bombs"][0]


def _poly_mul(a: list[int], b: list[int], top: int = 13) -> list[int]:
    out = [0] * (top + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[: top + 1 - i]):
                out[i + j] += x * y
    return out


def _hands_with(required: dict[int, int]) -> int:
    """13-card hands holding at least ``required[r]`` cards of each rank r
    (a generating function over the 13 ranks)."""
    poly = [1]
    for r in range(13):
        need = required.get(r, 0)
        poly = _poly_mul(poly, [C(4, c) if c >= need else 0 for c in range(5)])
    return poly[13]


def test_tienlen_double_sequences_by_inclusion_exclusion():
    """'Some n consecutive ranks within 3…A each have two or more cards' is a
    union over the starting rank; inclusion–exclusion over sets of starts."""
    t = tienlen_hand_odds()["exact"]
    for n in range(3, 7):
        starts = range(12 - n + 1)                    # positions 0 … 11 are 3 … A
        total = 0
        for size in range(1, len(starts) + 1):
            for chosen in itertools.combinations(starts, size):
                ranks = {p + i for p in chosen for i in range(n)}
                if 2 * len(ranks) > 13:
                    continue
                total += (-1) ** (size + 1) * _hands_with({r: 2 for r in ranks})
        assert t["double_sequence_at_least"][n] == Fraction(total, HANDS13), n
    assert t["double_sequence_bomb"] == t["double_sequence_at_least"][3]


def test_tienlen_any_bomb_by_inclusion_exclusion():
    """Union of 13 'four of rank r' events and 10 'three consecutive pairs from
    position p' events; collections that need more than 13 cards add nothing."""
    events = [{r: 4} for r in range(13)] + [{p: 2, p + 1: 2, p + 2: 2} for p in range(10)]

    def walk(start: int, need: dict, size: int) -> int:
        total = 0
        for i in range(start, len(events)):
            merged = dict(need)
            for r, c in events[i].items():
                merged[r] = max(merged.get(r, 0), c)
            if sum(merged.values()) > 13:
                continue
            total += (-1) ** size * _hands_with(merged) + walk(i + 1, merged, size + 1)
        return total

    assert tienlen_hand_odds()["exact"]["any_bomb"] == Fraction(walk(0, {}, 0), HANDS13)


@pytest.mark.parametrize("sequence_ranks,twos,hand_size", [(4, True, 7), (5, True, 6), (5, False, 7), (3, True, 9)])
def test_tienlen_rank_count_equals_brute_force_on_a_small_deck(sequence_ranks, twos, hand_size):
    ranks = list(range(sequence_ranks)) + ([99] if twos else [])       # 99 stands for the 2s
    deck = [(r, s) for r in ranks for s in range(4)]
    brute = Counter()
    for hand in itertools.combinations(deck, hand_size):
        count = Counter(r for r, _ in hand)
        longest = run = 0
        for r in range(sequence_ranks):
            run = run + 1 if count[r] >= 2 else 0
            longest = max(longest, run)
        quads = sum(1 for c in count.values() if c == 4)
        every = all(count[r] >= 1 for r in range(sequence_ranks))
        brute[(count[99], quads, longest, every)] += 1
    assert odds._tienlen_joint_counts(sequence_ranks, twos, hand_size) == dict(brute)


def test_tienlen_floats_match_fractions():
    t = tienlen_hand_odds()
    for key in odds.TIENLEN_EVENTS:
        assert t[key] == float(t["exact"][key])
        assert t["counts"][key] == t["exact"][key] * HANDS13
    assert sum(t["bombs"].values()) == pytest.approx(1)


# --- the deck and the lowest total ---------------------------------------------

def test_deck_draw_expectation_without_and_with_seen_cards():
    deck = full_deck()
    assert deck_draw_expectation(exact=True) == Fraction(sum(value(c.rank) for c in deck), 52)
    assert deck_draw_expectation() == float(deck_draw_expectation(exact=True))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(full_deck()), max_size=51, unique=True))
def test_deck_draw_expectation_is_the_average_unseen_value(seen):
    unseen = [c for c in full_deck() if c not in seen]
    assert deck_draw_expectation(seen, exact=True) == Fraction(sum(value(c.rank) for c in unseen), len(unseen))


def test_deck_draw_expectation_errors():
    with pytest.raises(CardkitError, match="every card"):
        deck_draw_expectation(full_deck())
    with pytest.raises(CardParseError):
        deck_draw_expectation("AS AS")


def _opponent_totals(hand: str) -> np.ndarray:
    """Totals of every five-card hand from the 47 cards not in ``hand``."""
    mine = {c.index for c in parse_cards(hand)}
    rest = np.array([i for i in range(52) if i not in mine])
    return least_score_hand_features(rest[odds._combinations(47, 5)])["total"]


@pytest.mark.parametrize("hand", ["AS 2S 3D 9H KC", "KS KH KD KC QS", "7C 7D 8H 2S AC"])
def test_one_opponent_with_a_known_hand_by_enumeration(hand):
    theirs = _opponent_totals(hand)
    total = sum(value(c.rank) for c in parse_cards(hand))
    got = p_lowest_total(hand=hand, opponents=1)
    assert got.exact
    assert got.strictly_lowest_exact == Fraction(int((theirs > total).sum()), len(theirs))
    assert got.lowest_or_tied_exact == Fraction(int((theirs >= total).sum()), len(theirs))


def test_two_hand_totals_by_brute_force_on_a_small_deck():
    by_value = [2, 1, 1, 0, 2, 0, 1, 0, 1, 4]
    cards = [v for v, m in enumerate(by_value, start=1) for _ in range(m)]
    brute = np.zeros((51, 51), dtype=np.int64)
    for first in itertools.combinations(range(len(cards)), 5):
        rest = [i for i in range(len(cards)) if i not in first]
        for second in itertools.combinations(rest, 5):
            brute[sum(cards[i] for i in first), sum(cards[i] for i in second)] += 1
    assert (odds._two_hand_totals(by_value) == brute).all()


def test_two_hand_totals_marginal_is_the_total_distribution():
    joint = odds._two_hand_totals(odds._available_by_value(np.ones(52, dtype=bool)))
    counts = least_score_hand_odds()["total_counts"]
    marginal = joint.sum(axis=1)
    assert {t: int(n) for t, n in enumerate(marginal) if n} == {t: n * C(47, 5) for t, n in counts.items()}
    assert (joint == joint.T).all()


def _value_vectors():
    """Every (a_1 … a_10) with a_1 + … + a_10 = 5: 5 cards spread over 10 values."""
    return [v for v in _spreads(5, 10) if max(v[:9]) <= 4]


@pytest.mark.parametrize("total", [14, 22])
def test_one_opponent_given_only_a_total_by_value_vectors(total):
    """Your hand is any hand with this total: weight each way of holding values
    (y_1 … y_10) by its number of hands, and count the opponent's value
    vectors from what is left."""
    avail = [4] * 9 + [16]
    vectors = _value_vectors()
    tot = {v: sum((i + 1) * c for i, c in enumerate(v)) for v in vectors}

    def ways(available, v):
        return math.prod(C(n, k) for n, k in zip(available, v))

    num_strict = num_tied = den = 0
    for y in (v for v in vectors if tot[v] == total):
        wy = ways(avail, y)
        left = [n - k for n, k in zip(avail, y)]
        den += wy * C(47, 5)
        for a in vectors:
            if tot[a] >= total:
                w = wy * ways(left, a)
                num_tied += w
                num_strict += w * (tot[a] > total)
    got = p_lowest_total(total, 1)
    assert got.exact and got.strictly_lowest_exact == Fraction(num_strict, den)
    assert got.lowest_or_tied_exact == Fraction(num_tied, den)


def test_two_opponents_with_a_known_hand_by_inclusion_exclusion():
    """P(both opponents above t) = 1 − 2·P(the first is not) + P(neither is);
    the last term by listing every disjoint pair of low hands."""
    hand = "8S 9D 10H JC QS"
    mine = {c.index for c in parse_cards(hand)}
    rest = np.array([i for i in range(52) if i not in mine])
    hands = rest[odds._combinations(47, 5)]
    totals = least_score_hand_features(hands)["total"]
    t = 11                                     # a total to test against: few hands are this low
    got = odds._lowest_exact(t, 2, parse_cards(hand))
    for strict, result in ((True, got[0]), (False, got[1])):
        low = hands[(totals <= t) if strict else (totals < t)]
        masks = np.bitwise_or.reduce(np.uint64(1) << low.astype(np.uint64), axis=1)
        both_low = int(((masks[:, None] & masks[None, :]) == 0).sum())
        pairs = C(47, 5) * C(42, 5)
        one_low = len(low) * C(42, 5)
        assert result == 1 - Fraction(2 * one_low, pairs) + Fraction(both_low, pairs)


def test_lowest_total_simulation_for_many_opponents():
    three = p_lowest_total(25, 3, trials=40_000, seed=3)
    two = p_lowest_total(25, 2, trials=40_000, seed=3)       # simulated too: no hand given
    one = p_lowest_total(25, 1)
    assert not three.exact and not two.exact and one.exact
    assert three.trials == 40_000 and three.strictly_lowest_interval is not None
    low, high = three.strictly_lowest_interval
    assert low <= three.strictly_lowest <= high
    assert three.strictly_lowest < two.strictly_lowest < one.strictly_lowest
    assert three.strictly_lowest <= three.lowest_or_tied
    assert p_lowest_total(25, 3, trials=40_000, seed=3) == three          # seeded
    assert "simulated" in str(three) and "exact" in str(one)


def test_exact_and_simulated_lowest_total_agree():
    hand = "AS 2S 3D 9H KC"
    exact = p_lowest_total(hand=hand, opponents=2)
    sim = p_lowest_total(hand=hand, opponents=2, exact=False, trials=100_000, seed=11)
    assert exact.exact and not sim.exact
    for value_, interval in ((exact.strictly_lowest, sim.strictly_lowest_interval),
                             (exact.lowest_or_tied, sim.lowest_or_tied_interval)):
        assert interval[0] <= value_ <= interval[1]


def test_lowest_total_errors():
    with pytest.raises(CardkitError, match="opponents"):
        p_lowest_total(20, 0)
    with pytest.raises(CardkitError, match="opponents"):
        p_lowest_total(20, 8)
    with pytest.raises(CardkitError, match="totals run from"):
        p_lowest_total(3, 1)
    with pytest.raises(CardkitError, match="5 cards"):
        p_lowest_total(hand="AS 2S", opponents=1)
    with pytest.raises(CardkitError, match="not 20"):
        p_lowest_total(20, 1, hand="AS 2S 3S 4S 5S")
    with pytest.raises(CardkitError, match="exact count"):
        p_lowest_total(20, 3, exact=True)
    with pytest.raises(CardkitError):
        p_lowest_total("twenty", 1)
