"""The static site's figures (issue 20): not a timed test, a measurement.

    .venv/bin/python benchmarks/bench_static.py [--site site] [--runs 2]

1. **pure Python**: each lesson's code run in this process without numpy or matplotlib and
   with the browser's fewer simulated deals (``cardkit.accel.pure_python``, ``deals_here``:
   the browser's way), seconds per lesson;
1b. **Pyodide**: each lesson's code cells run in Pyodide itself (Node's, with the site's own
   wheels and Pyodide from ``static/npm``), seconds per lesson: the browser's computation
   without the page (``--skip-pyodide`` leaves it out; needs ``node``);
2. **first visit**: a fresh browser (empty cache) opens the start page; the bytes the server
   sent (bodies, compressed where the browser took gzip) until the page's widgets are drawn;
3. **a later lesson**: in that same browser, Least Score lesson 1 opened next; seconds
   until all its widgets are drawn (Pyodide from the browser's cache, the lesson run afresh).

Each figure is measured ``--runs`` times, with the load average beside it: on this shared
2-core machine the load moves the figures a lot.  Chromium is Debian's (/usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
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
    from cardkit import accel
    from cardkit.accel import pure_python

    out = {}
    was, accel._as_browser = accel._as_browser, True   # the browser's fewer deals too
    try:
        with pure_python():
            for path in ALL_LESSONS:
                t = time.perf_counter()
                run_lesson(path)
                out[str(path.relative_to(ROOT / "lessons"))] = time.perf_counter() - t
    finally:
        accel._as_browser = was
    return out


#: Runs in Node: loads Pyodide with the site's wheels, then times each lesson's code cells.
PYODIDE_TIMER = r"""
import { loadPyodide } from "PYODIDE_MJS";
import fs from "fs";
const [site, lessons, ...names] = process.argv.slice(2);
const dir = site + "/static/pyodide/";
const lock = JSON.parse(fs.readFileSync(dir + "pyodide-lock.json"));
const packages = Object.keys(lock.packages).filter((p) => !["pyodide-kernel", "piplite"].includes(p));
const py = await loadPyodide({ indexURL: dir, lockFileURL: dir + "pyodide-lock.json", packages });
py.FS.mkdir("/lessons");
py.FS.mount(py.FS.filesystems.NODEFS, { root: lessons }, "/lessons");
py.globals.set("NAMES", py.toPy(names));
await py.runPythonAsync(`
import contextlib, io, json, os, time
from IPython.display import display
for name in NAMES:
    nb = json.load(open("/lessons/" + name))
    os.chdir(os.path.dirname("/lessons/" + name))
    scope, total = {"__name__": "__main__", "display": display}, 0.0
    try:
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                t = time.perf_counter()
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(compile("".join(cell["source"]), name, "exec"), scope)
                total += time.perf_counter() - t
        print(f"{name}\t{total:.3f}", flush=True)
    except BaseException as exc:
        print(f"{name}\tfailed: {type(exc).__name__}: {str(exc)[:200]}", flush=True)
`);
"""


def pyodide_lessons(site: pathlib.Path) -> dict[str, float]:
    """Each lesson's code cells run in Pyodide (Node), seconds per lesson."""
    import subprocess
    import tempfile

    from _lesson_run import ALL_LESSONS

    names = [str(p.relative_to(ROOT / "lessons")) for p in ALL_LESSONS]
    script = PYODIDE_TIMER.replace("PYODIDE_MJS", str(ROOT / "static" / "npm" / "node_modules" / "pyodide" / "pyodide.mjs"))
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "time_lessons.mjs"
        path.write_text(script)
        done = subprocess.run(["node", str(path), str(site), str(ROOT / "lessons"), *names],
                              capture_output=True, text=True, timeout=3600)
    out: dict = {}
    for line in done.stdout.splitlines():
        if "\t" in line:
            name, said = line.split("\t", 1)
            out[name] = float(said) if not said.startswith("failed") else said
    if done.returncode != 0 or not out:
        out["(node)"] = f"failed: exit {done.returncode}: {done.stderr.strip()[-300:]}"
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
    ap.add_argument("--skip-pyodide", action="store_true")
    ap.add_argument("--pure-json", action="store_true", help=argparse.SUPPRESS)   # one run, in a fresh process
    args = ap.parse_args()
    if args.pure_json:
        print(json.dumps(pure_python_lessons()))
        return 0
    for run in range(1, args.runs + 1):
        if not args.skip_pure:
            before = load()
            # a fresh process each run: the lessons and the odds keep what they computed
            done = subprocess.run([sys.executable, __file__, "--pure-json"], capture_output=True, text=True, check=True)
            times = json.loads(done.stdout.strip().splitlines()[-1])
            print(f"run {run}: pure Python, each lesson's code (load average {before} → {load()}):")
            for name, s in times.items():
                print(f"  {name:<40} {s:6.2f} s{'  (over 2 s)' if s > 2 else ''}")
        if not args.skip_pyodide and (pathlib.Path(args.site) / "static" / "pyodide").is_dir():
            before = load()
            times = pyodide_lessons(pathlib.Path(args.site))
            print(f"run {run}: Pyodide (Node), each lesson's code (load average {before} → {load()}):")
            for name, s in times.items():
                print(f"  {name:<40} " + (s if isinstance(s, str) else f"{s:6.2f} s{'  (over 2 s)' if s > 2 else ''}"))
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
