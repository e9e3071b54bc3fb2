"""The game tables without a screen: one match controller per game.

* :class:`~cardkit.tables.match.MatchController` (``match.py``) — what both tables do: whose
  turn, the learner's move checked and applied (one flow for both games), the bots' moves one
  at a time, the record a browser keeps and its replay, the "are you sure?" question, the
  coach's notes and the scoreboard, all said as messages (codes and values);
* :class:`LeastScoreMatch` (``least_score.py``) and :class:`TienLenMatch` (``tienlen.py``);
* ``record.py`` — the check a kept match passes when it comes back from a browser.

The widgets in :mod:`cardkit.widgets.tables` show a controller; tests drive it directly.
"""

from .least_score import DECK, LeastScoreMatch
from .match import HUMAN, MatchController, ShownMessage, bot_rng, resolve_bots, table_key
from .record import MAX_MOVES, check_record
from .tienlen import TienLenMatch

__all__ = ["HUMAN", "DECK", "MatchController", "LeastScoreMatch", "TienLenMatch", "ShownMessage", "bot_rng",
           "resolve_bots", "table_key", "check_record", "MAX_MOVES"]
