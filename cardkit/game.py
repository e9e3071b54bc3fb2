"""One state API for both games: the protocol, ``TERMINAL``, events, bots, ``play_out``.

Both games (:mod:`cardkit.least_score`, :mod:`cardkit.tienlen`) implement the same
:class:`GameState`, in the manner of OpenSpiel, so a tournament, a table, a test or an
adapter written for one game works for the other::

    >>> from cardkit.game import play_out, resolve_bot, game_module
    >>> for game in ('least_score', 'tienlen'):
    ...     state = game_module(game).new_game(seed='K7Q-29X')      # a seed or a deal code
    ...     name, bot = resolve_bot(game, 'greedy')
    ...     state = play_out(state, [bot] * state.num_players, seed=1)
    ...     print(game, state.is_terminal(), state.current_player(), len(state.winners()) >= 1)
    least_score True -1 True
    tienlen True -1 True

A match moves through its *rounds* by itself: a Least Score round, or a Tiến Lên
game (the rule book's word; ``round`` below means either).
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Optional, Protocol, Sequence, runtime_checkable

from .errors import BotError, IllegalActionError, OptionError, PlayerError, UnknownBotError
from .i18n import and_list, say, seat
from .words import game_name

__all__ = [
    "TERMINAL",
    "Event",
    "GameState",
    "BotFunction",
    "GAMES",
    "game_module",
    "bot_lookup",
    "resolve_bot",
    "bot_actions",
    "bot_settings",
    "play_out",
]

TERMINAL = -1
"""What ``state.current_player()`` returns once the match is over."""


@dataclass(frozen=True, slots=True)
class Event:
    """One line of a match's log, the same in both games.

    - ``player``: who it is about (``None`` for the table: a deal, a reshuffle …);
    - ``kind``: what happened, a short code such as ``'discard'``, ``'declare'``
      (Least Score) or ``'play'``, ``'chop'``, ``'pass'`` (Tiến Lên);
    - ``message``: what to tell a learner, as a :class:`~cardkit.i18n.Message` (a code
      and its values; it never reveals a hidden card); ``text`` is its sentence in the
      learner's language;
    - ``round``: the number of the round (Least Score) or game (Tiến Lên) it belongs to.
    """

    player: Optional[int]
    kind: str
    message: Any
    round: int

    @property
    def text(self) -> str:
        """The event as a sentence, in the learner's language."""
        return str(self.message)

    def __str__(self) -> str:
        return self.text


@runtime_checkable
class GameState(Protocol):
    """What a game state answers, in both games.  Make one with the game's
    ``new_game(rules=None, seed=None)``; ``seed`` is a whole number or a deal code
    such as ``'K7Q-29X'`` (``None`` picks a fresh one).

    - ``rules``, ``num_players``, ``seed``, ``deal_code``: how the match was set up;
    - ``current_player()``: whose turn it is, or :data:`TERMINAL` once the match is over;
    - ``legal_actions()``: a list of every action the current player may take, each once
      (empty once the match is over);
    - ``apply_action(action, player=None)``: play it; an illegal action raises
      :class:`~cardkit.errors.IllegalActionError` with the reason and changes nothing;
      ``why_illegal_action(action, player=None)`` gives that reason without raising;
    - ``is_terminal()``; ``returns()``: every seat's match score so far;
      ``winners()``: the seats that won the match (empty before its end);
    - ``observation(player)``: what that seat may see, and nothing more; bots decide
      from observations only; ``clone()``: an independent copy;
    - ``events``: the match log so far as a list of :class:`Event`, oldest first
      (reading it at any moment, as often as you like, tells the same story);
    - ``history``: every action of the round in progress (the last round once the
      match is over) as ``(player, action)`` pairs;
    - ``round_results``: one result per finished round, in order; each has ``round``
      (its number), ``scores`` (that round's points by seat), ``history`` (its actions)
      and ``hands`` (every hand by seat: as shown at the declaration in Least Score,
      as dealt in Tiến Lên).
    """

    rules: Any
    num_players: int
    seed: int

    def current_player(self) -> int: ...

    def legal_actions(self) -> list: ...

    def apply_action(self, action: Any, player: Optional[int] = None) -> None: ...

    def why_illegal_action(self, action: Any, player: Optional[int] = None) -> Optional[str]: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[int]: ...

    def winners(self) -> list[int]: ...

    def observation(self, player: int) -> Any: ...

    def clone(self) -> "GameState": ...

    @property
    def events(self) -> list[Event]: ...

    @property
    def history(self) -> list[tuple[int, Any]]: ...

    @property
    def round_results(self) -> list: ...


BotFunction = Callable[[Any, random.Random], Any]
"""A bot, in both games: any callable ``bot(observation, rng) -> action``.

- ``observation`` is what its seat may see, from ``state.observation(player)``;
  ``observation.legal_actions`` lists every action it may take now;
- ``rng`` is a ``random.Random`` owned by the game runner, so a seeded match or
  tournament is reproducible (a bot that needs no randomness ignores it);
- it returns one of ``observation.legal_actions``.

A learner's first bot is three lines::

    def lowest_first(obs, rng):
        return obs.legal_actions[0]
"""


# --- the games and their bots --------------------------------------------------------

GAMES = {"least_score": "cardkit.least_score", "tienlen": "cardkit.tienlen", "tien_len": "cardkit.tienlen"}
"""Each game's name in code (``'tien_len'`` is read as ``'tienlen'``) and its package."""


def game_module(game: str) -> ModuleType:
    """The package of a game named in code: ``'least_score'`` or ``'tienlen'``."""
    if game not in GAMES:
        raise OptionError(say("game.unknown_game_choose_one", game=repr(game), join=', '.join(sorted(GAMES))))
    return importlib.import_module(GAMES[game])


def bot_lookup(game: str) -> dict[str, BotFunction]:
    """The built-in bots of a game by name (``'random'``, ``'greedy'``, ``'strong'``):
    the game's ``BOTS``."""
    return game_module(game).BOTS


def resolve_bot(game: str, bot: Any) -> tuple[str, BotFunction]:
    """``(name, bot function)`` for a built-in bot's name or a bot function.

    A function is named by its ``__name__``.  Anything else raises
    :class:`~cardkit.errors.UnknownBotError` (a ``ValueError``) with the choices.

    >>> resolve_bot('tienlen', 'greedy')[0]
    'greedy'
    """
    registry = bot_lookup(game)
    if isinstance(bot, str):
        if bot not in registry:
            raise UnknownBotError(
                say("game.there_no_bot_called_it", bot=repr(bot), game_name=game_name(game), join=', '.join(map(repr, registry))))
        return bot, registry[bot]
    if callable(bot):
        return getattr(bot, "__name__", type(bot).__name__), bot
    raise UnknownBotError(say("game.not_bot_give_bot_name", bot=repr(bot)))


def bot_actions(observation: Any, bot: Any) -> Sequence[Any]:
    """The legal actions a bot chooses from (``observation.legal_actions``).  A bot
    asked to act for a seat whose turn it is not raises
    :class:`~cardkit.errors.PlayerError`, naming the bot (``bot``, e.g. 'the greedy bot')."""
    actions = observation.legal_actions
    if not actions:
        raise PlayerError(say("game.was_asked_act_for_player", bot=bot, player=observation.player))
    return actions


def bot_settings(settings: dict[str, Any], defaults: dict[str, Any]) -> dict[str, Any]:
    """A bot's settings: ``defaults`` with ``settings`` on top.  A setting that is not
    one of the defaults raises :class:`~cardkit.errors.OptionError` naming them all."""
    unknown = set(settings) - set(defaults)
    if unknown:
        raise OptionError(say("game.unknown_setting_settings_are", join=', '.join(sorted(unknown)), join2=', '.join(defaults)))
    return {**defaults, **settings}


# --- playing a match out -------------------------------------------------------------

def play_out(state: Any, bots: Sequence[BotFunction], seed: int | random.Random | None = 0,
             max_steps: int = 1_000_000) -> Any:
    """Let ``bots[p]`` act for every seat ``p`` until the match ends; return the state.

    Each bot is called with ``state.observation(p)`` and one shared
    ``random.Random`` (from ``seed``), so the same seed replays the same match.
    A bot that returns an action that is not legal raises ``IllegalActionError``
    with the bot's seat in the message.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    if len(bots) != state.num_players:
        raise PlayerError(say("game.this_game_has_players_but", num_players=state.num_players, len=len(bots)))
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        player = state.current_player()
        bot = bots[player]
        name = getattr(bot, "__name__", type(bot).__name__)
        try:
            action = bot(state.observation(player), rng)
        except Exception as err:
            raise BotError(say("game.bot_failed", name=repr(name), player=player, seed=str(getattr(state, 'seed', '?')), error=type(err).__name__, err=str(err))) from err
        try:
            state.apply_action(action)
        except IllegalActionError as err:
            raise IllegalActionError(say("game.bot_chose_illegal", name=repr(name), player=player, seed=str(getattr(state, 'seed', '?')), action=str(action), reason=err.message or str(err))) from err
    raise BotError(say("game.match_did_not_end_within", max_steps=max_steps))
