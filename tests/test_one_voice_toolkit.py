"""One voice in the exercises, the lesson boxes, the explorers' words and the widgets
(hands, checkers, switches): every word comes from the catalogue.

- the browser files of these widgets write no learner-facing words of their own
  (the page gets every word from Python, in the learner's language);
- in the pseudo-locale every sentence they show is wrapped ⟦…⟧, and the lesson's
  own words (a question, a reason) are shown as the lesson gave them;
- a feedback is decided on by its codes and values (right or wrong, too high or
  too low, the cards that do not belong), never by reading its words.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardkit.classroom import CardQuiz, NumberQuiz, Quiz, Scoreboard, formula, note, objectives
from cardkit.classroom.numbers import read_number
from cardkit.classroom.quiz import STATIC as QUIZ_STATIC
from cardkit.errors import CardkitError
from cardkit.i18n import PSEUDO, render, use_locale
from cardkit.i18n.lint import is_learner_text
from cardkit.widgets import CardRow, Hand, LeastScoreChecker, TienLenChecker
from cardkit.widgets.access import ChoiceGroup, FourColourSwitch
from cardkit.widgets.frontend import STATIC as WIDGET_STATIC

BROWSER_FILES = [QUIZ_STATIC / "quiz.js", *(WIDGET_STATIC / f"{name}.js"
                                           for name in ("cards", "choice", "switch", "keeper"))]

_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`((?:[^`\\]|\\.)*)`')
_KEY_NAMES = {"Enter", "Home", "End", "Spacebar", "Arrow", "Escape", "Tab", "ArrowLeft", "ArrowRight", "ArrowUp",
              "ArrowDown", "PageUp", "PageDown"}
_TAGS = {"button", "input", "select", "label", "span", "div", "form", "fieldset", "legend", "textarea", "a"}


def js_literals(source: str) -> list[str]:
    """The string literals of a browser file, comments left out."""
    source = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    source = "\n".join(re.sub(r"(^|\s)//.*$", "", line) for line in source.splitlines())
    out = []
    for m in _LITERAL.finditer(source):
        text = next(g for g in m.groups() if g is not None)
        out.append(re.sub(r"\\u([0-9a-fA-F]{4})", lambda u: chr(int(u.group(1), 16)), text))
    return out


def words_in(literal: str) -> bool:
    """Whether a browser literal is words for a person (not a key name, an event or
    storage name, a CSS selector or a list of element names)."""
    if literal in _KEY_NAMES or re.fullmatch(r"[\w-]+:[\w:.-]*", literal):
        return False
    tokens = [t for t in re.split(r"[\s,]+", literal) if t]
    if tokens and all(t in _TAGS or t.startswith((".", "#")) for t in tokens):
        return False
    return is_learner_text(literal)


@pytest.mark.parametrize("path", BROWSER_FILES, ids=lambda p: p.name)
def test_the_browser_files_write_no_words_of_their_own(path: Path):
    found = [t for t in js_literals(path.read_text(encoding="utf-8")) if words_in(t)]
    assert not found, f"{path.name} writes words the catalogue should give it (send them from Python): {found}"


def test_the_browser_scan_finds_words():
    src = 'const k = el_("div", "ck-quiz-kicker", "Exercise"); if (e.key === "Enter") {} '\
          'x.textContent = "Attempts: " + n; m.on("change:solved", f); q(".ck-my-hand button.ck-card");'
    assert [t for t in js_literals(src) if words_in(t)] == ["Exercise", "Attempts: "]


def wrapped(text: str) -> bool:
    """Every piece of words in ``text`` sits inside ⟦…⟧ (card codes, numbers and
    punctuation may stand outside)."""
    outside, before = text, None
    while outside != before:   # take out the innermost ⟦…⟧ until none is left
        before, outside = outside, re.sub(r"⟦[^⟦⟧]*⟧", " ", outside)
    return not re.search(r"[^\W\d_]{2,}", outside)


def test_the_wrapping_check_sees_unwrapped_words():
    assert wrapped("⟦Plåýér 2··⟧: 7♣ 8♣") and wrapped("⟦å ⟦b⟧ ç⟧ 10♥")
    assert not wrapped("⟦Plåýér 2··⟧ face down") and not wrapped("Check")


def test_the_exercises_speak_the_pseudo_locale():
    with use_locale(PSEUDO):
        q = Quiz("Q?", {"a": "because", "b": None}, answer="b", hint="look again")
        assert q.submit_label.startswith("⟦") and all(v.startswith("⟦") for v in q._words.values())
        q.submit(0)
        assert q.feedback.startswith("⟦") and "because." in q.feedback and "look again" in q.feedback
        assert q._tally.startswith("⟦")
        assert wrapped(q.feedback.replace("because.", "").replace("look again.", "").replace("“a”", ""))
        n = NumberQuiz("P?", "1/4")
        assert n.help_text.startswith("⟦")
        n.submit("0.9")
        assert wrapped(n.feedback.replace("0.9", "")), n.feedback
        n.submit("x")
        assert n.verdict == "invalid" and wrapped(n.feedback.replace("“x”", "")), n.feedback
        c = CardQuiz("Pick the pair.", "9S 9H 4C", answer="9S 9H")
        c.submit("4C")
        assert wrapped(c.feedback), c.feedback
        assert c.hand.caption.startswith("⟦") and wrapped(c.hand.key_hint)
        assert wrapped(repr(c).split("—", 1)[1].split(";", 1)[1])
        assert Scoreboard(q, n).text.startswith("⟦")


def test_the_widgets_speak_the_pseudo_locale():
    with use_locale(PSEUDO):
        checker = LeastScoreChecker("AC 2D 3S 9H 9C")
        assert wrapped(checker.text) and wrapped(checker.show_button.description)
        checker.selected = "AC 2D 3S"
        assert wrapped(checker.text), checker.text
        checker.show_all()
        assert wrapped(re.sub(r"<[^>]+>", " ", checker.listing.value)), checker.listing.value
        tl = TienLenChecker("7S 7C 8D 8H 9S 9H 2C", previous="2H")
        assert wrapped(re.sub(r"<[^>]+>", " ", tl.table.value).split("(")[0])
        hand = Hand("AS 2S", owner="Player 2", disabled=True)
        assert wrapped(hand.caption) and wrapped(hand.highlight_text) and wrapped(hand.key_hint)
        hand.toggle("AS")
        assert wrapped(hand.notice)
        assert wrapped(CardRow("7C", title="x").caption.replace("x", ""))
        assert wrapped(FourColourSwitch().label) and wrapped(ChoiceGroup([("a", 1)]).key_hint)
        assert wrapped(objectives(["one"]).text.split("\n")[0]) and wrapped(note("n").text.split(":")[0])
        f = formula("P", ("1", "4"), 1, 4, counted=1)
        assert "⟦" in f.text.splitlines()[1] and "⟦" in f.html


def test_learner_input_and_errors_speak_the_pseudo_locale():
    with use_locale(PSEUDO):
        with pytest.raises(CardkitError) as err:
            read_number("abc")
        assert str(err.value).startswith("⟦") and "“abc”" in str(err.value)
        assert err.value.message.code == "numbers.unreadable"
        assert read_number("1 in 4") == read_number("0.25")   # English's words are read in every language


def test_a_feedback_is_decided_on_by_its_codes_not_its_words():
    n = NumberQuiz("P(flush)?", "33/16660", hint="4 suits times C(13,5)")
    fb = n.submit("0.5%")
    assert fb.correct is False and "quiz.number.too_high" in fb.codes and "quiz.try_again" in fb.codes
    assert render(fb.reason) == "Hint: 4 suits times C(13,5)."
    fb = n.submit("0.21%")
    assert "quiz.number.close_too_high" in fb.codes
    c = CardQuiz("Select the run of three.", "QH 2S KD 7C AH", answer="QH KD AH")
    fb = c.submit("KD AH 2S")
    extra = [m for m in fb.messages() if m.code == "quiz.cards.extra_in_none"]
    assert [m.get("cards") for m in extra] == [tuple(Hand("2S").cards)]
    assert "quiz.cards.missing" in fb.codes and render(fb.reason) == "2♠ does not belong to any right answer; " \
                                                                      "1 more card belongs to it"
    q = Quiz("Q?", {"a": "because of this", "b": None}, answer="b")
    fb = q.submit("a")
    assert fb.reason == "because of this." and fb.codes[0] == "quiz.choice.wrong" and fb.verdict == "wrong"


def test_two_right_answers_at_once_are_listed_as_the_lesson_lists_them():
    q = CardQuiz("Select a pair.", "9S 9H 4C 4D KS KH", answer=["9S 9H", "4C 4D", "KS KH"])
    assert q.answer_text() == "9♠ 9♥ or 4♣ 4♦ or K♠ K♥"
    fb = q.submit("9S 9H 4C 4D KS KH")
    assert "9♠ 9♥ and 4♣ 4♦ and K♠ K♥ are each right by themselves" in fb.text
    assert fb.codes[0] == "quiz.cards.two_answers"
