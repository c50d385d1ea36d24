"""Engine stage: games as pure transitions, seeded playouts, invariants, parallel runs, checks.

Its names are imported on first use (`deckwright.exports`): `deckwright explain` imports only the stage's
codes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckwright.exports import lazy_exports

if TYPE_CHECKING:
    from deckwright.engine.game import CHANCE as CHANCE, TERMINAL as TERMINAL, Game as Game
    from deckwright.engine.parallel import (
        Batch as Batch,
        play_many as play_many,
        resolve_policy as resolve_policy,
        run_playouts as run_playouts,
    )
    from deckwright.engine.playout import (
        PlayoutResult as PlayoutResult,
        Violation as Violation,
        play as play,
        replay as replay,
    )
    from deckwright.engine.stats import summarize as summarize

_EXPORTS = {
    "CHANCE": "deckwright.engine.game",
    "TERMINAL": "deckwright.engine.game",
    "Game": "deckwright.engine.game",
    "Batch": "deckwright.engine.parallel",
    "play_many": "deckwright.engine.parallel",
    "resolve_policy": "deckwright.engine.parallel",
    "run_playouts": "deckwright.engine.parallel",
    "PlayoutResult": "deckwright.engine.playout",
    "Violation": "deckwright.engine.playout",
    "play": "deckwright.engine.playout",
    "replay": "deckwright.engine.playout",
    "summarize": "deckwright.engine.stats",
}
__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)
