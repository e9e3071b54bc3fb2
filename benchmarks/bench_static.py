"""The static site's figures (issue 20): not a timed test, a measurement.

    .venv/bin/python benchmarks/bench_static.py [--site site] [--runs 2]

1. **pure Python**: each lesson's code run in this process without numpy or matplotlib
   (``cardkit.accel.pure_python``: the browser's way), seconds per lesson;
2. **first visit**: a fresh browser (empty cache) opens the start page; the bytes the server
   sent (bodies, compressed where the browser took gzip) until the page's widgets are drawn;
3. **a later lesson**: in that same browser, Least Score lesson 1 opened next; seconds
   until all its widgets are drawn (Pyodide from the browser's cache, the lesson run afresh).

Each figure is measured ``--runs`` times, with the load average beside it: on this shared
2-core machine the load moves the figures a lot.  Chromium is Debian's (/usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "static"), str(ROOT / "tests"), str(ROOT / "tests" / "browser")]


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def pure_python_lessons() -> dict[str, float]:
    from _lesson_run import ALL_LESSONS, run_lesson
    from cardkit.accel import pure_python

    out = {}
    with pure_python():
        for path in ALL_LESSONS:
            t = time.perf_counter()
            run_lesson(path)
            out[str(path.relative_to(ROOT / "lessons"))] = time.perf_counter() - t
    return out


def browser_figures(site: pathlib.Path) -> tuple[int, float, float]:
    """(first-visit bytes, first-visit seconds, later lesson's seconds)."""
    import serve
    from playwright.sync_api import sync_playwright
    from voila_harness import expected_widget_views, wait_for_page_ready

    sent = [0]

    class Counting(serve.SiteHandler):
        def send_header(self, keyword, value):
            if keyword.lower() == "content-length":
                sent[0] += int(value)
            super().send_header(keyword, value)

    import functools
    import http.server

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/voici/render/"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            context = browser.new_context()
            page = context.new_page()
            t = time.perf_counter()
            page.goto(base + "00_start_here.html", wait_until="commit")
            wait_for_page_ready(page, expected_widget_views(ROOT / "lessons" / "00_start_here.ipynb"), 600_000)
            first_s, first_bytes = time.perf_counter() - t, sent[0]
            page2 = context.new_page()
            t = time.perf_counter()
            page2.goto(base + "least_score/01_cards_and_values.html", wait_until="commit")
            lesson = ROOT / "lessons" / "least_score" / "01_cards_and_values.ipynb"
            wait_for_page_ready(page2, expected_widget_views(lesson), 600_000)
            later_s = time.perf_counter() - t
            browser.close()
    finally:
        server.shutdown()
    return first_bytes, first_s, later_s


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", default=str(ROOT / "site"))
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--skip-pure", action="store_true")
    ap.add_argument("--skip-browser", action="store_true")
    args = ap.parse_args()
    for run in range(1, args.runs + 1):
        if not args.skip_pure:
            before = load()
            times = pure_python_lessons()
            print(f"run {run}: pure Python, each lesson's code (load average {before} → {load()}):")
            for name, s in times.items():
                print(f"  {name:<40} {s:6.2f} s{'  (over 2 s)' if s > 2 else ''}")
        if not args.skip_browser:
            if not (pathlib.Path(args.site) / "index.html").exists():
                print(f"no static site in {args.site}: run `make static` first (browser figures skipped)")
                break
            before = load()
            nbytes, first_s, later_s = browser_figures(pathlib.Path(args.site))
            print(f"run {run}: first visit {nbytes / 1e6:.2f} MB on the wire, widgets after {first_s:.1f} s; "
                  f"a later lesson's widgets after {later_s:.1f} s (load average {before} → {load()})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
