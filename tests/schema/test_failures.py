"""Failures read off jsonschema-rs explain a record exactly as jsonschema's own errors do."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckwright.loading import FileRef, ParseCache, read_documents
from deckwright.schema import SchemaSource, SchemaStore, Validator, core_schemas
from deckwright.schema.explain import explain
from deckwright.schema.failures import read_failures

BASE = "https://example.org/bench/"
SHARED = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": BASE + "shared.json",
    "$defs": {"slug": {"type": "string", "pattern": "^[a-z0-9-]+$", "maxLength": 12}},
    "properties": {"id": {"$ref": "#/$defs/slug"}, "name": {"type": "string", "minLength": 1}},
    "required": ["id"],
}
CARD = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": BASE + "card.json",
    "$ref": "shared.json",
    "properties": {
        "level": {"enum": [1, 2, 3]},
        "kind": {"const": "monster"},
        "strength": {"type": "integer", "minimum": 0, "maximum": 30},
        "weight": {"type": ["number", "null"], "exclusiveMaximum": 5, "multipleOf": 0.5},
        "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 2, "uniqueItems": True},
        "rewards": {"type": "object", "additionalProperties": False, "minProperties": 1,
                    "properties": {"coins": {"type": "integer"}, "n/m": {"maximum": 1}}},
        "cost": {"oneOf": [{"title": "credits", "type": "integer"}, {"type": "null"}]},
        "when": {"format": "date"},
        "many": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
    },
    "dependentRequired": {"agenda": ["points"]},
    "unevaluatedProperties": False,
}
DRAFT4 = {
    "$schema": "http://json-schema.org/draft-04/schema#",
    "id": BASE + "old.json",
    "type": "object",
    "properties": {"code": {"type": "string"}, "limit": {"type": "integer", "maximum": 3, "exclusiveMaximum": True},
                   "low": {"minimum": 0, "exclusiveMinimum": False}, "quantity": {"type": "integer", "maximum": 9}},
    "required": ["code"],
    "additionalProperties": False,
    "dependencies": {"agenda": ["points"]},
}

RECORDS: list[Any] = [
    {"id": "ok"},
    {"id": "Bad Slug!"},
    {"id": "toolongidentifier"},
    {"name": ""},
    {"id": "a", "level": 4, "kind": "hero", "strength": 31},
    {"id": "a", "strength": "3", "weight": 5, "tags": ["x", "x", "y"]},
    {"id": "a", "weight": 1.25, "tags": [1]},
    {"id": "a", "rewards": {}, "extra": 1, "another": 2},
    {"id": "a", "rewards": {"coins": "many", "gems": 1, "n/m": 2}},
    {"id": "a", "cost": "free"},
    {"id": "a", "when": "yesterday"},
    {"id": "a", "many": [1]},
    {"id": "a", "agenda": 1},
    {"id": 3, "strength": -1, "unknown's": True},
    [1, 2],
]
OLD_RECORDS: list[Any] = [
    {"code": "1", "limit": 3},
    {"code": "1", "low": -1, "quantity": 10, "title": "x"},
    {"limit": 2, "agenda": 1},
    {"code": 5, "quantity": 2.5},
]


def _store_and_doc(tmp_path: Path, records: list[Any]) -> tuple[SchemaStore, Any]:
    store = SchemaStore([*core_schemas(), *(SchemaSource(s.get("$id") or s["id"], s) for s in (SHARED, CARD, DRAFT4))])
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(records, indent=1))
    (doc,) = read_documents([FileRef(path, "cards.json", "cards.json")], ParseCache(None))
    return store, doc


def _both(validator: Validator, doc: Any, index: int) -> tuple[list[Any], list[Any]]:
    record = doc.data[index]
    fast = explain(validator.failures(record), doc, (index,), validator)
    slow = explain(validator.errors(record), doc, (index,), validator)
    return sorted(fast, key=lambda d: d.sort_key()), sorted(slow, key=lambda d: d.sort_key())


@pytest.mark.parametrize(("uri", "records"), [(BASE + "card.json", RECORDS), (BASE + "old.json", OLD_RECORDS)])
def test_failures_explain_like_jsonschema(tmp_path: Path, uri: str, records: list[Any]) -> None:
    store, doc = _store_and_doc(tmp_path, records)
    validator = store.validator(uri)
    assert isinstance(validator, Validator)
    for index in range(len(records)):
        fast, slow = _both(validator, doc, index)
        assert fast == slow, (index, records[index])


def test_simple_keywords_are_read_off_the_compiled_validator(tmp_path: Path) -> None:
    """The mechanism is used (not a silent fallback): limits, enums, required fields and unknown keys need no
    jsonschema; a choice, a format or a dependency does."""
    store, doc = _store_and_doc(tmp_path, RECORDS)
    validator = store.validator(BASE + "card.json")
    assert isinstance(validator, Validator)

    def fast(record: Any) -> bool:
        return read_failures(list(validator._fast.iter_errors(record)), record, store.contents) is not None

    assert all(fast(r) for r in RECORDS[1:9])
    assert not any(fast(r) for r in RECORDS[9:13])  # oneOf, format, anyOf, dependentRequired


def test_a_record_with_simple_errors_imports_no_jsonschema(tmp_path: Path) -> None:
    code = f"""
        import json, sys
        from pathlib import Path
        from deckwright.loading import FileRef, ParseCache, read_documents
        from deckwright.schema import SchemaSource, SchemaStore, core_schemas
        from deckwright.schema.explain import explain
        card = json.loads({json.dumps(json.dumps(CARD))})
        shared = json.loads({json.dumps(json.dumps(SHARED))})
        store = SchemaStore([*core_schemas(), SchemaSource(shared["$id"], shared), SchemaSource(card["$id"], card)])
        path = Path({str(tmp_path / "one.json")!r})
        path.write_text('[{{"id": "a", "strength": 99, "extra": 1}}]')
        (doc,) = read_documents([FileRef(path, "one.json", "one.json")], ParseCache(None))
        validator = store.validator(card["$id"])
        found = explain(validator.failures(doc.data[0]), doc, (0,), validator)
        print(sorted(d.code for d in found), "jsonschema" in sys.modules)
    """
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['DW201', 'DW204'] False"


SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 40), st.floats(-2, 8, allow_nan=False),
                    st.sampled_from(["", "a", "x", "monster", "hero", "Bad!", "abcdefghijklmnop", "3"]))
FIELDS = st.sampled_from(["id", "name", "level", "kind", "strength", "weight", "tags", "rewards", "extra"])
VALUES = st.one_of(SCALARS, st.lists(SCALARS, max_size=3),
                   st.dictionaries(st.sampled_from(["coins", "gems", "n/m"]), SCALARS, max_size=3))


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(FIELDS, VALUES, max_size=6))
def test_random_records_explain_alike(tmp_path_factory: pytest.TempPathFactory, record: dict[str, Any]) -> None:
    store, doc = _store_and_doc(tmp_path_factory.mktemp("r"), [record])
    validator = store.validator(BASE + "card.json")
    assert isinstance(validator, Validator)
    fast, slow = _both(validator, doc, 0)
    assert fast == slow
