"""Claims written by a pack: deep expressions are a syntax diagnostic (no RecursionError), evaluation
has a step budget, and numbers too large to compute are a diagnostic, all at the claim's line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.conftest import dw
from tests.rules.packs import write_pack

RULES = """\
section: deck
title: Deck
clauses:
  - id: deck-total
    summary: Three cards in all.
    source: [{{doc: book, line: 2}}]
    facts: {{deck.total: 3, deck.big: {big}}}
    claims:
      - id: hostile
        expr: {expr}
"""

XS = "[" + ", ".join(str(n) for n in range(100)) + "]"


@pytest.mark.parametrize("expr", [
    " + ".join(["deck.total"] * 1990)[:3990],
    "not " * 990 + "true",
    "-" * 3990 + "1",
    f"len([[[[[a for a in {XS}] for b in {XS}] for c in {XS}] for d in {XS}] for e in {XS}]) > 0",
    "deck.big / 3 > 1",
    "1" + "0" * 3000 + " / 3 > 1",
])
def test_hostile_claim_is_a_diagnostic_at_its_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, expr: str) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKWRIGHT_CACHE", str(tmp_path / ".cache"))
    write_pack(tmp_path, {"01-deck.yaml": RULES.format(expr=json.dumps(expr), big="1" + "0" * 400)})
    outcome = dw("check", "tiny", "--format", "json", "--runs", "1")
    found = [d for d in outcome.diagnostics() if d["code"] in ("DW401", "DW402")]
    assert outcome.exit_code == 1 and found, outcome.stdout
    assert found[0]["file"] == "tiny/rules/01-deck.yaml" and found[0]["line"] == 10
