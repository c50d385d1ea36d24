"""Items whose effects needed more than a discard's or a kept item's (`items`, `items_kept`): a Summoned
Ally the pack names for the Scroll of Summoning, the Tome of Delion's Teleport tokens placed in play, on hand-built positions (a Hero board of the pack
carrying the item, in the Flooded Cellar)."""

from __future__ import annotations

import dataclasses
import random

from deckwright.gamekit import fact
from deckwright.games.agemonia import items_policy
from deckwright.games.agemonia.policies import POLICIES
from deckwright.games.agemonia.state import OFF
from deckwright.games.agemonia.table import compile_table
from tests.games.agemonia.test_items_play import CELLAR, ENGINE, _at, _index, _table

MAUL = {"item": "maul-of-torrax"}


def test_the_scroll_of_summoning_summons_the_ally_the_pack_names_in_range(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "scroll-of-summoning"}])
    state = _at(agm_pack, table)
    scroll = _index(table, "scroll-of-summoning")
    named = agm_pack.by_id["scroll-of-summoning"].get("summons")
    lumin = next(h for h, f in enumerate(table.heroes) if f.hero == named)
    uses = [a for a in ENGINE.legal_actions(state) if a[:2] == ("use", scroll)]
    reach = table.items[scroll].reach
    assert uses and state.h_area[lumin] == OFF
    assert all(reach[0] <= table.range_dist[state.h_area[0]][a[2]] <= reach[1] for a in uses)
    state = ENGINE.apply(state, uses[0])
    assert state.h_area[lumin] == uses[0][2] and scroll not in state.h_items[0] and state.h_owner[lumin] == 0
    assert state.maneuvers == 1 and not ENGINE.invariants(state)


def test_the_tome_of_delion_places_linked_teleport_tokens_for_its_essence(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "tome-of-delion"}, {"item": "magic-essence"},
                                              {"item": "magic-essence"}])
    state = _at(agm_pack, table, area="cellar")
    tome, essence = _index(table, "tome-of-delion"), _index(table, "magic-essence")
    colour = agm_pack.by_id["tome-of-delion"].get("play")["use"]["teleporter"]
    assert ("item", tome) in ENGINE.legal_actions(state)
    state = ENGINE.apply(state, ("item", tome))
    cellar = state.h_area[0]
    assert state.placed == ((cellar, colour),) and state.h_items[0].count(essence) == 1 and tome in state.h_items[0]
    assert ("item", tome) not in ENGINE.legal_actions(state)  # a second token here would link nothing new
    far = max(range(len(table.areas)), key=lambda a: (table.move_dist[cellar][a] < 99, table.move_dist[cellar][a]))
    state.h_area[0], state.maneuvers, state.acts = far, 2, 0  # its action done
    assert POLICIES["greedy"](ENGINE, state, random.Random(0)) == ("item", tome)  # the way back
    state = ENGINE.apply(state, ("item", tome))
    assert essence not in state.h_items[0] and state.usage["teleport-token-placed"] == 2
    assert not [a for a in ENGINE.legal_actions(state) if a[:2] == ("item", tome)]  # no Essence left
    state = ENGINE.apply(state, ("move", 0))
    cost = int(table.rules["teleport_token.movement_cost"])
    assert ("teleport", cellar) in ENGINE.legal_actions(state) and state.move_points >= cost
    state = ENGINE.apply(state, ("teleport", cellar))
    assert state.h_area[0] == cellar and not ENGINE.invariants(state)


def _rolled(state, best: bool):
    """The chance outcome of the waiting roll with the most (or the fewest) successes, and no stamina face."""
    outcomes = [a for a in ENGINE.legal_actions(state) if a[0] == "roll" and a[2] == 0]
    return (max if best else min)(outcomes, key=lambda a: a[1])


def test_the_puzzle_box_of_xi_sai_swaps_places_after_a_will_check_once_a_scenario(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "puzzle-box-of-xi-sai"}], players=2)
    state = _at(agm_pack, table, area="cellar")
    box = _index(table, "puzzle-box-of-xi-sai")
    check = table.items[box].effects.check
    hall = table.areas.index("hall")
    state.h_area[1] = hall
    state.h_disk[0], state.h_spent[0] = table.heroes[0].stamina - 2, 2
    state.h_disk[1], state.h_spent[1] = table.heroes[1].stamina - 1, 1
    state.maneuvers = 0  # the card names no maneuver
    assert ("item", box, 1) in ENGINE.legal_actions(state)
    failed = ENGINE.apply(state, ("item", box, 1))
    assert failed.pending[0][3] == "item-check" and failed.pending[0][2] == table.heroes[0].abilities[check[0]]
    failed = ENGINE.apply(failed, _rolled(failed, best=False))
    assert failed.h_area[1] == hall and not [a for a in ENGINE.legal_actions(failed) if a[:2] == ("item", box)]
    failed.round += 1  # once per turn: the next turn it may try again
    assert ("item", box, 1) in ENGINE.legal_actions(failed)
    passed = ENGINE.apply(state, ("item", box, 1))
    passed = ENGINE.apply(passed, _rolled(passed, best=True))
    restore = table.items[box].effects.swap
    assert passed.h_area[0] == hall and passed.h_area[1] == table.areas.index("cellar")
    assert (passed.h_spent[0], passed.h_spent[1]) == (2 - restore, max(0, 1 - restore))
    passed.round += 1
    assert not [a for a in ENGINE.legal_actions(passed) if a[:2] == ("item", box)]  # spent for the scenario
    assert box in passed.h_items[0] and not ENGINE.invariants(passed)


def test_a_spark_or_the_lucky_coin_rolls_an_items_check_again_but_not_an_attack_roll(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "puzzle-box-of-mion"}, {"item": "spark"},
                                              {"item": "lucky-coin"}])
    box, spark, coin = (_index(table, i) for i in ("puzzle-box-of-mion", "spark", "lucky-coin"))
    state = ENGINE.apply(_at(agm_pack, table), ("item", box))
    check = state.pending[0]
    rolled = ENGINE.apply(state, _rolled(state, best=False))
    assert ENGINE.legal_actions(rolled) == [("react", -1), *sorted([("react", spark), ("react", coin)])]
    again = ENGINE.apply(rolled, ("react", spark))
    assert again.pending[0] == check and spark not in again.h_items[0]
    passed = ENGINE.apply(again, _rolled(again, best=True))
    assert ENGINE.legal_actions(passed) == [("react", -1), ("react", coin)]
    passed = ENGINE.apply(passed, ("react", -1))
    assert passed.usage["item-check-passed"] == 1 and passed.usage["item-effect:reroll"] == 1
    state = _at(agm_pack, table, "torrax-raging-smash")
    slot = next(s for s, a in enumerate(state.e_area) if a == state.h_area[0])
    state.e_health[slot] = 50
    attacked = ENGINE.apply(ENGINE.apply(state, ("attack", slot, "melee")), ("roll", 0, 0))
    assert not attacked.pending or attacked.pending[0][0] != "react"  # the cards reroll ability checks only


def test_the_puzzle_box_of_mion_reveals_the_top_initiative_card_and_puts_it_where_the_hero_says(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "puzzle-box-of-mion"}])
    state = _at(agm_pack, table)
    box = _index(table, "puzzle-box-of-mion")
    state = ENGINE.apply(state, ("item", box))
    state = ENGINE.apply(state, _rolled(state, best=True))
    peeks = ENGINE.chance_outcomes(state)
    assert {a[1] for a, _ in peeks} == set(state.init_deck) and all(a[0] == "peek" for a, _ in peeks)
    top = peeks[0][0][1]
    state = ENGINE.apply(state, ("peek", top))
    assert ENGINE.legal_actions(state) == [("deck", 1), ("deck", 0)]
    kept = ENGINE.apply(state, ("deck", 1))
    assert kept.init_top == top and ("end",) in ENGINE.legal_actions(kept)
    assert not [a for a in ENGINE.legal_actions(kept) if a[:2] == ("item", box)]
    kept.phase, kept.seat = 1, -1  # the next round's Reveal Initiative: the card on top comes
    assert ENGINE.chance_outcomes(kept) == [(("initiative", top), 1.0)]
    bottom = ENGINE.apply(state, ("deck", 0))
    bottom.phase, bottom.seat = 1, -1
    assert top not in {a[1] for a, _ in ENGINE.chance_outcomes(bottom)}  # drawn once no other card is left
    bottom.init_deck = [top, *[c for c in bottom.init_deck if c != top][:1]]
    rest = bottom.init_deck[1]
    assert ENGINE.chance_outcomes(bottom) == [(("initiative", rest), 1.0)]
    bottom.init_deck = [top]
    assert ENGINE.chance_outcomes(bottom) == [(("initiative", top), 1.0)]


def test_the_policies_put_a_card_whose_enemies_act_early_at_the_bottom(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "puzzle-box-of-mion"}])
    state = _at(agm_pack, table)
    early = next(i for i, f in enumerate(table.faces) if f.turns[0] == "enemy")
    late = next(i for i, f in enumerate(table.faces) if f.turns[-1] == "enemy")
    for card, top in ((early, 0), (late, 1)):
        state.peeked = card
        assert POLICIES["heuristic"](ENGINE, state, random.Random(0)) == ("deck", top)


def test_the_aox_flask_summons_the_lumin_for_a_blood_crystal_as_its_die_decides(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "aox-flask"}, {"item": "blood-crystal"}])
    state = _at(agm_pack, table)
    flask, crystal = _index(table, "aox-flask"), _index(table, "blood-crystal")
    lumin = next(h for h, f in enumerate(table.heroes) if f.hero == agm_pack.by_id["aox-flask"].get("summons"))
    use = next(a for a in ENGINE.legal_actions(state) if a[:2] == ("use", flask))
    rolled = ENGINE.apply(state, use)
    assert crystal not in rolled.h_items[0] and flask in rolled.h_items[0] and rolled.maneuvers == state.maneuvers
    gamble = agm_pack.by_id["aox-flask"].get("play")["gamble"]
    odds = dict(ENGINE.chance_outcomes(rolled))
    faces = [str(f) for f in fact(agm_pack, "action_die.faces")]
    assert odds[("gamble", 0)] == faces.count(gamble["fail"]) / len(faces)
    assert odds[("gamble", 2)] == faces.count(gamble["hurt"]) / len(faces)
    failed = ENGINE.apply(rolled, ("gamble", 0))
    assert failed.h_area[lumin] == OFF and failed.usage["summon-failed"] == 1
    hurt = ENGINE.apply(rolled, ("gamble", 2))
    assert hurt.h_area[lumin] == use[2] and hurt.h_wounds[0] == gamble["damage"]
    hurt.h_items[0] += (crystal,)  # another Blood Crystal: still once a scenario
    hurt.h_area[lumin], hurt.h_exhausted[lumin] = OFF, True
    assert not [a for a in ENGINE.legal_actions(hurt) if a[:2] == ("use", flask)]
    assert not ENGINE.invariants(failed)


def test_gric_gains_a_herb_token_of_its_shape_from_the_stock_once_a_scenario(agm_pack):
    table = _table(agm_pack, "board-torrax", [MAUL, {"item": "gric"}])
    state = _at(agm_pack, table)
    gric = _index(table, "gric")
    shape = agm_pack.by_id["gric"].get("play")["use"]["herb"]
    offered = {a[2] for a in ENGINE.legal_actions(state) if a[:2] == ("item", gric)}
    expected = {t.id for t in agm_pack.of_type("item-token") if t.get("group") == "herb" and t.get("shape") == shape
                and t.get("play")}
    assert {table.items[i].id for i in offered} == expected and expected
    state.h_disk[0], state.h_wounds[0] = table.heroes[0].stamina - 2, 2
    lotus = next(i for i in offered if table.items[i].heal)
    assert items_policy.value(state, 0, ("item", gric, lotus)) == max(
        items_policy.value(state, 0, ("item", gric, i)) for i in offered)  # the one it needs
    state = ENGINE.apply(state, ("item", gric, lotus))
    assert lotus in state.h_items[0] and gric in state.h_items[0] and state.maneuvers == 2
    assert not [a for a in ENGINE.legal_actions(state) if a[:2] == ("item", gric)]  # once a scenario
    assert ("use", lotus) in ENGINE.legal_actions(state) and not ENGINE.invariants(state)


def test_the_chest_of_relocation_sends_an_item_to_the_hero_with_the_other_chest(agm_pack):
    chest = {"item": "chest-of-relocation"}
    carried = {"board-torrax": [MAUL, chest, {"item": "potion-of-healing"}], "board-lunara": [chest]}
    party = [dataclasses.replace(agm_pack.by_id[b], data={**agm_pack.by_id[b].data, "items": items, "encumbrance": 3})
             for b, items in carried.items()]
    table = compile_table(agm_pack, CELLAR, 2, party=party)
    state = _at(agm_pack, table)
    box, potion = _index(table, "chest-of-relocation"), _index(table, "potion-of-healing")
    state.h_area[1] = table.areas.index("stairs")
    state.h_disk[1], state.h_wounds[1] = table.heroes[1].stamina - 3, 3
    legal = ENGINE.legal_actions(state)
    sent = [a[2] for a in legal if a[:2] == ("item", box)]
    assert potion in sent and all(table.items[i].weight <= table.items[box].effects.relocate for i in sent)
    state.acts, state.h_ach[0] = 0, 0  # its action done, no gem to spend
    assert POLICIES["greedy"](ENGINE, state, random.Random(0)) == ("item", box, potion)
    state = ENGINE.apply(state, ("item", box, potion))
    assert potion in state.h_items[1] and potion not in state.h_items[0] and box in state.h_items[0]
    assert state.maneuvers == 1 and not ENGINE.invariants(state)
    state.h_exhausted[1] = True
    assert not [a for a in ENGINE.legal_actions(state) if a[:2] == ("item", box)]  # no Hero in play holds the other
