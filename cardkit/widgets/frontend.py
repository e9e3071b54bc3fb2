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

**Sent once per page.** A lesson shows many widgets of one kind (a table alone has eight
hands); anywidget sends each widget's module and stylesheet with every instance. Here each
widget's ``_esm`` is one small stub (``static/loader.js``) naming its module in the trait
``_module``, and one hidden *assets* widget per kernel (:func:`assets`, ``static/assets.js``)
carries every module registered with :func:`register_module` and all the stylesheets, once.

The font stack is written once, in Python: :data:`cardkit.svg.FONT_STACK`, which
the card pictures use too.  :func:`stylesheet` sets the CSS variable ``--ck-font`` to
it in front of every widget's stylesheet, and every stylesheet says
``font-family: var(--ck-font)``; Python code that writes HTML with inline styles
(which JupyterLab's sanitiser keeps, where it would drop a stylesheet) uses
:data:`FONT_STACK` itself.
"""

from __future__ import annotations

import time
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

import anywidget
import ipywidgets
from traitlets import Dict, Unicode

from ..svg import FONT_STACK
from .guard import FrontEndGuard

__all__ = ["STATIC", "FONT_STACK", "LOADER", "stylesheet", "register_module", "assets", "ModuleWidget"]

#: The folder of the widgets' browser files.
STATIC: Path = Path(__file__).resolve().with_name("static")

_BASE = STATIC / "base.css"

#: Every widget's ES module: a stub that waits for the module named in ``_module``.
LOADER: Path = STATIC / "loader.js"

_MODULES: dict[str, tuple[Path, Path]] = {}


@lru_cache(maxsize=None)
def stylesheet(path: Path) -> str:
    """The CSS a widget sends: the ``--ck-font`` variable (:data:`FONT_STACK`), then
    ``static/base.css`` (what every widget shares), then the stylesheet at ``path``."""
    return (f":root {{ --ck-font: {FONT_STACK}; }}\n" + _BASE.read_text(encoding="utf-8") + "\n"
            + Path(path).read_text(encoding="utf-8"))


def register_module(name: str, esm: Path, css: Path) -> None:
    """Make the module ``name`` (its ES module and stylesheet files) part of the assets every
    page receives once."""
    _MODULES[name] = (Path(esm), Path(css))
    if _assets is not None and _assets.comm is not None:
        _assets.modules = _module_texts()
        _assets.styles = _styles()


def _module_texts() -> dict:
    return {name: esm.read_text(encoding="utf-8") for name, (esm, _css) in _MODULES.items()}


def _styles() -> str:
    seen: list[Path] = []
    for _esm, css in _MODULES.values():
        if css not in seen:
            seen.append(css)
    return (f":root {{ --ck-font: {FONT_STACK}; }}\n" + _BASE.read_text(encoding="utf-8") + "\n"
            + "\n".join(p.read_text(encoding="utf-8") for p in seen))


class _Assets(FrontEndGuard, anywidget.AnyWidget):
    """The widgets' modules and styles, once per kernel (never displayed); the page may set
    nothing of them."""

    _esm = STATIC / "assets.js"
    modules = Dict().tag(sync=True)
    styles = Unicode("").tag(sync=True)


_assets: Optional[_Assets] = None


def assets() -> _Assets:
    """The kernel's one assets widget (made when the first cardkit widget is)."""
    global _assets
    if _assets is None or _assets.comm is None:
        _assets = _Assets(modules=_module_texts(), styles=_styles())
    return _assets


class ModuleWidget:
    """Mixin for an anywidget class whose browser code is the registered module
    ``_module`` (see the module docstring); put it before ``anywidget.AnyWidget``."""

    _esm = LOADER.read_text(encoding="utf-8")
    _css = ""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        assets()
        super().__init__(*args, **kwargs)


#: When (``time.monotonic()``) the kernel last sent a page every widget's state at once
#: (ipywidgets' ``request_states``); None until a page has asked in this kernel.
_states_sent_at: Optional[float] = None


def _wrap_request_states() -> None:
    """Note when a page is sent every state: ipywidgets' control-channel handler, wrapped
    (the kernel runs one handler at a time, so a change made before the time noted is in
    what was sent)."""
    original = ipywidgets.Widget.__dict__["_handle_control_comm_msg"]
    if getattr(original, "_cardkit_noted", False):
        return

    def handle(cls: Any, msg: Any) -> None:
        global _states_sent_at
        original.__func__(cls, msg)
        _states_sent_at = time.monotonic()

    noted = classmethod(handle)
    noted._cardkit_noted = True  # type: ignore[attr-defined]
    ipywidgets.Widget._handle_control_comm_msg = noted  # type: ignore[method-assign]


_wrap_request_states()


def changed_since_states(changed_at: float) -> bool:
    """Whether a change made at ``changed_at`` (``time.monotonic()``) may be missing from
    the page: made after the page was last sent every state, or no such sending seen."""
    return _states_sent_at is None or changed_at >= _states_sent_at


def resend_states(root: Any) -> int:
    """Send the page the whole state of ``root``, of every widget inside it (``children``)
    and of their Layouts and Styles once more; returns how many models were sent.

    A page loading its widgets asks the kernel for every state at once, then makes the
    models one by one; a change the kernel sends meanwhile, for a model the page has not made
    yet, is dropped on the way in. A game table whose bots move while its page loads can be
    left showing an older moment (the status a move behind its log, a turn that never
    comes); once its page has drawn it, the table sends everything again when it changed
    after the page was sent every state (:func:`changed_since_states`; see
    ``TableBase._stored_match_found``).
    """
    seen: set[int] = set()
    todo = [root]
    sent = 0
    while todo:
        widget = todo.pop()
        if not isinstance(widget, ipywidgets.Widget) or id(widget) in seen:
            continue
        seen.add(id(widget))
        if widget.comm is not None:
            widget.send_state()
            sent += 1
        todo.extend(getattr(widget, name, None) for name in ("layout", "style"))
        todo.extend(getattr(widget, "children", ()) or ())
    return sent
