"""One round of Least Score as a chain of small decisions — the core of the OpenSpiel
and PettingZoo adapters (plain Python: neither library is imported here).

Why small decisions.  A Least Score turn discards a legal group and takes a card
(an open card, or the top of the deck), or declares.  Written as one number, a turn
would need an action for every group of up to five cards times every card to take:
far too many, and most would never be legal.  Instead a turn is a few sub-moves, each
of which means the same thing in every state of every deal:

====================  ==========================================================
action                meaning
====================  ==========================================================
``0 … 51``            select the card with that index (``Card.index``: A♠ = 0,
                      A♣ = 1, … K♥ = 51) to add it to the group being discarded
``52 … 103``          discard the selected group and take the open card
                      ``action − 52``
``104``               discard the selected group and draw the top card of the deck
``105``               declare
====================  ==========================================================

Cards are selected in increasing index order, and a card may be selected only if
the selection can still be completed to a legal group, so every legal turn has
exactly one spelling and every spelling is a legal turn.  Taking or drawing is
offered once the selection is a legal group; declaring only with nothing selected.

Chance (the deal and every draw from the deck) is explicit: a chance node's
outcome is a card index, uniform over the cards it may be.  The deck is therefore
a *set* of cards, not an ordered pile: drawing a uniformly random card of the set
is the same as drawing the top card of a well-shuffled deck.  When the deck is
empty and a card must be drawn, the discard pile (not the open cards) becomes the
deck, as in the rules.

A round ends with a declaration, scored by :func:`cardkit.least_score.round_scores`.
Its returns are the round's penalty points, negated (OpenSpiel's search bots
maximise returns; a lower score is better).  So that every round ends, a player
must declare once ``max_turns`` turns have been played (the rules set no limit;
with the default of 100, far longer than any real round, it never decides a game
played with sense).

The rules' verdicts — which groups are legal, what a hand totals, how a round is
scored — come from :mod:`cardkit.least_score`; only the order of the turn is here.
"""

from __future__ import annotations

import random
from typing import Any, Optional, Sequence

from ..cards import Card
from ..least_score import DECLARE, Discard, Rules, card_value, discard_kind, legal_discards

__all__ = [
    "LeastScoreRound",
    "NUM_ACTIONS",
    "TAKE",
    "DRAW",
    "DECLARE_ACTION",
    "MAX_TURNS",
    "HAND_SIZE",
    "submoves",
    "engine_action",
]

HAND_SIZE = 5
TAKE = 52
"""``TAKE + c``: discard the selection and take the open card with index ``c``."""
DRAW = 104
"""Discard the selection and draw the top card of the deck."""
DECLARE_ACTION = 105
"""Declare."""
NUM_ACTIONS = 106
MAX_TURNS = 100
"""The default limit on turns in a round, after which the player to move must declare."""

CHANCE = -1
TERMINAL = -4  # as pyspiel.PlayerId.TERMINAL
_TURNED_UP = -1  # "who discarded the open cards": nobody, it was turned up from the deck

_CARD = tuple(Card.from_index(i) for i in range(52))
_TEXT = tuple(str(c) for c in _CARD)
_VALUE = tuple(card_value(c) for c in _CARD)
_BIT = tuple(1 << i for i in range(52))
_ALL = (1 << 52) - 1


def _cards_of(mask: int) -> list[int]:
    """The card indices in a bit mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= _BIT[c]
    return m


def _text(cards: Sequence[int]) -> str:
    return " ".join(_TEXT[c] for c in cards) if cards else "-"


_MASK_TEXT: dict[int, str] = {}


def _mask_text(mask: int) -> str:
    """The cards of a bit mask as text (cached: search meets the same hands again and again)."""
    text = _MASK_TEXT.get(mask)
    if text is None:
        if len(_MASK_TEXT) > 100_000:
            _MASK_TEXT.clear()
        text = _MASK_TEXT[mask] = _text(_cards_of(mask))
    return text


class _Moves:
    """The legal groups of one hand, as the sub-move tree: ``nxt[prefix]`` lists the
    cards that may follow a selection, ``whole`` the selections that are a group."""

    __slots__ = ("nxt", "whole", "groups")

    def __init__(self, hand: list[int], rules: Rules) -> None:
        nxt: dict[tuple, set] = {}
        whole = set()
        groups = []
        for group in legal_discards([_CARD[c] for c in hand], rules):
            g = tuple(sorted(c.index for c in group))
            groups.append(g)
            whole.add(g)
            for k in range(len(g)):
                nxt.setdefault(g[:k], set()).add(g[k])
        self.nxt = {k: tuple(sorted(v)) for k, v in nxt.items()}
        self.whole = frozenset(whole)
        self.groups = tuple(groups)


_MOVES_CACHE: dict[tuple, _Moves] = {}


def _moves(hand_mask: int, rules: Rules) -> _Moves:
    key = (hand_mask, rules.runs_one_suit)
    found = _MOVES_CACHE.get(key)
    if found is None:
        if len(_MOVES_CACHE) > 200_000:
            _MOVES_CACHE.clear()
        found = _MOVES_CACHE[key] = _Moves(_cards_of(hand_mask), rules)
    return found


def submoves(action: object) -> list[int]:
    """The sub-moves that spell one of the engine's actions (a
    :class:`~cardkit.least_score.Discard` or ``DECLARE``)."""
    if action is DECLARE:
        return [DECLARE_ACTION]
    if not isinstance(action, Discard):
        raise ValueError(f"{action!r} is not a Least Score action: give a Discard or DECLARE")
    out = sorted(c.index for c in action.cards)
    out.append(DRAW if action.take is None else TAKE + action.take.index)
    return out


def engine_action(actions: Sequence[int]) -> object:
    """The engine's action spelled by a turn's sub-moves (the inverse of :func:`submoves`)."""
    if list(actions) == [DECLARE_ACTION]:
        return DECLARE
    *cards, last = actions
    if not cards or not all(0 <= c < 52 for c in cards) or not TAKE <= last <= DRAW:
        raise ValueError(f"{list(actions)} does not spell a Least Score turn")
    take = None if last == DRAW else _CARD[last - TAKE]
    return Discard(tuple(_CARD[c] for c in cards), take)


class LeastScoreRound:
    """One Least Score round, from the deal to the declaration, in sub-moves.

    ``current_player()`` is a seat, :data:`CHANCE` (-1) while a card is being dealt
    or drawn, or :data:`TERMINAL` (-4) after the declaration.  Ask
    ``legal_actions()`` (sorted; at a chance node the possible cards) or
    ``chance_outcomes()``; act with ``apply_action(a)``.

    ``first_player`` plays first and the deal starts with them; ``seats`` (default
    all) are the seats still in the match — the others are skipped and score 0.
    """

    __slots__ = (
        "rules", "num_players", "max_turns", "first_player", "seats", "phase", "deal_queue",
        "hands", "dealt", "deck", "dead", "open", "open_from", "turned_up", "current",
        "turns", "selection", "pending", "reshuffled", "discarded", "known", "history",
        "declarer", "scores", "totals",
    )

    def __init__(self, rules: Optional[Rules] = None, max_turns: int = MAX_TURNS,
                 first_player: int = 0, seats: Optional[Sequence[int]] = None) -> None:
        rules = rules if rules is not None else Rules()
        n = rules.players
        if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < n:
            raise ValueError(f"max_turns must be a whole number of at least the number of players ({n}), "
                             f"not {max_turns!r}")
        self.rules = rules
        self.num_players = n
        self.max_turns = max_turns
        seats = tuple(range(n)) if seats is None else tuple(sorted(seats))
        if len(seats) < 2 or first_player not in seats:
            raise ValueError("a round needs at least two seats, and the first player must be one of them")
        self.seats = seats
        self.first_player = first_player
        order = self.order()
        self.deal_queue = [p for _ in range(HAND_SIZE) for p in order]
        if rules.first_open_card:
            self.deal_queue.append(_TURNED_UP)
        self.deal_queue.reverse()  # popped from the end
        self.phase = "deal"
        self.hands = [0] * n  # bit masks
        self.dealt = [0] * n
        self.deck = _ALL
        self.dead = 0
        self.open: tuple[int, ...] = ()
        self.open_from = _TURNED_UP
        self.turned_up = -1
        self.current = CHANCE
        self.turns = 0
        self.selection: tuple[int, ...] = ()
        self.pending: Optional[tuple[int, tuple[int, ...]]] = None  # (drawer, their discard)
        self.reshuffled = 0
        self.discarded = [0] * n
        self.known = [0] * n  # cards everyone knows a player holds (open cards taken)
        self.history: list[tuple[int, tuple[int, ...], int, int]] = []  # (player, discard, took, drew)
        self.declarer = -1
        self.scores: Optional[list[int]] = None
        self.totals: Optional[list[int]] = None

    # -- who, what -------------------------------------------------------------------
    def order(self, start: Optional[int] = None) -> list[int]:
        """The seats in turn order from ``start`` (default: the first player)."""
        n = self.num_players
        start = self.first_player if start is None else start
        return [s for s in ((start + k) % n for k in range(n)) if s in self.seats]

    def _next(self, seat: int) -> int:
        n = self.num_players
        s = (seat + 1) % n
        while s not in self.seats:
            s = (s + 1) % n
        return s

    def current_player(self) -> int:
        """The seat to move, CHANCE (-1) while a card is dealt or drawn, TERMINAL (-4) at the end."""
        return self.current

    def is_terminal(self) -> bool:
        """Whether the round is over (someone declared)."""
        return self.phase == "over"

    def is_chance_node(self) -> bool:
        """Whether a card is being dealt or drawn."""
        return self.current == CHANCE

    def returns(self) -> list[float]:
        """Every seat's round penalty, negated; zeros until the round is over."""
        if self.scores is None:
            return [0.0] * self.num_players
        return [-float(s) for s in self.scores]

    def hand(self, player: int) -> list[Card]:
        """A seat's cards (the all-seeing view, for tests and analysis)."""
        return [_CARD[c] for c in _cards_of(self.hands[player])]

    def may_declare(self) -> bool:
        """Whether the player to move may declare now (nothing selected, everyone has had a turn)."""
        return self.phase == "play" and not self.selection and self.turns >= len(self.seats)

    def _can_draw(self) -> bool:
        return bool(self.deck or self.dead)

    # -- actions ---------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may come now, each with its probability (all equal)."""
        if self.current != CHANCE:
            raise ValueError("chance_outcomes() is asked at a chance node only")
        cards = _cards_of(self.deck)
        p = 1.0 / len(cards)
        return [(c, p) for c in cards]

    def legal_actions(self) -> list[int]:
        """The legal sub-moves of the player to move, in increasing order (at a chance
        node: the cards that may be dealt or drawn)."""
        if self.phase == "over":
            return []
        if self.current == CHANCE:
            return _cards_of(self.deck)
        if self.turns >= self.max_turns:
            return [DECLARE_ACTION]
        moves = _moves(self.hands[self.current], self.rules)
        sel = self.selection
        out = list(moves.nxt.get(sel, ()))
        if sel in moves.whole:
            out.extend(TAKE + c for c in sorted(self.open))
            if self._can_draw():
                out.append(DRAW)
        if not sel and self.turns >= len(self.seats):
            out.append(DECLARE_ACTION)
        return out

    def whole_actions(self) -> list[tuple[int, ...]]:
        """Every legal whole turn of the player to move, each as its sub-moves (for
        fast rollouts); empty at chance and terminal nodes."""
        if self.phase != "play" or self.current == CHANCE:
            return []
        if self.turns >= self.max_turns:
            return [(DECLARE_ACTION,)]
        moves = _moves(self.hands[self.current], self.rules)
        ends = [TAKE + c for c in sorted(self.open)]
        if self._can_draw():
            ends.append(DRAW)
        out = [g + (e,) for g in moves.groups for e in ends]
        if self.turns >= len(self.seats):
            out.append((DECLARE_ACTION,))
        return out

    def apply_action(self, action: int) -> None:
        """Apply one sub-move (or chance outcome).  The action is trusted to be legal
        (the adapters check it first)."""
        if self.current == CHANCE:
            self._chance(action)
        elif action < TAKE:
            self.selection += (action,)
        elif action == DECLARE_ACTION:
            self._declare()
        else:
            self._end_turn(action)

    def _chance(self, card: int) -> None:
        bit = _BIT[card]
        self.deck &= ~bit
        if self.phase == "deal":
            who = self.deal_queue.pop()
            if who == _TURNED_UP:
                self.open = (card,)
                self.turned_up = card
            else:
                self.hands[who] |= bit
                self.dealt[who] |= bit
            if not self.deal_queue:
                self.phase = "play"
                self.current = self.first_player
            return
        p, discard = self.pending  # a draw from the deck
        self.pending = None
        self.hands[p] |= bit
        self.dead |= _mask(self.open)
        self._finish_turn(p, discard, -1, card)

    def _end_turn(self, action: int) -> None:
        p = self.current
        discard = self.selection
        self.selection = ()
        self.hands[p] &= ~_mask(discard)
        if action == DRAW:
            if not self.deck:  # the discard pile becomes the deck
                self.deck = self.dead
                self.reshuffled = self.dead
                self.dead = 0
            self.pending = (p, discard)
            self.current = CHANCE
            return
        took = action - TAKE
        self.hands[p] |= _BIT[took]
        self.dead |= _mask(self.open) & ~_BIT[took]
        self.known[p] |= _BIT[took]
        self._finish_turn(p, discard, took, -1)

    def _finish_turn(self, p: int, discard: tuple[int, ...], took: int, drew: int) -> None:
        gone = _mask(discard)
        self.known[p] &= ~gone
        self.discarded[p] |= gone
        self.open = discard
        self.open_from = p
        self.history.append((p, discard, took, drew))
        self.turns += 1
        self.current = self._next(p)

    def _declare(self) -> None:
        from ..least_score import round_scores

        p = self.current
        seats = list(self.seats)
        totals = [sum(_VALUE[c] for c in _cards_of(self.hands[s])) for s in seats]
        scores = round_scores(totals, seats.index(p), self.rules)
        self.scores = [0] * self.num_players
        self.totals = [0] * self.num_players
        for s, t, sc in zip(seats, totals, scores):
            self.scores[s] = sc
            self.totals[s] = t
        self.declarer = p
        self.history.append((p, (), -2, -1))
        self.phase = "over"
        self.current = TERMINAL

    # -- copies ----------------------------------------------------------------------
    def clone(self) -> "LeastScoreRound":
        new = object.__new__(LeastScoreRound)
        for name in LeastScoreRound.__slots__:
            setattr(new, name, getattr(self, name))
        new.deal_queue = list(self.deal_queue)
        new.hands = list(self.hands)
        new.dealt = list(self.dealt)
        new.discarded = list(self.discarded)
        new.known = list(self.known)
        new.history = list(self.history)
        return new

    __copy__ = clone

    def __deepcopy__(self, memo: dict) -> "LeastScoreRound":
        return self.clone()

    def __getstate__(self) -> dict:
        return {name: getattr(self, name) for name in LeastScoreRound.__slots__}

    def __setstate__(self, state: dict) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    # -- a player's view -------------------------------------------------------------
    def unseen_by(self, player: int) -> int:
        """The cards ``player`` cannot place: in other hands (and not known to be
        there) or in the deck."""
        m = _ALL & ~self.hands[player] & ~_mask(self.open) & ~self.dead & ~_mask(self.selection)
        for q in self.seats:
            if q != player:
                m &= ~self.known[q]
        if self.pending is not None:
            m &= ~_mask(self.pending[1])
        return m

    def determinize(self, player: int, rng: random.Random) -> "LeastScoreRound":
        """A copy in which every card ``player`` cannot see is dealt afresh: the other
        hands (except the open cards they are known to have taken) and the deck, at
        random and consistently with everything ``player`` has seen.  After a
        reshuffle the deck is drawn from the reshuffled cards, where it must be."""
        if self.phase == "deal":
            raise ValueError("determinize() needs a dealt round")
        new = self.clone()
        sizes = [bin(m).count("1") for m in self.hands]
        new._deal_hidden(player, sizes, bin(self.deck).count("1"), rng)
        return new

    def _deal_hidden(self, player: int, sizes: Sequence[int], deck_size: int, rng: random.Random) -> None:
        """Deal the cards ``player`` cannot see: ``sizes[q]`` cards to each other seat
        (its known cards first) and ``deck_size`` to the deck."""
        pool = _cards_of(self.unseen_by(player))
        rng.shuffle(pool)
        if self.reshuffled:
            in_pile = [c for c in pool if self.reshuffled & _BIT[c]]
            if len(in_pile) >= deck_size:
                deck = in_pile[:deck_size]
                chosen = set(deck)
                rest = [c for c in pool if c not in chosen]
            else:  # only if the position is not consistent; any cards will do
                deck, rest = pool[:deck_size], pool[deck_size:]
        else:
            deck, rest = pool[:deck_size], pool[deck_size:]
        self.deck = _mask(deck)
        pos = 0
        for q in self.seats:
            if q == player:
                continue
            need = sizes[q] - bin(self.known[q]).count("1")
            self.hands[q] = self.known[q] | _mask(rest[pos:pos + need])
            pos += need

    @classmethod
    def from_observation(cls, observation: object, rng: random.Random,
                         horizon: int = MAX_TURNS) -> "LeastScoreRound":
        """The round a player sees (a :class:`cardkit.least_score.Observation` of a
        match in progress), with every card they cannot see dealt at random,
        consistently with what they saw.  The player to move must declare after
        ``horizon`` more turns."""
        obs: Any = observation
        rules = obs.rules
        n = rules.players
        seats = [q for q in range(n) if obs.still_in[q]]
        core = cls(rules, max_turns=len(obs.turns) + max(horizon, n), first_player=obs.first_player, seats=seats)
        core.phase = "play"
        core.deal_queue = []
        me = obs.player
        core.hands[me] = _mask([c.index for c in obs.hand])
        core.open = tuple(sorted(c.index for c in obs.open_cards))
        core.open_from = _TURNED_UP if obs.open_from is None else obs.open_from
        core.turned_up = -1 if obs.turned_up is None else obs.turned_up.index
        core.dead = _mask([c.index for c in obs.dead_cards])
        core.reshuffled = _mask([c.index for c in obs.reshuffled])
        core.turns = len(obs.turns)
        for turn in obs.turns:
            discard = tuple(sorted(c.index for c in turn.discarded))
            took = -1 if turn.took is None else turn.took.index
            core.history.append((turn.player, discard, took, -1))
            gone = _mask(discard)
            core.known[turn.player] &= ~gone
            core.discarded[turn.player] |= gone
            if took >= 0:
                core.known[turn.player] |= _BIT[took]
        core.known[me] = 0
        core.current = obs.current_player
        core.deck = 0
        core._deal_hidden(me, list(obs.hand_sizes), obs.deck_size, rng)
        return core

    def rollout(self, rng: random.Random, policy: str = "random") -> list[float]:
        """Play to the end of the round (random chance) and return the returns.
        ``policy='random'`` plays uniformly random whole turns; ``'greedy'`` a simple
        sensible player (:meth:`greedy_turn`).  Changes this object: call it on a clone."""
        greedy = policy == "greedy"
        while self.phase != "over":
            if self.current == CHANCE:
                cards = _cards_of(self.deck)
                self.apply_action(cards[rng.randrange(len(cards))])
                continue
            if self.selection:
                acts = self.legal_actions()
                self.apply_action(acts[rng.randrange(len(acts))])
                continue
            if greedy:
                turn = self.greedy_turn()
            else:
                turns = self.whole_actions()
                turn = turns[rng.randrange(len(turns))]
            for a in turn:
                self.apply_action(a)
                if self.current == CHANCE:
                    cards = _cards_of(self.deck)
                    self.apply_action(cards[rng.randrange(len(cards))])
        return self.returns()

    def greedy_turn(self, declare_at: int = 5, take_at: int = 4) -> tuple[int, ...]:
        """A simple, sensible whole turn for the player to move (a playout policy for
        search, not one of the game's bots): declare at a total of ``declare_at`` or
        less when allowed; otherwise discard the group worth most and take the lowest
        open card if it is worth ``take_at`` or less, else draw."""
        if self.turns >= self.max_turns:
            return (DECLARE_ACTION,)
        hand = self.hands[self.current]
        if self.turns >= len(self.seats) and sum(_VALUE[c] for c in _cards_of(hand)) <= declare_at:
            return (DECLARE_ACTION,)
        groups = _moves(hand, self.rules).groups
        group = max(groups, key=lambda g: (sum(_VALUE[c] for c in g), len(g)))
        low = min(self.open, key=lambda c: (_VALUE[c], c)) if self.open else -1
        if low >= 0 and (_VALUE[low] <= take_at or not self._can_draw()):
            return group + (TAKE + low,)
        return group + (DRAW,)

    # -- words -----------------------------------------------------------------------
    def action_to_string(self, player: int, action: int) -> str:
        """An action in the game's words: ``'select 7♠'``, ``'discard 7♠ 7♣ (pair),
        take 9♦'``, ``'discard 3♦, draw from the deck'``, ``'declare'``; a chance
        outcome as ``'deal 7♠ to Player 2'`` or ``'Player 2 draws 7♠'``."""
        if player == CHANCE:
            card = _TEXT[action]
            if self.phase == "deal" and self.deal_queue:
                who = self.deal_queue[-1]
                return f"turn up {card}" if who == _TURNED_UP else f"deal {card} to Player {who}"
            if self.pending is not None:
                return f"Player {self.pending[0]} draws {card}"
            return f"card {card}"
        if 0 <= action < TAKE:
            return f"select {_TEXT[action]}"
        if action == DECLARE_ACTION:
            return "declare"
        sel = self.selection if player == self.current else ()
        where = "draw from the deck" if action == DRAW else f"take {_TEXT[action - TAKE]}"
        if not sel:
            return where
        kind = discard_kind([_CARD[c] for c in sel], self.rules)
        label = f" ({kind.replace('_', ' ')})" if kind and kind != "single" else ""
        return f"discard {_text(sel)}{label}, {where}"

    def __str__(self) -> str:
        """Everything, hidden cards included (OpenSpiel's ``State.ToString``)."""
        lines = [f"phase {self.phase}; player to move {self.current}; turns {self.turns}; "
                 f"first player {self.first_player}; seats {list(self.seats)}"]
        for p in self.seats:
            lines.append(f"Player {p}: {_text(_cards_of(self.hands[p]))}")
        lines.append(f"open: {_text(self.open)} (from {self.open_from}); selected: {_text(self.selection)}")
        lines.append(f"deck: {_text(_cards_of(self.deck))}")
        lines.append(f"discard pile: {_text(_cards_of(self.dead))}")
        if self.scores is not None:
            lines.append(f"Player {self.declarer} declared; totals {self.totals}; scores {self.scores}")
        return "\n".join(lines)


# --- what a player sees -------------------------------------------------------------

class LeastScoreObserver:
    """A player's view of a :class:`LeastScoreRound` as a flat float tensor (with
    named, shaped views in ``dict``) and as a string, following the rules' "What every
    player can see": their own hand, every discard and who made it, the open cards,
    the size of every hand and of the deck, the discard pile — never another hand,
    the deck, or a card someone else drew.  Once a player declares, every hand is
    shown (``revealed``).

    ``perfect_recall`` adds the whole record of the round (the information state):
    the player's dealt hand and, turn by turn, who discarded what and where their
    card came from (and, for the player's own draws, which card it was).
    ``private=False`` leaves out the player's own cards (the public view);
    ``public=False`` leaves out everything but the player's own cards.
    """

    def __init__(self, num_players: int, max_turns: int = MAX_TURNS, perfect_recall: bool = False,
                 private: bool = True, public: bool = True) -> None:
        import numpy as np

        n = num_players
        self.num_players = n
        self.max_turns = max_turns
        self.perfect_recall = perfect_recall
        self.private = private
        self.public = public
        pieces: list[tuple[str, int, tuple[int, ...]]] = [("player", n, (n,))]
        if private:
            pieces += [("hand", 52, (52,)), ("selection", 52, (52,))]
            if perfect_recall:
                pieces += [("dealt", 52, (52,)), ("my_draws", max_turns * 52, (max_turns, 52))]
        if public:
            pieces += [
                ("current_player", n, (n,)),
                ("seats", n, (n,)),
                ("open_cards", 52, (52,)),
                ("open_from", n + 1, (n + 1,)),
                ("discard_pile", 52, (52,)),
                ("discarded", n * 52, (n, 52)),
                ("known", n * 52, (n, 52)),
                ("hand_sizes", n * (HAND_SIZE + 1), (n, HAND_SIZE + 1)),
                ("deck_size", 53, (53,)),
                ("reshuffled", 52, (52,)),
                ("may_declare", 1, (1,)),
                ("turns", 1, (1,)),
                ("revealed", n * 52, (n, 52)),
            ]
            if perfect_recall:
                pieces.append(("history", max_turns * (n + 105), (max_turns, n + 105)))
        size = sum(s for _, s, _ in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {}
        i = 0
        for name, s, shape in pieces:
            self.dict[name] = self.tensor[i:i + s].reshape(shape)
            i += s

    def set_from(self, core: LeastScoreRound, player: int) -> None:
        """Fill ``tensor`` (and its views in ``dict``) with ``player``'s view."""
        self.tensor.fill(0)
        d = self.dict
        d["player"][player] = 1
        if self.private:
            for c in _cards_of(core.hands[player]):
                d["hand"][c] = 1
            if core.current == player:
                for c in core.selection:
                    d["selection"][c] = 1
            if self.perfect_recall:
                for c in _cards_of(core.dealt[player]):
                    d["dealt"][c] = 1
                draws = d["my_draws"]
                for t, (p, _, _, drew) in enumerate(core.history[: self.max_turns]):
                    if p == player and drew >= 0:
                        draws[t, drew] = 1
        if not self.public:
            return
        if core.current >= 0:
            d["current_player"][core.current] = 1
        for s in core.seats:
            d["seats"][s] = 1
        for c in core.open:
            d["open_cards"][c] = 1
        if core.phase != "deal":
            d["open_from"][core.open_from] = 1  # -1 (turned up) is the last slot
        for c in _cards_of(core.dead):
            d["discard_pile"][c] = 1
        for q in range(core.num_players):
            for c in _cards_of(core.discarded[q]):
                d["discarded"][q, c] = 1
            for c in _cards_of(core.known[q]):
                d["known"][q, c] = 1
            d["hand_sizes"][q, min(bin(core.hands[q]).count("1"), HAND_SIZE)] = 1
        d["deck_size"][bin(core.deck).count("1")] = 1
        for c in _cards_of(core.reshuffled):
            d["reshuffled"][c] = 1
        d["may_declare"][0] = 1.0 if core.may_declare() else 0.0
        d["turns"][0] = core.turns / core.max_turns
        if core.phase == "over":
            for q in core.seats:
                for c in _cards_of(core.hands[q]):
                    d["revealed"][q, c] = 1
        if self.perfect_recall:
            hist = d["history"]
            n = core.num_players
            for t, (p, discard, took, drew) in enumerate(core.history[: self.max_turns]):
                if took == -2:
                    continue  # the declaration ends the round; it shows in "revealed"
                hist[t, p] = 1
                for c in discard:
                    hist[t, n + c] = 1
                if took >= 0:
                    hist[t, n + 52 + took] = 1  # the open card taken
                else:
                    hist[t, n + 104] = 1  # a card drawn from the deck

    def string_from(self, core: LeastScoreRound, player: int) -> str:
        """``player``'s view as one line of text."""
        parts = [f"Player {player}"]
        if self.private:
            parts.append(f"hand {_mask_text(core.hands[player])}")
            if core.current == player and core.selection:
                parts.append(f"selected {_text(core.selection)}")
        if self.public:
            if core.phase == "deal":
                parts.append("dealing")
            else:
                src = "turned up" if core.open_from == _TURNED_UP else f"from Player {core.open_from}"
                parts.append(f"open {_text(core.open)} ({src})")
                parts.append(f"pile {_mask_text(core.dead)}")
                parts.append(f"deck {core.deck.bit_count()}")
                parts.append("sizes " + " ".join(str(core.hands[q].bit_count()) if q in core.seats else "-"
                                                 for q in range(core.num_players)))
                if core.reshuffled:
                    parts.append(f"reshuffled {_mask_text(core.reshuffled)}")
                for q in core.seats:
                    if core.known[q] and q != player:
                        parts.append(f"P{q} holds {_mask_text(core.known[q])}")
                parts.append(f"turns {core.turns}")
            if core.phase == "over":
                parts.append(f"Player {core.declarer} declared; hands " + "; ".join(
                    f"P{q} {_mask_text(core.hands[q])}" for q in core.seats))
                parts.append("scores " + " ".join(map(str, core.scores or [])))
            elif core.current >= 0:
                parts.append(f"to move P{core.current}")
            if self.perfect_recall:
                seen = []
                for p, discard, took, drew in core.history:
                    if took == -2:
                        continue
                    if took >= 0:
                        how = f"took {_TEXT[took]}"
                    elif p == player and self.private:
                        how = f"drew {_TEXT[drew]}"
                    else:
                        how = "drew"
                    seen.append(f"P{p} {_text(discard)} {how}")
                parts.append("record " + ", ".join(seen) if seen else "record -")
            else:
                parts.append("discarded " + "; ".join(
                    f"P{q} {_mask_text(core.discarded[q])}" for q in core.seats))
        if self.private and self.perfect_recall:
            parts.append(f"dealt {_mask_text(core.dealt[player])}")
        return " | ".join(parts)
