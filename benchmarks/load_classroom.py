"""A class arriving at once, in classroom mode, measured on the wire (no browsers).

    python benchmarks/load_classroom.py 10 20 30           # or: make load
    python benchmarks/load_classroom.py 30 --lesson least_score/05_probability.ipynb --deal K7Q-29X

For each N it starts the web app as ``make app CLASS=N LESSON=... DEAL=...`` does (on a free
port of 127.0.0.1), waits until the class's N kernels are pre-heated and the machine is quiet,
then starts N lightweight learners at the same moment. Each learner does on the wire what a
lesson page does, from its own loopback address (127.0.1.k, so that the per-device cap sees N
devices): GET the page (gzip), GET the static files the page names, GET its kernel's model,
open the kernel's websocket with the page's cookies, ask the kernel for its widgets
(``comm_info_request``) and each widget's state (``request_state``), and stops the clock when
every widget has answered — "time to widgets" without any browser cost (``--client widgets``,
the default).

``--client replay`` does on the websocket exactly what Chromium does: before the class arrives
one real page of the lesson is opened in Debian's Chromium and every frame it sends on its
kernel's websocket is recorded (with each frame, whether the page had its widgets' states by
then); each learner then replays those frames to its own kernel — the ``kernel_info_request``,
the widget manager's control comm and its one ``request_states``, and what the widgets' code
sends once drawn — with the recorded widget model ids mapped onto its kernel's (the models are
made in the same order). Its clock stops when the ``update_states`` reply (every widget's state)
has arrived; it then sends the rest and waits for the kernel to be idle. It reports:

- time to widgets, median and slowest, and how many learners had theirs within 10 s;
- the server's CPU seconds (server and kernels) per arriving learner;
- memory: PSS (RSS) of the server and its kernels, and per learner;
- bytes per page (HTTP after gzip, and websocket).

``--profile prof.svg`` samples the server process with py-spy (``pip install py-spy``) while the
class arrives; ``--server-arg=--Class.trait=value`` passes options to the server (e.g. jupyter_server's
own websocket connection and ``--CardkitVoila.static_gzip_cache=False``, to measure what they cost).

Loopback only, bounded: at most 60 learners, each given ``--timeout`` seconds; the run stops by
itself. A browser run beside it: ``python benchmarks/load_voila.py 5 10 --class-size``.
"""

from __future__ import annotations

import argparse
import json
import re
import socket
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))

from voila_harness import LESSONS, VoilaServer, cpu_seconds, process_tree, wait_until  # noqa: E402

MAX_LEARNERS = 60
DEFAULT_LESSON = "least_score/07_play_a_match.ipynb"


def _http(port: int, path: str, source: str, headers: dict | None = None, timeout: float = 60.0):
    """GET ``path`` from 127.0.0.1:port out of ``source``: (status, body bytes on the wire,
    decoded body, Set-Cookie headers)."""
    import gzip
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        conn.request("GET", path, headers={"Accept-Encoding": "gzip", **(headers or {})})
        resp = conn.getresponse()
        raw = resp.read()
        body = gzip.decompress(raw) if resp.getheader("Content-Encoding") == "gzip" else raw
        return resp.status, len(raw), body.decode("utf-8", "replace"), resp.headers.get_all("Set-Cookie") or []
    finally:
        conn.close()


def _cookies(set_cookies: list[str]) -> str:
    return "; ".join(c.split(";", 1)[0] for c in set_cookies)


PROTOCOL = "v1.kernel.websocket.jupyter.org"   # what the browser's page speaks


def _v1_encode(channel: str, msg: dict) -> bytes:
    parts = [json.dumps(msg[k]).encode() for k in ("header", "parent_header", "metadata", "content")]
    chan = channel.encode()
    offsets = [8 * (1 + 1 + len(parts) + 1)]
    offsets.append(offsets[-1] + len(chan))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    return b"".join([len(offsets).to_bytes(8, "little"), *(o.to_bytes(8, "little") for o in offsets), chan, *parts])


def _v1_decode(frame: bytes) -> dict:
    n = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1): 8 * (i + 2)], "little") for i in range(n)]
    parts = [frame[offsets[i]: offsets[i + 1]] for i in range(1, n - 1)]
    return {"header": json.loads(parts[0]), "content": json.loads(parts[3]),
            "msg_type": json.loads(parts[0]).get("msg_type")}


def one_learner(port: int, lesson: str, query: str, source: str, timeout: float, start: threading.Event) -> dict:
    from websockets.sync.client import connect

    start.wait()
    t0 = time.monotonic()
    out = {"ok": False, "seconds": None, "http_bytes": 0, "ws_bytes": 0, "widgets": 0, "error": ""}
    try:
        status, wire, html, set_cookies = _http(port, f"/voila/render/{lesson}{query}", source, timeout=timeout)
        out["http_bytes"] += wire
        if status != 200:
            out["error"] = f"page answered {status}"
            return out
        cookie = _cookies(set_cookies)
        kernel_id = re.search(r'"kernelId": "([0-9a-f-]+)"', html).group(1)
        for ref in re.findall(r'(?:src|href)="(/voila/[^"]+)"', html):
            out["http_bytes"] += _http(port, ref.replace("&amp;", "&"), source, {"Cookie": cookie}, timeout)[1]
        out["http_bytes"] += _http(port, f"/api/kernels/{kernel_id}", source, {"Cookie": cookie}, timeout)[1]
        sock = socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0))
        session = uuid.uuid4().hex
        with connect(f"ws://127.0.0.1:{port}/api/kernels/{kernel_id}/channels?session_id={session}", sock=sock,
                     additional_headers={"Cookie": cookie}, open_timeout=timeout, max_size=None,
                     subprotocols=[PROTOCOL]) as ws:
            n = 0

            def send(msg_type: str, content: dict) -> None:
                nonlocal n
                n += 1
                ws.send(_v1_encode("shell", {"header": {"msg_id": f"{session}-{n}", "msg_type": msg_type,
                                                        "username": "", "session": session, "version": "5.3",
                                                        "date": ""},
                                             "parent_header": {}, "metadata": {}, "content": content}))

            send("kernel_info_request", {})
            send("comm_info_request", {"target_name": "jupyter.widget"})
            comms: set[str] | None = None
            answered: set[str] = set()
            deadline = t0 + timeout
            while time.monotonic() < deadline:
                frame = ws.recv(timeout=max(0.1, deadline - time.monotonic()))
                out["ws_bytes"] += len(frame)
                msg = _v1_decode(frame) if isinstance(frame, bytes) else json.loads(frame)
                kind = msg.get("msg_type") or msg.get("header", {}).get("msg_type")
                if kind == "comm_info_reply" and comms is None:
                    comms = set(msg["content"]["comms"])
                    for cid in comms:
                        send("comm_msg", {"comm_id": cid, "data": {"method": "request_state"}})
                elif kind == "comm_msg" and msg["content"]["data"].get("method") == "update":
                    answered.add(msg["content"]["comm_id"])
                if comms is not None and comms <= answered:
                    out.update(ok=True, seconds=round(time.monotonic() - t0, 2), widgets=len(comms))
                    break
            else:
                out["error"] = "timed out waiting for the widgets"
    except Exception as err:  # a failed learner counts as failed; the run goes on
        out["error"] = f"{type(err).__name__}: {err}"
    if out["seconds"] is None:
        out["seconds"] = round(time.monotonic() - t0, 2)
    return out


_UUID = re.compile(rb"[0-9a-f]{32}")


def record_page(server, lesson: str, query: str, timeout: float) -> dict:
    """Open ``lesson`` once in Chromium and record every frame the page sends on its kernel's
    websocket, and the widget model ids in the order the kernel's ``update_states`` lists them."""
    from playwright.sync_api import sync_playwright

    from voila_harness import launch_chromium

    sent: list[dict] = []
    have_states = threading.Event()
    order: list[str] = []

    def on_socket(ws) -> None:
        if "/channels" not in ws.url:
            return

        def on_sent(payload) -> None:
            if isinstance(payload, bytes):
                sent.append({"after_states": have_states.is_set(), "frame": payload})

        def on_received(payload) -> None:
            if isinstance(payload, bytes) and not have_states.is_set():
                msg = _v1_decode(payload)
                data = msg["content"].get("data", {}) if msg["msg_type"] == "comm_msg" else {}
                if isinstance(data, dict) and data.get("method") == "update_states":
                    order.extend(data["states"])
                    have_states.set()

        ws.on("framesent", on_sent)
        ws.on("framereceived", on_received)

    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            context = browser.new_context()
            page = context.new_page()
            page.on("websocket", on_socket)
            page.goto(server.render_url(lesson, query), timeout=timeout * 1000)
            until = time.monotonic() + timeout
            while not have_states.is_set() and time.monotonic() < until:
                page.wait_for_timeout(250)  # Playwright's events arrive while it waits
            if not have_states.is_set():
                raise RuntimeError(f"the recorded page never received its widgets' states ({len(sent)} frames sent)")
            # what the widgets' code sends once drawn: wait until the page has been quiet a while
            last = -1
            while len(sent) != last:
                last = len(sent)
                page.wait_for_timeout(1500)
            context.close()
        finally:
            browser.close()
    if not any(b"request_states" in f["frame"] for f in sent):
        raise RuntimeError("the recorded page sent no request_states")
    return {"frames": sent, "models": order}


def replay_learner(port: int, lesson: str, query: str, source: str, timeout: float, start: threading.Event,
                   recording: dict) -> dict:
    """One learner doing on the wire what the recorded page did (see the module)."""
    from websockets.sync.client import connect

    start.wait()
    t0 = time.monotonic()
    out = {"ok": False, "seconds": None, "http_bytes": 0, "ws_bytes": 0, "widgets": 0, "error": ""}
    try:
        status, wire, html, set_cookies = _http(port, f"/voila/render/{lesson}{query}", source, timeout=timeout)
        out["http_bytes"] += wire
        if status != 200:
            out["error"] = f"page answered {status}"
            return out
        cookie = _cookies(set_cookies)
        kernel_id = re.search(r'"kernelId": "([0-9a-f-]+)"', html).group(1)
        for ref in re.findall(r'(?:src|href)="(/voila/[^"]+)"', html):
            out["http_bytes"] += _http(port, ref.replace("&amp;", "&"), source, {"Cookie": cookie}, timeout)[1]
        out["http_bytes"] += _http(port, f"/api/kernels/{kernel_id}", source, {"Cookie": cookie}, timeout)[1]
        sock = socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0))
        with connect(f"ws://127.0.0.1:{port}/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}",
                     sock=sock, additional_headers={"Cookie": cookie}, open_timeout=timeout, max_size=None,
                     subprotocols=[PROTOCOL]) as ws:
            deadline = t0 + timeout
            frames = recording["frames"]
            for f in frames:
                if not f["after_states"]:
                    ws.send(f["frame"])
            mapping: dict[bytes, bytes] = {}
            while time.monotonic() < deadline:
                frame = ws.recv(timeout=max(0.1, deadline - time.monotonic()))
                out["ws_bytes"] += len(frame)
                msg = _v1_decode(frame)
                data = msg["content"].get("data", {}) if msg["msg_type"] == "comm_msg" else {}
                if isinstance(data, dict) and data.get("method") == "update_states":
                    mine = list(data["states"])
                    out.update(seconds=round(time.monotonic() - t0, 2), widgets=len(mine))
                    if len(mine) == len(recording["models"]):
                        mapping = {a.encode(): b.encode() for a, b in zip(recording["models"], mine)}
                    break
            else:
                out["error"] = "timed out waiting for the widgets' states"
                return out
            # the rest of what the page sent once drawn, to this kernel's models
            for f in frames:
                if f["after_states"]:
                    ws.send(_UUID.sub(lambda m: mapping.get(m.group(0), m.group(0)), f["frame"]))
            idle_after = time.monotonic() + 0.5
            while time.monotonic() < min(deadline, idle_after):
                try:
                    frame = ws.recv(timeout=max(0.05, idle_after - time.monotonic()))
                except TimeoutError:
                    break
                out["ws_bytes"] += len(frame)
                idle_after = time.monotonic() + 0.5
            out["ok"] = True
    except Exception as err:  # a failed learner counts as failed; the run goes on
        out["error"] = f"{type(err).__name__}: {err}"
    if out["seconds"] is None:
        out["seconds"] = round(time.monotonic() - t0, 2)
    return out


def _start_profile(path: Path, pid: int, n: int):
    """py-spy (``pip install py-spy``) sampling the server process while the class arrives:
    a flame graph (``.svg``) or, for ``.txt``, collapsed stacks."""
    import shutil
    import subprocess

    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    fmt = "raw" if path.suffix == ".txt" else "flamegraph"
    path.parent.mkdir(parents=True, exist_ok=True)
    out = path.with_name(f"{path.stem}-{n}{path.suffix}")
    proc = subprocess.Popen([spy, "record", "--pid", str(pid), "--rate", "50", "--format", fmt,
                             "--output", str(out), "--nonblocking"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(1.0)  # py-spy attaches before the class arrives
    return proc


def _stop_profile(proc) -> None:
    import signal

    proc.send_signal(signal.SIGINT)  # py-spy writes its file on SIGINT
    try:
        proc.wait(timeout=60)
    except Exception:
        proc.kill()


def measure(n: int, lesson: str, deal: str | None, timeout: float, client: str = "widgets",
            profile: Path | None = None, server_args: tuple = ()) -> dict:
    args = [f"--class-size={n}", f"--lesson={lesson}", "--max-per-client=2",
            f"--max-kernels={n + 20}", "--CardkitVoila.show_progress=False", *server_args]
    if deal:
        args.append(f"--deal={deal}")
    query = f"?deal={deal}" if deal else ""
    with VoilaServer(LESSONS, extra_args=tuple(args)) as server:
        t_fill = time.monotonic()
        if not wait_until(lambda: server.status()["pools_ready"].get(lesson, 0) >= n, timeout=900, interval=1.0):
            raise RuntimeError(f"the pool of {n} did not fill.\n{server.log_tail()}")
        fill_s = time.monotonic() - t_fill
        recording = None
        if client == "replay":
            recording = record_page(server, lesson, query, timeout)
            if not wait_until(lambda: server.status()["pools_ready"].get(lesson, 0) >= n, timeout=900, interval=1.0):
                raise RuntimeError(f"the pool of {n} did not fill again after the recording.\n{server.log_tail()}")
        server.settle(timeout=120)
        before = server.memory()
        cpu0 = cpu_seconds(process_tree(server.proc.pid))
        own0 = cpu_seconds([server.proc.pid])
        start = threading.Event()
        results: list[dict] = [None] * n  # type: ignore[list-item]

        def run(i: int) -> None:
            if recording is not None:
                results[i] = replay_learner(server.port, lesson, query, f"127.0.1.{i + 1}", timeout, start, recording)
            else:
                results[i] = one_learner(server.port, lesson, query, f"127.0.1.{i + 1}", timeout, start)

        threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
        for t in threads:
            t.start()
        spy = _start_profile(profile, server.proc.pid, n) if profile else None
        start.set()
        for t in threads:
            t.join(timeout + 30)
        if spy is not None:
            _stop_profile(spy)
        cpu = cpu_seconds(process_tree(server.proc.pid)) - cpu0
        own = cpu_seconds([server.proc.pid]) - own0
        loaded = server.memory()
        status = server.status()
    ok = [r for r in results if r and r["ok"]]
    times = sorted(r["seconds"] for r in ok)
    with open("/proc/loadavg") as f:
        load_after = f.read().split()[:3]
    return {
        "learners": n, "client": client, "lesson": lesson, "deal": deal, "ok": len(ok), "load_after": load_after,
        "recorded_frames": len(recording["frames"]) if recording else None,
        "within_10s": sum(t <= 10 for t in times),
        "median_s": round(statistics.median(times), 2) if times else None,
        "max_s": max(times) if times else None,
        "server_cpu_s": round(cpu, 1), "cpu_s_per_learner": round(cpu / n, 2),
        "server_process_cpu_s_per_learner": round(own / n, 2),
        "pool_fill_s": round(fill_s, 1),
        "pss_mib": round(loaded.total_pss), "rss_mib": round(loaded.total_rss),
        "per_learner_pss_mib": round(loaded.total_pss / n, 1),
        "kernel_rss_mib": round(statistics.median(loaded.kernels_rss), 1) if loaded.kernels_rss else None,
        "idle_pss_mib": round(before.total_pss),
        "http_kib_per_page": round(statistics.median(r["http_bytes"] for r in ok) / 1024, 1) if ok else None,
        "ws_kib_per_page": round(statistics.median(r["ws_bytes"] for r in ok) / 1024, 1) if ok else None,
        "widgets": ok[0]["widgets"] if ok else None,
        "kernels_after": status["kernels"],
        "errors": sorted({r["error"] for r in results if r and r["error"]})[:5],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("learners", nargs="+", type=int, help="class sizes, e.g. 10 20 30")
    ap.add_argument("--lesson", default=DEFAULT_LESSON, help="the lesson taught (relative to lessons/)")
    ap.add_argument("--deal", default="K7Q-29X", help="the class deal ('' for none)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds each learner may take")
    ap.add_argument("--client", choices=("widgets", "replay"), default="widgets",
                    help="widgets: one request_state per widget; replay: what a recorded Chromium page sends")
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    ap.add_argument("--profile", type=Path,
                    help="sample the server process with py-spy while the class arrives (.svg, or .txt for "
                         "collapsed stacks); N is added to the name")
    ap.add_argument("--server-arg", action="append", default=[],
                    help="one more option for the server, e.g. --server-arg=--CardkitVoila.kernel_websocket_"
                         "connection_class=jupyter_server.services.kernels.connection.channels."
                         "ZMQChannelsWebsocketConnection (to compare with jupyter_server's own)")
    args = ap.parse_args(argv)
    if any(not 1 <= n <= MAX_LEARNERS for n in args.learners):
        ap.error(f"learners must be between 1 and {MAX_LEARNERS}")
    if not (LESSONS / args.lesson).is_file():
        ap.error(f"no lesson {args.lesson}")
    with open("/proc/loadavg") as f:
        print(f"load average before: {f.read().split()[:3]} (2 cores; figures are noisy on a busy machine)")
    print("| learners | widgets ≤ 10 s | median s | slowest s | server CPU s per learner | PSS (RSS) MiB, N connected | per learner PSS MiB | kernel RSS MiB | page KiB http + ws |")
    print("|---:|---:|---:|---:|---:|---|---:|---:|---|")
    rows = []
    for n in args.learners:
        r = measure(n, args.lesson, args.deal or None, args.timeout, args.client, args.profile,
                    tuple(args.server_arg))
        rows.append(r)
        print(f"| {n} | {r['within_10s']}/{n} | {r['median_s']} | {r['max_s']} | {r['cpu_s_per_learner']} "
              f"| {r['pss_mib']} ({r['rss_mib']}) | {r['per_learner_pss_mib']} | {r['kernel_rss_mib']} "
              f"| {r['http_kib_per_page']} + {r['ws_kib_per_page']} |", flush=True)
        print(f"  ({args.client} client; of which the server process itself: {r['server_process_cpu_s_per_learner']}"
              f" CPU s per learner; pool of {n} filled in {r['pool_fill_s']} s; load after {r['load_after']})",
              flush=True)
        if r["errors"]:
            print(f"  errors: {r['errors']}", flush=True)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(rows, indent=2) + "\n")
    return 0 if all(r["ok"] == r["learners"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
