"""The Least Score lessons 1–4, 6 and 7: their shape, and every figure and right
answer they state, checked against an independent computation.

The lessons are stored executed; strict ``pytest --nbval`` checks that a fresh
run shows the same text.  This file reads the stored notebooks — figures are
recorded in the outputs' metadata (``cardkit`` → ``figures``), exercises' right
answers too (``cardkit`` → ``exercise`` / ``exercises``) — and recomputes each
one here with its own small implementation of the rules (card values, legal
groups, round scores), never the engine's.  A figure this file does not know
makes it fail, so a new figure in a lesson needs a new check here.
"""

from __future__ import annotations

import itertools
import json
import pathlib
import random
import re
from fractions import Fraction
from functools import lru_cache

import pytest

from cardkit import Card

from _strategy_check import check_strategy_runs

ROOT = pathlib.Path(__file__).resolve().parents[1] / "lessons" / "least_score"
LESSONS = {
    0: ROOT / "00_ten_minute_start.ipynb",
    1: ROOT / "01_cards_and_values.ipynb",
    2: ROOT / "02_legal_discards.ipynb",
    3: ROOT / "03_a_turn.ipynb",
    4: ROOT / "04_declaring_and_scoring.ipynb",
    6: ROOT / "06_strategy.ipynb",
    7: ROOT / "07_play_a_match.ipynb",
}

# --- the rules, written again independently ------------------------------------------------

VALUE = {r: min(r, 10) for r in range(1, 14)}


def value(card: Card) -> int:
    return VALUE[int(card.rank)]


def total(cards) -> int:
    return sum(value(c) for c in cards)


def cards(text) -> list[Card]:
    if isinstance(text, str):
        return [Card.parse(t) for t in text.replace("10", "T").replace("T", "10").split()]
    return [Card.parse(t) for t in text]


SYMBOL = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}


def from_symbols(text: str) -> list[Card]:
    """'A♣ 10♦' → cards."""
    return [Card.parse(tok[:-1] + SYMBOL[tok[-1]]) for tok in text.split()]


def is_run(ranks: list[int]) -> bool:
    if len(ranks) not in (3, 5) or len(set(ranks)) != len(ranks):
        return False
    low = sorted(ranks)
    high = sorted(14 if r == 1 else r for r in ranks)
    return any(r[-1] - r[0] == len(r) - 1 for r in (low, high))


def kind(group) -> str | None:
    ranks = [int(c.rank) for c in group]
    suits = {c.suit for c in group}
    n = len(group)
    if n == 1:
        return "single"
    if n == 2 and ranks[0] == ranks[1]:
        return "pair"
    if n == 4 and len(set(ranks)) == 1:
        return "four_of_a_kind"
    if is_run(ranks):
        return "run"
    if n == 5 and len(suits) == 1:
        return "flush"
    return None


def all_legal(hand) -> list[frozenset]:
    return [frozenset(g) for k in range(1, len(hand) + 1) for g in itertools.combinations(hand, k) if kind(g)]


def scores(totals: list[int], d: int, penalty: int = 20, tie_ok: bool = True) -> list[int]:
    me = totals[d]
    low = min(t for i, t in enumerate(totals) if i != d)
    if me < low or (me == low and tie_ok):
        return [0 if i == d else t - me for i, t in enumerate(totals)]
    return [penalty + me - low if i == d else 0 for i in range(len(totals))]


# --- reading the stored lessons -------------------------------------------------------------

def _text(v) -> str:
    return "".join(v) if isinstance(v, list) else (v or "")


@lru_cache(maxsize=None)
def stored(n: int):
    """(figures {label: [(value, text)]}, exercises [record], texts [output text], markdown)."""
    nb = json.loads(LESSONS[n].read_text(encoding="utf-8"))
    figures: dict = {}
    exercises, texts, markdown = [], [], []
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            markdown.append(_text(cell["source"]))
            continue
        assert cell.get("execution_count"), "the lesson is stored executed"
        for out in cell.get("outputs", []):
            assert out["output_type"] not in ("stream", "error"), f"stray output: {out}"
            text = _text(out.get("data", {}).get("text/plain"))
            texts.append(text)
            meta = out.get("metadata", {}).get("cardkit", {})
            for label, v in meta.get("figures", {}).items():
                figures.setdefault(label, []).append((v, text))
            if "exercise" in meta:
                exercises.append(meta["exercise"])
            exercises.extend(meta.get("exercises", []))
    return figures, exercises, texts, "\n".join(markdown)


CHECKED: set[str] = set()
"""The questions an independent check below has looked at (see ``all_checked``)."""


def find(exercises, words: str) -> dict:
    hits = [e for e in exercises if words in e["question"]]
    assert len(hits) == 1, f"{len(hits)} exercises ask {words!r}"
    CHECKED.add(hits[0]["question"])
    return hits[0]


def all_checked(exercises) -> None:
    """Every exercise of the lesson had its right answer recomputed here."""
    missed = [e["question"] for e in exercises if e["question"] not in CHECKED]
    assert not missed, f"exercises with no independent check: {missed}"


def answer_groups(e) -> set[frozenset]:
    return {frozenset(cards(g)) for g in e["answer"]}


# --- every lesson's shape -----------------------------------------------------------------------

@pytest.mark.parametrize("n", sorted(LESSONS))
def test_every_lesson_has_its_parts(n):
    figures, exercises, texts, markdown = stored(n)
    assert markdown.lstrip().startswith(f"# Least Score {n} ·")
    assert any(t.startswith("What you will learn") for t in texts)
    objectives = next(t for t in texts if t.startswith("What you will learn")).count("•")
    assert 2 <= objectives <= 4
    assert any(t.startswith("Summary\n") for t in texts)
    assert "## Try it yourself" in markdown
    assert len(exercises) >= 3
    assert all(e.get("explain") for e in exercises), "every exercise explains its answer"
    assert any(t.startswith("Scoreboard(Exercises solved: 0 of ") for t in texts)


# --- lesson 0, the ten-minute start ----------------------------------------------------------------

def test_lesson_0_quick_checks():
    figures, exercises, texts, _ = stored(0)
    assert not figures
    e = find(exercises, "K♠ 3♦ A♣ 8♥ Q♣")
    assert Fraction(e["answer"]) == total(from_symbols("K♠ 3♦ A♣ 8♥ Q♣"))
    e = find(exercises, "K♠ K♥ K♦ together")
    assert e["answer"].startswith("No") and kind(from_symbols("K♠ K♥ K♦")) is None
    e = find(exercises, "You declare with 9")
    assert Fraction(e["answer"]) == scores([9, 7, 15], 0)[0]
    all_checked(exercises)


def test_a_number_typed_as_the_answer_is_not_called_exactly_itself():
    """Issue 18: the ten-minute start said "Right! 32 is exactly 32." — said once, as "Right!"."""
    from cardkit.classroom import NumberQuiz
    q = NumberQuiz("What is the hand K♠ 3♦ A♣ 8♥ Q♣ worth?", 32, explain="10 + 3 + 1 + 8 + 10 = 32.")
    q.submit("32")
    assert q.verdict == "right" and q.feedback.startswith("Right!") and "is exactly" not in q.feedback, q.feedback
    q = NumberQuiz("Half?", Fraction(1, 2))
    q.submit("0.5")                      # another way of writing it is still called exact
    assert "0.5 is exactly 1/2" in q.feedback, q.feedback
    for path in LESSONS.values():        # and no stored lesson text says it either
        assert "is exactly 32" not in path.read_text(encoding="utf-8")


# --- lesson 1 -----------------------------------------------------------------------------------

def test_lesson_1_values_and_totals():
    figures, exercises, texts, _ = stored(1)
    names = {"A": 1, "J": 11, "Q": 12, "K": 13}
    seen = set()
    for label, items in figures.items():
        for v, text in items:
            if label in names or label.isdigit():
                assert v == VALUE[names.get(label) or int(label)], label
            elif label.startswith("total "):
                assert v == total(cards(label[6:].split())) and str(v) in text
            elif label in ("lowest total", "highest total"):
                vals = sorted(VALUE[r] for r in range(1, 14) for _ in range(4))
                assert v == (sum(vals[:5]) if label.startswith("lowest") else sum(vals[-5:]))
            elif label in ("ace", "king"):
                assert v == {"ace": 1, "king": 10}[label]
            else:
                continue
            seen.add(label)
    assert not set(figures) - seen, f"unchecked figures: {set(figures) - seen}"
    assert "lowest total five cards can make is 6" in next(t for t in texts if t.startswith("The range"))
    drill = [e for e in exercises if "What is it worth?" in e["question"]]
    assert len(drill) == 6
    for e in drill:
        assert Fraction(e["answer"]) == total(cards(e["cards"]))
        CHECKED.add(e["question"])
    e = find(exercises, "7♣ K♦ 2♥ A♠ 5♣")
    assert Fraction(e["answer"]) == total(from_symbols("7♣ K♦ 2♥ A♠ 5♣"))
    e = find(exercises, "worth 10 points")
    assert answer_groups(e) == {frozenset(c for c in cards(e["cards"]) if value(c) == 10)}
    e = find(exercises, "queen of hearts")
    assert e["answer"] == str(value(Card.parse("QH")))
    e = find(exercises, "worth the least")
    assert e["answer"] == min(e["choices"], key=lambda s: value(from_symbols(s)[0]))
    e = find(exercises, "better to hold")
    assert e["answer"] == min(e["choices"], key=lambda s: total(from_symbols(s)))
    all_checked(exercises)


# --- lesson 2 -----------------------------------------------------------------------------------

def test_lesson_2_discards():
    figures, exercises, texts, _ = stored(2)
    for label, items in figures.items():
        if label == "discards of AC 2D 3S 9H 9C":
            assert items[0][0] == len(all_legal(cards("AC 2D 3S 9H 9C")))
            continue
        for v, _text_ in items:
            assert (None if v == "None" else v) == kind(cards(label.split())), label   # JSON keeps None as "None"
    e = find(exercises, "most points")
    hand = cards(e["cards"])
    legal = all_legal(hand)
    best = max(total(g) for g in legal)
    assert answer_groups(e) == {g for g in legal if total(g) == best}
    e = find(exercises, "How many legal discards")
    assert Fraction(e["answer"]) == len(all_legal(cards("AC 2D 3S 9H 9C")))
    e = find(exercises, "Find every legal discard")
    assert answer_groups(e) == {g for g in all_legal(cards(e["cards"])) if len(g) > 1}
    assert find(exercises, "three kings")["answer"].startswith("No")
    assert find(exercises, "K♠ A♥ 2♦")["answer"].startswith("No") and kind(from_symbols("K♠ A♥ 2♦")) is None
    all_checked(exercises)


# --- lesson 3 -----------------------------------------------------------------------------------

def unseen_mean(seen) -> Fraction:
    rest = [c for c in (Card.from_index(i) for i in range(52)) if c not in set(seen)]
    return Fraction(total(rest), len(rest))


def test_lesson_3_turns():
    figures, exercises, texts, _ = stored(3)
    for label, items in figures.items():
        for v, text in items:
            if label == "E[top of the deck]":
                hand, opens = stored_position(text)
                assert Fraction(v) == unseen_mean(hand + opens)
            elif label == "E[one card]":
                assert Fraction(v) == Fraction(340, 52)
            elif label.startswith("discard "):
                check_move(label, Fraction(v), text)
            else:
                raise AssertionError(f"unchecked figure {label}")
    for e in exercises:
        if e["kind"] == "TakeOrDrawQuiz":
            p = e["position"]
            hand, group, opens, seen = (cards(p[k]) for k in ("hand", "discard", "open", "seen"))
            low = min(opens, key=value)
            deck = unseen_mean(hand + opens + seen)
            assert e["answer"] == e["choices"][0 if value(low) < deck else 1]
            assert str(low) in e["choices"][0]
            CHECKED.add(e["question"])
    e = find(exercises, "eight small cards")
    assert Fraction(e["answer"]) == unseen_mean(cards("AC AD 2S 2H 3C 4D 3H 4S"))
    e = find(exercises, "new total")
    assert Fraction(e["answer"]) == total(cards("2C 5D KS 3S"))
    assert find(exercises, "How many cards")["answer"] == "3"
    all_checked(exercises)


def stored_position(_text_):
    """The lesson's real game: seed 3, three players, Player 0's first turn."""
    from cardkit.least_score import Rules, new_game  # dealing is the engine's job, not a rule

    state = new_game(Rules(players=3), seed=3)
    return list(state.hand(0)), list(state.open_cards)


def check_move(label: str, v: Fraction, text: str) -> None:
    m = re.search(r"Hand (.+?) \(total (\d+)\), open cards (.+?)(?:, also seen (.+?))?: the", text)
    hand, opens = from_symbols(m.group(1)), from_symbols(m.group(3))
    seen = from_symbols(m.group(4)) if m.group(4) else []
    assert int(m.group(2)) == total(hand)
    mv = re.fullmatch(r"discard (.+?), (take (.+)|draw from the deck)", label)
    group = from_symbols(mv.group(1))
    assert kind(group) and set(group) <= set(hand)
    take = value(from_symbols(mv.group(3))[0]) if mv.group(3) else unseen_mean(hand + opens + seen)
    assert v == total(hand) - total(group) + take, label
    # and it is among the best moves: none of the moves not shown is lower
    best = min(total(hand) - total(g) + min([value(o) for o in opens] + [unseen_mean(hand + opens + seen)])
               for g in all_legal(hand))
    assert v >= best


# --- lesson 4 -----------------------------------------------------------------------------------

def test_lesson_4_scoring():
    figures, exercises, texts, _ = stored(4)
    seen = set()
    for label, items in figures.items():
        m = re.fullmatch(r"scores \[(.+)\] declarer (\d+)(?: tie_is_success=(\w+) penalty=(\d+))?", label)
        for v, _t in items:
            if m:
                totals = [int(x) for x in m.group(1).split(", ")]
                tie_ok = m.group(3) != "False"
                penalty = int(m.group(4) or 20)
                assert v == scores(totals, int(m.group(2)), penalty, tie_ok), label
            elif label == "success example":
                assert v == scores([10, 16, 17], 0) == [0, 6, 7]
            elif label == "failure example":
                assert v == scores([10, 8, 15], 0) == [22, 0, 0]
            elif label == "tie default":
                assert v == scores([9, 9, 20], 0) == [0, 0, 11]
            elif label == "tie fails":
                assert v == scores([9, 9, 20], 0, tie_ok=False) == [20, 0, 0]
            else:
                continue
            seen.add(label)
    # the match: every round scored again, the running scores added up, the knock-out at 50
    running = [0, 0, 0]
    rounds = sorted((k for k in figures if k.startswith("round ")), key=lambda k: int(k.split()[1]))
    for k in rounds:
        r = figures[k][0][0]
        alive = [p for p in range(3) if r["totals"][p] is not None]
        ts = [r["totals"][p] for p in alive]
        mine = scores(ts, alive.index(r["declarer"]))
        assert [r["scores"][p] for p in alive] == mine, k
        running = [a + b for a, b in zip(running, r["scores"])]
        assert r["running"] == running
        assert r["knocked_out"] == [p for p in range(3) if running[p] > 50 and running[p] - r["scores"][p] <= 50]
        seen.add(k)
    assert figures["final"][0][0] == running and any(x > 50 for x in running)
    low = min(x for x in running if x <= 50)
    assert figures["winners"][0][0] == [p for p in range(3) if running[p] == low]
    seen |= {"final", "winners"}
    assert not set(figures) - seen, f"unchecked figures: {set(figures) - seen}"
    e = find(exercises, "A declares with 12")
    assert Fraction(e["answer"]) == scores([12, 15, 21], 0)[2]
    e = find(exercises, "A declares with 14")
    assert Fraction(e["answer"]) == scores([14, 11, 20], 0)[0]
    e = find(exercises, "a tie is a failure")
    tie = scores([9, 9, 20], 0, tie_ok=False)
    assert e["answer"] == f"A {tie[0]}, B {tie[1]}, C {tie[2]}"
    e = find(exercises, "running score is 88")
    assert Fraction(e["answer"]) == 88 + scores([17, 12, 25], 0)[0] and "knocked out" in e["explain"]
    e = find(exercises, "What did Player")
    m = re.search(r"Player (\d) declared with (\d+) and Player (\d) held (\d+)", e["question"])
    last = figures[rounds[-1]][0][0]
    assert int(m.group(2)) == last["totals"][int(m.group(1))] and int(m.group(4)) == last["totals"][int(m.group(3))]
    assert Fraction(e["answer"]) == int(m.group(4)) - int(m.group(2))
    e = find(exercises, "a tie is a failure")
    all_checked(exercises)


# --- lesson 6 -----------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def declare_moments(matches: int = 80, seed: int = 1):
    """Replay the lesson's study: greedy bots, and at every moment a player may
    declare, whether the declaration would succeed (by this file's own scoring)."""
    from cardkit.least_score import BOTS, Rules, new_game

    bot = BOTS["greedy"]
    master = random.Random(seed)
    by_total: dict[int, list[int]] = {}
    by_round: dict[int, list[int]] = {}
    for _ in range(matches):
        s = master.randrange(2 ** 30)
        state = new_game(Rules(players=4), s)
        rng = random.Random(s)
        while not state.is_terminal():
            p = state.current_player()
            alive = state.players_in()
            if state.can_declare():
                mine = total(state.hand(p))
                others = min(total(state.hand(q)) for q in alive if q != p)
                ok = int(mine <= others)
                rnd = len(state.turns) // len(alive) + 1
                by_total.setdefault(mine, [0, 0])
                by_total[mine][0] += ok
                by_total[mine][1] += 1
                by_round.setdefault(rnd, [0, 0])
                by_round[rnd][0] += ok
                by_round[rnd][1] += 1
            state.apply_action(bot(state.observation(p), rng))
    return by_total, by_round


def test_lesson_6_strategy():
    figures, exercises, texts, _ = stored(6)
    by_total, by_round = declare_moments()
    seen = set()
    for label, items in figures.items():
        v = items[0][0]
        if m := re.fullmatch(r"success at total (\d+)", label):
            s, n = by_total[int(m.group(1))]
            assert Fraction(v) == Fraction(s, n), label
        elif m := re.fullmatch(r"success in round (\d+)", label):
            s, n = by_round[int(m.group(1))]
            assert Fraction(v) == Fraction(s, n), label
        elif label == "even cut":
            shown = [int(k.split()[-1]) for k in figures if k.startswith("success at total ")]
            assert v == max(t for t in shown if Fraction(*by_total[t]) >= Fraction(1, 2))
        elif label in ("success at 10", "success at 25"):
            t = int(label.split()[-1])
            assert Fraction(v) == Fraction(*by_total[t])
        elif m := re.fullmatch(r"(.+) (win rate|wins|seats|mean score)", label):
            continue  # checked per table below
        elif re.fullmatch(r"run \d+", label):
            continue  # the strategy builder's runs, checked below
        else:
            raise AssertionError(f"unchecked figure {label}")
        seen.add(label)
    # the tournament table: wins over seats, seats add up to 4 per match, the line-up's own tournament again
    tables = {}
    for label, items in figures.items():
        m = re.fullmatch(r"(.+) (win rate|wins|seats|mean score)", label)
        if m:
            for i, (v, text) in enumerate(items):
                tables.setdefault(text, {}).setdefault(m.group(1), {})[m.group(2)] = v
    assert len(tables) == 1
    for text, bots in tables.items():
        matches = int(re.match(r"(\d+) matches", text).group(1))
        assert sum(b["seats"] for b in bots.values()) == 4 * matches
        assert abs(sum(b["wins"] for b in bots.values()) - matches) < 1e-9
        for b in bots.values():
            assert abs(b["win rate"] - b["wins"] / b["seats"]) < 1e-12
    from cardkit.least_score import BOTS
    from cardkit.tournament import tournament

    (builtin,) = tables.values()
    line_up = [*BOTS] + ["random"] * (4 - len(BOTS))
    again = tournament("least_score", line_up, matches=60, seed=1, workers=0, progress=False)
    for row in again.table():
        assert builtin[row.bot]["wins"] == row.wins and builtin[row.bot]["seats"] == row.seats_played
    runs = check_strategy_runs("least_score", figures)
    # the exercises
    e = find(exercises, "at a total of 10")
    assert Fraction(e["answer"]) == Fraction(*by_total[10])
    e = find(exercises, "highest win rate")
    assert e["answer"] == max(builtin, key=lambda b: builtin[b]["win rate"])
    assert find(exercises, "total is 25")["answer"].startswith("No") and Fraction(*by_total[25]) < Fraction(1, 10)
    e = find(exercises, "which way of declaring is better")
    a, b = runs[-2:]
    overlap = a["interval"][0] <= b["interval"][1] and b["interval"][0] <= a["interval"][1]
    better = "A" if a["wins"] > b["wins"] else "B"
    assert e["answer"] == ("Neither: the 95% intervals overlap" if overlap else
                           {"A": "A: declaring at 8 or less", "B": "B: declaring already at 12"}[better])
    assert (a["policy"]["declare_at"], b["policy"]["declare_at"]) == (8, 12)
    all_checked(exercises)


# --- lesson 7 -----------------------------------------------------------------------------------

def test_lesson_7_the_class_deal():
    from cardkit.cards import seed_from_code
    from cardkit.least_score import Rules, new_game

    figures, exercises, texts, _ = stored(7)
    assert figures["deal code"][0][0] == "K7Q-29X"
    hand = new_game(Rules(players=4, threshold=50), seed_from_code("K7Q-29X")).hand(0)
    assert figures["starting total"][0][0] == total(hand)
    e = find(exercises, "what is your new total")
    state = new_game(Rules(players=4, threshold=50), seed_from_code("K7Q-29X"))
    top = state.open_cards[0]
    assert f"Your hand totals {total(hand)}." in e["question"] and str(top) in e["question"]
    assert Fraction(e["answer"]) == total(hand) - value(Card.parse("KC")) + value(top)
    e = find(exercises, "gets rid of the most points")
    assert {frozenset(cards(x)) for x in [e["cards"]]} == {frozenset(hand)}
    legal = all_legal(hand)
    best = max(total(g) for g in legal)
    assert answer_groups(e) == {g for g in legal if total(g) == best}
    assert find(exercises, "very first turn")["answer"].startswith("No")
    assert find(exercises, "exactly the cards")["answer"].startswith("The deal code")
    all_checked(exercises)
