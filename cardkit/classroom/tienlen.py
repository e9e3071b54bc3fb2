"""Tiến Lên exercises and displays for the lessons, built on the engine.

Each exercise is one line in a lesson, and every right answer and every
explanation comes from :mod:`cardkit.tienlen` (``card_key``, ``classify``,
``beats``, ``why_not_beats``), never from a rule written again here::

    higher_card_quiz('AH', '2S')              # which card is higher?
    combination_quiz('7S 7C 8D 8H 9S 9H')     # what is this combination?
    beats_quiz('9C 9H', '9S 9D')              # can this beat that?
    key_card_quiz('5S 6S 7H')                 # select the key card
    beating_table([('9C 9H', '9S 9D'), …])    # worked examples, with the engine's reasons
    fewest_plays('3S 4D 5C 6H 7S 9D')         # how many plays to empty a hand (a strategy aid)
"""

from __future__ import annotations

import html
import random
from functools import lru_cache
from typing import Any, Iterable, Optional, Sequence

from .. import tienlen as tl
from ..cards import Card, cards_text, full_deck, to_cards
from ..errors import CardkitError
from ..i18n import SOURCE_LANGUAGE, Message, joined, kind_word, render, say
from ..words import KIND_NAMES
from ..widgets.checkers import tienlen_verdict
import ipywidgets

from ..widgets.hand import CardRow
from ..widgets.messages import StatusMessage, safe_callback
from .boxes import Panel, Shown
from .quiz import CardQuiz, Quiz

__all__ = [
    "KIND_WORDS",
    "NOT_A_COMBINATION",
    "order_row",
    "higher_card_quiz",
    "HigherCardDrill",
    "combination_quiz",
    "beats_quiz",
    "key_card_quiz",
    "extreme_card_quiz",
    "beating_table",
    "fewest_plays",
    "find_combination_quiz",
    "beat_it_quiz",
    "beats_grid",
    "classify_table",
    "play_options",
]

#: The combination kinds in plain words, in the order a lesson lists them.
KIND_WORDS: dict[str, str] = KIND_NAMES["tienlen"]
#: What a figure records for cards that are no combination (an id: English in every language).
NOT_A_COMBINATION = render(say("classroom_tl.not_a_combination"), SOURCE_LANGUAGE)
_CELL = 'style="padding:2px 12px 2px 0;text-align:left;vertical-align:top"'
_NOWRAP = 'style="padding:2px 12px 2px 0;text-align:left;vertical-align:top;white-space:nowrap"'


def _text(cards: Any) -> str:
    return cards_text(tl.sort_hand(cards))


def _sorted(cards: Any) -> tuple[Card, ...]:
    """The cards in Tiến Lên order, as a message value."""
    return tuple(tl.sort_hand(cards))


def _t(code: str, /, **values: Any) -> str:
    """A message's sentence, where it meets the page: a question, a label, a table's cell."""
    return str(say(code, **values))


def _joined(items: Iterable[Any], code: str = "classroom_games.comma_join") -> Any:
    """Several values as one, joined by the catalogue's separator: ``a, b, c``."""
    return joined(items, code)


def order_row(cards: Any = None, title: Optional[str] = None, card_width: int = 46) -> CardRow:
    """The cards (default: the whole deck) in a row, sorted in Tiến Lên order,
    lowest on the left (``title`` by default: "From lowest to highest")."""
    cards = full_deck() if cards is None else to_cards(cards)
    return CardRow(tl.sort_hand(cards), title=_t("classroom_tl.order_title") if title is None else title,
                   sort_key=tl.card_key, card_width=card_width)


def higher_card_quiz(first: Any, second: Any) -> Quiz:
    """"Which card is higher?" between two cards; the answer is by
    :func:`cardkit.tienlen.card_key` (rank first, then suit)."""
    a, b = (to_cards(first), to_cards(second))
    if len(a) != 1 or len(b) != 1 or a[0] == b[0]:
        raise CardkitError(say("classroom_tl.higher.two_cards"))
    a, b = a[0], b[0]
    high, low = (a, b) if tl.card_key(a) > tl.card_key(b) else (b, a)
    if high.rank == low.rank:
        ranks = tl.rank_word(high, plural=True)
        why = say("classroom_tl.higher.suit_decides", ranks=ranks, high=high.suit.symbol, low=low.suit.symbol)
        wrong = say("classroom_tl.higher.suit_wrong", card=low, ranks=ranks, low=low.suit.symbol,
                    high=high.suit.symbol)
    else:
        why = say("classroom_tl.higher.rank_decides", high=tl.rank_word(high), low=tl.rank_word(low))
        wrong = say("classroom_tl.higher.rank_wrong", card=low, low=tl.rank_word(low), high=tl.rank_word(high))
    # The choices are the two cards (a card's name is its label); the answer is the higher one's place.
    choices = {str(a): None, str(b): None} | {str(low): str(wrong)}
    return Quiz(_t("classroom_tl.higher.question", a=a, b=b), choices, answer=0 if high == a else 1,
                explain=str(why))


class HigherCardDrill(Panel):
    """Try it yourself, with no code: "which card is higher?" between two cards
    dealt from a seeded deck; **Two new cards** deals the next question
    (:func:`higher_card_quiz`, so every answer and reason is the engine's)."""

    def __init__(self, seed: int = 1, **kwargs: Any) -> None:
        self.seed = int(seed)
        self.count = 0
        self.slot = ipywidgets.Box()
        self.status = StatusMessage()
        self.button = ipywidgets.Button(description=_t("classroom_tl.higher.new_cards"), icon="random",
                                        layout=ipywidgets.Layout(width="auto"))
        self.button.on_click(safe_callback(self.status, lambda _b: self.next()))
        super().__init__(children=(self.slot, self.button, self.status), **kwargs)
        self.next()

    def next(self) -> Quiz:
        """Deal two new cards and ask which is higher."""
        rng = random.Random(f"higher card {self.seed} {self.count}")
        self.count += 1
        a, b = rng.sample(full_deck(), 2)
        self.quiz = higher_card_quiz(a, b)
        self.slot.children = (self.quiz,)
        return self.quiz

    def cardkit_metadata(self) -> dict:
        return {"exercise": self.quiz.record()}

    def __repr__(self) -> str:
        return "HigherCardDrill(" + _t("classroom_tl.higher.repr", k=self.count, seed=str(self.seed),
                                       quiz=repr(self.quiz)) + ")"


def combination_quiz(cards: Any) -> Quiz:
    """"What is this combination?" — the answer is :func:`cardkit.tienlen.classify`'s
    kind, or "not a combination" with :func:`~cardkit.tienlen.why_illegal`'s reason."""
    cards = to_cards(cards)
    combo = tl.classify(cards)
    # Each choice by its id (a kind, or None for "not a combination"), then its label and why.
    ids: list[Optional[str]] = [*KIND_WORDS, None]
    why: dict[Optional[str], Any] = {kind: say("classroom_games.no_why", why=tl.kind_problem(cards, kind))
                                     for kind in KIND_WORDS}
    if combo is None:
        explain = say("classroom_tl.combo.not_explain", cards=_sorted(cards), why=tl.illegal_problem(cards))
        why[None] = None
    else:
        explain = say("classroom_tl.combo.explain", combo=combo.cards, what=combo.description, key=combo.key)
        why[combo.kind] = None
        why[None] = say("classroom_tl.combo.is_one")
    labels = {kind: KIND_WORDS[kind] if kind else _t("classroom_tl.not_a_combination") for kind in ids}
    choices = {labels[kind]: why[kind] and str(why[kind]) for kind in ids}
    return Quiz(_t("classroom_tl.combo.question", cards=_sorted(cards)), choices,
                answer=ids.index(combo.kind if combo else None), explain=str(explain))


def beats_quiz(play: Any, previous: Any, rules: Optional[tl.Rules] = None) -> Quiz:
    """"Can this beat that?" — answered by :func:`cardkit.tienlen.beats`, explained in
    the engine's words (:func:`~cardkit.tienlen.why_not_beats`)."""
    prev = tl.classify(previous)
    if prev is None:
        raise CardkitError(say("classroom_tl.table_not_combo", why=tl.illegal_problem(previous)))
    ok, text = tienlen_verdict(play, prev, rules)
    # Two choices, "yes" (0) then "no" (1): the answer is the engine's verdict, not a label.
    yes, no = _t("classroom_tl.yes_beats"), _t("classroom_tl.no_beats")
    if ok:
        why = {yes: None, no: _t("classroom_tl.beats.does", why=tl.beat_reason(play, prev, rules))}
    else:
        why = {yes: _t("classroom_tl.beats.does_not", why=tl.beat_problem(play, prev, rules)), no: None}
    return Quiz(_t("classroom_tl.beats.question", table=prev.cards, what=prev.description, play=_sorted(play)), why,
                answer=0 if ok else 1, explain=str(text))


def key_card_quiz(cards: Any) -> CardQuiz:
    """Select the key card of a combination (the engine's ``Combo.key``)."""
    combo = tl.classify(cards)
    if combo is None:
        raise CardkitError(say("classroom_tl.key.no_combo", cards=_sorted(cards), why=tl.illegal_problem(cards)))

    def judge(chosen: tuple) -> tuple[bool, Message]:
        if len(chosen) != 1:
            return False, say("classroom_tl.key.one_card")
        card = chosen[0]
        if card == combo.key:
            return True, say("classroom_tl.key.right", card=card, name=combo.shape_name)
        return False, _not_extreme(card, combo.cards, "highest", say("classroom_tl.where.this_combo", name=combo.shape_name))

    return CardQuiz(_t("classroom_tl.key.question", name=combo.shape_name), combo.cards,
                    judge=judge, solutions=[[combo.key]], max_selected=1, sort_key=tl.card_key,
                    explain=_t("classroom_tl.key.explain", key=combo.key))


def _not_extreme(card: Card, cards: Sequence[Card], which: str, where: Message) -> Message:
    """Why ``card`` is not the highest (or lowest: ``which``) of ``cards`` (``where``),
    without naming the one that is."""
    higher = which == "highest"
    beyond = [c for c in cards if (tl.card_key(c) > tl.card_key(card)) == higher and c != card]
    same_rank = [c for c in beyond if c.rank == card.rank]
    if same_rank and len(beyond) == len(same_rank):
        return say(f"classroom_tl.extreme.suit.{which}", card=card, where=where, rank=tl.rank_word(card))
    return say(f"classroom_tl.extreme.count.{which}", card=card, where=where, n=len(beyond))


def extreme_card_quiz(hand: Any, which: str = "highest", question: str = "") -> CardQuiz:
    """"Select the highest (or lowest) card in this hand": judged by
    :func:`cardkit.tienlen.card_key`; a wrong card is told how many cards are higher
    (lower), or that a card of its rank has a higher (lower) suit."""
    if which not in ("highest", "lowest"):
        raise CardkitError(say("classroom_tl.extreme.bad_which", given=repr(which)))
    cards = tl.sort_hand(hand)
    best = (max if which == "highest" else min)(cards, key=tl.card_key)

    def judge(chosen: tuple) -> tuple[bool, Message]:
        if len(chosen) != 1:
            return False, say(f"classroom_tl.extreme.one_card.{which}")
        if chosen[0] == best:
            return True, say(f"classroom_tl.extreme.right.{which}", card=best)
        return False, _not_extreme(chosen[0], cards, which, say("classroom_tl.where.this_hand"))

    return CardQuiz(question or _t(f"classroom_tl.extreme.question.{which}"), cards, judge=judge,
                    solutions=[[best]], max_selected=1, sort_key=tl.card_key,
                    explain=_t(f"classroom_tl.extreme.explain.{which}", card=best))


def _bar_line(cells: Iterable[Any]) -> str:
    """A row of a plain-text table: ``a | b | c``."""
    return str(_joined(cells, "classroom_games.bar_join"))


def beating_table(pairs: Iterable[Sequence[Any]], caption: Optional[str] = None,
                  rules: Optional[tl.Rules] = None, why: bool = True) -> Shown:
    """A table of (play, on the table) pairs with the engine's verdict and reason for
    each (``caption`` by default: "Can the play beat the cards on the table?"; ``why=False``
    leaves the reasons out, for a page whose prose says them).  Its figures (for the
    lesson's tests) are ``{'play | table': True/False}``."""
    caption = _t("classroom_tl.beating.caption") if caption is None else caption
    heads = [_t("classroom_tl.head_play"), _t("classroom_tl.beating.head_table"), _t("classroom_tl.beating.head_beats")]
    if why:
        heads.append(_t("classroom_tl.beating.head_why"))
    rows, lines, figures = [], [caption, _bar_line(heads)], {}
    for play, previous in pairs:
        ok = tl.beats(play, previous, rules)
        reason = tl.beat_problem(play, previous, rules)
        if ok:
            p, q = tl.classify(play), tl.classify(previous)
            if p.shape == q.shape:
                reason = say("classroom_tl.beating.same_shape", name=q.shape_name, key=p.key, other=q.key)
            elif q.key.rank == 2 and not q.is_bomb:
                reason = say("classroom_tl.beating.chops", name=p.shape_name, twos=say(f"classroom_tl.beating.twos{len(q)}"))
            else:
                reason = say("classroom_tl.beating.beats", name=p.shape_name, other=q.shape_name)
        reason = str(reason)
        shown_p, shown_q = _text(play), _text(previous)
        figures[f"{shown_p} | {shown_q}"] = ok
        mark = _t("classroom_tl.beating.yes" if ok else "classroom_tl.beating.no")
        why_cell = f"<td {_CELL}>{html.escape(reason)}</td>" if why else ""
        rows.append(f"<tr><td {_NOWRAP}>{html.escape(shown_p)}</td><td {_NOWRAP}>{html.escape(shown_q)}</td>"
                    f"<td {_NOWRAP}><strong>{mark}</strong></td>{why_cell}</tr>")
        lines.append(_bar_line([shown_p, shown_q, mark] + ([reason] if why else [])))
    head = "".join(f'<th style="text-align:left;padding:2px 10px 2px 0">{html.escape(h)}</th>' for h in heads)
    body = "".join(rows)
    table = (f'<table style="border-collapse:collapse;font-size:0.95rem;max-width:52rem">'
             f'<caption style="text-align:left;font-weight:700;padding-bottom:4px">{html.escape(caption)}</caption>'
             f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
    return Shown(table, "\n".join(lines), figures)


@lru_cache(maxsize=4096)
def _fewest(mask: int) -> tuple[int, tuple]:
    if not mask:
        return 0, ()
    cards = [Card.from_index(i) for i in range(52) if mask >> i & 1]
    low = min(cards, key=tl.card_key)
    best: tuple[int, tuple] = (99, ())
    # The lowest card must go in some play: trying only plays that hold it finds the
    # minimum without trying every order of the same plays.
    for combo in tl.legal_plays(cards):
        if low not in combo:
            continue
        rest = mask
        for c in combo.cards:
            rest &= ~(1 << c.index)
        n, plays = _fewest(rest)
        if n + 1 < best[0]:
            best = (n + 1, (combo,) + plays)
    return best


def fewest_plays(hand: Any) -> tuple[int, tuple]:
    """The fewest combinations a hand can be split into, and one such split (lowest
    plays first).  Not a rule: a yardstick for strategy — a hand that needs fewer
    plays usually goes out sooner."""
    cards = to_cards(hand)
    mask = 0
    for c in cards:
        mask |= 1 << c.index
    return _fewest(mask)


def find_combination_quiz(hand: Any, kind: str, size: Optional[int] = None, question: str = "") -> CardQuiz:
    """"Select a … in this hand": any choice the engine classifies as ``kind`` (with
    ``size`` cards, if given) is right; a wrong choice is told what it makes instead,
    or why it is no combination."""
    if kind not in KIND_WORDS:
        raise CardkitError(say("classroom_tl.find.bad_kind", kinds=", ".join(KIND_WORDS), given=repr(kind)))
    shape, shapes = kind_word(kind), say(f"classroom_tl.kinds.{kind}")   # 'pair', 'pairs'
    if size:
        shape = say("classroom_tl.find.of_size", kind=shape, size=size)
        shapes = say("classroom_tl.find.of_size", kind=shapes, size=size)
    found = [c for c in tl.legal_plays(hand) if c.kind == kind and (size is None or len(c) == size)]
    if not found:
        raise CardkitError(say("classroom_tl.find.none", shape=shape))

    def judge(chosen: tuple) -> tuple[bool, Message]:
        combo = tl.classify(chosen)
        if combo is None:
            return False, say("classroom_tl.find.not_combo", cards=_sorted(chosen), why=tl.illegal_problem(chosen))
        if combo.kind == kind and (size is None or len(combo) == size):
            return True, say("classroom_tl.find.right", combo=combo.cards, what=combo.description)
        return False, say("classroom_tl.find.other", combo=combo.cards, what=combo.description, shape=shape)

    return CardQuiz(question or _t("classroom_tl.find.question", shape=shape), hand, judge=judge,
                    sort_key=tl.card_key, solutions=[c.cards for c in found],
                    explain=_t("classroom_tl.find.explain", n=len(found), shape=shape, shapes=shapes))


def beat_it_quiz(hand: Any, previous: Any, rules: Optional[tl.Rules] = None) -> CardQuiz:
    """"Select cards that beat the play on the table": any choice that
    :func:`cardkit.tienlen.beats` accepts is right; a wrong one gets the engine's reason."""
    prev = tl.classify(previous)
    if prev is None:
        raise CardkitError(say("classroom_tl.table_not_combo", why=tl.illegal_problem(previous)))
    answers = tl.legal_plays(hand, prev, rules)
    if not answers:
        raise CardkitError(say("classroom_tl.beat_it.nothing", table=prev.cards))

    def judge(chosen: tuple) -> tuple[bool, str]:
        ok, text = tienlen_verdict(chosen, prev, rules)
        return bool(ok), text

    return CardQuiz(_t("classroom_tl.beat_it.question", table=prev.cards, what=prev.description), hand, judge=judge,
                    sort_key=tl.card_key, solutions=[c.cards for c in answers],
                    explain=_t("classroom_tl.beat_it.explain", n=len(answers),
                               plays=_joined(c.cards for c in answers)))


def beats_grid(plays: Sequence[Any], tables: Sequence[Any], caption: str,
               rules: Optional[tl.Rules] = None) -> Shown:
    """A grid: does each play (a row) beat each combination on the table (a column)?
    Every cell is :func:`cardkit.tienlen.beats`.  Figures: ``{'play | table': bool}``."""
    figures = {}
    cols = [tl.classify(t) for t in tables]
    rows_p = [tl.classify(p) for p in plays]
    if None in cols or None in rows_p:
        raise CardkitError(say("classroom_tl.grid.not_combos"))
    head = "".join(f'<th style="padding:2px 12px 2px 0;text-align:left">{html.escape(str(c))}<br>'
                   f'<span style="font-weight:400">{html.escape(render(c.description))}</span></th>' for c in cols)
    lines = [caption, _bar_line([_t("classroom_tl.head_play"),
                                 *(say("classroom_tl.grid.column", combo=c.cards, what=c.description) for c in cols)])]
    body = []
    for p in rows_p:
        cells, marks = [], []
        for q in cols:
            ok = tl.beats(p, q, rules)
            figures[f"{p} | {q}"] = ok
            mark = _t("classroom_tl.grid.beats" if ok else "classroom_tl.grid.no")
            marks.append(mark)
            cells.append(f'<td {_NOWRAP}>{mark}</td>')
        body.append(f'<tr><th style="padding:2px 12px 2px 0;text-align:left">{html.escape(str(p))}<br>'
                    f'<span style="font-weight:400">{html.escape(render(p.description))}</span></th>{"".join(cells)}</tr>')
        lines.append(_bar_line([say("classroom_tl.grid.column", combo=p.cards, what=p.description), *marks]))
    table = (f'<table style="border-collapse:collapse;font-size:0.95rem;max-width:56rem">'
             f'<caption style="text-align:left;font-weight:700;padding-bottom:4px">{html.escape(caption)}</caption>'
             f'<thead><tr><th style="text-align:left">{html.escape(_t("classroom_tl.grid.corner"))}</th>{head}</tr>'
             '</thead>'
             f"<tbody>{''.join(body)}</tbody></table>")
    return Shown(table, "\n".join(lines), figures)


def classify_table(groups: Iterable[Any], caption: Optional[str] = None) -> Shown:
    """Each group of cards, and what it is (:meth:`Combo.describe`) or why it is no
    combination (:func:`cardkit.tienlen.why_illegal`); ``caption`` by default "What
    the engine says".  Figures: ``{cards: kind or 'not a combination'}``."""
    caption = _t("classroom_tl.classify.caption") if caption is None else caption
    rows, lines, figures = [], [caption], {}
    for g in groups:
        shown = cards_text(to_cards(g))
        combo = tl.classify(g)
        what = render(combo.description) if combo else _t("classroom_tl.classify.no_combo", why=tl.illegal_problem(g))
        figures[shown] = combo.kind if combo else NOT_A_COMBINATION
        mark = "✔" if combo else "✖"
        rows.append(f"<tr><td {_NOWRAP}>{html.escape(shown)}</td><td {_NOWRAP}>{mark}</td>"
                    f"<td {_CELL}>{html.escape(what)}</td></tr>")
        lines.append(f"{shown} → {mark} {what}")
    table = (f'<table style="border-collapse:collapse;font-size:0.95rem;max-width:52rem">'
             f'<caption style="text-align:left;font-weight:700;padding-bottom:4px">{html.escape(caption)}</caption>'
             f"<tbody>{''.join(rows)}</tbody></table>")
    return Shown(table, "\n".join(lines), figures)


def play_options(hand: Any, previous: Any = None, caption: str = "", mark_best: bool = True) -> Shown:
    """Every legal play of ``hand`` on ``previous`` (None: leading) and what it leaves:
    the cards left and the fewest plays they need (:func:`fewest_plays`).

    The result's ``left`` is ``{play: fewest plays left}``, ``best_plays`` every play
    that leaves the fewest, and ``best`` the first of them (lowest key card); its
    figures are ``{'<play> on <table>': fewest plays left}`` and ``'best on <table>'``.
    With ``mark_best`` a ★ marks each of the best plays; pass ``mark_best=False``
    when a question asks for the best play and the ★ would give the answer away."""
    cards = tl.sort_hand(hand)
    plays = tl.legal_plays(cards, previous)
    if not plays:
        raise CardkitError(say("classroom_tl.options.no_play"))
    rows, left = [], {}
    for c in plays:
        rest = [x for x in cards if x not in c]
        n, split = fewest_plays(rest)
        left[str(c)] = n
        rows.append((c, rest, n, split))
    least = min(r[2] for r in rows)
    best_plays = [r[0] for r in rows if r[2] == least]
    best = min(best_plays, key=lambda c: c.top)
    where = str(tl.classify(previous)) if previous is not None else None   # in the figures' ids only
    figures = {f"{k} on {where or 'an empty table'}": v for k, v in left.items()}
    figures[f"best on {where or 'an empty table'}"] = str(best)
    caption = caption or (_t("classroom_tl.options.answers_to", table=tl.classify(previous).cards)
                          if previous is not None else _t("classroom_tl.options.leads"))
    heads = [_t("classroom_tl.head_play"), _t("classroom_tl.options.head_left"), _t("classroom_tl.options.head_fewest")]
    lines = [caption, _bar_line(heads)]
    body = []
    for c, rest, n, split in rows:
        how = " + ".join(str(s) for s in split) or "—"
        star = " ★" if mark_best and n == least else ""
        lines.append(f"{c}{star} | {cards_text(rest)} | {n}: {how}")
        body.append(f"<tr><td {_NOWRAP}><strong>{html.escape(str(c))}</strong>{star}</td>"
                    f"<td {_NOWRAP}>{html.escape(cards_text(rest))}</td>"
                    f"<td {_CELL}><strong>{n}</strong>: {html.escape(how)}</td></tr>")
    head = "".join(f"<th {_NOWRAP}>{html.escape(h)}</th>" for h in heads)
    table = (f'<table style="border-collapse:collapse;font-size:0.95rem;max-width:56rem">'
             f'<caption style="text-align:left;font-weight:700;padding-bottom:4px">{html.escape(caption)}</caption>'
             f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")
    shown = Shown(table, "\n".join(lines), figures)
    shown.left, shown.best, shown.best_plays = left, str(best), [str(c) for c in best_plays]
    return shown
