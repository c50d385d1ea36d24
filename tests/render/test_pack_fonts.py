"""A pack's own TrueType fonts, named in a layouts file: embedded when usable, diagnostics when not."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from deckwright.render.fonts import FONT_DIR
from tests.conftest import run
from tests.render.conftest import LAYOUTS, proof_pack, unembedded_fonts

PROOF = Path("build/test-game/proof.pdf")
FONTS = """\
fonts:
  display: {regular: fonts/Display.ttf, licence: fonts/LICENSE}
"""


def _pack(workdir: Path, fonts: str = FONTS, font: str = "display") -> Path:
    layouts = fonts + LAYOUTS.replace('font: serif, style: bold, size: 12', f'font: {font}, size: 12')
    folder = proof_pack(workdir, layouts=layouts)
    (folder / "fonts").mkdir()
    shutil.copyfile(FONT_DIR / "DejaVuSans-BoldOblique.ttf", folder / "fonts" / "Display.ttf")
    (folder / "fonts" / "LICENSE").write_text("Bitstream Vera / DejaVu licence (free to embed).\n")
    manifest = folder / "pack.yaml"
    manifest.write_text(manifest.read_text().replace(
        '  - {include: "layouts/*.yaml", kind: layouts}\n',
        '  - {include: "layouts/*.yaml", kind: layouts}\n  - {include: "fonts/*", kind: assets}\n'))
    return folder


def _codes(result: Any) -> list[dict[str, Any]]:
    return [d for d in result.json()["diagnostics"] if d["code"] == "DW612"]


def test_a_pack_font_sets_the_text_that_names_it_and_is_embedded(workdir: Path) -> None:
    _pack(workdir)
    result = run("proof", "pack", "--id", "cave-troll", "--backs", "none", "--format", "json")
    assert result.exit_code == 0 and not _codes(result)
    with pdfplumber.open(PROOF) as pdf:
        fonts = {c["fontname"] for c in pdf.pages[0].chars if c["text"] in "Cave Troll"}
    assert any(name.endswith("DejaVuSans-BoldOblique") for name in fonts)
    assert not unembedded_fonts(PROOF)


@pytest.mark.parametrize(("fonts", "message"), [
    ("fonts:\n  display: {regular: ../outside.ttf, licence: OFL-1.1}\n", "outside the pack"),
    ("fonts:\n  display: {regular: fonts/Missing.ttf, licence: OFL-1.1}\n", "does not exist"),
    ("fonts:\n  display: {regular: fonts/LICENSE, licence: OFL-1.1}\n", "not a .ttf"),
    ("fonts:\n  display: {regular: fonts/Broken.ttf, licence: OFL-1.1}\n", "cannot be embedded"),
])
def test_an_unusable_font_file_is_reported_and_the_default_family_used(workdir: Path, fonts: str, message: str) -> None:
    folder = _pack(workdir, fonts)
    (folder / "fonts" / "Broken.ttf").write_bytes(b"\0\1\0\0" + b"not a font" * 20)
    (workdir / "outside.ttf").write_bytes((FONT_DIR / "DejaVuSans.ttf").read_bytes())
    result = run("proof", "pack", "--id", "cave-troll", "--backs", "none", "--format", "json", "--force")
    found = _codes(result)
    assert result.exit_code == 1 and found and message in found[0]["message"]
    assert found[0]["file"] == "pack/layouts/cards.yaml"
    assert PROOF.is_file()


def test_an_unknown_family_is_reported_once_with_a_hint(workdir: Path) -> None:
    _pack(workdir, font="dispaly")
    found = _codes(run("lint", "pack", "--format", "json"))
    assert len(found) == 1 and "dispaly" in found[0]["message"] and "display" in found[0]["hint"]


def test_a_pack_font_must_name_its_licence(workdir: Path) -> None:
    _pack(workdir, "fonts:\n  display: {regular: fonts/Display.ttf}\n")
    result = run("lint", "pack", "--format", "json")
    assert result.exit_code == 1
    assert any("licence" in d["message"] for d in result.json()["diagnostics"])
