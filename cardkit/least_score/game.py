"""A Least Score match: actions, the game state, what each player sees, results.

``new_game()`` starts a whole match; the state deals each round, moves the deal
round the table and keeps the running scores by itself::

    >>> from cardkit.least_score import new_game, DECLARE
    >>> state = new_game(seed=7)
    >>> state.current_player()
    0
    >>> action = state.legal_actions()[0]
    >>> str(action)
    'discard 4♦, take 6♣ from the open cards'
    >>> state.apply_action(action)

Illegal actions raise :class:`~cardkit.errors.IllegalActionError` with the reason
and leave the state exactly as it was.  The rule numbers in brackets are those of
``rules/least-score.md``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Optional, Sequence, Union

from ..cards import Card, CardLike, cards_text, deal_code, full_deck, resolve_seed, to_cards
from ..errors import CardParseError, HandError, IllegalActionError, OptionError, PlayerError, RulesError
from ..i18n import Message, and_list, kind_name, say, seat, sentences
from ..game import TERMINAL, Event
from .rules import (
    HAND_SIZE,
    CARD_VALUES,
    KIND_NAMES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Rules,
    check_rules,
    declaration_succeeded,
    discard_groups,
    display_order,
    kind_of_indexes,
    round_scores,
    explain_scores,
    sort_key,
    discard_problem,
)

__all__ = [
    "Discard",
    "Declare",
    "DECLARE",
    "Action",
    "Turn",
    "Event",
    "RoundResult",
    "Observation",
    "LeastScoreState",
    "new_game",
    "deal",
    "deal_order",
    "HAND_SIZE",
]

CardsLike = Union[str, CardLike, Sequence[CardLike]]

"""Cards dealt to each player [1]."""




def _names(players: Sequence[int]) -> Any:
    return and_list([seat(p) for p in players])


_GROUPS: dict[tuple, tuple] = {}
"""Every hand's legal discards already worked out, by (hand, runs_one_suit)."""


# --- actions -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Discard:
    """Play a turn [2]: discard ``cards`` (one legal group), then take ``take`` —
    one of the open cards, or ``None`` for the top card of the deck.

    Cards may be given as text: ``Discard('7C 8C 9C', take='4D')``.  The cards are
    kept in display order, so two Discards of the same cards are equal however
    the cards were listed.
    """

    cards: tuple[Card, ...]
    take: Optional[Card] = None

    def __post_init__(self) -> None:
        cards = self.cards
        if not (type(cards) is tuple and all(type(c) is Card for c in cards)
                and len(set(cards)) == len(cards)):
            cards = tuple(to_cards(cards))
        object.__setattr__(self, "cards", display_order(cards))
        take = self.take
        if take is not None and type(take) is not Card:
            if isinstance(take, str):
                take = Card.parse(take)
            else:
                raise CardParseError(say("ls.game.take_must_one_card_or", take=repr(take)))
            object.__setattr__(self, "take", take)

    def __str__(self) -> str:
        if self.take is None:
            return str(say("ls.action.discard_draw", cards=self.cards))
        return str(say("ls.action.discard_take", cards=self.cards, card=self.take))


def _discard(cards: tuple[Card, ...], take: Optional[Card]) -> Discard:
    """A Discard of cards already in display order (skips the checks; engine use)."""
    d = object.__new__(Discard)
    object.__setattr__(d, "cards", cards)
    object.__setattr__(d, "take", take)
    return d


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare [5] instead of playing: every hand is shown and the round is scored.
    Use the constant :data:`DECLARE`.  There is only one: ``Declare()`` and an
    unpickled copy (in a worker process) are :data:`DECLARE` itself, so
    ``action is DECLARE`` works everywhere."""

    def __new__(cls) -> "Declare":
        instance = globals().get("DECLARE")
        return instance if isinstance(instance, cls) else object.__new__(cls)

    def __reduce__(self):
        return (Declare, ())

    def __str__(self) -> str:
        return "declare"


DECLARE = Declare()
"""The declare action."""

Action = Union[Discard, Declare]


# --- records -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Turn:
    """One played turn as everyone saw it: who discarded what, and which open card
    they took (``took`` is None when they drew the top card of the deck, which
    nobody else sees)."""

    player: int
    discarded: tuple[Card, ...]
    took: Optional[Card]

    def __str__(self) -> str:
        if self.took is None:
            return str(say("ls.turn.drew", player=seat(self.player), cards=self.discarded))
        return str(say("ls.turn.took", player=seat(self.player), cards=self.discarded, card=self.took))


# The log is made of :class:`cardkit.game.Event` records; a Least Score event's ``kind``
# is one of 'round_start', 'discard', 'reshuffle', 'declare', 'reveal', 'score',
# 'knockout', 'match_end', and its ``round`` is the number of the round.


@dataclass(frozen=True)
class RoundResult:
    """How a round ended, with every hand shown.  Everything is indexed by seat;
    a seat that had left the match has an empty hand, total None and score 0."""

    round_number: int
    players: tuple[int, ...]
    """The seats that played this round, in turn order from the first player."""
    hands: tuple[tuple[Card, ...], ...]
    totals: tuple[Optional[int], ...]
    declarer: int
    declarer_total: int
    """D, the declarer's total."""
    lowest_other: int
    """L, the lowest total of the other players."""
    success: bool
    scores: tuple[int, ...]
    """This round's score of every seat."""
    running_scores: tuple[int, ...]
    """Every seat's match score after this round."""
    knocked_out: tuple[int, ...]
    """Seats whose running score went over the threshold in this round."""
    explained: Any
    """The scoring worked out with the real numbers, as a message (see ``explanation``)."""
    history: tuple[tuple[int, "Action"], ...] = ()
    """Every action of the round, in order, as ``(player, action)``; the last is the
    declaration."""

    @property
    def round(self) -> int:
        """The round's number in the match (the same as ``round_number``; ``round`` in
        both games)."""
        return self.round_number

    @property
    def explanation(self) -> str:
        """The scoring worked out with the real numbers, in the learner's language."""
        return str(self.explained)

    def __str__(self) -> str:
        return str(say("ls.result.succeeds" if self.success else "ls.result.fails", round=self.round_number,
                       player=seat(self.declarer), explanation=self.explained))


@dataclass(frozen=True)
class Observation:
    """What one player may see [What every player can see]: their own hand, every
    discard this round and who made it, the open cards, the size of every hand,
    of the deck and of the discard pile, the running scores, who is still in — and
    never another player's hand, the deck's order, or a card someone else drew.

    The names that both games share mean the same in both (README, "One state API
    for both games"): ``player``, ``num_players``, ``rules``, ``round_number``,
    ``current_player``, ``hand``, ``hand_sizes``, ``history``, ``scores``,
    ``legal_actions`` (a tuple), ``is_terminal``."""

    player: int
    num_players: int
    rules: Rules
    round_number: int
    current_player: int
    """Whose turn it is (``TERMINAL``, -1, once the match is over)."""
    first_player: int
    """Who played first in this round."""
    hand: tuple[Card, ...]
    turns: tuple[Turn, ...]
    """Every turn played this round, in order (each discard and who made it)."""
    history: tuple[tuple[int, "Action"], ...]
    """Every action of this round so far, as ``(player, action)`` (a draw from the deck
    shows as ``take=None``: the card drawn is not in it)."""
    open_cards: tuple[Card, ...]
    open_from: Optional[int]
    """Who discarded the open cards (None for the card turned up from the deck)."""
    turned_up: Optional[Card]
    """The card turned up from the deck at the start of this round, if any."""
    hand_sizes: tuple[int, ...]
    deck_size: int
    dead_size: int
    """Cards in the discard pile: open cards that nobody took."""
    dead_cards: tuple[Card, ...]
    """The discard pile itself (every card in it was seen face up by everyone)."""
    reshuffled: tuple[Card, ...]
    """If the deck ran out this round: the cards of the discard pile that were
    shuffled into the new deck (in card order, not the deck's order)."""
    scores: tuple[int, ...]
    """Every player's running score (penalty points)."""
    still_in: tuple[bool, ...]
    can_declare: bool
    why_not_declare: Optional[str]
    """Why this player may not declare now (None when they may)."""
    legal_actions: tuple[Action, ...]
    """Every action this player may take now; empty when it is not their turn."""
    is_terminal: bool
    round_results: tuple[RoundResult, ...]

    @property
    def hand_total(self) -> int:
        """The total of this player's hand."""
        return sum(CARD_VALUES[c.index] for c in self.hand)

    @property
    def can_draw(self) -> bool:
        """Whether the top card of the deck may be taken (the deck, or else the
        discard pile that would be shuffled into a new deck, has cards)."""
        return self.deck_size + self.dead_size > 0


# --- the state -----------------------------------------------------------------------

class LeastScoreState:
    """A Least Score match in progress.  Make one with :func:`new_game`.

    The state answers ``current_player()``, ``legal_actions()``,
    ``apply_action(action)``, ``is_terminal()``, ``returns()``,
    ``observation(player)`` and ``clone()``; it deals each round, scores it
    ([6], [7]) and moves the deal one seat clockwise by itself.  ``events`` is a
    log for a UI, ``history`` the actions of the round in progress, and
    ``round_results`` holds every finished round (see :class:`cardkit.game.GameState`).
    """

    def __init__(self, rules: Rules, seed: int) -> None:
        self._setup(rules, seed)
        self._start_round()

    def _setup(self, rules: Rules, seed: int) -> None:
        self.rules: Rules = rules
        self.num_players: int = rules.players
        self.seed: int = seed
        self.deal_code: str = deal_code(seed)
        self._events: list[Event] = []
        self.round_results: list[RoundResult] = []
        self._rng = random.Random(seed)
        self._scores = [0] * rules.players
        self._in = [True] * rules.players
        self._round = 0
        self._first = 0
        self._terminal = False

    # -- the deal ---------------------------------------------------------------------
    def _seats_from(self, first: int) -> list[int]:
        n = self.num_players
        return [s for s in ((first + k) % n for k in range(n)) if self._in[s]]

    def _next_in(self, seat: int) -> int:
        n = self.num_players
        s = (seat + 1) % n
        while not self._in[s]:
            s = (s + 1) % n
        return s

    def _start_round(self) -> None:
        self._round += 1
        if self._round > 1:
            self._first = self._next_in(self._first)  # the deal moves one seat clockwise [8]
        deck = full_deck()
        self._rng.shuffle(deck)
        hands, opened, rest = deal(deck, self._seats_from(self._first), self.num_players,
                                   self.rules.first_open_card)
        self._set_position(hands, opened, None, rest, [], 0)
        deals = say("ls.event.deal", round=self._round, dealer=seat(self.dealer), n=HAND_SIZE,
                    first=seat(self._first))
        if self._open:
            then = say("ls.event.turned_up", card=self._open[0])
        else:
            then = say("ls.event.none_turned_up")
        self._log(None, "round_start", sentences(deals, then))

    def _set_position(self, hands: list[list[Card]], opened: tuple[Card, ...], open_from: Optional[int],
                      deck: list[Card], dead: list[Card], turns_played: int) -> None:
        """Set the round's cards: ``deck`` lists the deck top card first; the current
        player is the one ``turns_played`` turns after the first player."""
        for h in hands:
            h.sort(key=sort_key)
        self._hands = hands
        self._open: tuple[Card, ...] = tuple(opened)
        self._deck = list(reversed(deck))  # the top of the deck is the end of the list
        self._turned_up = self._open[0] if self._open and open_from is None and not turns_played else None
        self._dead: list[Card] = list(dead)
        self._reshuffled: tuple[Card, ...] = ()
        self._open_from: Optional[int] = open_from
        order = self._seats_from(self._first)
        self._current = order[turns_played % len(order)]
        self._turns_played = turns_played
        self._history: tuple[Turn, ...] = ()
        self._actions: list[tuple[int, Action]] = []
        self._legal: Optional[tuple[Action, ...]] = None

    def _log(self, player: Optional[int], kind: str, message: Any) -> None:
        self._events.append(Event(player, kind, message, self._round))

    @classmethod
    def from_hands(cls, hands: Sequence[Union[str, Sequence[Card]]], rules: Optional[Rules] = None,
                   seed: Union[int, str, None] = None, *, deck: Optional[CardsLike] = None,
                   open_cards: Optional[CardsLike] = None, open_from: Optional[int] = None,
                   discard_pile: CardsLike = (), first_player: int = 0, turns_played: int = 0,
                   round_number: int = 1, scores: Optional[Sequence[int]] = None) -> "LeastScoreState":
        """A match whose round in progress starts from the given position — for puzzles,
        lessons, tests and search (the way :meth:`cardkit.tienlen.TienLenState.from_hands`
        starts a Tiến Lên game).

        - ``hands``: one group of cards per seat (text such as ``'AS 2D 3C 9H 9C'`` or
          cards), 1 to 5 cards each; an empty hand is a seat that has left the match
          (only under ``match_end='last_standing'``).  ``rules`` defaults to
          ``Rules(players=len(hands))``.
        - ``deck``: the deck, top card first.  Left out, every card that is nowhere
          else goes to the deck, shuffled by ``seed``.
        - ``open_cards``: the cards the player to move may take; ``open_from`` who
          discarded them (None: the card turned up from the deck).  Left out, the
          deck's top card is turned up as in a deal (when ``rules.first_open_card``
          and no turn has been played), or there are none.
        - ``discard_pile``: the dead cards (open cards nobody took).
        - ``first_player``: who played first in this round; ``turns_played``: how many
          turns have been played in it (the player to move is that many turns on from
          the first player; nobody may declare until every player has had one).
        - ``round_number`` and ``scores`` (every seat's running score): where the
          match stands.  Later rounds are dealt as usual, from ``seed``.

        Every card of the deck must be given exactly once (in a hand, the open cards,
        the discard pile or the deck): nothing is made or lost.  Anything else raises
        a :class:`~cardkit.errors.CardkitError` (``HandError`` for cards,
        ``PlayerError`` for seats, ``RulesError`` for the rules, ``OptionError`` for
        the numbers) and builds nothing.

        >>> state = LeastScoreState.from_hands(['AC 2D 3S 9H 9C', 'KS KH KD 4C 5C'],
        ...                                    deck=None, open_cards='7D', seed=1)
        >>> state.current_player(), state.open_cards, len(state.legal_actions())
        (0, (Card('7D'),), 14)
        """
        if rules is None:
            if not isinstance(hands, (list, tuple)) or not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
                count = len(hands) if isinstance(hands, (list, tuple)) else hands
                raise RulesError(say("ls.game.least_score_played_by_players", min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, count=repr(count)))
            rules = Rules(players=len(hands))
        rules = check_rules(rules)
        n = rules.players
        if not isinstance(hands, (list, tuple)) or len(hands) != n:
            count = len(hands) if isinstance(hands, (list, tuple)) else hands
            raise RulesError(say("ls.game.rules_are_for_players_but", n=n, count=repr(count)))
        where: dict[Card, Message] = {}

        def place(cards: CardsLike, name: Message) -> list[Card]:
            got = to_cards(cards)
            for c in got:
                if c in where:
                    raise HandError(say("ls.game.given_twice_in_in", c=c, where=where[c], name=name))
                where[c] = name
            return got

        held = [place(h, say("ls.place.hand", player=seat(p))) for p, h in enumerate(hands)]
        still_in = [bool(h) for h in held]
        for p, h in enumerate(held):
            if len(h) > HAND_SIZE or (not h and rules.match_end != "last_standing"):
                raise HandError(say("ls.game.hand_size" if h else "ls.game.hand_empty", player=seat(p),
                                    most=HAND_SIZE, n=len(h)))
        if sum(still_in) < 2:
            raise HandError(say("ls.game.round_needs_at_least_two"))
        for name, value in (("turns_played", turns_played), ("round_number", round_number)):
            if isinstance(value, bool) or not isinstance(value, int) or value < (name == "round_number"):
                least = 1 if name == "round_number" else 0
                raise OptionError(say("ls.game.must_whole_number_at_least", name=name, least=least, value=repr(value)))
        if scores is None:
            scores = [0] * n
        scores = list(scores)
        if len(scores) != n or any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in scores):
            raise OptionError(say("ls.game.scores_must_whole_numbers_0", n=n, scores=repr(scores)))
        over = [p for p in range(n) if still_in[p] and scores[p] > rules.threshold]
        if over:
            raise OptionError(say("ls.game.cannot_still_in_match_with", over=and_list([seat(x) for x in over]), threshold=rules.threshold))
        for name, who in (("first_player", first_player), ("open_from", open_from)):
            if who is None and name == "open_from":
                continue
            if isinstance(who, bool) or not isinstance(who, int) or not 0 <= who < n or not still_in[who]:
                raise PlayerError(say("ls.game.must_seat_with_cards_from", name=name, v=n - 1, seat=repr(who)))
        pile = place(discard_pile, say("ls.place.pile"))
        opened = None if open_cards is None else place(open_cards, say("ls.place.open"))
        if opened is not None:
            if open_from is None and len(opened) > 1:
                raise HandError(say("ls.game.only_one_card_turned_up", opened=tuple(opened)))
            if open_from is not None and (not opened or discard_problem(opened, rules) is not None):
                raise HandError(say("ls.game.open_cards_must_legal_discard", opened=tuple(opened), open_from=seat(open_from)))
        elif open_from is not None:
            raise HandError(say("ls.game.open_from_names_but_no", open_from=seat(open_from)))
        state = cls.__new__(cls)
        state._setup(rules, resolve_seed(seed))
        state._in = still_in
        order = state._seats_from(first_player)
        if open_from is not None and open_from != order[(turns_played - 1) % len(order)]:
            mover = order[turns_played % len(order)]
            raise PlayerError(say("ls.game.open_cards_come_from_player", mover=seat(mover), open_from=seat(open_from)))
        if deck is None:
            rest = [c for c in full_deck() if c not in where]
            state._rng.shuffle(rest)
        else:
            rest = place(deck, say("ls.place.deck"))
            missing = [c for c in full_deck() if c not in where]
            if missing:
                raise HandError(say("ls.game.card_nowhere", missing=tuple(missing), n=len(missing)))
        if opened is None:
            opened = [rest.pop(0)] if rules.first_open_card and not turns_played and rest else []
        if not opened and not rest and not pile:
            raise HandError(say("ls.game.player_move_would_have_no"))
        state._scores = scores
        state._round = round_number
        state._first = first_player
        state._set_position(held, tuple(opened), open_from, rest, pile, turns_played)
        start = say("ls.event.from_hands", round=round_number, player=seat(state._current))
        if state._open:
            start = sentences(start, say("ls.event.open_cards_are", opened=state._open))
        state._log(None, "round_start", start)
        return state

    # -- what anyone may ask ----------------------------------------------------------
    @property
    def round_number(self) -> int:
        """The current round (1, 2, …); the last round once the match is over."""
        return self._round

    @property
    def first_player(self) -> int:
        """Who played first in this round."""
        return self._first

    @property
    def dealer(self) -> int:
        """Who dealt this round: the player still in just before the first player."""
        n = self.num_players
        s = (self._first - 1) % n
        while not self._in[s]:
            s = (s - 1) % n
        return s

    @property
    def open_cards(self) -> tuple[Card, ...]:
        """The cards the current player may take: the previous player's discard."""
        return self._open

    @property
    def deck_size(self) -> int:
        """Cards left in the deck."""
        return len(self._deck)

    @property
    def open_from(self) -> Optional[int]:
        """Who discarded the open cards (None for the card turned up from the deck)."""
        return self._open_from

    @property
    def reshuffled(self) -> tuple[Card, ...]:
        """If the deck ran out in this round: the cards of the discard pile shuffled
        into the new deck (in card order)."""
        return self._reshuffled

    def deck(self) -> tuple[Card, ...]:
        """The deck, top card first.  Like :meth:`hand`, the all-seeing view (for
        analysis, tests and search); bots see only ``deck_size``."""
        return tuple(reversed(self._deck))

    @property
    def dead_cards(self) -> tuple[Card, ...]:
        """The discard pile: open cards nobody took (all of them were seen by everyone)."""
        return tuple(self._dead)

    @property
    def turns(self) -> tuple[Turn, ...]:
        """Every turn played in this round, in order."""
        return self._history

    @property
    def events(self) -> list[Event]:
        """The match log so far, oldest first, as :class:`~cardkit.game.Event` records."""
        return list(self._events)

    @property
    def history(self) -> list[tuple[int, Action]]:
        """Every action of the round in progress (the last round once the match is
        over), as ``(player, action)``."""
        return list(self._actions)

    def hand(self, player: int) -> tuple[Card, ...]:
        """A player's hand, in Least Score order.  This is the all-seeing view (for
        analysis, tests and a teacher's screen); bots use :meth:`observation`."""
        self._check_player(player)
        return tuple(self._hands[player])

    def players_in(self) -> list[int]:
        """The seats still in the match."""
        return [p for p in range(self.num_players) if self._in[p]]

    def current_player(self) -> int:
        """Whose turn it is, or ``TERMINAL`` (-1) once the match is over."""
        return TERMINAL if self._terminal else self._current

    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return self._terminal

    def returns(self) -> list[int]:
        """Every player's running score: penalty points, the lower the better."""
        return list(self._scores)

    def winners(self) -> list[int]:
        """Once the match is over, the players with the lowest running score among
        those still in (ties share the win); an empty list before then."""
        if not self._terminal:
            return []
        alive = self.players_in()
        best = min(self._scores[p] for p in alive)
        return [p for p in alive if self._scores[p] == best]

    def can_declare(self) -> bool:
        """Whether the current player may declare now [5]."""
        return not self._terminal and self._turns_played >= self._active_count()

    def _active_count(self) -> int:
        return sum(self._in)

    # -- legality ---------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take, each once: for each legal
        discard (in :func:`legal_discards` order) each open card, then the top of
        the deck; declaring comes last, when allowed.  Empty once the match is over."""
        return list(self._legal_tuple())

    def _legal_tuple(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._terminal:
            return ()
        key = (tuple(self._hands[self._current]), self.rules.runs_one_suit)
        groups = _GROUPS.get(key)
        if groups is None:  # the same hand comes round again and again (bots, search): work it out once
            if len(_GROUPS) > 50_000:
                _GROUPS.clear()
            groups = _GROUPS[key] = tuple(discard_groups(*key))
        takes: list[Optional[Card]] = sorted(self._open, key=sort_key)
        if self._deck or self._dead:
            takes.append(None)
        actions: list[Action] = [_discard(g, t) for g in groups for t in takes]
        if self._turns_played >= self._active_count():
            actions.append(DECLARE)
        return tuple(actions)

    def why_illegal_action(self, action: object, player: Optional[int] = None) -> Optional[str]:
        """Why ``action`` may not be played now (by ``player``, when given), in plain
        words; None when it is legal (:meth:`action_problem` rendered)."""
        problem = self.action_problem(action, player)
        return None if problem is None else str(problem)

    def action_problem(self, action: object, player: Optional[int] = None) -> Optional[Message]:
        """Why ``action`` may not be played now (by ``player``, when given), as a message
        (a code such as ``ls.action.not_your_turn`` and its values); None when it is legal."""
        if self._terminal:
            return say("ls.action.match_over")
        cur = self._current
        if player is not None and player != cur:
            if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.num_players:
                return say("ls.action.no_such_player", given=repr(player), last=self.num_players - 1)
            return say("ls.action.not_your_turn", current=seat(cur), player=seat(player))
        kind = type(action)
        if kind is Discard:
            hand = self._hands[cur]
            cards = action.cards  # type: ignore[union-attr]
            for c in cards:
                if c not in hand:
                    missing = [x for x in cards if x not in hand]
                    return say("ls.action.not_held", player=seat(cur), cards=tuple(missing))
            if kind_of_indexes([c.index for c in cards], self.rules.runs_one_suit) is None:
                return discard_problem(cards, self.rules)
            take = action.take  # type: ignore[union-attr]
            if take is None:
                if not self._deck and not self._dead:
                    return say("ls.action.nothing_to_draw", opened=self._open)
                return None
            if take in self._open:
                return None
            if not self._open:
                return say("ls.action.not_open_none_open", card=take)
            return say("ls.action.not_open", card=take, opened=self._open)
        if kind is Declare:
            need = self._active_count()
            if self._turns_played < need:
                waiting = self._seats_from(cur)[: need - self._turns_played]
                return say("ls.action.declare_too_soon", waiting=and_list([seat(q) for q in waiting]),
                           n=len(waiting))
            return None
        return say("ls.action.not_an_action", given=repr(action))

    # -- playing ----------------------------------------------------------------------
    def apply_action(self, action: Action, player: Optional[int] = None) -> None:
        """Play ``action`` for the current player.

        If ``player`` is given and it is not their turn, the action is refused.  An
        illegal action raises :class:`~cardkit.errors.IllegalActionError` with the
        reason and leaves the state exactly as it was.
        """
        problem = self.action_problem(action, player)
        if problem is not None:
            raise IllegalActionError(problem)
        self._actions.append((self._current, action))
        if type(action) is Declare:
            self._declare()
        else:
            self._play(action)  # type: ignore[arg-type]

    def _play(self, action: Discard) -> None:
        p = self._current
        hand = self._hands[p]
        cards = action.cards
        for c in cards:
            hand.remove(c)
        take = action.take
        if take is None:
            if not self._deck:
                self._reshuffle()
            card = self._deck.pop()
            self._dead.extend(self._open)
        else:
            card = take
            self._dead.extend(c for c in self._open if c is not take)
        hand.append(card)
        hand.sort(key=sort_key)
        self._open = cards
        self._open_from = p
        self._history += (Turn(p, cards, take),)
        self._turns_played += 1
        self._current = self._next_in(p)
        self._legal = None
        kind = kind_of_indexes([c.index for c in cards], self.rules.runs_one_suit)
        how = "draw" if take is None else "take"
        taken = {} if take is None else {"card": take}
        if kind == "single":
            message = say(f"ls.event.discard_{how}", player=seat(p), cards=cards, **taken)
        else:
            message = say(f"ls.event.discard_kind_{how}", player=seat(p), cards=cards, **taken,
                          kind=kind_name("least_score", kind))  # type: ignore[arg-type]
        self._log(p, "discard", message)

    def set_next_draw(self, card: CardLike) -> None:
        """Arrange that the next card drawn from the top of the deck is ``card`` — for
        puzzles ("what if you draw the K♥?"), tests and search, which choose a draw
        instead of shuffling for it.  ``card`` must be in the deck; when the deck is
        empty, the discard pile is first shuffled into a new deck as the rules say
        (so ``card`` must be in the discard pile).  Anything else raises
        :class:`~cardkit.errors.HandError` and changes nothing."""
        card = Card.parse(card) if isinstance(card, str) else card
        if type(card) is not Card:
            raise HandError(say("ls.game.set_next_draw_needs_one", card=repr(card)))
        if self._terminal:
            raise HandError(say("ls.game.match_over_no_card_will"))
        if not self._deck:
            if card not in self._dead:
                raise HandError(say("ls.game.cannot_drawn_deck_empty_not", card=card))
            self._reshuffle()
        elif card not in self._deck:
            raise HandError(say("ls.game.not_in_deck_so_it", card=card))
        deck = self._deck
        deck.remove(card)
        deck.append(card)

    def _reshuffle(self) -> None:
        """The deck is empty and a card must be drawn: the discard pile (not the
        current open cards) is shuffled into a new deck."""
        deck = self._dead
        self._reshuffled = tuple(sorted(deck, key=sort_key))
        self._rng.shuffle(deck)
        self._deck = deck
        self._dead = []
        self._log(None, "reshuffle", say("ls.event.reshuffle", n=len(deck)))

    def _declare(self) -> None:
        p = self._current
        order = self._seats_from(self._first)  # who played this round, in turn order
        seats = sorted(order)  # scored and explained in seat order
        totals = [sum(CARD_VALUES[c.index] for c in self._hands[s]) for s in seats]
        at = seats.index(p)
        d = totals[at]
        self._log(p, "declare", say("ls.event.declare", player=seat(p), total=d))
        for s in self._seats_from(p):  # the hands are shown from the declarer clockwise
            self._log(s, "reveal", say("ls.event.reveal", player=seat(s), cards=tuple(self._hands[s]),
                                       total=totals[seats.index(s)]))
        scores = round_scores(totals, at, self.rules)
        low = min(t for i, t in enumerate(totals) if i != at)
        success = declaration_succeeded(totals, at, self.rules)
        names = [seat(s) for s in seats]
        explained = explain_scores(totals, at, self.rules, names=names)   # as the scoring lesson writes it (D, L)
        n = self.num_players
        seat_scores = [0] * n
        seat_totals: list[Optional[int]] = [None] * n
        for s, t, sc in zip(seats, totals, scores):
            seat_scores[s] = sc
            seat_totals[s] = t
            self._scores[s] += sc
        # the log is read by someone who may not have had that lesson: in words, the declarer named
        self._log(p, "score", say("ls.event.score_succeeds" if success else "ls.event.score_fails", player=seat(p),
                                  explanation=explain_scores(totals, at, self.rules, names=names, letters=False)))
        out = [s for s in seats if self._scores[s] > self.rules.threshold]
        for s in out:
            self._in[s] = False
            self._log(s, "knockout", say("ls.event.knockout" if self.rules.match_end == "last_standing"
                                         else "ls.event.over_threshold", player=seat(s), points=self._scores[s],
                                         threshold=self.rules.threshold))
        self.round_results.append(RoundResult(
            round_number=self._round,
            players=tuple(order),
            hands=tuple(tuple(h) for h in self._hands),
            totals=tuple(seat_totals),
            declarer=p,
            declarer_total=d,
            lowest_other=low,
            success=success,
            scores=tuple(seat_scores),
            running_scores=tuple(self._scores),
            knocked_out=tuple(out),
            explained=explained,
            history=tuple(self._actions),
        ))
        self._legal = None
        if (out and self.rules.match_end == "first_knockout") or self._active_count() == 1:
            self._terminal = True
            win = self.winners()
            best = self._scores[win[0]]
            if len(win) == 1:
                message = say("ls.event.match_end_winner", n=self._round, winner=seat(win[0]), points=best)
            else:
                message = say("ls.event.match_end_shared", n=self._round, winners=and_list([seat(q) for q in win]),
                              points=best)
            self._log(None, "match_end", message)
        else:
            self._start_round()

    # -- views ------------------------------------------------------------------------
    def _check_player(self, player: object) -> None:
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.num_players:
            raise PlayerError(say("ls.game.there_no_player_players_are", player=repr(player), v=self.num_players - 1))

    def observation(self, player: int) -> Observation:
        """What ``player`` may see now, with their legal actions when it is their turn."""
        self._check_player(player)
        mine = player == self._current and not self._terminal
        why_not = self.why_illegal_action(DECLARE, player)
        # The same as Observation(...), without the frozen dataclass's field-by-field
        # __init__: an observation is made for every action of every match.
        obs = object.__new__(Observation)
        obs.__dict__.update(
            player=player,
            num_players=self.num_players,
            rules=self.rules,
            round_number=self._round,
            current_player=self.current_player(),
            first_player=self._first,
            hand=tuple(self._hands[player]),
            turns=self._history,
            history=tuple(self._actions),
            open_cards=self._open,
            open_from=self._open_from,
            turned_up=self._turned_up,
            hand_sizes=tuple(map(len, self._hands)),
            deck_size=len(self._deck),
            dead_size=len(self._dead),
            dead_cards=tuple(self._dead),
            reshuffled=self._reshuffled,
            scores=tuple(self._scores),
            still_in=tuple(self._in),
            can_declare=why_not is None,
            why_not_declare=why_not,
            legal_actions=self._legal_tuple() if mine else (),
            is_terminal=self._terminal,
            round_results=tuple(self.round_results),
        )
        return obs

    def clone(self) -> "LeastScoreState":
        """An independent copy: playing on it changes nothing here."""
        new = object.__new__(LeastScoreState)
        new.__dict__.update(self.__dict__)
        new._rng = random.Random.__new__(random.Random)  # Random() would seed from the OS
        new._rng.setstate(self._rng.getstate())
        new._hands = [list(h) for h in self._hands]
        new._deck = list(self._deck)
        new._dead = list(self._dead)
        new._scores = list(self._scores)
        new._in = list(self._in)
        new._events = list(self._events)
        new._actions = list(self._actions)
        new.round_results = list(self.round_results)
        return new

    def __repr__(self) -> str:
        if self._terminal:
            where = f"over after round {self._round}, won by {self.winners()}"
        else:
            where = f"round {self._round}, seat {self._current} to play"
        return f"<LeastScoreState {self.deal_code}: {where}; scores {self._scores}>"


def deal_order(seats: Sequence[int], first_open_card: bool = True) -> list[Optional[int]]:
    """Who receives each card as a round is dealt from the top of the deck: one card at a
    time, clockwise from the first player (``seats``: the seats in the round, in turn
    order from the first player), :data:`HAND_SIZE` each; then, when
    ``first_open_card``, ``None`` for the card turned up as the first open card.

    >>> deal_order([2, 0], first_open_card=True)
    [2, 0, 2, 0, 2, 0, 2, 0, 2, 0, None]
    """
    order: list[Optional[int]] = [s for _ in range(HAND_SIZE) for s in seats]
    if first_open_card:
        order.append(None)
    return order


def deal(deck: Sequence[Card], seats: Sequence[int], num_players: int,
         first_open_card: bool = True) -> tuple[list[list[Card]], tuple[Card, ...], list[Card]]:
    """Deal a round from ``deck`` (top card first) in :func:`deal_order`: every seat's
    hand (empty for a seat not in ``seats``), the open cards (the turned-up card, or
    none) and the rest of the deck, top card first."""
    hands: list[list[Card]] = [[] for _ in range(num_players)]
    opened: tuple[Card, ...] = ()
    order = deal_order(seats, first_open_card)
    for to, card in zip(order, deck):
        if to is None:
            opened = (card,)
        else:
            hands[to].append(card)
    return hands, opened, list(deck[len(order):])


def new_game(rules: Optional[Rules] = None, seed: Union[int, str, None] = None) -> LeastScoreState:
    """Start a Least Score match and deal its first round.

    ``rules`` is a :class:`Rules` (default: the rules as written, 4 players).
    ``seed`` fixes every shuffle of the match: a whole number from 0 to 2**30 − 1,
    or a deal code such as ``'K7Q-29X'``; None picks a fresh one.  The first
    round's deck is ``shuffled_deck(seed)``, dealt one card at a time clockwise
    from the first player.
    """
    return LeastScoreState(check_rules(rules), resolve_seed(seed))
