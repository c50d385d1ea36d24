"""Small hand-made Agemonia packs: a few entities and the facts a probe reads, loaded from tmp_path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from deckwright.model import Pack, load_pack

TYPES = ("hero", "hero-action", "scenario", "condition", "initiative-card", "enemy", "item", "trap", "ally")
LOOSE = {"$schema": "https://json-schema.org/draft/2020-12/schema",
         "$ref": "https://deckwright.dev/schema/core/entity.schema.json", "unevaluatedProperties": True}


def make_pack(root: Path, entities: list[dict[str, Any]], facts: dict[str, Any], *,
              components: list[dict[str, Any]] = (), glossary: list[dict[str, Any]] = ()) -> Pack:
    """Write and load a pack with these entities, one clause stating these facts, and engine agemonia."""
    folder = root / "mini"
    for sub in ("schemas", "cards", "rules"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    manifest = {
        "id": "mini", "name": "Mini", "version": "0.1.0", "engine": "agemonia",
        "players": {"min": 1, "max": 4}, "schemas": "schemas",
        "sources": [{"id": "book", "file": "book.txt", "title": "Book", "lines": 10}],
        "files": [{"include": "cards/*.yaml", "kind": "entities"}, {"include": "rules/*.yaml", "kind": "rules"}],
        "types": {t: {"schema": f"{t}.schema.json"} for t in TYPES},
        "components": list(components), "glossary": list(glossary),
    }
    for t in TYPES:
        (folder / "schemas" / f"{t}.schema.json").write_text(json.dumps(LOOSE))
    yaml = YAML()
    with (folder / "pack.yaml").open("w") as out:
        yaml.dump(manifest, out)
    with (folder / "cards" / "all.yaml").open("w") as out:
        yaml.dump([{"source": [{"doc": "book", "line": 1}], **e} for e in entities], out)
    rules = {"section": "all", "title": "All", "clauses": [
        {"id": "facts", "summary": "The numbers.", "source": [{"doc": "book", "line": 1}], "facts": facts}]}
    with (folder / "rules" / "all.yaml").open("w") as out:
        yaml.dump(rules, out)
    loaded = load_pack(folder, "mini")
    assert loaded.pack is not None, loaded.diagnostics
    return loaded.pack


def boards_only(pack: Pack, scenario: str, players: int, overrides: dict[str, Any] | None = None) -> Any:
    """The sample table with its Hero boards' own items, none of the stash dealt to its seats
    (`items_stash`): for positions built on what a board carries."""
    from deckwright.games.agemonia.table import compile_table, resolve_scenario

    entity = resolve_scenario(pack, scenario)
    assert entity is not None
    return compile_table(pack, scenario, players, overrides, party=[pack.by_id[b] for b in entity.get("party")])
