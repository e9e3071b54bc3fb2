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
from dataclasses import asdict, dataclass

from ..errors import OptionError
from ..game import bot_actions
from ..i18n import Message, or_list, say
from .bots import expected_unseen_value
from .game import DECLARE, Action, Declare, Observation
from .rules import CARD_VALUES, MAX_TOTAL, MIN_TOTAL

__all__ = ["Policy", "PolicyBot", "DISCARDS", "TAKES"]

DISCARDS: dict[str, Message] = {
    "most_points": say("ls.policy.discard.most_points"),
    "most_cards": say("ls.policy.discard.most_cards"),
    "highest_card": say("ls.policy.discard.highest_card"),
}
"""How a policy picks its discard: each setting's stable id, and the words a control
shows (a catalogue message; render it for display)."""

TAKES: dict[str, Message] = {
    "below_deck": say("ls.policy.take.below_deck"),
    "at_most": say("ls.policy.take.at_most"),
    "never": say("ls.policy.take.never"),
}
"""When a policy takes an open card: each setting's stable id, and the words a control
shows (a catalogue message)."""


def _setting_id(value: object) -> object:
    """A setting's id; the older spelling with spaces (``'most points'``) is read too."""
    return value.replace(" ", "_") if isinstance(value, str) else value


@dataclass(frozen=True)
class Policy:
    """A Least Score strategy in three decisions.

    - ``declare_at``: declare (when allowed) once your total is this or less;
    - ``discard``: which group goes — an id of :data:`DISCARDS`;
    - ``take_open``: when an open card is taken instead of drawing — an id of
      :data:`TAKES`; with ``'at_most'``, the lowest open card is taken when it is
      worth ``take_max`` or less;
    - ``patience``: after this many turns of its own in a round, declare at the next
      chance whatever the total (so every round ends).
    """

    declare_at: int = 8
    discard: str = "most_points"
    take_open: str = "below_deck"
    take_max: int = 4
    patience: int = 10

    def __post_init__(self) -> None:
        object.__setattr__(self, "discard", _setting_id(self.discard))
        object.__setattr__(self, "take_open", _setting_id(self.take_open))
        if isinstance(self.declare_at, bool) or not isinstance(self.declare_at, int) \
                or not 0 <= self.declare_at <= MAX_TOTAL:
            raise OptionError(say("ls.policy.bad_declare_at", most=MAX_TOTAL, given=repr(self.declare_at)))
        if self.discard not in DISCARDS:
            raise OptionError(say("ls.policy.bad_choice", setting="discard", choices=or_list(map(repr, DISCARDS)),
                                  given=repr(self.discard)))
        if self.take_open not in TAKES:
            raise OptionError(say("ls.policy.bad_choice", setting="take_open", choices=or_list(map(repr, TAKES)),
                                  given=repr(self.take_open)))
        if isinstance(self.take_max, bool) or not isinstance(self.take_max, int) or not 1 <= self.take_max <= 10:
            raise OptionError(say("ls.policy.bad_take_max", given=repr(self.take_max)))
        if isinstance(self.patience, bool) or not isinstance(self.patience, int) or self.patience < 1:
            raise OptionError(say("ls.policy.bad_patience", given=repr(self.patience)))

    def label_message(self) -> Message:
        """A short name for tables and plots, as a message:
        ``'declare ≤8, most points, take below deck'`` in English."""
        if self.take_open == "at_most":
            take = say("ls.policy.take_short.at_most", n=self.take_max)
        else:
            take = say(f"ls.policy.take_short.{self.take_open}")
        return say("ls.policy.label", declare_at=self.declare_at,
                   discard=say(f"ls.policy.discard_short.{self.discard}"), take=take)

    def label(self) -> str:
        """:meth:`label_message` rendered: ``'declare ≤8, most points, take below deck'``."""
        return str(self.label_message())

    def description(self) -> Message:
        """The strategy in a sentence, as a message."""
        if self.take_open == "at_most":
            take = say("ls.policy.take_long.at_most", n=self.take_max)
        else:
            take = TAKES[self.take_open]
        return say("ls.policy.describe", declare_at=self.declare_at, patience=self.patience,
                   discard=DISCARDS[self.discard], take=take)

    def describe(self) -> str:
        """The strategy in a sentence (:meth:`description` rendered)."""
        return str(self.description())


_MIN_DECLARE = MIN_TOTAL  # a total can never be below this


class PolicyBot:
    """A bot that plays a :class:`Policy`: ``PolicyBot(policy)(observation, rng)``
    returns one of ``observation.legal_actions``.  Its ``__name__`` is the
    policy's label (the tournament table's row)."""

    def __init__(self, policy: Policy, name: str = "") -> None:
        if not isinstance(policy, Policy):
            raise OptionError(say("policy.not_a_policy", game="least_score", given=type(policy).__name__))
        self.policy = policy
        self.__name__ = name or policy.label()

    def __repr__(self) -> str:
        return f"PolicyBot({self.policy!r})"

    def recipe(self) -> list:
        """Plain data that makes this bot again (a tournament's records are kept under it)."""
        return ["policy", asdict(self.policy)]

    def __call__(self, observation: Observation, rng: random.Random) -> Action:
        pol = self.policy
        actions = bot_actions(observation, say("bots.the_policy_bot"))
        if observation.can_declare:
            me = observation.player
            if observation.hand_total <= pol.declare_at or \
                    sum(1 for t in observation.turns if t.player == me) >= pol.patience:
                return DECLARE
        plays = [a for a in actions if type(a) is not Declare]
        # the discard
        if pol.discard == "most_cards":
            def rank(cards):
                return (len(cards), sum(CARD_VALUES[c.index] for c in cards))
        elif pol.discard == "highest_card":
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
        if pol.take_open == "at_most":
            return low if value <= pol.take_max else draw
        return low if value < expected_unseen_value(observation) else draw
