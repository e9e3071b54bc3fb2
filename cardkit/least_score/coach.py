"""The Least Score coach: the move it would make and a reason a learner can reuse, and
what another player's move meant.

The coach's move is the strong bot's (:mod:`cardkit.least_score.strong`): it scores
every legal (discard, take) by the hand it leaves, counting a pair or a run kept for
next turn, and declares when its chance of holding the lowest total is good enough.
The reasons are read from the same numbers — "discard your most valuable group",
"keep 4♣ 4♥: next turn they go in one discard", "take the 2: it is worth less than a
deck card's 6.4 on average", "declare: you are lowest about 80% of the time".
Everything is a :class:`~cardkit.i18n.Message` (a code and its values; the English is
in ``cardkit/i18n/texts/coach.py``); :class:`Advice` also gives the table the parts:
the discard, the take to preselect (:attr:`Advice.take`), the reason codes.

>>> from cardkit.least_score import new_game
>>> state = new_game(seed=7)
>>> tip = coach(state.observation(0))
>>> tip.discard_reason.code in ('coach.ls.why.most_points', 'coach.ls.why.keep_group', 'coach.ls.why.highest_card')
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..cards import Card
from ..i18n import Message, percent, say, seat
from .bots import expected_unseen_value
from .game import DECLARE, Action, Declare, Discard, Observation
from .rules import card_value, display_order, hand_total, legal_discards
from .strong import DEFAULTS, declare_odds, strong_bot

__all__ = ["Advice", "coach", "advice", "suggestion", "take_pick", "explain", "explain_move", "group_message",
           "round_opening"]


DECLARE_NOTE_AT = 0.5
"""The coach says why it does not declare (when it may) only from this chance of being
lowest up — when a learner would think of declaring; below it, declaring is plainly not on."""


def group_message(cards, rules=None) -> Message:
    """A legal discard with its points as a Message: "the run A♣ 2♦ 3♠ (6 points)"; a single
    card alone, "K♥" (its points are its value)."""
    from .rules import discard_kind

    cards = display_order(list(cards))
    kind = discard_kind(cards, rules) or "single"
    if kind == "single":   # one card's points are its value, which the learner knows
        return say("coach.ls.group.single", cards=tuple(cards))
    return say(f"coach.ls.group.{kind}", cards=tuple(cards), points=hand_total(cards))


@dataclass(frozen=True)
class Advice:
    """What the coach says before one of the learner's turns.

    - ``action``: the move it would make (the strong bot's): ``DECLARE`` or a ``Discard``;
    - ``take``: for a discard, the card it would take (None: the top card of the deck) —
      the table's take choice may start on it;
    - ``discard_reason`` / ``take_reason``: why that discard and that take (for a
      declaration, ``discard_reason`` says why to declare and ``take_reason`` is None);
    - ``declare_note``: when declaring is allowed but the coach does not declare, why not.
    """

    action: Action
    discard_reason: Message
    take_reason: Optional[Message] = None
    declare_note: Optional[Message] = None

    @property
    def take(self) -> Optional[Card]:
        """The card the coach would take (None: the deck, or a declaration)."""
        return self.action.take if isinstance(self.action, Discard) else None

    def lines(self) -> list[Message]:
        """What a coach box shows, one Message a line."""
        if not isinstance(self.action, Discard):
            return [say("coach.ls.pick_declare", reason=self.discard_reason)]
        out = [say("coach.ls.pick_discard", cards=tuple(display_order(self.action.cards)), reason=self.discard_reason)]
        if self.take is None:
            out.append(say("coach.ls.pick_draw", reason=self.take_reason))
        else:
            out.append(say("coach.ls.pick_take", card=self.take, reason=self.take_reason))
        if self.declare_note is not None:
            out.append(self.declare_note)
        return out


def suggestion(observation: Observation) -> Action:
    """The move the coach would make: the strong bot's (it uses no random numbers)."""
    return strong_bot(observation, None)  # type: ignore[arg-type]


def take_pick(observation: Observation) -> Optional[Card]:
    """The card the coach would take this turn (None: the deck, or it would declare)."""
    move = suggestion(observation)
    return move.take if isinstance(move, Discard) else None


def _best_group(cards, rules) -> Optional[tuple]:
    """The legal group of two or more of ``cards`` worth most (None if there is none)."""
    groups = [g for g in legal_discards(list(cards), rules) if len(g) > 1]
    return max(groups, key=lambda g: (hand_total(g), len(g))) if groups else None


def coach(observation: Observation) -> Advice:
    """The coach's advice for ``observation`` (the learner's turn)."""
    obs = observation
    rules = obs.rules
    move = suggestion(obs)
    odds = declare_odds(obs, DEFAULTS["slack"]) if obs.can_declare else None
    if isinstance(move, Declare) or move is DECLARE:
        assert odds is not None
        if odds.chance >= DEFAULTS["min_chance"]:
            why = say("coach.ls.why.declare_odds", total=obs.hand_total, chance=percent(odds.chance, digits=0))
        else:
            why = say("coach.ls.why.declare_late", total=obs.hand_total)
        return Advice(move, why)
    assert isinstance(move, Discard)
    gone = set(move.cards)
    rest = [c for c in obs.hand if c not in gone]
    most = max(hand_total(g) for g in legal_discards(list(obs.hand), rules))
    after = rest + ([move.take] if move.take is not None else [])
    kept = _best_group(after, rules)
    if hand_total(move.cards) >= most:
        if len(move.cards) == 1 and _best_group(obs.hand, rules) is None:
            discard_why = say("coach.ls.why.highest_card", card=move.cards[0])
        else:
            discard_why = say("coach.ls.why.most_points", points=hand_total(move.cards))
    elif kept is not None:
        discard_why = say("coach.ls.why.keep_group", cards=tuple(display_order(kept)))
    else:
        discard_why = say("coach.ls.why.lower_total")
    deck = round(expected_unseen_value(obs), 1)
    if move.take is None:
        take_why = say("coach.ls.why.draw", average=deck, n=len(obs.open_cards)) if obs.open_cards else say("coach.ls.why.draw_only")
    elif not obs.can_draw:
        take_why = say("coach.ls.why.must_take")
    elif kept is not None and move.take in kept:
        take_why = say("coach.ls.why.take_group", cards=tuple(display_order(kept)))
    else:
        take_why = say("coach.ls.why.take_low", value=card_value(move.take), average=deck)
    note = None
    if odds is not None and odds.chance >= DECLARE_NOTE_AT:
        # why that chance is not enough: what failing costs (the chance alone does not say it)
        note = say("coach.ls.why.not_declare", chance=percent(odds.chance, digits=0), penalty=rules.penalty)
    return Advice(move, discard_why, take_why, note)


def advice(observation: Observation) -> list[Message]:
    """What the coach box shows before the learner's turn, one Message a line
    (:meth:`Advice.lines` of :func:`coach`)."""
    return coach(observation).lines()


def explain(before: Observation, player: int, action: Action, after: Optional[Observation] = None,
            you: Optional[int] = None) -> Message:
    """What ``player``'s move meant, seen from the seat of ``before`` (its observation
    just before the move): the group and its points, the card taken or the draw, and
    what that tells about their hand."""
    who = seat(player, you=you)
    if isinstance(action, Declare) or action is DECLARE:
        return say("coach.ls.did_declare", who=who)
    assert isinstance(action, Discard)
    group = group_message(action.cards, before.rules)
    if action.take is None:
        move = say("coach.ls.did_draw", who=who, group=group)
    else:
        move = say("coach.ls.did_take", who=who, group=group, card=action.take, value=card_value(action.take))
    if player == you:
        return move
    size = before.hand_sizes[player] - len(action.cards) + 1
    if action.take is not None and card_value(action.take) <= 3:
        return say("coach.ls.did_and", move=move, then=say("coach.ls.getting_low"))
    if size <= 2:
        return say("coach.ls.did_and", move=move, then=say("coach.ls.may_declare_soon", n=size))
    return move


def explain_move(before: Observation, player: int, action: Action, after: Optional[Observation] = None,
                 you: Optional[int] = None) -> str:
    """:func:`explain` as English text (for the tables that still show plain text)."""
    return str(explain(before, player, action, after, you))


def round_opening(observation: Observation) -> Message:
    """Who starts this round (the first turn moves one seat each round)."""
    if observation.first_player == observation.player:
        return say("coach.ls.round_opening_you", round=observation.round_number)
    return say("coach.ls.round_opening", round=observation.round_number, who=seat(observation.first_player))
