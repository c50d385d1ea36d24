"""How Silver Coin's games end (the GameSpec's `endings`): the standard game after its last round, won by
the hunters the final scoring ranks first; a Scenario Book scenario won by the company together when
its objectives are met and lost together by any of its ways to lose (lines 1590-1929). The engine
check reports an end no playout reached and a scenario never won or never lost under every policy
(DW502, DW511); the codes Silver Coin had for them are retired.
"""

from __future__ import annotations

from deckwright.gamekit import Code, Ending, Outcome, Pack, Severity
from deckwright.games.silver_coin.flow import END_ROUNDS
from deckwright.games.silver_coin.scenario_flow import (
    END_CORRUPTED, END_EVENTS, END_HEALTH, END_MISSIONS, END_OLM_DISCARDS, END_WON,
)
from deckwright.games.silver_coin.scenario_rules import OLM
from deckwright.games.silver_coin.table import STANDARD


def endings(pack: Pack, scenario: str) -> tuple[Ending, ...]:
    """How `scenario` can end: Olm Infestation reshuffles its Event deck and knows no corruption."""
    if scenario == STANDARD:
        return (Ending(END_ROUNDS, Outcome.BY_SEAT),)
    if scenario.partition("/")[0] == OLM:
        losses: tuple[str, ...] = (END_HEALTH, END_MISSIONS, END_OLM_DISCARDS)
    else:
        losses = (END_HEALTH, END_MISSIONS, END_EVENTS, END_CORRUPTED)
    return (Ending(END_WON, Outcome.WON), *(Ending(end, Outcome.LOST) for end in losses))


END_NEVER = Code(
    "DW926", "sc-end-never", Severity.WARNING, "A way a Silver Coin scenario can end never ended a playout.",
    "Silver Coin's own check of the scenarios' ends, now the engine check's for every game.",
    "See DW502.", retired="DW502",
)
OUTCOME_FIXED = Code(
    "DW927", "sc-outcome-fixed", Severity.WARNING, "A Silver Coin scenario is won in none (or all) of the playouts.",
    "Silver Coin's own check of the scenarios' outcomes, now the engine check's for every game.",
    "See DW511.", retired="DW511",
)
CODES = (END_NEVER, OUTCOME_FIXED)
