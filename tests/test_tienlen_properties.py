"""Property tests of the Tiến Lên engine (hypothesis)."""

import itertools
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from cardkit import Card, IllegalActionError
from cardkit.play import play_out
from cardkit.tienlen import (
    PASS,
    Rules,
    TienLenState,
    beats,
    classify,
    greedy_bot,
    legal_plays,
    new_game,
    random_bot,
    why_illegal,
)

DECK = [Card.from_index(i) for i in range(52)]
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

rules_st = st.builds(
    Rules,
    players=st.integers(2, 4),
    target=st.integers(1, 12),
    four_of_a_kind_beats_pair_of_twos=st.booleans(),
    bigger_bombs_beat_smaller=st.booleans(),
    passed_players_may_rejoin=st.booleans(),
)


def card_mask_of_state(state):
    hands = [set(state.hand(p)) for p in range(state.num_players)]
    played = [c for _, a in state.history if a is not PASS for c in a.cards]
    return hands, played


@FAST
@given(rules=rules_st, seed=st.integers(0, 2**30 - 1), bot_seed=st.integers(0, 1000))
def test_cards_are_conserved_and_every_match_ends(rules, seed, bot_seed):
    state = new_game(rules, seed=seed)
    rng = random.Random(bot_seed)
    n = rules.players
    games_seen = 0
    for _ in range(20_000):
        if state.is_terminal():
            break
        if state.game_number != games_seen:
            games_seen = state.game_number
            dealt = set(c for result_hand in [state.hand(p) for p in range(n)] for c in result_hand)
        hands, played = card_mask_of_state(state)
        in_hands = [c for h in hands for c in h]
        # no card in two places, and every dealt card is in a hand or on the table pile
        assert len(in_hands) + len(played) == len(set(in_hands) | set(played))
        assert set(in_hands) | set(played) == dealt and len(dealt) == 13 * n
        actions = state.legal_actions()
        assert actions and len(actions) == len(set(actions))
        # the state's lists (kept and filtered between leads) match legal_plays exactly
        me = state.current_player()
        if state.table is None:
            expected = legal_plays(state.hand(me))
            if state.must_play is not None:
                expected = [c for c in expected if state.must_play in c.cards]
            assert actions == expected
        else:
            assert actions == legal_plays(state.hand(me), state.table, rules) + [PASS]
        action = rng.choice(actions)
        state.apply_action(action)
    assert state.is_terminal(), "the match did not end"
    assert max(state.returns()) >= rules.target
    for result in state.round_results:
        if result.instant_win:
            assert sorted(result.scores) == [0] * (n - 1) + [n - 1]
            assert result.scores[result.instant_winner] == n - 1
        else:
            assert sorted(result.scores) == list(range(n))
            assert sorted(result.finishing_order) == list(range(n))
            for k, p in enumerate(result.finishing_order, start=1):
                assert result.scores[p] == n - k
    assert [sum(r.scores[p] for r in state.round_results) for p in range(n)] == state.returns()


@FAST
@given(rules=rules_st, seed=st.integers(0, 2**30 - 1))
def test_bots_play_whole_matches(rules, seed):
    bots = [greedy_bot, random_bot, greedy_bot, random_bot][:rules.players]
    state = play_out(new_game(rules, seed=seed), bots, seed=seed)
    assert state.is_terminal() and state.winner is not None


def brute_force(hand, previous, rules):
    found = set()
    for k in range(1, len(hand) + 1):
        for group in itertools.combinations(hand, k):
            combo = classify(group)
            if combo is not None and (previous is None or beats(combo, previous, rules)):
                found.add(combo)
    return found


# Previous plays: any combination from a random 13-card hand, plus the 2s and bombs that
# make the chopping rules matter.
SPECIAL = ["2S", "2H", "2C 2D", "2S 2C 2H", "9S 9C 9D 9H", "3S 3C 4S 4C 5S 5C", "AS AC",
           "6S 6C 7D 7H 8S 8H 9C 9D", "3S 3C 4S 4C 5S 5C 6S 6C 7S 7C", "10S JS QS KS"]


@st.composite
def previous_plays(draw):
    if draw(st.booleans()):
        return classify(draw(st.sampled_from(SPECIAL)))
    cards = draw(st.lists(st.sampled_from(DECK), min_size=13, max_size=13, unique=True))
    return draw(st.sampled_from(legal_plays(cards)))


@st.composite
def bomb_heavy_hands(draw):
    """Up to 8 cards, often bunched on a few ranks so that pairs, fours of a kind and
    double sequences turn up."""
    if draw(st.booleans()):
        return draw(st.lists(st.sampled_from(DECK), max_size=8, unique=True))
    low = draw(st.integers(0, 9))
    pool = [c for c in DECK if (c.rank - 3) % 13 in (low, low + 1, low + 2, low + 3, 12)]
    return draw(st.lists(st.sampled_from(pool), max_size=8, unique=True))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=bomb_heavy_hands(), previous=st.one_of(st.none(), previous_plays()),
       quad_pair=st.booleans(), ladder=st.booleans())
def test_legal_plays_equals_brute_force(hand, previous, quad_pair, ladder):
    rules = Rules(four_of_a_kind_beats_pair_of_twos=quad_pair, bigger_bombs_beat_smaller=ladder)
    plays = legal_plays(hand, previous, rules)
    assert len(plays) == len(set(plays))
    assert set(plays) == brute_force(hand, previous, rules)


@settings(max_examples=200, deadline=None)
@given(cards=st.lists(st.sampled_from(DECK), max_size=8, unique=True))
def test_classify_and_why_illegal_agree(cards):
    combo = classify(cards)
    reason = why_illegal(cards)
    assert (combo is None) == (reason is not None)
    if combo is not None:
        assert set(combo.cards) == set(cards) and len(combo) == len(cards)
        assert combo.key == max(cards, key=lambda c: ((c.rank - 3) % 13, c.suit))


@FAST
@given(seed=st.integers(0, 2**30 - 1), steps=st.integers(0, 120), junk_seed=st.integers(0, 10**6))
def test_illegal_actions_are_refused_and_change_nothing(seed, steps, junk_seed):
    state = new_game(seed=seed)
    rng = random.Random(junk_seed)
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    legal = set(state.legal_actions())
    before = (repr(state), [state.hand(p) for p in range(4)], state.history, state.returns(),
              len(state.events), state.current_player())
    candidates = [PASS, "pass", 7, None]
    for _ in range(25):
        k = rng.randint(1, 5)
        combo = classify(rng.sample(DECK, k))
        if combo is not None:
            candidates.append(combo)
    for action in candidates:
        if action in legal:
            continue
        reason = state.why_illegal_action(action)
        assert isinstance(reason, str) and reason
        try:
            state.apply_action(action)
        except IllegalActionError as error:
            assert str(error) == reason
        else:
            raise AssertionError(f"{action!r} was accepted")
        after = (repr(state), [state.hand(p) for p in range(4)], state.history, state.returns(),
                 len(state.events), state.current_player())
        assert after == before
    for action in legal:
        assert state.why_illegal_action(action) is None
        state.clone().apply_action(action)


@FAST
@given(hands=st.lists(st.integers(1, 6), min_size=2, max_size=4), seed=st.integers(0, 10**6))
def test_small_given_hands_play_to_the_end_of_the_game(hands, seed):
    rng = random.Random(seed)
    cards = rng.sample(DECK, sum(hands))
    groups, i = [], 0
    for k in hands:
        groups.append(cards[i:i + k])
        i += k
    state = TienLenState.from_hands(groups, seed=seed)
    while not state.round_results:
        state.apply_action(rng.choice(state.legal_actions()))
    result = state.round_results[0]
    n = len(hands)
    if result.instant_win is None:
        assert sorted(result.scores) == list(range(n))
