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
You lead: the table is clear, so play any combination — and this first play of the match must contain 3♠.
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
    """What the player may do on this turn and why, one sentence a line."""
    obs = observation
    plays = [a for a in obs.legal_actions if a is not PASS]
    lines = []
    if obs.table is None:
        lead = "You lead: the table is clear, so play any combination"
        if obs.must_play is not None:
            lead += f" — and this first play of the match must contain {obs.must_play}"
        lines.append(lead + ".")
        longest = max(plays, key=lambda c: (len(c), -c.top)) if plays else None
        if longest is not None and len(longest) > 1:
            lines.append(f"Playing several cards at once empties your hand sooner: your longest play is "
                         f"{longest} ({longest.describe()}).")
        lines.append("Leading low keeps your high cards (aces, 2s) to win later rounds of play.")
    else:
        who = "your own" if obs.table_player == obs.player else f"{player_name(obs.table_player)}'s"
        q = obs.table
        lines.append(f"To beat: {who} {q.describe()}. You need the same kind with the same number of cards and a "
                     f"higher key card (now {q.key}) — or, on 2s only, a bomb.")
        if not plays:
            lines.append(NOTHING_BEATS[0].upper() + NOTHING_BEATS[1:] + ". You are then out of this round of play "
                         "until the table is cleared.")
        else:
            plain = [c for c in plays if not c.is_bomb and c.key.rank != 2]
            precious = [c for c in plays if c not in plain]
            if plain:
                lines.append(f"You can beat it with {len(plays)} play{'s' if len(plays) != 1 else ''}; the lowest: "
                             f"{_play_list(plain, 3)}.")
            if precious:
                lines.append(f"2s and bombs that beat it: {_play_list(precious, 3)}. They win almost anything: keep "
                             "them for when an opponent is about to go out.")
            lines.append("You may also pass (then you are out until the table is cleared).")
    others = [(p, n) for p, n in enumerate(obs.cards_left) if p != obs.player and n > 0]
    low = [p for p, n in others if n <= 3]
    if low:
        lines.append("Careful: " + ", ".join(f"{player_name(p)} has {obs.cards_left[p]} card"
                                             f"{'s' if obs.cards_left[p] != 1 else ''} left" for p in low)
                     + " — this is the time to spend a 2 or a bomb.")
    move = suggestion(obs)
    lines.append("The coach would pass." if move is PASS else f"The coach would play {move} ({move.describe()}).")
    return lines


def explain_move(before: Observation, player: int, action: Action, after: Optional[Observation] = None,
                 you: Optional[int] = None) -> str:
    """What ``player``'s move meant, from ``before`` (the observation just before the
    move) and ``after`` (just after it, to tell who goes out and who leads)."""
    who = player_name(player, you=you)
    if action is PASS:
        text = f"{who} passed: out of this round of play until the table is cleared."
    else:
        combo: Combo = action  # type: ignore[assignment]
        if before.table is None:
            text = f"{who} led {combo} ({combo.describe()})."
        else:
            text = f"{who} played {combo} ({combo.describe()}): {why_beats(combo, before.table, before.rules)}."
            if combo.is_bomb:
                text += " Chop!"
    if after is not None:
        if player in after.finished and player not in before.finished:
            place = after.finished.index(player) + 1
            text += (f" That was your last card: you go out {ordinal(place)}." if player == you else
                     f" That was their last card: {who} goes out {ordinal(place)}.")
        if after.game_number == before.game_number and after.table is None and before.table is not None \
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
