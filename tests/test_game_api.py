"""One state API for both games (cardkit.game): the same names mean the same in
Least Score and Tiến Lên, so code written for one game works for the other."""

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from cardkit import DealCodeError, IllegalActionError, UnknownBotError, deal_code
from cardkit import least_score, tienlen
from cardkit.game import TERMINAL, Event, GameState, bot_lookup, game_module, play_out, resolve_bot
from cardkit.tournament import tournament

GAMES = ["least_score", "tienlen"]
SMALL = {"least_score": least_score.Rules(players=3, threshold=25),
         "tienlen": tienlen.Rules(players=3, target=4)}


def recording(bot, log):
    """A bot that notes (seat, action) of every move it makes."""
    def bot_that_records(obs, rng):
        action = bot(obs, rng)
        log.append((obs.player, action))
        return action
    return bot_that_records


@pytest.mark.parametrize("game", GAMES)
def test_both_games_take_a_seed_or_a_deal_code(game):
    module = game_module(game)
    by_code = module.new_game(seed="K7Q-29X")
    by_seed = module.new_game(seed=by_code.seed)
    assert deal_code(by_code.seed) == "K7Q-29X" == by_code.deal_code == by_seed.deal_code
    assert [by_code.hand(p) for p in range(4)] == [by_seed.hand(p) for p in range(4)]
    assert module.new_game(seed="k7q 29x").seed == by_code.seed
    with pytest.raises(DealCodeError, match="is not a deal code"):
        module.new_game(seed="K7Q-29")
    with pytest.raises(DealCodeError, match="seed"):
        module.new_game(seed=1.5)


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_match_through_the_shared_protocol(game):
    module = game_module(game)
    state = module.new_game(SMALL[game], seed=11)
    assert isinstance(state, GameState)
    assert state.winners() == [] and state.history == [] and state.round_results == []
    moves = []
    name, bot = resolve_bot(game, "random")
    assert name == "random" and bot is bot_lookup(game)["random"]
    play_out(state, [recording(bot, moves)] * state.num_players, seed=3)
    assert state.is_terminal() and state.current_player() == TERMINAL and state.legal_actions() == []
    winners = state.winners()
    assert winners and set(winners) <= set(range(state.num_players))
    # every action is in exactly one finished round's history, in order
    results = state.round_results
    assert [r.round for r in results] == list(range(1, len(results) + 1))
    assert [a for r in results for a in r.history] == moves
    assert state.history == list(results[-1].history)        # the last round, once it is over
    # the events are the shared Event, numbered by round like the results
    events = state.events
    assert all(type(e) is Event for e in events)
    assert [e.round for e in events] == sorted(e.round for e in events)
    assert {e.round for e in events} == {r.round for r in results}
    assert all(len(r.scores) == len(r.hands) == state.num_players for r in results)
    with pytest.raises(IllegalActionError):
        state.apply_action(moves[-1][1])


@pytest.mark.parametrize("game", GAMES)
def test_legal_actions_is_a_list_and_history_grows_with_each_action(game):
    state = game_module(game).new_game(seed=4)
    for k in range(6):
        legal = state.legal_actions()
        assert type(legal) is list and legal
        player, action = state.current_player(), legal[-1] if game == "tienlen" else legal[0]
        state.apply_action(action)
        assert state.history[-1] == (player, action) and len(state.history) == k + 1


@pytest.mark.parametrize("game", GAMES)
def test_one_bot_lookup_for_tables_and_tournaments(game):
    assert set(bot_lookup(game)) == {"random", "greedy", "strong"}
    with pytest.raises(UnknownBotError, match="no bot called 'genius'"):
        resolve_bot(game, "genius")
    with pytest.raises(UnknownBotError, match="is not a bot"):
        resolve_bot(game, 42)

    def my_bot(obs, rng):
        return obs.legal_actions[0]

    assert resolve_bot(game, my_bot) == ("my_bot", my_bot)


@pytest.mark.parametrize("game", GAMES)
def test_a_tournament_counts_every_action_of_a_match(game):
    rules = SMALL[game]
    result = tournament(game, ["greedy"] * rules.players, matches=3, seed=2, rules=rules,
                        workers=0, progress=False)
    for match in result.matches:                      # replayed here, every move noted
        moves = []
        state = game_module(game).new_game(rules, match.seed)
        play_out(state, [recording(bot_lookup(game)["greedy"], moves)] * rules.players, seed=match.seed)
        assert match.actions == len(moves) and match.rounds == len(state.round_results) >= 1
        assert match.winners == tuple(state.winners()) and match.returns == tuple(state.returns())


# --- events read after every move tell the same story as events read once -----------

def incremental_and_once(game, rules, seed, bot_seed):
    """Play one match twice with the same random moves: reading the events after every
    move (as a table does) and reading them only at the end."""
    module = game_module(game)
    bot = bot_lookup(game)["random"]
    watched, quiet = module.new_game(rules, seed), module.new_game(rules, seed)
    seen: list = []
    rng_a, rng_b = random.Random(bot_seed), random.Random(bot_seed)
    while not watched.is_terminal():
        p = watched.current_player()
        watched.apply_action(bot(watched.observation(p), rng_a))
        quiet.apply_action(bot(quiet.observation(p), rng_b))
        seen += watched.events[len(seen):]
    return seen, watched.events, quiet.events


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**30 - 1), bot_seed=st.integers(0, 1000),
       players=st.integers(2, 4))
def test_events_read_after_every_move_tell_the_same_story(game, seed, bot_seed, players):
    rules = (least_score.Rules(players=players, threshold=25) if game == "least_score"
             else tienlen.Rules(players=players, target=4))
    seen, watched, quiet = incremental_and_once(game, rules, seed, bot_seed)
    assert seen == watched == quiet


def test_a_tienlen_bomb_does_not_hide_the_next_entry_of_the_log():
    # A bomb writes two events (its play, then "Chop!"); the log read after every move
    # once skipped the entry after it.
    state = tienlen.TienLenState.from_hands(["3S 2H", "4S 4C 4D 4H 5S", "6S 7S"], seed=0, leader=0)
    seen = []
    for move in ["2H", "4S 4C 4D 4H", "pass", "pass", "5S"]:
        state.apply_action(tienlen.PASS if move == "pass" else tienlen.classify(move))
        seen += state.events[len(seen):]
    assert [e.kind for e in seen] == ["deal", "play", "play", "chop", "pass", "pass", "clear",
                                      "play", "out"] + [e.kind for e in state.events[9:]]
    assert seen == state.events


SHARED_OBSERVATION = {
    "player": int, "num_players": int, "rules": object, "round_number": int, "current_player": int,
    "hand": tuple, "hand_sizes": tuple, "history": tuple, "scores": tuple, "legal_actions": tuple,
    "is_terminal": bool,
}


@pytest.mark.parametrize("game", GAMES)
def test_both_observations_use_the_same_names_for_the_same_things(game):
    """Generic code reads these from either game's observation without asking which game it is."""
    state = game_module(game).new_game(seed=5)
    for step in range(40):
        me = state.current_player()
        for p in range(state.num_players):
            obs = state.observation(p)
            for name, kind in SHARED_OBSERVATION.items():
                assert isinstance(getattr(obs, name), kind), (game, name)
            assert obs.num_players == state.num_players and obs.round_number == state.round_number
            assert len(obs.hand_sizes) == state.num_players and obs.hand_sizes[p] == len(obs.hand)
            assert list(obs.history) == state.history and obs.is_terminal == state.is_terminal()
            assert list(obs.legal_actions) == (state.legal_actions() if p == me else [])
        state.apply_action(state.legal_actions()[-1])
    for old in ("cards_left", "game_number"):  # the Tiến Lên names before both games shared one
        assert not hasattr(state.observation(0), old)
