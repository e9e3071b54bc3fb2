"""A whole Least Score match against bots, in one widget.

::

    from cardkit.widgets import LeastScoreTable
    LeastScoreTable(opponents=3, level='greedy')

You are Player 0.  Choose cards in your hand (the table says at once whether they
may be discarded together), choose which card to take — one of the open cards or
the top card of the deck — and press **Discard and take**; or press **Declare**
when you think your total is the lowest.  The bots answer one at a time.  At the
end of each round every hand is shown and the scoring is worked out with the real
numbers; **Next round** goes on, until someone passes the threshold.

The match itself — the moves, the bots, the record, the coach — is a
:class:`cardkit.tables.LeastScoreMatch`; this module only shows it.  Code can play
too: ``table.select('AC 2D 3S')``, ``table.take('7C')`` (or ``table.take(None)`` for
the deck), ``table.declare()``, ``table.next_round()``, ``table.new_match(...)``.
"""

from __future__ import annotations

from typing import Any, Optional

from .. import guard as widgets

from ... import least_score as ls
from ...cards import Card
from ...i18n import say, seat
from ...least_score import coach as ls_coach
from ...tables import DECK, HUMAN, LeastScoreMatch, ShownMessage
from ..access import ChoiceGroup
from ..checkers import legal_list_html, least_score_sections, least_score_verdict
from ..hand import CardRow, Hand
from ..messages import safe_callback
from ...errors import CardkitError
from .base import TableBase, action_button, esc, hidden, menu, wrap_row

__all__ = ["LeastScoreTable"]


class LeastScoreTable(TableBase):
    """A Least Score match: you (Player 0) against 1 to 7 bots.

    Arguments:
        opponents: how many bots, 1 to 7 (default 3; with ``rules`` given and no
            ``opponents``, ``rules.players − 1``).
        level: the bots' level — a name in :data:`cardkit.least_score.BOTS`
            (``'random'``, ``'greedy'`` …) or a bot function — or a list with one
            per opponent.
        rules: a :class:`cardkit.least_score.Rules` for every other option
            (threshold, penalty, …); its ``players`` is set from ``opponents``.
        seed, delay, four_colour, coach, intro, settings: as at every table (see
            :class:`~cardkit.widgets.tables.base.TableBase`).

    The controls at the top choose the number of opponents, their level and the
    threshold for the next **New match**; the deal code of the match is shown
    and a code typed in starts that deal.
    """

    hint_words = ("tables.ls_hints", "tables.ls_hints_tip")
    keys_words = "tables.ls_keys"     # the take choice's keys too

    def __init__(self, opponents: Optional[int] = None, level: Any = "greedy", rules: Optional[ls.Rules] = None,
                 seed: Any = None, delay: float = 0.8, four_colour: bool = False, coach: bool = False,
                 intro: bool = True, settings: bool = True) -> None:
        super().__init__(LeastScoreMatch(opponents=opponents, level=level, rules=rules, coach=coach), seed, delay=delay,
                         four_colour=four_colour, intro=intro, settings=settings)

    def _apply_settings(self, opponents: Optional[int] = None, level: Any = None,
                        threshold: Optional[int] = None) -> None:
        self.match.apply(self.opponents_choice.value if opponents is None else opponents,
                         self._level_from_menu(level),
                         self.threshold_choice.value if threshold is None else threshold)
        self._show_settings()

    # --- the widgets ------------------------------------------------------------------
    def _build(self) -> None:
        self.opponents_choice = menu(range(ls.Rules.MIN_PLAYERS - 1, ls.Rules.MAX_PLAYERS),
                                     say("tables.ls_opponents_menu"), "9.5em")
        thresholds = sorted(set(ls.USUAL_THRESHOLDS) | {self.match.base_rules.threshold})
        self.threshold_choice = menu(thresholds, say("tables.ls_threshold_menu"), "10em")
        intro = widgets.HTML(str(say("tables.ls_intro")))
        self.hand = Hand((), sort_key=ls.sort_key, title=str(say("tables.your_hand")), four_colour=self._four,
                         highlight_text=str(say("tables.ls_highlight")), highlight_follows_selection=True)
        self._build_shared(ls.Rules.MAX_PLAYERS - 1, card_width=34)
        self._show_settings()

        # the middle
        self.open_row = CardRow((), title=str(say("tables.ls_open_cards")), card_width=60, four_colour=self._four)
        self.deck_text = widgets.HTML("")
        self.deck_text.add_class("ck-deck")

        # your side
        self.take_choice = ChoiceGroup([(str(say("tables.ls_take_deck")), DECK)], label=str(say("tables.ls_take_label")),
                                       value=DECK)
        self.take_choice.key_hint = ""   # its keys are in the table's one line of keys
        self._take_auto = None           # the take this table put in the choice (not the learner's own)
        self.take_choice.add_class("ck-take")
        self.play_button = action_button(say("tables.ls_discard"), "ck-discard", style="primary",
                                         tooltip=say("tables.ls_discard_tip"))
        self.declare_button = action_button(say("tables.ls_declare"), "ck-declare", style="warning",
                                            tooltip=say("tables.ls_declare_tip"))
        self.declare_reason = widgets.HTML("")
        self.declare_reason.add_class("ck-declare-reason")
        self.play_button.on_click(self._safe(lambda _b: self.take(self._take_value())))
        self.hand.observe(safe_callback(self.verdict, lambda _c: self._follow_selection()), names="selected")
        self.declare_button.on_click(self._safe(lambda _b: self.declare()))

        buttons = wrap_row([self.play_button, self.declare_button, self.hint_button, self.finish_button])
        play_area = widgets.VBox([
            wrap_row([self.open_row, self.deck_text], 24),
            self.hand, self.verdict, self.take_choice, buttons, self.declare_reason, self.keys_text,
        ], layout=widgets.Layout())
        self.result_hands = widgets.VBox([])
        self._lay_out(intro, [self.opponents_choice, self.level_choice, self.threshold_choice], play_area,
                      [self.result_title, self.result_hands, self.result_text])

    def _show_settings(self) -> None:
        self.opponents_choice.value = self.match.opponents
        self._show_level()
        self._show_number(self.threshold_choice, self.match.base_rules.threshold)

    # --- what the learner (or code) does -----------------------------------------------
    def take(self, card: Any = None) -> bool:
        """Discard the chosen cards and take ``card`` — one of the open cards
        (a Card or text such as '7C') or None for the top card of the deck.
        Returns True if the move was played; otherwise the reason is shown."""
        return self._after_move(self.match.discard(self.hand.selected, card))

    def discard(self, cards: Any, take: Any = None) -> bool:
        """Choose ``cards`` and discard them, taking ``take`` (None: the deck)."""
        if not self.match.ready():
            return self._after_move(False)
        try:
            self.select(cards)
        except CardkitError as exc:  # not cards of this hand: said plainly, nothing changes
            message = getattr(exc, "message", None) or say("tables.reason", reason=str(exc))
            self.match.refuse(ShownMessage("error", message))
            return self._after_move(False)
        return self.take(take)

    def declare(self) -> bool:
        """Declare: every hand is shown and the round is scored.  Refused, with the
        engine's reason, when you may not declare now."""
        return self._after_move(self.match.declare())

    def _take_value(self) -> Optional[Card]:
        value = self.take_choice.value
        return None if value == DECK or value is None else value

    # --- drawing ----------------------------------------------------------------------
    def _scoreboard_columns(self) -> tuple[Any, Any]:
        return say("tables.ls_cards"), say("tables.ls_score")

    def _draw_play(self, obs: ls.Observation) -> None:
        st = self.match.state
        for p, h in enumerate(self.opponent_hands, start=1):
            if p < st.num_players:
                hidden(h, False)
                h.count = obs.hand_sizes[p] if obs.still_in[p] else 0
                h.title = str(seat(p) if obs.still_in[p] else
                              say("tables.opponent_now", player=seat(p), now=say("tables.ls_now_knocked_out")))
            else:
                hidden(h, True)
        if obs.open_cards:
            self.open_row.title = str(say("tables.ls_open_from_deck") if obs.open_from is None
                                      else say("tables.ls_open_from", player=seat(obs.open_from, you=HUMAN)))
        else:
            self.open_row.title = str(say("tables.ls_open_cards"))
        self.open_row.cards = ls.display_order(obs.open_cards)
        # the discard pile matters only once the deck may run out before the learner's next
        # turn (then it is shuffled into a new deck): only then is its size shown
        low = obs.deck_size <= sum(obs.still_in)
        dead = f"<div class='ck-dim'>{esc(say('tables.ls_dead_pile', n=obs.dead_size))}</div>" if low else ""
        self.deck_text.value = (f"<div class='ck-deck-title'>{esc(say('tables.ls_deck'))}</div>"
                                f"<div>{esc(say('tables.ls_deck_size', n=obs.deck_size))}</div>{dead}")
        self.hand.cards = obs.hand
        self.hand.title = str(say("tables.ls_hand_title", total=obs.hand_total) if obs.still_in[HUMAN]
                              else say("tables.your_hand_out"))
        self._draw_take(obs)
        self._draw_declare(obs)
        self._draw_verdict()
        self._draw_hints()

    def _draw_take(self, obs: ls.Observation) -> None:
        """The take choice: the open cards, then the deck; on a new turn it starts on what
        the coach recommends, and while the learner has not chosen a take themselves it
        follows the cards they choose (the best take after that discard)."""
        options = [(str(say("tables.ls_take_open", card=c, label=c.label_message)), c)
                   for c in sorted(obs.open_cards, key=ls.sort_key)]
        if obs.can_draw:
            options.append((str(say("tables.ls_take_deck")), DECK))   # how many are left: beside the deck
        changed = tuple(options) != tuple(self.take_choice.options)
        if changed:
            self.take_choice.options = options
        values = [v for _, v in options]
        turn = (self.match.matches, obs.round_number, len(self.match.steps), self.match.my_turn())
        if turn != getattr(self, "_take_turn", None):
            # a new turn: start on the coach's recommendation (never always the deck)
            self._take_turn = turn
            best = self.match.suggested_take()
            if best in values:
                self.take_choice.value = self._take_auto = best
                return
        old = self.take_choice.value
        self.take_choice.value = old if old in values else (DECK if DECK in values else (values[0] if values else None))

    def _follow_selection(self) -> None:
        """The learner chose cards: unless they picked a take themselves this turn, the
        take choice moves to the best take after discarding those cards."""
        if not self.hand.selected or self.take_choice.value != self._take_auto:
            return
        best = self.match.suggested_take(self.hand.selected)
        if best is not None and best in [v for _, v in self.take_choice.options]:
            self.take_choice.value = self._take_auto = best

    def _draw_declare(self, obs: ls.Observation) -> None:
        """Declaring: allowed or not, in the engine's words (the coach says it while on)."""
        mine = obs.current_player == HUMAN and not obs.is_terminal
        self.declare_button.disabled = not (mine and obs.can_declare)
        if not mine:
            reason = say("tables.ls_declare_not_now")
        elif obs.can_declare:
            reason = say("tables.ls_declare_may", total=obs.hand_total)
        elif self.coach:   # the coach's box has the rest: the faded button's reason, short
            reason = say("tables.ls_declare_not_yet_short")
        else:
            reason = say("tables.ls_declare_not_yet", reason=obs.why_not_declare)
        # with the coach on, its box says whether to declare once it is allowed: the line is not
        # repeated; while it is not yet allowed, the faded button's reason is said (newcomer trial)
        quiet = self.coach and mine and obs.can_declare
        self.declare_reason.value = "" if quiet else f"<span class='ck-dim'>{esc(reason)}</span>"

    def _draw_verdict(self) -> None:
        match = self.match
        st = match.state
        legal, text = least_score_verdict(self.hand.selected, st.rules)
        if match.pending is not None or st.is_terminal() or not st.observation(HUMAN).still_in[HUMAN]:
            # no move of yours to make: say so rather than "choose the cards to discard"
            out = not st.is_terminal() and match.pending is None
            self._message_in(self.verdict, ShownMessage("info", say("tables.ls_out_of_match") if out
                                                else say(f"tables.{match.game}.over_short")))
            return
        if legal is None:
            # on the learner's turn the status says what to do: nothing to add until cards are chosen
            self._message_in(self.verdict, None if st.current_player() == HUMAN
                             else ShownMessage("info", say("tables.wait_choose")))
            return
        if legal and self.coach and st.current_player() == HUMAN and self._is_coach_pick(st):
            # the coach has just said what this discard is worth and why: not said twice
            text = str(say("tables.coach_pick_chosen"))
        if legal and not match.has_moved():   # which button comes next: said until it was pressed once
            text = str(say("tables.ls_then_take", verdict=text))
        self._message_in(self.verdict, ShownMessage("success" if legal else "error", text))

    def _is_coach_pick(self, st: Any) -> bool:
        """The chosen cards are the discard the coach suggests now."""
        move = ls_coach.suggestion(st.observation(HUMAN))
        return isinstance(move, ls.Discard) and set(move.cards) == set(self.hand.selected)

    def _legal_groups(self) -> list:
        return ls.legal_discards(self.hand.cards, self.match.state.rules)

    def _hint_listing(self, groups: list) -> str:
        return legal_list_html(least_score_sections(groups, self.match.state.rules), str(say("tables.ls_no_discard")))

    def _draw_result(self) -> None:
        match = self.match
        self.result_title.value = f"<h3 class='ck-result-title'>{esc(match.result_title())}</h3>"
        rows = []
        for title, cards, total in match.result_hands():
            row = CardRow(cards, title=str(title), card_width=46, four_colour=self._four)
            rows.append(widgets.VBox([row, widgets.HTML(f"<div class='ck-hand-total'>{esc(total)}</div>")]))
        self.result_hands.children = rows
        # who won the match is the status's, just above (and read out)
        self.result_text.value = "".join(f"<p class='ck-result-line'>{esc(s)}</p>" for s in match.result_steps())
        last = match.match_over()
        hidden(self.next_button, last)
        hidden(self.again_button, not last)
        self._draw_verdict()
