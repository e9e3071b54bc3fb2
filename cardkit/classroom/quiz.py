"""Exercises that answer back at once: right or wrong, and why.

Each exercise is one short line in a lesson::

    Quiz('About how often does a five-card hand hold a pair?',
         {'About 1 in 10': 'That is closer to the chance of two pairs.',
          'About half the time': None,
          'Almost always': 'Five cards from thirteen ranks often repeat one, but not always.'},
         answer='About half the time',
         explain='2053/4165 ≈ 49.3% of all hands hold a pair.')

    NumberQuiz('What is P(flush)? Type a fraction or a percentage.', '33/16660',
               explain='4 suits × C(13,5) hands of one suit, over C(52,5) hands.')

    CardQuiz('Select the three cards that make a run.', '4S 5D 6C 9H 9S', answer='4S 5D 6C')

The learner answers in the widget — a choice, a typed number such as ``2053/4165``
or ``49.3%``, or cards chosen in a hand — and presses **Check** (or Enter).  The
feedback says right or wrong with a ✔/✖ and words (never by colour alone), in a
polite live region that screen readers read out, and says *why*.  After a wrong
answer a "Show the answer" button appears.  Bad input gets a plain message, and
any error in a judge becomes a message too (through :func:`safe_callback`), never
a traceback.

Python can do all that the learner does: ``quiz.submit(answer)`` (``check()`` for
a card exercise), ``quiz.reveal()``, ``quiz.reset()``; ``quiz.feedback``,
``quiz.verdict``, ``quiz.attempts`` and ``quiz.solved`` tell what happened, and
``quiz.on_answer(callback)`` is told of every answer.  A :class:`Scoreboard`
counts the exercises solved.

How the browser talks to Python
-------------------------------
The panel's ES module, ``static/quiz.js``, reads these synced traits:

``question``      the question (plain text; shown as the legend of the choices or
                  the label of the answer box; empty in ``'cards'`` mode)
``mode``          ``'choice'`` (radio buttons), ``'number'`` (a text box) or
                  ``'cards'`` (only the Check button: the cards are in a Hand)
``choices``       the choices' texts (``'choice'`` mode)
``chosen``        index of the chosen choice, or null
``text``          what is in the answer box (``'number'`` mode)
``help_text``     a hint under the box ("e.g. 0.25, 1/4 or 25%")
``submit_label``  the Check button's words
``_words``        the panel's other words, from the catalogue in the learner's
                  language: ``kicker``, ``reveal``, ``before``, ``keys``,
                  ``help`` (the hint line under the box), ``landmark`` (the
                  form's accessible name)
``_tally``        the tally beside the buttons ("Attempts: 2 · solved ✔")
``verdict``       ``''``, ``'right'``, ``'wrong'``, ``'invalid'`` or ``'revealed'``
``feedback``      the feedback sentence (plain text), read out by screen readers
``attempts``, ``solved``  how many answers were judged, and whether one was right
``can_reveal``    show the "Show the answer" button
``_n``            grows by one with every feedback, so the same words are read again

and sends ``{"type": "submit", "choice": i}`` / ``{"type": "submit", "text": "…"}``
/ ``{"type": "submit"}`` when the learner presses Check or Enter, and
``{"type": "reveal"}`` for "Show the answer".  Python judges and sets the
feedback; the browser never judges.  The browser writes no words of its own:
every word it shows comes from Python, in the learner's language.
"""

from __future__ import annotations

import html
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Optional, Sequence, Union

import anywidget
from ..widgets import guard as ipywidgets
from traitlets import Bool, Dict, Int, List, Unicode, observe, validate

from ..cards import Card, cards_text, to_cards
from ..errors import CardkitError
from ..i18n import Message, render, say, sentences
from ..widgets.frontend import ModuleWidget, register_module
from ..widgets.guard import FrontEndGuard, WidgetError
from .boxes import Panel
from ..widgets.hand import Hand, Words
from ..widgets.messages import StatusMessage, error_text, safe_callback
from .numbers import EXAMPLES, as_fraction, fraction_text, num, pct, read_number

__all__ = ["Feedback", "Quiz", "NumberQuiz", "CardQuiz", "Scoreboard", "collect_exercises", "register_exercise"]

#: The folder of the exercises' browser files (``quiz.js``, ``quiz.css``).
STATIC: Path = Path(__file__).resolve().with_name("static")

RIGHT, WRONG, INVALID, REVEALED = "right", "wrong", "invalid", "revealed"
_WORD = {RIGHT: "quiz.word.right", WRONG: "quiz.word.wrong", REVEALED: "quiz.word.revealed"}
"""The message code of each verdict's name in an exercise's plain text (none for 'invalid': just ⚠)."""


def _verdict_word(verdict: str) -> str:
    code = _WORD.get(verdict)
    return render(say(code)) if code else ("⚠" if verdict == INVALID else "")


_COLLECTORS: list[list] = []


@contextmanager
def collect_exercises() -> Iterator[list]:
    """Collect every exercise made inside the ``with`` block, in the order made::

        with collect_exercises() as made:
            exec(lesson_code)
        for quiz in made: ...

    A test walks a whole lesson this way: it answers every exercise wrong, then
    right, and reads what each one says."""
    bucket: list = []
    _COLLECTORS.append(bucket)
    try:
        yield bucket
    finally:
        _COLLECTORS.remove(bucket)


def register_exercise(exercise: Any) -> None:
    """Tell any :func:`collect_exercises` block that ``exercise`` was made (every
    exercise class calls this once it is built)."""
    for bucket in _COLLECTORS:
        bucket.append(exercise)


LessonText = Union[str, Message]
"""Words a lesson gives an exercise (a question, a reason, a hint): plain text, or
a message of the lesson's own catalogue."""


class Feedback:
    """What an exercise said about one answer.

    ``correct`` is True or False, or None when the answer could not be judged
    (nothing chosen, a number that could not be read): such an answer is not
    counted as an attempt.  ``message`` is what the learner is told — a
    :class:`~cardkit.i18n.Message` (or, from a lesson's own judge, plain text) —
    and ``text`` its sentence in the learner's language.  ``reason`` is the part
    that says *why* (the lesson's reason, the step that went wrong, the cards that
    do not belong), without the verdict's generic words; None when there is none.

    Two feedbacks are equal when they judge alike and say the same words.
    """

    __slots__ = ("correct", "message", "reason")

    def __init__(self, correct: Optional[bool], text: LessonText, reason: Any = None) -> None:
        self.correct = correct
        self.message = text
        self.reason = reason

    @property
    def text(self) -> str:
        """The sentence shown to the learner, in the current language."""
        return render(self.message) if isinstance(self.message, Message) else str(self.message)

    @property
    def verdict(self) -> str:
        """``'right'``, ``'wrong'`` or ``'invalid'``."""
        return INVALID if self.correct is None else (RIGHT if self.correct else WRONG)

    def messages(self) -> Iterator[Message]:
        """Every message this feedback is made of, the whole first, then each one
        inside it (depth first): what code and tests decide on, never the words."""
        yield from _messages_in(self.message)

    @property
    def codes(self) -> tuple[str, ...]:
        """The codes of :meth:`messages`, in order."""
        return tuple(m.code for m in self.messages())

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, Feedback):
            return NotImplemented
        return self.correct == other.correct and self.text == other.text

    def __hash__(self) -> int:
        return hash((self.correct, self.text))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.correct!r}, {self.text!r})"


def _messages_in(value: Any) -> Iterator[Message]:
    """Every message in a value (a message's values, a list's items, sentences' parts)."""
    if isinstance(value, Message):
        yield value
        for _name, inner in value.items:
            yield from _messages_in(inner)
    elif isinstance(value, (tuple, list)):
        for inner in value:
            yield from _messages_in(inner)
    else:
        for attr in ("parts", "items"):   # sentences(...), and_list(...) / or_list(...)
            inner = getattr(value, attr, None)
            if isinstance(inner, tuple):
                yield from _messages_in(inner)


def _ended(text: Any) -> Any:
    """A lesson's sentence, ending in a full stop (or ! ? … :) as the feedback shows
    it; a message (the catalogue's own punctuation) and nothing (None, '') are kept."""
    if not isinstance(text, str):
        return text or None
    p = text.strip()
    if not p:
        return None
    end = p.rstrip("”\"’')")
    if not end or end[-1] not in ".!?…:":
        p += "."
    return p


def _capital(text: Any) -> Any:
    """A lesson's reason starting with a capital, as the first words of a sentence."""
    if isinstance(text, str) and text:
        return text[0].upper() + text[1:]
    return text


def _plain_text(text: Any) -> str:
    """A lesson's words as plain text (a message rendered in the current language)."""
    return render(text) if isinstance(text, Message) else str(text or "")


def _chain(code: str, items: Sequence[Any]) -> Any:
    """Items joined two by two with ``code`` ('{a} or {b}'): 'A or B or C', as a lesson
    lists right answers one after another (the last item alone when there is one)."""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = say(code, a=item, b=out)
    return out


def _hint(hint: Any) -> Optional[Message]:
    """'Hint: …' for a lesson's hint, or None."""
    hint = _ended(hint)
    return say("quiz.hint", hint=hint) if hint else None


def _short(text: str, n: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


register_module("quiz", STATIC / "quiz.js", STATIC / "quiz.css")


class _Exercise(FrontEndGuard, ModuleWidget, anywidget.AnyWidget):
    """The shared panel: a question, an answer area, Check, feedback, a tally."""

    _module = Unicode("quiz").tag(sync=True)

    question = Words("", help="The question, plain text.").tag(sync=True)
    mode = Unicode("choice").tag(sync=True)
    choices = List(Unicode()).tag(sync=True)
    chosen = Int(None, allow_none=True, help="Index of the chosen choice (None: none).").tag(sync=True)
    text = Unicode("", help="What is typed in the answer box.").tag(sync=True)
    help_text = Words("").tag(sync=True)
    submit_label = Words("", help="The Check button's words ('' until the panel is made).").tag(sync=True)
    verdict = Unicode("", help="'', 'right', 'wrong', 'invalid' or 'revealed'.").tag(sync=True)
    feedback = Unicode("", help="The feedback now shown.").tag(sync=True)
    attempts = Int(0, help="Answers judged right or wrong so far (until solved).").tag(sync=True)
    solved = Bool(False, help="True once the learner has given the right answer.").tag(sync=True)
    can_reveal = Bool(False).tag(sync=True)
    _words = Dict(help="The panel's other words, in the learner's language (see the module's docstring).").tag(
        sync=True)
    _tally = Unicode("", help="The tally beside the buttons.").tag(sync=True)
    _n = Int(0).tag(sync=True)
    # the page may hold the learner's choice and typing; judging stays in Python
    _front_end_may_set = frozenset({"chosen", "text"})

    @validate("chosen")
    def _check_chosen(self, proposal: dict) -> Optional[int]:
        value = proposal["value"]
        if value is not None and not 0 <= value < len(self.choices):
            raise WidgetError(say("quiz.error.choice_number", n=value))
        return value

    @validate("text")
    def _check_text(self, proposal: dict) -> str:
        if len(proposal["value"]) > 200:
            raise WidgetError(say("quiz.error.answer_too_long"))
        return proposal["value"]

    def __init__(self, question: LessonText, *, explain: LessonText = "", hint: LessonText = "",
                 reveal_after: Optional[int] = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if isinstance(question, Message):
            question = render(question)
        if not isinstance(question, str) or not question.strip():
            raise CardkitError(say("quiz.error.no_question"))
        if reveal_after is not None and (isinstance(reveal_after, bool) or not isinstance(reveal_after, int)
                                         or reveal_after < 1):
            raise CardkitError(say("quiz.error.reveal_after", value=repr(reveal_after)))
        self.submit_label = say("quiz.check")
        self.question = question.strip()
        self.explain = explain or ""
        self.hint = hint or ""
        self.reveal_after = reveal_after
        self.wrong_answers = 0
        self._listeners: list[Callable[[Any, Feedback], Any]] = []
        self.on_msg(self._on_front_end_message)

    # --- what the learner does -------------------------------------------------
    def _judge(self, answer: Any) -> Feedback:  # pragma: no cover - each exercise has its own
        raise NotImplementedError

    def submit(self, answer: Any = None) -> Optional[Feedback]:
        """Judge ``answer`` exactly as the Check button does, show the feedback
        and return it.  An error (a judge that fails, say) is shown as a plain
        message and None is returned."""
        return safe_callback(self, self._submit)(answer)

    def _submit(self, answer: Any) -> Feedback:
        fb = self._judge(answer)
        if not isinstance(fb, Feedback):  # pragma: no cover - internal judges always return Feedback
            raise CardkitError(say("quiz.error.no_verdict"))
        counted = fb.correct is not None and not self.solved
        with self.hold_sync():
            if counted:
                self.attempts += 1
                if fb.correct:
                    self.solved = True
                else:
                    self.wrong_answers += 1
            self._show(fb.verdict, fb.message)
            self.can_reveal = (not self.solved) and self.wrong_answers > 0
        if (not fb.correct and self.reveal_after is not None and not self.solved
                and self.wrong_answers >= self.reveal_after and fb.correct is not None):
            self._show(REVEALED, sentences(fb.message, self._answer_message(), _ended(self.explain)))
            self.can_reveal = False
        for listener in list(self._listeners):
            safe_callback(self, listener)(self, fb)
        return fb

    def _answer_message(self) -> Message:
        return say("quiz.the_answer_is", answer=self.answer_message())

    def answer_message(self) -> Any:  # pragma: no cover - each exercise has its own
        """The right answer, as a message (or a value a message shows)."""
        raise NotImplementedError

    def answer_text(self) -> str:
        """The right answer, in words."""
        return render(self.answer_message())

    def reveal(self) -> str:
        """Show the answer and the explanation (what "Show the answer" does).
        The exercise does not count as solved.  Returns the text shown."""
        message = sentences(self._answer_message(), _ended(self.explain))
        with self.hold_sync():
            self._show(REVEALED, message)
            self.can_reveal = False
        return self.feedback

    def reset(self) -> None:
        """Clear the answer, the feedback and the tally."""
        with self.hold_sync():
            self.chosen = None
            self.text = ""
            self.verdict = ""
            self.feedback = ""
            self.attempts = 0
            self.solved = False
            self.can_reveal = False
            self.wrong_answers = 0
            self._tally = ""

    def on_answer(self, callback: Callable[[Any, Feedback], Any]) -> None:
        """Call ``callback(exercise, feedback)`` after every answer."""
        if not callable(callback):
            raise CardkitError(say("quiz.error.on_answer"))
        self._listeners.append(callback)

    # --- messages -------------------------------------------------------------
    def error(self, text: Union[str, Message]) -> None:
        """Show a problem (used by safe_callback): a warning, not a verdict."""
        self._show(INVALID, text)

    def _show(self, verdict: str, message: Any) -> None:
        with self.hold_sync():
            self.verdict = verdict
            self.feedback = render(message) if not isinstance(message, str) else message
            self._n += 1
            self._tally = self._tally_text()

    def _tally_text(self) -> str:
        if not self.attempts:
            return ""
        return render(say("quiz.tally_solved" if self.solved else "quiz.tally", n=self.attempts))

    @observe("question", "help_text")
    def _on_words(self, change: dict) -> None:
        self._words = self._panel_words()

    def _panel_words(self) -> dict:
        """The words the page shows around the question, in the learner's language."""
        words = " ".join(self.question.split())
        if len(words) > 90:   # the form's name stays short: cut at a word, with …
            cut = words[:89]
            words = (cut.rsplit(" ", 1)[0] if " " in cut else cut) + "…"
        hint = self.help_text
        return {
            "kicker": render(say("quiz.kicker")),
            "reveal": render(say("quiz.show_answer")),
            "before": render(say("quiz.solved_before")),
            "keys": render(say("quiz.keys")),
            "help": render(say("quiz.help_then_enter", help=hint) if hint else say("quiz.enter_checks")),
            "landmark": render(say("quiz.landmark", question=words) if words else say("quiz.kicker")),
        }

    def _on_front_end_message(self, widget: Any, content: Any, buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "submit":
            self.submit(self._answer_from_browser(content))
        elif kind == "reveal":
            safe_callback(self, self.reveal)()

    def _answer_from_browser(self, content: dict) -> Any:  # pragma: no cover - overridden
        return None

    # --- text ------------------------------------------------------------------
    def record(self) -> dict:
        """The exercise as data — question, right answer, explanation — stored in
        the output's metadata (never shown) so a test can check every answer a
        lesson gives against an independent computation."""
        return {"kind": type(self).__name__, "question": self.question, "answer": self._answer_record(),
                "answer_text": self.answer_text(), "explain": _plain_text(self.explain),
                "hint": _plain_text(self.hint)}

    def _answer_record(self) -> Any:  # pragma: no cover - each exercise has its own
        return None

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            data, meta = bundle
            meta = dict(meta or {})
            meta["cardkit"] = {"exercise": self.record()}
            return data, meta
        return bundle  # pragma: no cover - anywidget always gives (data, metadata)

    def _state_text(self) -> str:
        if self.solved:
            return render(say("quiz.state.solved", n=self.attempts))
        if self.verdict == REVEALED:
            return render(say("quiz.state.revealed"))
        if self.attempts:
            return render(say("quiz.state.wrong", n=self.attempts))
        return render(say("quiz.state.new"))

    def __repr__(self) -> str:
        text = f"{type(self).__name__}({self.question!r} — {self._state_text()}"
        if self.feedback:
            text += f"; {_verdict_word(self.verdict)}: {self.feedback}"
        return text + ")"


class Quiz(_Exercise):
    """A multiple-choice exercise.

    ``choices``: a list of answers, or a dict ``{answer: why}`` whose ``why``
    explains that choice when it is picked (why it is wrong, or why it is right).
    ``answer``: the right choice, by its text or its index.
    ``explain``: why the right answer is right; shown when the learner gets it,
    and with "Show the answer".  ``hint``: added to the feedback after a wrong
    choice.  ``reveal_after``: show the answer by itself after this many wrong
    choices (default: only when asked).

    The learner picks a choice (click, or the arrow keys) and presses Check or
    Enter.  ``quiz.submit('About half the time')`` or ``quiz.submit(2)`` does the
    same from Python.
    """

    def __init__(
        self,
        question: str,
        choices: Union[Sequence[str], Mapping[str, Optional[str]]],
        answer: Union[str, int],
        explain: str = "",
        *,
        hint: str = "",
        reveal_after: Optional[int] = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(question, explain=explain, hint=hint, reveal_after=reveal_after, **kwargs)
        if isinstance(choices, Mapping):
            texts = [str(c) for c in choices]
            why = {str(c): (w or "") for c, w in choices.items()}
        elif isinstance(choices, (str, bytes)) or not isinstance(choices, Iterable):
            raise CardkitError(say("quiz.error.choices_list"))
        else:
            texts = [str(c) for c in choices]
            why = {}
        if len(texts) < 2:
            raise CardkitError(say("quiz.error.two_choices"))
        if len(set(texts)) != len(texts):
            raise CardkitError(say("quiz.error.same_choices"))
        self.why = why
        self.answer = self._index(answer, texts, say("quiz.error.what.answer"))
        self.mode = "choice"
        self.choices = texts
        register_exercise(self)

    @staticmethod
    def _index(choice: Any, texts: Sequence[str], what: Message) -> int:
        if isinstance(choice, bool):
            raise CardkitError(say("quiz.error.choice_not_bool", what=what, value=repr(choice)))
        if isinstance(choice, int):
            if not 0 <= choice < len(texts):
                raise CardkitError(say("quiz.error.choice_range", what=what, last=len(texts) - 1, value=choice))
            return choice
        if isinstance(choice, str) and choice in texts:
            return texts.index(choice)
        raise CardkitError(say("quiz.error.not_a_choice", what=what, value=repr(_short(str(choice)))))

    def answer_message(self) -> Message:
        return say("quiz.quoted", choice=self.choices[self.answer])

    def _answer_record(self) -> Any:
        return self.choices[self.answer]

    def record(self) -> dict:
        out = super().record()
        out["choices"] = list(self.choices)
        out["why"] = dict(self.why)
        return out

    def _answer_from_browser(self, content: dict) -> Any:
        return content.get("choice")

    def _judge(self, answer: Any) -> Feedback:
        if answer is None:
            return Feedback(None, say("quiz.choice.none"))
        i = self._index(answer, self.choices, say("quiz.error.what.yours"))
        self.chosen = i
        why = _ended(self.why.get(self.choices[i], ""))
        if i == self.answer:
            return Feedback(True, sentences(say("quiz.right"), why, _ended(self.explain)), why)
        return Feedback(False, sentences(say("quiz.choice.wrong", choice=self.choices[i]), why, _hint(self.hint),
                                         say("quiz.try_again")), why)


class NumberQuiz(_Exercise):
    """An exercise answered with a number, typed as the learner likes:
    ``2053/4165``, ``0.493``, ``49.3%``, ``1 in 2`` or ``2,598,960``.

    ``answer``: an int, a Fraction, a float or a string such as ``'2053/4165'``.
    ``tolerance``: how far off an answer may be and still be right (an absolute
    amount).  By default a whole-number answer must be exact, and any other
    answer within 1% of itself (so ``49.3%`` is right for 2053/4165, and ``0.2%``
    for 33/16660, but ``0.5`` is not right for 0.4929).
    ``percent``: write the answer as a percentage (default: for answers
    between 0 and 1).  ``explain``, ``hint``, ``reveal_after`` as for :class:`Quiz`.
    ``mistakes``: the wrong answers a learner is likely to give, each with the
    step that went wrong — ``{31: 'you added the 9s instead of taking them
    away'}``.  Every wrong answer is told whether it is too high or too low; one
    of the ``mistakes`` is also told which step went wrong, any other gets the
    hint.

    A typed answer that cannot be read gets a plain message (and does not count);
    so does a chance typed as a percentage without its % sign.
    """

    def __init__(
        self,
        question: str,
        answer: Union[int, float, Fraction, str],
        tolerance: Optional[float] = None,
        explain: str = "",
        *,
        hint: str = "",
        percent: Optional[bool] = None,
        reveal_after: Optional[int] = None,
        placeholder_help: Optional[str] = None,
        mistakes: Optional[Mapping[Any, str]] = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(question, explain=explain, hint=hint, reveal_after=reveal_after, **kwargs)
        try:
            self.answer = as_fraction(answer)
        except CardkitError as exc:
            raise CardkitError(say("quiz.error.answer_number", reason=exc.message or str(exc))) from None
        if tolerance is not None:
            if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float, Fraction)) or tolerance < 0:
                raise CardkitError(say("quiz.error.tolerance", value=repr(tolerance)))
            self.tolerance = as_fraction(tolerance)
        elif self.answer.denominator == 1:
            self.tolerance = Fraction(0)
        else:
            self.tolerance = abs(self.answer) / 100
        self.percent = (0 < self.answer < 1) if percent is None else bool(percent)
        self.mode = "number"
        self.help_text = placeholder_help or say("quiz.number.examples_hint", examples=EXAMPLES)
        self.mistakes: dict[Fraction, str] = {}
        for value, why in (mistakes or {}).items():
            try:
                wrong = as_fraction(value)
            except CardkitError as exc:
                raise CardkitError(say("quiz.error.mistake_number", reason=exc.message or str(exc))) from None
            if self._close(wrong):
                continue    # a slip that lands on the answer is no mistake (e.g. when two steps give the same)
            self.mistakes[wrong] = str(why or "").strip()
        register_exercise(self)

    def _show_value(self, x: Fraction) -> str:
        if self.percent:
            return pct(x)
        return num(x if x.denominator == 1 else float(x))

    def answer_message(self) -> str:
        a = self.answer
        if a.denominator == 1:
            return num(int(a))
        exact = fraction_text(a)
        shown = self._show_value(a)
        return exact if exact == shown else f"{exact} ≈ {shown}"

    def _answer_from_browser(self, content: dict) -> Any:
        return str(content.get("text", ""))

    def _answer_record(self) -> Any:
        return str(self.answer)

    def record(self) -> dict:
        out = super().record()
        out["tolerance"] = str(self.tolerance)
        out["mistakes"] = {str(k): v for k, v in self.mistakes.items()}
        return out

    def _mistake(self, x: Fraction) -> LessonText:
        """The step that went wrong, if ``x`` is one of the known mistakes."""
        for wrong, why in self.mistakes.items():
            if abs(x - wrong) <= self.tolerance:
                return why
        return ""

    def _close(self, x: Fraction) -> bool:
        return abs(x - self.answer) <= self.tolerance

    def _judge(self, answer: Any) -> Feedback:
        if isinstance(answer, str):
            self.text = answer
        elif answer is not None:
            self.text = str(answer)
        try:
            x = read_number(answer if answer is not None else "")
        except CardkitError as exc:
            return Feedback(None, exc.message or str(exc))
        typed = answer.strip() if isinstance(answer, str) else self._show_value(x)
        explain = _ended(self.explain)
        if self._close(x):
            if x == self.answer and typed == self.answer_text():   # "Right!", not "32 is exactly 32"
                head = say("quiz.right")
            else:
                code = "quiz.number.exact" if x == self.answer else "quiz.number.close_enough"
                head = say(code, typed=typed, answer=self.answer_message())
            return Feedback(True, sentences(head, explain), explain)
        has_percent = isinstance(answer, str) and answer.strip().endswith("%")
        if 0 <= self.answer <= 1 and not has_percent and self._close(x / 100):
            return Feedback(None, say("quiz.number.missing_percent", typed=typed, decimal=num(float(x / 100), 3)))
        side = "too_high" if x > self.answer else "too_low"
        near = self.tolerance > 0 and abs(x - self.answer) <= 10 * self.tolerance
        lead = say(f"quiz.number.close_{side}" if near else f"quiz.number.{side}", typed=typed)
        step = self._mistake(x)
        why = _ended(_capital(step)) if step else _hint(self.hint)
        return Feedback(False, sentences(lead, why, say("quiz.try_again")), why)


def _normalise_verdict(result: Any) -> Feedback:
    """What a card judge returns — True/False, (True/False, why) or a Feedback —
    as a Feedback."""
    if isinstance(result, Feedback):
        return result
    if isinstance(result, bool):
        return Feedback(result, say("quiz.right") if result else sentences(say("quiz.not_quite"),
                                                                           say("quiz.try_again")))
    if isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], bool):
        ok, why = result
        if not isinstance(why, Message):
            why = str(why or "").strip()
        if ok:
            why = _ended(_capital(why))
            return Feedback(True, sentences(say("quiz.right"), why), why)
        why = _ended(why)
        lead = say("quiz.not_quite_because", why=why) if why else say("quiz.not_quite")
        return Feedback(False, sentences(lead, say("quiz.try_again")), why)
    raise CardkitError(say("quiz.error.judge_returns", kind=type(result).__name__))


class _CardCheck(_Exercise):
    """The Check button and feedback under a :class:`CardQuiz`'s hand."""

    def __init__(self, owner: "CardQuiz", question: str, **kwargs: Any) -> None:
        self._owner = owner
        super().__init__(question, **kwargs)
        self.mode = "cards"

    def answer_message(self) -> Any:
        return self._owner.answer_message()

    def _answer_from_browser(self, content: dict) -> Any:
        return None

    def _answer_record(self) -> Any:
        groups = self._owner.answers or self._owner.solutions
        return [sorted(c.code for c in g) for g in groups] or "judge"

    def _judge(self, answer: Any) -> Feedback:
        return self._owner._judge_selection()


class CardQuiz(Panel):
    """An exercise answered by choosing cards in a hand.

    ``cards``: the hand (a card string or cards).  Judge the chosen cards either
    with ``answer`` — the right cards, or a list of several right groups — or
    with ``judge``, a function of the chosen cards (a tuple of
    :class:`~cardkit.Card`) that returns True/False or ``(True/False, why)``
    (later the game engines provide such judges).  ``explain`` says why the right
    answer is right.  ``max_selected``, ``sort_key`` and ``four_colour`` go to the
    :class:`Hand`.

    The learner chooses cards (click, or Tab and Space/Enter) and presses Check.
    ``quiz.hand.selected = '4S 5D 6C'`` then ``quiz.check()`` does the same from
    Python.  With ``answer``, a wrong choice is told which chosen cards do not
    belong and how many are missing, without giving the answer away; when
    several groups are right, a choice holding two of them is told to choose one,
    and a choice that holds part of one is told what it lacks.  With ``judge``,
    ``solutions`` lists some right choices (the engine's): "Show the answer"
    shows them, and a test can check that the judge accepts each.
    """

    def __init__(
        self,
        question: str,
        cards: Any,
        judge: Optional[Callable[[tuple], Any]] = None,
        *,
        answer: Any = None,
        explain: str = "",
        hint: str = "",
        reveal_after: Optional[int] = None,
        max_selected: Optional[int] = None,
        sort_key: Optional[Callable[[Card], Any]] = None,
        four_colour: bool = False,
        hand_title: Optional[LessonText] = None,
        solutions: Any = None,
        **kwargs: Any,
    ) -> None:
        if (judge is None) == (answer is None):
            raise CardkitError(say("quiz.error.answer_or_judge"))
        if judge is not None and not callable(judge):
            raise CardkitError(say("quiz.error.judge_function"))
        self.hand = Hand(cards, title=hand_title if hand_title is not None else say("quiz.choose_from"), max_selected=max_selected, sort_key=sort_key,
                         four_colour=four_colour)
        self.judge = judge
        self.answers: tuple[frozenset, ...] = ()
        if answer is not None:
            self.answers = self._answer_groups(answer)
            held = set(self.hand.cards)
            for group in self.answers:
                missing = [c for c in group if c not in held]
                if missing:
                    raise CardkitError(say("quiz.error.answer_not_held", cards=tuple(missing)))
        self.solutions: tuple[frozenset, ...] = ()
        if solutions is not None:
            if judge is None:
                raise CardkitError(say("quiz.error.solutions_judge"))
            self.solutions = self._answer_groups(solutions)
        self.panel = _CardCheck(self, question, explain=explain, hint=hint, reveal_after=reveal_after)
        self.title = ipywidgets.HTML(
            f'<div class="ck-quiz-kicker">{html.escape(render(say("quiz.kicker")))}</div>'
            f'<div class="ck-quiz-title">{html.escape(self.panel.question)}</div>'
        )
        super().__init__(children=(self.title, self.hand, self.panel), **kwargs)
        self.add_class("ck-quiz-box")
        register_exercise(self)

    @staticmethod
    def _answer_groups(answer: Any) -> tuple[frozenset, ...]:
        if isinstance(answer, (str, Card)):
            return (frozenset(to_cards(answer)),)
        items = list(answer)
        if items and all(isinstance(a, Card) for a in items):
            return (frozenset(items),)
        groups = tuple(frozenset(to_cards(a)) for a in items)
        if not groups or any(not g for g in groups):
            raise CardkitError(say("quiz.error.answer_groups"))
        return groups

    # --- judging ---------------------------------------------------------------
    def _judge_selection(self) -> Feedback:
        chosen = tuple(self.hand.selected)
        if not chosen:
            return Feedback(None, say("quiz.cards.none_chosen"))
        explain = _ended(self.panel.explain)
        if self.judge is not None:
            fb = _normalise_verdict(self.judge(chosen))
            message = fb.message if isinstance(fb.message, Message) else _ended(fb.message)
            if fb.correct:
                return Feedback(True, sentences(message, explain), fb.reason)
            if fb.correct is False and self.panel.hint:
                return Feedback(False, sentences(message, _hint(self.panel.hint)), fb.reason)
            return fb
        picked = frozenset(chosen)
        order = {c: i for i, c in enumerate(self.hand.cards)}

        def shown(cards: Iterable[Card]) -> tuple[Card, ...]:
            return tuple(sorted(cards, key=order.__getitem__))

        if picked in self.answers:
            return Feedback(True, sentences(say("quiz.cards.right", cards=shown(chosen)), explain), explain)
        inside = [g for g in self.answers if g < picked]
        if len(inside) > 1:
            # two right answers at once: say so, and never call a card of either one wrong
            why = say("quiz.cards.two_answers", cards=shown(picked), groups=_chain("quiz.cards.both", [shown(g) for g in inside]))
            return Feedback(False, why, why)
        parts = []
        if inside:
            extra = picked - inside[0]
            parts.append(say("quiz.cards.extra_in_right", cards=shown(extra), n=len(extra)))
        else:
            around = [g for g in self.answers if picked < g]
            if around:
                missing = min(len(g - picked) for g in around)
                parts.append(say("quiz.cards.part_of_answer", n=missing))
            else:
                # the closest right group: most shared cards, then fewest extra
                best = max(self.answers, key=lambda g: (len(g & picked), -len(picked - g)))
                extra = [c for c in chosen if not any(c in g for g in self.answers)]
                if extra:
                    parts.append(say("quiz.cards.extra_in_none", cards=shown(extra), n=len(extra)))
                if not best & picked:
                    parts.append(say("quiz.cards.none_in_answer"))
                else:
                    missing = len(best - picked)
                    if missing and len(self.answers) == 1:
                        parts.append(say("quiz.cards.missing", n=missing))
                    elif not extra:
                        parts.append(say("quiz.cards.not_together"))
        why = parts[0] if len(parts) == 1 else say("quiz.cards.two_reasons", first=parts[0], second=parts[1])
        return Feedback(False, sentences(say("quiz.not_quite_because", why=why), _hint(self.panel.hint),
                                         say("quiz.try_again")), why)

    def answer_message(self) -> Any:
        """The right cards, as a message (or that a judge decides)."""
        order = {c: i for i, c in enumerate(self.hand.cards)}
        if not self.answers:
            if not self.solutions:
                return say("quiz.cards.judge_decides")
            groups = [tuple(sorted(g, key=order.__getitem__)) for g in self.solutions[:4]]
            more = len(self.solutions) - len(groups)
            choices: Any = _chain("quiz.cards.either", groups)
            if more > 0:
                choices = say("quiz.cards.and_more", choices=choices, n=more)
            return say("quiz.cards.for_example", choices=choices) if len(self.solutions) > 1 else choices
        return _chain("quiz.cards.either", [tuple(sorted(g, key=order.__getitem__)) for g in self.answers])

    def answer_text(self) -> str:
        """The right cards, in words (or that a judge decides)."""
        return render(self.answer_message())

    # --- what the learner does (the panel's) ---------------------------------------
    def check(self) -> Optional[Feedback]:
        """Judge the chosen cards, as the Check button does."""
        return self.panel.submit()

    def submit(self, cards: Any = None) -> Optional[Feedback]:
        """Choose ``cards`` in the hand (if given) and check them."""
        if cards is not None:
            try:
                self.hand.selected = cards
            except CardkitError as exc:
                self.panel.error(exc.message or error_text(exc))
                return None
        return self.check()

    def reveal(self) -> str:
        """Show the answer and the explanation."""
        return self.panel.reveal()

    def reset(self) -> None:
        """Un-choose every card and clear the feedback and tally."""
        self.hand.clear_selection()
        self.panel.reset()

    def on_answer(self, callback: Callable[[Any, Feedback], Any]) -> None:
        """Call ``callback(exercise, feedback)`` after every answer."""
        self.panel.on_answer(lambda _panel, fb: callback(self, fb))

    @property
    def question(self) -> str:
        """The question."""
        return self.panel.question

    @property
    def feedback(self) -> str:
        """The feedback now shown."""
        return self.panel.feedback

    @property
    def verdict(self) -> str:
        """``''``, ``'right'``, ``'wrong'``, ``'invalid'`` or ``'revealed'``."""
        return self.panel.verdict

    @property
    def attempts(self) -> int:
        """Answers judged so far (until solved)."""
        return self.panel.attempts

    @property
    def solved(self) -> bool:
        """True once the right cards were chosen."""
        return self.panel.solved

    @property
    def explain(self) -> LessonText:
        """Why the answer is right."""
        return self.panel.explain

    def __repr__(self) -> str:
        text = f"{type(self).__name__}({self.question!r} — {cards_text(self.hand.cards)}; {self.panel._state_text()}"
        if self.feedback:
            text += f"; {_verdict_word(self.verdict)}: {self.feedback}"
        return text + ")"

    def record(self) -> dict:
        """The exercise as data (see :meth:`Quiz.record`), with the hand."""
        out = self.panel.record()
        out["kind"] = "CardQuiz"
        out["cards"] = [c.code for c in self.hand.cards]
        out["judged"] = self.judge is not None
        return out

    def cardkit_metadata(self) -> dict:
        return {"exercise": self.record()}


class Scoreboard(StatusMessage):
    """Counts the exercises solved: "Exercises solved: 2 of 4 (1 at the first try)".

    ``Scoreboard(quiz1, quiz2, …)`` or ``board.track(quiz)``; it updates itself
    after every answer.
    """

    def __init__(self, *exercises: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._tracked: list = []
        for e in exercises:
            self.track(e)
        self._update()

    def track(self, *exercises: Any) -> None:
        """Count these exercises too."""
        for e in exercises:
            if not hasattr(e, "on_answer") or not hasattr(e, "solved"):
                raise CardkitError(say("quiz.error.scoreboard", kind=type(e).__name__))
            self._tracked.append(e)
            e.on_answer(lambda *_: self._update())
        self._update()

    @property
    def solved(self) -> int:
        """How many tracked exercises are solved."""
        return sum(1 for e in self._tracked if e.solved)

    @property
    def first_try(self) -> int:
        """How many were solved at the first attempt."""
        return sum(1 for e in self._tracked if e.solved and e.attempts == 1)

    def _update(self) -> None:
        n = len(self._tracked)
        if not n:
            self.show(render(say("quiz.score.none")), "info")
            return
        done = self.solved
        message = (say("quiz.score.solved_first", done=done, n=n, first=self.first_try) if done
                   else say("quiz.score.solved", done=done, n=n))
        self.show(render(message), "success" if done == n else "info")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text})"
