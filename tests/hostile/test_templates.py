"""Templates a pack writes (layout text, sheet templates) render under step, size and number budgets:
going past one is a diagnostic at the template, never a hang, a MemoryError or a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.conftest import dw
from tests.sheets.conftest import run_sheets, write_pack

BOMBS = [
    "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
    "{{ ((10**64)**64)**64 }}",
    "{{ (10**64) * (10**64) * (10**64) * (10**4000) }}",
    "{{ (['x'*100000]*100000)|join }}",
    "{{ range(10**30)|list }}",
]


@pytest.mark.parametrize("bomb", BOMBS)
def test_layout_template_over_budget_is_a_diagnostic(mini: Path, bomb: str) -> None:
    layout = Path("mini/layouts/cards.yaml")
    layout.write_text(layout.read_text().replace('text: "{{ text }}"', f"text: {json.dumps(bomb)}"))
    for command in ("lint", "proof"):
        outcome = dw(command, "mini", "--format", "json", "--no-cache", *(["-o", "p.pdf"] if command == "proof" else []))
        refused = [d for d in outcome.diagnostics() if d["code"] == "DW601"]
        assert outcome.exit_code == 1 and refused, outcome.stdout


@pytest.mark.parametrize("bomb", BOMBS)
def test_sheet_template_over_budget_is_a_diagnostic(tmp_path: Path, bomb: str) -> None:
    pack = write_pack(tmp_path, {"findings.html.j2": f"first\n{bomb}\n"})
    status, output = run_sheets(str(pack), "-o", str(tmp_path / "out"), "--format", "json")
    found = [(d["code"], d["line"]) for d in json.loads(output)["diagnostics"] if d["code"] in ("DW702", "DW703")]
    assert status == 1 and found in ([("DW702", 2)], [("DW703", 2)])
    assert "<h1>Findings</h1>" in (tmp_path / "out" / "findings.html").read_text(encoding="utf-8")
