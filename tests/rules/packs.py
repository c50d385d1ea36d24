"""Small packs for the rules checks, written into the test's working directory, and `deckwright check`."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

from tests.conftest import run

MANIFEST = """\
id: tiny
name: Tiny
version: 0.1.0
players: {min: 2, max: 4}
sources:
  - {id: book, file: book.txt, title: The book, lines: 6}
files:
  - {include: "cards/*.yaml", kind: entities}
  - {include: "rules/*.yaml", kind: rules}
types:
  card: {schema: card.schema.json}
decks:
  - {id: main, name: Main deck, select: {type: card}, count: 3}
glossary:
  - {term: card, kind: card, meaning: A card., aliases: [cards]}
  - {term: Poisoned, kind: condition, meaning: Loses a life each turn.}
"""

CARD_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$ref": "https://deckwright.dev/schema/core/entity.schema.json",
    "properties": {"type": {"const": "card"}, "strength": {"type": "integer"}},
    "unevaluatedProperties": False,
}

CARDS = """\
- {id: wolf, type: card, name: Wolf, strength: 3, copies: 2, text: "Bites [Poisoned]", source: [{doc: book, line: 2}]}
- {id: bear, type: card, name: Bear, strength: 5, source: [{doc: book, line: 2}]}
"""

BOOK = """\
Tiny is a card game for two to four players.
The deck holds three cards: two wolves and one bear.
A poisoned player loses one life at the start of every one of their turns until cured.
Each turn a player draws two cards from the deck.
The game ends when the deck is empty.
Turn the page.
"""


def write_pack(root: Path, rules: dict[str, str], *, manifest_extra: str = "", cards: str = CARDS) -> Path:
    """A pack folder under `root` with the given rules files (name -> YAML text)."""
    folder = root / "tiny"
    (folder / "schemas").mkdir(parents=True)
    (folder / "cards").mkdir()
    (folder / "rules").mkdir()
    (folder / "pack.yaml").write_text(MANIFEST + textwrap.dedent(manifest_extra))
    (folder / "schemas" / "card.schema.json").write_text(json.dumps(CARD_SCHEMA))
    (folder / "cards" / "cards.yaml").write_text(cards)
    for name, text in rules.items():
        (folder / "rules" / name).write_text(textwrap.dedent(text))
    return folder


def check(*args: str) -> tuple[int, dict[str, Any]]:
    """`deckwright check --format json ARGS` in the working directory: exit status and the report."""
    result = run("check", "--format", "json", *args)
    return result.exit_code, result.json()


def codes(report: dict[str, Any], code: str) -> list[dict[str, Any]]:
    """The diagnostics of one code in a JSON report."""
    return [d for d in report["diagnostics"] if d["code"] == code]


def write_book(root: Path, text: str = BOOK) -> Path:
    """A --sources folder under `root` holding the pack's book."""
    folder = root / "seeds"
    folder.mkdir()
    (folder / "book.txt").write_text(text)
    return folder
