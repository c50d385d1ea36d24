"""Generate a pack of N cards in F files (about 2.6 MB of YAML for 10,000 cards) and its schema."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

KINGDOMS = ["north", "south", "east", "west", "isles", "marsh"]
KEYWORDS = ["Poison", "Stun", "Shield", "Haste"]
ICONS = ["coin", "sword", "heart"]

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://deckwright.dev/schema/bench/monster.schema.json",
    "title": "Monster card",
    "$ref": "https://deckwright.dev/schema/core/entity.schema.json",
    "properties": {
        "type": {"const": "monster"},
        "level": {"enum": [1, 2, 3]},
        "kingdom": {"enum": KINGDOMS},
        "strength": {"type": "integer", "minimum": 0, "maximum": 30},
        "health": {"type": "integer", "minimum": 1, "maximum": 30},
        "rewards": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"coins": {"type": "integer", "minimum": 0}, "knowledge": {"type": "integer"}},
        },
        "symbols": {"type": "array", "items": {"type": "string"}, "maxItems": 4},
        "drops": {"type": "array", "items": {"$ref": "https://deckwright.dev/schema/core/entity.schema.json#/$defs/slug"}},
    },
    "required": ["level", "kingdom", "strength", "health"],
    "unevaluatedProperties": False,
}


def card(i: int, rng: random.Random, total: int, wrong: bool = False) -> str:
    """One card's YAML; a `wrong` card breaks its schema (a strength above the maximum of 30)."""
    kw = rng.choice(KEYWORDS)
    icon = rng.choice(ICONS)
    drops = ", ".join(f"monster-{rng.randrange(total):05d}" for _ in range(2))
    return (
        f"- id: monster-{i:05d}\n"
        f"  type: monster\n"
        f"  name: Monster {i}\n"
        f"  copies: {rng.randint(1, 3)}\n"
        f"  level: {rng.randint(1, 3)}\n"
        f"  kingdom: {rng.choice(KINGDOMS)}\n"
        f"  strength: {rng.randint(0, 30) + (31 if wrong else 0)}\n"
        f"  health: {rng.randint(1, 30)}\n"
        f"  rewards: {{coins: {rng.randint(0, 5)}}}\n"
        f"  drops: [{drops}]\n"
        f"  text: \"Gain :{icon}:. Inflicts [{kw}].\"\n"
        f"  source: [{{doc: rulebook, line: {1 + i % 1900}}}]\n"
    )


def wrong_cards(cards: int, errors: int) -> frozenset[int]:
    """Which cards carry a schema error: `errors` of them, spread evenly over the pack."""
    if errors <= 0:
        return frozenset()
    return frozenset(range(0, cards, max(1, cards // errors)))


def generate(out: Path, cards: int = 10_000, files: int = 20, seed: int = 1, errors: int = 0) -> Path:
    """Write the pack into `out` as a project lays it out (pack folder `out/content/pack`, schemas
    `out/schemas`, the one schema folder outside a pack that deckwright reads); return the pack folder.
    `errors` cards (spread evenly) break the schema."""
    rng = random.Random(seed)
    wrong = wrong_cards(cards, errors)
    pack = out / "content" / "pack"
    (pack / "cards").mkdir(parents=True, exist_ok=True)
    (out / "schemas").mkdir(parents=True, exist_ok=True)
    (out / "schemas" / "monster.schema.json").write_text(json.dumps(SCHEMA, indent=2))
    per_file = cards // files
    for f in range(files):
        body = "".join(card(i, rng, cards, i in wrong) for i in range(f * per_file, (f + 1) * per_file))
        (pack / "cards" / f"monsters-{f:02d}.yaml").write_text(body)
    glossary = "\n".join(f"  - {{term: {k}, kind: keyword, meaning: bench keyword}}" for k in KEYWORDS)
    icons = "\n".join(f"  - {{term: {k}, kind: icon, meaning: bench icon}}" for k in ICONS)
    (pack / "pack.yaml").write_text(
        "id: bench\nname: Bench\nversion: '1'\nplayers: {min: 1, max: 4}\nschemas: ../../schemas\n"
        "sources: [{id: rulebook, file: none.txt, title: Bench rulebook}]\n"
        "files: [{include: 'cards/*.yaml', kind: entities}]\n"
        "types:\n  monster: {schema: monster.schema.json, size: poker, text: [text], refs: {'drops[]': monster}}\n"
        f"glossary:\n{glossary}\n{icons}\n"
    )
    return pack


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--errors", type=int, default=0, help="cards that break the schema")
    args = parser.parse_args()
    pack = generate(args.out, args.cards, args.files, errors=args.errors)
    size = sum(p.stat().st_size for p in (pack / "cards").iterdir())
    print(f"{pack}: {args.cards} cards, {size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
