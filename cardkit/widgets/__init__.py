"""What a learner sees and clicks: hands of cards, rows of cards, messages.

Everything here runs in JupyterLab, the classic notebook and Voilà, with no
internet connection: the pictures are SVG made in Python (:mod:`cardkit.svg`) and
the browser code, real files in ``static/``, is sent to the page by anywidget
(:mod:`cardkit.widgets.frontend`).

* :class:`Hand` — cards to choose by click, touch or keyboard; ``hand.selected``.
* :class:`CardRow` — cards only to look at, with a caption (face down if need be).
* :class:`StatusMessage` — one message (info, success, warning, error) with an icon.
* :class:`EventLog` — the last few things that happened.
* :func:`safe_callback` — turns an error in a handler into a message, not a traceback.
* :class:`Pacer` — plays steps (bot moves) one at a time at a readable pace.
* :class:`LeastScoreChecker`, :class:`TienLenChecker` — choose cards, be told at
  once what they make or why they are not legal.
* :class:`LeastScoreTable`, :class:`TienLenTable` — a whole match against bots.

The exercises and the rest of the lesson toolkit are in :mod:`cardkit.classroom`,
which builds on these widgets; the widgets never import it.

The widgets own no rule of any game; they are told what to show.
"""

from .checkers import LeastScoreChecker, TienLenChecker
from .hand import CardRow, Hand
from .messages import EventLog, StatusMessage, error_text, safe_callback, show_error
from .pacer import Pacer
from .tables import LeastScoreTable, TienLenTable

__all__ = [
    "Hand",
    "CardRow",
    "StatusMessage",
    "EventLog",
    "safe_callback",
    "show_error",
    "error_text",
    "Pacer",
    "LeastScoreChecker",
    "TienLenChecker",
    "LeastScoreTable",
    "TienLenTable",
]
