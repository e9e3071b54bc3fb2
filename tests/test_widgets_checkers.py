"""The combo checkers, driven from Python the way a learner drives them."""

import pytest

from cardkit import Card, CardkitError, parse_cards
from cardkit import least_score as ls
from cardkit import tienlen as tl
from cardkit.widgets.checkers import (
    LeastScoreChecker,
    TienLenChecker,
    discard_name,
    least_score_verdict,
    tienlen_verdict,
)

C = Card.parse


def click(hand, key):
    """Exactly what the browser sends when a card is clicked."""
    hand._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "toggle", "key": key}}},
                      "buffers": []})


# --- Least Score --------------------------------------------------------------------

def test_least_score_names_each_kind():
    assert discard_name(parse_cards("7C")) == "single 7♣"
    assert discard_name(parse_cards("KS KH")) == "pair of kings"
    assert discard_name(parse_cards("KS KH KD KC")) == "four of a kind — all four kings"
    assert discard_name(parse_cards("AC 2D 3S")) == "run of three"
    assert discard_name(parse_cards("10S JD QC KH AS")) == "run of five"
    assert discard_name(parse_cards("2H 5H 9H JH KH")) == "flush of five hearts"
    assert discard_name(parse_cards("KS KH KD")) is None
    # the rules' option reaches the verdict: a mixed-suit run is no run when runs are one suit
    assert discard_name(parse_cards("AC 2D 3S"), ls.Rules(runs_one_suit=True)) is None


def test_least_score_checker_says_at_once_what_the_selection_is():
    checker = LeastScoreChecker("AC 2D 3S 9H 9C")
    assert checker.legal is None and checker.verdict.kind == "info"
    click(checker.hand, "AC")
    click(checker.hand, "2D")
    click(checker.hand, "3S")
    assert checker.legal is True
    assert checker.text.startswith("Run of three (A♣ 2♦ 3♠)")
    assert "worth 6 points" in checker.text
    assert checker.verdict.kind == "success"
    checker.selected = "9H 9C"
    assert checker.text.startswith("Pair of nines")


@pytest.mark.parametrize("hand, chosen", [
    ("AC 2D 3S 9H 9C", "2D 3S 9H"),          # worked example 1: 2-3-9
    ("AC 2D 3S 9H 9C", "AC 2D 3S 9H 9C"),    # worked example 1: not a run, not a flush
    ("KS KH KD 4C 5C", "KS KH KD"),          # worked example 2: three of a kind
    ("QH KH AH 2H 3C", "KH AH 2H"),          # worked example 3: K-A-2 wraps
])
def test_least_score_checker_explains_in_the_engines_words(hand, chosen):
    checker = LeastScoreChecker(hand)
    checker.select(chosen)
    assert checker.legal is False
    assert checker.verdict.kind == "error"
    reason = ls.why_illegal(chosen)
    assert reason and reason in checker.text


def test_least_score_rules_option_changes_the_verdict():
    checker = LeastScoreChecker("AC 2D 3S 3C", rules=ls.Rules(runs_one_suit=True))
    checker.selected = "AC 2D 3S"
    assert checker.legal is False
    assert "a run must be all one suit" in checker.text


def test_show_every_legal_discard_highlights_and_lists_them():
    checker = LeastScoreChecker("AC 2D 3S 9H 9C")
    assert checker.listing.value == "" and checker.hand.marked == ()
    checker.show_button.click()
    assert checker.showing
    groups = ls.legal_discards("AC 2D 3S 9H 9C")
    assert checker.hand.highlight == tuple(tuple(g) for g in groups)
    assert set(checker.hand.marked) == set(parse_cards("AC 2D 3S 9H 9C"))
    text = checker.listing.value
    assert "Singles (5)" in text and "Pairs (1)" in text and "Runs of three (1)" in text
    assert "A♣ 2♦ 3♠" in text and "9♣ 9♥" in text
    # with a card chosen, only the groups holding it are pointed out
    checker.selected = "9H"
    assert checker.hand.marked == (C("9C"), C("9H"))
    checker.show_button.click()
    assert not checker.showing and checker.listing.value == "" and checker.hand.marked == ()
    assert checker.show_button.description == "Show me every legal discard"


def test_a_new_hand_refreshes_the_list():
    checker = LeastScoreChecker("AC 2D 3S")
    checker.show_all()
    checker.hand.cards = "KS KH"
    assert "Pairs (1)" in checker.listing.value and "K♠ K♥" in checker.listing.value
    assert checker.legal is None  # the chosen cards left with the old hand


# --- Tiến Lên -----------------------------------------------------------------------

def test_tienlen_checker_names_the_combination():
    checker = TienLenChecker("7S 7C 8D 8H 9S 9H 2C KS KH")
    checker.selected = "7S 7C 8D 8H 9S 9H"
    assert checker.legal is True
    assert "Double sequence of three pairs, 7 to 9 — a bomb" in checker.text
    assert "you may lead" in checker.text
    checker.selected = "KS KH"
    assert checker.text.startswith("Pair of kings")
    checker.selected = "7S 8D 9H 2C"
    assert checker.legal is False
    assert tl.why_illegal("7S 8D 9H 2C") in checker.text


def test_tienlen_checker_against_the_table():
    checker = TienLenChecker("7S 7C 8D 8H 9S 9H 2C KS KH", previous="2H")
    assert "On the table" in checker.table.value and "2♥" in checker.table.value
    checker.selected = "7S 7C 8D 8H 9S 9H"   # worked example 5: beats a single 2
    assert checker.legal is True and "beats the single 2♥ on the table" in checker.text
    assert "chop" in checker.text.lower()
    checker.selected = "KS KH"
    assert checker.legal is False
    assert tl.why_not_beats("KS KH", "2H") in checker.text
    checker.previous = "9S 9D"               # worked example 2 in reverse
    checker.selected = "KS KH"
    assert checker.legal is True and "beats the pair of 9s on the table" in checker.text
    checker.previous = "2S 2D"
    checker.selected = "7S 7C 8D 8H 9S 9H"   # worked example 5: not a pair of 2s
    assert checker.legal is False and tl.why_not_beats("7S 7C 8D 8H 9S 9H", "2S 2D") in checker.text
    checker.previous = None
    assert "clear" in checker.table.value and checker.legal is True


def test_tienlen_show_every_legal_play_on_the_table():
    hand = "7S 7C 8D 8H 9S 9H 2C KS KH"
    checker = TienLenChecker(hand, previous="9S 9D")
    checker.show_all()
    plays = tl.legal_plays(hand, "9S 9D")
    assert list(checker.hand.highlight) == [tuple(p.cards) for p in plays]
    assert "Pairs (2)" in checker.listing.value and "K♠ K♥" in checker.listing.value
    checker.previous = "AS AH"
    assert "no legal play" in checker.listing.value.lower()
    assert checker.hand.marked == ()


def test_tienlen_rules_variant_reaches_the_verdict():
    rules = tl.Rules(four_of_a_kind_beats_pair_of_twos=True)
    plain = TienLenChecker("4S 4C 4D 4H", previous="2S 2H")
    variant = TienLenChecker("4S 4C 4D 4H", previous="2S 2H", rules=rules)
    plain.selected = variant.selected = "4S 4C 4D 4H"
    assert plain.legal is False and variant.legal is True


def test_bad_input_is_a_plain_error():
    with pytest.raises(CardkitError, match="must be a combination"):
        TienLenChecker("3S", previous="3S 5H")
    with pytest.raises(CardkitError):
        LeastScoreChecker("AS", rules=tl.Rules())
    with pytest.raises(CardkitError):
        TienLenChecker("AS", rules=ls.Rules())


def test_verdict_functions_match_the_engine_for_every_small_group():
    # Every 1- to 3-card group of a 6-card hand: legal exactly when the engine says so.
    from itertools import combinations
    hand = parse_cards("AC 2D 3S 3C 9H 9C")
    for n in (1, 2, 3):
        for group in combinations(hand, n):
            legal, _ = least_score_verdict(group)
            assert legal == (ls.why_illegal(group) is None)
            legal, _ = tienlen_verdict(group)
            assert legal == (tl.classify(group) is not None)
