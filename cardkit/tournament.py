"""Tournaments: many matches between bots, reproducible, on any executor.

>>> from cardkit.tournament import tournament
>>> result = tournament('least_score', ['greedy', 'random'], matches=20, seed=1,
...                     workers=0, progress=False)
>>> [(row.bot, row.seats_played) for row in result.table()]
[('greedy', 20), ('random', 20)]

``result`` shows itself as a tidy table (text, or HTML in a notebook).

- ``bots`` names a bot for each seat: a name from the game's ``BOTS`` (``'random'``,
  ``'greedy'``, ``'strong'``) or any bot function ``bot(observation, rng) -> action``.
  With the openspiel extra, ``'ismcts'`` (or ``'ismcts-N'`` for N simulations a
  search) is OpenSpiel's IS-MCTS search bot (:mod:`cardkit.adapters.search`).
  Seats rotate from one match to the next, so no bot keeps a seat's advantage.
- The same ``seed`` gives the same matches and the same table whatever the executor
  and however many workers: every match's seed is drawn up front in this process.
- ``executor`` is any :class:`concurrent.futures.Executor`.  The default is a local
  process pool with ``workers`` processes (``workers=0`` plays in this process).
  Where no process can be started (Python in the browser, on the static site) the
  matches are played in this process instead: the same records either way.
  Outgrowing one machine, pass a Dask executor: ``Client(...).get_executor()``.
  Bots travel to the workers with cloudpickle, so a bot written in a notebook works.
- A tournament of built-in bots (by name) and policy bots whose records were kept
  (:mod:`cardkit.remembered`: the lessons' opening tournaments) gives its kept records
  at once; any other tournament, or one given an ``executor``, is played.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import pickle
import random
import sys
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, is_dataclass
from html import escape
from typing import Any, Callable, Sequence, Union

from . import remembered
from .errors import OptionError, PlayerError, UnknownBotError
from .i18n import and_list, say, seat
from .game import GAMES, game_module, play_out, resolve_bot
from .stats import Z95, wilson_interval

try:  # cloudpickle ships bots defined in a notebook; plain pickle when it is absent
    import cloudpickle as _pickler
except ImportError:  # pragma: no cover
    _pickler = pickle

__all__ = ["tournament", "TournamentResult", "MatchRecord", "BotSummary", "GAMES", "SCORE_MEANING",
           "wilson_interval"]

SCORE_MEANING = {"least_score": say("tournament.meaning.least_score"),
                 "tienlen": say("tournament.meaning.tienlen")}
"""What a bot's mean score means in each game, as a message for a table's caption."""

BotSpec = Union[str, Callable[..., Any]]


@dataclass(frozen=True)
class MatchRecord:
    """One finished match: its seed, which bot sat where, the scores, the winners, how
    many rounds (Least Score) or games (Tiến Lên) it took and how many actions."""

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


def _mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
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
        raise UnknownBotError(say("tournament.no_bot_called_played_in", bot=repr(bot)))

    HEADINGS = tuple(say(f"tournament.heading.{h}") for h in
                     ("bot", "seats_played", "wins", "win_rate", "interval", "mean_score"))
    """The headings of :meth:`rows`, as messages (render them for display)."""

    def rows(self) -> list[list[str]]:
        """The table as text, one row of cells per bot, under :attr:`HEADINGS`: the bot,
        seats played, wins, win rate, its 95% interval and the mean score."""
        return [[r.bot, str(r.seats_played), f"{r.wins:g}", f"{r.win_rate:.1%}",
                 f"{r.win_low:.1%} – {r.win_high:.1%}", f"{r.mean_score:.2f}"] for r in self.table()]

    @property
    def score_meaning(self) -> str:
        """What the mean score means in this game (see :data:`SCORE_MEANING`)."""
        meaning = SCORE_MEANING.get("tienlen" if self.game == "tien_len" else self.game)
        return "" if meaning is None else str(meaning)

    def text(self, explain: bool = False) -> str:
        """The table as plain text (``str(result)``); ``explain`` adds what the mean
        score means to the first line."""
        heads = [str(say(f"tournament.column.{h}")) for h in ("bot", "seats", "wins", "win_rate_ci", "mean_score_ci")]
        lines = [str(say("tournament.title", game=self.game, n=len(self.matches))),
                 f"{heads[0]:<14}{heads[1]:>7}{heads[2]:>9}{heads[3]:>26}{heads[4]:>28}"]
        for r in self.table():
            lines.append(f"{r.bot:<14}{r.seats_played:>7}{r.wins:>9.1f}"
                         f"{f'{r.win_rate:.1%} ({r.win_low:.1%}–{r.win_high:.1%})':>26}"
                         f"{f'{r.mean_score:.2f} ({r.score_low:.2f}–{r.score_high:.2f})':>28}")
        if explain and self.score_meaning:
            lines[0] += f" ({self.score_meaning})"
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return self.html()

    def html(self, explain: bool = False) -> str:
        """The table as HTML (the notebook display); ``explain`` adds what the mean
        score means to the caption."""
        head = "".join(f"<th>{escape(str(say(f'tournament.column.{h}')))}</th>" for h in
                       ("bot", "seats_played", "wins", "win_rate", "ci", "mean_score", "ci"))
        body = "".join(
            f"<tr><td>{escape(r.bot)}</td><td>{r.seats_played}</td><td>{r.wins:.1f}</td>"
            f"<td>{r.win_rate:.1%}</td><td>{r.win_low:.1%} – {r.win_high:.1%}</td>"
            f"<td>{r.mean_score:.2f}</td><td>{r.score_low:.2f} – {r.score_high:.2f}</td></tr>"
            for r in self.table())
        meaning = f" ({escape(self.score_meaning)})" if explain and self.score_meaning else ""
        title = escape(str(say("tournament.title", game=self.game, n=len(self.matches))))
        return (f"<table><caption>{title}{meaning}</caption>"
                f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


def _is_search_bot(bot: Any) -> bool:
    return isinstance(bot, str) and bot.partition("-")[0] == "ismcts"


def _search_bot(game: str, name: str) -> tuple[str, Callable]:
    """OpenSpiel's IS-MCTS search bot by name — ``'ismcts'``, ``'ismcts-500'`` (500
    simulations a turn), ``'ismcts-greedy-800'`` (greedy playouts) — where the
    ``openspiel`` extra is installed (:mod:`cardkit.adapters.search`)."""
    try:
        from .adapters.search import named_bot
    except ImportError:
        raise UnknownBotError(say("tournament.search_bot_needs_openspiel_pip", name=repr(name))) from None
    return name, named_bot(game, name)


def processes_available() -> bool:
    """Whether this Python can start worker processes (not in the browser, where
    Pyodide has no processes and no threads)."""
    return sys.platform not in ("emscripten", "wasi")


def _process_pool(workers: int) -> Executor | None:
    """A local process pool, or None where processes cannot be started."""
    if not processes_available():
        return None
    try:
        return ProcessPoolExecutor(max_workers=workers)
    except (NotImplementedError, OSError, ImportError):
        return None


def _play_chunk(payload: bytes) -> list[MatchRecord]:
    """Play a list of matches (in a worker process, or here)."""
    return _play_jobs(*_pickler.loads(payload))


def _play_here(game: str, rules: Any, names: list, funcs: list, jobs: list) -> list[MatchRecord]:
    """Play a chunk in this process: through a pickled copy as a worker would (fresh
    bots each chunk), or with the objects themselves where they cannot be pickled."""
    try:
        payload = _pickler.dumps((game, rules, names, funcs, jobs))
    except Exception:   # plain pickle (no cloudpickle) cannot carry a notebook's bot
        return _play_jobs(game, rules, names, funcs, jobs)
    return _play_chunk(payload)


def _play_jobs(game: str, rules: Any, names: Sequence[str], funcs: Sequence[Callable], jobs: Sequence) -> list[MatchRecord]:
    """Play the matches ``jobs`` ((index, seed, seat order) each)."""
    module = game_module(game)
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
            winners=tuple(state.winners()),
            rounds=len(state.round_results),
            actions=sum(len(result.history) for result in state.round_results),
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
    on_progress: Callable[[int, int], Any] | None = None,
) -> TournamentResult:
    """Play ``matches`` matches of ``game`` (``'least_score'`` or ``'tienlen'``).

    ``bots`` gives one bot per seat (names or functions); with ``rotate`` the
    line-up turns one seat each match.  ``rules`` is the game's ``Rules`` (its
    ``players`` must equal ``len(bots)``; by default the game's rules with that many
    players).  ``on_progress(done, total)`` is called as matches finish (a widget's
    progress bar).  See the module docstring for executors and reproducibility.
    """
    module = game_module(game)
    if isinstance(matches, bool) or not isinstance(matches, int) or matches < 1:
        raise OptionError(say("tournament.matches_must_whole_number_at", matches=repr(matches)))
    resolved = [_search_bot(game, bot) if _is_search_bot(bot) else resolve_bot(game, bot) for bot in bots]
    names, funcs = [name for name, _ in resolved], [func for _, func in resolved]
    n = len(funcs)
    if rules is None:
        rules = module.Rules(players=n)
    elif rules.players != n:
        raise PlayerError(say("tournament.rules_say_players_but_bots", players=rules.players, n=n))
    rng = random.Random(seed)
    jobs = []
    for index in range(matches):
        shift = index % n if rotate else 0
        order = tuple((seat + shift) % n for seat in range(n))
        jobs.append((index, rng.randrange(2**30), order))

    key = _memo_key(game, bots, matches, seed, rules, rotate) if executor is None else None
    kept = remembered.recall(key) if key is not None else None
    if kept is not None and len(kept) == matches:
        if on_progress is not None:
            on_progress(matches, matches)
        records = [MatchRecord(index=index, seed=match_seed, seats=tuple(names[i] for i in order),
                               returns=tuple(row[0]), winners=tuple(row[1]), rounds=row[2], actions=row[3])
                   for (index, match_seed, order), row in zip(jobs, kept)]
        return TournamentResult(game=game, bot_names=tuple(names), matches=records)

    own_pool = None
    if executor is None and workers != 0:
        workers = workers or os.cpu_count() or 1
        own_pool = executor = _process_pool(workers)
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
                records.extend(_play_here(game, rules, names, funcs, chunk))
                if bar is not None:
                    bar.update(len(chunk))
                if on_progress is not None:
                    on_progress(len(records), matches)
        else:
            futures = [executor.submit(_play_chunk, _pickler.dumps((game, rules, names, funcs, chunk)))
                       for chunk in chunks]
            for fut in futures:
                part = fut.result()
                records.extend(part)
                if bar is not None:
                    bar.update(len(part))
                if on_progress is not None:
                    on_progress(len(records), matches)
    finally:
        if bar is not None:
            bar.close()
        if own_pool is not None:
            own_pool.shutdown()
    records.sort(key=lambda r: r.index)
    if key is not None:
        remembered.keep(key, _memo_value(records))
    return TournamentResult(game=game, bot_names=tuple(names), matches=records)


# --- kept results (cardkit.remembered) ----------------------------------------------------

def _recipe(game: str, bot: BotSpec) -> Any:
    """Plain data that makes ``bot`` again: a built-in bot's name, or a policy bot's
    ``["policy", fields]``; None for anything else (a notebook's bot, a search bot)."""
    if isinstance(bot, str):
        return bot if bot in game_module(game).BOTS else None
    recipe = getattr(bot, "recipe", None)
    return recipe() if callable(recipe) else None


def _bot_of_recipe(game: str, recipe: Any) -> BotSpec:
    if isinstance(recipe, str):
        return recipe
    kind, fields = recipe
    if kind != "policy":
        raise UnknownBotError(say("tournament.no_bot_called_played_in", bot=repr(recipe)))
    module = importlib.import_module(f"{GAMES[game]}.policy")
    return module.PolicyBot(module.Policy(**fields))


def _memo_key(game: str, bots: Sequence[BotSpec], matches: int, seed: Any, rules: Any, rotate: bool) -> dict | None:
    """The key a tournament's records are kept under, or None when one of its inputs is
    not plain data."""
    recipes = [_recipe(game, bot) for bot in bots]
    if any(r is None for r in recipes) or not isinstance(seed, int) or isinstance(seed, bool) or not is_dataclass(rules):
        return None
    key = {"kind": "tournament", "game": game, "bots": recipes, "matches": matches, "seed": seed,
           "rotate": bool(rotate), "rules": asdict(rules)}
    try:
        json.dumps(key)
    except TypeError:
        return None
    return key


def _memo_value(records: Sequence[MatchRecord]) -> list:
    return [[list(r.returns), list(r.winners), r.rounds, r.actions] for r in records]


def _replay(key: dict) -> list:
    game = key["game"]
    rules = game_module(game).Rules(**key["rules"])
    result = tournament(game, [_bot_of_recipe(game, r) for r in key["bots"]], matches=key["matches"],
                        seed=key["seed"], rules=rules, rotate=key["rotate"], workers=0, progress=False)
    return _memo_value(result.matches)


remembered.register("tournament", _replay)
