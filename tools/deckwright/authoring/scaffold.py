"""`deckwright new`: the files of a new game repository whose pack lints clean and prints at once.

The repository holds one pack under `content/<id>/` (manifest, one card type with its schema and
layout, cards, a rules file with one clause citing the studio's rulebook draft), the rulebook draft
itself, a CI workflow and a pre-commit configuration. The cards are an example card, or the rows
of a spreadsheet (`authoring.csvcards`), in which case the schema and the layout follow its columns.
Nothing is written here: `scaffold` returns the files, the command writes them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from deckwright.authoring.csvcards import ENVELOPE, Column, CsvCards
from deckwright.loading.scalars import differs_in_yaml11, resolve_plain

CARD = (63.5, 88.9)  # poker size, the `size: poker` the manifest gives the type
_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9 .,'!?()/+-]*$")
_LINE_HEIGHT = 6.0
_FIELDS_TOP, _FIELDS_BOTTOM = 16.0, 52.0

EXAMPLE = CsvCards(
    entities=({"id": "first-card", "type": "card", "name": "First Card", "cost": 2,
               "text": "Gain :coin: when you play this card."},),
    columns=(Column("name", "Name", "string", True), Column("cost", "Cost", "integer", True),
             Column("text", "Text", "string", True)),
)


@dataclass(frozen=True)
class Scaffold:
    """The files of a new repository, by path relative to its root (POSIX), in writing order."""

    files: Mapping[str, str]


def scaffold(pack_id: str, title: str, type_id: str = "card", cards: CsvCards = EXAMPLE) -> Scaffold:
    """Every file of a new game repository holding the pack `pack_id` with these cards."""
    pack = PurePosixPath("content") / pack_id
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema",
              "$ref": "https://deckwright.dev/schema/core/entity.schema.json",
              "title": type_id,
              "properties": {"type": {"const": type_id}, **cards.schema_properties()},
              "required": cards.required(),
              "unevaluatedProperties": False}
    files = {
        f"{pack}/pack.yaml": _manifest(pack_id, title, type_id, sum(int(e.get("copies", 1)) for e in cards.entities),
                                       coin=any(":coin:" in str(e.get("text", "")) for e in cards.entities)),
        f"schemas/{pack_id}/{type_id}.schema.json": json.dumps(schema, indent=2) + "\n",
        f"{pack}/cards/{type_id}s.yaml": entities_yaml(cards.entities),
        f"{pack}/layouts/{type_id}.yaml": _layout(type_id, cards.columns),
        f"{pack}/rules/basics.yaml": _RULES,
        "rulebook/rulebook.txt": _RULEBOOK.format(title=title),
        ".github/workflows/deckwright.yml": _WORKFLOW,
        ".pre-commit-config.yaml": _PRECOMMIT,
        ".gitignore": "build/\n.deckwright-cache/\n",
    }
    return Scaffold(files)


def entities_yaml(entities: tuple[dict[str, Any], ...]) -> str:
    """A YAML list of flat entities, in the order `deckwright fmt` keeps (envelope first)."""
    lines: list[str] = []
    for entity in entities:
        for index, (key, value) in enumerate(entity.items()):
            lines.append(f"{'- ' if index == 0 else '  '}{key}: {scalar(value)}")
    return "\n".join(lines) + "\n"


def scalar(value: Any) -> str:
    """A YAML scalar that reads back as `value`: plain when nothing can misread it, else quoted."""
    if isinstance(value, bool) or not isinstance(value, str):
        return json.dumps(value)
    plain = _PLAIN.match(value) and resolve_plain(value) == value and differs_in_yaml11(value) is None
    return value if plain else json.dumps(value, ensure_ascii=False)


def _manifest(pack_id: str, title: str, type_id: str, count: int, coin: bool) -> str:
    """The manifest; its glossary holds the coin icon only where a card's text uses it (else lint warns)."""
    glossary = '\nglossary:\n  - {term: coin, kind: icon, meaning: One coin., symbol: "●"}' if coin else ""
    return f"""\
id: {pack_id}
name: {scalar(title)}
version: 0.1.0
players: {{min: 1, max: 4}}
schemas: ../../schemas/{pack_id}
sources:
  - {{id: rulebook, file: rulebook.txt, title: Rulebook draft, lines: {_RULEBOOK.count(chr(10))}}}
files:
  - {{include: "cards/*.yaml", kind: entities}}
  - {{include: "layouts/*.yaml", kind: layouts}}
  - {{include: "rules/*.yaml", kind: rules}}
types:
  {type_id}: {{schema: {type_id}.schema.json, size: poker, layout: {type_id}}}
decks:
  - {{id: {type_id}s, name: {scalar(type_id.capitalize() + ' deck')}, select: {{type: {type_id}}}, count: {count}}}{glossary}
"""


def _layout(type_id: str, columns: tuple[Column, ...]) -> str:
    """A front showing the name, one line per own field (as many as fit) and the text; a plain back."""
    width, height = CARD
    keys = {c.key for c in columns}
    own = [c for c in columns if c.key not in ENVELOPE]
    fits = int((_FIELDS_BOTTOM - _FIELDS_TOP) // _LINE_HEIGHT)
    front = [f"      - {{kind: rect, x: 0, y: 0, w: {width}, h: {height}, fill: \"#f4efe2\", bleed: true}}",
             f"      - {{kind: text, x: 5, y: 5, w: {width - 10}, h: 9, text: \"{{{{ name }}}}\", style: bold, "
             "size: 12, min_size: 8}"]
    for row, column in enumerate(own[:fits]):
        y = _FIELDS_TOP + row * _LINE_HEIGHT
        label = column.header.replace('"', "'").replace("{", "(").replace("}", ")")
        front.append(f"      - {{kind: text, when: \"{column.key} is defined\", x: 5, y: {y:g}, w: {width - 10}, "
                     f"h: 5, text: \"{label}: {{{{ {column.key} }}}}\", size: 9, min_size: 6}}")
    if "text" in keys:
        front.append(f"      - {{kind: text, when: \"text\", x: 5, y: {_FIELDS_BOTTOM + 2:g}, w: {width - 10}, "
                     f"h: {height - _FIELDS_BOTTOM - 7:g}, text: \"{{{{ text }}}}\", size: 10, min_size: 6}}")
    skipped = f"# {len(own) - fits} more fields are not on the card yet: place them below.\n" if len(own) > fits else ""
    return (f"# The {type_id} card: elements placed in millimetres from the top-left corner.\n{skipped}"
            f"layouts:\n  - id: {type_id}\n    front:\n" + "\n".join(front) + "\n    back:\n"
            f"      - {{kind: rect, x: 0, y: 0, w: {width}, h: {height}, fill: \"#27324a\", bleed: true}}\n")


_RULEBOOK = """\
{title}: rulebook draft

Setup
Shuffle the deck and deal five cards to each player.

Playing a card
On your turn, play one card from your hand and pay its cost in coins.
"""

_RULES = """\
section: basics
title: Basics
clauses:
  - id: opening-hand
    summary: Every player starts with a hand of five cards from the shuffled deck.
    source: [{doc: rulebook, line: 4}]
    facts:
      setup.hand_size: {value: 5, type: integer, unit: cards}
"""

_WORKFLOW = """\
# Lint the packs on every push and pull request, annotate the lines at fault, and keep the proofs.
name: deckwright
on: [push, pull_request]
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with: {python-version: "3.11"}
      - run: pip install deckwright
      - run: deckwright check --sources rulebook --format github
      - run: deckwright fmt --check
      - run: deckwright proof
      - uses: actions/upload-artifact@v4
        with: {name: proofs, path: build/}
"""

_PRECOMMIT = """\
# pre-commit install: lint and format-check the packs before every commit (deckwright must be installed).
repos:
  - repo: local
    hooks:
      - id: deckwright-lint
        name: deckwright lint
        entry: deckwright lint
        language: system
        files: \\.(ya?ml|json)$
        pass_filenames: false
      - id: deckwright-fmt
        name: deckwright fmt --check
        entry: deckwright fmt --check
        language: system
        files: \\.ya?ml$
        pass_filenames: false
"""
