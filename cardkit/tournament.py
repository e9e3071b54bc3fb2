"""Tournaments: many matches between bots, reproducible, on any executor.

>>> from cardkit.tournament import tournament
>>> result = tournament('least_score', ['greedy', 'random', 'random', 'random'],
...                     matches=200, seed=1, workers=0, progress=False)   # doctest: +SKIP
>>> result                                                                # a tidy table

- ``bots`` names a bot for each seat: a name from the game's ``BOTS`` (``'random'``,
  ``'greedy'``, ``'strong'``) or any bot function ``bot(observation, rng) -> action``.
  With the openspiel extra, ``'ismcts'`` (or ``'ismcts-N'`` for N simulations a
  search) is OpenSpiel's IS-MCTS search bot (:mod:`cardkit.adapters.search`).
  Seats rotate from one match to the next, so no bot keeps a seat's advantage.
- The same ``seed`` gives the same matches and the same table whatever the executor
  and however many workers: every match's seed is drawn up front in this process.
- ``executor`` is any :class:`concurrent.futures.Executor`.  The default is a local
  process pool with ``workers`` processes (``workers=0`` plays in this process).
  Outgrowing one machine, pass a Dask executor: ``Client(...).get_executor()``.
  Bots travel to the workers with cloudpickle, so a bot written in a notebook works.
"""

from __future__ import annotations

import importlib
import math
import os
import pickle
import random
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from html import escape
from typing import Any, Callable, Sequence, Union

from .play import play_out

try:  # cloudpickle ships bots defined in a notebook; plain pickle when it is absent
    import cloudpickle as _pickler
except ImportError:  # pragma: no cover
    _pickler = pickle

__all__ = ["tournament", "TournamentResult", "MatchRecord", "BotSummary", "GAMES", "wilson_interval"]

GAMES = {"least_score": "cardkit.least_score", "tienlen": "cardkit.tienlen", "tien_len": "cardkit.tienlen"}

BotSpec = Union[str, Callable[..., Any]]


@dataclass(frozen=True)
class MatchRecord:
    """One finished match: its seed, which bot sat where, the scores and the winners."""

    index: int
    seed: int
    seats: tuple[str, ...]
    returns: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    actions: int


@dataclass(frozen=True)
class BotSummary:
    """One bot's results over a tournament (one row of the table)."""

    bot: str
    seats_played: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    score_low: float
    score_high: float


def wilson_interval(successes: float, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion (sensible even near 0 and 1)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def _mean_interval(values: Sequence[float], z: float = 1.959963984540054) -> tuple[float, float, float]:
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


@dataclass(repr=False)
class TournamentResult:
    """Every match played, and a summary table per bot.

    ``result.table()`` gives one :class:`BotSummary` per bot; ``str(result)`` and the
    notebook display show it as a table.  A win shared by ``k`` tied players counts
    ``1/k`` to each.  ``mean_score`` is the bot's score per match (Least Score:
    penalty points, lower is better; Tiến Lên: points won, higher is better).
    """

    game: str
    bot_names: tuple[str, ...]
    matches: list[MatchRecord] = field(default_factory=list)

    def table(self) -> list[BotSummary]:
        wins: dict[str, float] = {}
        scores: dict[str, list[float]] = {}
        for m in self.matches:
            share = 1.0 / len(m.winners) if m.winners else 0.0
            for seat, name in enumerate(m.seats):
                scores.setdefault(name, []).append(m.returns[seat])
                wins[name] = wins.get(name, 0.0) + (share if seat in m.winners else 0.0)
        rows = []
        for name in dict.fromkeys(self.bot_names):
            vals = scores.get(name, [])
            n = len(vals)
            low, high = wilson_interval(wins.get(name, 0.0), n)
            mean, slow, shigh = _mean_interval(vals)
            rows.append(BotSummary(name, n, wins.get(name, 0.0), (wins.get(name, 0.0) / n) if n else math.nan,
                                   low, high, mean, slow, shigh))
        return rows

    def summary(self, bot: str) -> BotSummary:
        """The table row of one bot."""
        for row in self.table():
            if row.bot == bot:
                return row
        raise KeyError(f"no bot called {bot!r} played in this tournament")

    def __str__(self) -> str:
        lines = [f"{self.game}: {len(self.matches)} matches",
                 f"{'bot':<14}{'seats':>7}{'wins':>9}{'win rate (95% CI)':>26}{'mean score (95% CI)':>28}"]
        for r in self.table():
            lines.append(f"{r.bot:<14}{r.seats_played:>7}{r.wins:>9.1f}"
                         f"{f'{r.win_rate:.1%} ({r.win_low:.1%}–{r.win_high:.1%})':>26}"
                         f"{f'{r.mean_score:.2f} ({r.score_low:.2f}–{r.score_high:.2f})':>28}")
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{h}</th>" for h in ("bot", "seats played", "wins", "win rate", "95% CI",
                                                  "mean score", "95% CI"))
        body = "".join(
            f"<tr><td>{escape(r.bot)}</td><td>{r.seats_played}</td><td>{r.wins:.1f}</td>"
            f"<td>{r.win_rate:.1%}</td><td>{r.win_low:.1%} – {r.win_high:.1%}</td>"
            f"<td>{r.mean_score:.2f}</td><td>{r.score_low:.2f} – {r.score_high:.2f}</td></tr>"
            for r in self.table())
        return (f"<table><caption>{escape(self.game)}: {len(self.matches)} matches</caption>"
                f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


def _game_module(game: str):
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: choose one of {', '.join(sorted(GAMES))}")
    return importlib.import_module(GAMES[game])


def _resolve_bots(game_module: Any, bots: Sequence[BotSpec]) -> tuple[list[str], list[Callable]]:
    registry = getattr(game_module, "BOTS", {})
    names, funcs = [], []
    for spec in bots:
        if isinstance(spec, str):
            if spec not in registry and spec.partition("-")[0] == "ismcts":
                names.append(spec)
                funcs.append(_search_bot(game_module, spec))
                continue
            if spec not in registry:
                raise ValueError(f"there is no bot called {spec!r}: the built-in bots are {', '.join(registry)}")
            names.append(spec)
            funcs.append(registry[spec])
        elif callable(spec):
            names.append(getattr(spec, "__name__", type(spec).__name__))
            funcs.append(spec)
        else:
            raise ValueError(f"{spec!r} is not a bot: give a bot's name or a function bot(observation, rng)")
    return names, funcs


def _search_bot(game_module: Any, name: str) -> Callable:
    """The IS-MCTS search bot ('ismcts', 'ismcts-500'), where the openspiel extra is
    installed (it lives in cardkit.adapters.search; the engine does not need it)."""
    try:
        from .adapters.search import named_bot
    except ImportError:
        raise ValueError(f"the search bot {name!r} needs OpenSpiel: pip install cardkit[openspiel]") from None
    return named_bot(game_module.__name__.rpartition(".")[2], name)


def _winners(state: Any) -> tuple[int, ...]:
    if hasattr(state, "winners"):
        return tuple(state.winners())
    if hasattr(state, "winner"):
        won = state.winner() if callable(state.winner) else state.winner
        return () if won is None else (won,)
    raise TypeError("the game state does not say who won (it has no winners())")


def _play_chunk(payload: bytes) -> list[MatchRecord]:
    """Play a list of matches (in a worker process, or here)."""
    game, rules, names, funcs, jobs = _pickler.loads(payload)
    module = _game_module(game)
    out = []
    for index, seed, order in jobs:
        seat_funcs = [funcs[i] for i in order]
        state = module.new_game(rules, seed=seed)
        play_out(state, seat_funcs, seed=seed)
        out.append(MatchRecord(
            index=index,
            seed=seed,
            seats=tuple(names[i] for i in order),
            returns=tuple(state.returns()),
            winners=_winners(state),
            rounds=len(getattr(state, "round_results", ())),
            actions=len(getattr(state, "history", getattr(state, "events", ()))),
        ))
    return out


def tournament(
    game: str,
    bots: Sequence[BotSpec],
    matches: int = 1000,
    seed: int = 0,
    rules: Any = None,
    executor: Executor | None = None,
    workers: int | None = None,
    chunk_size: int | None = None,
    progress: bool = True,
    rotate: bool = True,
) -> TournamentResult:
    """Play ``matches`` matches of ``game`` (``'least_score'`` or ``'tienlen'``).

    ``bots`` gives one bot per seat (names or functions); with ``rotate`` the
    line-up turns one seat each match.  ``rules`` is the game's ``Rules`` (its
    ``players`` must equal ``len(bots)``; by default the game's rules with that many
    players).  See the module docstring for executors and reproducibility.
    """
    module = _game_module(game)
    if isinstance(matches, bool) or not isinstance(matches, int) or matches < 1:
        raise ValueError(f"matches must be a whole number of at least 1, not {matches!r}")
    names, funcs = _resolve_bots(module, bots)
    n = len(funcs)
    if rules is None:
        rules = module.Rules(players=n)
    elif rules.players != n:
        raise ValueError(f"the rules say {rules.players} players but {n} bots were given")
    rng = random.Random(seed)
    jobs = []
    for index in range(matches):
        shift = index % n if rotate else 0
        order = tuple((seat + shift) % n for seat in range(n))
        jobs.append((index, rng.randrange(2**30), order))

    own_pool = None
    if executor is None and workers != 0:
        workers = workers or os.cpu_count() or 1
        own_pool = executor = ProcessPoolExecutor(max_workers=workers)
    if executor is not None:
        parts = max(1, (workers or 2) * 8)
        size = chunk_size or max(1, min(200, math.ceil(matches / parts)))
    else:
        size = chunk_size or matches
    chunks = [jobs[i:i + size] for i in range(0, matches, size)]

    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=matches, desc=f"{game} tournament", unit="match")
    records: list[MatchRecord] = []
    try:
        if executor is None:
            for chunk in chunks:
                records.extend(_play_chunk(_pickler.dumps((game, rules, names, funcs, chunk))))
                if bar is not None:
                    bar.update(len(chunk))
        else:
            futures = [executor.submit(_play_chunk, _pickler.dumps((game, rules, names, funcs, chunk)))
                       for chunk in chunks]
            for fut in futures:
                part = fut.result()
                records.extend(part)
                if bar is not None:
                    bar.update(len(part))
    finally:
        if bar is not None:
            bar.close()
        if own_pool is not None:
            own_pool.shutdown()
    records.sort(key=lambda r: r.index)
    return TournamentResult(game=game, bot_names=tuple(names), matches=records)
