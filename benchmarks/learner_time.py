"""How long does a new learner need to play both games?  (A measurement, not a test.)

    python benchmarks/learner_time.py            # start page, both ten-minute starts, by clicking
    python benchmarks/learner_time.py --shots    # and screenshots in test-artifacts/screenshots/learner/

The web app is served as ``make app`` serves it (Voilà, the project's configuration,
no pre-heated kernels so as not to load a shared machine), and Debian's Chromium opens,
as a new learner would: the start page, then "Least Score in ten minutes", then "Tiến Lên
in ten minutes".  On each page the script

* counts the words the learner reads: the page's prose and exercises (everything outside
  the game table), and, at every turn of the game, the words the coach box and the status
  line show then (a learner who reads them all: an upper bound);
* answers every exercise — the right answer, one wrong try for every other question —
  counting the actions (a click, or typing a number);
* plays the game by clicking, following the coach's advice ("The coach would discard …"),
  to the end of the match, counting the clicks and timing the waits for the bots (the
  table's own pacing).

The estimate is words ÷ ``--wpm`` (200 words a minute) + actions × ``--action``
seconds (3 s: find it, click it) + the measured waiting.  Loading a page is not counted.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))
sys.path.insert(0, str(HERE.parent))

from voila_harness import (ARTIFACTS, LESSONS, PageWatch, VoilaServer, expected_widget_views,  # noqa: E402
                            launch_chromium, wait_for_page_ready)

SYMBOLS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}
CARD = re.compile(r"(10|[2-9AJQK])([♠♣♦♥])")
SHOTS = ARTIFACTS / "screenshots" / "learner"


def words(text: str) -> int:
    return len(re.findall(r"[\w♠♣♦♥]+", text))


def codes(text: str) -> list[str]:
    return [rank + SYMBOLS[suit] for rank, suit in CARD.findall(text)]


PROSE_JS = """(until) => {
  const skip = el => el.closest('.ck-table');
  let out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const n = walker.currentNode, el = n.parentElement;
    if (!el || skip(el) || el.closest('script,style')) continue;
    const s = getComputedStyle(el);
    if (s.display === 'none' || s.visibility === 'hidden') continue;
    out.push(n.textContent);
    if (until && n.textContent.includes(until)) break;
  }
  return out.join(' ');
}"""


class Learner:
    def __init__(self, page, wpm: float, action: float) -> None:
        self.page, self.wpm, self.action = page, wpm, action
        self.words = 0
        self.parts: dict[str, int] = {}
        self.actions = 0
        self.waiting = 0.0
        self.turns = 0

    def read(self, text: str, part: str = "page") -> None:
        n = words(text)
        self.words += n
        self.parts[part] = self.parts.get(part, 0) + n

    def act(self, n: int = 1) -> None:
        self.actions += n

    def minutes(self) -> float:
        return self.words / self.wpm + (self.actions * self.action + self.waiting) / 60

    def line(self, name: str) -> str:
        return (f"{name:<34} {self.words:>5} words ({self.words / self.wpm:4.1f} min), {self.actions:>3} actions "
                f"({self.actions * self.action / 60:4.1f} min), bots {self.waiting / 60:4.1f} min, "
                f"{self.turns:>3} turns → {self.minutes():4.1f} min\n{'':<34} words read: "
                + ", ".join(f"{k} {v}" for k, v in self.parts.items()))


#: The right answers of the number questions on these pages (a learner works them out).
NUMBERS = {"K♠ 3♦ A♣ 8♥ Q♣": "32", "declare with 9": "22", "go out second": "2"}


def answer_exercises(page, learner: Learner) -> None:
    """Every exercise outside the table: choices tried in order until one is right (so one
    wrong try on average), a number typed wrong once and then right."""
    forms = page.locator("form.ck-quiz")
    for i in range(forms.count()):
        form = forms.nth(i)
        if form.locator(".ck-table").count() or form.locator("xpath=ancestor::*[contains(@class,'ck-table')]").count():
            continue
        feedback = form.locator(".ck-quiz-feedback")
        radios = form.locator(".ck-quiz-choices input[type=radio]")
        if radios.count():
            for j in range(radios.count()):
                radios.nth(j).check()
                form.locator("button.ck-quiz-check").click()
                learner.act(2)
                page.wait_for_function("(el) => el.textContent.trim().length > 0", arg=feedback.element_handle())
                text = feedback.inner_text()
                learner.read(text, "feedback")
                if "✔" in text:
                    break
                page.wait_for_timeout(150)
            continue
        field = form.locator(".ck-quiz-answer input").first
        question = form.inner_text()
        right = next((v for k, v in NUMBERS.items() if k in question), None)
        for guess in ("1", right):
            if guess is None:
                break
            field.fill(guess)
            field.press("Enter")
            learner.act(1)
            page.wait_for_timeout(400)
            learner.read(feedback.inner_text(), "feedback")


def coach_text(table, advice: bool = False, timeout: float = 20.0) -> str:
    """What the coach box says (with ``advice``: once it has its advice for this turn)."""
    box = table.locator(".ck-coach")
    deadline = time.monotonic() + timeout
    while True:
        text = box.inner_text() if box.count() else ""
        if not advice or "The coach would" in text or time.monotonic() > deadline:
            return text
        time.sleep(0.1)


def wait_turn(page, table, learner: Learner, timeout: float = 120.0) -> str:
    """Wait until it is the learner's turn, a round ends or the match is over — after the
    page has taken the learner's last move (its log has grown); the wait is the bots'
    pacing, timed."""
    t0 = time.monotonic()
    before = getattr(learner, "log_total", -1)
    while time.monotonic() - t0 < timeout:
        total = page.evaluate("() => { const t = document.querySelector('.ck-table-log ol li:last-child');"
                              " return t ? t.value : 0; }")
        status = table.locator(".ck-table-status").inner_text()
        if total == before:
            page.wait_for_timeout(100)
            continue
        if "Your turn" in status or "Press Next" in status or "match is over" in status:
            learner.log_total = total
            learner.waiting += time.monotonic() - t0
            return status
        page.wait_for_timeout(150)
    raise RuntimeError(f"no turn for the learner after {timeout:.0f} s: {status!r}")


def play_least_score(page, learner: Learner, shots: bool) -> None:
    table = page.locator(".ck-table").first
    for _ in range(80):
        status = wait_turn(page, table, learner)
        if "match is over" in status and "Next round" not in status:
            learner.read(status)
            return
        if "Press Next" in status:
            learner.read(table.locator(".ck-result-area").inner_text() + coach_text(table), "results")
            if shots:
                page.screenshot(path=str(SHOTS / "ls00_round_over.png"), full_page=True)
            nxt = table.locator("button.ck-next-round")
            if not nxt.is_visible():
                return
            nxt.click()
            learner.act()
            continue
        advice = coach_text(table, advice=True, timeout=5)
        if "The coach would" not in advice:      # the status was read a moment early: look again
            learner.log_total = -1
            continue
        learner.read(advice + status, "coach")
        learner.turns += 1
        if shots and learner.turns == 2:
            page.screenshot(path=str(SHOTS / "ls00_coach.png"), full_page=True)
        move = advice.split("The coach would", 1)[1]
        if move.strip().startswith("declare"):
            table.locator("button.ck-declare").click()
            learner.act()
            continue
        group, _, take = move.partition(" and ")
        for code in codes(group):
            table.locator(f"button.ck-card[data-key='{code}']").click()
            learner.act()
        if "draw from the deck" in take:
            label = table.locator(".ck-take label", has_text="the top card of the deck")
        else:
            label = table.locator(".ck-take label", has_text=f"{CARD.search(take).group(0)} (")
        label.first.click()
        table.locator("button.ck-discard").click()
        learner.act(2)
        page.wait_for_timeout(200)


def play_tien_len(page, learner: Learner, shots: bool) -> None:
    table = page.locator(".ck-table").first
    for _ in range(200):
        status = wait_turn(page, table, learner)
        if "match is over" in status:
            learner.read(table.locator(".ck-result-area").inner_text(), "results")
            if shots:
                page.screenshot(path=str(SHOTS / "tl00_game_over.png"), full_page=True)
            return
        if "Press Next" in status:
            table.locator("button.ck-next-round").click()
            learner.act()
            continue
        advice = coach_text(table, advice=True, timeout=5)
        if "The coach would" not in advice:      # the status was read a moment early: look again
            learner.log_total = -1
            continue
        learner.read(advice + status, "coach")
        learner.turns += 1
        if shots and learner.turns == 3:
            page.screenshot(path=str(SHOTS / "tl00_coach.png"), full_page=True)
        move = advice.split("The coach would", 1)[1]
        if move.strip().startswith("pass"):
            if shots and "Nothing you hold beats" in advice and not (SHOTS / "tl00_nothing_beats.png").exists():
                table.locator("button.ck-show-legal").click()
                page.wait_for_timeout(400)
                page.screenshot(path=str(SHOTS / "tl00_nothing_beats.png"), full_page=True)
                table.locator("button.ck-show-legal").click()
            table.locator("button.ck-pass").click()
            learner.act()
        else:
            play = move.split("(", 1)[0]
            for code in codes(play):
                table.locator(f"button.ck-card[data-key='{code}']").click()
                learner.act()
            table.locator("button.ck-play").click()
            learner.act()
        page.wait_for_timeout(200)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wpm", type=float, default=200)
    parser.add_argument("--action", type=float, default=3.0, help="seconds per click or typed answer")
    parser.add_argument("--shots", action="store_true")
    args = parser.parse_args(argv)
    SHOTS.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    rows = []
    with VoilaServer(extra_args=("--VoilaConfiguration.preheat_kernel=False",)) as server, sync_playwright() as pw:
        browser = launch_chromium(pw)
        context = browser.new_context(viewport={"width": 1280, "height": 1800})
        watch = PageWatch(context)
        page = context.new_page()
        page.set_default_timeout(30_000)
        # the start page is read down to its first choice, the link a newcomer follows; each
        # ten-minute start links the next at its foot
        for name, path, play, until in [
                ("start page (to its first link)", "00_start_here.ipynb", None, "Least Score in ten minutes"),
                ("Least Score in ten minutes", "least_score/00_ten_minute_start.ipynb", play_least_score, None),
                ("Tiến Lên in ten minutes", "tien_len/00_ten_minute_start.ipynb", play_tien_len, None)]:
            page.goto(server.render_url(path))
            wait_for_page_ready(page, expected_widget_views(LESSONS / path), 240_000)
            learner = Learner(page, args.wpm, args.action)
            learner.read(page.evaluate(PROSE_JS, until))
            if args.shots:
                page.screenshot(path=str(SHOTS / f"{Path(path).stem}_{path.split('/')[0]}.png"), full_page=True)
            if until is None:
                answer_exercises(page, learner)
            if play is not None:
                try:
                    play(page, learner, args.shots)
                except Exception:
                    page.screenshot(path=str(SHOTS / "failure.png"), full_page=True)
                    print(page.locator(".ck-table").first.inner_text()[:3000])
                    raise
            rows.append((name, learner))
        browser.close()
        problems = watch.console_errors + watch.page_errors
    total = sum(learner.minutes() for _, learner in rows)
    print(f"reading {args.wpm:g} words a minute, {args.action:g} s an action, waits for the bots as measured")
    for name, learner in rows:
        print(learner.line(name))
    print(f"{'total':<34} {total:.1f} min")
    if problems:
        print("page problems:", *problems, sep="\n  ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
