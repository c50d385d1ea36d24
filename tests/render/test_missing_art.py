"""A card's missing art file is one finding (DW327), whether lint's asset check or the card face finds it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckwright.cli import cli
from tests.minipack import write_pack


def _pack_with_missing_art(root: Path) -> Path:
    pack = write_pack(root)
    cards = pack / "cards/cards.yaml"
    cards.write_text(cards.read_text().replace("  code: 1:30", "  code: '1:30'\n  art: art/sun.png"))
    layout = pack / "layouts/cards.yaml"
    layout.write_text(layout.read_text().replace(
        "    back:", '      - {kind: image, x: 5, y: 40, w: 20, h: 20, src: "{{ art }}"}\n'
                     '      - {kind: image, x: 30, y: 40, w: 20, h: 20, src: "art/frame.png"}\n    back:'))
    return pack


@pytest.mark.parametrize("command", [["lint"], ["check", "--runs", "1"], ["proof", "-o", "p.pdf"]])
def test_missing_art_is_reported_once(workdir: Path, command: list[str]) -> None:
    _pack_with_missing_art(workdir)
    result = CliRunner().invoke(cli, [*command, "mini", "--format", "json", "--no-cache"])
    found = [(d["code"], d["line"], d["message"]) for d in json.loads(result.stdout)["diagnostics"]
             if d["code"] in ("DW327", "DW602")]
    art = [f for f in found if "sun.png" in f[2]]
    assert art == [("DW327", 9, "art file 'art/sun.png' does not exist")], found
    # an image the layout names itself (not a card's art) is still the renderer's finding, on each card
    assert [f[0] for f in found if "frame.png" in f[2]] == ["DW602", "DW602"]
