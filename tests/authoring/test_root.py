"""A manifest kept apart from the content it describes (`root:`): fmt, the editor association and watch
reach the content and schemas in the database folder, as lint does."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from deckwright.authoring.watch import watched_folders
from deckwright.lint import PackTarget


def _apart(pack: Path) -> Path:
    """The mini pack's cards, layouts and schemas moved to ../data, its manifest pointing there."""
    data = pack.parent / "data"
    data.mkdir()
    for folder in ("cards", "layouts", "schemas"):
        shutil.move(str(pack / folder), str(data / folder))
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("files:\n", 'root: ../data\nschemas: "{root}/schemas"\nfiles:\n'))
    return data


def test_lint_reads_the_content_from_the_database_folder(pack: Path, run) -> None:
    _apart(pack)
    result = run("lint", "mini")
    assert result.exit_code == 0, result.output
    assert "0 errors" in result.output and "DW3" not in result.output


def test_fmt_formats_the_content_in_the_database_folder(pack: Path, run) -> None:
    data = _apart(pack)
    result = run("fmt", "mini")
    assert result.exit_code == 0, result.output
    text = (data / "cards" / "cards.yaml").read_text()
    assert text.startswith("# The cards of the mini pack.\n\n- id: sun-one\n  type: card\n  name: Sun One")
    assert run("fmt", "--check", "mini").exit_code == 0


def test_editor_globs_point_into_the_database_folder(pack: Path, run, tmp_path: Path) -> None:
    _apart(pack)
    result = run("schema", "--editor", "vscode", "mini")
    assert result.exit_code == 0, result.output
    settings = json.loads((tmp_path / ".vscode" / "settings.json").read_text())
    assert settings["yaml.schemas"] == {
        ".deckwright/schemas/core/pack.schema.json": ["mini/pack.yaml"],
        ".deckwright/schemas/mini/entities.schema.json": ["data/cards/*.yaml"],
        ".deckwright/schemas/core/layout.schema.json": ["data/layouts/*.yaml"],
    }


def test_watch_watches_the_database_and_schema_folders(pack: Path) -> None:
    data = _apart(pack)
    folders = watched_folders(PackTarget(pack, "mini"))
    assert folders[0] == pack and data.resolve() in folders
