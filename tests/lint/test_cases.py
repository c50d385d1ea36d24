"""Every broken pack under tests/cases/invalid is reported with the expected code at the expected
line, in all four output formats, and never with a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import CASES, make_pack, run

INVALID = sorted(p for p in (CASES / "invalid").iterdir() if p.is_dir())


def expected(case: Path) -> list[dict[str, object]]:
    return json.loads((case / "expected.json").read_text())  # type: ignore[no-any-return]


@pytest.mark.parametrize("case", INVALID, ids=[p.name for p in INVALID])
def test_case_reported_in_json(workdir: Path, case: Path) -> None:
    make_pack(workdir, case)
    result = run("lint", "--format", "json", "pack")
    assert result.exit_code in (0, 1), result.stderr
    found = result.json()["diagnostics"]
    for want in expected(case):
        matches = [d for d in found if d["code"] == want["code"] and d["file"] == f"pack/{want['file']}"
                   and d["line"] == want["line"]]
        assert matches, f"{want} not in {json.dumps(found, indent=1)}"
        for key in ("hint", "column"):
            if key in want:
                assert matches[0][key] == want[key]
    errors = [w for w in expected(case) if not str(w["code"]).startswith(("DW105", "DW303"))]
    assert result.exit_code == (1 if errors else 0)


@pytest.mark.parametrize("case", INVALID, ids=[p.name for p in INVALID])
@pytest.mark.parametrize("fmt", ["text", "github", "sarif"])
def test_case_reported_in_every_format(workdir: Path, case: Path, fmt: str) -> None:
    make_pack(workdir, case)
    result = run("lint", "--format", fmt, "pack")
    assert "Traceback" not in result.output + result.stderr
    for want in expected(case):
        file = f"pack/{want['file']}"
        if fmt == "github":
            assert f"file={file},line={want['line']}," in result.output
            assert f"title={want['code']}" in result.output
        elif fmt == "sarif":
            results = json.loads(result.output)["runs"][0]["results"]
            assert any(r["ruleId"] == want["code"]
                       and r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == file
                       and r["locations"][0]["physicalLocation"]["region"]["startLine"] == want["line"]
                       for r in results)
        else:
            assert file in result.output
            assert any(line.strip().startswith(f"{want['line']}:") and str(want["code"]) in line
                       for line in result.output.splitlines())


def test_base_pack_is_clean(pack: Path) -> None:
    result = run("lint", "pack")
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith("0 errors, 0 warnings, 1 pack")
