"""A Least Score round started from given hands (``LeastScoreState.from_hands``):
it behaves exactly as a dealt state does from the same position, and input that
would make or lose a card (or name a seat, number or rule that cannot be) raises
the right CardkitError and builds nothing."""

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from cardkit import full_deck, parse_cards
from cardkit.errors import CardkitError, CardParseError, HandError, OptionError, PlayerError, RulesError
from cardkit.least_score import DECLARE, MATCH_ENDS, Discard, LeastScoreState, Rules, deal, deal_order, new_game

from _least_score_helpers import all_cards

SEEDS = st.integers(min_value=0, max_value=2**30 - 1)
RULES = st.builds(
    Rules,
    players=st.integers(min_value=2, max_value=8),
    threshold=st.sampled_from([25, 50, 100]),
    tie_is_success=st.booleans(),
    runs_one_suit=st.booleans(),
    match_end=st.sampled_from(MATCH_ENDS),
    first_open_card=st.booleans(),
)
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# what the two states must agree on; a rebuilt state does not know the turns before it,
# the card turned up at the round's start, the cards reshuffled or the finished rounds
_SKIP = {"turns", "history", "turned_up", "reshuffled", "round_results"}


def _public(state):
    obs = [{k: v for k, v in vars(state.observation(p)).items() if k not in _SKIP}
           for p in range(state.num_players)]
    return (state.current_player(), state.legal_actions(), [state.hand(p) for p in range(state.num_players)],
            state.open_cards, state.dead_cards, list(reversed(state._deck)), state.returns(),
            state.round_number, state.first_player, state.can_declare(), obs)


def _position(state, played):
    """The keyword arguments that rebuild ``state``'s position (``played`` turns into the round)."""
    return dict(
        hands=[state.hand(p) for p in range(state.num_players)], rules=state.rules,
        deck=list(reversed(state._deck)), open_cards=state.open_cards,
        open_from=state.observation(0).open_from, discard_pile=state.dead_cards,
        first_player=state.first_player, turns_played=played,
        round_number=state.round_number, scores=state.returns())


def _reshuffles(state):
    return sum(e.kind == "reshuffle" for e in state.events)


@FAST
@given(SEEDS, RULES, SEEDS, st.integers(min_value=0, max_value=30))
def test_a_state_from_hands_plays_on_exactly_as_the_dealt_one(seed, rules, play_seed, steps):
    rng = random.Random(play_seed)
    dealt = new_game(rules, seed=seed)
    # play some turns (possibly into later rounds), then rebuild the position in progress
    played = 0
    for _ in range(steps):
        rnd = dealt.round_number
        dealt.apply_action(rng.choice(dealt.legal_actions()))
        played = played + 1 if dealt.round_number == rnd else 0
        if dealt.is_terminal():
            return
    built = LeastScoreState.from_hands(seed=seed, **_position(dealt, played))
    assert sorted(c.index for c in all_cards(built)) == list(range(52))
    shuffles = _reshuffles(dealt)
    for _ in range(60):
        assert _public(built) == _public(dealt)
        if dealt.is_terminal():
            break
        action = rng.choice(dealt.legal_actions())
        rnd = dealt.round_number
        dealt.apply_action(action)
        built.apply_action(action)
        # a reshuffle or a new deal draws on each state's own random generator: stop there
        if _reshuffles(dealt) != shuffles or dealt.round_number != rnd:
            assert built.returns() == dealt.returns()
            if dealt.round_number != rnd or dealt.is_terminal():
                assert built.round_results[-1].scores == dealt.round_results[-1].scores
            break


@FAST
@given(SEEDS, RULES)
def test_a_round_from_the_dealt_hands_and_deck_is_the_dealt_round(seed, rules):
    dealt = new_game(rules, seed=seed)
    deck = list(reversed(dealt._deck))
    if dealt.open_cards:  # give the deck before the card was turned up: from_hands turns it up
        deck = list(dealt.open_cards) + deck
    built = LeastScoreState.from_hands([dealt.hand(p) for p in range(rules.players)], rules, seed=seed, deck=deck)
    assert _public(built) == _public(dealt)
    assert built.observation(0).turned_up == dealt.observation(0).turned_up


def test_deal_order_is_the_order_the_engine_deals_in():
    rules = Rules(players=3)
    state = new_game(rules, seed=11)
    deck = full_deck()
    random.Random(11).shuffle(deck)
    hands, opened, rest = deal(deck, [0, 1, 2], 3, True)
    assert [set(h) for h in hands] == [set(state.hand(p)) for p in range(3)]
    assert opened == state.open_cards and rest == list(reversed(state._deck))
    assert deal_order([1, 2], False) == [1, 2] * 5


def test_from_hands_defaults():
    state = LeastScoreState.from_hands(["AC 2D 3S 9H 9C", "KS KH KD 4C 5C"], seed=3, open_cards="7D")
    assert state.rules == Rules(players=2) and state.current_player() == 0
    assert state.open_cards == tuple(parse_cards("7D")) and state.observation(0).turned_up == parse_cards("7D")[0]
    assert not state.can_declare() and DECLARE not in state.legal_actions()
    assert sorted(c.index for c in all_cards(state)) == list(range(52))
    # 'take 7♦' and 'draw' for every legal group of the first hand
    assert Discard("AC 2D 3S", take="7D") in state.legal_actions()
    later = LeastScoreState.from_hands(["AC 2D", "KS KH KD 4C 5C", "9D"], seed=3, open_cards="7D 8D 9S",
                                       open_from=1, first_player=1, turns_played=4, round_number=3,
                                       scores=[10, 20, 30])
    assert later.current_player() == 2 and later.can_declare() and later.round_number == 3
    assert later.returns() == [10, 20, 30] and later.observation(2).turned_up is None


def test_a_drawn_card_can_be_chosen():
    state = LeastScoreState.from_hands(["AC 2D 3S 9H 9C", "KS KH KD 4C 5C"], seed=3, open_cards="7D")
    state.set_next_draw("QH")
    state.apply_action(Discard("9H 9C", take=None))
    assert parse_cards("QH")[0] in state.hand(0)
    with pytest.raises(HandError):
        state.set_next_draw("9H")  # in the discard pile's open cards, not the deck


def test_set_next_draw_reshuffles_an_empty_deck():
    rest = [c for c in full_deck() if c not in parse_cards("AC 2D 3S 9H 9C KS KH KD 4C 5C 7D")]
    state = LeastScoreState.from_hands(["AC 2D 3S 9H 9C", "KS KH KD 4C 5C"], seed=3, open_cards="7D",
                                       deck=[], discard_pile=rest)
    with pytest.raises(HandError):
        state.set_next_draw("7D")  # an open card is never reshuffled
    state.set_next_draw(rest[5])
    assert state.deck_size == len(rest) and not state.dead_cards
    state.apply_action(Discard("AC", take=None))
    assert rest[5] in state.hand(0)


BAD = [
    (dict(hands=["AC 2D 3S 9H 9C", "AC KH KD 4C 5C"]), HandError),                  # a card twice
    (dict(hands=["AC 2D 3S 9H 9C", "KS KH KD 4C 5C"], open_cards="AC"), HandError),
    (dict(hands=["AC 2D 3S 9H 9C", "KS KH KD 4C 5C"], deck="QH"), HandError),       # cards lost
    (dict(hands=["AC 2D 3S 9H 9C 10C", "KS KH KD 4C 5C"]), HandError),              # six cards
    (dict(hands=["AC 2D 3S 9H 9C", ""]), HandError),                                 # an empty hand
    (dict(hands=["AC 2D 3S 9H 9C", "KS KH KD 4C 5C", ""], rules=Rules(players=3, match_end="last_standing"),
          scores=[0, 0, 150], first_player=2), PlayerError),                          # an empty seat starts
    (dict(hands=["AC 2D 3S 9H 9C", "1S KH KD 4C 5C"]), CardParseError),
    (dict(hands=["AC 2D 3S 9H 9C"]), RulesError),                                    # one hand
    (dict(hands=["AC 2D 3S 9H 9C", "KS KH KD 4C 5C"], rules=Rules(players=3)), RulesError),
    (dict(hands=["AC 2D 3S 9H 9C", "KS KH KD 4C 5C"], first_player=2), PlayerError),
    (dict(hands=["AC 2D 3S 9H 9C", "KS KH KD 4C 5C"], open_cards="7D 8D"), HandError),  # two turned up
    (dict(hands=["AC 2D 3S 9H 9C", "KS KH KD 4C 5C"], open_cards="7D 8S", open_from=1,
          turns_played=1), HandError),                                               # not a legal discard
    (dict(hands=["AC 2D 3S 9H 9C", "KS KH KD 4C 5C"], open_cards="7D 7S", open_from=1,
          turns_played=1), PlayerError),                                             # not the previous player
    (dict(hands=["AC 2D 3S 9H 9C", "KS KH KD 4C 5C"], turns_played=-1), OptionError),
    (dict(hands=["AC 2D 3S 9H 9C", "KS KH KD 4C 5C"], round_number=0), OptionError),
    (dict(hands=["AC 2D 3S 9H 9C", "KS KH KD 4C 5C"], scores=[0, 101]), OptionError),
    (dict(hands=["AC 2D 3S 9H 9C", "KS KH KD 4C 5C"], scores=[0]), OptionError),
]


@pytest.mark.parametrize("kwargs, error", BAD)
def test_illegal_positions_raise_a_plain_reason(kwargs, error):
    with pytest.raises(error) as info:
        LeastScoreState.from_hands(seed=1, **kwargs)
    assert isinstance(info.value, CardkitError) and len(str(info.value)) > 15
    assert "Traceback" not in str(info.value)


@FAST
@given(SEEDS, st.integers(min_value=2, max_value=8), st.data())
def test_a_card_given_twice_or_left_out_never_builds_a_state(seed, players, data):
    deck = full_deck()
    random.Random(seed).shuffle(deck)
    hands = [deck[5 * p:5 * p + 5] for p in range(players)]
    rest = deck[5 * players:]
    assert LeastScoreState.from_hands(hands, seed=seed, deck=rest).deck_size == len(rest) - 1
    i = data.draw(st.integers(min_value=0, max_value=len(rest) - 1))
    with pytest.raises(HandError):
        LeastScoreState.from_hands(hands, seed=seed, deck=rest[:i] + rest[i + 1:])  # one card lost
    j = data.draw(st.integers(min_value=0, max_value=5 * players - 1))
    with pytest.raises(HandError):
        LeastScoreState.from_hands(hands, seed=seed, deck=rest + [deck[j]])         # one card twice
