"""A two-card pack with its own schema for the authoring and export tests, and their fixtures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckwright.cli import cli

CARD_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://example.org/schema/mini/card.schema.json",
    "title": "Card",
    "$ref": "https://deckwright.dev/schema/core/entity.schema.json",
    "properties": {
        "type": {"const": "card"},
        "cost": {"type": "integer", "minimum": 0, "description": "Coins to play it."},
        "suit": {"enum": ["sun", "moon"]},
        "code": {"type": "string"},
    },
    "required": ["cost"],
    "unevaluatedProperties": False,
}

MANIFEST = """\
id: mini
name: Mini
version: 0.1.0
players: {min: 1, max: 2}
files:
  - {include: "cards/*.yaml", kind: entities}
  - {include: "layouts/*.yaml", kind: layouts}
ignore: ["schemas/*"]
types:
  card: {schema: card.schema.json, size: poker, layout: card}
decks:
  - {id: main, name: Main deck, select: {type: card}}
glossary:
  - {term: coin, kind: icon, meaning: One coin.}
"""

CARDS = """\
# The cards of the mini pack.

- name: Sun One   # the first
  cost: 1
  id: sun-one
  type: card
  suit: sun
  code: 1:30

- id: moon-two
  type: card
  name: Moon Two
  copies: 2
  cost: 2
  suit: moon
  text: "Pay :coin:."
"""


LAYOUT = """\
layouts:
  - id: card
    front:
      - {kind: rect, x: 0, y: 0, w: 63.5, h: 88.9, fill: "#f4efe2", bleed: true}
      - {kind: text, x: 5, y: 5, w: 53.5, h: 10, text: "{{ name }}", style: bold, size: 12}
      - {kind: text, x: 5, y: 20, w: 53.5, h: 20, text: "{{ text }}", size: 11, min_size: 6}
    back:
      - {kind: rect, x: 0, y: 0, w: 63.5, h: 88.9, fill: "#27324a", bleed: true}
"""


def write_pack(root: Path, cards: str = CARDS, manifest: str = MANIFEST) -> Path:
    """A two-card pack with its own schema folder and a layout; returns the pack folder."""
    pack = root / "mini"
    (pack / "cards").mkdir(parents=True)
    (pack / "layouts").mkdir()
    (pack / "layouts" / "cards.yaml").write_text(LAYOUT, encoding="utf-8")
    (pack / "schemas").mkdir()
    (pack / "pack.yaml").write_text(manifest, encoding="utf-8")
    (pack / "cards" / "cards.yaml").write_text(cards, encoding="utf-8")
    (pack / "schemas" / "card.schema.json").write_text(json.dumps(CARD_SCHEMA, indent=2), encoding="utf-8")
    return pack


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    return write_pack(tmp_path)


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """Invoke the CLI in tmp_path (no parse cache); returns the click Result."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKWRIGHT_CACHE", str(tmp_path / ".cache"))

    def invoke(*args: str):
        return CliRunner().invoke(cli, list(args), catch_exceptions=False)

    return invoke
