"""Adventure Land's own lint checks, on copies of the shipped pack with one thing broken."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import run

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def al(workdir: Path) -> Path:
    shutil.copytree(ROOT / "content" / "adventure-land", workdir / "content" / "adventure-land")
    shutil.copytree(ROOT / "schemas" / "adventure-land", workdir / "schemas" / "adventure-land")
    return workdir / "content" / "adventure-land"


def lint(al: Path) -> list[dict[str, object]]:
    return run("lint", "--format", "json", "content/adventure-land").json()["diagnostics"]  # type: ignore[no-any-return]


def test_shipped_pack_is_clean(al: Path) -> None:
    assert lint(al) == []


def test_card_naming_a_field_of_another_terrain(al: Path) -> None:
    cards = al / "cards" / "terrain.yaml"
    text = cards.read_text()
    forest_field = re.search(r"terrain: forest\n  coordinate: \w+\n  field: (field-\w+)\n", text)
    assert forest_field is not None
    text = text.replace("  field: field-a1\n", f"  field: {forest_field.group(1)}\n", 1)
    cards.write_text(text)
    codes = {(d["code"], d["file"]) for d in lint(al)}
    assert ("DW901", "content/adventure-land/cards/terrain.yaml") in codes
    assert ("DW904", "content/adventure-land/cards/terrain.yaml") in codes


def test_field_off_the_board_is_unreachable(al: Path) -> None:
    fields = al / "board" / "fields.yaml"
    text = fields.read_text()
    start = text.index("- id: field-k10\n")
    block = text[start:]
    block = re.sub(r"\n  x: \d+\n", "\n  x: 40\n", block, count=1)
    fields.write_text(text[:start] + block)
    found = [d for d in lint(al) if d["code"] == "DW902"]
    assert [d["message"] for d in found] == ["field 'field-k10' cannot be reached from any starting area"]


def test_river_with_a_gap_is_reported(al: Path) -> None:
    fields = al / "board" / "fields.yaml"
    text = fields.read_text()
    river = re.search(r"  river: \[(.*)\]\n", text)
    assert river is not None
    items = river.group(1).split(", ")
    items[3], items[5] = items[5], items[3]
    fields.write_text(text.replace(river.group(0), f"  river: [{', '.join(items)}]\n"))
    found = [d for d in lint(al) if d["code"] == "DW903"]
    assert found and all(d["file"] == "content/adventure-land/board/fields.yaml" for d in found)
