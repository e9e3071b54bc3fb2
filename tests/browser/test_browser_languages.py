"""Every lesson in every shipped language, in Chromium (issue 19).

For each language other than English and each lesson: the page that language's learner is
served (``lessons/<lang>/…``, rendered from the one English source) opens with no console or
page error and no error output, says ``<html lang="<lang>">`` with the language menu on that
language, passes axe (WCAG 2.2 A/AA and best practice) with that ``lang``, and shows no English
sentence of the catalogue or of the lesson's own text: the test looks on the page (visible
text and screen readers' names) for every run of three or more English words of the English
catalogue (``cardkit.pot``'s sentences, cut at their placeholders) and of the lesson's source
(its markdown blocks and the strings its code passes to ``_()``). Screenshots at 1280 px and at
a phone's 390 px (the page may not grow wider than the phone) go to
``test-artifacts/screenshots/<lang>/``.

A language still being translated (a ``DRAFT`` file, see ``cardkit/i18n/glossary/README.md``)
is checked only when ``CARDKIT_DRAFTS=1`` previews it; with no other language shipped the one
test says so.
"""

from __future__ import annotations

import re
import shutil
from functools import lru_cache
from pathlib import Path

import pytest

from cardkit.i18n import SOURCE_LANGUAGE, shipped_languages
from cardkit.i18n import lessons as L
from cardkit.i18n.define import REGISTRY
from cardkit.i18n import load_texts
from axe_check import run_axe, violations_text
from voila_harness import ARTIFACTS, ERROR_TEXT, LESSONS, VoilaServer, expected_widget_views, wait_for_page_ready

pytestmark = pytest.mark.browser

LANGUAGES = [lang for lang in shipped_languages() if lang != SOURCE_LANGUAGE]
LESSON_LIST = L.source_lessons()
READY_MS = 120_000

#: What a learner reads: every visible text node and every accessible name, one string each.
PAGE_WORDS_JS = r"""
() => {
  const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
  const visible = (el) => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden') return false;
    }
    return el.getClientRects().length > 0;
  };
  const pageLang = document.documentElement.lang;
  const foreign = (el) => { const l = el.closest('[lang]'); return l && l.lang !== pageLang; };
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || skip.has(el.tagName) || !/\p{L}/u.test(node.data)) continue;
    if (visible(el) && !foreign(el)) found.push(node.data);
  }
  for (const el of document.body.querySelectorAll('[aria-label], [alt], [placeholder], [title]')) {
    if (!visible(el) || foreign(el)) continue;
    for (const attr of ['aria-label', 'alt', 'placeholder', 'title']) {
      const value = el.getAttribute(attr);
      if (value) found.push(value);
    }
  }
  return found;
}
"""

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_MARKUP = re.compile(r"!?\[([^\]]*)\]\([^)]*\)|<[^>]+>|[*_`#>|]+|&\w+;")
_BREAK = re.compile(r"[.;:!?()\[\]\n\u2014\u2013\"“”]+")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")


def _runs(text: str) -> set[str]:
    """The runs of three or more English words in ``text`` (lower case, single spaces),
    cut at placeholders, markup and punctuation: what the page must not show."""
    text = _MARKUP.sub(lambda m: f" {m.group(1) or ''} ", _PLACEHOLDER.sub("\n", text))
    found = set()
    for part in _BREAK.split(text):
        words = [w for w in (w.strip(",") for w in part.split()) if w]
        if len(words) >= 3 and all(_WORD.fullmatch(w) for w in words):
            found.add(" ".join(words).lower())
    return found


@lru_cache(maxsize=None)
def _catalogue_runs() -> frozenset[str]:
    load_texts()
    runs: set[str] = set()
    for entry in REGISTRY.values():
        for template in filter(None, (entry.singular, entry.plural)):
            runs |= _runs(template)
    return frozenset(runs)


def _lesson_runs(lesson: str) -> set[str]:
    runs: set[str] = set()
    for message in L.lesson_catalog(LESSONS / lesson, lesson):
        if message.id:
            for s in (message.id if isinstance(message.id, (tuple, list)) else (message.id,)):
                runs |= _runs(s)
    return runs


def english_on_page(texts: list[str], lesson: str) -> list[str]:
    """The English runs of the catalogue and of ``lesson`` found in what the page shows."""
    page = " ".join(" ".join(re.sub(r"[^\w'’-]+", " ", t).split()) for t in texts).lower()
    page = f" {page} "
    return sorted(r for r in (_catalogue_runs() | _lesson_runs(lesson)) if f" {r} " in page)


def test_the_english_finder_finds_english_and_only_english():
    """The detector itself: an English catalogue sentence is found, cut at its placeholders;
    the same sentence in another language is not."""
    load_texts()
    some = next(e.singular for e in REGISTRY.values() if _runs(e.singular) and "{" in e.singular)
    run = sorted(_runs(some))[0]
    assert english_on_page([f"xx {run.upper()} yy"], LESSON_LIST[0]) == [run]
    assert english_on_page(["Lượt của bạn: chọn lá bài để bỏ"], LESSON_LIST[0]) == []
    assert _runs("Take **the top card** of the [deck](x.ipynb), {n} left") == {"take the top card of the deck"}


@pytest.fixture(scope="module")
def language_site(tmp_path_factory):
    """Every lesson in every language being checked, in a folder of its own (the shipped
    pages are rendered from the same source and catalogues; strict nbval checks their stored
    outputs, this module what the browser shows)."""
    root = tmp_path_factory.mktemp("languages") / "lessons"
    for lesson in LESSON_LIST:
        (root / lesson).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(LESSONS / lesson, root / lesson)
    shutil.copytree(LESSONS / "locale", root / "locale")
    for lang in LANGUAGES:
        for lesson in LESSON_LIST:
            L.render_lesson(lesson, lang, root=root, execute=False)  # Voilà runs it
    server = VoilaServer(root, extra_args=("--max-per-client=40", "--VoilaConfiguration.preheat_kernel=False"))
    try:
        server.start()
    except RuntimeError as err:
        server.stop()
        pytest.fail(f"could not start Voilà: {err}", pytrace=False)
    yield server
    server.stop()


if not LANGUAGES:
    def test_only_english_ships():
        assert shipped_languages() == [SOURCE_LANGUAGE]
else:
    @pytest.mark.parametrize("lang", LANGUAGES)
    @pytest.mark.parametrize("lesson", LESSON_LIST)
    def test_the_lesson_in_the_language(language_site, browser, lang, lesson):
        shots = ARTIFACTS / "screenshots" / lang
        shots.mkdir(parents=True, exist_ok=True)
        name = lesson.removesuffix(".ipynb").replace("/", "__")
        context = browser.new_context(viewport={"width": 1280, "height": 4000}, locale=lang)
        try:
            context.set_default_timeout(READY_MS)
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
            page.goto(language_site.render_url(f"{lang}/{lesson}"), wait_until="commit")
            state = wait_for_page_ready(page, expected_widget_views(LESSONS / lesson), READY_MS)
            assert state["cellsShown"] and not state["errorOutputs"], state["errorOutputs"]
            found = ERROR_TEXT.search(state["outputsText"])
            assert not found, f"Python error text on {lang}/{lesson}: {found.group(0)!r}"
            assert page.evaluate("document.documentElement.lang") == lang
            menu = page.locator("#ck-language-menu")
            assert menu.count() == 1 and menu.input_value() == lang
            page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
            texts = page.evaluate(PAGE_WORDS_JS)
            violations = run_axe(page)
            assert not violations, violations_text(violations, f"{lang}/{lesson}")
            page.set_viewport_size({"width": 390, "height": 6000})
            page.wait_for_function("() => document.documentElement.clientWidth <= 390")
            page.screenshot(path=str(shots / f"{name}-phone.png"), full_page=True)
            wide = page.evaluate("() => document.documentElement.scrollWidth")
            assert not errors, errors
        finally:
            context.close()
        assert wide <= 400, f"{lang}/{lesson} is {wide} px wide at a 390 px phone width: something does not wrap"
        english = english_on_page(texts, lesson)
        assert not english, (f"{len(english)} English sentence(s) on {lang}/{lesson}:\n" + "\n".join(english[:60]))
