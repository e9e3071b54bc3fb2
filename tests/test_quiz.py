"""The exercises, driven from Python the way the browser drives them: answers
go in, right/wrong and the reason come out, bad input gets a plain message."""

from __future__ import annotations

import logging
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import Card, CardkitError, parse_cards
from cardkit.classroom import CardQuiz, Feedback, NumberQuiz, Quiz, Scoreboard
from cardkit.classroom.numbers import fraction_text, num, pct, read_number

C = Card.parse


def browser(widget, **content):
    """Exactly what the page sends when Check (or Enter) or "Show the answer" is pressed."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def pair_quiz(**kw):
    return Quiz("About how often does a hand hold a pair?", {
        "About 1 in 10": "Too rare: five cards share only 13 ranks.",
        "About half the time": None,
        "Almost always": "Too often.",
    }, answer="About half the time", explain="2053/4165 ≈ 49.3%.", **kw)


# --- reading numbers ----------------------------------------------------------------

@pytest.mark.parametrize("text,value", [
    ("0.25", Fraction(1, 4)), (".5", Fraction(1, 2)), ("1/4", Fraction(1, 4)), ("25%", Fraction(1, 4)),
    ("49.3 %", Fraction(493, 1000)), ("2053/4165", Fraction(2053, 4165)), ("1 in 4", Fraction(1, 4)),
    ("1 out of 505", Fraction(1, 505)), ("2,598,960", Fraction(2598960)), ("0,25", Fraction(1, 4)),
    ("≈ 6.54", Fraction(654, 100)), ("~0.2%", Fraction(2, 1000)), ("1e-3", Fraction(1, 1000)),
    ("−0.5", Fraction(-1, 2)), ("= 3/6", Fraction(1, 2)), ("1.5/3", Fraction(1, 2)), ("  7 ", Fraction(7)),
    (3, Fraction(3)), (0.1, Fraction(1, 10)), (Fraction(2, 3), Fraction(2, 3)),
])
def test_read_number_reads_what_a_learner_types(text, value):
    assert read_number(text) == value


@pytest.mark.parametrize("text,words", [
    ("", "Type a number first"), ("   ", "Type a number first"), ("abc", "could not read “abc”"),
    ("1/0", "0 below the line"), ("1/2/3", "more than one fraction bar"), ("%", "before the % sign"),
    ("1,23,4", "could not read"), ("12..5", "could not read"), (None, "Type a number"), (True, "not True or False"),
    (float("nan"), "ordinary number"),
])
def test_read_number_explains_bad_input(text, words):
    with pytest.raises(CardkitError, match=words):
        read_number(text)


@given(st.fractions(min_value=-10**6, max_value=10**6, max_denominator=10**6))
@settings(max_examples=200, deadline=None)
def test_a_written_fraction_reads_back_exactly(f):
    assert read_number(fraction_text(f).replace(",", "")) == f


@given(st.integers(min_value=0, max_value=10**12))
@settings(max_examples=100, deadline=None)
def test_thousands_separators_read_back(n):
    assert read_number(num(n)) == n


@pytest.mark.parametrize("p,text", [
    (Fraction(2053, 4165), "49.3%"), (Fraction(33, 16660), "0.198%"), (Fraction(1, 4165), "0.0240%"),
    (0.5, "50.0%"), (1, "100%"), (0, "0%"), (0.99996, "99.996%"), (0.906, "90.6%"), (0.999, "99.9%"),
])
def test_percentages_keep_the_digits_that_matter(p, text):
    assert pct(p) == text


# --- multiple choice -------------------------------------------------------------------

def test_a_right_choice_says_right_and_why():
    q = pair_quiz()
    assert q.mode == "choice" and q.choices == ["About 1 in 10", "About half the time", "Almost always"]
    browser(q, type="submit", choice=1)
    assert q.verdict == "right" and q.solved and q.attempts == 1
    assert q.feedback.startswith("Right!") and "2053/4165" in q.feedback
    assert "✔ solved in 1 attempt" in repr(q)


def test_a_wrong_choice_says_which_and_why_and_offers_the_answer():
    q = pair_quiz(hint="count the hands with no pair")
    fb = q.submit("About 1 in 10")
    assert fb == Feedback(False, q.feedback) and fb.verdict == "wrong"
    assert "Not quite" in q.feedback and "“About 1 in 10”" in q.feedback
    assert "Too rare" in q.feedback and "Hint: count the hands with no pair" in q.feedback
    assert q.attempts == 1 and not q.solved and q.can_reveal
    assert q.chosen == 0
    browser(q, type="reveal")
    assert q.verdict == "revealed" and "“About half the time”" in q.feedback and "2053/4165" in q.feedback
    assert not q.solved and not q.can_reveal


def test_no_choice_is_a_plain_message_not_an_attempt():
    q = pair_quiz()
    browser(q, type="submit", choice=None)
    assert q.verdict == "invalid" and "Choose one of the answers" in q.feedback and q.attempts == 0


def test_a_choice_from_nowhere_is_a_plain_message():
    q = pair_quiz()
    browser(q, type="submit", choice=7)
    assert q.verdict == "invalid" and "choice number 0 to 2" in q.feedback and q.attempts == 0


def test_answers_after_solving_are_not_counted():
    q = pair_quiz()
    q.submit(0)
    q.submit(1)
    q.submit(2)
    assert q.attempts == 2 and q.solved and q.verdict == "wrong"


def test_the_answer_is_shown_by_itself_after_reveal_after_misses():
    q = pair_quiz(reveal_after=2)
    q.submit(0)
    assert q.verdict == "wrong"
    q.submit(2)
    assert q.verdict == "revealed" and "The answer is “About half the time”" in q.feedback
    assert "Too often" in q.feedback  # why the last choice was wrong is kept


def test_reset_clears_everything():
    q = pair_quiz()
    q.submit(0)
    q.reset()
    assert (q.attempts, q.solved, q.verdict, q.feedback, q.chosen, q.can_reveal) == (0, False, "", "", None, False)


def test_every_answer_is_reported_to_listeners():
    q = pair_quiz()
    seen = []
    q.on_answer(lambda quiz, fb: seen.append((quiz is q, fb.correct)))
    q.submit(0)
    q.submit(None)
    q.submit(1)
    assert seen == [(True, False), (True, None), (True, True)]


def test_a_failing_listener_becomes_a_message(caplog):
    q = pair_quiz()
    q.on_answer(lambda quiz, fb: 1 / 0)
    with caplog.at_level(logging.ERROR, logger="cardkit.widgets"):
        q.submit(1)
    assert q.solved and "Something went wrong" in q.feedback


@pytest.mark.parametrize("kwargs,words", [
    (dict(question="", choices=["a", "b"], answer="a"), "needs a question"),
    (dict(question="Q?", choices=["a"], answer="a"), "at least two choices"),
    (dict(question="Q?", choices=["a", "a"], answer="a"), "same words"),
    (dict(question="Q?", choices="ab", answer="a"), "list of answers"),
    (dict(question="Q?", choices=["a", "b"], answer="c"), "must be one of the choices"),
    (dict(question="Q?", choices=["a", "b"], answer=5), "choice number 0 to 1"),
    (dict(question="Q?", choices=["a", "b"], answer="a", reveal_after=0), "reveal_after"),
])
def test_a_badly_made_quiz_says_what_is_wrong(kwargs, words):
    with pytest.raises(CardkitError, match=words):
        Quiz(**kwargs)


# --- numbers ---------------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["33/16660", "0.198%", "0.2%", "0.00198", "1 in 505", "0.001980"])
def test_a_number_close_enough_is_right(typed):
    q = NumberQuiz("What is P(flush)?", "33/16660", explain="4·C(13,5)/C(52,5).")
    browser(q, type="submit", text=typed)
    assert q.verdict == "right", q.feedback
    assert q.feedback.startswith("Right!") and "33/16660 ≈ 0.198%" in q.feedback and "4·C(13,5)" in q.feedback
    assert q.text == typed


def test_an_exact_answer_is_called_exact():
    q = NumberQuiz("P(flush)?", Fraction(33, 16660))
    q.submit("66/33320")
    assert "exactly 33/16660" in q.feedback


@pytest.mark.parametrize("typed,words", [
    ("0.5%", "too high"), ("0.1%", "too low"), ("0.21%", "Close, but 0.21% is a little too high"),
])
def test_a_wrong_number_says_too_high_or_too_low(typed, words):
    q = NumberQuiz("P(flush)?", "33/16660", hint="4 suits times C(13,5)")
    q.submit(typed)
    assert q.verdict == "wrong" and words in q.feedback and "Hint: 4 suits times C(13,5)" in q.feedback
    assert q.attempts == 1 and q.can_reveal


def test_a_percentage_without_its_sign_gets_a_friendly_note():
    q = NumberQuiz("P(pair)?", "2053/4165")
    q.submit("49.3")
    assert q.verdict == "invalid" and "Did you mean 49.3%?" in q.feedback and q.attempts == 0
    q.submit("49.3%")
    assert q.solved


@pytest.mark.parametrize("typed,words", [("", "Type a number first"), ("two", "could not read “two”"),
                                         ("1/0", "0 below the line")])
def test_unreadable_numbers_get_plain_messages_and_do_not_count(typed, words):
    q = NumberQuiz("P(pair)?", "2053/4165")
    browser(q, type="submit", text=typed)
    assert q.verdict == "invalid" and words in q.feedback and q.attempts == 0 and not q.can_reveal


def test_whole_number_answers_must_be_exact_by_default():
    q = NumberQuiz("How many five-card hands?", 2598960)
    q.submit("2,598,961")
    assert q.verdict == "wrong"
    q.submit("2598960")
    assert q.solved
    assert q.answer_text() == "2,598,960" and q.reveal() == "The answer is 2,598,960."


def test_an_explicit_tolerance_is_absolute():
    q = NumberQuiz("1/P(flush)?", Fraction(16660, 33), tolerance=5)
    q.submit("500")
    assert q.solved
    q2 = NumberQuiz("1/P(flush)?", Fraction(16660, 33), tolerance=5)
    q2.submit("498")
    assert q2.verdict == "wrong"


def test_numbers_given_to_submit_directly():
    q = NumberQuiz("E[card]?", Fraction(85, 13))
    assert q.percent is False
    assert q.submit(6.54).correct and q.answer_text() == "85/13 ≈ 6.538"


@pytest.mark.parametrize("kwargs,words", [
    (dict(answer="lots"), "the answer must be a number"),
    (dict(answer=1, tolerance=-1), "tolerance"),
    (dict(answer=1, tolerance=True), "tolerance"),
])
def test_a_badly_made_number_quiz_says_what_is_wrong(kwargs, words):
    with pytest.raises(CardkitError, match=words):
        NumberQuiz("Q?", **kwargs)


# --- cards -------------------------------------------------------------------------------

def click(hand, code):
    hand._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "toggle", "key": code}}},
                      "buffers": []})


def run_quiz():
    return CardQuiz("Select the run of three.", "QH 2S KD 7C AH", answer="QH KD AH",
                    explain="Q-K-A is a run; K-A-2 is not.", hint="a run never wraps round")


def test_choosing_the_right_cards_and_checking():
    q = run_quiz()
    for code in ("AH", "QH", "KD"):
        click(q.hand, code)
    browser(q.panel, type="submit")
    assert q.solved and q.verdict == "right" and q.attempts == 1
    assert q.feedback == "Right! Q♥ K♦ A♥ is it. Q-K-A is a run; K-A-2 is not."


def test_wrong_cards_are_named_without_giving_the_answer_away():
    q = run_quiz()
    fb = q.submit("KD AH 2S")
    assert not fb.correct and "2♠ does not belong" in q.feedback and "1 more card belongs to it" in q.feedback
    assert "Q♥" not in q.feedback and "Hint: a run never wraps round" in q.feedback
    q.submit("KD AH")
    assert "1 more card belongs" in q.feedback and "does not belong" not in q.feedback
    q.submit("QH KD AH 7C")
    assert "7♣ does not belong" in q.feedback and "more card" not in q.feedback
    assert q.attempts == 3 and q.panel.can_reveal
    assert q.reveal() == "The answer is Q♥ K♦ A♥. Q-K-A is a run; K-A-2 is not."


def test_checking_with_nothing_chosen_explains_how_to_choose():
    q = run_quiz()
    q.check()
    assert q.verdict == "invalid" and "Choose one or more cards first" in q.feedback and q.attempts == 0


def test_any_of_several_answers_is_right():
    q = CardQuiz("Select a pair.", "9S 9H 4C 4D KS", answer=["9S 9H", "4C 4D"])
    q.submit("4D 4C")
    assert q.solved
    assert q.answer_text() == "9♠ 9♥ or 4♣ 4♦"


def test_a_judge_function_decides():
    def same_rank(cards):
        ok = len(cards) == 2 and cards[0].rank == cards[1].rank
        return ok, "two cards of one rank" if ok else f"{len(cards)} cards that are not a pair"

    q = CardQuiz("Select a pair.", "9S 9H 4C KS", judge=same_rank, explain="A pair is two of a kind.")
    q.submit("9S 4C")
    assert q.verdict == "wrong" and q.feedback == "Not quite: 2 cards that are not a pair. Try again."
    q.submit("9S 9H")
    assert q.feedback == "Right! Two cards of one rank. A pair is two of a kind."
    assert q.answer_text() == "any choice the judge accepts"


@pytest.mark.parametrize("result,correct", [(True, True), (False, False), (Feedback(True, "Yes."), True)])
def test_a_judge_may_answer_plainly(result, correct):
    q = CardQuiz("Pick.", "AS 2S", judge=lambda cards: result)
    q.submit("AS")
    assert q.panel.verdict == ("right" if correct else "wrong")


@pytest.mark.parametrize("judge,words", [
    (lambda cards: 1 / 0, "Something went wrong: division by zero"),
    (lambda cards: "maybe", "must return True or False"),
    (lambda cards: (_ for _ in ()).throw(CardkitError("2♠ cannot lead")), "2♠ cannot lead"),
])
def test_a_failing_judge_becomes_a_plain_message(judge, words, caplog):
    q = CardQuiz("Pick.", "AS 2S", judge=judge)
    with caplog.at_level(logging.ERROR, logger="cardkit.widgets"):
        assert q.submit("AS") is None
    assert words in q.feedback and q.verdict == "invalid" and q.attempts == 0


def test_choosing_cards_not_in_the_hand_is_a_plain_message():
    q = run_quiz()
    assert q.submit("3C") is None
    assert "3♣ is not in this hand" in q.feedback


@pytest.mark.parametrize("kwargs,words", [
    (dict(), "either answer="),
    (dict(answer="AS", judge=lambda c: True), "not both"),
    (dict(answer="3C"), "which the hand does not"),
    (dict(judge="yes"), "judge is a function"),
])
def test_a_badly_made_card_quiz_says_what_is_wrong(kwargs, words):
    with pytest.raises(CardkitError, match=words):
        CardQuiz("Pick.", "AS 2S", **kwargs)


def test_card_quiz_reset_unchooses_the_cards():
    q = run_quiz()
    q.submit("QH 2S")
    q.reset()
    assert q.hand.selected == () and q.attempts == 0 and q.feedback == ""


# --- what the page and nbval see --------------------------------------------------------------

def test_the_plain_text_of_each_exercise_is_whole_and_stable():
    long_question = "Which is rarer? " + "x" * 200
    q = Quiz(long_question, ["a", "b"], answer="a")
    data, meta = q._repr_mimebundle_()
    assert data["text/plain"] == f"Quiz({long_question!r} — not answered yet)"
    assert meta["cardkit"]["exercise"]["answer"] == "a"
    c = run_quiz()
    data, meta = c._repr_mimebundle_()
    assert data["text/plain"].startswith("CardQuiz('Select the run of three.' — Q♥ 2♠ K♦ 7♣ A♥; not answered")
    assert meta["cardkit"]["exercise"]["answer"] == [["AH", "KD", "QH"]]
    assert meta["cardkit"]["exercise"]["cards"] == ["QH", "2S", "KD", "7C", "AH"]
    n = NumberQuiz("P?", "33/16660")
    assert n._repr_mimebundle_()[1]["cardkit"]["exercise"]["answer"] == "33/16660"


def test_the_feedback_is_announced_again_when_it_repeats():
    q = pair_quiz()
    q.submit(None)
    n = q._n
    q.submit(None)
    assert q._n == n + 1   # the page empties and refills its live region


def test_the_browser_gets_the_question_and_the_feedback_state():
    q = NumberQuiz("What is P(flush)?", "33/16660")
    state = q.get_state()
    assert state["question"] == "What is P(flush)?" and state["mode"] == "number"
    assert "1/4" in state["help_text"]
    q.submit("0.5%")
    state = q.get_state()
    assert state["verdict"] == "wrong" and "too high" in state["feedback"] and state["attempts"] == 1
    assert state["can_reveal"] is True
    from cardkit.widgets.frontend import assets

    code = assets().modules[q._module]        # the quiz's module, sent once per page
    assert "aria-live" in code and "role\", \"status" in code   # the feedback is a live region


def test_scoreboard_counts_solved_exercises():
    q1, q2, q3 = pair_quiz(), NumberQuiz("P?", "1/2"), run_quiz()
    board = Scoreboard(q1, q2, q3)
    assert board.text == "Exercises solved: 0 of 3" and board.kind == "info"
    q1.submit(1)
    q2.submit("60%")
    q2.submit("50%")
    assert board.text == "Exercises solved: 2 of 3 (1 at the first try)"
    q3.submit("QH KD AH")
    assert board.kind == "success" and board.solved == 3 and board.first_try == 2
    assert repr(board) == "Scoreboard(Exercises solved: 3 of 3 (2 at the first try))"
    with pytest.raises(CardkitError, match="counts exercises"):
        board.track("not a quiz")
