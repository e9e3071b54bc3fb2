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
``verdict``       ``''``, ``'right'``, ``'wrong'``, ``'invalid'`` or ``'revealed'``
``feedback``      the feedback sentence (plain text), read out by screen readers
``attempts``, ``solved``  the tally shown beside the buttons
``can_reveal``    show the "Show the answer" button
``_n``            grows by one with every feedback, so the same words are read again

and sends ``{"type": "submit", "choice": i}`` / ``{"type": "submit", "text": "…"}``
/ ``{"type": "submit"}`` when the learner presses Check or Enter, and
``{"type": "reveal"}`` for "Show the answer".  Python judges and sets the
feedback; the browser never judges.
"""

from __future__ import annotations

import html
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Optional, Sequence, Union

import anywidget
from ..widgets import guard as ipywidgets
from traitlets import Bool, Int, List, Unicode, validate

from ..cards import Card, cards_text, to_cards
from ..errors import CardkitError
from ..widgets.frontend import ModuleWidget, register_module
from ..widgets.guard import FrontEndGuard, WidgetError
from .boxes import Panel
from ..widgets.hand import Hand
from ..widgets.messages import StatusMessage, error_text, safe_callback
from .numbers import EXAMPLES, as_fraction, fraction_text, num, pct, read_number

__all__ = ["Feedback", "Quiz", "NumberQuiz", "CardQuiz", "Scoreboard", "collect_exercises", "register_exercise"]

#: The folder of the exercises' browser files (``quiz.js``, ``quiz.css``).
STATIC: Path = Path(__file__).resolve().with_name("static")

RIGHT, WRONG, INVALID, REVEALED = "right", "wrong", "invalid", "revealed"
_WORD = {RIGHT: "✔ Right", WRONG: "✖ Not quite", INVALID: "⚠", REVEALED: "ℹ Answer"}


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


@dataclass(frozen=True)
class Feedback:
    """What an exercise said about one answer.

    ``correct`` is True or False, or None when the answer could not be judged
    (nothing chosen, a number that could not be read): such an answer is not
    counted as an attempt.  ``text`` is the sentence shown to the learner.
    """

    correct: Optional[bool]
    text: str

    @property
    def verdict(self) -> str:
        """``'right'``, ``'wrong'`` or ``'invalid'``."""
        return INVALID if self.correct is None else (RIGHT if self.correct else WRONG)


def _sentence(*parts: Optional[str]) -> str:
    """Join non-empty parts with spaces, each ending in a full stop or similar."""
    out = []
    for p in parts:
        p = (p or "").strip()
        if not p:
            continue
        end = p.rstrip("”\"’')")
        if not end or end[-1] not in ".!?…:":
            p += "."
        out.append(p)
    return " ".join(out)


def _short(text: str, n: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


register_module("quiz", STATIC / "quiz.js", STATIC / "quiz.css")


class _Exercise(FrontEndGuard, ModuleWidget, anywidget.AnyWidget):
    """The shared panel: a question, an answer area, Check, feedback, a tally."""

    _module = Unicode("quiz").tag(sync=True)

    question = Unicode("", help="The question, plain text.").tag(sync=True)
    mode = Unicode("choice").tag(sync=True)
    choices = List(Unicode()).tag(sync=True)
    chosen = Int(None, allow_none=True, help="Index of the chosen choice (None: none).").tag(sync=True)
    text = Unicode("", help="What is typed in the answer box.").tag(sync=True)
    help_text = Unicode("").tag(sync=True)
    submit_label = Unicode("Check").tag(sync=True)
    verdict = Unicode("", help="'', 'right', 'wrong', 'invalid' or 'revealed'.").tag(sync=True)
    feedback = Unicode("", help="The feedback now shown.").tag(sync=True)
    attempts = Int(0, help="Answers judged right or wrong so far (until solved).").tag(sync=True)
    solved = Bool(False, help="True once the learner has given the right answer.").tag(sync=True)
    can_reveal = Bool(False).tag(sync=True)
    _n = Int(0).tag(sync=True)
    # the page may hold the learner's choice and typing; judging stays in Python
    _front_end_may_set = frozenset({"chosen", "text"})

    @validate("chosen")
    def _check_chosen(self, proposal: dict) -> Optional[int]:
        value = proposal["value"]
        if value is not None and not 0 <= value < len(self.choices):
            raise WidgetError(f"there is no choice number {value}")
        return value

    @validate("text")
    def _check_text(self, proposal: dict) -> str:
        if len(proposal["value"]) > 200:
            raise WidgetError("an answer is at most 200 characters")
        return proposal["value"]

    def __init__(self, question: str, *, explain: str = "", hint: str = "",
                 reveal_after: Optional[int] = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if not isinstance(question, str) or not question.strip():
            raise CardkitError("an exercise needs a question (a non-empty string)")
        if reveal_after is not None and (isinstance(reveal_after, bool) or not isinstance(reveal_after, int)
                                         or reveal_after < 1):
            raise CardkitError(f"reveal_after is a number of wrong answers, 1 or more (or None); not {reveal_after!r}")
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

    def answer_text(self) -> str:  # pragma: no cover - each exercise has its own
        """The right answer, in words."""
        raise NotImplementedError

    def submit(self, answer: Any = None) -> Optional[Feedback]:
        """Judge ``answer`` exactly as the Check button does, show the feedback
        and return it.  An error (a judge that fails, say) is shown as a plain
        message and None is returned."""
        return safe_callback(self, self._submit)(answer)

    def _submit(self, answer: Any) -> Feedback:
        fb = self._judge(answer)
        if not isinstance(fb, Feedback):  # pragma: no cover - internal judges always return Feedback
            raise CardkitError("the exercise's judge gave no verdict")
        counted = fb.correct is not None and not self.solved
        with self.hold_sync():
            if counted:
                self.attempts += 1
                if fb.correct:
                    self.solved = True
                else:
                    self.wrong_answers += 1
            self._show(fb.verdict, fb.text)
            self.can_reveal = (not self.solved) and self.wrong_answers > 0
        if (not fb.correct and self.reveal_after is not None and not self.solved
                and self.wrong_answers >= self.reveal_after and fb.correct is not None):
            self._show(REVEALED, _sentence(fb.text, f"The answer is {self.answer_text()}", self.explain))
            self.can_reveal = False
        for listener in list(self._listeners):
            safe_callback(self, listener)(self, fb)
        return fb

    def reveal(self) -> str:
        """Show the answer and the explanation (what "Show the answer" does).
        The exercise does not count as solved.  Returns the text shown."""
        text = _sentence(f"The answer is {self.answer_text()}", self.explain)
        with self.hold_sync():
            self._show(REVEALED, text)
            self.can_reveal = False
        return text

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

    def on_answer(self, callback: Callable[[Any, Feedback], Any]) -> None:
        """Call ``callback(exercise, feedback)`` after every answer."""
        if not callable(callback):
            raise CardkitError("on_answer takes a function callback(exercise, feedback)")
        self._listeners.append(callback)

    # --- messages -------------------------------------------------------------
    def error(self, text: str) -> None:
        """Show a problem (used by safe_callback): a warning, not a verdict."""
        self._show(INVALID, text)

    def _show(self, verdict: str, text: str) -> None:
        with self.hold_sync():
            self.verdict = verdict
            self.feedback = text
            self._n += 1

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
                "answer_text": self.answer_text(), "explain": self.explain, "hint": self.hint}

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
            return f"✔ solved in {self.attempts} attempt{'s' if self.attempts != 1 else ''}"
        if self.verdict == REVEALED:
            return "answer shown"
        if self.attempts:
            return f"{self.attempts} wrong attempt{'s' if self.attempts != 1 else ''}"
        return "not answered yet"

    def __repr__(self) -> str:
        text = f"{type(self).__name__}({self.question!r} — {self._state_text()}"
        if self.feedback:
            text += f"; {_WORD.get(self.verdict, '')}: {self.feedback}"
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
            raise CardkitError("choices are a list of answers (or a dict answer → why)")
        else:
            texts = [str(c) for c in choices]
            why = {}
        if len(texts) < 2:
            raise CardkitError("a multiple-choice question needs at least two choices")
        if len(set(texts)) != len(texts):
            raise CardkitError("two choices have the same words; make every choice different")
        self.why = why
        self.answer = self._index(answer, texts, "the answer")
        self.mode = "choice"
        self.choices = texts
        register_exercise(self)

    @staticmethod
    def _index(choice: Any, texts: Sequence[str], what: str = "that") -> int:
        if isinstance(choice, bool):
            raise CardkitError(f"{what} is a choice's words or its number, not {choice!r}")
        if isinstance(choice, int):
            if not 0 <= choice < len(texts):
                raise CardkitError(f"{what} is choice number 0 to {len(texts) - 1}, not {choice}")
            return choice
        if isinstance(choice, str) and choice in texts:
            return texts.index(choice)
        raise CardkitError(f"{what} must be one of the choices: {_short(str(choice))!r} is not")

    def answer_text(self) -> str:
        return f"“{self.choices[self.answer]}”"

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
            return Feedback(None, "Choose one of the answers first, then press Check.")
        i = self._index(answer, self.choices, "your answer")
        self.chosen = i
        why = self.why.get(self.choices[i], "")
        if i == self.answer:
            return Feedback(True, _sentence("Right!", why, self.explain))
        return Feedback(False, _sentence(f"Not quite: “{self.choices[i]}” is not right.", why,
                                         self.hint and f"Hint: {self.hint}", "Try again"))


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
            raise CardkitError(f"the answer must be a number: {exc}") from None
        if tolerance is not None:
            if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float, Fraction)) or tolerance < 0:
                raise CardkitError(f"tolerance is a number 0 or more (or None), not {tolerance!r}")
            self.tolerance = as_fraction(tolerance)
        elif self.answer.denominator == 1:
            self.tolerance = Fraction(0)
        else:
            self.tolerance = abs(self.answer) / 100
        self.percent = (0 < self.answer < 1) if percent is None else bool(percent)
        self.mode = "number"
        self.help_text = placeholder_help or f"e.g. {EXAMPLES}"
        self.mistakes: dict[Fraction, str] = {}
        for value, why in (mistakes or {}).items():
            try:
                wrong = as_fraction(value)
            except CardkitError as exc:
                raise CardkitError(f"a mistake must be a number: {exc}") from None
            if self._close(wrong):
                continue    # a slip that lands on the answer is no mistake (e.g. when two steps give the same)
            self.mistakes[wrong] = str(why or "").strip()
        register_exercise(self)

    def _show_value(self, x: Fraction) -> str:
        if self.percent:
            return pct(x)
        return num(x if x.denominator == 1 else float(x))

    def answer_text(self) -> str:
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

    def _mistake(self, x: Fraction) -> str:
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
            return Feedback(None, str(exc))
        typed = answer.strip() if isinstance(answer, str) else self._show_value(x)
        if self._close(x):
            if x == self.answer:
                return Feedback(True, _sentence(f"Right! {typed} is exactly {self.answer_text()}", self.explain))
            return Feedback(True, _sentence(f"Right! {typed} is close enough to {self.answer_text()}",
                                            self.explain))
        has_percent = isinstance(answer, str) and answer.strip().endswith("%")
        if 0 <= self.answer <= 1 and not has_percent and self._close(x / 100):
            return Feedback(None, f"A chance is a number from 0 to 1. Did you mean {typed}%? "
                                  f"Add the % sign, or write it as a decimal ({num(float(x / 100), 3)}).")
        side = "too high" if x > self.answer else "too low"
        near = self.tolerance > 0 and abs(x - self.answer) <= 10 * self.tolerance
        if near:
            lead = f"Close, but {typed} is a little {side}; check your working or give more digits."
        else:
            lead = f"Not quite: {typed} is {side}."
        step = self._mistake(x)
        if step:
            return Feedback(False, _sentence(lead, step[0].upper() + step[1:], "Try again"))
        return Feedback(False, _sentence(lead, self.hint and f"Hint: {self.hint}", "Try again"))


def _normalise_verdict(result: Any) -> Feedback:
    """What a card judge returns — True/False, (True/False, why) or a Feedback —
    as a Feedback."""
    if isinstance(result, Feedback):
        return result
    if isinstance(result, bool):
        return Feedback(result, "Right!" if result else "Not quite. Try again.")
    if isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], bool):
        ok, why = result
        why = str(why or "").strip()
        if ok and why:
            why = why[0].upper() + why[1:]
        if ok:
            return Feedback(True, _sentence("Right!", why))
        return Feedback(False, _sentence(f"Not quite: {why}" if why else "Not quite.", "Try again"))
    raise CardkitError(
        "the judge must return True or False, or a pair (True or False, why) — "
        f"not {type(result).__name__}"
    )


class _CardCheck(_Exercise):
    """The Check button and feedback under a :class:`CardQuiz`'s hand."""

    def __init__(self, owner: "CardQuiz", question: str, **kwargs: Any) -> None:
        self._owner = owner
        super().__init__(question, **kwargs)
        self.mode = "cards"

    def answer_text(self) -> str:
        return self._owner.answer_text()

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
        hand_title: str = "Choose from these cards",
        solutions: Any = None,
        **kwargs: Any,
    ) -> None:
        if (judge is None) == (answer is None):
            raise CardkitError("give a CardQuiz either answer= (the right cards) or judge= (a function), not both")
        if judge is not None and not callable(judge):
            raise CardkitError("judge is a function of the chosen cards")
        self.hand = Hand(cards, title=hand_title, max_selected=max_selected, sort_key=sort_key,
                         four_colour=four_colour)
        self.judge = judge
        self.answers: tuple[frozenset, ...] = ()
        if answer is not None:
            self.answers = self._answer_groups(answer)
            held = set(self.hand.cards)
            for group in self.answers:
                missing = [c for c in group if c not in held]
                if missing:
                    raise CardkitError(f"the answer holds {cards_text(missing)}, which the hand does not")
        self.solutions: tuple[frozenset, ...] = ()
        if solutions is not None:
            if judge is None:
                raise CardkitError("solutions= goes with judge=; with answer= the answer is the solution")
            self.solutions = self._answer_groups(solutions)
        self.panel = _CardCheck(self, question, explain=explain, hint=hint, reveal_after=reveal_after)
        self.title = ipywidgets.HTML(
            '<div class="ck-quiz-kicker">Exercise</div>'
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
            raise CardkitError("the answer is some cards, or a list of groups of cards")
        return groups

    # --- judging ---------------------------------------------------------------
    def _judge_selection(self) -> Feedback:
        chosen = tuple(self.hand.selected)
        if not chosen:
            return Feedback(None, "Choose one or more cards first (click them, or Tab to a card and press Space), "
                                  "then press Check.")
        if self.judge is not None:
            fb = _normalise_verdict(self.judge(chosen))
            if fb.correct:
                return Feedback(True, _sentence(fb.text, self.panel.explain))
            if fb.correct is False and self.panel.hint:
                return Feedback(False, _sentence(fb.text, f"Hint: {self.panel.hint}"))
            return fb
        picked = frozenset(chosen)
        if picked in self.answers:
            return Feedback(True, _sentence(f"Right! {cards_text(chosen)} is it", self.panel.explain))
        order = {c: i for i, c in enumerate(self.hand.cards)}

        def shown(cards: Iterable[Card]) -> str:
            return cards_text(sorted(cards, key=order.__getitem__))

        inside = [g for g in self.answers if g < picked]
        if len(inside) > 1:
            # two right answers at once: say so, and never call a card of either one wrong
            return Feedback(False, _sentence(
                f"Not quite: you chose {shown(picked)}, which holds more than one right answer — "
                f"{' and '.join(shown(g) for g in inside)} are each right by themselves. Choose just one"))
        parts = []
        if inside:
            extra = picked - inside[0]
            verb = "does" if len(extra) == 1 else "do"
            parts.append(f"{shown(extra)} {verb} not belong (the rest of your choice is right)")
        else:
            around = [g for g in self.answers if picked < g]
            if around:
                missing = min(len(g - picked) for g in around)
                parts.append(f"what you chose is part of the answer, but {missing} more "
                             f"card{'s' if missing != 1 else ''} belong{'s' if missing == 1 else ''} to it")
            else:
                # the closest right group: most shared cards, then fewest extra
                best = max(self.answers, key=lambda g: (len(g & picked), -len(picked - g)))
                extra = [c for c in chosen if not any(c in g for g in self.answers)]
                if extra:
                    verb = "does" if len(extra) == 1 else "do"
                    parts.append(f"{shown(extra)} {verb} not belong to any right answer")
                if not best & picked:
                    parts.append("none of the cards you chose is in the answer")
                else:
                    missing = len(best - picked)
                    if missing and len(self.answers) == 1:
                        parts.append(f"{missing} more card{'s' if missing != 1 else ''} "
                                     f"belong{'s' if missing == 1 else ''} to it")
                    elif not extra:
                        parts.append("these cards are not one right answer together")
        return Feedback(False, _sentence("Not quite: " + "; ".join(parts), self.panel.hint and f"Hint: {self.panel.hint}",
                                         "Try again"))

    def answer_text(self) -> str:
        """The right cards, in words (or that a judge decides)."""
        order = {c: i for i, c in enumerate(self.hand.cards)}
        if not self.answers:
            if not self.solutions:
                return "any choice the judge accepts"
            texts = [cards_text(sorted(g, key=order.__getitem__)) for g in self.solutions[:4]]
            more = len(self.solutions) - len(texts)
            return ("for example " if len(self.solutions) > 1 else "") + " or ".join(texts) + \
                (f" (and {more} more)" if more > 0 else "")
        texts = [cards_text(sorted(g, key=order.__getitem__)) for g in self.answers]
        return " or ".join(texts)

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
                self.panel.error(error_text(exc))
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

    question = property(lambda self: self.panel.question, doc="The question.")
    feedback = property(lambda self: self.panel.feedback, doc="The feedback now shown.")
    verdict = property(lambda self: self.panel.verdict, doc="'', 'right', 'wrong', 'invalid' or 'revealed'.")
    attempts = property(lambda self: self.panel.attempts, doc="Answers judged so far (until solved).")
    solved = property(lambda self: self.panel.solved, doc="True once the right cards were chosen.")
    explain = property(lambda self: self.panel.explain, doc="Why the answer is right.")

    def __repr__(self) -> str:
        text = f"CardQuiz({self.question!r} — {cards_text(self.hand.cards)}; {self.panel._state_text()}"
        if self.feedback:
            text += f"; {_WORD.get(self.verdict, '')}: {self.feedback}"
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
                raise CardkitError(f"a Scoreboard counts exercises (Quiz, NumberQuiz, CardQuiz), not {type(e).__name__}")
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
            self.show("No exercises yet.", "info")
            return
        done = self.solved
        text = f"Exercises solved: {done} of {n}"
        if done:
            text += f" ({self.first_try} at the first try)"
        self.show(text, "success" if done == n else "info")

    def __repr__(self) -> str:
        return f"Scoreboard({self.text})"
