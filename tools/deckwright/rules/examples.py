"""Worked examples are recomputed from the rule: each `example.*` fact is read by a claim that also reads
a fact of the rule (a fact outside `example.`), so an example whose arithmetic does not follow the rule
fails that claim."""

from __future__ import annotations

from collections.abc import Iterator

from deckwright.diagnostic import Diagnostic
from deckwright.model import Pack
from deckwright.rules import codes
from deckwright.rules.facts import fact_index
from deckwright.rules.readers import ReadLog, kind_of

PREFIX = "example."


def is_example(name: str) -> bool:
    return name.startswith(PREFIX)


def claim_reads(log: ReadLog) -> dict[str, set[str]]:
    """Facts read by each claim (by reader label `claim:<id>`)."""
    found: dict[str, set[str]] = {}
    for name, readers in log.readers.items():
        for reader in readers:
            if kind_of(reader) == "claim":
                found.setdefault(reader, set()).add(name)
    return found


def check_examples(pack: Pack, log: ReadLog) -> Iterator[Diagnostic]:
    """DW428 at each example fact that no claim reads together with a rule fact."""
    recomputing = {name for read in claim_reads(log).values() if any(not is_example(n) for n in read)
                   for name in read if is_example(name)}
    for name, stated in sorted(fact_index(pack).statements.items()):
        if not is_example(name) or name in recomputing:
            continue
        first = stated[0]
        readers = [r for r in log.of(name) if kind_of(r) == "claim"]
        how = (f"the claims reading it ({', '.join(readers)}) read no fact of the rule" if readers
               else "no claim reads it")
        yield codes.EXAMPLE_NOT_RECOMPUTED.at(first.locate(), f"example fact {name} (clause '{first.clause}') is "
                                              f"not recomputed from the rule: {how}", sources=first.sources,
                                              subject=name)
