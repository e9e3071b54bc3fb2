"""End to end by clicking, as a learner plays: the place for the game-table tests.

They need the game tables (cardkit.widgets) and the lessons that show them; until those
exist the tests below are skipped. When they land, each test should:

- Least Score: open the lesson with the Least Score table on a fixed deal
  (``voila.render_url(lesson, deal_query(seed))``), click cards and the discard/draw buttons
  until a player can declare, declare, and check that the score the page shows equals
  ``round_scores`` for that deal.
- Tiến Lên: open the table on a fixed deal, play (or pass) by clicking until the game ends,
  and check the finishing order and points shown against the engine's ``round_results``.

Use the fixtures in conftest.py (``voila``, ``open_page``) and the checks in
test_browser_lessons.py (no console errors, no off-machine requests, no error text).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.skip(reason="waits for the Least Score table widget and its lesson")
def test_play_a_least_score_round_to_a_declaration(voila, open_page):
    raise NotImplementedError


@pytest.mark.skip(reason="waits for the Tiến Lên table widget and its lesson")
def test_play_a_tien_len_game_to_its_end(voila, open_page):
    raise NotImplementedError
