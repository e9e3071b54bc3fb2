"""A Tiến Lên match at a table, without a screen (see ``match.py``).

The learner plays a combination that beats the table, or passes; :class:`TienLenMatch`
turns that input into the engine's action, runs it through the shared move flow, and says
in messages what the status, the scoreboard, the table and a game's result are.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Optional

from .. import tienlen as tl
from ..cards import parse_cards
from ..errors import OptionError
from ..i18n import Message, and_list, ordinal, say, seat
from ..tienlen import coach as tl_coach
from .match import HUMAN, MatchController, ShownMessage

__all__ = ["TienLenMatch", "place"]


def place(k: int) -> Message:
    """'1st', '2nd' … — a place in the finishing order."""
    return ordinal(k)


class TienLenMatch(MatchController):
    """A Tiến Lên match: the learner (seat 0) against bots (three with four players)."""

    game = "tienlen"
    seed_salt = ("tien", "len")
    bots_registry = tl.BOTS
    coach_event_kinds = ("instant_win",)   # a deal is in the log just below: not said twice
    alert_kinds = ("bomb", "chop", "instant_win")
    coach_again = {"coach.tl.pick_play": "coach.tl.pick_play_again", "coach.tl.pick_pass": "coach.tl.pick_pass_again"}

    def __init__(self, level: Any = "greedy", rules: Optional[tl.Rules] = None, coach: bool = False) -> None:
        if rules is not None and not isinstance(rules, tl.Rules):
            raise OptionError(say("tables.tl_rules_kind", given=type(rules).__name__))
        super().__init__(level, coach)
        self.base_rules = rules or tl.Rules()
        self.resolve_bots(level, self.base_rules.players - 1)
        self.alert: Any = None        # the last bomb, chop or instant win of this game (an event)

    # --- settings ---------------------------------------------------------------------
    def apply(self, level: Any, target: int) -> None:
        """The settings for the next match (each checked; nothing changes on a bad one)."""
        self.resolve_bots(level, self.base_rules.players - 1)
        self.base_rules = dataclasses.replace(self.base_rules, target=target)  # checks the target
        self.level = level

    def make_state(self, seed: int) -> tl.TienLenState:
        self.bots = self.resolve_bots(self.level, self.base_rules.players - 1)
        return tl.new_game(self.base_rules, seed)

    def start(self, seed: int) -> None:
        self.alert = None
        super().start(seed)

    def settings_record(self) -> dict:
        return {"rules": self.rules_record(self.base_rules)}

    def restore_settings(self, settings: dict) -> None:
        rules = tl.Rules(**settings["rules"])
        self.resolve_bots(settings["level"], rules.players - 1)
        self.base_rules, self.level = rules, settings["level"]

    def settings_words(self) -> Message:
        """'4 players, to 21 points' — what the deal code needs beside it."""
        r = self.state.rules
        return say("tables.tl_settings", players=r.players, target=r.target)

    # --- the learner's moves ------------------------------------------------------------
    def play(self, cards: Any) -> bool:
        """Play ``cards`` (the chosen ones).  True when played; else the reason is the status."""
        if not self.ready():
            return False
        if not cards:
            # Pass is refused while leading: it is offered only when it may be pressed
            return self.refuse(ShownMessage("error", say("tables.tl_choose_lead_first" if self.state.table is None
                                                 else "tables.tl_choose_first")))
        combo = tl.classify(cards)
        if combo is None:
            return self.refuse(ShownMessage("error", say("tables.tl_cannot_play_that", reason=tl.illegal_problem(cards))))
        return self.act(combo, "p:" + " ".join(c.code for c in cards),
                        lambda reason: say("tables.tl_cannot_play", combo=tuple(combo.cards), reason=reason))

    def pass_(self) -> bool:
        """Pass (refused, with the engine's reason, when the learner leads)."""
        return self.act(tl.PASS, "-", lambda reason: say("tables.tl_cannot_pass", reason=reason))

    def learner_moved(self, action: Any, before: Any) -> None:
        self.note = None
        after = self.state.observation(HUMAN)
        if self.coach and after.round_number == before.round_number and before.table is not None \
                and after.table is None and after.current_player >= 0:
            leader = after.current_player
            self.coach_notes.append(say("tables.tl_cleared_you_lead") if leader == HUMAN
                                    else say("tables.tl_cleared_leads", player=seat(leader)))

    def replay_step(self, step: str) -> bool:
        if step == "-":
            return self.pass_()
        if not step.startswith("p:"):
            return False
        return self.play(parse_cards(step[2:]))

    def sync_log(self) -> list[Any]:
        new = super().sync_log()
        for e in new:
            if e.kind in self.alert_kinds:
                self.alert = e
            elif e.kind == "deal" and self.alert is not None and e.round != self.alert.round:
                self.alert = None
        return new

    # --- where the match is ---------------------------------------------------------
    def round_number(self) -> int:
        return self.pending.game if self.pending is not None else self.state.observation(HUMAN).round_number

    def learner_done(self) -> bool:
        return self.bots_to_play() and HUMAN in self.state.observation(HUMAN).finished

    def leading(self) -> bool:
        """True when the learner leads now (Pass is refused then)."""
        return self.my_turn() and self.state.table is None

    def your_turn(self, obs: tl.Observation) -> Message:
        if obs.table is None:
            return say("tables.tl_your_turn_lead")
        if self.coach and self.coach_notes:
            # the coach's box has just told the play to beat (its last line), and the log reads
            # it out to screen readers: the status does not name it a second time
            return say("tables.tl_your_turn_beat_coached")
        return say("tables.tl_your_turn_beat", table=self.table_words(obs))

    def table_words(self, obs: tl.Observation) -> Message:
        """'Player 3's pair of 9s' / 'your own pair of 9s'."""
        if obs.table_player == HUMAN:
            return say("tables.tl_your_own", combo=obs.table.description)
        return say("tables.tl_players", player=seat(obs.table_player), combo=obs.table.description)

    def waiting(self, obs: tl.Observation) -> ShownMessage:
        playing = say("tables.playing", player=seat(obs.current_player))
        if HUMAN in obs.finished:
            return ShownMessage("success", say("tables.tl_you_went_out", place=place(obs.finished.index(HUMAN) + 1),
                                       playing=playing))
        return ShownMessage("info", playing)

    def round_over_status(self) -> Message:
        res = self.pending
        return say("tables.tl_game_over_won", game=res.game, winner=seat(res.winner, you=HUMAN))

    def winner(self) -> Message:
        st = self.state
        w = st.winner
        points = st.returns()[w]
        if w == HUMAN:
            return say("tables.tl_you_win", points=points)
        return say("tables.tl_player_wins", player=seat(w), points=points)

    # --- the table in the middle -----------------------------------------------------------
    def table_lines(self) -> list[Message]:
        """What lies on the table, and the first play's rule.  On the learner's turn the
        status says what lies there ("Your turn: beat Player 3's pair of 9s, or pass"), so
        only the rule is left here."""
        obs = self.state.observation(HUMAN)
        lines = []
        if self.my_turn():
            pass
        elif obs.table is None:
            leader = obs.current_player
            lines.append(say("tables.tl_clear_you_lead") if leader == HUMAN
                         else say("tables.tl_clear_leads", player=seat(leader)))
        else:
            lines.append(say("tables.tl_to_beat", table=self.table_words(obs)))
        if obs.must_play is not None:
            lines.append(say("tables.tl_must_contain", card=obs.must_play))
        return lines

    # --- the scoreboard ------------------------------------------------------------------
    def now(self, p: int, obs: tl.Observation, short: bool = False) -> Optional[Message]:
        """What seat ``p`` is doing now (``short``: under its face-down hand)."""
        if p in obs.finished:
            return say("tables.tl_now_out", place=place(obs.finished.index(p) + 1))
        if obs.current_player == p:
            return say("tables.now_to_play")
        if p in obs.passed:
            return say("tables.tl_now_passed")
        if obs.table_player == p:
            return say("tables.tl_now_played_last")
        return None

    def scoreboard_title(self, obs: tl.Observation) -> Message:
        game = self.pending.game if self.pending is not None else obs.round_number
        return say("tables.tl_scoreboard_title", game=game, target=self.state.rules.target)

    def scoreboard_cells(self, p: int, obs: tl.Observation) -> tuple[Any, Any, Any]:
        res = self.pending
        if res is None:
            return obs.hand_sizes[p], obs.scores[p], self.now(p, obs)
        # the finishing order is listed just beside, in the result: only an instant win is marked
        return "—", res.totals[p], say("tables.tl_now_instant") if res.instant_winner == p else None

    # --- the coach --------------------------------------------------------------------
    def coach_advice(self, obs: tl.Observation) -> list[Any]:
        return list(tl_coach.advice(obs))

    def coach_explain(self, before: tl.Observation, player: int, action: Any) -> Any:
        said = tl_coach.explain(before, player, action, self.state.observation(HUMAN), you=HUMAN)
        if action is tl.PASS:
            # a pass is the scoreboard's "passed": told only when it clears the table (who leads)
            return said.then
        return said.move if said.then is None else say("tables.then", first=said.move, then=said.then)

    def coach_round_over(self) -> list[Any]:
        res = self.pending
        if res is None:
            return [say("tables.match_over_press_new")]
        # the points are worked out just below: the coach says only what comes next
        if self.match_over():
            return []
        return [say("tables.tl_coach_you_lead_next" if res.winner == HUMAN else "tables.tl_coach_they_lead_next",
                    winner=seat(res.winner, you=HUMAN))]

    # --- a finished game, worked out ---------------------------------------------------
    def result_lines(self) -> list[Message]:
        """The finishing order, the points, the match points, and what comes next."""
        res: tl.GameResult = self.pending
        st = self.state
        n = st.num_players
        lines = []
        if res.instant_win:
            lines.append(say("tables.tl_instant_four_twos" if res.instant_win == "four_twos" else "tables.tl_instant_dragon",
                             player=seat(res.instant_winner, you=HUMAN), points=res.scores[res.instant_winner]))
        else:
            lines.append(say("tables.tl_order_head"))
            for k, p in enumerate(res.finishing_order, start=1):
                last = k == len(res.finishing_order)
                lines.append(say("tables.tl_order_line_last" if last else "tables.tl_order_line",
                                 place=place(k), player=seat(p, you=HUMAN), points=res.scores[p]))
        before = [t - s for t, s in zip(res.totals, res.scores)]
        lines.append(say("tables.tl_match_points", sums=and_list([say("tables.tl_points_sum", player=seat(p, you=HUMAN),
                                                            before=before[p], score=res.scores[p], total=res.totals[p])
                                                        for p in range(n)])))
        if not self.match_over():   # the match's winner is the status's
            deal = next((e for e in st.events if e.kind == "deal" and e.round == res.game + 1), None)
            if deal is not None:
                lines.append(say("tables.next_event", event=getattr(deal, "message", None) or deal.text))
        return lines

    def result_title(self) -> Message:
        """The heading over a finished game."""
        return say("tables.tl_result_title", game=self.pending.game)
