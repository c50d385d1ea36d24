"""Positions inside one record are found by composing that record alone, and agree with the whole file's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from deckwright.loading import Document, parse_text

CARDS = """\
# monsters
- id: one
  name: One
  stats: {strength: 3, health: [1, 2]}
  text: |
    Gain a coin.
    Then roar.
-   id: two   # odd indentation
    name: "Two"
    stats:
      strength: 4
- &three
  id: three
  name: Three
- <<: *three
  id: four
"""


def document(text: str) -> Document:
    return Document(Path("cards.yaml"), "cards.yaml", "cards.yaml", text, parse_text(text, "yaml"))


PATHS = [(0,), (0, "stats", "health", 1), (0, "text"), (1, "name"), (1, "stats", "strength"), (1, "missing"),
         (2, "name"), (3, "id"), (3, "name"), (7,)]


@pytest.mark.parametrize("parts", PATHS)
def test_a_record_alone_gives_the_whole_files_position(parts: tuple[Any, ...]) -> None:
    alone = document(CARDS).locate(parts)
    whole = document(CARDS)
    whole.locate(("nothing-here",))  # composes the whole file first
    assert "root" in whole.__dict__
    assert alone == whole.locate(parts)


def test_only_the_record_is_composed_for_a_position_inside_it() -> None:
    doc = document(CARDS)
    assert doc.locate((1, "stats", "strength")).line == 11
    assert "root" not in doc.__dict__


def test_records_under_a_key_are_found_alone() -> None:
    doc = document("cards:\n  - id: a\n  - id: b\n    cost: 2\n")
    where = doc.locate(("cards", 1, "cost"))
    assert (where.line, where.column, where.pointer) == (4, 11, "/cards/1/cost")
    assert "root" not in doc.__dict__


def test_text_inside_a_record_is_found_alone() -> None:
    doc = document(CARDS)
    where = doc.locate_text((0, "text"), "roar")
    assert (where.line, where.column) == (7, 10)
    assert "root" not in doc.__dict__


def test_an_alias_to_another_record_falls_back_to_the_whole_file() -> None:
    doc = document(CARDS)
    where = doc.locate((3, "id"))
    assert where.line == 16
    assert "root" in doc.__dict__
