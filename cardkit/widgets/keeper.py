"""A match kept in the learner's browser, offered back after a reload.

:class:`MatchKeeper` sits at the top of every game table (see ``tables/base.py``). After each
move Python sends it the match as a *record* — the game, the deal code, the settings and the
learner's moves, enough to replay the match exactly (the bots' moves follow from the deal) —
and the page stores it in ``localStorage`` under ``cardkit:match:<game>:<slot>:<page path>``,
``slot`` naming the table on its page (two tables on one page keep two matches; see
:func:`cardkit.tables.table_key`). When the
page is opened again (a reload, a new kernel, a culled one) it sends back what it had stored;
the table offers it ("Resume your match — round 3, your turn") and replays it on request.

The record comes back from the browser, so it is checked like any input from the page
(:func:`cardkit.tables.check_record`): its size, the type of every field, and then every move
by the engine while replaying.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import anywidget
from traitlets import Bool, Dict, Unicode

from ..tables.record import MAX_MOVES, check_record
from .frontend import STATIC, ModuleWidget, register_module
from .guard import FrontEndGuard

__all__ = ["MatchKeeper", "MAX_MOVES", "check_record"]

register_module("match", STATIC / "match.js", STATIC / "match.css")


class MatchKeeper(FrontEndGuard, ModuleWidget, anywidget.AnyWidget):
    """The part of a table that keeps its match in the browser (see the module)."""

    _module = Unicode("match").tag(sync=True)

    game = Unicode("", help="The game's code name, part of the storage key.").tag(sync=True)
    slot = Unicode("", help="Which table of the page this is, part of the storage key (stable across a reload).").tag(sync=True)
    record = Dict(help="The match as the page stores it.").tag(sync=True)
    hold = Bool(False, help="True: the page keeps what it has stored (an offer is not answered yet).").tag(sync=True)
    offer = Unicode("", help="The offer shown ('' for none).").tag(sync=True)
    checked = Bool(False, help="True once the table has looked at what the page found (data-checked).").tag(sync=True)
    resume_label = Unicode("", help="The resume button's words (set with each offer).").tag(sync=True)
    dismiss_label = Unicode("", help="The other button's words (set with each offer).").tag(sync=True)

    def __init__(self, game: str, on_found: Callable[[Any], Any],
                 on_answer: Callable[[bool], Any], slot: str = "", **kwargs: Any) -> None:
        super().__init__(game=game, slot=slot, **kwargs)
        self._on_found = on_found
        self._on_answer = on_answer
        self.on_msg(self._message)

    def ask(self, text: str, resume_label: str, dismiss_label: str) -> None:
        """Offer a stored match; the page keeps it until the learner answers."""
        with self.hold_sync():
            self.hold = True
            self.resume_label = resume_label
            self.dismiss_label = dismiss_label
            self.offer = text

    def settle(self) -> None:
        """No offer any more: the page stores the match being played again."""
        with self.hold_sync():
            self.offer = ""
            self.hold = False

    def _message(self, widget: Any, content: Any, buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "found":
            # checked by the table (cardkit.tables.check_record): one that cannot be read is said so
            try:
                self._on_found(content.get("record"))
            finally:
                self.checked = True
        elif kind in ("resume", "dismiss") and self.offer:
            self._on_answer(kind == "resume")
