"""Small packs written into tmp_path for the rules checks, and a runner for `deckwright check`."""

from __future__ import annotations

import contextlib
import json
import textwrap
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deckwright.cli import cli

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


def run_check(cwd: Path, *args: str) -> tuple[int, dict[str, Any]]:
    """`deckwright check --format json ARGS` run in `cwd`: exit status and the parsed report."""
    with contextlib.chdir(cwd):
        result = CliRunner().invoke(cli, ["check", "--no-cache", "--format", "json", *args], catch_exceptions=False)
    return result.exit_code, json.loads(result.output)


def codes(report: dict[str, Any], code: str) -> list[dict[str, Any]]:
    """The diagnostics of one code in a JSON report."""
    return [d for d in report["diagnostics"] if d["code"] == code]


@pytest.fixture
def book(tmp_path: Path) -> Path:
    folder = tmp_path / "seeds"
    folder.mkdir()
    (folder / "book.txt").write_text(BOOK)
    return folder
