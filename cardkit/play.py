"""Playing a game state to its end with bots — the loop every tournament, lesson and
test uses.  Works for both games (any state in the OpenSpiel manner)."""

from __future__ import annotations

import random
from typing import Any, Sequence

from .bots import BotFunction
from .errors import IllegalActionError

__all__ = ["play_out", "TERMINAL"]

TERMINAL = -1
"""What ``state.current_player()`` returns once the match is over."""


def play_out(state: Any, bots: Sequence[BotFunction], seed: int | random.Random | None = 0,
             max_steps: int = 1_000_000) -> Any:
    """Let ``bots[p]`` act for every seat ``p`` until the match ends; return the state.

    Each bot is called with ``state.observation(p)`` and one shared
    ``random.Random`` (from ``seed``), so the same seed replays the same match.
    A bot that returns an action that is not legal raises ``IllegalActionError``
    with the bot's seat in the message.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    if len(bots) != state.num_players:
        raise ValueError(f"this game has {state.num_players} players but {len(bots)} bots were given")
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        player = state.current_player()
        bot = bots[player]
        name = getattr(bot, "__name__", type(bot).__name__)
        try:
            action = bot(state.observation(player), rng)
        except Exception as err:
            raise RuntimeError(f"the bot {name!r} at seat {player} (match seed {getattr(state, 'seed', '?')}) "
                               f"failed: {type(err).__name__}: {err}") from err
        try:
            state.apply_action(action)
        except IllegalActionError as err:
            raise IllegalActionError(f"the bot {name!r} at seat {player} (match seed "
                                     f"{getattr(state, 'seed', '?')}) chose {action}, which is not legal: {err}") from err
    raise RuntimeError(f"the match did not end within {max_steps} actions")
