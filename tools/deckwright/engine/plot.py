"""Histograms of a simulation as a small, deterministic SVG (no plotting library needed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

WIDTH, HEIGHT = 360, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 30, 40  # room for the y axis's numbers and title, the title, the x axis


def _ticks(top: int) -> list[int]:
    """Whole numbers from 0 to `top` for the count axis: at most five, evenly spaced."""
    step = max(1, -(-top // 4))
    return list(range(0, top + 1, step)) + ([top] if top % step else [])


def _panel(title: str, unit: str, noun: str, bins: Sequence[Mapping[str, float]], x: int) -> list[str]:
    """One histogram: bars with their counts, a count axis with ticks, the bins' range on the x axis."""
    top = int(max((b["count"] for b in bins), default=0)) or 1
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    left, base = x + LEFT, HEIGHT - BOTTOM
    bar = inner_w / max(1, len(bins))
    total = int(sum(b["count"] for b in bins))
    parts = [f'<text x="{x + WIDTH / 2:.1f}" y="18" text-anchor="middle" font-size="13">{escape(title)} '
             f'({total} {noun})</text>',
             f'<line x1="{left}" y1="{base}" x2="{x + WIDTH - RIGHT}" y2="{base}" stroke="#333"/>',
             f'<line x1="{left}" y1="{base}" x2="{left}" y2="{TOP}" stroke="#333"/>',
             f'<text x="{x + 12}" y="{TOP + inner_h / 2:.1f}" font-size="10" text-anchor="middle" '
             f'transform="rotate(-90 {x + 12} {TOP + inner_h / 2:.1f})">{noun}</text>',
             f'<text x="{left + inner_w / 2:.1f}" y="{HEIGHT - 6}" font-size="10" text-anchor="middle">'
             f'{escape(unit)}</text>']
    for tick in _ticks(top):
        y = base - inner_h * tick / top
        parts.append(f'<line x1="{left - 4}" y1="{y:.1f}" x2="{left}" y2="{y:.1f}" stroke="#333"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 3:.1f}" font-size="9" text-anchor="end">{tick}</text>')
    for i, b in enumerate(bins):
        h = inner_h * b["count"] / top
        bx = left + i * bar
        parts.append(f'<rect x="{bx:.1f}" y="{base - h:.1f}" width="{max(bar - 1, 1):.1f}" '
                     f'height="{h:.1f}" fill="#4a7ab5"><title>{b["low"]}-{b["high"]}: {b["count"]}</title></rect>')
        if b["count"] and bar >= 10:
            parts.append(f'<text x="{bx + bar / 2:.1f}" y="{base - h - 2:.1f}" font-size="8" text-anchor="middle">'
                         f'{b["count"]}</text>')
    if bins:
        parts.append(f'<text x="{left}" y="{base + 12}" font-size="9">{bins[0]["low"]}</text>')
        parts.append(f'<text x="{x + WIDTH - RIGHT}" y="{base + 12}" font-size="9" text-anchor="end">'
                     f'{bins[-1]["high"]}</text>')
    return parts


def histogram_svg(summary: Mapping[str, Any]) -> str:
    """Two panels, game length in rounds and final scores: each with a count axis, the count of every bar
    and the range of its values."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * WIDTH}" height="{HEIGHT}" '
             f'font-family="sans-serif">', f'<rect width="{2 * WIDTH}" height="{HEIGHT}" fill="white"/>']
    parts += _panel("Game length", "rounds", "games", summary.get("length_histogram", []), 0)
    parts += _panel("Final scores", "score of a seat", "scores", summary.get("score_histogram", []), WIDTH)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def histogram_png(summary: Mapping[str, Any], dpi: int = 150) -> bytes:
    """The same histograms as a PNG: the SVG drawn through svglib into a PDF page, rasterised by PDFium."""
    import io

    import pypdfium2
    from reportlab.graphics import renderPDF
    from svglib.svglib import svg2rlg

    drawing = svg2rlg(io.BytesIO(histogram_svg(summary).encode("utf-8")))
    pdf = renderPDF.drawToString(drawing)
    page = pypdfium2.PdfDocument(pdf)[0]
    image = page.render(scale=dpi / 72.0).to_pil().convert("RGB")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()
