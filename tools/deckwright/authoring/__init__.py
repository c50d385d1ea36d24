"""Authoring tools: fmt (normal form of a pack's YAML), editor schema association, scaffolds, CSV import."""

from deckwright.authoring.fmt import Formatted, format_document
from deckwright.authoring.yamlfmt import FormatRefused, Root, format_text

__all__ = ["FormatRefused", "Formatted", "Root", "format_document", "format_text"]
