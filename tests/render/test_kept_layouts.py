"""The layout check's findings are kept in the cache by the pack's files, its art and fonts, deckwright's code and
the libraries that measure text: a second lint of an unchanged pack reads them back instead of fitting every text."""

from __future__ import annotations

import json
from pathlib import Path

from deckwright.diagnostic import Diagnostic
from deckwright.model import load_pack
from deckwright.render.check import check_layouts
from deckwright.runs.playouts import LAYOUTS, kept_layouts
from tests.conftest import run
from tests.render.conftest import proof_pack

OVERFLOWING = """\
- {id: wordy, type: monster, name: Wordy, level: 1, kingdom: north, strength: 1, health: 1,
   text: "%s"}
""" % " ".join(["Unstoppable"] * 400)
ART = """\
- {id: pictured, type: monster, name: Pictured, level: 1, kingdom: north, strength: 1, health: 1, art: art/sun.png}
"""
WITH_ART = """\
layouts:
  - id: monster
    front:
      - {kind: text, x: 5, y: 5, w: 53.5, h: 10, text: "{{ name }}", size: 12}
      - {kind: text, x: 5, y: 40, w: 53.5, h: 40, text: "{{ text }}", size: 10, min_size: 6}
      - {kind: image, x: 5, y: 60, w: 20, h: 20, src: "art/frame.png"}
  - id: item
    front:
      - {kind: text, x: 4, y: 4, w: 36, h: 10, text: "{{ name }} ({{ price }})", size: 9}
"""


class Counted:
    """The layout check of a pack, counting how often it runs."""

    def __init__(self, pack_folder: Path) -> None:
        self.folder = pack_folder
        self.runs = 0

    def __call__(self) -> list[Diagnostic]:
        self.runs += 1
        pack = load_pack(self.folder, "pack").pack
        assert pack is not None
        return check_layouts(pack)


def _codes(output: str) -> list[str]:
    return [d["code"] for d in json.loads(output)["diagnostics"]]


def test_a_second_check_of_the_same_pack_reads_the_findings_back(workdir: Path, tmp_path: Path) -> None:
    folder = proof_pack(workdir, cards=OVERFLOWING)
    pack = load_pack(folder, "pack").pack
    assert pack is not None
    check = Counted(folder)
    first = kept_layouts(pack, tmp_path / "cache", check)
    assert "DW600" in [d.code for d in first]  # the overflowing text is a finding worth keeping
    assert kept_layouts(pack, tmp_path / "cache", check) == first == check_layouts(pack)
    assert check.runs == 1
    assert len(list((tmp_path / "cache" / LAYOUTS).iterdir())) == 1
    assert kept_layouts(pack, None, check) == first  # no cache folder: checked every time
    assert check.runs == 2


def test_an_art_file_that_appears_or_changes_is_checked_again(workdir: Path, tmp_path: Path) -> None:
    folder = proof_pack(workdir, layouts=WITH_ART, art={"other.png": b"not yet"})
    check = Counted(folder)
    pack = load_pack(folder, "pack").pack
    assert pack is not None
    missing = kept_layouts(pack, tmp_path, check)
    assert any("frame.png" in d.message for d in missing)
    (folder / "art" / "frame.png").write_bytes(b"not a picture")  # not among the pack's documents: art
    unreadable = kept_layouts(pack, tmp_path, check)
    assert check.runs == 2 and unreadable != missing
    assert any("cannot be read" in d.message for d in unreadable)
    (folder / "art" / "frame.png").write_bytes(b"still not a picture")
    kept_layouts(pack, tmp_path, check)
    assert check.runs == 3
    assert len(list((tmp_path / LAYOUTS).iterdir())) == 1  # one slot for the pack, rewritten


def test_lint_on_a_cache_reports_what_a_cold_lint_reports(workdir: Path) -> None:
    proof_pack(workdir, cards=OVERFLOWING + ART)
    cold = run("lint", "pack", "--format", "json", "--no-cache")
    assert "DW600" in _codes(cold.output)
    filling, warm = run("lint", "pack", "--format", "json"), run("lint", "pack", "--format", "json")
    assert cold.output == filling.output == warm.output
    assert run("check", "pack", "--runs", "1", "--format", "json").output == run(
        "check", "pack", "--runs", "1", "--format", "json", "--no-cache").output


def test_an_edited_card_is_measured_again(workdir: Path) -> None:
    folder = proof_pack(workdir, cards=OVERFLOWING)
    assert "DW600" in _codes(run("lint", "pack", "--format", "json").output)
    (folder / "cards" / "extra.yaml").write_text(OVERFLOWING.replace(" ".join(["Unstoppable"] * 400), "Short."))
    assert "DW600" not in _codes(run("lint", "pack", "--format", "json").output)
