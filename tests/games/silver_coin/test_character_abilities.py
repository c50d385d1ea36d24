"""The characters' abilities played on set positions (each shows the ability's effect and its fact), and
in whole seeded games (each ability changes a game when its fact changes)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from deckwright.engine.parallel import resolve_policy
from deckwright.games.silver_coin import (
    actions, berserker, characters, combat, fighter_dice, flow, spells, time_board, trophies,
)
from deckwright.games.silver_coin.engine import SilverCoin
from deckwright.games.silver_coin.state import MAGIC, Fight, State
from deckwright.games.silver_coin.table import compile_table
from deckwright.model import Pack
from deckwright.rules import fact
from tests.games.silver_coin.test_characters import _monster, _state

GAME = SilverCoin()


def _draw_all(state: State) -> None:
    """Resolve pending draws by the first card of their pile."""
    while state.chance is not None:
        flow.resolve_draw(state, flow.draw_pile(state, state.chance)[0])


def _refill(state: State) -> None:
    """Make every draw the position waits for (rows, decks) by the first card of its pile."""
    while (need := flow.pending_draw(state)) is not None:
        state.chance = need
        flow.resolve_draw(state, flow.draw_pile(state, need)[0])


def test_the_shapeshifter_opens_its_track_and_takes_higher_forms(sc_pack: Pack) -> None:
    state = _state(sc_pack, "shapeshifter")
    state.round_type = "flow"
    hunter = state.hunters[0]
    level_2 = next(i for i, m in enumerate(state.table.monsters) if m.level == 2)
    hunter.trophies = [level_2]
    hunter.physical = hunter.magical = 4
    assert characters.shift_options(state, 0, hunter) == []  # level II is locked at the start
    assert ("track",) in actions.legal(state)
    actions.apply(state, ("track",))
    assert hunter.unlocked == ["level-2"] and characters.levels(state, 0) == 2
    assert characters.shift_options(state, 0, hunter) == [("shift", level_2)]
    assert not [a for a in actions.legal(state) if a[0] in trophies.KINDS]  # once a Flow round
    assert combat.target(state, Fight(-1, level_2, shift=2), 0) == \
        combat.target(state, Fight(-1, level_2), 0) - 2 - 1  # +2 strength, and no -1 for not shifting
    opened = _state(sc_pack, "shapeshifter", {"shapeshifter.track.spots": ["level_3", "level_2"]})
    opened.round_type = "flow"
    trophies.apply(opened, 0, ("track",))
    assert characters.levels(opened, 0) == 3


def test_a_new_trophy_pays_the_shapeshifters_opened_reputation_icon(sc_pack: Pack) -> None:
    # (seeded games rarely win a new trophy after opening a Reputation icon: this is played on a set position)
    for overrides, gain in (({}, 1), ({"shapeshifter.track.reputation": 3}, 3)):
        state = _state(sc_pack, "shapeshifter", overrides)
        hunter = state.hunters[0]
        hunter.unlocked = ["reputation-1"]
        level_1 = next(m for m, card in enumerate(state.table.monsters) if card.level == 1)
        before = hunter.bonus
        trophies.add_trophy(state, 0, level_1)
        assert hunter.bonus == before + gain
        trophies.add_trophy(state, 0, level_1)  # the same monster again is no new trophy
        assert hunter.bonus == before + gain


def test_the_shapeshifter_draws_two_monsters_keeps_one_and_pays_its_levels_flow(sc_pack: Pack) -> None:
    for overrides, cost in (({}, 2), ({"shapeshifter.flow.draw_cost": [3, 4, 6]}, 3)):
        state = _state(sc_pack, "shapeshifter", overrides)
        state.round_type = "flow"
        hunter = state.hunters[0]
        hunter.physical, hunter.magical = 1, 5
        hunter.unlocked = ["level-2", "experience-1"]
        assert trophies.options(state, 0) == [("track",), ("trophy-draw", 1), ("trophy-draw", 2)]
        actions.apply(state, ("trophy-draw", 1))
        _draw_all(state)
        shown = list(state.offered)
        assert len(shown) == 2 and len({state.table.monsters[m].id for m in shown}) == 2
        assert state.step == trophies.STEP and actions.legal(state) == [("keep-trophy", m) for m in sorted(shown)]
        experience = hunter.experience
        actions.apply(state, ("keep-trophy", shown[1]))
        assert hunter.trophies == [shown[1]] and (hunter.physical, hunter.magical) == (0, 6 - cost)
        assert hunter.experience == experience + 1  # the opened Experience icon of level I trophies
        assert shown[0] in state.monster_discard and not state.offered and state.step == ""
        assert GAME.invariants(state) == []


def test_a_draw_of_monsters_the_shapeshifter_holds_is_wasted_and_free(sc_pack: Pack) -> None:
    state = _state(sc_pack, "shapeshifter")
    state.round_type = "flow"
    hunter = state.hunters[0]
    hunter.physical = 2
    held = state.monster_decks[0][0]
    hunter.trophies = [held]
    state.monster_decks[0] = [held]  # a copy of a held monster (the shipped pack has none) is all the deck shows
    actions.apply(state, ("trophy-draw", 1))
    _draw_all(state)
    assert hunter.physical == 2 and state.step == "" and not state.offered
    assert state.counts.get("situation:trophy-draw-wasted") == 1


def test_the_full_moon_spot_adds_strength_only_at_full_moon(sc_pack: Pack) -> None:
    state = _state(sc_pack, "shapeshifter")
    cycle = state.table.rules.time_cycle
    state.round = cycle.index("full-moon")
    monster = _monster(state)
    before = combat.target(state, Fight(-1, monster), 0)
    state.hunters[0].unlocked = ["full-moon"]
    assert combat.target(state, Fight(-1, monster), 0) == before - 1
    state.round = cycle.index("daylight")
    assert combat.target(state, Fight(-1, monster), 0) == combat.target(
        _state(sc_pack, "shapeshifter"), Fight(-1, monster), 0)


def _more_herbs(table: Any, copies: int) -> Any:
    """The table with `copies` of the pack's Herb cards in every kingdom (the pack ships one)."""
    return replace(table, herb_cards=tuple((herb, kingdom, gains) for _ in range(copies)
                                           for herb, _, gains in table.herb_cards for kingdom in range(len(table.kingdoms))))


def played_as(pack: Pack, character: str, seed: int, overrides: dict[str, Any] | None = None,
              players: int = 3, herbs: int = 0, policy_name: str = "heuristic") -> tuple[Any, ...]:
    """A seeded game of `policy_name` players (heuristic ones unless named) in which seat 0 plays
    `character` (given to it once the characters' auction is over): the scores, the steps and what happened."""
    import random

    from deckwright.engine.playout import sample_chance

    table = compile_table(pack, "standard", players, overrides)
    table = _more_herbs(table, herbs) if herbs else table
    policy = resolve_policy(GAME, policy_name)
    rng = random.Random(seed)
    state = GAME.new_state(table, seed)
    wanted = next(i for i, c in enumerate(table.characters) if c.id == character)
    while not GAME.is_terminal(state):
        if state.stage == 1 and state.hunters[0].character != wanted:
            holder = next((h for h in state.hunters if h.character == wanted), None)
            mine = state.hunters[0]
            if holder is None:
                state.characters[state.characters.index(wanted)] = mine.character
                mine.character = wanted
            else:
                holder.character, mine.character = mine.character, wanted
            for hunter in state.hunters:
                hunter.health = hunter.max_health = table.characters[hunter.character].health
        if GAME.current_player(state) < 0:
            action = sample_chance(GAME.chance_outcomes(state), rng)
        else:
            action = policy(GAME, state, rng)
        GAME.apply_in_place(state, action)
    assert GAME.invariants(state) == []
    return GAME.scores(state), state.steps, tuple(sorted(state.counts.items()))


def _herbs(pack: Pack, character: str, copies: int, overrides: dict[str, Any] | None = None) -> State:
    """A position whose Herb deck holds `copies` of the pack's Herb cards in every kingdom (it ships one)."""
    state = _state(pack, character, overrides)
    state.table = _more_herbs(state.table, copies)
    state.herb_deck = list(range(len(state.table.herb_cards)))
    return state


def _at_herbs(pack: Pack, character: str) -> State:
    """Seat 0 at a herb spot of a kingdom that shows two Herb cards."""
    state = _herbs(pack, character, 2)
    table = state.table
    kingdom = 0
    state.herb_row = [h for h, card in enumerate(table.herb_cards) if card[1] == kingdom][:2]
    for herb in state.herb_row:
        state.herb_deck.remove(herb)
    state.hunters[0].place = next(p for p, kind in enumerate(table.place_kind) if kind == "herb-spot"
                                  and table.place_kingdom[p] == kingdom)
    state.step, state.done = "location", set()
    return state


def test_the_gatherer_gathers_every_herb_card_of_the_kingdom(sc_pack: Pack) -> None:
    for character, gathered in (("seeker", 1), ("gatherer", 2)):
        state = _at_herbs(sc_pack, character)
        while True:
            offered = [a for a in actions.legal(state) if a[0] == "gather"]
            if not offered:
                break
            actions.apply(state, offered[0])
        assert len(state.herb_row) == 2 - gathered and state.counts["herbs-gathered"] == gathered


def test_the_gatherer_replaces_every_face_up_herb_card_on_a_flow_turn(sc_pack: Pack) -> None:
    for overrides, face_up in (({}, 7), ({"herb.face_up": 5}, 5)):
        state = _herbs(sc_pack, "gatherer", 3, overrides)
        _refill(state)
        before = list(state.herb_row)
        assert len(before) == face_up
        state.round_type = "normal"
        assert ("herb-refresh",) not in actions.legal(state)  # only on a Flow turn
        state.round_type = "flow"
        actions.apply(state, ("herb-refresh",))
        assert state.herb_row == [] and set(before) <= set(state.herb_discard)
        _refill(state)
        assert len(state.herb_row) == face_up and not set(state.herb_row) & set(before)
        assert GAME.invariants(state) == []


def _battle(pack: Pack, character: str, overrides: dict[str, Any] | None = None) -> State:
    """Seat 0 before a battle with the strongest monster of the pack."""
    state = _state(pack, character, overrides)
    monster = max(range(len(state.table.monsters)), key=lambda m: (state.table.monsters[m].strength, -m))
    for deck in state.monster_decks:
        if monster in deck:
            deck.remove(monster)
    state.hunters[0].missions = [(0, monster, True)]
    state.mission_deck.remove(0)
    combat.start(state, 0)
    return state


def _roll(state: State, *values: int) -> None:
    for value in values:
        assert state.chance is not None
        combat.rolled(state, value)


def test_the_fighter_swaps_a_die_rolled_before_battle_for_a_white_die(sc_pack: Pack) -> None:
    for overrides, swaps in (({}, True), ({"fighter.swap.cost.physical_flow": 3}, False)):
        state = _battle(sc_pack, "fighter", overrides)
        hunter = state.hunters[0]
        hunter.dice, hunter.physical = ["red", "green", "green"], 2
        assert ("swap-roll",) in combat.legal(state)
        combat.apply(state, ("swap-roll",))
        assert state.chance == ("swap-die", "green")  # one die of each colour
        _roll(state, 5, 2)
        assert hunter.swap == [("green", 5), ("red", 2)] and state.chance is None
        combat.apply(state, ("attack",))
        assert fighter_dice.rolled_colours(state, 0) == ["green"]
        _roll(state, 1)  # the green die not set aside
        assert state.chance == ("white-die",)
        _roll(state, 1, 3)
        fight = state.fight
        assert fight is not None and fight.white_faces == (1, 3)
        offered = combat.legal(state)
        assert [a for a in offered if a[0] == "fighter-swap"] == ([("fighter-swap", "green"), ("fighter-swap", "red")]
                                                                 if swaps else [])
        if swaps:
            combat.apply(state, ("fighter-swap", "green"))
            assert fight.white_faces == (5, 3) and fight.white == 8 and hunter.physical == 0
            assert hunter.swap == [("red", 2)] and fighter_dice.rolled_colours(state, 0) == ["green", "green"]


def test_the_fighters_green_die_rerolls_her_color_dice_once_a_round(sc_pack: Pack) -> None:
    for overrides, magical in (({}, 0), ({"fighter.reroll.cost.magical_flow": 2}, None)):
        state = _battle(sc_pack, "fighter", overrides)
        hunter = state.hunters[0]
        hunter.dice, hunter.pips, hunter.magical = ["red"], {"green": 1}, 1
        combat.apply(state, ("attack",))
        _roll(state, 1, 2)
        offered = combat.legal(state)
        if magical is None:
            assert ("fighter-reroll",) not in offered  # too dear
            continue
        combat.apply(state, ("fighter-reroll",))
        assert state.chance == ("recolor",) and hunter.magical == magical
        assert hunter.pips == {} and sorted(hunter.dice) == ["green", "red"]  # the die's last pip: back off the card
        _roll(state, 6)
        fight = state.fight
        assert fight is not None and fight.color == 6 and ("fighter-reroll",) not in combat.legal(state)


def _face(state: State, face: str) -> int:
    return state.table.rules.berserker_faces.index(face)


def test_a_wounded_berserker_rolls_its_die_and_adds_its_number(sc_pack: Pack) -> None:
    state = _battle(sc_pack, "berserker")
    combat.apply(state, ("attack",))
    _roll(state, 2)
    assert state.chance is None  # unwounded: no Berserker Die
    state = _battle(sc_pack, "berserker")
    state.hunters[0].health = 5
    combat.apply(state, ("attack",))
    _roll(state, 2)
    assert state.chance == ("berserk",)
    outcomes = combat.chance_outcomes(state)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9 and len(outcomes) == len(set(state.table.rules.berserker_faces))
    _roll(state, _face(state, "3"))
    assert berserker.strength(state) == 3


def test_a_heart_wounds_the_berserker_unless_it_pays_physical_flow(sc_pack: Pack) -> None:
    for overrides, physical, prevent in (({}, 3, True), ({}, 3, False), ({"berserker.heart.prevent_cost.physical_flow": 4}, 3, False)):
        state = _battle(sc_pack, "berserker", overrides)
        hunter = state.hunters[0]
        hunter.health, hunter.physical = 5, physical
        combat.apply(state, ("attack",))
        _roll(state, 2, _face(state, "heart"))
        offered = combat.legal(state)
        assert (("prevent-heart",) in offered) is (overrides == {})
        if prevent:
            combat.apply(state, ("prevent-heart",))
        if state.step == "dice":
            combat.apply(state, ("roll-done",))
        fight = state.fight
        assert fight is not None
        # the Heart's wound (unless prevented) and the lost round's wound
        assert hunter.health == 5 - (not prevent) - 1 and hunter.physical == physical - 3 * prevent
        assert fight.rage_room == 2 - prevent
        if hunter.physical:
            combat.apply(state, ("to-rage",))
            assert hunter.rage == min(physical, 2 - prevent)


def test_protection_magic_cast_against_the_berserkers_heart_prevents_its_wound_for_the_facts_price(
        sc_pack: Pack) -> None:
    for overrides, magic, cast in (({}, "protection", True), ({}, "protection", False),
                                   ({"magic.protection.cost.magical_flow": 2}, "protection", True),
                                   ({}, "fire", False)):
        price = overrides.get("magic.protection.cost.magical_flow", fact(sc_pack, "magic.protection.cost.magical_flow"))
        state = _battle(sc_pack, "berserker", overrides)
        hunter = state.hunters[0]
        hunter.health, hunter.physical, hunter.magical, hunter.magic = 5, 0, 3, [magic]
        combat.apply(state, ("attack",))
        _roll(state, 2, _face(state, "heart"))
        offered = combat.legal(state)
        assert ((berserker.PROTECT_HEART, 0) in offered) is (magic == "protection")
        assert (berserker.PREVENT_HEART,) not in offered  # no Physical Flow to pay with
        if cast:
            combat.apply(state, (berserker.PROTECT_HEART, 0))
            assert (berserker.PROTECT_HEART, 0) not in combat.legal(state)
        if state.step == "dice":
            combat.apply(state, ("roll-done",))
        if state.step == spells.STEP:  # the lost round's own damage: taken
            combat.apply(state, (spells.UNPROTECTED,))
        # the Heart's wound (unless protected against) and the lost round's wound
        assert hunter.health == 5 - (not cast) - 1 and hunter.magical == 3 - price * cast


def test_the_berserkers_flow_round_banks_rage_and_unlocks_its_rage_abilities(sc_pack: Pack) -> None:
    for overrides, banked in (({}, 3), ({"berserker.flow.convert_max": 2}, 2)):
        state = _state(sc_pack, "berserker", overrides)
        state.round_type = "flow"
        hunter = state.hunters[0]
        hunter.physical = 5
        options = actions.legal(state)
        assert ("rage-convert",) in options and ("rage-unlock", "heart") in options
        actions.apply(state, ("rage-convert",))
        assert (hunter.rage, hunter.physical) == (banked, 5 - banked)
    state = _battle(sc_pack, "berserker")
    hunter = state.hunters[0]
    hunter.health, hunter.rage = 5, 3
    hunter.unlocked = ["heart", "reroll"]
    combat.apply(state, ("attack",))
    _roll(state, 1, _face(state, "heart"))
    assert ("rage-heart",) in combat.legal(state) and ("rage-reroll",) not in combat.legal(state)  # 1 of its 2 cubes off
    hunter.unlocked.append("reroll")
    assert ("rage-reroll",) in combat.legal(state)
    combat.apply(state, ("rage-heart",))
    fight = state.fight
    assert fight is not None and fight.dealt == 1 and hunter.rage == 2
    combat.apply(state, ("rage-reroll",))  # the Heart still wounds, then the die is rolled again
    assert hunter.health == 4 and hunter.rage == 0 and state.chance == ("berserk",)


def test_the_chronomancer_sets_its_time_token_and_travels_back_to_it(sc_pack: Pack) -> None:
    state = _state(sc_pack, "chronomancer")
    hunter = state.hunters[0]
    start = hunter.place
    hunter.time_cubes = 1
    assert ("time-token",) not in actions.legal(state)  # no Time Cube on Past III (one on Area I)
    time_board.put(state, 0, time_board.PAST_3, 1)
    actions.apply(state, ("time-token",))
    assert (hunter.time_token, time_board.cubes(state, 0, time_board.PAST_3), hunter.ability_used) == (start, 0, True)
    assert hunter.time_cubes == 1
    hunter.place = state.table.capitals[1]
    assert ("time-travel",) in actions.legal(state)
    actions.apply(state, ("time-travel",))
    assert hunter.place == start and hunter.time_token == -1 and hunter.used == 0  # no Action Token
    hunter.ability_used = False
    time_board.put(state, 0, time_board.PAST_3, 1)
    actions.apply(state, ("time-token",))
    flow.start_round(state)
    assert hunter.time_token == -1  # back at the round's end, unused


def test_the_chronomancer_glimpses_two_monsters_for_a_mission_and_keeps_one(sc_pack: Pack) -> None:
    for overrides, shown in (({}, 2), ({"chronomancer.future_2.cards_seen": 3}, 3)):
        state = _state(sc_pack, "chronomancer", overrides)
        hunter = state.hunters[0]
        mission = next(m for m, (k, _) in enumerate(state.table.missions))
        state.mission_deck.remove(mission)
        state.tavern = [(mission, 1)]
        state.step, state.done = "location", set()
        assert ("take-glimpse", 0) not in actions.legal(state)
        time_board.put(state, 0, time_board.FUTURE_2, 1)
        assert ("take-glimpse", 0) in actions.legal(state)
        actions.apply(state, ("take-glimpse", 0))
        _draw_all(state)
        assert len(state.offered) == shown and time_board.cubes(state, 0, time_board.FUTURE_2) == 0
        offered = actions.legal(state)
        assert offered == [("keep-glimpsed", m) for m in sorted(state.offered)]
        kept = offered[-1][1]
        others = [m for m in state.offered if m != kept]
        actions.apply(state, offered[-1])
        assert hunter.missions[-1][1] == kept and state.step == "reveal"
        assert sorted(state.monster_decks[0][:shown - 1]) == sorted(others) and GAME.invariants(state) == []


def test_the_chronomancer_adds_the_top_kingdom_card_to_its_bid_or_discards_it(sc_pack: Pack) -> None:
    from deckwright.games.silver_coin import decisions
    from deckwright.games.silver_coin.state import BID

    for add in (True, False):
        state = _state(sc_pack, "chronomancer")
        state.phase, state.bid_cards = BID, [[] for _ in state.hunters]
        hunter = state.hunters[0]
        assert ("time-peek",) not in decisions.legal(state)
        time_board.put(state, 0, time_board.FUTURE_3, 1)
        decisions.apply(state, ("time-peek",))
        top = flow.draw_pile(state, state.chance or ())[0]
        _draw_all(state)
        assert decisions.legal(state) == [("time-bid", True), ("time-bid", False)]
        decisions.apply(state, ("time-bid", add))
        assert state.bid_cards[0] == ([top] if add else []) and time_board.cubes(state, 0, time_board.FUTURE_3) == (0 if add else 1)
        assert (top in state.kingdom_discard) is not add and ("time-peek",) not in decisions.legal(state)


ABILITY_FACTS = [
    ("shapeshifter", "shapeshifter.track.spots", ["full_moon", "level_3", "level_2"], 2, "flow-ability:track"),
    ("gatherer", "herb.face_up", 5, 1, "gatherer-replaces-herbs"),
    ("fighter", "fighter.swap.cost.physical_flow", 1, 3, "fighter-swaps"),
    ("berserker", "berserker.die.faces", ["heart", 3, 3, 3, 3, 3], 2, "berserker-die-rolls"),
    ("berserker", "berserker.rage.locked_cubes", [1, 1, 1], 1, "flow-ability:rage-unlock"),
    ("chronomancer", "chronomancer.future_2.cards_seen", 3, 0, "time-cube-future-2"),
]
"""(character, fact, changed value, seed, what the character does in that game with the pack's value)."""


@pytest.mark.parametrize(("character", "name", "value", "seed", "used"), ABILITY_FACTS)
def test_a_seeded_game_with_the_character_changes_when_its_abilitys_fact_does(
        sc_pack: Pack, character: str, name: str, value: Any, seed: int, used: str) -> None:
    herbs = 3 if character == "gatherer" else 0  # the Gatherer on a table with Herb cards in every kingdom
    base = played_as(sc_pack, character, seed, herbs=herbs)
    assert dict(base[2]).get(used), f"the {character} never used the ability ({used})"
    assert played_as(sc_pack, character, seed, {name: value}, herbs=herbs) != base


def test_in_a_monsters_form_the_shapeshifter_buys_its_bonuses_and_knows_what_it_knew(sc_pack: Pack) -> None:
    state = _battle(sc_pack, "shapeshifter")
    table = state.table
    form, index, state.round = next(
        (m, i, r) for m, card in enumerate(table.monsters) for i, (kind, condition, strength) in enumerate(card.bonuses)
        if kind == "time-of-day" and strength > 0 for r in range(len(table.months))
        if combat.applies(replace(state, round=r), 0, card, kind, condition))
    kind, condition, strength = table.monsters[form].bonuses[index]
    hunter = state.hunters[0]
    hunter.unlocked = ["level-2", "level-3"]
    cost = state.table.rules.shift_cost[table.monsters[form].level - 1]
    hunter.trophies, hunter.physical, hunter.magical, hunter.experience = [form], cost, cost, 1
    combat.apply(state, ("shift", form))
    fight = state.fight
    assert fight is not None and fight.form == form and (hunter.physical, hunter.magical) == (0, 0)
    shifted = combat.target(state)
    assert ("form-bonus", index) in combat.legal(state)
    combat.apply(state, ("form-bonus", index))
    assert combat.target(state) == shifted - strength and hunter.experience == 0
    assert ("form-bonus", index) not in combat.legal(state)
    required = table.monsters[fight.monster].required
    fight.form = next((m for m, card in enumerate(table.monsters) if card.required >= required), form)
    fight.bought = ()
    assert combat.target(state) <= combat.target(state, Fight(-1, fight.monster, shift=1), 0)


def test_the_gatherer_takes_only_the_cards_face_up_when_its_action_began(sc_pack: Pack) -> None:
    state = _at_herbs(sc_pack, "gatherer")
    first = list(state.herb_row)
    actions.apply(state, ("gather", first[0], 0))
    state.herb_row.append(first[0])  # the discarded card drawn again into the row
    state.herb_discard.remove(first[0])
    offered = {a[1] for a in actions.legal(state) if a[0] == "gather"}
    assert offered == {first[1]}


def test_on_a_flow_round_the_druid_moves_its_tracker_token_once_more(sc_pack: Pack) -> None:
    state = _state(sc_pack, "druid")
    hunter = state.hunters[0]
    hunter.form = characters.OWL
    assert not [a for a in actions.legal(state) if a[0] == "druid-form"]
    state.round_type = "flow"
    assert [a for a in actions.legal(state) if a[0] == "druid-form"] == [("druid-form", characters.BEAR),
                                                                       ("druid-form", characters.TIGER)]
    actions.apply(state, ("druid-form", characters.TIGER))
    assert hunter.form == characters.TIGER and hunter.flow_used and not hunter.ability_used and hunter.used == 0
    assert not [a for a in actions.legal(state) if a[0] == "druid-form"]
