"""A pack that describes an existing JSON card database: globs, id field, schemas per glob,
references across files, translations overlaid by id, and the schema drafts they declare."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from deckwright.model import load_pack
from tests.conftest import CASES, run

JSONDB = CASES / "jsondb"


@pytest.fixture
def db(workdir: Path) -> Path:
    return Path(shutil.copytree(JSONDB, workdir / "db-pack"))


def diagnostics(*args: str) -> list[dict[str, object]]:
    return run("lint", "--format", "json", *args).json()["diagnostics"]  # type: ignore[no-any-return]


def edit_json(path: Path, change: object) -> None:
    data = json.loads(path.read_text())
    change(data)  # type: ignore[operator]
    path.write_text(json.dumps(data, indent=2))


def test_database_lints_clean_and_loads_records_with_their_ids(db: Path) -> None:
    assert diagnostics("db-pack") == []
    pack = load_pack(db, "db-pack").pack
    assert pack is not None
    assert sorted(e.id for e in pack.of_type("card")) == ["01001", "01002", "02001"]
    assert pack.translations["fr"]["01001"] == {"name": "Éclaireur"}


def test_reference_to_missing_set_is_reported_at_the_field(db: Path) -> None:
    edit_json(db / "db/cards/exp1.json", lambda d: d["cards"][0].update(set_code="exp2"))
    found = diagnostics("db-pack")
    assert [(d["code"], d["file"], d["line"], d["hint"]) for d in found] == [
        ("DW321", "db-pack/db/cards/exp1.json", 6, "did you mean 'exp1'?")]


def test_translation_of_unknown_card_is_an_error(db: Path) -> None:
    edit_json(db / "db/i18n/fr.json", lambda d: d.append({"code": "09999", "name": "Fantôme"}))
    found = diagnostics("db-pack")
    assert [(d["code"], d["file"], d["line"]) for d in found] == [("DW305", "db-pack/db/i18n/fr.json", 11)]


def test_schema_without_draft_uses_the_packs_draft_and_checks_formats(db: Path) -> None:
    edit_json(db / "db/cards/core.json", lambda d: d["cards"][0].update(released="March 2024"))
    found = diagnostics("db-pack")
    assert [(d["code"], d["line"]) for d in found] == [("DW208", 8)]


def test_draft4_schema_is_validated_under_draft4(db: Path) -> None:
    # Under draft 4, exclusiveMinimum is a boolean; a draft-4 schema using it that way is valid.
    schema = json.loads((db / "schemas/set.schema.json").read_text())
    schema["properties"]["size"] = {"type": "integer", "minimum": 1, "exclusiveMinimum": True}
    (db / "schemas/set.schema.json").write_text(json.dumps(schema))
    edit_json(db / "db/sets.json", lambda d: d[0].update(size=1))
    found = diagnostics("db-pack")
    assert [(d["code"], d["file"]) for d in found] == [("DW201", "db-pack/db/sets.json")]


def test_json_syntax_error_reports_line_and_column_and_the_rest_is_still_checked(db: Path) -> None:
    (db / "db/cards/exp1.json").write_text('{"cards": [\n  {"code": "02001",, "name": "x"}\n]}\n')
    edit_json(db / "db/cards/core.json", lambda d: d["cards"][1].update(cost=-1))
    found = diagnostics("db-pack")
    assert ("DW108", "db-pack/db/cards/exp1.json", 2, 20) in [(d["code"], d["file"], d["line"], d["column"])
                                                               for d in found]
    assert any(d["code"] == "DW201" and d["file"] == "db-pack/db/cards/core.json" for d in found)


def test_duplicate_key_in_json_is_reported(db: Path) -> None:
    (db / "db/sets.json").write_text('[\n  {"code": "core", "name": "Core", "name": "Again"}\n]\n')
    found = diagnostics("db-pack")
    assert any(d["code"] == "DW103" and d["line"] == 2 for d in found)
