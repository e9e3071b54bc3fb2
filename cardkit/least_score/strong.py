"""The strong Least Score bot: expected totals from the cards it has seen.

It decides from its :class:`~cardkit.least_score.game.Observation` alone, in three steps.

1. **Where the unseen cards are.**  Every card is in its hand, in the open cards,
   in the discard pile, known to be in another hand (an open card that player took
   and has not discarded since), or *unseen*.  Each other hand is a list of known
   cards and unknown *slots*.  A slot starts as "any unseen card"; when the player
   discards a group worth ``v``, the bot assumes each card they kept is worth at
   most ``v + slack`` (a sensible player throws away its most valuable group; the
   default ``slack`` of -1 says "less than what it threw away"), so the slots that
   player holds get that cap.  A card drawn from the deck is a new, uncapped slot.
   An unknown card's value is then drawn from the unseen cards worth no more than
   its cap.  (:func:`opponent_slots`)
2. **Playing.**  For every legal (discard, take) it scores the hand it would hold
   after the turn by its *expected total*: the total, minus ``lookahead`` times what
   the best discard of that hand would save at the next turn over an average
   draw (so a pair or a run kept for next turn counts for something).  A card
   from the deck is averaged over the unseen cards not expected in other hands,
   rank by rank.  It plays the lowest score.
3. **Declaring.**  With the slots' value distributions it works out each other
   player's total distribution (a convolution, exact for the model) and so the
   chance ``p`` that its own total is the lowest, and the expected shortfall if
   not.  It declares when the expected cost of failing, ``(1 - p) *
   (penalty + E[D - L | fail])``, is at most ``risk`` times what a success is
   expected to bring (the others' totals minus its own), and ``p`` is at least
   ``min_chance``.  So that every round ends, after ``patience`` turns of its own in
   a round it declares at even odds, and after twice that many, whatever the odds.
   (:func:`declare_odds`)

The numbers in ``DEFAULTS`` were tuned by tournaments against the greedy bot; the
chances were checked against what the hidden hands really held (a well-calibrated
model: of the times it said 60–70%, it was lowest 63% of the time).
"""

from __future__ import annotations

import random
from typing import Callable, NamedTuple, Optional

from ..cards import Card, to_cards
from ..errors import IllegalActionError
from ..game import bot_actions, bot_settings
from ..i18n import say, seat
from .game import DECLARE, Action, Declare, Observation
from .rules import discard_problem, display_order

__all__ = [
    "make_strong_bot",
    "strong_bot",
    "best_take",
    "opponent_slots",
    "declare_odds",
    "DeclareOdds",
    "DEFAULTS",
]

_VAL = tuple(min(i // 4 + 1, 10) for i in range(52))
_RVAL = tuple(min(r + 1, 10) for r in range(13))  # value of a rank 0 (ace) .. 12 (king)

# Runs by rank (0 = ace .. 12 = king): 3 and 5 consecutive ranks, ace low or high.
_RUN_WINDOWS = tuple(
    tuple((s + k) % 13 for k in range(n)) for n in (3, 5) for s in range(15 - n)
)  # the last window of each length ends on the high ace: Q-K-A, 10-J-Q-K-A
_RUN_MASKS = tuple((sum(1 << r for r in w), sum(_RVAL[r] for r in w)) for w in _RUN_WINDOWS)


DEFAULTS = dict(
    lookahead=0.7,   # weight of next turn's best saving in a hand's score
    slack=-1.0,      # cap slack: a kept card is worth at most (discarded group's value + slack)
    min_chance=0.5,  # never declare with a smaller chance of having the lowest total
    risk=0.2,        # declare when expected failure cost <= risk * expected success gain
    patience=8,      # own turns in a round after which it declares when the odds are even
)


def _best_same_rank(counts: list[int]) -> int:
    """The value of the most valuable single, pair or four of a kind, from how many
    cards of each rank (0 = ace … 12 = king) are held."""
    best = 0
    for r in range(13):
        c = counts[r]
        if c:
            v = _RVAL[r] * (4 if c == 4 else 2 if c >= 2 else 1)
            if v > best:
                best = v
    return best


def _best_group_by_ranks(ranks: tuple[int, ...]) -> int:
    """The value of the most valuable legal discard among these ranks (runs mixed suits;
    flushes ignored)."""
    counts = [0] * 13
    pres = 0
    for r in ranks:
        counts[r] += 1
        pres |= 1 << r
    best = _best_same_rank(counts)
    if len(ranks) >= 3:
        for m, v in _RUN_MASKS:
            if pres & m == m and v > best:
                best = v
    return best


def _best_group_by_cards(idx: tuple[int, ...]) -> int:
    """As :func:`_best_group_by_ranks`, for the option where a run must be one suit."""
    counts = [0] * 13
    for i in idx:
        counts[i >> 2] += 1
    best = _best_same_rank(counts)
    if len(idx) >= 3:
        for s in range(4):
            pres = 0
            for i in idx:
                if i & 3 == s:
                    pres |= 1 << (i >> 2)
            for m, v in _RUN_MASKS:
                if pres & m == m and v > best:
                    best = v
    return best


_BEST_CACHE: dict = {}


def _best_group(key: tuple[int, ...], one_suit: bool) -> int:
    cache = _BEST_CACHE
    b = cache.get((key, one_suit))
    if b is None:
        if len(cache) > 200_000:
            cache.clear()
        b = _best_group_by_cards(key) if one_suit else _best_group_by_ranks(key)
        cache[(key, one_suit)] = b
    return b


def opponent_slots(observation: Observation, slack: float = 0.0) -> dict[int, tuple[list[Card], list[float]]]:
    """For every other player still in: (the cards known to be in their hand, the caps
    of their unknown cards).  A cap is the most an unknown card is believed to be worth
    (10 = no idea); see the module docstring."""
    me = observation.player
    still = observation.still_in
    known: dict[int, list[Card]] = {}
    caps: dict[int, list[float]] = {}
    for p in range(len(still)):
        if p != me and still[p]:
            known[p] = []
            caps[p] = [10.0] * 5
    for turn in observation.turns:
        p = turn.player
        if p == me or p not in known:
            continue
        held = known[p]
        cap = caps[p]
        gone = 0
        value = 0
        for c in turn.discarded:
            value += _VAL[c.index]
            if c in held:
                held.remove(c)
            else:
                gone += 1
        if gone:
            cap.sort()
            del cap[len(cap) - gone:]  # the loosest slots held the cards it discarded
        limit = max(1.0, value + slack)
        for i, x in enumerate(cap):
            if x > limit:
                cap[i] = limit
        if turn.took is not None:
            held.append(turn.took)
        else:
            cap.append(10.0)
    sizes = observation.hand_sizes
    out = {}
    for p, held in known.items():
        cap = caps[p]
        want = sizes[p] - len(held)
        if want < 0:  # cannot happen with a consistent record; keep the model sane
            del held[sizes[p]:]
            want = 0
        while len(cap) > want:
            cap.sort()
            cap.pop()
        while len(cap) < want:
            cap.append(10.0)
        out[p] = (held, cap)
    return out


def _unseen_value_counts(observation: Observation, known_elsewhere) -> list[int]:
    """How many cards of each rank (0..12) the player cannot place."""
    located = set(observation.hand)
    located.update(observation.open_cards)
    located.update(observation.dead_cards)
    for cards in known_elsewhere:
        located.update(cards)
    counts = [4] * 13
    for c in located:
        counts[c.index >> 2] -= 1
    return counts


def _slot_rank_dist(counts: list[int], cap: float) -> list[float]:
    """The chance of each rank for an unknown card worth at most ``cap``."""
    w = [counts[r] if _RVAL[r] <= cap else 0 for r in range(13)]
    s = sum(w)
    if s <= 0:
        w = list(counts)
        s = sum(w)
        if s <= 0:
            return [1 / 13] * 13
    return [x / s for x in w]


def _value_dist(rank_dist: list[float]) -> list[float]:
    """Rank chances -> value chances, index = value 1..10 (index 0 unused)."""
    v = [0.0] * 11
    for r in range(13):
        v[_RVAL[r]] += rank_dist[r]
    return v


class DeclareOdds(NamedTuple):
    """The strong bot's view of declaring now."""

    chance: float
    """The chance that its total is the lowest (a tie counts as the rules say)."""
    fail_cost: float
    """The expected score of a failed declaration times its chance:
    ``E[(penalty + D - L) on failure]``."""
    gain: float
    """The chance of success times the sum of the others' expected totals minus D
    (what they would score)."""
    means: dict
    """Each other player's expected total."""


def declare_odds(observation: Observation, slack: float = 0.0) -> DeclareOdds:
    """The strong bot's view of declaring now (see :class:`DeclareOdds`), from the
    unknown-card model of :func:`opponent_slots`.

    >>> from cardkit.least_score import new_game
    >>> state = new_game(seed=3)
    >>> odds = declare_odds(state.observation(0))
    >>> 0 <= odds.chance <= 1
    True
    """
    slots = opponent_slots(observation, slack)
    counts = _unseen_value_counts(observation, (h for h, _ in slots.values()))
    return _declare_odds(observation, slots, counts)


def _slot_stats(counts: list[int], cap: float, cache: dict):
    """(value chances as sorted (value, chance) pairs, tail chances, mean, variance) of
    an unknown card worth at most ``cap``; ``tail[k]`` = P(value >= k)."""
    got = cache.get(cap)
    if got is None:
        vd = _value_dist(_slot_rank_dist(counts, cap))
        pairs = tuple((v, vd[v]) for v in range(1, 11) if vd[v] > 0)
        tail = [0.0] * 12
        acc = 0.0
        for v in range(10, -1, -1):
            acc += vd[v]
            tail[v] = acc
        mean = sum(v * q for v, q in pairs)
        var = sum(v * v * q for v, q in pairs) - mean * mean
        got = cache[cap] = (pairs, tail, mean, var)
    return got


def _declare_odds(observation: Observation, slots, counts) -> DeclareOdds:
    d = observation.hand_total
    tie_ok = observation.rules.tie_is_success
    cache: dict = {}
    stats = []
    gain = 0.0
    means: dict[int, float] = {p: 0.0 for p in slots}
    for p, (held, caps) in slots.items():
        base = 0
        for c in held:
            base += _VAL[c.index]
        mean, var = float(base), 0.0
        for cap in caps:
            st = _slot_stats(counts, cap, cache)
            mean += st[2]
            var += st[3]
        stats.append((base, caps, mean, var))
        means[p] = mean
        gain += mean - d
        # a quick look first: if some other total is almost surely below D, don't bother
        if d - mean > 2.5 * var ** 0.5 + 0.5:
            return DeclareOdds(0.0, observation.rules.penalty + d - mean, 0.0, means)
    limit = d + 1  # exact chances of totals 0..d; higher totals are lumped at `limit`
    surv_all = [1.0] * (limit + 1)  # surv_all[x] = P(every other total >= x)
    for base, caps, _, _ in stats:
        probs = [0.0] * (limit + 1)
        probs[min(base, limit)] = 1.0
        low = min(base, limit)
        for cap in caps:
            pairs, tail, _, _ = _slot_stats(counts, cap, cache)
            new = [0.0] * (limit + 1)
            over = probs[limit]
            for x in range(low, limit):
                px = probs[x]
                if px:
                    room = limit - x
                    for v, pv in pairs:
                        if v >= room:
                            break
                        new[x + v] += px * pv
                    if room <= 10:
                        over += px * tail[room]
            new[limit] = over
            probs = new
            low = min(low + 1, limit)
        acc = 0.0
        for x in range(limit, -1, -1):
            acc += probs[x]
            surv_all[x] *= acc
    p = surv_all[d] if tie_ok else surv_all[d + 1]
    short = 0.0  # E[(D - L) on failure]: D - L counts the x in 1..D with L < x
    for x in range(1, d + 1):
        short += 1.0 - surv_all[x]
    fail_cost = (1.0 - p) * observation.rules.penalty + short
    return DeclareOdds(p, fail_cost, p * max(gain, 0.0), means)


def make_strong_bot(**settings: float) -> Callable[[Observation, random.Random], Action]:
    """A strong Least Score bot; keyword settings (see ``DEFAULTS`` in this module)
    tune it.  With no settings it is :data:`strong_bot`."""
    cfg = bot_settings(settings, DEFAULTS)
    lookahead = float(cfg["lookahead"])
    slack = float(cfg["slack"])
    min_chance = float(cfg["min_chance"])
    risk = float(cfg["risk"])
    patience = int(cfg["patience"])

    def strong(observation: Observation, rng: random.Random) -> Action:
        actions = bot_actions(observation, say("bots.the_strong_bot"))
        slots = opponent_slots(observation, slack)
        counts = _unseen_value_counts(observation, (h for h, _ in slots.values()))
        if observation.can_declare:
            p, fail_cost, gain, means = _declare_odds(observation, slots, counts)
            me = observation.player
            mine = sum(1 for t in observation.turns if t.player == me)
            if p >= min_chance and fail_cost <= risk * gain:
                return DECLARE
            if mine >= patience and p >= 0.5:
                return DECLARE
            if mine >= 2 * patience:
                return DECLARE
        return _choose_play(observation, actions, slots, counts, lookahead)

    default = not settings
    strong.__name__ = strong.__qualname__ = "strong_bot" if default else "strong_bot_" + "_".join(
        f"{k}{settings[k]:g}" for k in sorted(settings))
    strong.__doc__ = "Strong Least Score bot (see cardkit.least_score.strong)."
    return strong


def _choose_play(observation: Observation, actions, slots, counts, lookahead: float) -> Action:
    one_suit = observation.rules.runs_one_suit
    # where the next card from the deck comes from: rank weights
    if observation.deck_size == 0:
        weights = [0.0] * 13
        for c in observation.dead_cards:
            weights[c.index >> 2] += 1
    else:
        held = [0.0] * 13
        cache: dict = {}
        for _, caps in slots.values():
            for cap in caps:
                rd = cache.get(cap)
                if rd is None:
                    rd = cache[cap] = _slot_rank_dist(counts, cap)
                for r in range(13):
                    held[r] += rd[r]
        weights = [max(0.0, counts[r] - held[r]) for r in range(13)]
    wsum = sum(weights)
    if wsum <= 0:
        weights = [1.0] * 13
        wsum = 13.0
    draw = [(r, w / wsum) for r, w in enumerate(weights) if w > 0]
    mu = sum(_RVAL[r] * w for r, w in draw)

    def score(key: tuple[int, ...], total: int) -> float:
        b = _best_group(key, one_suit) - mu
        return total - lookahead * b if b > 0 else total

    hand_idx = [c.index for c in observation.hand]
    rep = {}  # a representative card of each rank for the one-suit option
    if one_suit:
        for r in range(13):
            rep[r] = r * 4
    best = None
    best_score = float("inf")
    last = None
    rest_key: tuple[int, ...] = ()
    rest_total = 0
    draw_score = 0.0
    for action in actions:
        if type(action) is Declare:
            continue
        cards = action.cards  # type: ignore[union-attr]
        if cards is not last:
            last = cards
            gone = {c.index for c in cards}
            rest = [i for i in hand_idx if i not in gone]
            rest_total = sum(_VAL[i] for i in rest)
            rest_key = tuple(sorted(rest)) if one_suit else tuple(sorted(i >> 2 for i in rest))
            draw_score = -1.0
        take = action.take  # type: ignore[union-attr]
        if take is None:
            if draw_score < 0:
                s = 0.0
                for r, w in draw:
                    if one_suit:
                        key = tuple(sorted(rest_key + (rep[r],)))
                    else:
                        key = tuple(sorted(rest_key + (r,)))
                    s += w * score(key, rest_total + _RVAL[r])
                draw_score = s
            s = draw_score
        else:
            t = take.index
            key = tuple(sorted(rest_key + ((t,) if one_suit else (t >> 2,))))
            s = score(key, rest_total + _VAL[t])
        # on a tie, shed more cards
        s -= 1e-6 * len(cards)
        if s < best_score:
            best, best_score = action, s
    return best  # type: ignore[return-value]


strong_bot = make_strong_bot()
"""The strong Least Score bot with its default settings."""


def best_take(observation: Observation, cards) -> Optional[Card]:
    """The card the strong bot would take after discarding ``cards`` (its own choice of
    discard or not): an open card, or None for the deck.  ``cards`` must be one of the
    legal discards of ``observation.hand``; otherwise
    :class:`~cardkit.errors.IllegalActionError` says why, in the engine's words."""
    chosen = frozenset(to_cards(cards))
    actions = [a for a in bot_actions(observation, say("bots.the_strong_bot"))
               if type(a) is not Declare and frozenset(a.cards) == chosen]  # type: ignore[union-attr]
    if not actions:
        missing = tuple(display_order(chosen - set(observation.hand)))
        why = (say("ls.action.not_held", player=seat(observation.player), cards=missing) if missing
               else discard_problem(chosen, observation.rules) or say("ls.discard.no_cards"))
        raise IllegalActionError(why)
    slots = opponent_slots(observation, DEFAULTS["slack"])
    counts = _unseen_value_counts(observation, (h for h, _ in slots.values()))
    move = _choose_play(observation, actions, slots, counts, float(DEFAULTS["lookahead"]))
    return move.take  # type: ignore[union-attr]
