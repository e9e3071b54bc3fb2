"""Least Score and Tiến Lên as OpenSpiel Python games (``pip install cardkit[openspiel]``).

Importing this module registers two games with OpenSpiel::

    >>> import random, pyspiel
    >>> import cardkit.adapters.openspiel                     # registers the games
    >>> game = pyspiel.load_game("cardkit_tienlen(players=4)")
    >>> state = game.new_initial_state()                      # a chance node: the deal
    >>> rng = random.Random(1)
    >>> while state.is_chance_node():
    ...     state.apply_action(rng.choice(state.legal_actions()))
    >>> [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    ['select 3♠']

- ``cardkit_least_score``: one round of Least Score, dealt by chance nodes and ended
  by a declaration.  Parameters: ``players`` (2–8, default 4), ``penalty`` (20),
  ``tie_is_success`` (true), ``runs_one_suit`` (false), ``first_open_card`` (true) —
  the options of :class:`cardkit.least_score.Rules` that matter within a round —
  and ``max_turns`` (100): after that many turns the player to move must declare.
  Returns: each player's round penalty points, negated (0 is the best; the worst
  is −(penalty + 49)).  General-sum.
- ``cardkit_tienlen``: one game of Tiến Lên (the first game of a match: 3♠ leads),
  dealt by chance nodes.  Parameters: ``players`` (2–4, default 4) and the three
  house variants of :class:`cardkit.tienlen.Rules`
  (``four_of_a_kind_beats_pair_of_twos``, ``bigger_bombs_beat_smaller``,
  ``passed_players_may_rejoin``, all false).  Returns: the points of the game
  (n − k for the k-th out; an instant winner n − 1, the others 0).  General-sum:
  the points add up to n(n−1)/2, except after an instant win.

Actions are sub-moves with a fixed meaning (select a card, then take/draw or
play, or pass/declare); see :mod:`cardkit.adapters.least_score_round` and
:mod:`cardkit.adapters.tienlen_deal` for the tables.  Observations and information
states hide what the rules hide; both come as tensors and strings.

Why one round (one game) and not a whole match: a match is a run of deals whose only
link is the score (and, in Tiến Lên, who leads the next game); one deal is what a
search bot looks ahead over and what a learning agent learns from, as in OpenSpiel's
own card games.  A cardkit bot built on these games plays whole matches (see
:mod:`cardkit.adapters.search`).
"""

from __future__ import annotations

import random
from typing import Any, Optional

import pyspiel

from ..errors import OptionError, PlayerError
from ..i18n import and_list, say, seat
from ..i18n.lint import machine_text
from ..game import TERMINAL
from ..least_score import Rules as LeastScoreRules
from ..tienlen import Rules as TienLenRules
from . import CHANCE
from . import least_score_round as lsr
from . import tienlen_deal as tld

__all__ = [
    "LEAST_SCORE",
    "TIENLEN",
    "LeastScoreGame",
    "LeastScoreState",
    "TienLenGame",
    "TienLenState",
    "load",
    "state_from_observation",
]

LEAST_SCORE = "cardkit_least_score"
TIENLEN = "cardkit_tienlen"

_LS_DEFAULTS: dict[str, Any] = {
    "players": 4,
    "penalty": 20,
    "tie_is_success": True,
    "runs_one_suit": False,
    "first_open_card": True,
    "max_turns": lsr.MAX_TURNS,
}
_TL_DEFAULTS: dict[str, Any] = {
    "players": 4,
    "four_of_a_kind_beats_pair_of_twos": False,
    "bigger_bombs_beat_smaller": False,
    "passed_players_may_rejoin": False,
}


def _game_type(short_name: str, long_name: str, defaults: dict, min_players: int,
               max_players: int) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )


@machine_text
def _game_types() -> tuple[pyspiel.GameType, pyspiel.GameType]:
    """OpenSpiel's registry entries of the two games (their long names are read in a
    developer's list of games, in English as every OpenSpiel game's are)."""
    return (_game_type(LEAST_SCORE, "Least Score (cardkit), one round", _LS_DEFAULTS, 2, 8),
            _game_type(TIENLEN, "Tiến Lên (cardkit), one game", _TL_DEFAULTS, 2, 4))


_LS_TYPE, _TL_TYPE = _game_types()


def _params(defaults: dict, params: Optional[dict]) -> dict:
    given = dict(params or {})
    unknown = sorted(set(given) - set(defaults))
    if unknown:
        raise OptionError(say("adapters.openspiel.unknown_parameter_parameters_are", unknown=repr(unknown[0]), join=', '.join(defaults)))
    return {**defaults, **given}


class _Observer:
    """OpenSpiel's PyObserver interface over a core observer."""

    def __init__(self, inner: Any, num_players: int) -> None:
        self._inner = inner
        self._n = num_players
        self.tensor = inner.tensor
        self.dict = inner.dict

    def _check(self, player: int) -> None:
        if not 0 <= player < self._n:
            raise PlayerError(say("adapters.openspiel.there_no_player_players_are", player=player, v=self._n - 1))

    def set_from(self, state: Any, player: int) -> None:
        self._check(player)
        self._inner.set_from(state._core, player)

    def string_from(self, state: Any, player: int) -> str:
        self._check(player)
        return self._inner.string_from(state._core, player)


def _kinds(iig_obs_type: Any) -> tuple[bool, bool, bool]:
    """(perfect_recall, private, public) of an IIGObservationType."""
    if iig_obs_type is None:
        return False, True, True
    private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
    return bool(iig_obs_type.perfect_recall), private, bool(iig_obs_type.public_info)


class _CardkitState(pyspiel.State):
    """What both games' states share: everything is the core's (``self._core``)."""

    _core: Any

    def current_player(self) -> int:
        # the cores speak cardkit's ids (cardkit.game.TERMINAL, cardkit.adapters.CHANCE);
        # OpenSpiel has its own
        p = self._core.current_player()
        if p >= 0:
            return p
        return pyspiel.PlayerId.TERMINAL if p == TERMINAL else pyspiel.PlayerId.CHANCE

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return self._core.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._core.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._core.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._core.action_to_string(CHANCE if player == pyspiel.PlayerId.CHANCE else player, int(action))

    def is_terminal(self) -> bool:
        return self._core.is_terminal()

    def returns(self) -> list[float]:
        return self._core.returns()

    def __str__(self) -> str:
        return str(self._core)

    def determinize(self, player: int, rng: random.Random) -> "_CardkitState":
        """A state that ``player`` cannot tell from this one, with every card they
        cannot see dealt afresh (for information-set search).  Its ``history()`` is
        not a real history: do not serialize it."""
        new = self.get_game().new_initial_state()
        new._core = self._core.determinize(player, rng)
        return new


class LeastScoreState(_CardkitState):
    """An OpenSpiel state of one Least Score round (see the module docstring)."""

    def __init__(self, game: "LeastScoreGame", core: Optional[lsr.LeastScoreRound] = None) -> None:
        super().__init__(game)
        self._core = core if core is not None else lsr.LeastScoreRound(game.rules, game.max_turns)


class LeastScoreGame(pyspiel.Game):
    """One round of Least Score as an OpenSpiel game (see the module docstring)."""

    def __init__(self, params: Optional[dict] = None) -> None:
        p = _params(_LS_DEFAULTS, params)
        self.rules = LeastScoreRules(players=p["players"], penalty=p["penalty"],
                                     tie_is_success=p["tie_is_success"], runs_one_suit=p["runs_one_suit"],
                                     first_open_card=p["first_open_card"])
        self.max_turns = p["max_turns"]
        if self.max_turns < self.rules.players:
            raise OptionError(say("adapters.openspiel.max_turns_must_at_least", players=self.rules.players))
        info = pyspiel.GameInfo(
            num_distinct_actions=lsr.NUM_ACTIONS,
            max_chance_outcomes=52,
            num_players=self.rules.players,
            min_utility=-float(self.rules.penalty + 49),
            max_utility=0.0,
            utility_sum=None,
            max_game_length=6 * self.max_turns + 1,  # up to 5 cards + take/draw a turn, then declare
        )
        super().__init__(_LS_TYPE, info, p)

    def new_initial_state(self) -> LeastScoreState:
        return LeastScoreState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Optional[dict] = None) -> _Observer:
        if params:
            raise OptionError(say("adapters.openspiel.observation_parameters_are_not_supported", params=str(params)))
        recall, private, public = _kinds(iig_obs_type)
        inner = lsr.LeastScoreObserver(self.rules.players, self.max_turns, recall, private, public)
        return _Observer(inner, self.rules.players)


class TienLenState(_CardkitState):
    """An OpenSpiel state of one Tiến Lên game (see the module docstring)."""

    def __init__(self, game: "TienLenGame", core: Optional[tld.TienLenDeal] = None) -> None:
        super().__init__(game)
        self._core = core if core is not None else tld.TienLenDeal(game.rules)


class TienLenGame(pyspiel.Game):
    """One game of Tiến Lên as an OpenSpiel game (see the module docstring)."""

    def __init__(self, params: Optional[dict] = None) -> None:
        p = _params(_TL_DEFAULTS, params)
        self.rules = TienLenRules(
            players=p["players"],
            four_of_a_kind_beats_pair_of_twos=p["four_of_a_kind_beats_pair_of_twos"],
            bigger_bombs_beat_smaller=p["bigger_bombs_beat_smaller"],
            passed_players_may_rejoin=p["passed_players_may_rejoin"],
        )
        n = self.rules.players
        info = pyspiel.GameInfo(
            num_distinct_actions=tld.NUM_ACTIONS,
            max_chance_outcomes=52,
            num_players=n,
            min_utility=0.0,
            max_utility=float(n - 1),
            utility_sum=None,
            max_game_length=tld.max_game_length(n),
        )
        super().__init__(_TL_TYPE, info, p)

    def new_initial_state(self) -> TienLenState:
        return TienLenState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Optional[dict] = None) -> _Observer:
        if params:
            raise OptionError(say("adapters.openspiel.observation_parameters_are_not_supported", params=str(params)))
        recall, private, public = _kinds(iig_obs_type)
        return _Observer(tld.TienLenObserver(self.rules.players, recall, private, public), self.rules.players)


for _type, _cls in ((_LS_TYPE, LeastScoreGame), (_TL_TYPE, TienLenGame)):
    if _type.short_name not in pyspiel.registered_names():
        pyspiel.register_game(_type, _cls)


def load(game: str, **params: Any) -> pyspiel.Game:
    """``load('least_score', players=3)`` or ``load('tienlen')``: the OpenSpiel game."""
    names = {"least_score": LEAST_SCORE, "tienlen": TIENLEN, "tien_len": TIENLEN,
             LEAST_SCORE: LEAST_SCORE, TIENLEN: TIENLEN}
    if game not in names:
        raise OptionError(say("adapters.openspiel.unknown_game_choose_least_score", game=repr(game)))
    return pyspiel.load_game(names[game], params)


def core_from_observation(observation: Any, rng: random.Random) -> Any:
    """The round or game a cardkit observation shows, with the unseen cards dealt at
    random, consistently with what the player saw (a determinization)."""
    from ..least_score import Observation as LeastScoreObservation
    from ..tienlen import Observation as TienLenObservation

    if isinstance(observation, LeastScoreObservation):
        return lsr.LeastScoreRound.from_observation(observation, rng)
    if isinstance(observation, TienLenObservation):
        return tld.TienLenDeal.from_observation(observation, rng)
    raise OptionError(say("adapters.openspiel.not_least_score_or_ti", name=type(observation).__name__))


def state_from_observation(game: pyspiel.Game, observation: Any, rng: random.Random) -> _CardkitState:
    """An OpenSpiel state at the position a cardkit observation shows (from
    ``state.observation(player)`` of a match in progress), with every card the
    player cannot see dealt at random, consistently with what they saw — one
    determinization, for search.  Its ``history()`` is empty: do not serialize it."""
    state = game.new_initial_state()
    state._core = core_from_observation(observation, rng)
    return state
