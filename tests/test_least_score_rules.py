"""Least Score rules (rules/least-score.md): options, card values, legal discards,
the learner's reasons, round scoring and its explanation — every worked example."""

import dataclasses
import itertools

import pytest
from hypothesis import given, settings, strategies as st

import cardkit.least_score as ls
from cardkit import Card, CardParseError, CardkitError, RulesError, full_deck, parse_cards
from cardkit.least_score import (
    discard_problem,
    Rules,
    card_value,
    discard_kind,
    display_order,
    hand_total,
    legal_discards,
    round_scores,
    score_explanation,
    sort_key,
    why_illegal,
)

ONE_SUIT = Rules(runs_one_suit=True)


def cards(text):
    return tuple(parse_cards(text))


def groups(text_list):
    """A set of frozensets of cards, to compare groups whatever their order."""
    return {frozenset(parse_cards(t)) for t in text_list}


# --- Rules ---------------------------------------------------------------------------

def test_defaults_are_the_rules_as_written():
    r = Rules()
    assert (r.players, r.threshold, r.penalty) == (4, 100, 20)
    assert r.tie_is_success is True and r.runs_one_suit is False
    assert r.match_end == "first_knockout" and r.first_open_card is True


def test_every_option_can_be_set():
    r = Rules(players=8, threshold=25, penalty=0, tie_is_success=False, runs_one_suit=True,
              match_end="last_standing", first_open_card=False)
    assert dataclasses.asdict(r) == dict(players=8, threshold=25, penalty=0, tie_is_success=False,
                                         runs_one_suit=True, match_end="last_standing",
                                         first_open_card=False)
    assert Rules(players=2).players == 2
    for t in (*ls.USUAL_THRESHOLDS, 1, 7, 1000):
        assert Rules(threshold=t).threshold == t


def test_rules_are_frozen_and_hashable():
    r = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.players = 3
    assert hash(r) == hash(Rules()) and r == Rules()


@pytest.mark.parametrize(
    "options, words",
    [
        (dict(players=1), "2 to 8 players"),
        (dict(players=9), "2 to 8 players"),
        (dict(players=0), "2 to 8 players"),
        (dict(players="4"), "whole number"),
        (dict(players=True), "whole number"),
        (dict(players=4.0), "whole number"),
        (dict(threshold=0), "positive"),
        (dict(threshold=-25), "positive"),
        (dict(threshold=50.5), "whole number"),
        (dict(penalty=-1), "cannot be negative"),
        (dict(penalty=None), "whole number"),
        (dict(match_end="sudden_death"), "'first_knockout'"),
        (dict(match_end=None), "not an option"),
        (dict(tie_is_success="yes"), "True or False"),
        (dict(runs_one_suit=1), "True or False"),
        (dict(first_open_card=None), "True or False"),
    ],
)
def test_nonsense_rules_are_refused_with_a_reason(options, words):
    with pytest.raises(RulesError) as info:
        Rules(**options)
    assert words in str(info.value)
    name = next(iter(options))
    assert name in str(info.value)
    assert isinstance(info.value, ValueError)


def test_rules_argument_must_be_rules():
    with pytest.raises(RulesError, match="Rules"):
        discard_kind("AS", rules={"runs_one_suit": True})
    with pytest.raises(RulesError, match="Rules"):
        round_scores([1, 2], 0, rules="strict")


# --- card values, totals, order [1] -------------------------------------------------

def test_card_values():
    expected = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 10, 12: 10, 13: 10}
    for card in full_deck():
        assert card_value(card) == expected[card.rank]
    assert card_value("QH") == 10 and card_value("as") == 1
    assert sum(card_value(c) for c in full_deck()) == 340
    with pytest.raises(CardParseError):
        card_value("1S")
    with pytest.raises(CardkitError):
        card_value(12)


def test_hand_total_worked_example_4():
    # 10♠ J♦ Q♣ K♥ A♠: 10 + 10 + 10 + 10 + 1 = 41
    assert hand_total("10S JD QC KH AS") == 41
    assert hand_total(cards("10S JD QC KH AS")) == 41
    assert hand_total(["AS", Card.parse("2D")]) == 3
    assert hand_total("") == 0


def test_hand_total_refuses_bad_or_repeated_cards():
    with pytest.raises(CardParseError, match="'XX'"):
        hand_total("AS XX")
    with pytest.raises(CardParseError, match="twice"):
        hand_total([Card.parse("AS"), Card.parse("AS")])


def test_sort_key_puts_the_ace_low_then_suits_in_order():
    hand = cards("KH AS 10C 2D AH 2S")
    assert [c.code for c in sorted(hand, key=sort_key)] == ["AS", "AH", "2S", "2D", "10C", "KH"]
    assert sorted(full_deck(), key=sort_key)[0] == Card.parse("AS")
    assert sorted(full_deck(), key=sort_key)[-1] == Card.parse("KH")


# --- legal discards [3] ---------------------------------------------------------------

@pytest.mark.parametrize(
    "text, kind",
    [
        ("7C", "single"),
        ("KS KH", "pair"),
        ("KS KH KD KC", "four_of_a_kind"),
        ("2H 3C 4S", "run"),
        ("6S 7H 8D 9C 10S", "run"),
        ("JS QD KC", "run"),
        ("AC 2D 3S", "run"),
        ("AC 2D 3S 4H 5C", "run"),
        ("QH KS AD", "run"),
        ("10S JD QC KH AS", "run"),
        ("2H 5H 9H JH KH", "flush"),
        ("3S 4S 5S 6S 7S", "run"),  # a straight flush is named a run
        ("10H JH QH KH AH", "run"),
        ("QH KH AH 2H 3H", "flush"),
        ("KS KH KD", None),
        ("KS KH 2D 2C", None),
        ("2H 3C", None),
        ("2H 3C 4S 5D", None),
        ("KS AH 2D", None),
        ("QS KH AD 2C 3S", None),
        ("2H 5H 9H JH", None),
        ("AC 2D 3S 9H 9C", None),
        ("KS KH KD KC 2S", None),
        ("2S 3S 4S 5S 6S 7S", None),
        ("", None),
    ],
)
def test_discard_kind(text, kind):
    assert discard_kind(text) == kind
    assert (why_illegal(text) is None) == (kind is not None)


def test_runs_one_suit_option():
    assert discard_kind("2H 3C 4S", ONE_SUIT) is None
    assert discard_kind("2H 3H 4H", ONE_SUIT) == "run"
    assert discard_kind("10S JD QC KH AS", ONE_SUIT) is None
    assert discard_kind("10S JS QS KS AS", ONE_SUIT) == "run"
    assert discard_kind("2H 5H 9H JH KH", ONE_SUIT) == "flush"
    assert discard_kind("KS KH", ONE_SUIT) == "pair"
    assert discard_kind("KS KH KD KC", ONE_SUIT) == "four_of_a_kind"


def test_every_two_and_three_card_group_of_the_deck():
    # exhaustive over all 1,326 two-card and 22,100 three-card groups
    deck = full_deck()
    pairs = [g for g in itertools.combinations(deck, 2) if discard_kind(g)]
    assert len(pairs) == 13 * 6
    threes = [g for g in itertools.combinations(deck, 3) if discard_kind(g)]
    assert all(discard_kind(g) == "run" for g in threes)
    assert len(threes) == 12 * 4**3  # A-2-3 … Q-K-A, suits free
    assert sum(1 for g in threes if discard_kind(g, ONE_SUIT)) == 12 * 4


def test_worked_example_1():
    hand = "AC 2D 3S 9H 9C"
    legal = groups(["AC", "2D", "3S", "9H", "9C", "9H 9C", "AC 2D 3S"])
    assert {frozenset(g) for g in legal_discards(hand)} == legal
    assert discard_kind("AC 2D 3S") == "run"
    assert discard_kind("9H 9C") == "pair"
    assert discard_kind("2D 3S 9H") is None
    assert "2-3-9 is not a run" in why_illegal("2D 3S 9H")
    assert discard_kind(hand) is None
    reason = why_illegal(hand)
    assert "neither a run" in reason and "nor a flush" in reason


def test_worked_example_2():
    hand = "KS KH KD 4C 5C"
    legal = legal_discards(hand)
    assert {frozenset(g) for g in legal} == groups(["KS", "KH", "KD", "4C", "5C",
                                                      "KS KH", "KS KD", "KH KD"])
    assert why_illegal("KS KH KD") == "three of a kind can't be discarded — discard two of them, or all four"


def test_worked_example_3():
    hand = "QH KH AH 2H 3H"
    assert discard_kind("QH KH AH") == "run"
    assert discard_kind("KH AH 2H") is None
    assert why_illegal("KH AH 2H") == "K-A-2 is not a run: a run never wraps round from king to ace to two"
    assert discard_kind(hand) == "flush"
    legal = {frozenset(g) for g in legal_discards(hand)}
    assert frozenset(parse_cards(hand)) in legal
    assert frozenset(parse_cards("QH KH AH")) in legal
    assert frozenset(parse_cards("AH 2H 3H")) in legal
    assert frozenset(parse_cards("KH AH 2H")) not in legal
    assert len(legal) == 5 + 3


def test_worked_example_4():
    hand = "10S JD QC KH AS"
    assert discard_kind(hand) == "run"
    assert hand_total(hand) == 41
    assert frozenset(parse_cards(hand)) in {frozenset(g) for g in legal_discards(hand)}
    # with runs_one_suit the mixed suits stop it
    reason = why_illegal(hand, ONE_SUIT)
    assert "a run must be all one suit" in reason and "spades, clubs, diamonds and hearts" in reason


def test_q_k_a_2_3_mixed_suits_is_neither_run_nor_flush():
    problem = discard_problem("QH KH AH 2D 3H")
    assert problem.code == "ls.discard.wraps_five" and problem.values["ranks"] == "Q-K-A-2-3"
    assert why_illegal("QH KH AH 2D 3H") == str(problem)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("KS KH KD", "three of a kind can't be discarded — discard two of them, or all four"),
        ("KS AH 2D", "K-A-2 is not a run: a run never wraps round from king to ace to two"),
        ("7C 8D 9H 10S", "runs are exactly 3 or exactly 5 cards; 4 cards in a row can't go together"),
        ("JC QD KH AS", "runs are exactly 3 or exactly 5 cards; 4 cards in a row can't go together"),
        ("KS KH 2D 2C", "2 + 2 of different ranks is not a group"),
        ("", "no cards are chosen"),
        ("7C 9H", "is not a pair: a pair is two cards of the same rank"),
        ("9H 9C 3S", "a pair plus another card is not a group: discard the two nines on their own"),
        ("2H 5H 9H JH", "a flush is exactly 5 cards of one suit; 4 are not enough"),
        ("2H 5S 9H JH", "four cards go together only when all four have the same rank"),
        ("KS KH KD 9C", "three of a kind can't be discarded — discard two of them, or all four (and 9♣"),
        ("2S 3S 4S 5S 6S 7S", "6 cards can't go together"),
        ("KS KH KD KC 2S", "four of a kind is discarded on its own: 2♠ can't go with them"),
        ("2D 3S 9H", "2-3-9 is not a run"),
        ("2D 3S 9H JC KC", "neither a run (5 cards of consecutive ranks) nor a flush (5 cards of one suit)"),
    ],
)
def test_reasons_a_learner_reads(text, expected):
    assert expected in why_illegal(text)


def test_mixed_suit_run_reason_under_runs_one_suit():
    reason = why_illegal("6C 7H 8C", ONE_SUIT)
    assert reason == ("6♣ 7♥ 8♣ is not a run under the house rule that a run must be all one suit: "
                      "these cards mix clubs and hearts")
    assert why_illegal("6C 7H 8C") is None
    assert discard_problem("QH KS AH", ONE_SUIT).code == "ls.discard.run_mixes_suits"


@pytest.mark.parametrize("func", [discard_kind, why_illegal, legal_discards, hand_total])
def test_unreadable_cards_raise_card_parse_error(func):
    with pytest.raises(CardParseError, match="'1S'"):
        func("AS 1S")
    with pytest.raises(CardParseError, match="twice"):
        func("AS 2S as")
    with pytest.raises(CardParseError):
        func(42)


def test_cards_may_be_strings_cards_or_mixed():
    assert discard_kind(["QH", Card.parse("KH"), "AH"]) == "run"
    assert why_illegal(cards("KS KH KD")) == why_illegal("KS KH KD")


def test_legal_discards_order_and_shape():
    got = legal_discards("AC 2D 3S 9H 9C")
    assert [" ".join(map(str, g)) for g in got] == ["A♣", "2♦", "3♠", "9♣", "9♥", "9♣ 9♥", "A♣ 2♦ 3♠"]
    assert all(isinstance(g, tuple) and all(isinstance(c, Card) for c in g) for g in got)
    # the order does not depend on how the hand was given
    assert legal_discards("9C 3S 9H AC 2D") == got
    assert legal_discards(list(reversed(parse_cards("AC 2D 3S 9H 9C")))) == got


def test_high_ace_runs_show_in_run_order():
    got = legal_discards("QH KH AH 2H 3H")
    assert cards("QH KH AH") in got and cards("AH 2H 3H") in got
    assert display_order(cards("AS KD QC")) == cards("QC KD AS")
    assert display_order(cards("AS 10H KD QC JS")) == cards("10H JS QC KD AS")
    assert display_order(cards("AS 2H 3D")) == cards("AS 2H 3D")
    assert display_order(cards("KH 9H AH 2H 5H")) == cards("AH 2H 5H 9H KH")  # a flush, ace low


def test_a_straight_flush_is_listed_once():
    got = legal_discards("3S 4S 5S 6S 7S")
    five = [g for g in got if len(g) == 5]
    assert five == [cards("3S 4S 5S 6S 7S")]


def test_four_of_a_kind_and_its_pairs():
    got = legal_discards("AS AC AD AH KS")
    assert len(got) == 5 + 6 + 1
    assert cards("AS AC AD AH") in got
    assert not any(len(g) == 3 for g in got)


def test_legal_discards_of_a_big_hand():
    # more than 5 cards is not a Least Score hand, but the function still answers
    got = legal_discards("2S 3S 4S 5S 6S 7S 3H")
    assert len(got) == len({frozenset(g) for g in got})
    assert cards("2S 3H 4S 5S 6S") in got                    # a mixed run of 5
    assert cards("2S 3S 4S 5S 7S") in got                    # a flush
    assert sum(1 for g in got if discard_kind(g) == "flush") == 6 - 2  # C(6,5) minus 2 straight flushes


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(full_deck()), min_size=1, max_size=8, unique=True), st.booleans())
def test_legal_discards_is_every_legal_subset_once(hand, one_suit):
    rules = Rules(runs_one_suit=one_suit)
    got = legal_discards(hand, rules)
    assert len(got) == len({frozenset(g) for g in got})
    expected = {frozenset(g) for n in range(1, 6) for g in itertools.combinations(hand, n)
                if discard_kind(g, rules) is not None}
    assert {frozenset(g) for g in got} == expected
    for g in got:
        assert tuple(g) == display_order(g)
        assert why_illegal(g, rules) is None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(full_deck()), min_size=0, max_size=7, unique=True), st.booleans())
def test_why_illegal_agrees_with_discard_kind(group, one_suit):
    rules = Rules(runs_one_suit=one_suit)
    reason = why_illegal(group, rules)
    if discard_kind(group, rules) is None:
        assert isinstance(reason, str) and len(reason) > 10
    else:
        assert reason is None


# --- round scoring [6] [7] ------------------------------------------------------------

def test_worked_example_5_success():
    assert round_scores([10, 16, 17], 0) == [0, 6, 7]


def test_worked_example_5_failure():
    assert round_scores([10, 8, 15], 0) == [22, 0, 0]


def test_worked_example_5_tie():
    assert round_scores([9, 9, 20], 0) == [0, 0, 11]
    assert round_scores([9, 9, 20], 0, Rules(tie_is_success=False)) == [20, 0, 0]


def test_scoring_other_seats_and_the_penalty_option():
    assert round_scores([16, 17, 10], 2) == [6, 7, 0]
    assert round_scores([8, 10, 15, 30], 1) == [0, 22, 0, 0]
    assert round_scores([8, 10], 1, Rules(penalty=0)) == [0, 2]
    assert round_scores([8, 10], 1, Rules(penalty=50)) == [0, 52]
    assert round_scores([3, 3], 1, Rules(tie_is_success=False, penalty=5)) == [0, 5]
    assert round_scores([1, 1, 1, 1], 3) == [0, 0, 0, 0]


@pytest.mark.parametrize(
    "totals, declarer, words",
    [
        ([10], 0, "at least 2"),
        ([], 0, "at least 2"),
        ([10, 8], 2, "0 to 1"),
        ([10, 8], -1, "0 to 1"),
        ([10, 8], True, "0 to 1"),
        ([10, 8], "0", "0 to 1"),
        ([10, -8], 0, "0 or more"),
        ([10, 8.5], 0, "whole number"),
        ([10, "8"], 0, "whole number"),
        (10, 0, "list of hand totals"),
    ],
)
def test_round_scores_checks_its_inputs(totals, declarer, words):
    with pytest.raises(CardkitError) as info:
        round_scores(totals, declarer)
    assert words in str(info.value)
    with pytest.raises(CardkitError):
        score_explanation(totals, declarer)


def test_score_explanation_failure_matches_the_brief():
    assert score_explanation([10, 8, 15], 0) == (
        "D = 10, L = 8: 10 > 8, so the declaration fails: "
        "the declarer scores 20 + (10 − 8) = 22, everyone else 0."
    )


def test_score_explanation_success_works_each_score_out():
    text = score_explanation([10, 16, 17], 0)
    assert text.startswith("D = 10, L = 16: 10 < 16, so the declaration succeeds")
    assert "the declarer scores 0" in text
    assert "Player 1 16 − 10 = 6" in text and "Player 2 17 − 10 = 7" in text


def test_score_explanation_ties_and_options():
    assert "a tie counts as a success" in score_explanation([9, 9, 20], 0)
    assert "Player 2 20 − 9 = 11" in score_explanation([9, 9, 20], 0)
    text = score_explanation([9, 9, 20], 0, Rules(tie_is_success=False))
    assert "the house rule that a tie is a failure" in text and "20 + (9 − 9) = 20" in text
    assert "50 + (10 − 8) = 52" in score_explanation([10, 8], 0, Rules(penalty=50))


def test_score_explanation_names():
    text = score_explanation([16, 10], 1, names=["Ann", "Bo"])
    assert "Ann 16 − 10 = 6" in text
    with pytest.raises(CardkitError, match="names"):
        score_explanation([16, 10], 1, names=["Ann"])


def test_explanation_numbers_agree_with_round_scores():
    for totals in itertools.product([1, 5, 9, 12], repeat=3):
        for declarer in range(3):
            for tie in (True, False):
                rules = Rules(tie_is_success=tie)
                scores = round_scores(list(totals), declarer, rules)
                text = score_explanation(list(totals), declarer, rules)
                if scores[declarer] == 0:
                    assert "succeeds" in text
                    for i, t in enumerate(totals):
                        if i != declarer:
                            assert f"Player {i} {t} − {totals[declarer]} = {scores[i]}" in text
                else:
                    assert "fails" in text and text.split("= ")[-1].startswith(f"{scores[declarer]},")


# --- the package ------------------------------------------------------------------------

def test_public_names_of_the_api():
    for name in ["Rules", "hand_total", "discard_kind", "why_illegal", "legal_discards",
                 "round_scores", "new_game", "card_value", "sort_key", "score_explanation",
                 "Discard", "Declare", "DECLARE", "random_bot", "greedy_bot", "BOTS"]:
        assert hasattr(ls, name), name
        assert name in ls.__all__
    for name in ls.__all__:
        obj = getattr(ls, name)
        if callable(obj) and getattr(obj, "__module__", "").startswith("cardkit") \
                and not isinstance(obj, type(ls.DECLARE)):
            assert obj.__doc__, f"{name} has no docstring"


def test_declaration_succeeded_is_the_verdict_not_a_guess_from_the_score():
    from cardkit.least_score import declaration_succeeded

    no_penalty = Rules(penalty=0, tie_is_success=False)
    assert round_scores([9, 9, 12], 0, no_penalty)[0] == 0        # a failure that scores 0 …
    assert declaration_succeeded([9, 9, 12], 0, no_penalty) is False   # … is still a failure
    assert declaration_succeeded([9, 9, 12], 0) is True               # a tie succeeds by default
    assert declaration_succeeded([8, 9, 12], 0, no_penalty) is True
    assert declaration_succeeded([10, 8], 0) is False
    with pytest.raises(CardkitError, match="declarer"):
        declaration_succeeded([10, 8], 2)


def test_player_limits_are_constants_of_the_rules():
    assert (Rules.MIN_PLAYERS, Rules.MAX_PLAYERS) == (ls.MIN_PLAYERS, ls.MAX_PLAYERS) == (2, 8)
    Rules(players=Rules.MAX_PLAYERS)
    with pytest.raises(RulesError, match="2 to 8 players"):
        Rules(players=Rules.MAX_PLAYERS + 1)


def test_every_reason_is_a_message_from_the_catalogue():
    """The reasons are messages with stable codes; rendered in the pseudo-locale every
    word comes from the catalogue (wrapped in ⟦…⟧)."""
    from cardkit.i18n import render

    cases = {"KS KH KD": "ls.discard.three_of_a_kind", "7C 7D 9H": "ls.discard.pair_plus_card",
             "7C 8D 9H 10S": "ls.discard.run_of_four", "KS AH 2D": "ls.discard.wraps", "": "ls.discard.no_cards",
             "7C 7D 7H 9S": "ls.discard.three_of_a_kind_and", "2C 3D 5H": "ls.discard.three_not_a_run"}
    for cards, code in cases.items():
        problem = discard_problem(cards)
        assert problem.code == code, cards
        assert why_illegal(cards) == render(problem, "en")
        assert render(problem, "en-XA").startswith("⟦")
    assert discard_problem("7C 8C 9C") is None
