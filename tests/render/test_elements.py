"""The element registry: one class per layout kind, parameters typed, defaults taken from the layout schema."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

from deckwright.render.elements import ELEMENTS, TextKind, parameters, schema_defaults
from deckwright.render.fonts import DEFAULT_FAMILY
from deckwright.render.layout import KINDS, Element

SCHEMA = Path(__file__).resolve().parents[2] / "schemas" / "core" / "layout.schema.json"


def _element(kind: str, **props: object) -> Element:
    return Element(kind, (0.0, 0.0, 10.0, 10.0), {"kind": kind, **props}, None, ())  # type: ignore[arg-type]


def test_every_kind_the_schema_allows_has_a_class_and_every_class_a_kind() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert set(schema["$defs"]["element"]["properties"]["kind"]["enum"]) == set(ELEMENTS) == set(KINDS)


def test_every_parameter_is_a_schema_property_and_its_default_comes_from_the_schema() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))["$defs"]
    by_kind = {rule["if"]["properties"]["kind"]["const"]: rule["then"]["$ref"].rpartition("/")[2]
               for rule in schema["element"]["allOf"]}
    for kind, cls in ELEMENTS.items():
        props = schema[by_kind[kind]]["properties"]
        for f in fields(cls):  # type: ignore[arg-type]
            assert f.name in props, (kind, f.name)
            if f.name != "min_size":  # the one default that depends on another value (the size)
                assert "default" in props[f.name], (kind, f.name)
    assert schema_defaults()["text"]["font"] == schema_defaults()["badge"]["font"] == DEFAULT_FAMILY


def test_a_missing_key_takes_the_schema_default_and_a_given_one_wins() -> None:
    plain = parameters(TextKind, _element("text", text="hi"))
    assert (plain.size, plain.min_size, plain.align, plain.font) == (9.0, None, "left", "sans")
    set_up = parameters(TextKind, _element("text", text="hi", size=12, align="center"))
    assert (set_up.size, set_up.align) == (12.0, "center")


def test_a_value_the_schema_refused_falls_back_to_the_default_instead_of_failing() -> None:
    assert parameters(TextKind, _element("text", size="huge")).size == 9.0
