"""Least Score and Tiến Lên as PettingZoo AEC environments (``pip install cardkit[pettingzoo]``).

::

    from cardkit.adapters.pettingzoo import tienlen_env

    env = tienlen_env(players=4)
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            action = env.action_space(agent).sample(mask)   # your policy here
        env.step(action)

- Agents are ``player_0`` … ``player_{n-1}``, the seats of the game.
- An observation is a dict: ``"observation"``, the player's view as a flat 0/1
  float vector (what the rules let that player see, nothing more; the layout is
  :class:`~cardkit.adapters.least_score_round.LeastScoreObserver` /
  :class:`~cardkit.adapters.tienlen_deal.TienLenObserver`), and ``"action_mask"``,
  1 for every legal action of the player to move (all 0 for the others).
- Actions are the same sub-moves as in the OpenSpiel games: select a card, then
  take/draw or play, or pass/declare (see the module docstrings of
  :mod:`~cardkit.adapters.least_score_round` and :mod:`~cardkit.adapters.tienlen_deal`).
  A player acts several times in a row while they build a turn.
- The deal and the draws are shuffled by the environment's own generator, seeded
  by ``reset(seed=...)``: the same seed and the same actions give the same game.
- Rewards come at the end: Least Score, the round's penalty points negated;
  Tiến Lên, the points of the game.  An illegal action raises
  :class:`~cardkit.errors.IllegalActionError` with the reason.
- ``render_mode="ansi"`` returns, and ``"human"`` prints, the table as text (every
  hand shown: it is the all-seeing view).
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle, seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..errors import IllegalActionError
from ..i18n import and_list, say, seat
from ..least_score import Rules as LeastScoreRules
from ..tienlen import Rules as TienLenRules
from . import least_score_round as lsr
from . import tienlen_deal as tld

__all__ = ["least_score_env", "tienlen_env", "LeastScoreEnv", "TienLenEnv"]


class _CardEnv(AECEnv, EzPickle):
    """What both environments share: the core game, its observer and the seats."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False, "render_fps": 1}
    num_actions: int

    def __init__(self, render_mode: Optional[str] = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(say("adapters.pettingzoo.render_mode_must_one_or", metadata=str(self.metadata['render_modes']), render_mode=repr(render_mode)))
        self.render_mode = render_mode
        n = self.num_players
        self.possible_agents = [f"player_{p}" for p in range(n)]
        self.agent_name_mapping = {a: p for p, a in enumerate(self.possible_agents)}
        self._observer = self._make_observer()
        size = self._observer.tensor.size
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.np_random, _ = seeding.np_random(None)
        self.core: Any = None

    # -- to be given by each game ------------------------------------------------------
    num_players: int

    def _make_observer(self) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    def _new_core(self) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    # -- the AEC interface --------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _deal_chance(self) -> None:
        core = self.core
        while core.current_player() == lsr.CHANCE:
            cards = core.legal_actions()
            core.apply_action(cards[int(self.np_random.integers(len(cards)))])

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.core = self._new_core()
        self._deal_chance()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()
        if self.core.is_terminal():  # an instant win at the deal
            self._finish()

    def _select(self) -> None:
        p = self.core.current_player()
        if p >= 0:
            self.agent_selection = self.possible_agents[p]
        elif not getattr(self, "agent_selection", None) or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def _finish(self) -> None:
        returns = self.core.returns()
        for a in self.agents:
            self.rewards[a] = float(returns[self.agent_name_mapping[a]])
            self.terminations[a] = True
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict:
        p = self.agent_name_mapping[agent]
        self._observer.set_from(self.core, p)
        mask = np.zeros(self.num_actions, np.int8)
        if self.core.current_player() == p:
            mask[self.core.legal_actions()] = 1
        return {"observation": self._observer.tensor.copy(), "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self.core.legal_actions()
        if action is None or int(action) not in legal:
            raise IllegalActionError(
                say("adapters.pettingzoo.cannot_play_now_legal_actions", agent=agent, action=repr(action), legal=str(legal)))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.core.apply_action(int(action))
        self._deal_chance()
        if self.core.is_terminal():
            self._finish()
        else:
            self._select()
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def action_to_string(self, action: int) -> str:
        """The current player's ``action`` in the game's words ("select 7♠", "pass"…)."""
        return self.core.action_to_string(self.core.current_player(), int(action))

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = str(self.core)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class LeastScoreEnv(_CardEnv):
    """One round of Least Score as a PettingZoo AEC environment.  Parameters as the
    OpenSpiel game: ``players`` (2–8), ``penalty``, ``tie_is_success``,
    ``runs_one_suit``, ``first_open_card`` and ``max_turns`` (after which the player to
    move must declare)."""

    metadata = {**_CardEnv.metadata, "name": "cardkit_least_score_v0"}
    num_actions = lsr.NUM_ACTIONS

    def __init__(self, players: int = 4, penalty: int = 20, tie_is_success: bool = True,
                 runs_one_suit: bool = False, first_open_card: bool = True,
                 max_turns: int = lsr.MAX_TURNS, render_mode: Optional[str] = None) -> None:
        EzPickle.__init__(self, players, penalty, tie_is_success, runs_one_suit, first_open_card,
                          max_turns, render_mode)
        self.rules = LeastScoreRules(players=players, penalty=penalty, tie_is_success=tie_is_success,
                                     runs_one_suit=runs_one_suit, first_open_card=first_open_card)
        self.num_players = players
        self.max_turns = max_turns
        lsr.LeastScoreRound(self.rules, max_turns)  # checks max_turns now, in plain words
        super().__init__(render_mode)

    def _make_observer(self) -> lsr.LeastScoreObserver:
        return lsr.LeastScoreObserver(self.num_players, self.max_turns)

    def _new_core(self) -> lsr.LeastScoreRound:
        return lsr.LeastScoreRound(self.rules, self.max_turns)


class TienLenEnv(_CardEnv):
    """One game of Tiến Lên as a PettingZoo AEC environment.  Parameters as the
    OpenSpiel game: ``players`` (2–4) and the three house variants."""

    metadata = {**_CardEnv.metadata, "name": "cardkit_tienlen_v0"}
    num_actions = tld.NUM_ACTIONS

    def __init__(self, players: int = 4, four_of_a_kind_beats_pair_of_twos: bool = False,
                 bigger_bombs_beat_smaller: bool = False, passed_players_may_rejoin: bool = False,
                 render_mode: Optional[str] = None) -> None:
        EzPickle.__init__(self, players, four_of_a_kind_beats_pair_of_twos, bigger_bombs_beat_smaller,
                          passed_players_may_rejoin, render_mode)
        self.rules = TienLenRules(players=players,
                                  four_of_a_kind_beats_pair_of_twos=four_of_a_kind_beats_pair_of_twos,
                                  bigger_bombs_beat_smaller=bigger_bombs_beat_smaller,
                                  passed_players_may_rejoin=passed_players_may_rejoin)
        self.num_players = players
        super().__init__(render_mode)

    def _make_observer(self) -> tld.TienLenObserver:
        return tld.TienLenObserver(self.num_players)

    def _new_core(self) -> tld.TienLenDeal:
        return tld.TienLenDeal(self.rules)


def _wrap(env: AECEnv) -> AECEnv:
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def least_score_env(**params: Any) -> AECEnv:
    """A Least Score round as a PettingZoo AEC environment (with PettingZoo's usual
    order-enforcing and out-of-bounds wrappers); see :class:`LeastScoreEnv`."""
    return _wrap(LeastScoreEnv(**params))


def tienlen_env(**params: Any) -> AECEnv:
    """A Tiến Lên game as a PettingZoo AEC environment (with PettingZoo's usual
    order-enforcing and out-of-bounds wrappers); see :class:`TienLenEnv`."""
    return _wrap(TienLenEnv(**params))
