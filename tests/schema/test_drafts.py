"""The draft a schema is validated under: its $schema, the manifest's schema_draft, or inferred from its
keywords; and the keywords that draft would silently skip."""

from __future__ import annotations

from typing import Any

import pytest

from deckwright.schema.drafts import choose_draft, ignored_keywords


@pytest.mark.parametrize(("schema", "draft", "evidence"), [
    ({"type": "object", "dependencies": {"a": ["b"]}, "properties": {"a": {"const": 1}}}, "7", ("const", "dependencies")),
    ({"properties": {"n": {"type": "integer", "minimum": 0, "exclusiveMinimum": True}}}, "4",
     ("exclusiveMinimum as a boolean",)),
    ({"$defs": {"x": {"type": "string"}}, "dependentRequired": {"a": ["b"]}}, "2020-12", ("$defs", "dependentRequired")),
    ({"type": "array", "items": [{"type": "string"}], "additionalItems": False}, "2019-09",
     ("additionalItems", "items as a list")),
    ({"id": "card", "type": "object", "dependencies": {"a": ["b"]}}, "4", ("dependencies", "id")),
])
def test_draft_is_inferred_from_the_keywords_that_tell_drafts_apart(schema: dict[str, Any], draft: str,
                                                                     evidence: tuple[str, ...]) -> None:
    choice = choose_draft(schema, None)
    assert (choice.draft, choice.how, choice.evidence) == (draft, "inferred", evidence)


def test_declared_draft_wins_then_the_manifests_then_the_default() -> None:
    schema = {"$schema": "http://json-schema.org/draft-04/schema#", "const": 1}
    assert (choose_draft(schema, "7").draft, choose_draft(schema, "7").how) == ("4", "declared")
    assert (choose_draft({"const": 1}, "6").draft, choose_draft({"const": 1}, "6").how) == ("6", "manifest")
    assert (choose_draft({"type": "string", "title": "x", "examples": ["a"]}, None).how) == "default"


def test_keywords_of_other_drafts_and_misspellings_are_found_where_written() -> None:
    schema = {"type": "object", "dependencies": {"a": ["b"]},
              "properties": {"a": {"oneof": [{"type": "string"}]}, "oneof": {"maxlength": 3}}}
    found = [(i.path, i.message, i.hint) for i in ignored_keywords(schema, "2020-12")]
    assert found == [
        (("dependencies",), "'dependencies' is ignored under 2020-12 (a keyword of draft 4, 6 and 7)",
         "under 2020-12 write dependentRequired (a list of names) or dependentSchemas (a schema)"),
        (("properties", "a", "oneof"), "'oneof' is not a JSON Schema keyword and is ignored", "did you mean 'oneOf'?"),
        (("properties", "oneof", "maxlength"), "'maxlength' is not a JSON Schema keyword and is ignored",
         "did you mean 'maxLength'?"),
    ]


def test_property_names_enum_values_and_annotations_are_not_keywords() -> None:
    schema = {"properties": {"const": {"enum": [{"oneof": 1}]}, "dependencies": {"type": "string"}},
              "examples": [{"oneof": 2}], "$comment": "draft 7 annotation"}
    assert ignored_keywords(schema, "4") == []
