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


def test_same_pack_in_two_checkouts_gives_identical_outputs(workdir: Path) -> None:
    import shutil

    root = Path(__file__).resolve().parents[2]
    outputs = []
    for name in ("first", "second"):
        copy = workdir / name
        shutil.copytree(root / "content" / "adventure-land", copy / "content" / "adventure-land")
        shutil.copytree(root / "schemas" / "adventure-land", copy / "schemas" / "adventure-land")
        import os

        os.chdir(copy)
        assert run("build", "--runs", "5", "content/adventure-land").exit_code == 0
        outputs.append({p.relative_to(copy / "build"): p.read_bytes() for p in sorted((copy / "build").rglob("*"))
                        if p.is_file()})
    assert outputs[0].keys() == outputs[1].keys()
    assert [k for k in outputs[0] if outputs[0][k] != outputs[1][k]] == []
