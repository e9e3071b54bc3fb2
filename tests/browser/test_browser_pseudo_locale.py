"""The pseudo-locale in the browser: every lesson rendered in ``en-XA`` (each line of
lesson text and every catalogue string wrapped in ⟦…⟧ and 30 % longer), served by the
project's Voilà, opened in Chromium; the test fails on visible text — or a screen
reader's name (aria-label, alt, placeholder, title) — that holds English words outside
⟦…⟧ (card symbols, numbers, deal codes aside).

``pseudo_known_english.json`` was the list of English still expected while the move to the
catalogue was under way; every text on it has moved, and a test keeps it empty.
Screenshots at 1280 px and at phone width (390 px) go to
``test-artifacts/screenshots/pseudo/``.

Every lesson and the start page are checked by default; ``CARDKIT_PSEUDO_LESSONS=pilot``
checks only the start page and the four pilot lessons.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from cardkit.i18n import PSEUDO
from cardkit.i18n import lessons as L
from axe_check import run_axe, violations_text
from voila_harness import ARTIFACTS, LESSONS, VoilaServer, expected_widget_views, wait_for_page_ready

pytestmark = pytest.mark.browser

KNOWN = Path(__file__).with_name("pseudo_known_english.json")
PILOT = ["00_start_here.ipynb", "least_score/01_cards_and_values.ipynb", "least_score/02_legal_discards.ipynb",
         "tien_len/01_card_order.ipynb", "tien_len/02_combinations.ipynb"]
CHOSEN = PILOT if os.environ.get("CARDKIT_PSEUDO_LESSONS") == "pilot" else L.source_lessons()
READY_MS = 90_000

#: Every visible text node and accessible name outside ⟦…⟧ that still holds letters.
UNWRAPPED_JS = r"""
() => {
  const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
  const visible = (el) => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden') return false;
    }
    return el.getClientRects().length > 0;
  };
  const where = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      const cls = (typeof e.className === 'string' ? e.className : '').split(/\s+/)
        .filter(c => c.startsWith('ck-') || c.startsWith('widget-') || c.startsWith('jp-Rendered')).slice(0, 2);
      parts.unshift(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (cls.length ? '.' + cls.join('.') : ''));
    }
    return parts.join(' > ');
  };
  const pageLang = document.documentElement.lang;
  const foreign = (el) => { const l = el.closest('[lang]'); return l && l.lang !== pageLang; };  // marked as another language
  const found = [];
  let depth = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || skip.has(el.tagName)) continue;
    let outside = '';
    for (const ch of node.data) {
      if (ch === '⟦') { depth += 1; outside += ' '; }
      else if (ch === '⟧') { depth = Math.max(0, depth - 1); outside += ' '; }
      else if (depth === 0) outside += ch;
    }
    if (/\p{L}/u.test(outside) && visible(el) && !foreign(el)) found.push({text: outside.trim(), where: where(el), kind: 'text'});
  }
  for (const el of document.body.querySelectorAll('[aria-label], [alt], [placeholder], [title]')) {
    if (!visible(el) || foreign(el)) continue;
    for (const attr of ['aria-label', 'alt', 'placeholder', 'title']) {
      const value = el.getAttribute(attr);
      if (!value) continue;
      let d = 0, outside = '';
      for (const ch of value) {
        if (ch === '⟦') d += 1; else if (ch === '⟧') d = Math.max(0, d - 1); else if (d === 0) outside += ch;
      }
      if (/\p{L}/u.test(outside)) found.push({text: outside.trim(), where: where(el) + '@' + attr, kind: attr});
    }
  }
  return found;
}
"""

_ALLOWED = re.compile(
    r"(?:10|[2-9AJQKT])[♠♣♦♥]"          # a card
    r"|\b[A-Z0-9]{3}-[A-Z0-9]{3}\b"        # a deal code
    r"|\b(?:10|[2-9AJQK])\b"               # a rank
    r"|[\d.,:%×+=/<>()\-–—·…★✔✖✓✗←→↑↓]+"   # numbers and signs
)


def english_left(text: str) -> str:
    """What of ``text`` reads as words once cards, ranks, numbers and deal codes are taken out."""
    rest = _ALLOWED.sub(" ", text)
    return " ".join(w for w in re.findall(r"[^\W\d_]{2,}", rest))


@pytest.fixture(scope="module")
def pseudo_site(tmp_path_factory):
    """The chosen lessons in English and in the pseudo-locale, in a folder of their own."""
    root = tmp_path_factory.mktemp("pseudo") / "lessons"
    for lesson in CHOSEN:
        (root / lesson).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(LESSONS / lesson, root / lesson)
    shutil.copytree(LESSONS / "locale", root / "locale")
    for lesson in CHOSEN:
        L.render_lesson(lesson, PSEUDO, root=root, execute=False)  # Voilà runs it; no stored outputs needed
    server = VoilaServer(root, extra_args=("--max-per-client=40", "--VoilaConfiguration.preheat_kernel=False"))
    try:
        server.start()
    except RuntimeError as err:
        server.stop()
        pytest.fail(f"could not start Voilà: {err}", pytrace=False)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def seen():
    """What each page left unwrapped, gathered over the module (and written to test-artifacts)."""
    found: dict[str, list[dict]] = {}
    yield found
    ARTIFACTS.mkdir(exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")   # with -n, one file per worker
    (ARTIFACTS / f"pseudo-unwrapped{'-' + worker if worker else ''}.json").write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n")


def _known() -> dict[str, str]:
    return json.loads(KNOWN.read_text(encoding="utf-8")) if KNOWN.exists() else {}


def check_no_english_outside_the_brackets(pseudo_site, browser, seen, lesson):
    shots = ARTIFACTS / "screenshots" / "pseudo"
    shots.mkdir(parents=True, exist_ok=True)
    name = lesson.removesuffix(".ipynb").replace("/", "__")
    context = browser.new_context(viewport={"width": 1280, "height": 4000}, locale="en-US")  # tall: the page scrolls inside itself
    try:
        context.set_default_timeout(READY_MS)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(pseudo_site.render_url(f"{PSEUDO}/{lesson}"), wait_until="commit")
        state = wait_for_page_ready(page, expected_widget_views(LESSONS / lesson), READY_MS)
        assert state["cellsShown"] and not state["errorOutputs"], state["errorOutputs"]
        assert page.evaluate("document.documentElement.lang") == PSEUDO
        menu = page.locator("#ck-language-menu")
        assert menu.count() == 1 and menu.input_value() == PSEUDO
        page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
        left = page.evaluate(UNWRAPPED_JS)
        violations = run_axe(page)  # the language menu and the offer included, with the page's lang
        assert not violations, violations_text(violations, f"{PSEUDO}/{lesson}")
        page.set_viewport_size({"width": 390, "height": 6000})
        page.wait_for_function("() => document.documentElement.clientWidth <= 390")
        page.screenshot(path=str(shots / f"{name}-phone.png"), full_page=True)
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        assert not errors, errors
    finally:
        context.close()
    english = [dict(item, english=english_left(item["text"])) for item in left if english_left(item["text"])]
    seen[lesson] = english
    assert wide <= 400, f"the page is {wide} px wide at a 390 px phone width: something does not wrap"
    known = _known()
    new = [f"{e['where']}: {e['text'][:100]!r}" for e in english if e["text"][:100] not in known]
    assert not new, (f"{len(new)} English text(s) outside ⟦…⟧ on {PSEUDO}/{lesson} (not from the catalogue):\n"
                     + "\n".join(new[:80]))


# The pages in two halves, a class each: ``make test``'s two workers (``--dist loadscope``)
# take a class at a time.
class TestPagesFirstHalf:
    @pytest.mark.parametrize("lesson", CHOSEN[: len(CHOSEN) // 2])
    def test_no_english_outside_the_brackets(self, pseudo_site, browser, seen, lesson):
        check_no_english_outside_the_brackets(pseudo_site, browser, seen, lesson)


class TestPagesSecondHalf:
    @pytest.mark.parametrize("lesson", CHOSEN[len(CHOSEN) // 2:])
    def test_no_english_outside_the_brackets(self, pseudo_site, browser, seen, lesson):
        check_no_english_outside_the_brackets(pseudo_site, browser, seen, lesson)


def test_no_english_is_known_any_more():
    """Every English text once listed has moved into the catalogue: the list stays empty, so any
    English on a page fails that page's test (a list of exceptions would hide it again)."""
    assert _known() == {}, "pseudo_known_english.json must stay empty: move the text into the catalogue"


def test_lang_in_the_address_goes_to_that_page_and_is_remembered(pseudo_site, browser):
    context = browser.new_context(viewport={"width": 1000, "height": 800}, locale="en-US")
    try:
        context.set_default_timeout(READY_MS)
        page = context.new_page()
        lesson = "least_score/01_cards_and_values.ipynb"
        # a first visit to the pseudo page: the browser prefers English, so English is offered, in English
        page.goto(pseudo_site.render_url(f"{PSEUDO}/{lesson}", "deal=K7Q-29X"), wait_until="commit")
        offer = page.locator("#ck-language-offer")
        offer.wait_for(state="visible")
        assert offer.get_attribute("lang") == "en" and "English" in offer.inner_text()
        assert page.evaluate("localStorage.getItem('cardkit:language')") is None
        # ?lang=en: the English page, the rest of the query kept, the choice remembered
        page.goto(pseudo_site.render_url(f"{PSEUDO}/{lesson}", "lang=en&deal=K7Q-29X"), wait_until="commit")
        page.wait_for_url(re.compile(r"/voila/render/least_score/01_cards_and_values\.ipynb\?deal=K7Q-29X$"))
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        assert page.evaluate("localStorage.getItem('cardkit:language')") == "en"
        # the remembered choice wins over an address in another language
        page.goto(pseudo_site.render_url(f"{PSEUDO}/tien_len/01_card_order.ipynb", "deal=K7Q-29X"),
                  wait_until="commit")
        page.wait_for_url(re.compile(r"/voila/render/tien_len/01_card_order\.ipynb\?deal=K7Q-29X$"))
        # the English page, its menu on English
        page.wait_for_selector("#rendered_cells", state="visible")
        assert page.locator("#ck-language-menu").input_value() == "en"
    finally:
        context.close()
