"""The JupyterHub set-up (deploy/jupyterhub_config.py) gives learners the same offline app.

No hub is started: a learner's Jupyter server is started the way the hub would start it
(the spawner's environment, lesson folder and default URL are read from the committed
file), and a browser opens it.
"""

from __future__ import annotations

import re

import pytest

from voila_harness import LESSONS, SingleUserServer, read_hub_config, wait_for_page_ready

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def single_user():
    hub = read_hub_config()
    server = SingleUserServer(hub)
    try:
        server.start()
    except RuntimeError as err:
        server.stop()
        pytest.fail(f"could not start a learner's Jupyter server: {err}", pytrace=False)
    yield server
    server.stop()


def test_hub_config_points_at_the_project():
    hub = read_hub_config()
    assert hub["notebook_dir"] == str(LESSONS)
    assert hub["default_url"] == "/voila/render/00_start_here.ipynb"
    assert hub["config"].JupyterHub.authenticator_class == "shared-password"


def test_learner_lands_on_the_start_page_offline(single_user, open_page):
    page, watch = open_page(single_user.url("/"))
    # the server's redirect leaves an empty query ('...ipynb?')
    page.wait_for_url(re.compile(r".*/voila/render/00_start_here\.ipynb\??$"), wait_until="commit")
    state = wait_for_page_ready(page, 0, timeout_ms=90_000)
    assert state["codeInputs"] == 0, "code cells are visible: sources must be hidden"
    page.wait_for_timeout(500)
    assert not watch.offsite(), f"requests that leave the machine: {watch.offsite()}"
    assert not watch.console_errors, f"browser console errors: {watch.console_errors}"
    assert "/voila/templates/cardkit/" in " ".join(watch.requests), "the project's template was not used"
