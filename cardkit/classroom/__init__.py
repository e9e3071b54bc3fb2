"""The classroom toolkit: what the lessons are built from.

A lesson cell stays one or two lines because the work is done here::

    objectives(['Count hands exactly with C(n, k)', 'Check a count by simulation'])
    formula('P(flush)', ('4·C(13,5)', 'C(52,5)'), 4 * C(13, 5), C(52, 5))
    Quiz('How often is a pair dealt?', {...}, answer='About half the time', explain='...')
    summary(['…', '…'])

* ``quiz.py`` — exercises that answer back at once (:class:`Quiz`,
  :class:`NumberQuiz`, :class:`CardQuiz`) and a :class:`Scoreboard` that counts them;
* ``numbers.py`` — numbers read as a learner types them, and written as a lesson shows them;
* ``boxes.py`` — objectives, summary, note, a function's code (:class:`Shown`);
* ``formulas.py`` — a formula as on the board, beside its value;
* ``tables.py`` — tables of words and numbers, a tournament's results;
* ``chances.py`` — exact chances beside seeded simulations (``odds_table``);
* ``plots.py`` — captioned matplotlib plots; ``explorers.py`` — simulation sliders;
* ``least_score.py``, ``tienlen.py`` — each game's exercises and worked examples.

This package imports the light parts only: numpy and matplotlib load when a lesson
imports ``chances``, ``plots`` or ``explorers`` (the probability lessons).  The
classroom builds on :mod:`cardkit.widgets` and the engine; neither imports it.
"""

from .boxes import Shown, code_listing, note, objectives, summary
from .formulas import C, formula
from .numbers import fraction_text, num, pct
from .quiz import CardQuiz, Feedback, NumberQuiz, Quiz, Scoreboard
from .tables import shown_table, tournament_table

__all__ = [
    "Quiz",
    "NumberQuiz",
    "CardQuiz",
    "Scoreboard",
    "Feedback",
    "Shown",
    "objectives",
    "summary",
    "note",
    "code_listing",
    "C",
    "formula",
    "num",
    "pct",
    "fraction_text",
    "shown_table",
    "tournament_table",
]
