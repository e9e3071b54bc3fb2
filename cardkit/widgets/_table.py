"""What the two game tables share: bots, pacing, the log, deal codes, the pause
between rounds.  The games' own tables are in ``least_score_table.py`` and
``tienlen_table.py``; nothing here knows a rule of either game."""

from __future__ import annotations

import html
import random
from typing import Any, Callable, Optional, Sequence, Union

import ipywidgets as widgets

from ..cards import resolve_seed
from ..errors import CardkitError
from ..game import resolve_bot
from ..words import player_name as _player_name
from .messages import EventLog, StatusMessage, error_text, safe_callback
from .pacer import Pacer

HUMAN = 0
"""The learner's seat at every table."""

Level = Union[str, Callable[..., Any]]

WRAP = dict(flex_flow="row wrap", align_items="center")


def wrap_row(children: Sequence[widgets.Widget], space: str = "10px") -> widgets.HBox:
    """A row that wraps onto the next line on a narrow screen, ``space`` between items."""
    for child in children:
        child.layout.margin = f"2px {space} 2px 0"
    return widgets.HBox(list(children), layout=widgets.Layout(**WRAP))


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
    return _player_name(p, you=HUMAN)


def esc(text: Any) -> str:
    return html.escape(str(text))


def hidden(widget: widgets.Widget, hide: bool) -> None:
    widget.layout.display = "none" if hide else None


class TableBase(widgets.VBox):
    """A game table: the learner at seat 0 against bots.

    Subclasses build the game's widgets (``_build``), start a match (``_make_state``)
    and draw it (``_draw``); this class runs the bots at a readable pace, keeps the
    log, the deal code, and the pause after each finished round or game.
    """

    game_name = "game"
    round_word = "round"          # 'round' (Least Score) or 'game' (Tiến Lên)
    bots_registry: dict = {}

    def __init__(self, delay: float = 0.8) -> None:
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
        self.code_button = widgets.Button(description="Play this deal", tooltip="Start a new match from this deal code",
                                          layout=widgets.Layout(width="auto"))
        self.code_button.add_class("ck-play-deal")
        self.code_button.on_click(safe_callback(self.status, lambda _b: self.start_deal(self.code_box.value)))
        self.new_button = widgets.Button(description="New match", button_style="",
                                         tooltip="Start a new match with the settings above",
                                         layout=widgets.Layout(width="auto"))
        self.new_button.add_class("ck-new-match")
        self.new_button.on_click(safe_callback(self.status, lambda _b: self.new_match()))
        self.next_button = widgets.Button(description=f"Next {self.round_word}", button_style="primary",
                                          layout=widgets.Layout(width="auto"))
        self.next_button.add_class("ck-next-round")
        self.next_button.on_click(safe_callback(self.status, lambda _b: self.next_round()))
        self.again_button = widgets.Button(description="Play again", button_style="primary",
                                           tooltip="Start a new match with the same settings, on a fresh deal",
                                           layout=widgets.Layout(width="auto"))
        self.again_button.add_class("ck-play-again")
        self.again_button.on_click(safe_callback(self.status, lambda _b: self.new_match()))
        super().__init__()
        self.add_class("ck-table")

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
        self._sync_log()
        self._draw()
        self._go_on()
        return True

    # --- to be filled in by each game -----------------------------------------------
    def _apply_settings(self, **settings: Any) -> None:
        raise NotImplementedError

    def _make_state(self, seed: int) -> Any:
        raise NotImplementedError

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

    def _draw(self) -> None:
        raise NotImplementedError

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
        self.event_log.clear()
        self.code_label.value = (f"This deal's code: <b>{esc(self.state.deal_code)}</b> "
                                 f"<span style='opacity:.8'>({esc(self._settings_text())})</span>")
        self._check_results()
        self._sync_log()
        self._draw()
        self._go_on()

    def _settings_text(self) -> str:
        return ""

    def _check_results(self) -> None:
        results = self.state.round_results
        if self.pending is None and self._results_seen < len(results):
            self.pending = results[self._results_seen]
            self._results_seen += 1

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
            state.apply_action(action, p)
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
