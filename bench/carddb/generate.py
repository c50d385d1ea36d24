"""Generate a community-style JSON card database and a deckwright manifest that describes it from outside.

The shape follows the public card databases issue 18 was written against: cards in per-set files
(tab-indented), per-kind index files (cycles, packs, factions, sides, types), rulings without ids,
a restricted list keyed by card code, translations in one folder per locale mirroring the base
tree, and schemas written for draft 4 without `$schema` (one 2020-12 schema with `$id` describing
a whole array). Defaults: 6,000 cards in 150 set files (160 base files), 13 locales.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

LOCALES = ["de", "es", "fr", "it", "ja", "ko", "pl", "pt", "ru", "uk", "zh", "nl", "sv"]
FACTIONS = [("anarch", "runner"), ("criminal", "runner"), ("shaper", "runner"), ("neutral-runner", "runner"),
            ("haas-bioroid", "corp"), ("jinteki", "corp"), ("nbn", "corp"), ("weyland", "corp"), ("corp", "corp")]
TYPES = ["agenda", "asset", "event", "hardware", "ice", "identity", "operation", "program", "resource", "upgrade"]
ICONS = ["click", "credit", "subroutine", "recurring-credit", "trash", "link", "mu"]
TRAITS = ["Virus", "Icebreaker", "Bioroid", "Sentry", "Code Gate", "Barrier", "Connection", "Job"]

CARD_SCHEMA: dict[str, Any] = {
    "title": "Card",
    "type": "object",
    "definitions": {"code": {"type": "string", "pattern": "^[0-9]{5}$"}},
    "required": ["code", "title", "pack_code", "type_code", "faction_code", "side_code", "quantity"],
    "additionalProperties": False,
    "properties": {
        "code": {"$ref": "#/definitions/code"},
        "title": {"type": "string", "minLength": 1, "maxLength": 60},
        "pack_code": {"type": "string"},
        "type_code": {"enum": TYPES},
        "faction_code": {"type": "string"},
        "side_code": {"enum": ["corp", "runner"]},
        "cost": {"oneOf": [{"title": "a cost in credits", "type": "integer", "minimum": 0, "maximum": 30},
                           {"title": "no printed cost", "type": "null"}]},
        "strength": {"type": "integer", "minimum": 0, "exclusiveMinimum": False},
        "text": {"type": "string"},
        "flavor": {"type": "string"},
        "illustrator": {"type": "string"},
        "position": {"type": "integer", "minimum": 1},
        "quantity": {"type": "integer", "minimum": 1, "maximum": 9},
        "deck_limit": {"type": "integer", "minimum": 0, "maximum": 9},
        "uniqueness": {"type": "boolean"},
        "advancement_cost": {"type": "integer", "minimum": 0},
        "agenda_points": {"type": "integer", "minimum": 0},
        "keywords": {"type": "string"},
    },
    "dependencies": {"agenda_points": ["advancement_cost"]},
}
PACKS_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://example.org/bench-db/packs.schema.json",
    "type": "array",
    "items": {
        "type": "object",
        "required": ["code", "name", "cycle_code", "position"],
        "additionalProperties": False,
        "properties": {"code": {"type": "string"}, "name": {"type": "string"}, "cycle_code": {"type": "string"},
                       "position": {"type": "integer", "minimum": 1}, "size": {"type": "integer"},
                       "date_release": {"type": ["string", "null"], "format": "date"}},
    },
}

MANIFEST = """\
id: bench-db
name: Benchmark card database
version: "1"
players: {min: 2, max: 2}
root: ../db
schemas: "{root}/schema"
schema_draft: "4"
files:
  - {include: "pack/*.json", kind: entities, type: card, id_field: code}
  - {include: packs.json, kind: entities, type: set, id_field: code}
  - {include: cycles.json, kind: entities, type: cycle, id_field: code}
  - {include: sides.json, kind: entities, type: side, id_field: code}
  - {include: factions.json, kind: entities, type: faction, id_field: code}
  - {include: types.json, kind: entities, type: card-type, id_field: code}
  - {include: rulings.json, kind: entities, type: ruling, id_field: null}
  - {include: mwl.json, kind: entities, type: mwl, id_field: code}
  - {include: "translations/{locale}/pack/*.json", kind: translations, type: card, id_field: code}
types:
  card:
    schema: card_schema.json
    refs: {pack_code: set, faction_code: faction, type_code: card-type, side_code: side}
    text: [text]
    translatable: [title, text, flavor]
  set: {schema: "packs_schema.json#/items", refs: {cycle_code: cycle}}
  cycle: {}
  side: {}
  faction: {refs: {side_code: side}}
  card-type: {}
  ruling: {refs: {card_code: card}}
  mwl: {refs: {"cards{}": card, "restricted.*[]": card}}
markup:
  trait: {pattern: '\\[\\[([^\\]]+)\\]\\]'}
  icon: {pattern: '\\[([a-z-]+)\\]', check: glossary}
glossary:
"""


def dump(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent="\t", ensure_ascii=False) + "\n")


def card(rng: random.Random, code: str, pack: str, position: int) -> dict[str, Any]:
    faction, side = rng.choice(FACTIONS)
    kind = rng.choice(TYPES)
    record: dict[str, Any] = {
        "code": code, "title": f"Card {code} {rng.choice(TRAITS)}", "pack_code": pack, "type_code": kind,
        "faction_code": faction, "side_code": side, "position": position,
        "text": f"[{rng.choice(ICONS)}]: Gain {rng.randint(1, 5)}[credit]. Install a [[{rng.choice(TRAITS)}]] card.",
        "quantity": rng.randint(1, 3), "deck_limit": 3, "illustrator": f"Artist {rng.randint(1, 90)}",
    }
    if kind == "agenda":
        record.update(advancement_cost=rng.randint(2, 6), agenda_points=rng.randint(1, 3))
    elif kind != "identity":
        record["cost"] = rng.choice([None, rng.randint(0, 9)])
    if kind == "ice":
        record["strength"] = rng.randint(0, 8)
    if rng.random() < 0.3:
        record["flavor"] = "A line of flavour text that nobody reads twice."
    return record


def generate(root: Path, cards: int = 6000, sets: int = 150, locales: int = 13, translated_sets: int = 20,
             seed: int = 0) -> Path:
    """Write root/db (the database) and root/deckwright/pack.yaml; return the manifest's folder."""
    rng = random.Random(seed)
    db = root / "db"
    cycles = [{"code": f"cycle{i:02d}", "name": f"Cycle {i}", "position": i} for i in range(1, sets // 6 + 2)]
    packs = [{"code": f"set{i:03d}", "name": f"Set {i}", "cycle_code": cycles[i // 6]["code"], "position": i % 6 + 1,
              "size": cards // sets, "date_release": f"20{10 + i % 10:02d}-0{1 + i % 9}-1{i % 10}"} for i in range(sets)]
    dump(db / "cycles.json", cycles)
    dump(db / "packs.json", packs)
    dump(db / "sides.json", [{"code": "corp", "name": "Corp"}, {"code": "runner", "name": "Runner"}])
    dump(db / "factions.json", [{"code": f, "name": f.title(), "side_code": s} for f, s in FACTIONS])
    dump(db / "types.json", [{"code": t, "name": t.title()} for t in TYPES])
    dump(db / "schema/card_schema.json", CARD_SCHEMA)
    dump(db / "schema/packs_schema.json", PACKS_SCHEMA)
    per_set = cards // sets
    all_codes: list[str] = []
    for i, pack in enumerate(packs):
        records = [card(rng, f"{i + 1:03d}{n + 1:02d}", pack["code"], n + 1) for n in range(per_set)]
        all_codes.extend(r["code"] for r in records)
        dump(db / "pack" / f"{pack['code']}.json", records)
    dump(db / "rulings.json", [{"card_code": c, "text": "A ruling."} for c in rng.sample(all_codes, 200)])
    dump(db / "mwl.json", [{"code": f"mwl{n}", "name": f"List {n}",
                            "cards": {c: {"deck_limit": 1} for c in rng.sample(all_codes, 20)},
                            "restricted": {"corp": rng.sample(all_codes, 5), "runner": rng.sample(all_codes, 5)}}
                           for n in range(3)])
    for locale in LOCALES[:locales]:
        for pack in packs[:translated_sets]:
            source = json.loads((db / "pack" / f"{pack['code']}.json").read_text())
            dump(db / "translations" / locale / "pack" / f"{pack['code']}.json",
                 [{"code": r["code"], "title": f"{r['title']} ({locale})", "text": r["text"]} for r in source])
    manifest = MANIFEST + "".join(f"  - {{term: {icon}, kind: icon, meaning: The {icon} icon.}}\n" for icon in ICONS)
    (root / "deckwright").mkdir(parents=True, exist_ok=True)
    (root / "deckwright" / "pack.yaml").write_text(manifest)
    return root / "deckwright"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--cards", type=int, default=6000)
    parser.add_argument("--sets", type=int, default=150)
    parser.add_argument("--locales", type=int, default=13)
    args = parser.parse_args()
    print(generate(args.out, args.cards, args.sets, args.locales))


if __name__ == "__main__":
    main()
