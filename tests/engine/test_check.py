from __future__ import annotations

import shutil

from deckwright.engine.check import check_engine
from deckwright.model import load_pack
from tests.conftest import ADVENTURE_LAND


def test_check_engine_reports_with_reproducing_seeds(al_pack):
    found = check_engine(al_pack, runs=12, seed=5)
    codes = {d.code for d in found}
    assert "DW507" in codes  # how often each end condition the game declares ended the playouts
    assert not {"DW501", "DW503", "DW506", "DW508"} & codes
    assert all(d.file for d in found)
    assert check_engine(al_pack, runs=12, seed=5) == found


def test_missing_fact_and_uncovered_situation_are_reported(tmp_path):
    pack_dir = tmp_path / "adventure-land"
    shutil.copytree(ADVENTURE_LAND, pack_dir)
    shutil.copytree(ADVENTURE_LAND.parent.parent / "schemas" / "adventure-land", tmp_path / "schemas" / "adventure-land")
    rules = pack_dir / "rules" / "07-combat.yaml"
    rules.write_text(rules.read_text().replace("fight.max_swords: 3", "fight.max_sword: 3"))
    terrain = pack_dir / "rules" / "05-terrain-cards.yaml"
    terrain.write_text(terrain.read_text().replace("place.empty_stack_places_nothing: true", "place.other: true"))
    pack = load_pack(pack_dir, "adventure-land").pack
    found = check_engine(pack, runs=5)
    assert any(d.code == "DW508" and "fight.max_swords" in d.message for d in found)
    rules.write_text(rules.read_text().replace("fight.max_sword: 3", "fight.max_swords: 3"))
    pack = load_pack(pack_dir, "adventure-land").pack
    found = check_engine(pack, runs=30)
    uncovered = [d for d in found if d.code == "DW506"]
    assert uncovered and "seed" in uncovered[0].message and "--seed" in (uncovered[0].hint or "")


def test_every_declared_end_condition_gets_its_rate(al_pack):
    from dataclasses import replace

    from deckwright.engine.check import end_findings
    from deckwright.engine.probes import playouts

    results = playouts(al_pack, "adventure-fellowship", 2, 10, 0)
    (rates,) = end_findings(al_pack, "adventure-fellowship", 2, results,
                            ("stockpile-empty", "nobody-can-move", "treasure-found"))
    assert rates.code == "DW507" and "treasure-found 0%" in rates.message
    only_stockpile = [replace(r, end="stockpile-empty") for r in results]
    (info,) = end_findings(al_pack, "adventure-fellowship", 2, only_stockpile, ("stockpile-empty",))
    assert info.message.endswith("10 random playouts ended by stockpile-empty 100%")


def test_the_shipped_packs_declare_the_ends_of_every_scenario():

    from deckwright.engine.endings import Outcome
    from deckwright.plugin import load_game
    from tests.conftest import ROOT

    for folder in ("adventure-land", "silver-coin", "agemonia"):
        pack = load_pack(ROOT / "content" / folder, f"content/{folder}").pack
        spec = load_game(pack.engine)
        for scenario in spec.engine.scenarios(pack):
            endings = spec.endings(pack, scenario)
            assert endings, (folder, scenario)
            outcomes = {e.outcome for e in endings}
            # a competitive game's winners are by seat; a co-operative scenario is won and lost
            assert outcomes == {Outcome.BY_SEAT} or outcomes == {Outcome.WON, Outcome.LOST}, (folder, scenario)
