"""Silver Coin: Age of Monster Hunters: game-specific checks and the engine probes claims ask.

The full game is large; the engine covers the subsystems whose consistency the book's numbers depend
on: the calendar, battles, scenario set-up and end, movement on the map, the auction and turn order.
"""

from __future__ import annotations

from deckwright.games.silver_coin.checks import CODES, LINT_CHECKS
from deckwright.games.silver_coin.probes import PROBES
from deckwright.plugin import GameSpec

GAME = GameSpec(
    name="silver-coin",
    title="Silver Coin: Age of Monster Hunters",
    lint_checks=LINT_CHECKS,
    codes=CODES,
    probes=PROBES,
)
