"""Tiến Lên (Thirteen): card order, combinations, the match state and bots.

>>> from cardkit.tienlen import classify, beats, legal_plays, new_game
>>> classify('7S 7C 8D 8H 9S 9H').describe()
'double sequence of three pairs, 7 to 9 — a bomb'
>>> beats('7S 7C 8D 8H 9S 9H', '2H')
True
>>> state = new_game(seed=1)
>>> str(state.hand(state.current_player())[0])     # the holder of 3♠ leads
'3♠'

The rules implemented are those of ``rules/tien-len.md``: :mod:`cardkit.tienlen.rules`
holds the options, the card order and the combinations; :mod:`cardkit.tienlen.game`
the match (and every point the rule book leaves open, and how it is settled).
"""

from .bots import BOTS, greedy_bot, make_strong_bot, random_bot, strong_bot
from .rules import (
    KINDS,
    Combo,
    Rules,
    beats,
    card_key,
    classify,
    instant_win,
    is_chop,
    legal_plays,
    rank_name,
    rank_word,
    sort_hand,
    sort_key,
    why_beats,
    why_illegal,
    illegal_problem,
    why_not_beats,
    beat_problem,
    beat_reason,
    why_not_kind,
    kind_problem,
)
from .game import (
    PASS,
    TERMINAL,
    Action,
    Event,
    GameResult,
    Observation,
    Pass,
    TienLenState,
    new_game,
    place_points,
)

__all__ = [
    "Rules",
    "Combo",
    "KINDS",
    "card_key",
    "sort_key",
    "sort_hand",
    "rank_name",
    "rank_word",
    "classify",
    "why_illegal",
    "illegal_problem",
    "beat_reason",
    "kind_problem",
    "beats",
    "why_not_beats",
    "beat_problem",
    "why_beats",
    "why_not_kind",
    "is_chop",
    "legal_plays",
    "instant_win",
    "new_game",
    "place_points",
    "TienLenState",
    "Observation",
    "GameResult",
    "Event",
    "Action",
    "Pass",
    "PASS",
    "TERMINAL",
    "random_bot",
    "greedy_bot",
    "strong_bot",
    "make_strong_bot",
    "BOTS",
]
