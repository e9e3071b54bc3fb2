"""How long does a new learner need to play both games?  (A measurement, not a test.)

    python benchmarks/learner_time.py            # start page, both ten-minute starts, by clicking
    python benchmarks/learner_time.py --shots    # and screenshots in test-artifacts/screenshots/learner/
    python benchmarks/learner_time.py --own-every 0   # a learner who always does what the coach says
    python benchmarks/learner_time.py --transcript /tmp/read.txt   # and every text read, as read

The web app is served as ``make app`` serves it (Voilà, the project's configuration, no
pre-heated kernels so as not to load a shared machine), and Debian's Chromium opens, as a
new learner would: the start page, then "Least Score in ten minutes", then "Tiến Lên in
ten minutes".  On each page the script counts **every word the learner sees** on the path:

* ``prose``: the page outside the game table (headings, rules, questions, summary);
* ``feedback``: what each exercise answers to each try;
* ``table``: the table's whole text at its first view (its introduction, menus, buttons,
  the coach box, the status, the hints, the take choice, the log …);
* ``turns``: at each turn of the learner's, every line of the table's text that was not
  on it at the previous turn (the coach's box, the note, the status, the new log lines,
  the verdict under the hand after choosing cards, the hint list when it is used);
* ``results``: the same at the end of a round or game;
* apart, not in the estimate: ``read again``, the words still on the table from the last
  look (labels, buttons, the scoreboard's headings …), as if each turn's first look read
  the whole table again — the way the newcomer trials of issue 18 counted; the truth lies
  between the two figures;

each table part split in two: the words of the coach's box (``… (coach)``) and the rest.

Only what can be seen is counted: not hidden parts, not the words only for screen readers
(with the coach on, the table's log is one: the coach's box tells the same moves), not a
menu's closed list of options, and not the cards (pictures, not words).  The table is read
once its text has settled (its parts arrive one after another), as a learner reads it.  It answers every exercise (choices tried in order until one is right, a number
typed wrong once then right), and plays the way a newcomer does: most turns it does what
the coach says, but every ``--own-every``-th turn (3: the 2nd, 5th, 8th …) it plays its own move — in Least
Score it throws its highest card and takes whatever the take choice starts on; in Tiến Lên it
leads its lowest card, or presses **Show my legal plays** and plays the first one listed.
When it has gone out and **Finish the game** is offered, it presses it.

The estimate is words ÷ ``--wpm`` (200 words a minute) + actions × ``--action`` seconds
(3 s: find it, click it) + the measured waits for the bots.  Loading a page is not counted.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))
sys.path.insert(0, str(HERE.parent))

from cardkit import Card  # noqa: E402
from cardkit.least_score import card_value  # noqa: E402
from voila_harness import (ARTIFACTS, LESSONS, PageWatch, VoilaServer, expected_widget_views,  # noqa: E402
                            launch_chromium, wait_for_page_ready)

SYMBOLS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}
CARD = re.compile(r"(10|[2-9AJQK])([♠♣♦♥])")
ONLY_CARDS = re.compile(r"^\s*((10|[2-9AJQK])[♠♣♦♥][\s,]*)+$")
SHOTS = ARTIFACTS / "screenshots" / "learner"


def words(text: str) -> int:
    """Words in ``text``; a card such as ``10♥`` is one."""
    return len(re.findall(r"[\w♠♣♦♥]+", text))


def codes(text: str) -> list[str]:
    """The card codes (``'10H'``) named in ``text``, in order."""
    return [rank + SYMBOLS[suit] for rank, suit in CARD.findall(text)]


SEEN_JS = """([root, until, skipTable]) => {
  // the text a learner can see: no hidden element, nothing only for screen readers (a box
  // of a pixel or less), no card faces (pictures), no menu's list of options
  root = root || document.body;
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const n = walker.currentNode, el = n.parentElement, t = n.textContent.trim();
    if (!t || !el || el.closest('script, style, select, option, svg, .ck-card')) continue;
    if (skipTable && el.closest('.ck-table')) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    out.push([t, !!el.closest('.ck-coach')]);
    if (until && t.includes(until)) break;
  }
  return out;
}"""


class Learner:
    """What one page cost the learner: words by part, actions, waits, turns."""

    def __init__(self, page, wpm: float, action: float, own_every: int) -> None:
        self.page, self.wpm, self.action, self.own_every = page, wpm, action, own_every
        self.words = 0
        self.parts: dict[str, int] = {}
        self.actions = 0
        self.waiting = 0.0
        self.turns = 0
        self.own_moves = 0
        self.reread = 0                     # words still on the table, read again at each turn's first look
        self.seen: Counter = Counter()      # the table's lines as last read
        self.log_total = -1
        self.acted_on = ""                  # the coach's words at the learner's last move
        self.advice = ""                    # the coach's words for this turn
        self.transcript = None              # a file: every text read, as read (--transcript)
        self.finish_waits: list[float] = []  # seconds from the learner's last move to "Finish the game" pressed

    def read(self, text: str, part: str = "prose") -> None:
        n = words(text)
        if self.transcript is not None and n:
            self.transcript.write(f"--- {part} ({n} words)\n{text.strip()}\n")
        self.words += n
        self.parts[part] = self.parts.get(part, 0) + n

    def read_table(self, table, part: str, again: bool = False) -> None:
        """Read the table's lines that are new since it was last read.  With ``again`` (a
        turn's or a result's first look), the lines still there from the last look are
        counted too, apart, in ``reread``: what a learner reading the whole table again would
        read besides (the newcomer trials count that way; the estimate does not)."""
        lines = table.evaluate("(el) => (" + SEEN_JS + ")([el, null, false])")
        now = Counter((x, coach) for x, coach in lines if not ONLY_CARDS.match(x))
        new = now - self.seen
        if again:
            still = [x for x, _ in (now - new).elements()]
            self.reread += sum(words(x) for x in still)
            if self.transcript is not None and still:
                self.transcript.write(f"--- still there, read again? ({sum(words(x) for x in still)} words)\n"
                                      + " | ".join(still) + "\n")

        self.read("\n".join(x for x, coach in new.elements() if coach), part + " (coach)")
        self.read("\n".join(x for x, coach in new.elements() if not coach), part)
        self.seen = now

    def act(self, n: int = 1) -> None:
        self.actions += n

    def own_move(self) -> bool:
        """Does the newcomer play their own move this turn (instead of the coach's)?  Every
        ``own_every``-th turn, from the second on (0: never)."""
        mine = bool(self.own_every) and self.turns % self.own_every == 2 % self.own_every
        self.own_moves += mine
        return mine

    def minutes(self, again: bool = False) -> float:
        """The estimate; ``again``: with the table's unchanged words read again at each turn."""
        read = self.words + (self.reread if again else 0)
        return read / self.wpm + (self.actions * self.action + self.waiting) / 60

    def line(self, name: str) -> str:
        return (f"{name:<32} {self.words:>5} words ({self.words / self.wpm:4.1f} min), {self.actions:>3} actions "
                f"({self.actions * self.action / 60:4.1f} min), bots {self.waiting / 60:4.1f} min, "
                f"{self.turns:>2} turns ({self.own_moves} own moves) → {self.minutes():4.1f} min\n{'':<32} words: "
                + ", ".join(f"{k} {v}" for k, v in self.parts.items())
                + (f"\n{'':<32} read again at each turn (not in the estimate): {self.reread} words"
                   f" → {self.minutes(again=True):4.1f} min" if self.reread else "")
                + ("".join(f"\n{'':<32} Finish pressed {w:.1f} s after the learner's last move" for w in self.finish_waits)))


#: The right answers of the number questions on these pages (a learner works them out).
NUMBERS = {"K♠ 3♦ A♣ 8♥ Q♣": "32", "declare with 9": "22", "go out second": "2"}


def answer_exercises(page, learner: Learner) -> None:
    """Every exercise outside the table: choices tried in order until one is right (so one
    wrong try on average), a number typed wrong once and then right."""
    forms = page.locator("form.ck-quiz")
    for i in range(forms.count()):
        form = forms.nth(i)
        if form.locator("xpath=ancestor::*[contains(@class,'ck-table')]").count():
            continue
        feedback = form.locator(".ck-quiz-feedback")
        radios = form.locator(".ck-quiz-choices input[type=radio]")
        if radios.count():
            for j in range(radios.count()):
                before = feedback.inner_text()
                radios.nth(j).check()
                form.locator("button.ck-quiz-check").click()
                learner.act(2)
                changed(page, feedback, before)
                text = feedback.inner_text()
                learner.read(text, "feedback")
                if "✔" in text:
                    break
            continue
        field = form.locator(".ck-quiz-answer input").first
        question = form.inner_text()
        right = next((v for k, v in NUMBERS.items() if k in question), None)
        for guess in ("1", right):
            if guess is None:
                break
            before = feedback.inner_text()
            field.fill(guess)
            field.press("Enter")
            learner.act(1)
            changed(page, feedback, before)
            learner.read(feedback.inner_text(), "feedback")


def changed(page, element, before: str, timeout: float = 15_000) -> None:
    """Wait until ``element`` shows a sentence other than ``before`` (an answer's feedback:
    its mark comes a moment before its words)."""
    page.wait_for_function("([el, old]) => el.innerText.trim().split(/\\s+/).length >= 3 && el.innerText !== old",
                           arg=[element.element_handle(), before], timeout=timeout)


def coach_text(table) -> str:
    box = table.locator(".ck-coach")
    return box.inner_text() if box.count() else ""


PICKS = ("Play ", "Pass", "Discard ", "Declare")
"""How the coach's pick line starts (its box's English: "Discard 10♥ J♣ Q♠. Why: …")."""


def pick_line(advice: str) -> str:
    """The coach's pick in its box's text ('' when it has none: not the learner's turn)."""
    return next((line for line in advice.splitlines() if line.startswith(PICKS)), "")


def visible(locator) -> bool:
    return locator.count() > 0 and locator.first.is_visible()


def wait_turn(page, table, learner: Learner, timeout: float = 180.0) -> str:
    """Wait until it is the learner's turn (the coach has its pick for them), a round ends
    or the match is over — after the page has taken the learner's last move (its log has
    grown).  The wait is the bots' pacing, timed; **Finish the game** is pressed when offered.
    Returns ``'turn'``, ``'result'`` or ``'over'``."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        total = page.evaluate("() => { const t = document.querySelector('.ck-table-log ol li:last-child');"
                              " return t ? t.value : 0; }")
        if total == learner.log_total:
            page.wait_for_timeout(100)
            continue
        finish = [b for b in table.locator("button", has_text="Finish the").all() if b.is_visible() and b.is_enabled()]
        if finish:
            try:
                finish[0].click(timeout=3_000)
                learner.act()
                learner.finish_waits.append(time.monotonic() - t0)   # offered at once? (issue 18)
                finish[0].wait_for(state="hidden", timeout=10_000)   # pressed once, not again while it is taken
            except Exception:           # gone in between: the game ended on its own
                pass
            continue
        state = None
        advice = coach_text(table)
        if visible(table.locator(".ck-result-area")):
            state = "result" if visible(table.locator("button.ck-next-round")) else "over"
        elif pick_line(advice) and advice != learner.acted_on and my_turn(table):
            learner.advice = advice
            state = "turn"
        if state is not None:
            learner.log_total = total
            learner.waiting += time.monotonic() - t0
            settled(page, table)
            return state
        page.wait_for_timeout(150)
    raise RuntimeError(f"no turn for the learner after {timeout:.0f} s: {table.inner_text()[:800]!r}")


def settled(page, table, quiet_ms: int = 400, timeout: float = 10.0) -> None:
    """Wait until the table's text has not changed for ``quiet_ms`` (its parts arrive one
    after another: read it whole, as a learner does, not half-drawn)."""
    t0, last, since = time.monotonic(), None, time.monotonic()
    while time.monotonic() - t0 < timeout:
        now = table.inner_text()
        if now != last:
            last, since = now, time.monotonic()
        elif (time.monotonic() - since) * 1000 >= quiet_ms:
            return
        page.wait_for_timeout(100)


def my_turn(table) -> bool:
    """The learner's move buttons are enabled (Play, or Discard and take)."""
    for css in ("button.ck-play", "button.ck-discard"):
        b = table.locator(css)
        if b.count():
            return b.first.is_enabled()
    return True


def click_cards(table, learner: Learner, cards: list[str]) -> None:
    for code in cards:
        table.locator(f".ck-my-hand button.ck-card[data-key='{code}']").click()
        learner.act()
    settled(table.page, table)              # the line under the hand says what they make: read it once there


def end_of_round(page, table, learner: Learner, shots: bool, name: str) -> bool:
    """A round (game) is over: read it, press Next; False when the match is over."""
    learner.read_table(table, "results", again=True)
    if shots:
        page.screenshot(path=str(SHOTS / f"{name}_over.png"), full_page=True)
    nxt = table.locator("button.ck-next-round")
    if not visible(nxt):
        return False
    try:
        nxt.first.click(timeout=5_000)
    except Exception:                   # hidden in between: the match is over
        return visible(nxt) and end_of_round(page, table, learner, shots, name)
    learner.act()
    table.locator(".ck-result-area").wait_for(state="hidden")
    learner.log_total = -1                  # the next round may start with the learner's turn
    return True


def play_least_score(page, learner: Learner, shots: bool) -> None:
    table = page.locator(".ck-table").first
    for _ in range(80):
        state = wait_turn(page, table, learner)
        if state != "turn":
            if not end_of_round(page, table, learner, shots, "ls00"):
                return
            continue
        learner.read_table(table, "turns", again=True)
        learner.turns += 1
        if shots and learner.turns == 2:
            page.screenshot(path=str(SHOTS / "ls00_coach.png"), full_page=True)
        advice = learner.acted_on = learner.advice
        pick = pick_line(advice)                       # the discard (or declare)
        if pick.startswith("Declare"):
            table.locator("button.ck-declare").click()
            learner.act()
            continue
        hand = [b.get_attribute("data-key") for b in table.locator(".ck-my-hand button.ck-card").all()]
        if learner.own_move():
            # the newcomer's own move: throw the highest card, take what the choice starts on
            top = max(hand, key=lambda k: card_value(Card.parse(k)))
            click_cards(table, learner, [top])
            learner.read_table(table, "turns")           # the line under the hand: what it makes
        else:
            group = pick.split("Why:", 1)[0].split("(", 1)[0]
            click_cards(table, learner, codes(group))
            learner.read_table(table, "turns")
            take = advice.split("Then take", 1)[1].split(":", 1)[0] if "Then take" in advice else "deck"
            if "deck" in take:
                label = table.locator(".ck-take label", has_text="deck")
            else:
                label = table.locator(".ck-take label", has_text=f"{CARD.search(take).group(0)} (")
            radio = label.first.locator("input")
            if not (radio.count() and radio.is_checked()):
                label.first.click()
                learner.act()
        table.locator("button.ck-discard").click()
        learner.act()


def play_tien_len(page, learner: Learner, shots: bool) -> None:
    table = page.locator(".ck-table").first
    for _ in range(200):
        state = wait_turn(page, table, learner)
        if state != "turn":
            if not end_of_round(page, table, learner, shots, "tl00"):
                return
            continue
        learner.read_table(table, "turns", again=True)
        learner.turns += 1
        if shots and learner.turns == 3:
            page.screenshot(path=str(SHOTS / "tl00_coach.png"), full_page=True)
        advice = learner.acted_on = learner.advice
        pick = pick_line(advice).split("Why:", 1)[0].split("(", 1)[0]
        passing = pick.startswith("Pass")
        if not passing and learner.own_move():
            hand = [b.get_attribute("data-key") for b in table.locator(".ck-my-hand button.ck-card").all()]
            if "To beat" not in advice:
                play = hand[:1]                          # leading: the lowest card
            else:                                        # the hints: the first play listed
                table.locator("button.ck-show-legal").click()
                learner.act()
                hints = table.locator(".ck-hint-list")
                page.wait_for_function("(el) => el.textContent.trim().length > 0", arg=hints.element_handle())
                learner.read_table(table, "turns")
                play = codes(hints.inner_text().split(":", 1)[1].split(",")[0])
                table.locator("button.ck-show-legal").click()
                learner.act()
            click_cards(table, learner, play)
            learner.read_table(table, "turns")
            table.locator("button.ck-play").click()
            learner.act()
        elif passing:
            table.locator("button.ck-pass").click()
            learner.act()
        else:
            click_cards(table, learner, codes(pick))
            learner.read_table(table, "turns")
            table.locator("button.ck-play").click()
            learner.act()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wpm", type=float, default=200)
    parser.add_argument("--action", type=float, default=3.0, help="seconds per click or typed answer")
    parser.add_argument("--own-every", type=int, default=3,
                        help="the newcomer plays its own move every this many turns, from the 2nd (0: never)")
    parser.add_argument("--shots", action="store_true")
    parser.add_argument("--transcript", type=Path, help="write every text read to this file")
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
            learner = Learner(page, args.wpm, args.action, args.own_every)
            if args.transcript:
                learner.transcript = transcript = transcript if rows else open(args.transcript, "w")
                transcript.write(f"===== {name}\n")
            learner.read("\n".join(x for x, _ in page.evaluate(SEEN_JS, [None, until, True])))
            if args.shots:
                page.screenshot(path=str(SHOTS / f"{Path(path).stem}_{path.split('/')[0]}.png"), full_page=True)
            if until is None:
                answer_exercises(page, learner)
            if play is not None:
                table = page.locator(".ck-table").first
                learner.read_table(table, "table")
                try:
                    play(page, learner, args.shots)
                except Exception:
                    page.screenshot(path=str(SHOTS / "failure.png"), full_page=True)
                    print(table.inner_text()[:3000])
                    raise
            rows.append((name, learner))
        browser.close()
        problems = watch.console_errors + watch.page_errors
    total = sum(learner.minutes() for _, learner in rows)
    how = f"an own move every {args.own_every} turns" if args.own_every else "the coach followed at every turn"
    print(f"reading {args.wpm:g} words a minute, {args.action:g} s an action, waits for the bots as measured; {how}")
    for name, learner in rows:
        print(learner.line(name))
    print(f"{'total':<32} {sum(x.words for _, x in rows):>5} words, {sum(x.actions for _, x in rows)} actions, "
          f"bots {sum(x.waiting for _, x in rows) / 60:.1f} min → {total:.1f} min")
    again = sum(learner.minutes(again=True) for _, learner in rows)
    print(f"{'total, the table read again':<32} {sum(x.words + x.reread for _, x in rows):>5} words"
          f" → {again:.1f} min (each turn's first look reads the whole table again, labels and buttons too)")
    if problems:
        print("page problems:", *problems, sep="\n  ")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
