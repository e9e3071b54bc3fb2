"""Exact chances beside seeded simulations: the odds table and the events' words.

::

    odds_table(['pair', 'flush'], simulate_deals=20_000)

The exact figures come from :mod:`cardkit.odds`, the simulated ones from
:mod:`cardkit.simulate` (numpy where installed, plain Python where not: the same
numbers), for the probability lessons.
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from typing import Any, Callable, Optional, Sequence

from .. import accel, odds, simulate
from ..errors import CardkitError
from ..i18n import Message, render, say
from .boxes import FONT_STACK, Shown, markup, plain
from .numbers import fraction_text, num, pct

__all__ = ["EVENT_NAMES", "DEAL_STEPS", "CHUNK", "odds_table", "deal_name", "event_name", "event_message",
           "event_short", "exact_chance", "running_hits"]

_EVENTS = {
    "least_score": ("pair", "four_of_a_kind", "run_of_3", "run_of_5", "flush"),
    "tienlen": ("four_twos", "dragon", "instant_win", "four_of_a_kind", "double_sequence_bomb", "any_bomb"),
}

#: Every event a simulation can count, per deal, in plain words (a message of the catalogue:
#: ``str()`` is the words in the learner's language).
EVENT_NAMES: dict[str, dict[str, Message]] = {
    deal: {e: say(f"chances.event.{deal}.{e}") for e in events} for deal, events in _EVENTS.items()
}

#: The numbers of deals a simulation slider offers (1-2-5 steps).
DEAL_STEPS: tuple[int, ...] = tuple(m * 10 ** e for e in range(1, 7) for m in (1, 2, 5)) + (10_000_000,)

#: Deals dealt at a time by :func:`running_hits` (a progress bar moves once per chunk).
CHUNK = 100_000

_DEAL_SIZE = {"least_score": 5, "tienlen": 13}
_PROGRESS_FROM = 2_000_000    # cell-level simulations at least this long show a tqdm bar


def deal_name(deal: str) -> str:
    """``'least_score'`` (five-card hands) or ``'tienlen'`` (13 cards), from any of
    the names :mod:`cardkit.simulate` accepts; anything else raises with the reason."""
    return simulate.deal_name(deal)


def event_message(event: str, deal: str) -> Message:
    """An event in plain words, as a message (:data:`EVENT_NAMES`); an unknown event
    raises with the list of events for that deal."""
    names = EVENT_NAMES[deal_name(deal)]
    if event not in names:
        raise CardkitError(say("chances.not_an_event", event=repr(event), deal=deal, choices=", ".join(names)))
    return names[event]


def event_name(event: str, deal: str) -> str:
    """An event in plain words (:func:`event_message` rendered): ``'a pair (two or more
    cards of one rank)'``."""
    return str(event_message(event, deal))


def event_short(event: str, deal: str) -> Message:
    """An event's short name, for a title: ``'a pair'``."""
    event_message(event, deal)
    return say(f"explorer.event_short.{deal_name(deal)}.{event}")


def exact_chance(event: str, deal: str, rules: Any = None) -> Fraction:
    """The exact chance of ``event`` in one hand, from :mod:`cardkit.odds`."""
    event_name(event, deal)
    table = odds.least_score_hand_odds(rules) if deal_name(deal) == "least_score" else odds.tienlen_hand_odds()
    return table["exact"][event]


def odds_table(
    events: Sequence[str], deal: str = "least_score", *, simulate_deals: int = 0, seed: int = 1,
    rules: Any = None, caption: Optional[str] = None,
) -> Shown:
    """A table of exact chances — the fraction, the percentage, "1 in N" — with,
    if ``simulate_deals`` > 0, a seeded simulation and its 95% interval beside
    each.  ``events`` are keys of :data:`EVENT_NAMES`."""
    deal = deal_name(deal)
    simulate_deals = accel.deals_here(simulate_deals)   # fewer in the learner's browser (the table says how many)
    size = _DEAL_SIZE[deal]
    hands = odds.least_score_hand_odds(rules)["hands"] if deal == "least_score" else odds.tienlen_hand_odds()["hands"]
    head = [render(say(f"chances.col.{c}")) for c in ("event", "exact", "percent", "one_in")]
    if simulate_deals:
        head += [render(say("chances.col.simulated", deals=num(simulate_deals))), render(say("chances.col.interval"))]
    rows_html, rows_text, figures = [], [], {}
    for e in events:
        name = event_message(e, deal)
        p = exact_chance(e, deal, rules)
        one_in = num(round(1 / p)) if p else render(say("chances.never"))
        cells = [markup(name), fraction_text(p), pct(p), one_in]
        figures[f"{e} exact"] = p
        if simulate_deals:
            est = simulate.estimate_probability(e, simulate_deals, seed, deal, rules)
            inside = "✔" if est.covers(float(p)) else "✖"
            cells += [pct(est.value), html.escape(render(say("chances.interval_mark", low=pct(est.low), high=pct(est.high),
                                                             mark=inside)))]
            figures[f"{e} simulated"] = est.value
            figures[f"{e} interval"] = [est.low, est.high]
        rows_html.append("<tr>" + "".join(
            f'<td style="padding:0.25em 0.7em;border-top:1px solid #d6dae1;'
            f'{"text-align:left" if i == 0 else "text-align:right;white-space:nowrap"}">'
            f"{c}</td>" for i, c in enumerate(cells)) + "</tr>")
        rows_text.append(" | ".join(plain(html.unescape(re.sub("<[^>]+>", "", c))) for c in cells))
    cap = caption or render(say("chances.caption_simulated", size=size, hands=num(hands), deals=num(simulate_deals),
                                seed=seed) if simulate_deals else say("chances.caption", size=size, hands=num(hands)))
    th = "".join(f'<th scope="col" style="padding:0.25em 0.7em;text-align:{"left" if i == 0 else "right"}">{html.escape(h)}</th>'
                 for i, h in enumerate(head))
    table = (f'<table style="font-family:{FONT_STACK};border-collapse:collapse;margin:0.4em 0;font-size:0.95rem;color:#1f1f1f;'
             f'background:#fff"><caption style="caption-side:top;text-align:left;padding:0 0 0.3em;'
             f'font-weight:600">{html.escape(str(cap))}</caption><thead><tr>{th}</tr></thead>'
             f'<tbody>{"".join(rows_html)}</tbody></table>')
    text = str(cap) + "\n" + " | ".join(head) + "\n" + "\n".join(rows_text)
    return Shown(table, text, figures)


def _progress_chunks(total: int, progress: Optional[bool], what: str) -> Any:
    """An iterator of chunk sizes, wrapped in a tqdm bar when asked (or, with
    ``progress=None``, when the job is long)."""
    sizes = [min(CHUNK, total - start) for start in range(0, total, CHUNK)]
    show = (total >= _PROGRESS_FROM) if progress is None else bool(progress)
    if not show:
        return sizes
    from tqdm.auto import tqdm

    return tqdm(sizes, desc=what, unit=render(say("chances.deals_unit", n=num(CHUNK))))


def running_hits(event: str, deals: int, seed: Any, deal: str, rules: Any,
                  on_chunk: Optional[Callable[[int], Any]] = None, progress: Optional[bool] = False) -> Any:
    """The outcome (True/False) of each of ``deals`` seeded deals, dealt :data:`CHUNK`
    at a time (the same hands as one call); ``on_chunk(done)`` is told after each
    chunk, and ``progress`` shows a tqdm bar (None: only for long jobs).  A numpy
    array, or a list without numpy."""
    rng = simulate.random_stream(seed)
    parts, done = [], 0
    for n in _progress_chunks(deals, progress, render(say("chances.dealing"))):
        parts.append(simulate.outcomes(event, n, rng, deal, rules))
        done += n
        if on_chunk is not None:
            on_chunk(done)
    if not accel.use_numpy():
        return [h for part in parts for h in part]
    return accel.numpy_module().concatenate(parts)
