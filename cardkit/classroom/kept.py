"""Check, refresh or list the kept results of seeded tournaments (:mod:`cardkit.remembered`).

    python -m cardkit.classroom.kept check     # play every kept entry again, report differences
    python -m cardkit.classroom.kept refresh   # play them again and rewrite the file
    python -m cardkit.classroom.kept list      # the keys

A developer's tool, in English. It lives beside the lessons because it needs every kind of
kept result registered: the tournaments (:mod:`cardkit.tournament`) and the declare study
(:mod:`cardkit.classroom.least_score`).
"""

from __future__ import annotations

import argparse
import logging

from .. import remembered
from .. import tournament  # noqa: F401  (registers "tournament")
from . import least_score  # noqa: F401  (registers "declare_success")

__all__ = ["main"]

log = logging.getLogger("cardkit.classroom.kept")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardkit.classroom.kept",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("action", choices=("check", "refresh", "list"),
                        help="check: play every entry again and report differences; refresh: rewrite them; list: show the keys")
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:
        return int(stop.code or 0)
    logging.basicConfig(format="%(message)s", level=logging.INFO)
    store = remembered.entries()
    if args.action == "list":
        for text in sorted(store):
            print(text)
        return 0
    fresh = {text: remembered.replay(text) for text in sorted(store)}
    differ = [text for text in fresh if fresh[text] != store[text]]
    if args.action == "refresh":
        remembered.rewrite(fresh)
        log.info("%d entries played again; %d changed", len(fresh), len(differ))
        return 0
    for text in differ:
        log.warning("differs: %s", text)
    log.info("%d entries, %d differ%s", len(store), len(differ),
             " (python -m cardkit.classroom.kept refresh)" if differ else "")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
