"""Seeded results played before, given back at once.

A tournament whose every input is plain data — built-in bots by name, policy bots by their
policy, the number of matches, the seed, the rules — gives the same records every time it is
played.  The lessons open on a few such tournaments (Least Score 6 and Tiến Lên 5 compare two
strategies over 400 matches): playing them takes 4–18 s here and up to a minute in a learner's
browser.  Their records are kept in ``cardkit/data/remembered.json``; asked for the same inputs
again, :func:`cardkit.tournament.tournament` gives the kept records back instead of playing.
Anything else — another seed, a bot written in a notebook, an executor of one's own — is
played, as before.  The learner sees the same table either way.

The file is checked like a lesson's stored outputs: the test suite plays every kept entry
again and fails when one differs (a change to a game's rules or bots), saying how to refresh:

- ``python -m cardkit.classroom.kept check``   — play every entry again and report any difference;
- ``python -m cardkit.classroom.kept refresh`` — play every entry again and rewrite the file;
- ``CARDKIT_REMEMBER=record`` in the environment (``make lessons`` sets it) adds an entry for
  every rememberable result that is played; ``CARDKIT_REMEMBER=off`` plays everything.

>>> key = {"kind": "example", "n": 3}
>>> canonical(key)
'{"kind":"example","n":3}'
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any, Callable

__all__ = ["STORE", "canonical", "recall", "keep", "mode", "entries", "replay", "register", "forget_loaded", "rewrite"]

#: Where the kept results live (shipped inside the package, so the static site has them too).
STORE = Path(__file__).with_name("data") / "remembered.json"

_lock = threading.Lock()
_cache: dict[str, Any] | None = None
#: kind -> function(key) -> value: how to play an entry again (registered by its module).
_PLAYERS: dict[str, Callable[[dict], Any]] = {}


def mode() -> str:
    """``'use'`` (the default), ``'record'`` or ``'off'``, from ``CARDKIT_REMEMBER``."""
    value = os.environ.get("CARDKIT_REMEMBER", "use").strip().lower()
    return value if value in ("use", "record", "off") else "use"


def canonical(key: dict) -> str:
    """The one text of ``key`` (sorted keys, no spaces): what the store is indexed by."""
    return json.dumps(key, sort_keys=True, separators=(",", ":"))


def _load() -> dict[str, Any]:
    global _cache
    with _lock:
        if _cache is None:
            try:
                _cache = json.loads(STORE.read_text(encoding="utf-8"))
            except FileNotFoundError:
                _cache = {}
        return _cache


def forget_loaded() -> None:
    """Read the store again at the next use (after ``STORE`` is pointed elsewhere)."""
    global _cache
    with _lock:
        _cache = None


def entries() -> dict[str, Any]:
    """Every kept entry: its canonical key -> its value (a copy)."""
    return dict(_load())


def recall(key: dict) -> Any | None:
    """The value kept for ``key``, or None (also when remembering is off)."""
    if mode() == "off":
        return None
    return _load().get(canonical(key))


def keep(key: dict, value: Any) -> None:
    """Add ``key``'s value to the store when recording (``CARDKIT_REMEMBER=record``)."""
    if mode() != "record":
        return
    store = _load()
    text = canonical(key)
    if store.get(text) == value:
        return
    with _lock:
        store[text] = value
        _write(store)


def _write(store: dict[str, Any]) -> None:
    path = STORE
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ",\n".join(f"{json.dumps(k)}: {json.dumps(store[k], separators=(',', ':'))}" for k in sorted(store))
    tmp = path.with_suffix(".tmp")
    tmp.write_text("{\n" + lines + "\n}\n", encoding="utf-8")
    tmp.replace(path)


def register(kind: str, player: Callable[[dict], Any]) -> None:
    """Say how an entry of ``kind`` is played again (``player(key) -> value``)."""
    _PLAYERS[kind] = player


def replay(text: str) -> Any:
    """Play the entry whose canonical key is ``text`` again; its fresh value."""
    key = json.loads(text)
    player = _PLAYERS[key["kind"]]   # registered when its module is imported
    previous = os.environ.get("CARDKIT_REMEMBER")
    os.environ["CARDKIT_REMEMBER"] = "off"
    try:
        return player(key)
    finally:
        if previous is None:
            os.environ.pop("CARDKIT_REMEMBER", None)
        else:
            os.environ["CARDKIT_REMEMBER"] = previous


def rewrite(fresh: dict[str, Any]) -> None:
    """Replace the whole store by ``fresh`` (canonical key -> value) and write it."""
    store = _load()
    with _lock:
        store.clear()
        store.update(fresh)
        _write(store)
