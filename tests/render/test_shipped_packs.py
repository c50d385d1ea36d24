"""Every shipped pack with layouts renders a proof without errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from deckwright.runs.targets import content_packs
from tests.conftest import run

CONTENT = Path(__file__).resolve().parents[2] / "content"
PACKS = [p for p in content_packs(CONTENT) if (p / "layouts").is_dir()]  # the example packs too


@pytest.mark.parametrize("folder", PACKS, ids=[p.name for p in PACKS])
def test_shipped_pack_proof_has_no_render_errors(workdir: Path, folder: Path) -> None:
    result = run("proof", str(folder), "-o", "out.pdf", "--format", "json")
    render = [d for d in result.json()["diagnostics"] if d["code"].startswith("DW6") and d["severity"] == "error"]
    assert render == []
    assert len(PdfReader("out.pdf").pages) >= 2


@pytest.mark.parametrize("folder", PACKS, ids=[p.name for p in PACKS])
def test_shipped_cards_are_readable(folder: Path) -> None:
    """No shipped card face overflows, sets text under 6 pt, leaves a mostly-text face empty, or names a bad font."""
    result = run("lint", str(folder), "--format", "json")
    found = [(d["code"], d["file"], d["line"], d["message"]) for d in result.json()["diagnostics"]
             if d["code"] in ("DW600", "DW601", "DW605", "DW606", "DW609", "DW610", "DW612")]
    assert found == []
