"""Items a Hero keeps when it uses them (`items_kept`): limits per scenario and per turn, costs in stamina,
a condition or an item token, and the effects they brought (Drain, harm, an Ally mended or blessed,
an ability raised while carried, a Recover's extra after a magic attack)."""

from __future__ import annotations

from collections import Counter

import pytest

from deckwright.engine.playout import play, random_policy, replay
from deckwright.engine.effects import effect_findings
from deckwright.games.agemonia import items
from deckwright.games.agemonia.figures import damage_enemy
from deckwright.games.agemonia.invariants import check_state
from deckwright.games.agemonia.played import EFFECTS
from deckwright.games.agemonia.policies import POLICIES
from tests.games.agemonia.test_items_play import ENGINE, _at, _index, _skitterer, _table

MAUL = {"item": "maul-of-torrax"}


def test_a_kept_item_readied_once_a_scenario_stays_and_drains_what_the_enemy_lost(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "urskull-once"}])
    state = _at(agm_pack, table, "torrax-raging-smash")
    skull = _index(table, "urskull-once")
    assert ("ready", skull) in ENGINE.legal_actions(state)
    state = ENGINE.apply(state, ("ready", skull))
    assert skull in state.h_items[0] and state.kept_uses == ((0, skull, state.round),)
    slot = _skitterer(state)
    state.h_disk[0], state.h_wounds[0] = table.heroes[0].stamina - 3, 3
    before = state.e_health[slot]
    damage_enemy(state, slot, 1)
    items.landed(state, 0, slot, before)
    assert state.h_wounds[0] == 2 and state.ready == ()  # healed by the 1 damage the Enemy took
    state.round += 1
    state.acts = 1
    assert ("ready", skull) not in ENGINE.legal_actions(state)  # once a scenario
    assert not check_state(state)


def test_nazags_stun_is_used_twice_only_when_the_card_says_so(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "nazag", "once_per_scenario": 2}])
    state = _at(agm_pack, table, "torrax-raging-smash")
    nazag = _index(table, "nazag")
    for turn in range(2):
        state.round, state.acts, state.ready = turn + 1, 1, ()
        assert ("ready", nazag) in ENGINE.legal_actions(state)
        state = ENGINE.apply(state, ("ready", nazag))
    state.round, state.acts, state.ready = 3, 1, ()
    assert ("ready", nazag) not in ENGINE.legal_actions(state)


def test_a_tome_costs_its_essence_token_and_drains_an_enemy(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "tome-of-wolzad"}, {"item": "death-essence"}])
    state = _at(agm_pack, table)
    tome, essence = _index(table, "tome-of-wolzad"), _index(table, "death-essence")
    slot = _skitterer(state)
    state.h_disk[0], state.h_wounds[0] = table.heroes[0].stamina - 3, 3
    health = state.e_health[slot]
    state = ENGINE.apply(state, ("item", tome, slot))
    drained = min(3, health - int(table.rules["health.defeated_at"]))
    assert tome in state.h_items[0] and essence not in state.h_items[0] and state.maneuvers == 1
    assert state.h_wounds[0] == 3 - drained
    assert state.e_health[slot] == health - 3 or state.e_area[slot] == -1
    assert not [a for a in ENGINE.legal_actions(state) if a[:2] == ("item", tome)]  # no token left


def test_the_eye_harms_an_enemy_in_range_and_weakens_its_user(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "eye-of-zoggothu"}])
    state = _at(agm_pack, table)
    eye, slot = _index(table, "eye-of-zoggothu"), _skitterer(state)
    health = state.e_health[slot]
    state = ENGINE.apply(state, ("item", eye, slot))
    harm = table.items[eye].effects.amount
    assert state.e_health[slot] == health - harm or state.e_area[slot] == -1
    weakened = next(i for i, c in enumerate(table.conditions) if c.id == "weakened")
    assert any(code >> 1 == weakened for code in state.h_conds[0]) and eye in state.h_items[0]
    state.maneuvers = 1
    assert [a for a in ENGINE.legal_actions(state) if a[:2] == ("item", eye)]  # no limit but the maneuver


@pytest.mark.parametrize("pet, condition", [("withered-hand", "weakened"), ("mazog", "bleeding")])
def test_a_standee_pet_gives_an_enemy_in_its_area_its_condition_for_stamina(agm_pack, pet, condition):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": pet}])
    state = _at(agm_pack, table)
    hand, slot = _index(table, pet), _skitterer(state)
    disk = state.h_disk[0]
    state = ENGINE.apply(state, ("item", hand, slot))
    given = next(i for i, c in enumerate(table.conditions) if c.id == condition)
    assert state.h_disk[0] == disk - 1 and any(code >> 1 == given for code in state.e_conds[slot])
    # an item is a start the condition's card lists (Mazog's Bleeding, lines 5027-5029)
    assert state.usage[f"{condition}<item"] == 1 and "item" in agm_pack.by_id[condition].get("gained_by")
    state.h_disk[0] = 0
    state.maneuvers = 1
    assert not [a for a in ENGINE.legal_actions(state) if a[:2] == ("item", hand)]  # no stamina to pay


def test_the_boon_heals_an_ally_in_the_area_once_a_scenario(agm_pack):
    table = _table(agm_pack, "board-lunara", [{"item": "aox-scimitar"}, {"item": "boon-of-aiun"}], players=2)
    state = _at(agm_pack, table)
    boon = _index(table, "boon-of-aiun")
    assert not [a for a in ENGINE.legal_actions(state) if a[:2] == ("item", boon)]  # nobody hurt
    state.h_area[1] = state.h_area[0]
    state.h_disk[1], state.h_wounds[1] = table.heroes[1].stamina - 3, 3
    state = ENGINE.apply(state, ("item", boon, 1))
    assert state.h_wounds[1] == 1 and state.maneuvers == 2
    state.round += 1
    assert not [a for a in ENGINE.legal_actions(state) if a[:2] == ("item", boon)]


def test_the_figurine_blesses_and_a_tome_rids_allies_in_range_of_their_conditions(agm_pack):
    carried = [{"item": "aox-scimitar"}, {"item": "figurine-of-lanimora"}, {"item": "tome-of-tiamar"},
               {"item": "nature-essence"}]
    table = _table(agm_pack, "board-lunara", carried, players=2)
    state = _at(agm_pack, table)
    state.h_area[1] = state.h_area[0]
    state = ENGINE.apply(state, ("item", _index(table, "figurine-of-lanimora")))
    blessed = next(i for i, c in enumerate(table.conditions) if c.id == "blessed")
    assert all(any(code >> 1 == blessed for code in state.h_conds[h]) for h in (0, 1))
    state = ENGINE.apply(state, ("item", _index(table, "tome-of-tiamar")))
    assert state.h_conds[0] == state.h_conds[1] == ()
    assert _index(table, "nature-essence") not in state.h_items[0]
    assert not check_state(state)


def test_a_gift_of_fire_raises_an_ability_while_carried(agm_pack):
    plain = _table(agm_pack, "board-torrax", [MAUL])
    gifted = _table(agm_pack, "board-torrax", [MAUL, {"item": "gift-of-fire-male"}])
    assert gifted.heroes[0].abilities[0] == plain.heroes[0].abilities[0] + 1
    assert gifted.heroes[0].abilities[1:] == plain.heroes[0].abilities[1:]


def test_aiunin_restores_more_on_a_recover_after_a_magic_attack(agm_pack):
    table = _table(agm_pack, "board-zuvasai", [{"item": "aiunin"}])
    restored = []
    for magic in (0, 4):
        state = _at(agm_pack, table)
        state.h_disk[0], state.h_spent[0], state.attacked = 1, table.heroes[0].stamina - 1, magic
        state = ENGINE.apply(state, ("recover", "restore"))
        restored.append(state.h_disk[0])
    assert restored[1] == restored[0] + table.items[0].effects.recover[0]


def test_a_tool_is_a_weapon_and_the_kept_items_are_judged_played(agm_pack):
    listed = {d.subject for d in effect_findings(agm_pack, EFFECTS) if d.code == "DW512"}
    for item in ("pickaxe", "shovel", "tome-of-wolzad", "urskull-twice", "gift-of-fire", "aiun-tear", "aiunin"):
        assert f"item/{item}" not in listed
    table = _table(agm_pack, "board-torrax", [{"item": "shovel"}])
    assert table.items[0].attack == "melee" and table.items[0].hands == 2


def test_the_stash_deals_a_tome_with_the_token_each_use_costs(agm_pack):
    found = 0
    for scenario in ENGINE.scenarios(agm_pack):
        for players in ENGINE.player_counts(agm_pack):
            table = ENGINE.compile(agm_pack, scenario, players)
            for hero in table.heroes:
                carried = {table.items[i].id for i in hero.items}
                for tome, token in (("tome-of-wolzad", "death-essence"), ("tome-of-tiamar", "nature-essence"),
                                    ("tome-of-selecos", "life-essence")):
                    if tome in carried:
                        found += 1
                        assert token in carried, (scenario, players, hero.id)
    assert found


def test_the_remaker_sets_a_trap_once_a_scenario_at_the_heros_height(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "geomantic-remaker"}])
    state = _at(agm_pack, table)
    remaker, here = _index(table, "geomantic-remaker"), state.h_area[0]
    offered = [a for a in ENGINE.legal_actions(state) if a[:2] == ("item", remaker)]
    assert offered and all(table.heights[~a[2]] == table.heights[here] and ~a[2] not in state.traps for a in offered)
    area = ~offered[0][2]
    state = ENGINE.apply(state, offered[0])
    assert area in state.traps and state.maneuvers == 2 and remaker in state.h_items[0]
    state.round += 1
    assert not [a for a in ENGINE.legal_actions(state) if a[:2] == ("item", remaker)]


def test_the_golem_cube_moves_a_non_elite_enemy_of_its_traits_where_the_hero_wishes(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "golem-cube"}])
    state = _at(agm_pack, table)
    cube = _index(table, "golem-cube")
    assert not [a for a in ENGINE.legal_actions(state) if a[:2] == ("item", cube)]  # no Construct in the sample
    anyone = _table(agm_pack, "board-torrax", [MAUL, {"item": "golem-cube", "use": {"shove": 2, "range": 2}}])
    state = _at(agm_pack, anyone)
    cube = _index(anyone, "golem-cube")
    offered = [a for a in ENGINE.legal_actions(state) if a[:2] == ("item", cube)]
    assert offered and all(anyone.move_dist[state.e_area[a[2]]][a[3]] <= 2 for a in offered)
    _, _, slot, area = offered[-1]
    state = ENGINE.apply(state, offered[-1])
    assert state.e_area[slot] == area and state.maneuvers == 1 and cube in state.h_items[0]
    assert not check_state(state)


def test_seeded_games_with_kept_items_use_them_within_their_limits_and_replay(agm_pack):
    carried = [{"item": "aox-scimitar"}, {"item": "urskull-twice"}, {"item": "tome-of-wolzad"},
               {"item": "death-essence"}, {"item": "eye-of-zoggothu"}, {"item": "whisper-of-aiun"},
               {"item": "boon-of-aiun"}, {"item": "gift-of-fire-male"}]
    table = _table(agm_pack, "board-lunara", carried, scenario="sample-broken-ritual")
    used: Counter[str] = Counter()
    for policy in (random_policy, POLICIES["heuristic"], POLICIES["greedy"]):
        for seed in range(8):
            result = play(ENGINE, table, seed, [policy], check=True, record=seed == 0)
            assert not result.violations and result.steps < ENGINE.max_steps(table)
            assert result.usage.get("urskull-twice", 0) <= 2 * 2  # readied and spent: two uses at most
            assert result.usage.get("tome-of-wolzad", 0) <= 1  # one Death Essence token
            used.update(result.usage)
            if seed == 0:
                state, problems = replay(ENGINE, table, seed, result.log)
                assert problems == []
    for key in ("item-kept", "item-effect:drain", "item-kept-token-spent", "eye-of-zoggothu", "whisper-of-aiun"):
        assert used[key], key
