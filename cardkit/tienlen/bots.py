"""Tiến Lên bots: ``bot(observation, rng) -> action``, deciding from observations only.

- :func:`random_bot` picks any legal action at random (passing included).
- :func:`greedy_bot` plays the lowest combination that beats the table, sheds as many
  cards as it can when it leads, and keeps its bombs and 2s until they matter.
"""

from __future__ import annotations

import random

from .game import PASS, Action, Observation

__all__ = ["random_bot", "greedy_bot", "BOTS"]


def random_bot(observation: Observation, rng: random.Random) -> Action:
    """Any legal action, chosen uniformly at random with ``rng``."""
    return rng.choice(observation.legal_actions)


def _precious(combo) -> bool:
    """Bombs and combinations of 2s are kept for when they matter."""
    return combo.is_bomb or combo.key.rank == 2


def greedy_bot(observation: Observation, rng: random.Random) -> Action:
    """A simple, sensible player.

    - If a legal play empties its hand, it makes it.
    - Leading: it plays the combination that sheds the most cards (lowest key card
      among equals), avoiding bombs and 2s while it has anything else.
    - Responding: it plays the lowest combination that beats the table without using
      a bomb or a 2.  It spends a 2 or a bomb only when it matters: when an opponent
      is down to 3 cards or fewer, or its own hand is down to 4 or fewer.  Otherwise
      it passes.
    """
    actions = observation.legal_actions
    plays = [a for a in actions if a is not PASS]
    if not plays:
        return PASS
    in_hand = len(observation.hand)
    for combo in plays:
        if len(combo) == in_hand:
            return combo
    plain = [c for c in plays if not _precious(c)]
    if observation.table is None:
        pool = plain or plays
        return min(pool, key=lambda c: (-len(c), c.top, c.mask))
    if plain:
        return min(plain, key=lambda c: (c.top, c.mask))
    me = observation.player
    opponents = [n for q, n in enumerate(observation.hand_sizes) if q != me and n > 0]
    if (opponents and min(opponents) <= 3) or in_hand <= 4:
        return min(plays, key=lambda c: (c.is_bomb, c.top, c.mask))
    return PASS


BOTS = {"random": random_bot, "greedy": greedy_bot}
"""The bots by name."""

from .strong import make_strong_bot, strong_bot  # noqa: E402  (the strong bot has its own module)

BOTS["strong"] = strong_bot
