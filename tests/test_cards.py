"""Cards, card strings, seeded decks and deal codes."""

import pickle
import random

import pytest
from hypothesis import given, strategies as st

from cardkit import (
    Card,
    CardParseError,
    Rank,
    Suit,
    deal_code,
    full_deck,
    parse_cards,
    seed_from_code,
    shuffled_deck,
    to_cards,
)


def test_parse_the_api_example():
    cards = parse_cards("AS 10h Q♦ t♣, 2C")
    assert [c.code for c in cards] == ["AS", "10H", "QD", "10C", "2C"]
    assert [str(c) for c in cards] == ["A♠", "10♥", "Q♦", "10♣", "2♣"]


@pytest.mark.parametrize("sep", [" ", ",", ", ", " ,  ", "\n", "\t"])
def test_separators(sep):
    assert parse_cards(sep.join(["kd", "3S", "jH"])) == [Card(13, "D"), Card(3, "S"), Card(11, "H")]


def test_empty_text_is_no_cards():
    assert parse_cards("") == []
    assert parse_cards("  ,  ") == []


@pytest.mark.parametrize(
    "text, token, words",
    [
        ("AS 1S", "1S", "not a rank"),
        ("AX", "AX", "not a suit"),
        ("Q", "Q", "no suit"),
        ("♠", "♠", "no rank"),
        ("AS 2D as", "as", "twice"),
        ("10 H", "10", "no suit"),
        ("AS 11h", "11h", "the jack is J"),
    ],
)
def test_bad_tokens_are_named(text, token, words):
    with pytest.raises(CardParseError) as info:
        parse_cards(text)
    assert f"'{token}'" in str(info.value)
    assert words in str(info.value)
    assert info.value.token == token
    assert isinstance(info.value, ValueError)


def test_cards_are_immutable_singletons():
    c = Card(Rank.QUEEN, Suit.HEARTS)
    assert c is Card("Q", "H") is Card.parse("q♥") is Card.from_index(c.index)
    assert c.code == "QH" and str(c) == "Q♥" and c.label == "Queen of hearts"
    assert repr(c) == "Card('QH')"
    with pytest.raises(AttributeError):
        c.rank = Rank.KING
    assert pickle.loads(pickle.dumps(c)) is c
    assert len({c, Card(12, 3)}) == 1


def test_card_shows_as_a_picture_with_a_text_label():
    svg = Card.parse("10H")._repr_svg_()
    assert svg.startswith("<svg") and "Ten of hearts" in svg


def test_full_deck_has_52_distinct_cards():
    deck = full_deck()
    assert len(deck) == len(set(deck)) == 52
    assert {c.index for c in deck} == set(range(52))


def test_same_seed_same_deal_everywhere():
    # The order comes from random.Random(seed), which is the same on every platform;
    # the first cards of seed 1 are fixed here so a change of algorithm is noticed.
    assert shuffled_deck(7) == shuffled_deck(7)
    assert shuffled_deck(7) != shuffled_deck(8)
    deck = full_deck()
    random.Random(1).shuffle(deck)
    assert shuffled_deck(1) == deck


@given(st.integers(min_value=0, max_value=2**30 - 1))
def test_deal_codes_round_trip(seed):
    code = deal_code(seed)
    assert len(code) == 7 and code[3] == "-"
    assert seed_from_code(code) == seed
    assert seed_from_code(code.lower().replace("-", " ")) == seed


@pytest.mark.parametrize("bad", ["", "ABC", "ABCDEFG", "AB!-123", "UUU-UUU"])
def test_bad_deal_codes(bad):
    with pytest.raises(ValueError, match="deal code"):
        seed_from_code(bad)


@given(st.lists(st.sampled_from(full_deck()), unique=True, max_size=13), st.sampled_from([" ", ",", ", "]))
def test_codes_and_symbols_round_trip(cards, sep):
    assert parse_cards(sep.join(c.code for c in cards)) == cards
    assert parse_cards(sep.join(str(c) for c in cards)) == cards
    assert to_cards([c.code for c in cards]) == cards
