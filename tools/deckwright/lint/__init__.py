"""Lint stage: identity, references, counts, glossary and assets, over a loaded pack."""

from deckwright.lint.run import CHECKS, PackTarget, acknowledge, lint_pack, run_lint

__all__ = ["CHECKS", "PackTarget", "acknowledge", "lint_pack", "run_lint"]
