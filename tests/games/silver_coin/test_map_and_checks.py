"""Movement on a hand-made map, port connections, and the game's lint checks (DW921-DW925)."""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin.checks import LINT_CHECKS
from deckwright.games.silver_coin.worldmap import ports, reachability
from deckwright.model import Pack
from tests.games.silver_coin.conftest import MakePack

MOVES = {"movement.base": 5, "movement.horse_bonus": 2, "potion.speed.movement_bonus": 4,
         "sea.ports": ["c1", "c2"]}


def place(pid: str, kingdom: str, kind: str = "town", port: bool = False) -> dict[str, Any]:
    return {"id": pid, "type": "location", "name": pid, "kingdom": kingdom, "kind": kind, "port": port}


def route(a: str, b: str, kind: str = "road", steps: int = 1) -> dict[str, Any]:
    return {"id": f"{a}-{b}", "type": "route", "name": f"{a}-{b}", "from": a, "to": b, "kind": kind, "steps": steps}


def mission(mid: str, kingdom: str, where: str) -> dict[str, Any]:
    return {"id": mid, "type": "mission-card", "name": mid, "kingdom": kingdom, "location": where}


WORLD = [place("c1", "a", "capital", port=True), place("t1", "a"), place("c2", "b", "capital", port=True),
         place("t2", "b"), place("t3", "b"),
         route("c1", "t1", steps=2), route("t1", "t2", steps=3), route("c1", "c2", "sea"),
         route("t2", "t3", "hidden-mountain"),
         mission("m1", "a", "t1"), mission("m2", "b", "t2"), mission("m3", "b", "t3")]


def codes(pack: Pack) -> list[tuple[str, str]]:
    return [(d.code, d.message) for check in LINT_CHECKS for d in check(pack)]


def test_hidden_path_places_need_the_path(make_pack: MakePack) -> None:
    pack = make_pack(WORLD, MOVES)
    plain = reachability(pack)
    assert (plain["all_reachable"], plain["unreachable"]) == (False, {"c1": ["t3"], "c2": ["t3"]})
    found = reachability(pack, paths=["mountain"], horse=True)
    assert found["all_reachable"] and found["movement_points"] == 7
    assert found["farthest"]["c1"] == {"location": "t3", "points": 6, "actions": 1}


def test_ports_sail_to_each_other(make_pack: MakePack) -> None:
    found = ports(make_pack(WORLD, MOVES))
    assert (found["marked"], found["connected"], found["sailing"]) == (["c1", "c2"], True, {"c1": {"c2": 1}, "c2": {"c1": 1}})
    assert found["listed_not_on_map"] == []


def test_disconnected_place_is_reported(make_pack: MakePack) -> None:
    assert codes(make_pack(WORLD, MOVES)) == [
        ("DW922", "1 location(s) (t3) cannot be reached from 'c1' except by a hidden path")]


def test_mission_in_another_kingdom(make_pack: MakePack) -> None:
    pack = make_pack([*WORLD[:-3], mission("m1", "b", "t1")], MOVES)
    assert ("DW921", "b mission 'm1' sends hunters to 't1' in a") in codes(pack)


def test_shared_order_number(make_pack: MakePack) -> None:
    hunters = [{"id": h, "type": "character", "name": h, "order": 4} for h in ("x", "y")]
    assert ("DW923", "'y' has Order number 4, as 'x' has") in codes(make_pack(hunters, MOVES))


def test_season_card_months(make_pack: MakePack) -> None:
    def card(cid: str, season: str, months: list[str]) -> dict[str, Any]:
        return {"id": cid, "type": "season-card", "name": cid, "season": season,
                "months": [{"month": m, "weather": "clear", "movement": 0, "round_type": "normal"} for m in months]}
    pack = make_pack([card("s1", "spring", ["march", "april", "may"]), card("s2", "spring", ["march", "april", "june"]),
                      card("u1", "summer", ["june", "july", "august"])], MOVES)
    assert codes(pack) == [("DW924", "summer card 'u1' shows june, a month of spring (card 's2')"),
                           ("DW924", "season card 's1' lacks june, shown by other spring cards"),
                           ("DW924", "season card 's2' lacks may, shown by other spring cards")]


def test_sea_route_to_a_landlocked_town(make_pack: MakePack) -> None:
    pack = make_pack([place("c1", "a", "capital", port=True), place("t1", "a"), route("c1", "t1", "sea")], MOVES)
    assert codes(pack) == [("DW925", "sea route 'c1-t1' ends at 't1', which is neither a port nor an anchor point")]
