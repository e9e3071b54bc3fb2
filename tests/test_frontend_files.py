"""The widgets' browser code is real .js/.css files, read by anywidget, shipped in the wheel."""

import importlib.resources
import pathlib
import re
import subprocess
import sys
import zipfile

import pytest

from cardkit import svg
from cardkit.classroom import Quiz
from cardkit.classroom.quiz import STATIC as CLASSROOM_STATIC
from cardkit.widgets import CardRow, EventLog, Hand, StatusMessage
from cardkit.widgets.frontend import FONT_STACK, STATIC, stylesheet

ROOT = pathlib.Path(__file__).resolve().parents[1]

# widget class -> (its ES module, its own stylesheet)
WIDGETS = {
    Hand: (STATIC / "cards.js", STATIC / "cards.css"),
    CardRow: (STATIC / "cards.js", STATIC / "cards.css"),
    StatusMessage: (STATIC / "status.js", STATIC / "messages.css"),
    EventLog: (STATIC / "log.js", STATIC / "messages.css"),
    Quiz: (CLASSROOM_STATIC / "quiz.js", CLASSROOM_STATIC / "quiz.css"),
}
STATIC_FILES = sorted([*STATIC.iterdir(), *CLASSROOM_STATIC.iterdir()])


def _instance(cls):
    if cls is Quiz:
        return Quiz("Which?", ["a", "b"], answer="a")
    if cls in (Hand, CardRow):
        return cls("AS 2C")
    return cls()


@pytest.mark.parametrize("cls", list(WIDGETS), ids=lambda c: c.__name__)
def test_each_widget_s_files_are_sent_once_by_the_assets(cls):
    from cardkit.widgets.frontend import LOADER, assets

    esm, css = WIDGETS[cls]
    widget = _instance(cls)
    # the widget sends only the small stub, naming its module; no stylesheet of its own
    assert widget._esm == LOADER.read_text(encoding="utf-8") and widget._css == ""
    assert len(widget._esm) < 1200
    shared = assets()
    assert shared.modules[widget._module] == esm.read_text(encoding="utf-8")
    assert "export default" in shared.modules[widget._module]
    base = (STATIC / "base.css").read_text(encoding="utf-8")
    assert shared.styles.startswith(f":root {{ --ck-font: {FONT_STACK}; }}")
    assert base in shared.styles and css.read_text(encoding="utf-8") in shared.styles
    assert shared.styles.count(base) == 1


def test_the_card_widgets_share_one_module():
    assert Hand("AS")._module == CardRow("2C")._module == Hand(count=3, face_down=True)._module == "cards"


def test_one_assets_widget_per_kernel():
    from cardkit.widgets.frontend import assets

    first = assets()
    Hand("AS"), CardRow("2C"), StatusMessage()
    assert assets() is first


def test_no_file_is_watched_outside_development(monkeypatch):
    # anywidget reloads a file in the page only with ANYWIDGET_HMR=1 (and watchfiles);
    # the suite, like the web app, runs without it.
    assert "ANYWIDGET_HMR" not in __import__("os").environ
    from cardkit.widgets.frontend import _Assets

    for cls in [*WIDGETS, _Assets]:
        contents = cls._esm
        assert getattr(contents, "_background_thread", None) is None, cls.__name__


def test_the_font_stack_is_written_once():
    assert FONT_STACK is svg.FONT_STACK                     # the card pictures' own
    assert FONT_STACK.startswith("system-ui") and FONT_STACK.endswith("sans-serif")
    for path in STATIC_FILES:
        if path.suffix == ".css":
            text = path.read_text(encoding="utf-8")
            assert "--ck-font:" not in text, path.name        # set once, by stylesheet()
            families = re.findall(r"font-family:\s*([^;}]+)", text)
            assert all(f.strip() == "var(--ck-font)" for f in families), path.name
    # no other module writes a font stack of its own
    for path in (ROOT / "cardkit").rglob("*.py"):
        if path.name != "svg.py":
            assert "'Segoe UI'" not in path.read_text(encoding="utf-8"), path.relative_to(ROOT)


def test_no_browser_code_in_python_strings():
    for path in (ROOT / "cardkit").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "export default" not in text and "model.on(" not in text, path.relative_to(ROOT)


def test_stylesheet_puts_the_base_first():
    text = stylesheet(CLASSROOM_STATIC / "quiz.css")
    assert text.index("--ck-font:") < text.index(".ck-sr {") < text.index(".ck-quiz {")
    assert text.count(".ck-sr {") == 1


def test_the_installed_package_finds_its_files():
    for package, folder in (("cardkit.widgets", STATIC), ("cardkit.classroom", CLASSROOM_STATIC)):
        root = importlib.resources.files(package) / "static"
        for path in folder.iterdir():
            assert (root / path.name).is_file(), f"{package}: static/{path.name}"


def test_pyproject_ships_every_browser_file():
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    for path in STATIC_FILES:
        package = ".".join(path.parent.parent.relative_to(ROOT).parts)
        rel = path.relative_to(path.parent.parent).as_posix()
        assert any(pathlib.PurePosixPath(rel).match(g) for g in data.get(package, [])), rel


@pytest.mark.slow
def test_the_wheel_holds_the_browser_files(tmp_path):
    """Build the wheel as pip would and look inside (about 20 s)."""
    out = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path),
                          str(ROOT)], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    (wheel,) = tmp_path.glob("cardkit-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in STATIC_FILES:
        assert path.relative_to(ROOT).as_posix() in names
    assert "cardkit/widgets/frontend.py" in names and "cardkit/app/kernels.py" in names
