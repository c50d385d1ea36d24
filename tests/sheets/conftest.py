"""A small pack with hostile text in every place a sheet shows, written to tmp_path."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckwright.cli import cli

HOSTILE = "<script>alert('x')</script> & <b>bold</b>"

MANIFEST = f"""\
id: tiny
name: "Tiny {HOSTILE}"
version: 1.0.0
players: {{min: 1, max: 3}}
sources:
  - {{id: book, file: tiny-book.txt, title: Tiny rulebook}}
ignore: ["schemas/*"]
files:
  - {{include: "cards/*.yaml", kind: entities}}
  - {{include: "rules/*.yaml", kind: rules}}
  - {{include: "templates/*", kind: assets}}
types:
  monster: {{schema: monster.schema.json, title: Monster card, size: poker}}
  scenario: {{schema: scenario.schema.json, title: Scenario, scenario: true}}
decks:
  - {{id: monsters, name: Monster deck, select: {{type: monster}}, count: 4}}
components:
  - {{id: monster-cards, name: Monster cards, count: 5, select: {{type: monster}}, source: [{{doc: book, line: 2}}]}}
  - {{id: rulebook, name: Rulebook, count: 1}}
glossary:
  - {{term: coin, kind: icon, symbol: "●", color: gold, meaning: "One coin {HOSTILE}", source: [{{doc: book, line: 3}}]}}
  - {{term: skull, kind: icon, symbol: "☠", color: "red; background: url(evil)", meaning: A death.}}
  - {{term: Poison, kind: condition, meaning: Lose 1 health each turn.}}
"""

MONSTER_SCHEMA = """\
{"$schema": "https://json-schema.org/draft/2020-12/schema",
 "$ref": "https://deckwright.dev/schema/core/entity.schema.json",
 "properties": {"type": {"const": "monster"}, "strength": {"type": "integer"}, "kind": {"type": "string"}},
 "required": ["strength"], "unevaluatedProperties": false}
"""

SCENARIO_SCHEMA = """\
{"$schema": "https://json-schema.org/draft/2020-12/schema",
 "$ref": "https://deckwright.dev/schema/core/entity.schema.json",
 "properties": {"type": {"const": "scenario"}, "difficulties": {"type": "array"}, "setup": {"type": "object"},
                "win_conditions": {"type": "array"}, "lose_conditions": {"type": "array"},
                "by_difficulty_win": {"type": "object"}},
 "unevaluatedProperties": false}
"""

CARDS = f"""\
- id: troll
  type: monster
  name: "Troll {HOSTILE}"
  copies: 2
  strength: 7
  kind: "<i>brute</i>"
  text: "Gains :coin: and inflicts [Poison 1]."
  source: [{{doc: book, line: 2}}]
- id: goblin
  type: monster
  name: Goblin
  strength: 3
  assumed: {{reason: "The book gives no goblin {HOSTILE}"}}
"""

SCENARIOS = f"""\
- id: night-raid
  type: scenario
  name: Night Raid
  difficulties: [easy, hard]
  setup: {{monsters: 3, note: "{HOSTILE}"}}
  win_conditions: ["Defeat the :coin: hoard", "Survive"]
  lose_conditions: ["All heroes fall"]
  by_difficulty_win: {{easy: 3, hard: 5}}
"""

RULES = f"""\
section: playing
title: "Playing the game {HOSTILE}"
order: 1
clauses:
  - id: turn-order
    summary: "Players take turns clockwise {HOSTILE}"
    source: [{{doc: book, line: 4}}]
    facts:
      turn.direction: clockwise
      game.rounds: {{value: 6, type: integer, unit: rounds}}
  - id: hand-size
    summary: Each player holds 5 cards.
    source: [{{doc: book, line: "5-6"}}]
    facts:
      hand.size: {{value: 5, assumed: {{reason: "Not printed {HOSTILE}"}}}}
"""

BOOK = "Tiny rulebook\nThere are 5 monster cards.\nCoins are money.\nTurns go clockwise.\nHands hold 5.\nOr so.\n"


def write_pack(root: Path, templates: dict[str, str] | None = None) -> Path:
    """Write the tiny pack (and optional pack templates) under root/tiny; return the pack folder."""
    pack = root / "tiny"
    files = {
        "pack.yaml": MANIFEST,
        "schemas/monster.schema.json": MONSTER_SCHEMA,
        "schemas/scenario.schema.json": SCENARIO_SCHEMA,
        "cards/monsters.yaml": CARDS,
        "cards/scenarios.yaml": SCENARIOS,
        "rules/01-playing.yaml": RULES,
        **{f"templates/{name}": text for name, text in (templates or {}).items()},
    }
    for rel, text in files.items():
        (pack / rel).parent.mkdir(parents=True, exist_ok=True)
        (pack / rel).write_text(text, encoding="utf-8")
    if not templates:
        (pack / "templates").mkdir(exist_ok=True)
        (pack / "templates" / "README.txt").write_text("sheet templates go here\n", encoding="utf-8")
    (root / "books").mkdir(exist_ok=True)
    (root / "books" / "tiny-book.txt").write_text(BOOK, encoding="utf-8")
    return pack


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    return write_pack(tmp_path)


class Outline(HTMLParser):
    """The headings, link targets and text of an HTML page."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.headings: list[tuple[str, str]] = []
        self.hrefs: list[str] = []
        self.text: list[str] = []
        self._open: str | None = None
        self._heading: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("h1", "h2", "h3"):
            self._open, self._heading = tag, []
        self.hrefs.extend(v for k, v in attrs if k == "href" and v)

    def handle_endtag(self, tag: str) -> None:
        if tag == self._open:
            self.headings.append((tag, "".join(self._heading).strip()))
            self._open = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._open:
            self._heading.append(data)


def run_sheets(*args: str) -> tuple[int, str]:
    """`deckwright sheets ARGS` through click, without the parse cache; exit status and output."""
    result = CliRunner().invoke(cli, ["sheets", "--no-cache", *args], catch_exceptions=False)
    return result.exit_code, result.stdout  # the findings; "wrote ..." goes to stderr


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny pack's sheets, built once per test module with its book; the output folder."""
    tiny = write_pack(tmp_path_factory.mktemp("built"))
    out = tiny.parent / "out"
    status, output = run_sheets(str(tiny), "-o", str(out), "--sources", str(tiny.parent / "books"))
    assert status == 0, output
    return out
