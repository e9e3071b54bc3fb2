"""The vectorised odds classifier and the Least Score engine are written apart;
here they must agree, hand by hand, on every event the lessons count."""

from itertools import combinations

import numpy as np
from hypothesis import given, settings, strategies as st

from cardkit import full_deck, parse_cards
from cardkit import least_score as ls
from cardkit.odds import DISCARD_KINDS, least_score_hand_features

DECK = full_deck()
hands = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


def engine_events(hand, rules):
    groups = ls.legal_discards(hand, rules)
    kinds = {ls.discard_kind(g, rules) for g in groups}
    threes = [g for g in combinations(hand, 3) if ls.discard_kind(g, rules) == "run"]
    return {
        "total": ls.hand_total(hand),
        "pair": "pair" in kinds,
        "four_of_a_kind": "four_of_a_kind" in kinds,
        "run_of_3": bool(threes),
        "run_of_5": ls.discard_kind(hand, rules) == "run",
        "flush": len({c.suit for c in hand}) == 1,
        "best_value": max(ls.hand_total(g) for g in groups),
    }


@settings(max_examples=300, deadline=None)
@given(hands, st.booleans())
def test_classifier_agrees_with_the_engine(hand, one_suit):
    rules = ls.Rules(runs_one_suit=one_suit)
    features = least_score_hand_features(np.array([[c.index for c in hand]]), rules)
    expected = engine_events(hand, rules)
    for key, value in expected.items():
        assert features[key][0] == value, (key, hand)
    best = DISCARD_KINDS[features["best_kind"][0]]
    best_groups = [g for g in ls.legal_discards(hand, rules) if ls.hand_total(g) == expected["best_value"]]
    assert best in {ls.discard_kind(g, rules) for g in best_groups}


def test_named_hands_from_the_rules():
    for text, event in [("AC 2D 3S 9H 9C", "run_of_3"), ("10S JD QC KH AS", "run_of_5"),
                        ("QH KH AH 2H 3H", "flush"), ("KS KH KD 4C 5C", "pair")]:
        hand = parse_cards(text)
        assert engine_events(hand, None)[event]
        assert least_score_hand_features([hand])[event][0]
