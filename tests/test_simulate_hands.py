"""Per-hand outcomes of the simulations: named hands classified by hand, and
the public ``outcomes`` stream agreeing with the estimates."""

from __future__ import annotations

import numpy as np
import pytest

from cardkit import CardkitError, parse_cards
from cardkit.simulate import deal_hands, estimate_mean, estimate_probability, hand_events, outcomes

DRAGON = "3D 4S 5C 6D 7H 8S 9C 10D JH QS KC AD 5H"          # the rules' worked example 7
FOUR_TWOS = "2S 2C 2D 2H 3S 4S 5S 6S 7S 8S 9S 10S JS"
DOUBLE_SEQ = "7S 7C 8D 8H 9S 9H 3S 4C 5D JH QS KC AD"       # 7-7 8-8 9-9
KA2_PAIRS = "KS KC AD AH 2S 2H 3S 5C 7D 9H JS 4C 6D"        # K-K A-A 2-2: no double sequence (a 2 never is)
LOW_PAIRS = "3S 3C 4D 4H 5S 5H 7C 9D JH KS AC 2D 6S"        # 3-3 4-4 5-5: the lowest double sequence


@pytest.mark.parametrize("hand,expected", [
    (DRAGON, dict(dragon=True, four_twos=False, instant_win=True, twos=0, any_bomb=False)),
    (FOUR_TWOS, dict(dragon=False, four_twos=True, instant_win=True, twos=4, bombs=1, four_of_a_kind=True)),
    (DOUBLE_SEQ, dict(double_sequence_bomb=True, four_of_a_kind=False, any_bomb=True, twos=0)),
    (KA2_PAIRS, dict(double_sequence_bomb=False, any_bomb=False, twos=2, dragon=False)),
    (LOW_PAIRS, dict(double_sequence_bomb=True, twos=1, bombs=0)),
])
def test_named_tienlen_hands_are_classified_by_their_ranks(hand, expected):
    got = hand_events([hand], deal="tienlen")
    for key, value in expected.items():
        assert got[key][0] == value, key


def test_counting_twos_counts_the_twos_and_nothing_else():
    hands = deal_hands(300, seed=5, deal="tienlen")
    by_hand = np.array([sum(1 for i in row if i // 4 == 1) for row in hands])   # index // 4 == rank - 1
    assert (hand_events(hands, deal="tienlen")["twos"] == by_hand).all()


def test_least_score_hand_events_are_the_odds_features():
    got = hand_events(["AS 2D 3C 9H 9C", "2H 5H 9H JH KH"])
    assert got["run_of_3"].tolist() == [True, False]
    assert got["pair"].tolist() == [True, False]
    assert got["flush"].tolist() == [False, True]
    assert got["total"].tolist() == [24, 36]


def test_outcomes_are_the_hands_the_estimates_see():
    assert outcomes("flush", 20_000, 9).mean() == estimate_probability("flush", 20_000, 9).value
    assert outcomes("total", 5_000, 2).mean() == pytest.approx(estimate_mean("total", 5_000, 2).value)
    assert outcomes("twos", 3_000, 2, deal="tienlen").mean() == pytest.approx(
        estimate_mean("twos", 3_000, 2, deal="tienlen").value)
    values = outcomes(lambda hand: len(hand), 10, 1)
    assert values.tolist() == [5.0] * 10


def test_dealing_in_chunks_continues_one_stream():
    whole = outcomes("pair", 250_000, 3)
    rng = np.random.default_rng(3)
    parts = np.concatenate([outcomes("pair", n, rng) for n in (100_000, 100_000, 50_000)])
    assert (whole == parts).all()


def test_bad_hands_get_plain_errors():
    with pytest.raises(CardkitError, match="13 cards"):
        hand_events(["AS 2S"], deal="tienlen")
    with pytest.raises(CardkitError, match="twice"):
        hand_events([parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS") + parse_cards("AS")], deal="tienlen")
    with pytest.raises(CardkitError):
        hand_events(["AS 2S 3S 4S 5S"], deal="bridge")
