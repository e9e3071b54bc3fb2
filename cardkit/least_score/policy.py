"""Least Score bots built from a few settings: a strategy a learner can set with controls.

A :class:`Policy` says when to declare, which group to discard and when to take an
open card; :class:`PolicyBot` plays it.  Both are plain data and a module-level
class, so a policy bot pickles and plays in a tournament's worker processes::

    >>> from cardkit.least_score.policy import Policy, PolicyBot
    >>> from cardkit.tournament import tournament
    >>> bot = PolicyBot(Policy(declare_at=6, discard='most cards', take_open='never'))
    >>> bot.__name__
    'declare ≤6, most cards, always draw'
    >>> result = tournament('least_score', [bot, 'greedy'], matches=10, seed=1, workers=0, progress=False)
    >>> [row.seats_played for row in result.table()]
    [10, 10]
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..errors import OptionError
from ..game import bot_actions
from .bots import expected_unseen_value
from .game import DECLARE, Action, Declare, Observation
from .rules import CARD_VALUES, MAX_TOTAL, MIN_TOTAL

__all__ = ["Policy", "PolicyBot", "DISCARDS", "TAKES"]

DISCARDS = {
    "most points": "the group worth the most points",
    "most cards": "the group with the most cards (then the most points)",
    "highest card": "the single card worth the most",
}
"""How a policy picks its discard, with the words a control shows."""

TAKES = {
    "below deck": "an open card worth less than a deck card on average",
    "at most": "an open card worth at most a set value",
    "never": "never: always draw from the deck",
}
"""When a policy takes an open card, with the words a control shows."""


@dataclass(frozen=True)
class Policy:
    """A Least Score strategy in three decisions.

    - ``declare_at``: declare (when allowed) once your total is this or less;
    - ``discard``: which group goes — one of :data:`DISCARDS`;
    - ``take_open``: when an open card is taken instead of drawing — one of
      :data:`TAKES`; with ``'at most'``, the lowest open card is taken when it is
      worth ``take_max`` or less;
    - ``patience``: after this many turns of its own in a round, declare at the next
      chance whatever the total (so every round ends).
    """

    declare_at: int = 8
    discard: str = "most points"
    take_open: str = "below deck"
    take_max: int = 4
    patience: int = 10

    def __post_init__(self) -> None:
        if isinstance(self.declare_at, bool) or not isinstance(self.declare_at, int) \
                or not 0 <= self.declare_at <= MAX_TOTAL:
            raise OptionError(f"declare_at is a total from 0 to {MAX_TOTAL}, not {self.declare_at!r}")
        if self.discard not in DISCARDS:
            raise OptionError(f"discard is one of {', '.join(map(repr, DISCARDS))}; not {self.discard!r}")
        if self.take_open not in TAKES:
            raise OptionError(f"take_open is one of {', '.join(map(repr, TAKES))}; not {self.take_open!r}")
        if isinstance(self.take_max, bool) or not isinstance(self.take_max, int) or not 1 <= self.take_max <= 10:
            raise OptionError(f"take_max is a card value from 1 to 10, not {self.take_max!r}")
        if isinstance(self.patience, bool) or not isinstance(self.patience, int) or self.patience < 1:
            raise OptionError(f"patience is a number of turns, 1 or more; not {self.patience!r}")

    def label(self) -> str:
        """A short name for tables and plots: ``'declare ≤8, most points, take below deck'``."""
        take = {"below deck": "take below deck", "at most": f"take ≤{self.take_max}",
                "never": "always draw"}[self.take_open]
        return f"declare ≤{self.declare_at}, {self.discard}, {take}"

    def describe(self) -> str:
        """The strategy in a sentence."""
        take = TAKES[self.take_open].replace("a set value", str(self.take_max))
        return (f"Declares once its total is {self.declare_at} or less (or after {self.patience} turns); discards "
                f"{DISCARDS[self.discard]}; takes {take}.")


_MIN_DECLARE = MIN_TOTAL  # a total can never be below this


class PolicyBot:
    """A bot that plays a :class:`Policy`: ``PolicyBot(policy)(observation, rng)``
    returns one of ``observation.legal_actions``.  Its ``__name__`` is the
    policy's label (the tournament table's row)."""

    def __init__(self, policy: Policy, name: str = "") -> None:
        if not isinstance(policy, Policy):
            raise OptionError(f"a PolicyBot plays a least_score Policy(...), not {type(policy).__name__}")
        self.policy = policy
        self.__name__ = name or policy.label()

    def __repr__(self) -> str:
        return f"PolicyBot({self.policy!r})"

    def __call__(self, observation: Observation, rng: random.Random) -> Action:
        pol = self.policy
        actions = bot_actions(observation, "the policy bot")
        if observation.can_declare:
            me = observation.player
            if observation.hand_total <= pol.declare_at or \
                    sum(1 for t in observation.turns if t.player == me) >= pol.patience:
                return DECLARE
        plays = [a for a in actions if type(a) is not Declare]
        # the discard
        if pol.discard == "most cards":
            def rank(cards):
                return (len(cards), sum(CARD_VALUES[c.index] for c in cards))
        elif pol.discard == "highest card":
            def rank(cards):
                return (len(cards) == 1, sum(CARD_VALUES[c.index] for c in cards))
        else:
            def rank(cards):
                return (sum(CARD_VALUES[c.index] for c in cards), len(cards))
        best = max({a.cards for a in plays}, key=rank)  # type: ignore[union-attr]
        mine = [a for a in plays if a.cards == best]  # type: ignore[union-attr]
        # the take
        opens = [a for a in mine if a.take is not None]  # type: ignore[union-attr]
        draw = next((a for a in mine if a.take is None), None)  # type: ignore[union-attr]
        if not opens:
            return draw  # type: ignore[return-value]
        low = min(opens, key=lambda a: CARD_VALUES[a.take.index])  # type: ignore[union-attr]
        value = CARD_VALUES[low.take.index]  # type: ignore[union-attr]
        if draw is None:
            return low
        if pol.take_open == "never":
            return draw
        if pol.take_open == "at most":
            return low if value <= pol.take_max else draw
        return low if value < expected_unseen_value(observation) else draw
