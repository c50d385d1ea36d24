"""The YAML engine: a game described in the pack (zones, counters, turn structure, actions, effects,
triggers, end conditions, scoring) and played by the same machinery as a Python plug-in."""

from __future__ import annotations

from deckwright.engine.described.checks import check_description, check_playouts
from deckwright.engine.described.codes import CODES
from deckwright.engine.described.endings import endings
from deckwright.engine.described.game import DescribedGame
from deckwright.engine.described.probes import PROBES
from deckwright.plugin import GameSpec

GAME = GameSpec(
    name="described",
    title="A game described in YAML",
    lint_checks=(check_description,),
    codes=CODES,
    engine=DescribedGame(),
    probes=PROBES,
    engine_checks=(check_playouts,),
    endings=endings,
    outcome_policies=(),  # the ends were judged on random play; greedy and lookahead cost far more per game
)

__all__ = ["GAME", "DescribedGame"]
