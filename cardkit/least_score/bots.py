"""Least Score bots: functions ``bot(observation, rng) -> action``.

They decide from what their seat may see (an :class:`Observation`), never from
the game state.  ``BOTS`` names them for tournaments and lessons.  The helpers
here (what is in the deck, what the others hold) are what a learner's own bot
can build on.
"""

from __future__ import annotations

import random
from typing import Callable

from ..cards import Card, full_deck
from .game import DECLARE, Action, Declare, Observation
from .rules import _VALUE

__all__ = [
    "random_bot",
    "greedy_bot",
    "make_greedy_bot",
    "GREEDY_DECLARE_AT",
    "GREEDY_PER_CARD",
    "GREEDY_PATIENCE",
    "known_opponent_cards",
    "deck_candidates",
    "expected_unseen_value",
    "estimated_lowest_opponent_total",
    "BOTS",
]

GREEDY_DECLARE_AT = 5
"""The greedy bot always declares (when allowed) once its hand totals this much or less."""

GREEDY_PER_CARD = 3.0
"""The greedy bot's guess of what each unknown card in another player's hand is
worth: players keep their low cards, so less than an average card (about 6.5)."""

GREEDY_PATIENCE = 10
"""After this many turns of its own in one round, the greedy bot declares at its
next chance whatever its total, so that every round ends."""

_ALL_CARDS = frozenset(full_deck())
_AVERAGE = sum(_VALUE) / 52  # 340 / 52, about 6.54


def random_bot(observation: Observation, rng: random.Random) -> Action:
    """Pick any legal action, each with the same chance (declaring included)."""
    actions = observation.legal_actions
    if not actions:
        raise ValueError(f"random_bot was asked to act for Player {observation.player}, "
                         "who has no legal action now (it is not their turn)")
    return actions[rng.randrange(len(actions))]


def known_opponent_cards(observation: Observation) -> dict[int, list[Card]]:
    """For each other player, the cards this player knows they hold: open cards
    they took this round and have not discarded since."""
    me = observation.player
    known: dict[int, list[Card]] = {p: [] for p in range(len(observation.hand_sizes)) if p != me}
    for turn in observation.turns:
        if turn.player == me:
            continue
        held = known[turn.player]
        if held:
            for c in turn.discarded:
                if c in held:
                    held.remove(c)
        if turn.took is not None:
            held.append(turn.took)
    return known


def deck_candidates(observation: Observation) -> set[Card]:
    """The cards that may be in the deck, as far as this player can tell.

    Before the deck runs out: every card not seen this round (not in their hand,
    not turned up at the deal, never discarded).  After the discard pile was
    shuffled into a new deck: the cards shuffled in.  Either way, minus every card
    known to be somewhere else now (their hand, the open cards, the discard pile,
    open cards the others took).  Cards other players drew stay candidates: nobody
    can tell them apart from the deck.  When the deck is empty, the next card
    drawn comes from the discard pile, so the candidates are the discard pile.
    """
    if observation.deck_size == 0:
        return set(observation.dead_cards)
    if observation.reshuffled:
        pool = set(observation.reshuffled)
    else:
        pool = set(_ALL_CARDS)
        if observation.turned_up is not None:
            pool.discard(observation.turned_up)
        for turn in observation.turns:
            pool.difference_update(turn.discarded)
    pool.difference_update(observation.hand)
    pool.difference_update(observation.open_cards)
    pool.difference_update(observation.dead_cards)
    for cards in known_opponent_cards(observation).values():
        pool.difference_update(cards)
    return pool


def expected_unseen_value(observation: Observation) -> float:
    """The average value of the :func:`deck_candidates` — the bot's guess of what
    the top card of the deck is worth."""
    pool = deck_candidates(observation)
    if not pool:
        return _AVERAGE
    return sum(_VALUE[c.index] for c in pool) / len(pool)


def estimated_lowest_opponent_total(observation: Observation, per_card: float = GREEDY_PER_CARD) -> float:
    """A guess of the lowest total among the other players still in: each hand is
    the cards known to be in it (:func:`known_opponent_cards`) plus ``per_card``
    for every other card in it."""
    known = known_opponent_cards(observation)
    best = float("inf")
    for p, cards in known.items():
        if observation.still_in[p]:
            guess = sum(_VALUE[c.index] for c in cards) + (observation.hand_sizes[p] - len(cards)) * per_card
            best = min(best, guess)
    return best


def make_greedy_bot(declare_at: int = GREEDY_DECLARE_AT, per_card: float = GREEDY_PER_CARD,
                    patience: int = GREEDY_PATIENCE) -> Callable[[Observation, random.Random], Action]:
    """A greedy bot; ``declare_at``, ``per_card`` and ``patience`` tune when it declares.

    Its rule, one turn at a time and without looking ahead:

    1. When it may declare, it declares if its hand totals ``declare_at`` or less,
       or less than its guess of the lowest other total
       (:func:`estimated_lowest_opponent_total`, each unknown card in another hand
       guessed at ``per_card``), or once it has had ``patience`` turns this round.
    2. Otherwise it discards the group that lowers its total most (the group worth
       most; on a tie, the one with more cards, so the hand shrinks),
    3. and takes the lowest open card if that card is worth less than the expected
       value of the top card of the deck (:func:`expected_unseen_value`, from the
       cards it has seen); else it draws.  (If the deck cannot be drawn from, it
       takes the lowest open card.)
    """

    def greedy(observation: Observation, rng: random.Random) -> Action:
        actions = observation.legal_actions
        if not actions:
            raise ValueError(f"the greedy bot was asked to act for Player {observation.player}, "
                             "who has no legal action now (it is not their turn)")
        if observation.can_declare:
            total = observation.hand_total
            me = observation.player
            if (total <= declare_at
                    or sum(1 for t in observation.turns if t.player == me) >= patience
                    or total < estimated_lowest_opponent_total(observation, per_card)):
                return DECLARE
        guess = expected_unseen_value(observation)
        best = None
        best_key = (float("inf"), 0)
        last = None
        gone = size = 0
        for action in actions:
            if type(action) is Declare:
                continue
            cards = action.cards  # type: ignore[union-attr]
            if cards is not last:  # the engine lists each group's takes together
                last, size = cards, -len(cards)
                gone = 0
                for c in cards:
                    gone += _VALUE[c.index]
            take = action.take  # type: ignore[union-attr]
            key = ((guess if take is None else _VALUE[take.index]) - gone, size)
            if key < best_key:
                best, best_key = action, key
        return best  # type: ignore[return-value]

    default = (declare_at, per_card, patience) == (GREEDY_DECLARE_AT, GREEDY_PER_CARD, GREEDY_PATIENCE)
    greedy.__name__ = greedy.__qualname__ = (
        "greedy_bot" if default else f"greedy_bot_{declare_at}_{per_card:g}_{patience}"
    )
    greedy.__doc__ = (f"Greedy Least Score bot: discards the group worth most, takes an open card worth "
                      f"less than the expected deck card, declares at a total of {declare_at} or less, "
                      f"below its guess of the lowest other total ({per_card:g} per unknown card), "
                      f"or after {patience} turns in a round.")
    return greedy


greedy_bot = make_greedy_bot()
"""The greedy bot with the default settings (see :func:`make_greedy_bot`)."""

BOTS: dict[str, Callable[[Observation, random.Random], Action]] = {
    "random": random_bot,
    "greedy": greedy_bot,
}
"""The Least Score bots by name."""

from .strong import make_strong_bot, strong_bot  # noqa: E402  (the strong bot has its own module)

BOTS["strong"] = strong_bot
