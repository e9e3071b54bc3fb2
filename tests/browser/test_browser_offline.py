"""The web app works with no internet: every request a page makes stays on this machine.

The browser records every request (and websocket) of a page; requests meant for another
machine are refused and listed. Lessons are checked one by one in test_browser_lessons.py; here a
test page uses everything a lesson may use (maths, icons, ipywidgets, anywidget, card
pictures, a matplotlib chart, even a Mermaid diagram), and Voilà's stock template is shown
to be what the project's template fixes.
"""

from __future__ import annotations

import pytest

from voila_harness import wait_for_page_ready

pytestmark = pytest.mark.browser

PROBE = "widgets_probe.ipynb"


def _open_probe(pages_voila, open_page, query=""):
    pages_voila.wait_for_pool(PROBE)
    page, watch = open_page(pages_voila.render_url(PROBE, query))
    wait_for_page_ready(page, 0, timeout_ms=60_000)
    page.wait_for_selector(".probe-anywidget")
    page.wait_for_selector(".jupyter-widgets button")
    page.wait_for_selector("mjx-container, .MathJax")  # maths typeset by the local MathJax
    page.wait_for_selector(".jp-RenderedImage img")
    page.wait_for_timeout(500)  # icon fonts and late loads
    return page, watch


def test_everything_a_lesson_uses_is_served_locally(pages_voila, open_page):
    page, watch = _open_probe(pages_voila, open_page)
    assert len(watch.requests) > 20, "the recorder saw too few requests to be trusted"
    assert watch.websockets, "the kernel's websocket was not recorded"
    assert not watch.offsite(), f"requests that leave the machine: {watch.offsite()}"
    assert not watch.failed, f"requests that failed: {watch.failed}"
    assert not watch.console_errors, f"browser console errors: {watch.console_errors}"
    # the button's icon font (Font Awesome) came from the server, not a CDN
    fonts = [u for u in watch.requests if u.split("?")[0].endswith((".woff", ".woff2"))]
    assert fonts and all(u.startswith(pages_voila.base_url) for u in fonts)


def test_folder_listing_is_served_locally(pages_voila, open_page):
    page, watch = open_page(pages_voila.url("voila/tree/"), wait_until="load")
    page.wait_for_timeout(1000)
    assert not watch.offsite(), f"requests that leave the machine: {watch.offsite()}"


def test_stock_template_would_reach_a_cdn(pages_voila, open_page):
    """The control experiment: Voilà's own 'lab' template asks CDNs for Font Awesome and
    (for a page with a diagram) Mermaid, and the recorder catches every one. These are
    what the project's 'cardkit' template removes."""
    page, watch = _open_probe(pages_voila, open_page, "?template=lab")
    offsite = sorted(u.split("?")[0] for u in watch.offsite())
    assert [u.rsplit("/", 1)[1] for u in offsite] == ["all.min.css", "v4-shims.min.css", "mermaid.esm.min.mjs"], offsite
    assert {u.split("/")[2] for u in offsite} == {"cdn.jsdelivr.net", "cdnjs.cloudflare.com"}
