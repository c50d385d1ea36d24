"""The command line as a user meets it: help for every command, exit statuses, explain."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.cli import cli
from deckwright.codebook import all_codes
from tests.conftest import run


@pytest.mark.parametrize("name", cli.list_commands(None))  # type: ignore[arg-type]
def test_every_command_imports_and_has_help(name: str) -> None:
    result = run(name, "--help")
    assert result.exit_code == 0
    assert "Usage:" in result.output


def test_missing_pack_is_a_usage_error(workdir: Path) -> None:
    result = run("lint", "nowhere")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: nowhere: not a pack folder")


def test_no_packs_under_content_is_a_usage_error(workdir: Path) -> None:
    result = run("lint")
    assert result.exit_code == 2


def test_without_arguments_every_pack_under_content_is_linted(workdir: Path) -> None:
    from tests.conftest import make_pack

    (workdir / "content").mkdir()
    make_pack(workdir / "content", name="one")
    make_pack(workdir / "content", name="two")
    result = run("lint", "--format", "json")
    assert result.exit_code == 0
    assert result.json()["summary"]["packs"] == 2


def test_strict_fails_on_warnings(pack: Path) -> None:
    (pack / "notes.txt").write_text("todo")
    assert run("lint", "pack").exit_code == 0
    assert run("lint", "--strict", "pack").exit_code == 1


@pytest.mark.parametrize("code", sorted(all_codes()))
def test_every_code_is_explained(code: str) -> None:
    result = run("explain", code)
    assert result.exit_code == 0
    assert code in result.output and "How to fix:" in result.output


def test_explain_unknown_code(workdir: Path) -> None:
    assert run("explain", "DW999").exit_code == 2
