"""Adventure Land: game-specific lint checks, the rules engine and the probes claims can ask for."""

from __future__ import annotations

from deckwright.gamekit import GameSpec
from deckwright.games.adventure_land.checks import CODES, LINT_CHECKS
from deckwright.games.adventure_land.engine import AdventureLand
from deckwright.games.adventure_land.probes import PROBES
from deckwright.games.adventure_land.turns import NOBODY_CAN_MOVE, STOCKPILE_EMPTY

GAME = GameSpec(
    name="adventure-land",
    title="Adventure Land",
    lint_checks=LINT_CHECKS,
    codes=CODES,
    engine=AdventureLand(),
    probes=PROBES,
    end_reasons=(STOCKPILE_EMPTY, NOBODY_CAN_MOVE),
)
