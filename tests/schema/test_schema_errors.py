"""Schema failures are explained once, at the deepest node, with allowed values and hints."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run, write


def set_schema_property(pack: Path, name: str, schema: object) -> None:
    path = pack / "schemas/monster.schema.json"
    data = json.loads(path.read_text())
    data["properties"][name] = schema
    path.write_text(json.dumps(data, indent=2))


def lint_json(*args: str) -> list[dict[str, object]]:
    return run("lint", "--format", "json", *args).json()["diagnostics"]  # type: ignore[no-any-return]


def test_one_of_reports_the_deepest_error_once(pack: Path) -> None:
    set_schema_property(pack, "reward", {"oneOf": [
        {"type": "integer"},
        {"type": "object", "required": ["coins"], "additionalProperties": False,
         "properties": {"coins": {"type": "integer"}}},
    ]})
    text = (pack / "cards/monsters.yaml").read_text().replace("  kingdom: north\n", "  kingdom: north\n  reward: {coins: many}\n")
    (pack / "cards/monsters.yaml").write_text(text)
    found = lint_json("pack")
    assert [(d["code"], d["line"], d["pointer"]) for d in found] == [("DW202", 9, "/0/reward/coins")]


def test_enum_lists_allowed_values_and_suggests_the_closest(pack: Path) -> None:
    text = (pack / "cards/monsters.yaml").read_text().replace("kingdom: north", "kingdom: nort")
    (pack / "cards/monsters.yaml").write_text(text)
    (found,) = lint_json("pack")
    assert found["code"] == "DW205"
    assert "north, south" in str(found["message"])
    assert found["hint"] == "did you mean 'north'?"


def test_unresolvable_ref_is_a_diagnostic_on_the_schema_and_never_fetched(pack: Path) -> None:
    set_schema_property(pack, "extra", {"$ref": "https://example.invalid/missing.schema.json"})
    found = lint_json("pack")
    assert [d["code"] for d in found] == ["DW207"]
    assert found[0]["file"] == "pack/schemas/monster.schema.json"


def test_manifest_naming_a_missing_schema_file(pack: Path) -> None:
    text = (pack / "pack.yaml").read_text().replace("item.schema.json", "items.schema.json")
    (pack / "pack.yaml").write_text(text)
    found = lint_json("pack")
    assert ("DW207", "pack/pack.yaml", 12) in [(d["code"], d["file"], d["line"]) for d in found]


def test_schema_file_with_syntax_error_is_reported_at_its_line(pack: Path) -> None:
    write(pack / "schemas/item.schema.json", '{\n  "type": "object",\n  "properties": {,}\n}\n')
    found = lint_json("pack")
    assert ("DW108", "pack/schemas/item.schema.json", 3) in [(d["code"], d["file"], d["line"]) for d in found]


def test_invalid_manifest_entry_is_reported_and_the_rest_still_linted(pack: Path) -> None:
    text = (pack / "pack.yaml").read_text().replace("count: 3}", "count: three}")
    (pack / "pack.yaml").write_text(text)
    (pack / "cards/items.yaml").write_text((pack / "cards/items.yaml").read_text().replace("price: 1", "price: -1"))
    found = lint_json("pack")
    codes = {(d["code"], d["file"]) for d in found}
    assert ("DW202", "pack/pack.yaml") in codes
    assert ("DW201", "pack/cards/items.yaml") in codes


def test_a_choice_no_branch_explains_better_is_told_by_its_branches(pack: Path) -> None:
    schema = json.loads((pack / "schemas/monster.schema.json").read_text())
    schema.setdefault("$defs", {})["bonus"] = {"description": "A bonus in coins. Never negative.", "type": "integer",
                                              "minimum": 0}
    schema["properties"]["reward"] = {"anyOf": [{"$ref": "#/$defs/bonus"}, {"type": ["string", "null"], "maxLength": 3},
                                                {"const": "all"}]}
    schema["properties"]["tier"] = {"oneOf": [{"type": "integer"}, {"type": "number", "title": "any number"}]}
    (pack / "schemas/monster.schema.json").write_text(json.dumps(schema, indent=2))
    text = (pack / "cards/monsters.yaml").read_text().replace(
        "  kingdom: north\n", "  kingdom: north\n  reward: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]\n  tier: 2\n")
    (pack / "cards/monsters.yaml").write_text(text)
    found = sorted((d["line"], d["message"]) for d in lint_json("pack"))
    assert found == [
        (9, "'reward' is [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1..., which matches none of: A bonus in coins; "
            "string or null; 'all' (anyOf)"),
        (10, "'tier' is 2, which matches more than one of: integer; any number (oneOf)"),
    ]


def test_limits_are_stated_with_their_keyword(pack: Path) -> None:
    set_schema_property(pack, "tags", {"type": "array", "maxItems": 2, "items": {"type": "string", "minLength": 2}})
    text = (pack / "cards/monsters.yaml").read_text().replace("  kingdom: north\n", "  kingdom: north\n  tags: [a, bb, cc]\n")
    (pack / "cards/monsters.yaml").write_text(text)
    assert sorted(str(d["message"]) for d in lint_json("pack")) == [
        "'tags' has 3 items; maxItems 2", "value is 1 character long; minLength 2"]
