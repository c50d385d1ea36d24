"""Silver Coin: Age of Monster Hunters: game-specific checks, the rules engine (the standard game from
the auction to the final scoring) and the probes claims ask."""

from __future__ import annotations

from deckwright.gamekit import GameSpec
from deckwright.games.silver_coin.checks import CODES, LINT_CHECKS
from deckwright.games.silver_coin.endings import CODES as ENDING_CODES, endings
from deckwright.games.silver_coin.engine import SilverCoin
from deckwright.games.silver_coin.played import EFFECTS
from deckwright.games.silver_coin.probes import PROBES

GAME = GameSpec(
    name="silver-coin",
    title="Silver Coin: Age of Monster Hunters",
    lint_checks=LINT_CHECKS,
    codes=CODES + ENDING_CODES,
    engine=SilverCoin(),
    probes=PROBES,
    endings=endings,
    effects=EFFECTS,
    usage_types=("character", "kingdom-card", "mission-card", "monster", "location", "season-card",
                 "special-action-card", "bonus-token", "market-card"),
)
