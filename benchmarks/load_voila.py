"""Classroom load: N learners open a lesson at the same moment on one Voilà server.

    python benchmarks/load_voila.py 1 5 10            # or: make load LEARNERS="1 5 10"
    python benchmarks/load_voila.py 5 --lesson widgets_probe.ipynb --root tests/browser/pages

For each N it starts one Voilà server with the project's configuration (as ``make app``
does, on a free port of 127.0.0.1), waits for its pre-heated kernels, then opens N fresh
browser contexts in Debian's Chromium at once, all on the same lesson, and reports:

- time to widgets for every session (from the request to the lesson drawn, widgets included);
- the server's memory (RSS, and PSS which shares common pages fairly) with every learner
  connected, the memory per learner (the growth divided by N), and what is left after the
  tabs close.

Loopback only, bounded: at most 40 learners, each session given ``--timeout`` seconds, the
whole run stops by itself. The browser runs on the same machine and competes with the
kernels for the CPU, so the times are pessimistic compared with a real classroom, where
every learner's browser runs on their own device.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))

from voila_harness import (  # noqa: E402  (the shared harness lives with the browser tests)
    CHROMIUM,
    CHROMIUM_ARGS,
    LESSONS,
    PAGE_STATE_JS,
    START_PAGE,
    VoilaServer,
    cpu_seconds,
    expected_widget_views,
    process_tree,
    wait_until,
)

MAX_LEARNERS = 40


async def one_session(browser, url: str, widgets: int, timeout_s: float) -> dict:
    context = await browser.new_context()
    page = await context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    t0 = time.monotonic()
    first_byte = None
    try:
        await page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
        first_byte = time.monotonic() - t0
        await page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout_s * 1000)
        await page.wait_for_function("() => !document.querySelector('#loading')", timeout=timeout_s * 1000)
        if widgets:
            await page.wait_for_function(
                f"() => ({PAGE_STATE_JS})().widgetViews >= {widgets}", timeout=timeout_s * 1000
            )
        seconds, ok = time.monotonic() - t0, True
    except Exception as err:  # a timeout counts as a failed session, the run goes on
        seconds, ok = time.monotonic() - t0, False
        errors.append(f"{type(err).__name__}: {str(err).splitlines()[0]}")
    return {
        "seconds": round(seconds, 2),
        "first_byte": round(first_byte, 2) if first_byte is not None else None,
        "ok": ok,
        "errors": errors,
        "page": page,
        "context": context,
    }


async def run_learners(server: VoilaServer, notebook: str, widgets: int, n: int, timeout_s: float,
                       class_mode: bool = False):
    from playwright.async_api import async_playwright

    url = server.render_url(notebook)
    server_pids = lambda: process_tree(server.proc.pid)  # noqa: E731
    browser_pids = lambda: [p for p in process_tree(os.getpid()) if p not in set(server_pids())]  # noqa: E731
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, timeout=60_000)
        try:
            cpu0 = cpu_seconds(server_pids()), cpu_seconds(browser_pids())
            sessions = await asyncio.wait_for(
                asyncio.gather(*(one_session(browser, url, widgets, timeout_s) for _ in range(n))),
                timeout=timeout_s + 60,
            )
            cpu = {
                "server_cpu_s": round(cpu_seconds(server_pids()) - cpu0[0], 1),
                "browser_cpu_s": round(cpu_seconds(browser_pids()) - cpu0[1], 1),
            }
            # learners still connected: let the pool refill (so that the growth counts one
            # whole kernel per learner) and the last websockets settle, then measure
            if not class_mode:
                await asyncio.to_thread(server.wait_for_pool, notebook, 120)
            await asyncio.sleep(2.0)
            loaded = server.memory()
            for s in sessions:  # close like a learner closing the tab
                try:
                    await s["page"].close(run_before_unload=True)
                except Exception:
                    pass
            await asyncio.sleep(1.0)
            for s in sessions:
                await s["context"].close()
        finally:
            await browser.close()
    for s in sessions:
        s.pop("page"), s.pop("context")
    return sessions, loaded, cpu


def measure(n: int, root: Path, notebook: str, timeout_s: float, pool_size: int | None = None,
            class_mode: bool = False) -> dict:
    widgets = expected_widget_views(root / notebook)
    extra = (f"--VoilaKernelManager.kernel_pools_config={json.dumps({'default': {'pool_size': pool_size}})}",) if pool_size else ()
    if class_mode:  # as `make app CLASS=n LESSON=notebook`: the browsers all come from this machine
        extra = (f"--class-size={n}", f"--lesson={notebook}", "--max-per-client=0", "--CardkitVoila.show_progress=False")
    with VoilaServer(root, extra_args=extra) as server:
        t0 = time.monotonic()
        if class_mode:
            if not wait_until(lambda: server.status()["pools_ready"].get(notebook, 0) >= n, timeout=900):
                raise RuntimeError(f"the class's pool did not fill.\n{server.log_tail()}")
            pools_s = time.monotonic() - t0
            server.settle()
        else:
            pools_s = server.wait_for_pools()
            server.wait_for_pool(notebook)  # ... and every pre-heated kernel has run its lesson
        before = server.memory()
        sessions, loaded, cpu = asyncio.run(run_learners(server, notebook, widgets, n, timeout_s, class_mode))
        # kernels of closed tabs are shut down at once (the page says goodbye); the pool refills
        if not class_mode:
            wait_until(lambda: server.memory().kernels <= before.kernels, timeout=20)
        after = server.memory()
    times = sorted(s["seconds"] for s in sessions if s["ok"])
    grow_pss = loaded.total_pss - before.total_pss
    grow_rss = loaded.total_rss - before.total_rss
    return {
        "learners": n,
        "lesson": notebook,
        "pool_size": pool_size or "config",
        "ok": sum(s["ok"] for s in sessions),
        "seconds": [s["seconds"] for s in sessions],
        "first_byte_s": [s["first_byte"] for s in sessions],
        **cpu,
        "median_s": round(statistics.median(times), 2) if times else None,
        "max_s": max(times) if times else None,
        "within_10s": sum(t <= 10 for t in times),
        "pool_fill_s": round(pools_s, 1),
        "idle_pss_mib": round(before.total_pss),
        "idle_rss_mib": round(before.total_rss),
        "loaded_pss_mib": round(loaded.total_pss),
        "loaded_rss_mib": round(loaded.total_rss),
        "kernels_loaded": loaded.kernels,
        "per_learner_pss_mib": round(grow_pss / n, 1),
        "per_learner_rss_mib": round(grow_rss / n, 1),
        "kernel_rss_mib": round(statistics.median(loaded.kernels_rss), 1) if loaded.kernels_rss else None,
        "after_close_pss_mib": round(after.total_pss),
        "after_close_kernels": after.kernels,
        "errors": sorted({e for s in sessions for e in s["errors"]})[:5],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("learners", nargs="+", type=int, help="numbers of concurrent learners, e.g. 1 5 10")
    ap.add_argument("--lesson", default="least_score/07_play_a_match.ipynb", help="notebook to open, relative to --root")
    ap.add_argument("--root", type=Path, default=LESSONS, help="folder Voilà serves (default: lessons/)")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds each session may take")
    ap.add_argument("--pool-size", type=int, help="pre-heated kernels per notebook (default: the config's)")
    ap.add_argument("--class-size", action="store_true",
                    help="classroom mode: a pool of N pre-heated kernels for the lesson (make app CLASS=N LESSON=...)")
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    args = ap.parse_args(argv)
    if any(not 1 <= n <= MAX_LEARNERS for n in args.learners):
        ap.error(f"learners must be between 1 and {MAX_LEARNERS}")
    if args.pool_size is not None and not 1 <= args.pool_size <= MAX_LEARNERS:
        ap.error(f"--pool-size must be between 1 and {MAX_LEARNERS}")
    if not (args.root / args.lesson).is_file():
        ap.error(f"no notebook {args.root / args.lesson}")

    rows = []
    print("| learners | widgets ≤ 10 s | median s | max s | CPU s server / browser | server + kernels PSS (RSS) MiB, idle → loaded | per learner PSS (RSS) MiB | after tabs close |")
    print("|---:|---:|---:|---:|---|---|---|---|")
    for n in args.learners:
        r = measure(n, args.root.resolve(), args.lesson, args.timeout, args.pool_size, args.class_size)
        rows.append(r)
        print(
            f"| {n} | {r['within_10s']}/{n} | {r['median_s']} | {r['max_s']} "
            f"| {r['server_cpu_s']} / {r['browser_cpu_s']} "
            f"| {r['idle_pss_mib']} ({r['idle_rss_mib']}) → {r['loaded_pss_mib']} ({r['loaded_rss_mib']}) "
            f"| {r['per_learner_pss_mib']} ({r['per_learner_rss_mib']}) "
            f"| {r['after_close_pss_mib']} MiB, {r['after_close_kernels']} kernels |",
            flush=True,
        )
        if r["errors"]:
            print(f"  errors: {r['errors']}", flush=True)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(rows, indent=2) + "\n")
    return 0 if all(r["ok"] == r["learners"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
