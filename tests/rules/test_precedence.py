"""Precedence levels: a card clause overrides the rule book (DW416, information); equals contradict (DW400)."""

from __future__ import annotations

from deckwright.model import load_pack
from deckwright.rules import fact
from tests.rules.packs import check, codes, write_pack

RULES = {"01.yaml": """\
    section: rules
    title: Rules
    clauses:
      - id: order
        summary: Cards beat the book.
        source: [{doc: book, line: 1}]
        facts:
          precedence.order: [card, rule_book]
      - id: book-draw
        summary: Draw two.
        source: [{doc: book, line: 4}]
        facts: {turn.draw: 2}
      - id: card-draw
        precedence: card
        summary: The reference card says draw three.
        source: [{doc: book, line: 5}]
        facts: {turn.draw: 3}
      - id: book-draw-again
        summary: Draw one.
        source: [{doc: book, line: 6}]
        facts: {turn.draw: 1}
"""}


def test_a_card_overrides_the_book(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = write_pack(tmp_path, RULES)
    status, report = check(str(folder))
    settled = codes(report, "DW416")
    assert status == 0 and len(settled) == 2 and not codes(report, "DW400")
    assert all(d["severity"] == "info" and "overridden by card clause 'card-draw'" in d["message"] for d in settled)
    assert fact(load_pack(folder, "tiny").pack, "turn.draw") == 3


def test_without_an_order_every_clause_is_one_level(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rules = {"01.yaml": RULES["01.yaml"].replace("precedence.order: [card, rule_book]", "other.fact: 1")}
    status, report = check(str(write_pack(tmp_path, rules)))
    assert status == 1 and len(codes(report, "DW400")) == 2 and not codes(report, "DW416")


def test_the_ranking_is_read_once_a_clause_names_a_level(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _, report = check(str(write_pack(tmp_path, RULES)))
    assert "precedence.order" not in {d.get("subject") for d in codes(report, "DW418")}
    unranked = {"01.yaml": RULES["01.yaml"].replace("        precedence: card\n", "")}
    (tmp_path / "unranked").mkdir()
    _, report = check(str(write_pack(tmp_path / "unranked", unranked)))
    assert "precedence.order" in {d.get("subject") for d in codes(report, "DW418")}
