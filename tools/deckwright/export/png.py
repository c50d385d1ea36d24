"""`--to png`: one PNG per card face at 300 dpi, trimmed to the card or with its bleed."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from deckwright.diagnostic import Diagnostic
from deckwright.export import codes
from deckwright.export.faces import FaceRenderer, rasterise
from deckwright.export.rows import to_csv
from deckwright.model import Entity, Pack
from deckwright.render.plan import printable

if TYPE_CHECKING:
    from PIL.Image import Image

DPI = 300
# What a renderer or PDFium raise for a face they cannot make (PdfiumError is a RuntimeError).
FACE_ERRORS = (ValueError, OSError, RuntimeError)


@dataclass
class Faces:
    """Rasterised faces of a pack (by entity id), and what could not be rendered."""

    images: dict[str, Image] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def render_faces(pack: Pack, entities: list[Entity], renderer: FaceRenderer, *, bleed_mm: float,
                 dpi: int = DPI) -> Faces:
    """Each entity's face as an image of its card size (plus bleed) at `dpi`; each entity once."""
    faces = Faces()
    for entity in entities:
        if entity.id in faces.images:
            continue
        size = pack.card_size(entity.type)
        if size is None:
            faces.diagnostics.append(codes.NO_CARD_SIZE.at(
                entity.locate(), f"type '{entity.type}' has no card size; no face exported for '{entity.id}'"))
            continue
        try:
            faces.images[entity.id] = face_image(pack, entity, renderer, size, bleed_mm, dpi)
        except FACE_ERRORS as exc:
            faces.diagnostics.append(codes.FACE_FAILED.at(
                entity.locate(), f"no face rendered for '{entity.id}': {str(exc).splitlines()[0] if str(exc) else exc!r}"))
    return faces


def face_image(pack: Pack, entity: Entity, renderer: FaceRenderer, size: tuple[float, float],
               bleed_mm: float, dpi: int, *, back: bool = False) -> Image:
    """A card's face (or back) rasterised; one of FACE_ERRORS when that fails."""
    pdf = renderer(pack, entity, bleed_mm, back=back)
    return rasterise(pdf, size[0] + 2 * bleed_mm, size[1] + 2 * bleed_mm, dpi, page_index=1 if back else 0)


def png_bytes(image: Image, dpi: int = DPI) -> bytes:
    """The image as PNG bytes carrying its resolution (the same image always gives the same bytes)."""
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi), optimize=False)
    return out.getvalue()


def export_png(pack: Pack, folder: Path, renderer: FaceRenderer, *, bleed_mm: float,
               profile: PngProfile | None = None) -> tuple[dict[Path, bytes], list[Diagnostic]]:
    """`<id>.png` for every entity whose type has a card size; with a print-shop profile, `<id>-front.png`
    and `<id>-back.png` at the profile's bleed, and `manifest.csv` listing them."""
    entities = [e for e in pack.entities if printable(pack, e) and pack.card_size(e.type) is not None]
    bleed_mm = profile.bleed_mm if profile else bleed_mm
    faces = render_faces(pack, entities, renderer, bleed_mm=bleed_mm)
    if profile is None:
        files = {folder / f"{entity_id}.png": png_bytes(image) for entity_id, image in faces.images.items()}
        return files, faces.diagnostics
    files = {}
    rows = []
    first: dict[str, Entity] = {}
    for each in entities:
        first.setdefault(each.id, each)  # each id once, in pack order
    for entity in (e for e in first.values() if e.id in faces.images):
        front = faces.images[entity.id]
        size = pack.card_size(entity.type) or (0.0, 0.0)
        try:
            back = face_image(pack, entity, renderer, size, bleed_mm, DPI, back=True)
        except FACE_ERRORS as exc:
            faces.diagnostics.append(codes.FACE_FAILED.at(entity.locate(), f"no back rendered for '{entity.id}': {exc}"))
            continue
        files[folder / f"{entity.id}-front.png"] = png_bytes(front)
        files[folder / f"{entity.id}-back.png"] = png_bytes(back)
        rows.append({"id": entity.id, "name": entity.name, "type": entity.type, "copies": entity.copies,
                     "front": f"{entity.id}-front.png", "back": f"{entity.id}-back.png",
                     "width_px": front.width, "height_px": front.height})
    files[folder / "manifest.csv"] = to_csv(rows).encode("utf-8")
    return files, faces.diagnostics


@dataclass(frozen=True)
class PngProfile:
    """A print-on-demand shop's PNG upload: every face and back as its own image, with its bleed."""

    name: str
    bleed_mm: float
    about: str


PNG_PROFILES = {
    "pod-png": PngProfile("pod-png", 3.175, "front and back PNG per card at 300 dpi with 1/8 in bleed (825x1125 px "
                                             "for a poker card) and manifest.csv, as print-on-demand card shops ask"),
}