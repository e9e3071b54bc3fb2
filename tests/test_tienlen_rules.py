"""Tiến Lên rules: card order, combinations, beating, bombs, variants, messages.

Every worked example of rules/tien-len.md is a test here (marked "Example n").
"""

import copy
import pickle

import pytest

from cardkit import Card, CardkitError, RulesError, parse_cards
from cardkit.tienlen import (
    KINDS,
    Combo,
    Rules,
    beats,
    card_key,
    classify,
    instant_win,
    legal_plays,
    sort_hand,
    sort_key,
    why_illegal,
    why_not_beats,
)
from cardkit.tienlen import (beat_problem, beat_reason, illegal_problem, kind_problem, rank_name, why_beats,
                             why_not_kind)


def C(text):
    return classify(text)


def texts(combos):
    return [str(c) for c in combos]


# --------------------------------------------------------------------------- order

def test_example_1_card_order():
    order = parse_cards("3S 3H 4S AH 2S 2H")
    keys = [card_key(c) for c in order]
    assert keys == sorted(keys) and len(set(keys)) == 6
    assert sort_hand("2H 2S AH 4S 3H 3S") == order


def test_every_card_strictly_ordered_3_spades_lowest_2_hearts_highest():
    deck = sort_hand([Card.from_index(i) for i in range(52)])
    assert [card_key(c) for c in deck] == list(range(52))
    assert str(deck[0]) == "3♠" and str(deck[-1]) == "2♥"
    ranks = "3 4 5 6 7 8 9 10 J Q K A 2".split()
    assert [c.rank.code for c in deck[::4]] == ranks
    assert [c.suit.symbol for c in deck[:4]] == ["♠", "♣", "♦", "♥"]
    assert sort_key is card_key


# --------------------------------------------------------------------------- classify

@pytest.mark.parametrize(
    "cards, kind, key",
    [
        ("7H", "single", "7H"),
        ("9C 9H", "pair", "9H"),
        ("2S 2D", "pair", "2D"),
        ("KS KC KH", "triple", "KH"),
        ("2S 2C 2D", "triple", "2D"),
        ("4S 4C 4D 4H", "four_of_a_kind", "4H"),
        ("5S 6S 7H", "sequence", "7H"),
        ("JS QD KC AH", "sequence", "AH"),
        ("3D 4S 5C 6D 7H 8S 9C 10D JH QS KC AD", "sequence", "AD"),
        ("7S 7C 8D 8H 9S 9H", "double_sequence", "9H"),
        ("3S 3C 4S 4C 5S 5C 6S 6C 7S 7C 8S 8C", "double_sequence", "8C"),
    ],
)
def test_classify_kinds_and_key_card(cards, kind, key):
    combo = classify(cards)
    assert combo is not None
    assert combo.kind == kind and combo.kind in KINDS
    assert combo.key == Card.parse(key)
    assert list(combo.cards) == sort_hand(cards)
    assert len(combo) == len(parse_cards(cards))


def test_example_4_sequences_and_twos():
    assert classify("JS QD KC AH").kind == "sequence"
    assert classify("QS KD AC 2H") is None
    assert classify("KS AD 2C 3H") is None
    assert classify("2S 2H").kind == "pair"
    assert classify("2S 2H 2D").kind == "triple"


@pytest.mark.parametrize(
    "cards",
    ["", "3S 4S", "3S 5S 6S", "3S 3C 4S", "3S 3C 4S 4C", "3S 3C 4S 4C 5S", "3S 3C 3D 4S 4C 5S",
     "3S 3C 4S 4C 6S 6C", "2S 3S 4S", "AS 2S 3S", "2S 2C 3S 3C 4S 4C", "KS KC AS AC 2S 2C",
     "3S 3C 3D 3H 4S", "5S 5C 6S 6C 7S 7C 7D"],
)
def test_classify_rejects_non_combinations(cards):
    assert classify(cards) is None
    reason = why_illegal(cards)
    assert isinstance(reason, str) and len(reason) > 10


def test_is_bomb():
    assert C("4S 4C 4D 4H").is_bomb
    assert C("7S 7C 8D 8H 9S 9H").is_bomb
    for text in ("2H", "2S 2H", "2S 2C 2H", "5S 6S 7H", "KS KC KH"):
        assert not C(text).is_bomb


def test_combo_text_and_description():
    assert str(C("9H 9C")) == "9♣ 9♥"
    assert repr(C("9H 9C")) == "Combo('9C 9H')"
    assert C("7H").describe() == "single 7♥"
    assert C("KS KH").describe() == "pair of kings"
    assert C("9S 10S JD QH").describe() == "sequence of four, 9 to Q"
    assert C("7S 7C 8D 8H 9S 9H").describe() == "double sequence of three pairs, 7 to 9 — a bomb"
    assert C("4S 4C 4D 4H").describe() == "four of a kind, 4s — a bomb"
    assert C("6S 6C 6H").describe() == "triple of 6s"
    assert C("5S 6S 7H").name == "sequence of three"
    assert C("7S 7C 8D 8H 9S 9H").pairs == 3


def test_combo_is_frozen_hashable_and_compares_by_cards():
    a, b = C("9C 9H"), classify(parse_cards("9H 9C"))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != C("9S 9H") and a != "9C 9H"
    with pytest.raises(AttributeError):
        a.mask = 3
    with pytest.raises(AttributeError):
        a.kind = "pair"
    assert pickle.loads(pickle.dumps(a)) == a
    assert copy.deepcopy(a) is a
    assert list(a) == list(a.cards) and Card.parse("9H") in a


def test_combo_constructor_explains_a_bad_group():
    assert Combo("9C 9H") == C("9C 9H")
    with pytest.raises(CardkitError, match="2 can never be part of a sequence"):
        Combo("QS KS AS 2S")


# --------------------------------------------------------------------------- why_illegal

@pytest.mark.parametrize(
    "cards, words",
    [
        ("QS KS AS 2S", "a 2 can never be part of a sequence"),
        ("KS AD 2C 3H", "a 2 can never be part of a sequence"),
        ("KS KC AS AC 2S 2C", "a 2 can never be part of a double sequence"),
        ("5S 6S", "a sequence needs at least 3 cards"),
        ("5S 7S 8H", "these cards are not consecutive: 5, 7, 8 (6 is missing)"),
        ("3S 4S 7H 9D", "(5, 6, 8 are missing)"),
        ("5S 5C 6S 6C 8S 8C", "these pairs are not consecutive"),
        ("5S 5C 6S 6C", "a double sequence needs at least 3 pairs"),
        ("5S 5C 6S", "two 5s"),
        ("", "no cards"),
    ],
)
def test_why_illegal_messages(cards, words):
    assert words in why_illegal(cards)


def test_why_illegal_is_none_for_combinations():
    for text in ("3S", "3S 3H", "5S 6S 7H", "7S 7C 8D 8H 9S 9H", C("2S 2H")):
        assert why_illegal(text) is None


# --------------------------------------------------------------------------- beating

def test_example_2_pairs():
    assert beats("9C 9H", "9S 9D")
    assert not beats("9S 9D", "9C 9H")
    assert beats("10S 10C", "9D 9H")


def test_example_3_sequences():
    assert beats("5S 6S 7H", "5H 6H 7D")
    assert not beats("5H 6H 7D", "5S 6S 7H")
    assert not beats("5S 6S 7H", "4S 5H 6H 7D")
    assert "sequence of four" in why_not_beats("5S 6S 7H", "4S 5H 6H 7D")


def test_example_5_double_sequence_of_three_pairs():
    dseq = C("7S 7C 8D 8H 9S 9H")
    assert dseq.kind == "double_sequence" and dseq.key == Card.parse("9H")
    assert beats(dseq, "2H") and beats(dseq, "2S")
    assert not beats(dseq, "2S 2H")


def test_example_6_four_of_a_kind():
    fours, sixes = C("4S 4C 4D 4H"), C("6S 6C 6D 6H")
    assert beats(fours, "2H")
    assert beats(sixes, fours)
    assert not beats(fours, sixes)
    assert not beats(fours, "2S 2H")


def test_same_shape_and_higher_key_only():
    assert beats("3H", "3S") and not beats("3S", "3H")
    assert beats("2S", "AH")
    assert not beats("5S 5C", "4H")               # a pair on a single
    assert not beats("5S 6S 7S 8S", "4S 5S 6S")    # length differs
    assert not beats("KS KC KD", "QS QC")
    assert beats("KS KC KD", "QS QC QD")
    assert beats("8S 8C 9S 9C 10S 10C", "7S 7C 8D 8H 9S 9H")  # same length, higher key
    assert not beats("8S 8C 9S 9C 10S 10C 11S 11C".replace("11", "J"), "7S 7C 8D 8H 9S 9H")


@pytest.mark.parametrize("two", ["2S", "2C", "2D", "2H"])
def test_bombs_chop_a_single_two(two):
    assert beats("3S 3C 3D 3H", two)
    assert beats("3S 3C 4S 4C 5S 5C", two)


def test_bomb_rules_on_pairs_and_triples_of_twos():
    three_pairs = "3S 3C 4S 4C 5S 5C"
    four_pairs = "3S 3C 4S 4C 5S 5C 6S 6C"
    five_pairs = "3S 3C 4S 4C 5S 5C 6S 6C 7S 7C"
    six_pairs = "3S 3C 4S 4C 5S 5C 6S 6C 7S 7C 8S 8C"
    assert not beats(three_pairs, "2S 2H")
    assert beats(four_pairs, "2S 2H") and beats(five_pairs, "2D 2H")
    assert not beats(four_pairs, "2S 2C 2H")
    assert beats(five_pairs, "2S 2C 2H") and beats(six_pairs, "2S 2D 2H")
    assert not beats("9S 9C 9D 9H", "2S 2H")
    assert not beats("9S 9C 9D 9H", "2S 2C 2H")


def test_nothing_else_beats_twos_or_bombs():
    assert not beats("AS AC AD", "2H")
    assert not beats("3S 4S 5S 6S 7S", "2H")
    assert beats("2H", "2S") and beats("2C 2H", "2S 2D")
    quad = C("9S 9C 9D 9H")
    three_pairs = C("3S 3C 4S 4C 5S 5C")
    four_pairs = C("3S 3C 4S 4C 5S 5C 6S 6C")
    assert not beats("2H", quad)
    assert not beats("2S 2H", quad)
    assert not beats(four_pairs, quad)          # other bomb types: not by default
    assert not beats(quad, three_pairs)
    assert not beats(four_pairs, three_pairs)   # a longer double sequence: not by default
    assert not beats("8S 8C 8D 8H", quad)       # a lower four of a kind
    assert beats("10S 10C 10D 10H", quad)


def test_bombs_do_not_beat_ordinary_cards():
    assert not beats("9S 9C 9D 9H", "AH")
    assert not beats("3S 3C 4S 4C 5S 5C", "KS KH")
    assert "higher single" in why_not_beats("9S 9C 9D 9H", "AH")


def test_why_not_beats_messages():
    assert why_not_beats("9C 9H", "9S 9D") is None
    assert "9♦ is lower than 9♥" in why_not_beats("9S 9D", "9C 9H")
    assert "only a higher pair of 2s, or a double sequence of 4 or more pairs" in why_not_beats("AS AH", "2S 2H")
    assert "only a higher pair of 2s" in why_not_beats("KS KC KD", "2S 2H")
    assert "A♥ is lower than 2♥" in why_not_beats("AS AH", "2S 2H")
    assert "not big enough to chop" in why_not_beats("3S 3C 4S 4C 5S 5C", "2S 2H")
    assert "a bomb can only be beaten by a higher four of a kind" in why_not_beats("2H", "9S 9C 9D 9H")
    assert "no combination" in why_not_beats("5S 7S", "4S")
    assert not beats("5S 7S", "4S")


def test_beats_refuses_a_previous_play_that_is_no_combination():
    with pytest.raises(CardkitError, match="previous play"):
        beats("5S", "4S 6S")


# --------------------------------------------------------------------------- variants

def test_variant_four_of_a_kind_beats_pair_of_twos():
    rules = Rules(four_of_a_kind_beats_pair_of_twos=True)
    assert beats("9S 9C 9D 9H", "2S 2H", rules)
    assert not beats("9S 9C 9D 9H", "2S 2H")
    assert not beats("9S 9C 9D 9H", "2S 2C 2H", rules)
    assert C("9S 9C 9D 9H") in legal_plays("9S 9C 9D 9H 3S", "2S 2H", rules)
    assert C("9S 9C 9D 9H") not in legal_plays("9S 9C 9D 9H 3S", "2S 2H")


def test_variant_bigger_bombs_beat_smaller():
    rules = Rules(bigger_bombs_beat_smaller=True)
    three_pairs = C("3S 3C 4S 4C 5S 5C")
    quad = C("9S 9C 9D 9H")
    four_pairs = C("3S 3C 4S 4C 5S 5C 6S 6C")
    five_pairs = C("3S 3C 4S 4C 5S 5C 6S 6C 7S 7C")
    assert beats(quad, three_pairs, rules) and not beats(quad, three_pairs)
    assert beats(four_pairs, quad, rules) and not beats(four_pairs, quad)
    assert beats(five_pairs, four_pairs, rules)
    assert beats(four_pairs, three_pairs, rules)
    assert not beats(three_pairs, quad, rules)
    assert not beats(quad, four_pairs, rules)
    assert not beats("2H", quad, rules)
    hand = "3S 3C 4S 4C 5S 5C 6S 6C 9S 9C 9D 9H"
    assert four_pairs in legal_plays(hand, quad, rules)
    assert four_pairs not in legal_plays(hand, quad)


def test_rules_are_validated():
    assert Rules() == Rules(players=4, target=21)
    for bad in (dict(players=1), dict(players=5), dict(players="4"), dict(target=0),
                dict(target=2.5), dict(bigger_bombs_beat_smaller="yes"), dict(players=True)):
        with pytest.raises(RulesError):
            Rules(**bad)
    with pytest.raises(Exception):
        Rules().players = 3  # frozen


# --------------------------------------------------------------------------- legal_plays

def test_legal_plays_when_leading_lists_every_combination_once_in_order():
    plays = legal_plays("3S 3H 4D 5C 5H 2S")
    assert texts(plays) == [
        "3♠", "3♥", "4♦", "5♣", "5♥", "2♠",
        "3♠ 3♥", "5♣ 5♥",
        "3♠ 4♦ 5♣", "3♥ 4♦ 5♣", "3♠ 4♦ 5♥", "3♥ 4♦ 5♥",
    ]
    assert len(set(plays)) == len(plays)


def test_legal_plays_on_a_table():
    hand = "3S 4S 5H 5D 9C 9H 9D 2C"
    assert texts(legal_plays(hand, "4C")) == ["5♦", "5♥", "9♣", "9♦", "9♥", "2♣"]   # 4♠ < 4♣
    assert texts(legal_plays(hand, "3H")) == ["4♠", "5♦", "5♥", "9♣", "9♦", "9♥", "2♣"]
    assert texts(legal_plays(hand, "9S 9D")) == ["9♣ 9♥", "9♦ 9♥"]
    assert texts(legal_plays(hand, "3C 4C 5C")) == ["3♠ 4♠ 5♦", "3♠ 4♠ 5♥"]
    assert legal_plays(hand, "2H") == []
    assert texts(legal_plays(hand, "8S 8C 8D")) == ["9♣ 9♦ 9♥"]


def test_legal_plays_lists_bombs_after_ordinary_beats():
    hand = "6S 6C 6D 6H 7S 7C 8S 8C 2H"
    plays = legal_plays(hand, "2D")
    assert texts(plays) == ["2♥", "6♠ 6♣ 6♦ 6♥", "6♠ 6♣ 7♠ 7♣ 8♠ 8♣", "6♠ 6♦ 7♠ 7♣ 8♠ 8♣",
                            "6♣ 6♦ 7♠ 7♣ 8♠ 8♣", "6♠ 6♥ 7♠ 7♣ 8♠ 8♣", "6♣ 6♥ 7♠ 7♣ 8♠ 8♣",
                            "6♦ 6♥ 7♠ 7♣ 8♠ 8♣"]


def test_legal_plays_checks_its_input():
    with pytest.raises(CardkitError, match="at most 13"):
        legal_plays("3S 3C 3D 3H 4S 4C 4D 4H 5S 5C 5D 5H 6S 6C")
    with pytest.raises(CardkitError):
        legal_plays("3S 3S")
    assert legal_plays("") == []


def test_a_full_dragon_hand_has_the_twelve_card_sequence():
    hand = "3D 4S 5C 6D 7H 8S 9C 10D JH QS KC AD 5H"
    plays = legal_plays(hand)
    longest = max(plays, key=len)
    assert len(longest) == 12 and longest.kind == "sequence"
    assert sum(1 for c in plays if len(c) == 12) == 2   # with 5♣ or with 5♥


# --------------------------------------------------------------------------- instant wins

def test_example_7_dragon():
    assert instant_win("3D 4S 5C 6D 7H 8S 9C 10D JH QS KC AD 5H") == "dragon"


def test_instant_wins():
    assert instant_win("2S 2C 2D 2H 3S 4S 5S 6S 7S 8S 9S 10S JS") == "four_twos"
    assert instant_win("3D 4S 5C 6D 7H 8S 9C 10D JH QS KC 2D 5H") is None   # no ace
    assert instant_win("3S 3C 3D 3H 4S 4C 4D 4H 5S 5C 5D 5H 6S") is None
    assert instant_win("") is None


def test_is_chop_is_a_bomb_that_beats_the_table():
    from cardkit.tienlen import Rules, is_chop

    assert is_chop("4S 4C 4D 4H", "2H")                              # four of a kind on a 2
    assert is_chop("5S 5C 6D 6H 7S 7C 8S 8C", "2S 2H")                # four pairs on a pair of 2s
    assert is_chop("5S 5C 5D 5H", "4S 4C 4D 4H")                      # a higher bomb on a bomb
    assert not is_chop("4S 4C 4D 4H", "2S 2H")                        # does not beat it
    assert is_chop("4S 4C 4D 4H", "2S 2H", Rules(four_of_a_kind_beats_pair_of_twos=True))
    assert not is_chop("2H", "2S") and not is_chop("9S 9H", "8S 8H")  # beats, but no bomb
    assert not is_chop("3S 4S", "2H")                                 # no combination at all


# --------------------------------------------------------------------------- words from the catalogue
@pytest.mark.parametrize("words, english", [
    (lambda: C("KS KH").description, ["kings", "pair"]),
    (lambda: C("9S 10S JD QH").description, ["four", "sequence"]),
    (lambda: C("7S 7C 8D 8H 9S 9H").shape_name, ["three", "pairs"]),
    (lambda: illegal_problem("5S 7S 9H"), ["missing", "consecutive"]),
    (lambda: illegal_problem("3S 3C 3D 4S 5S 5C"), ["three 3s", "two 5s"]),
    (lambda: beat_reason("4S 4C 4D 4H", "2H"), ["four of a kind", "single 2"]),
    (lambda: beat_problem("5S 6S 7H", "4S 5H 6H 7D"), ["sequence of four", "sequence of three"]),
    (lambda: kind_problem("8C", "sequence"), ["sequence is three", "only 1 card"]),
    (lambda: Rules(passed_players_may_rejoin=True).house_rule_messages()[0], ["passed"]),
])
def test_every_word_of_a_rule_s_sentence_comes_from_the_catalogue(words, english):
    """In the pseudo-locale every catalogue word is changed, so an English word left in the
    sentence is one that was passed in as plain text."""
    from cardkit.i18n import PSEUDO, render

    message = words()
    shown = render(message, PSEUDO)
    assert shown.startswith("⟦") and shown.endswith("⟧")
    for word in english:
        assert word in render(message, "en") and word not in shown


def test_the_string_helpers_render_the_messages():
    assert C("KS KH").describe() == str(C("KS KH").description)
    assert why_illegal("5S 7S 8H") == str(illegal_problem("5S 7S 8H")) == \
        "these cards are not consecutive: 5, 7, 8 (6 is missing)"
    assert why_illegal("5S 7S 9H") == "these cards are not consecutive: 5, 7, 9 (6, 8 are missing)"
    assert why_beats("9C 9H", "9S 9D") == "both are a pair, and the key card 9♥ is higher than 9♦"
    assert why_not_kind("KS", "pair") == "a pair is two cards of the same rank; this is 1 card"
    assert rank_name(Card("Q", "H"), plural=True) == "queens" and rank_name(Card("2", "S")) == "2"
    assert illegal_problem(C("KS KH")) is None and beat_reason("9S 9D", "9C 9H") is None
