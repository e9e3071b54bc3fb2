"""Every exercise of every lesson, answered wrong and then right, on a fresh run.

A learner who answers wrong must be told *why*, in the game's words — never just
"not right" — and every equally good answer must be accepted.  This file runs each
lesson afresh (``_lesson_run.run_lesson``), collects every exercise it makes, and:

* gives each multiple-choice question every wrong choice, and checks that the
  feedback carries that choice's own reason (a sentence, not a bare "No");
* gives each number question a few wrong numbers (one too high, one too low, each
  likely mistake the question knows), and checks it says "too high" / "too low"
  and why (the step that went wrong, or a hint);
* gives each card question wrong choices — single cards, the whole hand, two right
  answers at once — and checks each gets a reason, and that no card of a right
  answer held in the choice is called wrong;
* gives each one every right answer it knows, and checks each is accepted;
* checks that the fresh run's exercises are exactly the ones stored in the
  notebook (question, answer, explanation, reasons): the stored records are what
  ``test_lessons_*.py`` and ``test_lesson_figures.py`` recompute independently, so
  a lesson changed to teach another answer fails here even before it is re-run.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

import pytest

from cardkit.classroom.least_score import SpotEveryDiscard
from cardkit.classroom.quiz import CardQuiz, NumberQuiz, Quiz, _normalise_verdict
from cardkit.i18n import render

from _lesson_run import ALL_LESSONS, LESSONS, run_lesson

def reason(fb) -> str:
    """What the feedback says *why* — its ``reason``, without the verdict's generic words
    ("Not quite:", "Try again"): decided on the feedback's structure, never its words."""
    return render(fb.reason) if fb.reason is not None else ""


def called_wrong(fb) -> list:
    """The cards the feedback says do not belong (the values of those messages)."""
    return [m.get("cards") for m in fb.messages()
            if m.code in ("quiz.cards.extra_in_right", "quiz.cards.extra_in_none")]


def words(text: str) -> int:
    return len(re.findall(r"[\w♠♣♦♥%]+", text))


def ids(path):
    return str(path.relative_to(LESSONS)).replace(".ipynb", "")


# --- multiple choice -----------------------------------------------------------------------

def walk_quiz(q: Quiz) -> None:
    for i, choice in enumerate(q.choices):
        if i == q.answer:
            continue
        q.reset()
        fb = q.submit(i)
        assert fb is not None and fb.correct is False, (q.question, choice)
        why = q.why.get(choice, "")
        assert words(why) >= 4, f"{q.question!r}: the wrong choice {choice!r} has no reason ({why!r})"
        assert why.rstrip(".") in fb.text, (q.question, choice, fb.text)
    q.reset()
    assert q.submit(q.answer).correct, q.question
    assert words(q.explain) >= 4, f"{q.question!r} explains nothing"


# --- numbers -------------------------------------------------------------------------------

def wrong_numbers(q: NumberQuiz) -> list[Fraction]:
    a = q.answer
    step = max(q.tolerance * 3, Fraction(1) if a.denominator == 1 else abs(a) / 4 or Fraction(1, 10))
    out = [a + step, a - step, 2 * a + step, *q.mistakes]
    return [x for x in dict.fromkeys(out) if abs(x - a) > q.tolerance]


def as_typed(x: Fraction, q: NumberQuiz) -> str:
    if x.denominator == 1:
        return str(int(x))
    return f"{float(x) * 100:.6g}%" if q.percent else f"{float(x):.8g}"


def walk_number(q: NumberQuiz) -> None:
    for x in wrong_numbers(q):
        q.reset()
        typed = as_typed(x, q)
        fb = q.submit(typed)
        assert fb is not None and fb.correct is False, (q.question, typed, fb and fb.text)
        side = "too_high" if x > q.answer else "too_low"
        assert any(code.endswith(side) for code in fb.codes), (q.question, typed, fb.text)
        assert side.replace("_", " ") in fb.text, (q.question, typed, fb.text)
        assert words(reason(fb)) >= 4, f"{q.question!r}: {typed} is only told {fb.text!r}"
        known = next((why for wrong, why in q.mistakes.items() if abs(wrong - x) <= q.tolerance), None)
        if known:
            assert known[1:].rstrip(".") in fb.text, (q.question, typed, fb.text)
    q.reset()
    assert q.submit(as_typed(q.answer, q) if q.answer.denominator == 1 else str(q.answer)).correct, q.question
    assert words(q.explain) >= 3, f"{q.question!r} explains nothing"


# --- cards ---------------------------------------------------------------------------------

def right_groups(q: CardQuiz) -> list[frozenset]:
    return list(q.answers or q.solutions)


def wrong_choices(q: CardQuiz) -> list[frozenset]:
    hand = list(q.hand.cards)
    right = set(right_groups(q))
    limit = q.hand.max_selected or len(hand)
    picks = [frozenset([c]) for c in hand]
    picks += [frozenset(p) for p in zip(hand, hand[1:])]
    picks.append(frozenset(hand))
    groups = right_groups(q)
    picks += [a | b for a, b in itertools.combinations(groups[:6], 2)]
    picks += [g - {next(iter(g))} for g in groups[:3] if len(g) > 1]
    return [p for p in dict.fromkeys(picks) if p and len(p) <= limit and p not in right and not judged_right(q, p)]


def judged_right(q: CardQuiz, pick: frozenset) -> bool:
    """A choice the exercise's judge accepts (another equally good answer)."""
    if q.judge is None:
        return False
    return bool(_normalise_verdict(q.judge(tuple(sorted(pick, key=lambda c: c.index)))).correct)


def walk_cards(q: CardQuiz) -> None:
    groups = right_groups(q)
    assert groups, f"{q.question!r}: the exercise knows no right answer to show"
    for pick in wrong_choices(q):
        q.reset()
        fb = q.submit(sorted(pick, key=lambda c: c.index))
        assert fb is not None and fb.correct is False, (q.question, pick)
        why = reason(fb)
        assert words(why) >= 4, f"{q.question!r}: {sorted(c.code for c in pick)} is only told {fb.text!r}"
        # no card of a right answer held in the choice is called wrong
        inside = [g for g in groups if g <= pick]
        for cards in called_wrong(fb):
            for g in inside:
                assert not set(cards) & g, (q.question, fb.text)
    for g in groups:
        q.reset()
        fb = q.submit(sorted(g, key=lambda c: c.index))
        assert fb is not None and fb.correct, (q.question, sorted(c.code for c in g), fb and fb.text)
    assert words(q.explain) >= 3


def walk_spot(q: SpotEveryDiscard) -> None:
    hand = list(q.hand.cards)
    bad = next(frozenset(p) for n in (2, 3) for p in itertools.combinations(hand, n)
               if tuple(sorted(p, key=lambda c: c.index)) not in {tuple(sorted(a, key=lambda c: c.index))
                                                                   for a in q.answers})
    fb = q.submit(sorted(bad, key=lambda c: c.index))
    assert fb.correct is False and words(fb.text) >= 6, fb.text
    for a in q.answers:
        assert q.submit(list(a)).correct
    assert q.solved


def walk(exercise) -> str:
    if isinstance(exercise, Quiz):
        walk_quiz(exercise)
    elif isinstance(exercise, NumberQuiz):
        walk_number(exercise)
    elif isinstance(exercise, CardQuiz):
        walk_cards(exercise)
    elif isinstance(exercise, SpotEveryDiscard):
        walk_spot(exercise)
    else:  # pragma: no cover - a new kind of exercise needs a walk here
        raise AssertionError(f"no walk for {type(exercise).__name__}")
    return type(exercise).__name__


# --- the tests -----------------------------------------------------------------------------

@pytest.mark.parametrize("path", ALL_LESSONS, ids=ids)
def test_every_exercise_answered_wrong_then_right(path):
    run = run_lesson(path)
    assert run.exercises, f"{path.name} has no exercise"
    for exercise in run.exercises:
        walk(exercise)


@pytest.mark.parametrize("path", ALL_LESSONS, ids=ids)
def test_fresh_run_gives_the_stored_exercises(path):
    """The answers the tests check (stored) are the answers the lesson's code gives now."""
    run = run_lesson(path)
    fresh = {r["question"]: r for r in run.fresh_records()}
    stored = {r["question"]: r for r in run.stored}
    assert set(fresh) == set(stored), (
        f"{path.name}: exercises made but not stored {sorted(set(fresh) - set(stored))}, "
        f"stored but not made {sorted(set(stored) - set(fresh))} — re-execute the lesson")
    for question, record in fresh.items():
        # a container (the quick-fire) may store more about its questions, such as their cards
        kept = {k: v for k, v in stored[question].items() if k in record}
        assert record == kept, f"{path.name}: {question!r} differs from the stored lesson — re-execute it"


def test_a_lesson_that_teaches_another_answer_is_caught(tmp_path):
    """The hole the issue found: change a quiz's answer in the code (not re-run) and
    a test must fail.  Here the answer of Least Score 4's first number question is
    changed by 5, and the fresh run no longer matches the stored (checked) record."""
    import json

    src = LESSONS / "least_score" / "04_declaring_and_scoring.ipynb"
    nb = json.loads(src.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        if "round_scores([12, 15, 21], 0)[2]," in text:
            cell["source"] = text.replace("round_scores([12, 15, 21], 0)[2],", "round_scores([12, 15, 21], 0)[2] + 5,", 1)
            break
    else:  # pragma: no cover
        raise AssertionError("the lesson's first scoring question moved: update this test")
    changed = tmp_path / "least_score" / src.name
    changed.parent.mkdir()
    changed.write_text(json.dumps(nb), encoding="utf-8")
    run = run_lesson(changed)
    fresh = {r["question"]: r for r in run.fresh_records()}
    stored = {r["question"]: r for r in run.stored}
    assert any(fresh[q] != stored[q] for q in fresh), "a changed answer went unnoticed"
