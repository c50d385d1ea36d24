"""Print-and-play proofs of a pack: faces planned, imposed on pages, written as one PDF."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

from deckwright.diagnostic import Diagnostic
from deckwright.model import Pack
from deckwright.model.pack import Entity
from deckwright.render import codes
from deckwright.render.impose import Sheet, balanced, plan_sheet, single_sheet
from deckwright.render.pdf import Page, PdfInfo, Placed, write_pdf
from deckwright.render.plan import DEFAULT_BLEED, Printed, plan_faces
from deckwright.render.units import PAGE_SIZES_MM

BACKS = ("none", "long", "short")


@dataclass(frozen=True)
class ProofOptions:
    """Paper, bleed, margin and gap (mm), how cards are cut, duplex backs, and the print-shop and proof-mode switches."""

    page: str = "a4"
    landscape: bool = False
    bleed: float = DEFAULT_BLEED
    backs: str = "long"
    one_per_page: bool = False
    proof_mode: bool = False
    gap: float = 0.0
    margin: float = 5.0
    shared_cut: bool = False
    one_size_per_file: bool = False
    pdfx: bool = False  # PDF/X-4: CMYK through deckwright's output profile, output intent, page boxes

    @property
    def page_size(self) -> tuple[float, float]:
        w, h = PAGE_SIZES_MM[self.page]
        return (h, w) if self.landscape else (w, h)


@dataclass(frozen=True)
class Proof:
    """A rendered proof: the PDF, what went wrong, and counts of cards, distinct faces and pages."""

    pdf: bytes
    diagnostics: tuple[Diagnostic, ...]
    cards: int
    faces: int
    pages: int
    content_hash: str


def render_proof(pack: Pack, entities: Sequence[Entity], options: ProofOptions = ProofOptions()) -> Proof:
    """Render the printable entities among `entities` into a proof PDF."""
    backs = options.backs != "none"
    plan = plan_faces(pack, entities, options.bleed, backs=backs)
    digest = content_hash(pack, [c.entity for c in plan.cards])
    pages = _pages(plan.cards, options, backs)
    footer = f"{pack.name} {pack.version} · content {digest}"
    doc = PdfInfo(f"{pack.name} {pack.version}: card proofs", footer, options.one_per_page, options.proof_mode,
                   options.backs if backs else "long", pdfx=options.pdfx)
    pdf = write_pdf(plan.faces, pages, doc, options.bleed)
    diagnostics = plan.diagnostics + _reduced_bleed(pack, pages, options)
    return Proof(pdf, tuple(diagnostics), len(plan.cards), len(plan.faces), len(pages), digest)


def _reduced_bleed(pack: Pack, pages: Sequence[Page], options: ProofOptions) -> list[Diagnostic]:
    """A note for each sheet whose outer bleed the margin made smaller than asked for."""
    found: list[Diagnostic] = []
    if options.one_per_page:  # a page per card holds all its bleed and no crop marks
        return found
    for sheet in dict.fromkeys(page.sheet for page in pages):
        edges = sheet.outer_bleed()
        if min(edges) < sheet.bleed - 1e-6:
            shown = ", ".join(f"{side} {value:.2g} mm" for side, value in zip(("left", "bottom", "right", "top"), edges))
            found.append(codes.BLEED_REDUCED.at(
                pack.locate(), f"{sheet.card[0]:g}x{sheet.card[1]:g} mm cards on {options.page}: outer bleed {shown} "
                f"(asked {sheet.bleed:g} mm) to keep {sheet.margin:g} mm margins"))
    return found


def render_face_pdf(pack: Pack, entity: Entity, bleed_mm: float, *, back: bool = False) -> bytes:
    """A PDF of one card at trim size plus `bleed_mm`: its face on page 1 and, with back=True, its back on page 2."""
    options = ProofOptions(bleed=bleed_mm, backs="long" if back else "none", one_per_page=True)
    return render_proof(pack, [entity], options).pdf


def content_hash(pack: Pack, entities: Sequence[Entity]) -> str:
    """A short hash of what a proof prints: the pack version, the cards' data and the layouts."""
    digest = hashlib.sha256(f"{pack.id}\0{pack.version}\0".encode())
    for entity in dict.fromkeys(e.id for e in entities):
        digest.update(json.dumps(pack.by_id[entity].data, sort_keys=True, default=str).encode())
    for doc in pack.layouts.files:
        digest.update(doc.text.encode())
    return digest.hexdigest()[:12]


def _pages(cards: Sequence[Printed], options: ProofOptions, backs: bool) -> list[Page]:
    """Pages in print order: cards grouped by size, spread evenly over the fewest pages, a front page then its back."""
    by_size: dict[tuple[float, float], list[Printed]] = {}
    for card in cards:
        by_size.setdefault(card.size, []).append(card)
    pages: list[Page] = []
    for size, group in by_size.items():
        sheet = _sheet(size, options)
        start = 0
        for count in balanced(len(group), sheet.capacity):
            placed = tuple(Placed(c.entity.id, c.front, c.back) for c in group[start:start + count])
            start += count
            pages.append(Page(sheet, "front", placed))
            if backs:
                pages.append(Page(sheet, "back", placed))
    return pages


def _sheet(size: tuple[float, float], options: ProofOptions) -> Sheet:
    if options.one_per_page:
        return single_sheet(size, options.bleed)
    return plan_sheet(options.page_size, size, options.bleed, options.gap, options.margin, options.shared_cut)
