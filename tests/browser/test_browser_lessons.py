"""Every lesson, opened in a real browser from the web app (`make app`'s configuration).

The list of lessons is read from ``lessons/`` when the tests are collected, so a new lesson
is tested as soon as it exists. For each one: the page renders, its widgets are drawn, no
Python error shows, the browser console has no error, no request leaves the machine, the
code is hidden, axe-core finds no violation (WCAG 2.2 A/AA and best practice); a full-page
screenshot goes to ``test-artifacts/screenshots/``.  (One page load per lesson serves both the
rendering and the accessibility checks; the keyboard and phone checks are in test_browser_a11y.py.)
"""

from __future__ import annotations

import re
import time
from urllib.parse import unquote, urljoin, urlsplit

import pytest

from axe_check import run_axe, violations_text
from voila_harness import (
    ARTIFACTS,
    ERROR_TEXT,
    LESSONS,
    START_PAGE,
    expected_widget_views,
    lesson_notebooks,
    screenshot_name,
    wait_for_page_ready,
)

pytestmark = pytest.mark.browser

LESSONS_FOUND = lesson_notebooks()
#: Seconds a lesson may take to be ready before the test fails. Generous: a loaded CI
#: machine is slow; the classroom figure (about 2 s) is measured by benchmarks/load_voila.py.
READY_LIMIT_S = 45


@pytest.mark.parametrize("lesson", LESSONS_FOUND)
def test_lesson_page(voila, open_page, timings, lesson):
    expected = expected_widget_views(LESSONS / lesson)
    voila.wait_for_pool(lesson)  # time what a learner sees: a pre-heated kernel waiting
    t0 = time.monotonic()
    page, watch = open_page(voila.render_url(lesson))
    state = wait_for_page_ready(page, expected, timeout_ms=READY_LIMIT_S * 1000)
    timings[lesson] = round(time.monotonic() - t0, 2)

    shots = ARTIFACTS / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / screenshot_name(lesson)), full_page=True)

    assert state["cellsShown"] and not state["loading"], "the lesson never finished loading"
    if expected:
        assert state["widgetViews"] >= expected, (
            f"the stored notebook shows {expected} widget(s); the page drew {state['widgetViews']}"
        )
    assert state["codeInputs"] == 0, "code cells are visible: sources must be hidden"
    assert not state["errorOutputs"], f"a cell wrote an error: {state['errorOutputs']}"
    found = ERROR_TEXT.search(state["outputsText"])
    assert not found, f"Python error text in the page: ...{_around(state['outputsText'], found)}..."
    page.wait_for_timeout(300)  # let late console messages (a widget drawing) arrive
    assert not watch.page_errors, f"uncaught errors in the page: {watch.page_errors}"
    assert not watch.console_errors, f"browser console errors: {watch.console_errors}"
    assert not watch.offsite(), f"requests that leave the machine: {watch.offsite()}"
    assert not watch.failed, f"requests that failed: {watch.failed}"
    page.wait_for_timeout(100)   # with the 300 ms above: the shims and the widgets' last redraws
    violations = run_axe(page)
    assert not violations, violations_text(violations, f"{lesson}, on load")


def _around(text: str, match: re.Match, width: int = 120) -> str:
    return text[max(0, match.start() - width) : match.end() + width]


def test_front_door_opens_the_start_page(voila, open_page):
    page, watch = open_page(voila.url("/"))
    page.wait_for_url(re.compile(r".*/voila/render/00_start_here\.ipynb$"), wait_until="commit")
    page.wait_for_selector("#rendered_cells", state="visible")
    assert not watch.offsite()
    assert not watch.console_errors


def test_front_door_passes_the_query_on(voila, open_page):
    page, _ = open_page(voila.url("/?deal=K7Q-29X"))
    page.wait_for_url(re.compile(r".*/voila/render/00_start_here\.ipynb\?deal=K7Q-29X$"), wait_until="commit")


def test_missing_page_is_served_locally(voila, open_page):
    """Voilà's own pages (here a 404) use the project's frame too: nothing from outside."""
    page, watch = open_page(voila.url("/voila/render/no_such_lesson.ipynb"), wait_until="load")
    assert page.locator("body").inner_text()  # something is shown
    assert not watch.offsite(), f"requests that leave the machine: {watch.offsite()}"


def test_preheated_kernel_serves_the_start_page(voila, open_page):
    """The configuration's pre-heated kernels are really used (that is what makes the
    widgets appear within about two seconds)."""
    voila.wait_for_pool(START_PAGE)
    before = voila.preheated_uses(START_PAGE)
    page, _ = open_page(voila.render_url(START_PAGE))
    wait_for_page_ready(page, 0, timeout_ms=READY_LIMIT_S * 1000)
    assert voila.preheated_uses(START_PAGE) == before + 1


def test_start_page_links_every_lesson(voila, open_page):
    """The start page is the way in: it links to every other lesson, and each of its
    links to a notebook opens one that exists."""
    page, _ = open_page(voila.render_url(START_PAGE))
    wait_for_page_ready(page, 0, timeout_ms=READY_LIMIT_S * 1000)
    hrefs = page.eval_on_selector_all("#rendered_cells a[href]", "els => els.map(e => e.href)")
    base = voila.render_url(START_PAGE)
    prefix = voila.url("voila/render/")
    linked = set()
    for href in hrefs:
        path = unquote(urlsplit(urljoin(base, href)).path)
        if path.endswith(".ipynb") and (voila.base_url + path).startswith(prefix):
            linked.add((voila.base_url + path)[len(prefix) :])
    broken = sorted(rel for rel in linked if not (LESSONS / rel).is_file())
    assert not broken, f"the start page links to notebooks that do not exist: {broken}"
    unlinked = sorted(set(LESSONS_FOUND) - {START_PAGE} - linked)
    assert not unlinked, f"the start page does not link to: {unlinked}"


def test_a_page_in_another_language_starts_its_kernel_when_asked(voila, open_page):
    """The app pre-heats only the served language's pages (English here); a Vietnamese page has
    no kernel waiting and is served all the same, in Vietnamese."""
    assert "Kernel pool of vi/" not in voila.log_text()
    lesson = "vi/least_score/01_cards_and_values.ipynb"
    page, watch = open_page(voila.render_url(lesson))
    state = wait_for_page_ready(page, expected_widget_views(LESSONS / lesson), timeout_ms=READY_LIMIT_S * 1000)
    assert state["cellsShown"] and not state["errorOutputs"], state["errorOutputs"]
    assert page.evaluate("document.documentElement.lang") == "vi"
    assert not watch.page_errors and not watch.console_errors
