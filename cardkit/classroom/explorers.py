"""Simulation explorers: sliders and buttons that deal seeded hands and show the result.

* :class:`SimulationExplorer` — deal many hands and watch the estimate close in on
  the exact chance (with a convergence plot);
* :class:`LowestTotalExplorer` — your Least Score total against some opponents;
* :class:`HandDealer` — one random hand at a time, and what it shows.

Each is a panel whose plain text (what strict nbval compares) states its seeded
result, and whose figures go to the output's metadata.  For the probability lessons.
Every word is a message of the catalogue (:mod:`cardkit.i18n`), rendered in the
learner's language; the figures' labels in the metadata are ids for the tests.
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any, Callable, Optional

from ..widgets import guard as ipywidgets

from .. import accel, least_score, odds, simulate, tienlen
from ..cards import Card
from ..errors import CardkitError
from ..i18n import Message, render, say
from ..widgets.hand import CardRow
from ..widgets.messages import StatusMessage, safe_callback
from .boxes import FONT_STACK, Panel, figure_json
from .chances import CHUNK, DEAL_STEPS, deal_name, event_message, event_short, exact_chance, running_hits
from .numbers import fraction_text, num, pct
from .plots import convergence_figure

__all__ = ["SimulationExplorer", "LowestTotalExplorer", "HandDealer"]


class _Panel(Panel):
    """An explorer: a panel whose output records the figures it shows."""

    def figures(self) -> dict:
        """The figures the panel now shows, {label: value}."""
        return {}

    def cardkit_metadata(self) -> dict:
        figures = self.figures()
        return {"figures": figure_json(figures)} if figures else {}


def _heading(text: Message) -> ipywidgets.HTML:
    return ipywidgets.HTML(f'<div style="font-family:{FONT_STACK};font-weight:700;font-size:1.02rem;margin:0.3em 0 0">'
                           f"{html.escape(render(text))}</div>")


def _html(code: str, marked: Optional[dict] = None, **values: Any) -> str:
    """The sentence of ``say(code, **values)`` as HTML: escaped, with each value named
    in ``marked`` ({name: tag}) wrapped in that tag (``<strong>``, ``<sup>``)."""
    tokens: dict[str, str] = {}
    for name, tag in (marked or {}).items():
        token = f"\ue000{len(tokens)}\ue001"
        words = values[name]
        tokens[token] = f"<{tag}>{html.escape(render(words) if not isinstance(words, str) else words, quote=False)}</{tag}>"
        values[name] = token
    out = html.escape(render(say(code, **values)), quote=False)
    for token, marked_up in tokens.items():
        out = out.replace(token, marked_up)
    return out


def _short_event(event: str, deal: str, name: Any) -> Any:
    """An event's short name ('a pair'), for a sentence that counts it (:func:`event_short`)."""
    return event_short(event, deal)


def _html_block(inner: str) -> str:
    return f'<div style="font-family:{FONT_STACK};font-size:0.95rem;line-height:1.5;max-width:46rem">{inner}</div>'


class SimulationExplorer(_Panel):
    """Deal many hands and watch the estimate close in on the exact chance.

    A slider sets the number of deals (10 to ``max_deals``, in 1-2-5 steps);
    "Deal again" uses the next seed.  The panel shows the estimate with its 95%
    interval beside the exact value, and a convergence plot.  A progress bar
    shows while the hands are dealt.  ``explorer.deals`` / ``explorer.seed`` can
    be set from Python too; ``explorer.estimate`` is the latest
    :class:`~cardkit.simulate.Estimate`.
    """

    def __init__(self, event: str, deal: str = "least_score", deals: int = 10_000, seed: int = 1,
                 max_deals: int = 1_000_000, rules: Any = None, **kwargs: Any) -> None:
        self.deal = deal_name(deal)
        self.event = event
        self.name = event_message(event, self.deal)
        self.rules = rules
        self.exact = exact_chance(event, self.deal, rules)
        steps = [d for d in DEAL_STEPS if d <= max_deals]
        if deals not in steps:
            raise CardkitError(say("explorer.error.deals", steps=", ".join(num(s) for s in steps), value=repr(deals)))
        deals = accel.deals_here(deals)   # the learner's browser starts on fewer (a step too: 20,000)
        self._seed = int(seed)
        self.estimate: Optional[simulate.Estimate] = None
        self.status = StatusMessage()
        self.slider = ipywidgets.SelectionSlider(
            options=[(num(s), s) for s in steps], value=deals, description=render(say("explorer.hands_to_deal")),
            tooltip=render(say("explorer.hands_to_deal")),
            continuous_update=False, style={"description_width": "initial"},
            layout=ipywidgets.Layout(width="min(30rem, 100%)"))
        self.again = ipywidgets.Button(description=render(say("explorer.deal_again")), icon="refresh",
                                       tooltip=render(say("explorer.deal_again_tip")))
        self.progress = ipywidgets.IntProgress(value=0, min=0, max=1, description=render(say("explorer.dealing")),
                                               layout=ipywidgets.Layout(visibility="hidden", width="min(30rem, 100%)"))
        self.result = ipywidgets.HTML()
        self.picture = ipywidgets.HTML()
        self.slider.observe(safe_callback(self.status, lambda change: self.run()), names="value")
        self.again.on_click(safe_callback(self.status, lambda _b: self._next_seed()))
        super().__init__(children=(
            _heading(say("explorer.simulate_heading", event=self.name)),
            ipywidgets.HBox([self.slider, self.again], layout=ipywidgets.Layout(flex_flow="row wrap",
                                                                               align_items="center")),
            self.progress, self.status, self.result, self.picture), **kwargs)
        self.run()

    @property
    def deals(self) -> int:
        """The number of hands dealt."""
        return int(self.slider.value)

    @deals.setter
    def deals(self, value: int) -> None:
        if value not in [v for _, v in self.slider.options]:
            raise CardkitError(say("explorer.error.deals_step", value=repr(value)))
        self.slider.value = value

    @property
    def seed(self) -> int:
        """The seed of the current deals."""
        return self._seed

    @seed.setter
    def seed(self, value: int) -> None:
        self._seed = int(value)
        self.run()

    def _next_seed(self) -> None:
        self.seed = self._seed + 1

    def run(self) -> None:
        """Deal ``deals`` hands with ``seed`` and show the result (the slider and
        the button call this)."""
        deals = self.deals
        self.status.clear()
        with self.progress.hold_sync():
            self.progress.max = max(1, deals)
            self.progress.value = 0
            self.progress.layout.visibility = "visible" if deals >= 2 * CHUNK else "hidden"

        def tick(done: int) -> None:
            self.progress.value = done

        try:
            hits = running_hits(self.event, deals, self._seed, self.deal, self.rules, on_chunk=tick)
        finally:
            self.progress.layout.visibility = "hidden"
        view, est = convergence_figure(self.event, self.deal, hits, float(self.exact), self._seed)
        self.estimate = est
        self.view = view
        inside = est.covers(float(self.exact))
        at_most = deals >= max(v for _, v in self.slider.options)
        mark = say("explorer.inside" if inside else "explorer.outside_most" if at_most else "explorer.outside")
        lines = [
            _html("explorer.after_deals", {"deals": "strong"}, deals=num(deals), seed=str(self._seed),
                  hits=num(est.successes), event=_short_event(self.event, self.deal, self.name))
            + " " + _html("explorer.estimate", {"value": "strong"}, value=pct(est.value), low=pct(est.low),
                          high=pct(est.high)),
            _html("explorer.exact", {"value": "strong"}, fraction=fraction_text(self.exact), value=pct(self.exact),
                  mark=mark),
        ]
        if self.exact < Fraction(1, 100):
            lines.append(_html("explorer.rare"))
        self.result.value = _html_block("<br>".join(lines))
        self.picture.value = view.html_img("min(720px, 100%)")   # the words are in self.result

    def figures(self) -> dict:
        e = self.estimate
        if e is None:  # pragma: no cover
            return {}
        return {f"{self.event} exact": self.exact, f"{self.event} simulated": e.value,
                f"{self.event} interval": [e.low, e.high], f"{self.event} deals": e.trials}

    def __repr__(self) -> str:
        e = self.estimate
        if e is None:  # pragma: no cover - run() happens in __init__
            return f"SimulationExplorer({self.event})"
        words = say("explorer.simulation_text", event=self.name, deals=num(e.trials), seed=str(self._seed),
                    value=pct(e.value), low=pct(e.low), high=pct(e.high), fraction=fraction_text(self.exact),
                    exact=pct(self.exact))
        return f"{type(self).__name__}({render(words)})"


class LowestTotalExplorer(_Panel):
    """Your Least Score total against some opponents: the chance it is the
    lowest (or tied, which counts as lowest when you declare).

    Two sliders: your total (5 to 50) and the number of opponents (1 to 7).  One
    opponent is counted exactly; more are simulated (``trials`` deals, seeded).
    Beside it, what you would get if the opponents' hands were independent:
    the one-opponent chance raised to the power k.
    """

    def __init__(self, total: int = 20, opponents: int = 2, trials: int = 50_000, seed: int = 0,
                 **kwargs: Any) -> None:
        self.trials = simulate.check_trials(trials)
        self.seed = int(seed)
        self.status = StatusMessage()
        self.total_slider = ipywidgets.IntSlider(value=total, min=odds.MIN_TOTAL, max=odds.MAX_TOTAL,
                                                 description=render(say("explorer.your_total")),
                                                 tooltip=render(say("explorer.your_total")),
                                                 continuous_update=False,
                                                 style={"description_width": "initial"})
        self.opponents_slider = ipywidgets.IntSlider(value=opponents, min=1, max=7,
                                                     description=render(say("explorer.opponents")),
                                                     tooltip=render(say("explorer.opponents")),
                                                     continuous_update=False,
                                                     style={"description_width": "initial"})
        self.result = ipywidgets.HTML()
        self.odds: Optional[odds.LowestTotalOdds] = None
        for s in (self.total_slider, self.opponents_slider):
            s.observe(safe_callback(self.status, lambda change: self.run()), names="value")
        super().__init__(children=(
            _heading(say("explorer.lowest_heading")),
            ipywidgets.HTML(_html_block(f"<em>{_html('explorer.lowest_intro')}</em>")),
            ipywidgets.HBox([self.total_slider, self.opponents_slider],
                            layout=ipywidgets.Layout(flex_flow="row wrap")),
            self.status, self.result), **kwargs)
        self.run()

    def run(self) -> None:
        """Work out the chance for the sliders' total and opponents."""
        t, k = int(self.total_slider.value), int(self.opponents_slider.value)
        r = odds.p_lowest_total(t, k, trials=self.trials, seed=self.seed)
        one = odds.p_lowest_total(t, 1)
        self.odds, self.one_opponent = r, one
        if r.exact:
            how = say("explorer.counted_exactly")
        else:
            lo, hi = r.lowest_or_tied_interval
            how = say("explorer.simulated_interval", trials=num(r.trials), seed=str(self.seed), low=pct(lo),
                      high=pct(hi))
        indep = one.lowest_or_tied ** k
        self.independent = indep
        extra = ""
        if k > 1:
            extra = "<br>" + _html("explorer.independent", {"power": "sup"}, k=k, one=pct(one.lowest_or_tied),
                                   power=str(k), value=pct(indep))
        self.result.value = _html_block(
            _html("explorer.lowest_result", {"total": "strong", "k": "strong", "value": "strong"}, n=k,
                  total=str(t), k=str(k), value=pct(r.lowest_or_tied), how=how, strict=pct(r.strictly_lowest))
            + extra)

    def figures(self) -> dict:
        r = self.odds
        if r is None:  # pragma: no cover
            return {}
        k = r.opponents
        out: dict[str, Any] = {
            f"total {r.total}, {k} opponent{'s' if k > 1 else ''}": r.lowest_or_tied_exact if r.exact else r.lowest_or_tied,
            f"total {r.total}, 1 opponent": self.one_opponent.lowest_or_tied_exact,
        }
        if not r.exact:
            out[f"total {r.total}, {k} opponents interval"] = list(r.lowest_or_tied_interval)
            out[f"total {r.total}, {k} opponents if independent"] = self.one_opponent.lowest_or_tied_exact ** k
        return out

    def __repr__(self) -> str:
        r = self.odds
        name = type(self).__name__
        if r is None:  # pragma: no cover
            return f"{name}()"
        how = say("explorer.exact_word") if r.exact else say("explorer.simulated", trials=num(r.trials),
                                                               seed=str(self.seed))
        words = render(say("explorer.lowest_text", n=r.opponents, total=str(r.total), k=str(r.opponents),
                           value=pct(r.lowest_or_tied), strict=pct(r.strictly_lowest), how=how))
        if not r.exact:
            lo, hi = r.lowest_or_tied_interval
            words += render(say("explorer.lowest_text_more", low=pct(lo), high=pct(hi),
                                one=pct(self.one_opponent.lowest_or_tied), independent=pct(self.independent)))
        return f"{name}({words})"




def _yes(flag: Any, mark: bool = True) -> Message:
    return say(("explorer.yes" if mark else "explorer.yes_plain") if bool(flag) else "explorer.no")


_FACTS = {
    "least_score": ("total", "pair", "run_of_3", "run_of_5", "flush", "four_of_a_kind"),
    "tienlen": ("twos", "four_of_a_kind", "double_sequence_bomb", "dragon", "four_twos"),
}
"""The events a dealt hand is described by, per deal, in the order shown."""

_COUNTED_FACTS = ("total", "twos")
"""The facts that are numbers (the others are yes or no)."""


class HandDealer(_Panel):
    """Deal one random hand at a time and see which events it shows.

    ``deal='least_score'`` (five cards: total, pair, run, flush …) or
    ``'tienlen'`` (13 cards: 2s held, bombs, instant wins).  The hands come from
    a seeded generator: the same seed gives the same hands in the same order.
    "Deal a new hand" (or ``dealer.next()``) deals the next.
    """

    def __init__(self, deal: str = "least_score", seed: int = 1, sort_key: Optional[Callable[[Card], Any]] = None,
                 **kwargs: Any) -> None:
        self.deal = deal_name(deal)
        self.seed = int(seed)
        self._rng = simulate.random_stream(self.seed)
        self.count = 0
        self.cards: tuple[Card, ...] = ()
        self.events: dict[str, Any] = {}
        key = sort_key or (tienlen.card_key if self.deal == "tienlen" else least_score.sort_key)
        self.row = CardRow((), title=say("explorer.dealt_hand"), sort_key=key,
                           card_width=60 if self.deal == "least_score" else 46)
        self.status = StatusMessage()
        self.button = ipywidgets.Button(description=render(say("explorer.deal_new_hand")), icon="random")
        self.button.on_click(safe_callback(self.status, lambda _b: self.next()))
        self.info = ipywidgets.HTML()
        super().__init__(children=(self.button, self.row, self.info, self.status), **kwargs)
        self.next()

    def next(self) -> tuple[Card, ...]:
        """Deal the next hand, show it, and return its cards."""
        idx = simulate.deal_hands(1, self._rng, self.deal)
        self.cards = tuple(Card.from_index(int(i)) for i in idx[0])
        self.events = {k: getattr(v[0], "item", lambda x=v[0]: x)() for k, v in simulate.hand_events(idx, self.deal).items()}
        self.count += 1
        self.row.title = say("explorer.hand_title", n=self.count, seed=str(self.seed))
        self.row.cards = self.cards
        self.info.value = _html_block(" · ".join(_html("explorer.fact", {"value": "strong"}, label=label, value=value)
                                                 for label, value in self._facts()))
        return self.cards

    def _facts(self, lower: bool = False, mark: bool = True) -> list[tuple[Message, Any]]:
        """What the current hand shows: (label, value) messages, by event."""
        out = []
        for key in _FACTS[self.deal]:
            value = self.events[key]
            shown = str(int(value)) if key in _COUNTED_FACTS else _yes(value, mark)
            out.append((say(f"explorer.{'fact_lower' if lower else 'fact'}.{key}"), shown))
        return out

    def facts(self) -> list[tuple[str, str]]:
        """What the current hand shows, as (question, answer) pairs in words."""
        return [(render(label), value if isinstance(value, str) else render(value)) for label, value in self._facts()]

    def figures(self) -> dict:
        out: dict[str, Any] = {"hand": [c.code for c in self.cards]}
        out.update({k: v for k, v in self.events.items() if k not in ("best_kind", "best_value")})
        return out

    def __repr__(self) -> str:
        facts = "; ".join(render(say("explorer.fact", label=label, value=value))
                          for label, value in self._facts(lower=True, mark=False))
        words = say("explorer.dealer_text", n=self.count, seed=str(self.seed), cards=tuple(self.row.cards),
                    facts=facts)
        return f"{type(self).__name__}({render(words)})"
