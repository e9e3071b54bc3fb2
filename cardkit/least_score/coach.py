"""The Least Score coach: what a player may do now and why, and what a move meant.

Everything here is read from the engine — the legal discards, the open cards'
values against the deck's expected card, whether declaring is allowed and how
risky it is — and written in the learner's words (:mod:`cardkit.words`).  A table
in coach mode shows :func:`advice` before each of the learner's turns and
:func:`explain_move` after each other player's move; nothing here shows anything.

>>> from cardkit.least_score import new_game
>>> state = new_game(seed=7)
>>> print(advice(state.observation(0))[0])
Your total: 36.
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


def _short_reason(why: str) -> str:
    """The engine's reason without its list of names: 'nobody may declare until every
    player has had a turn in this round'."""
    return why.split(":")[0]


def advice(observation: Observation) -> list[str]:
    """What the player may do on this turn and why, one short sentence a line: the
    total, the legal discard worth most (and the next ones), the open cards against
    the deck's expected card, whether declaring is allowed and wise, and the coach's
    own move."""
    obs = observation
    rules = obs.rules
    total = obs.hand_total
    lines = [f"Your total: {total}."]
    groups = sorted(legal_discards(obs.hand, rules), key=lambda g: (-hand_total(g), -len(g)))
    best = groups[0]
    others = [g for g in groups[1:] if len(g) > 1][:1]
    if len(best) == 1 and not others:
        lines.append(f"Best discard: the {group_words(best, rules)} (no two of your cards make a group).")
    else:
        also = f"; also {'; '.join(group_words(g, rules) for g in others)}" if others else ""
        lines.append(f"Best discard: the {group_words(best, rules)}{also}.")
    deck = expected_unseen_value(obs)
    if obs.open_cards:
        low = min(obs.open_cards, key=card_value)
        if obs.can_draw and card_value(low) >= deck:
            lines.append(f"Take: draw — a deck card averages {deck:.1f}, less than the open {low}.")
        elif obs.can_draw:
            lines.append(f"Take: the open {low} — worth {card_value(low)}, less than a deck card's {deck:.1f} on average.")
        else:
            lines.append(f"Take: the {low} — the deck and the discard pile are empty, so you must take an open card.")
    if obs.can_declare:
        guess = estimated_lowest_opponent_total(obs)
        if total <= GREEDY_DECLARE_AT or total < guess:
            lines.append(f"Declare: yes — with {total}, and the others guessed at {guess:.0f} or more, it looks wise.")
        else:
            lines.append(f"Declare: you may, but it is risky: someone may hold about {guess:.0f} or less.")
    elif obs.why_not_declare:
        lines.append(f"Declare: not yet — {_short_reason(obs.why_not_declare)}.")
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
        think = "you think your" if player == you else "they think their"
        return f"{who} declared: {think} total is the lowest. Every hand is shown and the round is scored."
    assert isinstance(action, Discard)
    size = before.hand_sizes[player] - len(action.cards) + 1
    where = "drew from the deck" if action.take is None else \
        f"took the open {action.take} ({card_value(action.take)})"
    text = f"{who} discarded the {group_words(action.cards, before.rules)} and {where}."
    if player == you:
        return text
    if action.take is not None and card_value(action.take) <= 3:
        text += " A small card: they are getting low."
    elif size <= 2:
        text += f" {size} card{'s' if size != 1 else ''} left: they may declare soon."
    return text


def round_opening(observation: Observation) -> str:
    """Who starts this round, in words (the first turn moves one seat each round)."""
    first = observation.first_player
    return f"Round {observation.round_number}: {player_name(first, you=observation.player)} {'have' if first == observation.player else 'has'} the first turn."

