"""The static site in Chromium (issue 20): every page of `make static`'s site, served by
static/serve.py on loopback, with Python running in the page (Pyodide) and no server behind.

* every one of the 16 lesson pages and the start page renders its widgets, writes no error,
  logs no console error, sends no request off the machine and is axe-clean;
* a Least Score round and a Tiến Lên game are played by clicking (the same tests as under
  Voilà, test_browser_play.py, pointed at the static pages), with the deal from ``?deal=``;
* a page reloaded mid-match offers the saved match back and resumes it, and the start page
  then marks that lesson as started (test_browser_classroom.py's test, on the static site).

The site is tests/_static_site.py's (built once, kept until an input changes), which adds
the browser tests' own pages (tests/browser/pages) to the lessons.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

from voila_harness import (
    ERROR_TEXT,
    PAGE_STATE_JS,
    expected_widget_views,
    wait_for_page_ready,
)
from axe_check import run_axe, violations_text

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from _static_site import ROOT, built_site  # noqa: E402

pytestmark = pytest.mark.browser

LESSONS = sorted(str(p.relative_to(ROOT / "lessons")) for p in [ROOT / "lessons" / "00_start_here.ipynb",
                                                                *(ROOT / "lessons").glob("least_score/[0-9][0-9]_*.ipynb"),
                                                                *(ROOT / "lessons").glob("tien_len/[0-9][0-9]_*.ipynb")])
#: A page of the static site starts Pyodide and runs the lesson in the browser: slower than Voilà.
PAGE_READY_MS = 240_000


class StaticSite:
    """The built site on a loopback port, with the few names the Voilà tests use
    (``render_url``, ``url``, ``wait_for_pool``), so their play tests run here unchanged."""

    def __init__(self, folder: Path) -> None:
        sys.path.insert(0, str(ROOT / "static"))
        from serve import make_server

        self.folder = folder
        self.server = make_server(folder, port=0)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/"

    def url(self, path: str = "/") -> str:
        return self.base_url + path.lstrip("/")

    def render_url(self, notebook: str, query: str = "") -> str:
        """The static page of ``notebook`` (a lesson's path, or a test page's name)."""
        if query and not query.startswith("?"):
            query = "?" + query
        return self.url("voici/render/" + notebook.removesuffix(".ipynb") + ".html") + query

    def wait_for_pool(self, notebook: str, **_kw) -> None:
        """Nothing to wait for: each page starts its own kernel, in the browser."""

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def static_site():
    try:
        folder = built_site()
    except Exception as err:  # pragma: no cover - said plainly, not as a traceback
        pytest.fail(f"could not build the static site: {err}", pytrace=False)
    site = StaticSite(folder)
    yield site
    site.stop()


@pytest.fixture(autouse=True)
def _slow_pages(monkeypatch):
    """Pyodide's start is slower than a pre-heated Voilà kernel: the play tests' page wait grows."""
    import test_browser_play

    monkeypatch.setattr(test_browser_play, "PAGE_READY_MS", PAGE_READY_MS, raising=False)


def check_static_page(static_site, open_page, lesson):
    page, watch = open_page(static_site.render_url(lesson))
    state = wait_for_page_ready(page, expected_widget_views(ROOT / "lessons" / lesson), timeout_ms=PAGE_READY_MS)
    assert state["codeInputs"] == 0, "code cells are visible: sources must be hidden"
    assert not state["errorOutputs"], f"a cell wrote an error: {state['errorOutputs']}"
    found = ERROR_TEXT.search(page.evaluate(PAGE_STATE_JS)["outputsText"])
    assert not found, f"Python error text in the page: {found.group(0)!r}"
    page.wait_for_timeout(500)
    assert not watch.page_errors, f"uncaught errors in the page: {watch.page_errors}"
    assert not watch.console_errors, f"browser console errors: {watch.console_errors}"
    assert not watch.offsite(), f"requests that leave the machine: {watch.offsite()}"
    assert not watch.failed, f"requests that failed: {watch.failed}"
    violations = run_axe(page)
    assert not violations, f"{lesson} on the static site:\n{violations_text(violations)}"


# The sixteen pages in two halves, a class each: ``make test``'s two workers (``--dist
# loadscope``) take a class at a time, so each opens half of them.
class TestStaticPagesFirstHalf:
    @pytest.mark.parametrize("lesson", LESSONS[: len(LESSONS) // 2])
    def test_static_page_works(self, static_site, open_page, lesson):
        check_static_page(static_site, open_page, lesson)


class TestStaticPagesSecondHalf:
    @pytest.mark.parametrize("lesson", LESSONS[len(LESSONS) // 2:])
    def test_static_page_works(self, static_site, open_page, lesson):
        check_static_page(static_site, open_page, lesson)


def test_deal_in_the_address_reaches_the_lesson(static_site, open_page):
    page, watch = open_page(static_site.render_url("least_score/07_play_a_match.ipynb", "?deal=ACE-777"))
    wait_for_page_ready(page, 1, timeout_ms=PAGE_READY_MS)
    code = page.locator(".ck-table .ck-deal-code b").first.inner_text()
    assert code == "ACE-777", f"the page plays deal {code}, not the one in its address"


def test_least_score_round_by_clicking(static_site, open_page):
    import test_browser_play

    test_browser_play.test_play_a_least_score_round_to_a_declaration(static_site, open_page)


def test_tien_len_game_by_clicking(static_site, open_page):
    import test_browser_play

    test_browser_play.test_play_a_tien_len_game_to_its_end(static_site, open_page)


#: Runs in the page: the first table's kept record (localStorage), its status line's moment and
#: words, and its log's number of lines (data-total) — the states the reload test waits on.
TABLE_MOMENT_JS = """() => {
  const t = document.querySelectorAll('.ck-table')[0];
  const s = t && t.querySelector('.ck-table-status .ck-status');
  const log = t && t.querySelector('.ck-table-log .ck-log');
  const key = Object.keys(localStorage).find(k => k.startsWith('cardkit:match:'));
  return { record: key ? JSON.parse(localStorage.getItem(key)) : null,
           status: s ? s.innerText : '', moment: s ? Number(s.dataset.moment) : null,
           total: log ? Number(log.dataset.total) : null };
}"""


def test_reload_resumes_the_match(static_site, browser):
    """test_browser_classroom's reload test on the static site, waiting on states only: after
    the learner's move, the kept record says the move is answered (it is sent after the log
    and the status), the status says it is the learner's turn again, at the moment the log
    shows (data-moment = its lines) and later than before the move; then the reload, the
    offer, the same match resumed, and the start page marks the lesson as started."""
    lesson = "least_score/07_play_a_match.ipynb"
    context = browser.new_context()
    context.set_default_timeout(60_000)
    try:
        page = context.new_page()
        page.goto(static_site.render_url(lesson), wait_until="commit")
        wait_for_page_ready(page, 1, timeout_ms=PAGE_READY_MS)
        table = page.locator(".ck-table").nth(0)
        page.wait_for_function(f"() => {{ const m = ({TABLE_MOMENT_JS})(); return m.status.includes('Your turn') "
                               "&& m.moment === m.total && m.total > 0; }", timeout=PAGE_READY_MS)
        before = page.evaluate(TABLE_MOMENT_JS)
        assert before["record"] is None, f"a fresh browser has no kept match: {before['record']}"
        deal = table.locator(".ck-deal-code b").inner_text()
        table.locator("button.ck-card").nth(0).click()
        table.locator("button.ck-discard").click()
        page.wait_for_function(f"""() => {{ const m = ({TABLE_MOMENT_JS})();
            return m.record && m.record.turn === 'yours' && m.record.moves.length === 1
                   && m.status.includes('Your turn') && m.moment === m.total && m.total > {before['total']}; }}""",
                               timeout=PAGE_READY_MS)
        after = page.evaluate(TABLE_MOMENT_JS)
        hand_before = table.locator("button.ck-card").evaluate_all("bs => bs.map(b => b.dataset.key)")
        log_before = table.locator(".ck-table-log li").all_inner_texts()
        assert len(log_before) == min(after["total"], 8), f"the log shows {len(log_before)} lines at moment {after}"
        page.reload(wait_until="commit")
        wait_for_page_ready(page, 1, timeout_ms=PAGE_READY_MS)
        table = page.locator(".ck-table").nth(0)
        offer = table.locator(".ck-saved-match")
        offer.wait_for(state="visible", timeout=PAGE_READY_MS)
        assert "Resume your match — round 1, your turn" in offer.inner_text()
        table.locator("button.ck-resume").click()
        page.wait_for_function(f"() => {{ const m = ({TABLE_MOMENT_JS})(); return m.status.includes('Welcome back') "
                               f"&& m.moment === m.total && m.total === {after['total']}; }}", timeout=PAGE_READY_MS)
        assert table.locator(".ck-deal-code b").inner_text() == deal
        assert table.locator("button.ck-card").evaluate_all("bs => bs.map(b => b.dataset.key)") == hand_before
        assert table.locator(".ck-table-log li").all_inner_texts() == log_before
        # the start page now marks this lesson as started
        page.goto(static_site.render_url("00_start_here.ipynb"), wait_until="commit")
        wait_for_page_ready(page, 0, timeout_ms=PAGE_READY_MS)
        page.wait_for_selector(".ck-lesson-mark", timeout=PAGE_READY_MS)
        assert "started" in page.locator(".ck-lesson-mark").first.inner_text()
        page.close(run_before_unload=True)
    finally:
        context.close()
