"""A Tiến Lên match against three bots, in one widget.

::

    from cardkit.widgets import TienLenTable
    TienLenTable(level='greedy')

You are Player 0.  Choose cards in your hand (the table says at once which
combination they make and whether they beat the play on the table) and press
**Play**, or press **Pass**.  The bots answer one at a time; bombs and chops are
announced.  When a game ends the finishing order and the points are shown, and
who leads the next game; **Next game** goes on until someone reaches the target.
Once you are out, **Finish the game** plays the rest of it at once.

The match itself is a :class:`cardkit.tables.TienLenMatch`; this module only shows it.
Code can play too: ``table.select('3S 4S 5H')``, ``table.play()``, ``table.pass_()``,
``table.next_round()``, ``table.new_match(...)``.
"""

from __future__ import annotations

from typing import Any, Optional

from .. import guard as widgets

from ... import tienlen as tl
from ...errors import CardkitError
from ...i18n import say, seat
from ...tables import HUMAN, ShownMessage, TienLenMatch
from ...tienlen import coach as tl_coach
from ..checkers import legal_list_html, tienlen_sections, tienlen_verdict
from ..hand import CardRow, Hand
from ..messages import StatusMessage
from .base import TableBase, action_button, esc, hidden, menu, wrap_row

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
        seed, delay, four_colour, coach, intro, settings: as at every table (see
            :class:`~cardkit.widgets.tables.base.TableBase`).
    """

    hint_words = ("tables.tl_hints", "tables.tl_hints_tip")

    def __init__(self, level: Any = "greedy", rules: Optional[tl.Rules] = None, seed: Any = None,
                 delay: float = 0.8, four_colour: bool = False, coach: bool = False, intro: bool = True,
                 settings: bool = True) -> None:
        super().__init__(TienLenMatch(level=level, rules=rules, coach=coach), seed, delay=delay, four_colour=four_colour,
                         intro=intro, settings=settings)

    def _apply_settings(self, level: Any = None, target: Optional[int] = None) -> None:
        self.match.apply(self._level_from_menu(level), self.target_choice.value if target is None else target)
        self._show_settings()

    # --- the widgets ------------------------------------------------------------------
    def _build(self) -> None:
        self.target_choice = menu(_TARGETS, say("tables.tl_target_menu"), "9em")
        intro = widgets.HTML(str(say("tables.tl_intro")))
        self.hand = Hand((), sort_key=tl.card_key, title=str(say("tables.your_hand")), four_colour=self._four,
                         card_width=64, highlight_text=str(say("tables.tl_highlight")),
                         highlight_follows_selection=True)
        self._build_shared(self.match.base_rules.players - 1, card_width=24)
        self._show_settings()

        self.alert = StatusMessage(layout=widgets.Layout())
        self.alert.add_class("ck-announce")
        self.table_row = CardRow((), title=str(say("tables.tl_on_table")), card_width=60, four_colour=self._four)
        self.table_row.add_class("ck-table-play")
        self.table_text = widgets.HTML("")
        self.table_text.add_class("ck-table-text")
        self.play_button = action_button(say("tables.tl_play"), "ck-play", style="primary",
                                         tooltip=say("tables.tl_play_tip"))
        self.pass_button = action_button(say("tables.tl_pass"), "ck-pass", tooltip=say("tables.tl_pass_tip"))
        self.play_button.on_click(self._safe(lambda _b: self.play()))
        self.pass_button.on_click(self._safe(lambda _b: self.pass_()))

        buttons = wrap_row([self.play_button, self.pass_button, self.hint_button, self.finish_button])
        play_area = widgets.VBox([self.alert, self.table_row, self.table_text, self.hand, self.verdict, buttons,
                                  self.keys_text], layout=widgets.Layout())
        self._lay_out(intro, [self.level_choice, self.target_choice], play_area,
                      [self.result_title, self.result_text])

    def _show_settings(self) -> None:
        self._show_level()
        self._show_number(self.target_choice, self.match.base_rules.target)

    # --- what the learner (or code) does -----------------------------------------------
    def play(self, cards: Any = None) -> bool:
        """Play the chosen cards (or ``cards``, chosen first).  Returns True if played;
        otherwise the reason is shown, in the engine's words."""
        if not self.match.ready():
            return self._after_move(False)
        if cards is not None:
            try:
                self.select(cards)
            except CardkitError as exc:
                self.match.refuse(ShownMessage("error", getattr(exc, "message", None) or say("tables.reason", reason=str(exc))))
                return self._after_move(False)
        return self._after_move(self.match.play(self.hand.selected))

    def pass_(self) -> bool:
        """Pass (you are out of this round of play until the table is cleared).
        Refused with the engine's reason when you lead."""
        return self._after_move(self.match.pass_())

    # --- drawing ----------------------------------------------------------------------
    def _scoreboard_columns(self) -> tuple[Any, Any]:
        return say("tables.tl_cards"), say("tables.tl_points")

    def _draw_play(self, obs: tl.Observation) -> None:
        match = self.match
        for p, h in enumerate(self.opponent_hands, start=1):
            h.count = obs.hand_sizes[p]
            # what each is doing now is the scoreboard's "Now" (just above): said there once
            h.title = str(seat(p))
        alert = match.alert
        self._message_in(self.alert, None if alert is None else
                         ShownMessage("warning", getattr(alert, "message", None) or alert.text))
        self.table_row.cards = () if obs.table is None else obs.table.cards
        self.table_text.value = "".join(f"<div>{esc(line)}</div>" for line in match.table_lines())
        self.hand.cards = obs.hand
        self.hand.title = str(say("tables.your_hand") if obs.hand else say("tables.your_hand_out"))
        self._draw_verdict()
        self._draw_hints()

    def _draw_verdict(self) -> None:
        match = self.match
        st = match.state
        chosen = self.hand.selected
        mine = match.my_turn()
        legal, text = tienlen_verdict(chosen, st.table, st.rules)
        if legal is None:
            # on the learner's turn the status says what to do: nothing to add until cards are chosen
            self._message_in(self.verdict, None if mine else ShownMessage("info", say("tables.wait_choose")))
            return
        if legal and mine:
            reason = st.why_illegal_action(tl.classify(chosen), HUMAN)
            if reason is not None:
                legal, text = False, str(say("tables.tl_not_now", verdict=text, reason=reason))
            else:
                if self.coach and self._is_coach_pick(st):
                    # the coach has just said why this play: not said twice
                    text = str(say("tables.coach_pick_chosen"))
                if not match.has_moved():   # which button comes next: said until it was pressed once
                    text = str(say("tables.tl_press_play", verdict=text))
        self._message_in(self.verdict, ShownMessage("success" if legal else "error", text))

    def _is_coach_pick(self, st: Any) -> bool:
        """The chosen cards are the play the coach suggests now."""
        move = tl_coach.suggestion(st.observation(HUMAN))
        return move is not tl.PASS and set(move.cards) == set(self.hand.selected)

    def _legal_groups(self) -> list:
        st = self.match.state
        if st.current_player() == HUMAN:
            plays = [a for a in st.legal_actions() if a is not tl.PASS]
        else:
            plays = tl.legal_plays(self.hand.cards, st.table, st.rules)
        return [a.cards for a in plays]

    def _hint_listing(self, groups: list) -> str:
        if self.match.my_turn() and not groups:
            return f"<p class='ck-legal-empty'><b>{esc(say('tables.tl_nothing_beats'))}</b></p>"
        combos = [tl.classify(g) for g in groups]
        return legal_list_html(tienlen_sections(combos), str(say("tables.tl_no_play")))

    def _draw_result(self) -> None:
        match = self.match
        self.result_title.value = f"<h3 class='ck-result-title'>{esc(match.result_title())}</h3>"
        self.result_text.value = "".join(f"<p class='ck-result-line'>{esc(x)}</p>" for x in match.result_lines())
        last = match.match_over()
        hidden(self.next_button, last)
        hidden(self.again_button, not last)

