"""What makes the tables and checkers usable by every learner: a four-colour deck
switch, a labelled radio group, and a keeper of the keyboard focus.

* :class:`FourColourSwitch` — a checkbox "Four-colour deck" that the learner turns on
  or off; the choice is remembered in the learner's browser (``localStorage`` key
  ``cardkit:four-colour``) and applied to every switch on the page.
* :class:`ChoiceGroup` — one labelled group of radio buttons (``role="radiogroup"``):
  one Tab stop, the arrow keys move between the options.
* :class:`FocusKeeper` — an invisible part of a game table that moves the focus where
  the learner's next move is (the result and **Next round** after a declaration, the
  hand after a new round) and never lets it fall to the page.  It also carries the
  tables' stylesheet (focus rings, colours, the phone layout).

How the browser talks to Python
-------------------------------
``FourColourSwitch`` (``static/switch.js``): ``value`` (bool, synced both ways),
``label``.  ``ChoiceGroup`` (``static/choice.js``): ``_labels`` (the options' words),
``index`` (the chosen option, −1 for none; synced both ways), ``label``, ``key_hint``
(the keys, written under the options), ``disabled``.  ``FocusKeeper``
(``static/keeper.js``): Python sends ``{"type": "focus", "target": "next" | "hand"}``;
the browser moves the focus only while the learner works at this table (the focus
is inside it, or has just fallen out of it to the page).  Every word the browser
shows comes from Python, in the learner's language.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import anywidget
import traitlets
from traitlets import Bool, Int, List, Unicode, observe, validate

from ..errors import CardkitError
from ..i18n import Message, render, say
from .frontend import STATIC, stylesheet
from .guard import FrontEndGuard, WidgetError
from .hand import Words

__all__ = ["FourColourSwitch", "ChoiceGroup", "FocusKeeper", "FOUR_COLOUR_KEY", "FOCUS_TARGETS"]

#: The key under which the learner's browser remembers the four-colour choice.
FOUR_COLOUR_KEY = "cardkit:four-colour"
#: Where a :class:`FocusKeeper` can send the focus: the result's **Next round** (or
#: **Play again**) button, **Finish** once the learner is out, the learner's hand, or the
#: safe answer of an "are you sure?".
FOCUS_TARGETS = ("next", "finish", "hand", "confirm")

_TABLE_CSS = stylesheet(STATIC / "table.css")


class FourColourSwitch(FrontEndGuard, anywidget.AnyWidget):
    """A learner-facing switch for the four-colour deck (♠ black, ♥ red, ♦ blue,
    ♣ teal green; the suit symbols stay as they are).

    ``switch.value`` is True while it is on; watch it with
    ``switch.observe(callback, names='value')``.  In the browser the learner's last
    choice (kept under :data:`FOUR_COLOUR_KEY`) wins over the ``value`` given here,
    and turning one switch turns every switch on the page.
    """

    _esm = STATIC / "switch.js"
    _css = _TABLE_CSS
    value = Bool(False, help="True: the cards are drawn in four colours.").tag(sync=True)
    _front_end_may_set = frozenset({"value"})   # the learner's tick; nothing else
    label = Words("", help="The words beside the checkbox.").tag(sync=True)
    storage_key = Unicode(FOUR_COLOUR_KEY, help="Where the browser remembers the choice.").tag(sync=True)

    def __init__(self, value: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if not self.label:
            self.label = say("access.four_colour")
        self.value = bool(value)

    def __repr__(self) -> str:
        state = render(say("access.four_colour_on" if self.value else "access.four_colour_off"))
        return f"{type(self).__name__}({state})"


class ChoiceGroup(FrontEndGuard, anywidget.AnyWidget):
    """One labelled group of radio buttons: ``ChoiceGroup([('the deck', 'deck'),
    ('7♣ from the open cards', card)], label='Then take:')``.

    ``options`` is a list of ``(words, value)`` pairs; ``value`` is the chosen
    option's value (None when there is no option).  Setting ``options`` keeps the
    chosen value when it is still offered.  In the browser the group is one Tab stop
    and the arrow keys move between the options (``role="radiogroup"``, named by
    ``label``); the keys are written under the options.
    """

    _esm = STATIC / "choice.js"
    _css = _TABLE_CSS
    _labels = List(Unicode()).tag(sync=True)
    index = Int(-1, help="The chosen option's place in options (−1: none).").tag(sync=True)
    label = Words("", help="The group's name, shown before the options.").tag(sync=True)
    key_hint = Words("", help="The keys, shown under the options.").tag(sync=True)
    disabled = Bool(False, help="True: the options cannot be chosen now.").tag(sync=True)
    _front_end_may_set = frozenset({"index"})   # the learner's choice, checked below

    @validate("index")
    def _check_index(self, proposal: dict) -> int:
        i = proposal["value"]
        if not -1 <= i < len(self.options):
            raise WidgetError(say("access.error.option_number", n=i))
        return i

    options = traitlets.List(help="The options, a list of (words, value) pairs.")
    value = traitlets.Any(None, allow_none=True, help="The chosen option's value.")

    def __init__(self, options: Sequence[tuple[Any, Any]] = (), *, label: Any = "", value: Any = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if not self.key_hint:
            self.key_hint = say("access.choice_keys")
        self.label = label
        self.options = list(options)
        if value is not None:
            self.value = value

    @validate("options")
    def _check_options(self, proposal: dict) -> list:
        out = []
        for item in proposal["value"]:
            if not (isinstance(item, (tuple, list)) and len(item) == 2):
                raise CardkitError(say("access.error.option_pair", value=repr(item)))
            words = render(item[0]) if isinstance(item[0], Message) else str(item[0])
            out.append((words, item[1]))
        return out

    @validate("value")
    def _check_value(self, proposal: dict) -> Any:
        value = proposal["value"]
        values = [v for _, v in self.options]
        if value is None and not values:
            return None
        if value not in values:
            words = ", ".join(repr(v) for v in values) or say("access.error.no_options")
            raise CardkitError(say("access.error.not_an_option", value=repr(value), options=words))
        return value

    @observe("options")
    def _on_options(self, change: dict) -> None:
        values = [v for _, v in self.options]
        old = self.value
        with self.hold_sync():
            self._labels = [w for w, _ in self.options]
            if old in values:
                self.index = values.index(old)
            elif values:
                self.value = values[0]
            else:
                self.value = None
                self.index = -1

    @observe("value")
    def _on_value(self, change: dict) -> None:
        values = [v for _, v in self.options]
        self.index = values.index(self.value) if self.value in values else -1

    @observe("index")
    def _on_index(self, change: dict) -> None:
        i = change["new"]
        if 0 <= i < len(self.options) and self.options[i][1] != self.value:
            self.value = self.options[i][1]

    def __repr__(self) -> str:
        chosen = next((w for w, v in self.options if v == self.value), None)
        shown = chosen or render(say("access.nothing_chosen"))
        return f"{type(self).__name__}({self.label} {shown})" if self.label else f"{type(self).__name__}({shown})"


class FocusKeeper(FrontEndGuard, anywidget.AnyWidget):
    """An invisible part of a game table (give the table the class ``ck-table``) that
    keeps the keyboard focus at the table: ``keeper.focus('next')`` moves it to the
    result's **Next round** / **Play again** button, ``keeper.focus('hand')`` to the
    learner's hand (the hand with the class ``ck-my-hand``).  The browser moves the
    focus only while the learner works at this table, and whenever the focused part
    of the table is hidden or disabled it moves the focus to the part that takes the
    learner's next move, never to the page."""

    _esm = STATIC / "keeper.js"
    _css = _TABLE_CSS

    def focus(self, target: str) -> None:
        """Ask the browser to move the focus to ``target`` (one of :data:`FOCUS_TARGETS`)."""
        if target not in FOCUS_TARGETS:
            raise CardkitError(say("access.error.focus", targets=", ".join(FOCUS_TARGETS), value=repr(target)))
        self.send({"type": "focus", "target": target})

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
