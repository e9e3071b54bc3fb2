"""Kept results (cardkit.remembered): a kept tournament is the one that would be played,
every kept entry still plays the same, and only plain-data tournaments are kept."""

from __future__ import annotations

import json

import pytest

from cardkit import remembered
from cardkit.classroom import kept as kept_tool
from cardkit.classroom.least_score import declare_success
from cardkit.least_score import policy as ls_policy
from cardkit.tienlen import policy as tl_policy
from cardkit.tournament import _memo_key, tournament
from cardkit.least_score import Rules as LsRules

KEPT = sorted(remembered.entries())


def test_the_lessons_opening_tournaments_are_kept():
    kinds = [json.loads(text)["kind"] for text in KEPT]
    games = {json.loads(text).get("game") for text in KEPT}
    assert kinds.count("tournament") >= 6 and "declare_success" in kinds
    assert {"least_score", "tienlen"} <= games


@pytest.mark.parametrize("text", KEPT, ids=[f"entry{i}" for i in range(len(KEPT))])
def test_every_kept_entry_plays_the_same_again(text):
    """The store is checked like stored outputs: a change to the rules or the bots that
    changes a kept result fails here (python -m cardkit.classroom.kept refresh)."""
    assert remembered.replay(text) == remembered.entries()[text], (
        "a kept result differs from playing it again: run `python -m cardkit.classroom.kept refresh`")


def _small_kept_tournament() -> dict:
    return min((json.loads(t) for t in KEPT if json.loads(t)["kind"] == "tournament"), key=lambda k: k["matches"])


def test_a_kept_tournament_gives_what_playing_it_gives(monkeypatch):
    key = _small_kept_tournament()
    args = dict(matches=key["matches"], seed=key["seed"], progress=False, workers=0)
    monkeypatch.setenv("CARDKIT_REMEMBER", "off")
    played = tournament(key["game"], key["bots"], **args)
    monkeypatch.setenv("CARDKIT_REMEMBER", "use")
    seen = []
    kept = tournament(key["game"], key["bots"], on_progress=lambda done, total: seen.append((done, total)), **args)
    assert kept.matches == played.matches and kept.bot_names == played.bot_names
    assert str(kept) == str(played)
    assert seen == [(key["matches"], key["matches"])]


def test_a_kept_study_gives_what_playing_it_gives(monkeypatch):
    key = next(json.loads(t) for t in KEPT if json.loads(t)["kind"] == "declare_success")
    kept = declare_success(matches=key["matches"], seed=key["seed"], bots=tuple(key["bots"]))
    monkeypatch.setenv("CARDKIT_REMEMBER", "off")
    played = declare_success(matches=key["matches"], seed=key["seed"], bots=tuple(key["bots"]))
    assert (kept.totals, kept.rounds, kept.success) == (played.totals, played.rounds, played.success)
    assert kept.rate_by_total(range(0, 30)) == played.rate_by_total(range(0, 30))


def test_only_plain_data_is_kept():
    rules = LsRules(players=2)
    assert _memo_key("least_score", ["greedy", "random"], 5, 1, rules, True) is not None
    policy_bot = ls_policy.PolicyBot(ls_policy.Policy(declare_at=5))
    key = _memo_key("least_score", [policy_bot, "random"], 5, 1, rules, True)
    assert key["bots"][0] == ["policy", {**ls_policy.Policy(declare_at=5).__dict__}]

    def my_bot(observation, rng):
        return observation.legal_actions[0]

    assert _memo_key("least_score", [my_bot, "random"], 5, 1, rules, True) is None
    assert _memo_key("least_score", ["greedy", "random"], 5, None, rules, True) is None
    assert _memo_key("least_score", ["ismcts", "random"], 5, 1, rules, True) is None
    assert tl_policy.PolicyBot(tl_policy.Policy()).recipe()[0] == "policy"


def test_recording_keeps_and_off_plays(tmp_path, monkeypatch):
    monkeypatch.setattr(remembered, "STORE", tmp_path / "kept.json")
    remembered.forget_loaded()
    try:
        monkeypatch.setenv("CARDKIT_REMEMBER", "record")
        first = tournament("least_score", ["greedy", "random"], matches=6, seed=11, workers=0, progress=False)
        stored = json.loads((tmp_path / "kept.json").read_text())
        assert len(stored) == 1 and len(next(iter(stored.values()))) == 6
        # a kept value is what is given back: altering it shows it is read, not played
        text = next(iter(stored))
        stored[text][0][0] = [99, 99]
        (tmp_path / "kept.json").write_text(json.dumps(stored))
        remembered.forget_loaded()
        monkeypatch.setenv("CARDKIT_REMEMBER", "use")
        again = tournament("least_score", ["greedy", "random"], matches=6, seed=11, workers=0, progress=False)
        assert again.matches[0].returns == (99, 99) and again.matches[1:] == first.matches[1:]
        monkeypatch.setenv("CARDKIT_REMEMBER", "off")
        played = tournament("least_score", ["greedy", "random"], matches=6, seed=11, workers=0, progress=False)
        assert played.matches == first.matches
        # another seed, or an executor of one's own, is played and not kept
        monkeypatch.setenv("CARDKIT_REMEMBER", "use")
        tournament("least_score", ["greedy", "random"], matches=6, seed=12, workers=0, progress=False)
        assert len(json.loads((tmp_path / "kept.json").read_text())) == 1
        assert kept_tool.main(["check"]) == 1   # the altered entry differs from playing it
        assert kept_tool.main(["refresh"]) == 0
        assert kept_tool.main(["check"]) == 0
        assert kept_tool.main(["bogus"]) == 2
    finally:
        remembered.forget_loaded()
