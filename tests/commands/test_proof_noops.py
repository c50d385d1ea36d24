"""`deckwright proof` never succeeds silently having printed nothing, and writes no proof with errors."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.conftest import make_pack, run
from tests.render.conftest import LAYOUTS, proof_pack

PROOF = Path("build/test-game/proof.pdf")


def test_an_id_that_matches_nothing_is_a_usage_error(workdir: Path) -> None:
    proof_pack(workdir)
    result = run("proof", "pack", "--id", "does-not-exist")
    assert result.exit_code == 2
    assert "no card matches --id does-not-exist" in result.stderr
    assert not PROOF.exists()


def test_changed_since_with_no_change_is_a_usage_error(workdir: Path) -> None:
    proof_pack(workdir)
    for args in (["init", "-q"], ["add", "pack"], ["commit", "-qm", "first"]):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], check=True, capture_output=True)
    result = run("proof", "pack", "--changed-since", "HEAD")
    assert result.exit_code == 2
    assert "no card matches --changed-since HEAD" in result.stderr


def test_a_selection_of_cards_without_a_layout_says_so(workdir: Path) -> None:
    pack = proof_pack(workdir)
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("size: poker, layout: monster,", "size: poker,"))
    result = run("proof", "pack", "--type", "monster")
    assert result.exit_code == 2
    assert "has a layout" in result.stderr


def test_a_pack_without_layouts_says_it_has_nothing_to_print(workdir: Path) -> None:
    make_pack(workdir)  # types with sizes, no layouts
    result = run("proof", "pack")
    assert result.exit_code == 2
    assert "pack: nothing to print: no card type has both a `size` and a `layout`" in result.stderr
    assert not PROOF.exists()


def test_a_sized_type_without_a_layout_in_a_printing_pack_is_a_lint_warning(workdir: Path) -> None:
    pack = proof_pack(workdir)
    found = run("lint", "pack", "--format", "json").json()["diagnostics"]
    assert not [d for d in found if d["code"] == "DW613"]
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("size: mini, layout: item}", "size: mini}"))
    found = run("lint", "pack", "--format", "json").json()["diagnostics"]
    unlaid = [d for d in found if d["code"] == "DW613"]
    assert len(unlaid) == 1 and unlaid[0]["file"] == "pack/pack.yaml" and unlaid[0]["line"] > 0
    assert "type 'item' has a card size but no layout" in unlaid[0]["message"]


def test_a_proof_with_errors_is_written_only_with_force(workdir: Path) -> None:
    proof_pack(workdir, layouts=LAYOUTS.replace('"{{ name }}"', '"{{ name.nope() }}"'))
    result = run("proof", "pack")
    assert result.exit_code == 1
    assert "not written: the proof has errors (--force writes it anyway)" in result.stderr
    assert not PROOF.exists()
    forced = run("proof", "pack", "--force")
    assert forced.exit_code == 1 and PROOF.is_file()
    assert f"wrote {PROOF}" in forced.stderr


def test_one_pack_matching_the_id_is_enough(workdir: Path) -> None:
    proof_pack(workdir)
    proof_pack(workdir / "other")
    result = run("proof", "pack", "other/pack", "--id", "cave-troll", "-o", "out")
    assert result.exit_code == 0, result.stderr
