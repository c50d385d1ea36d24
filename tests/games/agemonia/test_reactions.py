"""A Hero's decisions at reaction time (`reactions`): the items used before the reactive check of an Enemy
attack (Rune of the Tree, Rune of the Moons, Pennark Signet, Aox Amulet, Runic Bone), after a roll (Spark,
Lucky Coin, Rune of the Beast), as the turns begin (Rune of the Snake, Ring of Mazurak) and before a
provoked step (Togsbane), each on a hand-built position, and a seeded playout in which a rune is used."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from deckwright.engine.playout import play, random_policy
from deckwright.gamekit import CHANCE
from deckwright.games.agemonia import GAME, enemies, items_values, reactions
from deckwright.games.agemonia.policies import POLICIES
from deckwright.games.agemonia.state import OFF, TURNS, State
from deckwright.games.agemonia.table import scenario_entities

ENGINE = GAME.engine
PRISON = "sample-prison-break"


@pytest.fixture(scope="module")
def table(agm_pack: Any) -> Any:
    """The Prison Break for 4 Heroes (its listed party), holding every reaction item the stash deals."""
    base = dataclasses.replace(ENGINE.compile(agm_pack, PRISON, 4), parties=())
    items = list(base.items)
    for scenario, players in ((e.id, n) for e in scenario_entities(agm_pack) for n in range(1, 5)):
        for item in ENGINE.compile(agm_pack, scenario, players).items:
            if item.effects.react is not None and item.id not in {i.id for i in items}:
                items.append(item)
    return dataclasses.replace(base, items=tuple(items))


def _index(state: State, item_id: str) -> int:
    return next(i for i, item in enumerate(state.table.items) if item.id == item_id)


def _attacked(table: Any, *item_ids: str, eye_damage: int = 3) -> tuple[State, int]:
    """The Zlohian's melee attack (of `eye_damage`) on the first Hero, alone with it in the yard and holding
    only these items, none in use; the other Heroes far off in the cell."""
    state = ENGINE.new_state(table, 0)
    yard, cell = table.areas.index("yard"), table.areas.index("cell")
    state.h_area = [yard] + [cell] * (len(state.h_area) - 1)
    state.h_items[0] = tuple(_index(state, i) for i in item_ids)
    state.h_worn[0] = ()  # nothing in use either: no armour's shields on the check, whatever the stash dealt
    kind = next(k for k, e in enumerate(table.enemy_types) if e.id == "enemy-zlohian")
    slot = next(e for e, t in enumerate(state.e_type) if t == kind)
    for other, area in enumerate(state.e_area):
        if area != OFF and other != slot:
            state.e_area[other] = OFF
    state.e_area[slot] = yard
    zlohian = table.enemy_types[kind]
    state.face = next(i for i, f in enumerate(table.faces)
                      if zlohian.actions[f.eye].kind == "melee" and zlohian.actions[f.eye].damage == eye_damage
                      and zlohian.actions[f.eye].area < 0)
    state.pending, state.seat, state.phase = [], -1, TURNS
    state.h_conds[0] = ()
    enemies.attack(state, slot)
    return state, slot


def test_an_attack_on_a_hero_with_no_reaction_item_rolls_at_once(table):
    state, _ = _attacked(table)
    assert state.pending[0][0] == "roll" and ENGINE.current_player(state) == CHANCE


def test_the_tree_rune_takes_all_the_damage_of_the_attack(table):
    state, slot = _attacked(table, "rune-of-the-tree")
    assert reactions.deciding(state) and ENGINE.current_player(state) == state.h_owner[0]
    tree = _index(state, "rune-of-the-tree")
    assert ENGINE.legal_actions(state) == [reactions.PASS, ("react", tree)]
    passed = ENGINE.apply(state, reactions.PASS)
    assert passed.pending[0][:4] == ("roll", "r", passed.pending[0][2], "enemy-hit") and passed.pending[0][6] > 0
    hurt = ENGINE.apply(passed, ("roll", 0, 0))
    used = ENGINE.apply(state, ("react", tree))
    assert used.pending[0][6] == 0 and tree not in used.h_items[0] and used.usage["rune-of-the-tree"] == 1
    safe = ENGINE.apply(used, ("roll", 0, 0))
    assert safe.h_wounds[0] + safe.h_spent[0] == 0 < hurt.h_wounds[0] + hurt.h_spent[0] + hurt.h_wounded[0]


def test_shield_tokens_take_their_shields_off_and_are_offered_again_while_the_damage_lasts(table):
    state, _ = _attacked(table, "aox-amulet", "runic-bone")
    amount = state.pending[0][6]
    amulet, bone = _index(state, "aox-amulet"), _index(state, "runic-bone")
    once = ENGINE.apply(state, ("react", amulet))
    shields = state.table.items[amulet].effects.react.shields
    assert reactions.deciding(once) and once.pending[0][6] == amount - shields
    assert ENGINE.legal_actions(once) == [reactions.PASS, ("react", bone)]
    twice = ENGINE.apply(once, ("react", bone))
    rolled = ENGINE.apply(state, reactions.PASS).pending[0][6]  # the check's damage after the Hero's own shields
    assert twice.pending[0][0] == "roll" and twice.pending[0][6] == max(0, rolled - shields - 1) < rolled
    assert not twice.h_items[0]


def test_the_signet_mirrors_the_attack_once_a_scenario_and_is_kept(table):
    state, slot = _attacked(table, "pennark-signet")
    signet = _index(state, "pennark-signet")
    health = state.e_health[slot]
    mirrored = ENGINE.apply(state, ("react", signet))
    # no reactive check: the Zlohian suffers the attack's damage, the Hero none
    assert not mirrored.pending and mirrored.e_health[slot] == health - 3 and mirrored.usage["mirror"] == 1
    assert mirrored.h_items[0] == (signet,) and mirrored.kept_uses == ((0, signet, mirrored.round),)
    mirrored.pending = []
    enemies.attack(mirrored, slot)  # used this scenario: the next attack is rolled against at once
    assert mirrored.pending[0][0] == "roll"


def test_a_reaction_item_is_kept_as_often_as_its_cards_once_per_scenario_says(table, agm_pack):
    """One mechanism for items kept (`items_kept`): the reaction items' uses per scenario are their cards'
    `once_per_scenario` (the Ring of Mazurak's printed 1), counted in `kept_uses` like every kept item's."""
    from deckwright.games.agemonia import items_values

    for item_id in ("ring-of-mazurak", "pennark-signet", "lucky-coin"):
        kept = table.items[next(i for i, item in enumerate(table.items) if item.id == item_id)].effects.kept
        assert kept is not None and kept.per_scenario == agm_pack.by_id[item_id].get("once_per_scenario") == 1
    # a board's entry stating the limit again (2) wins over the card's
    entry = items_values.values(agm_pack, {"item": "pennark-signet", "once_per_scenario": 2})
    signet_twice = items_values.effects(agm_pack, entry, lambda *a, **k: -1)
    twice = dataclasses.replace(table, items=tuple(dataclasses.replace(item, effects=signet_twice)
                                                   if item.id == "pennark-signet" else item for item in table.items))
    state, slot = _attacked(twice, "pennark-signet")
    signet = _index(state, "pennark-signet")
    for use in range(2):
        assert ("react", signet) in ENGINE.legal_actions(state)
        state = ENGINE.apply(state, ("react", signet))
        state.pending = []
        state.e_health[slot] = 9
        enemies.attack(state, slot)
    assert state.pending[0][0] == "roll" and len(state.kept_uses) == 2 and state.h_items[0] == (signet,)


def test_the_moons_rune_gives_revenge_for_the_damage_taken(table):
    state, slot = _attacked(table, "rune-of-the-moons")
    moons = _index(state, "rune-of-the-moons")
    health = state.e_health[slot]
    used = ENGINE.apply(state, ("react", moons))
    assert used.reflects == [(0, "revenge", "melee")]
    landed = ENGINE.apply(used, ("roll", 1, 0))  # one success: some of the 3 damage gets through
    taken = used.h_disk[0] - landed.h_disk[0]
    assert not landed.h_wounded[0] and taken > 0
    assert landed.e_health[slot] == health - taken and landed.usage["revenge"] == 1 and not landed.reflects


def test_spark_rolls_a_short_reactive_check_again_and_lucky_coin_once_a_scenario(table):
    state, _ = _attacked(table, "spark", "lucky-coin")
    roll = state.pending[0]
    rolled = ENGINE.apply(state, ("roll", 0, 0))
    spark, coin = _index(state, "spark"), _index(state, "lucky-coin")
    assert reactions.deciding(rolled)
    assert ENGINE.legal_actions(rolled) == [reactions.PASS, *sorted([("react", spark), ("react", coin)])]
    again = ENGINE.apply(rolled, ("react", spark))
    assert again.pending[0] == roll and spark not in again.h_items[0]
    third = ENGINE.apply(ENGINE.apply(again, ("roll", 0, 0)), ("react", coin))
    assert third.pending[0] == roll and third.kept_uses == ((0, coin, third.round),) and coin in third.h_items[0]
    settled = ENGINE.apply(third, ("roll", 0, 0))  # nothing left to reroll with: the roll stands
    assert not reactions.deciding(settled) and settled.h_wounds[0] + settled.h_spent[0] + settled.h_wounded[0] > 0
    kept = ENGINE.apply(rolled, reactions.PASS)  # passing settles the roll as rolled
    assert not reactions.deciding(kept) and spark in kept.h_items[0]


def test_the_beast_rune_counts_an_attack_rolls_special_faces_as_successes(table):
    state = ENGINE.new_state(table, 0)
    beast = _index(state, "rune-of-the-beast")
    state.h_items[0] = (beast,) + state.h_items[0]
    roll = ("roll", "a", 2, "story", 0, 0)  # a check: no special faces to count
    assert not reactions.after_roll(state, roll, 1, 1)
    kind = next(k for k, e in enumerate(table.enemy_types) if e.id == "enemy-zlohian")
    slot = next(e for e, t in enumerate(state.e_type) if t == kind)
    attack = ("roll", "a", 2, "hero-hit", 0, slot, "melee")
    assert not reactions.after_roll(state, attack, 1, 0)  # no special face rolled
    assert reactions.after_roll(state, attack, 1, 2)
    assert ENGINE.legal_actions(state) == [reactions.PASS, ("react", beast)]
    health = state.e_health[slot]
    state.h_disk[0] = 0  # no stamina to buy the faces with
    specials = table.items[beast].effects.react.specials
    used = ENGINE.apply(state, ("react", beast))
    passed = ENGINE.apply(state, reactions.PASS)
    assert health - used.e_health[slot] == health - passed.e_health[slot] + 2 * specials or used.e_area[slot] == OFF
    assert beast not in used.h_items[0] and used.usage["item-effect:specials"] == 1


def test_the_snake_rune_and_the_ring_put_their_heroes_first_in_seat_order(table):
    state = ENGINE.new_state(table, 0)
    snake, ring = _index(state, "rune-of-the-snake"), _index(state, "ring-of-mazurak")
    state.h_items[1], state.h_items[2] = (snake,), (ring,)
    state.h_items[0] = state.h_items[3] = ()
    while state.phase != TURNS:  # select and reveal until the turns begin
        if ENGINE.current_player(state) == CHANCE:
            state = ENGINE.apply(state, ENGINE.legal_actions(state)[0])
        else:
            state = ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    assert state.pending == [("react", "first", 1, 0), ("react", "first", 2, 0)]
    queue = list(state.queue)
    assert ENGINE.current_player(state) == state.h_owner[1]
    first = ENGINE.apply(state, ("react", snake))
    assert first.queue[0] == 1 and first.pending == [("react", "first", 2, 1)] and snake not in first.h_items[1]
    second = ENGINE.apply(first, ("react", ring))
    assert second.queue[:2] == [1, 2] and sorted(second.queue) == sorted(queue)
    assert second.kept_uses == ((2, ring, second.round),) and ring in second.h_items[2]
    assert not second.pending


def test_the_policies_use_a_reaction_item_against_a_hard_hit_and_keep_it_for_a_light_one(table):
    state, _ = _attacked(table, "rune-of-the-tree")
    tree = _index(state, "rune-of-the-tree")
    for name in ("greedy", "heuristic"):
        assert POLICIES[name](ENGINE, state, random.Random(0)) == ("react", tree)
    light, _ = _attacked(table, "rune-of-the-tree", eye_damage=2)
    light.pending[0] = light.pending[0][:6] + (1,) + light.pending[0][7:]
    assert POLICIES["heuristic"](ENGINE, light, random.Random(0)) == reactions.PASS


def test_a_seeded_playout_uses_a_rune_and_replays_exactly(agm_pack):
    from deckwright.games.agemonia import items_stash
    from deckwright.games.agemonia.rulings import read_rulings

    # the sample table the stash deals the rune to, its listed party only
    dealt = items_stash._deal(agm_pack, read_rulings(agm_pack, {}))
    scenario, players = next(seat[:2] for seat, held in sorted(dealt.items()) if "rune-of-the-tree" in held)
    table = dataclasses.replace(ENGINE.compile(agm_pack, scenario, players), parties=())
    used = [seed for seed in range(40) if play(ENGINE, table, seed, [random_policy]).usage.get("rune-of-the-tree")]
    assert used, f"no seeded game of {scenario} with {players} Heroes used the Rune of the Tree"
    first = play(ENGINE, table, used[0], [random_policy])
    again = play(ENGINE, table, used[0], [random_policy])
    assert (first.end, first.steps, first.usage) == (again.end, again.steps, again.usage)
    assert first.usage.get("item-effect:prevent") == first.usage["rune-of-the-tree"]


def test_togsbane_evades_the_provoke_of_the_enemy_the_hero_leaves_once_a_turn(table):
    state, slot = _attacked(table, "togsbane")  # the Zlohian (it provokes) beside the first Hero in the yard
    state.pending = []
    state.phase, state.qpos = TURNS, 0
    state.queue = [0]
    state.h_action[0] = 0
    from deckwright.games.agemonia import heroes

    heroes.begin_turn(state, 0)
    state.maneuvers = 2  # one for the move, one for the discard
    provoke = table.enemy_types[state.e_type[slot]].provoke
    assert provoke > 0
    togsbane = _index(state, "togsbane")
    away = table.adjacent[state.h_area[0]][0]
    state = ENGINE.apply(ENGINE.apply(state, ("move", 0)), ("step", away))
    assert reactions.deciding(state) and ENGINE.legal_actions(state) == [reactions.PASS, ("react", togsbane)]
    assert state.h_area[0] == table.areas.index("yard")  # the step waits for the choice
    hurt = ENGINE.apply(state, reactions.PASS)
    evaded = ENGINE.apply(state, ("react", togsbane))
    assert hurt.h_area[0] == evaded.h_area[0] == away and togsbane not in evaded.h_items[0]
    per_point = int(table.rules["evade.damage_per_point"])
    lost = [state.h_disk[0] - after.h_disk[0] for after in (hurt, evaded)]
    assert lost[0] - lost[1] == min(provoke, per_point * table.items[togsbane].effects.react.evade) > 0
    assert evaded.usage["item-effect:evade"] == 1 and evaded.evade == reactions.EVADED and evaded.maneuvers == 0


def test_an_item_carried_with_evade_takes_its_evade_off_one_provoke_a_turn_unasked(table):
    ring = dataclasses.replace(table.items[0], id="ring", hands=0, attack="", effects=items_values.Effects(evade=1))
    table = dataclasses.replace(table, items=table.items + (ring,))
    provoke = table.enemy_types[next(k for k, e in enumerate(table.enemy_types) if e.id == "enemy-zlohian")].provoke
    per_point = int(table.rules["evade.damage_per_point"])
    lost = []
    for carried in ((), ("ring",)):
        state, slot = _attacked(table, *carried)
        state.pending = []
        state.phase, state.qpos = TURNS, 0
        state.queue = [0]
        state.h_action[0] = 0
        from deckwright.games.agemonia import heroes

        heroes.begin_turn(state, 0)
        state.maneuvers = 1
        before = state.h_disk[0]
        state = ENGINE.apply(ENGINE.apply(state, ("move", 0)), ("step", table.adjacent[state.h_area[0]][0]))
        assert not reactions.deciding(state)  # nothing to choose: the Evade is the ring's while carried
        lost.append(before - state.h_disk[0])
        if carried:
            assert state.evade == reactions.EVADED and state.usage["item-effect:evade"] == state.usage["ring"] == 1
    assert lost[0] - lost[1] == min(provoke, per_point) > 0
