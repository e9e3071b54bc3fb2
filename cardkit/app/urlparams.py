"""Read the page's web address from inside a lesson, so that a link can open a given deal.

When the lessons are served as a web app (Voilà), a link such as
``http://127.0.0.1:8866/voila/render/least_score/01_first_round.ipynb?deal=K7Q-29X``
reaches the lesson's Python code as the *query string* ``deal=K7Q-29X``:

>>> seed = deal_seed_from_url(default=None)   # doctest: +SKIP
>>> game = new_game(seed=seed)                # doctest: +SKIP

Outside Voilà (JupyterLab, a test, a script) there is no address: :func:`query_params`
is empty and :func:`deal_seed_from_url` returns its ``default``.

How the address arrives: Voilà puts the query string in the kernel's environment
variable ``QUERY_STRING`` when it starts a kernel for a page. A *pre-heated* kernel (the web
app's setting) runs its lesson before any learner arrives, so it never waits for an address:
the server (``python -m cardkit.app``) runs it for one address only, given in
``CARDKIT_PAGE_QUERY`` (empty, or the class deal's ``deal=K7Q-29X``), and hands it only to a
page that asks for the same; a page asking for another deal gets a kernel of its own, started
with its address. Nothing here imports Voilà or the Jupyter server, so a lesson kernel stays
light.

A class deal (``make app DEAL=K7Q-29X``, the environment variable ``CARDKIT_CLASS_DEAL``) is
every table's deal when the address names none.
"""

from __future__ import annotations

import html
import os
from urllib.parse import parse_qsl, urlencode

from ..cards import deal_code, seed_from_code
from ..i18n import say

__all__ = ["query_params", "deal_seed_from_url", "deal_query", "class_deal"]

#: The query parameter that carries a deal code: ``?deal=K7Q-29X``.
DEAL_PARAM = "deal"

_query_string: str | None = None


def _read_query_string() -> str:
    """The raw query string of the page ('' when there is none), read once and kept."""
    global _query_string
    if _query_string is None:
        if os.environ.get("VOILA_PREHEAT") == "True":
            _query_string = os.environ.get("CARDKIT_PAGE_QUERY") or ""
        else:
            _query_string = os.environ.get("QUERY_STRING") or ""
    return _query_string


def class_deal() -> str | None:
    """The class deal the server was started with (``make app DEAL=...``), or None."""
    code = os.environ.get("CARDKIT_CLASS_DEAL", "").strip()
    return code or None


def query_params() -> dict[str, str]:
    """The ``?name=value`` pairs of the page's address, as a dict of strings.

    ``?deal=K7Q-29X&players=3`` gives ``{'deal': 'K7Q-29X', 'players': '3'}``; a name given
    twice keeps its last value. Empty outside Voilà, or when the address has no query.
    """
    return dict(parse_qsl(_read_query_string(), keep_blank_values=True))


def deal_seed_from_url(default: int | None = None, *, show_message: bool = True) -> int | None:
    """The seed of the deal named in the page's address (``?deal=CODE``), if any.

    - no ``deal`` in the address (or not running in Voilà): the class deal's seed when the
      server has one (``make app DEAL=K7Q-29X``), else ``default``;
    - a good code such as ``K7Q-29X`` (case, spaces and dashes do not matter): its seed;
    - a code that is not a deal code: returns ``None`` (so the game deals afresh) and, unless
      ``show_message=False``, shows the learner a one-line note saying why. Never raises.
    """
    code = query_params().get(DEAL_PARAM, "").strip()
    if not code:
        shared = class_deal()
        if shared is None:
            return default
        try:
            return seed_from_code(shared)
        except ValueError:
            return default
    try:
        return seed_from_code(code)
    except ValueError as err:
        if show_message:
            _show_notice(str(say("app.deal_link_refused", code=repr(code), reason=_reason(err))))
        return None


def deal_query(seed: int) -> str:
    """The query that reopens a deal, e.g. ``'?deal=K7Q-29X'``.

    A page link ``<a href="?deal=K7Q-29X">`` opens the same lesson on that deal, so a widget
    can offer "link to this deal" without knowing the server's address.
    """
    return "?" + urlencode({DEAL_PARAM: deal_code(seed)})


def _reason(err: ValueError):
    """Why the code is no deal code: the reason inside seed_from_code's message (the whole
    message when it carries none)."""
    message = getattr(err, "message", None)
    if message is None:
        return str(err)
    return message.get("reason", message)


def _notice_bundle(text: str) -> dict[str, str]:
    """The note as a display bundle: plain text, and HTML with the text escaped."""
    return {
        "text/plain": text,
        "text/html": f'<p class="cardkit-notice">{html.escape(text)}</p>',
    }


def _show_notice(text: str) -> None:
    """Show a short plain note in the page (printed, when there is no notebook display)."""
    try:
        from IPython.core.interactiveshell import InteractiveShell
        from IPython.display import display
    except ImportError:  # pragma: no cover - cardkit.widgets is used with IPython
        InteractiveShell = None
    if InteractiveShell is None or not InteractiveShell.initialized():
        print(text)
        return
    display(_notice_bundle(text), raw=True)
