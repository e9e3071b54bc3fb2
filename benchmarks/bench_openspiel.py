"""OpenSpiel's Dou Dizhu (C++), driven from Python with random legal actions — the
yardstick for the Tiến Lên engine's speed.  Not a project dependency: run it with an
interpreter that has ``open_spiel`` installed, e.g.

    python3 -m venv /tmp/ospiel && /tmp/ospiel/bin/pip install open_spiel
    /tmp/ospiel/bin/python benchmarks/bench_openspiel.py

A decision is ``state.legal_actions()`` + ``state.apply_action(a)`` at a player node,
with ``a`` drawn by ``random.Random.choice`` — exactly as in bench_tienlen.py.  Chance
nodes (the deal) are resolved the same way but not counted as decisions; their time
is included, as dealing is in the Tiến Lên figure.  Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time


def self_play(game, seconds: float, seed: int) -> tuple[int, int, float, float]:
    """Play random games for about ``seconds``; return (decisions, games, wall, cpu)."""
    rng = random.Random(seed)
    choice = rng.choice
    decisions = games = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    deadline = wall0 + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(choice(outcomes)[0])
            else:
                actions = state.legal_actions()
                state.apply_action(choice(actions))
                decisions += 1
        games += 1
    return decisions, games, time.perf_counter() - wall0, time.process_time() - cpu0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one timed run")
    parser.add_argument("--repeats", type=int, default=5, help="number of timed runs")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    import pyspiel  # imported here so that --help works without OpenSpiel

    game = pyspiel.load_game("dou_dizhu")
    self_play(game, 0.5, args.seed)  # warm up
    runs = [self_play(game, args.seconds, args.seed + i + 1) for i in range(args.repeats)]
    wall = [d / w for d, g, w, c in runs]
    cpu = [d / c for d, g, w, c in runs]
    out = {
        "engine": f"OpenSpiel {getattr(pyspiel, '__version__', '?')} dou_dizhu (C++ via pybind11)",
        "decisions_per_s_wall": {"best": round(max(wall)), "median": round(statistics.median(wall))},
        "decisions_per_s_cpu": {"best": round(max(cpu)), "median": round(statistics.median(cpu))},
        "games_per_s_wall": round(max(g / w for d, g, w, c in runs), 1),
        "decisions_per_game": round(sum(d for d, *_ in runs) / sum(g for _, g, *__ in runs), 1),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
