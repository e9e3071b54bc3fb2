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
NOT_A_COMBINATION = "not a combination"

_YES, _NO = "Yes, it beats it", "No, it does not"
_CELL = 'style="padding:2px 12px 2px 0;text-align:left;vertical-align:top"'
_NOWRAP = 'style="padding:2px 12px 2px 0;text-align:left;vertical-align:top;white-space:nowrap"'


def _text(cards: Any) -> str:
    return cards_text(tl.sort_hand(cards))


def order_row(cards: Any = None, title: str = "From lowest to highest", card_width: int = 46) -> CardRow:
    """The cards (default: the whole deck) in a row, sorted in Tiến Lên order,
    lowest on the left."""
    cards = full_deck() if cards is None else to_cards(cards)
    return CardRow(tl.sort_hand(cards), title=title, sort_key=tl.card_key, card_width=card_width)


def higher_card_quiz(first: Any, second: Any) -> Quiz:
    """"Which card is higher?" between two cards; the answer is by
    :func:`cardkit.tienlen.card_key` (rank first, then suit)."""
    a, b = (to_cards(first), to_cards(second))
    if len(a) != 1 or len(b) != 1 or a[0] == b[0]:
        raise CardkitError("higher_card_quiz compares two different single cards")
    a, b = a[0], b[0]
    high, low = (a, b) if tl.card_key(a) > tl.card_key(b) else (b, a)
    if high.rank == low.rank:
        why = (f"Both are {tl.rank_name(high, plural=True)}, so the suit decides: "
               f"{high.suit.symbol} is higher than {low.suit.symbol} (♠ < ♣ < ♦ < ♥).")
        wrong = (f"{low} is the lower one: both cards are {tl.rank_name(high, plural=True)}, so the suit decides, "
                 f"and {low.suit.symbol} comes before {high.suit.symbol} in ♠ < ♣ < ♦ < ♥")
    else:
        why = (f"The rank decides first: {tl.rank_name(high)} is higher than {tl.rank_name(low)} "
               "(3 4 5 6 7 8 9 10 J Q K A 2); the suit only matters between cards of the same rank.")
        wrong = (f"{low} is the lower one: the rank decides first, and {tl.rank_name(low)} comes before "
                 f"{tl.rank_name(high)} in 3 4 5 6 7 8 9 10 J Q K A 2 (the 2 is the highest rank)")
    return Quiz(f"Which card is higher: {a} or {b}?", {str(a): None, str(b): None} | {str(low): wrong},
                answer=str(high), explain=why)


class HigherCardDrill(Panel):
    """Try it yourself, with no code: "which card is higher?" between two cards
    dealt from a seeded deck; **Two new cards** deals the next question
    (:func:`higher_card_quiz`, so every answer and reason is the engine's)."""

    def __init__(self, seed: int = 1, **kwargs: Any) -> None:
        self.seed = int(seed)
        self.count = 0
        self.slot = ipywidgets.Box()
        self.status = StatusMessage()
        self.button = ipywidgets.Button(description="Two new cards", icon="random",
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
        return f"HigherCardDrill(question {self.count}, seed {self.seed}: {self.quiz!r})"


def combination_quiz(cards: Any) -> Quiz:
    """"What is this combination?" — the answer is :func:`cardkit.tienlen.classify`'s
    kind, or "not a combination" with :func:`~cardkit.tienlen.why_illegal`'s reason."""
    cards = to_cards(cards)
    combo = tl.classify(cards)
    why = {words: f"No: {tl.why_not_kind(cards, kind)}" for kind, words in KIND_WORDS.items()}
    if combo is None:
        answer = NOT_A_COMBINATION
        explain = f"Not a combination ({_text(cards)}): {tl.why_illegal(cards)}."
        why[NOT_A_COMBINATION] = None
    else:
        answer = KIND_WORDS[combo.kind]
        explain = f"{combo} is a {combo.describe()}; its key card is {combo.key}."
        why[answer] = None
        why[NOT_A_COMBINATION] = ("No: these cards do make one of the six combinations — count the cards and "
                                  "look at their ranks again")
    return Quiz(f"What is {_text(cards)}?", why, answer=answer, explain=explain)


def beats_quiz(play: Any, previous: Any, rules: Optional[tl.Rules] = None) -> Quiz:
    """"Can this beat that?" — answered by :func:`cardkit.tienlen.beats`, explained in
    the engine's words (:func:`~cardkit.tienlen.why_not_beats`)."""
    prev = tl.classify(previous)
    if prev is None:
        raise CardkitError(f"the play on the table must be a combination: {tl.why_illegal(previous)}")
    ok, text = tienlen_verdict(play, prev, rules)
    answer = _YES if ok else _NO
    if ok:
        why = {_YES: None, _NO: f"It does beat it: {tl.why_beats(play, prev, rules)}"}
    else:
        why = {_YES: f"It does not: {tl.why_not_beats(play, prev, rules)}", _NO: None}
    return Quiz(f"On the table: {prev} ({prev.describe()}). Can {_text(play)} beat it?", why,
                answer=answer, explain=text)


def key_card_quiz(cards: Any) -> CardQuiz:
    """Select the key card of a combination (the engine's ``Combo.key``)."""
    combo = tl.classify(cards)
    if combo is None:
        raise CardkitError(f"{_text(cards)} is no combination: {tl.why_illegal(cards)}")

    def judge(chosen: tuple) -> tuple[bool, str]:
        if len(chosen) != 1:
            return False, "the key card is one card: choose just one"
        card = chosen[0]
        if card == combo.key:
            return True, f"{card} is the highest card of the {combo.name}"
        return False, _not_extreme(card, combo.cards, "highest", f"this {combo.name}")

    return CardQuiz(f"Select the key card of this {combo.name}, then press Check.", combo.cards,
                    judge=judge, solutions=[[combo.key]], max_selected=1, sort_key=tl.card_key,
                    explain=f"The key card is the highest card by rank, then suit: {combo.key}.")


def _not_extreme(card: Card, cards: Sequence[Card], which: str, where: str) -> str:
    """Why ``card`` is not the highest (or lowest) of ``cards``, without naming the one that is."""
    higher = which == "highest"
    beyond = [c for c in cards if (tl.card_key(c) > tl.card_key(card)) == higher and c != card]
    same_rank = [c for c in beyond if c.rank == card.rank]
    word = "higher" if higher else "lower"
    if same_rank and len(beyond) == len(same_rank):
        return (f"{card} is not the {which} card of {where}: another {tl.rank_name(card)} has a {word} suit "
                "(♠ < ♣ < ♦ < ♥)")
    return (f"{card} is not the {which} card of {where}: {len(beyond)} card{'s are' if len(beyond) != 1 else ' is'} "
            f"{word} (rank first — 3 lowest, 2 highest — then suit)")


def extreme_card_quiz(hand: Any, which: str = "highest", question: str = "") -> CardQuiz:
    """"Select the highest (or lowest) card in this hand": judged by
    :func:`cardkit.tienlen.card_key`; a wrong card is told how many cards are higher
    (lower), or that a card of its rank has a higher (lower) suit."""
    if which not in ("highest", "lowest"):
        raise CardkitError(f"which is 'highest' or 'lowest', not {which!r}")
    cards = tl.sort_hand(hand)
    best = (max if which == "highest" else min)(cards, key=tl.card_key)

    def judge(chosen: tuple) -> tuple[bool, str]:
        if len(chosen) != 1:
            return False, f"the {which} card is one card: choose just one"
        if chosen[0] == best:
            return True, f"{best} is the {which} card of the hand"
        return False, _not_extreme(chosen[0], cards, which, "this hand")

    side = "right" if which == "highest" else "left"
    return CardQuiz(question or f"Select the {which} card in this hand, then press Check.", cards, judge=judge,
                    solutions=[[best]], max_selected=1, sort_key=tl.card_key,
                    explain=f"The {which} card is the one furthest {side}: the {which} rank, and among equal "
                            f"ranks the {which} suit — here {best}.")


def beating_table(pairs: Iterable[Sequence[Any]], caption: str = "Can the play beat the cards on the table?",
                  rules: Optional[tl.Rules] = None) -> Shown:
    """A table of (play, on the table) pairs with the engine's verdict and reason for
    each.  Its figures (for the lesson's tests) are ``{'play | table': True/False}``."""
    rows, lines, figures = [], [caption, "Play | On the table | Beats it? | Why"], {}
    for play, previous in pairs:
        ok = tl.beats(play, previous, rules)
        reason = tl.why_not_beats(play, previous, rules)
        if ok:
            p, q = tl.classify(play), tl.classify(previous)
            if p.shape == q.shape:
                reason = f"both are a {q.name}, and key card {p.key} is higher than {q.key}"
            elif q.key.rank == 2 and not q.is_bomb:
                twos = {1: "a single 2", 2: "a pair of 2s", 3: "three 2s"}[len(q)]
                reason = f"a {p.name} is a bomb: it chops {twos}"
            else:
                reason = f"a {p.name} beats a {q.name}"
        shown_p, shown_q = _text(play), _text(previous)
        figures[f"{shown_p} | {shown_q}"] = ok
        mark = "✔ yes" if ok else "✖ no"
        rows.append(f"<tr><td {_NOWRAP}>{html.escape(shown_p)}</td><td {_NOWRAP}>{html.escape(shown_q)}</td>"
                    f"<td {_NOWRAP}><strong>{mark}</strong></td><td {_CELL}>{html.escape(reason)}</td></tr>")
        lines.append(f"{shown_p} | {shown_q} | {mark} | {reason}")
    head = "".join(f'<th style="text-align:left;padding:2px 10px 2px 0">{h}</th>'
                   for h in ("Play", "On the table", "Beats it?", "Why"))
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
        raise CardkitError(f"kind is one of {', '.join(KIND_WORDS)}; not {kind!r}")
    plural = {"four_of_a_kind": "fours of a kind"}.get(kind, KIND_WORDS[kind][2:] + "s")
    extra = f" of {size} cards" if size else ""
    shape, shapes = KIND_WORDS[kind][2:] + extra, plural + extra
    found = [c for c in tl.legal_plays(hand) if c.kind == kind and (size is None or len(c) == size)]
    if not found:
        raise CardkitError(f"this hand holds no {shape}")

    def judge(chosen: tuple) -> tuple[bool, str]:
        combo = tl.classify(chosen)
        if combo is None:
            return False, f"not a combination ({_text(chosen)}): {tl.why_illegal(chosen)}"
        if combo.kind == kind and (size is None or len(combo) == size):
            return True, f"{combo} is a {combo.describe()}"
        return False, f"{combo} is a {combo.describe()}, not a {shape}"

    return CardQuiz(question or f"Select a {shape} in this hand, then press Check.", hand, judge=judge,
                    sort_key=tl.card_key, solutions=[c.cards for c in found],
                    explain=f"This hand holds {len(found)} different {shape if len(found) == 1 else shapes}.")


def beat_it_quiz(hand: Any, previous: Any, rules: Optional[tl.Rules] = None) -> CardQuiz:
    """"Select cards that beat the play on the table": any choice that
    :func:`cardkit.tienlen.beats` accepts is right; a wrong one gets the engine's reason."""
    prev = tl.classify(previous)
    if prev is None:
        raise CardkitError(f"the play on the table must be a combination: {tl.why_illegal(previous)}")
    answers = tl.legal_plays(hand, prev, rules)
    if not answers:
        raise CardkitError(f"nothing in this hand beats {prev}")

    def judge(chosen: tuple) -> tuple[bool, str]:
        ok, text = tienlen_verdict(chosen, prev, rules)
        return bool(ok), text

    n = len(answers)
    return CardQuiz(f"On the table: {prev} ({prev.describe()}). Select cards from your hand that beat it, "
                    "then press Check.", hand, judge=judge, sort_key=tl.card_key,
                    solutions=[c.cards for c in answers],
                    explain=f"This hand has {n} different play{'s' if n != 1 else ''} that beat{'s' if n == 1 else ''} "
                            f"it: {', '.join(str(c) for c in answers)}.")


def beats_grid(plays: Sequence[Any], tables: Sequence[Any], caption: str,
               rules: Optional[tl.Rules] = None) -> Shown:
    """A grid: does each play (a row) beat each combination on the table (a column)?
    Every cell is :func:`cardkit.tienlen.beats`.  Figures: ``{'play | table': bool}``."""
    figures = {}
    cols = [tl.classify(t) for t in tables]
    rows_p = [tl.classify(p) for p in plays]
    if None in cols or None in rows_p:
        raise CardkitError("every play and every table entry must be a combination")
    head = "".join(f'<th style="padding:2px 12px 2px 0;text-align:left">{html.escape(str(c))}<br>'
                   f'<span style="font-weight:400">{html.escape(c.describe())}</span></th>' for c in cols)
    lines = [caption, "Play | " + " | ".join(f"{c} ({c.describe()})" for c in cols)]
    body = []
    for p in rows_p:
        cells, marks = [], []
        for q in cols:
            ok = tl.beats(p, q, rules)
            figures[f"{p} | {q}"] = ok
            mark = "✔ beats" if ok else "✖ no"
            marks.append(mark)
            cells.append(f'<td {_NOWRAP}>{mark}</td>')
        body.append(f'<tr><th style="padding:2px 12px 2px 0;text-align:left">{html.escape(str(p))}<br>'
                    f'<span style="font-weight:400">{html.escape(p.describe())}</span></th>{"".join(cells)}</tr>')
        lines.append(f"{p} ({p.describe()}) | " + " | ".join(marks))
    table = (f'<table style="border-collapse:collapse;font-size:0.95rem;max-width:56rem">'
             f'<caption style="text-align:left;font-weight:700;padding-bottom:4px">{html.escape(caption)}</caption>'
             f'<thead><tr><th style="text-align:left">Play ↓ · on the table →</th>{head}</tr></thead>'
             f"<tbody>{''.join(body)}</tbody></table>")
    return Shown(table, "\n".join(lines), figures)


def classify_table(groups: Iterable[Any], caption: str = "What the engine says") -> Shown:
    """Each group of cards, and what it is (:meth:`Combo.describe`) or why it is no
    combination (:func:`cardkit.tienlen.why_illegal`).  Figures: ``{cards: kind or 'not a combination'}``."""
    rows, lines, figures = [], [caption], {}
    for g in groups:
        shown = cards_text(to_cards(g))
        combo = tl.classify(g)
        what = combo.describe() if combo else f"no combination: {tl.why_illegal(g)}"
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
        raise CardkitError("this hand has no legal play here")
    rows, left = [], {}
    for c in plays:
        rest = [x for x in cards if x not in c]
        n, split = fewest_plays(rest)
        left[str(c)] = n
        rows.append((c, rest, n, split))
    least = min(r[2] for r in rows)
    best_plays = [r[0] for r in rows if r[2] == least]
    best = min(best_plays, key=lambda c: c.top)
    where = str(tl.classify(previous)) if previous is not None else "an empty table"
    figures = {f"{k} on {where}": v for k, v in left.items()}
    figures[f"best on {where}"] = str(best)
    caption = caption or (f"Your answers to {tl.classify(previous)}" if previous is not None else "Your leads")
    lines = [caption, "Play | Cards left | Fewest plays to empty them"]
    body = []
    for c, rest, n, split in rows:
        how = " + ".join(str(s) for s in split) or "—"
        star = " ★" if mark_best and n == least else ""
        lines.append(f"{c}{star} | {cards_text(rest)} | {n}: {how}")
        body.append(f"<tr><td {_NOWRAP}><strong>{html.escape(str(c))}</strong>{star}</td>"
                    f"<td {_NOWRAP}>{html.escape(cards_text(rest))}</td>"
                    f"<td {_CELL}><strong>{n}</strong>: {html.escape(how)}</td></tr>")
    head = "".join(f"<th {_NOWRAP}>{h}</th>" for h in ("Play", "Cards left", "Fewest plays to empty them"))
    table = (f'<table style="border-collapse:collapse;font-size:0.95rem;max-width:56rem">'
             f'<caption style="text-align:left;font-weight:700;padding-bottom:4px">{html.escape(caption)}</caption>'
             f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")
    shown = Shown(table, "\n".join(lines), figures)
    shown.left, shown.best, shown.best_plays = left, str(best), [str(c) for c in best_plays]
    return shown
