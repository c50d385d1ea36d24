"""Card text prints literally whatever it holds; templates run sandboxed; icons and keywords are drawn."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import run, write
from tests.render.conftest import LAYOUTS, proof_pack, text_of

PROOF = Path("build/test-game/proof.pdf")
HOSTILE = ('- id: hostile\n  type: monster\n  name: "<b>Bold</b> & Co"\n  level: 1\n  strength: 1\n'
           '  text: "1 < 2 &amp; {{ 7*7 }} {% raw %}x{% endraw %} <font size=80>big</font>"\n')


def test_markup_and_template_syntax_in_card_text_print_literally(workdir: Path) -> None:
    proof_pack(workdir, cards=HOSTILE)
    assert run("proof", "pack", "--id", "hostile", "--backs", "none").exit_code == 0
    text = " ".join(text_of(PROOF, 0).split())
    assert "<b>Bold</b> & Co" in text
    assert "1 < 2 &amp; {{ 7*7 }} {% raw %}x{% endraw %} <font size=80>big</font>" in text
    assert "49" not in text


def test_icons_and_keywords_from_the_glossary(laid_out: Path) -> None:
    run("proof", "pack", "--id", "cave-troll", "--backs", "none")
    text = text_of(PROOF, 0)
    assert "Gains ● when it wins" in text
    assert ":coin:" not in text


def test_sandbox_refuses_unsafe_templates_with_a_diagnostic(workdir: Path) -> None:
    bad = LAYOUTS.replace('"{{ text }}"', '"{{ name.__class__.__mro__[1].__subclasses__() }}"')
    proof_pack(workdir, layouts=bad)
    result = run("proof", "pack", "--format", "json")
    codes = {d["code"] for d in result.json()["diagnostics"] if d["severity"] != "info"}
    assert result.exit_code == 1 and codes == {"DW601"}
    assert not Path(PROOF).exists()  # a proof with errors is written only with --force
    assert run("proof", "pack", "--force").exit_code == 1
    assert Path(PROOF).is_file()


def test_huge_repetition_in_a_template_is_refused(workdir: Path) -> None:
    proof_pack(workdir, layouts=LAYOUTS.replace('"{{ text }}"', '"{{ \'x\' * 1000000000 }}"'))
    result = run("proof", "pack", "--format", "json")
    assert {d["code"] for d in result.json()["diagnostics"] if d["severity"] != "info"} == {"DW601"}


def test_template_syntax_error_points_at_the_layout(workdir: Path) -> None:
    proof_pack(workdir, layouts=LAYOUTS.replace('"{{ text }}"', '"{{ text "'))
    result = run("proof", "pack", "--format", "json")
    found = [d for d in result.json()["diagnostics"] if d["code"] == "DW601"]
    assert found and all(d["file"] == "pack/layouts/cards.yaml" for d in found)


def test_overflowing_text_is_a_diagnostic_at_the_card_field(workdir: Path) -> None:
    long_text = " ".join(["word"] * 900)
    proof_pack(workdir, cards=f"- id: wordy\n  type: monster\n  name: Wordy\n  level: 1\n  strength: 1\n"
                              f"  text: {long_text}\n")
    result = run("lint", "pack", "--format", "json")
    found = [d for d in result.json()["diagnostics"] if d["code"] == "DW600"]
    assert len(found) == 1
    assert (found[0]["file"], found[0]["line"], found[0]["pointer"]) == ("pack/cards/extra.yaml", 6, "/0/text")


def test_text_shrinks_before_it_overflows(workdir: Path) -> None:
    medium = " ".join(["word"] * 120)  # too long at 10 pt for the box, fits at 6 pt
    proof_pack(workdir, cards=f"- {{id: medium, type: monster, name: M, level: 1, strength: 1, text: {medium}}}\n")
    result = run("lint", "pack", "--format", "json")
    assert not [d for d in result.json()["diagnostics"] if d["code"] == "DW600"]


def test_character_the_font_cannot_draw_is_a_diagnostic(workdir: Path) -> None:
    proof_pack(workdir, cards="- {id: cjk, type: monster, name: Kanji, level: 1, strength: 1, text: \"漢字\"}\n")
    result = run("lint", "pack", "--format", "json")
    found = [d for d in result.json()["diagnostics"] if d["code"] == "DW605"]
    assert len(found) == 1 and "U+6F22" in found[0]["message"] and found[0]["pointer"] == "/0/text"


def test_unknown_layout_is_reported_on_the_type(workdir: Path) -> None:
    folder = proof_pack(workdir)
    manifest = folder / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("layout: monster", "layout: monstr"))
    result = run("lint", "pack", "--format", "json")
    found = [d for d in result.json()["diagnostics"] if d["code"] == "DW606"]
    assert len(found) == 1 and found[0]["file"] == "pack/pack.yaml" and "monster" in found[0]["hint"]


def test_bad_layout_file_is_a_schema_error(workdir: Path) -> None:
    folder = proof_pack(workdir)
    write(folder / "layouts" / "bad.yaml", "layouts:\n  - id: broken\n    front:\n      - {kind: blob, x: 1}\n")
    result = run("lint", "pack", "--format", "json")
    assert any(d["code"].startswith("DW2") and d["file"] == "pack/layouts/bad.yaml" for d in result.json()["diagnostics"])
