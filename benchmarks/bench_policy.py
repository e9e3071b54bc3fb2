"""How long does the strategy builder's tournament take?  (A benchmark, not a test.)

    python benchmarks/bench_policy.py               # 400 matches, 2 workers, 3 repeats
    python benchmarks/bench_policy.py --matches 1000 --repeats 1

The strategy builder of Least Score 6 and Tiến Lên 5 plays one policy bot
(:class:`cardkit.least_score.policy.PolicyBot`, :class:`cardkit.tienlen.policy.PolicyBot`)
against three greedy bots, ``--matches`` whole matches (Least Score: to the default
threshold of 100; Tiến Lên: to the default 21 points, about seven deals a match), on a
pool of ``--workers`` processes, as the builder does.  For each game it times the
default policy and the policy whose matches run longest, and prints the wall time
(the median of ``--repeats`` runs, pool start-up included), the CPU time, and the
machine's load average before and after — the figures move with what else the
machine is doing, so quote them with the load.  The goal: under 10 s for 400
matches on 2 cores.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cardkit.least_score import policy as ls_policy  # noqa: E402
from cardkit.tienlen import policy as tl_policy  # noqa: E402
from cardkit.tournament import tournament  # noqa: E402

CASES = [
    ("least_score", "default", ls_policy.Policy()),
    ("least_score", "slowest: declare ≤4, always draw", ls_policy.Policy(declare_at=4, take_open="never")),
    ("tienlen", "default", tl_policy.Policy()),
    ("tienlen", "slowest: lead low, 2s last", tl_policy.Policy(lead="low", twos="last")),
]
GOAL = 10.0


def _cpu() -> float:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def run(game: str, policy, matches: int, workers: int, seed: int) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, win rate) of one builder tournament."""
    module = ls_policy if game == "least_score" else tl_policy
    bot = module.PolicyBot(policy)
    cpu, started = _cpu(), time.perf_counter()
    result = tournament(game, [bot, "greedy", "greedy", "greedy"], matches=matches, seed=seed, workers=workers,
                        chunk_size=max(10, matches // 8), progress=False)
    return time.perf_counter() - started, _cpu() - cpu, result.summary(bot.__name__).win_rate


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{args.matches} matches against three greedy bots, {args.workers} workers, median of {args.repeats}; "
          f"{os.cpu_count()} CPUs; load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    worst = 0.0
    for game, name, policy in CASES:
        walls, cpus = [], []
        for _ in range(args.repeats):
            wall, cpu, rate = run(game, policy, args.matches, args.workers, args.seed)
            walls.append(wall)
            cpus.append(cpu)
        wall = statistics.median(walls)
        worst = max(worst, wall)
        print(f"{game:<12} {name:<36} wall {wall:5.2f} s (runs {', '.join(f'{w:.2f}' for w in walls)}), "
              f"CPU {statistics.median(cpus):5.2f} s, win rate {rate:.1%}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"slowest: {worst:.2f} s — {'under' if worst < GOAL else 'OVER'} the goal of {GOAL:g} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
