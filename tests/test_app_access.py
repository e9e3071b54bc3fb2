"""cardkit.app.access and the server's rules, without a browser: caps, owners, host names,
which page a pre-heated kernel may serve, and the cause of the stall in Voilà's request socket."""

from __future__ import annotations

import re

import pytest

from cardkit.app.access import (CLASS_FULL, COOKIE_PREFIX, Classroom, browser_key, default_max_kernels,
                                host_pattern, served_host_names)


def test_the_cap_follows_the_memory():
    assert default_max_kernels("MemTotal:       25165824 kB\n") == 112      # 24 GiB
    assert default_max_kernels("MemTotal:        4194304 kB\n") == 10       # 4 GiB
    assert default_max_kernels("MemTotal:        1048576 kB\n") == 4        # never below 4
    assert default_max_kernels("nothing") == 40


def test_per_client_and_total_caps():
    room = Classroom(max_kernels=3, per_client=2)
    assert room.refusal("a", kernels_now=0, spare=0) is None
    room.hand_out("k1", "a")
    room.reserve("a")                                  # a second page of a's is being served
    assert room.refusal("a", kernels_now=1, spare=5) == "per-browser"   # no cookie: one browser per address
    assert room.refusal("b", kernels_now=1, spare=0) is None
    room.release("a")
    assert room.refusal("b", kernels_now=3, spare=0) == "full"
    assert room.refusal("b", kernels_now=3, spare=1) is None   # a ready pre-heated kernel adds none
    assert "class is full" in CLASS_FULL


def test_only_the_owner_s_cookie_opens_a_kernel():
    room = Classroom(max_kernels=10, per_client=3)
    owner = room.hand_out("k1", "a")
    assert room.allows("k1", {COOKIE_PREFIX + "k1": owner.secret})
    assert not room.allows("k1", {})
    assert not room.allows("k1", {COOKIE_PREFIX + "k1": owner.secret + "x"})
    assert not room.allows("k2", {COOKIE_PREFIX + "k2": owner.secret})     # no such kernel handed out
    room.forget("k1")
    assert not room.allows("k1", {COOKIE_PREFIX + "k1": owner.secret})
    assert room.stale_cookies([COOKIE_PREFIX + "k1", "_xsrf"]) == [COOKIE_PREFIX + "k1"]


def test_a_kernel_whose_page_never_connects_is_unclaimed_after_the_timeout():
    room = Classroom(max_kernels=10, per_client=3, unclaimed_timeout=60)
    room.hand_out("k1", "a", now=0.0)
    room.hand_out("k2", "a", now=0.0)
    room.hand_out("k3", "a", now=0.0)              # a slow lesson: its page is still being run and sent
    room.served("k1", now=0.0)
    room.served("k2", now=0.0)
    room.connected("k2")
    assert room.unclaimed(now=30.0) == []
    assert room.unclaimed(now=61.0) == ["k1"]      # k3 is not freed while its page is being sent
    room.served("k3", now=100.0)
    assert room.unclaimed(now=150.0) == ["k1"] and room.unclaimed(now=161.0) == ["k1", "k3"]


def test_host_names():
    local = served_host_names("127.0.0.1")
    assert set(local) == {"localhost", "127.0.0.1", "::1"}
    pattern = re.compile(host_pattern(served_host_names("127.0.0.1", ["class.school.example"])))
    for good in ("localhost", "127.0.0.1", "[::1]", "class.school.example"):
        assert pattern.match(good)
    for bad in ("evil.example", "127.0.0.1.evil.example", "localhost.evil"):
        assert not pattern.match(bad)
    everywhere = served_host_names("0.0.0.0")
    assert "localhost" in everywhere and len(everywhere) >= 4


def test_a_preheated_kernel_serves_only_pages_asking_for_what_it_ran(tmp_path):
    from cardkit.app.server import preheated_fits

    reads = tmp_path / "table.ipynb"
    reads.write_text('{"cells": [{"source": "from cardkit.app.urlparams import deal_seed_from_url"}]}')
    plain = tmp_path / "plain.ipynb"
    plain.write_text('{"cells": []}')
    assert preheated_fits("", "", reads)
    assert not preheated_fits("deal=K7Q-29X", "", reads)
    assert preheated_fits("deal=k7q29x", "deal=K7Q-29X", reads)     # the same deal, written loosely
    assert preheated_fits("", "deal=K7Q-29X", reads)                # no deal: the class deal
    assert not preheated_fits("deal=AAA-AAB", "deal=K7Q-29X", reads)
    assert not preheated_fits("players=3", "", reads)
    assert preheated_fits("deal=AAA-AAB", "", plain)                # a lesson that reads no address


def test_the_stall_voila_s_request_socket_drops_another_kernel_s_waiter():
    """The cause of the stall (cardkit.app.server.STALL), shown on Voilà's own class: a socket
    closed before it was opened (a kernel's connect timeout ran out) removes the waiter of
    another kernel, whose learner's request is then only cached and never sent."""
    from voila.request_info_handler import RequestInfoSocketHandler as Handler

    waiting, timed_out = object.__new__(Handler), object.__new__(Handler)
    saved = dict(Handler._waiters), dict(Handler._cache)
    Handler._waiters.clear()
    Handler._cache.clear()
    try:
        Handler._waiters["kernel-of-learner-A"] = waiting
        Handler.on_close(timed_out)            # never opened: not in the dict
        assert "kernel-of-learner-A" not in Handler._waiters
        Handler.send_updates({"kernel_id": "kernel-of-learner-A", "payload": {"QUERY_STRING": "deal=X"}})
        assert "kernel-of-learner-A" in Handler._cache   # cached: the waiting kernel never gets it
    finally:
        Handler._waiters.clear(); Handler._waiters.update(saved[0])
        Handler._cache.clear(); Handler._cache.update(saved[1])


def test_the_server_does_not_serve_that_socket():
    from voila.request_info_handler import RequestInfoSocketHandler

    from cardkit.app.server import CardkitVoila, STALL

    assert "on_close" in STALL
    app = CardkitVoila()
    assert RequestInfoSocketHandler not in CardkitVoila._REPLACE.values()
    assert app.name == "voila"      # still reads etc/jupyter/voila.json


def test_a_connected_but_idle_kernel_is_culled_after_the_long_time_and_its_page_told():
    import asyncio
    from datetime import datetime, timedelta, timezone
    from types import SimpleNamespace

    from cardkit.app.kernels import ClassroomKernelManager

    km = ClassroomKernelManager(connected_idle_timeout=3600, cull_idle_timeout=180)
    told, shut = [], []

    async def shutdown(kernel_id, *args, **kwargs):
        shut.append(kernel_id)

    km.shutdown_kernel = shutdown
    km.on_cull_connected = told.append
    now = datetime.now(timezone.utc)
    kernel = SimpleNamespace(execution_state="idle", last_activity=now - timedelta(seconds=1800),
                             kernel_name="python3", kernel_spec=SimpleNamespace(metadata={}))
    km._kernels["k"] = kernel
    km._kernel_connections["k"] = 1

    async def passes():
        await km.cull_kernel_if_idle("k")            # first look: a fresh idle period only
        assert kernel.last_activity > now - timedelta(seconds=5)
        kernel.last_activity = now - timedelta(seconds=1800)
        await km.cull_kernel_if_idle("k")            # connected, idle 30 min < 60: kept
        assert shut == [] and told == []
        kernel.last_activity = now - timedelta(seconds=4000)
        await km.cull_kernel_if_idle("k")            # idle past the long time: the page is told, then culled
        assert told == ["k"] and shut == ["k"]

    asyncio.run(passes())


def test_a_page_being_served_is_counted_once():
    """A page counts while it waits, then its starting kernel counts instead, then its owner."""
    room = Classroom(max_kernels=2, per_client=5)
    page = room.reserve("a")
    assert room.refusal("b", kernels_now=1, spare=0) == "full"        # 1 kernel + 1 page waiting
    page.starting = True                                              # the kernel manager counts it now
    assert room.refusal("b", kernels_now=1, spare=0) is None          # was refused: counted twice
    room.hand_out("k1", "a", reservation=page)
    assert room.starting() == 0 and room.held_by("a") == 1 and room.live_pages("a:a") == 1
    room.release(page)
    assert room.held_by("a") == 1


def test_live_pages_are_counted_per_browser_and_a_closed_tab_s_kernel_is_reclaimed_first():
    room = Classroom(max_kernels=10, per_client=2, per_address=3, disconnected_timeout=60)
    phone = browser_key("p" * 22, "10.0.0.5")
    assert phone.startswith("b:") and browser_key("bad id", "10.0.0.5") == "a:10.0.0.5"
    for i, kid in enumerate(("k1", "k2")):
        room.hand_out(kid, "10.0.0.5", now=0.0, browser=phone)
        room.connected(kid)
    assert room.refusal("10.0.0.5", 2, 0, phone) == "per-browser"
    room.disconnected("k1", now=10.0)                                 # a tab closed without goodbye
    assert room.live_pages(phone) == 1 and room.refusal("10.0.0.5", 2, 0, phone) is None
    room.hand_out("k3", "10.0.0.5", browser=phone)
    room.connected("k3")
    laptop = "b:" + "q" * 22                                          # another browser, same address
    found = room.assess("10.0.0.5", 3, 0, laptop)                     # the address holds 3 of 3
    assert found.reason == "per-address" and found.reclaim == ["k1"]  # its gone kernel first
    room.forget("k1")
    assert room.refusal("10.0.0.5", 2, 0, laptop) is None
    assert room.abandoned(now=65.0) == [] and room.unclaimed(now=65.0) == []
    room.disconnected("k2", now=70.0)
    assert room.abandoned(now=100.0) == [] and room.abandoned(now=131.0) == ["k2"]
    room.connected("k2")                                              # a reload within the minute reconnects
    assert room.abandoned(now=200.0) == []


def test_a_full_server_reclaims_disconnected_kernels_before_refusing():
    room = Classroom(max_kernels=2, per_client=5)
    room.hand_out("k1", "x", now=0.0)
    room.connected("k1")
    room.hand_out("k2", "y", now=0.0)
    room.connected("k2")
    assert room.assess("z", 2, 0).reclaim == []                       # both pages live: full
    room.disconnected("k2", now=5.0)
    found = room.assess("z", 2, 0)
    assert found.reason == "full" and found.reclaim == ["k2"]


def test_the_status_summary_names_no_kernel():
    room = Classroom(max_kernels=10, per_client=3)
    owner = room.hand_out("0123-secret-kernel-id", "127.0.0.3")
    text = repr(room.summary())
    assert "0123-secret-kernel-id" not in text and owner.secret not in text
    assert room.summary()["owned_by_client"] == {"127.0.0.3": 1}


@pytest.mark.parametrize("path, canonical", [
    ("least_score/07_play_a_match.ipynb", "least_score/07_play_a_match.ipynb"),
    ("least_score/07_play_a_match.ipynb/", "least_score/07_play_a_match.ipynb"),
    ("/least_score//./07_play_a_match.ipynb//", "least_score/07_play_a_match.ipynb"),
    ("../secret.ipynb", None), ("a/../../b.ipynb", None), ("", None), ("/", None),
    ("a" * 8000 + ".ipynb", None), ("a\\b.ipynb", None), ("a\0.ipynb", None),
])
def test_every_spelling_of_a_lesson_path_has_one_canonical_form(path, canonical):
    from cardkit.app.server import canonical_lesson_path

    assert canonical_lesson_path(path) == canonical
