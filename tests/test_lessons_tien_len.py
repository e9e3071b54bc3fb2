"""The Tiến Lên lessons (1–3, 5, 6) and the start page, checked from their stored outputs.

Every figure a lesson records (``cardkit`` → ``figures`` in an output's metadata)
and every exercise's right answer (``cardkit`` → ``exercise``) is recomputed here
with a small, separate reading of ``rules/tien-len.md`` — its own card order, its
own classifier and its own beating rule, over every subset of a hand — not with
the engine.  A figure or an exercise this file does not recognise makes it fail.
The shape of each lesson is checked too: a title, objectives, at least three
exercises, "Try it yourself", a summary and a scoreboard, no stray output.
"""

from __future__ import annotations

import itertools
import json
import math
import pathlib
import re
from collections import Counter

import pytest

from cardkit import parse_cards

from _strategy_check import check_strategy_runs

ROOT = pathlib.Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
TL = LESSONS / "tien_len"
OURS = ["00_ten_minute_start", "01_card_order", "02_combinations", "03_beating_and_bombs", "05_strategy", "06_play_a_game"]
LEAST_SCORE = ["00_ten_minute_start", "01_cards_and_values", "02_legal_discards", "03_a_turn", "04_declaring_and_scoring",
               "05_probability", "06_strategy", "07_play_a_match"]
TIEN_LEN = ["00_ten_minute_start", "01_card_order", "02_combinations", "03_beating_and_bombs", "04_probability", "05_strategy",
            "06_play_a_game"]


# --- the rules, read again independently ------------------------------------------------

ORDER = "3 4 5 6 7 8 9 10 J Q K A 2".split()
SUITS = "SCDH"


def rank_place(card) -> int:
    return ORDER.index(card.code[:-1])


def place(card) -> int:
    return rank_place(card) * 4 + SUITS.index(card.code[-1])


def kind(cards) -> str | None:
    cards = list(cards)
    if not cards:
        return None
    counts = Counter(rank_place(c) for c in cards)
    ranks = sorted(counts)
    if len(ranks) == 1:
        return {1: "single", 2: "pair", 3: "triple", 4: "four_of_a_kind"}[len(cards)]
    in_a_row = ranks == list(range(ranks[0], ranks[0] + len(ranks))) and ORDER.index("2") not in ranks
    if in_a_row and len(ranks) >= 3 and set(counts.values()) == {1}:
        return "sequence"
    if in_a_row and len(ranks) >= 3 and set(counts.values()) == {2}:
        return "double_sequence"
    return None


def key(cards):
    return max(cards, key=place)


def beats(play, table) -> bool:
    kp, kt = kind(play), kind(table)
    assert kt is not None
    if kp is None:
        return False
    if kp == kt and len(play) == len(table):
        return place(key(play)) > place(key(table))
    all_twos = all(c.code.startswith("2") for c in table)
    if all_twos:
        if kp == "four_of_a_kind":
            return len(table) == 1
        if kp == "double_sequence":
            return len(play) // 2 >= len(table) + 2
    return False


def subsets(hand):
    hand = list(hand)
    for n in range(1, len(hand) + 1):
        yield from itertools.combinations(hand, n)


def cards_of(text: str):
    return parse_cards(text.replace("♠", "S ").replace("♣", "C ").replace("♦", "D ").replace("♥", "H "))


# --- reading the stored notebooks ---------------------------------------------------------

def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else (value or "")


def load(path: pathlib.Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def outputs(nb: dict):
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            yield from cell.get("outputs", [])


def figures(nb: dict) -> dict:
    out = {}
    for o in outputs(nb):
        out.update(o.get("metadata", {}).get("cardkit", {}).get("figures", {}))
    return out


def exercises(nb: dict) -> list:
    return [o["metadata"]["cardkit"]["exercise"] for o in outputs(nb)
            if "exercise" in o.get("metadata", {}).get("cardkit", {})]


def markdown(nb: dict) -> str:
    return "\n".join(_text(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def present(name: str) -> list:
    path = TL / f"{name}.ipynb"
    return [path] if path.exists() else []


LESSON_PATHS = [p for name in OURS for p in present(name)]


# --- every lesson's shape -------------------------------------------------------------------

@pytest.mark.parametrize("path", LESSON_PATHS, ids=lambda p: p.stem)
def test_lesson_shape(path):
    nb = load(path)
    first = _text(nb["cells"][0]["source"])
    assert first.startswith("# Tiến Lên "), "a lesson opens with its title"
    texts = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        assert cell.get("execution_count"), "stored executed"
        assert len(_text(cell["source"]).splitlines()) <= 12, f"a code cell is too long: {_text(cell['source'])[:80]}"
        for o in cell.get("outputs", []):
            assert o["output_type"] not in ("stream", "error"), f"stray output: {o}"
            texts.append(_text(o.get("data", {}).get("text/plain")))
    assert "widgets" not in nb["metadata"], "widget state is not stored"
    assert any(t.startswith("What you will learn") for t in texts)
    assert any(t.startswith("Summary") for t in texts)
    assert texts[-1].startswith("Scoreboard(") or any(t.startswith("Scoreboard(") for t in texts[-3:])
    assert len(exercises(nb)) >= 3
    assert "## Try it yourself" in markdown(nb)
    n_obj = next(t for t in texts if t.startswith("What you will learn")).count("•")
    assert 2 <= n_obj <= 4


# --- exercises: each right answer recomputed ---------------------------------------------------

def check_exercise(ex: dict) -> None:
    q, kind_ = ex["question"], ex["kind"]
    if m := re.fullmatch(r"Which card is higher: (\S+) or (\S+)\?", q):
        a, b = cards_of(m[1])[0], cards_of(m[2])[0]
        assert ex["answer"] == str(max(a, b, key=place)), q
    elif m := re.fullmatch(r"What is (.+)\?", q):
        k = kind(cards_of(m[1]))
        words = {"single": "a single", "pair": "a pair", "triple": "a triple", "four_of_a_kind": "a four of a kind",
                 "sequence": "a sequence", "double_sequence": "a double sequence", None: "not a combination"}
        assert ex["answer"] == words[k], q
    elif m := re.fullmatch(r"On the table: (.+?) \(.+\)\. Can (.+) beat it\?", q):
        ok = beats(cards_of(m[2]), cards_of(m[1]))
        assert ex["answer"] == ("Yes, it beats it" if ok else "No, it does not"), q
    elif q.startswith("Select the key card of this"):
        hand = parse_cards(" ".join(ex["cards"]))
        assert kind(hand) is not None
        assert ex["answer"] == [[key(hand).code]]
    elif q.startswith("Select the highest card"):
        hand = parse_cards(" ".join(ex["cards"]))
        assert ex["answer"] == [[max(hand, key=place).code]]
    elif q.startswith("And now the lowest card"):
        hand = parse_cards(" ".join(ex["cards"]))
        assert ex["answer"] == [[min(hand, key=place).code]]
        # what the question says about the dealt hand must hold for the hand shown
        if "has no 3♠" in q:
            assert "3S" not in [c.code for c in hand], q
        if m := re.search(r"(\d+) of its cards are (\w+)s \((.+?)\)", q):
            low_rank = min(rank_place(c) for c in hand)
            lows = [c for c in hand if rank_place(c) == low_rank]
            assert int(m[1]) == len(lows) and m[2] == ORDER[low_rank], q
            assert sorted(cards_of(m[3]), key=place) == sorted(lows, key=place), q
    elif m := re.fullmatch(r"How many of the 52 cards are higher than (\S+)\?", q):
        from cardkit import full_deck
        card = cards_of(m[1])[0]
        assert int(ex["answer"]) == sum(1 for c in full_deck() if place(c) > place(card))
    elif q == "How many different pairs can you make from this hand?":
        # the hand is the one of the 'Select a … in this hand' exercises of the same lesson
        hand = parse_cards("3S 4D 5C 6H 7S 7H 8S 8D 9C 9H JD JC 2S")
        counts = Counter(rank_place(c) for c in hand)
        assert int(ex["answer"]) == sum(math.comb(n, 2) for n in counts.values())
    elif m := re.fullmatch(r"Select an? (sequence|double sequence|pair|triple|single)(?: of (\d+) cards)? in this hand.*", q):
        hand = parse_cards(" ".join(ex["cards"]))
        want = m[1].replace(" ", "_")
        found = [s for s in subsets(hand) if kind(s) == want and (m[2] is None or len(s) == int(m[2]))]
        assert {frozenset(a) for a in ex["answer"]} == {frozenset(c.code for c in s) for s in found}, q
        assert re.search(rf"holds {len(found)} different", ex["explain"]), (q, len(found), ex["explain"])
    elif m := re.fullmatch(r"On the table: (.+?) \(.+\)\. Select cards from your hand that beat it.*", q):
        hand, table = parse_cards(" ".join(ex["cards"])), cards_of(m[1])
        found = [s for s in subsets(hand) if beats(s, table)]
        assert {frozenset(a) for a in ex["answer"]} == {frozenset(c.code for c in s) for s in found}, q
        assert re.search(rf"has {len(found)} different play", ex["explain"]), (q, len(found))
    elif m := re.fullmatch(r"On the table: (.+?)\. Which of these may you play on it\?", q):
        table = cards_of(m[1])
        assert kind(table) == "triple" and {rank_place(c) for c in table} == {ORDER.index("2")}, q
        legal = [c for c in ex["choices"] if beats(cards_of(c.split(" (")[0]), table)]
        assert legal == [ex["answer"]], q                  # one right answer: five pairs in a row
        assert "five pairs in a row" in ex["answer"]
        assert all(ex["why"][c].startswith("No: ") for c in ex["choices"] if c != ex["answer"])
    else:
        check_strategy_exercise(ex)


def fewest(cards) -> int:
    """The fewest combinations ``cards`` split into, by this file's own classifier."""
    cards = tuple(sorted(cards, key=place))
    memo: dict = {}

    def go(rest: tuple) -> int:
        if not rest:
            return 0
        if rest not in memo:
            low, others = rest[0], rest[1:]
            memo[rest] = 1 + min(go(tuple(c for c in others if c not in s))
                                 for s in ((low,) + t for n in range(len(others) + 1)
                                           for t in itertools.combinations(others, n))
                                 if kind(s) is not None)
        return memo[rest]

    return go(cards)


STRATEGY_HAND = "4S 5D 6C 7H 8S 9D 10H JH KD"     # lesson 5, "Should you break up a sequence?"


def check_strategy_exercise(ex: dict) -> None:
    """Exercises of lessons 5 and 6."""
    q = ex["question"]
    if m := re.fullmatch(r"The table shows (\S+)\. Which single is the best answer for your hand\?", q):
        hand, table = parse_cards(STRATEGY_HAND), cards_of(m[1])
        singles = [c for c in hand if beats([c], table)]
        assert sorted(ex["choices"]) == sorted(str(c) for c in singles)
        left = {c: fewest([x for x in hand if x != c]) for c in singles}
        best = [c for c in singles if left[c] == min(left.values())]
        assert len(best) == 1, "every equally good answer must be accepted: keep one best answer"
        assert ex["answer"] == str(best[0]) == "K♦"
    elif q == "Which bot won the largest share of its matches?":
        assert ex["answer"] in ex["choices"]          # checked with the figures of lesson 5
    elif q.startswith("Do these") and "holding 2s" in q:
        nb = load(TL / "05_strategy.ipynb")
        runs = [figures(nb)[k] for k in sorted(k for k in figures(nb) if k.startswith("run "))][-2:]
        (al, ah), (bl, bh) = runs[0]["interval"], runs[1]["interval"]
        overlap = al <= bh and bl <= ah
        assert ex["answer"] == ("No: the intervals overlap, so the difference could be chance" if overlap
                                else "Yes: the intervals do not overlap"), q
    elif m := re.fullmatch(r"Player (\d) holds the 3♠ and starts the match\. May they lead with the pair (.+)\?", q):
        pair = cards_of(m[2])
        assert kind(pair) == "pair"
        # the first play of the match must contain 3♠
        assert ex["answer"] == ("No" if "3S" not in [c.code for c in pair] else "Yes: a pair is a combination")
    elif q.startswith("You pass on a pair of 9s"):
        assert ex["answer"] == "No, not until the table is cleared"       # the rule book's default
    elif m := re.fullmatch(r"You are dealt (.+)\. What happens\?", q):
        hand = cards_of(m[1])
        ranks = {rank_place(c) for c in hand}
        dragon = set(range(12)) <= ranks
        four_twos = sum(c.code.startswith("2") for c in hand) == 4
        assert ex["answer"] == ("It wins the game at once: a dragon" if dragon else
                                "It wins the game at once: all four 2s" if four_twos else
                                "Nothing special: play begins as usual")
        assert dragon                                                     # worked example 7
    elif q.startswith(("Four players: you go out second.", "You go out second.")):   # four players
        assert int(ex["answer"]) == 4 - 2                                  # the k-th out of n scores n − k
    elif m := re.fullmatch(r"How many points did Player (\d) score in game 1\?", q):
        assert int(ex["answer"]) == 4 - 2                                  # second out of four: n − k
    elif q.startswith("The match went on to"):
        totals = [int(t) for t in re.findall(r"Player \d: (\d+)", q)]
        games = int(ex["answer"])
        # each game hands out 3+2+1+0 = 6 points, or 3 after an instant win
        instant = (6 * games - sum(totals)) / 3
        assert instant == int(instant) and 0 <= instant <= games
        assert max(totals) >= 21
    else:
        raise AssertionError(f"an exercise with no independent check: {q!r} ({ex['kind']})")


@pytest.mark.parametrize("path", LESSON_PATHS, ids=lambda p: p.stem)
def test_exercise_answers(path):
    exs = exercises(load(path))
    assert exs
    for ex in exs:
        check_exercise(ex)


# --- figures: each recomputed ---------------------------------------------------------------------

def test_card_order_figures():
    figs = figures(load(TL / "01_card_order.ipynb"))
    from cardkit import full_deck
    deck = list(full_deck())
    assert figs.pop("lowest card") == min(deck, key=place).code == "3S"
    assert figs.pop("highest card") == max(deck, key=place).code == "2H"
    ten = parse_cards("10D")[0]
    assert figs.pop("cards above 10D") == sum(1 for c in deck if place(c) > place(ten))
    example = figs.pop("example places")
    # worked example 1: 3♠ < 3♥ < 4♠ < A♥ < 2♠ < 2♥
    assert sorted(example, key=example.get) == ["3♠", "3♥", "4♠", "A♥", "2♠", "2♥"]
    assert all(v == place(cards_of(c)[0]) for c, v in example.items())
    assert not figs, f"figures with no independent check: {sorted(figs)}"


def test_combinations_figures():
    figs = figures(load(TL / "02_combinations.ipynb"))
    hand = parse_cards("3S 4D 5C 6H 7S 7H 8S 8D 9C 9H JD JC 2S")
    every = list(subsets(hand))
    assert figs.pop("longest sequence") == len(ORDER) - 1 == 12
    assert figs.pop("pairs in hand") == sum(1 for s in every if kind(s) == "pair")
    assert figs.pop("sequences in hand") == sum(1 for s in every if kind(s) == "sequence")
    assert figs.pop("double sequences in hand") == sum(1 for s in every if kind(s) == "double_sequence")
    # worked example 4: J-Q-K-A is a sequence; Q-K-A-2 and K-A-2-3 are not; 2-2 a pair; 2-2-2 a triple
    expected = {"J♠ Q♦ K♥ A♣": "sequence", "Q♠ K♦ A♥ 2♣": None, "K♠ A♦ 2♥ 3♣": None, "2♠ 2♥": "pair",
                "2♠ 2♦ 2♥": "triple"}
    for cards, k in expected.items():
        assert figs.pop(cards) == (k or "not a combination")
        assert kind(cards_of(cards)) == k
    assert not figs, f"figures with no independent check: {sorted(figs)}"


def test_beating_figures():
    figs = figures(load(TL / "03_beating_and_bombs.ipynb"))
    # the rule book's worked examples 2, 3, 5 and 6, as stated there
    stated = {("9♣ 9♥", "9♠ 9♦"): True, ("10♠ 10♣", "9♦ 9♥"): True, ("5♠ 6♠ 7♥", "5♥ 6♥ 7♦"): True,
              ("5♠ 6♠ 7♥", "4♠ 5♥ 6♥ 7♦"): False, ("7♠ 7♣ 8♦ 8♥ 9♠ 9♥", "2♠"): True,
              ("7♠ 7♣ 8♦ 8♥ 9♠ 9♥", "2♠ 2♥"): False, ("4♠ 4♣ 4♦ 4♥", "2♥"): True,
              ("6♠ 6♣ 6♦ 6♥", "4♠ 4♣ 4♦ 4♥"): True, ("4♠ 4♣ 4♦ 4♥", "2♠ 2♥"): False}
    for (p, t), ok in stated.items():
        assert figs.pop(f"{p} | {t}") is ok
        assert beats(cards_of(p), cards_of(t)) is ok
    for label in [k for k in figs if " | " in k]:
        p, t = label.split(" | ")
        assert figs.pop(label) is beats(cards_of(p), cards_of(t)), label
    grid_bombs = ["4♠ 4♣ 4♦ 4♥", "3♠ 3♣ 4♦ 4♥ 5♠ 5♣", "3♠ 3♣ 4♦ 4♥ 5♠ 5♣ 6♦ 6♥", "3♠ 3♣ 4♦ 4♥ 5♠ 5♣ 6♦ 6♥ 7♠ 7♣"]
    chops = {t: sum(beats(cards_of(b), cards_of(t)) for b in grid_bombs) for t in ["2♥", "2♠ 2♥", "2♠ 2♦ 2♥"]}
    assert figs.pop("bombs chopping a single 2") == chops["2♥"] == 4
    assert figs.pop("bombs chopping a pair of 2s") == chops["2♠ 2♥"] == 2
    assert figs.pop("bombs chopping three 2s") == chops["2♠ 2♦ 2♥"] == 1
    assert not figs, f"figures with no independent check: {sorted(figs)}"


def test_independent_rules_agree_with_the_rule_book():
    """The rule book's worked examples hold for this file's own reading of the rules."""
    c = cards_of
    assert [place(x) for x in c("3♠ 3♥ 4♠ A♥ 2♠ 2♥")] == sorted(place(x) for x in c("3♠ 3♥ 4♠ A♥ 2♠ 2♥"))
    assert kind(c("J♠ Q♦ K♥ A♣")) == "sequence" and kind(c("Q♠ K♦ A♥ 2♣")) is None
    assert kind(c("7♠ 7♣ 8♦ 8♥ 9♠ 9♥")) == "double_sequence" and key(c("7♠ 7♣ 8♦ 8♥ 9♠ 9♥")).code == "9H"
    assert beats(c("7♠ 7♣ 8♦ 8♥ 9♠ 9♥"), c("2♥")) and not beats(c("7♠ 7♣ 8♦ 8♥ 9♠ 9♥"), c("2♠ 2♥"))
    assert not beats(c("5♠ 6♠ 7♥"), c("4♠ 5♥ 6♥ 7♦"))


# --- the start page ---------------------------------------------------------------------------------

START = LESSONS / "00_start_here.ipynb"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def start_links() -> list[str]:
    return LINK.findall(markdown(load(START)))


def test_start_page_puts_the_ten_minute_starts_first():
    links = [x for x in start_links() if x.endswith(".ipynb")]
    assert links[:2] == ["least_score/00_ten_minute_start.ipynb", "tien_len/00_ten_minute_start.ipynb"]


def test_ten_minute_starts_play_with_the_coach():
    for game, table in (("least_score", "LeastScoreTable("), ("tien_len", "TienLenTable(")):
        nb = load(LESSONS / game / "00_ten_minute_start.ipynb")
        code = [_text(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
        assert any(table in s and "coach=True" in s for s in code), game
        assert "About 10 minutes" in _text(nb["cells"][0]["source"])


def test_every_lesson_states_its_time():
    for path in sorted(p for game in ("least_score", "tien_len") for p in LESSONS.glob(f"{game}/[0-9][0-9]_*.ipynb")):
        first = _text(load(path)["cells"][0]["source"])
        assert re.search(r"About \d+ minutes", first), f"{path.name} does not say how long it takes"


def test_start_page_links_every_lesson():
    links = start_links()
    expected = [f"least_score/{n}.ipynb" for n in LEAST_SCORE] + [f"tien_len/{n}.ipynb" for n in TIEN_LEN]
    for target in expected:
        assert target in links, f"the start page does not link {target}"
    on_disk = sorted(str(p.relative_to(LESSONS)) for game in ("least_score", "tien_len") for p in LESSONS.glob(f"{game}/[0-9][0-9]_*.ipynb"))
    for target in on_disk:
        assert target in links, f"the lesson {target} is not linked from the start page"


def test_start_page_links_are_relative_and_exist():
    links = [x for x in start_links() if not x.startswith("#")]
    assert links
    missing = []
    for target in links:
        assert not re.match(r"^[a-z]+:|^/", target), f"{target}: use a relative link (it must work in JupyterLab and Voilà)"
        assert target.endswith(".ipynb"), target
        if not (LESSONS / target).exists():
            missing.append(target)
    assert not missing, f"the start page links notebooks that do not exist: {missing}"


def test_lessons_link_back_and_on():
    """Each of our lessons ends with links to the next lesson and to the start page, and they exist."""
    for path in LESSON_PATHS:
        links = LINK.findall(markdown(load(path)))
        assert "../00_start_here.ipynb" in links, path.name
        for target in links:
            assert (path.parent / target).resolve().exists(), f"{path.name} links {target}, which does not exist"


_TOURNAMENT_FIGURE = re.compile(r"(.+) (win rate|wins|seats|mean score)")


def _is_tournament_table(output: dict) -> bool:
    return re.match(r"\d+ matches of ", _text(output.get("data", {}).get("text/plain"))) is not None


def tournament_tables(nb: dict) -> dict:
    """{first line of a tournament table: {bot: {'win rate', 'wins', 'seats', 'mean score'}}}."""
    tables = {}
    for o in filter(_is_tournament_table, outputs(nb)):
        bots = {}
        for label, value in o["metadata"]["cardkit"]["figures"].items():
            m = _TOURNAMENT_FIGURE.fullmatch(label)
            bots.setdefault(m.group(1), {})[m.group(2)] = value
        tables[_text(o["data"]["text/plain"]).splitlines()[0]] = bots
    return tables


def test_strategy_figures():
    nb = load(TL / "05_strategy.ipynb")
    figs = {}
    for o in outputs(nb):
        if not _is_tournament_table(o):
            figs.update(o.get("metadata", {}).get("cardkit", {}).get("figures", {}))
    # play_options tables: fewest plays left after each play, recomputed
    tables = {(STRATEGY_HAND, "7♦"): "K♦", ("3S 4D 5C 6H 7S 9D KH", "6♠"): "9♦"}
    for (hand_text, table), stated_best in tables.items():
        hand = parse_cards(hand_text)
        singles = [c for c in hand if beats([c], cards_of(table))]
        for c in singles:
            assert figs.pop(f"{c} on {table}") == fewest([x for x in hand if x != c]), (table, str(c))
        best = min(singles, key=lambda c: (fewest([x for x in hand if x != c]), place(c)))
        assert figs.pop(f"best on {table}") == str(best) == stated_best
    # tournament tables: each consistent in itself (wins over seats, four seats a match, one winner a
    # match), and the built-in line-up's tournament played again gives the same table
    t = tournament_tables(nb)
    assert set(t) == {"60 matches of Tiến Lên; seats rotate each match. Score = points won per match "
                      "(higher is better)"}
    for caption, bots in t.items():
        matches = int(caption.split()[0])
        assert sum(b["seats"] for b in bots.values()) == 4 * matches
        assert sum(b["wins"] for b in bots.values()) == matches
        for b in bots.values():
            assert abs(b["win rate"] - b["wins"] / b["seats"]) < 1e-12
    from cardkit.tienlen import BOTS
    from cardkit.tournament import tournament

    (builtin,) = t.values()
    again = tournament("tienlen", [*BOTS] + ["random"] * (4 - len(BOTS)), matches=60, seed=1, workers=0,
                       progress=False)
    for row in again.table():
        assert builtin[row.bot] == {"win rate": row.win_rate, "wins": row.wins, "seats": row.seats_played,
                                    "mean score": row.mean_score}
    rates = {bot: b["win rate"] for bot, b in builtin.items()}
    assert figs.pop("best bot") == max(rates, key=rates.get)
    assert abs(figs.pop("best win rate") - max(rates.values())) < 1e-12
    runs = check_strategy_runs("tienlen", {k: figs.pop(k) for k in [k for k in figs if re.fullmatch(r"run \d+", k)]})
    a, b = runs[-2:]
    assert (a["policy"]["twos"], b["policy"]["twos"]) == ("when_needed", "early")
    assert figs.pop("A vs B") == [a["win rate"], b["win rate"]]
    overlap = a["interval"][0] <= b["interval"][1] and b["interval"][0] <= a["interval"][1]
    assert figs.pop("intervals overlap") == overlap

    assert not figs, f"figures with no independent check: {sorted(figs)}"





def test_play_a_game_figures():
    figs = figures(load(TL / "06_play_a_game.ipynb"))
    order, scores = figs.pop("game 1 order"), figs.pop("game 1 scores")
    assert sorted(order) == [0, 1, 2, 3]
    for k, player in enumerate(order, start=1):
        assert scores[player] == 4 - k                     # the k-th out scores n − k
    target = figs.pop("target")
    assert target == 21                                    # the rule book's default
    totals, games = figs.pop("match totals"), figs.pop("games in the seeded match")
    assert max(totals) >= target                            # the match ends at the target
    instant = (6 * games - sum(totals)) / 3
    assert instant == int(instant) and 0 <= instant <= games
    assert not figs, f"figures with no independent check: {sorted(figs)}"


def test_play_a_game_reads_the_deal_from_the_address():
    from cardkit import seed_from_code
    nb = load(TL / "06_play_a_game.ipynb")
    code = [_text(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    at = next(i for i, s in enumerate(code) if "deal_seed_from_url(" in s and "import" not in s)
    m = re.fullmatch(r"seed = deal_seed_from_url\(default='([0-9A-Z-]+)'\)", code[at].strip())
    assert m, "the deal is read from the page address in a cell of its own"
    seed_from_code(m[1])                                   # the lesson's own code is a valid deal code
    assert any("from cardkit.app.urlparams import deal_seed_from_url" in s for s in code[:at])
    assert "TienLenTable(" in code[at + 1] and "seed=seed" in code[at + 1]
    text = markdown(nb)
    assert f"`{m[1]}`" in text                             # the page names the code it deals
    # the table's own words
    for words in ("Play another deal", "Play this deal", "Show my legal plays", "Next game", "key card"):
        assert words in text, words
    assert "pair of 7s" not in text                        # the quiz's pair is computed, not named here


def test_ten_minute_start_shows_the_bomb_rule_with_cards():
    """Tiến Lên 0: "chop" defined, three examples with cards as the rule book states them,
    whether three pairs in a row may be led (the engine agrees), and one quick check."""
    nb = load(TL / "00_ten_minute_start.ipynb")
    text = markdown(nb)
    assert "are the only way to beat 2s besides a higher 2: they **chop**" in text
    assert "Any bomb chops a single 2; a pair of 2s takes four or more pairs in a row, three 2s five or more" in text
    assert "any bomb may be **led**" in text
    figs = figures(nb)
    stated = {("7♠ 7♣ 8♦ 8♥ 9♠ 9♥", "2♠"): True,                  # any bomb beats a single 2
              ("6♠ 6♣ 7♦ 7♥ 8♠ 8♣ 9♦ 9♥", "2♠ 2♥"): True,         # four pairs in a row beat a pair of 2s
              ("4♠ 4♣ 4♦ 4♥", "2♠ 2♥"): False}                     # a four of a kind does not
    for (p, t), ok in stated.items():
        assert figs.pop(f"{p} | {t}") is ok and beats(cards_of(p), cards_of(t)) is ok
    assert not figs, f"figures with no independent check: {sorted(figs)}"
    assert beats(cards_of("4♠ 4♣ 4♦ 4♥"), cards_of("2♥"))           # "a four of a kind chops a single 2 only"
    assert not beats(cards_of("3♠ 3♣ 4♦ 4♥ 5♠ 5♣ 6♦ 6♥"), cards_of("2♠ 2♦ 2♥"))
    assert beats(cards_of("3♠ 3♣ 4♦ 4♥ 5♠ 5♣ 6♦ 6♥ 7♠ 7♣"), cards_of("2♠ 2♦ 2♥"))   # three 2s take five pairs
    assert not beats(cards_of("4♠ 4♣ 4♦ 4♥"), cards_of("K♥"))        # not on a king
    from cardkit.tienlen import classify, legal_plays
    three_pairs = classify("7S 7C 8D 8H 9S 9H")
    assert three_pairs.is_bomb and three_pairs in legal_plays("7S 7C 8D 8H 9S 9H KD", None)   # it may be led
    assert any("Which of these may you play on it" in e["question"] for e in exercises(nb))


# --- the two ten-minute starts, in every shipped language -----------------------------------

def _start_pages(game: str) -> list[tuple[str, pathlib.Path]]:
    """(language, page) for a game's ten-minute start: the English source and every rendered page."""
    from cardkit.i18n import shipped_languages
    pages = [("en", LESSONS / game / "00_ten_minute_start.ipynb")]
    pages += [(lang, LESSONS / lang / game / "00_ten_minute_start.ipynb") for lang in shipped_languages() if lang != "en"]
    return pages


START_PAGES = [(lang, path) for game in ("least_score", "tien_len") for lang, path in _start_pages(game)]
_CARD = re.compile(r"(?:10|[2-9AJQK])[♠♣♦♥]")
_WORD = re.compile(r"\w+")


def _words_but_cards(text: str) -> int:
    return len(_WORD.findall(_CARD.sub(" ", text)))


@pytest.mark.parametrize("lang,path", START_PAGES, ids=[f"{l}-{p.parent.name}" for l, p in START_PAGES])
def test_ten_minute_starts_right_choice_does_not_give_itself_away(lang, path):
    """A choice of a start's exercise says no more than the others: the right one is at most
    one word longer than the longest wrong one (cards not counted; a translation may need a
    word for a negation), and no choice carries a reason after a colon (that is the why's, or
    the explanation's, job).  "Yes" against "No: two of them, or all four" failed both."""
    assert path.exists(), f"{path} is not rendered"
    quizzes = [e for e in exercises(load(path)) if e.get("choices")]
    assert quizzes
    for ex in quizzes:
        wrong = [c for c in ex["choices"] if c != ex["answer"]]
        assert ex["answer"] in ex["choices"] and wrong, ex["question"]
        longest = max(_words_but_cards(c) for c in wrong)
        assert _words_but_cards(ex["answer"]) <= longest + 1, \
            f"{lang}: the right choice {ex['answer']!r} says more than every wrong one {wrong!r}"
        for choice in ex["choices"]:
            assert not re.search(r":\s*\w", _CARD.sub(" ", choice)), \
                f"{lang}: the choice {choice!r} gives a reason; let its why or the explanation say it"


@pytest.mark.parametrize("lang,path", START_PAGES, ids=[f"{l}-{p.parent.name}" for l, p in START_PAGES])
def test_ten_minute_starts_no_choice_is_a_row_shown_above_it(lang, path):
    """An exercise after a table of plays (``beating_table``: "play | on the table" → beats?)
    asks about other cards: no choice's cards, on the question's table, are a row already shown
    on the page (the learner would match a row instead of applying the rule)."""
    shown: set = set()
    asked = 0
    for cell in load(path)["cells"]:
        for o in cell.get("outputs", []):
            meta = o.get("metadata", {}).get("cardkit", {})
            for row in meta.get("figures", {}):
                if " | " in row:
                    play, table = row.split(" | ")
                    shown.add((frozenset(_CARD.findall(play)), frozenset(_CARD.findall(table))))
            ex = meta.get("exercise")
            if ex and ex.get("choices") and shown:
                on_table = frozenset(_CARD.findall(ex["question"]))
                for choice in ex["choices"]:
                    cards = frozenset(_CARD.findall(choice))
                    asked += bool(cards)
                    assert (cards, on_table) not in shown, \
                        f"{lang}: {choice!r} on {sorted(on_table)} is a row of the table shown above it"
    if path.parent.name == "tien_len":
        assert shown and asked, "the bomb table and the exercise after it were not found"


def _tl_try_it(lang: str, path: pathlib.Path) -> str:
    """The TL start's "Try it yourself" cell in the page's language (found by the source's cell id)."""
    source = load(TL / "00_ten_minute_start.ipynb")
    ids = [c["id"] for c in source["cells"] if c["cell_type"] == "markdown"
           and _text(c["source"]).startswith("## Try it yourself")]
    assert len(ids) == 1
    cells = [c for c in load(path)["cells"] if c.get("id") == ids[0]]
    assert len(cells) == 1, f"{lang}: no 'Try it yourself' cell"
    return _text(cells[0]["source"])


TL_PAGES = _start_pages("tien_len")


@pytest.mark.parametrize("lang,path", TL_PAGES, ids=[lang for lang, _ in TL_PAGES])
def test_tl_start_try_it_names_the_tables_own_menu_and_button(lang, path):
    """"Try it yourself" names the target menu as the table shows it in that language (its label,
    then one of its values), the New match button and the coach's switch, read from a table built
    in that language."""
    from cardkit.i18n import use_locale
    from cardkit.tienlen import Rules
    from cardkit.widgets import TienLenTable
    with use_locale(lang):   # as the start builds it
        table = TienLenTable(level="greedy", rules=Rules(target=3), seed=1, delay=0.01, coach=True, intro=False)
    menu = table.target_choice
    text = _tl_try_it(lang, path)
    m = re.search(re.escape(menu.description) + r"\s*(\d+)", text)
    assert m, f"{lang}: 'Try it yourself' does not name the menu {menu.description!r} and a value: {text!r}"
    assert int(m[1]) in menu.options, f"{lang}: {m[1]} is not one of the menu's values {menu.options}"
    assert table.new_button.description in text, f"{lang}: no {table.new_button.description!r} in {text!r}"
    coach = table.coach_switch.description.split(":")[0]          # "Coach: explain every move" → "Coach"
    assert coach.lower() in text.lower(), f"{lang}: 'Try it yourself' does not name the {coach!r} switch: {text!r}"


@pytest.mark.parametrize("lang,path", TL_PAGES, ids=[lang for lang, _ in TL_PAGES])
def test_tl_start_says_what_an_instant_win_is_worth(lang, path):
    """The rules name the instant win in the table's own word for it (``tables.tl_now_instant``,
    in that language) and say what it scores, as the rule book does: n − 1 for the winner, 0
    for everyone else (what is in parentheses, the deal that makes one, not counted)."""
    from cardkit.i18n import render, say
    from cardkit.tienlen import Rules
    word = render(say("tables.tl_now_instant"), lang)
    text = markdown(load(path)).replace("**", "")
    at = text.lower().find(word.lower())
    assert at >= 0, f"{lang}: the start does not mention {word!r}"
    after = re.split(r"\.(?:\s|$)", re.sub(r"\([^)]*\)", "", text[at + len(word):]), maxsplit=1)[0]
    winner = Rules().players - 1
    assert re.search(rf"\b{winner}\b", after) and re.search(r"\b0\b", after), \
        f"{lang}: after {word!r} the start does not say {winner} and 0: {after!r}"
