"""Items played from their cards' `play` values (`items_values`, `items`, `items_stash`), on hand-built
positions: a Hero board of the pack carrying the item named by id, in the Flooded Cellar (Enemies:
Skitterers) or the Broken Ritual."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from deckwright.engine.effects import effect_findings
from deckwright.games.agemonia import GAME, items, items_stash, items_values, rounds
from deckwright.games.agemonia.figures import HERO, gain
from deckwright.games.agemonia.invariants import check_state
from deckwright.games.agemonia.played import EFFECTS
from deckwright.games.agemonia.rulings import RulesError, read_rulings
from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import Table, compile_table

ENGINE = GAME.engine
CELLAR, RITUAL = "sample-flooded-cellar", "sample-broken-ritual"


def _table(pack: Any, board_id: str, carried: list[dict[str, Any]], scenario: str = CELLAR, players: int = 1,
           **board: Any) -> Table:
    """The scenario with the first seat's board carrying these items (its own replaced)."""
    base = pack.by_id[board_id]
    grown = dataclasses.replace(base, data={**base.data, "items": carried, **board})
    return compile_table(pack, scenario, players, party=(grown,))


def _at(pack: Any, table: Table, action_id: str = "", area: str = "cellar") -> State:
    """Seat 0's turn begun in `area` with `action_id` (its first action) selected."""
    state = ENGINE.new_state(table, 0)
    state.h_area[0] = table.areas.index(area)
    actions = table.heroes[0].actions
    state.h_action[0] = next((i for i, a in enumerate(actions) if a.id == action_id), 0)
    state.phase, state.pending, state.seat, state.acts, state.maneuvers, state.face = 2, [], 0, 1, 2, 0
    return state


def _index(table: Table, item: str) -> int:
    return next(i for i, it in enumerate(table.items) if it.id == item)


def _skitterer(state: State) -> int:
    return next(slot for slot, area in enumerate(state.e_area) if area == state.h_area[0])


def test_a_board_naming_an_item_takes_its_card_values_and_its_own_override_them(agm_pack):
    table = _table(agm_pack, "board-lunara", [{"item": "nafabi-longbow"}, {"item": "potion-of-healing"}])
    bow, potion = table.items[_index(table, "nafabi-longbow")], table.items[_index(table, "potion-of-healing")]
    card = agm_pack.by_id["nafabi-longbow"].get("play")
    assert (bow.attack, bow.damage, bow.max_range, bow.effects.pierce) == ("ranged", card["damage"], card["max_range"], 1)
    assert potion.heal == agm_pack.by_id["potion-of-healing"].get("play")["use"]["heal"]
    own = _table(agm_pack, "board-lunara", [{"item": "nafabi-longbow", "damage": 5}])
    assert own.items[0].damage == 5 and own.items[0].max_range == card["max_range"]


def test_an_item_is_judged_played_from_its_card_and_one_without_play_values_is_listed(agm_pack):
    listed = {d.subject: d.message for d in effect_findings(agm_pack, EFFECTS) if d.code == "DW512"}
    assert "item/keeneye-arrow" not in listed and "item-token/gleamroot" not in listed
    assert "item-token/lanium-ore" not in listed  # the book gives it no effect
    assert "read pages of the Campaign Book" in listed["item/archive-notes-volume-1"]  # a story, not a rule
    assert "item/lucky-coin" not in listed and "item-token/spark" not in listed  # played at reaction time
    arrow = agm_pack.by_id["keeneye-arrow"]
    bare = dataclasses.replace(arrow, data={k: v for k, v in arrow.data.items() if k != "play"})
    assert EFFECTS["item"](agm_pack, bare) != ""
    weighed = dataclasses.replace(arrow, data={**bare.data, "play": {"weight": 1}})
    assert "no effect the engine plays" in EFFECTS["item"](agm_pack, weighed)


def test_a_free_discard_gives_movement_without_a_maneuver(agm_pack):
    table = _table(agm_pack, "board-torrax", [{"item": "maul-of-torrax"}, {"item": "fleetfoot-elixir"}])
    state = _at(agm_pack, table, area="stairs")
    state.maneuvers = 0
    elixir = _index(table, "fleetfoot-elixir")
    assert ("item", elixir) in ENGINE.legal_actions(state)  # its card overrides items.use_costs_maneuver
    state = ENGINE.apply(state, ("item", elixir))
    assert state.move_points == table.items[elixir].effects.move and state.maneuvers == 0
    assert elixir not in state.h_items[0] and any(a[0] == "step" for a in ENGINE.legal_actions(state))


def test_an_elixir_raises_its_ability_until_the_end_of_the_round(agm_pack):
    table = _table(agm_pack, "board-torrax", [{"item": "maul-of-torrax"}, {"item": "togrels-brawn-elixir"}])
    state = _at(agm_pack, table, "torrax-raging-smash")
    plain = ENGINE.apply(state, ("attack", _skitterer(state), "melee"))
    boosted = ENGINE.apply(state, ("item", _index(table, "togrels-brawn-elixir")))
    assert boosted.maneuvers == 1 and boosted.h_boost[0][0] == 1
    boosted = ENGINE.apply(boosted, ("attack", _skitterer(state), "melee"))
    assert boosted.pending[0][2] == plain.pending[0][2] + 1  # one more die
    rounds.discard_fate(boosted, boosted.fate_deck[0])
    assert boosted.h_boost[0] == (0, 0, 0)


def test_herbs_cleanse_heal_or_restore_and_remove_injuries_and_wounded_status(agm_pack):
    carried = [{"item": "maul-of-torrax"}, {"item": "ghost-lichen"}, {"item": "gleamroot"}, {"item": "moonegg"},
               {"item": "serupod-sucker"}]
    table = _table(agm_pack, "board-torrax", carried)
    state = _at(agm_pack, table)
    state.maneuvers = 4
    offered = {a[1] for a in ENGINE.legal_actions(state) if a[0] == "item"}
    assert not offered  # nothing to cleanse, heal, restore, remove
    gain(state, HERO, 0, 0, "test")
    state.h_injuries[0], state.injury_deck = (state.injury_deck[0],), state.injury_deck[1:]
    state.h_wounded[0], state.h_disk[0], state.h_wounds[0] = True, 2, 2
    state = ENGINE.apply(state, ("item", _index(table, "ghost-lichen")))
    assert state.h_conds[0] == ()
    state = ENGINE.apply(state, ("item", _index(table, "moonegg")))
    assert state.h_injuries[0] == () and len(state.injury_deck) == len(table.injuries)
    state = ENGINE.apply(state, ("item", _index(table, "serupod-sucker")))
    assert not state.h_wounded[0] and state.h_disk[0] == 2 and state.h_wounds[0] == table.heroes[0].stamina - 2
    state = ENGINE.apply(state, ("item", _index(table, "gleamroot")))
    assert state.h_wounds[0] == table.heroes[0].stamina - 2 - table.items[_index(table, "gleamroot")].effects.mix
    assert not check_state(state)


def test_a_scroll_brings_back_an_exhausted_hero_in_range(agm_pack):
    carried = [{"item": "aox-scimitar"}, {"item": "scroll-of-resurrection"}]
    table = _table(agm_pack, "board-lunara", carried, players=2)
    state = _at(agm_pack, table)
    scroll = _index(table, "scroll-of-resurrection")
    assert not [a for a in ENGINE.legal_actions(state) if a[0] == "item"]
    here = state.h_area[0]
    state.h_area[1], state.h_exhausted[1], state.h_disk[1] = here, True, 0
    state.e_area = [OFF if area == here else area for area in state.e_area]
    # the Hero stands up where it lies: not while other figures fill the area (an exhausted Hero takes no room)
    full = dataclasses.replace(table, capacity=tuple(1 if a == here else c for a, c in enumerate(table.capacity)))
    crowded = state.copy()
    crowded.table = full
    assert ("item", scroll, 1) not in ENGINE.legal_actions(crowded)
    state = ENGINE.apply(state, ("item", scroll, 1))
    assert not state.h_exhausted[1] and state.h_disk[1] == table.heroes[1].stamina and state.maneuvers == 1


def test_banishment_defeats_only_an_enemy_with_the_named_traits_and_no_elite(agm_pack):
    table = _table(agm_pack, "board-torrax", [{"item": "maul-of-torrax"}, {"item": "scroll-of-banishment"}])
    state = _at(agm_pack, table)
    slot = _skitterer(state)
    traits = table.enemy_types[state.e_type[slot]].traits
    scroll = _index(table, "scroll-of-banishment")
    assert (("item", scroll, slot) in ENGINE.legal_actions(state)) == ("aox" in traits and "elite" not in traits)
    aox = dataclasses.replace(table.enemy_types[state.e_type[slot]], traits=frozenset({"aox"}))
    state = dataclasses.replace(table, enemy_types=tuple(aox if e.id == aox.id else e for e in table.enemy_types))
    state = _at(agm_pack, state)
    assert ("item", scroll, slot) in ENGINE.legal_actions(state)
    state = ENGINE.apply(state, ("item", scroll, slot))
    assert state.e_area[slot] == OFF


def test_lethargy_moves_an_enemy_yet_to_act_to_the_end_of_the_round(agm_pack):
    table = _table(agm_pack, "board-torrax", [{"item": "maul-of-torrax"}, {"item": "scroll-of-lethargy"}])
    state = _at(agm_pack, table)
    first, second = [slot for slot, area in enumerate(state.e_area) if area != OFF][:2]
    state.queue, state.qpos = [0, ~first, ~second], 0
    state = ENGINE.apply(state, ("item", _index(table, "scroll-of-lethargy"), first))
    assert state.queue == [0, ~second, ~first]


def test_demon_eye_dominates_every_enemy_in_range(agm_pack):
    table = _table(agm_pack, "board-torrax", [{"item": "maul-of-torrax"}, {"item": "demon-eye"}])
    state = _at(agm_pack, table)
    state = ENGINE.apply(state, ("item", _index(table, "demon-eye")))
    near = [slot for slot, area in enumerate(state.e_area) if area != OFF
            and table.range_dist[state.h_area[0]][area] <= table.items[_index(table, "demon-eye")].effects.range]
    dominated = next(i for i, c in enumerate(table.conditions) if c.id == "dominated")
    assert near and all(any(code >> 1 == dominated for code in state.e_conds[s]) for s in near)


def test_an_arrow_readied_adds_range_and_successes_and_only_with_a_bow_showing_its_icon(agm_pack):
    carried = [{"item": "nafabi-longbow"}, {"item": "keeneye-arrow"}, {"item": "heartseeker-arrow"}]
    table = _table(agm_pack, "board-matajam", carried)
    state = _at(agm_pack, table, "matajam-aimed-shot", area="hall")
    arrow, slayer = _index(table, "keeneye-arrow"), _index(table, "heartseeker-arrow")
    assert {("ready", arrow), ("ready", slayer)} <= set(ENGINE.legal_actions(state))
    ready = ENGINE.apply(state, ("ready", arrow))
    assert ("ready", slayer) not in ENGINE.legal_actions(ready)  # one arrow per attack (weapon.attachments)
    far = [a for a in ENGINE.legal_actions(ready) if a[0] == "attack"]
    near = [a for a in ENGINE.legal_actions(state) if a[0] == "attack"]
    assert len(far) >= len(near)
    slot = far[0][1]
    health = state.e_health[slot]
    ready = ENGINE.apply(ready, ("attack", slot, "ranged"))
    ready = ENGINE.apply(ready, ("roll", 0, 0))
    damage = table.items[_index(table, "nafabi-longbow")].damage + table.heroes[0].actions[state.h_action[0]].damage
    assert health - ready.e_health[slot] >= min(health, damage + 1) - 1 and ready.ready == ()
    unslotted = _table(agm_pack, "board-matajam", [{"item": "nafabi-longbow"}, {"item": "keeneye-arrow"}])
    bow = _index(unslotted, "nafabi-longbow")
    plain = dataclasses.replace(unslotted, items=tuple(dataclasses.replace(i, effects=dataclasses.replace(
        i.effects, slots=frozenset())) if n == bow else i for n, i in enumerate(unslotted.items)))
    assert not [a for a in ENGINE.legal_actions(_at(agm_pack, plain, "matajam-aimed-shot", "hall")) if a[0] == "ready"]


def test_a_slaying_poison_defeats_a_non_elite_target(agm_pack):
    table = _table(agm_pack, "board-torrax", [{"item": "aox-scimitar"}, {"item": "void-extract"}])
    state = _at(agm_pack, table, "torrax-raging-smash")
    slot = _skitterer(state)
    state = ENGINE.apply(state, ("ready", _index(table, "void-extract")))
    state = ENGINE.apply(state, ("attack", slot, "melee"))
    state = ENGINE.apply(state, ("roll", 0, 0))
    assert state.e_area[slot] == OFF and state.usage["item-effect:slay"] == 1


def test_a_weapon_rune_pierces_a_shield(agm_pack):
    table = _table(agm_pack, "board-torrax", [{"item": "maul-of-torrax"}, {"item": "rune-of-the-spider"}])
    shielded = tuple(dataclasses.replace(e, shield=1) for e in table.enemy_types)
    hits = []
    for runes in ((), (_index(table, "rune-of-the-spider"),)):
        state = _at(agm_pack, dataclasses.replace(table, enemy_types=shielded), "torrax-raging-smash")
        state.h_items[0] = (_index(table, "maul-of-torrax"), *runes)
        slot = _skitterer(state)
        health = state.e_health[slot]
        state = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", 1, 0))
        if state.pending and state.pending[0][0] == "react":  # the rune kept for its extra dice
            state = ENGINE.apply(state, ("react", -1))
        hits.append(health - state.e_health[slot] if state.e_area[slot] != OFF else health)
    assert hits[1] == hits[0] + 1


def test_an_amulet_makes_its_holder_immune_and_an_armour_rune_blesses_after_no_damage(agm_pack):
    carried = [{"item": "maul-of-torrax"}, {"item": "amulet-of-shonosh"}, {"item": "rune-of-the-star"}]
    table = _table(agm_pack, "board-torrax", carried)
    state = _at(agm_pack, table)
    bleeding = next(i for i, c in enumerate(table.conditions) if c.id == "bleeding")
    gain(state, HERO, 0, bleeding, "test")
    assert state.h_conds[0] == () and state.usage["amulet-of-shonosh"] == 1
    slot = _skitterer(state)
    state.pending = [("roll", "r", 1, "enemy-hit", slot, 0, 1, -1)]
    state = ENGINE.apply(state, max(a for a in ENGINE.legal_actions(state)))  # the most successes: no damage
    blessed = next(i for i, c in enumerate(table.conditions) if c.id == "blessed")
    assert any(code >> 1 == blessed for code in state.h_conds[0])


def test_a_pet_hurts_an_enemy_leaving_its_heros_area(agm_pack):
    table = _table(agm_pack, "board-matajam", [{"item": "nafabi-longbow"}, {"item": "nalam"}])
    state = _at(agm_pack, table, "matajam-aimed-shot", area="cellar")
    slot = _skitterer(state)
    health = state.e_health[slot]
    items.left_area(state, slot, table.areas.index("stairs"))  # not the pet's area
    assert state.e_health[slot] == health
    items.left_area(state, slot, state.h_area[0])
    assert state.e_health[slot] == health - table.items[_index(table, "nalam")].effects.harass
    assert state.usage["nalam"] == 1


def test_a_backpack_raises_the_encumbrance_a_board_may_carry(agm_pack):
    heavy = [{"item": "maul-of-torrax"}, {"item": "potion-of-healing"}, {"item": "potion-of-stamina"}]
    with pytest.raises(RulesError):
        _table(agm_pack, "board-torrax", heavy)
    table = _table(agm_pack, "board-torrax", [*heavy, {"item": "gunbanjar-bag"}])
    assert table.heroes[0].encumbrance == 1 + table.items[_index(table, "gunbanjar-bag")].effects.carry


def test_the_stash_deals_every_item_the_engine_plays_to_a_seat_that_can_carry_it(agm_pack):
    dealt = {item for scenario in ENGINE.scenarios(agm_pack) for players in ENGINE.player_counts(agm_pack)
             for item in (i.id for i in ENGINE.compile(agm_pack, scenario, players).items)}
    played = [e.id for e in (*agm_pack.of_type("item"), *agm_pack.of_type("item-token"))
              if not e.get("no_effect") and items_values.plays_card(agm_pack, e.id)]
    seats = items_stash._seats(agm_pack)
    heroes = {str(board.get("hero")) for _, board, _ in seats}
    carried = {seat: list(board.get("items") or []) for seat, board, _ in seats}  # the boards' own, as dealing starts
    rules = read_rulings(agm_pack, {})
    useless = {i for i in played if not any(items_stash._has_use(agm_pack, place, items_values.values(
        agm_pack, {"item": i}), carried, rules) for place in seats)}
    # an item of a Hero no sample board plays (Jonai's crowns) waits for that Hero's board; one no sample
    # gives a use (a banishment of Aox Enemies: no sample places one) is dealt to none
    assert "scroll-of-banishment" in useless
    assert {i for i in played if i not in dealt} == {i for i in played if agm_pack.by_id[i].get("hero")
                                                     and agm_pack.by_id[i].get("hero") not in heroes} | useless


def test_the_set_up_holds_the_items_that_leave_the_rest_within_the_backpack(agm_pack):
    # Drenosh's own board with a second Potion of Healing found: the one-handed Runeblade first in hand would
    # leave the Longbow and both potions (3) over the encumbrance of 2; holding the Longbow leaves 2
    own = list(agm_pack.by_id["board-drenosh-1"].get("items"))
    table = _table(agm_pack, "board-drenosh-1", [*own, {"item": "potion-of-healing", "weight": 1, "use": {"heal": 3}}])
    assert [table.items[i].id for i in table.heroes[0].active] == ["longbow-of-grenak"]
    with pytest.raises(RulesError, match="encumbrance"):  # no way to hold the rest within it
        _table(agm_pack, "board-drenosh-1", [*own, *({"item": "potion-of-stamina", "weight": 1} for _ in range(2))])


def test_an_item_waiting_for_an_occasion_is_dealt_at_every_hero_count_where_it_has_use(agm_pack):
    dealt = items_stash._deal(agm_pack, read_rulings(agm_pack, {}))
    counts = {players for (_, players, _), held in dealt.items() if "moonegg" in held}
    assert counts == set(ENGINE.player_counts(agm_pack))  # an Injury to remove: a copy at each count
    weapons = [players for (_, players, _), held in dealt.items() if "maul-of-xotho" in held]
    assert len(weapons) == 1  # a weapon is used whenever it is held: dealt once
    arrows = [players for (_, players, _), held in dealt.items() if "keeneye-arrow" in held]
    assert len(arrows) == len(set(arrows))  # an arrow waits for an attack: a copy per Hero count, no more


def _stash_tables(agm_pack: Any) -> tuple[dict[Any, list[str]], list[tuple[str, int]]]:
    dealt = items_stash._deal(agm_pack, read_rulings(agm_pack, {}))
    tables = [(scenario, players) for scenario in ENGINE.scenarios(agm_pack) for players in ENGINE.player_counts(agm_pack)]
    return dealt, tables


def test_an_item_whose_occasion_is_rare_is_dealt_at_every_table_where_it_has_use(agm_pack):
    """One seat of a table plays the few games of the listed party (`parties`): an item whose occasion comes
    to few games (an Injury, wounded status, an exhausted Hero, an Enemy leaving, a provoke) has a copy at
    each table (scenario and Hero count) where it has use."""
    dealt, tables = _stash_tables(agm_pack)

    def at(item: str) -> set[tuple[str, int]]:
        return {seat[:2] for seat, held in dealt.items() if item in held}

    assert at("moonegg") == at("serupod-sucker") == set(tables)  # any Hero may be wounded
    assert at("scroll-of-resurrection") == {t for t in tables if t[1] > 1}  # another Hero to bring back
    # Togsbane's Evade where an Enemy provokes; Luawa's damage where one may walk out of a Hero's area (an
    # eye action with no attack) to another Hero's
    foes = {seat[:2]: f for seat, _, f in items_stash._seats(agm_pack)}
    assert at("togsbane") == {t for t in tables if items_stash.PROVOKING in foes[t]}
    assert at("luawa") == {t for t in tables if items_stash.LEAVING in foes[t] and t[1] > 1}
    for seat, held in dealt.items():  # one copy a table: never two at one seat
        assert all(held.count(item) <= 1 for item in ("moonegg", "serupod-sucker", "togsbane", "luawa"))


def test_the_scenarios_story_points_give_conditions_an_item_makes_its_holder_immune_to(agm_pack):
    """The Flooded Cellar's well check gives Held when failed (and no Enemy of it does): the Orb of Agur
    (immune to Held) has a use there."""
    foes = {seat[:2]: f for seat, _, f in items_stash._seats(agm_pack)}
    assert "held" in foes[(CELLAR, 1)]
    dealt, _ = _stash_tables(agm_pack)
    assert any(seat[:2] == (CELLAR, 1) and "orb-of-agur" in held for seat, held in dealt.items())


def test_an_immunity_is_dealt_beside_an_item_whose_use_costs_its_hero_that_condition(agm_pack):
    """The Eye of Zoggothu's use gives its Hero Weakened (its cost): the Orb of Ferox (immune to Weakened)
    has a use at that seat, wherever the scenario's Enemies give none."""
    dealt, _ = _stash_tables(agm_pack)
    eyes = [seat for seat, held in dealt.items() if "eye-of-zoggothu" in held]
    assert eyes and all("orb-of-ferox" in dealt[seat] for seat in eyes)


def test_a_dealt_hand_item_is_held_from_the_set_up_and_a_gem_token_fills_a_slot_of_a_weapon_in_hand(agm_pack):
    """A hand item is dealt only where the hands and the one-of-a-type limit leave room for it beside the
    hand items dealt before it (Hook & Rope, a melee weapon, went to a Hero already dealt a melee weapon, into
    its backpack); a gem token only where a weapon with a free gem slot, dealt or the board's, is in hand (the
    Blood Ruby sits on the Maul of Xotho dealt to Torrax; a Runic Diamond, which adds no success nor die but
    heals on a defeat, counts as a gem too)."""
    dealt, _ = _stash_tables(agm_pack)
    tables: dict[tuple[str, int], Table] = {}
    for (scenario, players, seat), held in sorted(dealt.items()):
        table = tables.setdefault((scenario, players), dataclasses.replace(
            ENGINE.compile(agm_pack, scenario, players), parties=()))
        hero = table.heroes[seat]
        ids = [table.items[i].id for i in hero.active]
        for item in held:
            values = items_values.card_values(agm_pack, item)
            if values.get("hands"):
                assert item in ids, (scenario, players, seat, item)
            if values.get("socket"):
                slots = sum(int((agm_pack.by_id[table.items[i].id].get("slots") or {}).get("gem") or 0)
                            for i in hero.active)
                gems = sum(1 for i in hero.items if items_values.card_values(agm_pack, table.items[i].id).get("socket"))
                assert 0 < gems <= slots, (scenario, players, seat, item)


def test_an_item_fetching_another_is_dealt_where_another_hero_carries_a_potion_or_herb(agm_pack):
    dealt, _ = _stash_tables(agm_pack)
    for seat, held in dealt.items():
        if "scroll-of-telekinesis" in held:
            others = [items_values.values(agm_pack, raw) for (scenario, players, other), board, _ in items_stash._seats(agm_pack)
                      if (scenario, players) == seat[:2] and other != seat[2] for raw in board.get("items") or []]
            assert any(items_stash._mends(raw) for raw in others), seat