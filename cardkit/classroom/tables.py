"""Tables a lesson shows: rows of words and numbers, and a tournament's results.

::

    shown_table(['Card', 'Points'], [['Ace', '1'], ['King', '10']], 'What each card is worth')
    tournament_table(tournament('tienlen', ['greedy', 'strong', 'random', 'random'], matches=60))

Each is a :class:`~cardkit.classroom.boxes.Shown`: an HTML table for the page, the
same rows as plain text (``a | b | c``), and its figures for the lesson's tests.
Nothing here needs numpy or matplotlib.
"""

from __future__ import annotations

import html
from typing import Any, Mapping, Optional, Sequence

from ..i18n import game_title, number, render, say
from ..tables.match import bot_label
from .boxes import FONT_STACK, Shown
from .numbers import fixed_num, fixed_pct

__all__ = ["html_table", "table_text", "shown_table", "tournament_table"]

_CELL = "padding:0.2em 0.7em;text-align:left;border-top:1px solid #d6dae1;vertical-align:top"
_TABLE = f"border-collapse:collapse;margin:0.4em 0;font-family:{FONT_STACK};font-size:0.95rem;color:#1f1f1f"


def html_table(head: Sequence[str], rows: Sequence[Sequence[str]], caption: str = "") -> str:
    """An HTML table: a header row ``head``, then ``rows`` (every cell is text, escaped)."""
    th = "".join(f'<th scope="col" style="{_CELL}">{html.escape(h)}</th>' for h in head)
    body = "".join("<tr>" + "".join(f'<td style="{_CELL}">{html.escape(c)}</td>' for c in r) + "</tr>"
                   for r in rows)
    cap = f'<caption style="text-align:left;font-weight:600;padding:0.2em 0">{html.escape(caption)}</caption>' \
        if caption else ""
    return f'<table style="{_TABLE}">{cap}<thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>'


def table_text(head: Sequence[str], rows: Sequence[Sequence[str]], caption: str = "") -> str:
    """The same table as plain text: the caption, then one ``a | b | c`` line a row."""
    lines = [caption] if caption else []
    lines += [" | ".join(head)] + [" | ".join(r) for r in rows]
    return "\n".join(lines)


def shown_table(head: Sequence[str], rows: Sequence[Sequence[str]], caption: str = "",
                figures: Optional[Mapping[str, Any]] = None) -> Shown:
    """A table a lesson shows (HTML and plain text), with its ``figures``."""
    return Shown(html_table(head, rows, caption), table_text(head, rows, caption), figures)


_HEADINGS = ("bot", "seats_played", "wins", "win_rate", "interval", "mean_score")
"""The columns of a tournament's table (``tournament.heading.<id>`` in the catalogue)."""


def tournament_table(result: Any) -> Shown:
    """A :func:`cardkit.tournament.tournament` result as a short table — seats
    played, wins, win rate with its 95% interval, mean score — with what the score
    means in that game, and each bot's figures recorded (``'<bot> win rate'``,
    ``'<bot> wins'``, ``'<bot> seats'``, ``'<bot> mean score'``)."""
    game = "tienlen" if result.game == "tien_len" else result.game
    rows, figures = [], {}
    for r in result.table():
        rows.append([render(bot_label(r.bot)), render(number(r.seats_played)), render(number(r.wins)),
                     fixed_pct(r.win_rate),
                     render(say("classroom.range", low=fixed_pct(r.win_low), high=fixed_pct(r.win_high))),
                     fixed_num(r.mean_score)])
        figures[f"{r.bot} win rate"] = r.win_rate
        figures[f"{r.bot} wins"] = r.wins
        figures[f"{r.bot} seats"] = r.seats_played
        figures[f"{r.bot} mean score"] = r.mean_score
    caption = render(say("classroom.tournament.caption", n=len(result.matches), game=game_title(game),
                         meaning=say(f"classroom.tournament.meaning.{game}")))
    return shown_table([render(say(f"tournament.heading.{h}")) for h in _HEADINGS], rows, caption, figures)
