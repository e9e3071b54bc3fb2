"""A hand of cards to click, and a static row of cards.

:class:`Hand` is the learner's hand: every card is a real button, chosen by a click
or by the keyboard (Tab to a card, Space or Enter to choose it, the arrow keys to
move along).  Other code reads and sets ``hand.selected`` and can watch it::

    hand = Hand('AS 10H QD 10C 2C')
    hand.observe(lambda change: print(change['new']), names='selected')

The widget owns no rule of any game: the order of the cards (``sort_key``) and the
cards worth pointing out (``highlight``) are given by the caller.

:class:`CardRow` shows cards that are only looked at (the open cards, a trick on
the table, a revealed hand).

A face-down hand or row sends the browser only the *number* of cards: their
identities never leave Python.

How the browser talks to Python
-------------------------------
Both widgets use one ES module, ``static/cards.js``, which reads these synced traits:

Every word among them comes from Python, in the learner's language (the
catalogue, :mod:`cardkit.i18n`); ``cards.js`` writes none of its own.

``_faces``      list of ``{"key": "QH", "label": "Queen of hearts", "svg": "<svg…>"}``,
                one per card in display order; always ``[]`` for a face-down hand
``face_down``   bool; when true the view draws ``count`` copies of ``_back``
``count``       number of cards shown
``_back``       the SVG of a card's back (only set while face down)
``caption``     the visible caption: the title alone ("Player 2's hand")
``label``       the row's accessible name, read and not shown: title and count
                ("Player 2's hand: 5 cards face down")
``card_width``  CSS pixels per card
``_interactive`` true for ``Hand`` (cards are buttons), false for ``CardRow``
``selected``    (Hand) list of card codes currently selected
``_marked``     (Hand) list of card codes to highlight
``highlight_text`` (Hand) what a highlight means, e.g. "can be played"
``disabled``    (Hand) bool
``notice``, ``_notice_n`` (Hand) a short note shown in a polite live region
                (``_notice_n`` grows by one each time, to repeat a note)
``key_hint``    (Hand) the keys, written under the cards ('' for none)

and sends one message, ``{"type": "toggle", "key": "QH"}``, when a card is clicked
or Space / Enter is pressed on it.  Python decides (``Hand.toggle``) and updates
``selected``; the browser never changes ``selected`` itself.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Iterable, Optional, Union

import anywidget
import traitlets
from traitlets import Bool, Dict, Int, List, Unicode, observe, validate

from ..cards import Card, cards_text, to_cards
from ..errors import CardkitError
from ..i18n import Message, capitalised, current_locale, render, say
from ..svg import BACK_LABEL, back_svg, card_svg
from .frontend import STATIC, ModuleWidget, register_module
from .guard import FrontEndGuard, WidgetError

__all__ = ["Hand", "CardRow", "Words", "KEY_HINT"]

CardsLike = Union[str, Card, Iterable[Union[Card, str]]]


def _face(card: Card, four_colour: bool) -> dict:
    return _face_in(card, four_colour, current_locale())


@lru_cache(maxsize=None)
def _face_in(card: Card, four_colour: bool, language: str) -> dict:
    return {"key": card.code, "label": _card_name(card, language),
            "svg": card_svg(card, 100, four_colour=four_colour)}


def _card_name(card: Card, language: str) -> str:
    """A card's name as a screen reader reads it: 'Queen of hearts' (the catalogue's words)."""
    return render(capitalised(say("card.name", rank=say(f"card.rank.r{int(card.rank)}"),
                                  suit=say(f"card.suit.{card.suit.name.lower()}"))), language)


_BACK = back_svg(100, label=BACK_LABEL)

#: The keys of a hand, written under its cards (a message: shown in the learner's language).
KEY_HINT: Message = say("hand.keys")


class Words(Unicode):
    """A trait of words shown on the page: plain text, or a
    :class:`~cardkit.i18n.Message` — kept as its sentence in the learner's
    language (the page is sent text, never a code)."""

    def validate(self, obj: Any, value: Any) -> Any:
        if isinstance(value, Message):
            value = render(value)
        return super().validate(obj, value)


def _cards_to_json(value: Any, widget: Any) -> list:
    return [c.code for c in value or ()]


def _cards_from_json(value: Any, widget: Any) -> tuple:
    if not isinstance(value, (list, tuple)) or not all(isinstance(code, str) for code in value):
        raise WidgetError(say("hand.error.page_cards"))
    try:
        return tuple(Card.parse(code) for code in value)
    except CardkitError as exc:
        raise WidgetError(exc.message or str(exc)) from exc


class _CardsValue(traitlets.Any):
    """A trait holding cards (or groups of cards); None means none."""

    allow_none = False
    info_text = "cards"

    def validate(self, obj: Any, value: Any) -> Any:
        return () if value is None else value


def _amount(n: int) -> Message:
    return say("hand.no_cards") if n == 0 else say("count.cards", n=n)


register_module("cards", STATIC / "cards.js", STATIC / "cards.css")


class _CardsWidget(FrontEndGuard, ModuleWidget, anywidget.AnyWidget):
    """What :class:`Hand` and :class:`CardRow` share: the cards, their faces, the caption."""

    _module = Unicode("cards").tag(sync=True)
    _default_title = "hand.title.cards"   # the message code of the caption's start when no title is given

    # --- what the browser sees (see static/cards.js) ---
    _interactive = Bool(False).tag(sync=True)
    _faces = List(Dict()).tag(sync=True)
    _back = Unicode("").tag(sync=True)
    caption = Words("", help="The caption shown above the cards: the title (the count is on the page's scoreboard "
                             "or in the row itself).").tag(sync=True)
    label = Words("", help="The row's name for screen readers: the title and the count, e.g. "
                           "\"Player 2's hand: 5 cards face down\" (not shown).").tag(sync=True)
    count = Int(0, help="How many cards are shown.").tag(sync=True)
    face_down = Bool(False, help="Show only the backs; the cards never reach the browser.").tag(sync=True)
    four_colour = Bool(False, help="♠ black, ♥ red, ♦ blue, ♣ green.").tag(sync=True)
    card_width = Int(72, help="Width of one card, in CSS pixels.").tag(sync=True)

    # --- Python only ---
    title = Words("", help="The start of the caption, e.g. 'Open cards' or \"Player 2's hand\".")
    cards = _CardsValue((), help="The cards, as a tuple of Card (set it to anything to_cards reads).")
    sort_key = traitlets.Any(None, allow_none=True, help="A function card -> sort value, or None to keep the given order.")

    def _setup(self, cards: Any, face_down: bool, count: Optional[int], title: Optional[Union[str, Message]],
               sort_key: Any, four_colour: bool, card_width: int) -> None:
        self.face_down = bool(face_down)  # first, so no face is ever computed for a hidden hand
        self.four_colour = bool(four_colour)
        self.card_width = card_width
        self.title = title or ""
        self.sort_key = sort_key
        self.cards = cards if cards is not None else ()
        if count is not None:
            self.count = count
        self._ready = True  # from now on every change is passed to the browser

    # --- validation ---
    @validate("cards")
    def _check_cards(self, proposal: dict) -> tuple:
        cards = to_cards(proposal["value"] if proposal["value"] is not None else ())
        key = self.sort_key
        if key is not None:
            try:
                cards = sorted(cards, key=key)
            except Exception as exc:  # a learner's sort key may fail
                raise WidgetError(say("hand.error.sort_key_failed", reason=str(exc))) from exc
        return tuple(cards)

    @validate("sort_key")
    def _check_sort_key(self, proposal: dict) -> Any:
        key = proposal["value"]
        if key is not None and not callable(key):
            raise WidgetError(say("hand.error.sort_key"))
        return key

    @validate("count")
    def _check_count(self, proposal: dict) -> int:
        n = proposal["value"]
        if n < 0:
            raise WidgetError(say("hand.error.count", n=n))
        if n != len(self.cards) and (self.cards or not self.face_down):
            raise WidgetError(say("hand.error.count_follows", n=len(self.cards)))
        return n

    @validate("card_width")
    def _check_width(self, proposal: dict) -> int:
        w = proposal["value"]
        if not 20 <= w <= 400:
            raise WidgetError(say("hand.error.card_width", n=w))
        return w

    # --- keeping the browser's copy up to date ---
    @observe("sort_key")
    def _on_sort_key(self, change: dict) -> None:
        self.cards = self.cards  # sorted again by the validator

    @observe("cards", "face_down")
    def _on_cards(self, change: dict) -> None:
        if self.cards or not self.face_down:
            self.count = len(self.cards)
        self._after_cards_change()
        self._refresh()

    @observe("four_colour", "title", "count")
    def _on_look(self, change: dict) -> None:
        self._refresh()

    def _after_cards_change(self) -> None:
        """Hook for subclasses (a hand drops selected cards it no longer holds)."""

    def _refresh(self) -> None:
        if not getattr(self, "_ready", False):
            return  # still in __init__; _setup ends with a refresh
        with self.hold_sync():
            if self.face_down:
                self._faces = []
                self._back = _BACK
            else:
                self._faces = [_face(c, self.four_colour) for c in self.cards]
                self._back = ""
            self.caption = self.title or say(self._default_title)
            self.label = self._make_label()
            self._refresh_extra()

    def _refresh_extra(self) -> None:
        """Hook for subclasses."""

    def _make_label(self) -> Message:
        title = self.title or say(self._default_title)
        code = "hand.caption_face_down" if self.face_down and self.count else "hand.caption"
        return say(code, title=title, amount=_amount(self.count))

    def __repr__(self) -> str:
        name = type(self).__name__
        if self.face_down or not self.cards:
            return f"{name}({self.label})"
        return f"{name}({self.label} — {cards_text(self.cards)})"


class Hand(_CardsWidget):
    """A hand of cards the learner chooses from, by mouse, touch or keyboard.

    ``hand.selected`` is the tuple of chosen cards (in the hand's order); set it,
    or watch it with ``hand.observe(callback, names='selected')``.  ``hand.cards``
    can be set at any time (chosen cards that leave the hand are dropped).

    Options:

    * ``owner`` — "Player 2" gives the caption "Player 2's hand", read out as
      "Player 2's hand: 5 cards" (``title`` sets the caption freely; the default is "Your hand").
    * ``face_down=True`` — only backs are shown, read out as "Player 2's hand:
      5 cards face down"; the browser is sent the number of cards and nothing else.
      Give ``count=5`` instead of the cards when they are not known.
    * ``sort_key`` — a function card -> value that orders the cards (each game has
      its own order; ``None`` keeps the order given).
    * ``highlight`` — cards or groups of cards to point out (e.g. every legal
      play): each such card gets a dashed frame, a ★ underneath and the words of
      ``highlight_text`` ("can be played") for screen readers.  With
      ``highlight_follows_selection=True`` only groups containing every chosen card
      are pointed out.
    * ``disabled=True`` — the learner cannot choose (clicks are refused with the
      note ``disabled_reason``); code can still set ``selected``.
    * ``max_selected`` — at most this many cards may be chosen; with 1, choosing a
      card replaces the previous choice.
    * ``four_colour``, ``card_width`` — the look.
    """

    _default_title = "hand.title.yours"
    _interactive = Bool(True).tag(sync=True)
    # the page may choose cards (checked against the hand); every other trait is Python's
    _front_end_may_set = frozenset({"selected"})

    selected = _CardsValue((), help="The chosen cards, a tuple of Card in the hand's order.").tag(
        sync=True, to_json=_cards_to_json, from_json=_cards_from_json
    )
    disabled = Bool(False, help="True: the learner cannot choose cards now.").tag(sync=True)
    max_selected = Int(None, allow_none=True, help="At most this many chosen cards (None: no limit).").tag(sync=True)
    highlight_text = Words("", help="What a highlight means, read out and shown in the caption.").tag(sync=True)
    notice = Words("", help="A short note shown under the cards (e.g. why a click was refused).").tag(sync=True)
    key_hint = Words("", help="The keys, written under the cards ('' for none).").tag(sync=True)
    _marked = List(Unicode()).tag(sync=True)
    _notice_n = Int(0).tag(sync=True)

    highlight = _CardsValue((), help="Groups of cards to point out: a tuple of tuples of Card.")
    highlight_follows_selection = Bool(False, help="Point out only the groups that contain every chosen card.")
    disabled_reason = Words("", help="The note shown when a click is refused ('' : the usual one).")

    def __init__(
        self,
        cards: CardsLike = (),
        *,
        owner: Optional[Union[str, Message]] = None,
        title: Optional[Union[str, Message]] = None,
        selected: CardsLike = (),
        face_down: bool = False,
        count: Optional[int] = None,
        sort_key: Optional[Callable[[Card], Any]] = None,
        highlight: Any = (),
        highlight_text: Optional[Union[str, Message]] = None,
        highlight_follows_selection: bool = False,
        disabled: bool = False,
        disabled_reason: Optional[Union[str, Message]] = None,
        max_selected: Optional[int] = None,
        four_colour: bool = False,
        card_width: int = 72,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        if title is None and owner:
            title = say("hand.title.owner", owner=owner)
        with self.hold_sync():
            self.key_hint = KEY_HINT
            self.max_selected = max_selected
            self.disabled = bool(disabled)
            self.disabled_reason = disabled_reason or say("hand.disabled")
            self.highlight_text = highlight_text if highlight_text is not None else say("hand.can_be_played")
            self.highlight_follows_selection = bool(highlight_follows_selection)
            self._setup(cards, face_down, count, title, sort_key, four_colour, card_width)
            self.selected = selected
            self.highlight = highlight
            self._refresh()
        self.on_msg(self._on_front_end_message)

    # --- validation ---
    @validate("max_selected")
    def _check_max(self, proposal: dict) -> Optional[int]:
        n = proposal["value"]
        if n is not None and n < 1:
            raise WidgetError(say("hand.error.max_selected", n=n))
        if n is not None and len(self.selected) > n:
            raise WidgetError(say("hand.error.max_below_chosen", chosen=len(self.selected), n=n))
        return n

    @validate("selected")
    def _check_selected(self, proposal: dict) -> tuple:
        value = proposal["value"]
        chosen = to_cards(value if value is not None else ())
        if chosen and self.face_down:
            raise WidgetError(say("hand.error.face_down"))
        held = set(self.cards)
        missing = [c for c in chosen if c not in held]
        if missing:
            raise WidgetError(say("hand.error.not_held", cards=tuple(missing), n=len(missing)))
        if self.max_selected is not None and len(chosen) > self.max_selected:
            raise WidgetError(say("hand.error.at_most", n=self.max_selected))
        wanted = set(chosen)
        return tuple(c for c in self.cards if c in wanted)

    @validate("highlight")
    def _check_highlight(self, proposal: dict) -> tuple:
        value = proposal["value"]
        if value is None:
            return ()
        if isinstance(value, (str, Card)) or (hasattr(value, "cards") and not callable(getattr(value, "cards"))):
            groups = [value]
        else:
            try:
                groups = list(value)
            except TypeError:
                raise WidgetError(say("hand.error.highlight", kind=type(value).__name__)) from None
        return tuple(tuple(to_cards(g)) for g in groups)

    # --- reactions ---
    def _after_cards_change(self) -> None:
        if not getattr(self, "_ready", False):
            return
        held = set(self.cards)
        if any(c not in held for c in self.selected) or self.face_down:
            kept = () if self.face_down else tuple(c for c in self.selected if c in held)
            self.selected = kept
        elif self.selected:
            # keep the hand's order after a re-sort
            self.selected = tuple(self.selected)  # the validator puts them in the hand's order

    @observe("highlight", "highlight_follows_selection")
    def _on_highlight(self, change: dict) -> None:
        self._refresh_extra()

    @observe("selected")
    def _on_selected(self, change: dict) -> None:
        if self.highlight_follows_selection:
            self._refresh_extra()

    def _refresh_extra(self) -> None:
        if not getattr(self, "_ready", False):
            return
        self._marked = [c.code for c in self.marked]

    @property
    def marked(self) -> tuple:
        """The cards now pointed out by ``highlight`` (in the hand's order)."""
        if self.face_down:
            return ()
        held = set(self.cards)
        groups = [set(g) for g in self.highlight if g and set(g) <= held]
        if self.highlight_follows_selection and self.selected:
            chosen = set(self.selected)
            groups = [g for g in groups if chosen <= g]
        union = set().union(*groups) if groups else set()
        return tuple(c for c in self.cards if c in union)

    # --- what a click does ---
    def toggle(self, card: Union[Card, str]) -> bool:
        """Choose ``card``, or un-choose it if chosen — exactly what a click or a
        Space/Enter on the card does.  Returns True if the choice changed.

        The learner's click is refused (with a note under the cards, and False
        returned) when the hand is face down or ``disabled``, or when
        ``max_selected`` cards are chosen already.  A card that is not in the hand
        raises :class:`~cardkit.CardkitError`.
        """
        if isinstance(card, str):
            card = Card.parse(card)
        if not isinstance(card, Card):
            raise CardkitError(say("hand.error.toggle", kind=type(card).__name__))
        if self.face_down:
            self.say(say("hand.face_down_refused"))
            return False
        if card not in self.cards:
            raise CardkitError(say("hand.error.not_held", cards=(card,), n=1))
        if self.disabled:
            self.say(self.disabled_reason or say("hand.disabled"))
            return False
        chosen = list(self.selected)
        if card in chosen:
            chosen.remove(card)
        elif self.max_selected == 1:
            chosen = [card]
        elif self.max_selected is not None and len(chosen) >= self.max_selected:
            self.say(say("hand.at_most_refused", n=self.max_selected))
            return False
        else:
            chosen.append(card)
        with self.hold_sync():
            self.notice = ""
            self.selected = chosen
        return True

    def select(self, cards: CardsLike) -> None:
        """Make ``cards`` the chosen cards (same as setting ``hand.selected``)."""
        self.selected = cards

    def clear_selection(self) -> None:
        """Un-choose every card."""
        self.selected = ()

    def say(self, text: Union[str, Message]) -> None:
        """Show a short note under the cards (read out politely by screen readers)."""
        with self.hold_sync():
            self.notice = text if isinstance(text, Message) else str(text)
            self._notice_n += 1

    def _on_front_end_message(self, widget: Any, content: Any, buffers: Any) -> None:
        """A message from the browser: ``{"type": "toggle", "key": "QH"}``."""
        if not isinstance(content, dict) or content.get("type") != "toggle":
            return
        try:
            self.toggle(str(content.get("key", "")))
        except CardkitError:
            # A stale click (the card left the hand meanwhile): say so, change nothing.
            self.say(say("hand.stale_click"))

    def __repr__(self) -> str:
        text = super().__repr__()
        if self.selected and not self.face_down:
            text = text[:-1] + f"; {render(say('hand.chosen', cards=tuple(self.selected)))})"
        return text


class CardRow(_CardsWidget):
    """A row of cards that are only looked at, with a caption.

    ``CardRow('7C 8C 9C', title='Open cards')`` shows "Open cards: 3 cards" over the
    three cards; ``row.cards = …`` changes them.  ``face_down=True`` shows backs
    only (give ``count`` when the cards are not known, as for the deck); the
    browser then receives the number of cards and nothing else.
    """

    def __init__(
        self,
        cards: CardsLike = (),
        *,
        title: Optional[Union[str, Message]] = None,
        face_down: bool = False,
        count: Optional[int] = None,
        sort_key: Optional[Callable[[Card], Any]] = None,
        four_colour: bool = False,
        card_width: int = 60,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        with self.hold_sync():
            self._setup(cards, face_down, count, title, sort_key, four_colour, card_width)
            self._refresh()
