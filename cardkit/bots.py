"""What a bot is, for both games.

A bot is any callable ``bot(observation, rng) -> action``:

- ``observation`` is what its seat may see, from ``state.observation(player)``;
  ``observation.legal_actions`` lists every action it may take now.
- ``rng`` is a ``random.Random`` owned by the game runner, so a seeded match or
  tournament is reproducible; a bot that needs no randomness ignores it.
- it returns one of ``observation.legal_actions``.

A learner's first bot is three lines::

    def lowest_first(obs, rng):
        return obs.legal_actions[0]

Bots never see the state, only observations (like OpenSpiel's observers).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol

__all__ = ["Bot", "BotFunction"]


class Bot(Protocol):
    """The bot interface: called with an observation and a ``random.Random``."""

    def __call__(self, observation: Any, rng: random.Random) -> Any: ...


BotFunction = Callable[[Any, random.Random], Any]
