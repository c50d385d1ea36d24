"""A community card database linted as it is (tests/cases/jsondb): the manifest lives beside the
database (`root: ../db`), the data is tab-indented per-set files, per-kind index files, records
without ids, mappings of references, translations per locale folder, an old-draft schema without
$schema and a 2020-12 schema with $id describing an array. Clean, it reports nothing; each planted
problem is found at its exact line and column with a message that names it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from deckwright.model import load_pack
from tests.conftest import CASES, run

JSONDB = CASES / "jsondb"


@pytest.fixture
def db(workdir: Path) -> Path:
    return Path(shutil.copytree(JSONDB, workdir / "jsondb"))


def plant(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert text.count(old) == 1, f"{old!r} is not unique in {path}"
    path.write_text(text.replace(old, new))


def lint(*options: str) -> dict[str, Any]:
    return run("lint", "--format", "json", *options, "jsondb/deckwright").json()  # type: ignore[no-any-return]


def found(*options: str) -> list[tuple[str, str, int, int]]:
    return [(d["code"], d["file"], d["line"], d["column"]) for d in lint(*options)["diagnostics"]]


def test_clean_database_reports_nothing_and_counts_translations_per_locale(db: Path) -> None:
    result = lint()
    assert result["diagnostics"] == []
    assert result["summary"]["translations"] == {"de": {"translated": 1, "records": 5},
                                                 "fr": {"translated": 5, "records": 7}}
    text = run("lint", "jsondb/deckwright").output
    assert "translations: de 20% (1/5), fr 71% (5/7)" in text


def test_records_are_read_by_type_with_their_own_ids(db: Path) -> None:
    pack = load_pack(db / "deckwright", "jsondb/deckwright").pack
    assert pack is not None
    assert pack.find("core", ["set"]) is not pack.find("core", ["cycle"])
    assert pack.find("corp", ["faction"]) is not None and pack.find("corp", ["side"]) is not None
    assert len([e for e in pack.entities if e.type == "ruling"]) == 2
    assert pack.translations["fr"][("card", "01003")] == {"title": "Test Bêta Accéléré", "flavor": "Qui a besoin d'un groupe témoin ?"}


def test_duplicate_card_code_is_reported_at_its_code(db: Path) -> None:
    plant(db / "db/pack/wla.json", "\t}\n]\n", '\t},\n\t{"code": "01002", "title": "Déjà Vu", "pack_code": "wla", '
                                            '"type_code": "program", "faction_code": "anarch", "side_code": "runner"}\n]\n')
    result = lint()["diagnostics"]
    assert [(d["code"], d["file"], d["line"], d["column"]) for d in result] == [("DW320", "jsondb/db/pack/wla.json", 26, 11)]
    assert result[0]["message"] == "card id '01002' is already used by another at line 15 of jsondb/db/pack/core.json"
    assert (result[0]["related"][0]["line"], result[0]["related"][0]["column"]) == (15, 11)


@pytest.mark.parametrize(("file", "old", "new", "where", "message"), [
    ("pack/wla.json", '"Ice Wall"', '"Ice Wall, the very first piece of ice you buy"', (15, 12),
     "'title' is 45 characters long; maxLength 40"),
    ("pack/wla.json", '"cost": null', '"cost": "X"', (20, 11),
     "'cost' is 'X', which matches none of: a cost in credits; no printed cost (null) (oneOf)"),
    ("pack/core.json", '"advancement_cost": 3,', '"illustrator": "X",', (34, 3),
     "'advancement_cost' is required when 'agenda_points' is present (dependencies)"),
])
def test_schema_errors_state_the_rule_broken(db: Path, file: str, old: str, new: str, where: tuple[int, int],
                                             message: str) -> None:
    plant(db / "db" / file, old, new)
    result = lint()["diagnostics"]
    assert [(d["file"], d["line"], d["column"], d["message"]) for d in result] == [
        (f"jsondb/db/{file}", *where, message)]


@pytest.mark.parametrize(("file", "old", "new", "where", "message", "hint"), [
    ("rulings.json", '"02002"', '"02003"', (7, 16), "card_code refers to '02003', which does not exist",
     "did you mean '02002'?"),
    ("mwl.json", '"01002": {', '"01O02": {', (6, 4), "cards{} refers to '01O02', which does not exist",
     "did you mean '01002'?"),
    ("mwl.json", '\t\t\t\t"02002"', '\t\t\t\t"02012"', (15, 5), "restricted.*[] refers to '02012', which does not exist",
     "did you mean '02002'?"),
    ("pack/core.json", '"faction_code": "anarch",\n\t\t"side_code": "runner",\n\t\t"text": "Whenever',
     '"faction_code": "runner",\n\t\t"side_code": "runner",\n\t\t"text": "Whenever', (7, 19),
     "'runner' is a side, but faction_code refers to a faction", "no faction has this id"),
    ("packs.json", '"genesis"', '"genesys"', (13, 17), "cycle_code refers to 'genesys', which does not exist",
     "did you mean 'genesis'?"),
    ("pack/core.json", "[click]", "[clik]", (22, 12), "icon 'clik' is not in the glossary", "did you mean 'click'?"),
])
def test_broken_references_and_markup_are_found_where_written(db: Path, file: str, old: str, new: str,
                                                               where: tuple[int, int], message: str, hint: str) -> None:
    plant(db / "db" / file, old, new)
    result = lint()["diagnostics"]
    assert [(d["file"], d["line"], d["column"], d["message"], d["hint"]) for d in result] == [
        (f"jsondb/db/{file}", *where, message, hint)]


@pytest.mark.parametrize(("file", "old", "new", "expected"), [
    ("translations/fr/pack/wla.json", '"02001"', '"02011"',
     ("DW305", 3, 11, "no card '02011' to translate into fr", "did you mean '02001'?")),
    ("translations/fr/pack/core.json", '"code": "01003"', '"code": 1003',
     ("DW202", 12, 11, "'code' should be string, not integer 1003", None)),
    ("translations/fr/pack/core.json", '"code": "01002"', '"code": "01001"',
     ("DW312", 7, 11, "'01001' is translated twice into fr (first at line 3 of jsondb/db/translations/fr/pack/core.json)",
      "remove one of the two records: only the first is used")),
    ("translations/fr/pack/core.json", '"flavor"', '"flavour"', ("DW204", 14, 3, "unknown key 'flavour'",
                                                                 "did you mean 'flavor'?")),
    ("translations/fr/pack/core.json", '"title": "Déjà Vu"', '"title": 7',
     ("DW202", 8, 12, "'title' should be string, not integer 7", None)),
])
def test_translations_are_validated_and_their_ids_checked(db: Path, file: str, old: str, new: str,
                                                          expected: tuple[Any, ...]) -> None:
    plant(db / "db" / file, old, new)
    result = lint()["diagnostics"]
    assert [(d["code"], d["line"], d["column"], d["message"], d["hint"]) for d in result] == [expected]
    assert result[0]["file"] == f"jsondb/db/{file}"


def test_translation_id_of_the_wrong_json_type_says_so_without_a_schema(db: Path) -> None:
    manifest = db / "deckwright/pack.yaml"
    plant(manifest, "  card:\n    schema: card_schema.json\n", "  card:\n")
    plant(db / "db/translations/fr/pack/core.json", '"code": "01003"', '"code": 1003')
    result = lint()["diagnostics"]
    assert [(d["code"], d["line"], d["column"], d["message"]) for d in result] == [
        ("DW202", 12, 11, "'code' is integer 1003; ids are strings")]


def test_untranslated_fields_are_reported_when_asked(db: Path) -> None:
    plant(db / "deckwright/pack.yaml", "translations, type: card, id_field: code}",
          "translations, type: card, id_field: code, untranslated: true}")
    result = lint()["diagnostics"]
    assert [(d["severity"], d["file"], d["line"], d["message"]) for d in result] == [
        ("info", "jsondb/db/translations/de/pack/core.json", 3, "de translation of '01001' lacks text"),
        ("info", "jsondb/db/translations/fr/pack/core.json", 3, "fr translation of '01001' lacks text"),
        ("info", "jsondb/db/translations/fr/pack/core.json", 12, "fr translation of '01003' lacks text"),
        ("info", "jsondb/db/translations/fr/pack/wla.json", 3, "fr translation of '02001' lacks text"),
    ]


def test_draft_is_inferred_when_neither_schema_nor_manifest_names_it(db: Path) -> None:
    plant(db / "deckwright/pack.yaml", 'schema_draft: "4"', "")
    result = lint()["diagnostics"]
    assert [(d["code"], d["severity"], d["file"], d["line"], d["message"]) for d in result] == [
        ("DW226", "info", "jsondb/db/schema/card_schema.json", 1,
         "no $schema: validated under draft 4, inferred from dependencies, exclusiveMinimum as a boolean")]


def test_keywords_the_applied_draft_ignores_are_warned_about(db: Path) -> None:
    schema = db / "db/schema/card_schema.json"
    plant(schema, '"side_code": {\n\t\t\t"type": "string"\n\t\t}', '"side_code": {\n\t\t\t"const": "corp"\n\t\t}')
    plant(schema, '"maxLength": 40', '"maxlength": 40')
    result = lint()["diagnostics"]
    assert [(d["code"], d["line"], d["column"], d["message"], d["hint"]) for d in result] == [
        ("DW225", 26, 4, "'maxlength' is not a JSON Schema keyword and is ignored", "did you mean 'maxLength'?"),
        ("DW225", 38, 4, "'const' is ignored under draft 4 (a keyword of draft 6 and 7, 2019-09 and 2020-12)",
         "under draft 4 write enum with one value"),
    ]


def test_root_option_points_a_manifest_at_another_checkout(db: Path) -> None:
    other = Path(shutil.copytree(db / "db", db.parent / "checkout"))
    plant(other / "packs.json", '"genesis"', '"genesys"')
    result = run("lint", "--format", "json", "--root", "checkout", "jsondb/deckwright").json()["diagnostics"]
    assert [(d["code"], d["file"], d["line"]) for d in result] == [("DW321", "checkout/packs.json", 13)]
    assert lint()["diagnostics"] == []  # the manifest's own root is untouched


def test_globs_stay_inside_the_root(db: Path) -> None:
    plant(db / "deckwright/pack.yaml", '{include: cycles.json,', '{include: ../deckwright/pack.yaml,')
    result = lint()["diagnostics"]
    assert ("DW302", "jsondb/deckwright/pack.yaml") in [(d["code"], d["file"]) for d in result]


def test_json_syntax_error_is_located_and_the_rest_still_checked(db: Path) -> None:
    plant(db / "db/packs.json", '"name": "Core Set",', '"name": "Core Set",,')
    plant(db / "db/rulings.json", '"02002"', '"02003"')
    # References to sets are not checked while a file of sets does not parse: only the cause is reported.
    assert found() == [("DW108", "jsondb/db/packs.json", 4, 22), ("DW321", "jsondb/db/rulings.json", 7, 16)]


def test_duplicate_key_in_a_record_is_reported(db: Path) -> None:
    plant(db / "db/cycles.json", '"name": "Genesis",', '"name": "Genesis", "name": "Genesys",')
    assert [(c, line) for c, _, line, _ in found()] == [("DW103", 9)]


def test_a_schema_pointer_validates_each_record_against_the_node_it_names(db: Path) -> None:
    plant(db / "db/packs.json", '"position": 1,\n\t\t"date_release": "2012-12-14"', '"position": 0,\n\t\t"date_release": "2012-12-14"')
    assert [(d["line"], d["column"], d["message"]) for d in lint()["diagnostics"]] == [(14, 15, "'position' is 0; minimum 1")]


def test_a_pointer_that_names_nothing_is_reported_in_the_manifest(db: Path) -> None:
    plant(db / "deckwright/pack.yaml", "packs_schema.json#/items", "packs_schema.json#/item")
    result = lint()["diagnostics"]
    assert [(d["code"], d["file"], d["message"]) for d in result] == [
        ("DW207", "jsondb/deckwright/pack.yaml", "schema 'packs_schema.json#/item': no '/item' inside 'packs_schema.json'")]


def test_the_readme_shows_this_manifest_whole() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    section = readme[readme.index("### Existing JSON card databases"):]
    shown = section[section.index("```yaml\n") + len("```yaml\n"):section.index("```\n", section.index("```yaml\n") + 8)]
    manifest = (JSONDB / "deckwright/pack.yaml").read_text()
    assert shown == manifest
    assert len(manifest.splitlines()) <= 40


def test_translations_overlay_the_entity_of_their_own_type(db: Path) -> None:
    """A set and a cycle both called `core`: each translation rule overlays its own type's record in exports."""
    (db / "db/translations/fr/cycles.json").write_text('[\n\t{"code": "core", "name": "Cycle de base"}\n]\n')
    plant(db / "deckwright/pack.yaml", "  - {include: \"translations/{locale}/packs.json\"",
          "  - {include: \"translations/{locale}/cycles.json\", kind: translations, type: cycle, id_field: code}\n"
          "  - {include: \"translations/{locale}/packs.json\"")
    assert found() == []
    exported = run("export", "jsondb/deckwright", "--to", "json", "--language", "fr", "-o", "out")
    assert exported.exit_code == 0
    cards = json.loads(Path("out/card-db.json").read_text())["cards"]
    names = {(row["type"], row["id"]): row["name"] for row in cards if row["id"] == "core"}
    assert names == {("set", "core"): "Boîte de base", ("cycle", "core"): "Cycle de base"}


def test_an_untyped_translation_rule_meeting_a_shared_id_says_which_type_it_chose(db: Path) -> None:
    plant(db / "deckwright/pack.yaml", "kind: translations, type: set, id_field: code}",
          "kind: translations, id_field: code}")
    diagnostics = lint()["diagnostics"]
    assert [(d["code"], d["file"], d["line"]) for d in diagnostics] == [
        ("DW333", "jsondb/db/translations/fr/packs.json", 3)]
    assert "'core' is the id of a cycle and a set; translated as the cycle" in diagnostics[0]["message"]
