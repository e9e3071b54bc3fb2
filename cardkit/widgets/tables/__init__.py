"""The game tables: a whole match against bots, in one widget.

* :class:`LeastScoreTable` (``least_score.py``) and :class:`TienLenTable`
  (``tienlen.py``) — one per game;
* ``base.py`` — what both share: the bots and their pace, the log, deal codes,
  the menus, the pause after each finished round or game.
"""

from .least_score import LeastScoreTable
from .tienlen import TienLenTable

__all__ = ["LeastScoreTable", "TienLenTable"]
