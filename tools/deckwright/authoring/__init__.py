"""Authoring tools: fmt (normal form of a pack's YAML), editor schema association, watch."""

from deckwright.authoring.fmt import FmtResult, Formatted, format_packs
from deckwright.authoring.yamlfmt import FormatRefused, Root, format_text

__all__ = ["FmtResult", "FormatRefused", "Formatted", "Root", "format_packs", "format_text"]
