"""The Tiến Lên lesson exercises answer as the engine does, and say why."""

from __future__ import annotations

import pytest

from cardkit import CardkitError, parse_cards
from cardkit.classroom.tienlen import (beat_it_quiz, beating_table, beats_grid, beats_quiz, classify_table,
                                      combination_quiz, fewest_plays, find_combination_quiz, higher_card_quiz,
                                      key_card_quiz, play_options)


def test_higher_card_rank_then_suit():
    q = higher_card_quiz("AS", "2C")
    assert q.submit("2♣").correct and "rank decides" in q.explain
    q = higher_card_quiz("9D", "9C")
    assert q.submit("9♣").correct is False and q.submit("9♦").correct
    assert "suit decides" in q.explain
    with pytest.raises(CardkitError):
        higher_card_quiz("9D", "9D")


@pytest.mark.parametrize("cards,answer", [
    ("8C 8D 8H", "a triple"), ("10S JS QH KD", "a sequence"), ("5S 5C 6D 6H 7S 7C", "a double sequence"),
    ("AS 2C 3D", "not a combination"), ("6S 6C 7D 7H", "not a combination"), ("2S 2D", "a pair"),
    ("4S 4C 4D 4H", "a four of a kind"), ("7H", "a single"),
])
def test_combination_quiz(cards, answer):
    q = combination_quiz(cards)
    assert q.choices[q.answer] == answer
    assert q.submit(answer).correct


def test_beats_quiz_uses_the_engines_reason():
    q = beats_quiz("7S 7C 8D 8H 9S 9H", "2S 2H")
    assert q.choices[q.answer].startswith("No") and "not big enough to chop" in q.explain
    q = beats_quiz("4S 4C 4D 4H", "2H")
    assert q.choices[q.answer].startswith("Yes") and "chop" in q.explain.lower()
    with pytest.raises(CardkitError):
        beats_quiz("9S", "9S 10H")


def test_card_exercises():
    q = key_card_quiz("7S 7C 8D 8H 9S 9H")
    assert q.submit("9H").correct and not q.submit("9S").correct
    hand = "3S 4D 5C 6H 7S 7H 8S 8D 9C 9H JD JC 2S"
    q = find_combination_quiz(hand, "sequence", 5)
    assert q.submit("3S 4D 5C 6H 7S").correct
    assert q.submit("3S 4D 5C 6H").correct is False
    assert "14 different sequences of 5 cards" in q.explain
    q = beat_it_quiz("5S 5C 5D 5H 7S 7C 8D 8H 9S 9H KD AS 2H", "2D")
    assert q.submit("5S 5C 5D 5H").correct and q.submit("2H").correct and not q.submit("AS").correct
    assert "3 different plays" in q.explain
    with pytest.raises(CardkitError):
        find_combination_quiz("3S 4D", "four_of_a_kind")


def test_tables_record_the_engines_verdicts():
    t = beating_table([("9C 9H", "9S 9D"), ("5S 6S 7H", "4S 5H 6H 7D")])
    assert t.figures == {"9♣ 9♥ | 9♠ 9♦": True, "5♠ 6♠ 7♥ | 4♠ 5♥ 6♥ 7♦": False}
    short = beating_table([("9C 9H", "9S 9D"), ("5S 6S 7H", "4S 5H 6H 7D")], why=False)
    assert short.figures == t.figures and "<th" in short.html
    assert short.html.count("<th ") == 3 and t.html.count("<th ") == 4  # no "Why" column
    assert len(short.text.split()) < len(t.text.split())
    g = beats_grid(["4S 4C 4D 4H"], ["2H", "2S 2H"], "chops")
    assert g.figures == {"4♠ 4♣ 4♦ 4♥ | 2♥": True, "4♠ 4♣ 4♦ 4♥ | 2♠ 2♥": False}
    c = classify_table(["QS KD AH 2C", "2S 2H"])
    assert c.figures == {"Q♠ K♦ A♥ 2♣": "not a combination", "2♠ 2♥": "pair"}


def test_fewest_plays_and_options():
    n, split = fewest_plays("4S 5D 6C 7H 8S 8C 9D 10H JH")
    assert n == 2 and {c for s in split for c in s.cards} == set(parse_cards("4S 5D 6C 7H 8S 8C 9D 10H JH"))
    assert fewest_plays("")[0] == 0
    assert fewest_plays("3S 3C 3D 3H")[0] == 1
    o = play_options("4S 5D 6C 7H 8S 8C 9D 10H JH", "7D")
    assert o.best == "8♠" and o.left["7♥"] == 3 and o.figures["best on 7♦"] == "8♠"


def test_play_options_marks_every_equally_good_play():
    o = play_options("4S 5D 6C 7H 8S 8C 9D 10H JH", "7D")
    # either 8 is a spare card: both leave one sequence, so both are marked
    assert o.best_plays == ["8♠", "8♣"]
    starred = [line.split(" | ")[0] for line in o.text.splitlines()[2:] if "★" in line]
    assert starred == ["8♠ ★", "8♣ ★"]
    hidden = play_options("4S 5D 6C 7H 8S 8C 9D 10H JH", "7D", mark_best=False)
    assert "★" not in hidden.text and "★" not in hidden.html
    assert hidden.best_plays == o.best_plays and hidden.left == o.left
