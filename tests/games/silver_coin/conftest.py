"""Small hand-made Silver Coin packs: a few entities and facts, the real schemas, loaded for real."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from deckwright.model import Pack, load_pack

ROOT = Path(__file__).resolve().parents[3]
TYPES = ("kingdom", "location", "route", "character", "monster", "mission-card", "season-card", "scenario",
         "knowledge-token")

MakePack = Callable[..., Pack]

# Fields the schemas require that no probe reads: filled in so each test writes only what it is about.
DEFAULTS: Mapping[str, Mapping[str, Any]] = {
    "character": {"health": 6, "abilities": [], "flow_abilities": [], "setup_components": []},
    "monster": {"level": 1, "required_knowledge": 0, "reward_coins": 0, "reward_reputation": 0,
                "reward_experience": 0},
    "route": {"kind": "road", "steps": 1},
    "scenario": {"players": {"min": 1, "max": 1}, "difficulties": ["easy", "normal", "hard"],
                 "win_conditions": [], "lose_conditions": []},
}


def _dump(data: Any, path: Path) -> None:
    yaml = YAML()
    yaml.default_flow_style = False
    with path.open("w") as out:
        yaml.dump(data, out)


@pytest.fixture
def make_pack(tmp_path: Path) -> MakePack:
    """Build and load a pack from entity dicts and a facts mapping (one clause per fact)."""

    def build(entities: list[dict[str, Any]], facts: Mapping[str, Any], players: tuple[int, int] = (1, 5)) -> Pack:
        root = tmp_path / "pack"
        (root / "cards").mkdir(parents=True)
        (root / "rules").mkdir()
        shutil.copytree(ROOT / "schemas" / "silver-coin", root / "schemas")
        _dump({"id": "mini", "name": "Mini", "version": "0.1.0", "players": {"min": players[0], "max": players[1]},
               "schemas": "schemas", "engine": "silver-coin", "sources": [{"id": "book", "file": "book.txt", "title": "Book"}],
               "files": [{"include": "cards/*.yaml", "kind": "entities"}, {"include": "rules/*.yaml", "kind": "rules"}],
               "types": {t: {"schema": f"{t}.schema.json", "title": t} for t in TYPES}}, root / "pack.yaml")
        _dump([{**DEFAULTS.get(e["type"], {}), **e} for e in entities], root / "cards" / "all.yaml")
        _dump({"section": "mini", "title": "Mini", "order": 1, "clauses": [{"id": f"c{i}", "summary": name, "source": [{"doc": "book", "line": 1}], "facts": {name: {"value": value}}}
                                              for i, (name, value) in enumerate(facts.items())]},
              root / "rules" / "facts.yaml")
        loaded = load_pack(root, "pack")
        assert loaded.pack is not None, loaded.diagnostics
        assert [d.message for d in loaded.diagnostics if d.severity.value == "error"] == []
        return loaded.pack

    return build


@pytest.fixture(scope="module")
def sc_pack() -> Pack:
    """The shipped Silver Coin pack, loaded once per test module."""
    loaded = load_pack(ROOT / "content" / "silver-coin", "content/silver-coin")
    assert loaded.pack is not None
    return loaded.pack
