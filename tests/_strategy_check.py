"""Shared by the lesson tests: the strategy builder's stored runs, checked again.

A run is stored as a figure (``run 1``, ``run 2`` …) with its settings; the check
plays each tournament again from those settings and works the win rate and its
95% interval out again here, from the Wilson formula.
"""

from __future__ import annotations

import re


def wilson(wins: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval, written out here from its formula."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
    return centre - half, centre + half


def check_strategy_runs(game: str, figures: dict) -> list[dict]:
    """The strategy builder's runs: each tournament played again from its stored
    settings, the win rate and its interval worked out again here."""
    from cardkit.tournament import tournament

    module = __import__(f"cardkit.{game if game == 'least_score' else 'tienlen'}.policy", fromlist=["Policy"])
    runs = [_first(figures[k]) for k in sorted((k for k in figures if re.fullmatch(r"run \d+", k)),
                                              key=lambda k: int(k.split()[1]))]
    assert len(runs) >= 2
    for r in runs:
        bot = module.PolicyBot(module.Policy(**r["policy"]))
        assert bot.__name__ == r["label"]
        again = tournament(game, [bot, *r["opponents"]], matches=r["matches"], seed=r["seed"], workers=0,
                           progress=False).summary(bot.__name__)
        assert again.wins == r["wins"] and again.seats_played == r["matches"]
        assert abs(r["win rate"] - r["wins"] / r["matches"]) < 1e-12
        low, high = wilson(r["wins"], r["matches"])
        assert abs(r["interval"][0] - low) < 1e-9 and abs(r["interval"][1] - high) < 1e-9
    return runs




def _first(value):
    """A figure as the lesson files give it: ``[(value, text), …]`` or the value itself."""
    if isinstance(value, list) and value and isinstance(value[0], tuple):
        return value[0][0]
    return value
