"""The export stage: one pack's content as JSON/CSV rows, PNG faces or TTS decks (files as bytes, nothing written)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from deckwright.diagnostic import Diagnostic
from deckwright.export import codes
from deckwright.export.faces import FaceRenderer
from deckwright.export.png import (
    DPI,
    FACE_ERRORS,
    PNG_PROFILES,
    export_png,
    face_image,
    png_bytes,
    render_faces,
)
from deckwright.export.rows import rows, to_csv, to_json
from deckwright.export.tts import Sheet, back_name, compose, plan_sheets, saved_object
from deckwright.model import Deck, Entity, Pack
from deckwright.render.plan import printable

FORMATS = ("json", "csv", "png", "tts")


@dataclass(frozen=True)
class ExportOptions:
    """What to export and where: format, output folder (None: build/<pack>/<format>), and per-format choices."""

    to: str
    output: Path | None = None
    expand_copies: bool = False
    language: str | None = None
    bleed: float = 0.0  # png: millimetres of bleed around each face
    url_base: str | None = None
    profile: str | None = None


def export_pack(pack: Pack, folder: Path, options: ExportOptions,
                renderer: FaceRenderer) -> tuple[dict[Path, bytes | str], list[Diagnostic]]:
    """The files of one pack's export (path -> contents) and its diagnostics; nothing is written here."""
    if options.to in ("json", "csv"):
        table = rows(pack, expand_copies=options.expand_copies, language=options.language)
        text = to_json(pack, table) if options.to == "json" else to_csv(table)
        return {folder / f"{pack.id}.{options.to}": text}, []
    if options.to == "png":
        files, diagnostics = export_png(pack, folder, renderer, bleed_mm=options.bleed,
                                        profile=PNG_PROFILES.get(options.profile or ""))
        return dict(files), diagnostics
    return export_tts(pack, folder, renderer, options.url_base)


def export_tts(pack: Pack, folder: Path, renderer: FaceRenderer,
               url_base: str | None) -> tuple[dict[Path, bytes | str], list[Diagnostic]]:
    """Deck sheets, each deck's back image, and `<pack>.json` (the saved object) for every deck of the pack."""
    diagnostics: list[Diagnostic] = []
    decks: list[tuple[Deck, list[Sheet], list[Entity]]] = []
    files: dict[Path, bytes | str] = {}
    key = 1
    for deck in pack.decks:
        printed = [e for e in pack.select(deck.select) if printable(pack, e)]
        chosen = list({e.id: e for e in reversed(printed)}.values())[::-1]  # each id once
        faces = render_faces(pack, chosen, renderer, bleed_mm=0.0)
        diagnostics.extend(faces.diagnostics)
        cards = [e for e in chosen if e.id in faces.images]
        if not cards:
            diagnostics.append(codes.EMPTY_DECK.at(pack.locate("decks", deck.index), f"deck '{deck.id}' has no card to export"))
            continue
        size = pack.card_size(cards[0].type) or (63.5, 88.9)
        try:
            hidden = face_image(pack, cards[0], renderer, size, 0.0, DPI, back=True)
        except FACE_ERRORS as exc:
            diagnostics.append(codes.FACE_FAILED.at(pack.locate("decks", deck.index), f"no back rendered: {exc}"))
            continue
        sheets = plan_sheets(deck, cards, key)
        key += len(sheets)
        for sheet in sheets:
            files[folder / sheet.name] = png_bytes(compose(sheet, faces.images, hidden))
        files[folder / back_name(deck)] = png_bytes(hidden)
        physical = [entity for entity in cards for _ in range(entity.copies)]
        decks.append((deck, sheets, physical))
    base = url_base.rstrip("/") + "/" if url_base else folder.resolve().as_uri() + "/"
    files[folder / f"{pack.id}.json"] = saved_object(pack.name, decks, lambda name: base + name)
    return files, diagnostics
