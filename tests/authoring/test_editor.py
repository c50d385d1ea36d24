"""`deckwright schema --editor vscode`: exported schemas with local $refs, and yaml.schemas in settings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from deckwright.loading.yaml import load_yaml


def _validator(schema_file: Path) -> Draft202012Validator:
    """A validator that resolves relative $refs from files only, as an editor does (nothing online)."""
    def retrieve(uri: str) -> Resource[Any]:
        assert uri.startswith("file://"), f"editor would have to fetch {uri}"
        return Resource.from_contents(json.loads(Path(uri[7:]).read_text()), default_specification=DRAFT202012)

    schema = {**json.loads(schema_file.read_text()), "$id": schema_file.resolve().as_uri()}
    return Draft202012Validator(schema, registry=Registry(retrieve=retrieve))


def test_editor_association_maps_every_content_glob_to_a_schema(pack: Path, run, tmp_path: Path) -> None:
    (tmp_path / ".vscode").mkdir()
    (tmp_path / ".vscode" / "settings.json").write_text('{"editor.tabSize": 2}')
    result = run("schema", "--editor", "vscode", "mini")
    assert result.exit_code == 0, result.output
    settings = json.loads((tmp_path / ".vscode" / "settings.json").read_text())
    assert settings["editor.tabSize"] == 2
    assert settings["yaml.schemas"] == {
        ".deckwright/schemas/core/pack.schema.json": ["mini/pack.yaml"],
        ".deckwright/schemas/mini/entities.schema.json": ["mini/cards/*.yaml"],
        ".deckwright/schemas/core/layout.schema.json": ["mini/layouts/*.yaml"],
    }
    for schema in settings["yaml.schemas"]:
        assert (tmp_path / schema).is_file()


def test_exported_schemas_validate_content_offline(pack: Path, run, tmp_path: Path) -> None:
    run("schema", "--editor", "vscode", "mini")
    entities = _validator(tmp_path / ".deckwright/schemas/mini/entities.schema.json")
    cards = load_yaml((pack / "cards" / "cards.yaml").read_text()).data
    assert list(entities.iter_errors(cards)) == []
    bad = [{**cards[0], "suit": "star"}]
    assert list(entities.iter_errors(bad))  # the enum is enforced through the card's own schema
    assert list(entities.iter_errors([{**cards[0], "costt": 1}]))  # a misspelt key is underlined
    manifest = _validator(tmp_path / ".deckwright/schemas/core/pack.schema.json")
    assert list(manifest.iter_errors(load_yaml((pack / "pack.yaml").read_text()).data)) == []


def test_rerunning_replaces_only_deckwrights_entries(pack: Path, run, tmp_path: Path) -> None:
    (tmp_path / ".vscode").mkdir()
    (tmp_path / ".vscode" / "settings.json").write_text(json.dumps(
        {"yaml.schemas": {"other.json": ["x.yaml"], ".deckwright/schemas/old/gone.json": ["y.yaml"]}}))
    run("schema", "--editor", "vscode", "mini")
    schemas = json.loads((tmp_path / ".vscode" / "settings.json").read_text())["yaml.schemas"]
    assert "other.json" in schemas and ".deckwright/schemas/old/gone.json" not in schemas


def test_settings_with_comments_are_merged_as_vs_code_reads_them(pack: Path, run, tmp_path: Path) -> None:
    settings = tmp_path / ".vscode" / "settings.json"
    settings.parent.mkdir()
    original = '// mine\n{\n  "editor.tabSize": 2, /* two */\n  "files.eol": "\\n",\n}\n'
    settings.write_text(original)
    result = run("schema", "--editor", "vscode", "mini")
    assert result.exit_code == 0, result.output
    merged = json.loads(settings.read_text())
    assert merged["editor.tabSize"] == 2 and merged["files.eol"] == "\n" and merged["yaml.schemas"]
    assert (tmp_path / ".vscode" / "settings.json.bak").read_text() == original
    assert "settings.json.bak" in result.stderr


def test_settings_that_are_not_json_even_with_comments_are_refused(pack: Path, run, tmp_path: Path) -> None:
    settings = tmp_path / ".vscode" / "settings.json"
    settings.parent.mkdir()
    settings.write_text("{ nope }")
    result = run("schema", "--editor", "vscode", "mini")
    assert result.exit_code == 2
    assert settings.read_text() == "{ nope }"
