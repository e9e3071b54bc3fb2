"""Time to widgets for one learner, every lesson, against a blank page on the same server.

    python benchmarks/time_to_widget.py                 # every English lesson, 3 rounds
    python benchmarks/time_to_widget.py --rounds 5 --json ttw.json

One server as ``python -m cardkit.app`` runs it (the project's configuration, pre-heated
kernels), serving a copy of the English lessons beside ``blank.ipynb`` (one empty
Markdown cell: what Voilà costs by itself). One learner at a time opens each page in a
fresh Chromium context and the clock stops when the page is drawn with every widget
(the blank page: when its cells are shown); before each page the server waits until
that page's pre-heated kernel is ready again, so every page finds one, as in a
classroom that arrived earlier. Each round opens the blank page, then every lesson.

The figure is ``median over lessons of (lesson's median time) ÷ blank page's median
time`` (issue 21's "time-to-widget ≤ 1.0 × a blank page"), with each lesson's own
ratio.  Loopback only; the 1-minute load average before and after is printed with it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
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
    expected_widget_views,
    is_local_url,
    notebooks_under,
)

BLANK = "blank.ipynb"
BLANK_NOTEBOOK = {
    "cells": [{"cell_type": "markdown", "id": "blank", "metadata": {}, "source": ["# A blank page"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                 "language_info": {"name": "python"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


def site_copy(into: Path) -> list[str]:
    """The English lessons and the blank page in ``into``; returns the lessons' paths."""
    shutil.copy2(LESSONS / START_PAGE, into / START_PAGE)
    for game in ("least_score", "tien_len"):
        shutil.copytree(LESSONS / game, into / game)
    (into / BLANK).write_text(json.dumps(BLANK_NOTEBOOK, indent=1))
    return [nb for nb in notebooks_under(into) if nb != BLANK]


def open_once(browser, url: str, widgets: int, timeout_s: float) -> float:
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        context.route("**/*", lambda r: r.continue_() if is_local_url(r.request.url) else r.abort())
        page = context.new_page()
        t0 = time.monotonic()
        page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
        page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout_s * 1000)
        page.wait_for_function("() => !document.querySelector('#loading')", timeout=timeout_s * 1000)
        if widgets:
            page.wait_for_function(f"() => ({PAGE_STATE_JS})().widgetViews >= {widgets}", timeout=timeout_s * 1000)
        seconds = time.monotonic() - t0
        page.close(run_before_unload=True)   # as a learner closing the tab: its kernel goes at once
        return seconds
    finally:
        context.close()


def measure(rounds: int, timeout_s: float, only: list[str] | None = None) -> dict:
    from playwright.sync_api import sync_playwright

    times: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="cardkit-ttw-") as tmp:
        root = Path(tmp)
        lessons = site_copy(root)
        if only:
            lessons = [nb for nb in lessons if nb in only]
        pages = [BLANK] + lessons
        widgets = {nb: expected_widget_views(root / nb) for nb in pages}
        with VoilaServer(root, extra_args=("--max-per-client=0",)) as server:
            pool_s = server.wait_for_pools()
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, timeout=60_000)
                try:
                    open_once(browser, server.render_url(BLANK), 0, timeout_s)   # the browser's own first start
                    server.wait_for_pool(BLANK)
                    for _ in range(rounds):
                        for nb in pages:
                            server.wait_for_pool(nb)   # a pre-heated kernel that has run its lesson
                            times.setdefault(nb, []).append(
                                round(open_once(browser, server.render_url(nb), widgets[nb], timeout_s), 2))
                finally:
                    browser.close()
    blank = statistics.median(times[BLANK])
    ratios = {nb: round(statistics.median(times[nb]) / blank, 2) for nb in pages if nb != BLANK}
    return {
        "rounds": rounds,
        "pool_fill_s": round(pool_s, 1),
        "blank_median_s": round(blank, 2),
        "seconds": times,
        "ratio_per_lesson": ratios,
        "median_ratio": round(statistics.median(ratios.values()), 2),
        "max_ratio": max(ratios.values()),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3, help="times each page is opened (default 3)")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds each page may take")
    ap.add_argument("--lesson", action="append", help="only this lesson (repeatable; path under lessons/)")
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    args = ap.parse_args(argv)
    if not 1 <= args.rounds <= 20:
        ap.error("--rounds is 1 to 20")
    load0 = os.getloadavg()[0]
    result = measure(args.rounds, args.timeout, args.lesson)
    result["load_before"], result["load_after"] = round(load0, 2), round(os.getloadavg()[0], 2)
    print(f"blank page: median {result['blank_median_s']} s over {args.rounds} opens "
          f"(1-minute load {result['load_before']} before, {result['load_after']} after)")
    print("| lesson | median s | × blank |\n|---|---:|---:|")
    for nb, ratio in result["ratio_per_lesson"].items():
        print(f"| {nb} | {statistics.median(result['seconds'][nb]):.2f} | {ratio:.2f} |")
    print(f"median over lessons: {result['median_ratio']} × a blank page (slowest {result['max_ratio']} ×)")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
