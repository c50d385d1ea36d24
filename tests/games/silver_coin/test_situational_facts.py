"""Facts the seeded games of the fact-mutation test rarely reach (`test_engine.SITUATIONAL`), each changed on a
set position where it decides what happens."""

from __future__ import annotations

from deckwright.games.silver_coin import actions, berserker, effects
from deckwright.games.silver_coin.state import Fight
from deckwright.model import Pack
from tests.games.silver_coin.test_characters import _monster, _state


def test_the_horse_limit_decides_whether_the_merchants_sell_one_more(sc_pack: Pack) -> None:
    for overrides, offered in (({}, False), ({"market.horse.max_owned": 2}, True)):
        state = _state(sc_pack, "fighter", overrides)
        hunter = state.hunters[0]
        hunter.coins = 1000
        hunter.potions["horse"] = 1
        assert (("buy", "horse") in actions.location_options(state, 0)) is offered, overrides


def test_the_natural_chaos_turns_physical_flow_into_its_own_magical_rate(sc_pack: Pack) -> None:
    gained = []
    for overrides in ({}, {"natural_chaos.transform.magical_per_physical": 3}):
        state = _state(sc_pack, "natural-chaos", overrides)
        hunter = state.hunters[0]
        hunter.physical, hunter.magical = state.table.rules.transform_cubes, 0
        actions._token(state, ("transform", "physical"))
        gained.append(hunter.magical)
    assert gained[1] == 3 * state.table.rules.transform_cubes and gained[0] != gained[1]


def test_the_berserkers_rage_per_damage_sets_the_room_a_wound_opens(sc_pack: Pack) -> None:
    room = []
    for overrides in ({}, {"berserker.rage.per_damage": 3}):
        state = _state(sc_pack, "berserker", overrides)
        state.fight = Fight(-1, _monster(state))
        berserker.took_damage(state, 0, 1)
        room.append(state.fight.rage_room)
    assert room[1] == 3 and room[0] != room[1]


def test_the_necromancer_learns_magic_for_her_discount_less(sc_pack: Pack) -> None:
    costs = []
    for overrides in ({}, {"necromancer.magic_discount": 2}):
        necromancer, other = _state(sc_pack, "necromancer", overrides), _state(sc_pack, "fighter", overrides)
        for state in (necromancer, other):  # the Magic chosen at the start: the next one is learned
            state.hunters[0].magic = ["fire"] * state.table.rules.starting_magic
        costs.append((actions.magic_cost(necromancer, 0), actions.magic_cost(other, 0)))
    (base, plain), (deeper, same) = costs
    assert plain == same and base == max(0, plain - 1) and deeper == max(0, plain - 2) and deeper != base


def test_a_movement_action_drinks_up_to_the_facts_speed_potions(sc_pack: Pack) -> None:
    extra = []
    for overrides in ({}, {"potion.speed.max_per_move": 2}):
        state = _state(sc_pack, "fighter", overrides)
        state.hunters[0].potions["speed-potion"] = 3
        extra.append(actions.land_points(state, 0)[1])
    bonus = state.table.rules.speed_bonus
    assert extra == [bonus * 1, bonus * 2]


def test_the_world_tracks_speed_potion_icon_gives_the_facts_potions(sc_pack: Pack) -> None:
    given = []
    for overrides in ({}, {"world_track.speed_potions": 3}):
        state = _state(sc_pack, "fighter", overrides)
        before = state.hunters[0].potions.get("speed-potion", 0)
        effects.world_icon(state, 0, "speed-potions")
        given.append(state.hunters[0].potions["speed-potion"] - before)
    assert given == [_state(sc_pack, "fighter").table.rules.world_speed_potions, 3] and given[0] != 3
