"""The English source of every message, one module per area of the package.

Importing this package imports every module in it, so a new ``texts/<area>.py``
file is picked up with no edit here.
"""

from __future__ import annotations

import importlib
import pkgutil

for _info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
    importlib.import_module(f"{__name__}.{_info.name}")
