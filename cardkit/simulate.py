"""Seeded simulations, to set beside the exact odds in :mod:`cardkit.odds`.

Deal many hands at random, count how often something happens, and watch the
estimate close in on the exact answer:

>>> est = estimate_probability('pair', 100_000, seed=1)
>>> est.low < exact_probability('pair') < est.high
True
>>> print(estimate_probability('pair', 1000, seed=7))
0.4980 (95% interval 0.4671 to 0.5289; 498 of 1,000 hands)

Every function takes a ``seed`` (a whole number, or a stream from
:func:`random_stream` you own) and nothing else random: the same seed gives the
same numbers.  Hands are dealt with numpy where it is installed, many at once, so
100,000 hands take a fraction of a second; without numpy (a lesson in the
browser) the same hands are dealt in plain Python, one at a time, from the same
random numbers (:mod:`cardkit.pcg`), so every figure is the same either way.
The first ``n`` hands dealt for a seed are the same whatever the number of
trials, so ``convergence`` and ``estimate_probability`` agree at every ``n``.
Where numpy is used, arrays come back; in plain Python, lists.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable, NamedTuple, Sequence, Union

from . import accel, odds
from .cards import Card
from .i18n import SOURCE_LANGUAGE, game_title, render, say
from .pcg import PCG64Stream, dealt_rows, pure_deal_positions, stream_from_seed
from .errors import HandError, OptionError, RulesError
from .odds import estimate_lowest_total
from .stats import CHUNK as _CHUNK
from .stats import Z95, Estimate, SeedLike, check_trials, deal_positions, numpy_rng, wilson_interval

__all__ = [
    "Estimate",
    "Convergence",
    "DEALS",
    "deal_hands",
    "estimate_probability",
    "estimate_mean",
    "exact_probability",
    "outcomes",
    "hand_events",
    "convergence",
    "estimate_lowest_total",
    "wilson_interval",
    "deal_name",
    "numpy_rng",
    "random_stream",
    "check_trials",
]

np = accel.numpy_module()

#: The hands a simulation can deal: name → number of cards.
DEALS: dict[str, int] = {"least_score": 5, "tienlen": 13}
_DEAL_ALIASES = {spelling: key for key, ids in {"least_score": ("least_score", "leastscore"),
                                                 "tienlen": ("tienlen", "tien_len")}.items()
                 for name in ids for spelling in (name, name.replace("_", " "))}
"""The ids a deal may be given by ('least_score', 'least score', 'tien_len' …); a game's
name as the catalogue writes it ('Tiến Lên') is read too, see :func:`deal_name`."""

Event = Union[str, Callable[[list[Card]], bool]]


class Convergence(NamedTuple):
    """Running estimates after ``trials[i]`` hands: unpack as
    ``trials, estimate, low, high = convergence(...)``."""

    trials: Any
    estimate: Any
    low: Any
    high: Any


# --- dealing -------------------------------------------------------------------

def deal_name(deal: str) -> str:
    """The name in code of the hands to deal: ``'least_score'`` (5 cards) or
    ``'tienlen'`` (13 cards); 'Least Score', 'tien len', 'Tiến Lên' … are read too."""
    given = str(deal).strip().lower()
    key = _DEAL_ALIASES.get(given)
    if key is None:   # the game's name, in English or in the learner's language
        key = next((k for k in DEALS for lang in (SOURCE_LANGUAGE, None)
                    if given == render(game_title(k), lang).lower()), None)
    if key is None:
        raise OptionError(say("simulate.bad_deal", given=repr(deal)))
    return key


def random_stream(seed: Any) -> Any:
    """The random numbers behind a seed: a ``numpy.random.Generator`` where numpy is
    used, a :class:`~cardkit.pcg.PCG64Stream` (the same numbers) where it is not.
    Passing the stream back as a ``seed`` continues it.  A seed is a whole number
    0 or more (or such a stream); anything else raises
    :class:`~cardkit.errors.DealCodeError`."""
    if accel.use_numpy():
        return numpy_rng(seed)
    if np is not None and isinstance(seed, np.random.Generator):
        raise OptionError(say("static.generator_in_plain_python"))
    return stream_from_seed(seed)


def _pure_hands(stream: PCG64Stream, n: int, size: int, pool: int = 52) -> list[list[int]]:
    """``n`` hands of ``size`` positions, from ``n * size`` numbers of the stream."""
    u = stream.random(n * size)
    return [pure_deal_positions(u, size, pool, i * size) for i in range(n)]


def deal_hands(trials: int, seed: SeedLike, deal: str = "least_score") -> Any:
    """``trials`` random hands as card indices, one hand per row (5 for Least
    Score, 13 for Tiến Lên; ``Card.from_index`` turns an index back into a card):
    a numpy array, or a list of lists without numpy.  Each hand is a fresh full
    deck's worth of luck: the hands are independent of one another."""
    size = DEALS[deal_name(deal)]
    trials = check_trials(trials)
    rng = random_stream(seed)
    if not accel.use_numpy():
        return [h for start in range(0, trials, _CHUNK) for h in _pure_hands(rng, min(_CHUNK, trials - start), size)]
    return np.concatenate([
        deal_positions(rng.random((min(_CHUNK, trials - start), size)), 52)
        for start in range(0, trials, _CHUNK)
    ])


def _hands_in_chunks(trials: int, seed: SeedLike, deal: str):
    size = DEALS[deal]
    if not accel.use_numpy() and not isinstance(seed, PCG64Stream):
        stream_from_seed(seed)                      # a clear error for a bad seed
        rows = dealt_rows(int(seed), trials, size, size, 52)
        for start in range(0, trials, _CHUNK):
            yield rows[start:min(start + _CHUNK, trials)]
        return
    rng = random_stream(seed)
    for start in range(0, trials, _CHUNK):
        n = min(_CHUNK, trials - start)
        if accel.use_numpy():
            yield deal_positions(rng.random((n, size)), 52)
        else:
            yield _pure_hands(rng, n, size)


# --- events on many hands ----------------------------------------------------

def _tienlen_rank_counts(hands: Any) -> Any:
    """(N, 13) counts per rank in Tiến Lên order 3 4 … K A 2."""
    position = (hands // 4 + 11) % 13              # rank 3 → 0 … K → 10, A → 11, 2 → 12
    n = hands.shape[0]
    flat = (position + 13 * np.arange(n)[:, None]).ravel()
    return np.bincount(flat, minlength=13 * n).reshape(n, 13)


def _tienlen_events(hands: Any) -> dict[str, Any]:
    counts = _tienlen_rank_counts(hands)
    seq = counts[:, :12]
    two_plus = seq >= 2
    ds3 = (two_plus[:, :-2] & two_plus[:, 1:-1] & two_plus[:, 2:]).any(axis=1)
    quads = (counts == 4).sum(axis=1)
    four_twos = counts[:, 12] == 4
    dragon = (seq >= 1).all(axis=1)
    return {
        "four_twos": four_twos,
        "dragon": dragon,
        "instant_win": four_twos | dragon,
        "four_of_a_kind": quads >= 1,
        "double_sequence_bomb": ds3,
        "any_bomb": (quads >= 1) | ds3,
        "twos": counts[:, 12],
        "bombs": quads,
    }


_TL_EVENT_KEYS = ("four_twos", "dragon", "instant_win", "four_of_a_kind", "double_sequence_bomb", "any_bomb",
                  "twos", "bombs")


def tienlen_hand_events_one(hand: Sequence[int]) -> tuple:
    """The Tiến Lên events of one hand of card indices, in plain Python, in the order
    four_twos, dragon, instant_win, four_of_a_kind, double_sequence_bomb, any_bomb,
    twos, bombs (the same as the numpy path's, hand by hand)."""
    counts = [0] * 13
    for i in hand:
        counts[(i // 4 + 11) % 13] += 1
    ds3 = False
    streak = 0
    for c in counts[:12]:
        streak = streak + 1 if c >= 2 else 0
        if streak >= 3:
            ds3 = True
            break
    quads = counts.count(4)
    four_twos = counts[12] == 4
    dragon = 0 not in counts[:12]
    return (four_twos, dragon, four_twos or dragon, quads >= 1, ds3, quads >= 1 or ds3, counts[12], quads)


def _pure_tienlen_events(hands: Sequence[Sequence[int]]) -> dict[str, list]:
    rows = [tienlen_hand_events_one(h) for h in hands]
    return {k: [r[j] for r in rows] for j, k in enumerate(_TL_EVENT_KEYS)}


_MEANS = {"least_score": ("total", "total_after_best_discard"), "tienlen": ("twos", "bombs")}
_EVENTS = {"least_score": odds.LEAST_SCORE_EVENTS, "tienlen": odds.TIENLEN_EVENTS}


def _event_values(event: Any, hands: Any, deal: str, rules: Any, means: bool) -> Any:
    """The event (or quantity) for each hand, vectorised where it is a key."""
    pure = not accel.use_numpy()
    if callable(event):
        out = [event([Card.from_index(int(i)) for i in sorted(row)]) for row in hands]
        if pure:
            return [float(x) for x in out] if means else [bool(x) for x in out]
        return np.asarray(out, dtype=float if means else bool)
    keys = _MEANS[deal] if means else _EVENTS[deal]
    if event not in keys:
        raise OptionError(say("simulate.not_a_quantity" if means else "simulate.not_an_event_or_function",
                              given=repr(event), deal=deal, choices=", ".join(keys)))
    if pure:
        if deal == "least_score":
            one_suit = odds.runs_one_suit(rules)
            if event == "total_after_best_discard":
                return [f[0] - f[7] for f in (odds.classify_hand_kept(tuple(h), one_suit) for h in hands)]
            j = odds.LEAST_SCORE_FEATURES.index(event)
            return [odds.classify_hand_kept(tuple(h), one_suit)[j] for h in hands]
        j = _TL_EVENT_KEYS.index(event)
        return [tienlen_hand_events_one(h)[j] for h in hands]
    if deal == "least_score":
        f = odds.classify_hands(hands, odds.runs_one_suit(rules))
        if event == "total_after_best_discard":
            return f["total"] - f["best_value"]
        return f[event]
    return _tienlen_events(hands)[event]


def _outcomes(event: Any, trials: int, seed: SeedLike, deal: str, rules: Any, means: bool) -> Any:
    deal = deal_name(deal)
    if rules is not None and deal != "least_score":
        raise RulesError(say("simulate.rules_least_score_only"))
    odds.runs_one_suit(rules)   # a clear error for unusable rules, before any dealing
    trials = check_trials(trials)
    parts = [_event_values(event, hands, deal, rules, means) for hands in _hands_in_chunks(trials, seed, deal)]
    if not accel.use_numpy():
        return [x for part in parts for x in part]
    return np.concatenate(parts)


def outcomes(
    event: Union[Event, Callable[[list[Card]], float]], trials: int, seed: SeedLike,
    deal: str = "least_score", rules: Any = None,
) -> Any:
    """Deal ``trials`` random hands and return one outcome per hand, in the order
    dealt: True/False for an event key (see :func:`estimate_probability`), a
    number for a quantity key (``'total'``, ``'total_after_best_discard'``;
    Tiến Lên ``'twos'``, ``'bombs'``), or the number your function of a hand
    returns (True counts as 1).  A numpy array, or a list without numpy.

    The hands are those :func:`estimate_probability` deals for the same seed, so
    ``outcomes(e, n, s).mean()`` is ``estimate_probability(e, n, s).value``.
    With a stream from :func:`random_stream` as ``seed``, calls of whole multiples
    of 100,000 hands continue one stream: dealing in such chunks (to show
    progress) gives the same hands as one big call.
    """
    deal = deal_name(deal)
    means = callable(event) or event in _MEANS[deal]
    return _outcomes(event, trials, seed, deal, rules, means=means)


def hand_events(hands: Any, deal: str = "least_score", rules: Any = None) -> dict[str, Any]:
    """Every event and quantity of the given hands, one entry per hand.

    ``hands``: card indices, one hand per row (as :func:`deal_hands` returns),
    or a list of hands (card strings or lists of cards).  For Least Score the
    keys are those of :func:`cardkit.odds.least_score_hand_features`; for Tiến
    Lên ``'four_twos'``, ``'dragon'``, ``'instant_win'``, ``'four_of_a_kind'``,
    ``'double_sequence_bomb'``, ``'any_bomb'`` (True/False) and ``'twos'``,
    ``'bombs'`` (numbers).  numpy arrays, or lists without numpy.
    """
    deal = deal_name(deal)
    size = DEALS[deal]
    if deal == "least_score":
        return odds.least_score_hand_features(hands, rules)
    if rules is not None:
        raise RulesError(say("static.rules_least_score_only"))
    pure = not accel.use_numpy()
    idx = odds.hand_index_rows(hands, size) if pure else odds.hand_index_array(hands, size)
    rows = idx if pure else idx.tolist()
    if any(len(set(row)) != size for row in rows):
        raise HandError(say("static.twice_the_same_card"))
    return _pure_tienlen_events(rows) if pure else _tienlen_events(idx.astype(np.int64))


def estimate_probability(
    event: Event, trials: int, seed: SeedLike, deal: str = "least_score", rules: Any = None
) -> Estimate:
    """Deal ``trials`` random hands and estimate the chance of ``event``.

    ``event`` is a key — for ``deal='least_score'`` (five cards) one of
    ``'pair'``, ``'four_of_a_kind'``, ``'run_of_3'``, ``'run_of_5'``,
    ``'flush'``; for ``deal='tienlen'`` (13 cards) one of ``'four_twos'``,
    ``'dragon'``, ``'instant_win'``, ``'four_of_a_kind'``,
    ``'double_sequence_bomb'``, ``'any_bomb'`` — or your own function that
    takes a hand (a list of cards, sorted) and returns True or False (slower: it
    is called once per hand).  ``rules``: Least Score rules (``runs_one_suit``).

    Returns an :class:`Estimate` with a 95% Wilson interval.
    """
    hits = _outcomes(event, trials, seed, deal, rules, means=False)
    successes = int(np.count_nonzero(hits)) if accel.use_numpy() else sum(1 for h in hits if h)
    low, high = wilson_interval(successes, len(hits))
    return Estimate(successes / len(hits), low, high, len(hits), successes)


def _mean_and_se(x: Any) -> tuple[float, float]:
    """The mean and its standard error (sample standard deviation / √n), the same
    to the last bit with numpy or without: whole-number outcomes are summed
    exactly, others with ``math.fsum``."""
    n = len(x)
    if accel.use_numpy():
        whole = x.dtype.kind in "biu" or bool(np.all(np.mod(x, 1) == 0))
        values = [int(v) for v in x.tolist()] if whole else [float(v) for v in x.tolist()]
    else:
        whole = all(float(v).is_integer() for v in x)
        values = [int(v) for v in x] if whole else [float(v) for v in x]
    if whole:
        total, squares = sum(values), sum(v * v for v in values)
        mean = total / n
        if n < 2:
            return mean, math.inf
        var = Fraction(n * squares - total * total, n * (n - 1))
        return mean, math.sqrt(var / n)
    total = math.fsum(values)
    mean = total / n
    if n < 2:
        return mean, math.inf
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def estimate_mean(
    quantity: Union[str, Callable[[list[Card]], float]], trials: int, seed: SeedLike,
    deal: str = "least_score", rules: Any = None,
) -> Estimate:
    """Deal ``trials`` random hands and estimate the average of ``quantity``:
    for Least Score ``'total'`` or ``'total_after_best_discard'``, for Tiến Lên
    ``'twos'`` or ``'bombs'`` (four-of-a-kinds held), or a function of a hand.
    The interval is the normal 95% interval, mean ± 1.96 standard errors."""
    x = _outcomes(quantity, trials, seed, deal, rules, means=True)
    mean, se = _mean_and_se(x)
    return Estimate(mean, mean - Z95 * se, mean + Z95 * se, len(x))


def exact_probability(event: str, deal: str = "least_score", rules: Any = None) -> float:
    """The exact chance of an event key (from :mod:`cardkit.odds`), for
    drawing beside a simulation."""
    deal = deal_name(deal)
    if event not in _EVENTS[deal]:
        raise OptionError(say("simulate.not_an_event", given=repr(event), deal=deal, choices=", ".join(_EVENTS[deal])))
    table = odds.least_score_hand_odds(rules) if deal == "least_score" else odds.tienlen_hand_odds()
    return table[event]


def geometric_checkpoints(count: int, top: int) -> list[int]:
    """``count`` whole numbers spread evenly on a log scale from 1 to ``top``
    (rounded, repeats dropped): numpy's ``unique(geomspace(1, top, count).round())``,
    computed the same way without numpy."""
    if count == 1:
        raw = [1.0]
    else:
        log_top = math.log10(top)
        step = log_top / (count - 1)
        raw = [10.0 ** (i * step) for i in range(count)]
        raw[0], raw[-1] = 1.0, float(top)
    return sorted({int(round(v)) for v in raw})


def _checkpoints(points: Union[int, Sequence[int]], max_trials: int) -> Any:
    if isinstance(points, int) and not isinstance(points, bool) or (
            np is not None and isinstance(points, np.integer)):
        if points < 1:
            raise OptionError(say("simulate.points_at_least_1", points=str(points)))
        if accel.use_numpy():
            return np.unique(np.geomspace(1, max_trials, int(points)).round().astype(np.int64))
        return geometric_checkpoints(int(points), max_trials)
    marks = sorted({int(p) for p in points})
    if not marks or marks[0] < 1 or marks[-1] > max_trials:
        raise OptionError(say("simulate.checkpoints_range", max_trials=str(max_trials)))
    return np.asarray(marks, dtype=np.int64) if accel.use_numpy() else marks


def running_counts(hits: Sequence[Any], marks: Sequence[int]) -> list[int]:
    """How many of the first ``marks[i]`` outcomes are hits, in plain Python."""
    out, count, done = [], 0, 0
    for m in marks:
        for h in hits[done:m]:
            if h:
                count += 1
        done = m
        out.append(count)
    return out


def convergence(
    event: Event, max_trials: int, seed: SeedLike, points: Union[int, Sequence[int]] = 100,
    deal: str = "least_score", rules: Any = None,
) -> Convergence:
    """Running estimates of ``event`` as more and more hands are dealt, for a
    plot that closes in on the exact answer.

    Deals ``max_trials`` hands once and reports, after ``trials[i]`` hands, the
    estimate and its 95% Wilson interval.  ``points`` is how many checkpoints
    (spread evenly on a log scale, from 1 to ``max_trials``) or a list of your
    own.  The same seed gives the same numbers, and the value at ``n`` equals
    ``estimate_probability(event, n, seed)``.
    """
    max_trials = check_trials(max_trials, "max_trials")
    marks = _checkpoints(points, max_trials)
    hits = _outcomes(event, max_trials, seed, deal, rules, means=False)
    if not accel.use_numpy():
        running = running_counts(hits, marks)
        bounds = [wilson_interval(r, m) for r, m in zip(running, marks)]
        return Convergence(marks, [r / m for r, m in zip(running, marks)], [b[0] for b in bounds],
                           [b[1] for b in bounds])
    running = np.cumsum(hits, dtype=np.int64)[marks - 1]
    low, high = wilson_interval(running, marks)
    return Convergence(marks, running / marks, np.asarray(low), np.asarray(high))
