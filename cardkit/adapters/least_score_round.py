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
is the same as drawing the top card of a well-shuffled deck.

The round itself is the engine's: once dealt (in the engine's :func:`deal_order`),
it is a :class:`cardkit.least_score.LeastScoreState` started with
:meth:`~cardkit.least_score.LeastScoreState.from_hands`, which decides whose turn it
is, what may be discarded, taken or drawn, when the discard pile is reshuffled, when
declaring is allowed and how the round is scored.  A draw's chance outcome is handed
to it with :meth:`~cardkit.least_score.LeastScoreState.set_next_draw`.  This module
only spells the turns in sub-moves and keeps what each player has seen (for the
observations and for dealing the hidden cards afresh).

A round ends with a declaration.  Its returns are the round's penalty points,
negated (OpenSpiel's search bots maximise returns; a lower score is better).  So that
every round ends, a player must declare once ``max_turns`` turns have been played
(the rules set no limit; with the default of 100, far longer than any real round, it
never decides a game played with sense).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Optional, Sequence

from ..cards import Card, bit_mask, set_bits
from ..errors import IllegalActionError, OptionError, PlayerError
from ..i18n.lint import machine_text
from ..i18n import Message, and_list, kind_word, say, seat
from ..game import TERMINAL
from ..least_score import (
    DECLARE,
    Discard,
    LeastScoreState,
    Rules,
    card_value,
    deal_order,
    discard_kind,
)
from . import CHANCE
from .common import MaskText, tensor_views

__all__ = [
    "LeastScoreRound",
    "LeastScoreObserver",
    "NUM_ACTIONS",
    "TAKE",
    "DRAW",
    "DECLARE_ACTION",
    "MAX_TURNS",
    "CHANCE",
    "TERMINAL",
    "submoves",
    "engine_action",
]

TAKE = 52
"""``TAKE + c``: discard the selection and take the open card with index ``c``."""
DRAW = 104
"""Discard the selection and draw the top card of the deck."""
DECLARE_ACTION = 105
"""Declare."""
NUM_ACTIONS = 106
MAX_TURNS = 100
"""The default limit on turns in a round, after which the player to move must declare."""
HAND_SIZE = 5

_TURNED_UP = -1  # "who discarded the open cards": nobody, it was turned up from the deck

_CARD = tuple(Card.from_index(i) for i in range(52))
_TEXT = tuple(str(c) for c in _CARD)
_VALUE = tuple(card_value(c) for c in _CARD)
_MASK_TEXT = MaskText(_TEXT)
_BIT = tuple(1 << i for i in range(52))
_ALL = (1 << 52) - 1


def _mask_of(cards: Sequence[Card]) -> int:
    m = 0
    for c in cards:
        m |= _BIT[c.index]
    return m


class _Turn:
    """The engine's legal actions for the player to move, as the sub-move tree:
    ``nxt[prefix]`` lists the cards that may follow a selection, ``groups`` the
    selections that are a legal group, ``ends`` how a turn may end (take an open card,
    draw), ``declare`` whether declaring is allowed."""

    __slots__ = ("nxt", "whole", "groups", "ends", "declare")

    def __init__(self, actions: Sequence[Any]) -> None:
        nxt: dict[tuple, set] = {}
        groups: list[tuple[int, ...]] = []
        ends: list[int] = []
        self.declare = False
        for a in actions:
            if a is DECLARE:
                self.declare = True
                continue
            # the engine lists each group once with every way of taking a card, and the
            # ways are the same for every group
            g = tuple(sorted(c.index for c in a.cards))
            if not groups or groups[-1] != g:
                groups.append(g)
                for k in range(len(g)):
                    nxt.setdefault(g[:k], set()).add(g[k])
            if len(groups) == 1:
                ends.append(DRAW if a.take is None else TAKE + a.take.index)
        self.nxt = {k: tuple(sorted(v)) for k, v in nxt.items()}
        self.groups = tuple(groups)
        self.whole = frozenset(groups)
        self.ends = tuple(sorted(ends))


_TURNS: dict[tuple, _Turn] = {}
"""Sub-move trees already built, by position (search meets the same hands again and again)."""


def submoves(action: object) -> list[int]:
    """The sub-moves that spell one of the engine's actions (a
    :class:`~cardkit.least_score.Discard` or ``DECLARE``)."""
    if action is DECLARE:
        return [DECLARE_ACTION]
    if not isinstance(action, Discard):
        raise IllegalActionError(say("adapters.ls.not_least_score_action_give", action=repr(action)))
    out = sorted(c.index for c in action.cards)
    out.append(DRAW if action.take is None else TAKE + action.take.index)
    return out


def engine_action(actions: Sequence[int]) -> object:
    """The engine's action spelled by a turn's sub-moves (the inverse of :func:`submoves`)."""
    if list(actions) == [DECLARE_ACTION]:
        return DECLARE
    *cards, last = actions
    if not cards or not all(0 <= c < 52 for c in cards) or not TAKE <= last <= DRAW:
        raise IllegalActionError(say("adapters.ls.does_not_spell_least_score", list=str(list(actions))))
    take = None if last == DRAW else _CARD[last - TAKE]
    return Discard(tuple(_CARD[c] for c in cards), take)


class LeastScoreRound:
    """One Least Score round, from the deal to the declaration, in sub-moves.

    ``current_player()`` is a seat, :data:`CHANCE` while a card is being dealt or
    drawn, or :data:`~cardkit.game.TERMINAL` after the declaration (the OpenSpiel
    adapter turns these into OpenSpiel's own ids).  Ask ``legal_actions()`` (sorted;
    at a chance node the possible cards) or ``chance_outcomes()``; act with
    ``apply_action(a)``.  ``engine`` is the engine's state of the round once it is
    dealt.

    ``first_player`` plays first and the deal starts with them; ``seats`` (default
    all) are the seats still in the match — the others are skipped and score 0.
    """

    __slots__ = (
        "rules", "num_players", "max_turns", "first_player", "seats", "deal_queue", "dealt",
        "turned_up", "engine", "turns", "selection", "pending", "reshuffled", "discarded", "known",
        "history", "result", "_turn", "_view", "_final",
    )

    def __init__(self, rules: Optional[Rules] = None, max_turns: int = MAX_TURNS,
                 first_player: int = 0, seats: Optional[Sequence[int]] = None) -> None:
        rules = rules if rules is not None else Rules()
        n = rules.players
        if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < n:
            raise OptionError(say("adapters.ls.max_turns_must_whole_number", n=n, max_turns=repr(max_turns)))
        self.rules = rules
        self.num_players = n
        self.max_turns = max_turns
        seats = tuple(range(n)) if seats is None else tuple(sorted(seats))
        if len(seats) < 2 or first_player not in seats or not set(seats) <= set(range(n)):
            raise PlayerError(say("adapters.ls.round_needs_at_least_two", v=n - 1, list=str(list(seats)), first_player=repr(first_player)))
        self.seats = seats
        self.first_player = first_player
        queue = deal_order(self.order(), rules.first_open_card)
        self.deal_queue = [_TURNED_UP if s is None else s for s in reversed(queue)]  # popped from the end
        self.dealt = [0] * n
        self.turned_up = -1
        self.engine: Optional[LeastScoreState] = None
        self.turns = 0
        self.selection: tuple[int, ...] = ()
        self.pending: Optional[tuple[int, tuple[int, ...]]] = None  # (drawer, their discard)
        self.reshuffled = 0
        self.discarded = [0] * n
        self.known = [0] * n  # cards everyone knows a player holds (open cards taken)
        self.history: list[tuple[int, tuple[int, ...], int, int]] = []  # (player, discard, took, drew)
        self.result: Any = None  # the engine's RoundResult, once someone has declared
        self._turn: Optional[_Turn] = None
        self._view: Optional[tuple] = None
        self._final: Optional[tuple] = None  # the view at the declaration

    # -- the engine ------------------------------------------------------------------
    def _engine_rules(self) -> Rules:
        # a seat out of the match has an empty hand, which the engine allows when
        # knocked-out players leave the match
        if len(self.seats) < self.num_players and self.rules.match_end != "last_standing":
            return dataclasses.replace(self.rules, match_end="last_standing")
        return self.rules

    def _start_engine(self, hands: Sequence[int], deck: Optional[list[int]], open_cards: Sequence[int],
                      open_from: int, dead: int, scores: Optional[Sequence[int]] = None,
                      round_number: int = 1) -> None:
        """The round at a position, as the engine's state (hands and piles as card masks)."""
        self.engine = LeastScoreState.from_hands(
            [[_CARD[c] for c in set_bits(hands[q])] for q in range(self.num_players)],
            self._engine_rules(), seed=0,
            deck=None if deck is None else [_CARD[c] for c in deck],
            open_cards=[_CARD[c] for c in open_cards],
            open_from=None if open_from == _TURNED_UP else open_from,
            discard_pile=[_CARD[c] for c in set_bits(dead)],
            first_player=self.first_player, turns_played=self.turns,
            round_number=round_number, scores=scores)
        self._changed()

    def _changed(self) -> None:
        self._turn = None
        self._view = None

    def _state(self) -> tuple:
        """(hand masks, open cards, discard pile mask, deck mask, open_from) as the
        players' view needs them, worked out once per position."""
        view = self._view
        if view is None:
            n = self.num_players
            engine = self.engine
            if engine is None:  # dealing
                dealt = set(i for m in self.dealt for i in set_bits(m))
                if self.turned_up >= 0:
                    dealt.add(self.turned_up)
                opened = (self.turned_up,) if self.turned_up >= 0 else ()
                view = (list(self.dealt), opened, 0, _ALL & ~bit_mask(list(dealt)), _TURNED_UP)
            elif self._final is not None:  # over: every hand shown, as it was at the declaration
                view = self._final
            else:
                hands = [_mask_of(engine.hand(q)) for q in range(n)]
                if self.pending is not None:
                    p, discard = self.pending
                    hands[p] &= ~bit_mask(discard)
                opened = tuple(sorted(c.index for c in engine.open_cards))
                open_from = engine.open_from
                view = (hands, opened, _mask_of(engine.dead_cards), _mask_of(engine.deck()),
                        _TURNED_UP if open_from is None else open_from)
            self._view = view
        return view

    @property
    def hands(self) -> list[int]:
        """Every seat's cards as a bit mask (bit ``Card.index``): the all-seeing view."""
        return self._state()[0]

    @property
    def open(self) -> tuple[int, ...]:
        """The open cards' indices, lowest first."""
        return self._state()[1]

    @property
    def dead(self) -> int:
        """The discard pile as a bit mask."""
        return self._state()[2]

    @property
    def deck(self) -> int:
        """The deck as a bit mask (a set: the order is chance's)."""
        return self._state()[3]

    @property
    def open_from(self) -> int:
        """Who discarded the open cards (-1: turned up from the deck)."""
        return self._state()[4]

    @property
    def phase(self) -> str:
        """``'deal'``, ``'play'`` or ``'over'``."""
        if self.engine is None:
            return "deal"
        return "over" if self.result is not None else "play"

    @property
    def current(self) -> int:
        """The same as :meth:`current_player`."""
        return self.current_player()

    @property
    def declarer(self) -> int:
        """Who declared (-1 before)."""
        return -1 if self.result is None else self.result.declarer

    @property
    def scores(self) -> Optional[list[int]]:
        """The round's penalty points by seat, once someone has declared."""
        return None if self.result is None else list(self.result.scores)

    @property
    def totals(self) -> Optional[list[int]]:
        """Every seat's total at the declaration (0 for a seat not in the round)."""
        return None if self.result is None else [t or 0 for t in self.result.totals]

    # -- who, what -------------------------------------------------------------------
    def order(self, start: Optional[int] = None) -> list[int]:
        """The seats in turn order from ``start`` (default: the first player)."""
        n = self.num_players
        start = self.first_player if start is None else start
        return [s for s in ((start + k) % n for k in range(n)) if s in self.seats]

    def current_player(self) -> int:
        """The seat to move, :data:`CHANCE` while a card is dealt or drawn,
        :data:`~cardkit.game.TERMINAL` at the end."""
        if self.engine is None or self.pending is not None:
            return CHANCE
        if self.result is not None:
            return TERMINAL
        return self.engine.current_player()

    def is_terminal(self) -> bool:
        """Whether the round is over (someone declared)."""
        return self.result is not None

    def is_chance_node(self) -> bool:
        """Whether a card is being dealt or drawn."""
        return self.engine is None or self.pending is not None

    def returns(self) -> list[float]:
        """Every seat's round penalty, negated; zeros until the round is over."""
        if self.result is None:
            return [0.0] * self.num_players
        return [-float(s) for s in self.result.scores]

    def hand(self, player: int) -> list[Card]:
        """A seat's cards (the all-seeing view, for tests and analysis)."""
        return [_CARD[c] for c in set_bits(self.hands[player])]

    def _moves(self) -> _Turn:
        turn = self._turn
        if turn is None:
            engine = self.engine
            actions = engine.legal_actions()  # type: ignore[union-attr]
            # the same hand, open cards and declare rule give the same tree: keep it
            key = (actions[0].cards if actions and actions[0] is not DECLARE else (), len(actions),
                   engine.open_cards, engine.deck_size + len(engine.dead_cards) > 0,  # type: ignore[union-attr]
                   actions[-1] is DECLARE if actions else False,
                   _mask_of(engine.hand(engine.current_player())))  # type: ignore[union-attr]
            turn = _TURNS.get(key)
            if turn is None:
                if len(_TURNS) > 100_000:
                    _TURNS.clear()
                turn = _TURNS[key] = _Turn(actions)
            self._turn = turn
        return turn

    def may_declare(self) -> bool:
        """Whether the player to move may declare now (nothing selected, and the
        engine allows it: everyone has had a turn)."""
        return self.phase == "play" and self.pending is None and not self.selection and self._moves().declare

    def _can_draw(self) -> bool:
        return DRAW in self._moves().ends

    # -- actions ---------------------------------------------------------------------
    def _chance_cards(self) -> list[int]:
        if self.engine is None:
            return set_bits(self.deck)
        deck = self.engine.deck()
        # an empty deck: the discard pile is shuffled into a new one at the draw (the engine's rule)
        return sorted(c.index for c in (deck or self.engine.dead_cards))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may come now, each with its probability (all equal)."""
        if not self.is_chance_node():
            raise IllegalActionError(say("adapters.ls.chance_outcomes_asked_at_chance"))
        cards = self._chance_cards()
        p = 1.0 / len(cards)
        return [(c, p) for c in cards]

    def legal_actions(self) -> list[int]:
        """The legal sub-moves of the player to move, in increasing order (at a chance
        node: the cards that may be dealt or drawn)."""
        if self.result is not None:
            return []
        if self.is_chance_node():
            return self._chance_cards()
        if self.turns >= self.max_turns:
            return [DECLARE_ACTION]
        turn = self._moves()
        sel = self.selection
        out = list(turn.nxt.get(sel, ()))
        if sel in turn.whole:
            out.extend(turn.ends)
        if not sel and turn.declare:
            out.append(DECLARE_ACTION)
        return out

    def whole_actions(self) -> list[tuple[int, ...]]:
        """Every legal whole turn of the player to move, each as its sub-moves (for
        fast rollouts); empty at chance and terminal nodes."""
        if self.result is not None or self.is_chance_node():
            return []
        if self.turns >= self.max_turns:
            return [(DECLARE_ACTION,)]
        turn = self._moves()
        out = [g + (e,) for g in turn.groups for e in turn.ends]
        if turn.declare:
            out.append((DECLARE_ACTION,))
        return out

    def apply_action(self, action: int) -> None:
        """Apply one sub-move (or chance outcome).  The action is trusted to be legal
        (the adapters check it first); the engine refuses an illegal turn."""
        if self.engine is None:
            self._deal(action)
        elif self.pending is not None:
            p, discard = self.pending
            self.pending = None
            self._play(p, discard, None, action)
        elif action < TAKE:
            self.selection += (action,)
        elif action == DECLARE_ACTION:
            self._declare()
        else:
            discard = self.selection
            self.selection = ()
            if action == DRAW:
                self.pending = (self.engine.current_player(), discard)
                self._view = None
            else:
                self._play(self.engine.current_player(), discard, action - TAKE, -1)

    def _deal(self, card: int) -> None:
        who = self.deal_queue.pop()
        if who == _TURNED_UP:
            self.turned_up = card
        else:
            self.dealt[who] |= _BIT[card]
        self._view = None
        if not self.deal_queue:
            opened = (self.turned_up,) if self.turned_up >= 0 else ()
            self._start_engine(self.dealt, None, opened, _TURNED_UP, 0)

    def _play(self, p: int, discard: tuple[int, ...], took: Optional[int], drew: int) -> None:
        """The engine plays the turn: discard, then take the open card ``took`` or draw
        the card ``drew`` (chance's outcome)."""
        engine = self.engine
        assert engine is not None
        if took is None:
            engine.set_next_draw(_CARD[drew])
        engine.apply_action(Discard(tuple(_CARD[c] for c in discard), None if took is None else _CARD[took]))
        if engine.reshuffled:
            self.reshuffled = _mask_of(engine.reshuffled)
        gone = bit_mask(discard)
        self.known[p] &= ~gone
        self.discarded[p] |= gone
        if took is not None:
            self.known[p] |= _BIT[took]
        self.history.append((p, discard, -1 if took is None else took, drew))
        self.turns += 1
        self._changed()

    def _declare(self) -> None:
        engine = self.engine
        assert engine is not None
        p = engine.current_player()
        self._final = self._state()
        engine.apply_action(DECLARE)
        self.result = engine.round_results[-1]
        self.history.append((p, (), -2, -1))
        self._changed()

    # -- copies ----------------------------------------------------------------------
    def clone(self) -> "LeastScoreRound":
        new = object.__new__(LeastScoreRound)
        for name in LeastScoreRound.__slots__:
            setattr(new, name, getattr(self, name))
        new.deal_queue = list(self.deal_queue)
        new.dealt = list(self.dealt)
        new.discarded = list(self.discarded)
        new.known = list(self.known)
        new.history = list(self.history)
        if self.engine is not None and self.result is None:
            new.engine = self.engine.clone()
        return new

    __copy__ = clone

    def __deepcopy__(self, memo: dict) -> "LeastScoreRound":
        return self.clone()

    def __getstate__(self) -> dict:
        state = {name: getattr(self, name) for name in LeastScoreRound.__slots__}
        state["_turn"] = state["_view"] = None  # rebuilt on demand
        return state

    def __setstate__(self, state: dict) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    # -- a player's view -------------------------------------------------------------
    def unseen_by(self, player: int) -> int:
        """The cards ``player`` cannot place: in other hands (and not known to be
        there) or in the deck."""
        hands, opened, dead, _, _ = self._state()
        m = _ALL & ~hands[player] & ~bit_mask(opened) & ~dead & ~bit_mask(self.selection)
        for q in self.seats:
            if q != player:
                m &= ~self.known[q]
        if self.pending is not None:
            m &= ~bit_mask(self.pending[1])
        return m

    def determinize(self, player: int, rng: random.Random) -> "LeastScoreRound":
        """A copy in which every card ``player`` cannot see is dealt afresh: the other
        hands (except the open cards they are known to have taken) and the deck, at
        random and consistently with everything ``player`` has seen.  After a
        reshuffle the deck is drawn from the reshuffled cards, where it must be."""
        if self.phase != "play":
            raise IllegalActionError(say("adapters.ls.determinize_needs_round_that_dealt"))
        new = self.clone()
        sizes = [m.bit_count() for m in self.hands]
        new._deal_hidden(player, sizes, self.deck.bit_count(), rng)
        return new

    def _deal_hidden(self, player: int, sizes: Sequence[int], deck_size: int, rng: random.Random,
                     scores: Optional[Sequence[int]] = None, round_number: int = 1) -> None:
        """Deal the cards ``player`` cannot see: ``sizes[q]`` cards to each other seat
        (its known cards first) and ``deck_size`` to the deck; then the engine's state
        of the round is started at this position."""
        hands, opened, dead, _, open_from = self._state()
        hands = list(hands)
        pool = set_bits(self.unseen_by(player))
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
        pos = 0
        for q in self.seats:
            if q == player:
                continue
            need = sizes[q] - self.known[q].bit_count()
            hands[q] = self.known[q] | bit_mask(rest[pos:pos + need])
            pos += need
        if self.pending is not None:  # the drawer's discard is still in their hand for the engine
            p, discard = self.pending
            hands[p] |= bit_mask(discard)
        self._start_engine(hands, deck, opened, open_from, dead, scores, round_number)

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
        core.deal_queue = []
        me = obs.player
        core.reshuffled = _mask_of(obs.reshuffled)
        core.turns = len(obs.turns)
        core.turned_up = -1 if obs.turned_up is None else obs.turned_up.index
        for turn in obs.turns:
            discard = tuple(sorted(c.index for c in turn.discarded))
            took = -1 if turn.took is None else turn.took.index
            core.history.append((turn.player, discard, took, -1))
            gone = bit_mask(discard)
            core.known[turn.player] &= ~gone
            core.discarded[turn.player] |= gone
            if took >= 0:
                core.known[turn.player] |= _BIT[took]
        core.known[me] = 0
        hands = [0] * n
        hands[me] = _mask_of(obs.hand)
        opened = tuple(sorted(c.index for c in obs.open_cards))
        open_from = _TURNED_UP if obs.open_from is None else obs.open_from
        core._view = (hands, opened, _mask_of(obs.dead_cards), 0, open_from)  # what the player sees
        core.engine = None
        core._deal_hidden(me, list(obs.hand_sizes), obs.deck_size, rng, obs.scores, obs.round_number)
        return core

    def rollout(self, rng: random.Random, policy: str = "random") -> list[float]:
        """Play to the end of the round (random chance) and return the returns.
        ``policy='random'`` plays uniformly random whole turns; ``'greedy'`` a simple
        sensible player (:meth:`greedy_turn`).  Changes this object: call it on a clone."""
        greedy = policy == "greedy"
        while self.result is None:
            if self.is_chance_node():
                cards = self._chance_cards()
                self.apply_action(cards[rng.randrange(len(cards))])
                continue
            if self.selection:
                acts = self.legal_actions()
                self.apply_action(acts[rng.randrange(len(acts))])
                continue
            if greedy:
                turn = self.greedy_turn()
            elif self.turns >= self.max_turns:
                turn = (DECLARE_ACTION,)
            else:  # a uniformly random whole turn: one of the engine's legal actions
                acts = self.engine.legal_actions()  # type: ignore[union-attr]
                turn = tuple(submoves(acts[rng.randrange(len(acts))]))
            if turn[-1] == DECLARE_ACTION:
                self._declare()
                continue
            p = self.engine.current_player()  # type: ignore[union-attr]
            if turn[-1] == DRAW:
                cards = self._chance_cards()
                self._play(p, turn[:-1], None, cards[rng.randrange(len(cards))])
            else:
                self._play(p, turn[:-1], turn[-1] - TAKE, -1)
        return self.returns()

    def greedy_turn(self, declare_at: int = 5, take_at: int = 4) -> tuple[int, ...]:
        """A simple, sensible whole turn for the player to move (a playout policy for
        search, not one of the game's bots): declare at a total of ``declare_at`` or
        less when allowed; otherwise discard the group worth most and take the lowest
        open card if it is worth ``take_at`` or less, else draw."""
        if self.turns >= self.max_turns:
            return (DECLARE_ACTION,)
        turn = self._moves()
        hand = self.hands[self.current_player()]
        if turn.declare and sum(_VALUE[c] for c in set_bits(hand)) <= declare_at:
            return (DECLARE_ACTION,)
        group = max(turn.groups, key=lambda g: (sum(_VALUE[c] for c in g), len(g)))
        opened = self.open
        low = min(opened, key=lambda c: (_VALUE[c], c)) if opened else -1
        if low >= 0 and (_VALUE[low] <= take_at or DRAW not in turn.ends):
            return group + (TAKE + low,)
        return group + (DRAW,)

    # -- words -----------------------------------------------------------------------
    def action_to_string(self, player: int, action: int) -> str:
        """An action in the game's words: ``'select 7♠'``, ``'discard 7♠ 7♣ (pair),
        take 9♦'``, ``'discard 3♦, draw from the deck'``, ``'declare'``; a chance
        outcome as ``'deal 7♠ to Player 2'`` or ``'Player 2 draws 7♠'``
        (:meth:`action_message` rendered)."""
        return str(self.action_message(player, action))

    def action_message(self, player: int, action: int) -> Message:
        """A sub-move (or a chance outcome) in the game's words, as a message."""
        if player == CHANCE:
            card = _CARD[action]
            if self.engine is None and self.deal_queue:
                who = self.deal_queue[-1]
                if who == _TURNED_UP:
                    return say("adapters.ls.turn_up", card=card)
                return say("adapters.ls.deal", card=card, player=seat(who))
            if self.pending is not None:
                return say("adapters.ls.draws", card=card, player=seat(self.pending[0]))
            return say("adapters.ls.card", card=card)
        if 0 <= action < TAKE:
            return say("adapters.select", card=_CARD[action])
        if action == DECLARE_ACTION:
            return say("adapters.ls.declare")
        sel = self.selection if player == self.current_player() else ()
        draw = action == DRAW
        if not sel:
            return say("adapters.ls.draw") if draw else say("adapters.ls.take", card=_CARD[action - TAKE])
        cards = tuple(_CARD[c] for c in sel)
        kind = discard_kind(cards, self.rules)
        taken = {} if draw else {"card": _CARD[action - TAKE]}
        how = "draw" if draw else "take"
        if kind and kind != "single":
            return say(f"adapters.ls.discard_kind_{how}", cards=cards, kind=kind_word(kind), **taken)
        return say(f"adapters.ls.discard_{how}", cards=cards, **taken)

    @machine_text
    def __str__(self) -> str:
        """Everything, hidden cards included (OpenSpiel's ``State.ToString``)."""
        hands, opened, dead, deck, open_from = self._state()
        lines = [f"phase {self.phase}; player to move {self.current_player()}; turns {self.turns}; "
                 f"first player {self.first_player}; seats {list(self.seats)}"]
        for p in self.seats:
            lines.append(f"Player {p}: {_MASK_TEXT.of(set_bits(hands[p]))}")
        lines.append(f"open: {_MASK_TEXT.of(opened)} (from {open_from}); selected: {_MASK_TEXT.of(self.selection)}")
        lines.append(f"deck: {_MASK_TEXT.of(set_bits(deck))}")
        lines.append(f"discard pile: {_MASK_TEXT.of(set_bits(dead))}")
        if self.result is not None:
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
        self.tensor, self.dict = tensor_views(pieces)

    def set_from(self, core: LeastScoreRound, player: int) -> None:
        """Fill ``tensor`` (and its views in ``dict``) with ``player``'s view."""
        self.tensor.fill(0)
        d = self.dict
        d["player"][player] = 1
        if self.private:
            for c in set_bits(core.hands[player]):
                d["hand"][c] = 1
            if core.current == player:
                for c in core.selection:
                    d["selection"][c] = 1
            if self.perfect_recall:
                for c in set_bits(core.dealt[player]):
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
        for c in set_bits(core.dead):
            d["discard_pile"][c] = 1
        for q in range(core.num_players):
            for c in set_bits(core.discarded[q]):
                d["discarded"][q, c] = 1
            for c in set_bits(core.known[q]):
                d["known"][q, c] = 1
            d["hand_sizes"][q, min(bin(core.hands[q]).count("1"), HAND_SIZE)] = 1
        d["deck_size"][bin(core.deck).count("1")] = 1
        for c in set_bits(core.reshuffled):
            d["reshuffled"][c] = 1
        d["may_declare"][0] = 1.0 if core.may_declare() else 0.0
        d["turns"][0] = core.turns / core.max_turns
        if core.phase == "over":
            for q in core.seats:
                for c in set_bits(core.hands[q]):
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

    @machine_text
    def string_from(self, core: LeastScoreRound, player: int) -> str:
        """``player``'s view as one line of text."""
        parts = [f"Player {player}"]
        if self.private:
            parts.append(f"hand {_MASK_TEXT(core.hands[player])}")
            if core.current == player and core.selection:
                parts.append(f"selected {_MASK_TEXT.of(core.selection)}")
        if self.public:
            if core.phase == "deal":
                parts.append("dealing")
            else:
                src = "turned up" if core.open_from == _TURNED_UP else f"from Player {core.open_from}"
                parts.append(f"open {_MASK_TEXT.of(core.open)} ({src})")
                parts.append(f"pile {_MASK_TEXT(core.dead)}")
                parts.append(f"deck {core.deck.bit_count()}")
                parts.append("sizes " + " ".join(str(core.hands[q].bit_count()) if q in core.seats else "-"
                                                 for q in range(core.num_players)))
                if core.reshuffled:
                    parts.append(f"reshuffled {_MASK_TEXT(core.reshuffled)}")
                for q in core.seats:
                    if core.known[q] and q != player:
                        parts.append(f"P{q} holds {_MASK_TEXT(core.known[q])}")
                parts.append(f"turns {core.turns}")
            if core.phase == "over":
                parts.append(f"Player {core.declarer} declared; hands " + "; ".join(
                    f"P{q} {_MASK_TEXT(core.hands[q])}" for q in core.seats))
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
                    seen.append(f"P{p} {_MASK_TEXT.of(discard)} {how}")
                parts.append("record " + ", ".join(seen) if seen else "record -")
            else:
                parts.append("discarded " + "; ".join(
                    f"P{q} {_MASK_TEXT(core.discarded[q])}" for q in core.seats))
        if self.private and self.perfect_recall:
            parts.append(f"dealt {_MASK_TEXT(core.dealt[player])}")
        return " | ".join(parts)
