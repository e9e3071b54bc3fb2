"""Exercises and worked examples for the Least Score lessons.

Each lesson cell stays one or two lines because the work is done here; every
rule fact comes from the engine (:mod:`cardkit.least_score`) and every
expected value from :mod:`cardkit.odds`::

    value_table()                          # what each card is worth
    worked_total('AC 2D 3S 9H 9C')         # 1 + 2 + 3 + 9 + 9 = 24
    HandTotalDrill(hands=6, seed=11)       # quick-fire: what is this hand worth?
    discard_table(['KS KH', 'KS KH KD'])   # legal or not, and the engine's reason
    SpotEveryDiscard('AC 2D 3S 9H 9C')     # find every legal group of 2+ cards
    TakeOrDrawQuiz('AC 2D 3S 9H 9C', discard='9H 9C', open_cards='5D 6D 7D')
    scoring_worked([10, 16, 17], 0)        # the round's scores, worked out
    match_scoreboard(state)                # round by round, to the threshold
    declare_success(matches=150, seed=1)   # how often would declaring succeed?

Like the rest of :mod:`cardkit.classroom`, what is shown here carries its
figures (and exercises their right answers) in the output's metadata under
``"cardkit"``, so a test can check each against an independent computation.
"""

from __future__ import annotations

import html
import math
import random
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, Sequence

from ..widgets import guard as ipywidgets

from .. import least_score as ls
from .. import remembered
from ..cards import Card, Rank, Suit, cards_text, full_deck, to_cards
from ..errors import CardkitError
from ..game import resolve_bot
from ..i18n import SOURCE_LANGUAGE, and_list, kind_name, kind_word, number, number_word, or_list, percent, render, say
from ..i18n import Message, joined, seat
from ..widgets.checkers import discard_name
from ..widgets.hand import CardRow, Hand
from ..widgets.messages import StatusMessage, safe_callback
from .boxes import Panel, Shown, figure_json
from .tables import html_table, shown_table, table_text
from .numbers import fraction_text, pct
from .quiz import CardQuiz, Feedback, NumberQuiz, Quiz, register_exercise

if TYPE_CHECKING:  # numpy and the plots are loaded only by what uses them (lesson 6)
    import numpy as np

    from .plots import FigureView

__all__ = [
    "value_table",
    "worked_total",
    "HandTotalDrill",
    "discard_table",
    "SpotEveryDiscard",
    "best_discard_quiz",
    "value_cards_quiz",
    "find_discard_quiz",
    "total_mistakes",
    "turn_choices",
    "turn_table",
    "TakeOrDrawQuiz",
    "TurnExplorer",
    "ScoringExplorer",
    "scoring_worked",
    "match_scoreboard",
    "DeclareStudy",
    "declare_success",
]

def _t(code: str, /, **values: Any) -> str:
    """A message's sentence, where it meets the page: a widget's label, a table's cell."""
    return str(say(code, **values))


def _joined(items: Iterable[Any], code: str = "classroom_games.semicolon_join") -> Any:
    """Several values as one, joined by the catalogue's separator: ``a; b; c``."""
    return joined(items, code)


def _decimals(x: float, sig: int) -> int:
    if x == 0 or not math.isfinite(x):
        return 0
    return max(0, sig - 1 - math.floor(math.log10(abs(x))))


def _num(x: float, sig: int = 4) -> Any:
    """A number with ``sig`` significant digits, as a message value (whole numbers as they are)."""
    if float(x).is_integer() and abs(x) < 1e15:
        return int(x)
    return number(float(x), _decimals(float(x), sig))


def _pct(p: float, sig: int = 3) -> Any:
    """A probability as a percentage with ``sig`` significant digits, as a message value
    (the digits :func:`~cardkit.classroom.numbers.pct` gives)."""
    x = float(p) * 100
    if x != 0 and abs(x) < 1e-6:
        return pct(p, sig)
    d = _decimals(x, sig)
    if x != 0 and abs(x) >= 10 ** (sig - 1):
        d = 0
    if 50 < x < 100:
        d = max(d, _decimals(round(100 - x, 12), 1))
    return percent(float(p), d)


def _ordered(cards: Iterable[Card]) -> tuple[Card, ...]:
    return ls.display_order(list(cards))


def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


# --- 1. cards and values ------------------------------------------------------------------

def value_table(suit: Suit = Suit.SPADES) -> Shown:
    """What each rank is worth in Least Score, from the engine's :func:`card_value`."""
    cards = [Card(rank, suit) for rank in Rank]
    rows = [[_t(f"classroom_ls.rank_title.r{int(c.rank)}"), c.code[:-1], str(ls.card_value(c))] for c in cards]
    figures = {c.code[:-1]: ls.card_value(c) for c in cards}
    head = [_t("classroom_ls.values.head_card"), _t("classroom_ls.values.head_shown"),
            _t("classroom_ls.values.head_points")]
    return shown_table(head, rows, _t("classroom_ls.values.caption"), figures)


def worked_total(cards: Any) -> Shown:
    """A hand's total worked out: ``A♣ 2♦ 3♠ 9♥ 9♣: 1 + 2 + 3 + 9 + 9 = 24``."""
    hand = _ordered(to_cards(cards))
    if not hand:
        raise CardkitError(say("classroom_ls.worked_total.no_cards"))
    parts = " + ".join(str(ls.card_value(c)) for c in hand)
    total = ls.hand_total(hand)
    text = f"{cards_text(hand)}: {parts} = {total}"
    page = (f'<p style="font-size:1.05rem;margin:0.3em 0">{html.escape(cards_text(hand))}: '
            f'{html.escape(parts)} = <strong>{total}</strong></p>')
    return Shown(page, text, {f"total {' '.join(_codes(hand))}": total})


def total_mistakes(cards: Any) -> dict[int, Message]:
    """The wrong totals a learner is likely to give for a hand, each with the step
    that went wrong (a message): a picture card counted by its rank (jack 11,
    queen 12, king 13), an ace counted as 11, one card left out."""
    hand = _ordered(to_cards(cards))
    total = ls.hand_total(hand)
    out: dict[int, Message] = {}
    pictures = [c for c in hand if int(c.rank) > 10]
    if pictures:
        by_rank = total + sum(int(c.rank) - 10 for c in pictures)
        out[by_rank] = say("classroom_ls.mistake.picture_by_rank", cards=tuple(pictures), n=len(pictures))
    aces = [c for c in hand if int(c.rank) == 1]
    if aces:
        out.setdefault(total + 10 * len(aces), say("classroom_ls.mistake.ace_as_eleven"))
    for c in hand:
        out.setdefault(total - ls.card_value(c), say("classroom_ls.mistake.card_left_out", card=c))
    out.pop(total, None)
    return out


def _total_quiz_parts(hand: Sequence[Card]) -> dict:
    """The explanation, hint and likely mistakes of a "what is this hand worth?" question
    (as the :class:`NumberQuiz` shows them)."""
    parts = " + ".join(str(ls.card_value(c)) for c in hand)
    return dict(explain=f"{parts} = {ls.hand_total(hand)}",
                hint=_t("classroom_ls.total.hint"),
                mistakes={k: str(m) for k, m in total_mistakes(hand).items()})


def _deal_hands(count: int, seed: int, size: int = 5) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    deck = full_deck()
    return [_ordered(rng.sample(deck, size)) for _ in range(count)]


class HandTotalDrill(Panel):
    """Quick-fire: "what is this hand worth?", one seeded random hand after another.

    ``hands`` questions (default 6), dealt from ``seed``.  Each hand is a
    :class:`NumberQuiz` whose answer comes from the engine's :func:`hand_total`;
    once it is answered (or shown), **Next hand** moves on.  ``drill.quizzes``
    holds every question (give them to a :class:`Scoreboard`);
    ``drill.next()`` / ``drill.show(i)`` move from code.
    """

    def __init__(self, hands: int = 6, seed: int = 11, **kwargs: Any) -> None:
        if isinstance(hands, bool) or not isinstance(hands, int) or not 1 <= hands <= 50:
            raise CardkitError(say("classroom_ls.drill.bad_count", given=repr(hands)))
        self.seed = int(seed)
        self.hands = _deal_hands(hands, self.seed)
        self.quizzes = [NumberQuiz(_t("classroom_ls.drill.question", i=i + 1, cards=hand), ls.hand_total(hand),
                                   placeholder_help=_t("classroom_ls.drill.placeholder"), **_total_quiz_parts(hand))
                        for i, hand in enumerate(self.hands)]
        self.index = 0
        self.row = CardRow((), title=_t("classroom_ls.drill.row_title"), card_width=64)
        self.progress = ipywidgets.HTML()
        self.next_button = ipywidgets.Button(description=_t("classroom_ls.drill.next"), icon="arrow-right",
                                             tooltip=_t("classroom_ls.drill.next_tip"))
        self.new_button = ipywidgets.Button(description=_t("classroom_ls.drill.deal_new", n=len(self.hands)),
                                            icon="random", tooltip=_t("classroom_ls.drill.deal_new_tip"),
                                            layout=ipywidgets.Layout(width="auto"))
        self.back_button = ipywidgets.Button(description=_t("classroom_ls.drill.previous"), icon="arrow-left",
                                             tooltip=_t("classroom_ls.drill.previous_tip"))
        self.status = StatusMessage()
        self.slot = ipywidgets.Box()
        self.next_button.on_click(safe_callback(self.status, lambda _b: self.next()))
        self.back_button.on_click(safe_callback(self.status, lambda _b: self.show(self.index - 1)))
        self.new_button.on_click(safe_callback(self.status, lambda _b: self.new_hands()))
        for q in self.quizzes:
            q.on_answer(lambda *_: self._buttons())
        super().__init__(children=(self.progress, self.row, self.slot,
                                   ipywidgets.HBox([self.back_button, self.next_button, self.new_button],
                                                   layout=ipywidgets.Layout(flex_flow="row wrap")),
                                   self.status), **kwargs)
        self.add_class("ck-quiz-box")
        self.show(0)

    def show(self, i: int) -> None:
        """Show question ``i`` (0 is the first)."""
        if not 0 <= i < len(self.quizzes):
            raise CardkitError(say("classroom_ls.drill.no_such_hand", n=len(self.quizzes),
                                   last=len(self.quizzes) - 1))
        self.index = i
        self.row.cards = self.hands[i]
        self.row.title = _t("classroom_ls.drill.row_title_of", i=i + 1, n=len(self.hands))
        self.slot.children = (self.quizzes[i],)
        self._buttons()

    def next(self) -> None:
        """Go on to the next hand (after the last, say how it went)."""
        if self.index + 1 < len(self.quizzes):
            self.show(self.index + 1)
        else:
            self.status.info(_t("classroom_ls.drill.last_hand", solved=self.solved, n=len(self.quizzes),
                                button=say("classroom_ls.drill.deal_new", n=len(self.hands))))

    def new_hands(self) -> None:
        """Deal fresh hands (the next seed) into the same questions and start again
        from the first (what "Deal … new hands" does)."""
        self.seed += 1
        self.hands = _deal_hands(len(self.hands), self.seed)
        for i, (q, hand) in enumerate(zip(self.quizzes, self.hands)):
            q.reset()
            q.question = _t("classroom_ls.drill.question", i=i + 1, cards=hand)
            parts = _total_quiz_parts(hand)
            q.answer = Fraction(ls.hand_total(hand))
            q.explain, q.hint = parts["explain"], parts["hint"]
            q.mistakes = {Fraction(k): v for k, v in parts["mistakes"].items()}
        self.status.clear()
        self.show(0)

    @property
    def solved(self) -> int:
        """How many hands were answered right."""
        return sum(q.solved for q in self.quizzes)

    def _buttons(self) -> None:
        done = sum(q.solved for q in self.quizzes)
        self.progress.value = (f"<b>{html.escape(_t('classroom_ls.drill.progress_kicker'))}</b> "
                               + html.escape(_t("classroom_ls.drill.progress", i=self.index + 1, n=len(self.hands),
                                                done=done)))
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index + 1 >= len(self.quizzes) and not self.quizzes[self.index].solved

    def records(self) -> list[dict]:
        """Every question as data (for the lesson's tests)."""
        out = []
        for hand, q in zip(self.hands, self.quizzes):
            r = q.record()
            r["cards"] = _codes(hand)
            out.append(r)
        return out

    def cardkit_metadata(self) -> dict:
        return {"exercises": self.records()}

    def __repr__(self) -> str:
        return "HandTotalDrill(" + _t("classroom_ls.drill.repr", n=len(self.hands), seed=str(self.seed),
                                      i=self.index + 1, cards=self.hands[self.index], solved=self.solved) + ")"


# --- 2. legal discards ----------------------------------------------------------------------

def discard_table(groups: Sequence[Any], rules: Optional[ls.Rules] = None,
                  caption: Optional[str] = None) -> Shown:
    """Each group of cards with the engine's verdict: its kind, or why it is illegal
    (``caption`` by default: "Legal or not? The engine's verdict")."""
    rows, figures = [], {}
    for g in groups:
        cards = _ordered(to_cards(g))
        name = discard_name(cards, rules)
        if name is None:
            verdict, why = _t("classroom_ls.discards.not_legal"), str(ls.discard_problem(cards, rules) or "")
        else:
            verdict, why = _t("classroom_ls.discards.legal"), str(name)
        rows.append([cards_text(cards), verdict, why])
        figures[" ".join(_codes(cards))] = ls.discard_kind(cards, rules)
    head = [_t("classroom_ls.discards.head_cards"), _t("classroom_ls.discards.head_verdict"),
            _t("classroom_ls.discards.head_why")]
    return shown_table(head, rows, _t("classroom_ls.discards.caption") if caption is None else caption, figures)


def _multi_card_discards(hand: Sequence[Card], rules: Optional[ls.Rules]) -> list[tuple[Card, ...]]:
    return [g for g in ls.legal_discards(hand, rules) if len(g) > 1]


class SpotEveryDiscard(Panel):
    """Find every legal discard of two or more cards in a hand.

    Choose cards and press **Check these cards**: a legal group is added to the
    list of those found (with its kind); an illegal one is refused with the
    engine's reason.  The exercise is solved when every group is found;
    **Show me every legal discard** gives the answer.  ``quiz.submit('9H 9C')``
    does the same from code; ``quiz.solved``, ``quiz.attempts`` and
    ``quiz.on_answer`` work as for the other exercises, so a
    :class:`Scoreboard` can count it.
    """

    def __init__(self, cards: Any, rules: Optional[ls.Rules] = None, question: Optional[str] = None,
                 **kwargs: Any) -> None:
        self.rules = rules
        self.question = question = _t("classroom_ls.spot.question") if question is None else question
        check = say("classroom_ls.spot.check")
        self.hand = Hand(cards, sort_key=ls.sort_key, title=_t("classroom_ls.spot.hand_title", button=check),
                         highlight_text=_t("classroom_ls.spot.highlight"))
        self.answers = _multi_card_discards(self.hand.cards, rules)
        if not self.answers:
            raise CardkitError(say("classroom_ls.spot.no_group"))
        self.found: list[tuple[Card, ...]] = []
        self.attempts = 0
        self.solved = False
        self.revealed = False
        self._listeners: list[Callable] = []
        self.feedback = StatusMessage()
        self.check_button = ipywidgets.Button(description=str(check), button_style="primary",
                                              tooltip=_t("classroom_ls.spot.check_tip"))
        self.reveal_button = ipywidgets.Button(description=_t("classroom_ls.spot.reveal"),
                                               layout=ipywidgets.Layout(width="auto"))
        self.listing = ipywidgets.HTML()
        self.title = ipywidgets.HTML(f'<div class="ck-quiz-kicker">{html.escape(_t("classroom_games.exercise_kicker"))}'
                                     f'</div><div class="ck-quiz-title">{html.escape(question)}</div>')
        self.check_button.on_click(safe_callback(self.feedback, lambda _b: self.check()))
        self.reveal_button.on_click(safe_callback(self.feedback, lambda _b: self.reveal()))
        super().__init__(children=(self.title, self.hand, ipywidgets.HBox([self.check_button, self.reveal_button]),
                                   self.feedback, self.listing), **kwargs)
        self.add_class("ck-quiz-box")
        self._list()
        register_exercise(self)

    def _list(self) -> None:
        n = len(self.answers)
        items = "".join(f"<li>{html.escape(_t('classroom_ls.spot.item', name=discard_name(g, self.rules) or '', cards=g))}"
                        "</li>" for g in self.found)
        self.listing.value = (f"<div><b>{html.escape(_t('classroom_ls.spot.found_of', found=len(self.found), n=n))}</b>"
                              + (f"<ul style='margin:0.2em 0 0 1.2em;padding:0'>{items}</ul>" if items else "")
                              + "</div>")

    def submit(self, cards: Any = None) -> Optional[Feedback]:
        """Choose ``cards`` (if given) and check them."""
        if cards is not None:
            self.hand.selected = cards
        return self.check()

    def check(self) -> Optional[Feedback]:
        """Judge the chosen cards, as the button does."""
        return safe_callback(self.feedback, self._check)()

    def _check(self) -> Feedback:
        chosen = _ordered(self.hand.selected)
        if len(chosen) < 2:
            fb = Feedback(None, _t("classroom_ls.spot.too_few", button=say("classroom_ls.spot.check")))
        elif chosen in self.found:
            fb = Feedback(None, _t("classroom_ls.spot.again", cards=chosen))
        elif ls.discard_kind(chosen, self.rules) is not None:
            self.found.append(chosen)
            left = len(self.answers) - len(self.found)
            name = discard_name(chosen, self.rules)
            more = say("classroom_ls.spot.more", n=left) if left else say("classroom_ls.spot.all_found")
            fb = Feedback(True, _t("classroom_ls.spot.yes", cards=chosen, name=name, more=more))
        else:
            fb = Feedback(False, _t("classroom_ls.spot.no", why=ls.discard_problem(chosen, self.rules)))
        if fb.correct is not None and not self.solved:
            self.attempts += 1
        if len(self.found) == len(self.answers) and not self.revealed:
            self.solved = True
        kind = {True: "success", False: "error", None: "warning"}[fb.correct]
        self.feedback.show(fb.text, kind)
        self.hand.clear_selection()
        self._list()
        for cb in list(self._listeners):
            safe_callback(self.feedback, cb)(self, fb)
        return fb

    def reveal(self) -> str:
        """Point out and list every legal group (the exercise is then not counted as solved)."""
        if not self.solved:
            self.revealed = True
        self.hand.highlight = [tuple(g) for g in self.answers]
        items = _joined(say("classroom_ls.spot.item", name=discard_name(g, self.rules), cards=g) for g in self.answers)
        text = _t("classroom_ls.spot.every", items=items)
        self.feedback.info(text)
        return text

    def on_answer(self, callback: Callable[[Any, Feedback], Any]) -> None:
        """Call ``callback(exercise, feedback)`` after every check."""
        self._listeners.append(callback)

    def record(self) -> dict:
        return {"kind": "SpotEveryDiscard", "question": self.question, "cards": _codes(self.hand.cards),
                "answer": [_codes(g) for g in self.answers],
                "explain": _t("classroom_ls.spot.explain")}

    def cardkit_metadata(self) -> dict:
        return {"exercise": self.record()}

    def __repr__(self) -> str:
        return "SpotEveryDiscard(" + _t("classroom_ls.spot.repr_solved" if self.solved else "classroom_ls.spot.repr",
                                        cards=self.hand.cards, found=len(self.found), n=len(self.answers)) + ")"


def best_discard_quiz(cards: Any, rules: Optional[ls.Rules] = None, question: Optional[str] = None,
                      hint: str = "") -> CardQuiz:
    """"Which legal discard gets rid of the most points?" — every legal group worth
    the most (:func:`cardkit.least_score.legal_discards`) is right.  A choice that is
    no legal discard gets the engine's reason (and, if it holds two right answers,
    is told to choose one); a legal one worth less is told its points and that a
    group worth more is in the hand."""
    hand = _ordered(to_cards(cards))
    groups = ls.legal_discards(hand, rules)
    best = max(ls.hand_total(g) for g in groups)
    tops = [g for g in groups if ls.hand_total(g) == best]

    def judge(chosen: tuple) -> tuple[bool, str]:
        chosen = _ordered(chosen)
        name = discard_name(chosen, rules)
        if name is None:
            inside = [g for g in tops if set(g) < set(chosen)]
            why = ls.discard_problem(chosen, rules)
            if len(inside) > 1:
                return False, say("classroom_ls.best.not_legal_holds_several", why=why, groups=and_list(inside))
            return False, say("classroom_ls.not_legal", why=why)
        points = ls.hand_total(chosen)
        if points == best:
            return True, say("classroom_ls.best.right", name=name, n=points)
        if len(chosen) == 1:
            return False, say("classroom_ls.best.less_single", name=name, n=points)
        return False, say("classroom_ls.best.less_group", name=name, cards=chosen, n=points)

    return CardQuiz(_t("classroom_ls.best.question") if question is None else question, hand, judge=judge,
                    solutions=tops, sort_key=ls.sort_key, hint=hint,
                    explain=_t("classroom_ls.best.explain", groups=or_list(tops), n=best))


def value_cards_quiz(cards: Any, value: int = 10) -> CardQuiz:
    """"Select every card worth ``value`` points": judged by the engine's
    :func:`card_value`; a wrong card is told what it is worth, a partial choice how
    many it lacks."""
    hand = to_cards(cards)
    right = frozenset(c for c in hand if ls.card_value(c) == value)
    if not right:
        raise CardkitError(say("classroom_ls.value.none", value=value))

    def judge(chosen: tuple) -> tuple[bool, Message]:
        wrong = [c for c in chosen if ls.card_value(c) != value]
        if wrong:
            return False, _joined(say("classroom_ls.value.wrong_card", card=c, worth=ls.card_value(c), value=value)
                                  for c in wrong)
        missing = len(right - set(chosen))
        if missing:
            return False, say("classroom_ls.value.missing", value=value, n=missing)
        return True, say("classroom_ls.value.right", cards=tuple(chosen), value=value)

    return CardQuiz(_t("classroom_ls.value.question", value=value), hand,
                    judge=judge, solutions=[right],
                    explain=_t("classroom_ls.value.explain", value=ls.card_value("KS")))


def find_discard_quiz(cards: Any, kind: str, size: Optional[int] = None, question: str = "",
                      hint: str = "", rules: Optional[ls.Rules] = None) -> CardQuiz:
    """"Select the run of three in this hand" (any ``kind`` of legal discard, with
    ``size`` cards if given): the engine's :func:`discard_kind` judges; a wrong choice
    gets its reason (what it is instead, or why it is no legal discard)."""
    hand = _ordered(to_cards(cards))
    found = [g for g in ls.legal_discards(hand, rules)
             if ls.discard_kind(g, rules) == kind and (size is None or len(g) == size)]
    what, bare = kind_name("least_score", kind), kind_word(kind)   # 'a run', and 'run' after "no"
    if size:
        what = say("classroom_ls.find.kind_of_size", kind=what, size=number_word(size))
        bare = say("classroom_ls.find.kind_of_size", kind=bare, size=number_word(size))
    if not found:
        raise CardkitError(say("classroom_ls.find.none", what=bare))

    def judge(chosen: tuple) -> tuple[bool, Message]:
        chosen = _ordered(chosen)
        name = discard_name(chosen, rules)
        if name is None:
            return False, say("classroom_ls.not_legal", why=ls.discard_problem(chosen, rules))
        if ls.discard_kind(chosen, rules) == kind and (size is None or len(chosen) == size):
            return True, say("classroom_ls.find.right", cards=chosen, what=what)
        return False, say("classroom_ls.find.other_kind", cards=chosen, name=name, what=what)

    return CardQuiz(question or _t("classroom_ls.find.question", what=what), hand, judge=judge,
                    solutions=found, sort_key=ls.sort_key, hint=hint,
                    explain=_t("classroom_ls.find.explain", n=len(found), groups=_joined(found)))


# --- 3. a turn ---------------------------------------------------------------------------------

def turn_choices(hand: Any, open_cards: Any, seen: Any = (), rules: Optional[ls.Rules] = None
                 ) -> list[tuple[tuple[Card, ...], Optional[Card], Fraction]]:
    """Every way to play a turn, with the expected total afterwards, best first.

    Each item is ``(discard, take, expected_total)``; ``take`` is an open card, or
    None for the top of the deck, whose value is the expected value of a card not
    yet seen (:func:`cardkit.least_score.deck_draw_expectation`; the hand, the open cards
    and ``seen`` are known not to be in the deck).
    """
    hand_cards = _ordered(to_cards(hand))
    opens = _ordered(to_cards(open_cards))

    known = set(hand_cards) | set(opens) | set(to_cards(seen))
    deck = ls.deck_draw_expectation(sorted(known, key=lambda c: c.index), exact=True)
    total = ls.hand_total(hand_cards)
    out = []
    for group in ls.legal_discards(hand_cards, rules):
        after = total - ls.hand_total(group)
        for take in list(opens) + [None]:
            out.append((tuple(group), take, after + (deck if take is None else ls.card_value(take))))
    out.sort(key=lambda m: (m[2], -len(m[0]), m[1] is None))
    return out


def _move(group: Sequence[Card], take: Optional[Card]) -> Message:
    where = say("classroom_ls.move.draw") if take is None else say("classroom_ls.move.take", card=take)
    return say("classroom_ls.move.discard", cards=tuple(group), where=where)


def turn_table(hand: Any, open_cards: Any, seen: Any = (), best: int = 5,
               rules: Optional[ls.Rules] = None) -> Shown:
    """The ``best`` moves of a turn with the total each leaves (expected, for a deck draw)."""
    moves = turn_choices(hand, open_cards, seen, rules)
    hand_cards = _ordered(to_cards(hand))
    rows, figures = [], {}
    for group, take, exp in moves[:best]:
        shown = str(int(exp)) if exp.denominator == 1 else _t("classroom_ls.turn.expected", x=number(float(exp), 2))
        move = _move(group, take)
        rows.append([str(move), shown])
        figures[render(move, SOURCE_LANGUAGE)] = exp   # a figure's id is the move in English, in any language
    seen_cards = _ordered(to_cards(seen))
    values = dict(hand=hand_cards, total=ls.hand_total(hand_cards), opens=_ordered(to_cards(open_cards)),
                  best=min(best, len(moves)), n=len(moves))
    cap = (_t("classroom_ls.turn.caption_seen", seen=seen_cards, **values) if seen_cards
           else _t("classroom_ls.turn.caption", **values))
    return shown_table([_t("classroom_ls.turn.head_move"), _t("classroom_ls.turn.head_total")], rows, cap, figures)


class TakeOrDrawQuiz(Quiz):
    """After a discard: take an open card, or draw the top card of the deck?

    The right answer is the one with the lower expected total: an open card is
    worth its value for certain; the deck's top card is worth, on average, the
    mean value of the cards not yet seen (:func:`deck_draw_expectation`, from the
    hand, the open cards and ``seen``).  ``record()`` keeps the position so that
    a test can recompute the answer.
    """

    def __init__(self, hand: Any, discard: Any, open_cards: Any, seen: Any = (), **kwargs: Any) -> None:
        hand_cards = _ordered(to_cards(hand))
        group = _ordered(to_cards(discard))
        opens = _ordered(to_cards(open_cards))
        extra = list(to_cards(seen))
        missing = [c for c in group if c not in hand_cards]
        if missing:
            raise CardkitError(say("classroom_ls.take.not_in_hand", cards=tuple(missing)))
        why = ls.discard_problem(group)
        if why:
            raise CardkitError(say("classroom_ls.take.not_legal", cards=group, why=why))

        known = sorted(set(hand_cards) | set(opens) | set(extra), key=lambda c: c.index)
        self.deck_value = ls.deck_draw_expectation(known, exact=True)
        low = min(opens, key=ls.card_value)
        take_better = ls.card_value(low) < self.deck_value
        worth = ls.card_value(low)
        average = say("classroom_ls.take.average", x=_num(float(self.deck_value), 2))
        # The two choices, in this order (the answer is a choice's number; its words are only its label).
        choices = {_t("classroom_ls.take.take_choice", card=low, worth=worth): None if take_better else
                   _t("classroom_ls.take.why_not_take", card=low, worth=worth, average=average),
                   _t("classroom_ls.take.draw_choice"):
                   _t("classroom_ls.take.why_not_draw", card=low, worth=worth, average=average) if take_better
                   else None}
        answer = 0 if take_better else 1
        explain = _t("classroom_ls.take.explain_take" if take_better else "classroom_ls.take.explain_draw",
                     fraction=fraction_text(self.deck_value), decimal=_num(float(self.deck_value), 2),
                     unseen=52 - len(known), card=low, worth=worth)
        values = dict(hand=hand_cards, group=group, opens=opens)
        question = (_t("classroom_ls.take.question_seen", seen=tuple(extra), **values) if extra
                    else _t("classroom_ls.take.question", **values))
        self.position = {"hand": _codes(hand_cards), "discard": _codes(group), "open": _codes(opens),
                         "seen": _codes(extra)}
        super().__init__(question, choices, answer, explain, **kwargs)

    def record(self) -> dict:
        out = super().record()
        out["position"] = dict(self.position)
        return out


class TurnExplorer(Panel):
    """Try it yourself, with no code: a seeded hand and open cards, and the best
    moves of the turn with the total each leaves (:func:`turn_table`).  **Deal
    another position** deals the next one; ``explorer.next()`` does the same."""

    def __init__(self, seed: int = 1, best: int = 5, rules: Optional[ls.Rules] = None, **kwargs: Any) -> None:
        self.seed, self.best, self.rules = int(seed), best, rules
        self.count = 0
        self.hand_row = CardRow((), title=_t("classroom_ls.explorer.your_hand"), card_width=56)
        self.open_row = CardRow((), title=_t("classroom_ls.explorer.open_cards"), card_width=56)
        self.table = ipywidgets.HTML()
        self.status = StatusMessage()
        self.button = ipywidgets.Button(description=_t("classroom_ls.explorer.deal"), icon="random",
                                        layout=ipywidgets.Layout(width="auto"))
        self.button.on_click(safe_callback(self.status, lambda _b: self.next()))
        super().__init__(children=(self.button, ipywidgets.HBox([self.hand_row, self.open_row],
                                                                layout=ipywidgets.Layout(flex_flow="row wrap")),
                                   self.table, self.status), **kwargs)
        self.next()

    def next(self) -> Shown:
        """Deal the next position (hand and open cards from a fresh game) and show its best moves."""
        rng = random.Random(f"turn explorer {self.seed} {self.count}")
        self.count += 1
        deck = full_deck()
        rng.shuffle(deck)
        self.hand, n_open = _ordered(deck[:5]), rng.choice([1, 1, 2, 3])
        self.opens = _ordered(deck[5:5 + n_open])
        self.hand_row.cards, self.open_row.cards = self.hand, self.opens
        self.hand_row.title = _t("classroom_ls.explorer.hand_title", total=ls.hand_total(self.hand), k=self.count)
        self.shown = turn_table(self.hand, self.opens, best=self.best, rules=self.rules)
        self.table.value = self.shown.html
        return self.shown

    def figures(self) -> dict:
        return self.shown.figures

    def cardkit_metadata(self) -> dict:
        return {"figures": figure_json(self.figures())}

    def __repr__(self) -> str:
        return "TurnExplorer(" + _t("classroom_ls.explorer.repr", k=self.count, seed=str(self.seed),
                                    table=self.shown.text) + ")"


class ScoringExplorer(Panel):
    """Try it yourself, with no code: sliders for the declarer's total and two other
    players', and the round scored by the engine (:func:`scoring_worked`), with a
    switch for the house rule that a tie is a failure."""

    def __init__(self, declarer: int = 15, others: Sequence[int] = (18, 15), **kwargs: Any) -> None:
        style = {"description_width": "initial"}
        self.sliders = [ipywidgets.IntSlider(value=v, min=ls.MIN_TOTAL, max=ls.MAX_TOTAL, description=d,
                                             tooltip=d, continuous_update=False, style=style)
                        for v, d in zip([declarer, *others],
                                        [_t("classroom_ls.scoring.declares_with", name="A"),
                                         _t("classroom_ls.scoring.holds", name="B"),
                                         _t("classroom_ls.scoring.holds", name="C")])]
        self.tie_fails = ipywidgets.Checkbox(value=False, description=_t("classroom_ls.scoring.tie_fails"),
                                             style=style, layout=ipywidgets.Layout(width="auto"))
        self.result = ipywidgets.HTML()
        self.status = StatusMessage()
        for w in (*self.sliders, self.tie_fails):
            w.observe(safe_callback(self.status, lambda _c: self.run()), names="value")
        super().__init__(children=(ipywidgets.HBox(self.sliders, layout=ipywidgets.Layout(flex_flow="row wrap")),
                                   self.tie_fails, self.result, self.status), **kwargs)
        self.run()

    def run(self) -> Shown:
        """Score the round the sliders set (what moving a slider does)."""
        totals = [int(s.value) for s in self.sliders]
        rules = ls.Rules(players=3, tie_is_success=not self.tie_fails.value)
        self.shown = scoring_worked(totals, 0, rules if self.tie_fails.value else None, names=["A", "B", "C"])
        self.result.value = self.shown.html
        return self.shown

    def figures(self) -> dict:
        return self.shown.figures

    def cardkit_metadata(self) -> dict:
        return {"figures": figure_json(self.figures())}

    def __repr__(self) -> str:
        return f"ScoringExplorer({self.shown.text})"


# --- 4. declaring and scoring ------------------------------------------------------------------------

def scoring_worked(totals: Sequence[int], declarer: int, rules: Optional[ls.Rules] = None,
                   names: Optional[Sequence[str]] = None) -> Shown:
    """A round's scoring worked out by the engine (:func:`score_explanation`),
    with the scores as a table."""
    names = list(names) if names else [str(seat(i)) for i in range(len(totals))]
    scores = ls.round_scores(totals, declarer, rules)
    why = str(ls.score_explanation(totals, declarer, rules, names))
    rows = [[_t("classroom_ls.scoring.declares_cell", name=n) if i == declarer else n, str(t), str(s)]
            for i, (n, t, s) in enumerate(zip(names, totals, scores))]
    shown_totals = _joined(totals, "classroom_games.comma_join")
    if rules is not None and rules.house_rule_messages():
        caption = _t("classroom_ls.scoring.caption_house", totals=shown_totals, name=names[declarer],
                     rules=_joined(rules.house_rule_messages()))
    else:
        caption = _t("classroom_ls.scoring.caption", totals=shown_totals, name=names[declarer])
    head = [_t("classroom_ls.scoring.head_player"), _t("classroom_ls.scoring.head_total"),
            _t("classroom_ls.scoring.head_score")]
    page = html_table(head, rows, caption) + \
        f'<p style="margin:0.2em 0 0.6em;max-width:46rem">{html.escape(why)}</p>'
    text = table_text(head, rows, caption) + "\n" + why
    figures = {f"scores {list(totals)} declarer {declarer}" + (f" tie_is_success={rules.tie_is_success} "
                                                               f"penalty={rules.penalty}" if rules is not None else ""):
               scores}
    return Shown(page, text, figures)


def match_scoreboard(state: ls.LeastScoreState) -> Shown:
    """Every finished round of a match: who declared, D and L, the round's scores
    and the running scores, to the threshold and the knock-out."""
    n = state.num_players
    head = [_t(f"classroom_ls.match.head_{h}") for h in ("round", "declarer", "d", "l", "result")] + \
        [f"P{p}" for p in range(n)]
    rows, figures = [], {}
    for r in state.round_results:
        res = say("classroom_ls.match.success" if r.success else "classroom_ls.match.failure")
        cells = [f"{s} → {t}" for s, t in zip(r.scores, r.running_scores)]
        if r.knocked_out:
            res = say("classroom_ls.match.knocked_out", result=res,
                      players=_joined([f"P{p}" for p in r.knocked_out], "classroom_games.comma_join"))
        rows.append([str(r.round_number), f"P{r.declarer}", str(r.declarer_total), str(r.lowest_other), str(res)]
                    + cells)
        figures[f"round {r.round_number}"] = {"totals": list(r.totals), "declarer": r.declarer,
                                              "scores": list(r.scores), "running": list(r.running_scores),
                                              "knocked_out": list(r.knocked_out)}
    winners = state.winners()
    end = (_t("classroom_ls.match.over", rounds=say("count.rounds", n=len(state.round_results)),
              winners=and_list([seat(w) for w in winners]),
              points=say("count.points", n=state.returns()[winners[0]]))
           if state.is_terminal() else _t("classroom_ls.match.going_on"))
    figures["final"] = state.returns()
    figures["winners"] = winners
    caption = _t("classroom_ls.match.caption", n=n, threshold=state.rules.threshold, deal_code=str(state.deal_code))
    page = html_table(head, rows, caption) + f'<p style="margin:0.2em 0 0.6em"><strong>{html.escape(end)}</strong></p>'
    return Shown(page, table_text(head, rows, caption) + "\n" + end, figures)


# --- 6. strategy: when to declare ---------------------------------------------------------------------

class DeclareStudy:
    """How often declaring *would* succeed, seen at every turn where a player may
    declare, in matches played by bots (the engine's :func:`round_scores`
    decides each success).

    ``totals``, ``rounds`` and ``success`` are arrays, one entry per moment:
    the player's total, the round of turns (1 = everyone's first turn), and
    whether declaring then would have succeeded.
    """

    def __init__(self, totals: Sequence[int], rounds: Sequence[int], success: Sequence[bool], matches: int, seed: int,
                 bots: Sequence[str], players: int) -> None:
        # plain lists (the study runs the same with or without numpy, in the browser too)
        self.totals, self.rounds = [int(t) for t in totals], [int(r) for r in rounds]
        self.success = [bool(x) for x in success]
        self.matches, self.seed, self.bots, self.players = matches, seed, tuple(bots), players

    def rate_by_total(self, totals: Iterable[int]) -> dict[int, tuple[int, int]]:
        """{total: (successes, moments)} for the given totals."""
        return self._rates(self.totals, totals)

    def _rates(self, keys: Sequence[int], wanted: Iterable[int]) -> dict[int, tuple[int, int]]:
        hits: dict[int, int] = {}
        seen: dict[int, int] = {}
        for k, ok in zip(keys, self.success):
            seen[k] = seen.get(k, 0) + 1
            hits[k] = hits.get(k, 0) + ok
        return {k: (hits.get(k, 0), seen.get(k, 0)) for k in wanted}

    def rate_by_round(self, rounds: Iterable[int]) -> dict[int, tuple[int, int]]:
        """{round of turns: (successes, moments)}."""
        return self._rates(self.rounds, rounds)

    def plot(self) -> FigureView:
        """Two panels: the success rate by total, and by round of turns."""
        from .plots import BLACK, BLUE, ORANGE, FigureView, new_figure, png_bytes

        t_max = int(min(40, max(self.totals)))
        by_t = self.rate_by_total(range(int(min(self.totals)), t_max + 1))
        by_t = {t: v for t, v in by_t.items() if v[1] >= 20}
        r_max = int(min(8, max(self.rounds)))
        by_r = {k: v for k, v in self.rate_by_round(range(2, r_max + 1)).items() if v[1] >= 20}
        fig = new_figure(9.0, 3.6)
        a1, a2 = fig.subplots(1, 2)
        a1.plot(list(by_t), [100 * s / n for s, n in by_t.values()], "o-", color=BLUE, lw=1.6, ms=4)
        a1.axhline(50, color=BLACK, ls="--", lw=1)
        a1.set(title=_t("classroom_ls.study.by_total"), xlabel=_t("classroom_ls.study.total_axis"),
               ylabel=_t("classroom_ls.study.rate_axis"), ylim=(0, 102))
        a2.bar([str(k) for k in by_r], [100 * s / n for s, n in by_r.values()], color=ORANGE)
        a2.set(title=_t("classroom_ls.study.by_round"), xlabel=_t("classroom_ls.study.round_axis"),
               ylabel=_t("classroom_ls.study.rate_axis"), ylim=(0, 102))
        fig.suptitle(_t("classroom_ls.study.suptitle", moments=len(self.success), matches=self.matches))
        even = [t for t, (s, n) in by_t.items() if s / n >= 0.5]
        r_first, r_last = min(by_r), max(by_r)
        first, last = (Fraction(*by_r[r_first]), Fraction(*by_r[r_last]))
        cut = max(even) if even else None
        rates = dict(cut=say("classroom_ls.study.no_cut") if cut is None else cut, first=_pct(first),
                     r_first=r_first, last=_pct(last), r_last=r_last)
        caption = _t("classroom_ls.study.caption", bots=_joined(self.bots, "classroom_games.comma_join"),
                     players=self.players, seed=str(self.seed), **rates)
        head = [_t("classroom_ls.study.head_total"), _t("classroom_ls.study.head_moments"),
                _t("classroom_ls.study.head_rate")]
        rows = [[str(t), render(n), render(_pct(Fraction(s, n)))] for t, (s, n) in by_t.items()]
        figures = {f"success at total {t}": Fraction(s, n) for t, (s, n) in by_t.items()}
        figures.update({f"success in round {k}": Fraction(s, n) for k, (s, n) in by_r.items()})
        figures["even cut"] = cut
        alt = _t("classroom_ls.study.alt", **rates)
        return FigureView(png_bytes(fig), _t("classroom_ls.study.title"), caption, figures, (head, rows), alt=alt)

    def __repr__(self) -> str:
        return "DeclareStudy(" + _t("classroom_ls.study.repr", moments=len(self.success), matches=self.matches,
                                    seed=str(self.seed), rate=_pct(sum(self.success) / len(self.success))) + ")"


def declare_success(matches: int = 150, seed: int = 1, bots: Sequence[str] = ("greedy",) * 4,
                    progress: bool = False) -> DeclareStudy:
    """Play ``matches`` seeded matches with ``bots`` and, at every turn where the
    player to move may declare, record their total, the round of turns, and
    whether declaring then would have succeeded (judged by
    :func:`~cardkit.least_score.declaration_succeeded` on the real hands).  A quick study: 150 matches take a few seconds."""
    if isinstance(matches, bool) or not isinstance(matches, int) or matches < 1:
        raise CardkitError(say("classroom_ls.study.bad_matches", given=repr(matches)))
    funcs = [resolve_bot("least_score", b)[1] for b in bots]
    players = len(funcs)
    rules = ls.Rules(players=players)
    names = [b if isinstance(b, str) else getattr(b, "__name__", "bot") for b in bots]
    key = None
    if all(isinstance(b, str) and b in ls.BOTS for b in bots) and isinstance(seed, int):
        key = {"kind": "declare_success", "matches": matches, "seed": seed, "bots": list(bots)}
        kept = remembered.recall(key)
        if kept is not None:
            return DeclareStudy(list(kept[0]), list(kept[1]), list(kept[2]), matches, seed, names, players)
    totals, rounds, success = [], [], []
    master = random.Random(seed)
    it: Iterable[int] = range(matches)
    if progress:
        from tqdm.auto import tqdm
        it = tqdm(it, desc=_t("classroom_ls.study.progress"), unit="match")
    for _ in it:
        s = master.randrange(2 ** 30)
        state = ls.new_game(rules, s)
        rng = random.Random(s)
        while not state.is_terminal():
            p = state.current_player()
            if state.can_declare():
                alive = state.players_in()
                hands = [ls.hand_total(state.hand(q)) if q in alive else None for q in range(players)]
                in_totals = [hands[q] for q in alive]
                totals.append(hands[p])
                rounds.append(len(state.turns) // len(alive) + 1)
                success.append(ls.declaration_succeeded(in_totals, alive.index(p), rules))
            state.apply_action(funcs[p](state.observation(p), rng))
    if key is not None:
        remembered.keep(key, [totals, rounds, success])
    return DeclareStudy(totals, rounds, success, matches, seed, names, players)


def _replay_declare_success(key: dict) -> list:
    study = declare_success(matches=key["matches"], seed=key["seed"], bots=tuple(key["bots"]))
    return [study.totals, study.rounds, study.success]


remembered.register("declare_success", _replay_declare_success)
