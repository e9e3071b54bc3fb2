"""Kernels are freed: at once when a tab closes normally, and by idle culling when a
page vanishes without saying goodbye (a crashed browser, a laptop lid, a lost network).

``pages_voila`` runs the project's configuration with culling after a few seconds instead
of minutes (``--MappingKernelManager.cull_idle_timeout``); the mechanism is the same.
"""

from __future__ import annotations

import time

import pytest

from voila_harness import PAGES_CULL_IDLE, wait_for_page_ready, wait_until

pytestmark = pytest.mark.browser

PAGE = "deal_from_url.ipynb"
PROBE = "widgets_probe.ipynb"


def _open(pages_voila, browser, notebook=PAGE):
    context = browser.new_context()
    page = context.new_page()
    page.goto(pages_voila.render_url(notebook), wait_until="commit", timeout=60_000)
    state = wait_for_page_ready(page, 0, timeout_ms=60_000)
    kernel_id = state["kernelId"]
    assert kernel_id and pages_voila.kernel_exists(kernel_id)
    return context, page, kernel_id


def test_closing_the_tab_shuts_its_kernel_down(pages_voila, browser):
    context, page, kernel_id = _open(pages_voila, browser)
    try:
        page.close(run_before_unload=True)
        assert wait_until(lambda: not pages_voila.kernel_exists(kernel_id), timeout=PAGES_CULL_IDLE - 1), (
            "the kernel outlived its closed tab"
        )
    finally:
        context.close()


def test_a_tab_closed_before_voila_s_scripts_have_started_still_frees_its_kernel(pages_voila, browser):
    """The race behind the intermittent miss: Voilà's page says goodbye (its shutdown note) only
    once its widget manager has started — after the page is shown, and later still on a loaded
    machine. A tab closed in between kept its kernel until it was culled. Here the widget
    manager's script is held back, as a slow machine holds it, and the tab is closed."""
    context = browser.new_context()
    held = []
    context.route("**/widgets-manager*/**", lambda route: held.append(route))   # never answered
    try:
        page = context.new_page()
        page.goto(pages_voila.render_url(PAGE), wait_until="commit", timeout=60_000)
        page.wait_for_selector("#rendered_cells", state="attached", timeout=60_000)
        # the page streams in: its config (with the kernel's id) may arrive after the cells' container
        page.wait_for_selector("#jupyter-config-data", state="attached", timeout=60_000)
        kernel_id = page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
        assert kernel_id and pages_voila.kernel_exists(kernel_id)
        for _ in range(150):  # Playwright hands routes over only while it is called: poll through it
            if held:
                break
            page.wait_for_timeout(200)
        assert held, "the widget manager's script was never asked for"
        page.close(run_before_unload=True)
        assert wait_until(lambda: not pages_voila.kernel_exists(kernel_id), timeout=PAGES_CULL_IDLE - 5), (
            "the kernel outlived a tab closed before Voilà's scripts had started"
        )
    finally:
        context.close()


def test_open_page_keeps_its_kernel_and_a_vanished_page_is_culled(pages_voila, browser):
    context, page, kernel_id = _open(pages_voila, browser)
    try:
        time.sleep(PAGES_CULL_IDLE + 3)  # idle, but its page is still connected
        assert pages_voila.kernel_exists(kernel_id), "a connected learner's kernel was culled"
        page.close(run_before_unload=False)  # no goodbye: only the websocket drops
        assert pages_voila.kernel_exists(kernel_id)
        assert wait_until(lambda: not pages_voila.kernel_exists(kernel_id), timeout=PAGES_CULL_IDLE + 10), (
            "an abandoned kernel was not culled"
        )
    finally:
        context.close()


def test_a_long_waiting_preheated_kernel_survives_being_handed_out(pages_voila, browser):
    """A pre-heated kernel idle for longer than the culling time is handed to a learner:
    the culler must not take it away before the page connects (see cardkit/app/kernels.py).
    The probe page runs to its end while pre-heating, so its kernel sits idle in the pool."""
    pages_voila.wait_for_pool(PROBE)
    time.sleep(PAGES_CULL_IDLE + 2)
    context, page, kernel_id = _open(pages_voila, browser, PROBE)
    try:
        time.sleep(3)  # several culling passes while the page is open
        assert pages_voila.kernel_exists(kernel_id), "the learner's kernel was culled"
        assert f"Culling 'idle' kernel 'python3' ({kernel_id})" not in pages_voila.log_text()
    finally:
        context.close()
