"""Each type has its own id namespace unless the manifest makes types share one; references resolve
among the types they name; a duplicate is reported at its id field, whatever the field is called."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.conftest import run, write

MANIFEST = """\
id: ns
name: Namespaces
version: "1"
players: {min: 1, max: 2}
files:
  - {include: "sets.json", kind: entities, type: set, id_field: code}
  - {include: "cycles.json", kind: entities, type: cycle, id_field: code}
  - {include: "cards.json", kind: entities, type: card, id_field: code}
types:
  set: {refs: {cycle_code: cycle}}
  cycle: {}
  card: {refs: {pack_code: set, "faction_or_set": "set | cycle"}}
"""


def lint(folder: Path, extra: str = "", **files: str) -> list[dict[str, Any]]:
    write(folder / "pack.yaml", MANIFEST + extra)
    defaults = {
        "sets.json": '[\n\t{"code": "core", "cycle_code": "core"},\n\t{"code": "wla", "cycle_code": "lunar"}\n]\n',
        "cycles.json": '[\n\t{"code": "core"},\n\t{"code": "lunar"}\n]\n',
        "cards.json": '[\n\t{"code": "01001", "pack_code": "core"}\n]\n',
    }
    for name, text in {**defaults, **files}.items():
        write(folder / name, text)
    result = run("lint", "--format", "json", folder.name)
    return result.json()["diagnostics"]  # type: ignore[no-any-return]


def test_a_set_and_a_cycle_may_share_an_id_and_each_reference_finds_its_own(workdir: Path) -> None:
    assert lint(workdir / "db") == []


def test_duplicate_within_a_type_is_reported_at_the_id_field(workdir: Path) -> None:
    found = lint(workdir / "db", **{"cards.json": '[\n\t{"code": "01001", "pack_code": "core"},\n'
                                                  '\t{"pack_code": "wla", "code": "01001"}\n]\n'})
    assert [(d["code"], d["line"], d["column"]) for d in found] == [("DW320", 3, 31)]
    assert found[0]["message"] == "card id '01001' is already used by another at line 2 of db/cards.json"
    assert found[0]["related"][0]["line"] == 2 and found[0]["related"][0]["column"] == 11


def test_types_named_in_namespaces_share_one(workdir: Path) -> None:
    found = lint(workdir / "db", "namespaces: [[set, cycle]]\n")
    assert [(d["code"], d["file"], d["line"]) for d in found] == [("DW320", "db/cycles.json", 2)]
    assert "already used by the set" in found[0]["message"]
    assert "set + cycle" in found[0]["hint"] or "cycle + set" in found[0]["hint"]


def test_reference_to_an_id_of_another_type_names_that_type(workdir: Path) -> None:
    found = lint(workdir / "db", **{"cards.json": '[\n\t{"code": "01001", "pack_code": "lunar"}\n]\n'})
    assert [(d["code"], d["line"], d["column"]) for d in found] == [("DW321", 2, 33)]
    assert found[0]["message"] == "'lunar' is a cycle, but pack_code refers to a set"


def test_reference_to_a_union_of_types_resolves_in_any_of_them(workdir: Path) -> None:
    cards = '[\n\t{"code": "01001", "pack_code": "core", "faction_or_set": "lunar"},\n' \
            '\t{"code": "01002", "pack_code": "core", "faction_or_set": "lunr"}\n]\n'
    found = lint(workdir / "db", **{"cards.json": cards})
    assert [(d["code"], d["line"]) for d in found] == [("DW321", 3)]
    assert found[0]["hint"] == "did you mean 'lunar'?"


def test_types_named_by_the_manifest_must_be_declared(workdir: Path) -> None:
    found = lint(workdir / "db", "namespaces: [[set, cylce]]\n")
    assert [(d["code"], d["file"], d["line"], d["hint"]) for d in found] == [
        ("DW301", "db/pack.yaml", 13, "did you mean 'cycle'?")]


def test_a_manifest_root_may_not_be_absolute(workdir: Path) -> None:
    found = lint(workdir / "db", f"root: {workdir}\n")
    assert [(d["code"], d["line"]) for d in found] == [("DW302", 13)]
