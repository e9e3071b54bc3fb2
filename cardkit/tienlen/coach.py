"""The Tiến Lên coach: what a player may do now and why, and what a move meant.

Everything comes from the engine — the plays that beat the table
(:func:`~cardkit.tienlen.legal_plays`), why a play beats another
(:func:`~cardkit.tienlen.why_beats`), the bombs, who leads next — in the
learner's words (:mod:`cardkit.words`).  A table in coach mode shows
:func:`advice` before each of the learner's turns and :func:`explain_move` after
each other player's move; nothing here shows anything.

>>> from cardkit.tienlen import new_game
>>> state = new_game(seed=1)
>>> print(advice(state.observation(state.current_player()))[0])
You lead: play any combination (it must contain 3♠).
"""

from __future__ import annotations

from typing import Optional

from ..words import ordinal, player_name
from .bots import greedy_bot
from .game import PASS, Action, Observation
from .rules import Combo, why_beats

__all__ = ["advice", "explain_move", "suggestion", "NOTHING_BEATS"]

NOTHING_BEATS = "nothing you hold beats this — press Pass"
"""What the coach (and the table's hint) says when no play of the hand beats the table."""


def suggestion(observation: Observation) -> Action:
    """The move the coach would make: the greedy bot's (lowest play that beats the
    table, most cards when leading, 2s and bombs kept until they matter)."""
    return greedy_bot(observation, None)  # type: ignore[arg-type]


def _play_list(plays: list[Combo], n: int = 4) -> str:
    shown = ", ".join(f"{c} ({c.describe()})" for c in plays[:n])
    return shown + (f" and {len(plays) - n} more" if len(plays) > n else "")


def advice(observation: Observation) -> list[str]:
    """What the player may do on this turn and why, one short sentence a line."""
    obs = observation
    plays = [a for a in obs.legal_actions if a is not PASS]
    lines = []
    if obs.table is None:
        must = f" (it must contain {obs.must_play})" if obs.must_play is not None else ""
        lines.append(f"You lead: play any combination{must}.")
        longest = max(plays, key=lambda c: (len(c), -c.top)) if plays else None
        if longest is not None and len(longest) > 1:
            lines.append(f"Longest play: {longest} ({longest.describe()}) — more cards at once empties your hand "
                         "sooner.")
    else:
        who = "your own" if obs.table_player == obs.player else f"{player_name(obs.table_player)}'s"
        q = obs.table
        lines.append(f"To beat: {who} {q.describe()} — a higher {q.name} (key card above {q.key})"
                     + (", or a bomb" if q.key.rank == 2 and not q.is_bomb else "") + "; or pass.")
        if not plays:
            lines.append(NOTHING_BEATS[0].upper() + NOTHING_BEATS[1:] + ".")
        else:
            plain = [c for c in plays if not c.is_bomb and c.key.rank != 2]
            precious = [c for c in plays if c not in plain]
            if plain:
                more = f" ({len(plain) - 1} more)" if len(plain) > 1 else ""
                lines.append(f"You can beat it: lowest {plain[0]}{more}.")
            if precious:
                lines.append(f"2s and bombs that beat it: {_play_list(precious, 2)} — best kept until someone is "
                             "nearly out.")
    low = [p for p, n in enumerate(obs.hand_sizes) if p != obs.player and 0 < n <= 3]
    if low:
        lines.append("Careful: " + ", ".join(f"{player_name(p)} has {obs.hand_sizes[p]} card"
                                             f"{'s' if obs.hand_sizes[p] != 1 else ''}" for p in low)
                     + " — time to spend a 2 or a bomb.")
    move = suggestion(obs)
    lines.append("The coach would pass." if move is PASS else f"The coach would play {move}.")
    return lines


def explain_move(before: Observation, player: int, action: Action, after: Optional[Observation] = None,
                 you: Optional[int] = None) -> str:
    """What ``player``'s move meant, from ``before`` (the observation just before the
    move) and ``after`` (just after it, to tell who goes out and who leads)."""
    who = player_name(player, you=you)
    if action is PASS:
        text = f"{who} passed (out until the table is cleared)."
    else:
        combo: Combo = action  # type: ignore[assignment]
        if before.table is None:
            text = f"{who} led {combo} ({combo.describe()})."
        elif combo.shape == before.table.shape:
            text = f"{who} played {combo}: key card {combo.key} beats {before.table.key}."
        else:
            text = f"{who} played {combo}: {why_beats(combo, before.table, before.rules)}."
            if combo.is_bomb:
                text += " Chop!"
    if after is not None:
        if player in after.finished and player not in before.finished:
            place = after.finished.index(player) + 1
            text += (f" That was your last card: you go out {ordinal(place)}." if player == you else
                     f" That was their last card: {who} goes out {ordinal(place)}.")
        if after.round_number == before.round_number and after.table is None and before.table is not None \
                and after.current_player >= 0:
            leader = after.current_player
            owner = before.table_player if action is PASS else player
            if leader == owner:
                text += (" Everyone else has passed, so you clear the table and lead." if owner == you else
                         f" Everyone else has passed, so {player_name(owner)} clears the table and leads.")
            else:
                whose = "your" if owner == you else f"{player_name(owner)}'s"
                gone = "you have" if owner == you else f"{player_name(owner)} has"
                text += (f" Everyone else has passed on {whose} last play; {gone} gone out, so "
                         f"{player_name(leader, you=you)}, next in turn with cards, {'lead' if leader == you else 'leads'}.")
    return text
