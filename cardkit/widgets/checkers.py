"""Combo checkers: choose cards, and be told at once what they make.

* :class:`LeastScoreChecker` — is this a legal Least Score discard, and which kind
  ("run of three", "pair of kings")?  If not, why not.
* :class:`TienLenChecker` — which Tiến Lên combination is this ("double sequence of
  three pairs, 7 to 9 — a bomb"), and does it beat the play on the table?

Both have a "Show me every legal …" button that points out every legal group in the
hand (a dashed frame and a ★ under each card) and lists them in words.  Every
verdict comes from the engine (:func:`cardkit.least_score.discard_kind`,
:func:`~cardkit.least_score.why_illegal`, :func:`~cardkit.least_score.legal_discards`;
:func:`cardkit.tienlen.classify`, :func:`~cardkit.tienlen.why_illegal`,
:func:`~cardkit.tienlen.beats`, :func:`~cardkit.tienlen.why_not_beats`,
:func:`~cardkit.tienlen.legal_plays`); the widgets check no rule themselves.

::

    LeastScoreChecker('AC 2D 3S 9H 9C')
    TienLenChecker('7S 7C 8D 8H 9S 9H 2C', previous='2H')

Every word is a message of the catalogue (:mod:`cardkit.i18n`), rendered in the
learner's language where it meets the page: :func:`least_score_judgement` and
:func:`tienlen_judgement` give a verdict as ``(legal, message)``, and
:func:`least_score_verdict` / :func:`tienlen_verdict` the same with the message's
sentence.  The engine's reasons are values of those messages.
"""

from __future__ import annotations

import html
from typing import Any, Optional, Sequence

from . import guard as widgets

from .. import least_score as ls
from .. import tienlen as tl
from ..cards import Card, cards_text, to_cards
from ..errors import CardkitError
from ..i18n import Message, capitalised, number_word, render, say
from .access import FourColourSwitch
from .hand import Hand
from .messages import StatusMessage, safe_callback

__all__ = [
    "LeastScoreChecker",
    "TienLenChecker",
    "least_score_verdict",
    "tienlen_verdict",
    "least_score_judgement",
    "tienlen_judgement",
    "discard_name",
    "discard_message",
    "least_score_sections",
    "tienlen_sections",
    "legal_list_html",
    "house_rules_html",
]

_TL_HEADINGS = {
    "single": "checkers.heading.singles",
    "pair": "checkers.heading.pairs",
    "triple": "checkers.heading.triples",
    "four_of_a_kind": "checkers.heading.four_of_a_kind_bomb",
    "sequence": "checkers.heading.sequences",
    "double_sequence": "checkers.heading.double_sequences",
}
"""The message code of each Tiến Lên kind's heading in the list of legal plays."""

_LS_HEADINGS = {
    "single": "checkers.heading.singles",
    "pair": "checkers.heading.pairs",
    "four_of_a_kind": "checkers.heading.four_of_a_kind",
    "flush": "checkers.heading.flushes",
    "run": "checkers.heading.runs",
}
"""The message code of each Least Score kind's heading in the list of legal discards."""

Judgement = tuple[Optional[bool], Message]
"""A checker's verdict: legal (True/False, None when no card is chosen) and what to say."""


def _start(value: Any) -> Any:
    """A name (a message) as the start of a sentence: rendered when the sentence is, in
    the language it is shown in, with its first letter made a capital."""
    return capitalised(value)


# --- the words -----------------------------------------------------------------------

def discard_message(cards: Sequence[Card], rules: Optional[ls.Rules] = None,
                    capital: bool = False) -> Optional[Message]:
    """A Least Score discard named as a message — 'run of three', 'pair of kings',
    'flush of five hearts', 'single 7♣' (``capital``: 'Run of three', to start a
    sentence) — or None when the cards are not a legal discard (the kind comes from
    :func:`cardkit.least_score.discard_kind`)."""
    cards = list(to_cards(cards))
    kind = ls.discard_kind(cards, rules)
    if kind is None:
        return None
    code = f"checkers.{'capital' if capital else 'discard'}.{kind}"
    if kind == "single":
        return say(code, card=cards[0])
    if kind in ("pair", "four_of_a_kind"):
        return say(code, rank=say(f"checkers.ranks.r{int(cards[0].rank)}"))
    if kind == "run":
        return say(code, n=number_word(len(cards)))
    return say(code, suit=say(f"card.suit.{cards[0].suit.name.lower()}"))  # 'flush'


def discard_name(cards: Sequence[Card], rules: Optional[ls.Rules] = None) -> Optional[str]:
    """A Least Score discard in words — ``'run of three'``, ``'pair of kings'``,
    ``'flush of five hearts'``, ``'single 7♣'`` — or None when the cards are not a
    legal discard: the sentence of :func:`discard_message`."""
    name = discard_message(cards, rules)
    return None if name is None else render(name)


def least_score_judgement(cards: Any, rules: Optional[ls.Rules] = None) -> Judgement:
    """``(legal, message)`` for chosen cards in Least Score: legal True with the
    discard's name and worth, False with the engine's reason, None when no card is
    chosen."""
    cards = list(to_cards(cards))
    if not cards:
        return None, say("checkers.ls.choose")
    shown = tuple(ls.display_order(cards))
    name = discard_message(cards, rules, capital=True)
    if name is None:
        return False, say("checkers.ls.illegal", cards=shown, reason=ls.why_illegal(cards, rules))
    points = say("count.points", n=ls.hand_total(cards))
    if len(cards) == 1:
        return True, say("checkers.ls.legal", name=name, points=points)
    return True, say("checkers.ls.legal_shown", name=name, cards=shown, points=points)


def least_score_verdict(cards: Any, rules: Optional[ls.Rules] = None) -> tuple[Optional[bool], str]:
    """``(legal, text)`` for chosen cards in Least Score: ``(True, 'Run of three
    (A♣ 2♦ 3♠): a legal discard, worth 6 points.')``, ``(False, 'Not a legal discard:
    …the engine's reason…')``, or ``(None, …)`` when no card is chosen — the
    sentence of :func:`least_score_judgement`."""
    legal, message = least_score_judgement(cards, rules)
    return legal, render(message)


def tienlen_judgement(cards: Any, previous: Any = None, rules: Optional[tl.Rules] = None) -> Judgement:
    """``(legal, message)`` for chosen cards in Tiến Lên, on an empty table
    (``previous=None``) or against the combination on the table; ``legal`` is None
    when no card is chosen."""
    cards = list(to_cards(cards))
    if not cards:
        return None, say("checkers.tl.choose")
    combo = tl.classify(cards)
    if combo is None:
        return False, say("checkers.tl.not_combination", cards=tuple(tl.sort_hand(cards)),
                          reason=tl.why_illegal(cards))
    what = _start(combo.description)
    head: Any = what if len(combo) == 1 else say("checkers.tl.named", what=what, cards=tuple(combo.cards))
    if previous is None:
        return True, say("checkers.tl.lead", head=head)
    prev = tl.classify(previous)
    if prev is None:  # the caller's table is no combination: say so plainly
        raise CardkitError(say("checkers.tl.error.table", play=str(previous), reason=tl.why_illegal(previous)))
    why = tl.why_not_beats(combo, prev, rules)
    if why is None:
        code = "checkers.tl.beats_chop" if tl.is_chop(combo, prev, rules) else "checkers.tl.beats"
        return True, say(code, head=head, table=prev.description)
    return False, say("checkers.tl.does_not_beat", head=head, table=prev.description, reason=why)


def tienlen_verdict(cards: Any, previous: Any = None,
                    rules: Optional[tl.Rules] = None) -> tuple[Optional[bool], str]:
    """``(legal, text)`` for chosen cards in Tiến Lên, on an empty table
    (``previous=None``) or against the combination on the table:
    ``(True, 'Pair of kings (K♠ K♥): it beats the pair of 9s on the table.')`` or
    ``(False, '…the engine's reason…')``; ``(None, …)`` when no card is chosen —
    the sentence of :func:`tienlen_judgement`."""
    legal, message = tienlen_judgement(cards, previous, rules)
    return legal, render(message)


Sections = list[tuple[Message, list[str]]]
"""Legal groups under their headings: (heading message, the groups' cards as text)."""


def least_score_sections(groups: Sequence[Sequence[Card]], rules: Optional[ls.Rules] = None) -> Sections:
    """Legal Least Score discards grouped under headings ("Pairs", "Runs of three") —
    the list a checker and a table's hint show.  Each heading is a message; a kind
    is told apart by its code and values, never by its words."""
    out: dict[Message, list[str]] = {}
    for g in groups:
        kind = ls.discard_kind(g, rules)
        code = _LS_HEADINGS.get(kind, _LS_HEADINGS["run"])
        heading = say(code, n=number_word(len(g))) if code == _LS_HEADINGS["run"] else say(code)
        out.setdefault(heading, []).append(cards_text(g))
    return list(out.items())


def tienlen_sections(plays: Sequence[tl.Combo]) -> Sections:
    """Tiến Lên plays grouped under headings ("Pairs", "Sequences of three")."""
    out: dict[Message, list[str]] = {}
    for c in plays:
        code = _TL_HEADINGS[c.kind]
        if c.kind == "sequence":
            heading = say(code, n=number_word(len(c)))
        elif c.kind == "double_sequence":
            heading = say(code, n=number_word(len(c) // 2))
        else:
            heading = say(code)
        out.setdefault(heading, []).append(str(c))
    return list(out.items())


def legal_list_html(sections: Sections, empty: Any) -> str:
    """The list of legal groups under their headings, as HTML (``empty``, words or a
    message, when there is none)."""
    return _list_html(sections, empty)


def house_rules_html(rules: Any) -> str:
    """A line naming the house rules in use (from ``rules.house_rules()``), or ''."""
    notes = rules.house_rules() if rules is not None else []
    if not notes:
        return ""
    listed = "; ".join(_words(n) for n in notes)
    return (f"<div class='ck-house-rules'><b>{html.escape(render(say('checkers.house_rule')))}</b> "
            f"{html.escape(render(say('checkers.house_rules_list', rules=listed)))}</div>")


def _words(value: Any) -> str:
    return value if isinstance(value, str) else render(value)


def _list_html(sections: Sections, empty: Any) -> str:
    if not sections:
        return f"<p class='ck-legal-empty'>{html.escape(_words(empty))}</p>"
    parts = []
    for heading, items in sections:
        head = render(say("checkers.heading_count", heading=heading, n=len(items)))
        parts.append(f"<div class='ck-legal-kind'><b>{html.escape(head)}</b> " + html.escape(", ".join(items))
                     + "</div>")
    return "<div class='ck-legal-list'>" + "".join(parts) + "</div>"


# --- the widgets ---------------------------------------------------------------------

class _Checker(widgets.VBox):
    """What both checkers share: a hand, a verdict, a button and a list."""

    _what = "play"
    _hand_sort_key: Any = None

    def __init__(self, hand: Any, *, four_colour: bool = False, card_width: int = 72, **kwargs: Any) -> None:
        self.hand = Hand(
            hand,
            sort_key=self._hand_sort_key,
            highlight_text=say(f"checkers.part_of.{self._what}"),
            highlight_follows_selection=True,
            four_colour=four_colour,
            card_width=card_width,
        )
        self.verdict = StatusMessage()
        self.show_button = widgets.Button(
            description=render(say(f"checkers.show.{self._what}")),
            tooltip=render(say(f"checkers.show_tip.{self._what}")),
            layout=widgets.Layout(width="auto"),
        )
        self.show_button.add_class("ck-show-legal")
        self.listing = widgets.HTML("", layout=widgets.Layout(max_height="14em", overflow="auto"))
        self.listing.add_class("ck-legal")
        # the learner's own four-colour switch (remembered by their browser)
        self.deck_switch = FourColourSwitch(value=four_colour)
        self.deck_switch.observe(safe_callback(self.verdict, lambda c: self._set_four_colour(c["new"])),
                                 names="value")
        self.show_button.layout.margin = "2px 14px 2px 0"
        tools = widgets.HBox([self.show_button, self.deck_switch],
                             layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.showing = False
        self.house = widgets.HTML(house_rules_html(getattr(self, "rules", None)))
        parts = [self.house] if self.house.value else []
        super().__init__(children=[*parts, self.hand, self.verdict, tools, self.listing], **kwargs)
        self.add_class("ck-checker")
        self.show_button.on_click(safe_callback(self.verdict, lambda _b: self.show_all(not self.showing)))
        self.hand.observe(safe_callback(self.verdict, lambda _c: self._update()), names="selected")
        self.hand.observe(safe_callback(self.verdict, lambda _c: self._refresh_list()), names="cards")
        self._update()

    # --- what code may use ---
    @property
    def selected(self) -> tuple:
        """The chosen cards (the same as ``checker.hand.selected``); may be set."""
        return self.hand.selected

    @selected.setter
    def selected(self, cards: Any) -> None:
        self.hand.selected = cards

    def select(self, cards: Any) -> None:
        """Choose these cards (as a click on each would)."""
        self.hand.selected = cards

    @property
    def text(self) -> str:
        """The verdict now shown."""
        return self.verdict.text

    @property
    def legal(self) -> bool | None:
        """True if the chosen cards are legal, False if not, None if no card is chosen."""
        return self._verdict()[0]

    @property
    def four_colour(self) -> bool:
        """True while the hand is drawn in four colours (the learner's switch)."""
        return self.hand.four_colour

    def _set_four_colour(self, on: bool) -> None:
        self.hand.four_colour = bool(on)

    def show_all(self, show: bool = True) -> None:
        """Point out every legal group in the hand and list them (``show=False``
        hides them again).  While a card is chosen, only the groups containing
        every chosen card are pointed out."""
        self.showing = bool(show)
        self._refresh_list()

    def legal_groups(self) -> list:
        """Every legal group in the hand, as the engine lists it."""
        raise NotImplementedError

    # --- inside ---
    def _verdict(self) -> Judgement:
        raise NotImplementedError

    def _sections(self, groups: list) -> Sections:
        raise NotImplementedError

    def _update(self) -> None:
        legal, message = self._verdict()
        kind = "info" if legal is None else ("success" if legal else "error")
        self.verdict.show(render(message), kind)

    def _refresh_list(self) -> None:
        if not self.showing:
            self.hand.highlight = ()
            self.listing.value = ""
            self.show_button.description = render(say(f"checkers.show.{self._what}"))
            return
        groups = self.legal_groups()
        self.hand.highlight = [tuple(g) for g in groups]
        self.listing.value = _list_html(self._sections(groups), say(f"checkers.none.{self._what}"))
        self.show_button.description = render(say(f"checkers.hide.{self._what}"))


class LeastScoreChecker(_Checker):
    """Choose cards from a Least Score hand: it says at once whether they are a
    legal discard and which kind ("run of three", "pair of kings"), or why not —
    in the engine's own words.

    ``LeastScoreChecker('AC 2D 3S 9H 9C')``; ``rules`` is a
    :class:`cardkit.least_score.Rules` (e.g. ``Rules(runs_one_suit=True)``).
    ``checker.selected = '9H 9C'`` chooses cards from code; ``checker.text`` is the
    verdict; ``checker.show_all()`` (the button) points out and lists every legal
    discard.
    """

    _what = "discard"
    _hand_sort_key = staticmethod(ls.sort_key)

    def __init__(self, hand: Any = (), rules: Optional[ls.Rules] = None, **kwargs: Any) -> None:
        if rules is not None and not isinstance(rules, ls.Rules):
            raise CardkitError(say("checkers.error.ls_rules", kind=type(rules).__name__))
        self.rules = rules
        super().__init__(hand, **kwargs)

    def legal_groups(self) -> list[tuple[Card, ...]]:
        """Every legal discard of the hand (:func:`cardkit.least_score.legal_discards`)."""
        return ls.legal_discards(self.hand.cards, self.rules)

    def _verdict(self) -> Judgement:
        return least_score_judgement(self.hand.selected, self.rules)

    def _sections(self, groups: list) -> Sections:
        return least_score_sections(groups, self.rules)


class TienLenChecker(_Checker):
    """Choose cards from a Tiến Lên hand: it says at once which combination they
    make ("pair of kings", "double sequence of three pairs, 7 to 9 — a bomb") and,
    with ``previous`` (the play on the table), whether they beat it — or why not,
    in the engine's own words.

    ``TienLenChecker('7S 7C 8D 8H 9S 9H 2C', previous='2H')``; set
    ``checker.previous`` to change the table (None: you lead).  ``rules`` is a
    :class:`cardkit.tienlen.Rules` (its house variants change what beats what).
    """

    _what = "play"
    _hand_sort_key = staticmethod(tl.card_key)

    def __init__(self, hand: Any = (), previous: Any = None, rules: Optional[tl.Rules] = None,
                 **kwargs: Any) -> None:
        if rules is not None and not isinstance(rules, tl.Rules):
            raise CardkitError(say("checkers.error.tl_rules", kind=type(rules).__name__))
        self.rules = rules
        self._previous = self._check_previous(previous)
        self.table = widgets.HTML("")
        self.table.add_class("ck-table-play")
        super().__init__(hand, **kwargs)
        self.children = (self.table,) + tuple(self.children)
        self._show_table()

    @staticmethod
    def _check_previous(previous: Any) -> Optional[tl.Combo]:
        if previous is None:
            return None
        combo = tl.classify(previous)
        if combo is None:
            raise CardkitError(say("checkers.tl.error.table_combination", reason=tl.why_illegal(previous)))
        return combo

    @property
    def previous(self) -> Optional[tl.Combo]:
        """The combination on the table (None when the table is clear and you lead)."""
        return self._previous

    @previous.setter
    def previous(self, value: Any) -> None:
        self._previous = self._check_previous(value)
        self._show_table()
        self._update()
        self._refresh_list()

    def _show_table(self) -> None:
        p = self._previous
        if p is None:
            head, rest = say("checkers.tl.table_clear"), say("checkers.tl.table_clear_rest")
        else:
            head, rest = say("checkers.tl.on_the_table"), say("checkers.tl.on_the_table_rest", play=tuple(p.cards),
                                                                what=p.description)
        self.table.value = f"<b>{html.escape(render(head))}</b> {html.escape(render(rest))}"

    def legal_groups(self) -> list[tl.Combo]:
        """Every legal play of the hand on the table (:func:`cardkit.tienlen.legal_plays`)."""
        return tl.legal_plays(self.hand.cards, self._previous, self.rules)

    def _verdict(self) -> Judgement:
        return tienlen_judgement(self.hand.selected, self._previous, self.rules)

    def _sections(self, groups: list) -> Sections:
        return tienlen_sections(groups)
