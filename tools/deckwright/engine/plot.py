"""Histograms of a simulation as a small, deterministic SVG (no plotting library needed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

WIDTH, HEIGHT, MARGIN = 360, 200, 30


def _panel(title: str, bins: Sequence[Mapping[str, float]], x: int) -> list[str]:
    top = max((b["count"] for b in bins), default=0) or 1
    inner_w, inner_h = WIDTH - 2 * MARGIN, HEIGHT - 2 * MARGIN
    bar = inner_w / max(1, len(bins))
    parts = [f'<text x="{x + WIDTH / 2:.1f}" y="18" text-anchor="middle" font-size="13">{escape(title)}</text>',
             f'<line x1="{x + MARGIN}" y1="{HEIGHT - MARGIN}" x2="{x + WIDTH - MARGIN}" y2="{HEIGHT - MARGIN}" '
             'stroke="#333"/>']
    for i, b in enumerate(bins):
        h = inner_h * b["count"] / top
        parts.append(f'<rect x="{x + MARGIN + i * bar:.1f}" y="{HEIGHT - MARGIN - h:.1f}" width="{max(bar - 1, 1):.1f}" '
                     f'height="{h:.1f}" fill="#4a7ab5"><title>{b["low"]}-{b["high"]}: {b["count"]}</title></rect>')
    if bins:
        parts.append(f'<text x="{x + MARGIN}" y="{HEIGHT - 12}" font-size="10">{bins[0]["low"]}</text>')
        parts.append(f'<text x="{x + WIDTH - MARGIN}" y="{HEIGHT - 12}" font-size="10" text-anchor="end">'
                     f'{bins[-1]["high"]}</text>')
    return parts


def histogram_svg(summary: Mapping[str, Any]) -> str:
    """Two panels: game length in rounds and final scores."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * WIDTH}" height="{HEIGHT}" '
             f'font-family="sans-serif">', f'<rect width="{2 * WIDTH}" height="{HEIGHT}" fill="white"/>']
    parts += _panel("Game length (rounds)", summary.get("length_histogram", []), 0)
    parts += _panel("Final scores", summary.get("score_histogram", []), WIDTH)
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
