"""Where the browser half of the widgets lives: real ``.js`` and ``.css`` files.

Each widget's ES module and stylesheet are files in ``static/`` beside its Python
module (``cardkit/widgets/static/``, ``cardkit/classroom/static/``), shipped in the
wheel as package data.  anywidget reads an ES module from a :class:`pathlib.Path`
and hands its text to the page itself, so nothing is ever fetched from the network
(no CDN scripts, fonts or icons) and the widgets work the same in JupyterLab, the
classic notebook and Voilà.

anywidget watches such a file and reloads it in the page only in development: when
the environment variable ``ANYWIDGET_HMR=1`` is set and the ``watchfiles`` package is
installed, and never for a package installed in ``site-packages``.  cardkit needs
neither; the web app runs without watching.

The font stack is written once, in Python: :data:`cardkit.svg.FONT_STACK`, which
the card pictures use too.  :func:`stylesheet` sets the CSS variable ``--ck-font`` to
it in front of every widget's stylesheet, and every stylesheet says
``font-family: var(--ck-font)``; Python code that writes HTML with inline styles
(which JupyterLab's sanitiser keeps, where it would drop a stylesheet) uses
:data:`FONT_STACK` itself.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..svg import FONT_STACK

__all__ = ["STATIC", "FONT_STACK", "stylesheet"]

#: The folder of the widgets' browser files.
STATIC: Path = Path(__file__).resolve().with_name("static")

_BASE = STATIC / "base.css"


@lru_cache(maxsize=None)
def stylesheet(path: Path) -> str:
    """The CSS a widget sends: the ``--ck-font`` variable (:data:`FONT_STACK`), then
    ``static/base.css`` (what every widget shares), then the stylesheet at ``path``."""
    return (f":root {{ --ck-font: {FONT_STACK}; }}\n" + _BASE.read_text(encoding="utf-8") + "\n"
            + Path(path).read_text(encoding="utf-8"))
