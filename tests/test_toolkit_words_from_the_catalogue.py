"""The probability toolkit's words (odds table, plots, tournament table, exact odds,
simulations) come from the catalogue: in the pseudo-locale every word the toolkit
writes is changed, so an English word still on show was written outside it; the
figures' ids (what the lessons' tests read) stay the same in every language."""

from __future__ import annotations

import re

import pytest

from cardkit import odds, simulate
from cardkit.errors import CardkitError
from cardkit.i18n import PSEUDO, Message, render, use_locale


def _english_words(text: str) -> set[str]:
    """The words of ``text`` written only in plain a–z (the pseudo-locale changes every
    vowel of a catalogue word, so none of its words is left among them)."""
    return {w for w in re.findall(r"[A-Za-z]{4,}", text) if re.search(r"[aeiouAEIOU]", w)}


def test_the_odds_table_speaks_from_the_catalogue():
    from cardkit.classroom.chances import odds_table

    english = odds_table(["pair", "flush"], simulate_deals=200, seed=1)
    assert english.text.splitlines()[1] == "Event | Exact chance | Percent | About 1 in | Simulated (200 deals) | 95% interval"
    with use_locale(PSEUDO):
        pseudo = odds_table(["pair", "flush"], simulate_deals=200, seed=1)
    assert not _english_words(pseudo.text), _english_words(pseudo.text)
    assert pseudo.figures.keys() == english.figures.keys() == {
        "pair exact", "pair simulated", "pair interval", "flush exact", "flush simulated", "flush interval"}


def test_a_plot_s_title_caption_and_alt_text_speak_from_the_catalogue():
    from cardkit.classroom.plots import convergence_plot, lowest_total_plot

    english = lowest_total_plot(totals=(20, 30), max_opponents=2, trials=500, seed=1)
    assert "20, 30" in english.alt and "2 opponents" in english.table_text()
    with use_locale(PSEUDO):
        pseudo = lowest_total_plot(totals=(20, 30), max_opponents=2, trials=500, seed=1)
        shown = [pseudo.title, pseudo.caption, pseudo.alt, pseudo.table_text()]
        conv = convergence_plot("flush", deals=300, seed=2)
        shown += [conv.title, conv.caption, conv.alt]
    for text in shown:
        assert not _english_words(text), (text, _english_words(text))
    assert pseudo.figures.keys() == english.figures.keys() and "total 30, 2 opponents" in english.figures
    assert conv.title.startswith("⟦") and "flush" not in conv.title


def test_a_distribution_s_alt_text_names_a_value_as_told():
    from cardkit.classroom.plots import distribution_plot

    plot = distribution_plot({1: 1, 2: 3}, title="Spots", xlabel="Spots on the die (points)", value_name="throw")
    assert "the exact chance of each throw: the most likely throw is 2" in plot.alt
    with pytest.raises(TypeError):   # never read off the axis label: a value's name is told
        distribution_plot({1: 1, 2: 3}, title="Spots", xlabel="Spots on the die (points)")


def test_the_tournament_table_speaks_from_the_catalogue():
    from cardkit.classroom.tables import tournament_table
    from cardkit.tournament import tournament

    result = tournament("tienlen", ["random", "greedy", "random", "random"], matches=2, seed=1, workers=0,
                        progress=False)
    with use_locale(PSEUDO):
        shown = tournament_table(result)
    head = shown.text.splitlines()[:2]
    assert all(line.startswith("⟦") for line in head) and not _english_words(" ".join(head))


def test_exact_odds_say_how_they_were_counted_as_a_message():
    r = odds.p_lowest_total(20, 1)
    assert isinstance(r.method, Message) and str(r.method).startswith("exact count over every deal of 1 opponent")
    assert render(r.method, PSEUDO).startswith("⟦")
    with pytest.raises(CardkitError, match="1 to 7 opponents; not 9"):
        odds.p_lowest_total(20, 9)


def test_a_deal_is_named_by_its_id_or_its_game_s_name():
    assert [simulate.deal_name(d) for d in ("least_score", "Least Score", "tien len", "Tiến Lên", "TIEN_LEN")] == \
        ["least_score", "least_score", "tienlen", "tienlen", "tienlen"]
    with pytest.raises(CardkitError, match="deal is 'least_score'"):
        simulate.deal_name("poker")
