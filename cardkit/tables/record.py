"""A match as a browser keeps it — a *record* — and the check it passes when it comes back.

A record is plain data: ``{"game", "code", "settings", "moves", "round", "turn", "over"}``.
It comes back from the page, so it is checked like any input from outside: its size, the
type of every field (a crafted record with objects where numbers belong is refused, never
passed on to code that would trip over it), and then, when it is replayed, every move by
the engine.
"""

from __future__ import annotations

from typing import Any, Optional

__all__ = ["MAX_MOVES", "TURNS", "check_record"]

#: A stored match longer than this is not taken back (no real match comes near it).
MAX_MOVES = 3000

#: Where a kept match stood: the learner's turn, the others', between two rounds, over.
TURNS = ("yours", "others", "between", "over")

_PLAIN = (str, int, float, bool, type(None))


def _plain(value: Any, depth: int = 0) -> bool:
    """True for JSON-like data of a few levels: what a table's settings hold."""
    if isinstance(value, _PLAIN):
        return not isinstance(value, str) or len(value) <= 200
    if depth > 3:
        return False
    if isinstance(value, list):
        return len(value) <= 20 and all(_plain(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return len(value) <= 60 and all(isinstance(k, str) and len(k) <= 60 and _plain(v, depth + 1)
                                        for k, v in value.items())
    return False


def check_record(record: Any, game: str) -> Optional[dict]:
    """``record`` (a copy with only the known fields) if it is a well-formed stored match
    of ``game``, else None."""
    if not isinstance(record, dict) or record.get("game") != game:
        return None
    code, settings, moves = record.get("code"), record.get("settings"), record.get("moves")
    if not isinstance(code, str) or not 0 < len(code) <= 20:
        return None
    if not isinstance(settings, dict) or not _plain(settings):
        return None
    if not isinstance(moves, list) or len(moves) > MAX_MOVES \
            or not all(isinstance(m, str) and len(m) < 80 for m in moves):
        return None
    number = record.get("round")
    if number is not None and (isinstance(number, bool) or not isinstance(number, int) or not 0 < number < 10_000):
        return None
    turn = record.get("turn")
    if turn is not None and (not isinstance(turn, str) or turn not in TURNS):
        return None
    over = record.get("over", False)
    if not isinstance(over, bool):
        return None
    return {"game": game, "code": code, "settings": settings, "moves": list(moves),
            "round": number, "turn": turn, "over": over}
