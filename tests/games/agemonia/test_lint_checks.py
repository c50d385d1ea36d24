"""Agemonia's lint checks (DW940-DW943) on a hand-made pack, and the shipped pack lints clean."""

from __future__ import annotations

from deckwright.games.agemonia import GAME
from tests.conftest import run
from tests.games.agemonia.packs import make_pack

GLOSSARY = [{"term": "Held", "kind": "condition", "meaning": "x"},
            {"term": "Trap gives", "kind": "term", "meaning": "x", "aliases": ["trap"]}]


def findings(pack):
    return sorted((d.code, d.message) for check in GAME.lint_checks for d in check(pack))


def test_names_events_ends_and_keywords(tmp_path):
    pack = make_pack(tmp_path, [
        {"id": "held", "type": "condition", "name": "Held", "gained_by": ["trap"], "ends_ally": ["nap"],
         "ally_effect": "x", "enemy_effect": "y"},
        {"id": "rope", "type": "item", "name": "Rope", "notes": "Frees the [Hled]."},
        {"id": "s1", "type": "scenario", "name": "S1", "number": 1, "level": 1, "requires_keywords": ["crown"]},
    ], {}, glossary=GLOSSARY)
    codes = [code for code, _ in findings(pack)]
    assert codes == ["DW940", "DW940", "DW941", "DW942", "DW943"]
    messages = " ".join(m for _, m in findings(pack))
    assert "item name 'Rope'" in messages and "'Hled' in notes" in messages and "'nap'" in messages


def test_every_code_is_documented():
    for code in GAME.codes:
        assert run("explain", code.code).exit_code == 0


def test_the_shipped_pack_lints_and_checks_clean():
    assert run("lint", "content/agemonia").exit_code == 0
    assert run("check", "content/agemonia").exit_code == 0
