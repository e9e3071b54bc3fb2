"""How many widget comms each lesson opens, and how many of them are Layouts and Styles.

    python benchmarks/load_comms.py                       # every lesson
    python benchmarks/load_comms.py least_score/07_play_a_match.ipynb

Each lesson is run in a fresh kernel as the web app runs it (``CARDKIT_SERVED=1``, the lesson's
folder as working directory); then the kernel is asked, as the page asks, for its widget comms
(``comm_info_request``) and for every comm's state, and the models are counted by kind: the
widgets, their Layouts, their Styles. Every comm is a model the page must ask for, receive and
build, so this is the first figure of the weight of one arrival.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LESSONS = ROOT / "lessons"


def count(lesson: str, timeout: float = 300.0) -> dict:
    import nbformat
    from jupyter_client.manager import KernelManager

    path = LESSONS / lesson
    nb = nbformat.read(path, as_version=4)
    km = KernelManager(kernel_name="python3")
    km.start_kernel(env={**os.environ, "CARDKIT_SERVED": "1"}, cwd=str(path.parent))
    kinds: Counter = Counter()
    t0 = time.monotonic()
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=120)
        for cell in nb.cells:
            if cell.cell_type == "code":
                reply = kc.execute_interactive(cell.source, timeout=timeout, output_hook=lambda msg: None)
                if reply["content"]["status"] != "ok":
                    raise RuntimeError(f"{lesson}: a cell failed: {reply['content'].get('ename')}")
        msg_id = kc.comm_info(target_name="jupyter.widget")
        comms = _reply(kc, msg_id)["content"]["comms"]
        wanted = set(comms)
        for cid in comms:
            kc.shell_channel.send(kc.session.msg("comm_msg", {"comm_id": cid, "data": {"method": "request_state"}}))
        deadline = time.monotonic() + timeout
        while wanted and time.monotonic() < deadline:
            msg = kc.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
            if msg["msg_type"] == "comm_msg" and msg["content"]["comm_id"] in wanted:
                data = msg["content"]["data"]
                if data.get("method") == "update":
                    name = data["state"].get("_model_name", "")
                    kinds["layout" if name == "LayoutModel" else "style" if name.endswith("StyleModel") else "widget"] += 1
                    wanted.discard(msg["content"]["comm_id"])
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    return {"lesson": lesson, "comms": len(comms), **dict(kinds), "unanswered": len(wanted),
            "seconds": round(time.monotonic() - t0, 1)}


def _reply(kc, msg_id: str) -> dict:
    while True:
        msg = kc.get_shell_msg(timeout=60)
        if msg["parent_header"].get("msg_id") == msg_id:
            return msg


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("lessons", nargs="*", help="lessons (relative to lessons/); every lesson if none")
    ap.add_argument("--json", type=Path, help="also write the counts to this file")
    args = ap.parse_args(argv)
    lessons = args.lessons or sorted(p.relative_to(LESSONS).as_posix() for p in LESSONS.rglob("*.ipynb")
                                     if ".ipynb_checkpoints" not in p.parts)
    print("| lesson | comms | widgets | layouts | styles |")
    print("|---|---:|---:|---:|---:|")
    rows = []
    for lesson in lessons:
        r = count(lesson)
        rows.append(r)
        print(f"| {lesson} | {r['comms']} | {r.get('widget', 0)} | {r.get('layout', 0)} | {r.get('style', 0)} |", flush=True)
    total = sum(r["comms"] for r in rows)
    print(f"| all {len(rows)} | {total} | {sum(r.get('widget', 0) for r in rows)} "
          f"| {sum(r.get('layout', 0) for r in rows)} | {sum(r.get('style', 0) for r in rows)} |")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")
    return 0 if all(r["unanswered"] == 0 for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
