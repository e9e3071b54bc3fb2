"""Every figure the probability lessons show, checked against an independent
computation.

The lessons are stored executed, and strict ``pytest --nbval`` checks that a
fresh run shows exactly the stored text.  This file closes the loop: it reads
the stored notebooks — each figure is recorded in its output's metadata
(``cardkit`` → ``figures``), each exercise's right answer too (``cardkit`` →
``exercise``) — and recomputes every one of them here by another route: rank
multisets weighted by C(4, c), inclusion–exclusion, ordered draws, a separate
transfer count over the ranks, and a separate simulation for the chances that
are themselves simulated.  A figure this file does not know makes it fail, so a
new figure in a lesson needs a new check here.
"""

from __future__ import annotations

import itertools
import json
import math
import pathlib
import re
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest

from cardkit import Card
from cardkit.classroom.numbers import fraction_text, num, pct

ROOT = pathlib.Path(__file__).resolve().parents[1]
LS_LESSON = ROOT / "lessons" / "least_score" / "05_probability.ipynb"
TL_LESSON = ROOT / "lessons" / "tien_len" / "04_probability.ipynb"
comb = math.comb
HANDS5, HANDS13 = comb(52, 5), comb(52, 13)


# --- reading the stored lessons ------------------------------------------------------

def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else (value or "")


def _decode(value):
    if isinstance(value, str) and re.fullmatch(r"-?\d+/\d+", value):
        return Fraction(value)
    if isinstance(value, list):
        return [_decode(v) for v in value]
    return value


@lru_cache(maxsize=None)
def stored(path: pathlib.Path):
    """(figures, exercises, texts): figures as (label, value, text of that output)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    figures, exercises, texts = [], [], []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        assert cell.get("execution_count"), "the lesson is stored executed"
        for out in cell.get("outputs", []):
            assert out["output_type"] != "stream", f"stray output in a lesson: {_text(out.get('text'))[:200]}"
            assert out["output_type"] != "error", f"an error is stored in the lesson: {out.get('evalue')}"
            text = _text(out.get("data", {}).get("text/plain"))
            texts.append(text)
            meta = out.get("metadata", {}).get("cardkit", {})
            for label, value in meta.get("figures", {}).items():
                figures.append((label, _decode(value), text))
            if "exercise" in meta:
                exercises.append(meta["exercise"])
    return figures, exercises, texts


# --- Least Score, independently: rank multisets weighted by C(4, c) ----------------------

VALUE = {r: min(r, 10) for r in range(1, 14)}


def _run_of_3(present: set) -> bool:
    ext = set(present) | ({14} if 1 in present else set())      # the ace also sits above the king
    return any({a, a + 1, a + 2} <= ext for a in range(1, 13))


def _run_of_5(counts: dict) -> bool:
    if sorted(counts.values()) != [1] * 5:
        return False
    ext = set(counts) | ({14} if 1 in counts else set())
    return any(set(range(a, a + 5)) <= ext for a in range(1, 11))


@lru_cache(maxsize=None)
def least_score_by_ranks() -> dict:
    """Counts over all five-card hands, going through the rank multisets."""
    out = {"hands": 0, "pair": 0, "four": 0, "run3": 0, "run5": 0, "totals": {}}
    for ranks in itertools.combinations_with_replacement(range(1, 14), 5):
        counts = {r: ranks.count(r) for r in set(ranks)}
        if max(counts.values()) > 4:
            continue
        ways = math.prod(comb(4, c) for c in counts.values())
        out["hands"] += ways
        out["pair"] += ways * (max(counts.values()) >= 2)
        out["four"] += ways * (max(counts.values()) == 4)
        out["run3"] += ways * _run_of_3(set(counts))
        out["run5"] += ways * _run_of_5(counts)
        total = sum(VALUE[r] for r in ranks)
        out["totals"][total] = out["totals"].get(total, 0) + ways
    return out


@lru_cache(maxsize=None)
def flush_by_suits() -> int:
    """Hands whose suit counts are (5, 0, 0, 0) in some order, via suit multisets."""
    n = 0
    for suits in itertools.product(range(6), repeat=4):
        if sum(suits) == 5:
            n += math.prod(comb(13, s) for s in suits) * (max(suits) == 5)
    return n


LS_EVENTS = {"pair": "pair", "four_of_a_kind": "four", "run_of_3": "run3", "run_of_5": "run5"}


def ls_exact(event: str) -> Fraction:
    if event == "flush":
        return Fraction(flush_by_suits(), HANDS5)
    return Fraction(least_score_by_ranks()[LS_EVENTS[event]], HANDS5)


def ls_mean_total() -> Fraction:
    totals = least_score_by_ranks()["totals"]
    return Fraction(sum(t * n for t, n in totals.items()), HANDS5)


# --- the lowest total, independently: value multisets ----------------------------------------

AVAILABLE = {v: (16 if v == 10 else 4) for v in range(1, 11)}


@lru_cache(maxsize=None)
def value_vectors(size: int = 5) -> tuple:
    """Every way to hold ``size`` cards by value: tuples (count of 1s, …, count of 10s)."""
    out = []
    for combo in itertools.combinations_with_replacement(range(1, 11), size):
        vec = tuple(combo.count(v) for v in range(1, 11))
        if all(vec[v - 1] <= AVAILABLE[v] for v in range(1, 11)):
            out.append(vec)
    return tuple(out)


def _ways(vec, avail) -> int:
    return math.prod(comb(avail[v], vec[v - 1]) for v in range(1, 11))


def _total(vec) -> int:
    return sum(v * vec[v - 1] for v in range(1, 11))


@lru_cache(maxsize=None)
def lowest_vs_one(total: int) -> Fraction:
    """P(one opponent's total ≥ yours | your total): your hand uniform among the
    hands with that total, the opponent's from the other 47 cards."""
    num_, den = 0, 0
    for mine in value_vectors():
        if _total(mine) != total:
            continue
        w = _ways(mine, AVAILABLE)
        left = {v: AVAILABLE[v] - mine[v - 1] for v in range(1, 11)}
        ok = sum(_ways(o, left) for o in value_vectors()
                 if all(o[v - 1] <= left[v] for v in range(1, 11)) and _total(o) >= total)
        num_ += w * ok
        den += w * comb(47, 5)
    return Fraction(num_, den)


def lowest_simulated(total: int, opponents: int, trials: int = 20_000, seed: int = 99) -> float:
    """The same chance against several opponents by a separate simulation: pick
    your value multiset by its number of hands, then shuffle the other 47."""
    rng = np.random.default_rng(seed)
    mine = [v for v in value_vectors() if _total(v) == total]
    weights = np.array([_ways(v, AVAILABLE) for v in mine], dtype=float)
    pick = rng.choice(len(mine), size=trials, p=weights / weights.sum())
    deck = np.array([v for v in range(1, 11) for _ in range(AVAILABLE[v])])
    wins = 0
    for i, vec in enumerate(mine):
        rows = np.count_nonzero(pick == i)
        if not rows:
            continue
        rest = deck.copy()
        for v in range(1, 11):      # take this hand's cards out of the deck
            idx = np.nonzero(rest == v)[0][: vec[v - 1]]
            rest = np.delete(rest, idx)
        order = np.argsort(rng.random((rows, 47)), axis=1)[:, : 5 * opponents]
        sums = rest[order].reshape(rows, opponents, 5).sum(axis=2)
        wins += int(np.count_nonzero(sums.min(axis=1) >= total))
    return wins / trials


# --- Tiến Lên, independently -----------------------------------------------------------------

def falling(n: int, k: int) -> int:
    return math.prod(range(n - k + 1, n + 1))


def tl_twos(k: int) -> Fraction:
    """Exactly k twos, by ordered draws: which k of the 13 places hold the 2s."""
    return Fraction(comb(13, k) * falling(4, k) * falling(48, 13 - k), falling(52, 13))


def tl_dragon() -> Fraction:
    """Some card of each of the twelve ranks 3 … A, by inclusion–exclusion over missing ranks."""
    n = sum((-1) ** j * comb(12, j) * comb(52 - 4 * j, 13) for j in range(13))
    return Fraction(n, HANDS13)


@lru_cache(maxsize=None)
def tl_transfer() -> dict:
    """Hands by (has a four of a kind, has three pairs in a row), a count over the
    ranks 3 … A (in order) and then the 2s, which never join a double sequence."""
    # state: (cards, pairs-in-a-row so far capped at 3, has double sequence, has quad) -> ways
    states = {(0, 0, False, False): 1}
    for position in range(13):                  # 0 … 11 = ranks 3 … A, 12 = the 2s
        nxt = {}
        for (cards, run, ds, quad), ways in states.items():
            for c in range(5):
                if cards + c > 13:
                    break
                new_run = 0 if position == 12 else (min(run + 1, 3) if c >= 2 else 0)
                key = (cards + c, new_run, ds or new_run >= 3, quad or c == 4)
                nxt[key] = nxt.get(key, 0) + ways * comb(4, c)
        states = nxt
    out = {"quad": 0, "ds": 0, "any": 0, "all": 0}
    for (cards, _run, ds, quad), ways in states.items():
        if cards == 13:
            out["all"] += ways
            out["quad"] += ways * quad
            out["ds"] += ways * ds
            out["any"] += ways * (quad or ds)
    return out


def tl_exact(event: str) -> Fraction:
    t = tl_transfer()
    assert t["all"] == HANDS13
    if event == "four_twos":
        return Fraction(13 * 12 * 11 * 10, 52 * 51 * 50 * 49)     # all four 2s land among your 13 places
    if event == "dragon":
        return tl_dragon()
    if event == "instant_win":                      # both at once would need 12 + 4 = 16 cards
        return tl_exact("four_twos") + tl_dragon()
    return Fraction({"four_of_a_kind": t["quad"], "double_sequence_bomb": t["ds"], "any_bomb": t["any"]}[event],
                    HANDS13)


def tl_quad_by_complement() -> Fraction:
    """No four of a kind: the coefficient of x^13 in (1 + 4x + 6x² + 4x³)^13."""
    poly = [1]
    for _ in range(13):
        new = [0] * (len(poly) + 3)
        for i, a in enumerate(poly):
            for c in range(4):
                new[i + c] += a * comb(4, c)
        poly = new
    return 1 - Fraction(poly[13], HANDS13)


def tienlen_hand_facts(cards) -> dict:
    """Counted from the cards themselves."""
    by_rank = {}
    for c in cards:
        by_rank[int(c.rank)] = by_rank.get(int(c.rank), 0) + 1
    order = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1]      # 3 … K, A
    ds = any(all(by_rank.get(order[i + j], 0) >= 2 for j in range(3)) for i in range(10))
    return {"twos": by_rank.get(2, 0), "four_of_a_kind": 4 in by_rank.values(), "double_sequence_bomb": ds,
            "dragon": all(by_rank.get(r, 0) >= 1 for r in order), "four_twos": by_rank.get(2, 0) == 4}


# --- checks shared by both lessons ---------------------------------------------------------------

def check_exact(label, shown, expected, text):
    assert shown == expected, f"{label}: the lesson shows {shown}, an independent count gives {expected}"
    if isinstance(expected, Fraction) and expected.denominator != 1:
        words = (fraction_text(expected), num(float(expected)), pct(expected))
        assert any(w in text for w in words), f"{label} is not in the text: {text!r}"
    elif isinstance(expected, (int, Fraction)):
        assert num(int(expected)) in text, f"{label} is not in the text: {text!r}"


Z95 = 1.959963984540054


def wilson(hits: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval, written out from its formula (not the package's)."""
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def deals_in(text: str, by: dict, event: str) -> int:
    """How many hands a simulation dealt: its own figure, or the number its table states."""
    for value, t in by.get(f"{event} deals", []):
        if t == text:
            return int(value)
    m = re.search(r"simulated with ([\d,]+) seeded deals", text)
    assert m, f"{event}: the text does not say how many hands were dealt: {text[:120]!r}"
    return int(m.group(1).replace(",", ""))


def check_simulated(label, value, exact, interval, text, deals):
    """A simulated chance, against the exact one: a whole number of hits, the 95% (Wilson)
    interval worked out again here, the exact value within five standard errors of the
    estimate (inside the interval about 19 times in 20, as the ✔/✖ mark then says)."""
    hits = value * deals
    assert abs(hits - round(hits)) < 1e-6, f"{label}: {value} of {deals} hands is no whole number of hits"
    low, high = interval
    w_low, w_high = wilson(round(hits), deals)
    assert abs(low - w_low) < 1e-9 and abs(high - w_high) < 1e-9, f"{label}: the interval is not the Wilson interval"
    assert low <= value <= high
    exact = float(exact)
    sd = math.sqrt(exact * (1 - exact) / deals)
    assert abs(value - exact) <= 5 * sd + 1 / deals, f"{label}: {value} is too far from the exact {exact}"
    inside = low <= exact <= high
    if "✔" in text or "✖" in text:
        row = next(line for line in text.splitlines() if pct(value) in line)
        assert ("✔" in row) == inside, f"{label}: the ✔/✖ mark does not match the interval"
    assert pct(value) in text


def _by_label(figures):
    out = {}
    for label, value, text in figures:
        out.setdefault(label, []).append((value, text))
    return out


# --- the Least Score lesson -------------------------------------------------------------------------

def test_least_score_lesson_figures():
    figures, _exercises, _texts = stored(LS_LESSON)
    seen = set()
    by = _by_label(figures)
    counted = {"C(52,5)": HANDS5, "P(pair)": ls_exact("pair") * HANDS5, "P(flush)": ls_exact("flush") * HANDS5,
               "P(five-card run)": ls_exact("run_of_5") * HANDS5,
               "P(four of a kind)": ls_exact("four_of_a_kind") * HANDS5}
    exact = {"C(52,5)": HANDS5, "P(pair)": ls_exact("pair"), "P(flush)": ls_exact("flush"),
             "P(five-card run)": ls_exact("run_of_5"), "P(four of a kind)": ls_exact("four_of_a_kind"),
             "E[one card]": Fraction(sum(4 * VALUE[r] for r in range(1, 14)), 52),
             "E[starting total]": ls_mean_total()}
    for label, items in by.items():
        for value, text in items:
            base = label.replace(" [counted]", "")
            if label.endswith(" [counted]") and base in counted:
                check_exact(label, value, counted[base], text)
            elif label == "E[starting total] [counted]":
                assert value == exact["E[starting total]"]
            elif label in exact:
                check_exact(label, value, exact[label], text)
            elif label.endswith(" exact"):
                check_exact(label, value, ls_exact(label[:-6]), text)
            elif label.endswith(" simulated"):
                event = label[:-10]
                low_high = next(v for v, t in by[f"{event} interval"] if t == text)
                check_simulated(label, value, ls_exact(event), low_high, text, deals_in(text, by, event))
            elif label.endswith((" interval", " deals")) and not label.startswith("total "):
                # used by the check of the estimate in the same output, just above or below
                event = label.rsplit(" ", 1)[0]
                assert any(t == text for _v, t in by.get(f"{event} simulated", [])), label
            else:
                continue
            seen.add(label)
    # the distribution of starting totals
    totals = least_score_by_ranks()["totals"]
    mode = max(totals, key=totals.get)
    (mean, text), = by["mean"]
    assert mean == ls_mean_total() and f"{mode}" in text
    assert by["most likely"][0][0] == mode
    assert by["most likely chance"][0][0] == Fraction(totals[mode], HANDS5)
    sim_mean = by["simulated mean"][0][0]
    assert abs(sim_mean - float(ls_mean_total())) < 4 * 7.3 / math.sqrt(20_000)   # sd of a total is about 7.2
    seen |= {"mean", "most likely", "most likely chance", "simulated mean"}
    # the lowest total: one opponent exact, more simulated
    for label, items in by.items():
        m = re.fullmatch(r"total (\d+), (\d+) opponents?( interval| if independent)?", label)
        if not m:
            continue
        total, k, extra = int(m.group(1)), int(m.group(2)), m.group(3)
        for value, text in items:
            if extra == " if independent":
                assert value == lowest_vs_one(total) ** k
            elif extra == " interval":
                shown = next(v for v, t in by[f"total {total}, {k} opponents"] if t == text)
                n = int(re.search(r"simulated, ([\d,]+) deals", text).group(1).replace(",", ""))
                w_low, w_high = wilson(round(shown * n), n)
                assert abs(value[0] - w_low) < 1e-9 and abs(value[1] - w_high) < 1e-9, label
            elif k == 1:
                assert value == lowest_vs_one(total), label
                assert pct(value) in text
            else:
                mine = lowest_simulated(total, k)
                se = math.sqrt(max(value * (1 - value), 1e-4) * (1 / 20_000 + 1 / 20_000))
                assert abs(value - mine) < 5 * se + 1e-9, f"{label}: shown {value}, independent simulation {mine}"
        seen.add(label)
    # the dealt hand
    hand = [Card.parse(c) for c in by["hand"][0][0]]
    ranks = [int(c.rank) for c in hand]
    counts = {r: ranks.count(r) for r in set(ranks)}
    facts = {"total": sum(VALUE[r] for r in ranks), "pair": max(counts.values()) >= 2,
             "four_of_a_kind": 4 in counts.values(), "run_of_3": _run_of_3(set(ranks)),
             "run_of_5": _run_of_5(counts), "flush": len({c.suit for c in hand}) == 1}
    for key, value in facts.items():
        assert by[key][0][0] == value, key
    seen |= {"hand", *facts}
    unknown = set(by) - seen
    assert not unknown, f"figures with no independent check: {sorted(unknown)}"


def test_least_score_lesson_exercises():
    _figures, exercises, _texts = stored(LS_LESSON)
    by_q = {e["question"]: e for e in exercises}
    assert len(exercises) >= 3
    pair = ls_exact("pair")
    q = next(e for k, e in by_q.items() if "hold a pair" in k)
    nearest = min(q["choices"], key=lambda c: abs(int(re.search(r"\d+", c).group()) - 100 * pair))
    assert q["answer"] == nearest
    assert fraction_text(pair) in q["explain"] and pct(pair) in q["explain"]
    q = next(e for k, e in by_q.items() if "run of three" in k)
    hand = [Card.parse(c) for c in q["cards"]]
    runs = [{c.code for c in trio} for trio in itertools.combinations(hand, 3)
            if len({int(c.rank) for c in trio}) == 3 and _is_exact_run({int(c.rank) for c in trio})]
    assert [set(a) for a in q["answer"]] == runs
    q = next(e for k, e in by_q.items() if "each flush" in k)
    assert Fraction(q["answer"]) == 1 / ls_exact("flush")
    q = next(e for k, e in by_q.items() if "expected value of the top card" in k)
    seen = sum(VALUE[r] for r in (13, 13, 13, 13, 12))
    assert Fraction(q["answer"]) == Fraction(4 * sum(VALUE.values()) - seen, 47)
    assert fraction_text(Fraction(q["answer"])) in q["explain"]
    q = next(e for k, e in by_q.items() if "independent" in k)
    p1 = lowest_vs_one(25)
    assert Fraction(q["answer"]) == p1 ** 3 and pct(p1) in q["question"]
    assert all(e["explain"] for e in exercises), "every exercise explains its answer"


def _is_exact_run(ranks: set) -> bool:
    """Three ranks that are themselves a run (ace low or high, no wrap)."""
    ext = [sorted(ranks)]
    if 1 in ranks:
        ext.append(sorted((ranks - {1}) | {14}))
    return any(r[2] - r[0] == 2 for r in ext)


# --- the Tiến Lên lesson -----------------------------------------------------------------------------

def test_tienlen_independent_counts_agree_with_each_other():
    assert tl_transfer()["all"] == HANDS13
    assert tl_exact("four_of_a_kind") == tl_quad_by_complement()
    assert tl_exact("four_of_a_kind") == Fraction(13 * comb(48, 9) - comb(13, 2) * comb(44, 5)
                                                  + comb(13, 3) * comb(40, 1), HANDS13)
    assert sum(tl_twos(k) for k in range(5)) == 1
    assert tl_dragon() == Fraction(88 * 4**11, HANDS13)


def test_tienlen_lesson_figures():
    figures, _exercises, _texts = stored(TL_LESSON)
    by = _by_label(figures)
    seen = set()
    exact = {"C(52,13)": HANDS13, "P(all four 2s)": tl_exact("four_twos"), "P(dragon)": tl_exact("dragon"),
             "P(a four of a kind)": tl_exact("four_of_a_kind"),
             "somebody has all four 2s": 4 * tl_exact("four_twos")}
    for k in range(5):
        exact[f"P({k} two{'' if k == 1 else 's'})"] = tl_twos(k)
    for label, items in by.items():
        for value, text in items:
            base = label.replace(" [counted]", "")
            if label.endswith(" [counted]") and base in exact:
                expected = exact[base] if base == "C(52,13)" else exact[base] * HANDS13
                check_exact(label, value, expected, text)
            elif label in exact:
                check_exact(label, value, exact[label], text)
            elif label.endswith(" exact"):
                check_exact(label, value, tl_exact(label[:-6]), text)
            elif label.endswith(" simulated"):
                event = label[:-10]
                low_high = next(v for v, t in by[f"{event} interval"] if t == text)
                check_simulated(label, value, tl_exact(event), low_high, text, deals_in(text, by, event))
            elif label.endswith((" interval", " deals")):
                event = label.rsplit(" ", 1)[0]
                assert any(t == text for _v, t in by.get(f"{event} simulated", [])), label
            else:
                continue
            seen.add(label)
    # how many 2s: the distribution plot
    mean = sum(k * tl_twos(k) for k in range(5))
    assert by["mean"][0][0] == mean == 1
    mode = max(range(5), key=tl_twos)
    assert by["most likely"][0][0] == mode and by["most likely chance"][0][0] == tl_twos(mode)
    sd = math.sqrt(float(sum((k - mean) ** 2 * tl_twos(k) for k in range(5))))
    assert abs(by["simulated mean"][0][0] - 1) < 4 * sd / math.sqrt(20_000)
    seen |= {"mean", "most likely", "most likely chance", "simulated mean"}
    # the dealt hand
    hand = [Card.parse(c) for c in by["hand"][0][0]]
    assert len(set(hand)) == 13
    facts = tienlen_hand_facts(hand)
    for key, value in facts.items():
        assert by[key][0][0] == value, key
    assert by["instant_win"][0][0] == (facts["dragon"] or facts["four_twos"])
    assert by["any_bomb"][0][0] == (facts["four_of_a_kind"] or facts["double_sequence_bomb"])
    quads = sum(1 for r in {int(c.rank) for c in hand} if sum(int(c.rank) == r for c in hand) == 4)
    assert by["bombs"][0][0] == quads
    seen |= {"hand", "instant_win", "any_bomb", "bombs", *facts}
    unknown = set(by) - seen
    assert not unknown, f"figures with no independent check: {sorted(unknown)}"


def test_tienlen_lesson_exercises():
    _figures, exercises, _texts = stored(TL_LESSON)
    by_q = {e["question"]: e for e in exercises}
    assert len(exercises) >= 3
    p4 = tl_exact("four_twos")
    q = next(e for k, e in by_q.items() if "somebody" in k)
    assert Fraction(q["answer"]) == 4 * p4 and fraction_text(4 * p4) in q["explain"] and pct(4 * p4) in q["explain"]
    q = next(e for k, e in by_q.items() if "On average" in k)
    assert Fraction(q["answer"]) == sum(k * tl_twos(k) for k in range(5))
    q = next(e for k, e in by_q.items() if "at least one 2" in k)
    assert Fraction(q["answer"]) == 1 - tl_twos(0) and fraction_text(1 - tl_twos(0)) in q["explain"]
    q = next(e for k, e in by_q.items() if "rarer" in k)
    assert q["answer"] == ("A dragon" if tl_dragon() < p4 else "All four 2s")
    assert pct(tl_dragon()) in q["explain"] and pct(p4) in q["explain"]
    q = next(e for k, e in by_q.items() if "bomb" in k)
    hand = [Card.parse(c) for c in q["cards"]]
    facts = tienlen_hand_facts(hand)
    assert facts["double_sequence_bomb"] and not facts["four_of_a_kind"]
    (answer,) = q["answer"]
    chosen = {Card.parse(c) for c in answer}
    order = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1]
    paired = [r for r in order if sum(int(c.rank) == r for c in hand) >= 2]
    segments, run = [], []
    for r in order:
        if r in paired:
            run.append(r)
        else:
            segments.append(run)
            run = []
    segments = [g for g in segments + [run] if len(g) >= 3]
    assert len(segments) == 1, "the hand holds exactly one run of pairs"
    assert chosen == {c for c in hand if int(c.rank) in segments[0]}
    assert all(e["explain"] for e in exercises)
