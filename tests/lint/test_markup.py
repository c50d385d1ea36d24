"""Markup is declared, not assumed: only the text fields a type names are read, with the patterns the
manifest declares, each checked against the glossary or against entities of a type."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.conftest import run, write

MANIFEST = """\
id: markup
name: Markup
version: "1"
players: {min: 1, max: 2}
files:
  - {include: "cards.json", kind: entities, type: card, id_field: code}
  - {include: "traits.json", kind: entities, type: trait, id_field: code}
types:
  card: {}
  trait: {}
glossary:
  - {term: action, kind: icon, meaning: Spend an action.}
  - {term: credit, kind: icon, meaning: One credit.}
"""
DECLARED = """\
markup:
  trait: {pattern: '\\[\\[([^\\]]+)\\]\\]', check: {type: trait, field: name}}
  icon: {pattern: '\\[([a-z_]+)\\]', check: glossary}
  bold: {pattern: '</?b>'}
"""
TEXT_FIELDS = "  card: {text: [text, \"abilities[].text\"]}\n"
CARDS = """[
\t{"code": "01", "text": "[action]: Gain 2[credit]. <b>Once per turn.</b>"},
\t{"code": "02", "text": "Search for a [[Tome]] card.", "abilities": [{"text": "[acton]: draw"}]},
\t{"code": "03", "text": "Discard a [[Tomb]]. [credit]"}
]
"""
TRAITS = '[\n\t{"code": "tome", "name": "Tome"},\n\t{"code": "spell", "name": "Spell"}\n]\n'


def lint(folder: Path, manifest: str) -> list[dict[str, Any]]:
    write(folder / "pack.yaml", manifest)
    write(folder / "cards.json", CARDS)
    write(folder / "traits.json", TRAITS)
    return run("lint", "--format", "json", folder.name).json()["diagnostics"]  # type: ignore[no-any-return]


def test_json_records_get_no_markup_check_unless_they_ask(workdir: Path) -> None:
    assert lint(workdir / "db", MANIFEST) == []


def test_declared_markup_checks_icons_against_the_glossary_and_traits_against_a_type(workdir: Path) -> None:
    manifest = MANIFEST.replace("  card: {}\n", TEXT_FIELDS) + DECLARED
    found = lint(workdir / "db", manifest)
    assert [(d["code"], d["line"], d["column"], d["message"], d["hint"]) for d in found] == [
        ("DW324", 3, 80, "icon 'acton' is not in the glossary", "did you mean 'action'?"),
        ("DW324", 4, 36, "trait 'Tomb' is not a trait", "did you mean 'Tome'?"),
    ]


def test_default_markup_applies_to_named_text_fields_only(workdir: Path) -> None:
    # Without `markup`, [Keyword] is deckwright's keyword syntax: a field named under `text` is read with it.
    found = lint(workdir / "db", MANIFEST.replace("  card: {}\n", "  card: {text: [text]}\n"))
    assert [d["message"] for d in found] == ["keyword 'Tome' is not in the glossary",
                                             "keyword 'Tomb' is not in the glossary"]


def test_patterns_with_the_same_group_names_are_read_apart() -> None:
    from types import SimpleNamespace

    from deckwright.lint.glossary import marked_terms
    from deckwright.model.pack import Markup

    pack = SimpleNamespace(marks=(Markup("trait", r"\[\[(?P<t>[^\]]+)\]\]"), Markup("icon", r"\[(?P<t>[a-z]+)\]"),
                                  Markup("tag", r"</?(?P<t>b|i)>", None), Markup("rule", "<hr>", None)))
    found = list(marked_terms(pack, "Gain [click]: a [[Tome]] is <b>bold</b><hr>."))  # type: ignore[arg-type]
    assert found == [("icon", "click", "[click]"), ("trait", "Tome", "[[Tome]]"), ("tag", "b", "<b>"),
                     ("tag", "b", "</b>")]
