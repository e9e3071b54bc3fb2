"""The older helpers for words, now read from the catalogue (:mod:`cardkit.i18n`).

New code says :func:`cardkit.i18n.seat`, :func:`cardkit.i18n.and_list` … and lets
the catalogue render the sentence; these helpers give the same words as plain
text in the current language, for code that still builds text itself.

>>> game_name('tienlen'), player_name(2), player_name(0, you=0)
('Tiến Lên', 'Player 2', 'You')
>>> and_list(['Player 1', 'Player 2', 'Player 3'])
'Player 1, Player 2 and Player 3'
>>> ordinal(2), number_word(5), KIND_NAMES['least_score']['run'], KIND_WORDS['double_sequence']
('2nd', 'five', 'a run', 'double sequence')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Iterator, Optional, Sequence

from . import i18n
from .errors import MessageError

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


class _Words(Mapping):
    """A read-only mapping from ids to catalogue words, rendered when read."""

    def __init__(self, keys: Sequence, code) -> None:
        self._keys = tuple(keys)
        self._code = code

    def __getitem__(self, key):
        if key not in self._keys:
            raise MessageError(key)
        return i18n.render(self._code(key))

    def __iter__(self) -> Iterator:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


GAME_NAMES = _Words(("least_score", "tienlen"), i18n.game_title)
"""Each game's name in text, by its name in code (``'least_score'``, ``'tienlen'``)."""

NUMBER_WORDS = _Words(range(1, 13), lambda n: i18n.say(f"number.n{n}"))
"""The numbers a learner reads as words (one to twelve)."""

KIND_WORDS = _Words(("single", "pair", "triple", "four_of_a_kind", "run", "flush", "sequence", "double_sequence"),
                    i18n.kind_word)
"""Every kind of play of both games, by its id, as a bare noun: 'pair', 'run'."""

KIND_NAMES = {
    "least_score": _Words(("single", "pair", "four_of_a_kind", "run", "flush"),
                          lambda k: i18n.kind_name("least_score", k)),
    "tienlen": _Words(("single", "pair", "triple", "four_of_a_kind", "sequence", "double_sequence"),
                      lambda k: i18n.kind_name("tienlen", k)),
}
"""Each game's kinds of play as named in a sentence ('a run'), in the order the game lists them."""


def game_name(game: str) -> str:
    """A game's name in text: ``'Least Score'`` or ``'Tiến Lên'``."""
    if game not in ("least_score", "tienlen", "tien_len"):
        return game
    return i18n.render(i18n.game_title(game))


def player_name(player: int, you: Optional[int] = None) -> str:
    """``'Player 2'`` — or ``'You'`` for the seat ``you``."""
    return i18n.render(i18n.seat(player, you))


def and_list(words: Sequence) -> str:
    """``'A'``, ``'A and B'``, ``'A, B and C'`` (CLDR's list pattern of the language)."""
    return i18n.render(i18n.and_list(words))


def ordinal(n: int) -> str:
    """``'1st'``, ``'2nd'``, ``'23rd'``: a place in order (CLDR's ordinal rules)."""
    return i18n.render(i18n.ordinal(n))


def number_word(n: int) -> str:
    """``'three'`` for 3 (one to twelve); larger numbers stay figures."""
    return i18n.render(i18n.number_word(n))
