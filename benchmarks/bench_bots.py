"""How strong is the strong bot, and how fast do tournaments run?  (A benchmark, not a test.)

    python benchmarks/bench_bots.py                 # 10,000 games per game, 2 workers (a few minutes)
    python benchmarks/bench_bots.py --games 2000    # a quicker look
    python benchmarks/bench_bots.py --markdown      # the tables as they go into the README

1. Strength.  With :func:`cardkit.tournament.tournament` on ``--workers`` processes:
   one strong bot against three greedy bots, seats rotating every game, for
   ``--games`` games of each card game.  A Least Score "game" is a whole match with
   the default rules (4 players, threshold 100; the lowest running score wins).  A
   Tiến Lên "game" is one deal: ``Rules(target=1)`` ends the match after its first
   game (the first player out scores 3 and so reaches the target; the others score
   2, 1, 0), so the winner is the first player out.  Each bot's win rate (a shared
   win counts 1/k) and mean score are given with their 95% confidence intervals, from
   ``TournamentResult.table()``; a bot no better than the others would win 1/4.
2. Speed.  Tournament throughput, in games per second of wall time, for four random
   bots and four greedy bots (and one strong bot with three greedy), on a process pool
   of 1 and of 2 workers (pool start-up included); and the CPU time per game (this
   process and its workers), the steadier figure on a shared machine.

Figures depend on the machine and on what else it is doing: quote them with the
command and the machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cardkit import least_score, tienlen  # noqa: E402
from cardkit.tournament import tournament  # noqa: E402

GAMES = {
    "least_score": ("Least Score", "a match, default rules", least_score.Rules()),
    "tienlen": ("Tiến Lên", "one game: Rules(target=1)", tienlen.Rules(target=1)),
}


def strength(game: str, games: int, workers: int, seed: int) -> tuple[list, float]:
    _, _, rules = GAMES[game]
    started = time.perf_counter()
    result = tournament(game, ["strong", "greedy", "greedy", "greedy"], matches=games, seed=seed,
                        rules=rules, workers=workers, progress=False)
    return result.table(), time.perf_counter() - started


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the pool's workers)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def throughput(game: str, bots: list[str], games: int, workers: int, seed: int) -> tuple[float, float]:
    """(games per second of wall time, CPU milliseconds per game) of one tournament."""
    _, _, rules = GAMES[game]
    started, cpu = time.perf_counter(), _cpu()
    tournament(game, bots, matches=games, seed=seed, rules=rules, workers=workers, progress=False)
    return games / (time.perf_counter() - started), (_cpu() - cpu) * 1000 / games


def main() -> None:
    parser = argparse.ArgumentParser(description="Strength of the strong bots and tournament speed")
    parser.add_argument("--games", type=int, default=10_000, help="games of each card game for the strength test")
    parser.add_argument("--workers", type=int, default=2, help="worker processes for the strength test")
    parser.add_argument("--speed-games", type=int, default=0,
                        help="games per speed run (default: about ten seconds' worth for each line-up)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables for the README")
    parser.add_argument("--skip-speed", action="store_true")
    args = parser.parse_args()

    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs", flush=True)
    rows = []
    for game, (title, unit, _) in GAMES.items():
        table, took = strength(game, args.games, args.workers, args.seed)
        print(f"\n{title}: strong vs 3 greedy, {args.games} games ({unit}), {args.workers} workers, "
              f"{took:.0f} s ({args.games / took:.0f} games/s)", flush=True)
        for r in table:
            print(f"  {r.bot:<7} seats {r.seats_played:>6}  win rate {r.win_rate:6.1%} "
                  f"({r.win_low:.1%}–{r.win_high:.1%})  mean score {r.mean_score:6.2f} "
                  f"({r.score_low:.2f}–{r.score_high:.2f})", flush=True)
            rows.append((title, r))

    speed = []
    if not args.skip_speed:
        # games in about ten seconds on one worker, from rough speeds of this engine
        default_games = {("least_score", "random"): 3000, ("least_score", "greedy"): 1000,
                         ("least_score", "strong"): 600, ("tienlen", "random"): 6000,
                         ("tienlen", "greedy"): 8000, ("tienlen", "strong"): 6000}
        lineups = {"random": ["random"] * 4, "greedy": ["greedy"] * 4,
                   "strong": ["strong", "greedy", "greedy", "greedy"]}
        print("\nTournament throughput (games per second, wall clock, pool start-up included):", flush=True)
        for game, (title, _, _) in GAMES.items():
            for name, bots in lineups.items():
                n = args.speed_games or default_games[(game, name)]
                one, cpu1 = throughput(game, bots, n, 1, args.seed)
                two, cpu2 = throughput(game, bots, n, 2, args.seed)
                label = "4 × " + name if name != "strong" else "strong + 3 greedy"
                cpu = min(cpu1, cpu2)
                speed.append((title, label, n, one, two, cpu))
                print(f"  {title:<12} {label:<18} {n:>6} games: 1 worker {one:7.0f}/s   "
                      f"2 workers {two:7.0f}/s   ×{two / one:.2f}   CPU {cpu:.2f} ms/game", flush=True)

    if args.markdown:
        print(f"\n| game | bot | win rate (95% CI) | mean score (95% CI) |")
        print("|---|---|---|---|")
        for title, r in rows:
            print(f"| {title} | {r.bot} | {r.win_rate:.1%} ({r.win_low:.1%}–{r.win_high:.1%}) | "
                  f"{r.mean_score:.2f} ({r.score_low:.2f}–{r.score_high:.2f}) |")
        if speed:
            print("\n| game | bots | games/s, 1 worker | games/s, 2 workers | CPU ms per game |")
            print("|---|---|---|---|---|")
            for title, label, n, one, two, cpu in speed:
                print(f"| {title} | {label} | {one:.0f} | {two:.0f} | {cpu:.2f} |")


if __name__ == "__main__":
    main()
