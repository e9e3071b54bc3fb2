"""Captioned plots: a picture, then what it shows in words, with the numbers behind it.

::

    distribution_plot(odds['total_counts'], simulated=outcomes('total', 20_000, seed=1), value_name=…, …)
    convergence_plot('flush', deals=100_000)
    lowest_total_plot()

Plots are drawn with matplotlib's object interface (no pyplot, no global state)
in DejaVu Sans, which ships with matplotlib, so they look the same on every
machine.  Where matplotlib cannot be installed (the static site: Python in the
learner's browser) the same code draws through :mod:`cardkit.classroom.svgplot`,
an SVG drawer with the few pieces of that interface used here: the picture is an
SVG instead of a PNG, with the same alt text, caption and numbers.  In a notebook
a plot is a PNG (or SVG) in an ``<img>`` whose ``alt`` text says in a
sentence what it shows, with its key numbers, followed by a caption in words with
the numbers behind it (strict nbval checks both; the PNG's bytes themselves are
blanked by ``tests/nbval_sanitize.cfg``).  Colours are
Okabe–Ito's, told apart by people with colour-blindness.  Only the lessons that
draw a plot import this module (and so matplotlib, where it is installed).
"""

from __future__ import annotations

import base64
import html
import io
import logging
import math
import statistics
from collections import Counter
from fractions import Fraction
from typing import Any, Mapping, Optional, Sequence, Union

# Quiet matplotlib's font manager before it loads: "building the font cache" on a
# fresh machine (and any font fallback notice) would otherwise land in a cell's
# output as stderr and break strict nbval.
logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)
try:
    import matplotlib  # noqa: E402
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
    from matplotlib.figure import Figure  # noqa: E402
    from matplotlib.ticker import FuncFormatter  # noqa: E402
except ImportError:   # the browser (Pyodide): plots are drawn as SVG
    matplotlib = None
    from .svgplot import FuncFormatter  # noqa: E402

from .. import accel, odds, simulate  # noqa: E402
from . import svgplot  # noqa: E402
from ..errors import CardkitError  # noqa: E402
from .boxes import FONT_STACK, Shown, markup, plain  # noqa: E402
from ..i18n import and_list, joined, render, say  # noqa: E402
from .chances import deal_name, event_short, exact_chance, running_hits  # noqa: E402
from .numbers import fraction_text, num, pct  # noqa: E402

__all__ = [
    "FigureView",
    "convergence_plot",
    "distribution_plot",
    "lowest_total_plot",
    "convergence_figure",
    "new_figure",
    "png_bytes",
    "uses_matplotlib",
    "BLUE",
    "ORANGE",
    "GREEN",
    "BLACK",
    "GREY",
]

# Okabe–Ito colours
BLUE, ORANGE, GREEN, BLACK, GREY = "#0072B2", "#D55E00", "#009E73", "#000000", "#6b7280"
_RC = {
    "font.family": "DejaVu Sans",
    "font.size": 10.5,
    "axes.titlesize": 12,
    "axes.titleweight": "bold",
    "axes.labelsize": 10.5,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "legend.frameon": False,
    "figure.dpi": 100,
    "savefig.dpi": 100,
    "svg.hashsalt": "cardkit",
}


def uses_matplotlib() -> bool:
    """Whether plots are drawn with matplotlib now (else as SVG by
    :mod:`~cardkit.classroom.svgplot`: no matplotlib, or within
    :func:`cardkit.accel.pure_python`, the browser's way)."""
    return matplotlib is not None and accel.use_numpy()


def new_figure(width: float = 7.2, height: float = 3.8) -> Any:
    """A blank figure in the lessons' style (``width`` × ``height`` inches): matplotlib's,
    or an :class:`~cardkit.classroom.svgplot.Figure` where matplotlib is not used."""
    if not uses_matplotlib():
        return svgplot.Figure(width, height)
    with matplotlib.rc_context(_RC):
        fig = Figure(figsize=(width, height), layout="constrained")
        FigureCanvasAgg(fig)
    return fig


def png_bytes(fig: Any) -> bytes:
    """The figure as PNG bytes, the same on every machine (no date or software stamp);
    an SVG figure gives its SVG text's bytes."""
    if isinstance(fig, svgplot.Figure):
        return fig.svg().encode("utf-8")
    buf = io.BytesIO()
    with matplotlib.rc_context(_RC):
        fig.savefig(buf, format="png", metadata={"Software": None})
    return buf.getvalue()


class FigureView:
    """A plot for the page: the picture with its text alternative, then a caption
    that says in words what it shows.  ``alt`` is the picture's text alternative,
    one sentence with the key numbers (what a screen reader reads for the image);
    without it, the title and the caption's first sentence.  ``figures`` holds the
    numbers the caption states."""

    def __init__(self, png: bytes, title: str, caption: str, figures: Optional[Mapping[str, Any]] = None,
                 table: Optional[tuple[Sequence[str], Sequence[Sequence[str]]]] = None,
                 alt: Optional[str] = None) -> None:
        self.png = png
        self.title = title
        self.caption = caption
        self.figures = dict(figures or {})
        self.table = table
        self._alt = alt

    @property
    def alt(self) -> str:
        """The picture's text alternative: "Plot: " and a sentence with its key numbers."""
        if self._alt:
            text = self._alt
        else:
            first = plain(self.caption).split(". ")[0].rstrip(".")
            text = _t("plot.alt_from_caption", title=self._title_sentence(), first=first) if first \
                else self._title_sentence()
        return _t("plot.alt", text=text)

    def html_img(self, width: str = "100%") -> str:
        """The picture as an HTML ``<img>`` with its ``alt`` text."""
        data = base64.b64encode(self.png).decode("ascii")
        mime = "image/svg+xml" if self.png[:4] == b"<svg" else "image/png"
        return (f'<img src="data:{mime};base64,{data}" alt="{html.escape(self.alt)}" '
                f'style="max-width:{width};height:auto;display:block">')

    def caption_html(self) -> str:
        text = (f'<p style="font-family:{FONT_STACK};font-size:0.92rem;color:#1f1f1f;margin:0.1em 0 0.3em;max-width:46rem">'
                f'<strong>{html.escape(self._title_sentence())}</strong> {markup(self.caption)}</p>')
        if not self.table:
            return text
        head, rows = self.table
        cell = "padding:0.15em 0.6em;text-align:right;white-space:nowrap;border-top:1px solid #d6dae1"
        th = "".join(f'<th scope="col" style="{cell}">{html.escape(h)}</th>' for h in head)
        body = "".join("<tr>" + "".join(
            (f'<th scope="row" style="{cell}">{html.escape(c)}</th>' if i == 0 else f'<td style="{cell}">{html.escape(c)}</td>')
            for i, c in enumerate(r)) + "</tr>" for r in rows)
        return (text + f'<details style="font-family:{FONT_STACK};font-size:0.9rem;color:#1f1f1f;margin:0 0 0.6em">'
                f'<summary style="cursor:pointer">{html.escape(_t("plot.show_numbers"))}</summary>'
                f'<table style="border-collapse:collapse;margin:0.3em 0"><thead><tr>{th}</tr></thead>'
                f'<tbody>{body}</tbody></table></details>')

    def table_text(self) -> str:
        """The numbers behind the plot, one line per row ('' if none)."""
        if not self.table:
            return ""
        head, rows = self.table
        return "\n".join(" | ".join(r) for r in [list(head), *rows])

    def _title_sentence(self) -> str:
        return _sentence(self.title)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        # an <img> with its alt text: the page's image renderer would draw a PNG without one
        display({"text/html": self.html_img(), "text/plain": self.alt}, raw=True)
        # the figures go with the caption, the output that states them in words
        text = _t("plot.with_title", title=self._title_sentence(), caption=plain(self.caption))
        if self.table:
            text += "\n" + _t("plot.numbers_heading") + "\n" + self.table_text()
        display(Shown(self.caption_html(), text, self.figures))

    def __repr__(self) -> str:
        return f"{self.alt} — {plain(self.caption)}"


def _t(code: str, **values: Any) -> str:
    """A catalogue sentence, rendered now (a plot's words are drawn into its picture)."""
    return render(say(code, **values))


def _sentence(title: Any) -> str:
    """A title as a sentence: with a full stop unless it ends with one (or ? or !)."""
    title = str(title)
    return title if title.endswith((".", "?", "!")) else _t("plot.sentence", title=title)


def _checkpoints(deals: int, points: int = 80) -> list[int]:
    return simulate.geometric_checkpoints(points, deals)


def convergence_figure(event: str, deal: str, hits: Sequence[Any], exact: float, seed: Any) -> tuple[FigureView, Any]:
    """The convergence plot of a run of deals (``hits``: one True/False a deal) and
    the final :class:`~cardkit.simulate.Estimate`, for :func:`convergence_plot` and
    :class:`~cardkit.classroom.explorers.SimulationExplorer`."""
    deals = len(hits)
    marks = _checkpoints(deals)
    np = accel.numpy_module()
    if np is not None and isinstance(hits, np.ndarray):
        running = [int(r) for r in np.cumsum(hits, dtype=np.int64)[np.asarray(marks) - 1]]
    else:
        running = simulate.running_counts(hits, marks)
    bounds = [simulate.wilson_interval(r, m) for r, m in zip(running, marks)]
    low, high = [b[0] for b in bounds], [b[1] for b in bounds]
    est = [r / m for r, m in zip(running, marks)]
    short = event_short(event, deal)
    fig = new_figure()
    ax = fig.add_subplot()
    ax.fill_between(marks, [100 * v for v in low], [100 * v for v in high], color=BLUE, alpha=0.18, lw=0,
                    label=_t("plot.interval"))
    ax.plot(marks, [100 * v for v in est], color=BLUE, lw=1.8, label=_t("plot.simulated_estimate"))
    ax.axhline(100 * exact, color=BLACK, ls="--", lw=1.4, label=_t("plot.exact", value=pct(exact)))
    ax.set_xscale("log")
    ax.set_xlim(1, max(deals, 10))
    rare = exact < 0.01
    if rare:
        # A rare event's first hit makes the estimate leap a hundred times above the exact
        # value.  A linear axis would either hide that leap or squash the exact line onto
        # zero, so the chance axis is linear up to the exact value and logarithmic above:
        # the whole run, its band and the exact line all stay in view.
        top = max(max(high), max(est), exact) * 100 * 1.6
        ax.set_yscale("symlog", linthresh=100 * exact, linscale=0.6)
        ax.set_ylim(0, min(100.0, top))
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:g}"))
    else:
        # Show the exact value with room above; the first few estimates of an unusual
        # event (one flush in the first 20 hands is 5%) may run off the top.
        start = min(deals, max(100, int(10 / max(exact, 1e-9))))
        settled = [e for e, m in zip(est, marks) if m >= start]
        top = max(100 * exact * 2.5, 100 * max(settled) * 1.15 if settled else 0.0)
        ax.set_ylim(0, min(100.0, top))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _pos: num(int(round(v))) if v >= 1 else ""))
    ax.set_xlabel(_t("plot.hands_dealt_log"))
    ax.set_ylabel(_t("plot.chance_pct"))
    title = _t("plot.simulated_chance_of", event=short)
    ax.set_title(title, loc="left")
    ax.legend(loc="upper right")
    final = simulate.Estimate(float(est[-1]), float(low[-1]), float(high[-1]), deals, int(running[-1]))
    inside = final.covers(exact)
    caption = say("plot.convergence.caption", deals=num(deals), seed=str(seed), value=pct(final.value),
                  low=pct(final.low), high=pct(final.high), exact=pct(exact),
                  where=say("plot.convergence.inside" if inside else "plot.convergence.outside"))
    if rare:
        caption = say("plot.convergence.rare", caption=caption)
    caption = render(caption)
    figures = {f"{event} simulated": final.value, f"{event} interval": [final.low, final.high], f"{event} exact": exact}
    alt = _t("plot.convergence.alt", title=title, deals=num(deals), seed=str(seed), value=pct(final.value),
             low=pct(final.low), high=pct(final.high), exact=pct(exact))
    return FigureView(png_bytes(fig), title, caption, figures, alt=alt), final


def convergence_plot(event: str, deals: int = 100_000, seed: int = 1, deal: str = "least_score",
                     rules: Any = None, progress: Optional[bool] = None) -> FigureView:
    """A plot of a seeded simulation closing in on the exact chance of ``event``:
    the running estimate after 1, 2, … ``deals`` hands (log scale), its 95%
    interval as a band, and the exact value as a dashed line."""
    deal = deal_name(deal)
    deals = simulate.check_trials(deals, "deals")
    exact = float(exact_chance(event, deal, rules))
    hits = running_hits(event, deals, seed, deal, rules, progress=progress)
    view, _ = convergence_figure(event, deal, hits, exact, seed)
    return view


def _as_probabilities(values: Mapping[Any, Any]) -> dict:
    total = sum(Fraction(v) for v in values.values())
    if total <= 0:
        raise CardkitError(say("plot.no_positive"))
    return {k: Fraction(v) / total for k, v in sorted(values.items())}


def distribution_plot(
    exact: Mapping[int, Union[int, float, Fraction]],
    simulated: Any = None,
    *,
    title: str,
    xlabel: str,
    ylabel: Any = None,
    what: Any = None,
    seed: Optional[int] = None,
    value_name: Any,
) -> FigureView:
    """Bars for an exact distribution ({value: count or chance}), dots for a
    simulation (an array with one value per dealt hand, such as
    ``simulate.outcomes('total', 20_000, seed=1)``).  The caption states the most
    likely value and the exact and simulated means.  ``ylabel`` defaults to
    "Chance (%)", ``what`` (the things simulated) to "hands"; ``value_name`` (a message,
    or a lesson's translated words) is what one value is called in a sentence
    ("total of the five cards"): the figure's text alternative names it."""
    ylabel = _t("plot.chance_pct") if ylabel is None else str(ylabel)
    what = _t("plot.hands") if what is None else str(what)
    title, xlabel = str(title), str(xlabel)
    probs = _as_probabilities(exact)
    xs = [float(k) for k in probs]
    ps = [float(p) for p in probs.values()]
    mean = sum(Fraction(k) * p for k, p in probs.items())
    mode = max(probs, key=lambda k: probs[k])
    fig = new_figure()
    ax = fig.add_subplot()
    ax.bar(xs, [100 * p for p in ps], width=0.8, color=BLUE, alpha=0.55, label=_t("plot.exact_chance"), edgecolor="none")
    figures: dict[str, Any] = {"mean": mean, "most likely": mode, "most likely chance": probs[mode]}
    sim_text = ""
    if simulated is not None:
        values = simulated.tolist() if hasattr(simulated, "tolist") else list(simulated)
        size = len(values)
        if size == 0:
            raise CardkitError(say("plot.no_values"))
        tally = Counter(values)
        uniq = sorted(tally)
        counts = [tally[u] for u in uniq]
        ax.plot(uniq, [100 * c / size for c in counts], "o", ms=4.5, color=ORANGE,
                label=_t("plot.simulated_label", n=num(size), what=what))
        whole = all(float(v).is_integer() for v in values)
        sim_mean = sum(int(v) for v in values) / size if whole else math.fsum(values) / size
        figures["simulated mean"] = sim_mean
        sim_text = (_t("plot.sim_text_seed", n=num(size), what=what, seed=str(seed), mean=num(sim_mean))
                    if seed is not None else _t("plot.sim_text", n=num(size), what=what, mean=num(sim_mean)))
    ax.axvline(float(mean), color=BLACK, ls="--", lw=1.2, label=_t("plot.exact_mean", mean=num(float(mean))))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, loc="left")
    if len(xs) <= 12:
        ax.set_xticks(xs)
    # room above the tallest bar for the legend, on the side away from the tallest bars
    tallest = max(100 * max(ps), 100 * max(c / size for c in counts) if simulated is not None else 0)
    ax.set_ylim(0, tallest * 1.45)
    middle = statistics.median(xs)
    left_heavy = math.fsum(p for x, p in zip(xs, ps) if x <= middle) >= 0.5
    ax.legend(loc="upper right" if left_heavy else "upper left")
    mean_text = fraction_text(mean) if mean.denominator == 1 else _t("plot.about", exact=fraction_text(mean),
                                                                       approx=num(float(mean)))
    head = [xlabel, _t("plot.col.exact")] + ([_t("plot.col.simulated")] if simulated is not None else [])
    shares = {}
    if simulated is not None:
        shares = {float(u): c / size for u, c in zip(uniq, counts)}
    rows = [[num(k), pct(p)] + ([pct(shares.get(float(k), 0.0))] if simulated is not None else [])
            for k, p in probs.items()]
    caption = _t("plot.distribution.caption", mode=num(mode), chance=pct(probs[mode]), mean=mean_text, sim=sim_text)
    sim_alt = (_t("plot.distribution.sim_alt", n=num(size), what=what, mean=num(sim_mean))
               if simulated is not None else "")
    what_x = str(value_name)
    alt = _t("plot.distribution.alt", title=_sentence(title), what=what_x, mode=num(mode), chance=pct(probs[mode]),
             mean=mean_text, sim=sim_alt)
    return FigureView(png_bytes(fig), title, caption, figures, table=(head, rows), alt=alt)


def lowest_total_plot(totals: Sequence[int] = (10, 15, 20, 25), max_opponents: int = 7,
                      trials: int = 20_000, seed: int = 0) -> FigureView:
    """How the chance that your Least Score total is the lowest (or tied) falls
    as opponents are added: one line per total.  One opponent is counted
    exactly; more are simulated (``trials`` seeded deals each)."""
    if not 1 <= max_opponents <= 7:
        raise CardkitError(say("plot.lowest.bad_opponents"))
    # in the learner's browser fewer deals for each of its many simulations (the caption says how many)
    trials = accel.deals_here(trials, most=accel.BROWSER_DEALS // 4)
    ks = list(range(1, max_opponents + 1))
    fig = new_figure()
    ax = fig.add_subplot()
    figures: dict[str, Any] = {}
    styles = ["o-", "s-", "^-", "D-", "v-", "P-"]
    colours = [BLUE, ORANGE, GREEN, BLACK, GREY, "#CC79A7"]
    rows = []
    chance: dict[tuple[int, int], Any] = {}
    for i, t in enumerate(totals):
        ys = []
        for k in ks:
            r = odds.p_lowest_total(t, k, trials=trials, seed=seed)
            ys.append(r.lowest_or_tied)
            chance[t, k] = r.lowest_or_tied_exact if r.exact else r.lowest_or_tied
            figures[f"total {t}, {k} opponent{'s' if k > 1 else ''}"] = chance[t, k]   # ids the tests read
        ax.plot(ks, [100 * y for y in ys], styles[i % len(styles)], color=colours[i % len(colours)],
                label=_t("plot.lowest.your_total", t=t), lw=1.6, ms=5)
        rows.append([_t("plot.lowest.total", t=t)] + [pct(y) for y in ys])
    ax.set_xticks(ks)
    ax.set_ylim(0, 101)
    ax.set_xlabel(_t("plot.lowest.xlabel"))
    ax.set_ylabel(_t("plot.lowest.ylabel"))
    title = _t("plot.lowest.title")
    ax.set_title(title, loc="left")
    ax.legend(loc="lower left")
    lo, hi = totals[0], totals[-1]
    k_last = ks[-1]
    caption = _t("plot.lowest.caption", trials=num(trials), seed=str(seed), lo=lo, hi=hi, k=k_last,
                 lo_last=pct(chance[lo, k_last]), hi_first=pct(chance[hi, 1]), hi_last=pct(chance[hi, k_last]))
    head = [_t("plot.lowest.your_total_head")] + [_t("plot.lowest.opponents", n=k) for k in ks]
    alt = _t("plot.lowest.alt", title=title, totals=joined([str(t) for t in totals], "list.comma"), k=k_last,
             hi=hi, lo=lo, hi_first=pct(chance[hi, 1]), hi_last=pct(chance[hi, k_last]),
             lo_first=pct(chance[lo, 1]), lo_last=pct(chance[lo, k_last]))
    return FigureView(png_bytes(fig), title, caption, figures, table=(head, rows), alt=alt)
