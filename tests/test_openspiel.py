"""Our two games as OpenSpiel Python games: OpenSpiel's own checks, clone and
serialization round-trips, what each player may see, and agreement with our engine
(a round played through OpenSpiel ends as the engine's does, move for move)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import pyspiel  # the openspiel extra is part of the test extra

from cardkit import least_score as ls
from cardkit import tienlen as tl
from cardkit.adapters import least_score_round as lsr
from cardkit.adapters import openspiel as cos
from cardkit.adapters import tienlen_deal as tld

GAME_SETTINGS = [
    (cos.LEAST_SCORE, {}),
    (cos.LEAST_SCORE, {"players": 2, "max_turns": 8}),
    (cos.LEAST_SCORE, {"players": 8, "runs_one_suit": True, "first_open_card": False, "penalty": 0}),
    (cos.LEAST_SCORE, {"players": 3, "tie_is_success": False, "max_turns": 30}),
    (cos.TIENLEN, {}),
    (cos.TIENLEN, {"players": 2}),
    (cos.TIENLEN, {"players": 3, "passed_players_may_rejoin": True}),
    (cos.TIENLEN, {"four_of_a_kind_beats_pair_of_twos": True, "bigger_bombs_beat_smaller": True}),
]


def _ids(setting):
    name, params = setting
    return name + "".join(f"-{k}={v}" for k, v in params.items())


# --- OpenSpiel's own checks ------------------------------------------------------------

@pytest.mark.parametrize("setting", GAME_SETTINGS, ids=[_ids(s) for s in GAME_SETTINGS])
def test_openspiels_random_simulation_test_passes(setting):
    name, params = setting
    game = pyspiel.load_game(name, params)
    # clones, serialization round-trips, sorted legal actions, unique action strings,
    # legal-action masks, observation and information-state tensors of the declared
    # sizes, returns within the declared utilities, game length within the maximum
    pyspiel.random_sim_test(game, num_sims=8, serialize=True, verbose=False)


def test_games_are_registered_with_their_type_and_parameters():
    assert {cos.LEAST_SCORE, cos.TIENLEN} <= set(pyspiel.registered_names())
    game = pyspiel.load_game("cardkit_least_score(players=3,penalty=10,runs_one_suit=true)")
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (kind.min_num_players, kind.max_num_players) == (2, 8)
    assert game.num_players() == 3 and game.rules == ls.Rules(players=3, penalty=10, runs_one_suit=True)
    assert (game.min_utility(), game.max_utility()) == (-59.0, 0.0)
    assert game.num_distinct_actions() == 106 and game.max_chance_outcomes() == 52
    tien = cos.load("tienlen", players=3)
    assert tien.num_players() == 3 and tien.num_distinct_actions() == 54
    assert (tien.min_utility(), tien.max_utility()) == (0.0, 2.0)
    assert tien.get_type().max_num_players == 4
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game(cos.TIENLEN, {"players": 5})
    with pytest.raises(Exception, match="(?i)unknown parameter .hand_size"):
        cos.load("least_score", hand_size=7)


# --- clones and serialization ------------------------------------------------------------

def _random_state(game, seed: int, steps: int):
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", [cos.LEAST_SCORE, cos.TIENLEN])
@pytest.mark.parametrize("steps", [0, 5, 30, 70, 120])
def test_clone_and_serialize_round_trips(name, steps):
    game = pyspiel.load_game(name)
    state = _random_state(game, steps, steps)
    copy = state.clone()
    text = pyspiel.serialize_game_and_state(game, state)
    game2, back = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    for other in (copy, back):
        assert str(other) == str(state) and other.history() == state.history()
        assert other.legal_actions() == state.legal_actions()
        for p in range(game.num_players()):
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
    # the copies are independent: playing on one changes nothing in the others
    before = str(state)
    rng = random.Random(1)
    while not copy.is_terminal():
        copy.apply_action(rng.choice(copy.legal_actions()))
    assert str(state) == before and str(back) == before
    # the same actions give the same game from the deserialized state
    rng_a, rng_b = random.Random(2), random.Random(2)
    while not state.is_terminal():
        a = rng_a.choice(state.legal_actions())
        assert a == rng_b.choice(back.legal_actions())
        state.apply_action(a)
        back.apply_action(a)
    assert back.is_terminal() and back.returns() == state.returns()


# --- agreement with the engine ------------------------------------------------------------

def _turns_spelt(state) -> list[list[int]]:
    """Every sequence of sub-moves that completes the current player's turn: card
    selections (0-51) go on, anything else ends the turn."""
    out, stack = [], [(state, [])]
    while stack:
        s, path = stack.pop()
        for a in s.legal_actions():
            if a < 52:
                stack.append((s.child(a), path + [a]))
            else:
                out.append(path + [a])
    return out


def _ls_engine_round(seed: int, rules: ls.Rules):
    """Play the engine's first round of a match with a mix of our bots; feed the same
    deal, draws and moves to the OpenSpiel game and check them as we go."""
    params = {"players": rules.players, "penalty": rules.penalty, "tie_is_success": rules.tie_is_success,
              "runs_one_suit": rules.runs_one_suit, "first_open_card": rules.first_open_card}
    game = pyspiel.load_game(cos.LEAST_SCORE, params)
    engine = ls.new_game(rules, seed=seed)
    state = game.new_initial_state()
    hands = [engine.hand(p) for p in range(rules.players)]
    for k in range(5):
        for p in range(rules.players):
            assert state.is_chance_node()
            assert state.action_to_string(-1, hands[p][k].index) == f"deal {hands[p][k]} to Player {p}"
            state.apply_action(hands[p][k].index)
    if rules.first_open_card:
        state.apply_action(engine.open_cards[0].index)
    rng = random.Random(seed)
    bots = [ls.BOTS["strong"], ls.BOTS["greedy"], ls.BOTS["random"]]
    checked = 0
    while not engine.round_results:
        p = engine.current_player()
        assert state.current_player() == p
        if checked < 6:  # the sub-moves spell exactly the engine's legal actions
            spelt = sorted(str(lsr.engine_action(t)) for t in _turns_spelt(state))
            assert spelt == sorted(str(a) for a in engine.legal_actions())
            checked += 1
        action = rng.choice(bots)(engine.observation(p), rng)
        before = set(engine.hand(p))
        engine.apply_action(action)
        for a in lsr.submoves(action):
            assert a in state.legal_actions()
            state.apply_action(a)
        if state.is_chance_node():  # the card the engine's player drew
            (drawn,) = set(engine.hand(p)) - (before - set(action.cards))
            assert drawn.index in state.legal_actions()
            state.apply_action(drawn.index)
        if not engine.round_results:
            assert sorted(map(str, state._core.hand(p))) == sorted(map(str, engine.hand(p)))
    assert state.is_terminal()
    assert state.returns() == [-float(s) for s in engine.round_results[0].scores]


@pytest.mark.parametrize("seed", range(12))
def test_least_score_rounds_end_as_in_the_engine(seed):
    rules = ls.Rules(players=2 + seed % 7, runs_one_suit=seed % 3 == 0, first_open_card=seed % 4 != 1,
                     tie_is_success=seed % 5 != 0, penalty=(20, 0, 35)[seed % 3])
    _ls_engine_round(seed, rules)


def _tl_engine_game(seed: int, rules: tl.Rules):
    params = {"players": rules.players, **{k: getattr(rules, k) for k in (
        "four_of_a_kind_beats_pair_of_twos", "bigger_bombs_beat_smaller", "passed_players_may_rejoin")}}
    game = pyspiel.load_game(cos.TIENLEN, params)
    engine = tl.new_game(rules, seed=seed)
    n = rules.players
    first = engine.round_results[0] if engine.round_results else None
    hands = first.hands if first else [engine.hand(p) for p in range(n)]
    state = game.new_initial_state()
    for i in range(13 * n):
        card = hands[i % n][i // n]
        assert state.action_to_string(-1, tl.card_key(card)) == f"deal {card} to Player {i % n}"
        state.apply_action(tl.card_key(card))
    rng = random.Random(seed)
    bots = [tl.BOTS["strong"], tl.BOTS["greedy"], tl.BOTS["random"]]
    checked = 0
    while not engine.round_results:
        p = engine.current_player()
        assert state.current_player() == p
        if checked < 4:
            spelt = sorted(str(t) for t in _turns_spelt(state))
            assert spelt == sorted(str(tld.submoves(a)) for a in engine.legal_actions())
            checked += 1
        action = rng.choice(bots)(engine.observation(p), rng)
        engine.apply_action(action)
        for a in tld.submoves(action):
            assert a in state.legal_actions()
            state.apply_action(a)
    assert state.is_terminal()
    assert state.returns() == [float(s) for s in engine.round_results[0].scores]


@pytest.mark.parametrize("seed", range(12))
def test_tienlen_games_end_as_in_the_engine(seed):
    rules = tl.Rules(players=2 + seed % 3, passed_players_may_rejoin=seed % 3 == 1,
                     bigger_bombs_beat_smaller=seed % 4 == 1, four_of_a_kind_beats_pair_of_twos=seed % 5 == 0)
    _tl_engine_game(seed, rules)


def test_an_instant_win_ends_the_game_at_the_deal():
    game = cos.load("tienlen")
    state = game.new_initial_state()
    twos = [tl.card_key(c) for c in tl.classify("2S 2C 2D 2H").cards]
    rest = [k for k in range(52) if k not in twos]  # in Tiến Lên order: no dragon in a block
    hands = [twos + rest[39:48], rest[0:13], rest[13:26], rest[26:39]]  # Player 0: all four 2s
    for i in range(52):
        state.apply_action(hands[i % 4][i // 4])
    assert state.is_terminal() and state.returns() == [3.0, 0.0, 0.0, 0.0]


# --- what each player may see ---------------------------------------------------------------

def _mid_states(name: str, params: dict, seeds=range(6), steps=(0, 7, 25, 60)):
    """States at a player's turn after the deal, reached by random play (in Least
    Score nobody declares, so that the rounds go on)."""
    game = pyspiel.load_game(name, params)
    for seed in seeds:
        rng = random.Random(seed)
        for k in steps:
            state = game.new_initial_state()
            moves = 0
            while not state.is_terminal() and (state.is_chance_node() or moves < k):
                acts = [a for a in state.legal_actions() if name != cos.LEAST_SCORE or a != lsr.DECLARE_ACTION]
                moves += not state.is_chance_node()
                state.apply_action(rng.choice(acts))
            if not state.is_terminal():
                yield game, state


@pytest.mark.parametrize("setting", [(cos.LEAST_SCORE, {}), (cos.LEAST_SCORE, {"players": 3}),
                                     (cos.TIENLEN, {}), (cos.TIENLEN, {"players": 3})],
                         ids=["ls4", "ls3", "tl4", "tl3"])
def test_a_players_view_does_not_depend_on_the_cards_they_cannot_see(setting):
    seen_changes = 0
    for game, state in _mid_states(*setting):
        p = state.current_player()
        rng = random.Random(7)
        other = state.determinize(p, rng)
        hidden_differ = any(other._core.hand(q) != state._core.hand(q) for q in range(game.num_players()) if q != p)
        seen_changes += hidden_differ
        # the player's own view is the same in both worlds, string and tensor ...
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.observation_string(p) == state.observation_string(p)
        assert np.array_equal(other.information_state_tensor(p), state.information_state_tensor(p))
        assert np.array_equal(other.observation_tensor(p), state.observation_tensor(p))
        assert other.legal_actions() == state.legal_actions()
        # ... while another player's view, which holds their own hand, changed
        if hidden_differ:
            q = next(q for q in range(game.num_players())
                     if q != p and other._core.hand(q) != state._core.hand(q))
            assert other.observation_string(q) != state.observation_string(q)
            assert not np.array_equal(other.observation_tensor(q), state.observation_tensor(q))
    assert seen_changes >= 5  # the hidden cards really were dealt afresh


def test_views_name_the_players_own_cards_and_no_one_elses():
    game = cos.load("tienlen")
    state = _random_state(game, 3, 52)
    p = state.current_player()
    mine = {str(c) for c in state._core.hand(p)}
    theirs = {str(c) for q in range(4) if q != p for c in state._core.hand(q)}
    words = set(state.observation_string(p).replace("|", " ").split())
    assert mine <= words and not theirs & words
    obs = pyspiel.load_game(cos.TIENLEN).make_py_observer()
    obs.set_from(state, p)
    assert obs.dict["hand"].sum() == 13 and obs.dict["hand_sizes"].shape == (4, 14)
    with pytest.raises(Exception):
        state.observation_string(4)


def test_least_score_shows_every_hand_once_someone_declares():
    game = cos.load("least_score", players=3)
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        acts = state.legal_actions()
        state.apply_action(lsr.DECLARE_ACTION if lsr.DECLARE_ACTION in acts else rng.choice(acts))
    hands = [state._core.hand(q) for q in range(3)]
    for p in range(3):
        text = state.observation_string(p)
        assert all(str(c) in text for h in hands for c in h)


def test_action_strings_are_in_the_games_words():
    game = cos.load("least_score")
    state = game.new_initial_state()
    from cardkit import parse_cards

    mine = [c.index for c in parse_cards("AC 2D 3S 9H 9C")]  # Player 0's hand
    rest = iter(k for k in range(52) if k not in mine)
    for i in range(21):  # one card at a time from Player 0, then the card turned up
        state.apply_action(mine[i // 4] if i % 4 == 0 and i < 20 else next(rest))
    assert state.current_player() == 0
    words = [state.action_to_string(0, a) for a in state.legal_actions()]
    assert words == ["select A♣", "select 2♦", "select 3♠", "select 9♣", "select 9♥"]
    state.apply_action(parse_cards("9C")[0].index)
    up = lsr._TEXT[state._core.open[0]]
    words = [state.action_to_string(0, a) for a in state.legal_actions()]
    assert words == ["select 9♥", f"discard 9♣, take {up}", "discard 9♣, draw from the deck"]
    state.apply_action(parse_cards("9H")[0].index)
    assert state.action_to_string(0, lsr.DRAW) == "discard 9♣ 9♥ (pair), draw from the deck"
    assert state.action_to_string(0, lsr.DECLARE_ACTION) == "declare"
    state.apply_action(lsr.DRAW)
    assert state.is_chance_node()
    assert state.action_to_string(-1, state.legal_actions()[0]).startswith("Player 0 draws ")

    tien = cos.load("tienlen")
    s = tien.new_initial_state()
    hands = [list(range(13))] + [list(range(13 + q, 52, 3)) for q in range(3)]
    for i in range(52):  # Player 0 is dealt the 13 lowest cards, 3♠ … 6♠; nobody an instant win
        s.apply_action(hands[i % 4][i // 4])
    assert [s.action_to_string(0, a) for a in s.legal_actions()] == ["select 3♠"]
    s.apply_action(0)
    strings = [s.action_to_string(0, a) for a in s.legal_actions()]
    assert strings[:4] == ["select 3♣", "select 3♦", "select 3♥", "select 4♠"]
    assert strings[-1] == "play 3♠ (single)"
    s.apply_action(4)
    s.apply_action(8)
    assert s.action_to_string(0, tld.PLAY) == "play 3♠ 4♠ 5♠ (sequence of three)"
    s.apply_action(tld.PLAY)
    assert [s.action_to_string(1, a) for a in s.legal_actions()][-1] == "pass"


def test_the_readmes_five_lines_for_bot_writers_run():
    import pathlib
    import re

    readme = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text()
    section = readme[readme.index("## For bot writers"):]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)[:2]  # OpenSpiel, PettingZoo
    assert len(blocks) == 2 and all(len(b.strip().splitlines()) == 5 for b in blocks)
    for code in blocks:
        scope: dict = {}
        exec(compile(code, "README.md", "exec"), scope)
    assert scope["env"].agents == []  # the PettingZoo episode ran to its end


def test_the_least_score_core_is_the_engines_round():
    """The core runs the engine's own state (turns, reshuffle, declaring, scores); its ids
    are cardkit's, and the OpenSpiel state turns them into OpenSpiel's."""
    from cardkit.adapters import CHANCE
    from cardkit.game import TERMINAL

    core = lsr.LeastScoreRound(ls.Rules(players=2), max_turns=400)
    assert core.current_player() == CHANCE and core.engine is None
    rng = random.Random(3)
    reshuffled = False
    while not core.is_terminal():
        if core.is_chance_node():
            if core.engine is not None and core.engine.deck_size == 0:
                # the deck ran out: the draw comes from the discard pile, as the engine says
                assert core.legal_actions() == sorted(c.index for c in core.engine.dead_cards)
                reshuffled = True
            core.apply_action(rng.choice(core.legal_actions()))
            continue
        assert isinstance(core.engine, ls.LeastScoreState)
        assert core.current_player() == core.engine.current_player()
        acts = core.legal_actions()
        if not core.selection:
            assert (lsr.DECLARE_ACTION in acts) == (ls.DECLARE in core.engine.legal_actions())
        if not reshuffled and not core.selection:  # draw until the deck is reshuffled, then declare
            acts = [a for a in acts if a != lsr.DECLARE_ACTION] or acts
        elif lsr.DECLARE_ACTION in acts:
            acts = [lsr.DECLARE_ACTION]
        core.apply_action(min(acts) if not core.selection else max(acts))
    assert reshuffled and core.current_player() == TERMINAL
    assert core.returns() == [-float(s) for s in core.engine.round_results[-1].scores]
    game = cos.load("least_score", players=2)
    state = game.new_initial_state()
    state._core = core
    assert state.current_player() == pyspiel.PlayerId.TERMINAL and state.is_terminal()
