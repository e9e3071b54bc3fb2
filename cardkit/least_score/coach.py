"""The Least Score coach: what a player may do now and why, and what a move meant.

Everything here is read from the engine — the legal discards, the open cards'
values against the deck's expected card, whether declaring is allowed and how
risky it is — and written in the learner's words (:mod:`cardkit.words`).  A table
in coach mode shows :func:`advice` before each of the learner's turns and
:func:`explain_move` after each other player's move; nothing here shows anything.

>>> from cardkit.least_score import new_game
>>> state = new_game(seed=7)
>>> print(advice(state.observation(0))[0])
Your hand totals 36. Aim: the lowest total when someone declares.
"""

from __future__ import annotations

from typing import Optional

from ..cards import cards_text
from ..words import player_name
from .bots import GREEDY_DECLARE_AT, estimated_lowest_opponent_total, expected_unseen_value, greedy_bot
from .game import DECLARE, Action, Declare, Discard, Observation
from .rules import card_value, discard_kind, display_order, hand_total, legal_discards

__all__ = ["advice", "explain_move", "group_words", "suggestion", "round_opening"]

_KIND = {"single": "single", "pair": "pair", "four_of_a_kind": "four of a kind", "run": "run", "flush": "flush"}


def group_words(cards, rules=None) -> str:
    """A legal discard in words with its points: ``'run A♣ 2♦ 3♠ (6 points)'``."""
    cards = display_order(list(cards))
    kind = discard_kind(cards, rules) or "group"
    points = hand_total(cards)
    return f"{_KIND.get(kind, kind)} {cards_text(cards)} ({points} point{'s' if points != 1 else ''})"


def suggestion(observation: Observation) -> Action:
    """The move the coach would make: the greedy bot's, which looks one turn ahead
    (it needs no random numbers)."""
    return greedy_bot(observation, None)  # type: ignore[arg-type]


def advice(observation: Observation) -> list[str]:
    """What the player may do on this turn and why, one sentence a line: the total,
    the legal discards worth most, the open cards against the deck's expected card,
    whether declaring is allowed and wise, and the coach's own move."""
    obs = observation
    rules = obs.rules
    total = obs.hand_total
    lines = [f"Your hand totals {total}. Aim: the lowest total when someone declares."]
    groups = sorted(legal_discards(obs.hand, rules), key=lambda g: (-hand_total(g), -len(g)))
    multi = [g for g in groups if len(g) > 1]
    best = groups[0]
    if multi:
        shown = "; ".join(group_words(g, rules) for g in multi[:4])
        more = f" and {len(multi) - 4} more" if len(multi) > 4 else ""
        lines.append(f"Legal groups of two or more cards in your hand: {shown}{more}. Any single card is legal too.")
    else:
        lines.append("No two of your cards make a legal group (pair, run of 3 or 5, four of a kind, flush): "
                     "you discard one card this turn.")
    lines.append(f"Getting rid of the most points: {group_words(best, rules)}.")
    deck = expected_unseen_value(obs)
    if obs.open_cards:
        low = min(obs.open_cards, key=card_value)
        if obs.can_draw and card_value(low) >= deck:
            lines.append(f"Then take: the lowest open card, {low}, is worth {card_value(low)}; a card from the deck is "
                         f"worth about {deck:.1f} on average (from the cards you have seen), so drawing is better.")
        elif obs.can_draw:
            lines.append(f"Then take: the open {low} is worth {card_value(low)} for sure — less than the {deck:.1f} a "
                         "deck card is worth on average, so take it.")
        else:
            lines.append(f"Then take: the deck and the discard pile are empty, so you must take an open card — "
                         f"the {low} is the cheapest.")
    if obs.can_declare:
        guess = estimated_lowest_opponent_total(obs)
        if total <= GREEDY_DECLARE_AT or total < guess:
            lines.append(f"You may declare now. With {total}, and the others guessed at about {guess:.0f} or more "
                         "(from the cards they took and how many they hold), declaring looks wise.")
        else:
            lines.append(f"You may declare now, but it looks risky: someone may hold about {guess:.0f} or less, and a "
                         "failed declaration costs 20 + (your total − the lowest).")
    elif obs.why_not_declare:
        lines.append(f"You may not declare yet: {obs.why_not_declare}.")
    move = suggestion(obs)
    if isinstance(move, Declare):
        lines.append("The coach would declare.")
    else:
        where = "draw from the deck" if move.take is None else f"take {move.take}"
        lines.append(f"The coach would discard {cards_text(move.cards)} and {where}.")
    return lines


def explain_move(before: Observation, player: int, action: Action, after: Optional[Observation] = None,
                 you: Optional[int] = None) -> str:
    """What ``player``'s move meant, seen from the seat of ``before`` (its
    observation just before the move): the group and its points, the card taken or
    the draw, and what that tells about their hand."""
    who = player_name(player, you=you)
    if isinstance(action, Declare) or action is DECLARE:
        return (f"{who} declared: they think their total is the lowest. Every hand is shown and the round is "
                "scored.")
    assert isinstance(action, Discard)
    size = before.hand_sizes[player] - len(action.cards) + 1
    parts = [f"{who} discarded the {group_words(action.cards, before.rules)}"]
    if action.take is None:
        parts.append("and drew from the deck (nobody else sees that card)")
    else:
        v = card_value(action.take)
        parts.append(f"and took the open {action.take} (worth {v})")
    text = " ".join(parts) + f": {size} card{'s' if size != 1 else ''} left."
    if player == you:
        return text
    if action.take is not None and card_value(action.take) <= 3:
        text += " Taking a card that small means they are getting low — watch them."
    elif size <= 2:
        text += f" With so few cards, {who} may soon be low enough to declare."
    return text


def round_opening(observation: Observation) -> str:
    """Who starts this round, in words (the first turn moves one seat each round)."""
    first = observation.first_player
    return f"Round {observation.round_number}: {player_name(first, you=observation.player)} {'have' if first == observation.player else 'has'} the first turn."

