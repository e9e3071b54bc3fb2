"""How fast are the exact odds?  Vectorised numpy against the plain Python loop.

    python benchmarks/bench_odds.py            # loop timed on a sample, then extrapolated
    python benchmarks/bench_odds.py --full     # also run the loop over all 2,598,960 hands (minutes)

The vectorised count is timed from cold (its cache emptied) as the best of a few
runs.  The loop classifies a seeded random sample of hands one at a time (the
same code the tests compare against on small decks); its time per hand times
2,598,960 is the extrapolated full loop.  Figures depend on the machine and on
what else it is doing: run it on a quiet machine to quote them.
"""

from __future__ import annotations

import argparse
import math
import pathlib
import sys
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from cardkit import odds  # noqa: E402
from cardkit.simulate import estimate_probability  # noqa: E402

HANDS = math.comb(52, 5)


def best_of(repeats: int, fn) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return min(times)


def cold_least_score() -> None:
    odds._least_score_counts.cache_clear()
    odds.least_score_hand_odds()


def cold_tienlen() -> None:
    odds._tienlen_counts.cache_clear()
    odds.tienlen_hand_odds()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=20_000, help="hands for the timed loop sample")
    parser.add_argument("--repeats", type=int, default=3, help="best of this many vectorised runs")
    parser.add_argument("--full", action="store_true", help="also run the loop over every hand")
    args = parser.parse_args()

    vec = best_of(args.repeats, cold_least_score)
    rng = np.random.default_rng(2024)
    sample = [rng.choice(52, size=5, replace=False) for _ in range(args.sample)]
    started = time.perf_counter()
    odds._least_score_hand_odds_loop(hands=sample)
    per_hand = (time.perf_counter() - started) / args.sample
    loop_full = per_hand * HANDS

    print("Least Score: exact odds over all 2,598,960 five-card hands")
    print(f"  vectorised (numpy), cold   {vec:8.3f} s")
    print(f"  plain loop, {args.sample:,} hands  {per_hand * args.sample:8.3f} s  "
          f"({per_hand * 1e6:.1f} µs a hand)")
    print(f"  plain loop, extrapolated   {loop_full:8.1f} s")
    print(f"  speed-up                   {loop_full / vec:8.0f} ×")
    if args.full:
        started = time.perf_counter()
        slow = odds._least_score_hand_odds_loop()
        full = time.perf_counter() - started
        fast = odds.least_score_hand_counts()
        same = all(slow[k] == fast[k] for k in (*odds.LEAST_SCORE_EVENTS, "total_counts", "best_first_discard"))
        print(f"  plain loop, every hand     {full:8.1f} s  (speed-up {full / vec:.0f} ×; "
              f"counts {'identical' if same else 'DIFFERENT'})")

    print("Other figures")
    print(f"  tienlen_hand_odds(), cold          {best_of(args.repeats, cold_tienlen) * 1e3:8.1f} ms")
    print(f"  p_lowest_total(hand=…, opponents=2) {best_of(args.repeats, lambda: odds.p_lowest_total(hand='AS 2S 3D 9H KC', opponents=2)) * 1e3:7.1f} ms")
    print(f"  estimate_probability('pair', 100,000 hands)  "
          f"{best_of(args.repeats, lambda: estimate_probability('pair', 100_000, seed=1)) * 1e3:6.1f} ms")
    print(f"  estimate_probability('dragon', 100,000 Tiến Lên hands)  "
          f"{best_of(args.repeats, lambda: estimate_probability('dragon', 100_000, seed=1, deal='tienlen')) * 1e3:6.1f} ms")


if __name__ == "__main__":
    main()
