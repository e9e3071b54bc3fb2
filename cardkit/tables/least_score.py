"""A Least Score match at a table, without a screen (see ``match.py``).

The learner discards a legal group and takes an open card or the deck's top card, or
declares; :class:`LeastScoreMatch` turns that input into the engine's action, runs it
through the shared move flow, and says in messages what the status, the scoreboard and a
round's result are.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Optional

from .. import least_score as ls
from ..cards import Card, parse_cards
from ..errors import CardkitError, IllegalActionError, OptionError, PlayerError
from ..i18n import Message, and_list, say, seat
from ..least_score import coach as ls_coach
from ..least_score import strong as ls_strong
from ..least_score.rules import explain_scores
from .match import HUMAN, MatchController, ShownMessage

__all__ = ["LeastScoreMatch", "DECK"]

DECK = "deck"
"""The take choice meaning "the top card of the deck"."""


class LeastScoreMatch(MatchController):
    """A Least Score match: the learner (seat 0) against 1 to 7 bots."""

    game = "least_score"
    seed_salt = ("least", "score")
    bots_registry = ls.BOTS
    coach_event_kinds = ("reshuffle",)   # a round's start: the status and the coach's "Next:" say it
    coach_again = {"coach.ls.pick_discard": "coach.ls.pick_discard_again",
                   "coach.ls.pick_take": "coach.ls.pick_take_again",
                   "coach.ls.pick_draw": "coach.ls.pick_draw_again"}

    def __init__(self, opponents: Optional[int] = None, level: Any = "greedy", rules: Optional[ls.Rules] = None,
                 coach: bool = False) -> None:
        if rules is not None and not isinstance(rules, ls.Rules):
            raise OptionError(say("tables.ls_rules_kind", given=type(rules).__name__))
        base = rules or ls.Rules()
        if opponents is None:
            opponents = base.players - 1 if rules is not None else 3
        self.check_opponents(opponents)
        super().__init__(level, coach)
        self.base_rules = base
        self.opponents = opponents
        self.resolve_bots(level, opponents)  # a bad level fails here, plainly

    # --- settings ---------------------------------------------------------------------
    @staticmethod
    def check_opponents(n: Any) -> None:
        """Refuse a number of opponents the game does not have, plainly."""
        low, high = ls.Rules.MIN_PLAYERS - 1, ls.Rules.MAX_PLAYERS - 1
        if isinstance(n, bool) or not isinstance(n, int) or not low <= n <= high:
            raise PlayerError(say("tables.ls_opponents", low_players=low + 1, high_players=high + 1,
                                   low=low, high=high, given=repr(n)))

    def apply(self, opponents: int, level: Any, threshold: int) -> None:
        """The settings for the next match (each checked; nothing changes on a bad one)."""
        self.check_opponents(opponents)
        self.resolve_bots(level, opponents)
        base = dataclasses.replace(self.base_rules, threshold=threshold)  # checks the threshold
        self.base_rules, self.opponents, self.level = base, opponents, level

    def make_state(self, seed: int) -> ls.LeastScoreState:
        rules = dataclasses.replace(self.base_rules, players=self.opponents + 1)
        self.bots = self.resolve_bots(self.level, self.opponents)
        return ls.new_game(rules, seed)

    def settings_record(self) -> dict:
        return {"rules": self.rules_record(self.base_rules), "opponents": self.opponents}

    def restore_settings(self, settings: dict) -> None:
        rules = ls.Rules(**settings["rules"])
        opponents = settings["opponents"]
        self.check_opponents(opponents)
        self.resolve_bots(settings["level"], opponents)
        self.base_rules, self.opponents, self.level = rules, opponents, settings["level"]

    def settings_words(self) -> Message:
        """'3 opponents, threshold 50' — what the deal code needs beside it."""
        return say("tables.ls_settings", n=self.opponents, threshold=self.state.rules.threshold)

    # --- the learner's moves ------------------------------------------------------------
    def discard(self, cards: Any, take: Any = None) -> bool:
        """Discard ``cards`` (the chosen ones) and take ``take``: an open card (a Card or
        text such as '7C') or None for the deck.  True when played; else the reason is
        the status."""
        if not self.ready():
            return False
        if not cards:
            return self.refuse(ShownMessage("error", say("tables.ls_choose_first")))
        try:
            action = ls.Discard(cards, take=None if take == DECK else take)
        except CardkitError as exc:
            return self.refuse(ShownMessage("error", getattr(exc, "message", None) or say("tables.reason", reason=str(exc))))
        step = "d:" + " ".join(c.code for c in action.cards) + ">" + ("deck" if action.take is None else action.take.code)
        return self.act(action, step, lambda reason: say("tables.cannot_do", reason=reason))

    def declare(self) -> bool:
        """Declare (refused, with the engine's reason, when not allowed now)."""
        return self.act(ls.DECLARE, "x", lambda reason: say("tables.ls_cannot_declare", reason=reason))

    def learner_moved(self, action: Any, before: Any) -> None:
        self.note = None
        if isinstance(action, ls.Discard) and action.take is None:
            drawn = [c for c in self.state.hand(HUMAN) if c not in set(before.hand)]
            if drawn:
                # with the coach on, its "what just happened" tells it, first: the status
                # keeps its one line, the same at every turn (read once)
                drawn_note = say("tables.ls_you_drew", card=drawn[0])
                if self.coach:
                    self.coach_notes.append(drawn_note)
                else:
                    self.note = drawn_note

    def replay_step(self, step: str) -> bool:
        if step == "x":
            return self.declare()
        if not step.startswith("d:") or ">" not in step:
            return False
        cards, take = step[2:].split(">", 1)
        return self.discard(parse_cards(cards), None if take == "deck" else take)

    def suggested_take(self, cards: Any = None) -> Any:
        """The take the coach recommends now (an open card, or :data:`DECK`); the take
        choice starts on it.  With ``cards`` (a legal discard the learner chose, maybe not
        the coach's), the best take after discarding those; None when it is not the
        learner's turn or ``cards`` are not a legal discard of theirs."""
        obs = self.state.observation(HUMAN)
        if not self.my_turn():
            return None
        if cards is not None:
            try:
                best = ls_strong.best_take(obs, cards)
            except IllegalActionError:
                return None
            return DECK if best is None else best
        move = ls_coach.suggestion(obs)
        if isinstance(move, ls.Discard):
            return DECK if move.take is None else move.take
        low = min(obs.open_cards, key=ls.card_value) if obs.open_cards else None
        return low if low is not None and not obs.can_draw else DECK

    # --- where the match is ---------------------------------------------------------
    def round_number(self) -> int:
        return self.pending.round_number if self.pending is not None else self.state.observation(HUMAN).round_number

    def learner_done(self) -> bool:
        obs = self.state.observation(HUMAN)
        return self.bots_to_play() and not obs.still_in[HUMAN]

    def your_turn(self, obs: ls.Observation) -> Message:
        return say("tables.ls_your_turn")

    def waiting(self, obs: ls.Observation) -> ShownMessage:
        playing = say("tables.playing", player=seat(obs.current_player))
        if not obs.still_in[HUMAN]:
            return ShownMessage("info", say("tables.ls_out_others_play", playing=playing))
        return ShownMessage("info", playing if self.note is None else say("tables.then", first=self.note, then=playing))

    def round_over_status(self) -> Message:
        # short: the result's heading, just below, says who declared and how it went
        return say("tables.ls_round_over", round=self.pending.round_number)

    def winner(self) -> Message:
        st = self.state
        win = st.winners()
        points = st.returns()[win[0]]
        if win == [HUMAN]:
            return say("tables.ls_you_win", points=points)
        if len(win) == 1:
            return say("tables.ls_player_wins", player=seat(win[0]), points=points)
        return say("tables.ls_shared_win", players=and_list([seat(p, you=HUMAN) for p in win]), points=points)

    # --- the scoreboard ------------------------------------------------------------------
    def scoreboard_title(self, obs: ls.Observation) -> Message:
        rnd = self.pending.round_number if self.pending is not None else obs.round_number
        return say("tables.ls_scoreboard_title_last_standing" if self._last_standing() else "tables.ls_scoreboard_title",
                   round=rnd, threshold=self.state.rules.threshold)

    def _last_standing(self) -> bool:
        """A score over the threshold puts only that player out (otherwise it ends the match)."""
        return self.state.rules.match_end == "last_standing"

    def scoreboard_cells(self, p: int, obs: ls.Observation) -> tuple[Any, Any, Any]:
        result = self.pending
        now: list[Message] = []
        if result is not None:
            size = len(result.hands[p]) if result.totals[p] is not None else 0
            if p == result.declarer:
                now.append(say("tables.ls_now_declared"))
            score = result.running_scores[p]
        else:
            size = obs.hand_sizes[p]
            if obs.current_player == p:
                now.append(say("tables.now_to_play"))
            score = obs.scores[p]
        out = say("tables.ls_now_knocked_out" if self._last_standing() else "tables.ls_now_over_threshold")
        if not obs.still_in[p] and (result is None or p not in result.players):
            now = [out]
        elif result is not None and p in result.knocked_out:
            now.append(out)
        if not now:
            return size, score, None
        return size, score, now[0] if len(now) == 1 else say("tables.pair", first=now[0], then=now[1])

    # --- the coach --------------------------------------------------------------------
    def coach_advice(self, obs: ls.Observation) -> list[Any]:
        return list(ls_coach.advice(obs))

    def coach_explain(self, before: ls.Observation, player: int, action: Any) -> Any:
        return ls_coach.explain_move(before, player, action, you=HUMAN)

    def coach_round_over(self) -> list[Any]:
        res = self.pending
        if res is None:
            return [say("tables.match_over_press_new")]
        # how the round was scored is worked out just below: the coach says only what comes next
        if self.match_over():
            return []
        return [say("tables.ls_coach_next", opening=ls_coach.round_opening(self.state.observation(HUMAN)))]

    # --- a finished round, worked out -------------------------------------------------
    def result_steps(self) -> list[Message]:
        """How the finished round was scored, step by step (the hands and their totals are
        shown just above; who won the match is the status's)."""
        res: ls.RoundResult = self.pending
        st = self.state
        names = [str(seat(p, you=HUMAN)) for p in res.players]
        explanation = explain_scores([res.totals[p] for p in res.players],
                                     res.players.index(res.declarer), st.rules, names=names, letters=False)
        before = [r - s for r, s in zip(res.running_scores, res.scores)]
        sums = and_list([say("tables.sum_line", player=seat(p, you=HUMAN), before=before[p], score=res.scores[p],
                             total=res.running_scores[p]) for p in sorted(res.players)])   # in seat order: You first
        steps = [say("tables.ls_step_explained", explanation=getattr(explanation, "message", explanation)),
                 say("tables.ls_step_running", sums=sums)]
        if res.knocked_out:
            step = "tables.ls_step_knocked_out" if self._last_standing() else "tables.ls_step_match_ends"
            steps.append(say(step, threshold=st.rules.threshold,
                             players=and_list([seat(p, you=HUMAN) for p in res.knocked_out])))
        return steps

    def result_title(self) -> Message:
        """The heading over a finished round."""
        res: ls.RoundResult = self.pending
        return say("tables.ls_result_title_succeeds" if res.success else "tables.ls_result_title_fails",
                   round=res.round_number, declarer=seat(res.declarer, you=HUMAN))

    def result_hands(self) -> list[tuple[Message, tuple[Card, ...], Message]]:
        """Every hand shown at the round's end: (whose, cards, 'total: 1 + 4 = 5')."""
        res: ls.RoundResult = self.pending
        out = []
        for p in res.players:
            cards = tuple(ls.display_order(res.hands[p]))
            who = seat(p, you=HUMAN)
            title = say("tables.ls_declared_mark", player=who) if p == res.declarer else who
            values = " + ".join(str(ls.card_value(c)) for c in cards)
            out.append((title, cards, say("tables.ls_hand_total", values=values, total=res.totals[p])))
        return out
