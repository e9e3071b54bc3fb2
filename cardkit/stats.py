"""The small pieces of a seeded estimate, shared by simulations, odds and tournaments.

- :func:`wilson_interval`: the 95% interval of a proportion (numbers or numpy arrays);
- :class:`Estimate`: a simulated figure with its interval;
- :func:`numpy_rng`, :func:`check_trials`, :func:`deal_positions`: seeding, checking
  a number of trials, and dealing many hands at once from random numbers.

numpy is imported only by the functions that work on arrays, so a tournament (which
needs only the interval) runs without it.

>>> low, high = wilson_interval(5, 10)
>>> round(low, 4), round(high, 4)
(0.2366, 0.7634)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Union

from .errors import DealCodeError, OptionError
from .i18n import Message, and_list, number, say, seat

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = ["Z95", "CHUNK", "Estimate", "wilson_interval", "numpy_rng", "check_trials", "is_whole_number",
           "deal_positions",
           "SeedLike"]

Z95 = 1.959963984540054
"""The 97.5th percentile of the standard normal: a 95% interval is ± Z95 standard errors."""

CHUNK = 100_000
"""Hands dealt per numpy pass by the simulations (keeps memory small)."""

SeedLike = Union[int, "np.random.Generator"]


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
        return str(self.message())

    def message(self) -> Message:
        """The estimate and its interval, as a message."""
        if self.successes is None:
            return say("stats.estimate", value=number(self.value, 3), low=number(self.low, 3),
                       high=number(self.high, 3), trials=self.trials)
        return say("stats.estimate_of", value=number(self.value, 4), low=number(self.low, 4),
                   high=number(self.high, 4), successes=self.successes, trials=self.trials)


def _is_array(x: Any) -> bool:
    return getattr(x, "ndim", 0) > 0 or isinstance(x, (list, tuple))


def wilson_interval(successes: Any, trials: Any, z: float = Z95) -> tuple[Any, Any]:
    """The Wilson score interval for ``successes`` out of ``trials`` (numbers, or numpy
    arrays of them).  Unlike the plain ± interval it stays inside 0 … 1 and behaves
    when the event is rare; with no trials at all it is the whole of 0 … 1."""
    if _is_array(successes) or _is_array(trials):
        import numpy as np

        s = np.asarray(successes, dtype=float)
        n = np.asarray(trials, dtype=float)
        p = s / n
        z2 = z * z
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = z / (1 + z2 / n) * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
        low, high = np.clip(centre - half, 0.0, 1.0), np.clip(centre + half, 0.0, 1.0)
        return np.where(s == 0, 0.0, low), np.where(s == n, 1.0, high)  # exact ends, not 1e-17 off
    s, n = float(successes), float(trials)
    if n <= 0:
        return (0.0, 1.0)
    p = s / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if s <= 0 else min(max(centre - half, 0.0), 1.0)
    high = 1.0 if s >= n else min(max(centre + half, 0.0), 1.0)
    return (low, high)


def numpy_rng(seed: SeedLike) -> "np.random.Generator":
    """A ``numpy.random.Generator`` from a whole number 0 or more (or the generator
    itself, to continue its stream); anything else raises :class:`~cardkit.errors.DealCodeError`."""
    import numpy as np

    if isinstance(seed, np.random.Generator):
        return seed
    if not is_whole_number(seed) or seed < 0:
        raise DealCodeError(say("stats.seed_whole_number_0_or", seed=repr(seed)))
    return np.random.default_rng(int(seed))


def is_whole_number(x: Any) -> bool:
    """True for an ``int`` or a numpy integer (never for ``True``/``False``)."""
    if isinstance(x, bool):
        return False
    return isinstance(x, int) or any(c.__name__ == "integer" and c.__module__ == "numpy"
                                     for c in type(x).__mro__)


def check_trials(trials: Any, name: str = "trials") -> int:
    """``trials`` as an int, if it is a whole number 1 or more; otherwise
    :class:`~cardkit.errors.OptionError` says what ``name`` must be."""
    if not is_whole_number(trials) or trials < 1:
        raise OptionError(say("stats.must_whole_number_1_or", name=name, trials=repr(trials)))
    return int(trials)


def deal_positions(u: "np.ndarray", pool: int) -> "np.ndarray":
    """Deal the top ``k`` cards of a shuffled ``pool``, one row per row of
    uniforms ``u`` (shape (n, k)): a partial Fisher–Yates shuffle, so every
    ordered choice of k distinct positions is equally likely (and cards dealt
    in turn to several players are dealt fairly).  Step t swaps position t with
    a random position from t to pool − 1."""
    import numpy as np

    n, k = u.shape
    order = np.tile(np.arange(pool, dtype=np.int8 if pool <= 127 else np.int64), (n, 1))
    rows = np.arange(n)
    for t in range(k):
        r = t + np.minimum((u[:, t] * (pool - t)).astype(np.int64), pool - t - 1)
        picked = order[rows, r]
        order[rows, r] = order[:, t]
        order[:, t] = picked
    return order[:, :k].astype(np.int64)
