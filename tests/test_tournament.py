"""Tournaments: reproducible whatever the executor, seats rotate, tidy results."""

from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from cardkit import least_score, tienlen
from cardkit.tournament import tournament, wilson_interval

LS_RULES = least_score.Rules(players=3, threshold=25)
TL_RULES = tienlen.Rules(players=4, target=5)


def first_legal(obs, rng):
    """A bot as a learner would write it in a notebook."""
    return obs.legal_actions[0]


def _key(result):
    return [(m.index, m.seed, m.seats, m.returns, m.winners) for m in result.matches]


def test_same_seed_same_result_inline_threads_and_processes():
    bots = ["greedy", "random", first_legal]
    inline = tournament("least_score", bots, matches=12, seed=5, rules=LS_RULES, workers=0, progress=False)
    with ThreadPoolExecutor(2) as pool:
        threaded = tournament("least_score", bots, matches=12, seed=5, rules=LS_RULES, executor=pool,
                              chunk_size=5, progress=False)
    procs = tournament("least_score", bots, matches=12, seed=5, rules=LS_RULES, workers=2, progress=False)
    assert _key(inline) == _key(threaded) == _key(procs)
    other = tournament("least_score", bots, matches=12, seed=6, rules=LS_RULES, workers=0, progress=False)
    assert _key(other) != _key(inline)


def test_a_lambda_bot_travels_to_worker_processes():
    with ProcessPoolExecutor(2) as pool:
        result = tournament("tienlen", [lambda obs, rng: obs.legal_actions[-1], "random", "greedy", "random"],
                            matches=4, seed=1, rules=TL_RULES, executor=pool, progress=False)
    assert len(result.matches) == 4


def test_dask_local_cluster_gives_the_same_table():
    distributed = pytest.importorskip("distributed")
    bots = ["greedy", "random", "random", "random"]
    local = tournament("tienlen", bots, matches=8, seed=3, rules=TL_RULES, workers=0, progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = tournament("tienlen", bots, matches=8, seed=3, rules=TL_RULES,
                            executor=client.get_executor(), progress=False)
    assert _key(local) == _key(remote)


def test_seats_rotate_and_wins_add_up():
    bots = ["greedy", "random", "random"]
    result = tournament("least_score", bots, matches=9, seed=2, rules=LS_RULES, workers=0, progress=False)
    seats = Counter((m.seats.index("greedy")) for m in result.matches)
    assert seats == {0: 3, 1: 3, 2: 3}
    table = result.table()
    assert [row.bot for row in table] == ["greedy", "random"]
    assert sum(row.wins for row in table) == pytest.approx(9)
    assert sum(row.seats_played for row in table) == 27
    for row in table:
        assert row.win_low <= row.win_rate <= row.win_high
        assert row.score_low <= row.mean_score <= row.score_high
    assert "greedy" in str(result) and "<table>" in result._repr_html_()


def test_bad_arguments_say_what_is_wrong():
    with pytest.raises(ValueError, match="no bot called 'genius'"):
        tournament("least_score", ["genius", "random"], matches=1, workers=0, progress=False)
    with pytest.raises(ValueError, match="unknown game"):
        tournament("poker", ["random", "random"], matches=1, workers=0, progress=False)
    with pytest.raises(ValueError, match="3 players but 2 bots"):
        tournament("least_score", ["random", "random"], rules=LS_RULES, matches=1, workers=0, progress=False)
    with pytest.raises(ValueError, match="at least 1"):
        tournament("least_score", ["random", "random"], matches=0, workers=0, progress=False)


def test_wilson_interval():
    low, high = wilson_interval(0, 50)
    assert low == 0 and 0 < high < 0.1
    low, high = wilson_interval(5000, 10000)
    half = 1.959963984540054 * (0.25 / 10000) ** 0.5
    assert low == pytest.approx(0.5 - half, abs=1e-4) and high == pytest.approx(0.5 + half, abs=1e-4)


def test_a_failing_or_cheating_bot_is_named_with_its_seat_and_seed():
    from cardkit import IllegalActionError
    from cardkit.play import play_out

    def crashes(obs, rng):
        raise KeyError("oops")

    def cheats(obs, rng):
        return "declare twice"

    state = least_score.new_game(LS_RULES, seed=4)
    with pytest.raises(RuntimeError, match=r"'crashes' at seat 0 \(match seed 4\).*KeyError"):
        play_out(state, [crashes, "x", "y"], seed=1)
    with pytest.raises(IllegalActionError, match=r"'cheats' at seat 0 \(match seed 4\)"):
        play_out(least_score.new_game(LS_RULES, seed=4), [cheats, cheats, cheats], seed=1)


def test_the_table_as_rows_and_text_with_what_the_score_means():
    result = tournament("tienlen", ["greedy", "random", "random", "random"], matches=8, seed=3,
                        rules=TL_RULES, workers=0, progress=False)
    rows = result.rows()
    assert [r[0] for r in rows] == ["greedy", "random"] and len(result.HEADINGS) == len(rows[0]) == 6
    greedy = result.summary("greedy")
    assert rows[0][1:] == [str(greedy.seats_played), f"{greedy.wins:g}", f"{greedy.win_rate:.1%}",
                           f"{greedy.win_low:.1%} – {greedy.win_high:.1%}", f"{greedy.mean_score:.2f}"]
    assert result.text() == str(result) and result.html() == result._repr_html_()
    first = result.text(explain=True).splitlines()[0]
    assert first == "tienlen: 8 matches (mean score: points won per match — higher is better)"
    assert "(mean score: points won per match — higher is better)</caption>" in result.html(explain=True)
