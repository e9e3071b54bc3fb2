"""One voice: every sentence a learner reads comes from the catalogue.

- the package holds no learner-facing literal outside ``cardkit/i18n`` (an AST
  scan, :mod:`cardkit.i18n.lint`), and no code that splits or compares its own
  sentences — while the move to messages is under way, no file may hold more than
  ``one_voice_baseline.json`` allows it, and a file not listed there none at all;
- the catalogue template matches the registry, and every shipped language's
  catalogue is complete: every code translated, none fuzzy, every placeholder kept;
- messages render by CLDR: plurals, lists, percentages, ordinals.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from cardkit import i18n
from cardkit.cards import parse_cards
from cardkit.i18n import (PSEUDO, and_list, or_list, ordinal, percent, render, say, seat, shipped_languages,
                          use_locale)
from cardkit.i18n import lint, tools
from cardkit.i18n.define import REGISTRY
from cardkit.i18n.catalogue import DRAFTS_ENV, draft_languages

BASELINE = Path(__file__).with_name("one_voice_baseline.json")


def test_no_learner_facing_literal_outside_the_catalogue():
    allowed = json.loads(BASELINE.read_text()) if BASELINE.exists() else {}
    found = lint.scan_tree()
    per_file = Counter(f.path for f in found)
    over = {path: (n, allowed.get(path, 0)) for path, n in per_file.items() if n > allowed.get(path, 0)}
    lines = [str(f) for f in found if f.path in over]
    assert not over, ("learner-facing text written outside cardkit/i18n (say it as a message, its English in "
                      "cardkit/i18n/texts/): " + "; ".join(f"{p}: {n} > {a}" for p, (n, a) in over.items())
                      + "\n" + "\n".join(lines[:60]))


@pytest.mark.parametrize("source, kinds", [
    ('x = "You cannot pass now."', ["literal"]),
    ('x = "Pass"', ["literal"]),
    ('x = f"{who} wins the round"', ["literal"]),
    ('def f():\n    """A docstring of many words."""\n', []),
    ('log.warning("a developer line of words")', []),
    ('raise TypeError("a programmer error in words")', []),
    ('x = Unicode("", help="what the option does")', []),
    ('x = "ck-table ck-hand"', []),
    ('x = "flex-flow: row wrap; margin: 0 2px;"', []),
    ('x = "least_score"', []),
    ('rng = random.Random(f"higher card {seed} {n}")', []),
    ("x = \"'STIX Two Math', 'Cambria Math', Georgia, serif\"", []),
    ('figures = {f"success at total {t}": v for t, v in xs}\nfigures.update({f"success in round {k}": 1})', []),
    ('@machine_text\ndef string_from(s):\n    return f"Player {s.p} | table clear"', []),
    ('def string_from(s):\n    return f"Player {s.p} | table clear"', ["literal"]),
    ('figures = {"pair exact": 0.4}\nfigures["pair interval"] = 1\nshow(figures={"win rate": 1})', []),
    ('figures = {"pair exact": "Exact chance"}', ["literal"]),
    ('class A:\n    def __repr__(self):\n        return f"<A table {self.t} by seat {self.s}>"', []),
    ('def f():\n    pass\nf.__doc__ = "A bot made at run time."', []),
    ('def f(x: "Combo") -> "Combo":\n    y: "Optional[Combo]" = x\n    return "Combo"', ["literal"]),
    ('head, _, rest = reason.partition(": ")', ["parses"]),
    ('ok = "not a deal code" in text', ["literal", "parses"]),
])
def test_the_scan_finds_sentences_and_only_sentences(source, kinds):
    assert sorted(f.kind for f in lint.scan_source(source)) == sorted(kinds)


def test_the_template_matches_the_registry():
    on_disk = tools.POT_PATH.read_text(encoding="utf-8")
    fresh = Path(tools.write_template(Path("/tmp") / f"cardkit-{id(on_disk)}.pot")).read_text(encoding="utf-8")
    assert on_disk == fresh, "cardkit.pot is stale: run `python -m cardkit.i18n update`"


@pytest.mark.parametrize("lang", [lang for lang in shipped_languages() if lang != "en"] or ["none"])
def test_every_shipped_catalogue_is_complete(lang):
    if lang == "none":
        assert shipped_languages() == ["en"]
        return
    report = tools.check_language(lang)
    assert report.complete, (f"{lang}: untranslated {report.untranslated[:20]}, fuzzy {report.fuzzy[:20]}, "
                             f"placeholders changed {report.placeholder_mismatch[:20]}, unknown {report.unknown[:20]}")


@pytest.mark.parametrize("lang", draft_languages() or ["none"])
def test_a_draft_catalogue_keeps_every_placeholder_and_is_not_offered(lang, monkeypatch):
    """A language still being translated (a DRAFT file in its folder) is kept on main and checked
    as far as it goes: what is translated keeps its placeholders and names only known codes."""
    if lang == "none":
        assert not draft_languages()
        return
    monkeypatch.delenv(DRAFTS_ENV, raising=False)
    assert lang not in shipped_languages() and i18n.normalise_language(lang) is None
    report = tools.check_language(lang)
    assert not report.placeholder_mismatch and not report.unknown, (report.placeholder_mismatch[:20], report.unknown[:20])
    monkeypatch.setenv(DRAFTS_ENV, "1")
    assert lang in shipped_languages()


def test_a_draft_file_keeps_a_language_from_learners(tmp_path, monkeypatch):
    from cardkit.i18n import catalogue
    (tmp_path / "vi" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "vi" / "LC_MESSAGES" / "cardkit.po").write_text("")
    monkeypatch.setattr(catalogue, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "catalogue_languages", lambda: catalogue.catalogue_languages(root=tmp_path))
    monkeypatch.setattr(i18n, "draft_languages", lambda: catalogue.draft_languages(root=tmp_path))
    monkeypatch.delenv(DRAFTS_ENV, raising=False)
    assert "vi" in shipped_languages()
    (tmp_path / "vi" / catalogue.DRAFT_FILE).write_text("being translated\n")
    assert "vi" not in shipped_languages()
    monkeypatch.setenv(DRAFTS_ENV, "1")
    assert "vi" in shipped_languages()


def test_every_template_names_placeholders_a_translation_can_keep():
    for entry in REGISTRY.values():
        for template in filter(None, (entry.singular, entry.plural)):
            template.format_map({name: "x" for name in i18n.define.placeholders(template)})


def test_messages_render_by_cldr():
    assert render(say("count.cards", n=1)) == "1 card"
    assert render(say("count.cards", n=0)) == "0 cards"
    assert render(and_list([seat(1), seat(2), seat(3)])) == "Player 1, Player 2 and Player 3"
    assert render(or_list([seat(1), seat(2)])) == "Player 1 or Player 2"
    assert [render(ordinal(n)) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st"]
    assert render(percent(0.0301, 2)) == "3.01%"
    assert render(say("seat.player", n=parse_cards("7c 8c 9c"))) == "Player 7♣ 8♣ 9♣"


def test_a_message_is_a_code_and_values_and_equal_messages_are_equal():
    a, b = say("seat.player", n=2), say("seat.player", n=2)
    assert a == b and hash(a) == hash(b) and a.code == "seat.player" and a.values == {"n": 2}
    assert a != say("seat.player", n=3)
    with pytest.raises(KeyError):
        say("no.such_code")


def test_the_pseudo_locale_wraps_every_catalogue_word_and_keeps_cards_readable():
    text = render(say("seat.player", n=parse_cards("10h")), PSEUDO)
    assert text.startswith("⟦") and text.endswith("⟧") and "10♥" in text
    assert len(text) >= 1.3 * len("Player 10♥")


def test_the_locale_is_held_in_one_place():
    with use_locale(PSEUDO):
        assert str(seat(1)).startswith("⟦")
        with use_locale("en"):
            assert str(seat(1)) == "Player 1"
    assert str(seat(1)) == "Player 1"
    assert i18n.normalise_language("vi_VN.UTF-8") in (None, "vi")
    assert i18n.normalise_language("C.UTF-8") is None
    assert i18n.normalise_language("x" * 100) is None
    assert i18n.negotiate_language("de-DE,de;q=0.9,en;q=0.5") == "en"


def test_an_error_carries_its_message():
    from cardkit.errors import IllegalActionError

    err = IllegalActionError(say("seat.player", n=3))
    assert err.message.code == "seat.player" and str(err) == "Player 3"
    with use_locale(PSEUDO):
        assert str(err).startswith("⟦")


def test_the_lint_command_lists_a_sentence_written_in_code(tmp_path, capsys):
    """``python -m cardkit.i18n lint PATH`` names the file, line and sentence and exits 1;
    on the package (no path) it finds nothing and exits 0."""
    from cardkit.i18n.__main__ import main

    bad = tmp_path / "bad.py"
    bad.write_text('def f():\n    return "Your turn now"\n', encoding="utf-8")
    assert main(["lint", str(bad)]) == 1
    said = capsys.readouterr().out
    assert f"{bad}:2: literal: 'Your turn now'" in said and "1 finding(s)" in said
    assert main(["lint"]) == 0
    assert "0 finding(s)" in capsys.readouterr().out
