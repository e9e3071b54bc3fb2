"""Accessible to every learner (issue 13), in Debian's Chromium, as the cardkit template serves
the lessons.

- axe-core (WCAG 2.1 A and AA rules, and axe's best practices: ``axe_check.AXE_TAGS``) finds no
  violation on any lesson once it has loaded, nor at the key moments of play on both tables
  (mid-round, at the round's result, after a new match). A failure prints every violation: the
  rule, the elements and what axe says to fix.
- A whole Least Score round (lesson 7) and a whole Tiến Lên game (lesson 6) are played with the
  keyboard only (Tab, Shift+Tab, the arrows, Space, Enter), and after every key the focus is
  checked: it is never on the page itself (``<body>``) and never in another table; after the
  declaration and at the end of the game it is on **Next round** / **Next game**, after a new
  round on the learner's hand.
- The four-colour deck switch is remembered by the learner's browser (``localStorage`` key
  ``cardkit:four-colour``) from one page to the next.
- On a phone (390 × 844) the learner's hand, the buttons and the latest moves fit on one screen;
  the screenshots go to ``test-artifacts/screenshots/``.

The engine replays the same match beside the page (``table_mirror.py``), as in
``test_browser_play.py``, so the test knows what the page must show after every move.
"""

from __future__ import annotations

import time

import pytest

from axe_check import MIN_AXE_VERSION, axe_version, run_axe, violations_text
from cardkit import least_score as ls
from cardkit import tienlen as tl
from cardkit.cards import seed_from_code
from table_mirror import LeastScoreMirror, TienLenMirror
from test_browser_play import LS_DEAL, LS_RULES, LS_YOUR_TURN, TL_DEAL, _expect, _settled, _tl_status
from voila_harness import ARTIFACTS, LESSONS, expected_widget_views, wait_for_page_ready

pytestmark = pytest.mark.browser

LS_LESSON = "least_score/07_play_a_match.ipynb"
TL_LESSON = "tien_len/06_play_a_game.ipynb"
PAGE_READY_MS = 45_000
TURN_TIMEOUT_MS = 30_000
#: More presses of one key than any walk across a table needs: the loops cannot run away.
MAX_PRESSES = 120
MAX_TURNS = 40
#: Milliseconds the table may take to give the focus back when the part that had it is hidden
#: by the server's answer (the next message from the kernel); the page never keeps it.
BACK_MS = 1500

#: Runs in the page: where the keyboard focus is now, and in which table (-1: none).
FOCUS_JS = """
() => {
  const a = document.activeElement;
  const tables = Array.from(document.querySelectorAll('.ck-table'));
  const t = a ? a.closest('.ck-table') : null;
  const hand = a ? a.closest('.ck-my-hand') : null;
  return {
    body: !a || a === document.body || a === document.documentElement,
    table: t ? tables.indexOf(t) : -1,
    tag: a ? a.tagName.toLowerCase() : '',
    classes: a && a.className && a.className.baseVal === undefined ? a.className : '',
    key: a && a.dataset ? (a.dataset.key || '') : '',
    inHand: !!hand,
    text: a ? (a.innerText || a.value || '').trim().slice(0, 60) : '',
    radio: a && a.type === 'radio' ? a.parentElement.innerText.trim() : '',
    pressed: a ? a.getAttribute('aria-pressed') : null,
  };
}
"""


def _open_lesson(voila, open_page, lesson: str, query: str = "", settle: bool = True):
    voila.wait_for_pool(lesson, settle=settle)
    page, watch = open_page(voila.render_url(lesson, query))
    wait_for_page_ready(page, expected_widget_views(LESSONS / lesson), timeout_ms=PAGE_READY_MS)
    return page, watch


def _assert_axe_clean(page, where: str) -> None:
    page.wait_for_timeout(400)   # the shims and the widgets' last redraws
    violations = run_axe(page)
    assert not violations, violations_text(violations, where)


# --------------------------------------------------------------------------- every lesson


def test_axe_core_is_a_recent_one(voila, open_page):
    page, _ = open_page(voila.url("/voila/render/no_such_lesson.ipynb"), wait_until="load")
    version = axe_version(page)
    assert version[:2] >= MIN_AXE_VERSION, f"axe-core {version} is older than {MIN_AXE_VERSION}"


# Every lesson's page, axe-checked on load: test_browser_lessons.py::test_lesson_page (one load
# per lesson for both checks).


def test_axe_finds_a_planted_violation(voila, open_page):
    """The check can fail: an image without a text alternative is found and named."""
    page, _ = _open_lesson(voila, open_page, "00_start_here.ipynb", settle=False)
    page.evaluate("""() => { const img = document.createElement('img');
                             img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
                             document.querySelector('#rendered_cells').appendChild(img); }""")
    violations = run_axe(page)
    assert [v["id"] for v in violations] == ["image-alt"], violations_text(violations)
    assert "image-alt" in violations_text(violations) and "<img" in violations_text(violations)


# --------------------------------------------------------------------------- the keyboard


class Keys:
    """The keyboard, and a check of the focus after every key."""

    def __init__(self, page, table: int = 0) -> None:
        self.page = page
        self.table = table
        self.presses = 0
        self.trail: list[str] = []

    def focus(self) -> dict:
        return self.page.evaluate(FOCUS_JS)

    def press(self, key: str, *, anywhere: bool = False) -> dict:
        """Press ``key``; the focus must then be somewhere, and (unless ``anywhere``) in
        this table — never on the page, never in another table."""
        self.page.keyboard.press(key)
        self.presses += 1
        self.page.wait_for_timeout(25)
        f = self.focus()
        waited = 0
        while f["body"] and waited < BACK_MS:
            # the part that had the focus was just hidden by the server's answer: the table
            # gives the focus back to the part that takes the next move, within moments
            self.page.wait_for_timeout(20)
            waited += 20
            f = self.focus()
        self.trail.append(f"{key} -> {f['tag']}.{f['classes']} {f['key'] or f['text']!r}"
                          + (f" (given back after {waited} ms)" if waited else ""))
        assert not f["body"], f"after {key} the focus fell to the page; the last keys: {self.trail[-8:]}"
        if not anywhere:
            assert f["table"] == self.table, (
                f"after {key} the focus left the table (now in table {f['table']}): {self.trail[-8:]}")
        return f

    def until(self, ready, key: str = "Tab", what: str = "", **kwargs) -> dict:
        """Press ``key`` until ``ready(focus)``; ``what`` names the goal in a failure."""
        f = self.focus()
        for _ in range(MAX_PRESSES):
            if ready(f):
                return f
            f = self.press(key, **kwargs)
        raise AssertionError(f"{what or 'the goal'} was not reached with {MAX_PRESSES} × {key}: {self.trail[-8:]}")

    def wait_focus(self, ready, what: str, timeout_ms: float = TURN_TIMEOUT_MS) -> dict:
        """Wait (no key) until the page itself puts the focus where ``ready`` says."""
        deadline = time.monotonic() + timeout_ms / 1000
        while True:
            f = self.focus()
            if ready(f):
                return f
            if time.monotonic() > deadline:
                raise AssertionError(f"the focus did not go to {what} within {timeout_ms / 1000:.0f} s; it is on {f}")
            self.page.wait_for_timeout(50)

    # --- moves made of keys -------------------------------------------------------------
    def to_hand(self) -> dict:
        """Shift+Tab (or Tab) until a card of the learner's hand has the focus."""
        f = self.focus()
        if f["inHand"]:
            return f
        key = "Shift+Tab" if f["table"] == self.table else "Tab"
        return self.until(lambda f: f["inHand"] and f["table"] == self.table, key, "the learner's hand",
                          anywhere=f["table"] != self.table)

    def choose_cards(self, cards) -> None:
        """Choose exactly ``cards`` in the hand: the arrows to each, Space on it."""
        want = {c.code for c in cards}
        self.to_hand()
        self.press("Home")
        keys = self.page.evaluate(
            "(i) => Array.from(document.querySelectorAll('.ck-table')[i].querySelectorAll('.ck-my-hand button.ck-card'))"
            ".map(b => b.dataset.key)", self.table)
        for i, key in enumerate(keys):
            f = self.focus()
            assert f["key"] == key, f"the arrows went to {f['key']}, not {key}: {self.trail[-4:]}"
            if key in want:
                self.press("Space")
                self.page.wait_for_function(
                    "([i, k]) => { const b = document.querySelectorAll('.ck-table')[i]"
                    ".querySelector(`.ck-my-hand button.ck-card[data-key='${k}']`);"
                    " return b && b.getAttribute('aria-pressed') === 'true'; }",
                    arg=[self.table, key], timeout=TURN_TIMEOUT_MS)
                assert self.focus()["key"] == key, "Space moved the focus off the card it chose"
            if i < len(keys) - 1:
                self.press("ArrowRight")

    def to_button(self, css: str, what: str) -> dict:
        """Tab (from the hand on) until the button ``css`` has the focus."""
        return self.until(lambda f: f["tag"] == "button" and css in f["classes"], "Tab", what)


def _is_next(f: dict) -> bool:
    return f["tag"] == "button" and ("ck-next-round" in f["classes"] or "ck-play-again" in f["classes"])


def _start_at_the_table(keys: Keys) -> None:
    """From the top of the page, Tab until the first card of the table's hand."""
    keys.until(lambda f: f["inHand"] and f["table"] == keys.table, "Tab", "the table's hand", anywhere=True)


def test_least_score_round_by_keyboard_only(voila, open_page):
    mirror = LeastScoreMirror(seed_from_code(LS_DEAL), opponents=3, level="greedy", rules=LS_RULES)
    page, watch = _open_lesson(voila, open_page, LS_LESSON, f"?deal={LS_DEAL}")
    keys = Keys(page)
    _expect(page, mirror, LS_YOUR_TURN)
    _start_at_the_table(keys)
    _assert_axe_clean(page, "Least Score 7, the learner's first turn")
    takes = []
    for turn in range(MAX_TURNS):
        assert mirror.my_turn
        action = mirror.choose()
        if action is ls.DECLARE:
            _settled(page, lambda s: s["declareDisabled"] is False, "Declare enabled")
            _assert_axe_clean(page, "Least Score 7, Declare enabled")   # its colours are checked now
            keys.to_hand()
            keys.to_button("ck-declare", "the Declare button")
            keys.press("Enter")
            mirror.learner_plays(action)
            break
        keys.choose_cards(action.cards)
        # the take choice: one Tab stop, the arrows move between its options
        f = keys.until(lambda f: f["radio"] != "", "Tab", "the take choice")
        want = "the top card of the deck" if action.take is None else f"{action.take} ({action.take.label})"
        options = page.evaluate("(i) => Array.from(document.querySelectorAll('.ck-table')[i]"
                                ".querySelectorAll('.ck-take label')).map(l => l.innerText.trim())", 0)
        assert len(options) >= 1 and any(want in o for o in options), options
        f = keys.until(lambda f: want in f["radio"], "ArrowDown", f"the option {want!r}")
        assert page.evaluate("() => document.activeElement.checked"), "the arrow did not choose the option"
        keys.to_button("ck-discard", "Discard and take")
        before = set(mirror.state.hand(0))
        keys.press("Enter")
        mirror.learner_plays(action)
        takes.append("open" if action.take is not None else "deck")
        status = LS_YOUR_TURN
        if action.take is None:
            drawn = next(c for c in mirror.state.hand(0) if c not in before)
            status = f"You drew {drawn}. " + status
        _expect(page, mirror, status)
        assert not keys.focus()["body"], "the focus fell to the page while the bots played"
        if turn == 0:
            _assert_axe_clean(page, "Least Score 7, mid-round")
    else:
        pytest.fail(f"no declaration after {MAX_TURNS} turns")

    result = mirror.pending
    assert result is not None and result.declarer == 0
    assert {"open", "deck"} <= set(takes), takes
    _expect(page, mirror, f"Round {result.round_number} is over. Press Next round to go on.")
    keys.wait_focus(_is_next, "Next round, after the declaration")
    _assert_axe_clean(page, "Least Score 7, the round's result")

    keys.press("Enter")                      # Next round
    mirror.next_round()
    f = keys.wait_focus(lambda f: f["inHand"] and f["table"] == 0, "the learner's hand, in the new round")
    assert f["key"] in {c.code for c in mirror.state.hand(0)}, "the focus is on a card of the old hand"
    _expect(page, mirror, LS_YOUR_TURN if mirror.my_turn else "is playing")

    # a new match, by keyboard: Shift+Tab up to New match, Enter
    keys.until(lambda f: f["tag"] == "button" and "ck-new-match" in f["classes"], "Shift+Tab", "New match")
    keys.press("Enter")
    # a match is in progress, so the table asks first; the focus goes to the safe answer
    keys.wait_focus(lambda f: "ck-confirm-no" in f["classes"], "the 'are you sure?' question")
    keys.until(lambda f: "ck-confirm-yes" in f["classes"], "Shift+Tab", "Yes, start a new match")
    keys.press("Enter")
    page.wait_for_function("() => !document.querySelector('.ck-table .ck-deal-code b') || "
                           f"document.querySelector('.ck-table .ck-deal-code b').textContent !== '{LS_DEAL}'",
                           timeout=TURN_TIMEOUT_MS)
    page.wait_for_timeout(1500)
    assert not keys.focus()["body"]
    _assert_axe_clean(page, "Least Score 7, after a new match")
    assert not watch.page_errors and not watch.console_errors, (watch.page_errors, watch.console_errors)
    print(f"Least Score by keyboard: {keys.presses} keys")


def test_tien_len_game_by_keyboard_only(voila, open_page):
    mirror = TienLenMirror(seed_from_code(TL_DEAL), level="greedy")
    page, watch = _open_lesson(voila, open_page, TL_LESSON, f"?deal={TL_DEAL}")
    keys = Keys(page)
    _expect(page, mirror, _tl_status(mirror))
    _start_at_the_table(keys)
    moves = []
    for turn in range(MAX_TURNS):
        if not mirror.my_turn:
            break
        action = mirror.choose()
        if action is tl.PASS:
            keys.to_hand()
            keys.to_button("ck-pass", "Pass")
        else:
            keys.choose_cards(action.cards)
            named = [str(c) for c in action.cards]
            _settled(page, lambda s: all(c in s["verdict"] for c in named) and _playable(s["verdict"], moves),
                     f"the verdict that {' '.join(named)} may be played")
            keys.to_button("ck-play", "Play")
        keys.press("Enter")
        mirror.learner_plays(action)
        moves.append(action)
        if mirror.my_turn:
            _expect(page, mirror, _tl_status(mirror))
            assert not keys.focus()["body"], "the focus fell to the page while the bots played"
        if turn == 1:
            _assert_axe_clean(page, "Tiến Lên 6, mid-game")
    else:
        pytest.fail(f"the game did not end within {MAX_TURNS} of the learner's turns")
    assert tl.PASS in moves and any(m is not tl.PASS and len(m.cards) > 1 for m in moves)
    result = mirror.pending
    assert result is not None and result.game == 1
    winner = "You" if result.winner == 0 else f"Player {result.winner}"
    _expect(page, mirror, f"Game 1 is over: {winner} won it.")
    keys.wait_focus(_is_next, "Next game, at the end of the game")
    _assert_axe_clean(page, "Tiến Lên 6, the game's result")
    keys.press("Enter")                      # Next game
    mirror.next_round()
    keys.wait_focus(lambda f: f["inHand"] and f["table"] == 0, "the learner's hand, in the new game")
    assert not watch.page_errors and not watch.console_errors, (watch.page_errors, watch.console_errors)
    print(f"Tiến Lên by keyboard: {keys.presses} keys")


# --------------------------------------------------------------------------- four colours


#: True when the cards of the first element ``sel`` are drawn in the four-colour inks.
FOUR_COLOUR_SHOWN_JS = """
(sel) => { const e = document.querySelector(sel);
           const html = e ? e.innerHTML.toLowerCase() : '';
           return ['#00846f', '#1328b4', '#ac280c'].some(c => html.includes(c)); }
"""


def test_four_colour_switch_is_remembered_by_the_learners_browser(voila, open_page):
    page, watch = _open_lesson(voila, open_page, "least_score/02_legal_discards.ipynb", settle=False)
    checker = ".ck-checker .ck-cards"
    assert not page.evaluate(FOUR_COLOUR_SHOWN_JS, checker), "the deck starts in two colours"
    switch = page.locator(".ck-checker .ck-switch input").first
    assert "Four-colour deck" in page.locator(".ck-checker .ck-switch label").first.inner_text()
    switch.focus()
    page.keyboard.press("Space")                     # a checkbox: Space turns it on
    page.wait_for_function(FOUR_COLOUR_SHOWN_JS, arg=checker, timeout=TURN_TIMEOUT_MS)
    assert page.evaluate("() => localStorage.getItem('cardkit:four-colour')") == "1"
    # every switch on the page follows, and so do their cards
    page.wait_for_function("() => Array.from(document.querySelectorAll('.ck-switch input')).every(i => i.checked)",
                           timeout=TURN_TIMEOUT_MS)

    # another lesson, in the same browser: the table starts in four colours
    other = page.context.new_page()
    voila.wait_for_pool(TL_LESSON, settle=False)
    other.goto(voila.render_url(TL_LESSON), wait_until="commit")
    wait_for_page_ready(other, expected_widget_views(LESSONS / TL_LESSON), timeout_ms=PAGE_READY_MS)
    other.wait_for_function(FOUR_COLOUR_SHOWN_JS, arg=".ck-table .ck-my-hand", timeout=TURN_TIMEOUT_MS)
    assert other.locator(".ck-table .ck-switch input").first.is_checked()
    # and off again, remembered too
    other.locator(".ck-table .ck-switch input").first.uncheck()
    other.wait_for_function(f"(s) => !({FOUR_COLOUR_SHOWN_JS})(s)", arg=".ck-table .ck-my-hand",
                            timeout=TURN_TIMEOUT_MS)
    assert other.evaluate("() => localStorage.getItem('cardkit:four-colour')") == "0"
    _assert_axe_clean(other, "Tiến Lên 6 with the four-colour deck switched off again")
    other.close()
    assert not watch.page_errors and not watch.console_errors, (watch.page_errors, watch.console_errors)


# --------------------------------------------------------------------------- a phone


PHONE = {"width": 390, "height": 844}

#: Runs in the page: the first table's play (what is on the table, the hand, the buttons) and
#: the latest moves, measured after the play is scrolled to the top of the screen.
ONE_SCREEN_JS = """
() => {
  const t = document.querySelector('.ck-table');
  const hand = t.querySelector('.ck-my-hand');
  const play = t.querySelector('.ck-play-area');   // what is on the table comes first
  play.scrollIntoView({ block: 'start' });
  const buttons = Array.from(t.querySelectorAll('.ck-play-area button.jupyter-button'))
      .filter(b => b.getClientRects().length);
  const items = t.querySelectorAll('.ck-table-log li');
  const last = items[items.length - 1];
  const box = (e) => e.getBoundingClientRect();
  const parts = [play, hand, ...buttons, last].filter(Boolean).map(box);
  return { top: Math.min(...parts.map(r => r.top)), bottom: Math.max(...parts.map(r => r.bottom)),
           width: Math.max(...parts.map(r => r.right)), buttons: buttons.length, log: !!last,
           scrollWidth: document.documentElement.scrollWidth };
}
"""


@pytest.mark.parametrize("lesson, shot", [(LS_LESSON, "phone_least_score.png"), (TL_LESSON, "phone_tien_len.png")])
def test_on_a_phone_hand_buttons_and_latest_moves_share_one_screen(voila, browser, lesson, shot):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        voila.wait_for_pool(lesson, settle=False)
        page.goto(voila.render_url(lesson), wait_until="commit")
        wait_for_page_ready(page, expected_widget_views(LESSONS / lesson), timeout_ms=PAGE_READY_MS)
        page.wait_for_function("() => document.querySelectorAll('.ck-table .ck-table-log li').length > 0",
                               timeout=TURN_TIMEOUT_MS)
        page.wait_for_timeout(500)
        got = page.evaluate(ONE_SCREEN_JS)
        page.wait_for_timeout(200)
        shots = ARTIFACTS / "screenshots"
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / shot))
        assert got["buttons"] >= 2 and got["log"], got
        assert got["bottom"] - got["top"] <= PHONE["height"], (
            f"the hand, the buttons and the latest moves take {got['bottom'] - got['top']:.0f} px: "
            f"more than the phone's {PHONE['height']} px screen")
        assert got["width"] <= PHONE["width"] + 1, f"the table is wider than the phone: {got}"
        _assert_axe_clean(page, f"{lesson} on a phone")
    finally:
        context.close()


def _playable(verdict: str, moves: list) -> bool:
    """The verdict under the hand says the chosen cards may be played: "… Press Play." until
    the learner's first move of the match (the button is named once, issue 18), then the
    checker's words alone (never "you cannot play it now")."""
    return verdict.endswith("Press Play.") if not moves else ("cannot" not in verdict and "Press Play." not in verdict)
