"""Least Score bots: functions ``bot(observation, rng) -> action``.

They decide from what their seat may see (an :class:`Observation`), never from
the game state.  ``BOTS`` names them for tournaments and lessons.
"""

from __future__ import annotations

import random
from typing import Callable

from ..cards import Card
from .game import DECLARE, Action, Declare, Observation
from .rules import _VALUE

__all__ = [
    "random_bot",
    "greedy_bot",
    "make_greedy_bot",
    "GREEDY_DECLARE_AT",
    "GREEDY_PER_CARD",
    "seen_cards",
    "known_opponent_cards",
    "estimated_lowest_opponent_total",
    "expected_unseen_value",
    "BOTS",
]

GREEDY_DECLARE_AT = 5
"""The greedy bot always declares (when allowed) once its hand totals this much or less."""

GREEDY_PER_CARD = 3.0
"""The greedy bot's guess of what each unknown card in an opponent's hand is worth:
players keep their low cards, so less than an average card (about 6.5)."""

_ALL_VALUES = sum(_VALUE)  # 340: the total of the whole deck
_NO_INFO = _ALL_VALUES / 52


def random_bot(observation: Observation, rng: random.Random) -> Action:
    """Pick any legal action, each with the same chance (declaring included)."""
    actions = observation.legal_actions
    if not actions:
        raise ValueError(f"random_bot was asked to act for Player {observation.player}, "
                         "who has no legal action now (it is not their turn)")
    return actions[rng.randrange(len(actions))]


def seen_cards(observation: Observation) -> set[Card]:
    """The cards this player has seen this round: their own hand, the card turned
    up at the deal, and every card discarded (so also every open and dead card)."""
    seen = set(observation.hand)
    if observation.turned_up is not None:
        seen.add(observation.turned_up)
    for turn in observation.turns:
        seen.update(turn.discarded)
    return seen


def expected_unseen_value(observation: Observation) -> float:
    """The average value of the cards this player has not seen this round — the
    bot's guess of what the top card of the deck is worth.

    (After the discard pile has been shuffled into a new deck, the deck holds
    seen cards too; the guess ignores that.)
    """
    seen = seen_cards(observation)
    left = 52 - len(seen)
    if left <= 0:
        return _NO_INFO
    return (_ALL_VALUES - sum(_VALUE[c.index] for c in seen)) / left


def known_opponent_cards(observation: Observation) -> dict[int, list[Card]]:
    """For each other player, the cards this player knows they hold: open cards
    they took this round and have not discarded since."""
    known: dict[int, list[Card]] = {p: [] for p in range(len(observation.hand_sizes)) if p != observation.player}
    for turn in observation.turns:
        if turn.player == observation.player:
            continue
        held = known[turn.player]
        for c in turn.discarded:
            if c in held:
                held.remove(c)
        if turn.took is not None:
            held.append(turn.took)
    return known


def estimated_lowest_opponent_total(observation: Observation, per_card: float = GREEDY_PER_CARD) -> float:
    """A guess of the lowest total among the other players still in: each hand is
    the cards known to be in it (:func:`known_opponent_cards`) plus ``per_card``
    for every card not known."""
    known = known_opponent_cards(observation)
    best = float("inf")
    for p, cards in known.items():
        if not observation.still_in[p]:
            continue
        guess = sum(_VALUE[c.index] for c in cards) + (observation.hand_sizes[p] - len(cards)) * per_card
        best = min(best, guess)
    return best


def make_greedy_bot(declare_at: int = GREEDY_DECLARE_AT,
                    per_card: float = GREEDY_PER_CARD) -> Callable[[Observation, random.Random], Action]:
    """A greedy bot; ``declare_at`` and ``per_card`` tune when it declares.

    Its rule, one turn at a time and without looking ahead:

    1. If it may declare, it declares when its hand totals ``declare_at`` or
       less, or less than its guess of the lowest other total
       (:func:`estimated_lowest_opponent_total`, each unknown card in another
       hand guessed at ``per_card``).
    2. Otherwise it discards the group that lowers its total most (the group with
       the highest value; on a tie, the one with more cards, so the hand shrinks),
    3. and takes the lowest open card if that card is worth less than the average
       unseen card (:func:`expected_unseen_value`); else it draws from the deck.
       (When the deck cannot be drawn from, it takes the lowest open card.)
    """

    def greedy(observation: Observation, rng: random.Random) -> Action:
        actions = observation.legal_actions
        if not actions:
            raise ValueError(f"the greedy bot was asked to act for Player {observation.player}, "
                             "who has no legal action now (it is not their turn)")
        if observation.can_declare:
            total = observation.hand_total
            if total <= declare_at or total < estimated_lowest_opponent_total(observation, per_card):
                return DECLARE
        guess = expected_unseen_value(observation)
        best = None
        best_key = None
        for action in actions:
            if type(action) is Declare:
                continue
            gone = 0
            for c in action.cards:  # type: ignore[union-attr]
                gone += _VALUE[c.index]
            take = action.take  # type: ignore[union-attr]
            comes = guess if take is None else _VALUE[take.index]
            key = (comes - gone, -len(action.cards))  # type: ignore[union-attr]
            if best_key is None or key < best_key:
                best, best_key = action, key
        return best  # type: ignore[return-value]

    default = declare_at == GREEDY_DECLARE_AT and per_card == GREEDY_PER_CARD
    greedy.__name__ = greedy.__qualname__ = (
        "greedy_bot" if default else f"greedy_bot_{declare_at}_{per_card:g}"
    )
    greedy.__doc__ = (f"Greedy Least Score bot: discards the group worth most, takes an open card worth "
                      f"less than an average unseen card, declares at a total of {declare_at} or less, "
                      f"or below its guess of the lowest other total ({per_card:g} per unknown card).")
    return greedy


greedy_bot = make_greedy_bot()
"""The greedy bot with the default declaring rule (see :func:`make_greedy_bot`)."""

BOTS: dict[str, Callable[[Observation, random.Random], Action]] = {
    "random": random_bot,
    "greedy": greedy_bot,
}
"""The Least Score bots by name."""
