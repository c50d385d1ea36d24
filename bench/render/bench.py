"""Proof speed (a ratio against a peer, and faces per second; not a timed test).

1. Faces per second: the generated 10,000-card pack (bench/lint/generate.py) with a layout of
   frame, title, badges, icons and card text, imposed on A4 with 3 mm bleed, crop marks and
   long-edge duplex backs. Target (issue 7): at least 200 faces per second on one core.
2. 1,000 ready-made PNG card images (full-bleed image layout) imposed on A4 with 3 mm bleed and
   crop marks, against `cartuli` doing the same job with the same page count. cartuli pins older
   reportlab/pillow/lxml than deckwright, so it runs from its own virtualenv: CARTULI_PYTHON
   (default .venv-cartuli/bin/python; create it with `python3 -m venv .venv-cartuli &&
   .venv-cartuli/bin/pip install cartuli`). Target: at most 0.5x cartuli's time.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image
from pypdf import PdfReader

sys.path.insert(0, str(Path(__file__).parents[1] / "lint"))
from generate import generate  # noqa: E402

BIN = Path(sys.executable).parent
ROOT = Path(__file__).parents[2]
LAYOUT = """\
layouts:
  - id: monster
    front:
      - {kind: rect, x: 0, y: 0, w: 63.5, h: 88.9, fill: {field: kingdom, values: {north: "#3a5f9e", south: "#a8322d", east: "#3d7f45", west: "#b8962a"}, default: "#6a3d8c"}, bleed: true}
      - {kind: rect, x: 3.5, y: 3.5, w: 56.5, h: 81.9, fill: "#fbf6ea", radius: 2}
      - {kind: text, x: 5, y: 5, w: 53.5, h: 9, text: "{{ name }}", font: serif, style: bold, size: 12, min_size: 7, align: center}
      - {kind: badge, x: 6, y: 16, w: 10, h: 10, text: "{{ level }}"}
      - {kind: badge, x: 47.5, y: 16, w: 10, h: 10, text: "{{ strength }}", fill: "#a8322d"}
      - {kind: badge, shape: shield, x: 27, y: 16, w: 10, h: 11, text: "{{ health }}", fill: "#2f7a3a"}
      - {kind: text, x: 6, y: 50, w: 51.5, h: 30, text: "{{ text }}", size: 10, min_size: 6, align: center, valign: middle}
      - {kind: frame, inset: 3.5, stroke: "#333333", stroke_width: 0.4}
    back:
      - {kind: rect, x: 0, y: 0, w: 63.5, h: 88.9, fill: "#1f2433", bleed: true}
      - {kind: text, x: 5, y: 40, w: 53.5, h: 10, text: "BENCH", font: serif, style: bold, size: 14, color: "#e9dcb5", align: center}
"""
IMAGE_LAYOUT = """\
layouts:
  - id: art
    front:
      - {kind: image, x: 0, y: 0, w: 63.5, h: 88.9, src: "{{ art }}", bleed: true, fit: stretch}
"""
CARTULI = r"""
import sys
from pathlib import Path
from cartuli.card import Card, CardImage
from cartuli.measure import A4, mm, Size
from cartuli.sheet import Sheet
from cartuli.output import sheet_output
size = Size(63.5 * mm, 88.9 * mm)
cards = [Card(CardImage(p, size, bleed=3 * mm)) for p in sorted(Path(sys.argv[1]).glob("*.png"))]
sheet = Sheet(cards, size=A4, print_margin=2 * mm, padding=6 * mm, crop_marks_padding=1 * mm)
sheet_output(sheet, sys.argv[2])
"""


def faces_per_second(work: Path) -> None:
    pack = generate(work / "faces")
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("size: poker,", "size: poker, layout: monster,").replace(
        "files: [{include: 'cards/*.yaml', kind: entities}]",
        "files: [{include: 'cards/*.yaml', kind: entities}, {include: 'layouts/*.yaml', kind: layouts}]"))
    (pack / "layouts").mkdir()
    (pack / "layouts" / "monster.yaml").write_text(LAYOUT)
    sys.path.insert(0, str(ROOT / "tools"))
    from deckwright.model import load_pack
    from deckwright.render import ProofOptions, render_proof

    pack_model = load_pack(pack, "pack").pack
    assert pack_model is not None
    start = time.perf_counter()
    proof = render_proof(pack_model, pack_model.entities, ProofOptions(backs="long"))
    seconds = time.perf_counter() - start
    print(f"faces: {proof.cards} cards, {proof.faces} distinct faces, {proof.pages} pages, "
          f"{len(proof.pdf) / 1e6:.1f} MB in {seconds:.2f} s: {proof.faces / seconds:.0f} faces/s "
          f"(target >= 200)")


def png_pack(work: Path, count: int) -> Path:
    pack = work / "pngpack"
    images = pack / "art"
    images.mkdir(parents=True)
    w, h = 821, 1121  # 69.5 x 94.9 mm at 300 dpi
    for i in range(count):
        Image.new("RGB", (w, h), ((i * 37) % 256, (i * 91) % 256, 120)).save(images / f"card-{i:04d}.png")
    (pack / "layouts").mkdir()
    (pack / "layouts" / "art.yaml").write_text(IMAGE_LAYOUT)
    (pack / "schemas").mkdir()
    (pack / "schemas" / "art.schema.json").write_text(
        '{"$ref": "https://deckwright.dev/schema/core/entity.schema.json", "properties": {"type": {"const": "art"},'
        ' "art": {"type": "string"}}, "unevaluatedProperties": false}')
    (pack / "cards.yaml").write_text("".join(
        f"- {{id: card-{i:04d}, type: art, name: Card {i}, art: art/card-{i:04d}.png}}\n" for i in range(count)))
    (pack / "pack.yaml").write_text(
        "id: png\nname: PNG\nversion: '1'\nplayers: {min: 1, max: 1}\n"
        "files: [{include: cards.yaml, kind: entities}, {include: 'layouts/*.yaml', kind: layouts},"
        " {include: 'art/*.png', kind: assets}]\n"
        "types:\n  art: {schema: art.schema.json, size: poker, layout: art}\n")
    return pack


def against_cartuli(work: Path, count: int = 1000) -> None:
    pack = png_pack(work, count)
    start = time.perf_counter()
    # --margin 2mm: cartuli's print margin below, so both impose 9 cards a page.
    subprocess.run([str(BIN / "deckwright"), "proof", str(pack), "-o", str(work / "dw.pdf"), "--backs", "none",
                    "--margin", "2mm", "--no-cache"], check=False, capture_output=True)
    ours = time.perf_counter() - start
    pages = len(PdfReader(work / "dw.pdf").pages)
    peer = Path(os.environ.get("CARTULI_PYTHON", ROOT / ".venv-cartuli" / "bin" / "python"))
    if not peer.exists():
        print(f"png: deckwright {count} images, {pages} pages in {ours:.2f} s; cartuli not installed ({peer})")
        return
    start = time.perf_counter()
    subprocess.run([str(peer), "-c", CARTULI, str(pack / "art"), str(work / "cartuli.pdf")], check=True,
                   capture_output=True)
    theirs = time.perf_counter() - start
    their_pages = len(PdfReader(work / "cartuli.pdf").pages)
    print(f"png: deckwright {ours:.2f} s ({pages} pages), cartuli {theirs:.2f} s ({their_pages} pages): "
          f"ratio {ours / theirs:.2f} (target <= 0.5)")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        faces_per_second(work)
        against_cartuli(work, int(os.environ.get("BENCH_PNG_CARDS", "1000")))


if __name__ == "__main__":
    main()
