"""The typed rulebook the loader builds: sections, clauses, facts, claims, terms, each with its position."""

from __future__ import annotations

from pathlib import Path

from deckwright.diagnostic import Citation
from deckwright.model import Pack, load_pack
from tests.rules.packs import write_pack

RULES = """\
section: combat
title: Combat
order: 3
clauses:
  - id: fight
    summary: Higher strength wins.
    source: [{doc: book, line: 2}]
    precedence: card
    terms: [card, 7, Poisoned]
    see: [setup]
    notes: Ties go to the defender.
    facts:
      fight.dice: 2
      fight.bonus: {value: 1, type: integer, unit: points, content: "count(type='card')"}
      fight.mode: {value: best, type: enum, of: [best, sum], assumed: {reason: the book is silent}}
    claims:
      - {id: two-dice, expr: "fight.dice == 2", summary: Two dice., severity: warning}
      - {expr: "fight.bonus > 0"}
      - {id: no-expression}
      - not a claim
  - id: retreat
    summary: A loser may retreat.
    source: [{doc: book, line: 3}]
    assumed: {reason: the book says nothing of retreats}
    facts:
      retreat.cost: 1
  - summary: a clause without an id is left out
    source: [{doc: book, line: 3}]
"""

UNTITLED = """\
clauses:
  - {id: draw, summary: Draw two., source: [{doc: book, line: 4}], facts: {turn.draw: 2}}
"""


def _pack(tmp_path: Path, rules: dict[str, str]) -> Pack:
    folder = write_pack(tmp_path, rules)
    loaded = load_pack(folder, "tiny")
    assert loaded.pack is not None
    return loaded.pack


def test_sections_and_clauses_are_read_once_in_file_order(tmp_path: Path) -> None:
    pack = _pack(tmp_path, {"1-combat.yaml": RULES, "2-turn.yaml": UNTITLED})
    rules = pack.rules
    assert [doc.relpath for doc in rules.files] == ["rules/1-combat.yaml", "rules/2-turn.yaml"]
    assert [(s.id, s.title, s.order, s.declared) for s in rules.sections] == [
        ("combat", "Combat", 3, True), ("2-turn", "2-turn", None, False)]
    assert [c.id for c in rules.clauses] == ["fight", "retreat", "draw"]
    assert rules.sections[0].clauses == rules.clauses[:2]
    draw = rules.clauses[2]
    assert draw.section == "2-turn" and draw.parts == ("clauses", 0)


def test_a_clause_is_typed_and_located(tmp_path: Path) -> None:
    fight, retreat = _pack(tmp_path, {"combat.yaml": RULES}).rules.clauses
    assert (fight.summary, fight.notes, fight.precedence, fight.assumed) == (
        "Higher strength wins.", "Ties go to the defender.", "card", None)
    assert fight.sources == (Citation("book", 2),)
    assert [(m.index, m.text) for m in fight.terms] == [(0, "card"), (2, "Poisoned")]
    assert [(m.index, m.text) for m in fight.see] == [(0, "setup")]
    assert fight.locate("terms", 2).line == 9
    assert retreat.assumed == "the book says nothing of retreats"
    assert retreat.locate().line == 21


def test_facts_carry_value_type_unit_assumption_and_position(tmp_path: Path) -> None:
    fight, retreat = _pack(tmp_path, {"combat.yaml": RULES}).rules.clauses
    dice, bonus, mode = fight.facts
    assert (dice.name, dice.value, dice.type, dice.unit, dice.clause, dice.section) == (
        "fight.dice", 2, None, None, "fight", "combat")
    assert dice.precedence == "card" and dice.sources == (Citation("book", 2),)
    assert (bonus.value, bonus.type, bonus.unit, bonus.content) == (1, "integer", "points", "count(type='card')")
    assert (mode.value, mode.allowed, mode.assumed, mode.own_assumed) == (
        "best", ("best", "sum"), "the book is silent", "the book is silent")
    assert bonus.locate().line == 14 and bonus.locate("content").line == 14
    (cost,) = retreat.facts
    assert (cost.assumed, cost.own_assumed) == ("the book says nothing of retreats", None)


def test_claims_keep_their_index_and_what_they_lack(tmp_path: Path) -> None:
    fight = _pack(tmp_path, {"combat.yaml": RULES}).rules.clauses[0]
    first, second, third = fight.claims
    assert (first.id, first.name, first.expr, first.summary, first.severity) == (
        "two-dice", "two-dice", "fight.dice == 2", "Two dice.", "warning")
    assert (second.id, second.name, second.expr, second.severity) == (None, "1", "fight.bonus > 0", None)
    assert (third.name, third.expr) == ("no-expression", None)
    assert fight.locate(*second.parts, "expr").line == 18


def test_statements_are_every_fact_in_rulebook_order(tmp_path: Path) -> None:
    rules = _pack(tmp_path, {"1-combat.yaml": RULES, "2-turn.yaml": UNTITLED}).rules
    assert [s.name for s in rules.statements()] == ["fight.dice", "fight.bonus", "fight.mode", "retreat.cost",
                                                    "turn.draw"]


def test_a_file_that_is_no_mapping_has_no_section(tmp_path: Path) -> None:
    rules = _pack(tmp_path, {"combat.yaml": RULES, "broken.yaml": "- just\n- a list\n"}).rules
    assert len(rules.files) == 2 and [s.id for s in rules.sections] == ["combat"]
