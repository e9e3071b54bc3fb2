"""Least Score invariants over many seeds and random legal play (hypothesis):
cards are never made or lost, legal actions are accepted, illegal ones are refused
with a reason and change nothing, scores add up, and every match ends."""

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from cardkit import IllegalActionError, full_deck
from cardkit.least_score import (
    BOTS,
    DECLARE,
    MATCH_ENDS,
    Discard,
    Rules,
    discard_kind,
    greedy_bot,
    new_game,
    random_bot,
)
from cardkit.play import play_out

from _least_score_helpers import all_cards, snapshot

SEEDS = st.integers(min_value=0, max_value=2**30 - 1)
RULES = st.builds(
    Rules,
    players=st.integers(min_value=2, max_value=8),
    threshold=st.sampled_from([1, 25, 50, 100]),
    penalty=st.sampled_from([0, 20, 35]),
    tie_is_success=st.booleans(),
    runs_one_suit=st.booleans(),
    match_end=st.sampled_from(MATCH_ENDS),
    first_open_card=st.booleans(),
)
DECK = full_deck()
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _random_action(state, rng):
    """Any action at all: often legal, often not (cards not held, bad groups,
    cards that are not open, declaring too soon)."""
    if rng.random() < 0.1:
        return DECLARE
    hand = list(state.hand(state.current_player()))
    pool = hand if rng.random() < 0.7 else DECK
    cards = rng.sample(pool, rng.randint(1, min(5, len(pool))))
    choices = [None, *state.open_cards, rng.choice(DECK)]
    return Discard(tuple(cards), rng.choice(choices))


@FAST
@given(SEEDS, RULES, SEEDS)
def test_random_play_keeps_every_card_and_refuses_what_is_illegal(seed, rules, play_seed):
    state = new_game(rules, seed=seed)
    rng = random.Random(play_seed)
    n = rules.players
    for _ in range(400):
        if state.is_terminal():
            break
        # 52 cards, each exactly once, across hands, deck, open cards and discard pile
        cards = all_cards(state)
        assert len(cards) == 52 and len(set(cards)) == 52
        assert all(1 <= len(state.hand(p)) <= 5 for p in state.players_in())
        assert state.deck_size + len(state.dead_cards) >= 52 - 5 * n - 5
        legal = state.legal_actions()
        assert legal and len(legal) == len(set(legal))
        # every legal action is accepted: a sample of eight a turn (over 25 games × 400 turns)
        for action in (legal if len(legal) <= 8 else rng.sample(legal, 8)):
            assert state.why_illegal_action(action) is None
            if isinstance(action, Discard):
                assert discard_kind(action.cards, rules) is not None
        # a random action: accepted exactly when it is legal
        attempt = _random_action(state, rng)
        if attempt in legal:
            state.clone().apply_action(attempt)
        else:
            before = snapshot(state)
            with pytest.raises(IllegalActionError) as info:
                state.apply_action(attempt)
            assert len(str(info.value)) > 10
            assert state.why_illegal_action(attempt) == str(info.value)
            assert snapshot(state) == before
        state.apply_action(rng.choice(legal))
        if state.round_results:
            summed = [sum(r.scores[p] for r in state.round_results) for p in range(n)]
            assert summed == state.returns()


@FAST
@given(SEEDS, RULES)
def test_round_results_agree_with_the_rules(seed, rules):
    state = play_out(new_game(rules, seed=seed), [random_bot] * rules.players, seed=seed)
    assert state.is_terminal() and state.round_results
    running = [0] * rules.players
    for result in state.round_results:
        players = result.players
        totals = [result.totals[p] for p in players]
        d = result.declarer_total
        low = min(t for p, t in zip(players, totals) if p != result.declarer)
        assert low == result.lowest_other
        assert result.success == (d < low or (d == low and rules.tie_is_success))
        for p in range(rules.players):
            if p not in players:
                assert result.scores[p] == 0 and result.totals[p] is None
            elif result.success:
                assert result.scores[p] == (0 if p == result.declarer else result.totals[p] - d)
            else:
                assert result.scores[p] == (rules.penalty + d - low if p == result.declarer else 0)
            running[p] += result.scores[p]
        assert list(result.running_scores) == running
        assert set(result.knocked_out) == {p for p in players if running[p] > rules.threshold}
    assert running == state.returns()
    over = [p for p in range(rules.players) if running[p] > rules.threshold]
    assert over
    winners = state.winners()
    assert winners and not set(winners) & set(over)
    assert all(running[w] == min(running) for w in winners)
    if rules.match_end == "last_standing":
        assert len(state.players_in()) == 1 == len(winners)
    else:
        assert state.round_results[-1].knocked_out          # ended at the first knock-out
        assert all(not r.knocked_out for r in state.round_results[:-1])


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("players", [2, 4, 6, 8])
@pytest.mark.parametrize("options", [
    {},
    {"match_end": "last_standing", "threshold": 50},
    {"tie_is_success": False, "runs_one_suit": True, "first_open_card": False, "penalty": 0, "threshold": 25},
])
def test_every_match_ends(bot, players, options):
    for seed in range(3):
        rules = Rules(players=players, **options)
        state = play_out(new_game(rules, seed=seed), [BOTS[bot]] * players, seed=seed, max_steps=50_000)
        assert state.is_terminal() and state.winners()


@settings(max_examples=15, deadline=None)
@given(SEEDS, st.integers(min_value=2, max_value=8))
def test_greedy_and_random_mixed_tables_end(seed, players):
    bots = [greedy_bot if p % 2 else random_bot for p in range(players)]
    state = play_out(new_game(Rules(players=players), seed=seed), bots, seed=seed, max_steps=50_000)
    assert state.is_terminal()


@settings(max_examples=15, deadline=None)
@given(SEEDS, st.integers(min_value=2, max_value=8), st.booleans())
def test_what_the_greedy_bot_infers_is_true(seed, players, first_open_card):
    """The deck is always among the bot's deck candidates, and the cards it thinks
    another player holds are really in that hand."""
    from cardkit.least_score.bots import deck_candidates, known_opponent_cards

    state = new_game(Rules(players=players, first_open_card=first_open_card), seed=seed)
    rng = random.Random(seed)
    for _ in range(300):
        if state.is_terminal():
            break
        for p in state.players_in():
            obs = state.observation(p)
            assert set(state._deck) <= deck_candidates(obs)
            for q, cards in known_opponent_cards(obs).items():
                assert set(cards) <= set(state.hand(q))
        bot = greedy_bot if rng.random() < 0.5 else random_bot
        state.apply_action(bot(state.observation(state.current_player()), rng))
