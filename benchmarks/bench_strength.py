"""How strong are our strong bots?  They play OpenSpiel's IS-MCTS search bot at a few
simulation budgets, in both games, and the table says who wins.

    python benchmarks/bench_strength.py                    # the README's figures
    python benchmarks/bench_strength.py --deals 40 --budgets 50 200   # a quick look

Each cell plays ``--deals`` deals (a Least Score round, a Tiến Lên game) with four
players: the search bot in one seat and our strong bot in the other three.  The
search bot's seat moves one place every deal, and every cell plays the same deals
(deal k is dealt from seed ``--seed + k``), so the budgets are compared on equal
cards.  A deal is played by the engine from the start of a match, every bot seeing
only its observation.

- Tiến Lên: a deal is won by the first player out (or an instant winner); points
  are the game's (3, 2, 1, 0).  Even strength would win 25 %.
- Least Score: a round is won by the lowest round score (a tie shares the win);
  points are the round's penalty points (lower is better).  Even strength would
  win 25 %.

Win rates carry 95 % Wilson intervals, mean points 95 % normal intervals.
``ms/turn`` is the search bot's mean thinking time per turn on this machine.
The machine's other load slows the search but does not change a result: the
budget is in simulations, not seconds.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from cardkit import least_score as ls  # noqa: E402
from cardkit import tienlen as tl  # noqa: E402
from cardkit.tournament import wilson_interval  # noqa: E402

GAMES = {"least_score": ls, "tienlen": tl}
TITLES = {"least_score": "Least Score (one round)", "tienlen": "Tiến Lên (one game)"}
PLAYERS = 4


def play_deal(game: str, budget: int, seed: int, search_seat: int,
              playout: str = "random") -> tuple[list[int], int, float, int]:
    """Play the first deal of a match from ``seed``: the search bot at ``search_seat``,
    our strong bot elsewhere.  Returns the deal's scores, the seat, the search bot's
    thinking time and its number of turns."""
    from cardkit.adapters.search import ismcts_bot

    module = GAMES[game]
    search = ismcts_bot(game, simulations=budget, playout=playout)
    thinking = [0.0, 0]

    def timed(observation, rng):
        t0 = time.perf_counter()
        action = search(observation, rng)
        thinking[0] += time.perf_counter() - t0
        thinking[1] += 1
        return action

    bots = [module.strong_bot] * PLAYERS
    bots[search_seat] = timed
    state = module.new_game(module.Rules(players=PLAYERS), seed=seed)
    rng = random.Random(seed)
    while not state.round_results:
        p = state.current_player()
        state.apply_action(bots[p](state.observation(p), rng))
    return list(state.round_results[0].scores), search_seat, thinking[0], thinking[1]


def _win_share(game: str, scores: list[int], seat: int) -> float:
    best = max(scores) if game == "tienlen" else min(scores)
    winners = [p for p, s in enumerate(scores) if s == best]
    return 1.0 / len(winners) if seat in winners else 0.0


def _mean_ci(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, 1.959963984540054 * math.sqrt(var / n)


def measure(game: str, budget: int, deals: int, seed: int, pool, playout: str = "random") -> dict:
    jobs = [(game, budget, seed + k, k % PLAYERS, playout) for k in range(deals)]
    results = list(pool.map(play_deal, *zip(*jobs), chunksize=max(1, deals // 16))) if pool else \
        [play_deal(*job) for job in jobs]
    wins = sum(_win_share(game, scores, seat) for scores, seat, _, _ in results)
    low, high = wilson_interval(wins, deals)
    mine = [float(scores[seat]) for scores, seat, _, _ in results]
    theirs = [sum(s for p, s in enumerate(scores) if p != seat) / (PLAYERS - 1) for scores, seat, _, _ in results]
    think = sum(t for *_, t, _ in results)
    turns = sum(k for *_, k in results)
    return {
        "budget": budget, "deals": deals, "win": wins / deals, "low": low, "high": high,
        "points": _mean_ci(mine), "strong_points": _mean_ci(theirs),
        "ms_per_turn": 1000 * think / max(turns, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=240, help="deals per cell (default 240)")
    parser.add_argument("--budgets", type=int, nargs="+", default=[50, 200, 800],
                        help="IS-MCTS simulations per search (default 50 200 800)")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--playout", default="random", choices=["random", "greedy"],
                        help="how the search values a leaf: random play (plain IS-MCTS, default) "
                             "or a simple sensible player's")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1),
                        help="processes (default 2; 0 plays here)")
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("bench_strength needs OpenSpiel: pip install cardkit[openspiel]")
        return 1
    pool = ProcessPoolExecutor(args.workers) if args.workers else None
    try:
        for game in args.games:
            better = "higher" if game == "tienlen" else "lower"
            print(f"\n{TITLES[game]}: IS-MCTS ({args.playout} playouts) in one seat, our strong bot "
                  f"in three; {args.deals} deals a cell, seats rotating")
            print(f"{'simulations':>11} {'ms/turn':>8}  {'IS-MCTS wins (95% CI)':<24}"
                  f"{'IS-MCTS points':>16}{'strong points':>16}   (points: {better} is better)")
            for budget in args.budgets:
                t0 = time.perf_counter()
                r = measure(game, budget, args.deals, args.seed, pool, args.playout)
                (pm, ph), (sm, sh) = r["points"], r["strong_points"]
                wins = f"{r['win']:.1%} ({r['low']:.1%}–{r['high']:.1%})"
                mine, theirs = f"{pm:.2f} ± {ph:.2f}", f"{sm:.2f} ± {sh:.2f}"
                print(f"{budget:>11} {r['ms_per_turn']:>8.0f}  {wins:<24}{mine:>16}{theirs:>16}"
                      f"   [{time.perf_counter() - t0:.0f} s]", flush=True)
    finally:
        if pool:
            pool.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
