"""The static site, built once for the tests (``make static`` with the browser tests' own
pages added) and kept until something it is built from changes.

``built_site()`` returns the folder; the build runs ``static/build.py`` (its tools, wheels and
Pyodide are cached in ``static/.build``, so a rebuild downloads nothing). Two test runs at
once (the browser tests in one terminal, the others in a second) build it once: the second
waits for the first (a lock), then finds the site up to date. A failed build says why: the
last lines the build wrote are in the error.
"""

from __future__ import annotations

import fcntl
import hashlib
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
TEST_SITE = ROOT / "static" / ".build" / "test-site"
LOCK = ROOT / "static" / ".build" / "test-site.lock"
PAGES = ROOT / "tests" / "browser" / "pages"

#: What the site is built from: a change to any of these builds it again.
INPUTS = [
    "lessons", "cardkit", "share/jupyter/voila/templates/cardkit", "tests/browser/pages",
    "static/build.py", "static/requirements.txt", "static/wheels.txt", "static/npm/package-lock.json",
    "pyproject.toml",
]


def inputs_digest() -> str:
    """A hash of every file the site is built from."""
    h = hashlib.sha256()
    for name in INPUTS:
        path = ROOT / name
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file()
                                                     and "__pycache__" not in p.parts and p.suffix != ".pyc"
                                                     and ".ipynb_checkpoints" not in p.parts)
        for f in files:
            h.update(str(f.relative_to(ROOT)).encode())
            h.update(f.read_bytes())
    return h.hexdigest()


def built_site() -> pathlib.Path:
    """The test site, built if missing or out of date (one build at a time)."""
    LOCK.parent.mkdir(parents=True, exist_ok=True)
    with open(LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)   # another run building it: wait, then look again
        digest = inputs_digest()
        stamp = TEST_SITE / ".inputs"
        if not (stamp.exists() and stamp.read_text() == digest):
            done = subprocess.run([sys.executable, str(ROOT / "static" / "build.py"), "--out", str(TEST_SITE),
                                   "--extra-contents", str(PAGES)], cwd=ROOT, capture_output=True, text=True)
            if done.returncode != 0:
                said = (done.stdout + done.stderr).strip().splitlines()
                raise RuntimeError(f"static/build.py exited {done.returncode}; its last lines:\n" + "\n".join(said[-40:]))
            stamp.write_text(digest)
    return TEST_SITE
