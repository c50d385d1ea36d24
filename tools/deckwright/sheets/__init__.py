"""Sheets stage: printable reference sheets (HTML and PDF) from a pack's rules and content."""

from deckwright.sheets.build import (
           SHEETS,
           Rendered,
           SheetOptions,
           build_sheets,
           render_pack,
           write_files,
)
from deckwright.sheets.findings import findings_sheet, pack_findings

__all__ = ["SHEETS", "Rendered", "SheetOptions", "build_sheets", "findings_sheet", "pack_findings", "render_pack",
           "write_files"]
