"""`deckwright build`: one command checks a pack and writes its proof and sheets."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from tests.conftest import run, write

LAYOUT = """\
layouts:
  - id: card
    front:
      - {kind: rect, x: 0, y: 0, w: 63.5, h: 88.9, fill: "#eeeeee", bleed: true}
      - {kind: text, x: 5, y: 5, w: 53, h: 10, text: "{{ name }}", size: 11}
"""


def test_build_writes_proof_and_sheets_and_reports_the_check(pack: Path) -> None:
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text()
                        .replace('  - {include: "cards/*.yaml", kind: entities}\n',
                                 '  - {include: "cards/*.yaml", kind: entities}\n'
                                 '  - {include: "layouts/*.yaml", kind: layouts}\n')
                        .replace("size: poker,", "size: poker, layout: card,"))
    write(pack / "layouts" / "cards.yaml", LAYOUT)
    result = run("build", "--format", "json", "pack")
    assert result.exit_code == 0, result.output
    summary = result.json()["summary"]
    assert summary["proofs"] == ["build/test-game/proof.pdf"]
    assert summary["sheets"] > 0
    assert len(PdfReader("build/test-game/proof.pdf").pages) == 2  # fronts, then their backs
    assert Path("build/test-game/sheets/findings.html").is_file()


def test_build_fails_on_content_errors_and_still_writes(pack: Path) -> None:
    items = pack / "cards" / "items.yaml"
    items.write_text(items.read_text().replace("price: 1", "price: -1"))
    result = run("build", "pack")
    assert result.exit_code == 1
    assert Path("build/test-game/sheets/findings.html").is_file()
    assert "price" in Path("build/test-game/sheets/findings.html").read_text()
