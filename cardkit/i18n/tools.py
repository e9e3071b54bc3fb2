"""Catalogue upkeep: the template from the registry, new and updated ``.po``
files, compiling, and the checks a shipped language must pass.

Run as ``python -m cardkit.i18n extract|update|init LANG|compile|check``.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional

from ..errors import OptionError
from .catalogue import DOMAIN, LOCALE_DIR, catalogue_languages, compile_po, mo_path, po_path
from .define import REGISTRY, placeholders

__all__ = ["template_catalog", "write_template", "init_language", "update_languages", "compile_all",
           "CatalogueReport", "check_language", "POT_PATH"]

POT_PATH = LOCALE_DIR / f"{DOMAIN}.pot"
"""The template every language's catalogue is made from."""


def template_catalog():
    """A Babel catalogue of every registered message (code as context, English as msgid)."""
    from babel.messages.catalog import Catalog

    from . import load_texts

    load_texts()
    catalog = Catalog(project="cardkit", domain=DOMAIN, fuzzy=False, header_comment=(
        "# The words of cardkit, made from cardkit/i18n/texts/ by `python -m cardkit.i18n extract`.\n"
        "# Each entry's context (msgctxt) is its message code; placeholders in braces are kept as they are."))
    for code in sorted(REGISTRY):
        entry = REGISTRY[code]
        msgid = entry.singular if entry.plural is None else (entry.singular, entry.plural)
        names = placeholders(entry.singular) | placeholders(entry.plural or "")
        comments = [f"placeholders: {', '.join(sorted(names))}"] if names else []
        if entry.count:
            comments.append(f"the number that chooses the form: {{{entry.count}}}")
        catalog.add(msgid, context=code, locations=[(entry.module.replace(".", "/") + ".py", 0)],
                    auto_comments=comments)
    return catalog


def _write(catalog, path: Path) -> None:
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=True, include_lineno=False)
    data = out.getvalue()
    data = b"\n".join(line for line in data.split(b"\n") if not line.startswith(b'"POT-Creation-Date')
                      and not line.startswith(b'"PO-Revision-Date'))
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def write_template(path: Path = POT_PATH) -> Path:
    """Write the template (``cardkit.pot``) from the registry."""
    _write(template_catalog(), path)
    return path


def _read(path: Path, locale: Optional[str] = None):
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=locale)


def init_language(lang: str) -> Path:
    """Start the catalogue of a new language (plural rules from CLDR)."""
    from babel.messages.catalog import Catalog

    path = po_path(lang)
    if path.exists():
        raise OptionError(f"{path} exists: use update")
    template = template_catalog()
    catalog = Catalog(locale=lang, domain=DOMAIN, project="cardkit", fuzzy=False)
    catalog.update(template, no_fuzzy_matching=True)
    _write(catalog, path)
    return path


def update_languages(langs: Optional[Iterable[str]] = None) -> list[Path]:
    """Bring every language's catalogue up to date with the registry: new codes added
    untranslated, changed English marked fuzzy, removed codes dropped."""
    template = template_catalog()
    done = []
    for lang in langs or catalogue_languages():
        path = po_path(lang)
        catalog = _read(path, locale=lang)
        catalog.update(template, no_fuzzy_matching=False)
        catalog.obsolete.clear()
        _write(catalog, path)
        done.append(path)
    return done


def compile_all(root: Path = LOCALE_DIR) -> list[Path]:
    """Compile every ``.po`` under ``root`` to its ``.mo``."""
    done = []
    for po in sorted(root.glob("**/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        mo.write_bytes(compile_po(po))
        done.append(mo)
    return done


@dataclass
class CatalogueReport:
    """What a language's catalogue lacks."""

    language: str
    entries: int = 0
    translated: int = 0
    untranslated: list[str] = field(default_factory=list)
    fuzzy: list[str] = field(default_factory=list)
    placeholder_mismatch: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not (self.untranslated or self.fuzzy or self.placeholder_mismatch or self.unknown)


def check_language(lang: str, path: Optional[Path] = None) -> CatalogueReport:
    """Every registered code translated, none fuzzy, every placeholder kept."""
    from . import load_texts

    load_texts()
    catalog = _read(path or po_path(lang), locale=lang)
    report = CatalogueReport(lang)
    seen = set()
    for message in catalog:
        if not message.id or not message.context:
            continue
        code = message.context
        seen.add(code)
        entry = REGISTRY.get(code)
        if entry is None:
            report.unknown.append(code)
            continue
        report.entries += 1
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        if not all(strings):
            report.untranslated.append(code)
            continue
        if message.fuzzy:
            report.fuzzy.append(code)
            continue
        wanted = placeholders(entry.singular) | placeholders(entry.plural or "")
        for s in strings:
            got = placeholders(s)
            if got - wanted or (entry.plural is None and wanted - got):
                report.placeholder_mismatch.append(code)
                break
        else:
            report.translated += 1
    report.untranslated.extend(sorted(set(REGISTRY) - seen))
    report.entries = len(REGISTRY)
    return report
