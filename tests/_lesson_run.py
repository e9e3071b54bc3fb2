"""Run a stored lesson afresh, in this process, and hand back every exercise it made.

The lessons are stored executed and strict nbval compares each output's text — but
not the output metadata, where an exercise's right answer lives.  So a test that
only reads the stored notebook cannot see a lesson whose code now teaches another
answer than the one stored.  :func:`run_lesson` executes the lesson's code cells in
order (as a kernel would, with ``display`` doing nothing) inside
:func:`cardkit.classroom.quiz.collect_exercises`, so a test gets the live exercise
widgets — to answer them wrong and right — and their records, to compare with the
stored ones (which the lesson tests check independently of the engine).
"""

from __future__ import annotations

import json
import linecache
import os
import pathlib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from cardkit.classroom.quiz import collect_exercises

ROOT = pathlib.Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
ALL_LESSONS = sorted([LESSONS / "00_start_here.ipynb", *LESSONS.glob("least_score/[0-9][0-9]_*.ipynb"),
                      *LESSONS.glob("tien_len/[0-9][0-9]_*.ipynb")])  # the sources, not the language pages


@dataclass
class LessonRun:
    """A lesson run afresh: its namespace, the exercises made (in order) and the
    records stored in the notebook's outputs."""

    path: pathlib.Path
    namespace: dict
    exercises: list
    stored: list = field(default_factory=list)

    def fresh_records(self) -> list[dict]:
        """Every exercise's record, as JSON would store it."""
        return [json.loads(json.dumps(record_of(e))) for e in self.exercises]


def record_of(exercise: Any) -> dict:
    return exercise.record()


def stored_records(path: pathlib.Path) -> list[dict]:
    """The exercise records in the stored outputs' metadata (``cardkit`` →
    ``exercise`` / ``exercises``), in output order."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        for o in cell.get("outputs", []) if cell["cell_type"] == "code" else []:
            meta = o.get("metadata", {}).get("cardkit", {})
            if "exercise" in meta:
                out.append(meta["exercise"])
            out.extend(meta.get("exercises", []))
    return out


def _display(*objects: Any, **_kwargs: Any) -> None:
    """``display`` in a lesson: nothing to show in a test."""


@lru_cache(maxsize=None)
def run_lesson(path: pathlib.Path) -> LessonRun:
    """Execute the lesson's code cells in order, in a fresh namespace, from the
    lesson's own folder (as Voilà and JupyterLab do)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    namespace: dict = {"__name__": "__main__", "display": _display}
    here = os.getcwd()
    os.chdir(path.parent)
    try:
        with collect_exercises() as made:
            for i, cell in enumerate(nb["cells"]):
                if cell["cell_type"] != "code":
                    continue
                source = "".join(cell["source"])
                name = f"<{path.stem} cell {i}>"
                # inspect.getsource (code_listing) finds a cell's functions through linecache, as in IPython
                linecache.cache[name] = (len(source), None, source.splitlines(True), name)
                exec(compile(source, name, "exec"), namespace)
    finally:
        os.chdir(here)
    return LessonRun(path, namespace, list(made), stored_records(path))
