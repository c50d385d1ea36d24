"""A small pack with layouts, and helpers that read proofs back with pypdf and pdfplumber."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from tests.conftest import make_pack, write

MM = 72 / 25.4

LAYOUTS = """\
layouts:
  - id: monster
    front:
      - {kind: rect, x: 0, y: 0, w: 63.5, h: 88.9, fill: {field: kingdom, values: {north: "#335577"}, default: "#775533"}, bleed: true}
      - {kind: frame, inset: 3, stroke: white}
      - {kind: text, x: 5, y: 5, w: 53.5, h: 10, text: "{{ name }}", font: serif, style: bold, size: 12}
      - {kind: badge, x: 5, y: 20, w: 12, h: 12, text: "{{ strength }}"}
      - {kind: text, x: 5, y: 40, w: 53.5, h: 40, text: "{{ text }}", size: 10, min_size: 6}
    back:
      - {kind: rect, x: 0, y: 0, w: 63.5, h: 88.9, fill: "#222222", bleed: true}
      - {kind: text, x: 5, y: 40, w: 53.5, h: 10, text: "BACK {{ id }}", size: 8, color: white}
  - id: item
    front:
      - {kind: frame, inset: 2}
      - {kind: text, x: 4, y: 4, w: 36, h: 10, text: "{{ name }} ({{ price }})", size: 9}
"""


def proof_pack(where: Path, layouts: str = LAYOUTS, cards: str | None = None, art: dict[str, bytes] | None = None) -> Path:
    """The base test pack with layouts for its monsters and items (extra cards and art files, if given)."""
    folder = make_pack(where)
    for name, data in (art or {}).items():
        (folder / "art").mkdir(exist_ok=True)
        (folder / "art" / name).write_bytes(data)
    manifest = folder / "pack.yaml"
    text = manifest.read_text()
    text = text.replace('  - {include: "cards/*.yaml", kind: entities}\n',
                        '  - {include: "cards/*.yaml", kind: entities}\n  - {include: "layouts/*.yaml", kind: layouts}\n'
                        '  - {include: "art/*", kind: assets}\n')
    if not (folder / "art").is_dir():
        text = text.replace('  - {include: "art/*", kind: assets}\n', "")
    text = text.replace("size: poker,", "size: poker, layout: monster,").replace("size: mini}", "size: mini, layout: item}")
    manifest.write_text(text)
    write(folder / "layouts" / "cards.yaml", layouts)
    if cards is not None:
        write(folder / "cards" / "extra.yaml", cards)
    return folder


@pytest.fixture
def laid_out(workdir: Path) -> Path:
    """The base pack with layouts, in the working directory as `pack`."""
    return proof_pack(workdir)


@dataclass(frozen=True)
class Placement:
    """A form XObject drawn on a page, and the translation it was drawn at (points)."""

    name: str
    x: float
    y: float


def placements(pdf: Path, page: int) -> list[Placement]:
    """The forms a page draws, in order, with their positions (pages translate, then `Do`)."""
    reader = PdfReader(pdf)
    data = reader.pages[page].get_contents().get_data().decode("latin-1")
    found = []
    for match in re.finditer(r"1 0 0 1 ([-0-9.]+) ([-0-9.]+) cm\s+/(\S+) Do", data):
        found.append(Placement(match.group(3), float(match.group(1)), float(match.group(2))))
    return found


def form_count(pdf: Path) -> int:
    """How many form XObjects the file stores."""
    reader = PdfReader(pdf)
    seen = set()
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject") or {}
        for ref in xobjects.values():
            if ref.get_object().get("/Subtype") == "/Form":
                seen.add(ref.idnum)
    return len(seen)


def lines_of(pdf: Path, page: int) -> list[dict[str, float]]:
    with pdfplumber.open(pdf) as doc:
        return list(doc.pages[page].lines)


def text_of(pdf: Path, page: int) -> str:
    with pdfplumber.open(pdf) as doc:
        return doc.pages[page].extract_text() or ""


def words_of(pdf: Path, page: int) -> list[dict[str, object]]:
    with pdfplumber.open(pdf) as doc:
        return list(doc.pages[page].extract_words())


def unembedded_fonts(pdf: Path | bytes) -> list[str]:
    """The names of the fonts a PDF uses without embedding them (pages and the forms they draw, read with pypdf)."""
    import io

    reader = PdfReader(io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf)
    missing: set[str] = set()
    seen: set[int] = set()

    def visit(resources: object) -> None:
        resources = getattr(resources, "get_object", lambda: resources)()
        if not isinstance(resources, dict):
            return
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            described = font["/DescendantFonts"][0].get_object() if font.get("/Subtype") == "/Type0" else font
            descriptor = described.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            if not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                missing.add(str(font.get("/BaseFont")))
        for ref in (resources.get("/XObject") or {}).values():
            key = getattr(ref, "idnum", None)
            if key in seen:
                continue
            seen.add(key)
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Form":
                visit(xobject.get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
    return sorted(missing)
