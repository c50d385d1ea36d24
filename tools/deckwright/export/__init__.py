"""Exports: a pack's content for spreadsheets and other tools (JSON, CSV), PNG faces, Tabletop Simulator decks."""

from deckwright.export.run import FORMATS, ExportOptions, export_pack

__all__ = ["FORMATS", "ExportOptions", "export_pack"]
