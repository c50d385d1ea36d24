"""`--changed-since REV` prints only the cards whose data (or layouts) changed since a git revision."""

from __future__ import annotations

import subprocess
from pathlib import Path

from pypdf import PdfReader

from tests.conftest import run
from tests.render.conftest import text_of

PROOF = Path("build/test-game/proof.pdf")


def _git(*args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], check=True, capture_output=True)


def test_only_changed_cards_are_printed(laid_out: Path) -> None:
    _git("init", "-q")
    _git("add", "pack")
    _git("commit", "-qm", "first")
    monsters = Path("pack/cards/monsters.yaml")
    monsters.write_text(monsters.read_text().replace("strength: 7", "strength: 8"))
    assert run("proof", "pack", "--changed-since", "HEAD", "--backs", "none").exit_code == 0
    assert len(PdfReader(PROOF).pages) == 1
    text = text_of(PROOF, 0)
    assert "Cave Troll" in text and "Goblin" not in text


def test_changed_layout_reprints_its_cards(laid_out: Path) -> None:
    _git("init", "-q")
    _git("add", "pack")
    _git("commit", "-qm", "first")
    layouts = Path("pack/layouts/cards.yaml")
    layouts.write_text(layouts.read_text().replace("size: 12}", "size: 11}"))
    run("proof", "pack", "--changed-since", "HEAD", "--backs", "none")
    assert len(PdfReader(PROOF).pages) == 2


def test_unknown_revision_is_a_usage_error(laid_out: Path) -> None:
    _git("init", "-q")
    result = run("proof", "pack", "--changed-since", "no-such-rev")
    assert result.exit_code == 2 and "Error: --changed-since" in result.stderr
