"""The words a learner reads come from cardkit.words, one place per concept."""

import pytest

from cardkit import least_score as ls
from cardkit import tienlen as tl
from cardkit import words
from cardkit.words import KIND_NAMES, KIND_WORDS, and_list, game_name, number_word, ordinal, player_name


def test_lists_places_numbers_and_names():
    assert and_list(["A"]) == "A" and and_list(["A", "B"]) == "A and B"
    assert and_list(["A", "B", "C", "D"]) == "A, B, C and D"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd"]
    assert [number_word(n) for n in (1, 3, 12, 13)] == ["one", "three", "twelve", "13"]
    assert player_name(3) == "Player 3" and player_name(0, you=0) == "You" and player_name(1, you=0) == "Player 1"
    assert game_name("least_score") == "Least Score" and game_name("tienlen") == game_name("tien_len") == "Tiến Lên"


def test_each_game_names_every_kind_it_has():
    from cardkit.odds import DISCARD_KINDS

    assert tuple(KIND_NAMES["least_score"]) == DISCARD_KINDS
    assert set(KIND_NAMES["tienlen"]) == set(tl.KINDS)
    assert set(KIND_NAMES["least_score"]) == {"single", "pair", "four_of_a_kind", "run", "flush"}
    assert set(KIND_NAMES["least_score"]) | set(KIND_NAMES["tienlen"]) == set(KIND_WORDS)
    for game in KIND_NAMES.values():
        for kind, name in game.items():
            assert name.endswith(KIND_WORDS[kind])


def test_the_engine_and_the_widgets_read_them_from_here():
    pytest.importorskip("ipywidgets")
    from cardkit.classroom import tienlen as exercises_tienlen

    assert ls.rules.KIND_NAMES is KIND_NAMES["least_score"]
    assert exercises_tienlen.KIND_WORDS is KIND_NAMES["tienlen"]
    assert [tl.classify(c).name for c in ("3S", "3S 3H", "3S 3C 3H", "3S 3C 3D 3H")] == [
        KIND_WORDS[k] for k in ("single", "pair", "triple", "four_of_a_kind")]
    assert tl.classify("3S 4S 5H 6D").name == f"sequence of {number_word(4)}"
    assert words.__all__ and all(hasattr(words, name) for name in words.__all__)
