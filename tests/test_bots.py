"""Bots of both games: legal actions from observations only, the strong bots' reasoning,
determinism, and the strong bots beating the greedy ones."""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import math
import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from cardkit import Card, least_score as ls, parse_cards, tienlen as tl
from cardkit.least_score import DECLARE, Discard, Turn
from cardkit.least_score.strong import declare_odds, opponent_slots
from cardkit.play import play_out
from cardkit.tienlen import PASS, Combo
from cardkit.tienlen.strong import plan_hand, sure_winner, unseen_mask, win_chance
from cardkit.tournament import tournament

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
C = Card.parse

ls_rules = st.builds(
    ls.Rules,
    players=st.integers(2, 8),
    threshold=st.sampled_from([25, 50, 100]),
    tie_is_success=st.booleans(),
    runs_one_suit=st.booleans(),
    match_end=st.sampled_from(["first_knockout", "last_standing"]),
    first_open_card=st.booleans(),
)
tl_rules = st.builds(
    tl.Rules,
    players=st.integers(2, 4),
    target=st.integers(1, 10),
    four_of_a_kind_beats_pair_of_twos=st.booleans(),
    bigger_bombs_beat_smaller=st.booleans(),
    passed_players_may_rejoin=st.booleans(),
)
GAMES = {"least_score": ls, "tienlen": tl}


def _advance(module, rules, seed: int, steps: int):
    """A state reached by ``steps`` actions of a random mix of the built-in bots."""
    state = module.new_game(rules, seed=seed)
    rng = random.Random(seed)
    bots = list(module.BOTS.values())
    for _ in range(steps):
        if state.is_terminal():
            break
        p = state.current_player()
        state.apply_action(rng.choice(bots)(state.observation(p), rng))
    return state


def _check_every_bot_is_legal(module, state, seed):
    p = state.current_player()
    legal = state.legal_actions()
    for name, bot in module.BOTS.items():
        obs = state.observation(p)
        action = bot(obs, random.Random(seed))
        assert action in legal, f"{name} chose {action}, not a legal action"
        assert state.why_illegal_action(action) is None


# --- every bot, every kind of state --------------------------------------------------------

@FAST
@given(rules=ls_rules, seed=st.integers(0, 2**30 - 1), steps=st.integers(0, 150))
def test_least_score_bots_choose_legal_actions(rules, seed, steps):
    state = _advance(ls, rules, seed, steps)
    if not state.is_terminal():
        _check_every_bot_is_legal(ls, state, seed)


@FAST
@given(rules=tl_rules, seed=st.integers(0, 2**30 - 1), steps=st.integers(0, 150))
def test_tienlen_bots_choose_legal_actions(rules, seed, steps):
    state = _advance(tl, rules, seed, steps)
    if not state.is_terminal():
        _check_every_bot_is_legal(tl, state, seed)


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**30 - 1))
def test_least_score_matches_of_strong_bots_end(players, seed):
    rules = ls.Rules(players=players, threshold=50)
    state = play_out(ls.new_game(rules, seed=seed), [ls.BOTS["strong"]] * players, seed=seed)
    assert state.is_terminal() and state.winners()


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**30 - 1))
def test_tienlen_matches_of_strong_bots_end(players, seed):
    rules = tl.Rules(players=players, target=8)
    state = play_out(tl.new_game(rules, seed=seed), [tl.BOTS["strong"]] * players, seed=seed)
    assert state.is_terminal() and state.winner is not None


@pytest.mark.parametrize("module", [ls, tl])
def test_the_strong_bot_refuses_to_act_out_of_turn(module):
    state = module.new_game(seed=5)
    waiting = (state.current_player() + 1) % state.num_players
    obs = state.observation(waiting)
    assert not obs.legal_actions
    with pytest.raises(ValueError, match="no legal action now"):
        module.strong_bot(obs, random.Random(0))


def test_strong_is_registered_and_settings_are_checked():
    for module in (ls, tl):
        assert set(module.BOTS) == {"random", "greedy", "strong"}
        assert module.BOTS["strong"] is module.strong_bot
        assert module.make_strong_bot().__name__ == "strong_bot"
        with pytest.raises(ValueError, match="unknown setting"):
            module.make_strong_bot(cleverness=3)


# --- observations only ---------------------------------------------------------------------

@pytest.mark.parametrize("module", [ls, tl])
def test_a_bot_is_called_with_the_observation_and_a_random_generator_only(module):
    for bot in module.BOTS.values():
        assert list(inspect.signature(bot).parameters) == ["observation", "rng"]


def _reachable(obj, skip=("round_results",)):
    """Every object reachable from ``obj`` through dataclass fields, tuples, lists,
    dicts and sets (``skip`` names fields not to enter)."""
    out, stack, seen = [], [obj], set()
    while stack:
        x = stack.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        out.append(x)
        if dataclasses.is_dataclass(x) and not isinstance(x, type):
            stack.extend(getattr(x, f.name) for f in dataclasses.fields(x) if f.name not in skip)
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, (tuple, list, set, frozenset)):
            stack.extend(x)
        elif isinstance(x, Combo):
            stack.extend(x.cards)
    return out


@FAST
@given(rules=ls_rules, seed=st.integers(0, 2**30 - 1), steps=st.integers(0, 150))
def test_least_score_observations_hold_no_hidden_card(rules, seed, steps):
    state = _advance(ls, rules, seed, steps)
    for p in range(state.num_players):
        obs = state.observation(p)
        things = _reachable(obs)
        assert not any(isinstance(x, ls.LeastScoreState) for x in things)
        # another hand's cards may show only where everyone saw them: an open card
        # taken, the card turned up, or the discard pile shuffled into the deck
        public = {t.took for t in obs.turns if t.took is not None} | set(obs.reshuffled) | {obs.turned_up}
        hidden = {c for q in range(state.num_players) if q != p for c in state.hand(q)} - public
        assert not hidden & {x for x in things if isinstance(x, Card)}
        assert pickle.loads(pickle.dumps(obs)) == obs  # a plain value: no link back to the state


@FAST
@given(rules=tl_rules, seed=st.integers(0, 2**30 - 1), steps=st.integers(0, 150))
def test_tienlen_observations_hold_no_hidden_card(rules, seed, steps):
    state = _advance(tl, rules, seed, steps)
    for p in range(state.num_players):
        obs = state.observation(p)
        things = _reachable(obs)
        assert not any(isinstance(x, tl.TienLenState) for x in things)
        # the card the first play must hold is public: its holder leads
        hidden = {c for q in range(state.num_players) if q != p for c in state.hand(q)} - {obs.must_play}
        assert not hidden & {x for x in things if isinstance(x, Card)}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**30 - 1), leader=st.integers(0, 3))
def test_tienlen_strong_bot_decides_the_same_whatever_the_other_hands(seed, leader):
    """Deal the other players' cards differently: the strong bot's view is the same,
    and so is its play."""
    rng = random.Random(seed)
    deck = [Card.from_index(i) for i in range(52)]
    rng.shuffle(deck)
    hands = [deck[13 * k:13 * k + 13] for k in range(4)]
    rest = [c for k in range(4) if k != leader for c in hands[k]]
    rng.shuffle(rest)
    other = [hands[k] if k == leader else None for k in range(4)]
    it = iter(rest)
    for k in range(4):
        if k != leader:
            other[k] = [next(it) for _ in range(13)]
    a = tl.TienLenState.from_hands(hands, leader=leader)
    b = tl.TienLenState.from_hands(other, leader=leader)
    if a.round_results or b.round_results or a.current_player() != leader:
        return  # an instant win at the deal (either deal) already ended that game
    obs_a, obs_b = a.observation(leader), b.observation(leader)
    assert obs_a == obs_b
    assert tl.strong_bot(obs_a, random.Random(0)) == tl.strong_bot(obs_b, random.Random(0))


# --- determinism ---------------------------------------------------------------------------

@pytest.mark.parametrize("module, rules", [(ls, ls.Rules(players=3, threshold=50)), (tl, tl.Rules(target=6))])
def test_the_same_seed_replays_the_same_match(module, rules):
    def replay(seed):
        state = play_out(module.new_game(rules, seed=seed),
                         [module.BOTS["strong"], module.BOTS["greedy"]] + [module.BOTS["strong"]] * (rules.players - 2),
                         seed=seed)
        return state.returns(), [e.text for e in state.events]

    assert replay(11) == replay(11)
    assert replay(11) != replay(12)


# --- Least Score: the strong bot's reasoning ------------------------------------------------

def _ls_obs(hand, turns, open_cards, sizes, rules=None, dead=(), player=0, can_declare=True):
    """An observation for ``player`` built by hand, with its legal actions."""
    rules = rules or ls.Rules(players=len(sizes))
    base = ls.new_game(rules, seed=1).observation(0)
    hand = tuple(sorted(parse_cards(hand), key=lambda c: c.index))
    groups = ls.legal_discards(hand, rules)
    takes = list(open_cards) + [None]
    actions = tuple(Discard(g, t) for g in groups for t in takes) + ((DECLARE,) if can_declare else ())
    return dataclasses.replace(
        base, player=player, current_player=player, hand=hand, turns=tuple(turns),
        open_cards=tuple(open_cards), open_from=turns[-1].player if turns else None, turned_up=None,
        hand_sizes=tuple(sizes), deck_size=30, dead_size=len(dead), dead_cards=tuple(dead), reshuffled=(),
        scores=(0,) * len(sizes), still_in=(True,) * len(sizes), can_declare=can_declare,
        why_not_declare=None if can_declare else "not yet", legal_actions=actions)


KINGS = tuple(parse_cards("KS KC KD KH"))


def test_opponent_slots_track_known_cards_and_caps():
    turns = [Turn(1, (C("9S"),), C("4H")),          # keeps cards worth at most 9 (-1 slack: 8)
             Turn(0, (C("QS"),), None),
             Turn(1, (C("4H"), C("4D")), None)]     # the known 4♥ and one unknown 4 go
    obs = _ls_obs("AS 2S 3S 5C", turns, (C("4H"), C("4D")), (4, 4))
    held, caps = opponent_slots(obs, slack=-1)[1]
    assert held == []  # the 4♥ it took has been discarded again
    # 5 dealt - 1 (9♠) = 4 capped at 8; then one unknown 4 gone and the rest capped at 8 - 1 = 7;
    # then a new card from the deck, unknown
    assert sorted(caps) == [7.0, 7.0, 7.0, 10.0]
    assert len(caps) + len(held) == obs.hand_sizes[1]


def test_declare_odds_match_an_independent_count():
    # Player 1 discarded four kings and drew: two unknown cards, uncapped; no other information.
    obs = _ls_obs("AS 2S", [Turn(1, KINGS, None)], KINGS, (2, 2))
    pool = [c for c in (Card.from_index(i) for i in range(52)) if c not in set(obs.hand) | set(KINGS)]
    values = [ls.card_value(c) for c in pool]
    n = len(values)
    d = obs.hand_total  # 3
    p = sum(1 for a, b in itertools.product(values, values) if a + b >= d) / n ** 2
    short = sum(max(0, d - (a + b)) for a, b in itertools.product(values, values)) / n ** 2
    odds = declare_odds(obs)
    assert odds.chance == pytest.approx(p)
    assert odds.fail_cost == pytest.approx((1 - p) * 20 + short)
    mean = 2 * sum(values) / n
    assert odds.means[1] == pytest.approx(mean)
    assert odds.gain == pytest.approx(p * (mean - d))


def test_declare_odds_count_a_tie_as_the_rules_say():
    obs = _ls_obs("AS 2S", [Turn(1, KINGS, None)], KINGS, (2, 2))
    tie_ok = declare_odds(obs).chance
    strict = declare_odds(dataclasses.replace(obs, rules=ls.Rules(players=2, tie_is_success=False))).chance
    assert strict < tie_ok


def test_strong_least_score_declares_a_sure_thing_and_not_a_hopeless_one():
    # the others drew all their cards blind and hold five each: an ace-and-two is very likely lowest
    turns = [Turn(q, (C(c),), None) for q, c in zip((1, 2, 3), ("QS", "QC", "QD"))]
    obs = _ls_obs("AS 2S", turns, (C("QD"),), (2, 5, 5, 5), dead=(C("QS"), C("QC")))
    assert declare_odds(obs).chance > 0.95
    assert ls.strong_bot(obs, random.Random(0)) is DECLARE
    # a total of 27 against players who threw away aces (so keep nothing above 1, roughly)
    turns = [Turn(q, (C(c),), None) for q, c in zip((1, 2, 3), ("AC", "AD", "AH"))]
    obs = _ls_obs("KS QS 7S", turns, (C("AH"),), (3, 5, 5, 5), dead=(C("AC"), C("AD")))
    assert declare_odds(obs).chance < 0.01
    assert ls.strong_bot(obs, random.Random(0)) is not DECLARE


def test_strong_least_score_takes_a_low_open_card_and_sheds_its_worst():
    obs = _ls_obs("9S 9H KC 2D 3S", [Turn(3, (C("AC"),), None)], (C("AC"),), (5, 5, 5, 5), can_declare=False)
    action = ls.strong_bot(obs, random.Random(0))
    assert action.take == C("AC")
    assert set(action.cards) in ({C("9S"), C("9H")}, {C("KC")})


# --- Tiến Lên: the strong bot's reasoning ----------------------------------------------------

def test_plan_hand_splits_into_few_combinations():
    assert [str(c) for c in plan_hand("3S 4H 5D 9C 9D KS")] == ["3♠ 4♥ 5♦", "9♣ 9♦", "K♠"]
    plan = plan_hand("3S 3H 4D 5C 6S 7S 8H 9H 9D JC JD 2S 2H")
    cards = sorted(c.index for combo in plan for c in combo.cards)
    assert cards == sorted(c.index for c in tl.sort_hand("3S 3H 4D 5C 6S 7S 8H 9H 9D JC JD 2S 2H"))
    assert len(plan) == 5 and all(tl.classify(c.cards) == c for c in plan)
    # a 2 is kept apart from the rest (2s are never in sequences)
    assert "2♠" in [str(c) for c in plan_hand("KS AD 2S QC")]


def _mask(text):
    m = 0
    for c in tl.sort_hand(text):
        m |= 1 << tl.card_key(c)
    return m


def test_sure_winners_count_what_is_still_out():
    everything = (1 << 52) - 1
    no_twos = everything & ~_mask("2S 2C 2D 2H")
    assert not sure_winner(Combo("AH"), everything)
    assert sure_winner(Combo("AH"), no_twos)
    assert sure_winner(Combo("2H"), _mask("3S 4S 5S 3C"))
    # a single 2 is chopped by a four of a kind or a double sequence of three pairs
    assert not sure_winner(Combo("2H"), _mask("3S 3C 3D 3H"))
    assert not sure_winner(Combo("2H"), _mask("3S 3C 4S 4C 5S 5C"))
    assert sure_winner(Combo("2S 2H"), _mask("3S 3C 4S 4C 5S 5C"))  # needs four pairs
    assert not sure_winner(Combo("2S 2H"), _mask("3S 3C 4S 4C 5S 5C 6D 6H"))
    assert sure_winner(Combo("9S 10S JS"), _mask("3S 4S 5S 9C 10C"))
    assert not sure_winner(Combo("9S 10S JS"), _mask("9C 10C JC"))
    assert not sure_winner(Combo("9S 10S JS"), _mask("10C JC QC"))
    assert sure_winner(Combo("KS KC"), _mask("KD AS"))
    assert not sure_winner(Combo("KS KC"), _mask("KD KH"))


def test_win_chance_of_a_single_is_hypergeometric():
    unseen = _mask("3S 4S 5S 6S AH 2H")  # two cards above K♠ among six
    assert win_chance(Combo("KS"), unseen, active_cards=6) == 0.0
    assert win_chance(Combo("KS"), unseen, active_cards=2) == pytest.approx(math.comb(4, 2) / math.comb(6, 2))
    assert win_chance(Combo("2H"), unseen, active_cards=6) == 1.0


def _tl_state(hands, leader, rules=None):
    return tl.TienLenState.from_hands(hands, rules=rules, leader=leader)


def test_strong_tienlen_goes_out_when_it_can():
    state = _tl_state(["5S 6D 7C", "3S 3C", "9S", "JS"], leader=0)
    assert tl.strong_bot(state.observation(0), random.Random(0)) == Combo("5S 6D 7C")


def test_strong_tienlen_does_not_lead_a_single_into_a_player_about_to_go_out():
    state = _tl_state(["3S 4D 9S 9C KH", "5S", "6S 8C 10D QH AS", "7C 8D 10H JD QS"], leader=0)
    assert tl.strong_bot(state.observation(0), random.Random(0)) == Combo("9S 9C")
    state = _tl_state(["3S 6D 9S KH", "5S", "6S 8C 10D QH AS", "7C 8D 10H JD QS"], leader=0)
    assert tl.strong_bot(state.observation(0), random.Random(0)) == Combo("KH")


def _deal_around(hand1: str, lead_card: str):
    """Four 13-card hands: player 1 holds ``hand1``, player 0 ``lead_card`` and 12 others."""
    mine = set(tl.sort_hand(hand1))
    rest = [Card.from_index(i) for i in range(52) if Card.from_index(i) not in mine and
            Card.from_index(i) != C(lead_card)]
    random.Random(3).shuffle(rest)
    return [[C(lead_card)] + rest[:12], sorted(mine, key=tl.card_key), rest[12:25], rest[25:]]


def test_strong_tienlen_keeps_its_2_early_and_spends_it_late():
    early = _tl_state(_deal_around("3S 4D 5C 7S 8H 10C JD QS KH AC 2S 6D 6H", "AD"), leader=0)
    early.apply_action(Combo("AD"))  # an ace to beat: only the 2 does
    obs = early.observation(1)
    assert Combo("2S") in obs.legal_actions
    assert tl.strong_bot(obs, random.Random(0)) is PASS
    late = _tl_state(["AD 9H", "2S 6D 6H", "3C 4C", "3H 4H 5H"], leader=0)
    late.apply_action(Combo("AD"))  # the leader would go out next with its last card
    assert tl.strong_bot(late.observation(1), random.Random(0)) == Combo("2S")


def test_strong_tienlen_follows_with_a_spare_single_not_a_broken_pair():
    state = _tl_state(["4S 9C 10C", "6S 6C 7H KD 3D", "5S 8C", "JS QS"], leader=0)
    state.apply_action(Combo("4S"))
    assert tl.strong_bot(state.observation(1), random.Random(0)) == Combo("7H")


def test_unseen_mask_is_every_card_neither_held_nor_played():
    state = tl.new_game(seed=8)
    p = state.current_player()
    state.apply_action(state.legal_actions()[0])
    obs = state.observation(p)
    played = {c for _, a in obs.history if a is not PASS for c in a.cards}
    expected = {Card.from_index(i) for i in range(52)} - set(obs.hand) - played
    assert unseen_mask(obs) == sum(1 << tl.card_key(c) for c in expected)


# --- strong beats greedy -----------------------------------------------------------------------

def test_strong_least_score_beats_greedy():
    """200 matches (4 players, default rules), the strong bot in a rotating seat.  Its
    measured win rate is about 60% (README); the fair share is 25%.  The lower end of
    the 95% interval must clear 35%: a bot no better than greedy fails this (it would
    need about 44% observed wins out of 200)."""
    result = tournament("least_score", ["strong", "greedy", "greedy", "greedy"], matches=200, seed=77,
                        workers=0, progress=False)
    strong, greedy = result.table()
    assert strong.win_low > 0.35
    assert strong.score_high < greedy.score_low  # fewer penalty points


def test_strong_tienlen_beats_greedy():
    """800 single games (Rules(target=1): the first player out wins).  Measured win rate
    about 40% (README); fair share 25%.  The one-sided test: the lower end of the 95%
    interval must stay above 30%."""
    result = tournament("tienlen", ["strong", "greedy", "greedy", "greedy"], matches=800, seed=77,
                        rules=tl.Rules(target=1), workers=0, progress=False)
    strong, greedy = result.table()
    assert strong.win_low > 0.30
    assert strong.score_low > 1.5  # more points than the fair share of 3+2+1+0 over 4


def _partitions(cards):
    """Every way to split ``cards`` into blocks (set partitions)."""
    if not cards:
        yield []
        return
    first, rest = cards[0], cards[1:]
    for part in _partitions(rest):
        for i in range(len(part)):
            yield part[:i] + [[first] + part[i]] + part[i + 1:]
        yield [[first]] + part


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**30 - 1), size=st.integers(1, 8))
def test_the_plan_is_the_cheapest_split_by_brute_force(seed, size):
    from cardkit.tienlen.strong import DEFAULTS, _Planner

    rng = random.Random(seed)
    # draw from few ranks (2 to 9) so that pairs, triples and sequences are common
    pool = [c for c in (Card.from_index(i) for i in range(52)) if 2 <= c.rank <= 9]
    hand = rng.sample(pool, size)
    planner = _Planner(DEFAULTS["low"], DEFAULTS["low_multi"], DEFAULTS["two"], DEFAULTS["bomb"])
    best = math.inf
    for split in _partitions(hand):
        combos = [tl.classify(block) for block in split]
        if all(c is not None for c in combos):
            best = min(best, sum(planner.cost(c) for c in combos))
    cost, plan = planner.plan(_mask(" ".join(c.code for c in hand)))
    assert cost == pytest.approx(best)
    assert sorted(c.index for combo in plan for c in combo.cards) == sorted(c.index for c in hand)
