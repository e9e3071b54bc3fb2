"""numpy as an accelerator, not a requirement.

The odds and simulations run on numpy where it is installed (a Voilà server, a
laptop) and in plain Python where it is not (a lesson running in the learner's
browser on Pyodide, where no numpy wheel can be had from PyPI).  Both ways give
the very same numbers: the tests run each figure both ways and compare.

>>> with pure_python():
...     use_numpy()
False

``CARDKIT_PURE_PYTHON=1`` in the environment forces the plain-Python way for a
whole process (a benchmark of the browser's path, say).

In the learner's browser a lesson's longest simulations deal fewer hands
(:func:`deals_here`, at most :data:`BROWSER_DEALS`): plain Python on Pyodide is some
fifty times slower than numpy, and the page must be ready in seconds.  Served by
Voilà (and in the stored lessons) every simulation deals what the lesson asks; the
texts beside a figure always say how many hands were dealt.
``CARDKIT_AS_BROWSER=1`` makes a process deal as the browser does (to measure it).

>>> deals_here(200_000) == (BROWSER_DEALS if in_browser() else 200_000)
True
"""

from __future__ import annotations

import contextlib
import os
import sys
from types import ModuleType
from typing import Any, Iterator, Optional

__all__ = ["numpy_module", "use_numpy", "pure_python", "in_browser", "deals_here", "BROWSER_DEALS"]

_forced_pure = os.environ.get("CARDKIT_PURE_PYTHON", "") not in ("", "0")
_as_browser = sys.platform in ("emscripten", "wasi") or os.environ.get("CARDKIT_AS_BROWSER", "") not in ("", "0")
_numpy: Optional[ModuleType] = None

#: The most hands one simulation deals in the learner's browser (see :func:`deals_here`).
BROWSER_DEALS = 20_000
_looked = False


def numpy_module() -> Optional[ModuleType]:
    """numpy if it can be imported, else None (looked up once)."""
    global _numpy, _looked
    if not _looked:
        _looked = True
        try:
            import numpy
        except ImportError:
            numpy = None
        _numpy = numpy
    return _numpy


def use_numpy() -> bool:
    """Whether the odds and simulations use numpy right now."""
    return not _forced_pure and numpy_module() is not None


@contextlib.contextmanager
def pure_python() -> Iterator[None]:
    """Within this block the odds and simulations run without numpy (for tests and
    benchmarks of the browser's path); numpy stays importable for anything else."""
    global _forced_pure
    before = _forced_pure
    _forced_pure = True
    try:
        yield
    finally:
        _forced_pure = before


def in_browser() -> bool:
    """Whether this Python runs in the learner's browser (Pyodide: the static site)."""
    return _as_browser


def deals_here(deals: Any, most: int = BROWSER_DEALS) -> Any:
    """How many hands a simulation asked for ``deals`` hands deals here: ``deals``, but
    at most ``most`` (:data:`BROWSER_DEALS`; less for a figure made of many simulations)
    in the learner's browser.  Anything not a whole number is left as it is, for the
    simulation to refuse."""
    if _as_browser and isinstance(deals, int) and not isinstance(deals, bool) and deals > most:
        return most
    return deals
