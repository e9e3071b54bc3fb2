"""End to end by clicking, as a learner plays, in Debian's Chromium.

- Least Score: the lesson ``least_score/07_play_a_match.ipynb`` opened on a deal from the
  address (``?deal=AMY-Q86``); the test clicks cards, the take choice and "Discard and take"
  until the rules allow a declaration, clicks "Declare", and checks the scoring the page shows
  against ``cardkit.least_score.round_scores`` and the engine's round result; then "Next round".
- Tiến Lên: the table (test page ``pages/tienlen_table.ipynb``, on ``?deal=3PS-0HT``) played by
  clicking cards, "Play" and "Pass" until the first game ends; the finishing order and the points
  shown are checked against the engine's ``round_results``; then "Next game".

The engine replays the same match beside the page (``table_mirror.py``: the tables seed their
bots from the deal), so the test knows at every turn what the page must show — the learner's
hand, the newest lines of the log — and waits, with bounded timeouts, until it does. Each page
also passes the checks of every lesson page: no console or page errors, no request leaving the
machine, no Python error text. A screenshot of each table at the end goes to
``test-artifacts/screenshots/``.
"""

from __future__ import annotations

import re
import time

import pytest

from cardkit import least_score as ls
from cardkit import tienlen as tl
from cardkit.cards import seed_from_code
from table_mirror import LeastScoreMirror, TienLenMirror
from voila_harness import (
    ARTIFACTS,
    ERROR_TEXT,
    LESSONS,
    PAGE_STATE_JS,
    TEST_PAGES,
    expected_widget_views,
    wait_for_page_ready,
)

pytestmark = pytest.mark.browser

LS_LESSON = "least_score/07_play_a_match.ipynb"
#: Not the lesson's own deal (K7Q-29X), so the page must have read the address. With the
#: mirror's policy on this deal the learner takes an open card (3♠), then the top of the
#: deck, then declares and succeeds (11 against 12): both take choices and the declaration.
LS_DEAL = "AMY-Q86"
LS_RULES = ls.Rules(threshold=50)  # the lesson's table: three greedy bots, threshold 50

TL_PAGE = "tienlen_table.ipynb"
#: The learner holds the 3♠ and must start with it, plays pairs and sequences, passes, and
#: goes out third.
TL_DEAL = "3PS-0HT"
#: Seconds between two bot moves on the Tiến Lên page (the lessons use 0.8): a whole game
#: has some thirty bot moves.
TL_DELAY = 0.3

#: Milliseconds to wait for the page to answer one click (bots included).
TURN_TIMEOUT_MS = 30_000
PAGE_READY_MS = 45_000
#: More of the learner's turns than any game here needs: the loops cannot run away.
MAX_TURNS = 40

#: Runs in the page: what a learner sees of the ``index``-th game table.
TABLE_STATE_JS = """
(index) => {
  const t = document.querySelectorAll('.ck-table')[index];
  if (!t) return null;
  const text = (sel) => { const e = t.querySelector(sel); return e ? e.innerText.trim() : ''; };
  const button = (sel) => t.querySelector('button' + sel);
  const area = t.querySelector('.ck-result-area');
  return {
    status: text('.ck-table-status .ck-status-text'),
    log: Array.from(t.querySelectorAll('.ck-table-log li')).map(li => [li.value, li.textContent]),
    hand: Array.from(t.querySelectorAll('button.ck-card')).map(b => b.dataset.key),
    pressed: Array.from(t.querySelectorAll('button.ck-card[aria-pressed="true"]')).map(b => b.dataset.key),
    dealCode: text('.ck-deal-code b'),
    verdict: text('.ck-verdict .ck-status-text'),
    declareDisabled: button('.ck-declare') ? button('.ck-declare').disabled : null,
    declareReason: text('.ck-declare-reason'),
    resultShown: !!area && area.offsetParent !== null,
    result: text('.ck-round-result'),
    revealed: area ? Array.from(area.querySelectorAll('.ck-cards')).map(row => ({
        caption: (row.querySelector('.ck-caption-text') || {}).textContent || '',
        cards: Array.from(row.querySelectorAll('.ck-card')).map(c => c.dataset.key)})) : [],
    revealedTotals: area ? Array.from(area.querySelectorAll('div'))
        .filter(d => !d.querySelector('div') && /^total: /.test(d.textContent))
        .map(d => d.textContent) : [],
    scoreboard: Array.from(t.querySelectorAll('.ck-scoreboard tbody tr'))
        .map(tr => Array.from(tr.cells).map(td => td.innerText.trim())),
  };
}
"""

#: True once the table shows what the test expects (see ``_expect``).
TABLE_MATCHES_JS = """
([index, want]) => {
  const t = document.querySelectorAll('.ck-table')[index];
  if (!t) return false;
  const status = (t.querySelector('.ck-table-status .ck-status-text') || {}).textContent || '';
  if (!status.includes(want.status)) return false;
  const items = t.querySelectorAll('.ck-table-log li');
  const last = items[items.length - 1];
  if (want.events === 0 ? items.length !== 0 : (!last || last.value !== want.events || last.textContent !== want.lastEvent)) return false;
  const hand = Array.from(t.querySelectorAll('button.ck-card')).map(b => b.dataset.key).sort();
  if (want.hand !== null && JSON.stringify(hand) !== JSON.stringify(want.hand)) return false;
  const area = t.querySelector('.ck-result-area');
  return (!!area && area.offsetParent !== null) === want.resultShown;
}
"""


# --------------------------------------------------------------------------- helpers


def _table_state(page, index: int = 0) -> dict:
    return page.evaluate(TABLE_STATE_JS, index)


def _expect(page, mirror, status: str, index: int = 0, timeout_ms: float = TURN_TIMEOUT_MS) -> dict:
    """Wait until the table shows the mirror's match: the status says ``status``, the log's
    newest line is the engine's newest shown event (with the same number), the learner's
    hand is the engine's, and the result area is shown exactly when a round is over."""
    shown = mirror.shown_events()
    want = {
        "status": status,
        "events": len(shown),
        "lastEvent": shown[-1].text if shown else "",
        "hand": None if mirror.pending is not None else sorted(c.code for c in mirror.state.hand(0)),
        "resultShown": mirror.pending is not None,
    }
    try:
        page.wait_for_function(TABLE_MATCHES_JS, arg=[index, want], timeout=timeout_ms)
    except Exception as err:  # a timeout: say what differs, not just that it timed out
        got = _table_state(page, index)
        raise AssertionError(
            f"the table did not come to show the engine's match within {timeout_ms / 1000:.0f} s ({err}).\n"
            f"expected: {want}\nshown: status={got and got['status']!r}, "
            f"log={got and got['log'][-3:]}, hand={got and sorted(got['hand'])}, "
            f"result shown={got and got['resultShown']}"
        ) from None
    return _table_state(page, index)


def _settled(page, ready, what: str, index: int = 0, timeout_ms: float = TURN_TIMEOUT_MS) -> dict:
    """The table's state once ``ready(state)`` is true. Parts of a table are separate
    widgets, updated one after another: wait for the part a check reads, bounded."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        state = _table_state(page, index)
        if state is not None and ready(state):
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"the table never showed {what} within {timeout_ms / 1000:.0f} s; it shows {state}")
        page.wait_for_timeout(100)


def _click_cards(page, table, cards, index: int = 0) -> None:
    """Click each card of ``cards`` in the learner's hand; wait until exactly those are chosen."""
    for card in cards:
        table.locator(f"button.ck-card[data-key='{card.code}']").click()
    want = sorted(c.code for c in cards)
    page.wait_for_function(
        """([index, want]) => {
             const t = document.querySelectorAll('.ck-table')[index];
             const got = Array.from(t.querySelectorAll('button.ck-card[aria-pressed="true"]'))
                              .map(b => b.dataset.key).sort();
             return JSON.stringify(got) === JSON.stringify(want);
           }""",
        arg=[index, want],
        timeout=TURN_TIMEOUT_MS,
    )


def _open_table_page(server, open_page, notebook: str, query: str, folder):
    server.wait_for_pool(notebook, settle=False)  # the page itself waits for the kernel
    page, watch = open_page(server.render_url(notebook, query))
    wait_for_page_ready(page, expected_widget_views(folder / notebook), timeout_ms=PAGE_READY_MS)
    return page, watch


def _screenshot(page, table, name: str) -> None:
    """The whole table, in ``test-artifacts/screenshots/``. Voilà's page scrolls inside
    itself, so the window is made tall enough for the table first."""
    shots = ARTIFACTS / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    try:
        height = table.evaluate("el => el.getBoundingClientRect().height")
        page.set_viewport_size({"width": 1280, "height": min(6000, int(height) + 400)})
        table.screenshot(path=str(shots / name))
    except Exception:  # a page too broken for an element shot: keep the whole page instead
        page.screenshot(path=str(shots / name), full_page=True)


def _assert_clean_page(page, watch) -> None:
    """The checks every lesson page passes (test_browser_lessons.py)."""
    state = page.evaluate(PAGE_STATE_JS)
    assert state["codeInputs"] == 0, "code cells are visible: sources must be hidden"
    assert not state["errorOutputs"], f"a cell wrote an error: {state['errorOutputs']}"
    found = ERROR_TEXT.search(state["outputsText"])
    assert not found, f"Python error text in the page: {found.group(0)!r}"
    page.wait_for_timeout(300)  # let late console messages arrive
    assert not watch.page_errors, f"uncaught errors in the page: {watch.page_errors}"
    assert not watch.console_errors, f"browser console errors: {watch.console_errors}"
    assert not watch.offsite(), f"requests that leave the machine: {watch.offsite()}"
    assert not watch.failed, f"requests that failed: {watch.failed}"


def _scoreboard_points(state: dict) -> list[int]:
    """The numbers in the scoreboard's score (points) column, one per seat."""
    return [int(row[2]) for row in state["scoreboard"]]


# --------------------------------------------------------------------------- Least Score


LS_YOUR_TURN = "Your turn: discard, then take — or declare."


def test_play_a_least_score_round_to_a_declaration(voila, open_page):
    t0 = time.monotonic()
    mirror = LeastScoreMirror(seed_from_code(LS_DEAL), opponents=3, level="greedy", rules=LS_RULES)
    page, watch = _open_table_page(voila, open_page, LS_LESSON, f"?deal={LS_DEAL}", LESSONS)
    table = page.locator(".ck-table").first
    loaded, shot = time.monotonic(), False
    try:
        state = _expect(page, mirror, LS_YOUR_TURN)
        assert state["dealCode"] == LS_DEAL, f"the page plays deal {state['dealCode']}, not the one in the address"

        takes = []
        for _turn in range(MAX_TURNS):
            if not mirror.my_turn:
                break
            obs = mirror.state.observation(0)
            action = mirror.choose()
            if obs.can_declare:
                reason = f"You may declare now: every hand is shown and the round is scored (your total is {obs.hand_total})."
            else:  # the page gives the engine's reason for not declaring yet
                reason = f"Declare is not allowed yet: {obs.why_not_declare}."
            _settled(page, lambda s: s["declareReason"] == reason and s["declareDisabled"] is (not obs.can_declare),
                     f"the declare button {'enabled' if obs.can_declare else 'disabled'} and the reason {reason!r}")
            if action is ls.DECLARE:
                table.locator("button.ck-declare").click()
                mirror.learner_plays(action)
                break
            _click_cards(page, table, action.cards)
            if action.take is None:
                choice = table.locator(".ck-take label.ck-choice-option", has_text="the top card of the deck")
            else:
                choice = table.locator(".ck-take label.ck-choice-option",
                                       has_text=f"{action.take} ({action.take.label})")
            choice.locator("input").check()
            before = set(mirror.state.hand(0))
            table.locator("button.ck-discard").click()
            mirror.learner_plays(action)
            takes.append("open" if action.take is not None else "deck")
            status = LS_YOUR_TURN
            if action.take is None:  # the page names the card drawn: the engine's next card
                drawn = next(c for c in mirror.state.hand(0) if c not in before)
                status = f"You drew {drawn}. " + status
            if mirror.my_turn:
                _expect(page, mirror, status)
        else:
            pytest.fail(f"no declaration after {MAX_TURNS} turns")

        result = mirror.pending
        assert result is not None and result.declarer == 0, "the learner's declaration did not end the round"
        assert {"open", "deck"} <= set(takes), f"the deal no longer exercises both take choices: {takes}"
        verdict = "succeeds" if result.success else "fails"
        _expect(page, mirror, f"Round {result.round_number} is over. Press Next round to go on.")
        seats = list(result.players)
        state = _settled(
            page,
            lambda s: len(s["revealed"]) == len(seats) and len(s["revealedTotals"]) == len(seats)
            and "Running scores" in s["result"] and any(r[3].startswith("declared") for r in s["scoreboard"]),
            "every hand, the scoring and the scoreboard of the finished round",
        )

        # every hand is shown: the engine's hands, and their totals as the page adds them up
        assert [sorted(r["cards"]) for r in state["revealed"]] == [
            sorted(c.code for c in result.hands[p]) for p in seats
        ]
        shown_totals = [int(re.search(r"= (\d+)$", t).group(1)) for t in state["revealedTotals"]]
        assert shown_totals == [ls.hand_total(result.hands[p]) for p in seats]
        # the scoring shown is round_scores of those totals, with the learner as declarer
        expected = ls.round_scores(shown_totals, seats.index(0), mirror.state.rules)
        assert expected == [result.scores[p] for p in seats]
        running = re.search(r"Running scores: (.+)\.", state["result"]).group(1)
        shown_scores = [int(m) for m in re.findall(r"\d+ \+ (\d+) = \d+", running)]
        in_seat_order = [expected[seats.index(p)] for p in sorted(seats)]   # the running scores list You first
        assert shown_scores == in_seat_order, f"the page scores {running!r}; round_scores gives {in_seat_order}"
        assert _scoreboard_points(state) == list(result.running_scores)
        d, low = shown_totals[seats.index(0)], min(t for p, t in zip(seats, shown_totals) if p != 0)
        declarer = "You" if result.declarer == 0 else f"Player {result.declarer}"
        assert f"{declarer} declared with {d}, " in state["result"] and f"the declaration {verdict}" in state["result"]
        assert "D = " not in state["result"]          # in words, not the scoring lesson's letters
        _screenshot(page, table, "play_least_score.png")  # the end of the round, scored
        shot = True

        # and the match goes on
        table.locator("button.ck-next-round").click()
        mirror.next_round()
        _expect(page, mirror, LS_YOUR_TURN)
        state = _settled(page, lambda s: any("to play" in r[3] for r in s["scoreboard"]), "the scoreboard of round 2")
        assert _scoreboard_points(state) == list(result.running_scores)
        assert f"Round {result.round_number + 1} · threshold" in table.locator(".ck-scoreboard").inner_text()
    finally:
        if not shot:  # what the page showed when the test failed
            _screenshot(page, table, "play_least_score.png")
    _assert_clean_page(page, watch)
    print(f"Least Score: page ready in {loaded - t0:.1f} s, round played by clicking in {time.monotonic() - loaded:.1f} s")


# --------------------------------------------------------------------------- Tiến Lên


def _tl_status(mirror: TienLenMirror) -> str:
    st = mirror.state
    if st.table is None:
        return "Your turn: you lead — play any combination."
    who = "your own" if st.table_player == 0 else f"Player {st.table_player}'s"
    return f"Your turn: beat {who} {st.table.describe()}, or pass."


def test_play_a_tien_len_game_to_its_end(pages_voila, open_page):
    t0 = time.monotonic()
    mirror = TienLenMirror(seed_from_code(TL_DEAL), level="greedy")
    page, watch = _open_table_page(pages_voila, open_page, TL_PAGE, f"?deal={TL_DEAL}&delay={TL_DELAY}", TEST_PAGES)
    table = page.locator(".ck-table").first
    loaded, shot = time.monotonic(), False
    try:
        state = _expect(page, mirror, _tl_status(mirror))
        assert state["dealCode"] == TL_DEAL, f"the page plays deal {state['dealCode']}, not the one in the address"

        moves = []
        for _turn in range(MAX_TURNS):
            if not mirror.my_turn:
                break
            action = mirror.choose()
            if action is tl.PASS:
                table.locator("button.ck-pass").click()
            else:
                _click_cards(page, table, action.cards)
                named = [str(c) for c in action.cards]  # the verdict names the chosen cards
                _settled(page, lambda s: all(c in s["verdict"] for c in named) and _playable(s["verdict"], moves),
                         f"the verdict that {' '.join(named)} may be played")
                table.locator("button.ck-play").click()
            mirror.learner_plays(action)
            moves.append(action)
            if mirror.my_turn:
                _expect(page, mirror, _tl_status(mirror))
        else:
            pytest.fail(f"the game did not end within {MAX_TURNS} of the learner's turns")

        assert tl.PASS in moves and any(m is not tl.PASS and len(m.cards) > 1 for m in moves), (
            "the deal no longer has the learner pass and play several cards at once")
        result = mirror.pending
        assert result is not None and result.game == 1 and not result.instant_win
        winner = "You" if result.winner == 0 else f"Player {result.winner}"
        _expect(page, mirror, f"Game 1 is over: {winner} won it.")
        state = _settled(page, lambda s: "Match points" in s["result"] and _scoreboard_points(s) == list(result.totals),
                         "the finishing order, the points and the scoreboard of the finished game")

        # the finishing order and the points, as the page lists them
        n = mirror.state.num_players
        lines = re.findall(r"(\d)(?:st|nd|rd|th): (You|Player \d)(?: \(still holding cards\))? — "
                           r"(\d+) points?", state["result"])
        order = [0 if who == "You" else int(who.split()[1]) for _k, who, *_ in lines]
        points = [int(p) for *_, p in lines]
        assert order == list(result.finishing_order), f"finishing order shown {order}, engine {result.finishing_order}"
        assert points == [result.scores[p] for p in order]
        assert points == [n - k for k in range(1, n + 1)], "the k-th player out scores n − k"
        match_points = re.search(r"Match points: (.+?)(?:\n|$)", state["result"]).group(1)
        assert [int(x) for x in re.findall(r"= (\d+)", match_points)] == list(result.totals)
        assert _scoreboard_points(state) == list(result.totals)
        _screenshot(page, table, "play_tien_len.png")  # the end of the game, scored
        shot = True

        # and the match goes on
        table.locator("button.ck-next-round").click()
        mirror.next_round()
        if mirror.my_turn:
            _expect(page, mirror, _tl_status(mirror))
    finally:
        if not shot:  # what the page showed when the test failed
            _screenshot(page, table, "play_tien_len.png")
    _assert_clean_page(page, watch)
    print(f"Tiến Lên: page ready in {loaded - t0:.1f} s, game played by clicking in {time.monotonic() - loaded:.1f} s")


# --------------------------------------------------------------------------- two tables, two saved matches


TWO_TABLES = "two_tables.ipynb"


def test_two_tables_on_one_page_keep_two_saved_matches(pages_voila, open_page):
    """A page with two tables (Least Score 7 had two): a move at the second one is kept under its
    own key, and after a reload only the second table offers it (issue 21: table 1 offered table 2's
    match)."""
    page, _watch = open_page(pages_voila.render_url(TWO_TABLES))
    page.locator(".ck-table").nth(1).locator("button.ck-card").first.wait_for(state="visible", timeout=90_000)
    second = page.locator(".ck-table").nth(1)
    second.locator("button.ck-card").nth(0).click()
    second.locator("button.ck-discard").click()
    # a state, not a time: the second table's match is stored with its one move answered
    page.wait_for_function("""() => Object.keys(localStorage).filter(k => k.startsWith('cardkit:match:'))
        .map(k => JSON.parse(localStorage.getItem(k))).some(r => r.code === 'ACE-123' && r.moves.length === 1
        && r.turn === 'yours')""", timeout=60_000)
    keys = page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('cardkit:match:'))")
    assert len(keys) == 1 and TWO_TABLES in keys[0]
    page.reload(wait_until="commit")
    page.locator(".ck-table").nth(1).locator("button.ck-card").first.wait_for(state="visible", timeout=90_000)
    second = page.locator(".ck-table").nth(1)
    second.locator(".ck-saved-match").wait_for(state="visible", timeout=30_000)
    assert "Resume your match — round 1, your turn" in second.locator(".ck-saved-match").inner_text()
    page.wait_for_function("""() => document.querySelectorAll('.ck-table')[0]
        .querySelector('.ck-saved-match').dataset.checked === 'true'""", timeout=30_000)
    assert page.locator(".ck-table").nth(0).locator(".ck-saved-match").is_hidden()


def _playable(verdict: str, moves: list) -> bool:
    """The verdict under the hand says the chosen cards may be played: "… Press Play." until
    the learner's first move of the match (the button is named once, issue 18), then the
    checker's words alone (never "you cannot play it now")."""
    return verdict.endswith("Press Play.") if not moves else ("cannot" not in verdict and "Press Play." not in verdict)


def test_the_log_is_shown_when_the_coach_is_switched_off(voila, open_page):
    """Coach on, its "What just happened" tells the moves and the log is only read out; coach
    off, the log is on the page again (issue 18's newcomer found it stayed 1 px wide: the
    class set from Python never left the page)."""
    lesson = "tien_len/00_ten_minute_start.ipynb"
    page, watch = open_page(voila.render_url(lesson))
    wait_for_page_ready(page, expected_widget_views(LESSONS / lesson), timeout_ms=PAGE_READY_MS)
    table = page.locator(".ck-table").first
    log = table.locator(".ck-table-log").element_handle()
    switch = table.locator(".ck-coach-switch input")
    assert switch.is_checked(), "the ten-minute start's table begins with the coach on"
    assert not switch.is_visible(), "the ten-minute start folds its settings behind Settings"
    table.locator("button.ck-settings-toggle").click()
    switch.wait_for(state="visible")
    hidden_js = "e => e.getBoundingClientRect().width <= 1"
    shown_js = "e => e.getBoundingClientRect().width > 100 && e.querySelectorAll('li').length > 0"
    page.wait_for_function(hidden_js, arg=log)
    switch.click()
    page.wait_for_function(shown_js, arg=log)
    assert table.locator(".ck-table-log li").last.is_visible()
    switch.click()
    page.wait_for_function(hidden_js, arg=log)
    assert table.locator(".ck-table-log li").count() > 0, "still there for screen readers"
    assert not watch.console_errors and not watch.page_errors
