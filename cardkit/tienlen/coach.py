"""The Tiến Lên coach: the move it would make and a reason a learner can reuse, and
what another player's move meant.

The coach's move is the strong bot's (:mod:`cardkit.tienlen.strong`): it splits the
hand into combinations (:func:`~cardkit.tienlen.strong.plan_hand`), leads the longest,
keeps bombs and 2s, and beats the table only with what the plan can spare.  The
reason is read from the same plan — "keep J♣ J♥ Q♠ Q♣ K♠ K♥ together: it is a
bomb", "lead your longest combination".  Everything is a
:class:`~cardkit.i18n.Message` (a code and its values; the English is in
``cardkit/i18n/texts/coach.py``): a table shows ``str(message)`` and may use the
structured parts of :class:`Advice` (the action to preselect, the reason's code).

>>> from cardkit.tienlen import new_game
>>> state = new_game(seed=1)
>>> tip = coach(state.observation(state.current_player()))
>>> tip.reason.code
'coach.tl.why.first_play'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..cards import full_deck
from ..i18n import Message, and_list, ordinal, say, seat
from .game import PASS, Action, Observation
from .rules import Combo, card_key, why_beats
from .strong import plan_hand, strong_bot, sure_winner, unseen_mask

__all__ = ["Advice", "Explanation", "coach", "advice", "suggestion", "explain", "explain_move", "kind_message"]



@dataclass(frozen=True)
class Advice:
    """What the coach says before one of the learner's turns.

    - ``action``: the move it would make (the strong bot's): a :class:`Combo` or ``PASS``
      (a table may preselect its cards);
    - ``reason``: why, as a Message a learner can reuse (``reason.code`` is one of
      ``coach.tl.why.*``);
    - ``situation``: what is on the table and what beats it (None when leading);
    - ``warning``: another player is close to going out (None otherwise).
    """

    action: Action
    reason: Message
    situation: Optional[Message] = None
    warning: Optional[Message] = None

    @property
    def pick(self) -> Message:
        """The move and its reason in one sentence: "Play 3♠ 4♥ 5♦: lead your longest …"."""
        if self.action is PASS:
            return say("coach.tl.pick_pass", reason=self.reason)
        return say("coach.tl.pick_play", cards=self.action.cards, reason=self.reason)

    def lines(self) -> list[Message]:
        """What a coach box shows, one Message a line: a warning, the pick — and the
        situation only when 2s are on the table (a bomb may chop them); otherwise the
        table's own status says what is to beat."""
        twos = ("coach.tl.to_beat_two", "coach.tl.to_beat_top_two")
        shown = self.situation if self.situation is not None and self.situation.code in twos else None
        return [m for m in (shown, self.warning, self.pick) if m is not None]


@dataclass(frozen=True)
class Explanation:
    """What a move meant: ``move`` (who played what, or passed) and ``then`` (what
    follows from it — going out, who leads — or None).  A table that has just seen the
    learner's own move shows only ``then``."""

    move: Message
    then: Optional[Message] = None

    def messages(self) -> list[Message]:
        """The parts, in order."""
        return [self.move] + ([self.then] if self.then is not None else [])

    def __str__(self) -> str:
        return " ".join(str(m) for m in self.messages())


def suggestion(observation: Observation) -> Action:
    """The move the coach would make: the strong bot's (it uses no random numbers)."""
    return strong_bot(observation, None)  # type: ignore[arg-type]


def kind_message(combo: Combo) -> Message:
    """The combination's kind as a Message: "pair", "sequence of 4 cards", …"""
    if combo.kind == "sequence":
        return say("coach.tl.kind.sequence", n=len(combo))
    if combo.kind == "double_sequence":
        return say("coach.tl.kind.double_sequence", n=combo.pairs)
    return say(f"coach.tl.kind.{combo.kind}")


def _broken(play: Combo, plan: list[Combo]) -> list[Combo]:
    """The plan's combinations that ``play`` takes some cards of, but not all."""
    return [c for c in plan if c.mask & play.mask and c.mask & ~play.mask]


def _keep_together(combo: Combo) -> Message:
    if combo.is_bomb:
        return say("coach.tl.why.keep_bomb", cards=combo.cards)
    return say("coach.tl.why.keep_together", cards=combo.cards, kind=kind_message(combo))


def _precious(c: Combo) -> bool:
    return c.is_bomb or c.key.rank == 2


_TOP_CARD = max(full_deck(), key=card_key)
"""The highest card in the engine's order (2♥): nothing of its kind beats a play keyed on it."""


def _about(code: str, lows: list[int], **values) -> Message:
    """``code`` said of the players with the fewest cards: one of them by name, or two or
    more together (``code`` + ``_many``: "Player 1 and Player 3 each have 5 cards left")."""
    if len(lows) == 1:
        return say(code, who=seat(lows[0]), **values)
    return say(code + "_many", who=and_list([seat(q) for q in lows]), **values)


def _lead_reason(obs: Observation, move: Combo, plan: list[Combo], lows: list[int]) -> Message:
    if len(move) == len(obs.hand):
        return say("coach.tl.why.go_out")
    if obs.must_play is not None:
        return say("coach.tl.why.first_play", card=obs.must_play)
    unseen = unseen_mask(obs)
    winners = [c for c in plan if sure_winner(c, unseen, obs.rules)]
    if move in winners and len(plan) - len(winners) <= 1:
        return say("coach.tl.why.sure_winner")
    if lows and obs.hand_sizes[lows[0]] == 1:
        if len(move) > 1:
            return _about("coach.tl.why.one_card_multi", lows)
        return _about("coach.tl.why.one_card_high", lows)
    longest = max((len(c) for c in plan if not _precious(c)), default=1)
    if len(move) > 1 and len(move) >= longest:
        return say("coach.tl.why.lead_longest")
    return say("coach.tl.why.lead_low")


def _follow_reason(obs: Observation, move: Combo, plan: list[Combo], lows: list[int]) -> Message:
    if len(move) == len(obs.hand):
        return say("coach.tl.why.go_out")
    if _precious(move):
        if lows and obs.hand_sizes[lows[0]] <= 5:
            return _about("coach.tl.why.spend_now_danger", lows, n=obs.hand_sizes[lows[0]])
        return say("coach.tl.why.spend_now_winner")
    if lows and obs.hand_sizes[lows[0]] <= 5 and _broken(move, plan):
        return _about("coach.tl.why.stop_them", lows, n=obs.hand_sizes[lows[0]])
    if move in plan:
        return say("coach.tl.why.spare")
    return say("coach.tl.why.cheapest")


def _pass_reason(obs: Observation, plays: list[Combo], plan: list[Combo]) -> Message:
    if not plays:
        return say("coach.tl.why.nothing_beats")
    plain = [c for c in plays if not _precious(c)]
    if not plain:
        return say("coach.tl.why.keep_twos")
    bombs = [c for c in plan if c.is_bomb]
    for c in plain:                         # a bomb first: it is what a learner most often breaks
        for b in _broken(c, bombs):
            return _keep_together(b)
    for c in plain:
        broken = [b for b in _broken(c, plan) if len(b) > 1]
        if broken:
            return _keep_together(max(broken, key=len))
    return say("coach.tl.why.save_for_lead")


def coach(observation: Observation) -> Advice:
    """The coach's advice for ``observation`` (the learner's turn): the strong bot's move
    and why, what is on the table, and a warning when someone is nearly out."""
    obs = observation
    move = suggestion(obs)
    plays = [a for a in obs.legal_actions if a is not PASS]
    plan = plan_hand(obs.hand)
    others = [(n, q) for q, n in enumerate(obs.hand_sizes) if q != obs.player and n > 0]
    fewest = min(others)[0] if others else None
    lows = [q for n, q in others if n == fewest]   # every other player with the fewest cards
    warning = None
    if lows and obs.hand_sizes[lows[0]] <= 3:
        warning = _about("coach.tl.nearly_out", lows, n=obs.hand_sizes[lows[0]])
    if obs.table is None:
        situation = None
        reason = _lead_reason(obs, move, plan, lows)  # type: ignore[arg-type]
    else:
        q = obs.table
        two = q.key.rank == 2 and not q.is_bomb
        top = two and q.key == _TOP_CARD     # no higher single, pair or triple of 2s: a bomb or a pass
        situation = say("coach.tl.to_beat_top_two" if top else "coach.tl.to_beat_two" if two else "coach.tl.to_beat",
                        cards=q.cards, kind=kind_message(q),
                        who=seat(obs.table_player, you=obs.player))
        reason = _pass_reason(obs, plays, plan) if move is PASS else _follow_reason(obs, move, plan, lows)  # type: ignore[arg-type]
    if warning is not None and ("who" in reason.values or reason.code == "coach.tl.why.go_out"):
        warning = None                      # the reason names them already, or the learner goes out now
    return Advice(action=move, reason=reason, situation=situation, warning=warning)


def advice(observation: Observation) -> list[Message]:
    """What the coach box shows before the learner's turn, one Message a line
    (:meth:`Advice.lines` of :func:`coach`)."""
    return coach(observation).lines()


def explain(before: Observation, player: int, action: Action, after: Optional[Observation] = None,
            you: Optional[int] = None) -> Explanation:
    """What ``player``'s move meant, from ``before`` (the observation just before the
    move) and ``after`` (just after it, to tell who goes out and who leads)."""
    who = seat(player, you=you)
    if action is PASS:
        move = say("coach.tl.did_pass", who=who)
    else:
        combo: Combo = action  # type: ignore[assignment]
        if before.table is None:
            move = say("coach.tl.did_lead", who=who, cards=combo.cards, kind=kind_message(combo))
        elif combo.shape == before.table.shape and len(combo.cards) == 1:   # a single is its own key card
            move = say("coach.tl.did_beat_single", who=who, cards=combo.cards, old=before.table.key)
        elif combo.shape == before.table.shape:
            move = say("coach.tl.did_beat", who=who, cards=combo.cards, key=combo.key, old=before.table.key)
        elif combo.is_bomb:
            move = say("coach.tl.did_chop", who=who, cards=combo.cards, kind=kind_message(combo),
                       old=before.table.cards)
        else:   # cannot happen under the rules; said plainly all the same
            move = say("coach.tl.did_play", who=who, cards=combo.cards, why=why_beats(combo, before.table, before.rules))
    then = None
    if after is not None:
        if player in after.finished and player not in before.finished:
            place = after.finished.index(player) + 1
            then = say("coach.tl.went_out_you", place=ordinal(place)) if player == you else \
                say("coach.tl.went_out", who=who, place=ordinal(place))
        elif after.round_number == before.round_number and after.table is None and before.table is not None \
                and after.current_player >= 0:
            leader = after.current_player
            owner = before.table_player if action is PASS else player
            if leader == owner:
                then = say("coach.tl.clears_you") if owner == you else say("coach.tl.clears", who=seat(owner))
            elif owner == you:
                then = say("coach.tl.clears_gone_you", leader=seat(leader))
            elif leader == you:
                then = say("coach.tl.clears_gone_to_you", who=seat(owner))
            else:
                then = say("coach.tl.clears_gone", who=seat(owner), leader=seat(leader))
    return Explanation(move, then)


def explain_move(before: Observation, player: int, action: Action, after: Optional[Observation] = None,
                 you: Optional[int] = None) -> str:
    """:func:`explain` as one English text (for the tables that still show plain text;
    use :func:`explain` and its parts instead)."""
    return str(explain(before, player, action, after, you))
