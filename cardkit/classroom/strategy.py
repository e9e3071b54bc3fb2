"""The strategy builder: set a bot's strategy with controls, let it play a
tournament, and read its win rate with the 95% interval — no code needed.

::

    StrategyBuilder('least_score')     # declare at, which group to discard, when to take the open card
    StrategyBuilder('tienlen')         # when to play 2s and bombs, break sequences, lead low or high

Two strategies, **A** and **B**, side by side.  **Try A** (or **Try B**) plays a
seeded tournament of the strategy against the chosen opponents, with a progress
bar; **Compare A and B** plays both on the very same deals (one click).  Every run
is listed with its win rate and interval, and a plot puts the runs side by side
with the fair share (one win in n players) as a dashed line.  The bots are the
engine's :class:`~cardkit.least_score.policy.PolicyBot` /
:class:`~cardkit.tienlen.policy.PolicyBot`; the tournaments are
:func:`cardkit.tournament.tournament`'s, in ``workers`` processes (in this
process where there are none: the browser's Python on the static site).

``builder.run('A')``, ``builder.compare()`` and ``builder.results`` do the same
from code; the panel's text (what strict nbval compares) states every run.
"""

from __future__ import annotations

import base64
import html
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Optional, Sequence

import ipywidgets

from ..errors import CardkitError
from ..least_score import policy as ls_policy
from ..tienlen import policy as tl_policy
from ..tournament import tournament
from ..i18n import game_title, joined, render, say
from ..widgets.messages import StatusMessage, safe_callback
from .boxes import FONT_STACK, Panel, figure_json
from .numbers import pct

__all__ = ["StrategyBuilder", "StrategyRun", "OPPONENTS"]

OPPONENTS = {
    "greedy": ("greedy", "greedy", "greedy"),
    "greedy_strong": ("greedy", "greedy", "strong"),
    "strong": ("strong", "strong", "strong"),
    "random": ("random", "random", "random"),
}
"""The line-ups a strategy can be tried against, by id; the menu shows each one's words
(:func:`opponents_words`: ``'three greedy bots'``)."""


def opponents_words(opponents: str) -> Any:
    """What the menu calls a line-up of :data:`OPPONENTS`: ``'three greedy bots'``."""
    return say(f"strategy.opponents.{opponents}")


def _t(code: str, **values: Any) -> str:
    """A catalogue sentence, rendered now (for a widget's property)."""
    return render(say(code, **values))

_MATCHES = (100, 200, 400, 1000)


@dataclass(frozen=True)
class StrategyRun:
    """One strategy's tournament: its label, the opponents, the matches played, the
    wins, the win rate with its 95% interval and the mean score."""

    slot: str
    label: str
    opponents: str
    matches: int
    seed: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    policy: dict = field(default_factory=dict)
    label_words: Any = None
    """The label as a message of the catalogue (``label`` is its words when the run was played)."""

    def text(self) -> str:
        """The run in words (:meth:`message` rendered)."""
        return str(self.message())

    def message(self) -> Any:
        """The run as a message: slot, label, opponents, matches, win rate and interval."""
        label = self.label_words if self.label_words is not None else self.label
        return say("strategy.run", slot=self.slot, label=label, opponents=opponents_words(self.opponents),
                   matches=self.matches, rate=pct(self.win_rate), low=pct(self.win_low), high=pct(self.win_high))


def _style() -> dict:
    return {"description_width": "initial"}


class _LeastScoreControls:
    """The controls of one Least Score strategy."""

    def __init__(self, policy: ls_policy.Policy) -> None:
        self.declare_at = ipywidgets.IntSlider(value=policy.declare_at, min=0, max=20, description=_t("strategy.ls.declare_at"),
                                              tooltip=_t("strategy.ls.declare_at"),
                                               continuous_update=False, style=_style())
        self.discard = ipywidgets.Dropdown(options=[(str(w), k) for k, w in ls_policy.DISCARDS.items()],
                                           value=policy.discard, description=_t("strategy.ls.discard"), style=_style(),
                                           layout=ipywidgets.Layout(width="auto"))
        self.take = ipywidgets.Dropdown(options=[(str(w), k) for k, w in ls_policy.TAKES.items()], value=policy.take_open,
                                        description=_t("strategy.ls.take"), style=_style(),
                                        layout=ipywidgets.Layout(width="auto"))
        self.take_max = ipywidgets.IntSlider(value=policy.take_max, min=1, max=10, description=_t("strategy.ls.take_max"),
                                            tooltip=_t("strategy.ls.take_max"),
                                             continuous_update=False, style=_style())
        self.take.observe(lambda _c: self._show(), names="value")
        self.widgets = [self.declare_at, self.discard, self.take, self.take_max]
        self._show()

    def _show(self) -> None:
        self.take_max.layout.display = None if self.take.value == "at_most" else "none"

    def policy(self) -> ls_policy.Policy:
        return ls_policy.Policy(declare_at=int(self.declare_at.value), discard=self.discard.value,
                                take_open=self.take.value, take_max=int(self.take_max.value))

    def bot(self) -> Any:
        return ls_policy.PolicyBot(self.policy())


class _TienLenControls:
    """The controls of one Tiến Lên strategy."""

    def __init__(self, policy: tl_policy.Policy) -> None:
        options = [(str(w), k) for k, w in tl_policy.SPEND.items()]
        self.twos = ipywidgets.Dropdown(options=options, value=policy.twos, description=_t("strategy.tl.twos"),
                                        style=_style(), layout=ipywidgets.Layout(width="auto"))
        self.bombs = ipywidgets.Dropdown(options=options, value=policy.bombs, description=_t("strategy.tl.bombs"),
                                         style=_style(), layout=ipywidgets.Layout(width="auto"))
        self.breaks = ipywidgets.Checkbox(value=policy.break_sequences, indent=False,
                                          description=_t("strategy.tl.breaks"))
        self.lead = ipywidgets.Dropdown(options=[(str(w), k) for k, w in tl_policy.LEADS.items()], value=policy.lead,
                                        description=_t("strategy.tl.lead"), style=_style(), layout=ipywidgets.Layout(width="auto"))
        self.widgets = [self.twos, self.bombs, self.breaks, self.lead]

    def policy(self) -> tl_policy.Policy:
        return tl_policy.Policy(twos=self.twos.value, bombs=self.bombs.value, break_sequences=bool(self.breaks.value),
                                lead=self.lead.value)

    def bot(self) -> Any:
        return tl_policy.PolicyBot(self.policy())


class StrategyBuilder(Panel):
    """Set two strategies with controls, play each in a tournament, compare them.

    ``game``: ``'least_score'`` or ``'tienlen'``.  ``a`` and ``b``: the starting
    :class:`Policy` of each side (defaults: the engine's defaults, and a variant).
    ``opponents``: one of :data:`OPPONENTS`; ``matches``: 100, 200, 400 or 1000;
    ``seed``: the deals (both strategies play the same deals); ``workers``: processes
    (0 plays here, in this process); ``run``: which sides to play at once ('', 'A',
    'B' or 'AB').
    """

    def __init__(self, game: str, a: Any = None, b: Any = None, opponents: str = "greedy",
                 matches: int = 200, seed: int = 1, workers: int = 2, run: str = "AB", **kwargs: Any) -> None:
        self.game = "tienlen" if game == "tien_len" else game
        if self.game not in ("least_score", "tienlen"):
            raise CardkitError(say("strategy.bad_game", given=repr(game)))
        if opponents not in OPPONENTS:
            raise CardkitError(say("strategy.bad_opponents", choices=", ".join(map(repr, OPPONENTS)),
                                   given=repr(opponents)))
        if matches not in _MATCHES:
            raise CardkitError(say("strategy.bad_matches", choices=", ".join(map(str, _MATCHES)),
                                   given=repr(matches)))
        self.seed, self.workers = int(seed), int(workers)
        self.results: list[StrategyRun] = []
        if self.game == "least_score":
            a = a or ls_policy.Policy()
            b = b or replace(a, declare_at=12)
            self.sides = {"A": _LeastScoreControls(a), "B": _LeastScoreControls(b)}
        else:
            a = a or tl_policy.Policy()
            b = b or replace(a, twos="early", bombs="early")
            self.sides = {"A": _TienLenControls(a), "B": _TienLenControls(b)}
        style = _style()
        self.opponents = ipywidgets.Dropdown(options=[(_t(f"strategy.opponents.{k}"), k) for k in OPPONENTS],
                                             value=opponents, description=_t("strategy.against"),
                                             style=style, layout=ipywidgets.Layout(width="auto"))
        self.matches = ipywidgets.Dropdown(options=list(_MATCHES), value=matches, description=_t("strategy.matches"),
                                           style=style, layout=ipywidgets.Layout(width="10em"))
        self.buttons = {k: ipywidgets.Button(description=_t("strategy.try", slot=k), layout=ipywidgets.Layout(width="auto"))
                        for k in self.sides}
        self.compare_button = ipywidgets.Button(description=_t("strategy.compare"), button_style="primary",
                                                layout=ipywidgets.Layout(width="auto"),
                                                tooltip=_t("strategy.compare_tip"))
        self.progress = ipywidgets.IntProgress(value=0, min=0, max=1, description=_t("strategy.playing"),
                                               layout=ipywidgets.Layout(visibility="hidden", width="min(30rem, 100%)"))
        self.status = StatusMessage()
        self.verdict = ipywidgets.HTML()
        self.table = ipywidgets.HTML()
        self.picture = ipywidgets.HTML()
        for k, button in self.buttons.items():
            button.on_click(safe_callback(self.status, lambda _b, k=k: self.run(k)))
        self.compare_button.on_click(safe_callback(self.status, lambda _b: self.compare()))
        columns = []
        for k, side in self.sides.items():
            head = ipywidgets.HTML(f'<div style="font-family:{FONT_STACK};font-weight:700">{html.escape(_t("strategy.side_title", slot=k))}</div>')
            box = ipywidgets.VBox([head, *side.widgets, self.buttons[k]],
                                  layout=ipywidgets.Layout(border="1px solid #c6ccd6", padding="6px 10px",
                                                           margin="0 12px 6px 0", min_width="min(22rem, 100%)"))
            columns.append(box)
        super().__init__(children=(
            ipywidgets.HTML(f'<div style="font-family:{FONT_STACK};font-weight:700;font-size:1.02rem">'
                            f"{html.escape(_t('strategy.title', game=game_title(self.game)))}</div>"),
            ipywidgets.HBox(columns, layout=ipywidgets.Layout(flex_flow="row wrap")),
            ipywidgets.HBox([self.opponents, self.matches, self.compare_button],
                            layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center")),
            self.progress, self.status, self.verdict, self.table, self.picture), **kwargs)
        if run:
            self.compare() if run == "AB" else self.run(run)

    # --- what the buttons do ------------------------------------------------------
    def run(self, slot: str) -> StrategyRun:
        """Play strategy ``slot`` ('A' or 'B') in a tournament and show the result."""
        if slot not in self.sides:
            raise CardkitError(say("strategy.bad_slot", given=repr(slot)))
        return self._run([slot])[0]

    def compare(self) -> list[StrategyRun]:
        """Play A and B on the same deals and say whether the difference is clear."""
        return self._run(list(self.sides))

    def _run(self, slots: Sequence[str]) -> list[StrategyRun]:
        line_up = OPPONENTS[self.opponents.value]
        matches = int(self.matches.value)
        total = matches * len(slots)
        self.status.clear()
        with self.progress.hold_sync():
            self.progress.max, self.progress.value = total, 0
            self.progress.layout.visibility = "visible"
        out = []
        try:
            for i, slot in enumerate(slots):
                policy = self.sides[slot].policy()
                bot = self.sides[slot].bot()
                done = i * matches

                def tick(n: int, _total: int, done: int = done) -> None:
                    self.progress.value = done + n

                result = tournament(self.game, [bot, *line_up], matches=matches, seed=self.seed,
                                    workers=self.workers, chunk_size=max(10, matches // 8), progress=False,
                                    on_progress=tick)
                row = result.summary(bot.__name__)
                out.append(StrategyRun(slot, bot.__name__, self.opponents.value, matches, self.seed, row.wins,
                                       row.win_rate, row.win_low, row.win_high, row.mean_score, asdict(policy),
                                       policy.label_message()))
        finally:
            self.progress.layout.visibility = "hidden"
        self.results = (self.results + out)[-6:]
        self._show(out)
        return out

    # --- what the panel shows -----------------------------------------------------------
    @property
    def players(self) -> int:
        return 1 + len(OPPONENTS[self.opponents.value])

    def verdict_text(self, runs: Sequence[StrategyRun]) -> str:
        """What the latest run (or comparison) shows, in words (:meth:`verdict_message` rendered)."""
        return str(self.verdict_message(runs))

    def verdict_message(self, runs: Sequence[StrategyRun]) -> Any:
        """What the latest run (or comparison) shows, as a message."""
        if len(runs) == 1:
            r = runs[0]
            where = ("above" if r.win_low > 1 / self.players else "below"
                     if r.win_high < 1 / self.players else "same")
            return say("strategy.verdict_one", run=r.message(), fair=pct(1 / self.players), players=self.players,
                       where=say(f"strategy.where.{where}"))
        a, b = runs
        overlap = a.win_low <= b.win_high and b.win_low <= a.win_high
        if overlap:
            tail = say("strategy.overlap")
        else:
            better = a if a.win_rate > b.win_rate else b
            tail = say("strategy.no_overlap", slot=better.slot, opponents=opponents_words(a.opponents))
        return say("strategy.verdict_two", a=a.message(), b=b.message(), tail=tail)

    def _show(self, runs: Sequence[StrategyRun]) -> None:
        self.verdict.value = (f'<div style="font-family:{FONT_STACK};max-width:52rem;line-height:1.5">'
                              f"{html.escape(self.verdict_text(runs))}</div>")
        head = "".join(f"<th style='text-align:left;padding:2px 10px 2px 0'>{h}</th>"
                       for h in (html.escape(_t(f"strategy.col.{c}"))
                                 for c in ("run", "strategy", "against", "matches", "win_rate", "interval")))
        body = "".join(
            f"<tr><td>{r.slot}</td><td>{html.escape(str(r.label_words or r.label))}</td>"
            f"<td>{html.escape(str(opponents_words(r.opponents)))}</td><td>{r.matches}</td><td>{pct(r.win_rate)}</td>"
            f"<td>{html.escape(_t('strategy.interval', low=pct(r.win_low), high=pct(r.win_high)))}</td></tr>"
            for r in self.results)
        self.table.value = (f'<table style="border-collapse:collapse;font-family:{FONT_STACK};font-size:0.95rem">'
                            f"<caption style='text-align:left;font-weight:600'>{html.escape(_t('strategy.runs_caption'))}</caption>"
                            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
        self.picture.value = self._plot()

    def _plot(self) -> str:
        from .plots import BLACK, BLUE, ORANGE, new_figure, png_bytes

        runs = self.results
        fig = new_figure(7.2, 3.2)
        ax = fig.add_subplot()
        xs = list(range(len(runs)))
        rates = [100 * r.win_rate for r in runs]
        errs = [[100 * (r.win_rate - r.win_low) for r in runs], [100 * (r.win_high - r.win_rate) for r in runs]]
        colours = [BLUE if r.slot == "A" else ORANGE for r in runs]
        ax.bar(xs, rates, color=colours, alpha=0.8, yerr=errs, capsize=5, ecolor=BLACK)
        ax.axhline(100 / self.players, color=BLACK, ls="--", lw=1.2, label=_t("strategy.plot.fair_share", fair=pct(1 / self.players)))
        ax.set_xticks(xs)
        ax.set_xticklabels([_t("strategy.plot.tick", slot=r.slot, n=i + 1) for i, r in enumerate(runs)])
        ax.set_ylabel(_t("strategy.plot.ylabel"))
        ax.set_xlabel(_t("strategy.plot.xlabel"))
        ax.set_ylim(0, max(100 / self.players * 2, max((100 * r.win_high for r in runs), default=0) * 1.25))
        ax.set_title(_t("strategy.plot.title"), loc="left")
        ax.legend(loc="upper right")
        data = base64.b64encode(png_bytes(fig)).decode("ascii")
        alt = _t("strategy.plot.alt", runs=joined([say("strategy.plot.alt_run", n=i + 1, slot=r.slot, rate=pct(r.win_rate))
                                                   for i, r in enumerate(runs)], "classroom_games.semicolon_join"))
        mime = "image/svg+xml" if data.startswith("PHN2Zy") else "image/png"   # "<svg" in base64
        return f"<img src='data:{mime};base64,{data}' alt='{html.escape(alt)}' style='max-width:min(720px,100%)'>"

    def figures(self) -> dict:
        """The runs now shown, as figures (for the lesson's tests)."""
        out: dict[str, Any] = {}
        for i, r in enumerate(self.results, start=1):
            out[f"run {i}"] = {"slot": r.slot, "label": r.label, "opponents": list(OPPONENTS[r.opponents]),
                               "matches": r.matches, "seed": r.seed, "wins": r.wins, "win rate": r.win_rate,
                               "interval": [r.win_low, r.win_high], "policy": dict(r.policy)}
        return out

    def cardkit_metadata(self) -> dict:
        return {"figures": figure_json(self.figures())}

    def policies(self) -> dict:
        """The two strategies the controls set now, {'A': Policy, 'B': Policy}."""
        return {k: side.policy() for k, side in self.sides.items()}

    def __repr__(self) -> str:
        runs = joined([r.message() for r in self.results], "classroom_games.semicolon_join") or say("strategy.no_run")
        return _t("strategy.repr", game=game_title(self.game), runs=runs)
