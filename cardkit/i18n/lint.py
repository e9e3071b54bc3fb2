"""Finds learner-facing sentences written outside the catalogue, and code that
decides by reading its own sentences.

``python -m cardkit.i18n lint [PATH…]`` lists them; the test suite fails on any
(``tests/test_one_voice.py``).  What counts as learner-facing text: a string
literal (or the fixed parts of an f-string) that holds two words or more, or one
capitalised word, once placeholders, HTML tags and CSS words are taken out.
Not counted (none of it is read by a learner):

- docstrings, also set as ``f.__doc__ = …`` or ``type(name, bases, {"__doc__": …})``;
- type annotations written as strings (``-> "Combo"``) and ``__repr__`` methods (for the
  programmer at a prompt);
- the keys of a lesson's figures (``figures()``, ``figures = {…}``, ``figures[…] = …``,
  ``figures.update({…})``: ids its tests read from an output's metadata) and a file's
  ``metadata={…}`` fields;
- the text a random generator is seeded with (``Random(f"higher card {seed}")``: a salt);
- CSS font stacks (``"'STIX Two Math', Georgia, serif"``);
- functions marked :func:`machine_text` (strings for programs, such as OpenSpiel's
  observation and information-state strings);
- developer log lines (``log.*``, ``logger.*``, ``logging.*``, ``warnings.warn``), ``help=``
  of a setting or command-line option, and errors meant for programmers (``TypeError``,
  ``NotImplementedError``, traitlets' ``TraitError`` for a page that sends a widget state it
  may not …).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, Optional

__all__ = ["Finding", "is_learner_text", "scan_file", "scan_tree", "machine_text", "PACKAGE_ROOT", "EXEMPT_DIRS"]

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
"""The ``cardkit`` package folder."""

EXEMPT_DIRS = ("i18n",)
"""Folders of the package whose literals are the catalogue itself."""

_CSS_WORDS = {
    "row", "wrap", "nowrap", "column", "center", "auto", "solid", "dashed", "dotted", "none", "flex", "inline",
    "block", "hidden", "visible", "bold", "normal", "italic", "px", "em", "rem", "vh", "vw", "initial", "inherit",
    "left", "right", "top", "bottom", "start", "end", "stretch", "baseline", "space", "between", "around",
    "evenly", "middle", "monospace", "sans", "serif", "pointer", "absolute", "relative", "fixed", "sticky",
    "transparent", "white", "black", "grid", "contents", "flow", "reverse", "ease", "ms", "important",
    "utf", "rgb", "rgba", "var", "calc", "min", "max", "content", "box", "border", "self", "items",
    "justify", "align", "break", "word", "pre", "line", "through", "underline", "smaller", "larger",
    "ltr", "rtl", "inset", "outset", "ridge", "groove", "double", "uppercase", "lowercase",
}
_TECHNICAL = {"True", "False", "None", "Strict", "Lax"}
"""Single words that are values for machines (an environment flag, a cookie's SameSite)."""
_PROGRAMMER_ERRORS = {"TypeError", "AttributeError", "NotImplementedError", "AssertionError", "RuntimeError",
                      "ImportError", "LookupError", "IndexError", "StopIteration", "SystemExit", "OSError",
                      "FileNotFoundError", "FileExistsError", "TraitError"}
_LOG_NAMES = {"log", "logger", "logging", "_log", "warnings"}
_TEXTY = re.compile(r"text|reason|msg|message|sentence|why|note|label|html|status|words|title|caption|line",
                    re.I)
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def is_learner_text(value: str) -> bool:
    """Whether a literal reads as words for a person (not an id, code, CSS or markup)."""
    if re.fullmatch(r"\s*[a-z]+/[\w.+-]+(\s*;\s*[\w-]+=[\w.-]+)*\s*", value):
        return False  # a media type: 'text/html; charset=utf-8'
    if re.fullmatch(r"[\w.{}/-]*/[\w.{}/-]*", value):
        return False  # a path or an address: '/proc/meminfo', 'voila/render/{}'
    if value in _TECHNICAL:
        return False
    if re.fullmatch(r"\s*(?:(?:'[^']*'|\"[^\"]*\"|[\w-]+)\s*,\s*)+(?:serif|sans-serif|monospace|cursive|fantasy|"
                    r"system-ui|math|emoji|ui-\w+)\s*", value):
        return False  # a CSS font stack: "'STIX Two Math', Georgia, serif"
    text = re.sub(r"\{[^{}]*\}", " ", value)
    text = re.sub(r"<[^<>]*>|<[^<>]*$|^[^<>]*>", " ", text)
    text = re.sub(r"&#?\w+;", " ", text)
    text = re.sub(r"[\w-]+\s*=\s*\"[^\"]*\"|[\w-]+\s*=\s*'[^']*'", " ", text)  # attributes
    text = re.sub(r"#[0-9a-fA-F]{3,8}\b", " ", text)
    text = re.sub(r"\b\d+(?:\.\d+)?(?:px|em|rem|%|vh|vw|ms|s|fr)\b", " ", text)
    if re.fullmatch(r"[\s\w\-.#,()%:;!/'\"]*", text) and re.search(r"[\w-]+\s*:\s*[^;]+;", text):
        return False  # a CSS declaration list
    tokens = [t for t in re.split(r"[\s,;:!?()\[\]/|+=*\"—–·…]+", text) if t]
    words = [t for t in tokens if _WORD.fullmatch(t.strip(".'’")) and len(t.strip(".'’")) >= 2]
    words = [w for w in words if w.strip(".'’").lower() not in _CSS_WORDS]
    if len(words) >= 2:
        return True
    if len(words) == 1 and len(tokens) <= 2:
        w = words[0].strip(".'’")
        return len(w) >= 3 and w[0].isupper() and w[1:].islower()
    return False


def machine_text(func):
    """Mark a function whose strings are read by programs, never by a learner — OpenSpiel's
    observation and information-state strings, which search and learning algorithms use as
    keys (so they must read the same in every language), and a state's dump for debugging.
    It changes nothing at run time; the scan skips the function's literals, and a reviewer
    sees at a glance which text was kept out of the catalogue on purpose."""
    return func


@dataclass(frozen=True)
class Finding:
    """One place: a learner-facing literal, or code that reads its own sentences."""

    path: str
    line: int
    kind: str  # 'literal' or 'parses'
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.kind}: {self.text[:90]!r}"


def _docstring_nodes(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                ids.add(id(body[0].value))
        # attribute docstrings: a string statement right after an assignment
        if hasattr(node, "body") and isinstance(getattr(node, "body"), list):
            for prev, cur in zip(node.body, node.body[1:]):
                if isinstance(cur, ast.Expr) and isinstance(cur.value, ast.Constant) \
                        and isinstance(cur.value.value, str) and isinstance(prev, (ast.Assign, ast.AnnAssign)):
                    ids.add(id(cur.value))
    return ids


def _call_name(func: ast.AST) -> tuple[str, str]:
    """(the first name, the last attribute) of a call's function: ``self.log.warning`` → ('self', 'warning')."""
    parts = []
    while isinstance(func, ast.Attribute):
        parts.append(func.attr)
        func = func.value
    if isinstance(func, ast.Name):
        parts.append(func.id)
    parts.reverse()
    return (parts[0] if parts else "", parts[-1] if parts else "")


def _is_figures(node: ast.AST) -> bool:
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return name in ("figures", "figs")


def _figure_assignments(node: ast.AST) -> Iterator[tuple[ast.AST, ast.AST]]:
    """(target, value) of ``figures = {...}``, ``figures["key"] = …`` and ``f(figures={...})``."""
    if isinstance(node, (ast.Assign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for t in targets:
            if _is_figures(t) or (isinstance(t, ast.Subscript) and _is_figures(t.value)):
                yield t, node.value
    if isinstance(node, ast.Call):
        for kw in node.keywords:
            if kw.arg == "figures":
                yield kw, kw.value
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr in ("update", "setdefault") and _is_figures(f.value) and node.args:
            yield f, node.args[0]


def _exempt_nodes(tree: ast.AST) -> set[int]:
    ids = _docstring_nodes(tree)

    def mark(node: ast.AST) -> None:
        for sub in ast.walk(node):
            ids.add(id(sub))

    for node in ast.walk(tree):
        # type annotations written as strings ('"Combo"') name classes, not words for a learner
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args
            for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
                if arg is not None and arg.annotation is not None:
                    mark(arg.annotation)
            if node.returns is not None:
                mark(node.returns)
        if isinstance(node, ast.AnnAssign):
            mark(node.annotation)
        # figures are the numbers a lesson's tests read from an output's metadata, by key:
        # ids, never shown ('win rate', 'pair exact' …)
        if isinstance(node, ast.FunctionDef) and node.name == "figures":
            mark(node)
        for target, value in _figure_assignments(node):
            if isinstance(value, ast.Dict):
                for key in value.keys:
                    if key is not None:
                        mark(key)
            elif isinstance(value, ast.DictComp):
                mark(value.key)
            elif isinstance(target, ast.Subscript):
                mark(target.slice)
            elif isinstance(target, ast.Attribute) and target.attr == "setdefault":
                mark(value)
        # the text a random generator is seeded with is a salt, not words: Random(f"higher card {seed}")
        if isinstance(node, ast.Call) and _call_name(node.func)[1] in ("Random", "seed") and node.args:
            mark(node.args[0])
        # functions marked @machine_text: strings for programs (OpenSpiel's observation strings)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                _call_name(d)[1] == "machine_text" for d in node.decorator_list):
            mark(node)
        # a class's docstring given to type(): {"__doc__": "…"}
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if isinstance(key, ast.Constant) and key.value == "__doc__":
                    mark(value)
        # a __repr__ is written for the programmer at a prompt, not for a learner's page
        if isinstance(node, ast.FunctionDef) and node.name == "__repr__":
            mark(node)
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                mark(node.value)  # names a module exports
            if any(isinstance(t, ast.Attribute) and t.attr == "__doc__" for t in targets):
                mark(node.value)  # a docstring set by assignment (a function made at run time)
        if isinstance(node, ast.Call):
            chain = []
            f = node.func
            while isinstance(f, ast.Attribute):
                chain.append(f.attr)
                f = f.value
            if isinstance(f, ast.Name):
                chain.append(f.id)
            if set(chain) & _LOG_NAMES:
                mark(node)
            for kw in node.keywords:
                if kw.arg == "help":
                    mark(kw.value)
                if kw.arg == "metadata" and isinstance(kw.value, ast.Dict):
                    for key in kw.value.keys:   # a file's metadata fields: savefig(metadata={"Software": None})
                        if key is not None:
                            mark(key)
        if isinstance(node, ast.Raise) and node.exc is not None:
            exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            name = exc.id if isinstance(exc, ast.Name) else exc.attr if isinstance(exc, ast.Attribute) else ""
            if name in _PROGRAMMER_ERRORS:
                mark(node.exc)
    return ids


def _joined(node: ast.JoinedStr) -> str:
    out = []
    for part in node.values:
        if isinstance(part, ast.Constant) and isinstance(part.value, str):
            out.append(part.value)
        else:
            out.append("{}")
    return "".join(out)


def _receiver_texty(node: ast.AST) -> bool:
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    if isinstance(node, ast.Call):
        return _receiver_texty(node.func)
    return bool(name) and bool(_TEXTY.search(name))


def scan_source(source: str, path: str = "<string>") -> list[Finding]:
    """Every finding in one module's source."""
    tree = ast.parse(source)
    exempt = _exempt_nodes(tree)
    found: list[Finding] = []
    inside_joined: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            for part in node.values:
                inside_joined.add(id(part))
            if id(node) not in exempt and is_learner_text(_joined(node)):
                found.append(Finding(path, node.lineno, "literal", _joined(node)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in exempt or id(node) in inside_joined:
                continue
            if is_learner_text(node.value):
                found.append(Finding(path, node.lineno, "literal", node.value))
        # code that takes sentences apart or compares them
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                "split", "rsplit", "partition", "rpartition", "startswith", "endswith", "find", "index"):
            args = [a for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if args and _receiver_texty(node.func.value) and any(re.search(r"[.:;!?—]|\s", a.value) for a in args):
                found.append(Finding(path, node.lineno, "parses", ast.unparse(node)[:120]))
        if isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn, ast.Eq, ast.NotEq))
                                                 for op in node.ops):
            sides = [node.left, *node.comparators]
            literal = [s for s in sides if isinstance(s, ast.Constant) and isinstance(s.value, str)
                       and re.search(r"[^\W\d_]{2,}[^\w-]+[^\W\d_]{2,}", s.value)]
            if literal and any(_receiver_texty(s) for s in sides if s not in literal):
                found.append(Finding(path, node.lineno, "parses", ast.unparse(node)[:120]))
    return sorted(found, key=lambda f: (f.line, f.kind))


def scan_file(path: Path, root: Optional[Path] = None) -> list[Finding]:
    """Every finding in one file."""
    rel = str(path.relative_to(root)) if root else str(path)
    return scan_source(path.read_text(encoding="utf-8"), rel)


def package_files(root: Path = PACKAGE_ROOT) -> Iterator[Path]:
    """The package's modules that may hold no learner-facing literal."""
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[0] in EXEMPT_DIRS or "__pycache__" in rel.parts:
            continue
        yield path


def scan_tree(root: Path = PACKAGE_ROOT, paths: Optional[Iterable[Path]] = None) -> list[Finding]:
    """Every finding in the package (or in ``paths``)."""
    out: list[Finding] = []
    for path in paths or package_files(root):
        out.extend(scan_file(path, root.parent))
    return out


def scan_paths(names: Iterable[str]) -> list[Finding]:
    """Every finding in the files and folders named (a folder: its ``.py`` files, at any depth),
    each placed by the path as given: what ``python -m cardkit.i18n lint PATH…`` lists."""
    out: list[Finding] = []
    for name in names:
        path = Path(name)
        for f in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            out.extend(scan_file(f))
    return out
