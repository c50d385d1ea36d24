"""The map rules the engine plays: height (falling down a double line, no melee across height, no sight
over higher ground), Fly, and the capacity Large and Huge Enemies take."""

from __future__ import annotations

from deckwright.games.agemonia import GAME, figures, heroes
from deckwright.games.agemonia.state import OFF

ENGINE = GAME.engine


def _area(table, name):
    return table.areas.index(name)


def test_a_hero_may_fall_down_a_double_line_but_not_climb_it(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-flooded-cellar", 1)
    stairs, cellar = _area(table, "stairs"), _area(table, "cellar")
    assert cellar in table.falls[stairs] and stairs not in table.falls[cellar]
    assert cellar not in table.adjacent[stairs]
    state = ENGINE.new_state(table, 0)
    state.e_area = [OFF] * len(state.e_area)
    state.seat, state.move_points, state.h_area[0] = 0, 1, stairs
    assert ("step", cellar) in heroes.legal(state)
    state.h_area[0], state.move_points = cellar, 1
    assert ("step", stairs) not in heroes.legal(state)


def test_falling_costs_the_movement_points_the_rules_state(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-flooded-cellar", 1, {"falling.movement_cost": 2})
    stairs, cellar = _area(table, "stairs"), _area(table, "cellar")
    state = ENGINE.new_state(table, 0)
    state.e_area = [OFF] * len(state.e_area)
    state.seat, state.move_points, state.h_area[0] = 0, 1, stairs
    assert ("step", cellar) not in heroes.legal(state)
    state.move_points = 2
    heroes.apply(state, ("step", cellar))
    assert state.h_area[0] == cellar and state.move_points == 0


def test_higher_ground_between_two_areas_blocks_their_sight():
    from deckwright.games.agemonia.table import _distances, _sight

    # a - hill - b in a row, and a longer way round a - c - d - b at the foot of the hill
    edges = [(0, 1), (1, 2), (0, 3), (3, 4), (4, 2)]
    dist = _distances(5, edges)
    flat = _sight(5, edges, (0, 0, 0, 0, 0), dist, set())
    hill = _sight(5, edges, (0, 1, 0, 0, 0), dist, set())
    assert flat[0][2] and not hill[0][2]  # the straight line crosses the hill
    assert hill[0][1] and hill[1][2]  # the hill itself is seen, and sees down
    assert _sight(5, edges, (1, 1, 0, 0, 0), dist, set())[0][2]  # from as high as the hill


def test_a_flying_enemy_crosses_double_lines_and_springs_no_trap(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-broken-ritual", 1)
    archer = next(i for i, kind in enumerate(table.enemy_types) if kind.id == "enemy-archer")
    assert table.enemy_types[archer].fly
    tower, gate = _area(table, "tower"), _area(table, "gate")
    assert gate in table.flights[tower] and gate not in table.adjacent[tower]


def test_a_large_enemy_takes_the_capacity_the_rules_state(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-prison-break", 1)
    zlohian = next(i for i, kind in enumerate(table.enemy_types) if kind.id == "enemy-zlohian")
    assert table.enemy_types[zlohian].room == table.rules["enemy.large_capacity"] == 2
    state = ENGINE.new_state(table, 0)
    slot = next(e for e, kind in enumerate(state.e_type) if kind == zlohian and state.e_area[e] != OFF)
    area = state.e_area[slot]
    others = sum(1 for e, at in enumerate(state.e_area) if at == area and e != slot)
    assert figures.figures_in(state, area) == others + 2
    bigger = ENGINE.compile(agm_pack, "sample-prison-break", 1, {"enemy.large_capacity": 3})
    assert bigger.enemy_types[zlohian].room == 3


def test_an_area_attack_hits_every_enemy_in_reach_of_its_centre(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-flooded-cellar", 3)
    zuvasai = next(h for h, hero in enumerate(table.heroes) if hero.hero == "zuvasai")
    blast = next(i for i, a in enumerate(table.heroes[zuvasai].actions) if a.id == "zuvasai-runic-blast")
    state = ENGINE.new_state(table, 0)
    hall, cellar = _area(table, "hall"), _area(table, "cellar")
    state.h_area[zuvasai], state.h_action[zuvasai], state.seat, state.acts = hall, blast, zuvasai, 1
    areas = [a for a in heroes.legal(state) if a[0] == "area"]
    assert ("area", cellar, "magic") in areas
    hit = heroes.area_hits(state, hall, cellar, 1)
    assert len({state.e_area[e] for e in hit}) > 1  # the centre and the areas around it
    before = [state.e_health[e] for e in hit]
    heroes.land_area_attack(state, ("roll", "a", 3, "hero-area", zuvasai, cellar, "magic"), 3)
    assert all(state.e_health[e] < b or state.e_area[e] == OFF for e, b in zip(hit, before))


def test_pierce_ignores_shield_points_as_the_rules_state(agm_pack):
    table = ENGINE.compile(agm_pack, "sample-flooded-cellar", 3)
    torrax = 0
    crush = next(i for i, a in enumerate(table.heroes[torrax].actions) if a.id == "torrax-colossal-crush")
    assert table.heroes[torrax].actions[crush].pierce == 1
    state = ENGINE.new_state(table, 0)
    slot = next(e for e, kind in enumerate(state.e_type) if table.enemy_types[kind].shield == 1)
    assert heroes._shield(state, slot, table.heroes[torrax].actions[crush]) == 0
    none = ENGINE.compile(agm_pack, "sample-flooded-cellar", 3, {"pierce.shield_ignored_per_point": 0})
    assert heroes._shield(ENGINE.new_state(none, 0), slot, none.heroes[torrax].actions[crush]) == 1
