"""Rules stage: the rulebook as clauses, facts and claims, and the checks over them.

Its names are imported on first use (`deckwright.exports`): `deckwright explain` imports only the stage's
codes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckwright.exports import lazy_exports

if TYPE_CHECKING:
    from deckwright.rules.facts import (
        Clause as Clause,
        FactStatement as FactStatement,
        clauses as clauses,
        fact as fact,
        facts as facts,
        facts_with_prefix as facts_with_prefix,
        statements as statements,
    )

_EXPORTS = {name: "deckwright.rules.facts"
            for name in ("Clause", "FactStatement", "clauses", "fact", "facts", "facts_with_prefix", "statements")}
__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)
