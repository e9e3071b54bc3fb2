"""One game (one deal) of Tiến Lên as a chain of small decisions — the core of the
OpenSpiel and PettingZoo adapters (plain Python: neither library is imported here).

Why small decisions.  A Tiến Lên turn plays a combination or passes.  Numbered one
by one, the combinations a hand might ever hold run to many thousands (every
sequence in every mix of suits), far too many for a fixed action list.  So a turn
is spelt out card by card, with actions that mean the same in every state:

==============  ===============================================================
action          meaning
==============  ===============================================================
``0 … 51``      select the card with that place in Tiến Lên order
                (``card_key``: 3♠ = 0, 3♣ = 1, … 2♥ = 51)
``52``          play the selected cards
``53``          pass
==============  ===============================================================

Cards are selected lowest first, and only a card that keeps the selection on the
way to a legal play is offered; "play" is offered once the selection is a legal
play, "pass" only with nothing selected and when passing is allowed.  So every legal
play has exactly one spelling and every spelling is a legal play.

The deal is explicit chance: 13 cards to each player, one at a time, Player 0 first
(as the engine deals), each uniform over the cards not yet dealt; with two or three
players the rest stay out of play.  The first-game rule applies: the holder of 3♠
(or of the lowest card dealt) leads, and the first play must contain that card.

Everything else — which plays are legal, beating, chopping, passing, clearing the
table, going out, instant wins, the points — is the engine's own
:class:`cardkit.tienlen.TienLenState`: this module only feeds it the deal and the
plays.  The returns are the points of the game (the k-th player out of n scores
n − k; an instant winner n − 1).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Optional, Sequence

from ..cards import Card, bit_mask, set_bits
from ..errors import IllegalActionError, PlayerError
from ..i18n.lint import machine_text
from ..i18n import Message, and_list, say, seat
from ..game import TERMINAL
from ..tienlen import PASS, Combo, Rules, TienLenState, card_key, instant_win
from . import CHANCE
from .common import MaskText, tensor_views

__all__ = ["TienLenDeal", "TienLenObserver", "NUM_ACTIONS", "PLAY", "PASS_ACTION", "submoves",
           "max_turns", "max_game_length"]

PLAY = 52
PASS_ACTION = 53
NUM_ACTIONS = 54

_CARD = [None] * 52
for _i in range(52):
    _c = Card.from_index(_i)
    _CARD[card_key(_c)] = _c
_CARD = tuple(_CARD)  # type: ignore[assignment]
_TEXT = tuple(str(c) for c in _CARD)  # type: ignore[union-attr]
_MASK_TEXT = MaskText(_TEXT)
_BIT = tuple(1 << i for i in range(52))
_ALL = (1 << 52) - 1
del _i, _c


def _keys(combo: Combo) -> tuple[int, ...]:
    return tuple(sorted(card_key(c) for c in combo.cards))


def max_turns(num_players: int) -> int:
    """The most turns (plays and passes) a game can last: at most 13·n plays, and at
    most n − 1 passes after each."""
    return 13 * num_players * num_players


def max_game_length(num_players: int) -> int:
    """The most sub-moves a game can last: every card dealt selected once, one
    'play' per play, and the passes."""
    return 13 * num_players * (num_players + 1)


def submoves(action: object) -> list[int]:
    """The sub-moves that spell one of the engine's actions (a Combo or ``PASS``)."""
    if action is PASS:
        return [PASS_ACTION]
    if not isinstance(action, Combo):
        raise IllegalActionError(say("adapters.tl.not_ti_n_l_n", action=repr(action)))
    return [*_keys(action), PLAY]


class _Turn:
    """The legal plays of the player to move, as a sub-move tree."""

    __slots__ = ("nxt", "whole", "can_pass", "plays")

    def __init__(self, actions: list) -> None:
        nxt: dict[tuple, set] = {}
        whole: dict[tuple, Combo] = {}
        self.can_pass = False
        plays = []
        for a in actions:
            if a is PASS:
                self.can_pass = True
                continue
            keys = _keys(a)
            whole[keys] = a
            plays.append(a)
            for k in range(len(keys)):
                nxt.setdefault(keys[:k], set()).add(keys[k])
        self.nxt = {k: tuple(sorted(v)) for k, v in nxt.items()}
        self.whole = whole
        self.plays = plays


class TienLenDeal:
    """One Tiến Lên game, from the deal to the last player out, in sub-moves.

    ``current_player()`` is a seat, :data:`~cardkit.adapters.CHANCE` while dealing, or
    :data:`~cardkit.game.TERMINAL` (the OpenSpiel adapter turns these into OpenSpiel's
    ids).  ``legal_actions()`` is sorted; ``apply_action(a)`` trusts
    its action to be legal (the adapters check first).  ``engine`` is the engine's
    state for this game once dealt (a match that ends with this game).

    ``leader=None`` plays a first game (the holder of the lowest dealt card leads
    and must play it); ``leader=p`` lets player ``p`` lead with anything, as in the
    later games of a match.
    """

    __slots__ = ("rules", "num_players", "leader", "dealt", "dealt_count", "engine", "selection",
                 "record", "played", "out", "_turn", "_turn_at")

    def __init__(self, rules: Optional[Rules] = None, leader: Optional[int] = None) -> None:
        rules = rules if rules is not None else Rules()
        self.rules = rules
        self.num_players = rules.players
        if leader is not None and leader not in range(rules.players):
            raise PlayerError(say("adapters.tl.leader_must_player_from_0", v=rules.players - 1, leader=repr(leader)))
        self.leader = leader
        self.dealt = [0] * rules.players
        self.dealt_count = 0
        self.engine: Optional[TienLenState] = None
        self.selection: tuple[int, ...] = ()
        self.record: list[tuple[int, object]] = []  # (player, Combo or PASS), as played
        self.played = [0] * rules.players
        self.out: list[int] = []
        self._turn: Optional[_Turn] = None
        self._turn_at = -1

    # -- the engine --------------------------------------------------------------------
    def _start(self) -> None:
        """All cards are dealt: hand the game to the engine."""
        one_game = dataclasses.replace(self.rules, target=1)  # the match ends with this game
        hands = [[_CARD[k] for k in set_bits(m)] for m in self.dealt]
        self.engine = TienLenState.from_hands(hands, one_game, seed=0, leader=self.leader)

    def current_player(self) -> int:
        """The seat to move, CHANCE while dealing, TERMINAL at the end."""
        if self.engine is None:
            return CHANCE
        p = self.engine.current_player()
        return TERMINAL if p == TERMINAL else p

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.engine is not None and self.engine.is_terminal()

    def is_chance_node(self) -> bool:
        """Whether the cards are still being dealt."""
        return self.engine is None

    def returns(self) -> list[float]:
        """Every player's points in this game; zeros until it is over."""
        if not self.is_terminal():
            return [0.0] * self.num_players
        return [float(x) for x in self.engine.returns()]  # type: ignore[union-attr]

    def hand_mask(self, player: int) -> int:
        """A player's cards as bits (bit ``card_key(card)``)."""
        if self.engine is None:
            return self.dealt[player]
        return self.dealt[player] & ~self.played[player]

    def hand(self, player: int) -> list[Card]:
        """A player's cards, lowest first (the all-seeing view)."""
        return [_CARD[k] for k in set_bits(self.hand_mask(player))]  # type: ignore[misc]

    def required(self) -> int:
        """The key of the card the first play must contain (-1 when none is required)."""
        if self.engine is None or self.engine.must_play is None:
            return -1
        return card_key(self.engine.must_play)

    def _moves(self) -> _Turn:
        at = len(self.record)
        if self._turn is None or self._turn_at != at:
            self._turn = _Turn(self.engine.legal_actions())  # type: ignore[union-attr]
            self._turn_at = at
        return self._turn

    # -- actions -----------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may be dealt next, each with its probability (all equal)."""
        if self.engine is not None:
            raise IllegalActionError(say("adapters.tl.chance_outcomes_asked_while_dealing"))
        cards = self.legal_actions()
        p = 1.0 / len(cards)
        return [(c, p) for c in cards]

    def legal_actions(self) -> list[int]:
        """The legal sub-moves of the player to move, in increasing order (while dealing:
        the cards not yet dealt)."""
        if self.engine is None:
            dealt = 0
            for m in self.dealt:
                dealt |= m
            return set_bits(_ALL & ~dealt)
        if self.engine.is_terminal():
            return []
        turn = self._moves()
        sel = self.selection
        out = list(turn.nxt.get(sel, ()))
        if sel in turn.whole:
            out.append(PLAY)
        if not sel and turn.can_pass:
            out.append(PASS_ACTION)
        return out

    def apply_action(self, action: int) -> None:
        """Apply one sub-move (or the next card of the deal); trusted to be legal."""
        if self.engine is None:
            p = self.dealt_count % self.num_players
            self.dealt[p] |= _BIT[action]
            self.dealt_count += 1
            if self.dealt_count == 13 * self.num_players:
                self._start()
            return
        if action < PLAY:
            self.selection += (action,)
        elif action == PLAY:
            combo = self._moves().whole[self.selection]
            self.selection = ()
            self._play(combo)
        else:
            self._play(PASS)

    def _play(self, action: object) -> None:
        engine = self.engine
        p = engine.current_player()  # type: ignore[union-attr]
        engine.apply_action(action)  # type: ignore[union-attr]
        self.record.append((p, action))
        if action is not PASS:
            self.played[p] |= action.mask  # type: ignore[attr-defined]  (its cards as card_key bits)
            if self.played[p] == self.dealt[p]:
                self.out.append(p)

    def rollout(self, rng: random.Random, policy: str = "random") -> list[float]:
        """Play to the end and return the returns.  ``policy='random'`` plays uniformly
        random plays (a random selection is finished at random); ``'greedy'`` lets
        :func:`cardkit.tienlen.greedy_bot` play every seat from its observation.
        Changes this object: call it on a clone."""
        while self.engine is None:
            cards = self.legal_actions()
            self.apply_action(cards[rng.randrange(len(cards))])
        while self.selection and not self.is_terminal():
            acts = self.legal_actions()
            self.apply_action(acts[rng.randrange(len(acts))])
        engine = self.engine
        if policy == "greedy":
            from ..tienlen import greedy_bot

            while not engine.is_terminal():
                self._play(greedy_bot(engine.observation(engine.current_player()), rng))
            return self.returns()
        while not engine.is_terminal():
            acts = engine.legal_actions()
            self._play(acts[rng.randrange(len(acts))])
        return self.returns()

    # -- copies --------------------------------------------------------------------------
    def clone(self) -> "TienLenDeal":
        new = object.__new__(TienLenDeal)
        for name in TienLenDeal.__slots__:
            setattr(new, name, getattr(self, name))
        new.dealt = list(self.dealt)
        new.played = list(self.played)
        new.out = list(self.out)
        new.record = list(self.record)
        if self.engine is not None:
            new.engine = self.engine.clone()
        return new

    __copy__ = clone

    def __deepcopy__(self, memo: dict) -> "TienLenDeal":
        return self.clone()

    def __getstate__(self) -> dict:
        state = {name: getattr(self, name) for name in TienLenDeal.__slots__}
        state["_turn"], state["_turn_at"] = None, -1  # rebuilt on demand
        return state

    def __setstate__(self, state: dict) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    # -- hidden cards dealt afresh --------------------------------------------------------
    @classmethod
    def from_position(cls, rules: Rules, viewer: int, hand: Sequence[Card], record: Sequence,
                      hand_sizes: Sequence[int], leader: Optional[int], required: int, to_move: int,
                      rng: random.Random, selection: Sequence[int] = (), tries: int = 100) -> "TienLenDeal":
        """A game at the position ``viewer`` sees, with every card they cannot see dealt
        at random, consistently with what they have seen: their ``hand``, the plays
        so far (``record``, as ``(player, action)``), how many cards each player
        holds, who led (``leader``, for a game led freely) or the card the first play
        had to contain (``required``, a ``card_key``; cards below it were not dealt).
        No hand is given an instant win, since the game is being played."""
        n = rules.players
        mine = bit_mask([card_key(c) for c in hand])
        played = [0] * n
        for p, a in record:
            if a is not PASS:
                played[p] |= a.mask
        seen = mine
        for m in played:
            seen |= m
        pool = _ALL & ~seen
        must_go = -1
        if leader is None and required >= 0:
            pool &= ~((1 << required) - 1)  # cards below the required one were not dealt
            if not record and not mine & _BIT[required]:
                must_go = required  # the player to lead holds it
                pool &= ~_BIT[required]
        cards = set_bits(pool)
        others = [q for q in range(n) if q != viewer]
        for attempt in range(tries):
            rng.shuffle(cards)
            hands = [0] * n
            hands[viewer] = mine
            pos = 0
            for q in others:
                need = hand_sizes[q]
                if must_go >= 0 and q == to_move:
                    hands[q] = _BIT[must_go] | bit_mask(cards[pos:pos + need - 1])
                    pos += need - 1
                else:
                    hands[q] = bit_mask(cards[pos:pos + need])
                    pos += need
            dealt = [hands[q] | played[q] for q in range(n)]
            if attempt + 1 < tries and any(
                    instant_win([_CARD[k] for k in set_bits(m)]) for m in dealt):
                continue
            break
        game = cls(rules, leader)
        game.dealt = dealt
        game.dealt_count = 13 * n
        game._start()
        for p, a in record:
            game._play(a)
        game.selection = tuple(selection)
        return game

    @classmethod
    def from_observation(cls, observation: object, rng: random.Random) -> "TienLenDeal":
        """The game a player sees (a :class:`cardkit.tienlen.Observation` of a match in
        progress), with every card they cannot see dealt at random, consistently with
        what they saw.  The first game of a match keeps its first-game rule; a later
        game is led freely by whoever led it."""
        obs: Any = observation
        record = list(obs.history)
        if obs.round_number == 1:
            leader = None
            if obs.must_play is not None:
                required = card_key(obs.must_play)
            else:  # the first play held the lowest card dealt, which was its lowest card
                required = min(card_key(c) for c in record[0][1].cards)
        else:
            leader = record[0][0] if record else obs.current_player
            required = -1
        return cls.from_position(obs.rules, obs.player, obs.hand, record, obs.hand_sizes, leader,
                                 required, obs.current_player, rng)

    def determinize(self, player: int, rng: random.Random) -> "TienLenDeal":
        """A copy in which the cards ``player`` cannot see (the other hands, and the
        cards out of play) are dealt afresh, consistently with what ``player`` saw."""
        if self.engine is None:
            raise IllegalActionError(say("adapters.tl.determinize_needs_dealt_game"))
        sizes = self.engine.cards_left()
        return TienLenDeal.from_position(
            self.rules, player, self.hand(player), self.record, sizes, self.leader,
            self._first_required(), self.current_player(), rng,
            self.selection if self.current_player() == player else ())

    def _first_required(self) -> int:
        """The card the first play had to contain (-1 when the game was led freely)."""
        if self.leader is not None:
            return -1
        low = 0
        for m in self.dealt:
            low |= m
        return (low & -low).bit_length() - 1

    # -- words ---------------------------------------------------------------------------
    def action_to_string(self, player: int, action: int) -> str:
        """``'select 7♠'``, ``'play 7♠ 7♣ (pair)'``, ``'pass'``; a deal as
        ``'deal 7♠ to Player 2'`` (:meth:`action_message` rendered)."""
        return str(self.action_message(player, action))

    def action_message(self, player: int, action: int) -> Message:
        """A sub-move (or a card dealt) in the game's words, as a message."""
        if player == CHANCE:
            return say("adapters.tl.deal", card=_CARD[action], player=seat(self.dealt_count % self.num_players))
        if action < PLAY:
            return say("adapters.select", card=_CARD[action])
        if action == PASS_ACTION:
            return say("adapters.tl.pass")
        sel = self.selection if player == self.current_player() else ()
        if not sel:
            return say("adapters.tl.play_selection")
        combo = self._moves().whole.get(sel) if self.engine is not None else None
        cards = tuple(_CARD[k] for k in sel)
        if combo is None:
            return say("adapters.tl.play", cards=cards)
        return say("adapters.tl.play_kind", cards=cards, kind=combo.shape_name)

    @machine_text
    def __str__(self) -> str:
        """Everything, hidden cards included (OpenSpiel's ``State.ToString``)."""
        lines = [f"player to move {self.current_player()}; dealt {self.dealt_count}; "
                 f"leader {'3♠ rule' if self.leader is None else self.leader}"]
        for p in range(self.num_players):
            lines.append(f"Player {p}: {_MASK_TEXT.of(set_bits(self.hand_mask(p)))}")
        if self.engine is not None:
            table = self.engine.table
            lines.append(f"table: {table if table is not None else '-'}; selected: {_MASK_TEXT.of(self.selection)}")
            lines.append("record: " + ", ".join(f"P{p} {a}" for p, a in self.record))
            if self.is_terminal():
                lines.append(f"out: {self.out}; points {self.engine.returns()}")
        return "\n".join(lines)



# --- what a player sees -------------------------------------------------------------

class TienLenObserver:
    """A player's view of a :class:`TienLenDeal` as a flat float tensor (with named,
    shaped views in ``dict``) and as a string, following the rules' "What every player
    can see": their own hand, every combination played and by whom, who has passed in
    this round of play, how many cards each player holds, the card the first play
    must contain — never another hand (nor the cards out of play).

    ``perfect_recall`` adds the whole record of the game (the information state): the
    player's dealt hand and every play and pass in order.  ``private=False`` leaves
    out the player's own cards; ``public=False`` everything else.
    """

    def __init__(self, num_players: int, perfect_recall: bool = False, private: bool = True,
                 public: bool = True) -> None:
        n = num_players
        self.num_players = n
        self.perfect_recall = perfect_recall
        self.private = private
        self.public = public
        self.max_turns = max_turns(n)
        pieces: list[tuple[str, int, tuple[int, ...]]] = [("player", n, (n,))]
        if private:
            pieces += [("hand", 52, (52,)), ("selection", 52, (52,))]
            if perfect_recall:
                pieces.append(("dealt", 52, (52,)))
        if public:
            pieces += [
                ("current_player", n, (n,)),
                ("table", 52, (52,)),
                ("table_player", n, (n,)),
                ("played", n * 52, (n, 52)),
                ("hand_sizes", n * 14, (n, 14)),
                ("passed", n, (n,)),
                ("out", n * n, (n, n)),
                ("must_play", 52, (52,)),
            ]
            if perfect_recall:
                pieces.append(("history", self.max_turns * (n + 53), (self.max_turns, n + 53)))
        self.tensor, self.dict = tensor_views(pieces)

    def set_from(self, game: TienLenDeal, player: int) -> None:
        """Fill ``tensor`` (and its views in ``dict``) with ``player``'s view."""
        self.tensor.fill(0)
        d = self.dict
        d["player"][player] = 1
        to_move = game.current_player()
        if self.private:
            for k in set_bits(game.hand_mask(player)):
                d["hand"][k] = 1
            if to_move == player:
                for k in game.selection:
                    d["selection"][k] = 1
            if self.perfect_recall and game.engine is not None:
                for k in set_bits(game.dealt[player]):
                    d["dealt"][k] = 1
        if not self.public:
            return
        if to_move >= 0:
            d["current_player"][to_move] = 1
        for q in range(game.num_players):
            for k in set_bits(game.played[q]):
                d["played"][q, k] = 1
            d["hand_sizes"][q, bin(game.hand_mask(q)).count("1")] = 1
        for place, q in enumerate(game.out):
            d["out"][q, place] = 1
        engine = game.engine
        if engine is not None:
            table = engine.table
            if table is not None:
                for k in _keys(table):
                    d["table"][k] = 1
                d["table_player"][engine.table_player] = 1
            for q in engine.passed():
                d["passed"][q] = 1
            req = game.required()
            if req >= 0:
                d["must_play"][req] = 1
        if self.perfect_recall:
            hist = d["history"]
            n = game.num_players
            for t, (p, a) in enumerate(game.record[: self.max_turns]):
                hist[t, p] = 1
                if a is PASS:
                    hist[t, n + 52] = 1
                else:
                    for k in _keys(a):  # type: ignore[arg-type]
                        hist[t, n + k] = 1

    @machine_text
    def string_from(self, game: TienLenDeal, player: int) -> str:
        """``player``'s view as one line of text."""
        parts = [f"Player {player}"]
        to_move = game.current_player()
        if self.private:
            parts.append(f"hand {_MASK_TEXT(game.hand_mask(player))}")
            if to_move == player and game.selection:
                parts.append(f"selected {_MASK_TEXT.of(game.selection)}")
        if self.public:
            engine = game.engine
            if engine is None:
                parts.append(f"dealing ({game.dealt_count} dealt)")
            else:
                table = engine.table
                parts.append(f"table {table} by P{engine.table_player}" if table is not None else "table clear")
                passed = engine.passed()
                if passed:
                    parts.append("passed " + " ".join(f"P{q}" for q in passed))
                parts.append("cards " + " ".join(str(game.hand_mask(q).bit_count())
                                                 for q in range(game.num_players)))
                if game.out:
                    parts.append("out " + " ".join(f"P{q}" for q in game.out))
                req = game.required()
                if req >= 0:
                    parts.append(f"must play {_TEXT[req]}")
                if self.perfect_recall:
                    parts.append("record " + (", ".join(
                        f"P{p} {'pass' if a is PASS else a}" for p, a in game.record) or "-"))
                else:
                    parts.append("played " + "; ".join(
                        f"P{q} {_MASK_TEXT(game.played[q])}" for q in range(game.num_players)))
                if game.is_terminal():
                    parts.append("points " + " ".join(str(x) for x in engine.returns()))
                else:
                    parts.append(f"to move P{to_move}")
        if self.private and self.perfect_recall and game.engine is not None:
            parts.append(f"dealt {_MASK_TEXT.of(set_bits(game.dealt[player]))}")
        return " | ".join(parts)
