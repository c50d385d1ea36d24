"""Regexes a pack writes (schema `pattern`, `patternProperties`, manifest markup) run in linear time;
one the engine cannot run is a diagnostic at the pattern, never a hang or a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.hostile.conftest import dw

EVIL = "^(a+)+$"
VICTIM = "a" * 40 + "!"


def _schema(change: dict[str, Any]) -> None:
    path = Path("mini/schemas/card.schema.json")
    schema = json.loads(path.read_text())
    schema["properties"].update(change)
    path.write_text(json.dumps(schema, indent=2))


def _code_value(value: str) -> None:
    cards = Path("mini/cards/cards.yaml")
    cards.write_text(cards.read_text().replace("code: 1:30", f"code: '{value}'"))


def test_catastrophic_pattern_on_a_failing_value_ends_quickly(mini: Path) -> None:
    _schema({"code": {"type": "string", "pattern": EVIL}})
    _code_value(VICTIM)
    found = dw("lint", "mini", "--format", "json", "--no-cache").diagnostics()
    assert [d["code"] for d in found if d["code"] == "DW201"] == ["DW201"]


def test_catastrophic_pattern_properties_and_additional_properties(mini: Path) -> None:
    _schema({"code": {"type": "object", "patternProperties": {EVIL: {"type": "integer"}},
                      "additionalProperties": False}})
    cards = Path("mini/cards/cards.yaml")
    cards.write_text(cards.read_text().replace("code: 1:30", f"code: {{'{VICTIM}': 1}}"))
    found = dw("lint", "mini", "--format", "json", "--no-cache").diagnostics()
    assert any(d["code"] in ("DW201", "DW204") and d["file"] == "mini/cards/cards.yaml" for d in found)


@pytest.mark.parametrize("pattern", ["(?<=a)b", "(a)\\1", "(unclosed"])
def test_pattern_the_engine_cannot_run_is_reported_at_the_pattern(mini: Path, pattern: str) -> None:
    _schema({"code": {"type": "string", "pattern": pattern}})
    found = dw("lint", "mini", "--format", "json", "--no-cache").diagnostics()
    refused = [d for d in found if d["code"] == "DW222"]
    assert refused and refused[0]["file"] == "mini/schemas/card.schema.json" and refused[0]["line"] > 1


@pytest.mark.parametrize("markup, problem", [
    ("':(?:[a-z]+):'", "no group"), ("'(?<=x):([a-z]+):'", "linear-time"), (f"'{EVIL}'", None),
    ("'\\p{L}(x)'", None), ("'(?P<n>[a-z]+):'", None), ("'(?<n>[a-z]+):'", None),
])
def test_markup_patterns_run_linearly_and_need_a_group(mini: Path, markup: str, problem: str | None) -> None:
    manifest = Path("mini/pack.yaml")
    manifest.write_text(manifest.read_text() + f"markup:\n  icon: {markup}\n")
    cards = Path("mini/cards/cards.yaml")
    cards.write_text(cards.read_text().replace('text: "Pay :coin:."', f'text: "{VICTIM} :coin:"'))
    for command in ("lint", "proof"):
        outcome = dw(command, "mini", "--format", "json", "--no-cache", *(["-o", "p.pdf"] if command == "proof" else []))
        refused = [d for d in outcome.diagnostics() if d["code"] == "DW222"]
        if problem is None:
            assert refused == []
        else:
            assert refused and problem in refused[0]["message"] and refused[0]["file"] == "mini/pack.yaml"


def test_catastrophic_pattern_properties_and_unevaluated_properties(mini: Path) -> None:
    """The explanation of `unevaluatedProperties` weighs `patternProperties` keys on RE2 as well."""
    _schema({"code": {"type": "object", "patternProperties": {EVIL: {"type": "integer"}},
                      "unevaluatedProperties": False}})
    cards = Path("mini/cards/cards.yaml")
    cards.write_text(cards.read_text().replace("code: 1:30", f"code: {{'{VICTIM}': 1, 'aaa': 2}}"))
    found = dw("lint", "mini", "--format", "json", "--no-cache").diagnostics()
    unknown = [d for d in found if d["code"] == "DW204" and d["file"] == "mini/cards/cards.yaml"]
    assert len(unknown) == 1 and VICTIM in unknown[0]["message"], found
