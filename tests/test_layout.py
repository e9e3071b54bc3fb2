"""How the code is laid out: imports run one way, privates stay private, the engine
knows no screen.

These read the source of every module under ``cardkit/`` that is on disk (the engine,
``widgets/``, and ``classroom/`` and ``app/`` when they exist), so a new module is
checked as soon as it is written.
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "cardkit"
FRONT_END = ("widgets", "classroom", "app")
# Optional layers above the engine: OpenSpiel / PettingZoo adapters (numpy, pyspiel).
OPTIONAL = ("adapters",)
"""The folders of what a learner sees; everything else in cardkit is the engine."""
SCREEN_PACKAGES = ("ipywidgets", "IPython", "matplotlib", "voila", "anywidget", "jupyter", "ipykernel",
                   "traitlets", "nbformat")


def module_files() -> dict[str, Path]:
    """Every cardkit module on disk, by its dotted name."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = module_files()
ENGINE = sorted(name for name in MODULES if (name.split(".") + [""])[1] not in FRONT_END + OPTIONAL)


def imports_of(name: str):
    """``(imported module, names taken from it, line)`` for every import in a module,
    at the top or inside a function; relative imports are resolved."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, (), node.lineno, {alias.asname or alias.name.split(".")[0]: alias.name}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            yield target, tuple(a.name for a in node.names), node.lineno, {
                a.asname or a.name: f"{target}.{a.name}" for a in node.names}


def cardkit_edges(name: str) -> set[str]:
    """The cardkit modules a module imports."""
    out = set()
    for target, names, _, _ in imports_of(name):
        if not target.startswith("cardkit"):
            continue
        subs = [f"{target}.{n}" for n in names if f"{target}.{n}" in MODULES]
        out.update(subs)
        if len(subs) < len(names) or not names:
            out.add(target)
    return {m for m in out if m in MODULES and m != name}


def find_cycles() -> list[list[str]]:
    """Every import circle among cardkit modules (each found once, as a list)."""
    graph = {name: cardkit_edges(name) for name in MODULES}
    seen_cycles: set[frozenset] = set()
    cycles = []
    for start in graph:
        stack = [(start, [start])]
        while stack:
            node, path = stack.pop()
            for nxt in graph[node]:
                if nxt == start:
                    key = frozenset(path)
                    if key not in seen_cycles:
                        seen_cycles.add(key)
                        cycles.append(path + [start])
                elif nxt not in path and nxt > start:  # each circle is walked from its smallest name
                    stack.append((nxt, path + [nxt]))
    return cycles


def private_imports(name: str) -> list[str]:
    """Private names (``_x``) this module takes from another cardkit module: imported
    by name, or read as an attribute of an imported module."""
    found = []
    modules_bound = {}
    for target, names, line, bound in imports_of(name):
        if not target.startswith("cardkit"):
            continue
        for n in names:
            if f"{target}.{n}" in MODULES:
                modules_bound[n] = f"{target}.{n}"
            elif n.startswith("_") and not n.startswith("__") and target != name:
                found.append(f"{name}:{line} imports {n} from {target}")
        if not names:  # import cardkit.x as y
            modules_bound.update({k: v for k, v in bound.items() if v in MODULES})
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in modules_bound and node.attr.startswith("_")
                and not node.attr.startswith("__")):
            found.append(f"{name}:{node.lineno} reads {modules_bound[node.value.id]}.{node.attr}")
    return found


def test_the_layout_finds_the_packages():
    assert {"cardkit", "cardkit.cards", "cardkit.game", "cardkit.least_score.game",
            "cardkit.tienlen.rules"} <= set(MODULES)
    for game in ("least_score", "tienlen"):     # the same file names in each game
        assert {f"cardkit.{game}.{part}" for part in ("rules", "game", "bots", "strong")} <= set(MODULES)


def test_no_import_circles():
    assert find_cycles() == []


def test_the_circle_finder_finds_a_circle(tmp_path, monkeypatch):
    # the check itself can fail: two modules importing each other are reported
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("from .b import x\n")
    b.write_text("def f():\n    from . import a\n")
    monkeypatch.setitem(MODULES, "cardkit.a", a)
    monkeypatch.setitem(MODULES, "cardkit.b", b)
    assert sorted(map(sorted, find_cycles())) == [["cardkit.a", "cardkit.a", "cardkit.b"]]


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_private_name_is_imported_from_another_module(name):
    assert private_imports(name) == []


def test_the_private_check_sees_both_forms(tmp_path, monkeypatch):
    m = tmp_path / "m.py"
    m.write_text("from .cards import _parse_token\nfrom . import odds\nodds._VALUE\n")
    monkeypatch.setitem(MODULES, "cardkit.m", m)
    assert len(private_imports("cardkit.m")) == 2


@pytest.mark.parametrize("name", ENGINE)
def test_the_engine_imports_no_screen_package(name):
    screen = [f"{name}:{line} imports {target}" for target, _, line, _ in imports_of(name)
              if target.split(".")[0] in SCREEN_PACKAGES]
    assert screen == []


def test_importing_the_engine_loads_no_screen_package_and_no_numpy_for_the_games():
    engine = [n for n in ENGINE if n not in ("cardkit.odds", "cardkit.simulate")]
    code = (
        "import importlib, sys\n"
        f"for name in {engine!r}: importlib.import_module(name)\n"
        "from cardkit import least_score, tienlen\n"
        "from cardkit.game import play_out\n"
        "from cardkit.tournament import tournament\n"
        "tournament('tienlen', ['greedy', 'random'], matches=2, seed=1, workers=0, progress=False)\n"
        "play_out(least_score.new_game(seed=1), [least_score.BOTS['greedy']] * 4)\n"
        f"loaded = sorted({{m.split('.')[0] for m in sys.modules}} & set({SCREEN_PACKAGES + ('numpy',)!r}))\n"
        "print(loaded)\n"
        "import cardkit.odds, cardkit.simulate\n"
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({SCREEN_PACKAGES!r})))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["[]", "[]"], out
