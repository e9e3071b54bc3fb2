"""One voice in the per-game exercises (``cardkit.classroom.least_score`` and
``cardkit.classroom.tienlen``): what they write comes from the catalogue (in the
pseudo-locale every sentence of theirs is wrapped in ⟦…⟧), judges say messages
(codes and values), no English is taken apart, and counts take CLDR plurals.
English wording is pinned by the lessons' stored outputs (strict nbval)."""

from __future__ import annotations

import pytest

from cardkit import CardkitError
from cardkit.classroom import least_score as lsx
from cardkit.classroom import tienlen as tlx
from cardkit.i18n import PSEUDO, Message, kind_name, kind_word, render, use_locale


def wrapped(text: str) -> bool:
    return text.startswith("⟦") and text.endswith("⟧")


@pytest.fixture
def pseudo():
    with use_locale(PSEUDO):
        yield


def test_least_score_exercises_write_only_catalogue_sentences(pseudo):
    drill = lsx.HandTotalDrill(hands=2, seed=3)
    for text in (drill.quizzes[0].question, drill.quizzes[0].hint, drill.next_button.description,
                 drill.new_button.description, drill.back_button.description, drill.row.title,
                 *drill.quizzes[0].mistakes.values()):
        assert wrapped(text), text
    spot = lsx.SpotEveryDiscard("4C 5D 6S 6H 7H")
    for text in (spot.question, spot.check_button.description, spot.reveal_button.description,
                 spot.submit("4C").text, spot.submit("6S 6H").text, spot.reveal()):
        assert wrapped(text), text
    take = lsx.TakeOrDrawQuiz("AC 2D 3S 9H 9C", discard="9H 9C", open_cards="5D 6D 7D")
    for text in (take.question, take.explain, *take.choices, *filter(None, take.why.values())):
        assert wrapped(text), text
    values = lsx.value_table()
    assert all(wrapped(row.split(" | ")[0]) for row in values.text.splitlines()), values.text
    table = lsx.turn_table("AC 2D 3S 9H 9C", "5D")
    caption, head, *rows = table.text.splitlines()
    assert wrapped(caption) and all(wrapped(h) for h in head.split(" | "))
    assert all(wrapped(row.split(" | ")[0]) for row in rows)


def test_the_figures_keep_english_ids_in_any_language(pseudo):
    assert "discard 9♣ 9♥, take 5♦" in lsx.turn_table("AC 2D 3S 9H 9C", "5D").figures
    assert tlx.classify_table(["QS KD AH 2C"]).figures == {"Q♠ K♦ A♥ 2♣": "not a combination"}


def test_tienlen_exercises_write_only_catalogue_sentences(pseudo):
    combo = tlx.combination_quiz("7S 7C 8D 8H 9S 9H")
    assert all(wrapped(c) for c in combo.choices) and wrapped(combo.question) and wrapped(combo.explain)
    assert combo.choices[combo.answer] == render(kind_name("tienlen", "double_sequence"), PSEUDO)
    beats = tlx.beats_quiz("9C 9H", "9S 9D")
    assert all(wrapped(c) for c in beats.choices) and wrapped(beats.question)
    assert beats.answer == 0   # the engine's verdict decides, not a label
    grid = tlx.beats_grid(["2S"], ["3C"], caption="x")
    assert "⟦" in grid.text.splitlines()[1].split(" | ")[0]


def test_judges_say_messages_not_sentences():
    quizzes = [lsx.best_discard_quiz("AC 2D 3S 9H 9C"), lsx.value_cards_quiz("KS 4C QH"),
               lsx.find_discard_quiz("AC 2D 3S 9H 9C", "run"), tlx.key_card_quiz("5S 6S 7H"),
               tlx.extreme_card_quiz("3S 9D 2H"), tlx.find_combination_quiz("3S 3C 4D", "pair")]
    for quiz in quizzes:
        for pick in quiz.hand.cards:
            ok, why = quiz.judge((pick,))
            assert isinstance(ok, bool) and isinstance(why, Message) and why.code.startswith("classroom_")


def test_kind_names_are_never_cut_out_of_a_sentence(pseudo):
    """'a run' → 'run' used to be done by cutting two letters off the English."""
    with pytest.raises(CardkitError) as err:
        lsx.find_discard_quiz("AC 5D 9S JH KC", "run", size=3)
    assert render(kind_word("run"), PSEUDO) in str(err.value)
    quiz = tlx.find_combination_quiz("3S 3C 4D", "pair")
    assert render(kind_word("pair"), PSEUDO) in quiz.panel.question


def test_counts_take_the_languages_plural():
    assert lsx.HandTotalDrill(hands=1).new_button.description == "Deal 1 new hand"
    assert lsx.HandTotalDrill(hands=6).new_button.description == "Deal 6 new hands"
    ok, why = lsx.best_discard_quiz("AS").judge(tuple(lsx.to_cards("AS")))
    assert ok and str(why) == "the single A♠ gets rid of 1 point, as much as any discard in this hand"
