"""Our two games for the tools of the field: OpenSpiel, PettingZoo, and a search bot.

- :mod:`cardkit.adapters.openspiel` registers ``cardkit_least_score`` and
  ``cardkit_tienlen`` as OpenSpiel Python games (``pip install cardkit[openspiel]``).
- :mod:`cardkit.adapters.pettingzoo` gives the same games as PettingZoo AEC
  environments with action masks (``pip install cardkit[pettingzoo]``).
- :mod:`cardkit.adapters.search` is an information-set MCTS opponent built on
  OpenSpiel's own IS-MCTS, as a cardkit bot ``bot(observation, rng)``.

Both adapters share one core per game, plain Python with no library imported:
:mod:`~cardkit.adapters.least_score_round` (one round of Least Score) and
:mod:`~cardkit.adapters.tienlen_deal` (one game of Tiến Lên).  Each turn is spelt
out in small sub-moves (select a card, …, then take/draw, play or pass) whose
numbers mean the same in every state; the module docstrings give the tables.

Nothing here is imported by the rest of cardkit: the engine runs without it.
"""

__all__ = ["CHANCE"]

CHANCE = -2
"""What a core's ``current_player()`` returns while a card is dealt or drawn.  It is not
OpenSpiel's id for chance (-1, which is cardkit's :data:`~cardkit.game.TERMINAL`): the
OpenSpiel adapter turns the cores' ids into OpenSpiel's."""
