"""Where the English source of every learner-facing sentence is written.

Each ``texts/<area>.py`` module calls :func:`text` and :func:`plural` once per
message code.  The code is the message's stable id (gettext's *context*); the
English sentence is the source text translators see (gettext's *msgid*).
Placeholders are named, in braces: ``"It is {current}'s turn, not yours."``.

Babel's extractor reads these calls (``python -m cardkit.i18n extract``), so a
code and its English are written once, here and nowhere else.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from typing import Optional

from ..errors import OptionError

__all__ = ["Entry", "text", "plural", "REGISTRY", "placeholders", "EXTRACT_KEYWORDS"]

_CODE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")


@dataclass(frozen=True)
class Entry:
    """One message of the catalogue: its code, its English, and for a plural
    message the English plural and the name of the value that counts."""

    code: str
    singular: str
    plural: Optional[str] = None
    count: Optional[str] = None
    module: str = ""


REGISTRY: dict[str, Entry] = {}
"""Every message code, with its English source, filled as ``texts`` is imported."""

EXTRACT_KEYWORDS = {"text": ((1, "c"), 2), "plural": ((1, "c"), 2, 3)}
"""How Babel's extractor reads :func:`text` and :func:`plural` calls: the first
argument is the context (the code), then the singular (and plural) English."""


def placeholders(template: str) -> set[str]:
    """The names in braces in ``template``: ``{'current'}`` for
    ``"It is {current}'s turn"``."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _register(entry: Entry) -> Entry:
    if not _CODE.match(entry.code):
        raise OptionError(f"message code {entry.code!r} is not dotted lower-case, as in 'area.what_happened'")
    old = REGISTRY.get(entry.code)
    if old is not None and old != entry:
        raise OptionError(f"message code {entry.code!r} is defined twice ({old.module} and {entry.module})")
    REGISTRY[entry.code] = entry
    return entry


def _caller_module() -> str:
    import sys

    frame = sys._getframe(2)
    return frame.f_globals.get("__name__", "")


def text(code: str, english: str) -> Entry:
    """Define message ``code`` with its English sentence (placeholders in braces)."""
    return _register(Entry(code, english, module=_caller_module()))


def plural(code: str, singular: str, plural_: str, count: str = "n") -> Entry:
    """Define a message whose wording depends on a number: ``count`` names the value
    that chooses the form (CLDR's plural rules of the learner's language decide
    which form a number takes)."""
    entry = Entry(code, singular, plural_, count, module=_caller_module())
    missing = {count} - (placeholders(singular) | placeholders(plural_))
    if missing and "{" in singular + plural_:
        pass  # a form may leave the number out ("a pair" / "{n} pairs")
    return _register(entry)
