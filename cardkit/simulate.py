"""Seeded simulations, to set beside the exact odds in :mod:`cardkit.odds`.

Deal many hands at random, count how often something happens, and watch the
estimate close in on the exact answer:

>>> est = estimate_probability('pair', 100_000, seed=1)
>>> est.low < exact_probability('pair') < est.high
True
>>> print(estimate_probability('pair', 1000, seed=7))
0.4980 (95% interval 0.4671 to 0.5289; 498 of 1,000 hands)

Every function takes a ``seed`` (a whole number, or a ``numpy.random.Generator``
you own) and nothing else random: the same seed gives the same numbers.  Hands
are dealt with numpy, many at once, so 100,000 hands take a fraction of a
second; the first ``n`` hands dealt for a seed are the same whatever the number
of trials, so ``convergence`` and ``estimate_probability`` agree at every ``n``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple, Optional, Sequence, Union

import numpy as np

from . import odds
from .cards import Card, to_cards
from .errors import CardkitError

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
]

#: The hands a simulation can deal: name → number of cards.
DEALS: dict[str, int] = {"least_score": 5, "tienlen": 13}
_DEAL_ALIASES = {"least_score": "least_score", "least score": "least_score", "leastscore": "least_score",
                 "tienlen": "tienlen", "tien_len": "tienlen", "tien len": "tienlen", "tiến lên": "tienlen"}

Z95 = 1.959963984540054   # the 97.5th percentile of the standard normal
_CHUNK = 100_000          # hands dealt per numpy pass (keeps memory small)

SeedLike = Union[int, np.random.Generator]
Event = Union[str, Callable[[list[Card]], bool]]


@dataclass(frozen=True)
class Estimate:
    """A simulated figure with its 95% interval.

    ``value`` is the estimate; ``low`` and ``high`` bound the 95% interval (a
    Wilson interval for a proportion, the normal interval for a mean);
    ``trials`` is how many hands were dealt; ``successes`` how many showed the
    event (``None`` for a mean).
    """

    value: float
    low: float
    high: float
    trials: int
    successes: Optional[int] = None

    def covers(self, x: float) -> bool:
        """Whether ``x`` lies inside the 95% interval."""
        return self.low <= x <= self.high

    @property
    def half_width(self) -> float:
        """Half the width of the interval: the ± a report would quote."""
        return (self.high - self.low) / 2

    def __str__(self) -> str:
        if self.successes is None:
            return f"{self.value:.3f} (95% interval {self.low:.3f} to {self.high:.3f}; {self.trials:,} hands)"
        return (f"{self.value:.4f} (95% interval {self.low:.4f} to {self.high:.4f}; "
                f"{self.successes:,} of {self.trials:,} hands)")


class Convergence(NamedTuple):
    """Running estimates after ``trials[i]`` hands: unpack as
    ``trials, estimate, low, high = convergence(...)``."""

    trials: np.ndarray
    estimate: np.ndarray
    low: np.ndarray
    high: np.ndarray


def wilson_interval(successes: Any, trials: Any, z: float = Z95) -> tuple[Any, Any]:
    """The Wilson score interval for ``successes`` out of ``trials`` (numbers
    or numpy arrays).  Unlike the plain ± interval it stays inside 0 … 1 and
    behaves when the event is rare."""
    s = np.asarray(successes, dtype=float)
    n = np.asarray(trials, dtype=float)
    p = s / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low, high = np.clip(centre - half, 0.0, 1.0), np.clip(centre + half, 0.0, 1.0)
    low = np.where(s == 0, 0.0, low)          # exact ends, not 1e-17 off by rounding
    high = np.where(s == n, 1.0, high)
    if low.ndim == 0:
        return float(low), float(high)
    return low, high


# --- dealing -------------------------------------------------------------------

def _rng(seed: SeedLike) -> np.random.Generator:
    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise CardkitError(f"a seed is a whole number 0 or more (or a numpy Generator), not {seed!r}")
    return np.random.default_rng(int(seed))


def _check_trials(trials: Any, name: str = "trials") -> int:
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) or trials < 1:
        raise CardkitError(f"{name} must be a whole number, 1 or more; not {trials!r}")
    return int(trials)


def _deal_name(deal: str) -> str:
    key = _DEAL_ALIASES.get(str(deal).strip().lower())
    if key is None:
        raise CardkitError(f"deal is 'least_score' (5 cards) or 'tienlen' (13 cards), not {deal!r}")
    return key


def _deal_positions(u: np.ndarray, pool: int) -> np.ndarray:
    """Deal the top ``k`` cards of a shuffled ``pool``, one row per row of
    uniforms ``u`` (shape (n, k)): a partial Fisher–Yates shuffle, so every
    ordered choice of k distinct positions is equally likely (and cards dealt
    in turn to several players are dealt fairly).  Step t swaps position t with
    a random position from t to pool − 1."""
    n, k = u.shape
    order = np.tile(np.arange(pool, dtype=np.int8 if pool <= 127 else np.int64), (n, 1))
    rows = np.arange(n)
    for t in range(k):
        r = t + np.minimum((u[:, t] * (pool - t)).astype(np.int64), pool - t - 1)
        picked = order[rows, r]
        order[rows, r] = order[:, t]
        order[:, t] = picked
    return order[:, :k].astype(np.int64)


def deal_hands(trials: int, seed: SeedLike, deal: str = "least_score") -> np.ndarray:
    """``trials`` random hands as an array of card indices, one hand per row
    (5 columns for Least Score, 13 for Tiến Lên; ``Card.from_index`` turns an
    index back into a card).  Each hand is a fresh full deck's worth of luck:
    the hands are independent of one another."""
    size = DEALS[_deal_name(deal)]
    trials = _check_trials(trials)
    rng = _rng(seed)
    return np.concatenate([
        _deal_positions(rng.random((min(_CHUNK, trials - start), size)), 52)
        for start in range(0, trials, _CHUNK)
    ])


def _hands_in_chunks(trials: int, seed: SeedLike, deal: str):
    size = DEALS[deal]
    rng = _rng(seed)
    for start in range(0, trials, _CHUNK):
        yield _deal_positions(rng.random((min(_CHUNK, trials - start), size)), 52)


# --- events on many hands ----------------------------------------------------

def _tienlen_rank_counts(hands: np.ndarray) -> np.ndarray:
    """(N, 13) counts per rank in Tiến Lên order 3 4 … K A 2."""
    position = (hands // 4 + 11) % 13              # rank 3 → 0 … K → 10, A → 11, 2 → 12
    n = hands.shape[0]
    flat = (position + 13 * np.arange(n)[:, None]).ravel()
    return np.bincount(flat, minlength=13 * n).reshape(n, 13)


def _tienlen_events(hands: np.ndarray) -> dict[str, np.ndarray]:
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


_MEANS = {"least_score": ("total", "total_after_best_discard"), "tienlen": ("twos", "bombs")}
_EVENTS = {"least_score": odds.LEAST_SCORE_EVENTS, "tienlen": odds.TIENLEN_EVENTS}


def _event_values(event: Any, hands: np.ndarray, deal: str, rules: Any, means: bool) -> np.ndarray:
    """The event (or quantity) for each hand, vectorised where it is a key."""
    if callable(event):
        out = [event([Card.from_index(int(i)) for i in sorted(row)]) for row in hands]
        return np.asarray(out, dtype=float if means else bool)
    keys = _MEANS[deal] if means else _EVENTS[deal]
    if event not in keys:
        what = "quantity" if means else "event"
        raise CardkitError(
            f"{event!r} is not a {what} for a {deal} hand; choose one of {', '.join(keys)}, "
            "or pass a function of a hand"
        )
    if deal == "least_score":
        f = odds._classify(hands, odds._runs_one_suit(rules))
        if event == "total_after_best_discard":
            return f["total"] - f["best_value"]
        return f[event]
    return _tienlen_events(hands)[event]


def _outcomes(event: Any, trials: int, seed: SeedLike, deal: str, rules: Any, means: bool) -> np.ndarray:
    deal = _deal_name(deal)
    if rules is not None and deal != "least_score":
        raise CardkitError("rules apply to Least Score hands only")
    odds._runs_one_suit(rules)   # a clear error for unusable rules, before any dealing
    trials = _check_trials(trials)
    return np.concatenate([
        _event_values(event, hands, deal, rules, means) for hands in _hands_in_chunks(trials, seed, deal)
    ])


def outcomes(
    event: Union[Event, Callable[[list[Card]], float]], trials: int, seed: SeedLike,
    deal: str = "least_score", rules: Any = None,
) -> np.ndarray:
    """Deal ``trials`` random hands and return one outcome per hand, in the order
    dealt: True/False for an event key (see :func:`estimate_probability`), a
    number for a quantity key (``'total'``, ``'total_after_best_discard'``;
    Tiến Lên ``'twos'``, ``'bombs'``), or the number your function of a hand
    returns (True counts as 1).

    The hands are those :func:`estimate_probability` deals for the same seed, so
    ``outcomes(e, n, s).mean()`` is ``estimate_probability(e, n, s).value``.
    With a ``numpy.random.Generator`` as ``seed``, calls of whole multiples of
    100,000 hands continue one stream: dealing in such chunks (to show progress)
    gives the same hands as one big call.
    """
    deal = _deal_name(deal)
    means = callable(event) or event in _MEANS[deal]
    return _outcomes(event, trials, seed, deal, rules, means=means)


def hand_events(hands: Any, deal: str = "least_score", rules: Any = None) -> dict[str, np.ndarray]:
    """Every event and quantity of the given hands, one entry per hand.

    ``hands``: an array of card indices, one hand per row (as :func:`deal_hands`
    returns), or a list of hands (card strings or lists of cards).  For Least
    Score the keys are those of :func:`cardkit.odds.least_score_hand_features`;
    for Tiến Lên ``'four_twos'``, ``'dragon'``, ``'instant_win'``,
    ``'four_of_a_kind'``, ``'double_sequence_bomb'``, ``'any_bomb'`` (True/False)
    and ``'twos'``, ``'bombs'`` (numbers).
    """
    deal = _deal_name(deal)
    size = DEALS[deal]
    if deal == "least_score":
        return odds.least_score_hand_features(hands, rules)
    if rules is not None:
        raise CardkitError("rules apply to Least Score hands only")
    idx = odds._hand_index_array(hands, size)
    if idx.size and any(len(set(row)) != size for row in idx.tolist()):
        raise CardkitError("a hand cannot hold the same card twice")
    return _tienlen_events(idx.astype(np.int64))


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
    successes = int(np.count_nonzero(hits))
    low, high = wilson_interval(successes, len(hits))
    return Estimate(successes / len(hits), low, high, len(hits), successes)


def estimate_mean(
    quantity: Union[str, Callable[[list[Card]], float]], trials: int, seed: SeedLike,
    deal: str = "least_score", rules: Any = None,
) -> Estimate:
    """Deal ``trials`` random hands and estimate the average of ``quantity``:
    for Least Score ``'total'`` or ``'total_after_best_discard'``, for Tiến Lên
    ``'twos'`` or ``'bombs'`` (four-of-a-kinds held), or a function of a hand.
    The interval is the normal 95% interval, mean ± 1.96 standard errors."""
    x = _outcomes(quantity, trials, seed, deal, rules, means=True).astype(float)
    n = len(x)
    mean = float(x.mean())
    se = float(x.std(ddof=1) / math.sqrt(n)) if n > 1 else math.inf
    return Estimate(mean, mean - Z95 * se, mean + Z95 * se, n)


def exact_probability(event: str, deal: str = "least_score", rules: Any = None) -> float:
    """The exact chance of an event key (from :mod:`cardkit.odds`), for
    drawing beside a simulation."""
    deal = _deal_name(deal)
    if event not in _EVENTS[deal]:
        raise CardkitError(f"{event!r} is not an event for a {deal} hand; choose one of {', '.join(_EVENTS[deal])}")
    table = odds.least_score_hand_odds(rules) if deal == "least_score" else odds.tienlen_hand_odds()
    return table[event]


def _checkpoints(points: Union[int, Sequence[int]], max_trials: int) -> np.ndarray:
    if isinstance(points, (int, np.integer)) and not isinstance(points, bool):
        if points < 1:
            raise CardkitError(f"points must be 1 or more, not {points}")
        return np.unique(np.geomspace(1, max_trials, int(points)).round().astype(np.int64))
    marks = np.unique(np.asarray(list(points), dtype=np.int64))
    if marks.size == 0 or marks[0] < 1 or marks[-1] > max_trials:
        raise CardkitError(f"every checkpoint must lie between 1 and max_trials ({max_trials})")
    return marks


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
    max_trials = _check_trials(max_trials, "max_trials")
    marks = _checkpoints(points, max_trials)
    hits = _outcomes(event, max_trials, seed, deal, rules, means=False)
    running = np.cumsum(hits, dtype=np.int64)[marks - 1]
    low, high = wilson_interval(running, marks)
    return Convergence(marks, running / marks, np.asarray(low), np.asarray(high))


# --- the lowest total ------------------------------------------------------------

def estimate_lowest_total(
    total: int, opponents: int, trials: int, seed: SeedLike, hand: Any = None
) -> tuple[Estimate, Estimate]:
    """Simulate the chance that a Least Score total is the lowest against
    ``opponents`` five-card hands: returns (strictly lowest, lowest or tied).

    With ``hand`` (your five cards) the opponents' hands come from the other 47
    cards; without it your hand is drawn at random among all hands with this
    ``total`` each time, and the opponents' from the rest.
    :func:`cardkit.odds.p_lowest_total` counts the same thing exactly where it can.
    """
    trials = _check_trials(trials)
    if isinstance(opponents, bool) or not isinstance(opponents, int) or not 1 <= opponents <= 7:
        raise CardkitError(f"Least Score has 1 to 7 opponents; not {opponents!r}")
    rng = _rng(seed)
    dealt = odds.HAND_SIZE * opponents
    strict = tied = 0
    if hand is not None:
        mine = np.array(sorted(c.index for c in to_cards(hand)), dtype=np.int64)
        if len(mine) != odds.HAND_SIZE:
            raise CardkitError(f"a Least Score hand has {odds.HAND_SIZE} cards")
        total = int(odds._VALUE[mine].sum())
        rest = np.setdiff1d(np.arange(52), mine)
    else:
        hands_with_total = odds._hands_with_total(int(total))
        if len(hands_with_total) == 0:
            raise CardkitError(f"no five-card hand has a total of {total}")
    for start in range(0, trials, _CHUNK):
        n = min(_CHUNK, trials - start)
        u = rng.random((n, 1 + dealt))
        if hand is not None:
            cards = rest[_deal_positions(u[:, 1:], 47)]
        else:
            pick = np.minimum((u[:, 0] * len(hands_with_total)).astype(np.int64), len(hands_with_total) - 1)
            left = np.ones((n, 52), dtype=bool)
            np.put_along_axis(left, hands_with_total[pick].astype(np.int64), False, axis=1)
            remaining = np.nonzero(left)[1].reshape(n, 47)
            cards = np.take_along_axis(remaining, _deal_positions(u[:, 1:], 47), axis=1)
        their = odds._VALUE[cards].reshape(n, opponents, odds.HAND_SIZE).sum(axis=2).min(axis=1)
        strict += int(np.count_nonzero(their > total))
        tied += int(np.count_nonzero(their >= total))
    out = []
    for s in (strict, tied):
        low, high = wilson_interval(s, trials)
        out.append(Estimate(s / trials, low, high, trials, s))
    return out[0], out[1]
