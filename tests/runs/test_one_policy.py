"""One policy for a pack's loading findings: every command reports a broken file the same way (issue #12)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run, write

COMMANDS = {
    "lint": ("lint",),
    "check": ("check",),
    "proof": ("proof",),
    "sheets": ("sheets", "--no-playouts"),
    "export": ("export", "--to", "json"),
    "fmt": ("fmt",),
}


@pytest.fixture
def broken(pack: Path) -> Path:
    """The base pack with a YAML syntax error in one of its card files."""
    write(pack / "cards" / "extra.yaml", "- id: extra\n  type: item\n  name: [unclosed\n")
    return pack


def _errors(args: tuple[str, ...]) -> tuple[int, set[tuple[str, str, int, int, str]]]:
    result = run(*args, "pack", "--format", "json")
    found = json.loads(result.output)["diagnostics"]
    return result.exit_code, {(d["code"], d["file"], d["line"], d["column"], d["message"])
                              for d in found if d["severity"] == "error"}


def test_a_yaml_syntax_error_is_the_same_error_at_the_same_place_from_every_command(broken: Path) -> None:
    status, expected = _errors(COMMANDS["lint"])
    assert status == 1
    (syntax,) = [e for e in expected if e[1] == "pack/cards/extra.yaml"]
    assert syntax[0] == "DW101" and syntax[2:4] == (4, 1)
    for name, args in COMMANDS.items():
        status, errors = _errors(args)
        assert status == 1, name
        assert syntax in errors, (name, errors)


def test_a_pack_whose_manifest_does_not_load_is_reported_alike(pack: Path) -> None:
    (pack / "pack.yaml").write_text("id: pack\nname: [unclosed\n")
    reports = {name: _errors(args) for name, args in COMMANDS.items()}
    assert {status for status, _ in reports.values()} == {1}
    assert len({frozenset(errors) for _, errors in reports.values()}) == 1, reports
