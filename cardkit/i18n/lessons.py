"""Lessons in every language, from one English source notebook per lesson.

A lesson (``lessons/<game>/<nn>_<name>.ipynb``, English, stored with its outputs) is
the source of every language's page.  Its translatable units are

* each **markdown block** (a paragraph, a list, a heading, a table: the text between
  blank lines, a fenced code block kept whole), keyed by the cell's id and the block's
  position (gettext's context ``"<cell id>#<n>"``), the English block as msgid;
* each **string its code cells pass to the toolkit**, written ``_("…")`` (values as
  keywords: ``_("A 2 is worth {value}.", value=card_value('2C'))``; a sentence whose
  wording follows a number gives both English forms and the number as ``n``:
  ``_("{n} game", "{n} games", n=games)``, the language's plural rules choosing the
  form), where ``_`` comes from the lesson's one setup call::

      from cardkit.i18n.lessons import begin_lesson
      _ = begin_lesson("least_score/01_cards_and_values").text

  which also sets the kernel's language (:func:`cardkit.i18n.set_locale`).

Each lesson has its own gettext domain (``least_score.01_cards_and_values``): a
template ``lessons/locale/<domain>.pot`` and per language
``lessons/locale/<lang>/LC_MESSAGES/<domain>.po`` (compiled at install by ``setup.py``).
``python -m cardkit.i18n.lessons extract|update|render|check`` keeps them:

* ``extract`` writes every lesson's template; ``update [LANG…]`` brings each language's
  catalogues up to date (new blocks untranslated, changed ones fuzzy);
* ``render [LANG…]`` writes ``lessons/<lang>/…`` for every shipped language (or those
  named): markdown translated, the setup call given the language, links kept relative
  (so they stay inside the language's folder; links to other files point back to the
  source's), the notebook's metadata naming the language (``cardkit.language``); then
  executes it and stores its outputs.  English is the source itself;
* ``check [LANG…]``: every template current, every string of ``_()`` a literal, every
  lesson converted, and for each language every entry translated, none fuzzy, every
  placeholder and link kept.

The pseudo-locale ``en-XA`` needs no catalogue: its rendering wraps each line of lesson
text in ⟦…⟧ and lengthens it by about 30 %, as the package's own words are.
"""

from __future__ import annotations

import ast
import copy
import io
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Optional

from . import LANGUAGE_NAMES, PSEUDO, SOURCE_LANGUAGE, UnknownMessage, render, set_locale, shipped_languages
from .catalogue import translations

__all__ = [
    "LESSONS_DIR", "SETUP_NAME", "LessonText", "begin_lesson", "domain_of", "source_lessons",
    "markdown_blocks", "code_strings", "lesson_catalog", "extract", "update", "render_lesson",
    "render_all", "check", "converted_lessons", "pseudo_markdown", "pseudo_text", "language_table", "LANGUAGES_JSON",
]

LESSONS_DIR = Path(__file__).resolve().parents[2] / "lessons"
"""The source lessons (English), beside the package in the repository."""

LANGUAGES_JSON = (Path(__file__).resolve().parents[2] / "share" / "jupyter" / "voila" / "templates"
                  / "cardkit" / "languages.json")
"""What the page template's language menu offers (written by ``render``)."""

SETUP_NAME = "begin_lesson"
"""The lesson's setup call, found in its code cells by name."""

GAMES = ("least_score", "tien_len")
"""The folders of source lessons under ``lessons/``."""

_LINK = re.compile(r"\]\(([^)\s]+)(\s+\"[^\"]*\")?\)")
_SRC = re.compile(r"(src|href)=\"([^\"]+)\"")


# --------------------------------------------------------------------------- in the kernel

def domain_of(lesson: str) -> str:
    """A lesson's gettext domain: ``'least_score/01_cards_and_values'`` (``.ipynb`` or
    not) → ``'least_score.01_cards_and_values'``."""
    name = lesson[:-len(".ipynb")] if lesson.endswith(".ipynb") else lesson
    return name.strip("/").replace("/", ".")


def _language(value: Optional[str]) -> str:
    if not value:
        return SOURCE_LANGUAGE
    text = value.strip().replace("_", "-")
    if text.lower() == PSEUDO.lower():
        return PSEUDO
    base = text.split("-")[0].lower()
    return base if base in LANGUAGE_NAMES else SOURCE_LANGUAGE


def _locale_root(domain: str, start: Optional[Path] = None) -> Path:
    """The lessons' ``locale`` folder: the first one above ``start`` (the kernel's folder,
    inside ``lessons/`` or a language's folder of it) holding this lesson's template."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "locale" / f"{domain}.pot").is_file():
            return folder / "locale"
    return LESSONS_DIR / "locale"


@dataclass
class LessonText:
    """A lesson's words in one language: :meth:`text` (bound to ``_`` in the lesson)."""

    domain: str
    language: str = SOURCE_LANGUAGE
    root: Optional[Path] = None

    def text(self, english: str, plural: Optional[str] = None, /, **values: Any) -> str:
        """``english`` in the lesson's language, its ``{placeholders}`` filled with
        ``values`` rendered for that language (numbers by CLDR, cards as ``'A♠'``,
        messages as their sentence).  With a second text, ``plural``, the value ``n``
        chooses the form: ``_("{n} game", "{n} games", n=3)`` (English: the first for
        1, the second otherwise; another language: its catalogue's plural rules)."""
        if plural is not None and "n" not in values:
            from ..errors import OptionError  # a lesson author's slip: said to the author, in English

            raise OptionError("_(singular, plural) needs the number that chooses the form as n=…")
        count = values.get("n")
        source = english if plural is None or count == 1 else plural
        if self.language == SOURCE_LANGUAGE:
            template = source
        elif self.language == PSEUDO:
            template = pseudo_text(source, placeholders=bool(values))
        else:
            found = translations(self.language, self.domain, self.root or _locale_root(self.domain))
            if found is None:
                template = source
            else:
                template = found.gettext(english) if plural is None else found.ngettext(english, plural, int(count))
        if not values:
            return template
        shown = {name: self._show(value) for name, value in values.items()}
        try:
            return template.format_map(shown)
        except (KeyError, IndexError, ValueError):  # a translation's placeholder broken: English
            return source.format_map(shown)

    __call__ = text

    def _show(self, value: Any) -> str:
        if isinstance(value, str):
            return value
        try:
            return render(value, self.language)
        except UnknownMessage:  # a toolkit object (a worked total …): its own text
            return str(value)


def begin_lesson(lesson: str, language: Optional[str] = None) -> LessonText:
    """The setup call at the top of a lesson: sets the kernel's language (the source,
    English, unless the rendered page names another) and returns the lesson's words;
    bind ``.text`` to ``_``."""
    lang = _language(language)
    set_locale(lang)
    domain = domain_of(lesson)
    return LessonText(domain, lang, _locale_root(domain))


# --------------------------------------------------------------------------- pseudo-locale

_PSEUDO_MAP = str.maketrans("aceinouyAEIOUCN", "åçéîñöûýÅÉÎÖÛÇÑ")
_PROTECT = re.compile(r"`[^`]*`|\]\([^)]*\)|<[^<>]*>|https?://\S+|\$[^$]*\$|&#?\w+;")
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:![rsa])?(?::[^{}]*)?\}")


def pseudo_text(english: str, placeholders: bool = True) -> str:
    """``english`` as the pseudo-locale shows it: letters accented, wrapped in ⟦…⟧ and
    lengthened by about 30 % (placeholders, code, link targets and tags untouched)."""
    if not english.strip():
        return english
    protect = re.compile(_PROTECT.pattern + (r"|" + _PLACEHOLDER.pattern if placeholders else ""))
    out, last = [], 0
    for m in protect.finditer(english):
        out.append(english[last:m.start()].translate(_PSEUDO_MAP))
        out.append(m.group(0))
        last = m.end()
    out.append(english[last:].translate(_PSEUDO_MAP))
    letters = sum(ch.isalpha() for ch in protect.sub("", english))
    return "⟦" + "".join(out) + "·" * max(1, round(letters * 0.3)) + "⟧"


_PREFIX = re.compile(r"^(\s*(?:#{1,6}\s+|[*+-]\s+|\d+[.)]\s+|>\s?)*)")


def pseudo_markdown(block: str) -> str:
    """A markdown block in the pseudo-locale: each paragraph, list item and heading wrapped
    as one (its list marker, heading marks and table bars kept as markdown)."""
    if block.lstrip().startswith(("```", "~~~")):
        return block
    units: list[list[str]] = []  # [prefix, text lines…] or [None, a line kept as it is]
    for line in block.split("\n"):
        if not re.search(r"[^\W\d_]", line) or re.fullmatch(r"\s*\|?[\s:|-]+\|?\s*", line):
            units.append([None, line])
        elif line.lstrip().startswith("|"):
            cells = line.split("|")
            units.append([None, "|".join(c if not re.search(r"[^\W\d_]", c) else
                                         " " + pseudo_text(c.strip(), placeholders=False) + " " for c in cells)])
        else:
            prefix = _PREFIX.match(line).group(1)
            if not prefix.strip() and units and units[-1][0] is not None and not units[-1][0].lstrip().startswith("#"):
                units[-1].append(line)  # the paragraph (or list item) goes on
            else:
                units.append([prefix, line[len(prefix):]])
    out = []
    for prefix, *lines in units:
        out.append(lines[0] if prefix is None else prefix + pseudo_text("\n".join(lines), placeholders=False))
    return "\n".join(out)


# --------------------------------------------------------------------------- reading lessons

def source_lessons(root: Path = LESSONS_DIR) -> list[str]:
    """The source lessons, relative to ``root``: the start page, then each game's."""
    found = [p.relative_to(root).as_posix() for p in sorted(root.glob("*.ipynb"))]
    for game in GAMES:
        found += [p.relative_to(root).as_posix() for p in sorted((root / game).glob("[0-9][0-9]_*.ipynb"))]
    return found


def converted_lessons(root: Path = LESSONS_DIR) -> list[str]:
    """The source lessons that make their setup call (their words can be translated)."""
    out = []
    for lesson in source_lessons(root):
        nb = _read(root / lesson)
        if any(code_strings(_source(c))[2] for c in nb["cells"] if c["cell_type"] == "code"):
            out.append(lesson)
    return out


def _read(path: Path) -> dict:
    """A notebook (nbformat 4) as plain JSON: the engine reads no Jupyter package."""
    return json.loads(path.read_text(encoding="utf-8"))


def _source(cell: dict) -> str:
    src = cell.get("source", "")
    return src if isinstance(src, str) else "".join(src)


def _lines(text: str) -> list[str]:
    rows = text.split("\n")
    return [r + "\n" for r in rows[:-1]] + ([rows[-1]] if rows[-1] else [])


def _write_notebook(nb: dict, path: Path) -> None:
    text = json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def markdown_blocks(source: str) -> list[str]:
    """A markdown cell's blocks: the text between blank lines, fenced code kept whole."""
    blocks, current, fence = [], [], None
    for line in source.strip("\n").split("\n"):
        stripped = line.lstrip()
        if fence is None and stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
        elif fence is not None and stripped.startswith(fence):
            fence = None
            current.append(line)
            continue
        if fence is None and not line.strip():
            if current:
                blocks.append("\n".join(current))
                current = []
            continue
        current.append(line)
    if current:
        blocks.append("\n".join(current))
    return blocks


def _translatable(block: str) -> bool:
    return bool(re.search(r"[^\W\d_]{2,}", block)) and not block.lstrip().startswith(("```", "~~~"))


@dataclass
class CodeString:
    """One ``_("…")`` in a code cell."""

    text: str
    cell: str
    line: int
    names: tuple[str, ...] = ()
    plural: Optional[str] = None


@dataclass
class CodeProblem:
    """A code cell that cannot be translated as written."""

    cell: str
    line: int
    what: str


def code_strings(source: str, cell_id: str = "") -> tuple[list[CodeString], list[CodeProblem], int]:
    """The ``_("…")`` strings of a code cell, what is wrong with any other ``_()`` use,
    and how many setup calls the cell makes."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return [], [CodeProblem(cell_id, 0, "not Python (a magic?): its strings cannot be read")], 0
    found, problems, setups = [], [], 0
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Name) and node.func.id == SETUP_NAME:
            setups += 1
        if not (isinstance(node.func, ast.Name) and node.func.id == "_"):
            continue
        if len(node.args) not in (1, 2) or not all(isinstance(a, ast.Constant) and isinstance(a.value, str)
                                                    for a in node.args):
            problems.append(CodeProblem(cell_id, node.lineno, "_() takes one string literal (values as keywords, "
                                                               "not an f-string or a variable), or a singular and a "
                                                               "plural literal with the number as n=…"))
            continue
        names = tuple(k.arg for k in node.keywords if k.arg)
        text = node.args[0].value
        plural = node.args[1].value if len(node.args) == 2 else None
        if plural is not None and "n" not in names:
            problems.append(CodeProblem(cell_id, node.lineno, "_(singular, plural) takes the number that chooses "
                                                               "the form as n=…"))
            continue
        wanted = {m.group(0)[1:-1].split("!")[0].split(":")[0]
                  for m in _PLACEHOLDER.finditer(text + " " + (plural or ""))} if names else set()
        if names and wanted != set(names) and not (plural is not None and set(names) - wanted == {"n"}):
            problems.append(CodeProblem(cell_id, node.lineno, f"_() placeholders {sorted(wanted)} differ from its "
                                                               f"values {sorted(names)}"))
        found.append(CodeString(text, cell_id, node.lineno, names, plural))
    return found, problems, setups


# --------------------------------------------------------------------------- catalogues

def lesson_catalog(path: Path, lesson: str):
    """The template (a Babel catalogue) of one lesson: its markdown blocks (context
    ``<cell id>#<n>``) and its ``_()`` strings (no context)."""
    from babel.messages.catalog import Catalog

    nb = _read(path)
    catalog = Catalog(project="cardkit lessons", domain=domain_of(lesson), fuzzy=False, header_comment=(
        f"# The words of the lesson {lesson}, made by `python -m cardkit.i18n.lessons extract`.\n"
        "# Markdown blocks have the context <cell id>#<block>; keep their markdown, links and\n"
        "# {placeholders} of code strings as they are."))
    for cell in nb["cells"]:
        src = _source(cell)
        if cell["cell_type"] == "markdown":
            for i, block in enumerate(markdown_blocks(src)):
                if _translatable(block):
                    catalog.add(block, context=f"{cell.get('id', '')}#{i}", locations=[(lesson, 0)],
                                auto_comments=["markdown"])
        elif cell["cell_type"] == "code":
            strings, _, _ = code_strings(src, cell.get("id", ""))
            for s in strings:
                old = catalog.get(s.text)
                comments = [f"placeholders: {', '.join(s.names)}"] if s.names else []
                if old is None:
                    catalog.add((s.text, s.plural) if s.plural is not None else s.text, locations=[(lesson, 0)],
                                auto_comments=["code"] + comments)
    return catalog


def _write_po(catalog, path: Path) -> bool:
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=False, include_lineno=False)
    data = b"\n".join(line for line in out.getvalue().split(b"\n")
                      if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date')))
    if path.exists() and path.read_bytes() == data:
        return False
    path.write_bytes(data)
    return True


def _read_po(path: Path, locale: Optional[str] = None):
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=locale)


def extract(root: Path = LESSONS_DIR) -> list[Path]:
    """Write the template ``locale/<domain>.pot`` of every converted lesson; returns those written."""
    written = []
    for lesson in converted_lessons(root):
        pot = root / "locale" / f"{domain_of(lesson)}.pot"
        if _write_po(lesson_catalog(root / lesson, lesson), pot):
            written.append(pot)
    return written


def _lesson_languages(root: Path) -> list[str]:
    base = root / "locale"
    return sorted(p.name for p in base.iterdir() if (p / "LC_MESSAGES").is_dir()) if base.is_dir() else []


def update(languages: Optional[Iterable[str]] = None, root: Path = LESSONS_DIR) -> list[Path]:
    """Each language's catalogue of each lesson brought up to the templates (made if
    missing): new entries untranslated, changed ones fuzzy, gone ones dropped."""
    from babel.messages.catalog import Catalog

    extract(root)
    langs = list(languages) if languages else [l for l in shipped_languages() if l != SOURCE_LANGUAGE]
    done = []
    for lang in langs:
        for lesson in converted_lessons(root):
            domain = domain_of(lesson)
            template = _read_po(root / "locale" / f"{domain}.pot")
            po = root / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
            catalog = _read_po(po, locale=lang) if po.exists() else Catalog(locale=lang, domain=domain, fuzzy=False)
            catalog.update(template, no_fuzzy_matching=False)
            catalog.obsolete.clear()
            if _write_po(catalog, po):
                done.append(po)
    return done


# --------------------------------------------------------------------------- rendering

def _relink(text: str, lang: str, lesson: str = "") -> str:
    """Links to other lessons stay as they are (inside the language's folder); a
    relative link to any other file (a picture) goes back to the source's folder:
    ``img.png`` in ``least_score/x.ipynb`` becomes ``../../least_score/img.png`` in
    ``vi/least_score/x.ipynb``."""
    folder = Path(lesson).parent.as_posix()
    back = "../" * (len(Path(lang).parts) + (0 if folder == "." else len(Path(folder).parts)))
    into = "" if folder == "." else folder + "/"

    def fix(target: str) -> str:
        if re.match(r"^[a-z][a-z0-9+.-]*:|^/|^#", target, re.I):
            return target
        bare = target.split("#")[0].split("?")[0]
        return target if bare.endswith(".ipynb") or not bare else back + into + target

    text = _LINK.sub(lambda m: "](" + fix(m.group(1)) + (m.group(2) or "") + ")", text)
    return _SRC.sub(lambda m: f'{m.group(1)}="{fix(m.group(2))}"', text)


def _block_in(lang: str, block: str, context: str, catalog) -> str:
    if not _translatable(block):
        return block
    if lang == PSEUDO:
        return pseudo_markdown(block)
    if catalog is not None:
        found = catalog.get(block, context=context)
        if found is not None and found.string and not found.fuzzy:
            return found.string
    return block


def _setup_line(lesson: str, lang: str) -> str:
    return (f"from cardkit.i18n.lessons import {SETUP_NAME}\n"
            f"_ = {SETUP_NAME}({lesson[:-len('.ipynb')]!r}, language={lang!r}).text")


def _give_language(source: str, lang: str) -> str:
    """The setup call of a code cell given ``language=lang``."""
    tree = ast.parse(source)
    lines = source.split("\n")
    calls = sorted((n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                    and n.func.id == SETUP_NAME), key=lambda n: (n.end_lineno, n.end_col_offset), reverse=True)
    for call in calls:
        if any(k.arg == "language" for k in call.keywords):
            continue
        row, col = call.end_lineno - 1, call.end_col_offset - 1  # the closing parenthesis
        lines[row] = lines[row][:col] + f", language={lang!r}" + lines[row][col:]
    return "\n".join(lines)


def render_lesson(lesson: str, lang: str, root: Path = LESSONS_DIR, out: Optional[Path] = None,
                  execute: bool = True, timeout: int = 300):
    """Write one lesson's page in ``lang`` (``<out>/<lang>/<lesson>``; ``out`` defaults to
    ``root``) and, unless ``execute=False``, run it and store its outputs."""
    nb = _read(root / lesson)
    po = root / "locale" / lang / "LC_MESSAGES" / f"{domain_of(lesson)}.po"
    catalog = _read_po(po, locale=lang) if lang != PSEUDO and po.exists() else None
    page = copy.deepcopy(nb)
    has_setup = False
    for cell in page["cells"]:
        src = _source(cell)
        if cell["cell_type"] == "markdown":
            blocks = markdown_blocks(src)
            cell["source"] = _lines("\n\n".join(
                _relink(_block_in(lang, b, f"{cell.get('id', '')}#{i}", catalog), lang, lesson)
                for i, b in enumerate(blocks)))
        elif cell["cell_type"] == "code":
            _, _, setups = code_strings(src)
            if setups:
                cell["source"] = _lines(_give_language(src, lang))
                has_setup = True
            cell["outputs"] = []
            cell["execution_count"] = None
            cell.get("metadata", {}).pop("execution", None)
    if not has_setup:  # a lesson not converted yet: its kernel still speaks the language
        page["cells"].insert(0, {"cell_type": "code", "execution_count": None, "id": "ck-language",
                                 "metadata": {}, "outputs": [], "source": _lines(_setup_line(lesson, lang))})
    page["metadata"].pop("widgets", None)
    page["metadata"]["cardkit"] = {"language": lang, "source": lesson}
    target = (out or root) / lang / lesson
    target.parent.mkdir(parents=True, exist_ok=True)
    _write_notebook(page, target)
    if execute:  # as `make lessons` executes the sources (in a process of its own, in the page's folder)
        import subprocess

        subprocess.run([sys.executable, "-m", "nbconvert", "--to", "notebook", "--execute", "--inplace",
                        "--ExecutePreprocessor.store_widget_state=False", "--ExecutePreprocessor.record_timing=False",
                        f"--ExecutePreprocessor.timeout={timeout}", "--log-level=WARN", str(target)],
                       check=True, cwd=str(target.parent))
    return target


def render_all(languages: Optional[Iterable[str]] = None, root: Path = LESSONS_DIR, out: Optional[Path] = None,
               lessons: Optional[Iterable[str]] = None, execute: bool = True) -> list[Path]:
    """Render every source lesson (or those named) for every shipped language but the
    source (or those named); returns the pages written."""
    langs = list(languages) if languages else [l for l in shipped_languages() if l != SOURCE_LANGUAGE]
    if out is None and not languages:
        write_language_table()
    pages = []
    for lang in langs:
        for lesson in lessons or source_lessons(root):
            print(f"rendering {lang}/{lesson}", file=sys.stderr, flush=True)
            pages.append(render_lesson(lesson, lang, root, out, execute=execute))
    return pages


def language_table(languages: Optional[Iterable[str]] = None) -> dict:
    """What the page template's language menu needs, per language (its name in itself,
    the menu's label and the first-visit offer in that language), and the pseudo-locale's."""
    from . import say

    def entry(code: str, name: str) -> dict:
        return {"code": code, "name": name, "label": render(say("lessons.language_menu"), code),
                "offer": render(say("lessons.language_offer", language=name), code),
                "switch": render(say("lessons.language_switch", language=name), code)}

    langs = list(languages) if languages is not None else shipped_languages()
    return {"languages": [entry(code, LANGUAGE_NAMES[code]) for code in langs],
            "pseudo": entry(PSEUDO, pseudo_text("Pseudo-locale", placeholders=False))}


def write_language_table(path: Path = LANGUAGES_JSON) -> Path:
    """Write ``languages.json`` for the page template (the shipped languages)."""
    text = json.dumps(language_table(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- checks

@dataclass
class LessonReport:
    """What keeps the lessons from being shown in a language (or at all)."""

    problems: list[str] = field(default_factory=list)
    entries: int = 0
    translated: int = 0
    words: int = 0

    @property
    def complete(self) -> bool:
        return not self.problems


def _links(text: str) -> list[str]:
    return sorted(m.group(1) for m in _LINK.finditer(text))


def _placeholders_kept(forms: tuple, source: set, plural: bool) -> bool:
    """A translation keeps the English text's placeholders; a plural form may leave out
    the number ``{n}`` ("one game") but no other, and brings none of its own."""
    found = [set(_PLACEHOLDER.findall(form)) for form in forms]
    if not plural:
        return found[0] == source
    return all(f <= source for f in found) and source - {"{n}"} <= set().union(*found)


def check(languages: Optional[Iterable[str]] = None, root: Path = LESSONS_DIR) -> LessonReport:
    """Code strings literal and each converted lesson's template current; and when a
    language other than English is checked (by default: every shipped one), every lesson
    converted (one setup call) and its catalogues complete, links and placeholders kept."""
    report = LessonReport()
    langs = list(languages) if languages is not None else [l for l in shipped_languages() if l != SOURCE_LANGUAGE]
    for lesson in source_lessons(root):
        nb = _read(root / lesson)
        setups = 0
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                _, problems, n = code_strings(_source(cell), cell.get("id", ""))
                setups += n
                report.problems += [f"{lesson} cell {p.cell} line {p.line}: {p.what}" for p in problems]
        if setups > 1 or (langs and setups != 1):
            report.problems.append(f"{lesson}: {setups} setup calls ({SETUP_NAME}(…)); a lesson makes exactly one")
        if not setups:
            continue
        pot = root / "locale" / f"{domain_of(lesson)}.pot"
        fresh = lesson_catalog(root / lesson, lesson)
        if not pot.exists():
            report.problems.append(f"{lesson}: no template {pot.name}: run `python -m cardkit.i18n.lessons extract`")
        else:
            on_disk = {(m.id, m.context) for m in _read_po(pot) if m.id}
            if on_disk != {(m.id, m.context) for m in fresh if m.id}:
                report.problems.append(f"{lesson}: {pot.name} is stale: run `python -m cardkit.i18n.lessons extract`")
        for lang in langs:
            po = root / "locale" / lang / "LC_MESSAGES" / f"{domain_of(lesson)}.po"
            if not po.exists():
                report.problems.append(f"{lang}: no catalogue for {lesson}: run `python -m cardkit.i18n.lessons update`")
                continue
            catalog = _read_po(po, locale=lang)
            for m in fresh:
                if not m.id:
                    continue
                report.entries += 1
                ids = m.id if isinstance(m.id, tuple) else (m.id,)   # (singular, plural) or the text
                found = catalog.get(ids[0], context=m.context)
                forms = () if found is None else found.string if isinstance(found.string, tuple) else (found.string,)
                source_ph = set(_PLACEHOLDER.findall(" ".join(ids)))
                where = f"{lang}/{lesson} {m.context or 'code'}: {ids[0][:50]!r}"
                if found is None or not forms or not all(forms):
                    report.problems.append(f"{where} untranslated")
                elif found.fuzzy:
                    report.problems.append(f"{where} fuzzy")
                elif any(_links(form) != _links(ids[0]) for form in forms):
                    report.problems.append(f"{where} links changed")
                elif m.context is None and not _placeholders_kept(forms, source_ph, plural=len(ids) == 2):
                    report.problems.append(f"{where} placeholders changed")
                else:
                    report.translated += 1
                    report.words += len(re.findall(r"[^\W\d_]+", ids[0]))
    return report


def main(argv: list[str]) -> int:
    """``python -m cardkit.i18n.lessons extract|update [LANG…]|render [LANG…]|check [LANG…]``."""
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    command, rest = argv[0], argv[1:]
    if any(arg in ("-h", "--help") for arg in rest):
        print(__doc__)
        return 0
    known = set(LANGUAGE_NAMES) | {PSEUDO}
    unknown = [arg for arg in rest if arg not in known]
    if unknown:   # a typo must not render a folder named after it
        print(f"not a language code: {', '.join(unknown)} (known: {', '.join(sorted(known))})", file=sys.stderr)
        return 2
    if command == "extract":
        for path in extract():
            print(path)
    elif command == "update":
        for path in update(rest or None):
            print(path)
    elif command == "render":
        for path in render_all(rest or None):
            print(path)
    elif command == "check":
        report = check(rest or None)
        for line in report.problems:
            print(line)
        lessons, done = source_lessons(), converted_lessons()
        waiting = [lesson for lesson in lessons if lesson not in done]
        print(f"{len(done)} of {len(lessons)} lessons converted" + (f" (not yet: {', '.join(waiting)})" if waiting else ""))
        print(f"{report.translated}/{report.entries} entries translated ({report.words} words); "
              f"{len(report.problems)} problems")
        return 0 if report.complete else 1
    else:
        print(f"unknown command {command!r}\n{__doc__}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
