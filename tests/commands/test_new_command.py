"""`deckwright new`: a repository that lints clean and prints at once; cards imported from a spreadsheet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckwright.authoring.csvcards import read_cards
from deckwright.authoring.scaffold import entities_yaml
from deckwright.loading import parse_text
from tests.conftest import run


def test_new_writes_a_repository_that_lints_checks_formats_and_prints(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    created = run("new", "my-game")
    assert created.exit_code == 0, created.stderr
    assert "wrote 9 files into my-game" in created.stderr
    repo = workdir / "my-game"
    for name in ("content/my-game/pack.yaml", "schemas/my-game/card.schema.json", "content/my-game/cards/cards.yaml",
                 "content/my-game/layouts/card.yaml", "content/my-game/rules/basics.yaml", "rulebook/rulebook.txt",
                 ".github/workflows/deckwright.yml", ".pre-commit-config.yaml"):
        assert (repo / name).is_file(), name
    monkeypatch.chdir(repo)
    assert run("lint", "--format", "json").json()["summary"]["errors"] == 0
    checked = run("check", "--sources", "rulebook", "--strict", "--format", "json")
    assert checked.exit_code == 0, checked.output
    assert run("fmt", "--check").exit_code == 0
    proof = run("proof")
    assert proof.exit_code == 0
    assert (repo / "build" / "my-game" / "proof.pdf").stat().st_size > 1000


def test_the_precommit_config_and_the_workflow_are_valid(workdir: Path) -> None:
    from pre_commit.clientlib import load_config

    run("new", "game")
    config = load_config(str(workdir / "game" / ".pre-commit-config.yaml"))
    assert [h["id"] for h in config["repos"][0]["hooks"]] == ["deckwright-lint", "deckwright-fmt"]
    workflow = parse_text((workdir / "game" / ".github/workflows/deckwright.yml").read_text(), "yaml").data
    steps = [s.get("run") for s in workflow["jobs"]["check"]["steps"]]
    assert "deckwright check --sources rulebook --format github" in steps


def test_new_refuses_a_folder_that_is_not_empty(workdir: Path) -> None:
    (workdir / "taken").mkdir()
    (workdir / "taken" / "notes.txt").write_text("mine")
    result = run("new", "taken")
    assert result.exit_code == 2
    assert "is not empty" in result.stderr
    assert sorted(p.name for p in (workdir / "taken").iterdir()) == ["notes.txt"]


def test_from_csv_types_the_columns_and_the_pack_prints(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (workdir / "cards.csv").write_text(
        "Name;Cost;Power;Kingdom;Text;Copies\n"
        "Cave Troll;3;7.5;north;Gains :coin:, then rests.;2\n"
        "Goblin;1;2;south;;\n"
        "yes;0;1.25;a: b;Sneaky;1\n", encoding="utf-8")
    result = run("new", "csv-game", "--from-csv", "cards.csv", "--type", "monster")
    assert result.exit_code == 0, result.output + result.stderr
    repo = workdir / "csv-game"
    schema = json.loads((repo / "schemas/csv-game/monster.schema.json").read_text())
    assert schema["properties"]["cost"] == {"type": "integer"}
    assert schema["properties"]["power"] == {"type": "number"}
    assert schema["properties"]["kingdom"] == {"type": "string"}
    assert schema["required"] == ["cost", "power", "kingdom"]
    cards = parse_text((repo / "content/csv-game/cards/monsters.yaml").read_text(), "yaml").data
    assert cards[0] == {"id": "cave-troll", "type": "monster", "name": "Cave Troll", "cost": 3, "power": 7.5,
                        "kingdom": "north", "copies": 2, "text": "Gains :coin:, then rests."}
    assert "text" not in cards[1] and cards[1]["power"] == 2
    assert cards[2]["name"] == "yes" and cards[2]["kingdom"] == "a: b"
    monkeypatch.chdir(repo)
    linted = run("lint", "--format", "json")
    assert linted.json()["summary"]["errors"] == 0, linted.output
    assert run("fmt", "--check").exit_code == 0
    assert run("proof").exit_code == 0 and (repo / "build/csv-game/proof.pdf").is_file()


def test_cards_from_csv_without_the_coin_icon_lint_without_warnings(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (workdir / "cards.csv").write_text("Name,Strength,Text\nCave Troll,7,Bites.\n", encoding="utf-8")
    assert run("new", "plain-game", "--from-csv", "cards.csv").exit_code == 0
    monkeypatch.chdir(workdir / "plain-game")
    summary = run("lint", "--format", "json").json()["summary"]
    assert (summary["errors"], summary["warnings"]) == (0, 0)


def test_bad_rows_are_reported_where_they_are_and_nothing_is_written(workdir: Path) -> None:
    (workdir / "bad.csv").write_text("Name,Cost,Power\nTroll,3,1\nTroll,x,2\n,1,1\nImp,1,2,3\n", encoding="utf-8")
    result = run("new", "bad-game", "--from-csv", "bad.csv", "--format", "json")
    assert result.exit_code == 1
    found = [(d["code"], d["line"]) for d in result.json()["diagnostics"]]
    assert found == [("DW807", 3), ("DW808", 3), ("DW806", 4), ("DW806", 5)]
    assert not (workdir / "bad-game").exists()


def test_a_mostly_numeric_column_reports_the_words_in_it() -> None:
    cards = read_cards("name,cost\nA,1\nB,2\nC,two\n", "c.csv", "card")
    assert [d.code for d in cards.diagnostics] == ["DW807"]
    assert cards.diagnostics[0].hint == "write a number, or leave the cell empty"
    assert cards.schema_properties() == {"cost": {"type": "integer"}}
    assert cards.required() == []  # C has no cost


def test_a_mostly_word_column_stays_a_string_column() -> None:
    cards = read_cards("name,size\nA,big\nB,3\n", "c.csv", "card")
    assert not cards.diagnostics
    assert [e["size"] for e in cards.entities] == ["big", "3"]


@pytest.mark.parametrize("value", ["yes", "No", "1:30", "01008", "a: b", "# not a comment", "null", "", "3",
                                   "-x", "'quoted'", 'say "hi"', "tab\there", "ünïcode", "[1]"])
def test_every_string_reads_back_as_written(value: str) -> None:
    text = entities_yaml(({"id": "a", "type": "card", "name": value},))
    parsed = parse_text(text, "yaml")
    assert not parsed.problems
    assert parsed.data == [{"id": "a", "type": "card", "name": value}]
