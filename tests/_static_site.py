"""The static site, built once for the tests (``make static`` with the browser tests' own
pages added) and kept until something it is built from changes.

``built_site()`` returns the folder; the build runs ``static/build.py`` (its tools, wheels and
Pyodide are cached in ``static/.build``, so a rebuild downloads nothing).
"""

from __future__ import annotations

import fcntl
import hashlib
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
TEST_SITE = ROOT / "static" / ".build" / "test-site"
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
    """The test site, built if missing or out of date.  Two test processes at once (``make test``
    runs on both cores) build it once: the second waits for the first's build and uses it."""
    TEST_SITE.parent.mkdir(parents=True, exist_ok=True)
    with open(TEST_SITE.parent / "test-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            digest = inputs_digest()
            stamp = TEST_SITE / ".inputs"
            if not (stamp.exists() and stamp.read_text() == digest):
                subprocess.run([sys.executable, str(ROOT / "static" / "build.py"), "--out", str(TEST_SITE),
                                "--extra-contents", str(PAGES)], check=True, cwd=ROOT)
                stamp.write_text(digest)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return TEST_SITE
