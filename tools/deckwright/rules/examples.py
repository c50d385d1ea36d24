"""Worked examples are recomputed from the rule: each `example.*` fact is read by a claim that also reads
a fact of the rule (a fact outside `example.`) or asks an engine probe (which plays the rule's facts), so
an example whose arithmetic does not follow the rule fails that claim."""

from __future__ import annotations

import re
from collections.abc import Iterator

from deckwright.diagnostic import Diagnostic
from deckwright.model import Pack
from deckwright.rules import codes
from deckwright.rules.coverage import severity_of
from deckwright.rules.facts import clauses, fact_index
from deckwright.rules.readers import ReadLog, claim_reader, kind_of

PREFIX = "example."
PROBE_CALL = re.compile(r"\bprobe\s*\(")


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


def probing_claims(pack: Pack) -> set[str]:
    """Reader labels of the claims whose expression asks an engine probe."""
    found: set[str] = set()
    for clause in clauses(pack):
        listed = clause.data.get("claims")
        for claim in listed if isinstance(listed, list) else []:
            if isinstance(claim, dict) and isinstance(claim.get("expr"), str) and PROBE_CALL.search(claim["expr"]):
                found.add(claim_reader(str(claim.get("id"))))
    return found


def check_examples(pack: Pack, log: ReadLog) -> Iterator[Diagnostic]:
    """DW428 at each example fact that no claim reads together with a rule fact or a probe."""
    probing = probing_claims(pack)
    severity = severity_of(pack, "examples")
    recomputing = {name for reader, read in claim_reads(log).items()
                   if reader in probing or any(not is_example(n) for n in read)
                   for name in read if is_example(name)}
    for name, stated in sorted(fact_index(pack).statements.items()):
        if not is_example(name) or name in recomputing:
            continue
        first = stated[0]
        readers = [r for r in log.of(name) if kind_of(r) == "claim"]
        how = (f"the claims reading it ({', '.join(readers)}) read no fact of the rule and ask no probe" if readers
               else "no claim reads it")
        yield codes.EXAMPLE_NOT_RECOMPUTED.at(first.locate(), f"example fact {name} (clause '{first.clause}') is "
                                              f"not recomputed from the rule: {how}", sources=first.sources,
                                              subject=name, severity=severity)
