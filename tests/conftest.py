"""Shared test settings.

Property tests are reproducible: the ``cardkit`` hypothesis profile derandomises
them (the examples come from a hash of each test, so every run tries the same
ones) and prints a reproduction blob on failure.  Another profile can be chosen
with ``HYPOTHESIS_PROFILE=...`` (e.g. ``hypothesis``'s own ``default`` to explore
new examples).
"""

import os

from hypothesis import settings

settings.register_profile("cardkit", derandomize=True, print_blob=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "cardkit"))

# --doctest-modules (pyproject.toml) is for the package's examples; the two conftest
# files (here and in browser/) hold none and share a name, so they are not collected.
collect_ignore = ["conftest.py", "browser/conftest.py"]

