"""Tiến Lên bots built from a few settings: a strategy a learner can set with controls.

A :class:`Policy` says when to spend 2s and bombs, whether to break up a sequence
to answer the table, and how to lead; :class:`PolicyBot` plays it.  Both pickle,
so a policy bot plays in a tournament's worker processes::

    >>> from cardkit.tienlen.policy import Policy, PolicyBot
    >>> bot = PolicyBot(Policy(twos='early', lead='high'))
    >>> bot.__name__
    '2s early, bombs when needed, keep sequences, lead high'
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass

from ..errors import OptionError
from ..i18n import Message, or_list, say
from .game import PASS, Action, Observation
from .rules import DOUBLE_SEQUENCE, SEQUENCE, mask_of_cards, plays_of_mask

__all__ = ["Policy", "PolicyBot", "SPEND", "LEADS"]

SPEND: dict[str, Message] = {
    "early": say("tl.policy.spend.early"),
    "when_needed": say("tl.policy.spend.when_needed"),
    "last": say("tl.policy.spend.last"),
}
"""When a policy spends its 2s (or its bombs): each setting's stable id, and the words
a control shows (a catalogue message; render it for display)."""

LEADS: dict[str, Message] = {
    "low": say("tl.policy.lead.low"),
    "most_cards": say("tl.policy.lead.most_cards"),
    "high": say("tl.policy.lead.high"),
}
"""How a policy leads when the table is clear: ids and the words a control shows."""


def _setting_id(value: object) -> object:
    """A setting's id; the older spelling with spaces (``'when needed'``) is read too."""
    return value.replace(" ", "_") if isinstance(value, str) else value


@dataclass(frozen=True)
class Policy:
    """A Tiến Lên strategy in four decisions:

    - ``twos`` and ``bombs``: when to spend them — one of :data:`SPEND`;
    - ``break_sequences``: True lets an answer use a card of a sequence you hold
      (of 3 or more); False passes instead, unless an opponent is down to 3 cards;
    - ``lead``: how to lead a clear table — one of :data:`LEADS`.
    """

    twos: str = "when_needed"
    bombs: str = "when_needed"
    break_sequences: bool = False
    lead: str = "most_cards"

    def __post_init__(self) -> None:
        for name in ("twos", "bombs", "lead"):
            object.__setattr__(self, name, _setting_id(getattr(self, name)))
        for name in ("twos", "bombs"):
            if getattr(self, name) not in SPEND:
                raise OptionError(say("tl.policy.bad_choice", setting=name, choices=or_list(map(repr, SPEND)),
                                      given=repr(getattr(self, name))))
        if not isinstance(self.break_sequences, bool):
            raise OptionError(say("tl.policy.bad_break_sequences", given=repr(self.break_sequences)))
        if self.lead not in LEADS:
            raise OptionError(say("tl.policy.bad_choice", setting="lead", choices=or_list(map(repr, LEADS)),
                                  given=repr(self.lead)))

    def label_message(self) -> Message:
        """A short name for tables and plots, as a message: ``'2s when needed, bombs when
        needed, keep sequences, lead most cards'`` in English."""
        return say("tl.policy.label", twos=say(f"tl.policy.spend_short.{self.twos}"),
                   bombs=say(f"tl.policy.spend_short.{self.bombs}"),
                   sequences=say("tl.policy.sequences_short.break" if self.break_sequences
                                 else "tl.policy.sequences_short.keep"),
                   lead=say(f"tl.policy.lead_short.{self.lead}"))

    def label(self) -> str:
        """:meth:`label_message` rendered, for tables and plots."""
        return str(self.label_message())

    def description(self) -> Message:
        """The strategy in a sentence, as a message."""
        return say("tl.policy.describe_breaks" if self.break_sequences else "tl.policy.describe_keeps",
                   twos=SPEND[self.twos], bombs=SPEND[self.bombs], lead=LEADS[self.lead])

    def describe(self) -> str:
        """The strategy in a sentence (:meth:`description` rendered)."""
        return str(self.description())


def _sequence_cards(hand_mask: int) -> int:
    """The cards of the hand that belong to some sequence (3 or more ranks in a row)."""
    out = 0
    for combo in plays_of_mask(hand_mask):
        if combo.code == SEQUENCE:
            out |= combo.mask
    return out


class PolicyBot:
    """A bot that plays a :class:`Policy`: ``PolicyBot(policy)(observation, rng)``
    returns one of ``observation.legal_actions``; its ``__name__`` is the policy's
    label."""

    def __init__(self, policy: Policy, name: str = "") -> None:
        if not isinstance(policy, Policy):
            raise OptionError(say("policy.not_a_policy", game="tienlen", given=type(policy).__name__))
        self.policy = policy
        self.__name__ = name or policy.label()

    def __repr__(self) -> str:
        return f"PolicyBot({self.policy!r})"

    def recipe(self) -> list:
        """Plain data that makes this bot again (a tournament's records are kept under it)."""
        return ["policy", asdict(self.policy)]

    def __call__(self, observation: Observation, rng: random.Random) -> Action:
        pol = self.policy
        plays = [a for a in observation.legal_actions if a is not PASS]
        if not plays:
            return PASS
        in_hand = len(observation.hand)
        for combo in plays:
            if len(combo) == in_hand:
                return combo
        me = observation.player
        others = [n for q, n in enumerate(observation.hand_sizes) if q != me and n > 0]
        pressed = bool(others) and min(others) <= 3
        needed = pressed or in_hand <= 4

        def allowed(c) -> bool:
            if c.is_bomb:
                rule = pol.bombs
            elif c.key.rank == 2:
                rule = pol.twos
            else:
                return True
            return rule == "early" or (rule == "when_needed" and needed)

        free = [c for c in plays if allowed(c)]
        if observation.table is None:
            pool = free or plays
            if pol.lead == "low":
                return min(pool, key=lambda c: (c.top, -len(c), c.mask))
            if pol.lead == "high":
                plain = [c for c in pool if not c.is_bomb and c.key.rank != 2] or pool
                return max(plain, key=lambda c: (c.top, len(c), c.mask))
            return min(pool, key=lambda c: (-len(c), c.top, c.mask))
        if not pol.break_sequences and not pressed and free:
            runs = _sequence_cards(mask_of_cards(observation.hand))
            keep = [c for c in free if c.code in (SEQUENCE, DOUBLE_SEQUENCE) or not c.mask & runs]
            free = keep
        if free:
            return min(free, key=lambda c: (c.top, c.mask))
        return PASS
