"""A small plot drawer that writes SVG, for where matplotlib cannot be installed.

In the learner's browser (the static site, Python on Pyodide) no matplotlib wheel
can be had from PyPI, so :mod:`cardkit.classroom.plots` draws with this instead:
the few pieces of matplotlib's object interface the lessons' plots use
(``fig.add_subplot()``, ``fig.subplots(1, 2)``, ``ax.plot``, ``ax.bar``,
``ax.fill_between``, ``ax.axhline``/``axvline``, scales ``'log'`` and
``'symlog'``, limits, ticks, labels, a title and a legend), drawn as plain SVG
text.  The picture differs in detail from matplotlib's; its alt text, caption
and numbers are the same, as they come from the same code.

>>> fig = Figure(4, 3)
>>> ax = fig.add_subplot()
>>> _ = ax.plot([1, 2, 3], [10, 30, 20], "o-", label="line")
>>> svg = fig.svg()
>>> svg.startswith("<svg") and "polyline" in svg
True
"""

from __future__ import annotations

import html
import math
from typing import Any, Callable, Optional, Sequence

from .boxes import FONT_STACK as _FONT
_DPI = 100


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _nice_ticks(lo: float, hi: float, target: int = 6) -> list[float]:
    """Round tick values covering lo … hi (steps of 1, 2, 2.5 or 5 times a power of ten)."""
    if hi <= lo:
        return [lo]
    raw = (hi - lo) / target
    power = 10 ** math.floor(math.log10(raw))
    step = min((m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw), default=10 * power)
    first = math.ceil(lo / step - 1e-9) * step
    out, v = [], first
    while v <= hi + step * 1e-9:
        out.append(round(v, 10))
        v += step
    return out


class _Scale:
    def __init__(self) -> None:
        self.kind = "linear"
        self.linthresh = 1.0
        self.linscale = 1.0

    def fwd(self, v: float) -> float:
        if self.kind == "log":
            return math.log10(max(v, 1e-300))
        if self.kind == "symlog":
            t = self.linthresh
            if abs(v) <= t:
                return v / t * self.linscale
            return math.copysign(self.linscale + math.log10(abs(v) / t), v)
        return v


class _Axis:
    def __init__(self) -> None:
        self.formatter: Optional[Callable[[float, Any], str]] = None

    def set_major_formatter(self, f: Any) -> None:
        # a matplotlib FuncFormatter or a plain function of (value, position)
        self.formatter = getattr(f, "func", f)


class FuncFormatter:
    """matplotlib's ``FuncFormatter``: a tick's text from a function of (value, position)."""

    def __init__(self, func: Callable[[float, Any], str]) -> None:
        self.func = func


class Axes:
    """One panel of a :class:`Figure`, with matplotlib's names for what it draws."""

    def __init__(self) -> None:
        self.items: list[tuple] = []
        self.xscale, self.yscale = _Scale(), _Scale()
        self.xlim: Optional[tuple[float, float]] = None
        self.ylim: Optional[tuple[float, float]] = None
        self.xticks: Optional[list] = None
        self.categories: Optional[list[str]] = None
        self.title = self.xlabel = self.ylabel = ""
        self.legend_loc: Optional[str] = None
        self.xaxis, self.yaxis = _Axis(), _Axis()

    # --- what is drawn -----------------------------------------------------
    def plot(self, xs: Sequence[Any], ys: Sequence[float], fmt: str = "-", color: str = "#000", lw: float = 1.5,
             ms: float = 5, label: Optional[str] = None, **_: Any) -> None:
        xs = self._xvalues(xs)
        marker = next((m for m in "osD^vP" if m in fmt), None)
        line = "-" in fmt or marker is None
        self.items.append(("line", list(xs), [float(y) for y in ys], color, lw, marker if marker else "",
                           ms, line, label))

    def bar(self, xs: Sequence[Any], heights: Sequence[float], width: float = 0.8, color: Any = "#000",
            alpha: float = 1.0, label: Optional[str] = None, yerr: Any = None, ecolor: str = "#000",
            **_: Any) -> None:
        """Bars at ``xs``; ``color`` one colour or one a bar; ``yerr`` [[below…], [above…]]
        draws an error line on each bar."""
        xs = self._xvalues(xs)
        heights = [float(h) for h in heights]
        colours = list(color) if isinstance(color, (list, tuple)) else [color] * len(xs)
        self.items.append(("bar", list(xs), heights, width, colours, alpha, label))
        if yerr is not None:
            below, above = yerr
            for x, h, lo, hi in zip(xs, heights, below, above):
                self.items.append(("err", x, h - float(lo), h + float(hi), ecolor))

    def fill_between(self, xs: Sequence[float], low: Sequence[float], high: Sequence[float], color: str = "#000",
                     alpha: float = 0.2, label: Optional[str] = None, **_: Any) -> None:
        self.items.append(("band", [float(x) for x in xs], [float(v) for v in low], [float(v) for v in high],
                           color, alpha, label))

    def axhline(self, y: float, color: str = "#000", ls: str = "-", lw: float = 1.0, label: Optional[str] = None,
                **_: Any) -> None:
        self.items.append(("hline", float(y), color, ls, lw, label))

    def axvline(self, x: float, color: str = "#000", ls: str = "-", lw: float = 1.0, label: Optional[str] = None,
                **_: Any) -> None:
        self.items.append(("vline", float(x), color, ls, lw, label))

    def _xvalues(self, xs: Sequence[Any]) -> list[float]:
        xs = list(xs)
        if xs and isinstance(xs[0], str):
            self.categories = [str(x) for x in xs]
            return [float(i) for i in range(len(xs))]
        return [float(x) for x in xs]

    # --- how it is framed ----------------------------------------------------
    def set_xscale(self, kind: str, **kw: Any) -> None:
        self.xscale.kind = kind

    def set_yscale(self, kind: str, linthresh: float = 1.0, linscale: float = 1.0, **kw: Any) -> None:
        self.yscale.kind, self.yscale.linthresh, self.yscale.linscale = kind, float(linthresh), float(linscale)

    def set_xlim(self, lo: float, hi: float) -> None:
        self.xlim = (float(lo), float(hi))

    def set_ylim(self, lo: float, hi: float) -> None:
        self.ylim = (float(lo), float(hi))

    def set_xticks(self, ticks: Sequence[float]) -> None:
        self.xticks = [float(t) for t in ticks]

    def set_xticklabels(self, labels: Sequence[str]) -> None:
        """Words under the ticks set by :meth:`set_xticks` (0, 1, 2 … as categories)."""
        self.categories = [str(t) for t in labels]

    def set_xlabel(self, text: str) -> None:
        self.xlabel = text

    def set_ylabel(self, text: str) -> None:
        self.ylabel = text

    def set_title(self, text: str, loc: str = "center", **_: Any) -> None:
        self.title = text

    def legend(self, loc: str = "upper right", **_: Any) -> None:
        self.legend_loc = loc

    def set(self, **kw: Any) -> None:
        """Several settings at once (``title=``, ``xlabel=``, ``ylabel=``, ``xlim=``, ``ylim=``)."""
        for key, value in kw.items():
            if key in ("xlim", "ylim"):
                getattr(self, f"set_{key}")(*value)
            else:
                getattr(self, f"set_{key}")(value)

    # --- drawing -------------------------------------------------------------
    def _data_range(self) -> tuple[float, float, float, float]:
        xs: list[float] = []
        ys: list[float] = []
        for it in self.items:
            if it[0] == "line":
                xs += it[1]
                ys += it[2]
            elif it[0] == "bar":
                xs += [x - it[3] / 2 for x in it[1]] + [x + it[3] / 2 for x in it[1]]
                ys += it[2] + [0.0]
            elif it[0] == "band":
                xs += it[1]
                ys += it[2] + it[3]
            elif it[0] == "hline":
                ys.append(it[1])
            elif it[0] == "err":
                ys += [it[2], it[3]]
            elif it[0] == "vline":
                xs.append(it[1])
        xs = xs or [0.0, 1.0]
        ys = ys or [0.0, 1.0]
        x0, x1 = min(xs), max(xs)
        if self.xscale.kind == "linear":
            pad = (x1 - x0) * 0.05 or 0.5
            x0, x1 = x0 - pad, x1 + pad
        y0, y1 = min(ys), max(ys)
        pad = (y1 - y0) * 0.05 or 0.5
        return x0, x1, y0 - pad, y1 + pad

    def _ticks(self, scale: _Scale, lo: float, hi: float, given: Optional[list]) -> list[float]:
        if given is not None:
            return given
        if scale.kind == "log":
            return [10.0 ** e for e in range(math.ceil(math.log10(max(lo, 1e-300))),
                                               math.floor(math.log10(hi)) + 1)]
        if scale.kind == "symlog":
            t = scale.linthresh
            out = [v for v in (0.0, t) if lo <= v <= hi]
            e = math.floor(math.log10(t)) + 1
            while 10.0 ** e <= hi:
                out.append(10.0 ** e)
                e += 1
            return out
        return _nice_ticks(lo, hi)

    def render(self, left: float, top: float, width: float, height: float) -> list[str]:
        """SVG elements for the panel within the given box (pixels)."""
        x0, x1, y0, y1 = self._data_range()
        if self.xlim:
            x0, x1 = self.xlim
        if self.ylim:
            y0, y1 = self.ylim
        fx0, fx1 = self.xscale.fwd(x0), self.xscale.fwd(x1)
        fy0, fy1 = self.yscale.fwd(y0), self.yscale.fwd(y1)
        ml, mr, mt, mb = 62.0, 12.0, 30.0 if self.title else 12.0, 46.0
        pl, pt, pw, ph = left + ml, top + mt, max(width - ml - mr, 10), max(height - mt - mb, 10)

        def X(v: float) -> float:
            return pl + (self.xscale.fwd(v) - fx0) / ((fx1 - fx0) or 1) * pw

        def Y(v: float) -> float:
            return pt + ph - (self.yscale.fwd(v) - fy0) / ((fy1 - fy0) or 1) * ph

        def clipy(v: float) -> float:
            return min(max(Y(v), pt), pt + ph)

        out: list[str] = []
        xt = self._ticks(self.xscale, x0, x1, self.xticks if self.categories is None else
                         [float(i) for i in range(len(self.categories))])
        yt = self._ticks(self.yscale, y0, y1, None)
        for v in yt:
            y = Y(v)
            if pt - 0.5 <= y <= pt + ph + 0.5:
                out.append(f'<line x1="{_fmt(pl)}" y1="{_fmt(y)}" x2="{_fmt(pl + pw)}" y2="{_fmt(y)}" '
                           'stroke="#b0b0b0" stroke-opacity="0.5" stroke-width="0.8"/>')
                text = self.yaxis.formatter(v, None) if self.yaxis.formatter else f"{v:g}"
                out.append(f'<text x="{_fmt(pl - 6)}" y="{_fmt(y + 4)}" text-anchor="end">{html.escape(text)}</text>')
        for v in xt:
            x = X(v)
            if pl - 0.5 <= x <= pl + pw + 0.5:
                out.append(f'<line x1="{_fmt(x)}" y1="{_fmt(pt)}" x2="{_fmt(x)}" y2="{_fmt(pt + ph)}" '
                           'stroke="#b0b0b0" stroke-opacity="0.5" stroke-width="0.8"/>')
                if self.categories is not None:
                    text = self.categories[int(round(v))]
                elif self.xaxis.formatter:
                    text = self.xaxis.formatter(v, None)
                else:
                    text = f"{v:g}"
                out.append(f'<text x="{_fmt(x)}" y="{_fmt(pt + ph + 16)}" text-anchor="middle">'
                           f'{html.escape(text)}</text>')
        out.append(f'<clipPath id="c{id(self)}"><rect x="{_fmt(pl)}" y="{_fmt(pt)}" width="{_fmt(pw)}" '
                   f'height="{_fmt(ph)}"/></clipPath><g clip-path="url(#c{id(self)})">')
        legend: list[tuple] = []
        for it in self.items:
            kind = it[0]
            if kind == "band":
                _, xs, lo, hi, color, alpha, label = it
                pts = [(X(x), clipy(v)) for x, v in zip(xs, hi)] + [(X(x), clipy(v)) for x, v in
                                                                    reversed(list(zip(xs, lo)))]
                out.append(f'<polygon points="{" ".join(f"{_fmt(a)},{_fmt(b)}" for a, b in pts)}" fill="{color}" '
                           f'fill-opacity="{alpha}" stroke="none"/>')
                legend.append(("patch", color, alpha, label))
            elif kind == "bar":
                _, xs, hs, w, color, alpha, label = it
                for x, h, c in zip(xs, hs, color):
                    a, b = X(x - w / 2), X(x + w / 2)
                    top_y, base = clipy(max(h, 0.0)), clipy(0.0)
                    out.append(f'<rect x="{_fmt(a)}" y="{_fmt(top_y)}" width="{_fmt(b - a)}" '
                               f'height="{_fmt(base - top_y)}" fill="{c}" fill-opacity="{alpha}"/>')
                legend.append(("patch", color[0] if color else "#000", alpha, label))
            elif kind == "err":
                _, x, lo, hi, color = it
                xx = X(x)
                for y1, y2, x1, x2 in ((lo, hi, xx, xx), (lo, lo, xx - 5, xx + 5), (hi, hi, xx - 5, xx + 5)):
                    out.append(f'<line x1="{_fmt(x1)}" y1="{_fmt(clipy(y1))}" x2="{_fmt(x2)}" y2="{_fmt(clipy(y2))}" '
                               f'stroke="{color}" stroke-width="1.2"/>')
            elif kind in ("hline", "vline"):
                _, v, color, ls, lw, label = it
                dash = ' stroke-dasharray="6,4"' if ls in ("--", "dashed") else ""
                if kind == "hline":
                    out.append(f'<line x1="{_fmt(pl)}" y1="{_fmt(Y(v))}" x2="{_fmt(pl + pw)}" y2="{_fmt(Y(v))}" '
                               f'stroke="{color}" stroke-width="{lw}"{dash}/>')
                else:
                    out.append(f'<line x1="{_fmt(X(v))}" y1="{_fmt(pt)}" x2="{_fmt(X(v))}" y2="{_fmt(pt + ph)}" '
                               f'stroke="{color}" stroke-width="{lw}"{dash}/>')
                legend.append(("line", color, lw, label, ls, ""))
            elif kind == "line":
                _, xs, ys, color, lw, marker, ms, line, label = it
                pts = [(X(x), Y(y)) for x, y in zip(xs, ys)]
                if line and len(pts) > 1:
                    out.append(f'<polyline points="{" ".join(f"{_fmt(a)},{_fmt(b)}" for a, b in pts)}" fill="none" '
                               f'stroke="{color}" stroke-width="{lw}"/>')
                if marker:
                    out += [_marker(marker, a, b, ms * 0.75, color) for a, b in pts]
                legend.append(("line", color, lw, label, "-" if line else "", marker))
        out.append("</g>")
        out.append(f'<rect x="{_fmt(pl)}" y="{_fmt(pt)}" width="{_fmt(pw)}" height="{_fmt(ph)}" fill="none" '
                   'stroke="#333" stroke-width="0.8"/>')
        if self.title:
            out.append(f'<text x="{_fmt(pl)}" y="{_fmt(top + 20)}" font-weight="bold" font-size="13">'
                       f'{html.escape(self.title)}</text>')
        if self.xlabel:
            out.append(f'<text x="{_fmt(pl + pw / 2)}" y="{_fmt(pt + ph + 36)}" text-anchor="middle">'
                       f'{html.escape(self.xlabel)}</text>')
        if self.ylabel:
            cx, cy = left + 14, pt + ph / 2
            out.append(f'<text x="{_fmt(cx)}" y="{_fmt(cy)}" text-anchor="middle" '
                       f'transform="rotate(-90 {_fmt(cx)} {_fmt(cy)})">{html.escape(self.ylabel)}</text>')
        entries = [e for e in legend if e[3]]
        if self.legend_loc and entries:
            out += _legend(entries, self.legend_loc, pl, pt, pw, ph)
        return out


def _marker(kind: str, x: float, y: float, r: float, color: str) -> str:
    if kind == "s":
        return f'<rect x="{_fmt(x - r)}" y="{_fmt(y - r)}" width="{_fmt(2 * r)}" height="{_fmt(2 * r)}" fill="{color}"/>'
    if kind in "^vDP":
        pts = {"^": [(0, -r), (r, r), (-r, r)], "v": [(0, r), (r, -r), (-r, -r)],
               "D": [(0, -r), (r, 0), (0, r), (-r, 0)], "P": [(-r, -r / 3), (-r / 3, -r / 3), (-r / 3, -r),
                                                           (r / 3, -r), (r / 3, -r / 3), (r, -r / 3), (r, r / 3),
                                                           (r / 3, r / 3), (r / 3, r), (-r / 3, r), (-r / 3, r / 3),
                                                           (-r, r / 3)]}[kind]
        return (f'<polygon points="{" ".join(f"{_fmt(x + a)},{_fmt(y + b)}" for a, b in pts)}" '
                f'fill="{color}"/>')
    return f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(r)}" fill="{color}"/>'


def _legend(entries: list[tuple], loc: str, pl: float, pt: float, pw: float, ph: float) -> list[str]:
    row, width = 17.0, max(len(e[3]) for e in entries) * 6.4 + 40
    height = row * len(entries) + 6
    x = pl + pw - width - 6 if "right" in loc else pl + 6
    y = pt + 6 if "upper" in loc else pt + ph - height - 6
    out = [f'<rect x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(width)}" height="{_fmt(height)}" fill="#fff" '
           'fill-opacity="0.85" stroke="none"/>']
    for i, e in enumerate(entries):
        cy = y + 3 + row * i + row / 2
        if e[0] == "patch":
            out.append(f'<rect x="{_fmt(x + 4)}" y="{_fmt(cy - 5)}" width="22" height="10" fill="{e[1]}" '
                       f'fill-opacity="{e[2]}"/>')
        else:
            _, color, lw, _, ls, marker = e
            if ls:
                dash = ' stroke-dasharray="6,4"' if ls in ("--", "dashed") else ""
                out.append(f'<line x1="{_fmt(x + 4)}" y1="{_fmt(cy)}" x2="{_fmt(x + 26)}" y2="{_fmt(cy)}" '
                           f'stroke="{color}" stroke-width="{lw}"{dash}/>')
            if marker:
                out.append(_marker(marker, x + 15, cy, 3.5, color))
        out.append(f'<text x="{_fmt(x + 32)}" y="{_fmt(cy + 4)}">{html.escape(e[3])}</text>')
    return out


class Figure:
    """A figure of ``width`` × ``height`` inches (100 pixels an inch) holding one
    or more :class:`Axes` side by side; :meth:`svg` draws it."""

    def __init__(self, width: float = 7.2, height: float = 3.8) -> None:
        self.width, self.height = width * _DPI, height * _DPI
        self.axes: list[Axes] = []
        self.title = ""

    def add_subplot(self) -> Axes:
        ax = Axes()
        self.axes.append(ax)
        return ax

    def subplots(self, rows: int = 1, cols: int = 1) -> Any:
        """``cols`` panels in one row (the only layout the lessons use)."""
        if rows != 1:
            raise NotImplementedError("svgplot draws one row of panels")
        made = [self.add_subplot() for _ in range(cols)]
        return made[0] if cols == 1 else tuple(made)

    def suptitle(self, text: str, **_: Any) -> None:
        self.title = text

    def svg(self) -> str:
        """The figure as an SVG document (text)."""
        top = 26.0 if self.title else 0.0
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_fmt(self.width)}" height="{_fmt(self.height)}" '
                 f'viewBox="0 0 {_fmt(self.width)} {_fmt(self.height)}" font-family="{_FONT}" font-size="11" '
                 'fill="#1f1f1f">', f'<rect width="100%" height="100%" fill="#fff"/>']
        if self.title:
            parts.append(f'<text x="{_fmt(self.width / 2)}" y="18" text-anchor="middle" font-size="13">'
                         f'{html.escape(self.title)}</text>')
        n = max(len(self.axes), 1)
        w = self.width / n
        for i, ax in enumerate(self.axes):
            parts += ax.render(i * w, top, w, self.height - top)
        parts.append("</svg>")
        return "".join(parts)


__all__ = [c.__name__ for c in (Figure, Axes, FuncFormatter)]
