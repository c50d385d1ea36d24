"""Rules played on The Sky Bridge, checked on hand-built positions: Summoned Allies (one at a time, acting
from the next round, run by their summoner), a Scenario Specific Ally joining at its story point,
flying Allies, Teleport by item and by Teleport token, adjacent area and straight line attacks."""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import GAME, figures, heroes, story
from deckwright.games.agemonia.state import OFF, TURNS

ENGINE = GAME.engine
SKY = "sample-sky-bridge"
TORRAX, ZUVASAI = 0, 1


def _turn(agm_pack: Any, players: int = 2, hero: int = ZUVASAI, action: str = "", overrides: Any = None) -> Any:
    """The Ally's turn with its action and maneuver unspent, every Enemy off the map."""
    table = ENGINE.compile(agm_pack, SKY, players, overrides)
    s = ENGINE.new_state(table, 0)
    s.phase, s.seat, s.pending, s.queue, s.qpos = TURNS, hero, [], [hero], 0
    s.acts, s.maneuvers, s.move_points = 1, 1, 0
    if action:
        s.h_action[hero] = [a.id for a in table.heroes[hero].actions].index(action)
    s.e_area = [OFF] * len(s.e_area)
    return s


def _area(s: Any, name: str) -> int:
    return s.table.areas.index(name)


def _ally(s: Any, card: str) -> int:
    return next(h for h, f in enumerate(s.table.heroes) if f.hero == card)


def _item(s: Any, item: str) -> int:
    return next(i for i, it in enumerate(s.table.items) if it.id == item)


def _put(s: Any, enemy: str, area: str) -> int:
    kind = next(i for i, e in enumerate(s.table.enemy_types) if e.id == enemy)
    figures.spawn(s, kind, _area(s, area), 1)
    return max(e for e, at in enumerate(s.e_area) if at == _area(s, area))


def test_a_summoned_ally_comes_in_range_run_by_its_summoner_and_acts_next_round(agm_pack):
    s = _turn(agm_pack)
    vespir = _ally(s, "ally-vespir")
    assert s.h_area[vespir] == OFF and s.h_exhausted[vespir]  # not in play before it is summoned
    figurine = _item(s, "obsidian-figurine")
    uses = [a for a in heroes.legal(s) if a[:2] == ("use", figurine)]
    assert {s.table.areas[a[2]] for a in uses} == {"landing", "bridge-west", "tower"}  # range 0-1, in sight
    heroes.apply(s, ("use", figurine, _area(s, "tower")))
    assert s.h_area[vespir] == _area(s, "tower") and not s.h_exhausted[vespir]
    assert figurine not in s.h_items[ZUVASAI] and s.h_owner[vespir] == ZUVASAI
    assert vespir not in s.queue  # summoning.waits_a_round
    s.seat = vespir
    assert ENGINE.current_player(s) == ZUVASAI
    now = _turn(agm_pack, overrides={"summoning.waits_a_round": False})
    heroes.apply(now, ("use", figurine, _area(now, "tower")))
    assert now.queue == [ZUVASAI, vespir]


def test_the_party_has_as_many_summoned_allies_at_once_as_the_rules_allow(agm_pack):
    for most, can in ((1, False), (2, True)):
        s = _turn(agm_pack, overrides={"summoned_ally.max": most})
        togrel = _ally(s, "ally-togrel")
        s.h_area[togrel], s.h_exhausted[togrel] = _area(s, "landing"), False
        figurine = _item(s, "obsidian-figurine")
        assert any(a[:2] == ("use", figurine) for a in heroes.legal(s)) is can


def test_a_scenario_ally_joins_when_its_story_point_resolves_and_makes_no_checks(agm_pack):
    s = _turn(agm_pack)
    warden = _ally(s, "ally-sky-warden")
    assert s.h_area[warden] == OFF
    cage = next(i for i, p in enumerate(s.table.story_points) if p.id == "c")
    story.resolve_story(s, TORRAX, cage)
    assert s.h_area[warden] == _area(s, "ledge") and not s.h_exhausted[warden]
    s.h_area[warden] = _area(s, "sanctum")  # the objective's might check is a Hero's to make
    story.trigger_story(s, warden)
    assert not s.pending and not s.story_done >> 1 & 1
    s.h_area[TORRAX] = _area(s, "sanctum")
    story.trigger_story(s, TORRAX)
    assert s.pending[0][3] == "story"


def test_a_flying_ally_crosses_double_lines_upward_and_springs_no_trap_unless_it_chooses(agm_pack):
    s = _turn(agm_pack)
    vespir = _ally(s, "ally-vespir")
    s.h_area[vespir], s.h_exhausted[vespir], s.seat, s.move_points = _area(s, "landing"), False, vespir, 2
    assert ("step", _area(s, "tower")) in heroes.legal(s)
    heroes.apply(s, ("step", _area(s, "bridge-west")))
    heroes.apply(s, ("step", _area(s, "bridge-mid")))  # the trapped area: it may pass over the trap
    assert heroes.legal(s) == [("spring",), ("fly-over",)] and not s.pending
    heroes.apply(s, ("fly-over",))
    assert not s.trap_choice and not s.pending and _area(s, "bridge-mid") in s.traps
    walker = _turn(agm_pack, hero=TORRAX)
    walker.move_points = 2
    assert ("step", _area(walker, "tower")) not in heroes.legal(walker)  # up a double line: no
    heroes.apply(walker, ("step", _area(walker, "bridge-west")))
    heroes.apply(walker, ("step", _area(walker, "bridge-mid")))
    assert walker.trap_choice


def test_teleport_by_item_needs_sight_and_range_across_the_white_lines_and_ignores_held(agm_pack):
    s = _turn(agm_pack)
    cube = _item(s, "cube-of-teleportation")
    figures.gain(s, figures.HERO, ZUVASAI, next(i for i, c in enumerate(s.table.conditions) if c.id == "held"), "test")
    into = {s.table.areas[a[2]] for a in heroes.legal(s) if a[:2] == ("use", cube)}
    assert into == {"bridge-west", "bridge-mid", "bridge-east", "tower", "ledge"}  # not sanctum: no sight
    heroes.apply(s, ("use", cube, _area(s, "tower")))
    assert s.h_area[ZUVASAI] == _area(s, "tower")
    single = _turn(agm_pack, overrides={"map.white_line_kinds": {"single": 1}})
    into = {single.table.areas[a[2]] for a in heroes.legal(single) if a[:2] == ("use", cube)}
    assert into == {"bridge-west", "bridge-mid", "bridge-east"}  # the double line to the tower is not crossed


def test_teleport_leaves_a_provoking_enemy_unprovoked(agm_pack):
    for teleported in (True, False):
        s = _turn(agm_pack, players=3)
        zlohian = _put(s, "enemy-zlohian", "bridge-west")
        assert s.table.enemy_types[s.e_type[zlohian]].provoke
        s.h_area[ZUVASAI], s.move_points = _area(s, "bridge-west"), 1
        # no item giving Evade against the provoke (the stash deals Togsbane)
        s.h_items[ZUVASAI] = tuple(i for i in s.h_items[ZUVASAI] if s.table.items[i].effects.react is None)
        before = s.h_disk[ZUVASAI] + s.h_spent[ZUVASAI]
        if teleported:
            teleport_from = ("use", _item(s, "cube-of-teleportation"), _area(s, "landing"))
            s.move_points = 0
            heroes.apply(s, teleport_from)
        else:
            heroes.apply(s, ("step", _area(s, "landing")))
        assert (s.h_disk[ZUVASAI] + s.h_spent[ZUVASAI] == before) is teleported


def test_a_teleport_token_costs_movement_and_leads_only_from_an_active_token(agm_pack):
    s = _turn(agm_pack, hero=TORRAX)
    s.move_points = 2
    assert ("teleport", _area(s, "ledge")) in heroes.legal(s)
    heroes.apply(s, ("teleport", _area(s, "ledge")))
    assert s.h_area[TORRAX] == _area(s, "ledge") and s.move_points == 1
    assert not [a for a in heroes.legal(s) if a[0] == "teleport"]  # the ledge's token lies inactive
    dear = _turn(agm_pack, hero=TORRAX, overrides={"teleport_token.movement_cost": 3})
    dear.move_points = 2
    assert not [a for a in heroes.legal(dear) if a[0] == "teleport"]


def test_an_ally_teleported_into_a_full_area_goes_back_at_the_end_of_its_turn(agm_pack):
    s = _turn(agm_pack, players=3)
    tower = _area(s, "tower")
    s.h_area[TORRAX] = s.h_area[2] = tower  # the tower holds two
    heroes.apply(s, ("use", _item(s, "cube-of-teleportation"), tower))
    assert s.h_area[ZUVASAI] == tower
    heroes.apply(s, ("end",))
    assert s.h_area[ZUVASAI] == _area(s, "landing")


def test_a_straight_line_attack_takes_the_enemies_the_player_chooses_one_per_area(agm_pack):
    for per_area in (1, 2):
        s = _turn(agm_pack, action="zuvasai-aquatic-jolt", overrides={"straight_line.enemies_per_area": per_area})
        west = [_put(s, "enemy-skitterer", "bridge-west") for _ in range(2)]
        far = _put(s, "enemy-skitterer", "bridge-east")
        lines = [a for a in heroes.legal(s) if a[0] == "line"]
        assert {a[1] for a in lines} == {0}  # one line, in the one direction that holds Enemies
        chosen = [{e for e in range(len(s.e_area)) if a[3] >> e & 1} for a in lines]
        assert sorted(map(sorted, chosen)) == ([sorted({w, far}) for w in west] if per_area == 1 else [sorted({*west, far})])
        for action, targets in zip(lines, chosen):
            played = s.copy()
            heroes.apply(played, action)
            assert played.pending[0][3] == "hero-line"
            story.settle_roll(played, played.pending.pop(0), 1)
            hit = {e for e in (*west, far) if played.e_health[e] < s.e_health[e] or played.e_area[e] == OFF}
            assert hit == targets


def test_the_policies_aim_a_straight_line_at_the_weakest_enemy_of_an_area(agm_pack):
    import random

    from deckwright.games.agemonia.policies import greedy

    s = _turn(agm_pack, action="zuvasai-aquatic-jolt")
    west = [_put(s, "enemy-skitterer", "bridge-west") for _ in range(2)]
    s.e_health[west[1]] = 1
    s.h_gems[ZUVASAI] = 0
    s.h_items[ZUVASAI] = ()  # nothing to use or ready first (the stash deals some): the attack is the choice
    assert len([a for a in heroes.legal(s) if a[0] == "line"]) == 2  # either Enemy of bridge-west
    picked = greedy(GAME.engine, s, random.Random(0))
    assert picked[0] == "line" and picked[3] == 1 << west[1]


def test_an_adjacent_area_attack_hits_every_enemy_in_two_neighbouring_areas(agm_pack):
    s = _turn(agm_pack, hero=TORRAX, action="torrax-stone-barrage")
    west, mid = _put(s, "enemy-skitterer", "bridge-west"), _put(s, "enemy-skitterer", "bridge-mid")
    east = _put(s, "enemy-skitterer", "bridge-east")
    pair = 1 << _area(s, "bridge-west") | 1 << _area(s, "bridge-mid")
    legal = heroes.legal(s)
    assert ("adjacent", pair, "magic") in legal
    assert not [a for a in legal if a[0] == "adjacent" and a[1] >> _area(s, "bridge-east") & 1]  # out of range
    heroes.apply(s, ("adjacent", pair, "magic"))
    story.settle_roll(s, s.pending.pop(0), 1)
    assert s.e_health[west] < 3 and s.e_health[mid] < 3 and s.e_health[east] == 3
    up = 1 << _area(s, "landing") | 1 << _area(s, "tower")
    tower = _put(s, "enemy-archer", "tower")
    assert s.e_area[tower] == _area(s, "tower")
    assert ("adjacent", up, "magic") in heroes.legal(_ready(s))
    single = _turn(agm_pack, hero=TORRAX, action="torrax-stone-barrage", overrides={"map.white_line_kinds": {"single": 1}})
    _put(single, "enemy-archer", "tower")
    assert ("adjacent", up, "magic") not in heroes.legal(single)  # a double line no longer joins them


def _ready(s: Any) -> Any:
    s.acts = 1
    return s


def test_an_enemy_teleports_where_it_can_attack_even_when_held(agm_pack):
    from deckwright.games.agemonia import enemies

    for held in (False, True):
        s = _turn(agm_pack, hero=TORRAX)
        s.h_area[TORRAX] = s.h_area[ZUVASAI] = _area(s, "bridge-west")
        lumin = _put(s, "enemy-lumin", "sanctum")
        if held:
            figures.gain(s, figures.ENEMY, lumin, next(i for i, c in enumerate(s.table.conditions) if c.id == "held"), "test")
        s.face = next(i for i, f in enumerate(s.table.faces) if f.eye == "closed")  # Teleport 2, magic range 1
        enemies.begin_turn(s, lumin)
        assert s.e_area[lumin] == _area(s, "bridge-mid")
        assert s.pending[0][:2] == ("trap", figures.ENEMY)  # it enters the trapped area it arrives in
