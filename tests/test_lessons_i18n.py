"""Lessons in every language from one source notebook (issue 17, lesson prose).

- the per-lesson templates match the lessons, and every ``_()`` takes a literal;
- markdown is cut into blocks and the pseudo-locale keeps markdown working;
- a throw-away language (Vietnamese's code, in a temp folder, with made-up words) goes the
  whole way: catalogues made, refused while untranslated or with a link changed, then a
  page rendered and executed whose prose *and* code strings are in that language;
- ``languages.json`` (the page template's menu) matches the catalogues; ``make app LANG=``
  passes only a LANG given to make;
- every converted lesson passes the toolkit no English of its own outside ``_()`` (an AST
  scan of its code cells: a string of two or more words, or any words given as a title,
  question, hint … is learner-facing; card codes, ids and ``figures=`` labels are not).
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cardkit.errors import OptionError
from cardkit.i18n import PSEUDO, current_locale, set_locale, shipped_languages
from cardkit.i18n import lessons as L

ROOT = Path(__file__).resolve().parents[1]
PILOT = ["least_score/01_cards_and_values.ipynb", "least_score/02_legal_discards.ipynb",
         "tien_len/01_card_order.ipynb", "tien_len/02_combinations.ipynb"]
CONVERTED = ["00_start_here.ipynb", *PILOT, "least_score/07_play_a_match.ipynb",
             "tien_len/06_play_a_game.ipynb", "least_score/03_a_turn.ipynb",
             "tien_len/03_beating_and_bombs.ipynb",
             "least_score/04_declaring_and_scoring.ipynb",
             "tien_len/04_probability.ipynb",
             "least_score/05_probability.ipynb",
             "least_score/06_strategy.ipynb",
             "tien_len/05_strategy.ipynb"]
"""The lessons whose code is converted (each one added as it is converted)."""
TEN_MINUTE = {"least_score/00_ten_minute_start.ipynb", "tien_len/00_ten_minute_start.ipynb"}
"""Converted (and shortened) apart; once one makes its setup call, the scan below checks it too."""


@pytest.fixture(autouse=True)
def _keep_locale():
    before = current_locale()
    yield
    set_locale(before)


def test_templates_are_current_and_code_strings_literal():
    report = L.check([])
    assert report.complete, "\n".join(report.problems)
    assert set(CONVERTED) <= set(L.converted_lessons())


_CARD_CODES = re.compile(r"\b(?:10|[2-9AJQK])[SHDC♠♣♦♥]\b")
_WORDS_KEYWORDS = {"title", "caption", "question", "explain", "hint", "placeholder_help", "label", "text", "alt"}


def bare_english(source: str) -> list[tuple[int, str]]:
    """The string literals of a code cell that a learner would read in English: outside
    ``_()``, not a docstring, a ``figures=`` label or a subscript's key, and either two words or more
    (apart by a space: a code such as ``'classroom_games.comma_join'`` is one), or any
    words given to a keyword that shows them (``title=``, ``hint=`` …)."""
    tree = ast.parse(source)
    skip: set[int] = set()
    shown: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and node.func.id == "_":
                skip |= {id(n) for a in node.args for n in ast.walk(a)}
            for k in node.keywords:
                if k.arg == "figures":
                    skip |= {id(n) for n in ast.walk(k.value)}
                elif k.arg in _WORDS_KEYWORDS:
                    shown |= {id(n) for n in ast.walk(k.value)}
        elif isinstance(node, ast.Subscript):
            skip |= {id(n) for n in ast.walk(node.slice)}
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):   # a docstring
            skip.add(id(node.value))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            rest = _CARD_CODES.sub(" ", node.value)
            if re.search(r"[^\W\d_]{2,}\W*\s\W*[^\W\d_]{2,}", rest) or (id(node) in shown and re.search(r"[^\W\d_]{2,}", rest)):
                found.append((node.lineno, node.value))
    return sorted(found)


def test_the_bare_english_scan_sees_unwrapped_words():
    src = ("def f():\n    'A docstring for developers.'\n"
           "q = Quiz(f'Your hand totals {n}.', {'KS KH': _('A pair.'), 'greedy': None}, answer=0, title='Result')\n"
           "note(_('{x} points', x=counts['two words']), title=_('Wrapped'))\n"
           "summary([_('Done.')], figures={'deal code': 1}); joined(xs, 'classroom_games.comma_join')\n")
    assert bare_english(src) == [(3, "Result"), (3, "Your hand totals ")]


def test_every_lesson_is_converted():
    lessons = set(L.source_lessons())
    assert set(CONVERTED) | TEN_MINUTE == lessons, "a lesson was added or renamed: list it here"
    assert not set(CONVERTED) - set(L.converted_lessons())


@pytest.mark.parametrize("lesson", sorted(set(CONVERTED) | set(L.converted_lessons())))
def test_a_converted_lesson_passes_the_toolkit_no_english_of_its_own(lesson):
    nb = json.loads((ROOT / "lessons" / lesson).read_text(encoding="utf-8"))
    found = [(cell.get("id"), line, text) for cell in nb["cells"] if cell["cell_type"] == "code"
             for line, text in bare_english("".join(cell["source"]))]
    assert not found, f"{lesson}: wrap these in _() (values as keywords): {found}"


def test_the_check_sees_a_stale_template_and_an_fstring(tmp_path):
    root = _copy_lessons(tmp_path, ["least_score/01_cards_and_values.ipynb"])
    nb = json.loads((root / PILOT[0]).read_text())
    cell = next(c for c in nb["cells"] if c["cell_type"] == "markdown")
    cell["source"] = ["# A new title\n"]
    code = next(c for c in nb["cells"] if c["cell_type"] == "code" and "Quiz(" in "".join(c["source"]))
    code["source"] = ["x = _(f'{1} cards')\n"] + code["source"]
    (root / PILOT[0]).write_text(json.dumps(nb))
    problems = "\n".join(L.check([], root=root).problems)
    assert "is stale" in problems and "one string literal" in problems


def test_markdown_blocks_keep_fenced_code_whole():
    src = "# Title\n\nOne line\nand two.\n\n```\ncode\n\nmore code\n```\n\n* a\n* b"
    assert L.markdown_blocks(src) == ["# Title", "One line\nand two.", "```\ncode\n\nmore code\n```", "* a\n* b"]


def test_pseudo_markdown_keeps_markup_links_and_code():
    block = "## 1. The pack\n* an **ace** is worth `1`, see [Lesson 2](02_legal_discards.ipynb)"
    out = L.pseudo_markdown(block).split("\n")
    assert out[0].startswith("## 1. ⟦") and out[0].endswith("⟧")
    assert out[1].startswith("* ⟦") and "](02_legal_discards.ipynb)" in out[1] and "`1`" in out[1]
    assert "The" not in out[0] and "ace" not in out[1]
    assert L.pseudo_markdown("| a | b |\n|---|---|\n| one | two |").split("\n")[1] == "|---|---|"


def test_links_stay_in_the_language_and_pictures_point_back():
    text = "[next](02_x.ipynb) [all](../00_start_here.ipynb#top) ![a](img/a.png) [w](https://x.org) <img src=\"b.svg\">"
    out = L._relink(text, "vi", "least_score/01_x.ipynb")
    assert "](02_x.ipynb)" in out and "](../00_start_here.ipynb#top)" in out and "](https://x.org)" in out
    assert "](../../least_score/img/a.png)" in out and 'src="../../least_score/b.svg"' in out
    assert "](../img/a.png)" in L._relink("![a](img/a.png)", "vi", "00_start_here.ipynb")


def test_lesson_text_in_english_and_the_pseudo_locale():
    words = L.begin_lesson("least_score/01_cards_and_values")
    assert current_locale() == "en"
    assert words.text("A 2 is worth {value}.", value=2) == "A 2 is worth 2."
    assert words.text("It's {x}", x=object.__new__(_Shown)) == "It's shown"   # a toolkit object: its own text
    pseudo = L.begin_lesson("least_score/01_cards_and_values", language=PSEUDO)
    assert current_locale() == PSEUDO
    out = pseudo.text("A 2 is worth {value}.", value=1234)
    assert out.startswith("⟦Å 2 îs wörth ") and "1,234" in out and out.endswith("⟧")


class _Shown:
    def __str__(self) -> str:
        return "shown"


def _copy_lessons(tmp_path: Path, lessons: list[str]) -> Path:
    root = tmp_path / "lessons"
    for lesson in lessons:
        (root / lesson).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "lessons" / lesson, root / lesson)
    L.extract(root)
    return root


def _translate(po: Path, change_link: bool = False) -> None:
    """Made-up words of the throw-away language: 'VI ' before every block's and string's text."""
    from babel.messages.pofile import read_po, write_po

    with po.open("rb") as f:
        catalog = read_po(f)
    for m in catalog:
        if not m.id:
            continue
        prefix = re.match(r"^(\s*(?:#{1,6}\s+|[*+-]\s+|\d+[.)]\s+)*)", m.id).group(1)
        m.string = prefix + "VI " + m.id[len(prefix):]
        if change_link:
            m.string = m.string.replace("](02_legal_discards.ipynb)", "](elsewhere.ipynb)")
    with po.open("wb") as f:
        write_po(f, catalog)


def test_a_throw_away_language_goes_the_whole_way(tmp_path):
    lesson = "least_score/01_cards_and_values.ipynb"
    root = _copy_lessons(tmp_path, [lesson])
    [po] = L.update(["vi"], root=root)
    assert po == root / "locale" / "vi" / "LC_MESSAGES" / "least_score.01_cards_and_values.po"
    untranslated = L.check(["vi"], root=root)
    assert untranslated.problems and all("untranslated" in p for p in untranslated.problems)

    _translate(po, change_link=True)
    assert any("links changed" in p for p in L.check(["vi"], root=root).problems)
    _translate(po)
    report = L.check(["vi"], root=root)
    assert report.complete, report.problems
    assert report.translated == report.entries > 30

    page = L.render_lesson(lesson, "vi", root=root)
    assert page == root / "vi" / lesson
    nb = json.loads(page.read_text())
    assert nb["metadata"]["cardkit"] == {"language": "vi", "source": lesson}
    md = [("".join(c["source"])) for c in nb["cells"] if c["cell_type"] == "markdown"]
    assert md[0].startswith("# VI Least Score 1")
    assert "[Least Score 2 · Legal discards](02_legal_discards.ipynb)" in md[-1]      # links stay relative
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert "begin_lesson('least_score/01_cards_and_values', language='vi')" in code.replace('"', "'")
    shown = json.dumps([c.get("outputs") for c in nb["cells"] if c["cell_type"] == "code"], ensure_ascii=False)
    assert "VI What is the queen of hearts" in shown                       # the kernel read the catalogue
    assert "What is the queen of hearts" not in shown.replace("VI What is the queen of hearts", "")
    # rendering again writes the same page (make lessons is idempotent; widget model ids are
    # new in every run, as in the source lessons, and nbval does not compare them)
    def fixed(text: str) -> str:
        return re.sub(r'"model_id": "[0-9a-f]+"', "", text)
    before = fixed(page.read_text())
    L.render_lesson(lesson, "vi", root=root)
    assert fixed(page.read_text()) == before


def test_a_lesson_not_converted_yet_still_gets_its_language(tmp_path):
    root = tmp_path / "lessons"
    (root / "least_score").mkdir(parents=True)
    nb = json.loads((ROOT / "lessons" / "least_score" / "03_a_turn.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:   # the lesson as it was before its conversion: no setup call
        if cell["cell_type"] == "code":
            cell["source"] = [line for line in cell["source"] if "begin_lesson" not in line]
    (root / "least_score" / "03_a_turn.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    assert "least_score/03_a_turn.ipynb" not in L.converted_lessons(root)
    page = L.render_lesson("least_score/03_a_turn.ipynb", PSEUDO, root=root, execute=False)
    nb = json.loads(page.read_text())
    assert "language='en-XA'" in "".join(nb["cells"][0]["source"])
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            text = re.sub(r"\]\([^)]*\)|`[^`]*`", "", "".join(cell["source"]))
            while re.search(r"⟦[^⟦⟧]*⟧", text):
                text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
            assert not re.search(r"[A-Za-z]{2}", text), text
    assert L.check(["vi"], root=root).problems[0].endswith("a lesson makes exactly one")


def test_the_menu_table_matches_the_catalogues(tmp_path):
    fresh = L.write_language_table(tmp_path / "languages.json").read_text(encoding="utf-8")
    assert L.LANGUAGES_JSON.read_text(encoding="utf-8") == fresh, \
        "languages.json is stale: run `python -m cardkit.i18n.lessons render`"
    table = json.loads(fresh)
    assert [l["code"] for l in table["languages"]] == shipped_languages()
    assert table["pseudo"]["label"].startswith("⟦")


@pytest.mark.parametrize("args, env_lang, wanted", [
    (["LANG=vi"], "C.UTF-8", "--lang=vi"),
    ([], "C.UTF-8", None),
    ([], "vi_VN.UTF-8", None),
])
def test_make_app_passes_only_a_lang_given_to_make(args, env_lang, wanted):
    out = subprocess.run(["make", "-n", "-s", "app", *args], cwd=ROOT, capture_output=True, text=True,
                         env={"PATH": "/usr/bin:/bin", "LANG": env_lang}, check=True).stdout
    line = [l for l in out.splitlines() if "cardkit.app" in l][-1]
    assert (wanted in line) if wanted else ("--lang" not in line)


@pytest.mark.parametrize("given, lesson, wanted_lang, wanted_lesson", [
    ("en", "least_score/05_probability.ipynb", "en", "least_score/05_probability.ipynb"),
    ("C.UTF-8", "", "", ""),                          # a locale, not a lesson language
    ("xx", "", "", ""),                               # no such language: English, said in the log
])
def test_the_app_takes_only_a_shipped_language(monkeypatch, caplog, given, lesson, wanted_lang, wanted_lesson):
    import logging
    from types import SimpleNamespace

    from cardkit.app.server import CardkitVoila

    monkeypatch.setenv("CARDKIT_LANG", "")   # recorded: put back as it was after the test
    monkeypatch.delenv("CARDKIT_LANG")
    app = SimpleNamespace(lang=given, lesson=lesson, log=logging.getLogger("test-lang"))
    with caplog.at_level(logging.WARNING, logger="test-lang"):
        CardkitVoila._configure_language(app)
    assert (app.lang, app.lesson) == (wanted_lang, wanted_lesson)
    import os
    assert os.environ.get("CARDKIT_LANG", "") == wanted_lang
    assert ("not a language these lessons ship in" in caplog.text) == (wanted_lang != given)


def test_a_plural_goes_the_whole_way(tmp_path):
    """``_("{n} game", "{n} games", n=…)``: extracted as one plural entry, refused until each
    form is translated, and chosen by the language's plural rules in the kernel."""
    root = tmp_path / "lessons"
    (root / "least_score").mkdir(parents=True)
    code = ("from cardkit.i18n.lessons import begin_lesson\n_ = begin_lesson('least_score/98_plural').text\n"
            "a = _('{n} game', '{n} games', n=3)\nb = _('{n} game won by {who}', '{n} games won by {who}', n=1, who='A')\n")
    nb = {"cells": [{"cell_type": "code", "id": "c1", "metadata": {}, "outputs": [], "execution_count": None,
                     "source": code}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (root / "least_score" / "98_plural.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    [pot] = L.extract(root)
    assert 'msgid_plural "{n} games"' in pot.read_text(encoding="utf-8")
    [po] = L.update(["nl"], root=root)
    assert any("untranslated" in p for p in L.check(["nl"], root=root).problems)

    from babel.messages.pofile import read_po, write_po
    from cardkit.i18n.catalogue import forget

    def translate(forms: dict) -> None:
        with po.open("rb") as f:
            catalog = read_po(f, locale="nl")
        for m in catalog:
            if m.id:
                m.string = forms[m.id[0]]
        with po.open("wb") as f:
            write_po(f, catalog)
        forget()

    translate({"{n} game": ("één spel", "{n} spellen"),
               "{n} game won by {who}": ("één spel gewonnen door {wie}", "{n} spellen gewonnen door {who}")})
    assert any("placeholders changed" in p for p in L.check(["nl"], root=root).problems)
    translate({"{n} game": ("één spel", "{n} spellen"),
               "{n} game won by {who}": ("één spel gewonnen door {who}", "{n} spellen gewonnen door {who}")})
    report = L.check(["nl"], root=root)
    assert report.complete and report.translated == report.entries == 2, report.problems
    nl = L.LessonText("least_score.98_plural", "nl", root / "locale")
    assert [nl.text("{n} game", "{n} games", n=k) for k in (1, 2, 5)] == ["één spel", "2 spellen", "5 spellen"]
    en = L.begin_lesson("least_score/98_plural")
    assert [en.text("{n} game", "{n} games", n=k) for k in (1, 2)] == ["1 game", "2 games"]
    pseudo = L.LessonText("least_score.98_plural", PSEUDO)
    assert pseudo.text("{n} game", "{n} games", n=1).startswith("⟦1 gåmé") and "gåmés" in pseudo.text("{n} game", "{n} games", n=4)
    with pytest.raises(OptionError):
        en.text("{k} game", "{k} games", k=2)
    problems = L.code_strings("_('{k} game', '{k} games', k=2)\n_(f'{x} games', 'x')\n")[1]
    assert [p.line for p in problems] == [1, 2] and "n=" in problems[0].what


def test_the_command_refuses_what_is_not_a_language(tmp_path, capsys):
    from cardkit.i18n import lessons as L_cli

    assert L_cli.main(["render", "--help"]) == 0          # help, not a folder named '--help'
    assert L_cli.main(["render", "vx"]) == 2
    assert "not a language code: vx" in capsys.readouterr().err
    assert not (L_cli.LESSONS_DIR / "--help").exists() and not (L_cli.LESSONS_DIR / "vx").exists()
