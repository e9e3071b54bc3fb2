"""Every word a learner reads about the games, from one place per concept.

Messages, logs and widgets take their names of games, players, kinds of play,
places and lists from here, so the wording stays the same everywhere (and a
translation can hook in at one place later).

>>> game_name('tienlen'), player_name(2), player_name(0, you=0)
('Tiến Lên', 'Player 2', 'You')
>>> and_list(['Player 1', 'Player 2', 'Player 3'])
'Player 1, Player 2 and Player 3'
>>> ordinal(2), number_word(5), KIND_NAMES['least_score']['run'], KIND_WORDS['double_sequence']
('2nd', 'five', 'a run', 'double sequence')
"""

from __future__ import annotations

from typing import Optional, Sequence

__all__ = [
    "GAME_NAMES",
    "game_name",
    "player_name",
    "and_list",
    "ordinal",
    "number_word",
    "NUMBER_WORDS",
    "KIND_WORDS",
    "KIND_NAMES",
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


def ordinal(n: int) -> str:
    """``'1st'``, ``'2nd'``, ``'3rd'``, ``'4th'`` … ``'11th'``, ``'21st'``: a place in order."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
                9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}
"""The numbers a learner reads as words (sizes of runs and sequences, counts of cards)."""


def number_word(n: int) -> str:
    """``'three'`` for 3 (one to twelve); larger numbers stay figures."""
    return NUMBER_WORDS.get(n, str(n))


KIND_WORDS = {
    "single": "single",
    "pair": "pair",
    "triple": "triple",
    "four_of_a_kind": "four of a kind",
    "run": "run",
    "flush": "flush",
    "sequence": "sequence",
    "double_sequence": "double sequence",
}
"""Every kind of play of both games, by its name in code, as a bare noun: 'pair', 'run'."""

KIND_NAMES = {
    "least_score": {
        "single": "a single",
        "pair": "a pair",
        "four_of_a_kind": "four of a kind",
        "run": "a run",
        "flush": "a flush",
    },
    "tienlen": {
        "single": "a single",
        "pair": "a pair",
        "triple": "a triple",
        "four_of_a_kind": "a four of a kind",
        "sequence": "a sequence",
        "double_sequence": "a double sequence",
    },
}
"""Each game's kinds of play as they are named in a sentence ('discards 7♣ 8♣ 9♣ (a run)'),
in the order the game lists them."""
