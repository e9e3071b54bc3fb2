"""Least Score: every rule, a match engine and bots.

The rules (``rules/least-score.md``) as functions of cards and numbers::

    >>> from cardkit.least_score import discard_kind, why_illegal, round_scores, hand_total
    >>> discard_kind('10S JD QC KH AS'), hand_total('10S JD QC KH AS')
    ('run', 41)
    >>> why_illegal('KS KH KD')
    "three of a kind can't be discarded — discard two of them, or all four"
    >>> round_scores([10, 8, 15], declarer=0)
    [22, 0, 0]
    >>> from cardkit.least_score import declaration_succeeded
    >>> declaration_succeeded([10, 8, 15], declarer=0)
    False

A whole match, played by bots::

    >>> from cardkit.least_score import new_game, BOTS
    >>> from cardkit.game import play_out
    >>> state = play_out(new_game(seed=1), [BOTS['greedy']] * 4, seed=1)
    >>> state.is_terminal()
    True
"""

from .bots import BOTS, greedy_bot, make_greedy_bot, make_strong_bot, random_bot, strong_bot
from .game import (
    DECLARE,
    Action,
    Declare,
    Discard,
    Event,
    LeastScoreState,
    Observation,
    RoundResult,
    Turn,
    deal,
    deal_order,
    new_game,
)
from .rules import (
    HAND_SIZE,
    MAX_TOTAL,
    MIN_TOTAL,
    deck_draw_expectation,
    CARD_VALUES,
    MATCH_ENDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    USUAL_THRESHOLDS,
    Rules,
    card_value,
    declaration_succeeded,
    discard_kind,
    display_order,
    hand_total,
    legal_discards,
    round_scores,
    score_explanation,
    sort_key,
    why_illegal,
    discard_problem,
)

__all__ = [
    "Rules",
    "MATCH_ENDS",
    "USUAL_THRESHOLDS",
    "HAND_SIZE",
    "MIN_TOTAL",
    "MAX_TOTAL",
    "deck_draw_expectation",
    "card_value",
    "hand_total",
    "sort_key",
    "display_order",
    "discard_kind",
    "why_illegal",
    "discard_problem",
    "legal_discards",
    "round_scores",
    "declaration_succeeded",
    "score_explanation",
    "CARD_VALUES",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "Discard",
    "Declare",
    "DECLARE",
    "Action",
    "Turn",
    "Event",
    "RoundResult",
    "Observation",
    "LeastScoreState",
    "new_game",
    "deal",
    "deal_order",
    "random_bot",
    "greedy_bot",
    "make_greedy_bot",
    "strong_bot",
    "make_strong_bot",
    "BOTS",
]
