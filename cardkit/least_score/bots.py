"""Least Score bots: functions ``bot(observation, rng) -> action``.

They decide from what their seat may see (an :class:`Observation`), never from
the game state.  ``BOTS`` names them for tournaments and lessons.  The helpers
here (what is in the deck, what the others hold) are what a learner's own bot
can build on.

>>> import random
>>> from cardkit.least_score import new_game, greedy_bot
>>> state = new_game(seed=7)
>>> str(greedy_bot(state.observation(0), random.Random(0)))
'discard 10♦, take 6♣ from the open cards'
"""

from __future__ import annotations

import random
from typing import Callable

from ..cards import Card, full_deck
from ..i18n import say
from ..game import bot_actions
from .game import DECLARE, Action, Declare, Observation
from .rules import CARD_VALUES

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
_AVERAGE = sum(CARD_VALUES) / 52  # 340 / 52, about 6.54


def random_bot(observation: Observation, rng: random.Random) -> Action:
    """Pick any legal action, each with the same chance (declaring included)."""
    actions = bot_actions(observation, "random_bot")
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


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


_FULL = (1 << 52) - 1
_RANK_VALUES = tuple(min(r, 10) for r in range(1, 14))


def _mask_value(mask: int) -> tuple[int, int]:
    """(total value, number of cards) of the cards whose indexes are the bits of ``mask``."""
    total = count = 0
    for r, value in enumerate(_RANK_VALUES):
        k = (mask >> (4 * r) & 15).bit_count()
        total += k * value
        count += k
    return total, count


def _deck_mask(observation: Observation, known: dict[int, list[Card]]) -> int:
    if observation.deck_size == 0:
        return _mask(observation.dead_cards)
    if observation.reshuffled:
        pool = _mask(observation.reshuffled)
    else:
        seen = 0
        for turn in observation.turns:
            for c in turn.discarded:
                seen |= 1 << c.index
        if observation.turned_up is not None:
            seen |= 1 << observation.turned_up.index
        pool = _FULL & ~seen
    away = _mask(observation.hand) | _mask(observation.open_cards) | _mask(observation.dead_cards)
    for cards in known.values():
        away |= _mask(cards)
    return pool & ~away


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
    mask = _deck_mask(observation, known_opponent_cards(observation))
    return {c for c in _ALL_CARDS if mask >> c.index & 1}


def _expected(observation: Observation, known: dict[int, list[Card]]) -> float:
    total, count = _mask_value(_deck_mask(observation, known))
    return total / count if count else _AVERAGE


def expected_unseen_value(observation: Observation) -> float:
    """The average value of the :func:`deck_candidates` — the bot's guess of what
    the top card of the deck is worth."""
    return _expected(observation, known_opponent_cards(observation))


def estimated_lowest_opponent_total(observation: Observation, per_card: float = GREEDY_PER_CARD) -> float:
    """A guess of the lowest total among the other players still in: each hand is
    the cards known to be in it (:func:`known_opponent_cards`) plus ``per_card``
    for every other card in it."""
    return _lowest_guess(observation, known_opponent_cards(observation), per_card)


def _lowest_guess(observation: Observation, known: dict[int, list[Card]], per_card: float) -> float:
    best = float("inf")
    sizes, still_in = observation.hand_sizes, observation.still_in
    for p, cards in known.items():
        if still_in[p]:
            guess = (sizes[p] - len(cards)) * per_card
            for c in cards:
                guess += CARD_VALUES[c.index]
            if guess < best:
                best = guess
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
        actions = bot_actions(observation, say("bots.the_greedy_bot"))
        known = known_opponent_cards(observation)
        if observation.can_declare:
            total = observation.hand_total
            me = observation.player
            if (total <= declare_at
                    or sum(1 for t in observation.turns if t.player == me) >= patience
                    or total < _lowest_guess(observation, known, per_card)):
                return DECLARE
        guess = _expected(observation, known)
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
                    gone += CARD_VALUES[c.index]
            take = action.take  # type: ignore[union-attr]
            key = ((guess if take is None else CARD_VALUES[take.index]) - gone, size)
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
