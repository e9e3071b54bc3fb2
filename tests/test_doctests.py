"""The docstring examples are tests: pytest collects them itself (``--doctest-modules``
over the ``cardkit`` package, set in ``pyproject.toml``), so each runs and reports on
its own.  This file pins that the collection stays switched on and that every engine
module which teaches by example keeps its examples (an example deleted by mistake
would otherwise pass silently)."""

import doctest
import importlib
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

MODULES_WITH_EXAMPLES = [
    "cardkit",
    "cardkit.cards",
    "cardkit.game",
    "cardkit.words",
    "cardkit.stats",
    "cardkit.svg",
    "cardkit.odds",
    "cardkit.simulate",
    "cardkit.tournament",
    "cardkit.least_score",
    "cardkit.least_score.rules",
    "cardkit.least_score.game",
    "cardkit.least_score.bots",
    "cardkit.least_score.strong",
    "cardkit.tienlen",
    "cardkit.tienlen.rules",
    "cardkit.tienlen.game",
    "cardkit.tienlen.strong",
]


def examples_in(module) -> int:
    """How many docstring examples the module itself holds (not those it imports)."""
    tests = doctest.DocTestFinder().find(module)
    return sum(len(t.examples) for t in tests if t.name.split(".")[: len(module.__name__.split("."))]
               == module.__name__.split("."))


@pytest.mark.parametrize("name", MODULES_WITH_EXAMPLES)
def test_the_module_keeps_its_examples(name):
    assert examples_in(importlib.import_module(name)) > 0, f"{name} has lost its docstring examples"


def test_pytest_collects_the_docstring_examples_of_the_package():
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "--doctest-modules" in options["addopts"].split()
    assert "cardkit" in options["testpaths"]
