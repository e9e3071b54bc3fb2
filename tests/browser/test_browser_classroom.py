"""A classroom on one laptop, safely: caps, owners, XSRF, a reload that resumes, refused traits.

``room`` is the project's server on the test pages with small caps (3 live pages per browser,
12 kernels per client address, 10 in all), a 20-second wait for a page to connect and a
5-second grace for a page whose websocket has gone. A flood comes from 127.0.0.3 (a client
bound to that loopback address, keeping no cookies); the browser's learners come from 127.0.0.1.
"""

from __future__ import annotations

import concurrent.futures
import http.client
import os
import re
import signal
import time
import urllib.request

import pytest

from cardkit.app.access import CLASS_FULL
from voila_harness import TEST_PAGES, VoilaServer, wait_for_page_ready, wait_until

pytestmark = pytest.mark.browser

PAGE = "deal_from_url.ipynb"
TABLE = "tienlen_table.ipynb"
PER_CLIENT = 3
UNCLAIMED = 20   # a page on a loaded machine may take many seconds to connect after it was sent
GONE = 5


@pytest.fixture(scope="module")
def room():
    server = VoilaServer(TEST_PAGES, extra_args=(
        f"--max-per-client={PER_CLIENT}", "--max-kernels=10",
        f"--CardkitVoila.unclaimed_timeout={UNCLAIMED}", f"--CardkitVoila.disconnected_timeout={GONE}"))
    try:
        server.start()
        server.wait_for_pools()
    except RuntimeError as err:
        server.stop()
        pytest.fail(f"could not start the server: {err}", pytrace=False)
    yield server
    server.stop()


def _get(server, path, source="127.0.0.3", method="GET", headers=None, body=None, location=False):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60, source_address=(source, 0))
    try:
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        out = resp.status, resp.read().decode("utf-8", "replace"), resp.getheader("Set-Cookie") or ""
        return out + (resp.getheader("Location") or "",) if location else out
    finally:
        conn.close()


def _open(browser, server, notebook, query=""):
    context = browser.new_context()
    context.set_default_timeout(60_000)
    page = context.new_page()
    page.goto(server.render_url(notebook, query), wait_until="commit")
    state = wait_for_page_ready(page, 0, timeout_ms=60_000)
    return context, page, state["kernelId"]


def _close(context):
    """Close like a learner closing the tab (Voilà's goodbye frees the kernel), then the context."""
    for page in context.pages:
        try:
            page.close(run_before_unload=True)
            if not page.is_closed():
                page.wait_for_event("close", timeout=5000)
        except Exception:
            pass
    context.close()


def test_a_flood_from_one_client_stays_under_its_cap_and_a_new_learner_is_served(room, browser):
    before = room.status()["kernels"]
    with concurrent.futures.ThreadPoolExecutor(12) as pool:
        answers = list(pool.map(lambda _: _get(room, f"/voila/render/{PAGE}?deal=AAA-AAB"), range(12)))
    codes = [a[0] for a in answers]
    assert codes.count(200) == PER_CLIENT, codes
    refused = [a for a in answers if a[0] == 503]
    assert len(refused) == 12 - PER_CLIENT
    # a client keeping no cookies is told about its device (not "the class is full": it is not)
    assert all("Too many lesson pages from this device" in body and "Traceback" not in body for _, body, _ in refused)
    status = room.status()
    assert status["kernels"] <= before + PER_CLIENT
    assert status["owned_by_client"].get("127.0.0.3") == PER_CLIENT
    # a new learner, from another device, is still served
    context, page, kernel_id = _open(browser, room, PAGE)
    try:
        assert kernel_id and room.kernel_exists(kernel_id)
    finally:
        _close(context)
    # the flood's pages never connected: their kernels are freed within the wait (+ a check)
    assert wait_until(lambda: "127.0.0.3" not in room.status()["owned_by_client"],
                      timeout=UNCLAIMED + 12), room.status()
    assert _get(room, f"/voila/render/{PAGE}?deal=AAA-AAB")[0] == 200      # the cap is free again


def test_a_stranger_cannot_shut_down_or_drive_a_learner_s_kernel(room, browser):
    learner, page, kernel_id = _open(browser, room, TABLE, "?delay=0")
    stranger, other, _other_kernel = _open(browser, room, PAGE)
    try:
        # without the page's cookie: the REST address, DELETE and Voilà's shutdown are refused
        assert _get(room, f"/api/kernels/{kernel_id}", source="127.0.0.1")[0] == 403
        tried = other.evaluate("""async (kid) => {
            const xsrf = (document.cookie.match(/\\b_xsrf=([^;]*)/) || [])[1] || '';
            const form = new FormData(); form.append('_xsrf', xsrf);
            const del = await fetch('/api/kernels/' + kid + '?_xsrf=' + encodeURIComponent(xsrf),
                                    {method: 'DELETE', headers: {'X-XSRFToken': xsrf}});
            const shut = await fetch('/voila/api/shutdown/' + kid, {method: 'POST', body: form});
            const ws = await new Promise((done) => {
                const s = new WebSocket('ws://' + location.host + '/api/kernels/' + kid + '/channels');
                s.onopen = () => { s.close(); done('open'); };
                s.onerror = () => done('refused');
            });
            return {del: del.status, shut: shut.status, ws, xsrf: !!xsrf};
        }""", kernel_id)
        assert tried == {"del": 403, "shut": 403, "ws": "refused", "xsrf": True}, tried
        assert room.kernel_exists(kernel_id)
        # the learner's own page still plays
        page.click("button.ck-card >> nth=0")
        page.wait_for_selector("button.ck-card[aria-pressed='true']", timeout=30_000)
    finally:
        _close(stranger)
        _close(learner)


def test_the_xsrf_check_is_on_and_a_closing_tab_still_frees_its_kernel(room, browser):
    context, page, kernel_id = _open(browser, room, PAGE)
    try:
        # the page's own cookies, but no _xsrf token: refused
        response = context.request.post(room.url(f"voila/api/shutdown/{kernel_id}"))
        assert response.status == 403 and "_xsrf" in response.text()
        assert room.kernel_exists(kernel_id)
        page.close(run_before_unload=True)   # Voilà's goodbye carries the token: freed at once
        assert wait_until(lambda: not room.kernel_exists(kernel_id), timeout=10)
    finally:
        context.close()


def test_a_wrong_host_name_is_refused(room):
    status, body, _ = _get(room, "/", source="127.0.0.1", headers={"Host": f"rebound.example:{room.port}"})
    assert status == 403 and "does not answer" in body


def test_every_spelling_of_a_lesson_address_goes_through_the_caps(room):
    """A trailing slash (Voilà strips it) used to skip the caps and the owners: 15 loads from
    one address started 15 kernels nobody owned. Now each other spelling is sent to the one
    address, where the caps are; nonsense and over-long paths are a plain 404."""
    before = room.status()
    for spelling in (f"{PAGE}/", f"{PAGE}//", f"./{PAGE}", f"/{PAGE}"):
        for _ in range(4):
            status, body, _cookie, where = _get(room, f"/voila/render/{spelling}?deal=AAA-AAB", source="127.0.0.4",
                                                location=True)
            assert status == 302 and where.endswith(f"/voila/render/{PAGE}?deal=AAA-AAB"), (spelling, status, where)
    log_before = len(room.log_text())
    for path in ("a" * 8000 + ".ipynb", "../etc/passwd.ipynb", "no_such_lesson.ipynb", ""):
        status, body, _ = _get(room, f"/voila/render/{path}", source="127.0.0.4")
        assert status == 404 and "No such lesson" in body and "Traceback" not in body, (path[:20], status)
    after = room.status()
    assert after["kernels"] <= before["kernels"] + 1 and "127.0.0.4" not in after["owned_by_client"], after
    new_log = room.log_text()[log_before:]
    assert "Traceback" not in new_log and max(map(len, new_log.splitlines() or [""])) < 400


def test_the_status_page_gives_counts_and_no_kernel_id(room, browser):
    context, page, kernel_id = _open(browser, room, PAGE)
    try:
        with urllib.request.urlopen(room.url("cardkit/api/status"), timeout=10) as resp:
            text = resp.read().decode()
        assert kernel_id not in text and re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-", text) is None, text
        assert room.kernel_exists(kernel_id) and not room.kernel_exists("0" * 8 + "-0000-0000-0000-" + "0" * 12)
    finally:
        _close(context)


def test_a_refused_websocket_is_one_log_line_without_a_traceback(room):
    log_before = len(room.log_text())
    for _ in range(5):
        status, _body, _ = _get(room, "/api/kernels/11111111-2222-3333-4444-555555555555/channels", source="127.0.0.4",
                                headers={"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                                         "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})
        assert status == 403
    assert wait_until(lambda: room.log_text()[log_before:].count("Refused the websocket") >= 5, timeout=10)
    new_log = room.log_text()[log_before:]
    assert "Traceback" not in new_log and new_log.count("\n") <= 12, new_log


def _open_tabs(context, server, n, notebook=PAGE):
    pages = []
    for _ in range(n):
        page = context.new_page()
        page.goto(server.render_url(notebook), wait_until="commit")
        state = wait_for_page_ready(page, 1, timeout_ms=60_000)   # its widget drawn: its websocket is open
        pages.append((page, state["kernelId"]))
    return pages


def _abruptly(context):
    """Tabs that go away without a goodbye (a phone discarding them, a laptop lid, Wi-Fi lost):
    the shutdown note never reaches the server, only the websocket drops."""
    context.route("**/voila/api/shutdown/**", lambda route: route.abort())
    for page in context.pages:
        page.close(run_before_unload=True)


def test_a_learner_s_closed_tabs_never_lock_them_out(room, browser):
    """One browser opens its per-browser cap of lessons, loses them all abruptly, and opens
    another: it is served at once (the gone pages are not live), and the gone kernels are freed
    soon after their websocket closed. Before, it read "This class is full" for minutes."""
    context = browser.new_context()
    context.set_default_timeout(60_000)
    try:
        tabs = _open_tabs(context, room, PER_CLIENT)
        kernels = [k for _p, k in tabs]
        assert all(room.kernel_exists(k) for k in kernels)
        _abruptly(context)
        assert all(room.kernel_exists(k) for k in kernels)          # no goodbye arrived
        (page, kernel_id), = _open_tabs(context, room, 1)             # the same browser, at once
        assert kernel_id and kernel_id not in kernels
        assert wait_until(lambda: not any(room.kernel_exists(k) for k in kernels), timeout=GONE + 12), \
            [room.kernel_exists(k) for k in kernels]
        assert room.kernel_exists(kernel_id)                          # the live page keeps its kernel
    finally:
        _close(context)


def test_a_browser_over_its_cap_is_told_in_words_that_fit(room, browser):
    context = browser.new_context()
    context.set_default_timeout(60_000)
    try:
        _open_tabs(context, room, PER_CLIENT)
        extra = context.new_page()
        response = extra.goto(room.render_url(PAGE), wait_until="load")
        assert response.status == 503
        text = extra.inner_text("main")
        assert "Too many lesson pages open" in text and "Close one of the other lesson tabs" in text
        assert "class is full" not in text
    finally:
        _close(context)


def test_a_kernel_killed_mid_match_is_said_in_words(room, browser):
    context, page, kernel_id = _open(browser, room, TABLE, "?delay=0")
    try:
        page.wait_for_selector("button.ck-card")
        pid = room.kernel_pids().get(kernel_id)
        assert pid, room.kernel_pids()
        os.kill(pid, signal.SIGKILL)
        note = page.wait_for_selector("#ck-kernel-note[data-why='restarted']", timeout=30_000)
        text = note.inner_text()
        assert "stopped on the server" in text and "Reload" in text and "kept in this browser" in text
        assert wait_until(lambda: not room.kernel_exists(kernel_id), timeout=30)   # its empty restart freed
    finally:
        _close(context)


#: Runs in the page: talks to its own kernel as a crafted page would (the legacy JSON
#: protocol), asks every widget's state, sends ``update`` for each hand, and reads them again.
CRAFTED_JS = """
async ({kid, update}) => {
  const ws = new WebSocket('ws://' + location.host + '/api/kernels/' + kid + '/channels?session_id=crafted');
  await new Promise((ok, bad) => { ws.onopen = ok; ws.onerror = bad; });
  const seen = [];
  ws.onmessage = (event) => seen.push(JSON.parse(event.data));
  let n = 0;
  const send = (channel, type, content) => ws.send(JSON.stringify({
    header: {msg_id: 'crafted-' + (++n), msg_type: type, username: '', session: 'crafted', version: '5.3',
             date: new Date().toISOString()}, parent_header: {}, metadata: {}, content, channel, buffers: []}));
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  send('shell', 'comm_info_request', {target_name: 'jupyter.widget'});
  for (let i = 0; i < 100 && !seen.some(m => m.msg_type === 'comm_info_reply'); i++) await wait(100);
  const comms = Object.keys(seen.find(m => m.msg_type === 'comm_info_reply').content.comms);
  const states = async () => {
    seen.length = 0;
    for (const id of comms) send('shell', 'comm_msg', {comm_id: id, data: {method: 'request_state'}});
    const answered = () => new Set(seen.filter(m => m.msg_type === 'comm_msg' && m.content.data.method === 'update')
                                       .map(m => m.content.comm_id));
    for (let i = 0; i < 300 && answered().size < comms.length; i++) await wait(100);   // every widget answered
    const out = {};
    for (const m of seen) if (m.msg_type === 'comm_msg' && m.content.data.method === 'update')
      out[m.content.comm_id] = Object.assign(out[m.content.comm_id] || {}, m.content.data.state);
    return out;
  };
  const before = await states();
  const hands = Object.keys(before).filter(id => before[id]._interactive === true);
  for (const id of hands) send('shell', 'comm_msg', {comm_id: id, data: {method: 'update', state: update, buffer_paths: []}});
  await wait(1500);
  const after = await states();
  const errors = seen.filter(m => m.msg_type === 'error' || JSON.stringify(m.content).includes('Traceback'));
  ws.close();
  const pick = (s) => hands.map(id => [s[id].count, s[id].disabled, s[id].selected, s[id].face_down]);
  return {hands: hands.length, before: pick(before), after: pick(after), errors: errors.length};
}
"""


def test_a_refused_trait_from_the_page_changes_nothing(room, browser):
    context, page, kernel_id = _open(browser, room, TABLE, "?delay=0")
    try:
        page.wait_for_selector("button.ck-card")
        cards = page.locator("button.ck-card").count()
        assert cards == 13
        result = page.evaluate(CRAFTED_JS, {"kid": kernel_id,
                                            "update": {"count": -1, "disabled": True, "face_down": True}})
        assert result["hands"] >= 1 and result["errors"] == 0
        assert result["after"] == result["before"], result
        result = page.evaluate(CRAFTED_JS, {"kid": kernel_id, "update": {"selected": ["ZZ"]}})
        assert result["after"] == result["before"] and result["errors"] == 0
        page.wait_for_timeout(500)
        assert page.locator("button.ck-card").count() == cards
    finally:
        _close(context)


LESSON = "least_score/07_play_a_match.ipynb"


def test_a_page_reloaded_mid_match_resumes_the_same_match(voila, browser):
    context = browser.new_context()
    context.set_default_timeout(60_000)
    try:
        page = context.new_page()
        page.goto(voila.render_url(LESSON), wait_until="commit")
        wait_for_page_ready(page, 1, timeout_ms=90_000)
        table = page.locator(".ck-table").nth(0)
        deal = table.locator(".ck-deal-code b").inner_text()
        table.locator("button.ck-card").nth(0).click()
        table.locator("button.ck-discard").click()
        # wait on states, not on words that were already there before the click: the kept
        # record says the learner's one move is answered (it is sent after the log and the
        # status), and the status shows the same moment as the log (data-moment = its lines)
        page.wait_for_function("""() => Object.keys(localStorage).some(k => k.startsWith('cardkit:match:')
            && JSON.parse(localStorage.getItem(k)).turn === 'yours'
            && JSON.parse(localStorage.getItem(k)).moves.length === 1)""", timeout=60_000)
        page.wait_for_function("""() => { const t = document.querySelectorAll('.ck-table')[0];
            const s = t && t.querySelector('.ck-table-status .ck-status');
            const log = t && t.querySelector('.ck-table-log .ck-log');
            return s && log && s.innerText.includes('Your turn') && s.dataset.moment === log.dataset.total
                   && Number(log.dataset.total) >= 5; }""", timeout=60_000)
        hand_before = table.locator("button.ck-card").evaluate_all("bs => bs.map(b => b.dataset.key)")
        log_before = table.locator(".ck-table-log li").all_inner_texts()
        page.reload(wait_until="commit")
        wait_for_page_ready(page, 1, timeout_ms=90_000)
        table = page.locator(".ck-table").nth(0)
        offer = table.locator(".ck-saved-match")
        offer.wait_for(state="visible", timeout=30_000)
        assert "Resume your match — round 1, your turn" in offer.inner_text()
        table.locator("button.ck-resume").click()
        page.wait_for_function("""() => document.querySelectorAll('.ck-table')[0]
            .querySelector('.ck-table-status').innerText.includes('Welcome back')""", timeout=60_000)
        assert table.locator(".ck-deal-code b").inner_text() == deal
        assert table.locator("button.ck-card").evaluate_all("bs => bs.map(b => b.dataset.key)") == hand_before
        assert table.locator(".ck-table-log li").all_inner_texts() == log_before
        # the start page now marks this lesson as started
        page.goto(voila.render_url("00_start_here.ipynb"), wait_until="commit")
        wait_for_page_ready(page, 0, timeout_ms=90_000)
        page.wait_for_selector(".ck-lesson-mark", timeout=10_000)
        assert "started" in page.locator(".ck-lesson-mark").first.inner_text()
        page.close(run_before_unload=True)
    finally:
        context.close()



def test_the_server_stopped_mid_match_is_said_in_words(browser):
    """A server of its own (stopping the shared one would stop the other tests)."""
    server = VoilaServer(TEST_PAGES, extra_args=("--max-per-client=5",))
    try:
        server.start()
        server.wait_for_pool(TABLE, settle=False)
        context, page, _kernel_id = _open(browser, server, TABLE, "?delay=0")
        page.wait_for_selector("button.ck-card")
        server.stop()
        note = page.wait_for_selector("#ck-kernel-note[data-why='server']", timeout=30_000)
        text = note.inner_text()
        assert "lesson server has stopped" in text and "kept in this browser" in text
        context.close()
    finally:
        server.stop()
