"""Seeded simulations: intervals that cover the exact answer about 95% of the
time, estimates that close in on it, the same numbers for the same seed, and
fair deals."""

from __future__ import annotations

import dataclasses
import math
from types import SimpleNamespace

import numpy as np
import pytest

from cardkit import CardkitError, RulesError, odds
from cardkit.simulate import (
    Convergence,
    Estimate,
    convergence,
    deal_hands,
    estimate_lowest_total,
    estimate_mean,
    estimate_probability,
    exact_probability,
    wilson_interval,
)

ONE_SUIT = SimpleNamespace(runs_one_suit=True)


# --- Estimate and the Wilson interval -------------------------------------------

def test_estimate_reads_well_and_is_frozen():
    e = estimate_probability("pair", 2000, seed=4)
    text = str(e)
    assert f"{e.successes:,} of 2,000 hands" in text and "95% interval" in text
    assert e.value == e.successes / e.trials and e.low < e.value < e.high
    assert e.covers(e.value) and not e.covers(e.high + 0.01)
    assert e.half_width == pytest.approx((e.high - e.low) / 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.value = 0.5
    m = estimate_mean("total", 2000, seed=4)
    assert m.successes is None and "2,000 hands" in str(m) and m.low < m.value < m.high


@pytest.mark.parametrize("successes,trials", [(0, 10), (3, 10), (10, 10), (49, 100), (1, 100_000)])
def test_wilson_endpoints_solve_the_score_equation(successes, trials):
    """The Wilson interval is the set of p with |p̂ − p| ≤ z·sqrt(p(1 − p)/n);
    its ends (inside 0 … 1) make that an equality."""
    z = 1.959963984540054
    low, high = wilson_interval(successes, trials)
    phat = successes / trials
    assert 0 <= low <= phat <= high <= 1
    for p in (low, high):
        if 0 < p < 1:
            assert abs(phat - p) == pytest.approx(z * math.sqrt(p * (1 - p) / trials), rel=1e-9)


def test_wilson_on_arrays_matches_scalars():
    lows, highs = wilson_interval(np.array([1, 5, 9]), np.array([10, 10, 10]))
    for i, s in enumerate((1, 5, 9)):
        assert (lows[i], highs[i]) == pytest.approx(wilson_interval(s, 10))


# --- dealing ------------------------------------------------------------------------

@pytest.mark.parametrize("deal,size", [("least_score", 5), ("tienlen", 13)])
def test_deals_are_proper_hands(deal, size):
    hands = deal_hands(3000, seed=9, deal=deal)
    assert hands.shape == (3000, size)
    assert hands.min() >= 0 and hands.max() <= 51
    assert all(len(set(row)) == size for row in hands.tolist())


def test_every_position_of_a_deal_is_fair():
    """Each card dealt, first to thirteenth, is equally likely to be any card:
    its average index is 25.5 (a sampler that fills later positions with higher
    cards fails this)."""
    hands = deal_hands(60_000, seed=2, deal="tienlen")
    sd_of_mean = np.sqrt((52**2 - 1) / 12 / len(hands))
    assert np.abs(hands.mean(axis=0) - 25.5).max() < 5 * sd_of_mean
    counts = np.bincount(hands[:, 0], minlength=52)
    expected = len(hands) / 52
    chi2 = ((counts - expected) ** 2 / expected).sum()
    assert chi2 < 51 + 6 * math.sqrt(2 * 51)          # 51 degrees of freedom, far in the tail


def test_same_seed_same_numbers():
    assert (deal_hands(500, 17) == deal_hands(500, 17)).all()
    assert estimate_probability("run_of_3", 5000, 17) == estimate_probability("run_of_3", 5000, 17)
    a = convergence("pair", 5000, 17, points=20)
    b = convergence("pair", 5000, 17, points=20)
    assert all((x == y).all() for x, y in zip(a, b))
    assert estimate_probability("pair", 5000, 17) != estimate_probability("pair", 5000, 18)


def test_a_generator_can_be_passed_instead_of_a_seed():
    rng = np.random.default_rng(5)
    first = estimate_probability("pair", 1000, rng)
    second = estimate_probability("pair", 1000, rng)          # the generator moved on
    assert first != second
    assert first == estimate_probability("pair", 1000, np.random.default_rng(5))


def test_the_first_hands_do_not_depend_on_how_many_are_dealt():
    assert (deal_hands(1000, 3)[:400] == deal_hands(400, 3)).all()
    big = deal_hands(250_000, 3)                                 # more than one batch
    assert (big[:1000] == deal_hands(1000, 3)).all()


# --- estimates against the exact odds -----------------------------------------------

@pytest.mark.parametrize("event", odds.LEAST_SCORE_EVENTS)
def test_least_score_estimates_are_close(event):
    # how quick 100,000 hands are: benchmarks/bench_odds.py, not a timed test
    e = estimate_probability(event, 100_000, seed=21)
    exact = exact_probability(event)
    sd = math.sqrt(exact * (1 - exact) / e.trials)
    assert abs(e.value - exact) < 4.5 * sd


@pytest.mark.parametrize("event", odds.TIENLEN_EVENTS)
def test_tienlen_estimates_are_close(event):
    e = estimate_probability(event, 100_000, seed=22, deal="tienlen")
    exact = exact_probability(event, "tienlen")
    assert abs(e.value - exact) < 4.5 * math.sqrt(exact * (1 - exact) / e.trials)


def test_one_suit_runs_estimate():
    e = estimate_probability("run_of_3", 50_000, seed=23, rules=ONE_SUIT)
    assert abs(e.value - exact_probability("run_of_3", rules=ONE_SUIT)) < 4.5 * e.half_width / 1.96


@pytest.mark.parametrize("event,deal,reps,trials", [
    ("pair", "least_score", 200, 1000),
    ("run_of_3", "least_score", 200, 1000),
    ("double_sequence_bomb", "tienlen", 120, 1000),
])
def test_intervals_cover_the_exact_value_about_95_percent_of_the_time(event, deal, reps, trials):
    exact = exact_probability(event, deal)
    covered = sum(estimate_probability(event, trials, seed, deal=deal).covers(exact) for seed in range(reps))
    # a binomial(reps, 0.95) count lies in this band with overwhelming probability
    sd = math.sqrt(reps * 0.95 * 0.05)
    assert reps * 0.95 - 4 * sd <= covered <= reps


def test_means_cover_the_exact_values():
    table = odds.least_score_hand_odds()
    assert estimate_mean("total", 100_000, seed=24).covers(table["mean_total"])
    assert estimate_mean("total_after_best_discard", 100_000, seed=24).covers(table["mean_total_after_best_discard"])
    twos = odds.tienlen_hand_odds()["exact"]["twos"]
    assert estimate_mean("twos", 50_000, seed=24, deal="tienlen").covers(float(sum(k * p for k, p in twos.items())))


def test_a_function_of_a_hand_sees_the_same_hands_as_a_key():
    def has_pair(hand):
        ranks = [c.rank for c in hand]
        return len(set(ranks)) < len(ranks)

    assert estimate_probability(has_pair, 3000, 31).successes == estimate_probability("pair", 3000, 31).successes
    total = estimate_mean(lambda hand: sum(min(int(c.rank), 10) for c in hand), 3000, 31)
    assert total == estimate_mean("total", 3000, 31)


# --- convergence ---------------------------------------------------------------------

def test_convergence_closes_in_on_the_exact_answer():
    exact = exact_probability("pair")
    trials, est, low, high = convergence("pair", 200_000, seed=41, points=60)
    assert isinstance(convergence("pair", 10, 1), Convergence)
    assert trials[0] == 1 and trials[-1] == 200_000 and (np.diff(trials) > 0).all()
    assert (low <= est).all() and (est <= high).all()
    assert abs(est[-1] - exact) < 4 * math.sqrt(exact * (1 - exact) / 200_000)
    width = high - low
    assert width[-1] < width[len(width) // 2] < width[0]


def test_convergence_agrees_with_estimate_probability_at_every_checkpoint():
    marks = [1, 7, 100, 999, 4321]
    trials, est, low, high = convergence("run_of_3", 4321, seed=42, points=marks)
    assert trials.tolist() == marks
    for n, value, lo, hi in zip(trials, est, low, high):
        e = estimate_probability("run_of_3", int(n), seed=42)
        assert (e.value, e.low, e.high) == pytest.approx((value, lo, hi), abs=0)


# --- the lowest total ----------------------------------------------------------------

def test_simulated_lowest_total_covers_the_exact_count():
    for total, hand in ((22, None), (25, "AS 2S 3D 9H KC")):
        strict, tied = estimate_lowest_total(total, 1, 60_000, seed=51, hand=hand)
        exact = odds.p_lowest_total(total, 1, hand=hand)
        assert strict.covers(exact.strictly_lowest) and tied.covers(exact.lowest_or_tied)
        assert strict.successes <= tied.successes


# --- bad input --------------------------------------------------------------------------

def test_bad_input_gets_a_plain_error():
    with pytest.raises(CardkitError, match="choose one of"):
        estimate_probability("straight", 10, 1)
    with pytest.raises(CardkitError, match="choose one of"):
        estimate_probability("flush", 10, 1, deal="tienlen")
    with pytest.raises(CardkitError, match="deal is"):
        estimate_probability("pair", 10, 1, deal="poker")
    with pytest.raises(CardkitError, match="trials"):
        estimate_probability("pair", 0, 1)
    with pytest.raises(CardkitError, match="seed"):
        estimate_probability("pair", 10, -1)
    with pytest.raises(CardkitError, match="Least Score"):
        estimate_probability("dragon", 10, 1, deal="tienlen", rules=ONE_SUIT)
    with pytest.raises(RulesError):
        estimate_probability("pair", 10, 1, rules=object())
    with pytest.raises(CardkitError, match="checkpoint"):
        convergence("pair", 100, 1, points=[0, 50])
    with pytest.raises(CardkitError, match="quantity"):
        estimate_mean("pair", 10, 1)
