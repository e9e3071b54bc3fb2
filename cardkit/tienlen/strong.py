"""The strong Tiến Lên bot: it plans its hand and counts the cards.

It decides from its :class:`~cardkit.tienlen.game.Observation` alone.

**The plan.**  :func:`plan_hand` splits the hand into combinations at the least
*cost*: every combination costs one turn, plus a little more the lower it is
(a low single is hard to get rid of: it needs the lead), minus a little for a 2
and more for a bomb (they win the lead back).  The split is found exactly, by
search over the hand's lowest card (it belongs to a single, a pair, a triple, a
four or a sequence starting at its rank), remembering every part-hand met.

**Counting.**  The cards not in its hand and not yet played (:func:`unseen_mask`)
are the ones the others may hold.  A combination nobody can beat with those cards
(no higher one of the same shape, and no bomb that chops it) is a *sure winner*
(:func:`sure_winner`).  For a single it also works out the chance that none of the
higher cards is with a player still in this round of play (:func:`win_chance`).

**Leading.**  If one play empties the hand, it makes it.  If all but one of the
plan's combinations are sure winners, it plays the winners first and the last one
after.  Otherwise it leads one of the plan's combinations, the lowest, where every
extra card counts as ``lead_size`` places lower (so a long sequence goes early),
keeping 2s and bombs.  When another player holds a single card it leads a pair,
triple or sequence, and if it has none, its highest single.

**Following.**  Each play that beats the table is scored by how much cheaper the
plan of the rest of the hand is (a spare single from the plan saves its whole cost,
a card torn from a pair can make the plan dearer), plus ``lead_value`` times its
chance of winning the lead, plus ``urgency`` when another player holds ``danger``
cards or fewer.  A 2 or a bomb is spent only when it matters: when it is a sure
winner and the rest of the plan is ``short``, or another player is close to going
out.  It plays the best score above ``play_at``, else passes.

The numbers in ``DEFAULTS`` were tuned by tournaments against the greedy bot.
"""

from __future__ import annotations

import random
from typing import Callable

from ..i18n import say
from ..game import bot_actions, bot_settings

from .rules import (
    DOUBLE_SEQUENCE,
    FOUR,
    SEQUENCE,
    SINGLE,
    TRIPLE,
    Combo,
    plays_of_mask,
    pair_presence,
    rank_presence,
    quad_presence,
    triple_presence,
    RANKS_3_TO_A,
    PLACE_OF_INDEX,
)
from .game import PASS, Action, Observation

__all__ = ["make_strong_bot", "strong_bot", "plan_hand", "sure_winner", "win_chance", "unseen_mask", "DEFAULTS"]

DEFAULTS = dict(
    low=0.6,          # extra cost of the lowest single (scaled down as the key card rises)
    low_multi=0.3,    # the same for pairs, triples and sequences
    two=0.5,          # a 2 costs this much less than a turn
    bomb=0.8,         # a bomb costs this much less than a turn
    lead_value=0.6,   # worth of taking the lead (times the chance of keeping it)
    play_at=0.35,     # play on the table when the plan improves by at least this
    short=3,          # spend a 2 or a bomb when the rest of the plan has at most this many combos
    danger=5,         # ... or another player holds at most this many cards
    lead_size=10.0,   # leading, a combination's key counts this much less per extra card
    urgency=1.0,      # bonus for beating the table when another player is close to going out
)

_FULL = (1 << 52) - 1
_TWOS = 0xF << 48


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << PLACE_OF_INDEX[c.index]
    return m


def unseen_mask(observation: Observation) -> int:
    """The cards (as a bit mask in Tiến Lên order) the others may hold: neither in
    this player's hand nor played in this game.  (With fewer than four players the
    cards left out of play are among them.)"""
    played = 0
    for _, action in observation.history:
        if action is not PASS:
            played |= action.mask
    return _FULL & ~played & ~_mask(observation.hand)


# --- can anyone beat it? ---------------------------------------------------------------

def _any_group_above(unseen: int, top: int, need: int) -> bool:
    """Do the unseen cards hold ``need`` cards of one rank with a key card above ``top``?"""
    r = top >> 2
    same = (unseen >> (4 * r)) & 0xF
    if bin(same).count("1") >= need and (same << (4 * r)).bit_length() - 1 > top:
        # the highest card of that rank outranks the key card (top bit of the nibble)
        return True
    higher = unseen >> (4 * (r + 1)) << (4 * (r + 1))
    if need == 1:
        return higher != 0
    if need == 2:
        pres = pair_presence(higher)
    elif need == 3:
        pres = triple_presence(higher)
    else:
        pres = quad_presence(higher)
    return pres != 0


def _has_run(pres: int, length: int, top: int, unseen: int, pairs: bool) -> bool:
    """Is there a run of ``length`` ranks (3..A) in ``pres`` beating key ``top``?"""
    r = top >> 2
    for e in range(max(r, length - 1), 12):
        s = e - length + 1
        ok = True
        for k in range(s, e + 1):
            if not pres >> (4 * k) & 1:
                ok = False
                break
        if not ok:
            continue
        if e > r:
            return True
        nib = (unseen >> (4 * r)) & 0xF
        best = nib.bit_length() - 1 + 4 * r
        if pairs:
            if bin(nib).count("1") >= 2 and best > top:
                return True
        elif best > top:
            return True
    return False


def _bombs(unseen: int, min_pairs: int) -> tuple[bool, bool]:
    """(a four of a kind, a double sequence of ``min_pairs`` or more pairs) in ``unseen``."""
    quad = quad_presence(unseen & ~_TWOS) != 0
    pp = pair_presence(unseen) & RANKS_3_TO_A
    run = 0
    ds = False
    for k in range(12):
        if pp >> (4 * k) & 1:
            run += 1
            if run >= min_pairs:
                ds = True
                break
        else:
            run = 0
    return quad, ds


def sure_winner(combo: Combo, unseen: int, rules=None) -> bool:
    """True when no combination made of the ``unseen`` cards beats ``combo``."""
    quad_pair = bool(rules and rules.four_of_a_kind_beats_pair_of_twos)
    ladder = bool(rules and rules.bigger_bombs_beat_smaller)
    code, top, size = combo.code, combo.top, combo.size
    if code <= TRIPLE:
        if _any_group_above(unseen, top, size):
            return False
        if top >= 48:  # 2s can be chopped
            quad, ds = _bombs(unseen, size + 2)
            if ds:
                return False
            if quad and (size == 1 or (size == 2 and quad_pair)):
                return False
        return True
    if code == FOUR:
        if _any_group_above(unseen, top, 4):
            return False
        return not (ladder and _bombs(unseen, 4)[1])
    if code == SEQUENCE:
        return not _has_run(rank_presence(unseen) & RANKS_3_TO_A, size, top, unseen, False)
    pairs = size // 2
    if _has_run(pair_presence(unseen) & RANKS_3_TO_A, pairs, top, unseen, True):
        return False
    if ladder:
        quad, ds = _bombs(unseen, pairs + 1)
        return not (ds or (pairs == 3 and quad))
    return True


def _choose(n: int, k: int) -> float:
    from math import comb
    return float(comb(n, k)) if 0 <= k <= n else 0.0


def win_chance(combo: Combo, unseen: int, active_cards: int, rules=None) -> float:
    """The chance that nobody beats ``combo``: 1 for a :func:`sure_winner`; for a
    single, the chance that none of the unseen higher cards is with a player still in
    this round of play (who hold ``active_cards`` of the unseen cards); else 0."""
    if sure_winner(combo, unseen, rules):
        return 1.0
    if combo.code != SINGLE or combo.top >= 48:
        return 0.0
    total = unseen.bit_count()
    higher = (unseen >> (combo.top + 1)).bit_count()
    if active_cards <= 0 or total <= 0:
        return 1.0
    # hypergeometric: the active players' cards hold none of the higher ones
    return _choose(total - higher, active_cards) / _choose(total, active_cards)


# --- the plan ----------------------------------------------------------------------------

class _Planner:
    """Cheapest split of a hand into combinations, with a memory of part-hands."""

    def __init__(self, low: float, low_multi: float, two: float, bomb: float) -> None:
        self.low, self.low_multi, self.two, self.bomb = low, low_multi, two, bomb
        self.memo: dict[int, tuple[float, tuple[Combo, ...]]] = {0: (0.0, ())}
        self.plays: dict[int, tuple[Combo, ...]] = {}

    def cost(self, c: Combo) -> float:
        code, top = c.code, c.top
        if code == FOUR or code == DOUBLE_SEQUENCE:
            return 1.0 - self.bomb
        if top >= 48:
            return 1.0 - self.two
        weak = (47 - top) / 47.0
        return 1.0 + (self.low if code == SINGLE else self.low_multi) * weak

    def _containing_lowest(self, m: int) -> tuple[Combo, ...]:
        got = self.plays.get(m)
        if got is None:
            low = m & -m
            got = tuple(c for c in plays_of_mask(m) if c.mask & low)
            if len(self.plays) > 50_000:
                self.plays.clear()
            self.plays[m] = got
        return got

    def plan(self, m: int) -> tuple[float, tuple[Combo, ...]]:
        memo = self.memo
        got = memo.get(m)
        if got is not None:
            return got
        if len(memo) > 200_000:
            memo.clear()
            memo[0] = (0.0, ())
        best_cost = float("inf")
        best: tuple[Combo, ...] = ()
        for c in self._containing_lowest(m):
            rest_cost, rest = self.plan(m ^ c.mask)
            total = self.cost(c) + rest_cost
            if total < best_cost:
                best_cost, best = total, (c,) + rest
        got = memo[m] = (best_cost, best)
        return got


def plan_hand(hand, **settings: float) -> list[Combo]:
    """The strong bot's plan for a hand: its cheapest split into combinations
    (lowest key card first within the plan's order of search).

    >>> [str(c) for c in plan_hand('3S 4H 5D 9C 9D KS')]
    ['3♠ 4♥ 5♦', '9♣ 9♦', 'K♠']
    """
    from ..cards import to_cards

    cfg = {**DEFAULTS, **settings}
    planner = _Planner(cfg["low"], cfg["low_multi"], cfg["two"], cfg["bomb"])
    return list(planner.plan(_mask(to_cards(hand)))[1])


# --- the bot --------------------------------------------------------------------------------

def make_strong_bot(**settings: float) -> Callable[[Observation, random.Random], Action]:
    """A strong Tiến Lên bot; keyword settings (see ``DEFAULTS``) tune it.  With no
    settings it is :data:`strong_bot`."""
    cfg = bot_settings(settings, DEFAULTS)
    planner = _Planner(cfg["low"], cfg["low_multi"], cfg["two"], cfg["bomb"])
    lead_value = float(cfg["lead_value"])
    play_at = float(cfg["play_at"])
    short = int(cfg["short"])
    danger = int(cfg["danger"])
    lead_size = float(cfg["lead_size"])
    urgency = float(cfg["urgency"])

    def strong(observation: Observation, rng: random.Random) -> Action:
        actions = bot_actions(observation, say("bots.the_strong_bot"))
        plays = [a for a in actions if a is not PASS]
        if not plays:
            return PASS
        hand = _mask(observation.hand)
        for c in plays:
            if c.mask == hand:
                return c  # goes out
        me = observation.player
        others = [n for q, n in enumerate(observation.hand_sizes) if q != me and n > 0]
        fewest = min(others) if others else 13
        unseen = unseen_mask(observation)
        rules = observation.rules
        base_cost, plan = planner.plan(hand)
        passed = observation.passed
        active = sum(n for q, n in enumerate(observation.hand_sizes) if q != me and q not in passed)
        if observation.table is None:
            return _lead(plays, plan, hand, unseen, rules, fewest, planner, lead_size)
        best, best_value = None, play_at
        for c in plays:
            rest_cost, rest = planner.plan(hand ^ c.mask)
            value = base_cost - rest_cost
            chance = win_chance(c, unseen, active, rules)
            precious = c.is_bomb or c.top >= 48
            if precious and not (fewest <= danger or (chance >= 1.0 and len(rest) <= short)):
                continue
            value += lead_value * chance
            if fewest <= danger:
                value += urgency  # keep the others from getting the lead
            if value > best_value or (value == best_value and best is not None and c.top < best.top):
                best, best_value = c, value
        return best if best is not None else PASS

    strong.__name__ = strong.__qualname__ = "strong_bot" if not settings else "strong_bot_" + "_".join(
        f"{k}{settings[k]:g}" for k in sorted(settings))
    strong.__doc__ = "Strong Tiến Lên bot (see cardkit.tienlen.strong)."
    return strong


def _lead(plays: list, plan: tuple[Combo, ...], hand: int, unseen: int, rules, fewest: int,
          planner: _Planner, lead_size: float) -> Combo:
    legal = {c.mask: c for c in plays}
    mine = [c for c in plan if c.mask in legal]
    if not mine:
        # the first play of the match must hold a given card: keep the plan as whole as we can
        return min(plays, key=lambda c: (planner.plan(hand ^ c.mask)[0] + planner.cost(c), c.top))
    winners = [c for c in mine if sure_winner(c, unseen, rules)]
    if winners and len(plan) - len(winners) <= 1:
        return max(winners, key=lambda c: (c.size, c.top))  # cash the winners, then go out
    pool = [c for c in mine if not (c.is_bomb or c.top >= 48)] or mine
    if fewest == 1:
        multi = [c for c in pool if c.size > 1]
        if multi:
            return min(multi, key=lambda c: (c.top, -c.size))
        singles = [c for c in plays if c.size == 1]
        return max(singles, key=lambda c: c.top)
    return min(pool, key=lambda c: (c.top - lead_size * (c.size - 1), -c.size))


strong_bot = make_strong_bot()
"""The strong Tiến Lên bot with its default settings."""
