"""Layout features: `extends` with named elements, rotation, repeated elements, names for ids, amounts in words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pdfplumber

from deckwright.render.text import amounts
from tests.conftest import run
from tests.render.conftest import proof_pack, text_of

PROOF = Path("build/test-game/proof.pdf")
BASE = """\
layouts:
  - id: base
    front:
      - {kind: rect, x: 0, y: 0, w: 63.5, h: 88.9, fill: "#ddeeff", bleed: true}
      - {name: title, kind: text, x: 4, y: 4, w: 55, h: 10, text: "BASE {{ name }}", size: 10}
      - {name: footer, kind: text, x: 4, y: 78, w: 55, h: 6, text: "FOOTER", size: 7}
    back:
      - {kind: text, x: 4, y: 40, w: 55, h: 10, text: "BASE BACK", size: 10}
"""


def _proof(workdir: Path, layouts: str, card: str = "cave-troll") -> str:
    proof_pack(workdir, layouts=layouts)
    result = run("proof", "pack", "--id", card, "--format", "json")
    assert result.exit_code == 0, result.json()["diagnostics"]
    return " ".join(text_of(PROOF, 0).split())


MONSTER = BASE + """\
  - id: monster
    extends: base
    front:
      - {name: title, kind: text, x: 4, y: 4, w: 55, h: 10, text: "MONSTER {{ name }}", size: 10}
      - {name: footer, remove: true}
      - {kind: text, x: 4, y: 20, w: 55, h: 10, text: "{{ drops | name }} / {{ drops }}", size: 8}
  - id: item
    extends: monster
"""


def test_a_layout_extends_another_replacing_and_removing_named_elements(workdir: Path) -> None:
    text = _proof(workdir, MONSTER)
    assert "MONSTER Cave Troll" in text and "BASE" not in text and "FOOTER" not in text
    back = " ".join(text_of(PROOF, 1).split())
    assert "BASE BACK" in back  # no back of its own: the inherited one


def test_references_print_as_names(workdir: Path) -> None:
    text = _proof(workdir, MONSTER)
    assert "Rusty Sword / ['rusty-sword']" in text.replace("&#39;", "'")


def test_extends_chains_and_reports_an_unknown_parent_or_a_cycle(workdir: Path) -> None:
    assert "MONSTER Rusty Sword" in _proof(workdir, MONSTER, card="rusty-sword")
    broken = MONSTER.replace("extends: base", "extends: bsae")
    proof_pack(workdir / "b", layouts=broken)
    found = [d for d in run("lint", str(workdir / "b" / "pack"), "--format", "json").json()["diagnostics"]
             if d["code"] == "DW606"]
    assert len(found) == 1 and "bsae" in found[0]["message"] and "base" in found[0]["hint"]
    cycle = MONSTER.replace("extends: base", "extends: item")
    proof_pack(workdir / "c", layouts=cycle)
    found = [d for d in run("lint", str(workdir / "c" / "pack"), "--format", "json").json()["diagnostics"]
             if d["code"] == "DW606"]
    assert found and "cycle" in found[0]["message"]


def test_an_element_repeats_over_a_list(workdir: Path) -> None:
    layouts = BASE + """\
  - id: monster
    extends: base
    front:
      - {kind: text, repeat: {over: "drops", as: drop, dy: 8}, x: 4, y: 20, w: 55, h: 7, text: "{{ index + 1 }}. {{ drop | name }}", size: 9}
  - id: item
    extends: base
"""
    text = _proof(workdir, layouts, card="goblin")
    assert "1. Rusty Sword" in text and "2. Healing Herb" in text
    with pdfplumber.open(PROOF) as pdf:
        tops = {w["text"]: w["top"] for w in pdf.pages[0].extract_words()}
    assert abs((tops["2."] - tops["1."]) - 8 * 72 / 25.4) < 0.5


def _turned_chars(pdf: Path) -> list[dict[str, Any]]:
    with pdfplumber.open(pdf) as doc:
        return [c for c in doc.pages[0].chars if not c["upright"]]


def test_an_element_turns_about_its_centre(workdir: Path) -> None:
    layouts = BASE.replace('text: "FOOTER", size: 7}', 'text: "SIDEWAYS", size: 7, rotate: 90}')
    layouts += "  - id: monster\n    extends: base\n  - id: item\n    extends: base\n"
    _proof(workdir, layouts)
    chars = _turned_chars(PROOF)
    upwards = "".join(c["text"] for c in sorted(chars, key=lambda c: c["y0"]))
    assert "SIDEWAYS" in upwards[::-1] or "SIDEWAYS" in upwards


def test_amounts_in_words() -> None:
    assert amounts({"coins": 70, "reputation": 2, "xp": 1, "none": 0}, {"xp": "experience"}) == \
        "70 coins, 2 reputation, 1 experience"
    assert amounts(None) == "" and amounts("3 gold") == "3 gold"


def test_type_title_is_in_the_context(workdir: Path) -> None:
    layouts = BASE.replace('"BASE {{ name }}"', '"{{ type_title }}"')
    layouts += "  - id: monster\n    extends: base\n  - id: item\n    extends: base\n"
    assert "monster" in _proof(workdir, layouts).lower()
