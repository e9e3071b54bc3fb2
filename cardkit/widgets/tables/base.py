"""What the two game tables' views share: the frame a match controller is shown in.

A table is a match controller (:mod:`cardkit.tables`: whose turn, the moves, the bots, the
record, the coach, all said as messages) and this thin view: the widgets, the bots' pace
(:class:`~cardkit.widgets.pacer.Pacer`), and the drawing of what the controller says, in
the learner's language (``str(message)``).  The styles are in ``static/table.css``.  The
games' own views are ``least_score.py`` and ``tienlen.py`` beside this file.
"""

from __future__ import annotations

import html
import time
from typing import Any, Callable, Iterator, Optional, Sequence

from .. import guard as widgets

from ...cards import resolve_seed
from ...errors import CardkitError
from ...i18n import say, seat
from ...tables.match import HUMAN, MatchController, ShownMessage, bot_label, table_key
from ..access import FocusKeeper, FourColourSwitch
from ..frontend import changed_since_states, resend_states
from ..hand import CardRow, Hand
from ..keeper import MatchKeeper
from ..messages import EventLog, StatusMessage, safe_callback
from ..pacer import Pacer

__all__ = ["TableBase", "HUMAN", "wrap_row", "action_button", "menu", "esc", "hidden", "with_bold"]


def wrap_row(children: Sequence[widgets.Widget], space: int = 10) -> widgets.HBox:
    """A row that wraps onto the next line on a narrow screen, ``space`` px (10, 18 or 24)
    between items (the page's CSS spaces them: no child's layout is touched)."""
    box = widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
    box.add_class("ck-wrap")
    box.add_class(f"ck-gap-{space}")
    return box


def action_button(description: Any, css_class: str, *, style: str = "", tooltip: Any = None) -> widgets.Button:
    """A table's button: as wide as its words, ``button_style`` ``style`` ('primary',
    'warning' …), and ``css_class`` for the page (and the browser tests) to find it by."""
    button = widgets.Button(description=str(description), button_style=style,
                            tooltip=None if tooltip is None else str(tooltip), layout=widgets.Layout(width="auto"))
    button.add_class(css_class)
    return button


def menu(options: Sequence[Any], description: Any, width: str) -> widgets.Dropdown:
    """A table's drop-down menu of settings (``description`` is its label)."""
    return widgets.Dropdown(options=list(options), description=str(description),
                            style={"description_width": "initial"}, layout=widgets.Layout(width=width))


def esc(text: Any) -> str:
    """``text`` (a message, a number …) in words, escaped for HTML."""
    return html.escape(str(text))


def hidden(widget: widgets.Widget, hide: bool) -> None:
    """Hide ``widget`` (or show it again); only for widgets made here with their own Layout."""
    widget.layout.display = "none" if hide else None


def set_four_colour(widget: widgets.Widget, on: bool) -> None:
    """Draw every card in ``widget`` and the widgets inside it in four colours (or two)."""
    if isinstance(widget, (Hand, CardRow)):
        widget.four_colour = on
    for child in getattr(widget, "children", ()) or ():
        set_four_colour(child, on)


class TableBase(widgets.VBox):
    """A game table: the learner at seat 0 against bots, shown from a match controller.

    Each game's view builds its own widgets (``_build``, with :meth:`_build_shared`),
    draws its parts (``_draw_play``, ``_draw_result``, ``_draw_verdict``) and turns the
    learner's clicks into the controller's moves; this class runs the bots at a readable
    pace and draws the status, the log, the deal code, the scoreboard, the coach, the
    hints, the "are you sure?" question and the saved match's offer.

    Arguments every table takes:
        seed: the deal — None for a fresh one, a whole number, or a deal code
            such as ``'K7Q-29X'``.
        delay: seconds between two bot moves (0: all at once, as in tests).
        four_colour: ♠ black, ♥ red, ♦ blue, ♣ green (the learner's switch on the
            table changes it, and the learner's browser remembers it).
        coach: start with the coach on: before each of your turns it says what you
            may do and why, after each move what it meant (a switch turns it off).
        intro: show the table's few lines of rules at its top (True); a page that has
            just given the rules, right above, may leave them out (False).
        settings: show the settings and the deal code above the table (True), or fold
            them behind a **Settings** button (False: a first game, where they would
            only be more to read).
    """

    hint_words = ("tables.ls_hints", "tables.ls_hints_tip")
    keys_words = "tables.keys"

    def __init__(self, match: MatchController, seed: Any = None, delay: float = 0.8,
                 four_colour: bool = False, intro: bool = True, settings: bool = True) -> None:
        self.match = match
        self._show_intro = bool(intro)
        self._settings_open = bool(settings)
        self._four = bool(four_colour)
        self._log_shown = 0        # events of this match drawn in the log
        self._changed_at = 0.0     # time.monotonic() of the last drawing (see _stored_match_found)
        self._match_drawn = 0      # which of the controller's matches the log shows
        self._hints = False
        self._confirm_action: Optional[Callable[[], Any]] = None
        self.status = StatusMessage()
        self.status.add_class("ck-table-status")
        self.event_log = EventLog(max_lines=8, title=str(say("tables.log_title")))
        self.event_log.add_class("ck-table-log")
        self.pacer = Pacer(delay=delay, messages=self.status)
        self._delay = self.pacer.delay   # the pace while the learner plays (faster once they are out)
        game = match.game
        # --- deal code ---
        self.code_label = widgets.HTML("")
        self.code_label.add_class("ck-deal-code")
        self.code_box = widgets.Text(placeholder=str(say("tables.deal_placeholder")),
                                     description=str(say("tables.deal_box")),
                                     layout=widgets.Layout(width="21em"), style={"description_width": "initial"})
        self.code_box.add_class("ck-deal-input")
        self.code_button = action_button(say("tables.play_deal"), "ck-play-deal", tooltip=say("tables.play_deal_tip"))
        self.code_button.on_click(self._safe(lambda _b: self._ask_then(
            lambda: self.start_deal(self.code_box.value), "play_deal")))
        self.new_button = action_button(say("tables.new_match"), "ck-new-match", tooltip=say("tables.new_match_tip"))
        self.new_button.on_click(self._safe(lambda _b: self._ask_then(self.new_match, "new_match")))
        # --- the match kept in the browser, and "are you sure?" before replacing it ---
        self.match_keeper = MatchKeeper(game, self._safe(self._stored_match_found), self._safe(self._answer_offer),
                                        slot=table_key(game, match.base_settings()))
        self.confirm_text = widgets.HTML("")
        self.confirm_text.add_class("ck-confirm-text")
        self.confirm_yes = action_button("", "ck-confirm-yes", style="warning")
        self.confirm_no = action_button(say("tables.no_keep_playing"), "ck-confirm-no")
        self.confirm_yes.on_click(self._safe(lambda _b: self._confirmed(True)))
        self.confirm_no.on_click(self._safe(lambda _b: self._confirmed(False)))
        self.confirm_box = wrap_row([self.confirm_text, self.confirm_yes, self.confirm_no])
        self.confirm_box.add_class("ck-confirm")
        hidden(self.confirm_box, True)
        self.next_button = action_button(say(f"tables.{game}.next_button"), "ck-next-round", style="primary")
        self.next_button.on_click(self._safe(lambda _b: self.next_round()))
        self.again_button = action_button(say("tables.play_again"), "ck-play-again", style="primary",
                                          tooltip=say("tables.play_again_tip"))
        self.again_button.on_click(self._safe(lambda _b: self._again()))
        self.finish_button = action_button(say(f"tables.{game}.finish_button"), "ck-finish", style="primary",
                                           tooltip=say(f"tables.{game}.finish_tip"))
        self.finish_button.on_click(self._safe(lambda _b: self.finish()))
        hidden(self.finish_button, True)
        # --- for every learner: the four-colour switch, the keys, the focus ---
        self.deck_switch = FourColourSwitch(value=self._four)
        self.deck_switch.observe(self._safe(lambda c: self.set_four_colour(c["new"])), names="value")
        self.keys_text = widgets.HTML(f"<div class='ck-keys'>{esc(say(self.keys_words))}</div>")
        self.keeper = FocusKeeper()
        self.keeper.add_class("ck-keeper")
        # --- the coach: before each of your turns what you may do and why; after each move what it meant
        self.coach_box = widgets.HTML("", layout=widgets.Layout())
        self.coach_box.add_class("ck-coach")
        self.coach_switch = widgets.Checkbox(value=match.coach, description=str(say("tables.coach_switch")),
                                             indent=False, layout=widgets.Layout(width="auto"))
        self.coach_switch.add_class("ck-coach-switch")
        self.coach_switch.observe(self._safe(self._coach_switched), names="value")
        self.hint_list = widgets.HTML("")
        self.hint_list.add_class("ck-hint-list")
        super().__init__()
        self.add_class("ck-table")
        self._build()
        self._start(resolve_seed(seed))

    def _build(self) -> None:
        """Each game's widgets, laid out with :meth:`_build_shared` and :meth:`_lay_out`."""
        raise NotImplementedError

    @property
    def rules(self) -> Any:
        """The rules of the match being played."""
        return self.match.state.rules

    def _safe(self, handler: Callable) -> Callable:
        """``handler`` with any error shown in the status, never as a traceback."""
        return safe_callback(self.status, handler)

    def _build_shared(self, opponents: int, card_width: int) -> None:
        """The widgets both tables have: the bots' level menu, the scoreboard, the
        opponents' face-down hands (``card_width`` pixels a card), the verdict, the
        hints button and the end-of-round texts.  ``self.hand`` comes first."""
        self.level_choice = menu([(str(bot_label(lv)), lv) for lv in self.match.bots_registry],
                                 say("tables.bots_menu"), "11em")
        self.scoreboard = widgets.HTML("")
        self.scoreboard.add_class("ck-scoreboard")
        self.opponent_hands = [Hand(count=0, face_down=True, owner=str(say("tables.opponent_hand", player=seat(p))),
                                    card_width=card_width, layout=widgets.Layout(flex="0 0 auto"))
                               for p in range(1, opponents + 1)]
        self.opponents_box = wrap_row(self.opponent_hands, 18)
        self.opponents_box.add_class("ck-opponents")
        self.hand.add_class("ck-my-hand")
        self.verdict = StatusMessage(layout=widgets.Layout())
        self.verdict.add_class("ck-verdict")
        self.hint_button = action_button(say(self.hint_words[0]), "ck-show-legal", tooltip=say(self.hint_words[1]))
        self.hint_button.on_click(self._safe(lambda _b: self.show_legal(not self._hints)))
        self.hand.observe(safe_callback(self.verdict, lambda _c: self._draw_verdict()), names="selected")
        self.result_title = widgets.HTML("")
        self.result_text = widgets.HTML("")
        self.result_text.add_class("ck-round-result")

    def _lay_out(self, intro: widgets.Widget, controls: Sequence[widgets.Widget], play_area: widgets.VBox,
                 result_parts: Sequence[widgets.Widget]) -> None:
        """Put the table together: the introduction, the settings, the deal code, the
        status, then the learner's part (on a phone it comes first), the end of a
        round, the scoreboard, the opponents and the log."""
        self.intro, self.play_area = intro, play_area
        play_area.children = (*play_area.children, self.hint_list)
        intro.add_class("ck-intro")
        hidden(intro, not self._show_intro)
        play_area.add_class("ck-play-area")
        self.result_area = widgets.VBox([*result_parts, wrap_row([self.next_button, self.again_button])],
                                        layout=widgets.Layout())
        self.result_area.add_class("ck-result-area")
        deal = wrap_row([self.code_label, self.code_box, self.code_button])
        deal.add_class("ck-deal")
        settings = wrap_row([*controls, self.new_button, self.deck_switch, self.coach_switch])
        settings.add_class("ck-controls")
        top: list[widgets.Widget] = [settings, self.confirm_box, deal]
        if not self._settings_open:
            # folded: one button opens the settings and the deal code (and closes them again)
            self.settings_box = widgets.VBox([settings, deal], layout=widgets.Layout())
            self.settings_box.add_class("ck-settings")
            self.settings_button = action_button(say("tables.settings_show"), "ck-settings-toggle",
                                                 tooltip=say("tables.settings_tip"))
            self.settings_button.on_click(self._safe(lambda _b: self.show_settings(not self._settings_open)))
            hidden(self.settings_box, True)
            top = [self.settings_button, self.settings_box, self.confirm_box]
        self.children = [intro, self.match_keeper, *top, self.status, self.coach_box,
                         play_area, self.result_area, self.scoreboard, self.opponents_box, self.event_log,
                         self.keeper]

    def show_settings(self, show: bool = True) -> None:
        """Open (or fold) the settings and the deal code of a table made with
        ``settings=False``; a table made with them shown always shows them."""
        box = getattr(self, "settings_box", None)
        if box is None:
            return
        self._settings_open = bool(show)
        hidden(box, not show)
        self.settings_button.description = str(say("tables.settings_hide" if show else "tables.settings_show"))

    # --- the controller's state, as code, tests and lessons read it ----------------------
    @property
    def state(self) -> Any:
        """The engine's state of the match being played."""
        return self.match.state

    @state.setter
    def state(self, value: Any) -> None:
        self.match.state = value

    @property
    def pending(self) -> Any:
        """A finished round's (game's) result, shown until the learner goes on (else None)."""
        return self.match.pending

    @pending.setter
    def pending(self, value: Any) -> None:
        self.match.pending = value

    @property
    def bots(self) -> list[tuple[str, Callable]]:
        """The opponents: ``[(name, bot function), …]``, seat 1 first."""
        return self.match.bots

    @property
    def bot_moves(self) -> int:
        """Moves played by bots in this match."""
        return self.match.bot_moves

    @property
    def deal_code(self) -> Optional[str]:
        """The short code of this match's deal (give it to others to play the same cards)."""
        return self.match.deal_code

    @property
    def busy(self) -> bool:
        """True while bots are still moving."""
        return self.pacer.busy

    # --- what code, tests and lessons may call -------------------------------------
    def start_deal(self, code: Any) -> bool:
        """Start a new match from a deal code (or seed) with the current settings.
        A bad code is shown as a plain message and nothing changes (returns False)."""
        text = str(code).strip() if code is not None else ""
        if not text:
            self._show(ShownMessage("error", say("tables.type_code_first")))
            return False
        try:
            seed = resolve_seed(code if isinstance(code, int) else text)
        except CardkitError as exc:
            self._show(ShownMessage("error", getattr(exc, "message", None) or say("tables.not_a_code", reason=str(exc))))
            return False
        self._apply_settings()   # the settings the menus show now, as "New match" would use
        self._start(seed)
        return True

    def new_match(self, **settings: Any) -> None:
        """Start a new match with the settings of the controls (overridden by any
        keyword given here), on a fresh deal; ``seed=`` picks the deal."""
        seed = settings.pop("seed", None)
        self._apply_settings(**settings)
        self._start(resolve_seed(seed))

    def next_round(self) -> bool:
        """After a finished round (game), go on to the next one."""
        if not self.match.next_round():
            self._show(self.match.status())
            return False
        self.keeper.focus("hand")   # the new round: the learner's hand is where the next move is
        self._moved()
        return True

    def finish(self) -> bool:
        """Once the learner has no move left in this round (game): the bots play it to its
        end at once and the result is shown (no waiting)."""
        if not self.match.learner_done():
            return False
        self.pacer.cancel()
        self.match.finish()
        self.keeper.focus("next")
        self._moved()
        return True

    def _again(self) -> None:
        """"Play again" at the end of a match: a new match, the focus on the new hand."""
        self.new_match()
        self.keeper.focus("hand")

    def _apply_settings(self, **settings: Any) -> None:
        raise NotImplementedError

    def _level_from_menu(self, level: Any) -> Any:
        """The bots' level for the next match: ``level`` if given, else the menu's
        ("as given" keeps the bot functions or the mix given before)."""
        if level is None:
            level = self.level_choice.value
            if level == _AS_GIVEN:
                level = self.match.level
        return level

    def _show_level(self) -> None:
        """Show the bots' level in its menu ("as given" for bot functions or a mix)."""
        levels = list(self.match.bots_registry)
        level = self.match.level
        options = [(str(bot_label(lv)), lv) for lv in levels]
        if isinstance(level, str) and level in levels:
            self.level_choice.options = options
            self.level_choice.value = level
        else:
            self.level_choice.options = options + [(str(say("tables.as_given")), _AS_GIVEN)]
            self.level_choice.value = _AS_GIVEN

    @staticmethod
    def _show_number(choice: Any, value: int) -> None:
        """Show ``value`` in a menu of numbers, adding it when it is not one of them."""
        if value not in choice.options:
            choice.options = sorted(set(choice.options) | {value})
        choice.value = value

    def select(self, cards: Any) -> None:
        """Choose cards in your hand (as clicking them would)."""
        self.hand.selected = cards

    @property
    def four_colour(self) -> bool:
        """True while the cards are drawn in four colours (the learner's switch)."""
        return self._four

    def set_four_colour(self, on: bool = True) -> None:
        """Draw the table's cards in four colours (♠ black, ♥ red, ♦ blue, ♣ green), or
        in the classic two; the switch on the table shows it."""
        self._four = bool(on)
        if self.deck_switch.value != self._four:
            self.deck_switch.value = self._four
        set_four_colour(self, self._four)

    def show_legal(self, show: bool = True) -> None:
        """Point out every legal move in your hand (from the engine) and list them;
        with a card chosen, only the moves that contain it."""
        self._hints = bool(show)
        self._draw_hints()

    @property
    def coach(self) -> bool:
        """True while the coach explains every move (the switch above the table)."""
        return bool(self.coach_switch.value)

    @coach.setter
    def coach(self, on: bool) -> None:
        self.coach_switch.value = bool(on)

    def _coach_switched(self, _change: Any) -> None:
        self.match.coach = self.coach
        self._draw_coach()

    @property
    def coach_text(self) -> str:
        """What the coach says now, as plain text (empty while the coach is off)."""
        if not self.coach:
            return ""
        return "\n".join(f"• {line}" if kind == "item" else str(line) for kind, line in self.match.coach_lines())

    # --- running the match: the controller moves, the view draws --------------------------
    def _start(self, seed: int) -> None:
        self.pacer.cancel()
        self._hints = False     # a new match starts as a table does: the hints off
        self._draw_hints()      # cleared now: a game won at the deal draws no hand to clear them
        self.match.start(seed)
        self._draw_code()
        self._moved()

    def _draw_code(self) -> None:
        """The deal's code, and the settings that deal the same cards with it."""
        note = esc(say("tables.deal_code_note", settings=self.match.settings_words()))
        self.code_label.value = (with_bold(say("tables.deal_code", deal=_MARK), self.match.deal_code)
                                 + f" <span class='ck-dim'>{note}</span>")

    def _moved(self) -> None:
        """After any change of the match: draw it, let the bots answer at their pace when
        it is their turn, and hand the record to the page."""
        self._draw()
        if self.match.bots_to_play():
            self.pacer.delay = self._bot_pause()
            self.pacer.run(self._paced(), on_done=self._bots_done)
        self._publish()

    def _paced(self) -> Iterator[None]:
        """The controller's bot moves, each drawn before the pause that follows it."""
        for _ in self.match.bot_steps():
            self._draw()
            self.pacer.delay = self._bot_pause()
            yield
        self._draw()

    def _bot_pause(self) -> float:
        """Seconds between two bot moves: the table's delay while the learner is in the
        round; once they are out, a third of it (nothing of theirs to wait for, and
        **Finish** plays the rest at once)."""
        return self._delay * (OUT_PACE if self.match.learner_done() else 1.0)

    def _bots_done(self) -> None:
        if self.match.pending is not None:
            self.keeper.focus("next")   # the round (game) is over: its result takes the focus
        self._publish()

    def _after_move(self, played: bool) -> bool:
        """After the learner's move through the controller: on success clear the choice and
        let the bots answer; on a refusal show why (nothing else changes)."""
        if not played:
            self._show(self.match.status())
            return False
        self.hand.selected = ()
        if self.match.pending is not None:
            self.keeper.focus("next")
        elif self.match.learner_done():
            self.keeper.focus("finish")   # out of the round: finishing it is the learner's next move
        self._moved()
        return True

    def _show(self, said: ShownMessage) -> None:
        self._changed_at = time.monotonic()
        self.status.show(str(said.message), said.kind, moment=self._log_moment())

    @staticmethod
    def _message_in(area: StatusMessage, said: Optional[ShownMessage]) -> None:
        """Show ``said`` in ``area`` (a message area of this table, made with its own
        Layout), or hide the area: an empty box is never left on the page."""
        if said is None:
            area.clear()
            hidden(area, True)
        else:
            area.show(str(said.message), said.kind)
            hidden(area, False)

    def _log_moment(self) -> int:
        return self.event_log._total

    # --- drawing: the shared frame; the parts are each game's ---------------------------
    def _draw(self) -> None:
        """Draw the whole table from the controller: the log first and the status last, so
        that the page never says more than its log shows."""
        self._changed_at = time.monotonic()
        match = self.match
        self._draw_log()
        obs = match.state.observation(HUMAN)
        showing_result = match.pending is not None
        self._draw_scoreboard()
        # each part is drawn before it is shown: never an empty result for a moment
        if showing_result:
            self._draw_result()
        else:
            self._draw_play(obs)
        hidden(self.play_area, showing_result)
        hidden(self.opponents_box, showing_result)
        hidden(self.result_area, not showing_result)
        hidden(self.finish_button, not match.learner_done())
        self._draw_coach()
        self._show(match.status())

    def _draw_log(self) -> None:
        match = self.match
        if self._match_drawn != match.matches:
            self._match_drawn = match.matches
            self._log_shown = 0
            self.event_log.clear()
        events = match.shown_events()
        if len(events) > self._log_shown:
            self.event_log.extend(events[self._log_shown:])
            self._log_shown = len(events)

    def _draw_play(self, obs: Any) -> None:
        raise NotImplementedError

    def _draw_result(self) -> None:
        raise NotImplementedError

    def _draw_verdict(self) -> None:
        raise NotImplementedError

    def _legal_groups(self) -> list:
        """The groups of cards the hints point out (each game's own, from the engine)."""
        raise NotImplementedError

    def _hint_listing(self, groups: list) -> str:
        """The hints in words under the buttons (HTML): each game lists its own."""
        return ""

    def _draw_hints(self) -> None:
        if self._hints:
            groups = self._legal_groups()
            self.hand.highlight = groups
            self.hint_list.value = self._hint_listing(groups)
            self.hint_button.description = str(say("tables.hide_hints"))
        else:
            self.hand.highlight = ()
            self.hint_list.value = ""
            self.hint_button.description = str(say(self.hint_words[0]))

    def _draw_coach(self) -> None:
        on = self.coach
        hidden(self.coach_box, not on)
        # With the coach on, its "What just happened" tells each move the log tells, with what
        # it meant: the log is then not shown a second time, but stays for screen readers (a
        # live region that reads each move out; the coach's box is not one).  Coach off: shown.
        self.event_log.screen_readers_only = on
        lines = self.match.coach_lines() if on and self.match.state is not None else []
        if not lines:
            # nothing to say (the match is over and nothing happened since the learner's
            # last look): no empty box is left on the page
            hidden(self.coach_box, True)
            self.coach_box.value = ""
            return
        parts, items = [], []

        def flush() -> None:
            if items:
                parts.append("<ul class='ck-coach-list'>" + "".join(items) + "</ul>")
                items.clear()

        for kind, line in lines:
            if kind == "item":
                items.append(f"<li>{esc(line)}</li>")
            else:
                flush()
                parts.append(f"<div class='ck-coach-head'>{esc(line)}</div>")
        flush()
        title = esc(say("tables.coach_title"))
        self.coach_box.value = (f"<section aria-label='{title}' class='ck-coach-box'>"
                                f"<div class='ck-coach-title'>{title}</div>" + "".join(parts) + "</section>")

    def _scoreboard_columns(self) -> tuple[Any, Any]:
        raise NotImplementedError

    def _draw_scoreboard(self) -> None:
        """The scoreboard: its title, then one row a seat."""
        title, rows = self.match.scoreboard()
        cards_head, score_head = self._scoreboard_columns()
        body = "".join(f"<tr><td>{esc(label)}</td><td class='ck-num'>{esc(cards)}</td><td class='ck-num'>"
                       f"{esc(score)}</td><td>{esc(now) if now is not None else ''}</td></tr>"
                       for label, cards, score, now in rows)
        self.scoreboard.value = (
            f"<div class='ck-sb-title'>{esc(title)}</div><table class='ck-sb' cellpadding='3'>"
            f"<thead><tr><th class='ck-left'>{esc(say('tables.scoreboard_player'))}</th><th>{esc(cards_head)}</th>"
            f"<th>{esc(score_head)}</th><th class='ck-left'>{esc(say('tables.scoreboard_now'))}</th></tr></thead>"
            f"<tbody>{body}</tbody></table>")

    # --- the match kept in the browser --------------------------------------------------
    def record(self) -> Optional[dict]:
        """This match as the browser keeps it (see :meth:`cardkit.tables.MatchController.record`);
        while the bots still move, the turn is the others'."""
        return self.match.record()

    def _publish(self) -> None:
        record = self.record()
        if record is not None:
            self.match_keeper.record = record

    def _stored_match_found(self, record: Any) -> None:
        """The page has drawn this table and found a stored match (or None): if the table
        changed after the page was sent every widget's state, every part's state is sent once
        more (moves the bots made while the page was loading may not have reached it:
        :func:`~cardkit.widgets.frontend.resend_states`); the match is offered when it is
        worth resuming."""
        if changed_since_states(self._changed_at):
            resend_states(self)
        offer = self.match.offer(record)
        if offer is None:
            if self.match.flash is not None:
                self._show(self.match.status())
            return
        text, resume, dismiss = offer
        self.match_keeper.ask(str(text), str(resume), str(dismiss))

    def _answer_offer(self, resume: bool) -> None:
        self.match_keeper.settle()
        found = self.match.take_offer()
        if resume and found is not None:
            self.resume(found)
        else:
            self._publish()

    def resume(self, record: Any) -> bool:
        """Replay a kept match (see :meth:`record`): the same deal and settings, then the
        learner's moves one by one, every one checked by the engine; the bots answer as they
        did, since their moves follow from the deal. Returns True when the match is back;
        otherwise a plain message says why and a fresh match on that deal (if any) is shown."""
        self.pacer.cancel()
        started = self.match.matches
        ok = self.match.resume(record)
        if self.match.matches != started:
            self._show_settings()
            self._draw_code()
            self.hand.selected = ()
            self._moved()
        else:
            self._show(self.match.status())
        return ok

    def _show_settings(self) -> None:
        """The menus show the controller's settings."""
        raise NotImplementedError

    # --- "are you sure?" ----------------------------------------------------------------
    def _ask_then(self, action: Callable[[], Any], what: str) -> None:
        """Run ``action`` (a button's), first asking when it would replace a match in progress."""
        question = self.match.ask(what)
        if question is None:
            action()
            return
        self._confirm_action = action
        text, yes = question
        self.confirm_text.value = f"<b>{esc(text)}</b>"
        self.confirm_yes.description = str(yes)
        hidden(self.confirm_box, False)
        self.keeper.focus("confirm")   # the question takes the focus, on its safe answer

    def _confirmed(self, yes: bool) -> None:
        hidden(self.confirm_box, True)
        action, self._confirm_action = self._confirm_action, None
        if self.match.answer(yes) and action is not None:
            action()


OUT_PACE = 1 / 3
"""Once the learner is out of the round (game), the bots play at this fraction of the
table's delay: the newcomer trial watched them for 16 s with nothing to do."""

_AS_GIVEN = "as_given"
"""The level menu's value while the bots were given as functions or a mix."""


_MARK = "\u2063"   # an invisible separator: where a value goes in bold (never in a text)


def with_bold(message: Any, value: Any) -> str:
    """``message`` (said with ``{mark}`` where ``value`` belongs, see :data:`_MARK`) as
    HTML, with ``value`` in bold."""
    return esc(message).replace(_MARK, f"<b>{esc(value)}</b>")
