"""How the front end is laid out: which way imports run, and numpy / matplotlib loaded only where they are needed.

    lessons -> cardkit.classroom -> cardkit.widgets -> the engine (cardkit/*), cardkit.app beside
"""

from __future__ import annotations

import ast
import json
import pathlib
import subprocess
import sys

import nbformat
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
CARDKIT = ROOT / "cardkit"
FRONT = ("widgets", "classroom", "app")
HEAVY = ("numpy", "matplotlib")


def _layer(path: pathlib.Path) -> str:
    top = path.relative_to(CARDKIT).parts[0]
    return top if top in FRONT else "engine"


def _imports(path: pathlib.Path):
    """(module imported, names imported, line) for every import in the file, with
    relative imports resolved to absolute module names."""
    package = ".".join(("cardkit",) + path.relative_to(CARDKIT).parent.parts)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name, [], node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            yield module, [a.name for a in node.names], node.lineno


def _targets(module: str, names: list[str]) -> set[str]:
    """The cardkit layers an import reaches ('from cardkit import widgets' reaches widgets)."""
    found = set()
    for full in [module] + [f"{module}.{n}" for n in names]:
        parts = full.split(".")
        if parts[0] == "cardkit":
            found.add(parts[1] if len(parts) > 1 and parts[1] in FRONT else "engine")
    return found


ALLOWED = {"engine": {"engine"}, "widgets": {"engine", "widgets"},
           "classroom": {"engine", "widgets", "classroom"}, "app": {"engine", "app"}}


@pytest.mark.parametrize("path", sorted(CARDKIT.rglob("*.py")), ids=lambda p: str(p.relative_to(CARDKIT)))
def test_imports_run_one_way(path):
    layer = _layer(path)
    for module, names, line in _imports(path):
        bad = _targets(module, names) - ALLOWED[layer]
        assert not bad, f"{path.relative_to(ROOT)}:{line}: the {layer} imports {module} ({', '.join(bad)})"


# No private names across modules: tests/test_layout.py checks the whole package.


# --- numpy and matplotlib only where they are needed -------------------------------

def _loaded_after(code: str) -> dict[str, bool]:
    """Run ``code`` in a fresh Python and say which heavy packages it loaded."""
    probe = code + f"\nimport json, sys\nprint(json.dumps({{m: m in sys.modules for m in {HEAVY!r}}}))\n"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_widgets_quizzes_and_app_load_without_numpy_or_matplotlib():
    loaded = _loaded_after(
        "import cardkit.widgets, cardkit.classroom, cardkit.classroom.quiz, cardkit.classroom.numbers\n"
        "import cardkit.classroom.least_score, cardkit.classroom.tienlen, cardkit.app.urlparams\n"
        "from cardkit.widgets import Hand, LeastScoreTable, TienLenTable, LeastScoreChecker\n"
        "from cardkit.classroom import Quiz, NumberQuiz, CardQuiz, Scoreboard, formula, objectives\n"
        "Hand('AS 2C'); LeastScoreTable(delay=0, seed=1); TienLenTable(delay=0, seed=1)\n"
        "LeastScoreChecker('AC 2D 3S 9H 9C'); Scoreboard(Quiz('q?', ['a', 'b'], answer='a'), NumberQuiz('n?', '1/4'))\n"
    )
    assert loaded == {m: False for m in HEAVY}


def test_the_plots_do_load_them():   # the check above can fail
    assert _loaded_after("import cardkit.classroom.plots") == {m: True for m in HEAVY}


# A lesson "draws a plot" when it stores a PNG (an image/png output, or an <img> in HTML), or shows
# the strategy builder (whose plot is drawn inside the widget).  Every other lesson must run without
# numpy and matplotlib.
LESSONS = sorted([*ROOT.glob("lessons/*.ipynb"), *ROOT.glob("lessons/least_score/*.ipynb"), *ROOT.glob("lessons/tien_len/*.ipynb")])
PLOT_LESSONS = [p for p in LESSONS if any(s in (text := p.read_text(encoding="utf-8"))
                                          for s in ('"image/png"', 'data:image/png;base64'))
                or "StrategyBuilder(" in text]

RUN_CELLS = r'''
import ast, linecache, sys
cells = {cells!r}
ns = {{}}
def show(obj):
    if hasattr(obj, "_repr_mimebundle_"):
        obj._repr_mimebundle_()
    else:
        repr(obj)
ns["display"] = lambda *objs, **kwargs: [show(o) for o in objs]
for i, source in enumerate(cells):
    name = f"<cell {{i}}>"   # kept in linecache, as IPython does, so that inspect finds a cell's code
    linecache.cache[name] = (len(source), None, source.splitlines(True), name)
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, name, "exec"), ns)
    if last is not None:
        value = eval(compile(ast.Expression(last.value), name, "eval"), ns)
        if value is not None:
            show(value)
'''


def _lesson_params():
    for path in LESSONS:
        if path in PLOT_LESSONS:
            continue
        name = path.relative_to(ROOT / "lessons").as_posix()
        yield pytest.param(path, id=name)


def test_the_plot_lessons_are_the_probability_and_strategy_ones():
    names = {p.relative_to(ROOT / "lessons").as_posix() for p in PLOT_LESSONS}
    assert names == {"least_score/05_probability.ipynb", "least_score/06_strategy.ipynb",
                     "tien_len/04_probability.ipynb", "tien_len/05_strategy.ipynb"}


@pytest.mark.parametrize("path", list(_lesson_params()))
def test_a_lesson_without_a_plot_runs_without_numpy_or_matplotlib(path):
    cells = [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]
    assert _loaded_after(RUN_CELLS.format(cells=cells)) == {m: False for m in HEAVY}
