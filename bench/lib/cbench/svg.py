"""Hand-written SVG charts (no libraries): grouped horizontal bars (ratios on
a log axis, or times on a linear one) and line charts over a categorical x
axis (the sweeps' geometric parameter values), laid out as panels of one
figure.  Every value gets a <title> tooltip with its exact number.
"""

import math
from xml.sax.saxutils import escape

PALETTE = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
           "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")
CHAR_W = 6.6  # rough width of one 11px sans-serif character
FONT = "font-family=\"Helvetica, Arial, sans-serif\""


def _attr(v):
    return escape(str(v), {'"': "&quot;"})


def _text(x, y, s, size=11, anchor="start", weight=None, fill="#222", extra=""):
    w = f' font-weight="{weight}"' if weight else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{fill}"{w}{extra}>{escape(str(s))}</text>')


def _tw(s, size=11):
    return len(str(s)) * CHAR_W * size / 11


# ---------------------------------------------------------------- formatting

def fmt_seconds(v):
    if v is None:
        return "n/a"
    if v == 0:
        return "0"
    if v >= 100:
        return f"{v:.0f} s"
    if v >= 1:
        return f"{v:.2f} s"
    if v >= 0.01:
        return f"{v * 1000:.0f} ms"
    if v >= 0.001:
        return f"{v * 1000:.1f} ms"
    return f"{v * 1e6:.0f} µs"


def fmt_pct(v):
    if v is None:
        return "n/a"
    pct = v * 100
    return f"{pct:.0f}%" if abs(pct - round(pct)) < 1e-9 else f"{pct:.1f}%"


def fmt_count(v):
    if v is None:
        return "n/a"
    a = abs(v)
    for div, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "K")):
        if a >= div:
            x = v / div
            return f"{x:.0f}{suffix}" if abs(x) >= 100 or x == int(x) else f"{x:.1f}{suffix}"
    return f"{v:.0f}" if v == int(v) else f"{v:.2f}"


def fmt_ratio(v):
    if v is None:
        return "n/a"
    return f"{v:.2f}×" if v < 10 else f"{v:.1f}×"


def fmt_ms(v):
    return "n/a" if v is None else fmt_seconds(v / 1000.0)


# --------------------------------------------------------------------- ticks

def linear_ticks(lo, hi, n=5):
    if hi <= lo:
        hi = lo + (abs(lo) or 1.0)
    raw = (hi - lo) / n
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    start = math.floor(lo / step + 1e-9) * step
    ticks = []
    t = start
    while t < hi + step * 0.999:
        ticks.append(round(t, 12))
        t += step
    return ticks


def log_ticks(lo, hi):
    ticks = []
    e = math.floor(math.log10(lo)) - 1
    while True:
        for m in (1, 2, 5):
            t = m * 10 ** e
            if t > hi * 1.0001:
                return ticks
            if t >= lo * 0.9999:
                ticks.append(t)
        e += 1


def _color(series, index):
    return series.get("color") or PALETTE[index % len(PALETTE)]


def _light(series):
    return ' fill-opacity="0.4"' if series.get("light") else ""


# --------------------------------------------------------------------- legend

def _legend_layout(names, width):
    """Positions (row, x) of legend items wrapped to `width`."""
    out = []
    row, x = 0, 0.0
    for name in names:
        w = 22 + _tw(name) + 14
        if x > 0 and x + w > width:
            row += 1
            x = 0.0
        out.append((row, x))
        x += w
    rows = (row + 1) if names else 0
    return out, rows


def _legend(items, x0, y0, width):
    """items: (name, color, dashed, shape).  Returns (svg parts, height)."""
    layout, rows = _legend_layout([i[0] for i in items], width)
    parts = []
    for (name, color, dashed, shape), (row, x) in zip(items, layout):
        y = y0 + row * 16 + 8
        if shape == "box":
            light = ' fill-opacity="0.4"' if dashed else ""  # for boxes, "dashed" means a light bar
            parts.append(f'<rect x="{x0 + x:.1f}" y="{y - 5:.1f}" width="16" height="10" fill="{color}"{light}/>')
        else:
            dash = ' stroke-dasharray="5,3"' if dashed else ""
            parts.append(f'<line x1="{x0 + x:.1f}" y1="{y:.1f}" x2="{x0 + x + 16:.1f}" y2="{y:.1f}" '
                         f'stroke="{color}" stroke-width="2"{dash}/>')
        parts.append(_text(x0 + x + 20, y + 4, name, size=11))
    return parts, rows * 16


# --------------------------------------------------------------------- panels

class Panel:
    width = 460
    height = 300

    def render(self, x0, y0):
        raise NotImplementedError


def _wrap(text, width, size=12):
    """Splits text into lines of at most `width` pixels (roughly)."""
    per_line = max(8, int(width / (CHAR_W * size / 11)))
    lines = []
    for para in str(text).split("\n"):
        line = ""
        for word in para.split(" "):
            if line and len(line) + 1 + len(word) > per_line:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        lines.append(line)
    return lines


def _no_data(parts, x0, y0, w, h, message):
    parts.append(f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{w:.1f}" height="{h:.1f}" '
                 f'fill="#f7f7f7" stroke="#ddd"/>')
    lines = _wrap(message or "no data", w - 20)
    for i, line in enumerate(lines):
        parts.append(_text(x0 + w / 2, y0 + h / 2 + (i - (len(lines) - 1) / 2) * 15, line,
                           size=12, anchor="middle", fill="#777"))


class LinePanel(Panel):
    """Lines over categorical x values.  series: dicts with name, values
    (aligned with x_labels, None for a gap) and optional dashed=True."""

    def __init__(self, title, x_labels, series, x_title="", y_title="", y_format=fmt_count,
                 y_zero=True, y_max=None, note=None, width=460, height=300):
        self.title = title
        self.x_labels = [str(x) for x in x_labels]
        self.series = [s for s in series if s is not None]
        self.x_title = x_title
        self.y_title = y_title
        self.y_format = y_format
        self.y_zero = y_zero
        self.y_max = y_max
        self.note = note
        self.width = width
        self.height = height

    def render(self, x0, y0):
        w, h = self.width, self.height
        parts = [_text(x0 + w / 2, y0 + 16, self.title, size=13, anchor="middle", weight="bold")]
        items = [(s["name"], _color(s, i), s.get("dashed", False), "line")
                 for i, s in enumerate(self.series)]
        legend_parts, legend_h = _legend(items, x0 + 10, 0, w - 20)
        left, right = x0 + 72, x0 + w - 14
        top, bottom = y0 + 30, y0 + h - 44 - legend_h
        values = [v for s in self.series for v in s["values"] if v is not None]
        if not values:
            _no_data(parts, left, top, right - left, bottom - top, self.note or "no data")
            return parts
        lo = 0.0 if self.y_zero else min(values)
        hi = max(values) if self.y_max is None else self.y_max
        if not self.y_zero and hi > lo:
            lo -= (hi - lo) * 0.08
        ticks = linear_ticks(lo, hi)
        lo, hi = ticks[0], ticks[-1]

        def ypos(v):
            return bottom - (v - lo) / (hi - lo) * (bottom - top)

        n = len(self.x_labels)

        def xpos(i):
            return left + (i + 0.5) * (right - left) / max(n, 1)

        parts.append(f'<rect x="{left:.1f}" y="{top:.1f}" width="{right - left:.1f}" '
                     f'height="{bottom - top:.1f}" fill="#fcfcfc" stroke="#bbb"/>')
        for t in ticks:
            y = ypos(t)
            parts.append(f'<line x1="{left:.1f}" y1="{y:.1f}" x2="{right:.1f}" y2="{y:.1f}" stroke="#e4e4e4"/>')
            parts.append(_text(left - 5, y + 4, self.y_format(t), size=10, anchor="end", fill="#555"))
        for i, label in enumerate(self.x_labels):
            parts.append(_text(xpos(i), bottom + 15, label, size=10, anchor="middle", fill="#555"))
        if self.x_title:
            parts.append(_text((left + right) / 2, bottom + 31, self.x_title, size=11, anchor="middle"))
        if self.y_title:
            cy = (top + bottom) / 2
            parts.append(_text(x0 + 12, cy, self.y_title, size=11, anchor="middle",
                               extra=f' transform="rotate(-90 {x0 + 12:.1f} {cy:.1f})"'))
        for si, s in enumerate(self.series):
            color = _color(s, si)
            dash = ' stroke-dasharray="5,3"' if s.get("dashed") else ""
            run = []
            for i, v in enumerate(list(s["values"]) + [None]):
                if v is None or i >= n:
                    if len(run) > 1:
                        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in run)
                        parts.append(f'<polyline points="{pts}" fill="none" stroke="{color}" '
                                     f'stroke-width="2"{dash}/>')
                    run = []
                    continue
                run.append((xpos(i), ypos(v)))
            for i, v in enumerate(s["values"][:n]):
                if v is None:
                    continue
                tip = f'{s["name"]} @ {self.x_labels[i]}: {self.y_format(v)} ({v:g})'
                parts.append(f'<circle cx="{xpos(i):.1f}" cy="{ypos(v):.1f}" r="3" fill="{color}">'
                             f'<title>{escape(tip)}</title></circle>')
        if self.note:
            parts.append(_text(right - 4, top + 13, self.note, size=10, anchor="end", fill="#888"))
        parts.extend(f'<g transform="translate(0 {bottom + 40:.1f})">{p}</g>' for p in legend_parts)
        return parts


class HBarPanel(Panel):
    """Grouped horizontal bars: one group per row, one bar per series.
    scale='log' draws bars from `ref` (ratios: left of 1 is faster);
    scale='linear' draws them from 0."""

    def __init__(self, title, rows, series, scale="log", ref=1.0, x_title="", x_format=fmt_ratio,
                 note=None, width=640):
        self.title = title
        self.rows = [str(r) for r in rows]
        # a series without a single value (a skipped runtime) would only add
        # "n/a" clutter: the notes under the chart say why it is missing
        self.series = [s for s in series if s is not None and any(v is not None for v in s["values"])]
        self.scale = scale
        self.ref = ref
        self.x_title = x_title
        self.x_format = x_format
        self.note = note
        self.width = width
        ns = max(len(self.series), 1)
        self.bar_h = 9 if ns > 2 else 12
        self.row_h = ns * self.bar_h + 10
        _, legend_rows = _legend_layout([s["name"] for s in self.series], width - 20)
        self.height = 30 + max(len(self.rows), 1) * self.row_h + 44 + legend_rows * 16 + 8

    def render(self, x0, y0):
        w, h = self.width, self.height
        parts = [_text(x0 + w / 2, y0 + 16, self.title, size=13, anchor="middle", weight="bold")]
        label_w = min(190, max([_tw(r) for r in self.rows] + [40]) + 12)
        left, right = x0 + label_w, x0 + w - 56
        top = y0 + 30
        bottom = top + max(len(self.rows), 1) * self.row_h
        values = [v for s in self.series for v in s["values"] if v is not None and v > 0]
        if not values:
            _no_data(parts, left, top, right - left, bottom - top, self.note or "no data")
            return parts
        if self.scale == "log":
            lo = min(values + [self.ref]) / 1.1
            hi = max(values + [self.ref]) * 1.1
            wide = log_ticks(lo / 10, hi * 10)
            lo = max([t for t in wide if t <= lo] or [lo])
            hi = min([t for t in wide if t >= hi] or [hi])
            ticks = log_ticks(lo, hi)

            def xpos(v):
                return left + (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo)) * (right - left)
            base = self.ref
        else:
            ticks = linear_ticks(0.0, max(values))
            lo, hi = ticks[0], ticks[-1]

            def xpos(v):
                return left + (v - lo) / (hi - lo) * (right - left)
            base = 0.0
        parts.append(f'<rect x="{left:.1f}" y="{top:.1f}" width="{right - left:.1f}" '
                     f'height="{bottom - top:.1f}" fill="#fcfcfc" stroke="#bbb"/>')
        for t in ticks:
            x = xpos(t)
            parts.append(f'<line x1="{x:.1f}" y1="{top:.1f}" x2="{x:.1f}" y2="{bottom:.1f}" stroke="#e4e4e4"/>')
            parts.append(_text(x, bottom + 14, self.x_format(t), size=10, anchor="middle", fill="#555"))
        if self.scale == "log":
            xr = xpos(self.ref)
            parts.append(f'<line x1="{xr:.1f}" y1="{top:.1f}" x2="{xr:.1f}" y2="{bottom:.1f}" '
                         f'stroke="#444" stroke-width="1.2"/>')
        if self.x_title:
            parts.append(_text((left + right) / 2, bottom + 30, self.x_title, size=11, anchor="middle"))
        for ri, row in enumerate(self.rows):
            ry = top + ri * self.row_h
            if ri % 2:
                parts.append(f'<rect x="{left:.1f}" y="{ry:.1f}" width="{right - left:.1f}" '
                             f'height="{self.row_h}" fill="#f3f3f3" opacity="0.6"/>')
            parts.append(_text(left - 6, ry + self.row_h / 2 + 4, row, size=11, anchor="end"))
            for si, s in enumerate(self.series):
                v = s["values"][ri] if ri < len(s["values"]) else None
                by = ry + 5 + si * self.bar_h
                color = _color(s, si)
                if v is None or v <= 0:
                    parts.append(_text(xpos(base) + 3, by + self.bar_h - 1, s.get("na", "n/a"), size=8,
                                       fill="#999"))
                    continue
                x1, x2 = sorted((xpos(base), xpos(v)))
                tip = f'{row} / {s["name"]}: {self.x_format(v)} ({v:g})'
                parts.append(f'<rect x="{x1:.1f}" y="{by:.1f}" width="{max(x2 - x1, 1):.1f}" '
                             f'height="{self.bar_h - 1}" fill="{color}"{_light(s)}>'
                             f'<title>{escape(tip)}</title></rect>')
                parts.append(_text(max(x2, xpos(base)) + 3, by + self.bar_h - 1.5, self.x_format(v),
                                   size=8, fill="#444"))
        if self.note:
            parts.append(_text(right, y0 + 27, self.note, size=10, anchor="end", fill="#888"))
        items = [(s["name"], _color(s, i), s.get("light", False), "box") for i, s in enumerate(self.series)]
        legend_parts, _ = _legend(items, x0 + 10, bottom + 40, w - 20)
        parts.extend(legend_parts)
        return parts


class NotePanel(Panel):
    """A panel that only says something (e.g. 'not yet supported')."""

    def __init__(self, title, message, width=460, height=160):
        self.title, self.message, self.width, self.height = title, message, width, height

    def render(self, x0, y0):
        parts = [_text(x0 + self.width / 2, y0 + 16, self.title, size=13, anchor="middle", weight="bold")]
        _no_data(parts, x0 + 20, y0 + 30, self.width - 40, self.height - 45, self.message)
        return parts


# --------------------------------------------------------------------- figure

def figure(title, panels, columns=2, subtitle=None):
    """An SVG document with the panels in a grid, `columns` wide."""
    panels = [p for p in panels if p is not None]
    columns = max(1, min(columns, len(panels) or 1))
    col_w = max([p.width for p in panels] + [300])
    grid = [panels[i:i + columns] for i in range(0, len(panels), columns)]
    head = 34 + (18 if subtitle else 0)
    width = col_w * columns + 20
    height = head + sum(max(p.height for p in row) + 14 for row in grid) + 10
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
             f'viewBox="0 0 {width:.0f} {height:.0f}" {FONT}>',
             f'<title>{escape(title)}</title>',
             f'<rect width="100%" height="100%" fill="white"/>',
             _text(width / 2, 22, title, size=16, anchor="middle", weight="bold")]
    if subtitle:
        parts.append(_text(width / 2, 40, subtitle, size=11, anchor="middle", fill="#666"))
    y = head
    for row in grid:
        for ci, panel in enumerate(row):
            parts.extend(panel.render(10 + ci * col_w, y))
        y += max(p.height for p in row) + 14
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
