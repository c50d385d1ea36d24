"""Files named by the content (art) exist inside the pack folder."""

from __future__ import annotations

from collections.abc import Iterator

from deckwright.diagnostic import Diagnostic, Location
from deckwright.lint import codes
from deckwright.model import Pack
from deckwright.model import codes as model_codes
from deckwright.model.files import escapes, inside


def check_assets(pack: Pack) -> Iterator[Diagnostic]:
    for entity in pack.entities:
        art = entity.data.get("art")
        if not isinstance(art, str):
            continue
        where = entity.locate("art")
        path = pack.files_root / art
        if escapes(art) or not inside(pack.files_root, path):
            yield model_codes.ESCAPES_PACK.at(where, f"art '{art}' lies outside the pack folder",
                                              hint="art paths are relative to the folder that holds pack.yaml "
                                                   "(or to the database folder its `root:` names)")
        elif not path.is_file():
            yield missing_art(where, art)


def missing_art(where: Location | None, art: str) -> Diagnostic:
    """An entity's `art` file that does not exist: one finding, whether lint or a card face finds it (the
    two are equal, so a report that has both counts it once)."""
    return codes.MISSING_ASSET.at(where, f"art file '{art}' does not exist", hint="add the file or fix the path")
