"""Lint stage: identity, references, counts, glossary and assets, over a loaded pack."""

from deckwright.lint.acknowledgements import acknowledge

__all__ = ["acknowledge"]
