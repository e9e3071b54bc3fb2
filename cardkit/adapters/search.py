"""A search opponent: OpenSpiel's information-set Monte Carlo tree search (IS-MCTS)
as a cardkit bot (``pip install cardkit[openspiel]``).

    >>> from cardkit.adapters.search import ismcts_bot
    >>> from cardkit.tournament import tournament
    >>> bot = ismcts_bot("tienlen", simulations=200)
    >>> result = tournament("tienlen", [bot, "strong", "strong", "strong"], matches=20)  # doctest: +SKIP

The tournament runner also knows it by name: ``'ismcts'`` (200 simulations a
search), ``'ismcts-1000'`` (any number) or ``'ismcts-greedy-1000'`` (greedy playouts).

How it decides.  A cardkit bot sees only its observation, never the game state.
At its turn the bot builds an OpenSpiel state of the current round (Least Score)
or game (Tiến Lên) from the observation, with the cards it cannot see dealt at
random but consistently with everything it saw (:func:`core_from_observation`).
OpenSpiel's :class:`~open_spiel.python.algorithms.ismcts.ISMCTSBot` then runs its
simulations; each one deals the unseen cards afresh (the bot's resampler), so the
search tree, keyed by what each player observes, grows over many possible worlds.
A turn is several sub-moves (select cards, then take/draw or play, or pass/declare):
the bot searches at the turn's first sub-move and walks down the same tree for the
next ones while it has enough visits there, searching again only where it has not.

The leaves are valued by random play to the end of the round or game (a random
whole turn at a time, and random draws), played on our fast core rather than
through OpenSpiel's generic random rollout; the search itself is OpenSpiel's.
``playout='greedy'`` (``'ismcts-greedy-N'``) plays those playouts with a simple
sensible player in every seat instead: slower, and a better guess of how a real
table goes on.
A simulation budget (not a time budget) keeps matches reproducible from their seed
on any machine; ``benchmarks/bench_strength.py`` reports the time it takes.
"""

from __future__ import annotations

import random
from typing import Any, Optional

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from . import least_score_round as lsr
from ..i18n import and_list, say, seat
from . import openspiel as cos
from .openspiel import core_from_observation
from . import tienlen_deal as tld

__all__ = ["ismcts_bot", "SearchBot", "MoveRolloutEvaluator", "core_from_observation", "named_bot",
           "DEFAULT_SIMULATIONS", "DEFAULT_UCT_C"]

DEFAULT_SIMULATIONS = 200
"""Simulations per search when no budget is given."""
DEFAULT_UCT_C = {"least_score": 10.0, "tienlen": 2.0}
"""UCT's exploration constant, on the scale of each game's returns (Least Score:
penalty points, differences of about ten; Tiến Lên: points 0 to 3)."""

_GAMES = {"least_score": "least_score", "tienlen": "tienlen", "tien_len": "tienlen"}


class MoveRolloutEvaluator(mcts.Evaluator):
    """Values a leaf by the mean returns of ``rollouts`` playouts to the end of the
    round or game, a whole turn at a time: uniformly random turns
    (``playout='random'``) or a simple sensible player's (``'greedy'``); the prior
    is uniform over the legal sub-moves."""

    def __init__(self, rollouts: int = 1, rng: Optional[random.Random] = None, playout: str = "random") -> None:
        self.rollouts = rollouts
        self.rng = rng or random.Random()
        self.playout = playout

    def evaluate(self, state: Any) -> np.ndarray:
        total = np.zeros(state.num_players())
        for _ in range(self.rollouts):
            total += state._core.clone().rollout(self.rng, self.playout)
        return total / self.rollouts

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


_GAME_CACHE: dict[tuple, pyspiel.Game] = {}


def _openspiel_game(kind: str, rules: Any) -> pyspiel.Game:
    key = (kind, rules)
    game = _GAME_CACHE.get(key)
    if game is None:
        if kind == "least_score":
            game = cos.load("least_score", players=rules.players, penalty=rules.penalty,
                            tie_is_success=rules.tie_is_success, runs_one_suit=rules.runs_one_suit,
                            first_open_card=rules.first_open_card)
        else:
            game = cos.load("tienlen", players=rules.players,
                            four_of_a_kind_beats_pair_of_twos=rules.four_of_a_kind_beats_pair_of_twos,
                            bigger_bombs_beat_smaller=rules.bigger_bombs_beat_smaller,
                            passed_players_may_rejoin=rules.passed_players_may_rejoin)
        _GAME_CACHE[key] = game
    return game


class SearchBot:
    """An IS-MCTS bot for one game: call it as ``bot(observation, rng)``.

    ``simulations`` is the budget of one search; ``uct_c`` the exploration constant
    (default :data:`DEFAULT_UCT_C`); ``rollouts`` the playouts per leaf;
    ``playout`` how they are played: ``'random'`` (plain IS-MCTS, the default) or
    ``'greedy'`` (every seat played by a simple sensible player: slower, and a
    better guess of how real players go on).
    The bot draws everything random from ``rng``, so a seeded match is replayed
    exactly.  It keeps no memory from one turn to the next.
    """

    def __init__(self, game: str, simulations: int = DEFAULT_SIMULATIONS, uct_c: Optional[float] = None,
                 rollouts: int = 1, name: Optional[str] = None, playout: str = "random") -> None:
        if game not in _GAMES:
            raise ValueError(say("adapters.search.unknown_game_choose_least_score", game=repr(game)))
        if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
            raise ValueError(say("adapters.search.simulations_must_whole_number_at", simulations=repr(simulations)))
        if isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 1:
            raise ValueError(say("adapters.search.rollouts_must_whole_number_at", rollouts=repr(rollouts)))
        if playout not in ("random", "greedy"):
            raise ValueError(say("adapters.search.playout_must_random_or_greedy", playout=repr(playout)))
        self.game = _GAMES[game]
        self.playout = playout
        self.simulations = simulations
        self.uct_c = float(DEFAULT_UCT_C[self.game] if uct_c is None else uct_c)
        self.rollouts = rollouts
        self.__name__ = name or ("ismcts-" + ("greedy-" if playout == "greedy" else "") + str(simulations))
        self.searches = 0
        """How many searches the bot has run (a tree walked down to the next
        sub-move is not a new search)."""

    def __repr__(self) -> str:
        return (f"<IS-MCTS bot for {self.game}: {self.simulations} simulations, uct_c={self.uct_c:g}, "
                f"{self.playout} playouts>")

    def __call__(self, observation: Any, rng: random.Random) -> Any:
        legal = list(observation.legal_actions)
        if not legal:
            raise ValueError(say("adapters.search.was_asked_act_for_player", name=self.__name__, player=observation.player))
        if len(legal) == 1:
            return legal[0]
        game = _openspiel_game(self.game, observation.rules)
        deal_rng = random.Random(rng.getrandbits(64))
        state = cos.state_from_observation(game, observation, deal_rng)
        evaluator = MoveRolloutEvaluator(self.rollouts, random.Random(rng.getrandbits(64)), self.playout)
        search = ismcts.ISMCTSBot(
            game, evaluator, self.uct_c, self.simulations,
            random_state=np.random.RandomState(rng.getrandbits(32)),
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            use_observation_string=True,
        )
        search.set_resampler(lambda s, player: s.determinize(player, deal_rng))
        moves: list[int] = []
        reuse_at = max(16, self.simulations // 10)
        while True:
            actions = state.legal_actions()
            if len(actions) == 1:
                action = actions[0]
            else:
                node = search.lookup_node(state) if moves else None
                if node is None or node.total_visits < reuse_at:
                    search.run_search(state)
                    self.searches += 1
                    node = search.lookup_node(state)
                action = self._most_visited(node, actions, rng)
            moves.append(action)
            state.apply_action(action)
            if action >= 52:  # take, draw, declare, play or pass: the turn is spelt
                break
        return self._engine_action(moves, legal)

    @staticmethod
    def _most_visited(node: Any, actions: list[int], rng: random.Random) -> int:
        if node is None or not node.child_info:
            return actions[rng.randrange(len(actions))]
        best = max(child.visits for child in node.child_info.values())
        top = sorted(a for a, child in node.child_info.items() if child.visits == best and a in actions)
        return top[rng.randrange(len(top))] if top else actions[rng.randrange(len(actions))]

    def _engine_action(self, moves: list[int], legal: list) -> Any:
        if self.game == "least_score":
            want = lsr.engine_action(moves)
            for a in legal:
                if a == want:
                    return a
        else:
            for a in legal:
                if tld.submoves(a) == moves:
                    return a
        raise RuntimeError(f"the search chose {moves}, which spells no legal action")  # a bug, not a learner's error

    def __getstate__(self) -> dict:
        return dict(self.__dict__)


def ismcts_bot(game: str, simulations: int = DEFAULT_SIMULATIONS, uct_c: Optional[float] = None,
               rollouts: int = 1, playout: str = "random") -> SearchBot:
    """An IS-MCTS bot for ``game`` (``'least_score'`` or ``'tienlen'``) that runs
    ``simulations`` simulations per search; see :class:`SearchBot`."""
    return SearchBot(game, simulations, uct_c, rollouts, playout=playout)


def named_bot(game: str, name: str) -> SearchBot:
    """The bot a tournament names ``'ismcts'`` (the default budget), ``'ismcts-N'``
    (N simulations) or ``'ismcts-greedy-N'`` (with greedy playouts)."""
    parts = name.split("-")
    playout = "greedy" if parts[1:2] == ["greedy"] else "random"
    budget = parts[2:] if playout == "greedy" else parts[1:]
    if parts[0] != "ismcts" or len(budget) > 1 or (budget and (not budget[0].isdigit() or int(budget[0]) < 1)):
        raise ValueError(say("adapters.search.there_no_bot_called_search", name=repr(name)))
    return SearchBot(game, int(budget[0]) if budget else DEFAULT_SIMULATIONS, name=name, playout=playout)
