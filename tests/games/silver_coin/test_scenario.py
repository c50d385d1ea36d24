"""Scenario set-up and end on hand-made scenarios with a few mission cards."""

from __future__ import annotations

from typing import Any

import pytest

from deckwright.games.silver_coin.scenario import scenario
from tests.games.silver_coin.conftest import MakePack


def mission(mid: str, kingdom: str, where: str, olm: bool = False) -> dict[str, Any]:
    return {"id": mid, "type": "mission-card", "name": mid, "kingdom": kingdom, "location": where, "olm": olm}


def place(pid: str, kingdom: str, kind: str = "town") -> dict[str, Any]:
    return {"id": pid, "type": "location", "name": pid, "kingdom": kingdom, "kind": kind}


OLM = {"id": "olm-infestation", "type": "scenario", "name": "Olm", "difficulties": ["easy"], "playable_kingdoms": ["a"]}
OLM_FACTS = {"olm.setup.olm_missions": 3, "olm.setup.olm_removed": 1, "olm.setup.olm_deck": 2,
             "olm.setup.other_missions": {"easy": 4}, "olm.setup.mission_deck": {"easy": 6},
             "olm.setup.starting_missions": 1, "olm.win.olms": {"easy": 2}, "olm.lose.olm_discards": {"easy": 1},
             "scenario.missions_per_phase": 1}


def test_olm_decks_and_ends(make_pack: MakePack) -> None:
    cards = [mission(f"o{i}", "a", "x", olm=True) for i in range(3)] + [mission(f"n{i}", "a", "x") for i in range(5)]
    cards.append(mission("elsewhere", "b", "x", olm=True))
    found = scenario(make_pack([OLM, *cards], OLM_FACTS), "olm-infestation", "easy")
    assert found["olm_missions"] == {"named": 3, "stated": 3, "deck": 2, "deck_stated": 2}
    assert found["mission_deck"] == {"olm": 2, "other": 4, "total": 6, "stated": 6, "other_available": 5}
    assert found["win"] == {"olms": 2, "reachable": True, "earliest_draw_round": 1}
    assert found["lose"] == {"olm_discards": 1, "spare_olms": 0, "discard_loss_avoidable": True,
                             "discard_loss_when_win_impossible": True, "mission_rounds": 5, "deck_out_avoidable": True}


def test_olm_win_out_of_reach_with_too_few_olms(make_pack: MakePack) -> None:
    found = scenario(make_pack([OLM, mission("o1", "a", "x", olm=True)], OLM_FACTS), "olm-infestation", "easy")
    assert (found["win"]["reachable"], found["lose"]["discard_loss_avoidable"]) == (False, False)


ASHGAR = {"id": "ashgar-plague", "type": "scenario", "name": "Ashgar", "difficulties": ["hard"],
          "playable_kingdoms": ["j", "f", "morahan"], "starting_locations": ["york"],
          "setup": {"townsfolk_kingdoms": ["f"]},
          "setup_by_difficulty": {"hard": {"objective_decks": [{"level_1": 1}, {"level_2": 2}, {"level_3": 1}]}}}
ASHGAR_FACTS = {"ashgar.setup.missions_taken": 5, "ashgar.setup.missions_placed": 2,
                "ashgar.setup.missions_remaining": 2, "ashgar.setup.mission_deck": 4, "ashgar.setup.morahan_deck": 2,
                "ashgar.setup.morahan_objective_missions": 1, "ashgar.setup.objective_deck_size": {"hard": 4},
                "ashgar.objective_space_capacity": {"hard": [5, 4]}, "ashgar.objective_reveal_rounds": [2, 6],
                "ashgar.objective_monsters": 1, "ashgar.kingdoms": 1, "scenario.missions_per_phase": 1}
MAP = [place("york", "j", "capital"), place("fort", "f"), place("lair", "morahan"),
       {"id": "r1", "type": "route", "name": "r1", "from": "york", "to": "fort"},
       {"id": "r2", "type": "route", "name": "r2", "from": "fort", "to": "lair"}]


def test_ashgar_arithmetic_decks_and_reach(make_pack: MakePack) -> None:
    pack = make_pack([ASHGAR, *MAP, mission("m1", "morahan", "lair"), mission("m2", "f", "fort")], ASHGAR_FACTS)
    found = scenario(pack, "ashgar-plague", "hard")
    deck = found["mission_deck"]
    assert (deck["remaining"], deck["remaining_stated"], deck["total"], deck["stated"]) == (3, 2, 5, 4)
    assert (deck["morahan_available"], deck["morahan_needed"]) == (1, 3)
    objective = found["objective_deck"]
    assert (objective["size"], objective["level_2"], objective["capacity_within_deck"]) == (4, 2, False)
    win = found["win"]
    assert (win["mission_rounds"], win["revealed_in_time"]) == (5, True)
    assert (win["travel_kingdoms"], win["start_inside_limit"]) == (["f"], False)
    assert (win["reachable_in_playable"], win["reachable_inside_limit"]) == (True, False)


def test_unknown_scenario_and_difficulty(make_pack: MakePack) -> None:
    pack = make_pack([OLM], OLM_FACTS)
    with pytest.raises(ValueError, match="no difficulty 'hard'"):
        scenario(pack, "olm-infestation", "hard")
    with pytest.raises(ValueError, match="no scenario 'nope'"):
        scenario(pack, "nope")
