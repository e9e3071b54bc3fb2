"""The Tiến Lên match state: leads, passing, clearing, going out, instant wins,
scoring, the match, observations, clones, determinism and illegal actions."""

import random

import pytest

from cardkit import Card, HandError, IllegalActionError, RulesError, parse_cards
from cardkit.play import TERMINAL, play_out
from cardkit.tienlen import (
    BOTS,
    PASS,
    Rules,
    TienLenState,
    classify,
    greedy_bot,
    new_game,
    random_bot,
)

C = classify


def from_hands(hands, rules=None, seed=0, leader=None):
    """A state from given hands, with a fixed seed for the games dealt after them."""
    return TienLenState.from_hands(hands, rules, seed=seed, leader=leader)


def snapshot(state):
    """Everything that makes up a state, to check that nothing changed."""
    return (
        repr(state), list(state._hands), state._table, state._owner, state._cur,
        list(state._inround), list(state._out), state._required, list(state._log),
        list(state._totals), len(state.round_results), state._game,
        [None if k is None else (k[0], k[1]) for k in state._leads],
    )


def play(state, text, player=None):
    state.apply_action(PASS if text == "pass" else C(text), player=player)


def run(state, moves):
    for move in moves:
        play(state, move)


# --------------------------------------------------------------------------- the deal and the lead

def test_new_game_deals_13_cards_each_and_the_holder_of_3_spades_leads():
    for seed in range(20):
        state = new_game(seed=seed)
        assert not state.round_results
        hands = [state.hand(p) for p in range(4)]
        assert all(len(h) == 13 for h in hands)
        assert len({c for h in hands for c in h}) == 52
        leader = state.current_player()
        assert Card.parse("3S") in hands[leader]
        assert state.must_play == Card.parse("3S")
        actions = state.legal_actions()
        assert actions and PASS not in actions
        assert all(Card.parse("3S") in a.cards for a in actions)


def test_the_first_play_must_contain_3_spades():
    state = from_hands(["3S 4S 5S 9H", "6S 7D", "8S 8C", "10S JS"])
    assert state.current_player() == 0
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="must contain 3♠"):
        play(state, "9H")
    with pytest.raises(IllegalActionError, match="cannot pass when you lead"):
        play(state, "pass")
    assert snapshot(state) == before
    assert [str(a) for a in state.legal_actions()] == ["3♠", "3♠ 4♠ 5♠"]
    play(state, "3S 4S 5S")
    assert state.must_play is None


@pytest.mark.parametrize("players", [2, 3])
def test_with_fewer_players_the_lowest_dealt_card_leads_when_3_spades_is_out(players):
    found = 0
    for seed in range(60):
        state = new_game(Rules(players=players), seed=seed)
        if state.round_results:
            continue  # an instant win at the deal
        hands = [state.hand(p) for p in range(players)]
        assert all(len(h) == 13 for h in hands)
        dealt = sorted((c for h in hands for c in h), key=lambda c: (c.rank - 3) % 13 * 4 + c.suit)
        lowest = dealt[0]
        assert lowest in hands[state.current_player()]
        assert state.must_play == lowest
        assert all(lowest in a.cards for a in state.legal_actions())
        found += lowest != Card.parse("3S")
    assert found > 0  # some deals left 3♠ out of play


def test_lowest_card_lead_from_given_hands():
    state = from_hands(["4S 5S 9H", "3C 3H 7D", "8H 9S"])
    assert state.num_players == 3 and state.current_player() == 1
    assert state.must_play == Card.parse("3C")
    assert [str(a) for a in state.legal_actions()] == ["3♣", "3♣ 3♥"]
    with pytest.raises(IllegalActionError, match="must contain 3♣"):
        play(state, "3H")
    assert "lowest card dealt, 3♣" in state.events[0].text


# --------------------------------------------------------------------------- passing and clearing

def lockout_state(**options):
    return from_hands(["3S 7S KS", "4S 8S AS", "5S 9S 2S", "6S 10S 2H"],
                                   Rules(**options))


def test_a_player_who_passed_is_locked_out_until_the_table_clears():
    state = lockout_state()
    run(state, ["3S", "pass", "5S", "6S", "7S"])
    assert state.current_player() == 2          # Player 1 passed: skipped
    assert state.passed() == (1,)
    assert state.observation(2).passed == (1,)
    assert PASS in state.legal_actions()
    run(state, ["pass", "pass"])                 # Players 2 and 3 pass too
    assert state.table is None and state.current_player() == 0
    assert state.passed() == ()
    assert PASS not in state.legal_actions()
    assert [e.kind for e in state.events][-1] == "clear"
    assert "Player 0 clears the table" in state.events[-1].text
    run(state, ["KS"])
    assert state.current_player() == 1          # a new round: Player 1 is back in


def test_variant_passed_players_may_rejoin():
    state = lockout_state(passed_players_may_rejoin=True)
    run(state, ["3S", "pass", "5S", "6S", "7S"])
    assert state.current_player() == 1          # back in on a later turn
    run(state, ["8S", "9S", "10S", "pass", "pass", "pass"])
    assert state.table is None and state.current_player() == 3


def test_the_table_clears_when_everyone_else_passes():
    state = lockout_state()
    run(state, ["3S", "pass", "pass", "pass"])
    assert state.table is None and state.current_player() == 0 and state.table_player is None


def test_lead_passes_on_when_the_last_player_has_gone_out():
    state = from_hands(["3S KS", "4S 5S 6S", "7S 8S 9S", "10S JS QS"])
    run(state, ["3S", "pass", "pass", "pass", "KS"])
    assert state.hand(0) == [] and state.observation(1).finished == (0,)
    assert [e.kind for e in state.events][-2:] == ["play", "out"]
    run(state, ["pass", "pass", "pass"])
    assert state.table is None
    assert state.current_player() == 1          # the next player in turn with cards
    assert "has gone out" in state.events[-1].text and "Player 1 leads" in state.events[-1].text


def test_a_player_going_out_can_still_be_beaten():
    state = from_hands(["3S 9S", "4S 10S JS", "5S 6S"])
    run(state, ["3S", "4S", "5S", "9S"])         # Player 0 goes out with 9♠
    assert state.current_player() == 1 and state.table == C("9S") and state.hand(0) == []
    run(state, ["10S"])
    assert state.current_player() == 2
    run(state, ["pass"])                           # Player 1's 10♠ stands: Player 1 leads
    assert state.table is None and state.current_player() == 1
    run(state, ["JS"])
    assert state.round_results[0].finishing_order == (0, 1, 2)
    assert state.round_results[0].scores == (2, 1, 0)


# --------------------------------------------------------------------------- the end of a game

def test_going_out_and_scores_n_minus_k():
    state = from_hands(["3S", "4S", "5S", "6S"], seed=3)
    run(state, ["3S", "4S", "5S"])
    result = state.round_results[0]
    assert result.finishing_order == (0, 1, 2, 3)
    assert result.scores == (3, 2, 1, 0)
    assert result.totals == (3, 2, 1, 0) and state.returns() == [3, 2, 1, 0]
    assert result.winner == 0 and result.instant_win is None
    assert [list(h) for h in result.hands] == [parse_cards(x) for x in ("3S", "4S", "5S", "6S")]
    assert [str(a) for _, a in result.history] == ["3♠", "4♠", "5♠"]
    assert "Player 0 went out first" in result.text
    # the next game is dealt at once and led by the winner, with anything
    assert state.game_number == 2
    assert all(len(state.hand(p)) == 13 for p in range(4))
    assert state.current_player() == 0 and state.must_play is None
    actions = state.legal_actions()
    assert PASS not in actions and len({len(a) for a in actions}) >= 1
    assert any(Card.parse("3S") not in a.cards for a in actions)
    kinds = [e.kind for e in state.events]
    assert kinds.count("out") == 3 and "game_over" in kinds and kinds[-1] == "deal"


def test_scores_with_two_and_three_players():
    state = from_hands(["3S", "4S 5S"])
    run(state, ["3S"])
    assert state.round_results[0].scores == (1, 0)
    state = from_hands(["3S", "4S 5S", "6S 7S"])
    run(state, ["3S", "pass", "pass"])
    assert state.current_player() == 1   # Player 0 is out: the lead passes on
    run(state, ["4S", "6S", "pass", "7S"])
    assert state.round_results[0].finishing_order == (0, 2, 1)
    assert state.round_results[0].scores == (2, 0, 1)


DRAGON = "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 3D"
FOUR_TWOS = "2S 2C 2D 2H 4D 5D 6D 7D 8D 9D 10D JD QD"


def test_instant_win_ends_the_game_at_the_deal():
    state = from_hands(["3S 4S", "5S 6S", FOUR_TWOS, "7S"])
    result = state.round_results[0]
    assert result.instant_win == "four_twos" and result.instant_winner == 2
    assert result.scores == (0, 0, 3, 0) and result.finishing_order == ()
    assert result.winner == 2 and result.history == ()
    assert state.returns() == [0, 0, 3, 0]
    assert state.game_number == 2 and state.current_player() == 2   # the winner leads the next game
    assert [e.kind for e in state.events][:3] == ["deal", "instant_win", "game_over"]
    assert "all four 2s" in state.events[1].text


def test_two_instant_wins_the_first_in_turn_from_the_leader_wins():
    state = from_hands(["3S 4S", DRAGON, "3H 4H", FOUR_TWOS])   # Player 0 leads
    assert state.round_results[0].instant_winner == 1
    assert state.round_results[0].instant_win == "dragon"
    state = from_hands(["4S 5S", DRAGON, "3S 3H", FOUR_TWOS])   # Player 2 leads
    assert state.round_results[0].instant_winner == 3
    assert state.round_results[0].instant_win == "four_twos"


def test_instant_wins_happen_in_dealt_games_too():
    wins = 0
    for seed in range(3000):
        state = new_game(Rules(target=1), seed=seed)
        result = state.round_results[0] if state.round_results else None
        if result is not None:
            wins += 1
            assert result.instant_win in ("four_twos", "dragon")
            assert sorted(result.scores) == [0, 0, 0, 3]
            assert state.is_terminal() and state.winner == result.instant_winner
    assert wins >= 1


# --------------------------------------------------------------------------- the match

def test_the_match_ends_when_a_player_reaches_the_target():
    state = from_hands(["3S", "4S", "5S", "6S"], Rules(target=3))
    run(state, ["3S", "4S", "5S"])
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.winner == 0 and state.returns() == [3, 2, 1, 0]
    assert state.legal_actions() == []
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="match is over"):
        play(state, "pass")
    assert snapshot(state) == before
    assert state.events[-1].kind == "match_over"
    assert "Player 0 wins the match with 3 points" in state.events[-1].text


def test_match_winner_first_to_reach_target_and_ties():
    ties = 0
    for seed in range(150):
        rules = Rules(players=3, target=4)
        state = play_out(new_game(rules, seed=seed), [random_bot] * 3, seed=seed)
        totals = state.returns()
        last = state.round_results[-1]
        before = [t - s for t, s in zip(totals, last.scores)]
        assert max(before) < rules.target <= max(totals)
        assert totals[state.winner] == max(totals)
        level = [p for p in range(3) if totals[p] == max(totals)]
        assert last.scores[state.winner] == max(last.scores[p] for p in level)
        ties += len(level) > 1
        assert sum(r.scores[p] for r in state.round_results for p in range(3)) == sum(totals)
    assert ties > 0  # the tie rule was exercised


def test_a_full_match_with_default_rules():
    state = play_out(new_game(seed=11), [greedy_bot, random_bot, greedy_bot, random_bot], seed=2)
    assert state.is_terminal() and max(state.returns()) >= 21
    for i, result in enumerate(state.round_results, start=1):
        assert result.game == i
        if i > 1:
            assert result.leader == state.round_results[i - 2].winner


# --------------------------------------------------------------------------- observations

def test_observation_shows_only_what_a_player_may_see():
    state = new_game(seed=5)
    rng = random.Random(1)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    me = state.current_player()
    for p in range(4):
        obs = state.observation(p)
        assert obs.player == p and list(obs.hand) == state.hand(p)
        assert obs.hand_sizes == tuple(len(state.hand(q)) for q in range(4))
        assert obs.table == state.table and obs.table_player == state.table_player
        assert obs.scores == tuple(state.returns())
        assert obs.history == tuple(state.history)
        assert (list(obs.legal_actions) == state.legal_actions()) if p == me else obs.legal_actions == ()
        others = {c for q in range(4) if q != p for c in state.hand(q)}
        seen = set(obs.hand) | set(obs.played_cards)
        assert not seen & others
        assert not any(isinstance(v, (list, tuple)) and others & set(v)
                       for v in vars_of(obs) if v is not obs.hand)


def vars_of(obs):
    return [getattr(obs, f) for f in obs.__dataclass_fields__]


def test_observation_rejects_a_bad_player():
    with pytest.raises(ValueError):
        new_game(seed=1).observation(4)


# --------------------------------------------------------------------------- clone and determinism

def test_clone_is_independent():
    state = new_game(seed=8)
    twin = state.clone()
    rng = random.Random(3)
    for _ in range(40):
        twin.apply_action(rng.choice(twin.legal_actions()))
    assert snapshot(state) == snapshot(new_game(seed=8))
    again = state.clone()
    rng1, rng2 = random.Random(4), random.Random(4)
    a = play_out(state.clone(), [random_bot] * 4, seed=rng1)
    b = play_out(again, [random_bot] * 4, seed=rng2)
    assert a.returns() == b.returns() and [e.text for e in a.events] == [e.text for e in b.events]


def test_same_seed_same_match():
    a = play_out(new_game(seed=21), [BOTS["random"]] * 4, seed=5)
    b = play_out(new_game(seed=21), [BOTS["random"]] * 4, seed=5)
    assert a.returns() == b.returns()
    assert [e.text for e in a.events] == [e.text for e in b.events]
    assert [r.hands for r in a.round_results] == [r.hands for r in b.round_results]
    assert new_game(seed=21).deal_code == "000-00N"
    assert new_game(seed=22).hand(0) != new_game(seed=21).hand(0)


# --------------------------------------------------------------------------- illegal actions

def test_illegal_actions_raise_with_a_reason_and_change_nothing():
    state = lockout_state()
    run(state, ["3S", "4S"])
    before = snapshot(state)
    cases = [
        (PASS, 1, "Player 2's turn, not Player 1's"),
        (C("5S"), None, None),  # legal: checked below with why_illegal_action
        (C("AS"), None, "does not hold A♠"),
        (C("2S 2H"), None, "does not hold 2♥"),
        ("5S", None, "PASS"),
        (None, None, "an action is a combination"),
    ]
    for action, player, words in cases:
        if words is None:
            assert state.why_illegal_action(action) is None
            continue
        with pytest.raises(IllegalActionError, match=words):
            state.apply_action(action, player=player)
        assert state.why_illegal_action(action, player) is not None
        assert snapshot(state) == before


def test_not_beating_is_refused():
    state = from_hands(["3S 9S", "4S 8S 2H", "5S 5C"])
    run(state, ["3S", "8S"])
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="pair must be beaten|single must be beaten"):
        play(state, "5S 5C")
    assert snapshot(state) == before
    with pytest.raises(IllegalActionError, match="5♣ is lower than 8♠"):
        play(state, "5C")
    assert snapshot(state) == before
    play(state, "pass")
    assert state.current_player() == 0
    play(state, "9S")


def test_bombs_and_chops_are_announced():
    state = from_hands(["3S 2H 5S", "4S 4C 4D 4H 9S 6S"])
    run(state, ["3S", "9S", "2H", "4S 4C 4D 4H"])
    chop = [e for e in state.events if e.kind == "chop"]
    assert len(chop) == 1 and chop[0].player == 1
    assert chop[0].text == "Chop! Player 1's four of a kind chops Player 0's 2♥."
    state = from_hands(["3S 3C 3D 3H 5S", "4S"])
    run(state, ["3S 3C 3D 3H"])
    assert [e.kind for e in state.events][-2:] == ["play", "bomb"]


def test_from_hands_checks_its_input():
    # a bad set-up is no illegal action: it is a HandError (still a ValueError)
    with pytest.raises(HandError, match="two hands"):
        from_hands(["3S", "3S 4S"])
    with pytest.raises(RulesError):
        from_hands(["3S"])
    with pytest.raises(RulesError):
        from_hands(["3S", "4S"], Rules(players=3))
    with pytest.raises(HandError, match="1 to 13"):
        from_hands(["", "4S"])
    assert not issubclass(HandError, IllegalActionError) and issubclass(HandError, ValueError)
    state = from_hands(["5S", "3S 4S"], leader=0)
    assert state.current_player() == 0 and state.must_play is None


def test_new_game_checks_its_input():
    with pytest.raises(RulesError):
        new_game(rules={"players": 3})
    with pytest.raises(ValueError):
        new_game(seed="abc")
    assert new_game(seed=2**40).deal_code is None
    assert isinstance(new_game().seed, int)


# --------------------------------------------------------------------------- bots

def test_greedy_bot_plays_low_and_keeps_bombs_and_twos():
    state = from_hands(["3S 9D", "4S 5S 6S 7S 9S 9C 2S 2D 8H 8D 10C 10H JS", "10S JH"])
    run(state, ["3S"])
    obs = state.observation(1)
    assert greedy_bot(obs, random.Random(0)) == C("4S")
    run(state, ["4S", "10S", "pass"])
    state2 = from_hands(["3S", "4S 5S 6S 7S 9S 9C 2S 2D 8H 8D 10C 10H JS", "10S JH"], leader=1)
    choice = greedy_bot(state2.observation(1), random.Random(0))
    assert len(choice) == max(len(a) for a in state2.legal_actions() if not a.is_bomb and a.key.rank != 2)
    state3 = from_hands(["3S KD 5D 6D 7D", "2S 4C 8C 9C 10C 5H", "JH QH KH AH 2H"])
    run(state3, ["3S"])
    run(state3, ["pass", "JH", "KD"])
    assert state3.current_player() == 2
    assert greedy_bot(state3.observation(2), random.Random(0)) == C("KH")   # the lowest that beats


@pytest.mark.parametrize("first_hand, spends_the_two", [("3S AD 5D 6D 7D 8D", False), ("3S AD 5D", True)])
def test_greedy_bot_spends_a_two_only_when_it_matters(first_hand, spends_the_two):
    state = from_hands([first_hand, "4C 9C 9D 9H KS QS", "JH 2H 9S 10S 6C 4H 5H"])
    run(state, ["3S", "4C", "6C", "AD", "pass"])
    assert state.current_player() == 2
    choice = greedy_bot(state.observation(2), random.Random(0))
    assert choice == (C("2H") if spends_the_two else PASS)


def test_bots_finish_matches():
    for name, bot in BOTS.items():
        state = play_out(new_game(Rules(players=3, target=6), seed=3), [bot] * 3, seed=1)
        assert state.is_terminal(), name


# --- pinned against the seeded deck and the rejoin variant (each once slipped past every test) ---

def seeded_decks(seed, games):
    """The decks of a match's first ``games`` games, as the module docstring of
    ``cardkit.tienlen.game`` describes them: one ``random.Random(seed)`` gives each game
    52 random keys, and the cards (in Tiến Lên order) are sorted by them."""
    from cardkit import full_deck
    from cardkit.tienlen import card_key

    in_order = sorted(full_deck(), key=card_key)
    rng = random.Random(seed)
    decks = []
    for _ in range(games):
        keys = [rng.random() for _ in range(52)]
        decks.append([in_order[t] for t in sorted(range(52), key=keys.__getitem__)])
    return decks


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_game_is_dealt_one_card_at_a_time_from_the_seeded_deck(players):
    seed = 31
    state = new_game(Rules(players=players, target=5), seed=seed)
    play_out(state, [random_bot] * players, seed=seed)
    games = len(state.round_results)
    assert games >= 2
    for deck, result in zip(seeded_decks(seed, games), state.round_results):
        for p in range(players):
            assert set(result.hands[p]) == set(deck[p:13 * players:players]), (result.game, p)


@pytest.mark.parametrize("seed", range(8))
def test_with_rejoining_a_player_who_has_gone_out_never_gets_a_turn(seed):
    state = new_game(Rules(passed_players_may_rejoin=True, target=6), seed=seed)
    rng = random.Random(seed)
    turns_after_someone_went_out = 0
    while not state.is_terminal():
        p = state.current_player()
        obs = state.observation(p)
        assert p not in obs.finished and obs.hand_sizes[p] > 0
        turns_after_someone_went_out += bool(obs.finished)
        state.apply_action(random_bot(obs, rng))
    assert turns_after_someone_went_out > 0


def test_place_points_are_the_games_scores_and_refuse_a_place_that_is_not_one():
    from cardkit import tienlen as tl
    from cardkit.errors import OptionError
    from cardkit.tienlen import place_points

    for players in (2, 3, 4):
        state = tl.new_game(tl.Rules(players=players), seed=players)
        while not state.round_results:
            state.apply_action(tl.greedy_bot(state.observation(state.current_player()), None))
        res = state.round_results[0]
        if not res.instant_win:
            assert [res.scores[p] for p in res.finishing_order] == [place_points(k, players)
                                                                    for k in range(1, players + 1)]
    for place, players in ((0, 4), (5, 4), (1, 5), (True, 4), ("1", 4), (2, 1)):
        with pytest.raises(OptionError):
            place_points(place, players)
