"""Adventure Land: game-specific lint checks, the rules engine and the probes claims can ask for."""

from __future__ import annotations

from deckwright.gamekit import Ending, GameSpec, Outcome, every_scenario
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
    # a game ends when the stockpile runs out or nobody can move; the final scoring names its winners
    endings=every_scenario(Ending(STOCKPILE_EMPTY, Outcome.BY_SEAT), Ending(NOBODY_CAN_MOVE, Outcome.BY_SEAT)),
)
