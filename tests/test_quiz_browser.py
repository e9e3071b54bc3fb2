"""The exercises in a real browser: Chromium (Debian's) through Playwright,
against a live Voilà server, with every request outside the machine refused.

Checks what only a browser can: Enter submits (on a choice and in the answer
box), clicks reach Python, the feedback is a polite live region with a ✔/✖ and
words, and "Show the answer" appears after a miss.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import nbformat
import pytest

pytestmark = pytest.mark.browser

ROOT = pathlib.Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

CELLS = [
    "from cardkit.classroom import Quiz, NumberQuiz, CardQuiz",
    "Quiz('How often is a pair dealt?', {'Rarely': 'Five cards share 13 ranks.', 'About half the time': None},"
    " answer='About half the time', explain='2053/4165 of all hands.')",
    "NumberQuiz('What is P(flush)?', '33/16660', hint='4 suits', explain='4·C(13,5)/C(52,5).')",
    "CardQuiz('Select the run.', 'QH 2S KD 7C AH', answer='QH KD AH', explain='Q-K-A.')",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def page_url(tmp_path_factory):
    if not os.path.exists(CHROMIUM):
        pytest.skip("Chromium is not installed (make test installs it)")
    pytest.importorskip("playwright.sync_api")
    folder = tmp_path_factory.mktemp("quiz")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / "quiz.ipynb")
    port = _free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    voila = pathlib.Path(sys.executable).with_name("voila")
    server = subprocess.Popen(
        [str(voila), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", str(folder / "quiz.ipynb")],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(url + "static/", timeout=1)
                break
            except urllib.error.HTTPError:
                break                      # the server answers (a 404 is an answer)
            except OSError:
                time.sleep(0.5)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


def test_exercises_answer_back_in_the_browser(page_url):
    from playwright.sync_api import sync_playwright

    outside = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page()

            def route(r):
                if r.request.url.startswith(("http://127.0.0.1", "data:", "blob:")):
                    r.continue_()
                else:
                    outside.append(r.request.url)
                    r.abort()

            page.route("**/*", route)
            page.goto(page_url, timeout=120_000)
            page.wait_for_selector("form.ck-quiz >> nth=2", timeout=120_000)
            forms = page.locator("form.ck-quiz")

            # multiple choice: arrow keys choose, Enter submits
            choice = forms.nth(0)
            choice.locator("input[type=radio]").nth(1).focus()
            page.keyboard.press("ArrowUp")
            page.keyboard.press("Enter")
            feedback = choice.locator(".ck-quiz-feedback")
            feedback.filter(has_text="Not quite").wait_for(timeout=20_000)
            assert "“Rarely” is not right" in feedback.inner_text() and "✖" in feedback.inner_text()
            assert feedback.get_attribute("role") == "status" and feedback.get_attribute("aria-live") == "polite"
            assert choice.locator(".ck-quiz-reveal").is_visible()
            assert "Attempts: 1" in choice.locator(".ck-quiz-tally").inner_text()
            page.keyboard.press("ArrowDown")
            page.keyboard.press("Enter")
            feedback.filter(has_text="Right!").wait_for(timeout=20_000)
            assert "2053/4165" in feedback.inner_text() and "✔" in feedback.inner_text()

            # a typed number: the box is labelled by the question; Enter submits
            number = forms.nth(1)
            box = number.locator("input[type=text]")
            assert number.locator("label.ck-quiz-question").get_attribute("for") == box.get_attribute("id")
            box.fill("two")
            box.press("Enter")
            nfb = number.locator(".ck-quiz-feedback")
            nfb.filter(has_text="could not read").wait_for(timeout=20_000)
            box.fill("0.2%")
            box.press("Enter")
            nfb.filter(has_text="Right!").wait_for(timeout=20_000)
            assert "33/16660 ≈ 0.198%" in nfb.inner_text()

            # cards: click to choose, Check, then "Show the answer"
            quiz = page.locator(".ck-quiz-box")
            for key in ("KD", "AH", "2S"):
                quiz.locator(f"button.ck-card[data-key='{key}']").click()
            cfb = quiz.locator(".ck-quiz-feedback")
            page.wait_for_timeout(500)
            quiz.locator("button.ck-quiz-check").click()
            cfb.filter(has_text="Not quite").wait_for(timeout=20_000)
            assert "2♠ does not belong" in cfb.inner_text()
            quiz.locator("button.ck-quiz-reveal").click()
            cfb.filter(has_text="The answer is").wait_for(timeout=20_000)
            assert "Q♥ K♦ A♥" in cfb.inner_text()
        finally:
            browser.close()
    # Voilà's own page template asks a CDN for an icon font; nothing of ours goes out.
    assert not [u for u in outside if "fontawesome" not in u], outside
