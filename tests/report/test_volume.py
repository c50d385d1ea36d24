"""Output that scales: --select/--ignore (and the manifest's `codes`), --statistics, identical findings
collapsed after the first few of a file."""

from __future__ import annotations

import io
import json
from pathlib import Path

from deckwright.diagnostic import Diagnostic, Report, Severity
from deckwright.report import REPORTERS
from tests.conftest import run, write

MANIFEST = """\
id: volume
name: Volume
version: "1"
players: {min: 1, max: 2}
files:
  - {include: "cards.json", kind: entities, type: card, id_field: code}
  - {include: "extra/*.json", kind: entities, type: card, id_field: code}
types:
  card: {refs: {set_code: set}}
  set: {}
"""


def database(folder: Path, manifest: str = MANIFEST) -> None:
    """Six cards naming the same missing set (six identical findings) and one file no rule matches."""
    write(folder / "pack.yaml", manifest)
    cards = ",\n".join(f'\t{{"code": "0{i}", "set_code": "core"}}' for i in range(6))
    write(folder / "cards.json", f"[\n{cards}\n]\n")
    write(folder / "notes.txt", "not content\n")


def test_identical_findings_are_collapsed_after_three_per_file(workdir: Path) -> None:
    database(workdir / "db")
    lines = run("lint", "db").output.splitlines()
    refs = [line for line in lines if "set_code refers to 'core'" in line]
    assert [line.split()[0] for line in refs] == ["2:29", "3:29", "4:29"]
    assert "       ...  3 more like this  DW321" in lines
    assert lines[-1] == "6 errors, 2 warnings, 1 pack"


def test_json_keeps_every_finding(workdir: Path) -> None:
    database(workdir / "db")
    result = run("lint", "--format", "json", "db").json()
    assert sum(d["code"] == "DW321" for d in result["diagnostics"]) == 6


def test_statistics_count_findings_per_code_most_frequent_first(workdir: Path) -> None:
    database(workdir / "db")
    assert run("lint", "--statistics", "db").output.splitlines() == [
        "     6  DW321  dangling-reference",
        "     1  DW303  unread-file",
        "     1  DW304  empty-include",
        "6 errors, 2 warnings, 1 pack",
    ]
    summary = run("lint", "--statistics", "--format", "json", "db").json()["summary"]
    assert summary["statistics"] == {"DW321": 6, "DW303": 1, "DW304": 1}


def test_select_and_ignore_by_code_or_prefix(workdir: Path) -> None:
    database(workdir / "db")
    codes = lambda *opts: sorted({d["code"] for d in run("lint", "--format", "json", *opts, "db").json()["diagnostics"]})  # noqa: E731
    assert codes("--select", "DW303") == ["DW303"]
    assert codes("--ignore", "DW321,DW304") == ["DW303"]
    assert codes("--select", "DW30", "--ignore", "DW304") == ["DW303"]
    only_warnings = run("lint", "--ignore", "DW32", "db")
    assert only_warnings.exit_code == 0 and only_warnings.output.endswith("0 errors, 2 warnings, 1 pack\n")


def test_the_manifest_can_ignore_codes_and_the_command_line_adds_to_it(workdir: Path) -> None:
    database(workdir / "db", MANIFEST + "codes: {ignore: [DW303, DW304]}\n")
    assert {d["code"] for d in run("lint", "--format", "json", "db").json()["diagnostics"]} == {"DW321"}
    assert run("lint", "--format", "json", "--ignore", "DW321", "db").json()["diagnostics"] == []


def test_a_code_that_is_not_one_is_a_usage_error(workdir: Path) -> None:
    database(workdir / "db")
    result = run("lint", "--select", "E501", "db")
    assert result.exit_code == 2
    assert "not a diagnostic code or prefix: E501" in result.stderr


def test_github_annotations_are_collapsed_too() -> None:
    same = [Diagnostic("DW201", Severity.ERROR, "'name' is 12 characters long; maxLength 10", "a.json", line, 3)
            for line in range(1, 6)]
    stream = io.StringIO()
    REPORTERS["github"](stream).emit(Report.of(same))
    lines = stream.getvalue().splitlines()
    assert len([line for line in lines if line.startswith("::error")]) == 3
    assert lines[3] == "::notice title=DW201::2 more like this: 'name' is 12 characters long; maxLength 10"
    json_stream = io.StringIO()
    REPORTERS["json"](json_stream).emit(Report.of(same))
    assert len(json.loads(json_stream.getvalue())["diagnostics"]) == 5
