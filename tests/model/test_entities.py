"""Entities built per record are the dataclass's own objects."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from deckwright.loading import Document, Parsed
from deckwright.model.pack import Entity


def test_an_entity_of_a_record_equals_the_constructed_one_field_for_field() -> None:
    doc = Document(Path("cards.yaml"), "cards.yaml", "cards.yaml", "- id: a\n", Parsed([{"id": "a"}]))
    values = {"id": "a", "type": "card", "name": "A", "copies": 2, "data": {"id": "a"}, "doc": doc, "parts": (0,),
              "id_field": "id"}
    assert [f.name for f in fields(Entity)] == list(values)  # of_record is given every field, in order
    made, built = Entity(**values), Entity.of_record(**values)
    assert made == built and type(built) is Entity
    assert all(getattr(made, f.name) is getattr(built, f.name) for f in fields(Entity))
