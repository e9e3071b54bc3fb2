"""The classroom toolkit: what the lessons are built from.

* exercises that answer back at once — :class:`Quiz`, :class:`NumberQuiz`,
  :class:`CardQuiz` — and a :class:`Scoreboard` that counts them (``quiz.py``);
* numbers read and written as a learner types them (``numbers.py``);
* boxes, formulas, odds tables, plots and simulation explorers (``lesson.py``);
* each game's exercises and worked examples (``least_score.py``, ``tienlen.py``).

The classroom builds on :mod:`cardkit.widgets` (hands, messages) and the engine;
nothing in the widgets or the engine imports it.
"""

from .quiz import CardQuiz, Feedback, NumberQuiz, Quiz, Scoreboard

__all__ = ["Quiz", "NumberQuiz", "CardQuiz", "Scoreboard", "Feedback"]
