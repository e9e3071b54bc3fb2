"""Speed of the Tiến Lên engine (a benchmark, not a test).

Figures:

- decisions/s of random-legal self-play over whole matches with the default rules
  (a decision = ``state.legal_actions()`` + ``random.Random.choice`` +
  ``state.apply_action(a)``; dealing, scoring and new games are included in the time);
- Tiến Lên games/s in that self-play;
- ``legal_plays`` calls/s on random 13-card hands, leading (every combination) and
  on a random single from the rest of the deck.

Each figure is given by wall-clock time and by CPU time of this process (on a shared
machine the CPU figure is the steadier one), as the best and the median of several runs.

    python benchmarks/bench_tienlen.py
    python benchmarks/bench_tienlen.py --openspiel-python /tmp/ospiel/bin/python

With ``--openspiel-python`` it also runs ``bench_openspiel.py`` (OpenSpiel's Dou Dizhu
driven the same way) with that interpreter, alternating runs of the two so that both
see the same machine load.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cardkit import Card  # noqa: E402
from cardkit.tienlen import legal_plays, new_game  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def self_play(seconds: float, seed: int) -> tuple[int, int, float, float]:
    """Random-legal self-play of whole matches for about ``seconds``; return
    (decisions, games, wall seconds, cpu seconds)."""
    rng = random.Random(seed)
    choice = rng.choice
    decisions = games = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    deadline = wall0 + seconds
    while time.perf_counter() < deadline:
        state = new_game(seed=rng.randrange(2**30))
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(choice(actions))
            decisions += 1
        games += len(state.round_results)
    return decisions, games, time.perf_counter() - wall0, time.process_time() - cpu0


def legal_plays_rate(seconds: float, seed: int, on_single: bool) -> tuple[int, float, float]:
    rng = random.Random(seed)
    deck = [Card.from_index(i) for i in range(52)]
    cases = []
    for _ in range(2000):
        cards = rng.sample(deck, 14)
        cases.append((cards[:13], [cards[13]] if on_single else None))
    calls = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    deadline = wall0 + seconds
    while time.perf_counter() < deadline:
        for hand, previous in cases:
            legal_plays(hand, previous)
        calls += len(cases)
    return calls, time.perf_counter() - wall0, time.process_time() - cpu0


def summary(values: list[float]) -> dict:
    return {"best": round(max(values)), "median": round(statistics.median(values))}


def main() -> None:
    parser = argparse.ArgumentParser(description="Speed of the Tiến Lên engine")
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one timed run")
    parser.add_argument("--repeats", type=int, default=5, help="number of timed runs")
    parser.add_argument("--openspiel-python", help="a Python with open_spiel, to run bench_openspiel.py too")
    args = parser.parse_args()

    self_play(2.0, 12345)  # warm the combination caches
    runs, ospiel = [], []
    for i in range(args.repeats):
        runs.append(self_play(args.seconds, i + 1))
        if args.openspiel_python:
            out = subprocess.run(
                [args.openspiel_python, os.path.join(HERE, "bench_openspiel.py"),
                 "--seconds", str(args.seconds), "--repeats", "1", "--seed", str(i)],
                check=True, capture_output=True, text=True)
            ospiel.append(json.loads(out.stdout))
    lead = [legal_plays_rate(args.seconds / 2, i, False) for i in range(args.repeats)]
    single = [legal_plays_rate(args.seconds / 2, i, True) for i in range(args.repeats)]

    report = {
        "engine": f"cardkit.tienlen, Python {sys.version.split()[0]}",
        "decisions_per_s_wall": summary([d / w for d, g, w, c in runs]),
        "decisions_per_s_cpu": summary([d / c for d, g, w, c in runs]),
        "games_per_s_cpu": summary([g / c for d, g, w, c in runs]),
        "decisions_per_game": round(sum(r[0] for r in runs) / sum(r[1] for r in runs), 1),
        "legal_plays_lead_13_cards_per_s_cpu": summary([n / c for n, w, c in lead]),
        "legal_plays_on_a_single_13_cards_per_s_cpu": summary([n / c for n, w, c in single]),
    }
    print(json.dumps(report, indent=1, ensure_ascii=False))
    if ospiel:
        cpu = [o["decisions_per_s_cpu"]["best"] for o in ospiel]
        wall = [o["decisions_per_s_wall"]["best"] for o in ospiel]
        print(json.dumps({
            "engine": ospiel[0]["engine"],
            "decisions_per_s_wall": summary(wall),
            "decisions_per_s_cpu": summary(cpu),
            "decisions_per_game": ospiel[0]["decisions_per_game"],
        }, indent=1))


if __name__ == "__main__":
    main()
