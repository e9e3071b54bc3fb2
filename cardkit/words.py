"""Every word a learner reads about the games, from one place per concept.

Messages, logs and widgets take their names of games, players, kinds of play,
places and lists from here, so the wording stays the same everywhere (and a
translation can hook in at one place later).

>>> game_name('tienlen'), player_name(2), player_name(0, you=0)
('Tiến Lên', 'Player 2', 'You')
>>> and_list(['Player 1', 'Player 2', 'Player 3'])
'Player 1, Player 2 and Player 3'
"""

from __future__ import annotations

from typing import Optional, Sequence

__all__ = [
    "GAME_NAMES",
    "game_name",
    "player_name",
    "and_list",
]

GAME_NAMES = {"least_score": "Least Score", "tienlen": "Tiến Lên"}
"""Each game's name in text, by its name in code (``'least_score'``, ``'tienlen'``)."""


def game_name(game: str) -> str:
    """A game's name in text: ``'Least Score'`` or ``'Tiến Lên'`` (``'tien_len'`` is
    read as ``'tienlen'``)."""
    return GAME_NAMES.get("tienlen" if game == "tien_len" else game, game)


def player_name(player: int, you: Optional[int] = None) -> str:
    """``'Player 2'`` — or ``'You'`` for the seat ``you`` (the learner's, at a table)."""
    return "You" if player == you else f"Player {player}"


def and_list(words: Sequence[str]) -> str:
    """``'A'``, ``'A and B'``, ``'A, B and C'``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
