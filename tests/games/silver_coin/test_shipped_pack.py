"""The shipped Silver Coin pack: registered engine, clean lint, and a check with only accepted findings."""

from __future__ import annotations

import shutil
from pathlib import Path

from deckwright.plugin import load_game
from tests.conftest import run

ROOT = Path(__file__).resolve().parents[3]


def test_game_registers_its_probes_and_codes() -> None:
    game = load_game("silver-coin")
    assert set(game.probes) == {"calendar", "battle", "battle_odds", "scenario", "reachability", "ports",
                                "turn_order", "bidding", "playouts"}
    assert [c.code for c in game.codes] == ["DW921", "DW922", "DW923", "DW924", "DW925", "DW926", "DW927"]


def test_shipped_pack_checks_with_every_finding_accepted(workdir: Path) -> None:
    shutil.copytree(ROOT / "content" / "silver-coin", workdir / "content" / "silver-coin")
    shutil.copytree(ROOT / "schemas" / "silver-coin", workdir / "schemas" / "silver-coin")
    result = run("check", "--format", "json", "content/silver-coin")
    assert result.exit_code == 0, result.output
    found = result.json()["diagnostics"]
    assert [d["code"] for d in found if not d["accepted"] and d["severity"] != "info"] == []
    accepted = {d["message"].split("'")[1] for d in found if d["accepted"] and d["code"] == "DW401"}
    assert accepted == {"ashgar-remaining-arithmetic", "ashgar-deck-as-built", "penalties-within-coins"}
