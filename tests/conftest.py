"""Shared test settings.

Property tests are reproducible: the ``cardkit`` hypothesis profile derandomises
them (the examples come from a hash of each test, so every run tries the same
ones) and prints a reproduction blob on failure.  Another profile can be chosen
with ``HYPOTHESIS_PROFILE=...`` (e.g. ``hypothesis``'s own ``default`` to explore
new examples).
"""

import os

import pytest
from hypothesis import settings

settings.register_profile("cardkit", derandomize=True, print_blob=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "cardkit"))

# --doctest-modules (pyproject.toml) is for the package's examples; the two conftest
# files (here and in browser/) hold none and share a name, so they are not collected.
collect_ignore = ["conftest.py", "browser/conftest.py"]


#: Browser tests that each open one page of their own and share nothing but a server: spread
#: over the workers two by two instead of running on one (the static site's pages take longest).
_SPREAD = {"test_browser_static.py::test_static_page_works",
            "test_browser_lessons.py::test_lesson_page",
            "test_browser_pseudo_locale.py::test_no_english_outside_the_brackets",
            "test_browser_languages.py::test_the_lesson_in_the_language"}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """With ``-n`` (pytest-xdist, ``--dist loadgroup``, as ``make test`` runs): the tests of one
    file stay on one worker, in order — a notebook's cells run in one kernel one after another,
    and a module's browser and servers are set up once; the page tests listed in ``_SPREAD`` are
    dealt out in two halves."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    halves: dict[str, int] = {}
    for item in items:
        path, _, name = item.nodeid.partition("::")
        group = path
        base = f"{path.rsplit('/', 1)[-1]}::{name.split('[', 1)[0]}"
        if base in _SPREAD:
            n = halves.get(base, 0)
            halves[base] = n + 1
            group = f"{path}::{base}#{n % 2}"
        item.add_marker(pytest.mark.xdist_group(group))
