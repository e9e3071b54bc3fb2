"""A Tiến Lên match against three bots, in one widget.

::

    from cardkit.widgets import TienLenTable
    TienLenTable(level='greedy')

You are Player 0.  Choose cards in your hand (the table says at once which
combination they make and whether they beat the play on the table) and press
**Play**, or press **Pass**.  The bots answer one at a time; bombs and chops are
announced.  When a game ends the finishing order and the points are shown, and
who leads the next game; **Next game** goes on until someone reaches the target.

Everything shown comes from the engine (:mod:`cardkit.tienlen`).  Code can play
too: ``table.select('3S 4S 5H')``, ``table.play()``, ``table.pass_()``,
``table.next_round()``, ``table.new_match(...)``.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Optional

from .. import guard as widgets

from ... import tienlen as tl
from ...errors import CardkitError
from ...words import game_name as name_of_game, ordinal
from ...tienlen import coach as tl_coach
from ..checkers import legal_list_html, tienlen_sections, tienlen_verdict
from ..hand import CardRow, Hand
from ..messages import StatusMessage, safe_callback
from .base import HUMAN, TableBase, action_button, esc, hidden, menu, player_name, resolve_seed, wrap_row

__all__ = ["TienLenTable"]

_TARGETS = (5, 11, 21)


class TienLenTable(TableBase):
    """A Tiến Lên match: you (Player 0) against bots (three with the usual four
    players).

    Arguments:
        level: the bots' level — a name in :data:`cardkit.tienlen.BOTS`
            (``'random'``, ``'greedy'`` …) or a bot function — or a list with one
            per bot.
        rules: a :class:`cardkit.tienlen.Rules` (target, house variants, number of
            players).
        seed: the deal — None for a fresh one, a whole number, or a deal code
            such as ``'K7Q-29X'``.
        delay: seconds between two bot moves (0: all at once, as in tests).
        four_colour: ♠ black, ♥ red, ♦ blue, ♣ green (the learner's switch on the
            table changes it, and the learner's browser remembers it).
        coach: start with the coach on: before each of your turns it says what you
            may do and why, after each move what it meant (a switch turns it off).
    """

    game_name = "tien len"
    round_word = "game"
    bots_registry = tl.BOTS
    game = "tienlen"
    game_title = name_of_game("tienlen")
    hint_words = ("Show my legal plays", "Point out and list every legal play in your hand")
    coach_event_kinds = ("deal", "instant_win")
    scoreboard_columns = ("Cards left", "Points")

    def __init__(self, level: Any = "greedy", rules: Optional[tl.Rules] = None, seed: Any = None,
                 delay: float = 0.8, four_colour: bool = False, coach: bool = False) -> None:
        if rules is not None and not isinstance(rules, tl.Rules):
            raise CardkitError(f"rules must be a Tiến Lên Rules(...), not {type(rules).__name__}")
        self._base_rules = rules or tl.Rules()
        self._level = level
        self._resolve_bots(level, self._base_rules.players - 1)
        self._four = four_colour
        self._alert_game = 0
        super().__init__(delay=delay, coach=coach)
        self._build()
        self._start(resolve_seed(seed))

    # --- settings ---------------------------------------------------------------------
    @property
    def rules(self) -> tl.Rules:
        """The rules of the match being played."""
        return self.state.rules

    def _apply_settings(self, level: Any = None, target: Optional[int] = None) -> None:
        level = self._level_from_menu(level)
        self._resolve_bots(level, self._base_rules.players - 1)
        if target is None:
            target = self.target_choice.value
        self._base_rules = dataclasses.replace(self._base_rules, target=target)  # checks the target
        self._level = level
        self._set_controls()

    def _make_state(self, seed: int) -> tl.TienLenState:
        self.bots = self._resolve_bots(self._level, self._base_rules.players - 1)
        self._alert_game = 0
        return tl.new_game(self._base_rules, seed)

    def _settings_text(self) -> str:
        r = self.state.rules
        return f"{r.players} players, to {r.target} points"

    # --- the widgets ------------------------------------------------------------------
    def _build(self) -> None:
        self.target_choice = menu(_TARGETS, "Play to:", "9em")
        intro = widgets.HTML(
            "<b>Tiến Lên</b> — you are <b>Player 0</b>. Cards rank 3 (lowest) … K A 2 (highest); suits "
            "♠ &lt; ♣ &lt; ♦ &lt; ♥. Beat the play on the table with the same kind of combination and a higher "
            "key card (its highest card), or pass. First to play all their cards wins the game.")
        self.hand = Hand((), sort_key=tl.card_key, title="Your hand", four_colour=self._four, card_width=64,
                         highlight_text="part of a legal play", highlight_follows_selection=True)
        self._build_shared(self._base_rules.players - 1, card_width=24)
        self._set_controls()

        self.alert = StatusMessage()
        self.alert.add_class("ck-announce")
        self.table_row = CardRow((), title="On the table", card_width=60, four_colour=self._four)
        self.table_row.add_class("ck-table-play")
        self.table_text = widgets.HTML("")
        self.table_text.add_class("ck-table-text")
        self.play_button = action_button("Play", "ck-play", style="primary", tooltip="Play the chosen cards")
        self.pass_button = action_button("Pass", "ck-pass", tooltip="Pass: you are out of this round of play")
        self.play_button.on_click(safe_callback(self.status, lambda _b: self.play()))
        self.pass_button.on_click(safe_callback(self.status, lambda _b: self.pass_()))

        buttons = wrap_row([self.play_button, self.pass_button, self.hint_button], "10px")
        play_area = widgets.VBox([self.alert, self.table_row, self.table_text, self.hand, self.verdict, buttons,
                                  self.keys_text])
        self._lay_out(intro, [self.level_choice, self.target_choice], play_area,
                      [self.result_title, self.result_text])

    def _set_controls(self) -> None:
        self._show_level(list(tl.BOTS))
        self._show_number(self.target_choice, self._base_rules.target)

    # --- what the learner (or code) does -----------------------------------------------
    def play(self, cards: Any = None) -> bool:
        """Play the chosen cards (or ``cards``, chosen first).  Returns True if played;
        otherwise the reason is shown, in the engine's words."""
        if self._refuse_if_not_ready():
            return False
        if cards is not None:
            try:
                self.select(cards)
            except CardkitError as exc:
                self.status.error(str(exc))
                return False
        chosen = self.hand.selected
        if not chosen:
            self.status.error("Choose the cards to play first: click them in your hand (or press Pass).")
            return False
        combo = tl.classify(chosen)
        if combo is None:
            self.status.error(f"You cannot play that: {tl.why_illegal(chosen)}.")
            return False
        reason = self.state.why_illegal_action(combo, HUMAN)
        if reason is not None:
            self.status.error(f"You cannot play {combo}: {reason}.")
            return False
        seen = self._coach_before()
        self.state.apply_action(combo, HUMAN)
        self._coach_note(HUMAN, combo, seen)
        self._after_human("p:" + " ".join(c.code for c in chosen))
        return True

    def pass_(self) -> bool:
        """Pass (you are out of this round of play until the table is cleared).
        Refused with the engine's reason when you lead."""
        if self._refuse_if_not_ready():
            return False
        reason = self.state.why_illegal_action(tl.PASS, HUMAN)
        if reason is not None:
            self.status.error(f"You cannot pass now: {reason}.")
            return False
        seen = self._coach_before()
        self.state.apply_action(tl.PASS, HUMAN)
        self._coach_note(HUMAN, tl.PASS, seen)
        self._after_human("-")
        return True

    # --- kept in the browser, replayed -----------------------------------------------
    def _round_number(self) -> int:
        return self.pending.game if self.pending is not None else self.state.observation(HUMAN).round_number

    def _restore_settings(self, settings: dict) -> None:
        rules = tl.Rules(**settings["rules"])
        self._resolve_bots(settings["level"], rules.players - 1)
        self._base_rules, self._level = rules, settings["level"]
        self._set_controls()

    def _replay_move(self, step: str) -> bool:
        if step == "-":
            return self.pass_()
        if not step.startswith("p:"):
            return False
        return self.play(step[2:])

    # --- events -----------------------------------------------------------------------
    def _sync_log(self) -> None:
        before = self._events_seen
        super()._sync_log()
        events = self.state.events[before:self._events_seen]
        for e in events:
            if e.kind in ("bomb", "chop", "instant_win"):
                self.alert.warning(e.text)
                self._alert_game = e.round
            elif e.kind == "deal" and e.round != self._alert_game:
                self.alert.clear()

    # --- drawing ----------------------------------------------------------------------
    def _now(self, p: int, obs: tl.Observation) -> str:
        if p in obs.finished:
            return f"out, {ordinal(obs.finished.index(p) + 1)}"
        if obs.current_player == p:
            return "▶ to play"
        if p in obs.passed:
            return "passed"
        if obs.table_player == p:
            return "played the cards on the table"
        return ""

    def _scoreboard_title(self, obs: tl.Observation) -> str:
        game = self.pending.game if self.pending is not None else obs.round_number
        return f"Game {game} · the first to {self.state.rules.target} points wins the match"

    def _scoreboard_cells(self, p: int, obs: tl.Observation) -> tuple[Any, Any, str]:
        res = self.pending
        if res is None:
            return obs.hand_sizes[p], obs.scores[p], self._now(p, obs)
        now = ""
        if p in res.finishing_order:
            k = res.finishing_order.index(p) + 1
            now = f"out, {ordinal(k)}" if k < len(res.finishing_order) else "last, still holding cards"
        if res.instant_winner == p:
            now = "instant win"
        return "—", res.totals[p], now

    def _draw_play(self, obs: tl.Observation) -> None:
        for p, h in enumerate(self.opponent_hands, start=1):
            h.count = obs.hand_sizes[p]
            now = self._now(p, obs).replace("played the cards on the table", "played last")
            h.title = f"Player {p}" + (f" ({now})" if now else "")
        lines = []
        if obs.table is None:
            leader = obs.current_player
            lines.append("<b>The table is clear:</b> " + ("you lead — play any combination."
                                                       if leader == HUMAN else f"Player {leader} leads."))
            self.table_row.cards = ()
        else:
            who = "your" if obs.table_player == HUMAN else f"Player {obs.table_player}'s"
            lines.append(f"<b>To beat:</b> {esc(who)} {esc(obs.table.describe())}.")
            self.table_row.cards = obs.table.cards
        if obs.must_play is not None:
            lines.append(f"The first play of the match must contain <b>{esc(obs.must_play)}</b> "
                         f"({esc(obs.must_play.label)}).")
        self.table_text.value = "".join(f"<div>{x}</div>" for x in lines)
        self.hand.cards = obs.hand
        self.hand.title = "Your hand" if obs.hand else "Your hand (you are out)"
        self._draw_verdict()
        self._draw_hints()

    def _draw_verdict(self) -> None:
        st = self.state
        chosen = self.hand.selected
        mine = st.current_player() == HUMAN and self.pending is None
        legal, text = tienlen_verdict(chosen, st.table, st.rules)
        if legal is None:
            text = ("Choose the cards to play: click them in your hand — or press Pass." if mine
                    else "You may choose your cards while you wait for your turn.")
        elif legal and mine:
            reason = st.why_illegal_action(tl.classify(chosen), HUMAN)
            if reason is not None:
                legal, text = False, f"{text} But you cannot play it now: {reason}."
            else:
                text += " Press Play."
        self.verdict.show(text, "info" if legal is None else ("success" if legal else "error"))

    def _legal_groups(self) -> list:
        st = self.state
        if st.current_player() == HUMAN:
            plays = [a for a in st.legal_actions() if a is not tl.PASS]
        else:
            plays = tl.legal_plays(self.hand.cards, st.table, st.rules)
        return [a.cards for a in plays]

    def _hint_listing(self, groups: list) -> str:
        st = self.state
        if st.current_player() == HUMAN and self.pending is None and not groups:
            return f"<p class='ck-legal-empty'><b>{esc(tl_coach.NOTHING_BEATS[0].upper() + tl_coach.NOTHING_BEATS[1:])}.</b></p>"
        combos = [tl.classify(g) for g in groups]
        return legal_list_html(tienlen_sections(combos), "You have no legal play here.")

    def _coach_advice(self, obs: tl.Observation) -> list[str]:
        return tl_coach.advice(obs)

    def _coach_explain(self, before: tl.Observation, player: int, action: Any) -> str:
        return tl_coach.explain_move(before, player, action, self.state.observation(HUMAN), you=HUMAN)

    def _coach_round_over(self) -> list[str]:
        res = self.pending
        if res is None:
            return ["The match is over: press New match to play again."]
        n = self.state.num_players
        lines = [f"Game {res.game} is over: the first out scores {n - 1}, the next {n - 2}, and so on down to 0; "
                 f"the first to {self.state.rules.target} points wins the match."]
        if not (self.state.is_terminal() and self._results_seen >= len(self.state.round_results)):
            lines.append(f"{player_name(res.winner)} won this game, so {'you lead' if res.winner == HUMAN else 'they lead'} "
                         "the next one, with any combination. Press Next game.")
        return lines

    def _draw_status(self, obs: tl.Observation) -> None:
        st = self.state
        if self.pending is not None:
            res = self.pending
            last = st.is_terminal() and self._results_seen >= len(st.round_results)
            head = f"Game {res.game} is over: {player_name(res.winner)} won it."
            if last:
                self.status.success(head + " " + self._winner_text())
            else:
                self.status.info(head + " Press Next game to go on.")
            return
        if st.is_terminal():
            self.status.success(self._winner_text())
            return
        cur = obs.current_player
        if cur == HUMAN:
            self._your_turn()
            if obs.table is None:
                self.status.info("Your turn: you lead — play any combination.")
            else:
                who = "your own" if obs.table_player == HUMAN else f"Player {obs.table_player}'s"
                self.status.info(f"Your turn: beat {who} {obs.table.describe()}, or pass.")
        elif HUMAN in obs.finished:
            place = ordinal(obs.finished.index(HUMAN) + 1)
            self.status.success(f"You went out {place}! The others play on: Player {cur} is playing…")
        else:
            self._waiting(f"Player {cur} is playing…")

    def _winner_text(self) -> str:
        st = self.state
        w = st.winner
        pts = st.returns()[w]
        who = "You win" if w == HUMAN else f"Player {w} wins"
        return f"The match is over: {who} the match with {pts} points. Press New match to play again."

    def _draw_result(self) -> None:
        res: tl.GameResult = self.pending
        st = self.state
        self.result_title.value = f"<h3 class='ck-result-title' style='margin:6px 0;font-size:1.05rem'>Game {res.game} is over</h3>"
        lines = []
        if res.instant_win:
            how = "all four 2s" if res.instant_win == "four_twos" else "a dragon (one card of every rank, 3 to A)"
            lines.append(f"{player_name(res.instant_winner)} {'were' if res.instant_winner == HUMAN else 'was'} "
                         f"dealt {how}: an instant win, {res.scores[res.instant_winner]} points; "
                         "everyone else 0.")
        else:
            n = st.num_players
            lines.append("Finishing order and points (the k-th out scores "
                         f"{n} − k):")
            for k, p in enumerate(res.finishing_order, start=1):
                last = " (still holding cards)" if k == len(res.finishing_order) else ""
                lines.append(f"{ordinal(k)}: {player_name(p)}{last} — {n} − {k} = {res.scores[p]} "
                             f"point{'s' if res.scores[p] != 1 else ''}")
        before = [t - s for t, s in zip(res.totals, res.scores)]
        lines.append("Match points: " + ", ".join(
            f"{player_name(p)} {before[p]} + {res.scores[p]} = {res.totals[p]}" for p in range(st.num_players)))
        last_result = st.is_terminal() and self._results_seen >= len(st.round_results)
        if last_result:
            lines.append(self._winner_text())
        else:
            deal = next((e for e in st.events if e.kind == "deal" and e.round == res.game + 1), None)
            if deal is not None:
                lines.append(f"Next: {deal.text}")
        self.result_text.value = "".join(f"<p style='margin:3px 0'>{esc(x)}</p>" for x in lines)
        hidden(self.next_button, last_result)
        hidden(self.again_button, not last_result)
