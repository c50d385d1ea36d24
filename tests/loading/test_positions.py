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


def test_a_file_edited_after_parsing_is_located_in_its_new_text(tmp_path: Path) -> None:
    """A document read from a file holds no text: it reads it again for positions. When the file changed in
    between (an editor saving during a run), the parser's record offsets no longer fit the text, so the
    whole new text is composed, and the position is the one the file now shows."""
    from deckwright.loading import FileRef, ParseCache, read_documents

    path = tmp_path / "cards.yaml"
    path.write_text(CARDS)
    (doc,) = read_documents([FileRef(path, path.name, path.name)], ParseCache(None))
    path.write_text(CARDS.replace('"Two"\n', '"Two"\n    cost: 2\n    tags: [a, b]\n'))
    assert doc.locate((1, "stats", "strength")).line == 13
    assert "root" in doc.__dict__


def test_an_unedited_file_read_again_uses_its_record_offsets(tmp_path: Path) -> None:
    from deckwright.loading import FileRef, ParseCache, read_documents

    path = tmp_path / "cards.yaml"
    path.write_text(CARDS)
    (doc,) = read_documents([FileRef(path, path.name, path.name)], ParseCache(None))
    assert doc.locate((1, "stats", "strength")).line == 11
    assert "root" not in doc.__dict__
