"""The lesson toolkit: boxes, blackboard formulas, tables, plots and explorers."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from cardkit import CardkitError, odds, simulate
from cardkit.classroom import C, code_listing, formula, note, objectives, pct, summary, tournament_table
from cardkit.classroom.chances import DEAL_STEPS, EVENT_NAMES, odds_table
from cardkit.classroom.explorers import HandDealer, LowestTotalExplorer, SimulationExplorer
from cardkit.classroom.plots import FigureView, convergence_plot, distribution_plot, lowest_total_plot

PNG = b"\x89PNG\r\n\x1a\n"


def bundle(obj):
    data, meta = obj._repr_mimebundle_()
    return data, meta.get("cardkit", {}).get("figures", {})


# --- boxes ---------------------------------------------------------------------------

def test_objectives_and_summary_are_lists_in_boxes():
    box = objectives(["Count hands with **C(n, k)**", "Use `outcomes`"])
    data, figures = bundle(box)
    assert data["text/plain"] == "What you will learn\n• Count hands with C(n, k)\n• Use outcomes"
    assert "<strong>C(n, k)</strong>" in data["text/html"] and "<code>outcomes</code>" in data["text/html"]
    assert data["text/html"].count("<li>") == 2 and figures == {}
    s = summary(["A pair: 49.3%."], figures={"P(pair)": Fraction(2053, 4165)})
    data, figures = bundle(s)
    assert data["text/plain"].startswith("Summary\n• A pair") and figures == {"P(pair)": "2053/4165"}


def test_boxes_escape_html():
    data, _ = bundle(objectives(["<script>alert(1)</script> & more"]))
    assert "<script>" not in data["text/html"] and "&lt;script&gt;" in data["text/html"]
    assert "<script>alert(1)</script> & more" in data["text/plain"]
    assert "&lt;b&gt;" in note("<b>x</b>").html


@pytest.mark.parametrize("items", ["one string", [], 5])
def test_boxes_want_a_list_of_sentences(items):
    with pytest.raises(CardkitError):
        objectives(items)


# --- formulas --------------------------------------------------------------------------

def test_a_count_over_a_count_is_shown_step_by_step():
    f = formula("P(flush)", ("4·C(13,5)", "C(52,5)"), 4 * C(13, 5), C(52, 5), counted=5148)
    data, figures = bundle(f)
    assert data["text/plain"] == ("P(flush) = 4·C(13,5) / C(52,5) = 5,148 / 2,598,960 = 33/16660 ≈ 0.198%\n"
                                  "Checked by counting every hand one by one: 5,148 — ✔ the same")
    assert f.value == Fraction(33, 16660)
    assert figures == {"P(flush)": "33/16660", "P(flush) [counted]": 5148}
    html = data["text/html"]
    assert "13 choose 5" in html and "52 choose 5" in html          # binomials read out in words
    assert "divided by" in html and 'role="math"' in html
    assert "5,148" in html and ">33<" in html and "16660" in html


def test_a_count_that_disagrees_is_flagged():
    f = formula("P(x)", "a / b", 3, 10, counted=4)
    assert "✖ NOT the same" in f.text


def test_whole_numbers_and_decimals():
    f = formula("C(52,5)", ("52·51·50·49·48", "5·4·3·2·1"), C(52, 5))
    assert f.text == "C(52,5) = 52·51·50·49·48 / (5·4·3·2·1) = 2,598,960" and f.value == 2598960
    e = formula("E[one card]", ("4·(1+2+…+9) + 16·10", "52"), 340, 52)
    assert e.text == "E[one card] = (4·(1+2+…+9) + 16·10) / 52 = 340 / 52 = 85/13 ≈ 6.538"
    assert formula("x", "y", Fraction(1, 3)).text == "x = y = 1/3 ≈ 33.3%"
    assert formula("x", "y", Fraction(1, 3), percent=False).text == "x = y = 1/3 ≈ 0.3333"
    assert "<sup>5</sup>" in formula("n", "4^5", 1024).html


@pytest.mark.parametrize("args,words", [
    (("", "x", 1), "needs a name"), (("P", ("a", "b", "c"), 1), "numerator, denominator"),
    (("P", "a", 1, 0), "cannot be 0"), (("P", "a", 0.5, 2), "whole numbers"),
])
def test_bad_formulas_say_what_is_wrong(args, words):
    with pytest.raises(CardkitError, match=words):
        formula(*args)


# --- tables ------------------------------------------------------------------------------

def test_odds_table_shows_exact_and_simulated_side_by_side():
    t = odds_table(["pair", "flush"], simulate_deals=20_000, seed=5)
    data, figures = bundle(t)
    lines = data["text/plain"].splitlines()
    assert lines[0].startswith("Chances for one 5-card hand, counted exactly over all 2,598,960 hands")
    assert lines[2].startswith("a pair (two or more cards of one rank) | 2053/4165 | 49.3% | 2 | ")
    assert lines[3].startswith("a flush (all five cards of one suit) | 33/16660 | 0.198% | 505 | ")
    est = simulate.estimate_probability("flush", 20_000, 5)
    assert figures["flush simulated"] == est.value and figures["flush interval"] == [est.low, est.high]
    mark = "✔" if est.covers(33 / 16660) else "✖"
    assert lines[3].endswith(mark)
    assert '<th scope="col"' in data["text/html"] and "<caption" in data["text/html"]


def test_odds_table_for_tienlen_and_unknown_events():
    t = odds_table(["four_twos", "dragon"], deal="tienlen")
    assert "11/4165" in t.text and "635,013,559,600 hands" in t.text and "Simulated" not in t.text
    with pytest.raises(CardkitError, match="not an event"):
        odds_table(["dragon"])


# --- plots ---------------------------------------------------------------------------------

def test_a_convergence_plot_is_a_png_with_a_caption_in_words():
    v = convergence_plot("pair", 5_000, seed=2)
    assert isinstance(v, FigureView) and v.png.startswith(PNG)
    est = simulate.estimate_probability("pair", 5_000, 2)
    assert v.figures["pair simulated"] == est.value
    assert f"After 5,000 hands (seed 2) the estimate is {est.value * 100:.1f}%" in v.caption
    assert "the exact chance is 49.3%" in v.caption
    assert v.png == convergence_plot("pair", 5_000, seed=2).png    # the same picture every time
    rare = convergence_plot("four_of_a_kind", 2_000, seed=1)
    assert "rare event" in rare.caption


def test_figure_view_shows_picture_then_caption(monkeypatch):
    shown = []
    import IPython.display

    monkeypatch.setattr(IPython.display, "display", lambda obj, **kw: shown.append((obj, kw)))
    v = distribution_plot({1: 1, 2: 3}, title="Which?", xlabel="Value", value_name="value")
    v._ipython_display_()
    (picture, kw), (caption, _) = shown
    assert set(picture) == {"text/html", "text/plain"} and kw["raw"] is True
    alt = "Plot: Which? A bar chart of the exact chance of each value: the most likely value is 2 (75.0%) and the exact mean is 7/4 ≈ 1.750."
    assert picture["text/plain"] == alt
    # the picture is an <img> with that text alternative (the page's PNG renderer gives none)
    assert picture["text/html"].startswith('<img src="data:image/png;base64,')
    assert f'alt="{alt}"' in picture["text/html"] and picture["text/html"] == v.html_img()
    assert caption._repr_mimebundle_()[1]["cardkit"]["figures"]["mean"] == "7/4"
    assert caption.text.startswith("Which? The bars show")              # no "?." after the title


def test_every_plot_has_a_sentence_with_its_key_numbers_as_alt_text():
    conv = convergence_plot("pair", 2_000, seed=3)
    est = simulate.estimate_probability("pair", 2_000, 3)
    assert conv.alt.startswith("Plot: Simulated chance of a pair: a line chart")
    for figure in (est.value, est.low, est.high, 2053 / 4165):
        assert pct(figure) in conv.alt
    low = lowest_total_plot(totals=(20, 30), max_opponents=2, trials=2_000, seed=1)
    assert pct(low.figures["total 30, 1 opponent"]) in low.alt and pct(low.figures["total 20, 2 opponents"]) in low.alt
    bare = FigureView(b"", "A title", "First sentence, 12 points. Second one.")
    assert bare.alt == "Plot: A title. First sentence, 12 points."   # without alt=: the caption's first sentence
    assert FigureView(b"", "T", "c", alt="Says 3%.").alt == "Plot: Says 3%."


def test_distribution_plot_states_mode_and_means():
    counts = odds.least_score_hand_odds()["total_counts"]
    sim = simulate.outcomes("total", 3_000, 1)
    v = distribution_plot(counts, simulated=sim, title="Totals", xlabel="Total (points)", seed=1,
                          value_name="total")
    mean = Fraction(sum(t * n for t, n in counts.items()), sum(counts.values()))
    mode = max(counts, key=counts.get)
    assert v.figures["mean"] == mean and v.figures["most likely"] == mode
    assert f"The most likely value is {mode}" in v.caption and "425/13 ≈ 32.69" in v.caption
    assert v.figures["simulated mean"] == pytest.approx(sim.mean())
    assert "3,000 simulated hands, seed 1" in v.caption
    whole = distribution_plot({0: 1, 2: 1}, title="T", xlabel="x", value_name="x")
    assert "the exact mean is 1." in whole.caption
    with pytest.raises(CardkitError):
        distribution_plot({1: 0}, title="T", xlabel="x", value_name="x")


def test_lowest_total_plot_counts_one_opponent_exactly():
    v = lowest_total_plot(totals=(20, 30), max_opponents=2, trials=2_000, seed=1)
    assert v.figures["total 30, 1 opponent"] == odds.p_lowest_total(30, 1).lowest_or_tied_exact
    assert v.figures["total 30, 2 opponents"] == odds.p_lowest_total(30, 2, trials=2_000, seed=1).lowest_or_tied
    assert "a total of 30 drops from" in v.caption


def test_plots_write_nothing_to_stderr(capfd):
    convergence_plot("flush", 1_000, seed=1)
    distribution_plot({1: 1, 2: 1}, title="T ♠♥ Tiến Lên", xlabel="x", value_name="x")
    out, err = capfd.readouterr()
    assert out == "" and err == ""


# --- explorers --------------------------------------------------------------------------------

def test_simulation_explorer_follows_its_slider_and_button():
    x = SimulationExplorer("flush", deals=1_000, seed=4)
    est = simulate.estimate_probability("flush", 1_000, 4)
    assert x.estimate == est
    assert repr(x) == (f"SimulationExplorer(a flush (all five cards of one suit): 1,000 hands, seed 4 → "
                       f"{pct(est.value)}, 95% interval {pct(est.low)} to {pct(est.high)}; "
                       "exact 33/16660 ≈ 0.198%)")
    assert "Exact: 33/16660 ≈ <strong>0.198%</strong>" in x.result.value
    x.slider.value = 10_000                                   # what the learner's slider does
    assert x.estimate == simulate.estimate_probability("flush", 10_000, 4)
    x.again.click()                                           # "Deal again": the next seed
    assert x.seed == 5 and x.estimate == simulate.estimate_probability("flush", 10_000, 5)
    assert x.progress.layout.visibility == "hidden"
    assert x.picture.value.startswith('<img src="data:image/png;base64,')
    data, meta = x._repr_mimebundle_()
    assert data["text/plain"] == repr(x) and meta["cardkit"]["figures"]["flush deals"] == 10_000


def test_a_long_simulation_shows_progress_in_steps(monkeypatch):
    x = SimulationExplorer("pair", deals=100, seed=1, max_deals=1_000_000)
    seen = []
    x.progress.observe(lambda ch: seen.append(ch["new"]), names="value")
    shown = []
    x.progress.layout.observe(lambda ch: shown.append(ch["new"]), names="visibility")
    x.deals = 500_000
    assert seen == [0, 100_000, 200_000, 300_000, 400_000, 500_000]
    assert shown == ["visible", "hidden"]
    assert x.estimate == simulate.estimate_probability("pair", 500_000, 1)   # chunks = one stream


def test_explorer_limits_and_errors():
    with pytest.raises(CardkitError, match="deals is one of"):
        SimulationExplorer("pair", deals=123)
    with pytest.raises(CardkitError, match="not an event"):
        SimulationExplorer("dragon")
    x = SimulationExplorer("dragon", deal="tienlen", deals=100, seed=1, max_deals=1_000)
    assert [v for _, v in x.slider.options][-1] == 1_000
    with pytest.raises(CardkitError):
        x.deals = 2_000


def test_an_error_inside_the_explorer_becomes_a_message(monkeypatch, caplog):
    x = SimulationExplorer("pair", deals=100, seed=1)
    monkeypatch.setattr(simulate, "outcomes", lambda *a, **k: (_ for _ in ()).throw(RuntimeError("boom")))
    x.slider.value = 200
    assert x.status.kind == "error" and "boom" in x.status.text
    assert x.progress.layout.visibility == "hidden"


def test_lowest_total_explorer():
    x = LowestTotalExplorer(total=25, opponents=1)
    exact = odds.p_lowest_total(25, 1)
    assert x.odds == exact and "counted exactly" in x.result.value
    x.opponents_slider.value = 3
    sim = odds.p_lowest_total(25, 3, trials=50_000, seed=0)
    assert x.odds == sim and "simulated, 50,000 deals" in x.result.value
    assert x.independent == pytest.approx(exact.lowest_or_tied ** 3)
    assert "<sup>3</sup>" in x.result.value
    x.total_slider.value = 10
    assert x.odds.total == 10
    figures = x.figures()
    assert figures["total 10, 3 opponents if independent"] == odds.p_lowest_total(10, 1).lowest_or_tied_exact ** 3


def test_hand_dealer_is_seeded_and_describes_each_hand():
    a, b = HandDealer(seed=3), HandDealer(seed=3)
    assert a.cards == b.cards and len(a.cards) == 5
    first = a.cards
    a.button.click()
    assert a.count == 2 and a.cards != first
    total = sum(min(int(c.rank), 10) for c in a.cards)
    assert dict(a.facts())["Total"] == str(total) and f"total: {total}" in repr(a)
    t = HandDealer("tienlen", seed=8)
    assert len(t.cards) == 13
    twos = sum(1 for c in t.cards if int(c.rank) == 2)
    assert dict(t.facts())["2s held"] == str(twos)
    order = [((int(c.rank) + 10) % 13, int(c.suit)) for c in t.row.cards]
    assert order == sorted(order)                                  # 3 lowest … A, 2 highest


def test_constants():
    assert DEAL_STEPS[:3] == (10, 20, 50) and DEAL_STEPS[-1] == 10_000_000
    assert set(EVENT_NAMES["least_score"]) == set(odds.LEAST_SCORE_EVENTS)
    assert set(EVENT_NAMES["tienlen"]) == set(odds.TIENLEN_EVENTS)
    assert C(52, 5) == math.comb(52, 5)


def test_code_listing_shows_a_functions_source_as_text():
    def tiny_bot(obs, rng):
        return obs.legal_actions[0]

    shown = code_listing(tiny_bot, title="A tiny bot")
    bundle, _ = shown._repr_mimebundle_()
    assert bundle["text/plain"].startswith("A tiny bot:\ndef tiny_bot(obs, rng):")
    assert "return obs.legal_actions[0]" in bundle["text/plain"]
    assert "<pre" in bundle["text/html"] and "obs.legal_actions[0]" in bundle["text/html"]
    with pytest.raises(CardkitError):
        code_listing(42)
    with pytest.raises(CardkitError, match="cannot be found"):
        code_listing(len)
    assert code_listing(tiny_bot).text.splitlines()[0] == "The code of tiny_bot:"


def test_rare_event_plots_keep_the_whole_run_in_view():
    rare = convergence_plot("four_of_a_kind", deals=20_000, seed=7, progress=False)
    common = convergence_plot("pair", deals=2_000, seed=1, progress=False)
    assert "grows tenfold per step above it" in rare.caption and "tenfold" not in common.caption
    assert rare.png.startswith(PNG)


def test_lowest_total_explorer_says_it_is_about_fresh_hands():
    from ipywidgets import HTML
    ex = LowestTotalExplorer(total=20, opponents=1)
    words = " ".join(c.value for c in ex.children if isinstance(c, HTML))
    assert "freshly dealt hands" in words and "lesson 6" in words


@pytest.mark.parametrize("game, words", [("least_score", "Least Score; seats rotate each match. Score = penalty "
                                                        "points per match (lower is better)"),
                                         ("tienlen", "Tiến Lên; seats rotate each match. Score = points won per "
                                                     "match (higher is better)")])
def test_tournament_table_is_one_table_for_both_games(game, words):
    from cardkit.tournament import tournament

    result = tournament(game, ["random", "greedy", "random", "random"], matches=6, seed=1, workers=0,
                        progress=False)
    shown = tournament_table(result)
    lines = shown.text.splitlines()
    assert lines[0].startswith(f"6 matches of {words}")
    assert lines[1] == "Bot | Seats played | Wins | Win rate | 95% interval | Mean score"
    rows = {r.bot: r for r in result.table()}
    assert [line.split(" | ")[0] for line in lines[2:]] == list(rows)
    for bot, r in rows.items():
        assert shown.figures[f"{bot} seats"] == r.seats_played and shown.figures[f"{bot} wins"] == r.wins
        assert shown.figures[f"{bot} win rate"] == r.win_rate == r.wins / r.seats_played
    assert sum(shown.figures[f"{b} seats"] for b in rows) == 4 * 6
    assert "<caption" in shown.html and words.split(";")[0] in shown.html


# --- probability displays (issue 12) -----------------------------------------------------------

def test_a_tiny_chance_is_written_as_a_power_of_ten():
    from cardkit.classroom.numbers import pct

    assert pct(2.25e-25) == "2.25 × 10⁻²³%"
    assert pct(0.000301) == "0.0301%" and pct(5.8e-7) == "0.0000580%"


def test_at_the_sliders_maximum_a_miss_asks_for_a_new_deal_not_more_hands():
    from cardkit.classroom.explorers import SimulationExplorer

    for seed in range(1, 400):
        explorer = SimulationExplorer("pair", deals=10, max_deals=10, seed=seed)
        if not explorer.estimate.covers(float(explorer.exact)):
            text = explorer.result.value
            assert "press Deal again" in text and "more hands" not in text
            break
    else:  # pragma: no cover
        raise AssertionError("no seed gave a miss")
    inside = SimulationExplorer("pair", deals=1_000, max_deals=1_000_000, seed=1)
    if not inside.estimate.covers(float(inside.exact)):  # pragma: no cover - this seed is inside
        assert "try more hands" in inside.result.value


def test_the_independent_chance_is_a_bracketed_power():
    from cardkit.classroom.explorers import LowestTotalExplorer

    explorer = LowestTotalExplorer(total=40, opponents=7, trials=2_000)
    assert ")<sup>7</sup> ≈" in explorer.result.value and "0.00000000000" not in explorer.result.value
