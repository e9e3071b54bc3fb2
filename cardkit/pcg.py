"""numpy's default random numbers, in plain Python: the same seed, the same numbers.

The simulations deal their hands from ``numpy.random.default_rng(seed).random(…)``.
Where numpy cannot be installed (a lesson running in the learner's browser, on
Pyodide) this module gives the very same stream without it: numpy's
``SeedSequence`` turns the seed into PCG64's 128-bit state, PCG64 (a permuted
congruential generator, the "XSL RR" output of a 128-bit LCG) gives 64-bit words,
and a double in [0, 1) is the top 53 bits of a word times 2⁻⁵³ — the three steps
numpy documents for ``default_rng`` and ``Generator.random``.

>>> stream = PCG64Stream(1)
>>> [round(x, 6) for x in stream.random(3)]
[0.511822, 0.950464, 0.14416]

(``numpy.random.default_rng(1).random(3)`` prints the same three numbers.)  It is
slower than numpy — about half a microsecond a number — so the simulations use
numpy when it is there and this stream only when it is not.
"""

from __future__ import annotations

from typing import Any

__all__ = ["PCG64Stream", "seed_words", "pure_deal_positions", "stream_from_seed"]

_M32 = 0xFFFFFFFF
_M64 = (1 << 64) - 1
_M128 = (1 << 128) - 1
# SeedSequence's hash constants (numpy.random.bit_generator)
_INIT_A, _MULT_A = 0x43B0D7E5, 0x931E8875
_INIT_B, _MULT_B = 0x8B51F9DD, 0x58F38DED
_MIX_L, _MIX_R = 0xCA01F9DD, 0x4973F715
_POOL = 4
# PCG's default 128-bit multiplier
_PCG_MULT = (2549297995355413924 << 64) + 4865540595714422341
_TO_UNIT = 1.0 / 9007199254740992.0   # 2**-53


def _words32(n: int) -> list[int]:
    """A whole number as 32-bit words, least significant first (0 is one word)."""
    out = []
    while True:
        out.append(n & _M32)
        n >>= 32
        if not n:
            return out


def seed_words(seed: int, words: int = 4) -> list[int]:
    """What ``numpy.random.SeedSequence(seed).generate_state(words, numpy.uint64)``
    returns, as Python ints: the seed's entropy mixed into a pool of four 32-bit
    words, then drawn out."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        from .errors import DealCodeError
        from .i18n import say

        raise DealCodeError(say("static.seed_not_whole", seed=repr(seed)))
    entropy = _words32(seed)
    hash_a = _INIT_A

    def hashmix(value: int) -> int:
        nonlocal hash_a
        value = (value ^ hash_a) & _M32
        hash_a = (hash_a * _MULT_A) & _M32
        value = (value * hash_a) & _M32
        return value ^ (value >> 16)

    def mix(x: int, y: int) -> int:
        r = (_MIX_L * x - _MIX_R * y) & _M32
        return r ^ (r >> 16)

    pool = [hashmix(entropy[i] if i < len(entropy) else 0) for i in range(_POOL)]
    for src in range(_POOL):
        for dst in range(_POOL):
            if src != dst:
                pool[dst] = mix(pool[dst], hashmix(pool[src]))
    for src in range(_POOL, len(entropy)):
        for dst in range(_POOL):
            pool[dst] = mix(pool[dst], hashmix(entropy[src]))
    hash_b = _INIT_B
    state32 = []
    for i in range(2 * words):
        value = (pool[i % _POOL] ^ hash_b) & _M32
        hash_b = (hash_b * _MULT_B) & _M32
        value = (value * hash_b) & _M32
        state32.append(value ^ (value >> 16))
    return [state32[2 * i] | (state32[2 * i + 1] << 32) for i in range(words)]


class PCG64Stream:
    """The stream of ``numpy.random.default_rng(seed)``, without numpy.

    ``random(n)`` returns the next ``n`` doubles in [0, 1), exactly those numpy's
    ``Generator.random(n)`` would (a call for an ``(a, b)`` array takes ``a * b``
    numbers, row after row).  Successive calls continue the stream.
    """

    def __init__(self, seed: int) -> None:
        w = seed_words(seed, 4)
        initstate = (w[0] << 64) | w[1]
        self._inc = (((w[2] << 64) | w[3]) << 1 | 1) & _M128
        state = (self._inc) & _M128                       # state 0, one step
        state = (state + initstate) & _M128
        self._state = (state * _PCG_MULT + self._inc) & _M128

    def random(self, n: int) -> list[float]:
        """The next ``n`` numbers in [0, 1)."""
        state, inc, mult = self._state, self._inc, _PCG_MULT
        out = [0.0] * n
        for i in range(n):
            state = (state * mult + inc) & _M128
            x = ((state >> 64) ^ state) & _M64
            rot = state >> 122
            word = ((x >> rot) | (x << ((64 - rot) & 63))) & _M64
            out[i] = (word >> 11) * _TO_UNIT
        self._state = state
        return out


def pure_deal_positions(u: list[float], k: int, pool: int, start: int = 0) -> list[int]:
    """The first ``k`` positions of a shuffled ``pool``, from the uniforms
    ``u[start:start + k]``: the partial Fisher–Yates shuffle of
    :func:`cardkit.stats.deal_positions` (step t swaps position t with position
    t + ⌊u·(pool − t)⌋), one hand at a time."""
    order = list(range(pool))
    for t in range(k):
        span = pool - t
        r = t + min(int(u[start + t] * span), span - 1)
        order[t], order[r] = order[r], order[t]
    return order[:k]


def stream_from_seed(seed: Any) -> PCG64Stream:
    """The stream itself (to continue it), or a new one from a whole-number seed 0
    or more; anything else raises :class:`~cardkit.errors.DealCodeError`."""
    from .errors import DealCodeError
    from .i18n import say
    from .stats import is_whole_number

    if isinstance(seed, PCG64Stream):
        return seed
    if not is_whole_number(seed) or seed < 0:
        raise DealCodeError(say("static.seed_not_whole", seed=repr(seed)))
    return PCG64Stream(int(seed))


# --- a few recent streams kept, for simulations that deal the same hands again ----------
# (the odds table deals the same seeded hands once per event; the lowest-total plot deals
# the same positions for every total).  Plain Python only: numpy is fast enough without.

_KEEP = 3
_KEEP_ROWS = 8  # the lowest-total plot deals 1 to 6 opponents' positions for each of its totals
_uniform_cache: dict[int, tuple[PCG64Stream, list[float]]] = {}
_rows_cache: dict[tuple, list] = {}


def _remember(cache: dict, key: Any, value: Any, keep: int = _KEEP) -> None:
    cache.pop(key, None)
    cache[key] = value
    while len(cache) > keep:
        cache.pop(next(iter(cache)))


def uniforms(seed: int, count: int) -> list[float]:
    """The first ``count`` (or more) numbers of the stream of a whole-number ``seed``:
    a list kept for the next call (do not change it)."""
    stream, numbers = _uniform_cache.get(seed) or (PCG64Stream(seed), [])
    if len(numbers) < count:
        numbers.extend(stream.random(count - len(numbers)))
    _remember(_uniform_cache, seed, (stream, numbers))
    return numbers


def dealt_rows(seed: int, rows: int, width: int, dealt: int, pool: int, offset: int = 0) -> list[list[int]]:
    """For deals ``0 … rows − 1`` of a whole-number ``seed``, each taking ``width``
    numbers of its stream: the ``dealt`` positions of a shuffled ``pool`` dealt from
    numbers ``offset …`` of the deal's share (:func:`pure_deal_positions`).  Kept for
    the next call with the same seed and shape."""
    key = (seed, width, dealt, pool, offset)
    done = _rows_cache.get(key, [])
    if len(done) < rows:
        u = uniforms(seed, rows * width)
        done = done + [pure_deal_positions(u, dealt, pool, i * width + offset) for i in range(len(done), rows)]
    _remember(_rows_cache, key, done, _KEEP_ROWS)
    return done
