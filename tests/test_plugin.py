"""What the core knows about a game is declared by the game (its GameSpec) or its pack, never named in
the core: no string in the core (every module outside `games/`, and the sheet templates) is one of the
entity types, end reasons or scenario types of a shipped pack or game.

The names are read from the shipped packs' manifests, the games' GameSpecs and their golden playouts
(the ends they record), not from a list typed here. Words the core's own schemas define (property
names, enum, const and default values, `quoted` words in their descriptions: `scenario`, `keyword`,
`condition`, `item`...) are the core's vocabulary, which a game may reuse as a type name.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any


import deckwright
from deckwright.model import load_pack
from deckwright.plugin import GameSpec, load_games

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path(deckwright.__file__).parent
SHIPPED_GAMES = ("adventure-land", "agemonia", "silver-coin")


def _vocabulary(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                yield from value
            elif key in ("enum", "const", "default"):
                yield from (v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str))
            elif key == "description" and isinstance(value, str):
                yield from re.findall(r"`([^`]+)`", value)
            yield from _vocabulary(value)
    elif isinstance(node, list):
        for item in node:
            yield from _vocabulary(item)


def core_vocabulary() -> set[str]:
    """The words deckwright's own schemas (schemas/core) define."""
    return {word for path in (PACKAGE / "schemas" / "core").glob("*.json")
            for word in _vocabulary(json.loads(path.read_text()))}


def _golden_ends(game: str) -> set[str]:
    folder = ROOT / "tests" / "games" / game.replace("-", "_") / "golden"
    return {line.removeprefix("end: ").strip() for log in folder.glob("*.log")
            for line in log.read_text().splitlines() if line.startswith("end: ")}


def game_names() -> dict[str, str]:
    """Every name a shipped pack or game declares, with what declares it."""
    named: dict[str, str] = {}
    specs: dict[str, GameSpec] = load_games()
    for manifest in sorted((ROOT / "content").rglob("pack.yaml")):
        pack = load_pack(manifest.parent, str(manifest.parent.relative_to(ROOT))).pack
        assert pack is not None, manifest
        for spec in pack.types.values():
            named.setdefault(spec.id, f"{'scenario ' if spec.scenario else ''}entity type of {pack.id}")
        spec = specs.get(pack.engine or "")
        if pack.engine in SHIPPED_GAMES and spec is not None and spec.engine is not None and spec.endings is not None:
            for scenario in spec.engine.scenarios(pack):
                for ending in spec.endings(pack, scenario):
                    named.setdefault(ending.reason, f"end reason of {pack.engine}")
    for game in SHIPPED_GAMES:
        spec = specs[game]
        for reason in _golden_ends(game):
            named.setdefault(reason, f"end reason of {game}")
        for type_id in spec.usage_types:
            named.setdefault(type_id, f"usage type of {game}")
    return named


def _core_strings() -> Iterator[tuple[str, int, str]]:
    """(file, line, text) of every string in the core: Python string constants and quoted template strings."""
    for path in sorted(PACKAGE.rglob("*.py")):
        if (PACKAGE / "games") in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                yield str(path.relative_to(PACKAGE)), node.lineno, node.value
    for path in sorted((PACKAGE / "sheets" / "templates").rglob("*.j2")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for quoted in re.findall(r"""["']([^"'\n]+)["']""", line):
                yield str(path.relative_to(PACKAGE)), number, quoted


def named_in_core(names: dict[str, str], vocabulary: set[str]) -> list[str]:
    """`file:line: 'name' (what declares it)` for every core string that is a game's name."""
    return [f"{file}:{line}: {text!r} ({names[text]})" for file, line, text in _core_strings()
            if text in names and text not in vocabulary]


def test_the_core_names_no_shipped_game_type_end_reason_or_scenario_type() -> None:
    names = game_names()
    assert {"herb", "adventure", "monster", "nobody-can-move", "24-rounds-played", "fail:exhausted"} <= set(names)
    found = named_in_core(names, core_vocabulary())
    assert not found, "the core names what a game or pack should declare:\n" + "\n".join(found)


def test_a_name_in_the_core_is_found() -> None:
    """The scan sees a game's type in a core string (here: one added to the names it looks for)."""
    strings = {text for _, _, text in _core_strings()}
    assert "stockpile-empty" not in strings and "uncovered:" in strings
    assert named_in_core({"uncovered:": "a test"}, set()) and not named_in_core({"uncovered:": "a test"},
                                                                                 {"uncovered:"})


def test_the_core_schemas_words_are_its_vocabulary() -> None:
    words = core_vocabulary()
    assert {"scenario", "keyword", "files", "layout"} <= words
    assert not {"herb", "adventure", "nobody-can-move"} & words
