"""Contact sheets: a pack's card faces side by side in one PNG, to look at every layout at once.

    python bench/contact_sheet.py content/silver-coin build/contact/silver-coin.png [--per-type 6]

For each card type with a layout, the cards whose text is longest (the ones most likely to shrink,
overflow or crowd) are drawn first, up to --per-type of them, then the type's back. Faces come from
the render stage as a one-card-per-page proof, rasterised with PDFium, so what the sheet shows is
what the proof prints.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pypdfium2
from PIL import Image, ImageDraw

from deckwright.model import load_pack
from deckwright.render.plan import printable
from deckwright.render.proof import ProofOptions, render_proof

DPI = 72
GAP = 8


def contact_sheet(folder: Path, per_type: int, columns: int) -> Image.Image:
    pack = load_pack(folder, str(folder)).pack
    if pack is None:
        raise SystemExit(f"{folder}: the pack does not load")
    tiles: list[Image.Image] = []
    for type_id in pack.types:
        cards = [e for e in pack.entities if e.type == type_id and printable(pack, e)]
        if not cards:
            continue
        cards.sort(key=lambda e: -len(json.dumps(dict(e.data), default=str)))
        chosen = cards[:per_type]
        pdf = render_proof(pack, chosen, ProofOptions(one_per_page=True, bleed=0.0, backs="long")).pdf
        document = pypdfium2.PdfDocument(pdf)
        pages = [document[i].render(scale=DPI / 72).to_pil().convert("RGB") for i in range(len(document))]
        document.close()
        fronts = list({page.tobytes(): page for page in pages[0::2]}.values())  # copies once
        tiles += fronts + pages[1:2]  # every front, then the type's back once
    width = max(t.width for t in tiles)
    height = max(t.height for t in tiles)
    rows = -(-len(tiles) // columns)
    sheet = Image.new("RGB", (columns * (width + GAP) + GAP, rows * (height + GAP) + GAP), "#808080")
    draw = ImageDraw.Draw(sheet)
    for i, tile in enumerate(tiles):
        x, y = GAP + (i % columns) * (width + GAP), GAP + (i // columns) * (height + GAP)
        sheet.paste(tile, (x, y))
        draw.rectangle((x, y, x + tile.width - 1, y + tile.height - 1), outline="#000000")
    return sheet


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pack", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--per-type", type=int, default=4)
    parser.add_argument("--columns", type=int, default=10)
    args = parser.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    contact_sheet(args.pack, args.per_type, args.columns).save(args.out)


if __name__ == "__main__":
    main()
