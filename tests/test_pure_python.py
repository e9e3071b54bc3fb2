"""numpy as an accelerator (issue 20): every figure the lessons use comes out the same
with numpy and in plain Python (the static site's way, where no numpy can be installed).

Each test computes a figure twice — with numpy, then inside ``cardkit.accel.pure_python()`` —
and compares the two exactly (whole numbers, Fractions, floats to the last bit).
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from cardkit import accel, odds, simulate
from cardkit.pcg import PCG64Stream, seed_words


def plain(x):
    """Arrays and tuples of arrays as lists, for comparing."""
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    if hasattr(x, "tolist"):
        return x.tolist()
    if isinstance(x, tuple):
        return tuple(plain(v) for v in x)
    return x


def both(f):
    fast = plain(f())
    with accel.pure_python():
        assert not accel.use_numpy()
        slow = plain(f())
    return fast, slow


@pytest.mark.parametrize("seed", [0, 1, 7, 2024, 2**40 + 3, 2**130 + 17])
def test_the_random_stream_is_numpys(seed):
    stream = PCG64Stream(seed)
    ours = stream.random(300) + stream.random(700)           # a stream continues across calls
    assert ours == np.random.default_rng(seed).random(1000).tolist()
    assert seed_words(seed) == np.random.SeedSequence(seed).generate_state(4, np.uint64).tolist()


ONE_SUIT = SimpleNamespace(runs_one_suit=True)

FIGURES = {
    "least score counts": lambda: odds.least_score_hand_counts(),
    "least score odds": lambda: odds.least_score_hand_odds(),
    "tien len odds": lambda: odds.tienlen_hand_odds()["exact"],
    "dealt hands": lambda: simulate.deal_hands(40, 3, "tienlen"),
    "totals": lambda: simulate.outcomes("total", 3000, 1),
    "after the best discard": lambda: simulate.outcomes("total_after_best_discard", 2000, 2),
    "twos": lambda: simulate.outcomes("twos", 2000, 4, "tienlen"),
    "a function of a hand": lambda: simulate.outcomes(lambda h: len({c.suit for c in h}), 500, 9),
    "pair estimate": lambda: simulate.estimate_probability("pair", 1000, 7),
    "one-suit run": lambda: simulate.estimate_probability("run_of_3", 2000, 7, rules=ONE_SUIT),
    "dragon estimate": lambda: simulate.estimate_probability("dragon", 1500, 12, "tienlen"),
    "mean total": lambda: simulate.estimate_mean("total", 2000, 7),
    "mean bombs": lambda: simulate.estimate_mean("bombs", 2000, 7, "tienlen"),
    "convergence": lambda: simulate.convergence("flush", 3000, 2, points=40),
    "hand events": lambda: simulate.hand_events(["AS 2S 3S 4S 5S", "KH KD KC KS 2D"]),
    "tien len hand events": lambda: simulate.hand_events(["2S 2H 2D 2C 3S 4S 5S 6S 7S 8S 9S 10S JS", "3S 3H 4D 4C 5S 5H 6S 7S 8S 9S 10S JS QS"], "tienlen"),
    "lowest, 1 opponent": lambda: odds.p_lowest_total(25, 1),
    "lowest, hand, 1 opponent": lambda: odds.p_lowest_total(hand="AS 2D 3C KH 9S", opponents=1),
    "lowest, hand, 2 opponents": lambda: odds.p_lowest_total(hand="AS 2D 3C KH 9S", opponents=2),
    "lowest, 3 opponents": lambda: odds.p_lowest_total(20, 3, trials=3000),
    "lowest, hand, 4 opponents": lambda: odds.p_lowest_total(hand="AS 2D 3C KH 9S", opponents=4, trials=2000),
}


@pytest.mark.parametrize("name", FIGURES)
def test_same_figure_both_ways(name):
    fast, slow = both(FIGURES[name])
    assert fast == slow


def test_small_deck_counts_both_ways_one_suit_runs_too():
    deck = list(range(0, 52, 2))            # 26 cards: every hand of five, classified both ways
    for one_suit in (False, True):
        fast = odds._count_deck(deck, one_suit)
        with accel.pure_python():
            slow = odds._count_deck(deck, one_suit)
        assert fast == slow


def test_hands_with_a_total_in_the_same_order():
    for total in (5, 20, 37, 50):
        assert [tuple(h) for h in odds._hands_with_total(total).tolist()] == list(odds._pure_hands_with_total(total))


def test_plots_keep_their_words_without_matplotlib():
    from cardkit.classroom import plots

    def views():
        hits = simulate.outcomes("flush", 2000, 3)
        conv, _ = plots.convergence_figure("flush", "least_score", hits, 33 / 16660, 3)
        dist = plots.distribution_plot(odds.least_score_hand_odds()["total_counts"],
                                       simulated=simulate.outcomes("total", 2000, 1), seed=1,
                                       title="Starting totals", xlabel="Total (points)", value_name="total")
        return [(v.alt, v.caption, v.table, v.png[:4]) for v in (conv, dist)]

    fast = views()
    with accel.pure_python():
        slow = views()
    assert [v[:3] for v in fast] == [v[:3] for v in slow]
    assert all(v[3] == b"\x89PNG" for v in fast) and all(v[3] == b"<svg" for v in slow)


def test_a_tournament_plays_here_where_no_process_starts(monkeypatch):
    from cardkit import tournament as t

    pooled = t.tournament("least_score", ["greedy", "random", "greedy"], matches=12, seed=3, workers=2,
                          progress=False)
    monkeypatch.setattr(t, "processes_available", lambda: False)
    here = t.tournament("least_score", ["greedy", "random", "greedy"], matches=12, seed=3, workers=2,
                        progress=False)
    assert here.matches == pooled.matches


def test_a_bad_seed_is_refused_the_same_way():
    from cardkit.errors import DealCodeError

    for seed in (-1, 2.5, "seven"):
        with pytest.raises(DealCodeError):
            simulate.outcomes("pair", 10, seed)
        with accel.pure_python(), pytest.raises(DealCodeError):
            simulate.outcomes("pair", 10, seed)
