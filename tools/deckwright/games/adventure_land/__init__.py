"""Adventure Land: game-specific checks (and, with the engine issue, its rules engine)."""

from __future__ import annotations

from deckwright.games.adventure_land.checks import CODES, LINT_CHECKS
from deckwright.plugin import GameSpec

GAME = GameSpec(
    name="adventure-land",
    title="Adventure Land",
    lint_checks=LINT_CHECKS,
    codes=CODES,
)
