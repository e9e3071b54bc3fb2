"""Speed of the Least Score engine (run by hand, not a test).

    python benchmarks/bench_least_score.py [--seconds 3]

Prints rounds per second of four-player self-play with the random and the greedy
bot (each action: an observation, the bot's choice, and the checked action), and
legal_discards calls per second on random five-card hands.  Times are CPU time
of this process (time.process_time), so a busy machine disturbs them less.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardkit import full_deck  # noqa: E402
from cardkit.least_score import BOTS, legal_discards, new_game  # noqa: E402
from cardkit.play import play_out  # noqa: E402


def self_play(bot_name: str, seconds: float) -> tuple[float, float, int]:
    """Whole four-player matches for about ``seconds``: (rounds/s, actions/s, matches)."""
    bots = [BOTS[bot_name]] * 4
    rounds = actions = matches = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = play_out(new_game(seed=matches), bots, seed=matches)
        rounds += len(state.round_results)
        actions += sum(1 for e in state.events if e.kind in ("discard", "declare"))
        matches += 1
    elapsed = time.process_time() - start
    return rounds / elapsed, actions / elapsed, matches


def discards_speed(seconds: float) -> tuple[float, int]:
    """legal_discards on random 5-card hands (lists of Cards): (calls/s, calls)."""
    rng = random.Random(0)
    deck = full_deck()
    hands = [rng.sample(deck, 5) for _ in range(10_000)]
    calls = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for hand in hands:
            legal_discards(hand)
        calls += len(hands)
    return calls / (time.process_time() - start), calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on each measurement")
    args = parser.parse_args()
    print(f"Least Score engine — Python {platform.python_version()} on {platform.machine()}, "
          f"{args.seconds:g} s per line")
    print(f"{'measurement':<42}{'per CPU second':>14}")
    print("-" * 56)
    for name in ("random", "greedy"):
        rounds, actions, matches = self_play(name, args.seconds)
        print(f"{name + ' self-play, 4 players: rounds':<42}{rounds:>14,.0f}")
        print(f"{'   … actions (' + str(matches) + ' matches)':<42}{actions:>14,.0f}")
    calls, _ = discards_speed(args.seconds)
    print(f"{'legal_discards, random 5-card hands':<42}{calls:>14,.0f}")


if __name__ == "__main__":
    main()
