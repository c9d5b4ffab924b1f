"""Charts drawn on the server as inline SVG: no JavaScript, no library, nothing from a CDN.

:func:`line_chart` draws the rating history, :func:`bar_chart` the points-per-hand
distribution. Both return markup with every text escaped, sized by a ``viewBox`` so that they
scale to the page, with a ``<title>`` and a ``<desc>`` for screen readers.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 52, 12, 14, 30
MAX_POINTS = 400


def _downsample(values: Sequence[int], limit: int = MAX_POINTS) -> list[tuple[int, int]]:
    """(index, value) pairs, at most ``limit`` of them, keeping the first and last."""
    n = len(values)
    if n <= limit:
        return list(enumerate(values))
    step = (n - 1) / (limit - 1)
    return [(round(i * step), values[round(i * step)]) for i in range(limit)]


def _nice_range(low: int, high: int) -> tuple[int, int]:
    low, high = (low // 50) * 50, -(-high // 50) * 50
    if low == high:
        low, high = low - 50, high + 50
    return low, high


def line_chart(values: Sequence[int], *, title: str, description: str, x_label: str) -> SafeString:
    """The rating after each game, as a line (the games on the horizontal axis)."""
    if not values:
        return mark_safe("")
    return line_chart_points(
        _downsample(values),
        count=len(values),
        low=min(values),
        high=max(values),
        title=title,
        description=description,
        x_label=x_label,
    )


def line_chart_points(
    points: Sequence[tuple[int, int]],
    *,
    count: int,
    low: int,
    high: int,
    title: str,
    description: str,
    x_label: str,
) -> SafeString:
    """:func:`line_chart` of a curve already sampled: ``points`` are (index, value) pairs of a
    curve of ``count`` values between ``low`` and ``high`` (e.g. ``selectors.rating_curve``)."""
    if not points:
        return mark_safe("")
    low, high = _nice_range(low, high)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    last = max(count - 1, 1)

    def xy(i: int, v: int) -> str:
        x = LEFT + plot_w * i / last
        y = TOP + plot_h * (high - v) / (high - low)
        return f"{x:.1f},{y:.1f}"

    grid = []
    for k in range(5):
        v = round(low + (high - low) * k / 4)
        y = TOP + plot_h * (high - v) / (high - low)
        grid.append(
            f'<line class="chart-grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}"/>'
            f'<text class="chart-tick" x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{v}</text>'
        )
    line = " ".join(xy(i, v) for i, v in points)
    end_x, end_y = xy(*points[-1]).split(",")
    svg = (
        f'<svg class="chart chart-line" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="chart-rating-title chart-rating-desc" xmlns="http://www.w3.org/2000/svg">'
        f'<title id="chart-rating-title">{escape(title)}</title>'
        f'<desc id="chart-rating-desc">{escape(description)}</desc>'
        f"{''.join(grid)}"
        f'<polyline class="chart-series" fill="none" points="{line}"/>'
        f'<circle class="chart-dot" cx="{end_x}" cy="{end_y}" r="4"/>'
        f'<text class="chart-tick" x="{LEFT}" y="{HEIGHT - 8}">1</text>'
        f'<text class="chart-tick" x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" text-anchor="end">'
        f"{count}</text>"
        f'<text class="chart-label" x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 8}" '
        f'text-anchor="middle">{escape(x_label)}</text>'
        "</svg>"
    )
    return mark_safe(svg)


def bar_chart(
    labels: Sequence[str], counts: Sequence[int], *, title: str, description: str
) -> SafeString:
    """Counts per band as vertical bars, each labelled below and titled with its count."""
    if not counts or not any(counts):
        return mark_safe("")
    top = max(counts)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / len(counts)
    bars = []
    for i, (label, count) in enumerate(zip(labels, counts, strict=True)):
        h = plot_h * count / top
        x = LEFT + i * slot + slot * 0.1
        y = TOP + plot_h - h
        bars.append(
            f'<rect class="chart-bar" x="{x:.1f}" y="{y:.1f}" width="{slot * 0.8:.1f}" '
            f'height="{h:.1f}"><title>{escape(label)}: {count}</title></rect>'
        )
        if i % 2 == 0:
            bars.append(
                f'<text class="chart-tick" x="{x + slot * 0.4:.1f}" y="{HEIGHT - 12}" '
                f'text-anchor="middle">{escape(label)}</text>'
            )
    svg = (
        f'<svg class="chart chart-bars" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="chart-points-title chart-points-desc" xmlns="http://www.w3.org/2000/svg">'
        f'<title id="chart-points-title">{escape(title)}</title>'
        f'<desc id="chart-points-desc">{escape(description)}</desc>'
        f'<line class="chart-grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{TOP + plot_h}" '
        f'y2="{TOP + plot_h}"/>'
        f'<text class="chart-tick" x="{LEFT - 6}" y="{TOP + 4}" text-anchor="end">{top}</text>'
        f"{''.join(bars)}"
        "</svg>"
    )
    return mark_safe(svg)
