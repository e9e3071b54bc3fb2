"""JupyterHub for real: deploy/jupyterhub_config.py run by a real hub, a learner logs in, lands
on the start page in Voilà, and plays a move.

The hub is the PyPI ``jupyterhub`` with npm's ``configurable-http-proxy`` (both installed by
``make test``: the proxy under ``.venv/node``). The test loads the committed configuration and
changes only what a test machine needs: loopback ports, a scratch folder for the hub's database
and the learners' homes, and JupyterHub's own local-process spawner that needs no system
accounts ("simple"); the class password and the lessons are the file's own.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from voila_harness import ARTIFACTS, ROOT, free_port, wait_for_page_ready, wait_until

pytestmark = pytest.mark.browser

CHP = Path(os.environ.get("CARDKIT_CHP", ROOT / ".venv" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"))
PASSWORD = "a-class-password"
LESSON = "least_score/07_play_a_match.ipynb"

TEST_CONFIG = """
c = get_config()
load_subconfig({deploy!r})          # the committed configuration, unchanged
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.command = [{chp!r}]
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.pid_file = {tmp!r} + "/proxy.pid"
c.JupyterHub.db_url = "sqlite:///" + {tmp!r} + "/hub.sqlite"
c.JupyterHub.cookie_secret_file = {tmp!r} + "/cookie_secret"
c.JupyterHub.spawner_class = "simple"     # local processes, no system accounts
c.SimpleLocalProcessSpawner.home_dir_template = {tmp!r} + "/home/{{username}}"
c.Spawner.cmd = [{python!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.args = ["--allow-root"]
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
"""


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    if not CHP.exists():
        pytest.fail(f"configurable-http-proxy is missing at {CHP}; `make test` installs it with npm", pytrace=False)
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        pytest.fail("the Python package 'jupyterhub' is missing; run `make test`", pytrace=False)
    tmp = tmp_path_factory.mktemp("hub")
    port, hub_port, api_port = free_port(), free_port(), free_port()
    config = tmp / "test_hub_config.py"
    config.write_text(TEST_CONFIG.format(deploy=str(ROOT / "deploy" / "jupyterhub_config.py"), port=port,
                                         hub_port=hub_port, api_port=api_port, chp=str(CHP), tmp=str(tmp),
                                         python=sys.executable))
    env = dict(os.environ, CARDKIT_DIR=str(ROOT), CARDKIT_CLASS_PASSWORD=PASSWORD)
    env.pop("QUERY_STRING", None)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    ARTIFACTS.mkdir(exist_ok=True)
    log = open(ARTIFACTS / f"jupyterhub-{port}.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)], cwd=tmp, env=env,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"

    def up() -> bool:
        try:
            with urllib.request.urlopen(url + "/hub/login", timeout=3) as resp:
                return resp.status == 200
        except Exception:
            return proc.poll() is not None

    try:
        if not wait_until(up, timeout=90) or proc.poll() is not None:
            pytest.fail("JupyterHub did not start:\n" + (ARTIFACTS / f"jupyterhub-{port}.log").read_text()[-3000:],
                        pytrace=False)
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        log.close()


def test_a_learner_logs_in_lands_on_the_start_page_and_plays_a_move(hub, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(120_000)
    try:
        page = context.new_page()
        page.goto(hub + "/hub/login")
        page.fill("#username_input", "ann")
        page.fill("#password_input", PASSWORD)
        page.click("#login_submit")
        page.wait_for_url(re.compile(r".*/user/ann/voila/render/00_start_here\.ipynb.*"), timeout=180_000,
                          wait_until="commit")
        state = wait_for_page_ready(page, 0, timeout_ms=120_000)
        assert state["codeInputs"] == 0 and "Welcome to cardkit" in page.inner_text("#rendered_cells")
        page.click(f"a[href$='{LESSON}']")
        page.wait_for_url(re.compile(rf".*/user/ann/voila/render/{re.escape(LESSON)}"), wait_until="commit")
        wait_for_page_ready(page, 1, timeout_ms=120_000)
        table = page.locator(".ck-table").nth(0)
        lines = table.locator(".ck-table-log li").count()
        table.locator("button.ck-card").nth(0).click()
        table.locator("button.ck-discard").click()
        page.wait_for_function("""(n) => document.querySelectorAll('.ck-table')[0]
            .querySelectorAll('.ck-table-log li').length > n""", arg=lines, timeout=60_000)
        assert "You discard" in table.locator(".ck-table-log").inner_text() or \
            table.locator(".ck-table-log li").count() > lines
        page.close(run_before_unload=True)
    finally:
        context.close()
