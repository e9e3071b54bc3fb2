"""Our two games as PettingZoo AEC environments: PettingZoo's own API and seed tests,
action masks, rewards, seeds, and plain-language errors."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test  # the pettingzoo extra is part of the test extra

from cardkit.adapters import least_score_round as lsr
from cardkit.adapters.pettingzoo import LeastScoreEnv, TienLenEnv, least_score_env, tienlen_env
from cardkit.errors import IllegalActionError
from cardkit.tienlen import card_key

SETTINGS = [
    (least_score_env, {}),
    (least_score_env, {"players": 2, "max_turns": 6}),
    (least_score_env, {"players": 8, "runs_one_suit": True, "first_open_card": False}),
    (tienlen_env, {}),
    (tienlen_env, {"players": 3, "passed_players_may_rejoin": True}),
    (tienlen_env, {"players": 2, "bigger_bombs_beat_smaller": True}),
]
IDS = [f"{f.__name__}-{'-'.join(f'{k}={v}' for k, v in kw.items()) or 'default'}" for f, kw in SETTINGS]


@pytest.mark.parametrize("make, params", SETTINGS, ids=IDS)
def test_pettingzoos_api_test_passes(make, params):
    with warnings.catch_warnings():
        # PettingZoo's generic advice for dict observations (every classic game gets it)
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        api_test(make(**params), num_cycles=400)


@pytest.mark.parametrize("make, params", SETTINGS, ids=IDS)
def test_pettingzoos_seed_test_passes(make, params):
    seed_test(lambda: make(**params), num_cycles=400)


def _play(env, seed: int, policy_seed: int):
    """Play one game with random legal actions; return the agents' moves and rewards."""
    env.reset(seed=seed)
    rng = np.random.default_rng(policy_seed)
    moves, rewards = [], {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            rewards[agent] = reward
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        action = int(rng.choice(np.flatnonzero(mask)))
        moves.append((agent, action))
        env.step(action)
    return moves, rewards


@pytest.mark.parametrize("make", [least_score_env, tienlen_env])
def test_the_same_seed_deals_the_same_game_and_another_seed_another(make):
    a = _play(make(), seed=11, policy_seed=3)
    b = _play(make(), seed=11, policy_seed=3)
    c = _play(make(), seed=12, policy_seed=3)
    assert a == b
    assert a != c
    env = make()
    env.reset(seed=5)
    first = env.unwrapped.core.hand(0)
    env.reset(seed=5)
    assert env.unwrapped.core.hand(0) == first


@pytest.mark.parametrize("seed", range(8))
def test_masks_are_the_legal_actions_and_rewards_are_the_games_scores(seed):
    for env in (tienlen_env(players=2 + seed % 3), least_score_env(players=2 + seed % 7)):
        env.reset(seed=seed)
        raw = env.unwrapped
        rng = np.random.default_rng(seed)
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            me = raw.agent_name_mapping[agent]
            assert raw.core.current_player() == me
            assert list(np.flatnonzero(obs["action_mask"])) == raw.core.legal_actions()
            for other in raw.possible_agents:  # nobody else may act now
                if other != agent:
                    assert not raw.observe(other)["action_mask"].any()
            raw.observe(agent)
            view = raw._observer.dict  # the player's own cards are in their view
            assert {int(i) for i in np.flatnonzero(view["hand"])} == set(
                (card_key(c) if isinstance(raw, TienLenEnv) else c.index) for c in raw.core.hand(me))
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        returns = raw.core.returns()
        n = raw.num_players
        assert not raw.agents  # every agent has left after the end
        if isinstance(raw, TienLenEnv):
            assert sorted(returns) in (list(map(float, range(n))), [0.0] * (n - 1) + [float(n - 1)])
        else:
            assert max(returns) == 0.0 and all(r <= 0 for r in returns)


def test_rewards_arrive_at_the_end_and_add_up_to_the_returns():
    env = tienlen_env()
    env.reset(seed=3)
    got = {a: 0.0 for a in env.possible_agents}
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        got[agent] += reward
        if not term:
            assert reward == 0.0
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert [got[a] for a in env.possible_agents] == env.unwrapped.core.returns()
    assert sorted(got.values()) == [0.0, 1.0, 2.0, 3.0]


def test_an_illegal_action_says_why():
    env = least_score_env()
    env.reset(seed=1)
    env.last()
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match="cannot play .* now: the legal actions are"):
        env.step(illegal)
    env.step(int(np.flatnonzero(mask)[0]))  # the env is still usable


def test_words_and_text_rendering():
    env = TienLenEnv(render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert "Player 0:" in text and "player to move" in text
    assert env.action_to_string(env.core.legal_actions()[0]).startswith("select ")
    ls_env = LeastScoreEnv(players=3)
    ls_env.reset(seed=2)
    assert ls_env.observation_space("player_0")["action_mask"].shape == (lsr.NUM_ACTIONS,)
    assert ls_env.action_space("player_2").n == lsr.NUM_ACTIONS
    with pytest.raises(ValueError, match="max_turns"):
        LeastScoreEnv(players=4, max_turns=2)
    with pytest.raises(ValueError, match="render_mode"):
        TienLenEnv(render_mode="rgb_array")
