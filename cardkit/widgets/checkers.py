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
"""

from __future__ import annotations

import html
from typing import Any, Optional, Sequence

from . import guard as widgets

from .. import least_score as ls
from .. import tienlen as tl
from ..cards import Card, cards_text, to_cards
from ..errors import CardkitError
from ..words import number_word
from .access import FourColourSwitch
from .hand import Hand
from .messages import StatusMessage, safe_callback

__all__ = [
    "LeastScoreChecker",
    "TienLenChecker",
    "least_score_verdict",
    "tienlen_verdict",
    "discard_name",
    "least_score_sections",
    "tienlen_sections",
    "legal_list_html",
    "house_rules_html",
]

_TL_HEADINGS = {
    "single": "Singles",
    "pair": "Pairs",
    "triple": "Triples",
    "four_of_a_kind": "Four of a kind (a bomb)",
    "sequence": "Sequences of {n}",
    "double_sequence": "Double sequences of {p} pairs (bombs)",
}


# --- the words -----------------------------------------------------------------------

def discard_name(cards: Sequence[Card], rules: Optional[ls.Rules] = None) -> Optional[str]:
    """A Least Score discard in words — ``'run of three'``, ``'pair of kings'``,
    ``'flush of five hearts'``, ``'single 7♣'`` — or None when the cards are not a
    legal discard (the kind comes from :func:`cardkit.least_score.discard_kind`)."""
    cards = list(to_cards(cards))
    kind = ls.discard_kind(cards, rules)
    if kind is None:
        return None
    if kind == "single":
        return f"single {cards[0]}"
    if kind == "pair":
        return f"pair of {cards[0].rank.plural}"
    if kind == "four_of_a_kind":
        return f"four of a kind — all four {cards[0].rank.plural}"
    if kind == "run":
        return f"run of {number_word(len(cards))}"
    return f"flush of five {cards[0].suit.label}"  # 'flush'


def least_score_verdict(cards: Any, rules: Optional[ls.Rules] = None) -> tuple[Optional[bool], str]:
    """``(legal, text)`` for chosen cards in Least Score: ``(True, 'Run of three
    (A♣ 2♦ 3♠): a legal discard worth 6 points.')``, ``(False, 'Not a legal discard:
    …the engine's reason…')``, or ``(None, …)`` when no card is chosen."""
    cards = list(to_cards(cards))
    if not cards:
        return None, "Choose cards in the hand: this says at once whether they may be discarded together."
    name = discard_name(cards, rules)
    shown = cards_text(ls.display_order(cards))
    if name is None:
        return False, f"Not a legal discard ({shown}): {ls.why_illegal(cards, rules)}."
    points = ls.hand_total(cards)
    worth = f"{points} point{'s' if points != 1 else ''}"
    head = f"{name[0].upper()}{name[1:]}" + ("" if len(cards) == 1 else f" ({shown})")
    return True, f"{head}: a legal discard, worth {worth}."


def tienlen_verdict(cards: Any, previous: Any = None,
                    rules: Optional[tl.Rules] = None) -> tuple[Optional[bool], str]:
    """``(legal, text)`` for chosen cards in Tiến Lên, on an empty table
    (``previous=None``) or against the combination on the table:
    ``(True, 'Pair of kings (K♠ K♥) — beats the pair of 9s on the table.')`` or
    ``(False, '…the engine's reason…')``; ``(None, …)`` when no card is chosen."""
    cards = list(to_cards(cards))
    if not cards:
        return None, "Choose cards in the hand: this says at once which combination they make."
    combo = tl.classify(cards)
    if combo is None:
        shown = cards_text(tl.sort_hand(cards))
        return False, f"Not a combination ({shown}): {tl.why_illegal(cards)}."
    what = combo.describe()
    head = f"{what[0].upper()}{what[1:]}" + ("" if len(combo) == 1 else f" ({combo})")
    if previous is None:
        return True, f"{head}: a combination you may lead with."
    prev = tl.classify(previous)
    if prev is None:  # the caller's table is no combination: say so plainly
        raise CardkitError(f"the play on the table ({previous}) is no combination: {tl.why_illegal(previous)}")
    why = tl.why_not_beats(combo, prev, rules)
    if why is None:
        chop = " A chop!" if tl.is_chop(combo, prev, rules) else ""
        return True, f"{head}: it beats the {prev.describe()} on the table.{chop}"
    return False, f"{head} does not beat the {prev.describe()} on the table: {why}."


def least_score_sections(groups: Sequence[Sequence[Card]], rules: Optional[ls.Rules] = None) -> list[tuple[str, list[str]]]:
    """Legal Least Score discards grouped under headings ("Pairs", "Runs of three"), in
    words — the list a checker and a table's hint show."""
    out: dict[str, list[str]] = {}
    for g in groups:
        kind = ls.discard_kind(g, rules)
        heading = {"single": "Singles", "pair": "Pairs", "four_of_a_kind": "Four of a kind",
                   "flush": "Flushes"}.get(kind, f"Runs of {number_word(len(g))}")
        out.setdefault(heading, []).append(cards_text(g))
    return list(out.items())


def tienlen_sections(plays: Sequence[tl.Combo]) -> list[tuple[str, list[str]]]:
    """Tiến Lên plays grouped under headings ("Pairs", "Sequences of three"), in words."""
    out: dict[str, list[str]] = {}
    for c in plays:
        heading = _TL_HEADINGS[c.kind].format(n=number_word(len(c)), p=number_word(len(c) // 2))
        out.setdefault(heading, []).append(str(c))
    return list(out.items())


def legal_list_html(sections: list[tuple[str, list[str]]], empty: str) -> str:
    """The list of legal groups under their headings, as HTML (``empty`` when there is none)."""
    return _list_html(sections, empty)


def house_rules_html(rules: Any) -> str:
    """A line naming the house rules in use (from ``rules.house_rules()``), or ''."""
    notes = rules.house_rules() if rules is not None else []
    if not notes:
        return ""
    return ("<div class='ck-house-rules'><b>House rule in use:</b> " + html.escape("; ".join(notes)) + ".</div>")


def _list_html(sections: list[tuple[str, list[str]]], empty: str) -> str:
    if not sections:
        return f"<p class='ck-legal-empty'>{html.escape(empty)}</p>"
    parts = []
    for heading, items in sections:
        parts.append(
            f"<div class='ck-legal-kind'><b>{html.escape(heading)} ({len(items)}):</b> "
            + html.escape(", ".join(items)) + "</div>"
        )
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
            highlight_text=f"part of a legal {self._what}",
            highlight_follows_selection=True,
            four_colour=four_colour,
            card_width=card_width,
        )
        self.verdict = StatusMessage()
        self.show_button = widgets.Button(
            description=f"Show me every legal {self._what}",
            tooltip=f"Point out every legal {self._what} in this hand and list them",
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
    def _verdict(self) -> tuple[Optional[bool], str]:
        raise NotImplementedError

    def _sections(self, groups: list) -> list[tuple[str, list[str]]]:
        raise NotImplementedError

    def _update(self) -> None:
        legal, text = self._verdict()
        kind = "info" if legal is None else ("success" if legal else "error")
        self.verdict.show(text, kind)

    def _refresh_list(self) -> None:
        if not self.showing:
            self.hand.highlight = ()
            self.listing.value = ""
            self.show_button.description = f"Show me every legal {self._what}"
            return
        groups = self.legal_groups()
        self.hand.highlight = [tuple(g) for g in groups]
        self.listing.value = _list_html(self._sections(groups), f"There is no legal {self._what} here.")
        self.show_button.description = f"Hide the legal {self._what}s"


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
            raise CardkitError(f"rules must be a Least Score Rules(...), not {type(rules).__name__}")
        self.rules = rules
        super().__init__(hand, **kwargs)

    def legal_groups(self) -> list[tuple[Card, ...]]:
        """Every legal discard of the hand (:func:`cardkit.least_score.legal_discards`)."""
        return ls.legal_discards(self.hand.cards, self.rules)

    def _verdict(self) -> tuple[Optional[bool], str]:
        return least_score_verdict(self.hand.selected, self.rules)

    def _sections(self, groups: list) -> list[tuple[str, list[str]]]:
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
            raise CardkitError(f"rules must be a Tiến Lên Rules(...), not {type(rules).__name__}")
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
            raise CardkitError(f"the play on the table must be a combination: {tl.why_illegal(previous)}")
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
            self.table.value = "<b>The table is clear:</b> you lead, with any combination."
        else:
            self.table.value = f"<b>On the table:</b> {html.escape(str(p))} ({html.escape(p.describe())})."

    def legal_groups(self) -> list[tl.Combo]:
        """Every legal play of the hand on the table (:func:`cardkit.tienlen.legal_plays`)."""
        return tl.legal_plays(self.hand.cards, self._previous, self.rules)

    def _verdict(self) -> tuple[Optional[bool], str]:
        return tienlen_verdict(self.hand.selected, self._previous, self.rules)

    def _sections(self, groups: list) -> list[tuple[str, list[str]]]:
        return tienlen_sections(groups)
