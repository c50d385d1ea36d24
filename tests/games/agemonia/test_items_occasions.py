"""Items whose use waits for an occasion, in play: the greedy and heuristic policies hand a Hero in their
area an item that rids it of what it suffers (wounded status, an Injury, conditions: `items.relieves`) and
pick one up when it does that for them (`kit_policy`); the stash deals an item acting on attacks of some
types where those attacks roll the Hero's most dice (`items_stash`)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from deckwright.games.agemonia import items, items_stash
from deckwright.games.agemonia.policies import POLICIES
from deckwright.games.agemonia.rulings import read_rulings
from deckwright.games.agemonia.state import State
from deckwright.games.agemonia.table import compile_table
from tests.games.agemonia.test_hero_kit import RITUAL, _turn
from tests.games.agemonia.test_items_on_map import ENGINE, _item


def _sucker_pair(agm_pack: Any) -> tuple[State, int]:
    """The Broken Ritual's listed party of two (the stash deals Lunara a Serupod Sucker): Lunara's turn with
    Zuva'Sai in her area, Lunara carrying only the Sucker."""
    table = dataclasses.replace(ENGINE.compile(agm_pack, RITUAL, 2), parties=())
    state = ENGINE.new_state(table, 0)
    _turn(state, 0, "lunara-stalwart-smite", "gate")
    state.h_area[1] = state.h_area[0]
    sucker = _item(state, "serupod-sucker")
    state.h_items[0], state.h_active[0], state.h_items[1] = (sucker,), (), ()
    return state, sucker


def _wound(state: State, hero: int) -> None:
    state.h_wounded[hero] = True
    state.h_disk[hero], state.h_spent[hero] = state.table.heroes[hero].wounded_stamina, 0
    state.h_wounds[hero] = 0


def test_the_policies_hand_a_wounded_hero_the_item_that_removes_wounded_status(agm_pack):
    state, sucker = _sucker_pair(agm_pack)
    give = ("give", sucker, 1)
    assert give in ENGINE.legal_actions(state)
    for name in ("greedy", "heuristic"):  # nobody wounded: it stays
        assert POLICIES[name](ENGINE, state, random.Random(0)) != give
    _wound(state, 1)
    assert items.relieves(state, 1, state.table.items[sucker]) and not items.relieves(state, 0, state.table.items[sucker])
    for name in ("greedy", "heuristic"):
        assert POLICIES[name](ENGINE, state, random.Random(0)) == give
    _wound(state, 0)  # the holder wounded too: it uses the item itself rather than give it away
    for name in ("greedy", "heuristic"):
        assert POLICIES[name](ENGINE, state, random.Random(0)) == ("item", sucker)


def test_the_policies_pick_up_an_item_that_removes_their_wounded_status(agm_pack):
    state, sucker = _sucker_pair(agm_pack)
    state.h_items[0] = ()
    state.dropped = [(state.h_area[0], sucker, 1, state.round - 1)]
    pick = ("pick", sucker, -1)
    assert pick in ENGINE.legal_actions(state)
    assert POLICIES["heuristic"](ENGINE, state, random.Random(0)) != pick
    _wound(state, 0)
    assert POLICIES["heuristic"](ENGINE, state, random.Random(0)) == pick


def test_an_item_acting_on_attacks_of_its_types_goes_where_they_roll_the_heros_most_dice(agm_pack):
    """The Compendium Aoxa works on magic attacks: Torrax's one magic attack (the Boulder, Will 2) rolls
    fewer dice than his melee ones (Might 3), so the stash deals it to a Hero whose magic attacks are its
    strongest (Zuva'Sai, Will 3), with the Blood Crystal it makes roll more dice."""
    dealt = items_stash._deal(agm_pack, read_rulings(agm_pack, {}))
    boards = {seat: agm_pack.by_id[str(agm_pack.by_id[seat[0]].get("party")[seat[2]])] for seat in dealt}
    held = [seat for seat, got in dealt.items() if "compendium-aoxa" in got]
    assert held and all("blood-crystal" in dealt[seat] for seat in held)
    for seat in held:
        board = boards[seat]
        assert items_stash._attacks(agm_pack, board, strongest=True) == {"magic"}, board.id
    torrax = agm_pack.by_id["board-torrax"]
    assert items_stash._attacks(agm_pack, torrax) == {"magic", "melee"}
    assert items_stash._attacks(agm_pack, torrax, strongest=True) == {"melee"}


def test_the_policies_ready_a_token_before_an_area_attack_hitting_several_enemies(agm_pack):
    """A shaped attack is worth more for each Enemy it hits yet stays within a single attack's worth
    (`policies.shaped_value`), so what joins the attack comes first: Zuva'Sai, carrying the Compendium Aoxa
    and a Blood Crystal in the Flooded Cellar, readies the Crystal before a Runic Blast on every Enemy of the
    area, and the blast rolls Will and the two dice the Compendium gives the Crystal."""
    board = agm_pack.by_id["board-zuvasai"]
    carried = [*board.get("items"), {"item": "compendium-aoxa"}, {"item": "blood-crystal"}]
    grown = dataclasses.replace(board, data={**board.data, "items": carried})
    table = compile_table(agm_pack, "sample-flooded-cellar", 1, party=(grown,))
    zuvasai = 0
    crystal = _item(ENGINE.new_state(table, 0), "blood-crystal")
    dice = dict(agm_pack.by_id["compendium-aoxa"].get("play"))["token_dice"]["dice"]
    for name in ("greedy", "heuristic"):
        state = ENGINE.new_state(table, 0)
        _turn(state, zuvasai, "zuvasai-runic-blast", "cellar")
        for slot in [i for i, area in enumerate(state.e_area) if area >= 0][:3]:
            state.e_area[slot] = state.h_area[zuvasai]
        assert crystal in state.h_items[zuvasai]
        assert POLICIES[name](ENGINE, state, random.Random(0)) == ("ready", crystal)
        state = ENGINE.apply(state, ("ready", crystal))
        attack = POLICIES[name](ENGINE, state, random.Random(0))
        assert attack[0] == "area"
        state = ENGINE.apply(state, attack)
        assert state.pending[0][:3] == ("roll", "a", table.heroes[zuvasai].abilities[2] + dice)
