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
"""

from __future__ import annotations

import contextlib
import os
from types import ModuleType
from typing import Iterator, Optional

__all__ = ["numpy_module", "use_numpy", "pure_python"]

_forced_pure = os.environ.get("CARDKIT_PURE_PYTHON", "") not in ("", "0")
_numpy: Optional[ModuleType] = None
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
