"""deckwright: a content pipeline for tabletop games."""

__version__ = "0.1.0"
