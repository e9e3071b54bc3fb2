"""A Tiến Lên match as a game state, in the manner of OpenSpiel.

``new_game(rules, seed)`` deals the first game of a match.  The state then moves
through its games by itself: when a game ends its result is appended to
``state.round_results``, the scores are added up, and — unless someone has reached
the target — the next game is dealt and led by the winner of the one before.

Seats are numbered 0 … n−1 and play goes clockwise, which is upwards: after
Player 1 comes Player 2, after the last seat Player 0.

Everything a rule book leaves open is settled here (and tested):

- The deal: the decks of a match come one per game from one ``random.Random(seed)``
  (so the same seed deals the same games on every machine, whatever is played); each
  is dealt one card at a time, Player 0 first.  With two or three players the cards left
  over stay out of play, face down.
- First game: the holder of 3♠ leads and the first play must contain 3♠; when 3♠ is
  out of play (two or three players) the holder of the lowest dealt card leads and
  must play that card.  Later games: the winner of the previous game leads with
  anything.
- Instant wins (all four 2s, or a dragon: one card of every rank 3 to A) are checked
  right after the deal, before any play.  If more than one player has one, the first
  of them in turn order starting from the player who would lead wins.
- When everyone else has passed, the player of the last combination clears the
  table and leads; if that player has gone out, the lead passes to the next player
  in turn who still holds cards.  Passing is never allowed when leading.
- Scoring: the k-th player out scores n − k; an instant winner scores n − 1 and
  everyone else 0.  The match ends after the game in which a player's total reaches
  the target.  If several reach it in that game, the highest total wins; if totals
  are level, the one who scored more in that last game wins (game scores are all
  different, so this always settles it).

>>> from cardkit.tienlen import new_game, PASS
>>> state = new_game(seed=1)
>>> state.current_player(), str(state.legal_actions()[0])
(0, '3♠')
>>> PASS in state.legal_actions()      # the leader may not pass
False
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import starmap
from typing import Any, Optional, Union

from ..cards import Card, cards_text, deal_code, resolve_seed
from ..errors import HandError, IllegalActionError, OptionError, PlayerError, RulesError
from ..i18n import Message, and_list, joined, ordinal, say, seat, sentences
from ..game import TERMINAL, Event
from .rules import (
    CARD_AT_PLACE,
    PLACE_OF_INDEX,
    SINGLES_IN,
    Combo,
    Rules,
    beats_combo,
    cards_of_mask,
    chops_of_a_two,
    combo_of_mask,
    instant_win_of_mask,
    plays_of_mask,
    responses_of_mask,
    beat_problem,
)

__all__ = [
    "Rules",
    "Pass",
    "PASS",
    "Action",
    "Event",
    "GameResult",
    "Observation",
    "TienLenState",
    "new_game",
    "TERMINAL",
]


# ---------------------------------------------------------------------------
# Actions

class Pass:
    """The action of passing (there is one: :data:`PASS`).  ``str(PASS) == 'pass'``."""

    __slots__ = ()
    _instance: "Optional[Pass]" = None

    def __new__(cls) -> "Pass":
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "PASS"

    def __reduce__(self):
        return (Pass, ())

    def __copy__(self) -> "Pass":
        return self

    def __deepcopy__(self, memo: dict) -> "Pass":
        return self

    def describe(self) -> str:
        """``'pass'``."""
        return "pass"


PASS = Pass()
"""Passing: stay out of this round of play (allowed whenever you do not lead)."""

Action = Union[Combo, Pass]


# ---------------------------------------------------------------------------
# Records

# The log is made of :class:`cardkit.game.Event` records; a Tiến Lên event's ``kind`` is
# one of 'deal', 'instant_win', 'play', 'bomb', 'chop', 'pass', 'clear', 'out',
# 'game_over', 'match_over', and its ``round`` is the number of the game.

@dataclass(frozen=True)
class GameResult:
    """The result of one finished game of a match (``state.round_results``).

    - ``game``: its number in the match (1, 2, …); ``leader``: who led it;
    - ``finishing_order``: the players in the order they went out (the last one
      still held cards; empty after an instant win);
    - ``scores``: this game's points; ``totals``: the match totals after it;
    - ``instant_win`` (``'four_twos'`` or ``'dragon'``) and ``instant_winner`` when the
      game was won at the deal;
    - ``hands``: every hand as dealt, lowest card first; ``history``: every action,
      as ``(player, action)``; ``text``: the result in words.
    """

    game: int
    leader: int
    finishing_order: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    instant_win: Optional[str] = None
    instant_winner: Optional[int] = None
    dealt: tuple[int, ...] = field(default=(), repr=False)
    entries: tuple = field(default=(), repr=False, compare=False)

    @property
    def round(self) -> int:
        """The game's number in the match (the same as ``game``; ``round`` in both games)."""
        return self.game

    @property
    def winner(self) -> int:
        """The player who won this game (first out, or the instant winner)."""
        return self.instant_winner if self.instant_winner is not None else self.finishing_order[0]

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every player's hand as dealt, lowest card first."""
        return tuple(cards_of_mask(h) for h in self.dealt)

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action of the game, in order, as ``(player, action)``."""
        return tuple(_actions_of(self.entries))

    @property
    def text(self) -> str:
        """The result in words, with the match totals."""
        instant = (self.instant_winner, self.instant_win) if self.instant_win else None
        return str(_result_text(self.game, self.finishing_order, self.scores, self.totals, instant))


@dataclass(frozen=True)
class Observation:
    """What one player may see (never the other hands).

    - ``hand``: their own cards, lowest first;
    - ``history``: every action of this game so far, as ``(player, action)``;
    - ``table`` / ``table_player``: the combination to beat and who played it
      (``None`` when the table is clear);
    - ``passed``: the players who have passed in this round of play;
    - ``hand_sizes``: how many cards each player holds; ``finished``: who has gone
      out, in order;
    - ``scores``: the match totals; ``round_number``: the number of the game in the
      match; ``must_play``: the card the first play of the match must contain, if any;
    - ``legal_actions``: a tuple of what this player may do now (empty when it is not
      their turn); ``is_terminal``: whether the match is over.

    The names that both games share mean the same in both (README, "One state API
    for both games").
    """

    player: int
    num_players: int
    current_player: int
    hand: tuple[Card, ...]
    table: Optional[Combo]
    table_player: Optional[int]
    passed: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    finished: tuple[int, ...]
    history: tuple[tuple[int, Action], ...]
    scores: tuple[int, ...]
    round_number: int
    must_play: Optional[Card]
    rules: Rules
    legal_actions: tuple = ()
    is_terminal: bool = False

    @property
    def leading(self) -> bool:
        """True when it is this player's turn and the table is clear: play anything."""
        return self.current_player == self.player and self.table is None

    @property
    def plays(self) -> tuple[tuple[int, Combo], ...]:
        """The combinations played in this game so far (passes left out)."""
        return tuple((p, a) for p, a in self.history if a is not PASS)

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card played in this game so far."""
        return tuple(c for _, a in self.history if a is not PASS for c in a.cards)


# ---------------------------------------------------------------------------
# The state

_BIT_OF_INDEX = tuple(1 << t for t in PLACE_OF_INDEX)
_ABOVE = tuple(((1 << 52) - 1) & ~((2 << t) - 1) for t in range(52))  # cards above card t
_PLAYER_TAG = tuple(p << 52 for p in range(4))
_PASS_TAG = tuple((1 << 54) | p << 52 for p in range(4))  # = _PASS_BIT | player
_DECK = range(52)
_NO_ARGS = ((),) * 52
_BIT = tuple(1 << t for t in range(52))

# raw log codes (events are written out in words only when asked for)
_E_DEAL, _E_INSTANT, _E_PLAY, _E_PASS, _E_CLEAR, _E_OUT, _E_GAME, _E_MATCH = range(8)
# The log is a list.  Plays, passes and clearings — nearly all of it — are stored as
# plain ints (cheap to make and to copy, and never looked at by the garbage
# collector): bits 0-51 the cards played, bits 52-53 the player, bit 54 a pass,
# bit 55 a clearing (then bits 0-1 hold the player whose play was left standing).
# The rarer entries are tuples starting with their code.
_PASS_BIT = 1 << 54
_CLEAR_BIT = 1 << 55
_CARD_BITS = (1 << 52) - 1


def _decode(entry: int) -> tuple:
    """An int log entry as a tuple: (_E_PLAY, player, combo), (_E_PASS, player, PASS)
    or (_E_CLEAR, leader, owner)."""
    p = entry >> 52 & 3
    if entry & _CLEAR_BIT:
        return (_E_CLEAR, p, entry & 3)
    if entry & _PASS_BIT:
        return (_E_PASS, p, PASS)
    return (_E_PLAY, p, combo_of_mask(entry & _CARD_BITS))


def _actions_of(entries) -> list[tuple[int, Action]]:
    out = []
    for e in entries:
        if type(e) is int and not e & _CLEAR_BIT:
            out.append((e >> 52 & 3, PASS if e & _PASS_BIT else combo_of_mask(e & _CARD_BITS)))
    return out


class _Decks:
    """The shuffled decks of a match, one per game, made on demand from one
    ``random.Random(seed)``: the k-th game is always dealt from the k-th deck, whatever
    was played, so the same seed deals the same games on every machine.  Clones of a
    state share this object safely (it only grows, and the same way for every clone),
    which keeps ``clone()`` cheap.  A deck lists the 52 cards by their ``card_key``
    places; a shuffle sorts the cards by 52 random keys."""

    __slots__ = ("rng", "decks")

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.decks: list[list[int]] = []

    def deck(self, game: int) -> list[int]:
        decks = self.decks
        while len(decks) <= game:
            keys = list(starmap(self.rng.random, _NO_ARGS))  # 52 calls of random()
            decks.append(sorted(_DECK, key=keys.__getitem__))
        return decks[game]


def place_points(place: int, players: int = 4) -> int:
    """The points for going out ``place``-th (1: first) of ``players``: ``players − place``
    (with four players: first 3, second 2, third 1, last 0).  An instant winner scores
    ``place_points(1, players)`` and everyone else 0.

    >>> [place_points(k) for k in range(1, 5)]
    [3, 2, 1, 0]
    """
    if isinstance(players, bool) or not isinstance(players, int) or not Rules.MIN_PLAYERS <= players <= Rules.MAX_PLAYERS:
        raise OptionError(say("tl.rules.players_must_whole_number_2", players=repr(players)))
    if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= players:
        raise OptionError(say("tl.game.place_range", place=repr(place), players=players))
    return players - place


class TienLenState:
    """A Tiến Lên match in progress.  Make one with :func:`new_game`.

    Ask ``current_player()``, ``legal_actions()``; act with ``apply_action(action)``
    (a :class:`Combo` or :data:`PASS`).  ``returns()`` gives the points won so far,
    ``round_results`` the finished games, ``events`` a readable log.
    """

    __slots__ = (
        "rules", "num_players", "seed", "deal_code", "round_results",
        "_hands", "_dealt", "_totals", "_game", "_cur", "_table", "_owner",
        "_inround", "_out", "_required", "_leader", "_start", "_log", "_events", "_cursor",
        "_leads", "_decks", "_winner", "_quad_pair", "_ladder", "_rejoin", "_after", "_history_kept",
    )

    def __init__(self, rules: Optional[Rules] = None, seed: Union[int, str, None] = None, *,
                 _hands: Optional[list[int]] = None, _leader: Optional[int] = None) -> None:
        if rules is None:
            rules = Rules()
        elif not isinstance(rules, Rules):
            raise RulesError(say("tl.game.rules_must_tienlen_rules_not", name=type(rules).__name__))
        seed = resolve_seed(seed, any_whole_number=True)
        n = rules.players
        self.rules = rules
        self.num_players = n
        self.seed = seed
        try:
            self.deal_code: Optional[str] = deal_code(seed)
        except ValueError:
            self.deal_code = None
        self.round_results: list[GameResult] = []
        self._totals = [0] * n
        self._game = 0
        self._winner: Optional[int] = None
        self._quad_pair = rules.four_of_a_kind_beats_pair_of_twos
        self._ladder = rules.bigger_bombs_beat_smaller
        self._rejoin = rules.passed_players_may_rejoin
        self._after = tuple(tuple((p + i) % n for i in range(1, n)) for p in range(n))
        self._log: list = []
        self._events: list[Event] = []
        self._cursor = [0, 0, None, -1]  # for writing events: log entries written, game, table, its player
        self._decks = _Decks(seed)
        if _hands is None:
            self._deal(None)
        else:
            self._start_game(_hands, _leader, free_lead=_leader is not None)

    @classmethod
    def from_hands(cls, hands, rules: Optional[Rules] = None, seed: Union[int, str, None] = None,
                   leader: Optional[int] = None) -> "TienLenState":
        """A match whose first game starts from the given hands — for puzzles, lessons
        and tests.  ``hands`` holds one group of cards per player (text such as
        ``'3S 4S 5H'`` or lists of cards), 1 to 13 cards each, no card twice.

        ``rules`` defaults to ``Rules(players=len(hands))``.  With ``leader=None`` the
        first-game rule applies: the holder of the lowest card dealt (3♠ if it is
        dealt) leads and must play it; with ``leader=p``, player ``p`` leads with any
        combination.  Later games are dealt as usual, from ``seed``.
        """
        from ..cards import to_cards

        if rules is None:
            rules = Rules(players=len(hands)) if Rules.MIN_PLAYERS <= len(hands) <= Rules.MAX_PLAYERS else None
            if rules is None:
                raise RulesError(say("tl.game.ti_n_l_n_played", len=len(hands)))
        if len(hands) != rules.players:
            raise RulesError(say("tl.game.rules_are_for_players_but", players=rules.players, len=len(hands)))
        masks = []
        seen: set = set()
        for p, hand in enumerate(hands):
            cards = to_cards(hand)
            if not 1 <= len(cards) <= 13:
                raise HandError(say("tl.game.hand_must_hold_1_13", player=seat(p), len=len(cards)))
            twice = seen.intersection(cards)
            if twice:
                raise HandError(say("tl.game.cannot_in_two_hands", twice=tuple(twice)))
            seen.update(cards)
            m = 0
            for c in cards:
                m |= _BIT_OF_INDEX[c.index]
            masks.append(m)
        if leader is not None and (isinstance(leader, bool) or leader not in range(rules.players)):
            raise RulesError(say("tl.game.leader_must_player_from_0", v=rules.players - 1, leader=repr(leader)))
        return cls(rules, seed, _hands=masks, _leader=leader)

    # -- dealing and the end of a game ---------------------------------------

    def _deal(self, previous_winner: Optional[int]) -> None:
        """Deal the next game of the match (``previous_winner`` leads it, if given)."""
        n = self.num_players
        deck = self._decks.deck(self._game)  # the deck of the next game
        bit = _BIT.__getitem__
        hands = [sum(map(bit, deck[p:13 * n:n])) for p in range(n)]
        self._start_game(hands, previous_winner, free_lead=previous_winner is not None)

    def _start_game(self, hands: list[int], leader: Optional[int], free_lead: bool) -> None:
        """Begin a game with these hands: ``leader`` leads freely, or (``free_lead``
        False) the holder of the lowest card dealt leads and must play it."""
        n = self.num_players
        self._game += 1
        self._hands = hands
        self._dealt = tuple(hands)
        self._table: Optional[Combo] = None
        self._owner = -1
        self._out: list[int] = []
        self._start = len(self._log)
        self._inround = [True] * n
        self._leads: list = [None] * n
        if not free_lead:
            dealt = 0
            for h in hands:
                dealt |= h
            low = dealt & -dealt  # 3♠ with four players
            leader = next(p for p in range(n) if hands[p] & low)
            self._required = low
        else:
            self._required = 0
        self._leader = leader
        self._cur = leader
        sizes = tuple(h.bit_count() for h in hands)
        how = 0 if not free_lead else (1 if self.round_results else 2)
        self._log.append((_E_DEAL, self._game, leader, self._required, sizes, how))
        for p in (leader,) + self._after[leader]:
            kind = instant_win_of_mask(hands[p])
            if kind is not None:
                self._log.append((_E_INSTANT, p, kind))
                self._end_game(instant=(p, kind))
                return

    def _end_game(self, instant: Optional[tuple[int, str]] = None) -> None:
        """Score the game just finished (``instant``: the instant winner and how), keep
        its result, and deal the next game unless the match is over."""
        n = self.num_players
        scores = [0] * n
        if instant is not None:
            scores[instant[0]] = n - 1
            order = tuple(self._out)
            winner = instant[0]
        else:
            order = tuple(self._out)
            for k, p in enumerate(order, start=1):
                scores[p] = place_points(k, n)
            winner = order[0]
        totals = self._totals
        for p in range(n):
            totals[p] += scores[p]
        result = GameResult(
            self._game, self._leader, order, tuple(scores), tuple(totals),
            instant[1] if instant else None, instant[0] if instant else None,
            self._dealt, tuple(self._log[self._start:]),
        )
        self.round_results.append(result)
        self._log.append((_E_GAME, self._game, tuple(scores), tuple(totals)))
        self._table = None
        best = max(totals)
        if best >= self.rules.target:
            leaders = [p for p in range(n) if totals[p] == best]
            champion = max(leaders, key=lambda p: scores[p])
            self._winner = champion
            self._cur = TERMINAL
            self._log.append((_E_MATCH, champion, tuple(totals)))
            return
        self._deal(winner)

    # -- the OpenSpiel-style interface ---------------------------------------

    def current_player(self) -> int:
        """Whose turn it is (0 … n−1), or ``TERMINAL`` (−1) once the match is over."""
        return self._cur

    def is_terminal(self) -> bool:
        """True once the match is over."""
        return self._cur < 0

    def returns(self) -> list[int]:
        """Every player's match points so far."""
        return list(self._totals)

    def legal_actions(self) -> list[Action]:
        """Everything the current player may do now, each once: the combinations from
        their hand that beat the table (lowest first, bombs last) and then :data:`PASS`;
        or, when they lead, every combination in their hand (no passing).  Empty once
        the match is over."""
        p = self._cur
        if p < 0:
            return []
        table = self._table
        m = self._hands[p]
        if table is None:
            # Every combination in the hand.  Hands only shrink during a game, so the
            # list kept from this player's last lead is filtered rather than rebuilt.
            kept = self._leads[p]
            if kept is None:
                plays = plays_of_mask(m)
            elif kept[0] == m:
                plays = list(kept[1])
            else:
                gone = kept[0] ^ m
                plays = [c for c in kept[1] if not c.mask & gone]
            self._leads[p] = (m, tuple(plays))
            req = self._required
            if req:
                plays = [c for c in plays if c.mask & req]
            return plays
        if table.code == 0:  # a single: the commonest case, written out for speed
            top = table.top
            hi = m & _ABOVE[top]
            if not hi and top < 48:
                return [PASS]
            g1 = SINGLES_IN
            # the cards above the table's card, three ranks (a 12-bit chunk) at a time
            if top >= 35:
                plays = [*g1[hi & 0xFFF000000000], *g1[hi & 0xF000000000000]]
            elif top >= 23:
                plays = [*g1[hi & 0xFFF000000], *g1[hi & 0xFFF000000000], *g1[hi & 0xF000000000000]]
            elif top >= 11:
                plays = [*g1[hi & 0xFFF000], *g1[hi & 0xFFF000000], *g1[hi & 0xFFF000000000],
                         *g1[hi & 0xF000000000000]]
            else:
                plays = [*g1[hi & 0xFFF], *g1[hi & 0xFFF000], *g1[hi & 0xFFF000000],
                         *g1[hi & 0xFFF000000000], *g1[hi & 0xF000000000000]]
            if top >= 48:
                plays += chops_of_a_two(m)
            plays.append(PASS)
            return plays
        plays = responses_of_mask(m, table, self._quad_pair, self._ladder)
        plays.append(PASS)
        return plays

    def apply_action(self, action: Action, player: Optional[int] = None) -> None:
        """Play a :class:`Combo` from the current player's hand, or :data:`PASS`.

        ``player`` (optional) says who is acting; a move out of turn is refused.  An
        action that is not allowed raises :class:`IllegalActionError` with the reason,
        and the state is left exactly as it was.
        """
        p = self._cur
        if p < 0 or (player is not None and player != p):
            raise IllegalActionError(self._why_illegal(action, player))
        table = self._table
        if action is PASS:
            if table is None:
                raise IllegalActionError(self._why_illegal(action, player))
            self._log.append(_PASS_TAG[p])
            inround = self._inround
            inround[p] = False
            for q in self._after[p]:
                if inround[q]:
                    if q == self._owner:
                        self._clear(q)
                    else:
                        self._cur = q
                    return
            self._clear(self._owner)
            return
        if type(action) is not Combo:
            raise IllegalActionError(self._why_illegal(action, player))
        m = action.mask
        hand = self._hands[p]
        if m & hand != m:
            raise IllegalActionError(self._why_illegal(action, player))
        if table is None:
            if self._required:
                if not m & self._required:
                    raise IllegalActionError(self._why_illegal(action, player))
                self._required = 0
        elif (action.shape != table.shape or action.top <= table.top) and \
                not beats_combo(action, table, self._quad_pair, self._ladder):
            raise IllegalActionError(self._why_illegal(action, player))
        # -- the play is legal: apply it
        hand ^= m
        self._hands[p] = hand
        self._log.append(m | _PLAYER_TAG[p])
        self._table = action
        self._owner = p
        inround = self._inround
        if not hand:
            out = self._out
            out.append(p)
            inround[p] = False
            self._log.append((_E_OUT, p, len(out)))
            if len(out) == self.num_players - 1:
                hands = self._hands
                out.append(next(q for q in range(self.num_players) if hands[q]))
                self._end_game()
                return
        elif self._rejoin:
            hands = self._hands
            for q in self._after[p]:
                inround[q] = hands[q] != 0
        for q in self._after[p]:
            if inround[q]:
                self._cur = q
                return
        self._clear(p)

    def _clear(self, owner: int) -> None:
        """Everyone else has passed on ``owner``'s play: clear the table, and the owner
        (or, if they have gone out, the next player with cards) leads."""
        hands = self._hands
        leader = owner
        if not hands[owner]:
            leader = next(q for q in self._after[owner] if hands[q])
        self._table = None
        self._cur = leader
        self._inround = [h != 0 for h in hands]
        self._log.append(_CLEAR_BIT | leader << 52 | owner)

    # -- explaining -----------------------------------------------------------

    def why_illegal_action(self, action: object, player: Optional[int] = None) -> Optional[str]:
        """Why ``action`` may not be taken now (by ``player``, if given), in words;
        ``None`` if it is legal (:meth:`action_problem` rendered)."""
        problem = self._why_illegal(action, player)
        return None if problem is None else str(problem)

    def action_problem(self, action: object, player: Optional[int] = None) -> Optional[Message]:
        """Why ``action`` may not be taken now (by ``player``, if given), as a message
        (a code and its values); ``None`` if it is legal."""
        return self._why_illegal(action, player)

    def _why_illegal(self, action: object, player: Optional[int]) -> Optional[Message]:
        p = self._cur
        if p < 0:
            return (say("tl.action.match_over_won_it_start", player=seat(self._winner)))
        if player is not None and player != p:
            return say("tl.action.it_turn_not", player=seat(p), player2=seat(player))
        table = self._table
        if action is PASS:
            if table is None:
                return say("tl.action.you_cannot_pass_when_you")
            return None
        if not isinstance(action, Combo):
            return (say("tl.action.action_combination_play_combo_such", action=repr(action)))
        hand = self._hands[p]
        missing = [c for c in action.cards if not hand >> PLACE_OF_INDEX[c.index] & 1]
        if missing:
            return say("tl.action.does_not_hold", player=seat(p), missing=tuple(missing))
        if table is None:
            req = self._required
            if req and not action.mask & req:
                card = CARD_AT_PLACE[req.bit_length() - 1]
                return say("tl.action.must_contain_lowest_dealt" if req != 1 else "tl.action.must_contain_lowest",
                           card=card)
            return None
        return beat_problem(action, table, self.rules)

    # -- looking at the state ---------------------------------------------------

    def hand(self, player: int) -> list[Card]:
        """The cards ``player`` holds, lowest first (for tests and teaching; bots see
        only their own hand, through :meth:`observation`)."""
        return list(cards_of_mask(self._hands[player]))

    @property
    def table(self) -> Optional[Combo]:
        """The combination to beat, or ``None`` when the table is clear."""
        return self._table

    @property
    def table_player(self) -> Optional[int]:
        """Who played the combination on the table (``None`` when it is clear)."""
        return self._owner if self._table is not None else None

    @property
    def round_number(self) -> int:
        """The number of the game in progress (1 for the first of the match); the last
        game once the match is over.  ``round_number`` in both games."""
        return self._game

    @property
    def game_number(self) -> int:
        """The same as :attr:`round_number` (the rule book's word: a game of the match)."""
        return self._game

    @property
    def winner(self) -> Optional[int]:
        """The winner of the match, once it is over; ``None`` before.  A Tiến Lên match
        has one winner (ties are settled), so this is ``winners()[0]``."""
        return self._winner

    def winners(self) -> list[int]:
        """The winner of the match as a list (``[p]``), as in every game; empty before
        the match is over."""
        return [] if self._winner is None else [self._winner]

    @property
    def history(self) -> list[tuple[int, Action]]:
        """Every action of the game in progress (the last game once the match is over),
        as ``(player, action)``."""
        return list(self._game_history())

    def _game_history(self) -> list[tuple[int, Action]]:
        # The log only grows within a game, so the actions decoded for the last
        # observation are kept and only the new entries are decoded (a bot reads the
        # history at every move: decoding it all again each time was most of a match).
        start, n = self._start, len(self._log)
        try:
            kept = self._history_kept
        except AttributeError:   # a new state, or a clone: nothing decoded yet
            kept = None
        if kept is None or kept[0] != start or kept[1] > n:
            kept = (start, start, [])
        if kept[1] < n:
            kept = (start, n, kept[2] + _actions_of(self._log[kept[1]:n]))
        self._history_kept = kept
        return kept[2]

    @property
    def must_play(self) -> Optional[Card]:
        """The card the coming first play of the match must contain (3♠ with four
        players), or ``None``."""
        req = self._required
        return CARD_AT_PLACE[req.bit_length() - 1] if req and self._cur >= 0 else None

    def cards_left(self) -> list[int]:
        """How many cards each player holds."""
        return [h.bit_count() for h in self._hands]

    def passed(self) -> tuple[int, ...]:
        """The players who have passed in this round of play."""
        if self._table is None:
            return ()
        hands, inround = self._hands, self._inround
        return tuple(q for q in range(self.num_players)
                     if hands[q] and not inround[q] and q != self._owner)

    def observation(self, player: int) -> Observation:
        """What ``player`` may see: their own hand and everything public."""
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.num_players:
            raise PlayerError(say("tl.game.there_no_player_players_are", player=repr(player), v=self.num_players - 1))
        table = self._table
        return Observation(
            player=player,
            num_players=self.num_players,
            current_player=self._cur,
            hand=cards_of_mask(self._hands[player]),
            table=table,
            table_player=self._owner if table is not None else None,
            passed=self.passed(),
            hand_sizes=tuple(h.bit_count() for h in self._hands),
            finished=tuple(self._out),
            history=tuple(self._game_history()),  # a copy: the kept list is never changed in place
            scores=tuple(self._totals),
            round_number=self._game,
            must_play=self.must_play,
            rules=self.rules,
            legal_actions=tuple(self.legal_actions()) if player == self._cur else (),
            is_terminal=self._cur < 0,
        )

    @property
    def events(self) -> list[Event]:
        """The match log so far, oldest first, as :class:`Event` records."""
        if self._cursor[0] < len(self._log):
            self._events.extend(_write_events(self._log, self.num_players, self._cursor))
        return list(self._events)

    def clone(self) -> "TienLenState":
        """An independent copy: acting on one never changes the other."""
        new = object.__new__(TienLenState)
        for name in ("rules", "num_players", "seed", "deal_code", "_dealt", "_totals", "_game",
                     "_cur", "_table", "_owner", "_required", "_leader", "_start", "_winner", "_quad_pair",
                     "_ladder", "_rejoin", "_after"):
            object.__setattr__(new, name, getattr(self, name))
        new.round_results = list(self.round_results)
        new._totals = list(self._totals)
        new._hands = list(self._hands)
        new._inround = list(self._inround)
        new._out = list(self._out)
        new._log = list(self._log)
        new._events = list(self._events)
        new._cursor = list(self._cursor)
        new._leads = list(self._leads)
        new._decks = self._decks  # shared: it only ever grows, the same way for both
        return new

    def __repr__(self) -> str:
        if self._cur < 0:
            return f"<TienLenState over: seat {self._winner} won, points {self._totals}>"
        table = f"table {self._table.cards} by seat {self._owner}" if self._table is not None else "table clear"
        return (f"<TienLenState game {self._game}, seat {self._cur} to play, {table}, "
                f"hand sizes {self.cards_left()}, points {self._totals}>")


def new_game(rules: Optional[Rules] = None, seed: Union[int, str, None] = None) -> TienLenState:
    """Start a Tiến Lên match: deal the first game.

    ``rules`` defaults to ``Rules()`` (four players, to 21 points).  ``seed`` fixes
    every deal of the match: a whole number, or a deal code such as ``'K7Q-29X'``
    (seeds 0 to 2**30 − 1 have one); ``seed=None``
    draws a fresh seed, kept in ``state.seed`` (and ``state.deal_code``), so the same
    match can be dealt again.
    """
    return TienLenState(rules, seed)


# ---------------------------------------------------------------------------
# Writing the log out in words

def _seat_points(points) -> Any:
    # "Player 0 3, Player 1 2, …": each seat and its points (rendered in the page's language)
    return joined([say("tl.event.seat_points", player=seat(q), points=x) for q, x in points], "list.comma")


def _result_text(game: int, order, scores, totals, instant) -> Message:
    if instant is not None:
        p, kind = instant
        head = say(f"tl.result.instant_{kind}", game=game, player=seat(p), points=scores[p])
    else:
        head = say("tl.result.went_out_first", game=game, player=seat(order[0]),
                   order=joined([seat(q) for q in order], "list.comma"),
                   points=_seat_points((q, scores[q]) for q in order))
    return say("tl.result.with_totals", head=head, totals=_seat_points(enumerate(totals)))


def _write_events(log: list, n: int, cursor: list) -> list[Event]:
    """Events for the log entries not yet written out.  ``cursor`` carries from one call
    to the next how many entries are written (one entry can make two events: a bomb's
    play and its chop), the game number and the table (combo and player)."""
    out: list[Event] = []
    start, game, table, owner = cursor
    for entry in log[start:]:
        if type(entry) is int:
            entry = _decode(entry)
        code = entry[0]
        if code == _E_DEAL:
            table = None
            _, game, leader, req, sizes, how = entry
            if all(k == 13 for k in sizes):
                dealt = say("tl.event.dealt_13", game=game, n=n)
            else:
                dealt = say("tl.event.dealt_sizes", game=game, sizes=joined(sizes, "list.comma"))
            if req:
                card = CARD_AT_PLACE[req.bit_length() - 1]
                if req == 1:
                    leads = say("tl.event.holds_3s_leads", player=seat(leader), card=card)
                else:
                    leads = say("tl.event.holds_lowest_leads", player=seat(leader), card=card)
            elif how == 1:
                leads = say("tl.event.winner_leads", player=seat(leader))
            else:
                leads = say("tl.event.leads", player=seat(leader))
            out.append(Event(None, "deal", sentences(dealt, leads), game))
        elif code == _E_INSTANT:
            _, p, kind = entry
            out.append(Event(p, "instant_win", say(f"tl.event.instant_{kind}", player=seat(p)), game))
        elif code == _E_PLAY:
            _, p, combo = entry
            prev, prev_owner = table, owner
            table, owner = combo, p
            out.append(Event(p, "play", say("tl.event.play_single", player=seat(p), cards=combo.cards)
                             if len(combo.cards) == 1 else
                             say("tl.event.play", player=seat(p), cards=combo.cards, what=combo.description), game))
            if combo.is_bomb:
                if prev is None:
                    out.append(Event(p, "bomb", say("tl.event.bomb_lead", player=seat(p), bomb=combo.shape_name), game))
                else:
                    if prev.top >= 48 and not prev.is_bomb:
                        what = say(f"tl.event.chopped_twos_{prev.size}", cards=prev.cards)
                    else:
                        what = say("tl.event.chopped", name=prev.shape_name, cards=prev.cards)
                    out.append(Event(p, "chop", say("tl.event.chop", player=seat(p), bomb=combo.shape_name,
                                                    owner=seat(prev_owner), what=what), game))
        elif code == _E_PASS:
            out.append(Event(entry[1], "pass", say("tl.event.pass", player=seat(entry[1])), game))
        elif code == _E_CLEAR:
            _, leader, owner = entry
            table = None
            if leader == owner:
                message = say("tl.event.clear", player=seat(owner))
            else:
                message = say("tl.event.clear_gone_out", owner=seat(owner), leader=seat(leader))
            out.append(Event(leader, "clear", message, game))
        elif code == _E_OUT:
            _, p, place = entry
            out.append(Event(p, "out", say("tl.event.out", player=seat(p), place=ordinal(place)), game))
        elif code == _E_GAME:
            _, g, scores, totals = entry
            out.append(Event(None, "game_over", say("tl.event.game_over", game=g,
                                                    points=_seat_points(enumerate(scores)),
                                                    totals=_seat_points(enumerate(totals))), g))
        elif code == _E_MATCH:
            _, p, totals = entry
            out.append(Event(p, "match_over", say("tl.event.match_over", player=seat(p), points=totals[p]), game))
    cursor[:] = [len(log), game, table, owner]
    return out
