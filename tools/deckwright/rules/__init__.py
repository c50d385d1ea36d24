"""Rules stage: the rulebook as clauses, facts and claims, and the checks over them."""

from deckwright.rules.facts import (
    Clause,
    FactStatement,
    clauses,
    fact,
    facts,
    facts_with_prefix,
    statements,
)

__all__ = ["Clause", "FactStatement", "clauses", "fact", "facts", "facts_with_prefix", "statements"]
