"""Item parts about reach, movement, the turn order and attack successes, played from their cards' `play`
values on hand-built positions: a melee weapon that attacks at range (the spears, Hook & Rope), the Tear of
Eti's first turn for stamina, the Wand of Bekora's Teleport for stamina, the Dark Abbot's Robe's magic
success for wound-side chips and the Breachwalker Crown's ability for its Hero's class; and a flying Ally's
choice to spring a trap or pass over it."""

from __future__ import annotations

import dataclasses
import random

from deckwright.engine.effects import effect_findings
from deckwright.gamekit import CHANCE
from deckwright.games.agemonia import items_values, reactions, reactions_policy, teleport
from deckwright.games.agemonia.played import EFFECTS
from deckwright.games.agemonia.policies import POLICIES
from deckwright.games.agemonia.state import OFF, TURNS
from tests.games.agemonia.test_items_play import ENGINE, _at, _index, _table

ITEMS = ("spear", "ceremonial-spear", "hook-and-rope", "tear-of-eti", "wand-of-bekora", "dark-abbots-robe",
         "breachwalker-crown")


def _melee_targets(pack, item: str, area: str) -> set[str]:
    """The areas of the Skitterers Torrax's melee attack may take from `area`, holding `item`."""
    table = _table(pack, "board-torrax", [{"item": item}])
    state = _at(pack, table, "torrax-raging-smash", area)
    return {table.areas[state.e_area[a[1]]] for a in ENGINE.legal_actions(state) if a[0] == "attack"}


def test_the_cards_state_the_parts_and_count_as_played(agm_pack):
    listed = {d.subject for d in effect_findings(agm_pack, EFFECTS) if d.code == "DW512"}
    assert not {f"item/{item}" for item in ITEMS} & listed
    assert {agm_pack.by_id[i].get("play")["max_range"] for i in ("spear", "ceremonial-spear", "hook-and-rope")} == {1}
    assert agm_pack.by_id["spear"].get("play")["attack"] == "melee"


def test_a_spear_reaches_an_enemy_in_sight_in_the_next_area_at_its_height(agm_pack):
    # the hall: the cellar (two Skitterers, room for three) is the next area, at the same height
    assert _melee_targets(agm_pack, "maul-of-torrax", "hall") == set()  # no full area beside it: no melee
    for item in ("spear", "ceremonial-spear", "hook-and-rope"):
        assert _melee_targets(agm_pack, item, "hall") == {"cellar"}
        assert _melee_targets(agm_pack, item, "cellar") == {"cellar"}
    # the stairs are higher ground: the cellar is at range 1 across the double line, but at another height
    assert _melee_targets(agm_pack, "spear", "stairs") == set()


def test_a_reaching_attack_is_a_melee_attack_recorded_as_the_weapons_reach(agm_pack):
    table = _table(agm_pack, "board-torrax", [{"item": "spear"}])
    state = _at(agm_pack, table, "torrax-raging-smash", "hall")
    slot = next(a[1] for a in ENGINE.legal_actions(state) if a[0] == "attack")
    health = state.e_health[slot]
    state = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", 2, 0))
    assert state.usage["item-effect:reach"] == 1 and state.usage["spear"] >= 1
    assert state.e_area[slot] == OFF or state.e_health[slot] < health


def _turns_begin(table, disk: int | None = None, in_hand: bool = True):
    """The Tear of Eti's Hero (seat 0) as the round's turns begin; `disk` its stamina on the disk then."""
    state = ENGINE.new_state(table, 0)
    if not in_hand:
        state.h_active[0] = ()
    if disk is not None:
        state.h_disk[0] = disk
    while state.phase != TURNS:
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[0])
    return state


def test_the_tear_of_eti_buys_the_first_turn_with_stamina_while_in_hand(agm_pack):
    table = _table(agm_pack, "board-lunara", [{"item": "tear-of-eti"}])
    tear = _index(table, "tear-of-eti")
    cost = table.items[tear].effects.kept.stamina
    assert cost == agm_pack.by_id["tear-of-eti"].get("play")["keep"]["cost"]["stamina"] and cost > 0
    state = _turns_begin(table)
    assert state.pending[0] == ("react", "first", 0, 0) and ("react", tear) in ENGINE.legal_actions(state)
    disk = state.h_disk[0]
    first = ENGINE.apply(state, ("react", tear))
    assert first.queue[0] == 0 and first.h_disk[0] == disk - cost and tear in first.h_items[0]
    assert first.usage["item-effect:first"] == 1 and first.kept_uses == ((0, tear, first.round),)
    assert not _turns_begin(table, in_hand=False).pending  # a hand item in the backpack is not used
    assert not _turns_begin(table, disk=cost - 1).pending  # nor without the stamina


def test_the_policies_go_first_with_the_tear_when_the_attack_stays_paid(agm_pack):
    table = _table(agm_pack, "board-lunara", [{"item": "tear-of-eti"}])
    tear = _index(table, "tear-of-eti")
    state = _turns_begin(table)
    action = table.heroes[0].actions[state.h_action[0]]
    state.queue.remove(0)
    state.queue.append(0)  # every Enemy acts before the Hero
    assert action.kind == "attack" and reactions_policy.choose(state) == ("react", tear)
    state.h_action[0] = next(i for i, a in enumerate(table.heroes[0].actions) if a.kind == "attack" and a.stamina)
    state.h_disk[0] = table.items[tear].effects.kept.stamina + table.heroes[0].actions[state.h_action[0]].stamina - 1
    assert ("react", tear) in ENGINE.legal_actions(state)
    assert reactions_policy.choose(state) == reactions.PASS  # it would leave the attack unpaid


def test_the_wand_of_bekora_teleports_for_stamina_and_a_maneuver_while_in_hand(agm_pack):
    table = _table(agm_pack, "board-zuvasai", [{"item": "wand-of-bekora"}])
    wand = _index(table, "wand-of-bekora")
    item = table.items[wand]
    card = agm_pack.by_id["wand-of-bekora"].get("play")
    assert (item.teleport, item.effects.kept.stamina) == (card["use"]["teleport"], card["keep"]["cost"]["stamina"])
    state = _at(agm_pack, table, area="stairs")
    uses = [a for a in ENGINE.legal_actions(state) if a[:2] == ("use", wand)]
    assert uses and all(table.white_dist[state.h_area[0]][a[2]] <= item.teleport for a in uses)
    disk, maneuvers = state.h_disk[0], state.maneuvers
    hall = table.areas.index("hall")
    moved = ENGINE.apply(state, ("use", wand, hall))
    assert moved.h_area[0] == hall and moved.h_disk[0] == disk - item.effects.kept.stamina
    assert moved.maneuvers == maneuvers - 1 and wand in moved.h_items[0] and moved.usage["teleported"] == 1
    assert any(a[:2] == ("use", wand) for a in ENGINE.legal_actions(moved))  # no limit a turn but the costs
    state.h_active[0] = ()
    assert not teleport.uses(state, 0)  # a hand item in the backpack is not used
    state = _at(agm_pack, table, area="stairs")
    state.h_disk[0] = 0
    assert not teleport.uses(state, 0)


def test_the_heuristic_teleports_with_the_wand_towards_its_goal(agm_pack):
    table = _table(agm_pack, "board-zuvasai", [{"item": "wand-of-bekora"}])
    wand = _index(table, "wand-of-bekora")
    state = _at(agm_pack, table, area="stairs")
    for slot, area in enumerate(state.e_area):  # the only goal: the well, far off
        state.e_area[slot] = table.areas.index("well") if area != OFF else OFF
    state.story_done = (1 << len(table.story_points)) - 1
    state.acts = 0
    assert POLICIES["heuristic"](ENGINE, state, random.Random(0))[:2] == ("use", wand)


def _magic(pack, wounds: int, robe: bool = True) -> int:
    """Damage of Zuvasai's single-target magic attack rolling 2 successes, with that many wound-side chips."""
    table = _table(pack, "board-zuvasai", [{"item": "dark-abbots-robe"}] if robe else [])
    state = _at(pack, table, "zuvasai-runic-trajection", "hall")
    state.h_wounds[0] = wounds
    slot = next(a[1] for a in ENGINE.legal_actions(state) if a[0] == "attack")
    state.e_health[slot] = 20
    state = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "magic")), ("roll", 2, 0))
    return 20 - state.e_health[slot]


def test_the_dark_abbots_robe_adds_a_magic_success_with_enough_wound_side_chips(agm_pack):
    wounds, successes, attacks = agm_pack.by_id["dark-abbots-robe"].get("play")["wear"]["wounded_successes"].values()
    assert attacks == ["magic"]
    assert _magic(agm_pack, wounds) == _magic(agm_pack, wounds, robe=False) + successes
    assert _magic(agm_pack, wounds - 1) == _magic(agm_pack, wounds - 1, robe=False)


def test_the_breachwalker_crown_raises_the_ability_of_its_heros_class(agm_pack):
    crown = [{"item": "breachwalker-crown"}]
    board = agm_pack.by_id["board-jonai-blademaster-5"]
    printed = board.get("abilities")
    raised = items_values.played_board(agm_pack, dataclasses.replace(board, data={**board.data, "items": crown}))
    assert raised.get("abilities") == {**printed, "might": printed["might"] + 1}
    hunter = dataclasses.replace(board, data={**board.data, "items": crown, "class": "jonai-aox-hunter"})
    assert items_values.played_board(agm_pack, hunter).get("abilities") == {**printed, "agility": printed["agility"] + 1}
    plain = agm_pack.by_id["board-jonai-1"]
    same = items_values.played_board(agm_pack, dataclasses.replace(plain, data={**plain.data, "items": crown}))
    assert same.get("abilities") == plain.get("abilities")  # no class: nothing raised
    table = _table(agm_pack, "board-jonai-blademaster-5", crown)
    assert table.heroes[0].abilities[0] == printed["might"] + 1
    assert ENGINE.current_player(ENGINE.new_state(table, 0)) != CHANCE


def _flying_into_trap(pack, health: int):
    """The Sky Bridge's Vespir (it flies), summoned and stepping from the bridge's west end into its trapped
    middle with `health` left."""
    table = ENGINE.compile(pack, "sample-sky-bridge", 1)
    vespir = next(i for i, h in enumerate(table.heroes) if h.fly)
    state = ENGINE.new_state(dataclasses.replace(table, parties=()), 0)
    west, mid = table.areas.index("bridge-west"), table.areas.index("bridge-mid")
    assert mid in state.traps
    state.h_area[vespir], state.h_exhausted[vespir], state.h_disk[vespir] = west, False, health
    state.phase, state.pending, state.seat, state.acts, state.maneuvers, state.move_points = TURNS, [], vespir, 1, 1, 2
    return ENGINE.apply(state, ("step", mid)), vespir, mid


def test_a_flying_ally_chooses_to_spring_a_trap_or_pass_over_it(agm_pack):
    state, vespir, mid = _flying_into_trap(agm_pack, 5)
    assert ENGINE.legal_actions(state) == [("spring",), ("fly-over",)]  # no disarm: it is no Hero
    passed = ENGINE.apply(state, ("fly-over",))
    assert mid in passed.traps and passed.usage["trap-flown-over"] == 1 and not passed.pending
    assert ("fly-over",) not in ENGINE.legal_actions(passed)
    sprung = ENGINE.apply(state, ("spring",))
    assert sprung.pending[0][0] == "trap" and sprung.pending[0][2] == vespir
    assert mid not in sprung.traps or not sprung.table.rules["trap.token_removed_when_sprung"]
    assert sprung.usage["trap-sprung-flying"] == 1
    # the policies spring it to clear the way when the Ally outlives a trap's full damage
    damage = int(state.table.rules["trap.damage"])
    for name in ("greedy", "heuristic"):
        assert POLICIES[name](ENGINE, state, random.Random(0)) == ("spring",)
        weak, _, _ = _flying_into_trap(agm_pack, damage)
        assert POLICIES[name](ENGINE, weak, random.Random(0)) == ("fly-over",)
