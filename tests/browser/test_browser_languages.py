"""Every lesson in every shipped language, in Chromium (issue 19).

For each language other than English and each lesson: the page that language's learner is
served (``lessons/<lang>/…``, rendered from the one English source) opens with no console or
page error and no error output, says ``<html lang="<lang>">`` with the language menu on that
language, passes axe (WCAG 2.2 A/AA and best practice) with that ``lang``, and shows no English
sentence of the catalogue or of the lesson's own text: the test looks on the page (visible
text and screen readers' names) for every run of three or more English words of the English
catalogue (``cardkit.pot``'s sentences, cut at their placeholders) and of the lesson's source
(its markdown blocks and the strings its code passes to ``_()``). At a phone's 390 px the page
may not grow wider than the phone. Screenshots of the pages with a game table (at 1280 px and at
390 px, to look at: longer words must not break the table) go to
``test-artifacts/screenshots/<lang>/``.

In Vietnamese and Turkish a Least Score round (Least Score 7) and a Tiến Lên game (Tiến Lên 6)
are played by clicking, the engine replaying the same match beside the page
(``table_mirror.py``): at every turn the status and the log's newest line must be the engine's,
in the language, and the finished round's hands and points the engine's.

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

from cardkit.cards import seed_from_code
from cardkit.i18n import SOURCE_LANGUAGE, render, say, seat, shipped_languages, use_locale
from cardkit.i18n import lessons as L
from cardkit.i18n.define import REGISTRY
from cardkit.i18n import load_texts
from axe_check import run_axe, violations_text
from table_mirror import LeastScoreMirror, TienLenMirror
from test_browser_play import TABLE_MATCHES_JS, _click_cards, _settled, _table_state
from voila_harness import ARTIFACTS, ERROR_TEXT, LESSONS, VoilaServer, expected_widget_views, wait_for_page_ready

pytestmark = pytest.mark.browser

LANGUAGES = [lang for lang in shipped_languages() if lang != SOURCE_LANGUAGE]
LESSON_LIST = L.source_lessons()
READY_MS = 120_000
#: The pages with a game table: their screenshots are looked at in every language.
TABLE_PAGES = {lesson for lesson in LESSON_LIST if "Table(" in (LESSONS / lesson).read_text(encoding="utf-8")}

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
    def check_the_lesson_in_the_language(language_site, browser, lang, lesson):
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
            if lesson in TABLE_PAGES:
                page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
            texts = page.evaluate(PAGE_WORDS_JS)
            violations = run_axe(page)
            assert not violations, violations_text(violations, f"{lang}/{lesson}")
            page.set_viewport_size({"width": 390, "height": 6000})
            page.wait_for_function("() => document.documentElement.clientWidth <= 390")
            if lesson in TABLE_PAGES:
                page.screenshot(path=str(shots / f"{name}-phone.png"), full_page=True)
            wide = page.evaluate("() => document.documentElement.scrollWidth")
            assert not errors, errors
        finally:
            context.close()
        assert wide <= 400, f"{lang}/{lesson} is {wide} px wide at a 390 px phone width: something does not wrap"
        english = english_on_page(texts, lesson)
        assert not english, (f"{len(english)} English sentence(s) on {lang}/{lesson}:\n" + "\n".join(english[:60]))

    def _in(lang: str) -> type:
        """The lessons in one language, a class of their own: ``make test``'s workers
        (``--dist loadscope``) share the languages out a class at a time."""
        class InTheLanguage:
            @pytest.mark.parametrize("lesson", LESSON_LIST)
            def test_the_lesson_in_the_language(self, language_site, browser, lesson):
                check_the_lesson_in_the_language(language_site, browser, lang, lesson)
        return InTheLanguage

    for _lang in LANGUAGES:
        globals()[f"TestLessonsIn_{_lang.replace('-', '_')}"] = _in(_lang)


# --------------------------------------------------------------------------- playing by clicking

#: The languages a round and a game are played in by clicking: Vietnamese (the game's own
#: language) and Turkish (the one whose words grow most: suffixes); any other shipped one
#: when those two are not shipped yet.
PLAYED = [lang for lang in ("vi", "tr") if lang in LANGUAGES] or LANGUAGES[:2]


def _said(lang: str, message) -> str:
    with use_locale(lang):
        return render(message)


def _expect_in(page, mirror, lang: str, status, timeout_ms: float = 60_000) -> dict:
    """Wait until the table shows the mirror's match in ``lang``: the status, the log's
    newest line (the engine's newest event, rendered in the language), the learner's hand,
    the result area exactly when a round is over."""
    shown = mirror.shown_events()
    with use_locale(lang):
        want = {"status": render(status), "events": len(shown), "lastEvent": shown[-1].text if shown else "",
                "hand": None if mirror.pending is not None else sorted(c.code for c in mirror.state.hand(0)),
                "resultShown": mirror.pending is not None}
    try:
        page.wait_for_function(TABLE_MATCHES_JS, arg=[0, want], timeout=timeout_ms)
    except Exception as err:
        got = _table_state(page, 0)
        raise AssertionError(f"the {lang} table did not come to show the engine's match ({err}).\nexpected: {want}\n"
                             f"shown: status={got and got['status']!r}, log={got and got['log'][-3:]}") from None
    return _table_state(page, 0)


def _open_played(language_site, browser, lang: str, lesson: str, query: str):
    context = browser.new_context(viewport={"width": 1280, "height": 1600}, locale=lang)
    context.set_default_timeout(READY_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(language_site.render_url(f"{lang}/{lesson}", query), wait_until="commit")
    wait_for_page_ready(page, expected_widget_views(LESSONS / lesson), READY_MS)
    return context, page, errors


@pytest.mark.parametrize("lang", PLAYED or ["none"])
def test_a_least_score_round_played_by_clicking(language_site, browser, lang):
    if lang == "none":
        assert not LANGUAGES
        return
    from cardkit import least_score as ls
    deal = "AMY-Q86"  # as in test_browser_play.py: both take choices, then a declaration
    mirror = LeastScoreMirror(seed_from_code(deal), opponents=3, level="greedy", rules=ls.Rules(threshold=50))
    context, page, errors = _open_played(language_site, browser, lang, "least_score/07_play_a_match.ipynb", f"?deal={deal}")
    try:
        table = page.locator(".ck-table").first
        _expect_in(page, mirror, lang, say("tables.ls_your_turn"))
        for _turn in range(40):
            if not mirror.my_turn:
                break
            action = mirror.choose()
            if action is ls.DECLARE:
                table.locator("button.ck-declare").click()
                mirror.learner_plays(action)
                break
            _click_cards(page, table, action.cards)
            label = (say("tables.ls_take_deck") if action.take is None
                     else say("tables.ls_take_open", card=action.take, label=action.take.label_message))
            table.locator(".ck-take label.ck-choice-option", has_text=_said(lang, label)).locator("input").check()
            before = set(mirror.state.hand(0))
            table.locator("button.ck-discard").click()
            mirror.learner_plays(action)
            status = say("tables.ls_your_turn")
            if action.take is None:
                drawn = next(c for c in mirror.state.hand(0) if c not in before)
                status = say("tables.then", first=say("tables.ls_you_drew", card=drawn), then=status)
            if mirror.my_turn:
                _expect_in(page, mirror, lang, status)
        result = mirror.pending
        assert result is not None and result.declarer == 0, "the learner's declaration did not end the round"
        _expect_in(page, mirror, lang, say("tables.then", first=say("tables.ls_round_over", round=result.round_number),
                                           then=say("tables.least_score.press_next")))
        state = _settled(page, lambda s: len(s["revealed"]) == len(result.players), "every hand of the finished round")
        assert [sorted(r["cards"]) for r in state["revealed"]] == [sorted(c.code for c in result.hands[p])
                                                                   for p in result.players]
        state = _settled(page, lambda s: [int(row[2]) for row in s["scoreboard"]] == list(result.running_scores),
                         "the scoreboard's points after the round")
        texts = page.evaluate(PAGE_WORDS_JS)
        assert not errors, errors
    finally:
        context.close()
    english = english_on_page(texts, "least_score/07_play_a_match.ipynb")
    assert not english, f"English on the {lang} table after a round:\n" + "\n".join(english[:40])


@pytest.mark.parametrize("lang", PLAYED or ["none"])
def test_a_tien_len_game_played_by_clicking(language_site, browser, lang):
    if lang == "none":
        assert not LANGUAGES
        return
    from cardkit import tienlen as tl
    deal = "3PS-0HT"  # as in test_browser_play.py: the 3♠ first, pairs and sequences, a pass
    mirror = TienLenMirror(seed_from_code(deal), level="greedy")
    context, page, errors = _open_played(language_site, browser, lang, "tien_len/06_play_a_game.ipynb", f"?deal={deal}")

    def status():
        obs = mirror.state.observation(0)
        if obs.table is None:
            return say("tables.tl_your_turn_lead")
        who = (say("tables.tl_your_own", combo=obs.table.description) if obs.table_player == 0 else
               say("tables.tl_players", player=seat(obs.table_player), combo=obs.table.description))
        return say("tables.tl_your_turn_beat", table=who)

    try:
        table = page.locator(".ck-table").first
        _expect_in(page, mirror, lang, status(), timeout_ms=90_000)
        for _turn in range(40):
            if not mirror.my_turn:
                break
            action = mirror.choose()
            if action is tl.PASS:
                table.locator("button.ck-pass").click()
            else:
                _click_cards(page, table, action.cards)
                table.locator("button.ck-play").click()
            mirror.learner_plays(action)
            if mirror.my_turn:
                _expect_in(page, mirror, lang, status(), timeout_ms=90_000)
        else:
            pytest.fail("the game did not end within 40 of the learner's turns")
        result = mirror.pending
        assert result is not None and result.game == 1
        state = _settled(page, lambda s: s["resultShown"] and [int(r[2]) for r in s["scoreboard"]] == list(result.totals),
                         "the finished game and its points", timeout_ms=90_000)
        texts = page.evaluate(PAGE_WORDS_JS)
        assert not errors, errors
    finally:
        context.close()
    english = english_on_page(texts, "tien_len/06_play_a_game.ipynb")
    assert not english, f"English on the {lang} table after a game:\n" + "\n".join(english[:40])
