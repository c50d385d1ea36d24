"""Items played while carried (`items_carried`: the Runic Diamond, the Shadow Goggles, the Staff of Phaedra, the
Amulet of Shonosh), on single dice (`items_dice`: the Compendium Aoxa, Ophira), an attack made by an item
(`items_attack`: the Cube of Annihilation) and dice on each attack of a turn (the Amulet of Power), each on a
hand-built position, with the values read from their cards; and the stash dealing those of MINE."""

from __future__ import annotations

import random

from deckwright.engine.effects import effect_findings
from deckwright.games.agemonia import blessing, heroes, items_attack, items_dice, items_stash, reactions, story
from deckwright.games.agemonia.played import EFFECTS
from deckwright.games.agemonia.policies import POLICIES
from deckwright.games.agemonia.rulings import read_rulings
from deckwright.games.agemonia.state import OFF
from tests.games.agemonia.test_items_play import ENGINE, _at, _index, _skitterer, _table

MAUL = {"item": "maul-of-torrax"}
WAND = {"item": "wand-of-bekora"}
MINE = ("runic-diamond", "shadow-goggles", "amulet-of-power", "compendium-aoxa", "ophira", "cube-of-annihilation")


def _card(pack, item: str) -> dict:
    return dict(pack.by_id[item].get("play"))


def test_these_items_are_judged_played_and_the_stash_deals_each(agm_pack):
    listed = {d.subject for d in effect_findings(agm_pack, EFFECTS) if d.code == "DW512"}
    assert not {f"item/{i}" for i in MINE} & listed and "item-token/runic-diamond" not in listed
    dealt = {item for held in items_stash._deal(agm_pack, read_rulings(agm_pack, {})).values() for item in held}
    assert set(MINE) <= dealt


def test_the_runic_diamond_heals_and_restores_when_its_weapon_defeats_an_enemy(agm_pack):
    mix = _card(agm_pack, "runic-diamond")["socket"]["mix"]
    results = []
    for carried in ([MAUL], [MAUL, {"item": "runic-diamond"}]):
        table = _table(agm_pack, "board-torrax", carried)
        state = _at(agm_pack, table, "torrax-raging-smash")
        state.h_disk[0], state.h_wounds[0], state.h_spent[0] = table.heroes[0].stamina - 4, 1, 3
        slot = _skitterer(state)
        state.e_health[slot] = 1
        state = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", 0, 0))
        assert state.e_area[slot] == OFF
        results.append((state.h_wounds[0], state.h_spent[0]))
    (wounds, spent), (healed, restored) = results
    assert (wounds - healed) + (spent - restored) == mix and healed == max(0, wounds - mix)


def test_the_runic_diamond_does_nothing_without_a_gem_slot_weapon_or_a_defeat(agm_pack):
    table = _table(agm_pack, "board-torrax", [{"item": "aox-scimitar"}, {"item": "runic-diamond"}])
    state = _at(agm_pack, table, "torrax-raging-smash")
    state.h_disk[0], state.h_wounds[0] = table.heroes[0].stamina - 2, 2
    slot = _skitterer(state)
    state.e_health[slot] = 1
    state = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", 0, 0))
    assert state.e_area[slot] == OFF and state.h_wounds[0] == 2  # the scimitar has no gem slot
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "runic-diamond"}])
    state = _at(agm_pack, table, "torrax-raging-smash")
    state.h_disk[0], state.h_wounds[0] = table.heroes[0].stamina - 2, 2
    slot = _skitterer(state)
    state.e_health[slot] = 20
    state = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", 0, 0))
    assert state.e_area[slot] != OFF and state.h_wounds[0] == 2 and "item-effect:defeat-mix" not in state.usage


def test_the_shadow_goggles_make_the_hero_invisible_on_a_defeat(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "shadow-goggles"}])
    invisible = next(i for i, c in enumerate(table.conditions) if c.id == _card(agm_pack, "shadow-goggles")["on_defeat"]["condition"])
    state = _at(agm_pack, table, "torrax-raging-smash")
    slot = _skitterer(state)
    state.e_health[slot] = 1
    state = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", 0, 0))
    assert state.e_area[slot] == OFF and any(code >> 1 == invisible for code in state.h_conds[0])
    bare = _at(agm_pack, _table(agm_pack, "board-torrax", [MAUL]), "torrax-raging-smash")
    bare.e_health[slot] = 1
    bare = ENGINE.apply(ENGINE.apply(bare, ("attack", slot, "melee")), ("roll", 0, 0))
    assert bare.e_area[slot] == OFF and not any(code >> 1 == invisible for code in bare.h_conds[0])


def test_the_shadow_goggles_reveal_a_story_point_from_further_in_sight_but_not_one_of_range_0(agm_pack):
    reveal = _card(agm_pack, "shadow-goggles")["reveal"]
    for carried, revealed in (([MAUL], False), ([MAUL, {"item": "shadow-goggles"}], True)):
        table = _table(agm_pack, "board-torrax", carried)
        point = next(i for i, p in enumerate(table.story_points) if p.id == "b")  # range 1, in the pantry
        far = next(a for a in range(len(table.areas)) if table.sight[a][table.story_points[point].area]
                   and table.range_dist[a][table.story_points[point].area] == table.story_points[point].range + reveal)
        state = _at(agm_pack, table, area=table.areas[far])
        story.trigger_story(state, 0)
        assert bool(state.story_done >> point & 1) == revealed
    well = next(i for i, p in enumerate(table.story_points) if p.range == 0)  # only from its own area
    near = next(a for a in table.adjacent[table.story_points[well].area] if table.sight[a][table.story_points[well].area])
    state = _at(agm_pack, table, area=table.areas[near])
    story.trigger_story(state, 0)
    assert not state.story_done >> well & 1 and not state.pending


def test_the_shadow_goggles_spare_a_ranged_attack_the_obstructed_aim_penalty(agm_pack):
    hits = []
    for carried in ([{"item": "wand-of-bekora"}], [WAND, {"item": "shadow-goggles"}]):
        table = _table(agm_pack, "board-zuvasai", carried)
        state = _at(agm_pack, table, "zuvasai-runic-trajection", area="hall")
        slot = next(s for s, a in enumerate(state.e_area) if a == table.areas.index("cellar"))
        state.e_health[slot] = 20
        other = next(s for s, a in enumerate(state.e_area) if a != OFF and s != slot)
        state.e_area[other] = state.h_area[0]  # a foe in the Hero's area: obstructed aim
        state = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "magic")), ("roll", 2, 0))
        hits.append(20 - state.e_health[slot])
    assert hits[1] == hits[0] + int(table.rules["obstructed_aim.penalty"])


def test_the_amulet_of_power_adds_its_dice_to_each_attack_this_turn_for_a_stamina(agm_pack):
    values = _card(agm_pack, "amulet-of-power")
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "amulet-of-power"}])
    amulet = _index(table, "amulet-of-power")
    state = _at(agm_pack, table, "torrax-raging-smash")
    slot = _skitterer(state)
    plain = ENGINE.apply(state, ("attack", slot, "melee")).pending[0][2]
    assert ("item", amulet) in ENGINE.legal_actions(state)
    state.h_ach[0] = 0  # no Achievement gem to spend on the attack first
    for name in ("greedy", "heuristic"):
        assert POLICIES[name](ENGINE, state, random.Random(0)) == ("item", amulet)
    disk = state.h_disk[0]
    used = ENGINE.apply(state, ("item", amulet))
    assert used.h_disk[0] == disk - values["keep"]["cost"]["stamina"] and used.maneuvers == state.maneuvers - 1
    assert amulet in used.h_items[0] and ("item", amulet) not in ENGINE.legal_actions(used)  # once a turn
    assert ENGINE.apply(used, ("attack", slot, "melee")).pending[0][2] == plain + values["use"]["attack_dice"]
    used.round += 1
    assert ENGINE.apply(used, ("attack", slot, "melee")).pending[0][2] == plain  # this turn only
    state.acts = 0
    assert ("item", amulet) not in ENGINE.legal_actions(state)  # no attack to come: nothing to add to


def test_the_cube_of_annihilation_makes_an_area_magic_attack_with_its_special_faces(agm_pack):
    blast = _card(agm_pack, "cube-of-annihilation")["use"]["blast"]
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "cube-of-annihilation"}])
    cube = _index(table, "cube-of-annihilation")
    state = _at(agm_pack, table, "torrax-raging-smash")
    here = state.h_area[0]
    options = [a for a in ENGINE.legal_actions(state) if a[:2] == ("item", cube)]
    assert options == [("item", cube, ~here)]  # no range on the card: centred on the Hero's own area
    hit = heroes.area_hits(state, here, here, blast["area"])
    assert len(hit) >= 2
    for name in ("greedy", "heuristic"):
        assert POLICIES[name](ENGINE, state, random.Random(0)) == options[0]
    health = [state.e_health[e] for e in hit]
    fired = ENGINE.apply(state, options[0])
    assert cube not in fired.h_items[0] and fired.acts == 1 and fired.maneuvers == state.maneuvers - 1
    assert fired.pending[0][:4] == ("roll", "a", blast["dice"], items_attack.PURPOSE)
    landed = ENGINE.apply(fired, ("roll", 1, 1))  # one success and one special face
    dealt = 1 + blast["specials"] - (1 if heroes.figures.hindered(fired, 0) else 0)
    for e, before in zip(hit, health):
        shield = table.enemy_types[landed.e_type[e]].shield
        assert landed.e_health[e] == before - max(0, dealt - shield) or landed.e_area[e] == OFF
    assert landed.usage["item-effect:blast"] == 1 and landed.usage["cube-of-annihilation"]
    assert landed.h_disk[0] == state.h_disk[0]  # no stamina spent on the face


def test_the_compendium_buys_a_magic_attacks_special_faces_with_damage_while_active(agm_pack):
    faces = _card(agm_pack, "compendium-aoxa")["face_damage"]
    hurt, wounded = [], []
    for carried in ([WAND], [WAND, {"item": "compendium-aoxa"}]):
        table = _table(agm_pack, "board-zuvasai", carried)
        state = _at(agm_pack, table, "zuvasai-runic-trajection", area="hall")
        slot = next(s for s, a in enumerate(state.e_area) if a == table.areas.index("cellar"))
        state.e_health[slot] = 20
        state.h_disk[0], state.h_spent[0] = 0, table.heroes[0].stamina  # no stamina to buy the face with
        wounds = state.h_wounds[0]
        state = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "magic")), ("roll", 0, 1))
        hurt.append(20 - state.e_health[slot])
        wounded.append(state.h_wounds[0] - wounds)
    assert hurt[1] == hurt[0] + faces["successes"] and wounded == [0, faces["damage"]]
    table = _table(agm_pack, "board-zuvasai", [WAND, {"item": "compendium-aoxa"}])
    state = _at(agm_pack, table, "zuvasai-runic-trajection", area="hall")
    state.h_active[0] = (_index(table, "wand-of-bekora"),)  # in the backpack: not active
    assert not items_dice.face_payers(state, 0, "magic") and items_dice.face_payers(_at(agm_pack, table), 0, "magic")


def test_the_compendium_makes_a_blood_crystal_roll_its_dice_instead_of_its_own(agm_pack):
    dice = _card(agm_pack, "compendium-aoxa")["token_dice"]["dice"]
    own = _card(agm_pack, "blood-crystal")["ready"]["dice"]
    pools = []
    for carried in ([WAND, {"item": "blood-crystal"}], [WAND, {"item": "compendium-aoxa"}, {"item": "blood-crystal"}]):
        table = _table(agm_pack, "board-zuvasai", carried)
        state = _at(agm_pack, table, "zuvasai-runic-trajection", area="hall")
        slot = next(s for s, a in enumerate(state.e_area) if a == table.areas.index("cellar"))
        plain = ENGINE.apply(state, ("attack", slot, "magic")).pending[0][2]
        state = ENGINE.apply(state, ("ready", _index(table, "blood-crystal")))
        pools.append(ENGINE.apply(state, ("attack", slot, "magic")).pending[0][2] - plain)
    assert pools == [own, dice]


def test_ophira_rolls_an_active_rolls_special_faces_again_and_keeps_the_rest(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "ophira"}])
    ophira = _index(table, "ophira")
    state = _at(agm_pack, table, "torrax-raging-smash")
    slot = _skitterer(state)
    state.e_health[slot] = 20
    rolled = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", 1, 2))
    assert reactions.deciding(rolled) and ENGINE.legal_actions(rolled) == [reactions.PASS, ("react", ophira)]
    rolled.h_disk[0] = 0  # nothing to buy the faces with: the policies roll them again
    for name in ("greedy", "heuristic"):
        assert POLICIES[name](ENGINE, rolled, random.Random(0)) == ("react", ophira)
    again = ENGINE.apply(rolled, ("react", ophira))
    attack = rolled.pending[0][2]
    assert again.pending[0] == ("roll", "a", 2, items_dice.REROLLED, attack, 1, 0) and ophira in again.h_items[0]
    assert blessing.roller(again.pending[0]) == 0
    landed = ENGINE.apply(again, ("roll", 2, 0))  # the two dice rerolled give two successes
    passed = ENGINE.apply(rolled, reactions.PASS)
    assert (20 - landed.e_health[slot]) - (20 - passed.e_health[slot]) == 2
    assert not reactions.deciding(ENGINE.apply(again, ("roll", 0, 1)))  # a rerolled die is not rolled again
    no_faces = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", 1, 0))
    assert not reactions.deciding(no_faces)
    assert not items_dice.rerolls(("roll", "r", 2, "enemy-hit", slot, 0, 3, -1), 2)  # reactive: not untrained


def test_policies_keep_ophira_when_stamina_buys_the_faces(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "ophira"}])
    state = _at(agm_pack, table, "torrax-raging-smash")
    slot = _skitterer(state)
    state.e_health[slot] = 3
    rolled = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", 1, 1))
    assert rolled.h_disk[0] >= 2
    for name in ("greedy", "heuristic"):
        assert POLICIES[name](ENGINE, rolled, random.Random(0)) == reactions.PASS


def test_seeded_games_holding_these_items_use_them_and_replay_from_their_logs(agm_pack):
    from deckwright.engine.playout import play, random_policy, replay

    wanted = {"cube-of-annihilation", "amulet-of-power"}
    deal = items_stash._deal(agm_pack, read_rulings(agm_pack, {}))
    tables = sorted({seat[:2] for seat, held in deal.items() if wanted & set(held)})  # where the stash deals them
    logged: set[str] = set()
    for scenario, players in tables:
        table = ENGINE.compile(agm_pack, scenario, players)
        for seed in (0, len(table.parties) + 1):  # the listed party, which holds the items the stash deals
            for policy in (random_policy, POLICIES["greedy"]):
                played = play(ENGINE, table, seed, [policy], record=True)
                state, problems = replay(ENGINE, table, seed, played.log)
                assert problems == [] and ENGINE.end_reason(state) == played.end, (scenario, players, seed)
                logged |= {item for item in MINE for line in played.log if item in str(line)}
    assert wanted <= logged


def test_the_staff_of_phaedra_restores_stamina_for_each_enemy_its_attack_defeats(agm_pack):
    restore = _card(agm_pack, "staff-of-phaedra")["on_defeat"]["restore"]
    staff = {"item": "staff-of-phaedra"}
    spent, used = [], []
    for carried, health in (([staff], 1), ([staff], 20), ([WAND, staff], 1)):
        table = _table(agm_pack, "board-zuvasai", carried)
        state = _at(agm_pack, table, "zuvasai-runic-trajection", area="hall")
        state.h_active[0] = (_index(table, carried[0]["item"]),)  # the staff in hand, or the wand
        slot = next(s for s, a in enumerate(state.e_area) if a == table.areas.index("cellar"))
        state.e_health[slot] = health
        state.h_disk[0], state.h_spent[0] = table.heroes[0].stamina - 3, 3
        state = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "magic")), ("roll", 2, 0))
        assert (state.e_area[slot] == OFF) == (health == 1)
        spent.append(state.h_spent[0])
        used.append("item-effect:defeat-restore" in state.usage)
    with_staff, not_defeated, staff_in_backpack = spent
    assert not_defeated - with_staff == restore and staff_in_backpack == not_defeated  # the wand's attack
    assert used == [True, False, False]


def test_the_amulet_of_shonosh_heals_for_each_enemy_its_hero_defeats(agm_pack):
    heal = _card(agm_pack, "amulet-of-shonosh")["on_defeat"]["heal"]
    wounds = []
    for carried, health in (([MAUL, {"item": "amulet-of-shonosh"}], 1), ([MAUL, {"item": "amulet-of-shonosh"}], 20),
                            ([MAUL], 1)):
        table = _table(agm_pack, "board-torrax", carried)
        state = _at(agm_pack, table, "torrax-raging-smash")
        state.h_disk[0], state.h_wounds[0] = table.heroes[0].stamina - 3, 3
        slot = _skitterer(state)
        state.e_health[slot] = health
        state = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", 0, 0))
        assert (state.e_area[slot] == OFF) == (health == 1)
        wounds.append(state.h_wounds[0])
    assert wounds == [3 - heal, 3, 3]
