"""Claims written by a pack: deep expressions are a syntax diagnostic (no RecursionError), evaluation
has a step budget, and numbers too large to compute are a diagnostic, all at the claim's line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckwright.rules import evaluate
from deckwright.rules.syntax import parse
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


def test_calls_over_long_lists_count_against_the_budget(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Few nodes, much work: a sum over 2,000 items for each of 2,000 items is 4,000,000 steps."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKWRIGHT_CACHE", str(tmp_path / ".cache"))
    big = "[" + ", ".join(["1"] * 2000) + "]"
    write_pack(tmp_path, {"01-deck.yaml": RULES.format(expr=json.dumps("len([sum(deck.big) for b in deck.big]) > 0"),
                                                         big=big)})
    outcome = dw("check", "tiny", "--format", "json", "--runs", "1")
    found = [d for d in outcome.diagnostics() if d["code"] in ("DW401", "DW402")]
    assert found and "steps" in found[0]["message"] and found[0]["line"] == 10, outcome.stdout


def test_each_evaluation_has_its_own_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The YAML engine reuses one evaluator for a test all game long: budgets do not add up across runs."""
    monkeypatch.setattr(evaluate, "MAX_STEPS", 20)
    text = "a + 1 > 2"
    reused = evaluate.evaluator(text, {"a": 5}, {})
    assert all(reused.run(parse(text), {}) is True for _ in range(100))
    with pytest.raises(evaluate.ClaimError, match="steps"):
        reused.run(parse("[x + 1 for x in [1, 2, 3, 4, 5, 6, 7, 8, 9]] == []"), {})


def test_an_evaluation_past_its_time_budget_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(evaluate, "MAX_SECONDS", -1.0)
    text = "len([[a for a in xs] for b in xs]) > 0"
    with pytest.raises(evaluate.ClaimError, match="took more than"):
        evaluate.evaluate(text, parse(text), {"xs": list(range(100))}, {})


@pytest.mark.parametrize("text, steps", [
    ("a + 1 > 2", 5),  # compare, plus, a, 1, 2: one step per node evaluated
    ("a > 9 and b", 4),  # `and` stops at the first false operand: b is never evaluated
    ("len([x for x in xs]) > 0", 1 + 1 + 1 + 1 + 3 + 3 + 1),  # >, len, the list, xs, each x, its 3 items (len), 0
])
def test_an_evaluation_charges_one_step_per_node_it_evaluates(monkeypatch: pytest.MonkeyPatch, text: str,
                                                               steps: int) -> None:
    """The budget is spent exactly: an evaluation of `steps` steps runs within a budget of `steps`, not one less."""
    scope = {"xs": [1, 2, 3]}
    facts = {"a": 5, "b": True}
    monkeypatch.setattr(evaluate, "MAX_STEPS", steps)
    assert evaluate.evaluator(text, facts, {}).run(parse(text), scope) is not None
    monkeypatch.setattr(evaluate, "MAX_STEPS", steps - 1)
    with pytest.raises(evaluate.ClaimError, match="steps"):
        evaluate.evaluator(text, facts, {}).run(parse(text), scope)
