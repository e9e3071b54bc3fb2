"""The catalogues: one gettext catalogue per language, read once per process.

``locale/<lang>/LC_MESSAGES/cardkit.po`` is what translators edit; the ``.mo``
beside it is compiled at install (``setup.py``'s build step, or
``python -m cardkit.i18n compile``).  A ``.po`` newer than its ``.mo`` (a fresh
clone, an edit not yet compiled) is compiled in memory instead, so a page never
shows stale words.
"""

from __future__ import annotations

import gettext
import io
import threading
from functools import lru_cache
from pathlib import Path
from typing import Optional

__all__ = ["LOCALE_DIR", "DOMAIN", "po_path", "mo_path", "translations", "catalogue_languages",
           "draft_languages", "DRAFT_FILE", "DRAFTS_ENV"]

LOCALE_DIR = Path(__file__).with_name("locale")
"""Where the catalogues live: ``locale/<lang>/LC_MESSAGES/cardkit.po``."""

DOMAIN = "cardkit"
"""The gettext domain of the package's own words (lessons have their own)."""

DRAFT_FILE = "DRAFT"
"""A language whose folder holds this file is being translated: its catalogue is kept and
checked for placeholders, but it is not offered to learners until the file is removed
(every entry of it and of every lesson's catalogue translated)."""

DRAFTS_ENV = "CARDKIT_DRAFTS"
"""Set to ``1`` to preview draft languages (translators only): they are then offered as
if shipped, and every check a shipped language passes applies to them."""

_lock = threading.Lock()


def po_path(lang: str, domain: str = DOMAIN, root: Path = LOCALE_DIR) -> Path:
    """The ``.po`` file of ``lang``."""
    return root / lang / "LC_MESSAGES" / f"{domain}.po"


def mo_path(lang: str, domain: str = DOMAIN, root: Path = LOCALE_DIR) -> Path:
    """The compiled ``.mo`` file of ``lang``."""
    return po_path(lang, domain, root).with_suffix(".mo")


def catalogue_languages(domain: str = DOMAIN, root: Path = LOCALE_DIR) -> list[str]:
    """The languages that have a catalogue on disk (its ``.po``, or its compiled ``.mo`` alone
    as in the static site's wheel), sorted."""
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir()
                  if po_path(p.name, domain, root).is_file() or mo_path(p.name, domain, root).is_file())


def draft_languages(root: Path = LOCALE_DIR) -> list[str]:
    """The languages still being translated (a ``DRAFT`` file in their folder), sorted."""
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / DRAFT_FILE).is_file())


def compile_po(po: Path) -> bytes:
    """A ``.po`` file compiled to ``.mo`` bytes (fuzzy entries left out, as gettext does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


@lru_cache(maxsize=None)
def _load(lang: str, domain: str, root: str) -> Optional[gettext.GNUTranslations]:
    po, mo = po_path(lang, domain, Path(root)), mo_path(lang, domain, Path(root))
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as f:
            return gettext.GNUTranslations(f)
    if po.is_file():
        return gettext.GNUTranslations(io.BytesIO(compile_po(po)))
    return None


def translations(lang: str, domain: str = DOMAIN, root: Path = LOCALE_DIR) -> Optional[gettext.GNUTranslations]:
    """The catalogue of ``lang`` (``None`` for English, the source language, or a
    language with no catalogue)."""
    if lang == "en":
        return None
    with _lock:
        return _load(lang, domain, str(root))


def forget() -> None:
    """Drop the catalogues read so far (after a catalogue was edited in this process)."""
    with _lock:
        _load.cache_clear()
    for hook in _forget_hooks:
        hook()


_forget_hooks: list = []


def on_forget(hook) -> None:
    """Call ``hook()`` whenever :func:`forget` drops the catalogues (a cache of rendered sentences)."""
    _forget_hooks.append(hook)
