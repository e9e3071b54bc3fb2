"""Fixtures for the browser tests: one Voilà server per session, Debian's Chromium, and a
fresh browser context (its own cookies and storage) for every page a test opens.

Reuse them for new browser tests:

    @pytest.mark.browser
    def test_something(voila, open_page):
        page, watch = open_page(voila.render_url("least_score/01_first_round.ipynb"))
        ...
        assert not watch.console_errors

``voila``        the lessons, served as ``make app`` serves them (kernel pools already filled)
``pages_voila``  the same configuration serving ``tests/browser/pages/`` (test-only notebooks),
                 with idle kernels culled after seconds instead of minutes
``open_page``    opens a URL in a fresh context whose requests are recorded; off-machine
                 requests are refused; console and page errors are collected
"""

from __future__ import annotations

import json
import os

import pytest

from voila_harness import (
    ARTIFACTS,
    PAGES_CULL_IDLE,
    TEST_PAGES,
    PageWatch,
    VoilaServer,
    launch_chromium,
)

# The notebooks under pages/ are test fixtures served by Voilà, not lessons for nbval.
collect_ignore_glob = ["pages/*.ipynb"]

#: Kernels one client address may hold on the shared test servers (the tests' browsers all run
#: here, like a whole class behind one address); test_browser_classroom.py tests the real cap.
ONE_MACHINE_CAP = 40

#: Milliseconds any single browser step may take before the test fails (not hangs).
STEP_TIMEOUT_MS = float(os.environ.get("CARDKIT_BROWSER_TIMEOUT_MS", "60000"))



@pytest.fixture(scope="module")
def playwright_instance():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as err:  # pragma: no cover - a set-up problem, said plainly
        pytest.fail(f"the Python package 'playwright' is missing ({err}); run `make test`", pytrace=False)
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="module")
def browser(playwright_instance):
    try:
        chromium = launch_chromium(playwright_instance)
    except Exception as err:
        pytest.fail(f"could not start Chromium: {err}", pytrace=False)
    yield chromium
    chromium.close()


def _start(server: VoilaServer, *, pools: bool) -> VoilaServer:
    try:
        server.start()
        if pools:
            server.wait_for_pools()
    except RuntimeError as err:
        server.stop()
        pytest.fail(f"could not start Voilà: {err}", pytrace=False)
    return server


@pytest.fixture(scope="session")
def voila():
    """The lessons, served with the project's configuration, pre-heated kernels ready."""
    # every test's browser is on this one machine (127.0.0.1): a per-device cap of 40, not 6
    server = _start(VoilaServer(extra_args=(f"--max-per-client={ONE_MACHINE_CAP}",)), pools=True)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def pages_voila():
    """The test pages, served with the project's configuration and short culling times."""
    server = _start(
        VoilaServer(
            TEST_PAGES,
            extra_args=(
                f"--max-per-client={ONE_MACHINE_CAP}",
                f"--MappingKernelManager.cull_idle_timeout={PAGES_CULL_IDLE}",
                "--MappingKernelManager.cull_interval=1",
                # lets one test ask for Voilà's stock template, to show what it would fetch
                "--VoilaConfiguration.allow_template_override=YES",
            ),
        ),
        pools=True,
    )
    yield server
    server.stop()


@pytest.fixture
def open_page(browser):
    """``open_page(url, wait_until='commit') -> (page, watch)`` in a fresh context."""
    contexts = []

    def _open(url: str, wait_until: str = "commit"):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(STEP_TIMEOUT_MS)
        context.set_default_navigation_timeout(STEP_TIMEOUT_MS)
        contexts.append(context)
        watch = PageWatch(context)
        page = context.new_page()
        page.goto(url, wait_until=wait_until)
        return page, watch

    yield _open
    for context in contexts:
        for page in context.pages:
            try:  # let Voilà's page shut its kernel down, as a closing tab does
                page.close(run_before_unload=True)
                if not page.is_closed():
                    page.wait_for_event("close", timeout=5000)
            except Exception:
                pass
        context.close()


@pytest.fixture(scope="session")
def timings():
    """Seconds to a ready page, per lesson; written to test-artifacts/browser-timings.json."""
    found: dict[str, float] = {}
    yield found
    if found:
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "browser-timings.json").write_text(json.dumps(found, indent=2) + "\n")

