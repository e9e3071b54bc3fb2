"""What the two game tables share: bots, pacing, the log, deal codes, the pause
between rounds.  The games' own tables are in ``least_score.py`` and
``tienlen.py`` beside this file; nothing here knows a rule of either game."""

from __future__ import annotations

import html
import random
from typing import Any, Callable, Optional, Sequence

from .. import guard as widgets

import dataclasses

from ...cards import resolve_seed
from ...errors import CardkitError
from ...game import resolve_bot
from ...words import player_name as seat_name
from ..access import FocusKeeper, FourColourSwitch
from ..hand import CardRow, Hand
from ..keeper import MatchKeeper, check_record
from ..messages import EventLog, StatusMessage, error_text, safe_callback
from ..pacer import Pacer

HUMAN = 0
"""The learner's seat at every table."""


WRAP = dict(flex_flow="row wrap", align_items="center")


def wrap_row(children: Sequence[widgets.Widget], space: str = "10px") -> widgets.HBox:
    """A row that wraps onto the next line on a narrow screen, ``space`` between items."""
    for child in children:
        child.layout.margin = f"2px {space} 2px 0"
    return widgets.HBox(list(children), layout=widgets.Layout(**WRAP))


def action_button(description: str, css_class: str, *, style: str = "", tooltip: Optional[str] = None) -> widgets.Button:
    """A table's button: as wide as its words, ``button_style`` ``style`` ('primary',
    'warning' …), and ``css_class`` for the page (and the browser tests) to find it by."""
    button = widgets.Button(description=description, button_style=style, tooltip=tooltip,
                            layout=widgets.Layout(width="auto"))
    button.add_class(css_class)
    return button


def menu(options: Sequence[Any], description: str, width: str) -> widgets.Dropdown:
    """A table's drop-down menu of settings (``description`` is its label)."""
    return widgets.Dropdown(options=list(options), description=description,
                            style={"description_width": "initial"}, layout=widgets.Layout(width=width))


def resolve_bots(level: Any, count: int, game: str) -> list[tuple[str, Callable]]:
    """``[(name, bot), …]`` for ``count`` opponents from one level (a bot's name in
    ``game``, such as 'greedy', or a bot function) or a list of them, one per opponent."""
    if isinstance(level, (list, tuple)):
        levels = list(level)
        if len(levels) != count:
            raise CardkitError(
                f"{len(levels)} bot levels were given for {count} opponent{'s' if count != 1 else ''}: "
                "give one level for all of them, or one per opponent")
    else:
        levels = [level] * count
    out = []
    for lv in levels:
        if not isinstance(lv, str) and not callable(lv):
            raise CardkitError(f"a bot level is a name such as 'greedy' or a bot function, not {lv!r}")
        name, bot = resolve_bot(game, lv)
        out.append((lv if isinstance(lv, str) else getattr(lv, "__name__", "custom").replace("_bot", ""), bot))
    return out


def bot_rng(seed: int, game: str) -> random.Random:
    """The bots' random numbers: fixed by the deal, so the same deal played the same
    way gives the same bot moves in every classroom."""
    return random.Random(f"cardkit {game} bots {seed}")


def player_name(p: int) -> str:
    """``'You'`` for the learner's seat, ``'Player 2'`` for the others."""
    return seat_name(p, you=HUMAN)


def esc(text: Any) -> str:
    """``text`` escaped for HTML."""
    return html.escape(str(text))


def hidden(widget: widgets.Widget, hide: bool) -> None:
    """Hide ``widget`` (or show it again)."""
    widget.layout.display = "none" if hide else None


def set_four_colour(widget: widgets.Widget, on: bool) -> None:
    """Draw every card in ``widget`` and the widgets inside it in four colours (or two)."""
    if isinstance(widget, (Hand, CardRow)):
        widget.four_colour = on
    for child in getattr(widget, "children", ()) or ():
        set_four_colour(child, on)


#: The keys of a table, written on it where they are used.
TABLE_KEYS = ("Keys: Tab and Shift+Tab move between the parts of the table; Enter or Space presses the "
              "button under focus.")


class TableBase(widgets.VBox):
    """A game table: the learner at seat 0 against bots.

    Subclasses build the game's widgets (``_build``, with :meth:`_build_shared`), start
    a match (``_make_state``) and draw its parts (``_draw_play``, ``_draw_result``,
    ``_draw_status``, ``_scoreboard_cells``); this class runs the bots at a readable
    pace, keeps the log, the deal code, the scoreboard, the hints, and the pause after
    each finished round or game.
    """

    game = ""                     # the game's code name: 'least_score' or 'tienlen'
    game_name = "game"            # the name in the bots' seed (kept: the same deal gives the same bot moves)
    round_word = "round"          # 'round' (Least Score) or 'game' (Tiến Lên)
    bots_registry: dict = {}
    game_title = "the game"       # the game's name in a learner's words ('Least Score', 'Tiến Lên')
    hint_words = ("Show my legal moves", "Point out every legal move in your hand")

    coach_event_kinds: tuple[str, ...] = ()   # log events the coach repeats (a round's start, a reshuffle)
    table_keys = TABLE_KEYS       # the keys line under the buttons

    def __init__(self, delay: float = 0.8, coach: bool = False) -> None:
        self._four = bool(getattr(self, "_four", False))
        self.status = StatusMessage()
        self.status.add_class("ck-table-status")
        self.event_log = EventLog(max_lines=8, title="What happened (newest last)")
        self.event_log.add_class("ck-table-log")
        self.pacer = Pacer(delay=delay, messages=self.status)
        self.state: Any = None
        self.bots: list[tuple[str, Callable]] = []
        self._rng = random.Random(0)
        self._events_seen = 0
        self._results_seen = 0
        self.pending: Any = None   # a finished round/game shown until "Next round"
        self.bot_moves = 0         # moves played by bots in this match (for tests and timing)
        self._note = ""            # a line about the learner's last move, shown before the status
        self._held = ""            # a refused click's reason, kept visible while the bots play on

        # --- deal code ---
        self.code_label = widgets.HTML("")
        self.code_label.add_class("ck-deal-code")
        self.code_box = widgets.Text(placeholder="e.g. K7Q-29X", description="Play another deal:",
                                     layout=widgets.Layout(width="21em"),
                                     style={"description_width": "initial"})
        self.code_box.add_class("ck-deal-input")
        self.code_button = action_button("Play this deal", "ck-play-deal",
                                         tooltip="Start a new match from this deal code")
        self.code_button.on_click(safe_callback(self.status, lambda _b: self._ask_then(
            lambda: self.start_deal(self.code_box.value), "play that deal")))
        self.new_button = action_button("New match", "ck-new-match", tooltip="Start a new match with the settings above")
        self.new_button.on_click(safe_callback(self.status, lambda _b: self._ask_then(self.new_match, "start a new match")))
        # --- the match kept in the browser, and "are you sure?" before replacing it ---
        self._steps: list[str] = []   # the learner's moves of this match, as the record keeps them
        self._found: Optional[dict] = None
        self.match_keeper = MatchKeeper(self.game, safe_callback(self.status, self._stored_match_found),
                                  safe_callback(self.status, self._answer_offer))
        self.confirm_text = widgets.HTML("")
        self.confirm_text.add_class("ck-confirm-text")
        self.confirm_yes = action_button("Yes", "ck-confirm-yes", style="warning")
        self.confirm_no = action_button("No, keep playing", "ck-confirm-no")
        self.confirm_yes.on_click(safe_callback(self.status, lambda _b: self._confirmed(True)))
        self.confirm_no.on_click(safe_callback(self.status, lambda _b: self._confirmed(False)))
        self.confirm_box = wrap_row([self.confirm_text, self.confirm_yes, self.confirm_no], "10px")
        self.confirm_box.add_class("ck-confirm")
        hidden(self.confirm_box, True)
        self._confirm_action: Optional[Callable[[], Any]] = None
        self.next_button = action_button(f"Next {self.round_word}", "ck-next-round", style="primary")
        self.next_button.on_click(safe_callback(self.status, lambda _b: self.next_round()))
        self.again_button = action_button("Play again", "ck-play-again", style="primary",
                                          tooltip="Start a new match with the same settings, on a fresh deal")
        self.again_button.on_click(safe_callback(self.status, lambda _b: self._again()))
        # --- for every learner: the four-colour switch, the keys, the focus ---
        self.deck_switch = FourColourSwitch(value=self._four)
        self.deck_switch.observe(safe_callback(self.status, lambda c: self.set_four_colour(c["new"])), names="value")
        self.keys_text = widgets.HTML(f"<div class='ck-keys'>{esc(self.table_keys)}</div>")
        self.keeper = FocusKeeper()
        self.keeper.add_class("ck-keeper")
        # --- the coach: before each of your turns what you may do and why; after each move what it meant
        self._coach_notes: list[str] = []
        self.coach_box = widgets.HTML("")
        self.coach_box.add_class("ck-coach")
        self.coach_switch = widgets.Checkbox(value=bool(coach), description="Coach: explain every move",
                                             indent=False, layout=widgets.Layout(width="auto"))
        self.coach_switch.add_class("ck-coach-switch")
        self.coach_switch.observe(safe_callback(self.status, lambda _c: self._draw_coach()), names="value")
        self.hint_list = widgets.HTML("")
        self.hint_list.add_class("ck-hint-list")
        super().__init__()
        self.add_class("ck-table")

    def _build_shared(self, opponents: int, card_width: int) -> None:
        """The widgets both tables have: the bots' level menu, the scoreboard, the
        opponents' face-down hands (``card_width`` pixels a card), the verdict, the
        hints button and the end-of-round texts.  ``self.hand`` comes first."""
        self.level_choice = menu(self.bots_registry, "Bots:", "11em")
        self.scoreboard = widgets.HTML("")
        self.scoreboard.add_class("ck-scoreboard")
        self.opponent_hands = [Hand(count=0, face_down=True, owner=f"Player {p}", card_width=card_width)
                               for p in range(1, opponents + 1)]
        for h in self.opponent_hands:
            h.layout.flex = "0 0 auto"
        self.opponents_box = wrap_row(self.opponent_hands, "18px")
        self.opponents_box.add_class("ck-opponents")
        self.hand.add_class("ck-my-hand")
        self.verdict = StatusMessage()
        self.verdict.add_class("ck-verdict")
        self.hint_button = action_button(self.hint_words[0], "ck-show-legal", tooltip=self.hint_words[1])
        self._hints = False
        self.hint_button.on_click(safe_callback(self.status, lambda _b: self.show_legal(not self._hints)))
        self.hand.observe(safe_callback(self.verdict, lambda _c: self._draw_verdict()), names="selected")
        self.result_title = widgets.HTML("")
        self.result_text = widgets.HTML("")
        self.result_text.add_class("ck-round-result")

    def _lay_out(self, intro: widgets.Widget, controls: Sequence[widgets.Widget], play_area: widgets.Widget,
                 result_parts: Sequence[widgets.Widget]) -> None:
        """Put the table together: the introduction, the settings, the deal code, the
        status, then the learner's part (on a phone it comes first), the end of a
        round, the scoreboard, the opponents and the log."""
        self.intro, self.play_area = intro, play_area
        play_area.children = (*play_area.children, self.hint_list)
        intro.add_class("ck-intro")
        play_area.add_class("ck-play-area")
        self.result_area = widgets.VBox([*result_parts, wrap_row([self.next_button, self.again_button])])
        self.result_area.add_class("ck-result-area")
        deal = wrap_row([self.code_label, self.code_box, self.code_button], "10px")
        deal.add_class("ck-deal")
        settings = wrap_row([*controls, self.new_button, self.deck_switch, self.coach_switch], "10px")
        settings.add_class("ck-controls")
        self.children = [intro, self.match_keeper, settings, self.confirm_box, deal, self.status, self.coach_box,
                         play_area,
                         self.result_area, self.scoreboard, self.opponents_box, self.event_log, self.keeper]

    # --- what code, tests and lessons may call -------------------------------------
    @property
    def deal_code(self) -> Optional[str]:
        """The short code of this match's deal (give it to others to play the same cards)."""
        return self.state.deal_code if self.state is not None else None

    @property
    def busy(self) -> bool:
        """True while bots are still moving."""
        return self.pacer.busy

    def start_deal(self, code: Any) -> bool:
        """Start a new match from a deal code (or seed) with the current settings.
        A bad code is shown as a plain message and nothing changes (returns False)."""
        text = str(code).strip() if code is not None else ""
        if not text:
            self.status.error("Type a deal code first, such as K7Q-29X, then press Play this deal.")
            return False
        try:
            seed = resolve_seed(code if isinstance(code, int) else text)
        except CardkitError as exc:
            text = str(exc)
            self.status.error(text if "not a deal code" in text else f"That is not a deal code: {text}")
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
        if self.pending is None:
            if self.state.is_terminal():
                self.status.warning("The match is over: press New match to play again.")
            else:
                self.status.warning(f"This {self.round_word} is still being played: "
                                    f"Next {self.round_word} comes when it is over.")
            return False
        if self.state.is_terminal() and self._results_seen >= len(self.state.round_results):
            self.status.warning("The match is over: press New match to play again.")
            return False
        self.pending = None
        self._steps.append("n")
        self._sync_log()
        self._draw()
        self.keeper.focus("hand")   # the new round: the learner's hand is where the next move is
        self._go_on()
        self._publish()
        return True

    def _again(self) -> None:
        """"Play again" at the end of a match: a new match, the focus on the new hand."""
        self.new_match()
        self.keeper.focus("hand")

    # --- to be filled in by each game -----------------------------------------------
    def _apply_settings(self, **settings: Any) -> None:
        raise NotImplementedError

    def _make_state(self, seed: int) -> Any:
        raise NotImplementedError

    def _resolve_bots(self, level: Any, count: int) -> list[tuple[str, Callable]]:
        """:func:`resolve_bots` for this game: ``count`` bots from ``level``."""
        return resolve_bots(level, count, self.game)

    def _level_from_menu(self, level: Any) -> Any:
        """The bots' level for the next match: ``level`` if given, else the menu's
        ("as given" keeps the bot functions or the mix given before)."""
        if level is None:
            level = self.level_choice.value
            if level == "as given":
                level = self._level
        return level

    def _show_level(self, levels: list) -> None:
        """Show the bots' level in its menu ("as given" for bot functions or a mix)."""
        if isinstance(self._level, str) and self._level in levels:
            self.level_choice.options = levels
            self.level_choice.value = self._level
        else:
            self.level_choice.options = levels + ["as given"]
            self.level_choice.value = "as given"

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

    @property
    def coach_text(self) -> str:
        """What the coach says now, as plain text (empty while the coach is off)."""
        if not self.coach:
            return ""
        return "\n".join(self._coach_lines())

    # --- drawing: the shared frame; the parts are each game's ---------------------------
    def _draw(self) -> None:
        st = self.state
        if self.pending is not None or st.is_terminal():
            self._note = ""
        obs = st.observation(HUMAN)
        showing_result = self.pending is not None
        hidden(self.play_area, showing_result)
        hidden(self.opponents_box, showing_result)
        hidden(self.result_area, not showing_result)
        self._draw_scoreboard(obs)
        if showing_result:
            self._draw_result()
        else:
            self._draw_play(obs)
        self._draw_status(obs)
        self._draw_coach()

    def _draw_play(self, obs: Any) -> None:
        raise NotImplementedError

    def _draw_result(self) -> None:
        raise NotImplementedError

    def _draw_status(self, obs: Any) -> None:
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
            self.hint_button.description = "Hide the hints"
        else:
            self.hand.highlight = ()
            self.hint_list.value = ""
            self.hint_button.description = self.hint_words[0]

    # --- the coach ----------------------------------------------------------------------
    def _coach_advice(self, obs: Any) -> list[str]:
        """What the learner may do on this turn and why (each game's engine coach)."""
        return []

    def _coach_explain(self, before: Any, player: int, action: Any) -> str:
        """What ``player``'s move meant (each game's engine coach)."""
        return ""

    def _coach_round_over(self) -> list[str]:
        """The coach's words while a finished round (game) is shown."""
        return [f"This {self.round_word} is over: read how it was scored below, then press Next {self.round_word}."]

    def _coach_before(self) -> Any:
        """The learner's view just before a move, for the coach to explain it (None while off)."""
        return self.state.observation(HUMAN) if self.coach else None

    def _coach_note(self, player: int, action: Any, before: Any) -> None:
        if before is None:
            return
        if player == HUMAN:
            # a new turn of the table: the learner knows what they did, so only what
            # follows from it is told (going out, who leads), then the others' moves
            self._coach_notes = []
            text = self._coach_explain(before, player, action)
            follow = text.split(". ", 1)[1] if ". " in text else ""
            if follow:
                self._coach_notes.append(follow)
            return
        text = self._coach_explain(before, player, action)
        if text:
            self._coach_notes.append(text)

    def _coach_lines(self) -> list[str]:
        st = self.state
        lines = [f"• {n}" for n in self._coach_notes[-8:]]
        if lines:
            lines.insert(0, "What just happened:")
        if self.pending is not None or st.is_terminal():
            return lines + self._coach_round_over()
        if st.current_player() == HUMAN:
            lines += ["Your turn:"] + [f"• {a}" for a in self._coach_advice(st.observation(HUMAN))]
        else:
            lines.append(f"Player {st.current_player()} is playing…")
        return lines

    def _draw_coach(self) -> None:
        on = self.coach
        hidden(self.coach_box, not on)
        if not on or self.state is None:
            self.coach_box.value = ""
            return
        parts, items = [], []

        def flush() -> None:
            if items:
                parts.append("<ul style='margin:2px 0 4px 1.2em;padding:0'>" + "".join(items) + "</ul>")
                items.clear()

        for line in self._coach_lines():
            if line.startswith("• "):
                items.append(f"<li>{esc(line[2:])}</li>")
            else:
                flush()
                parts.append(f"<div style='font-weight:600;margin-top:4px'>{esc(line)}</div>")
        flush()
        self.coach_box.value = ("<section aria-label='Coach' style='border:1px solid #c6ccd6;border-left:5px solid "
                                "#2f8a4a;border-radius:8px;padding:6px 12px;margin:4px 0;background:#eef7f0;"
                                "color:#1f1f1f;max-width:52rem'><div style='font-weight:700'>Coach</div>"
                                + "".join(parts) + "</section>")

    def _seat_label(self, p: int) -> str:
        return "You (Player 0)" if p == HUMAN else f"Player {p} ({self.bots[p - 1][0]} bot)"

    scoreboard_columns = ("Cards", "Score")

    def _scoreboard_title(self, obs: Any) -> str:
        """The line above the scoreboard (HTML): the round or game, and what wins."""
        raise NotImplementedError

    def _scoreboard_cells(self, p: int, obs: Any) -> tuple[Any, Any, str]:
        """Seat ``p``'s row of the scoreboard: (cards, score, what they are doing now)."""
        raise NotImplementedError

    def _draw_scoreboard(self, obs: Any) -> None:
        """The scoreboard: its title, then one row a seat (see ``_scoreboard_cells``)."""
        title, columns = self._scoreboard_title(obs), self.scoreboard_columns
        rows = []
        for p in range(self.state.num_players):
            cards, score, now = self._scoreboard_cells(p, obs)
            rows.append(f"<tr><td>{esc(self._seat_label(p))}</td><td style='text-align:center'>{cards}</td>"
                        f"<td style='text-align:center'>{score}</td><td>{esc(now)}</td></tr>")
        self.scoreboard.value = (
            f"<div style='font-weight:600;margin:4px 0'>{title}</div>"
            "<table style='border-collapse:collapse;font-size:0.95rem' cellpadding='3'>"
            f"<thead><tr><th style='text-align:left'>Player</th><th>{columns[0]}</th><th>{columns[1]}</th>"
            "<th style='text-align:left'>Now</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>")

    # --- running the match ------------------------------------------------------------
    def _start(self, seed: int) -> None:
        self.pacer.cancel()
        self.state = self._make_state(seed)
        self._rng = bot_rng(seed, self.game_name)
        self._events_seen = 0
        self._results_seen = 0
        self.pending = None
        self.bot_moves = 0
        self._note = ""
        self._held = ""
        self._coach_notes = []
        self._steps = []
        self.event_log.clear()
        self.code_label.value = (f"This deal's code: <b>{esc(self.state.deal_code)}</b> "
                                 f"<span style='opacity:.8'>({esc(self._settings_text())}; the same code with the same "
                                 "settings deals the same cards)</span>")
        self._check_results()
        self._sync_log()
        self._draw()
        self._go_on()
        self._publish()

    def _settings_text(self) -> str:
        return ""

    def _check_results(self) -> None:
        results = self.state.round_results
        if self.pending is None and self._results_seen < len(results):
            self.pending = results[self._results_seen]
            self._results_seen += 1
            # the round (game) is over: the result and its Next button take the focus
            self.keeper.focus("next")

    def _sync_log(self) -> None:
        events = self.state.events
        new = events[self._events_seen:]
        if self.pending is not None:
            # hold back the next round's deal until the learner has seen this one's end
            limit = self.pending.round
            keep = []
            for e in new:
                if e.round > limit:
                    break
                keep.append(e)
            new = keep
        self._events_seen += len(new)
        self.event_log.extend(new)
        for e in new:
            if e.kind in self.coach_event_kinds:
                self._coach_notes.append(e.text)

    def _go_on(self) -> None:
        """After the learner's move (or a new match, or Next round): let the bots
        play until it is the learner's turn, a round ends, or the match is over."""
        if self.pending is not None or self.state.is_terminal():
            self._draw()
            return
        if self.state.current_player() == HUMAN:
            self._draw()
            return
        self._draw()
        self.pacer.run(self._bot_steps(), on_done=self._bots_done)

    def _bot_steps(self):
        state = self.state
        while not state.is_terminal() and self.pending is None:
            p = state.current_player()
            if p == HUMAN:
                return
            _name, bot = self.bots[p - 1]
            action = bot(state.observation(p), self._rng)
            before = self._coach_before()
            state.apply_action(action, p)
            self._coach_note(p, action, before)
            self.bot_moves += 1
            self._check_results()
            self._sync_log()
            self._draw()
            if state.is_terminal() or self.pending is not None or state.current_player() == HUMAN:
                # no bot moves next: end the run now, so that the moment the page says
                # "Your turn" a click is taken (not refused for one more delay)
                return
            yield

    def _bots_done(self) -> None:
        self._draw()
        self._publish()

    def _after_human(self, step: str) -> None:
        """After the learner's move (``step``, as the record keeps it): clear the choice,
        then let the bots answer."""
        self._steps.append(step)
        self.hand.selected = ()
        self._check_results()
        self._sync_log()
        self._go_on()
        self._publish()

    def _refuse_if_not_ready(self) -> bool:
        """A click at the wrong time: say why and return True."""
        st = self.state
        if self.pending is not None:
            if st.is_terminal() and self._results_seen >= len(st.round_results):
                self.status.warning("The match is over: press New match to play again.")
            else:
                self.status.warning(f"This {self.round_word} is over: press Next {self.round_word} to go on.")
            return True
        if st.is_terminal():
            self.status.warning("The match is over: press New match to play again.")
            return True
        if self.pacer.busy or st.current_player() != HUMAN:
            # kept (see _waiting) so that the next bot move does not wipe it at once
            self._held = "Wait for your turn: that click came while the others are playing."
            self.status.warning(f"Wait for your turn: it is Player {st.current_player()}'s turn now.")
            return True
        return False

    def _waiting(self, text: str) -> None:
        """Show ``text`` (such as 'Player 2 is playing…') while the bots play; a click
        refused meanwhile stays in front of it until the learner's turn comes."""
        if self._held:
            self.status.warning(f"{self._held} {text}")
        else:
            self.status.info(text)

    def _your_turn(self) -> None:
        """The learner's turn has come: a held refusal is no longer needed."""
        self._held = ""

    def _fail(self, exc: BaseException) -> None:
        self.status.error(error_text(exc))

    # --- the match kept in the browser --------------------------------------------------
    TURNS = {"yours": "your turn", "others": "the others are playing", "between": "between two rounds",
             "over": "the match is over"}

    def _settings_record(self) -> Optional[dict]:
        """The settings a replay needs, as plain data (None: they cannot be kept, e.g. a
        bot given as a function)."""
        level = self._level
        levels = level if isinstance(level, (list, tuple)) else [level]
        if not all(isinstance(lv, str) for lv in levels):
            return None
        out = {"level": list(level) if isinstance(level, (list, tuple)) else level,
               "rules": dataclasses.asdict(self._base_rules)}
        out.update(self._more_settings())
        return out

    def _more_settings(self) -> dict:
        return {}

    def _round_number(self) -> int:
        raise NotImplementedError

    def record(self) -> Optional[dict]:
        """This match as the browser keeps it: the game, the deal code, the settings and the
        learner's moves (``None`` when its settings cannot be kept)."""
        settings = self._settings_record()
        if settings is None or self.state is None:
            return None
        st = self.state
        if st.is_terminal() and self.pending is None:
            turn = "over"
        elif self.pending is not None:
            turn = "over" if st.is_terminal() and self._results_seen >= len(st.round_results) else "between"
        else:
            turn = "yours" if st.current_player() == HUMAN and not self.pacer.busy else "others"
        return {"game": self.game, "code": self.deal_code, "settings": settings, "moves": list(self._steps),
                "round": self._round_number(), "turn": turn, "over": turn == "over"}

    def _publish(self) -> None:
        record = self.record()
        if record is not None and getattr(self, "match_keeper", None) is not None:
            self.match_keeper.record = record

    def where(self, record: dict) -> str:
        """'round 3, your turn' for a record (its fields checked, never its text shown)."""
        n = record.get("round")
        number = n if isinstance(n, int) and 0 < n < 10_000 else None
        turn = self.TURNS.get(record.get("turn"), "")
        words = f"{self.round_word} {number}" if number else ""
        return ", ".join(w for w in (words, turn) if w)

    def in_progress(self) -> bool:
        """True once the learner has moved in this match and it is not over."""
        return bool(self._steps) and not self.state.is_terminal()

    def _stored_match_found(self, record: Optional[dict]) -> None:
        """The page found a stored match (or None): offer it when it is worth resuming."""
        if record is None or record.get("over") or not record.get("moves"):
            return
        mine = self.record()
        if mine is not None and record["code"] == mine["code"] and record["moves"] == mine["moves"]:
            return
        self._found = record
        where = self.where(record)
        if mine is None or record["code"] == mine["code"]:
            self.match_keeper.ask(f"Resume your match — {where}." if where else "Resume your match?",
                            "Resume my match", "Start afresh")
        else:
            self.match_keeper.ask(f"You have a match in progress on deal {record['code']} ({where}). Resume it, "
                            f"or play this page's deal, {mine['code']}?", "Resume my match",
                            f"Play deal {mine['code']}")

    def _answer_offer(self, resume: bool) -> None:
        self.match_keeper.settle()
        found, self._found = self._found, None
        if resume and found is not None:
            self.resume(found)
        else:
            self._publish()

    def resume(self, record: Any) -> bool:
        """Replay a kept match (see :meth:`record`): the same deal and settings, then the
        learner's moves one by one, every one checked by the engine; the bots answer as they
        did, since their moves follow from the deal. Returns True when the match is back;
        otherwise a plain message says why and a fresh match on that deal (if any) is shown."""
        record = check_record(record, self.game)
        if record is None:
            self.status.error("That saved match cannot be read back, so it was not restored.")
            return False
        try:
            seed = resolve_seed(record["code"])
            self._restore_settings(record["settings"])
        except (CardkitError, TypeError, ValueError, KeyError, AttributeError):
            self.status.error("That saved match was played with settings this table does not have, "
                              "so it was not restored.")
            return False
        delay = self.pacer.delay
        self.pacer.delay = 0
        ok = True
        try:
            self._start(seed)
            for step in record["moves"]:
                if not (self.next_round() if step == "n" else self._replay_move(step)):
                    ok = False
                    break
        except Exception:  # a record that does not replay: never a traceback
            ok = False
        finally:
            self.pacer.delay = delay
        if not ok:
            self._start(seed)
            self.status.error("Your saved match could not be replayed, so this is a fresh match on the same deal.")
            return False
        self._draw()
        self._publish()
        where = self.where(self.record() or {})
        self.status.info(f"Welcome back: your match is as you left it ({where})." if where
                         else "Welcome back: your match is as you left it.")
        return True

    def _restore_settings(self, settings: dict) -> None:
        raise NotImplementedError

    def _replay_move(self, step: str) -> bool:
        raise NotImplementedError

    # --- "are you sure?" ----------------------------------------------------------------
    def _ask_then(self, action: Callable[[], Any], what: str) -> None:
        """Run ``action`` (a button's), first asking when it would replace a match in progress."""
        if not self.in_progress():
            action()
            return
        self._confirm_action = action
        where = self.where(self.record() or {})
        self.confirm_text.value = (f"<b>{esc(what[0].upper() + what[1:])}?</b> Your match in progress "
                                   f"({esc(where)}) will be lost.")
        self.confirm_yes.description = f"Yes, {what}"
        hidden(self.confirm_box, False)

    def _confirmed(self, yes: bool) -> None:
        hidden(self.confirm_box, True)
        action, self._confirm_action = self._confirm_action, None
        if yes and action is not None:
            action()
