"""Schemas resolve only to deckwright's own drafts and core schemas and to files of the pack's schema
folder: nothing is fetched over the network or read through file://, and no folder outside the pack
(or its project's schemas/) is crawled."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.hostile.conftest import SECRET, Canary, dw

SCHEMA = Path("mini/schemas/card.schema.json")


def _edit_schema(change: dict[str, Any]) -> None:
    schema = json.loads(SCHEMA.read_text())
    schema.update(change)
    SCHEMA.write_text(json.dumps(schema, indent=2))


def _lint() -> Any:
    outcome = dw("lint", "mini", "--format", "json", "--no-cache")
    assert SECRET not in outcome.stdout
    return outcome


@pytest.mark.parametrize("declared", ["{server}/meta.json", "file:///dev/zero", "file://{outside}/secret.json"])
def test_unknown_meta_schema_is_reported_never_fetched(mini: Path, canary_server: Canary, outside: Path,
                                                     declared: str) -> None:
    _edit_schema({"$schema": declared.format(server=canary_server.url, outside=outside)})
    found = _lint().diagnostics()
    assert any(d["code"] == "DW206" and d["file"] == str(SCHEMA) and "draft" in d["message"] for d in found)


@pytest.mark.parametrize("ref", ["{server}/other.json", "file://{outside}/secret.json", "../../outside/secret.json",
                                 "file:///dev/zero"])
def test_ref_outside_the_store_is_unresolved(mini: Path, canary_server: Canary, outside: Path, ref: str) -> None:
    _edit_schema({"properties": {"type": {"const": "card"}, "cost": {"$ref": ref.format(server=canary_server.url,
                                                                                        outside=outside)}}})
    found = _lint().diagnostics()
    assert any(d["code"] == "DW207" and d["file"] == str(SCHEMA) for d in found)


def test_relative_ref_against_a_remote_id_is_not_fetched(mini: Path, canary_server: Canary) -> None:
    _edit_schema({"$id": f"{canary_server.url}/schema/card.json", "properties": {"cost": {"$ref": "cost.json"}}})
    assert "DW207" in _lint().codes()


def test_type_schema_named_by_url_is_not_fetched(mini: Path, canary_server: Canary) -> None:
    manifest = Path("mini/pack.yaml")
    manifest.write_text(manifest.read_text().replace("schema: card.schema.json", f"schema: '{canary_server.url}/c.json'"))
    assert "DW207" in _lint().codes()


@pytest.mark.parametrize("folder", ["/", "..", "../..", "/etc", "schemas/../../outside"])
def test_schema_folder_outside_the_pack_is_refused(mini: Path, outside: Path, folder: str) -> None:
    manifest = Path("mini/pack.yaml")
    manifest.write_text(manifest.read_text() + f"schemas: {folder}\n")
    found = _lint().diagnostics()
    refused = [d for d in found if d["code"] == "DW220"]
    assert refused and refused[0]["file"] == "mini/pack.yaml" and refused[0]["line"] == manifest.read_text().count("\n")


def test_schema_file_linked_outside_is_not_read(mini: Path, outside: Path) -> None:
    os.symlink(outside / "secret.json", "mini/schemas/linked.schema.json")
    found = _lint().diagnostics()
    assert any(d["code"] == "DW220" and d["file"] == "mini/schemas/linked.schema.json" for d in found)


def test_project_schemas_folder_stays_usable(mini: Path) -> None:
    project = Path("project")
    shutil.move("mini", project / "content" / "mini")
    shutil.move(str(project / "content/mini/schemas"), project / "schemas" / "mini")
    manifest = project / "content/mini/pack.yaml"
    manifest.write_text(manifest.read_text() + "schemas: ../../schemas/mini\n")
    outcome = dw("lint", str(project / "content/mini"), "--format", "json", "--no-cache")
    assert outcome.exit_code == 0 and not {"DW207", "DW220"} & outcome.codes()


def test_core_schema_id_cannot_be_taken_or_exported_outside(mini: Path, tmp_path: Path) -> None:
    escaping = "https://deckwright.dev/schema/core/../../../../elsewhere/OUTSIDE.json"
    Path("mini/schemas/evil.schema.json").write_text(json.dumps({"$id": escaping, "type": "object"}))
    found = _lint().diagnostics()
    assert any(d["code"] == "DW221" and d["file"] == "mini/schemas/evil.schema.json" for d in found)
    dw("schema", "mini")
    written = {p.relative_to(tmp_path) for p in tmp_path.rglob("*.json")}
    assert not any("OUTSIDE" in str(p) for p in written)
    assert all(str(p).startswith(("work/mini", "work/.deckwright/schemas", "outside")) for p in written), written


@pytest.mark.parametrize("relative", ["../../elsewhere/OUTSIDE.json", "/abs/OUTSIDE.json", "a/../../../OUTSIDE.json"])
def test_export_target_is_confined_to_the_output_folder(tmp_path: Path, relative: str) -> None:
    from deckwright.authoring.editor import _confined
    from deckwright.errors import DeckwrightError

    folder = tmp_path / ".deckwright" / "schemas"
    with pytest.raises(DeckwrightError, match="outside"):
        _confined(folder, Path("core") / relative if not relative.startswith("/") else Path(relative), "urn:x")
    assert _confined(folder, Path("core/entity.schema.json"), "urn:x") == folder / "core" / "entity.schema.json"
