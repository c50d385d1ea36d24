"""Rules a few seeded games seldom reach, played on set positions: the Druid's animals, the
Shapeshifter's forms, the Knowledge board's full rows and columns, Durendal and the Combo Action.
Each test changes the fact behind the rule and sees the engine change with it."""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin import actions, characters, combat, flow_abilities, time_board
from deckwright.games.silver_coin.effects import board_rows
from deckwright.games.silver_coin.state import ACTION, Fight, State, new_state
from deckwright.games.silver_coin.table import compile_table
from deckwright.model import Pack


def _state(pack: Pack, character: str, overrides: dict[str, Any] | None = None) -> State:
    """A 3-player position in the Action phase of the first round, seat 0 playing `character`."""
    table = compile_table(pack, "standard", 3, overrides)
    state = new_state(table, 0)
    state.phase, state.round, state.seat = ACTION, 0, 0
    for seat, hunter in enumerate(state.hunters):
        hunter.character = next(i for i, c in enumerate(table.characters) if c.id == character) if seat == 0 else seat
        hunter.health = hunter.max_health = 6
        hunter.place = table.capitals[0]
        hunter.allowed = table.rules.tokens
    return state


def _monster(state: State, symbol: str = "") -> int:
    return next(i for i, m in enumerate(state.table.monsters) if not symbol or symbol in m.symbols)


def _target(state: State, shift: int = 0) -> int:
    return combat.target(state, Fight(-1, _monster(state), shift=shift), 0)


def test_the_druids_animals_change_battle_strength_hand_and_movement(sc_pack: Pack) -> None:
    state = _state(sc_pack, "druid")
    plain = _target(state)
    state.hunters[0].form = characters.OWL
    assert _target(state) == plain + 1  # the Owl's drawback: 1 weaker
    state.round_type = "flow"
    assert _target(state) == plain  # no drawback on a Flow round
    state.round_type = "normal"
    state.hunters[0].hand = [0, 1, 2]
    characters.take_form(state, 0, characters.BEAR)
    assert _target(state) == plain - 1 and len(state.hunters[0].hand) == 1
    characters.take_form(state, 0, characters.TIGER)
    assert actions.land_points(state, 0)[0] == state.table.rules.movement_base + 4
    assert actions.move_cost(state, 0) == 1
    stronger = _state(sc_pack, "druid", {"druid.owl.strength": -2, "druid.bear.hand_limit": 2})
    stronger.hunters[0].form = characters.OWL
    assert _target(stronger) == plain + 2
    stronger.hunters[0].hand = [0, 1, 2]
    characters.take_form(stronger, 0, characters.BEAR)
    assert len(stronger.hunters[0].hand) == 2


def test_the_shapeshifter_fights_weaker_unless_it_takes_a_trophys_form(sc_pack: Pack) -> None:
    druid = _target(_state(sc_pack, "druid"))
    state = _state(sc_pack, "shapeshifter")
    assert _target(state) == druid + 1
    hunter = state.hunters[0]
    hunter.trophies = [_monster(state)]
    hunter.physical = hunter.magical = 1
    assert characters.shift_options(state, 0, hunter) == [("shift", _monster(state))]
    assert _target(state, shift=1) == druid
    dearer = _state(sc_pack, "shapeshifter", {"shapeshifter.shift_cost_each_flow": [2, 3, 5],
                                              "shapeshifter.shift_strength": [1, 2, 3]})
    dearer.hunters[0].trophies = [_monster(dearer)]
    dearer.hunters[0].physical = dearer.hunters[0].magical = 1
    assert characters.shift_options(dearer, 0, dearer.hunters[0]) == []
    assert _target(dearer, shift=1) == druid - 1


def test_the_knowledge_boards_effects_follow_the_facts(sc_pack: Pack) -> None:
    state = _state(sc_pack, "seeker")
    sword = _monster(state, "legendary-sword")
    state.hunters[0].ancient = 8
    board_rows(state, 0)  # every row is full, so the columns are too
    fight = Fight(-1, sword)
    with_sword = combat.target(state, fight, 0)
    assert combat.board_effect(state, 0, "legendary_sword")
    assert combat.board_effect(state, 0, "negate_monster_kingdom_bonus")
    moved = _state(sc_pack, "seeker", {"knowledge.column_1.effect": "negate_monster_location_bonus"})
    moved.hunters[0].ancient = 8
    board_rows(moved, 0)
    assert not combat.board_effect(moved, 0, "legendary_sword")
    assert combat.target(moved, fight, 0) == with_sword + state.table.rules.sword_bonus


def test_durendal_is_paid_as_the_fact_says_and_can_deal_the_final_blow(sc_pack: Pack) -> None:
    for overrides, coins, physical in (({}, 0, 1), ({"durendal.use_cost.kind": "coins"}, 20, 0)):
        state = _state(sc_pack, "seeker", overrides)
        hunter = state.hunters[0]
        hunter.specials = [next(i for i, c in enumerate(state.table.special_cards)
                                if c[0].startswith(combat.SWORD))]
        monster = _monster(state, "legendary-sword")
        hunter.missions = [(0, monster, True)]
        combat.start(state, 0)
        assert ("sword",) not in combat.legal(state)
        hunter.coins, hunter.physical = coins, physical
        assert ("sword",) in combat.legal(state)
        state.step = "flee"
        assert state.fight is not None
        state.fight.dealt = state.table.monsters[monster].health - 1
        assert ("final-blow",) in combat.legal(state)
        combat.apply(state, ("final-blow",))
        assert state.hunters[0].trophies == [monster] and (hunter.coins, hunter.physical) != (coins, physical)


def test_a_combo_plays_as_many_movement_cards_as_the_fact_allows(sc_pack: Pack) -> None:
    def combos(overrides: dict[str, Any]) -> list[Any]:
        state = _state(sc_pack, "seeker", overrides)
        table = state.table
        here = state.hunters[0].place
        state.hunters[0].hand = [c for c, card in enumerate(table.kingdom_cards) if card[0] == table.place_kingdom[here]
                                 and any(s == "movement" for s, _ in card[1])][:2]
        return [a for a in actions.legal(state) if a[0] == "combo"]

    assert [len(a) for a in combos({})] == [2, 2]
    assert [len(a) for a in combos({"combo.movement_cards": 2})] == [2, 2, 3]


def test_flow_round_abilities_follow_their_facts(sc_pack: Pack) -> None:
    for overrides, cubes_max, pips in (({}, 6, 3), ({"chronomancer.area_1.max_cubes": 5, "fighter.flow.pips_added": 3}, 5, 4)):
        state = _state(sc_pack, "chronomancer", overrides)
        state.round_type = "flow"
        hunter = state.hunters[0]
        hunter.time_cubes, hunter.magical = 3, 9
        assert flow_abilities.options(state, 0) == [("time-cubes",)]
        actions.apply(state, ("time-cubes",))
        assert (hunter.time_cubes, hunter.magical) == (cubes_max, 12 - cubes_max)
        assert flow_abilities.options(state, 0) == []  # once a round
        fighter = _state(sc_pack, "fighter", overrides)
        fighter.round_type = "flow"
        fighter.hunters[0].dice = ["red"]
        flow_abilities.apply(fighter, 0, ("fighter-die", "red"))
        fighter.hunters[0].flow_used = False
        flow_abilities.apply(fighter, 0, ("fighter-pips", "red"))
        assert fighter.hunters[0].pips == {"red": pips} and fighter.hunters[0].dice == []


def test_the_chronomancer_takes_an_occupied_global_spot_for_a_time_cube(sc_pack: Pack) -> None:
    state = _state(sc_pack, "chronomancer")
    state.taken_globals = {"gain-xp"}
    assert ("global", "gain-xp") not in actions.legal(state)
    state.hunters[0].time_cubes = 1
    assert ("global", "gain-xp") not in actions.legal(state)  # a cube on Area I, none on Past II
    time_board.put(state, 0, time_board.PAST_2, 1)
    assert ("global", "gain-xp") in actions.legal(state)
    actions.apply(state, ("global", "gain-xp"))
    assert time_board.cubes(state, 0, time_board.PAST_2) == 0 and state.hunters[0].ability_used
    assert state.hunters[0].time_cubes == 1


def test_the_seekers_token_lifts_the_weather_and_the_rider_acts_again_at_a_price(sc_pack: Pack) -> None:
    state = _state(sc_pack, "seeker")
    state.round_type = "flow"
    hunter = state.hunters[0]
    hunter.physical = 1
    here = state.table.place_kingdom[hunter.place]
    assert ("seeker-token", here) in flow_abilities.options(state, 0)
    flow_abilities.apply(state, 0, ("seeker-token", here))
    assert hunter.physical == 0 and flow_abilities.ignores_weather(state, 0)
    rider = _state(sc_pack, "rider", {"rider.flow.extra_cost.physical_flow": 2})
    rider.round_type = "flow"
    for other in rider.hunters:
        other.passed = True
    rider.hunters[0].physical = 2
    assert actions.next_actor(rider) and rider.seat == 0 and rider.hunters[0].used == 0
    assert actions.token_payment(rider, 0) == (2, 0)


def test_a_herb_spot_heals_or_gathers_a_face_up_herb_of_its_kingdom(sc_pack: Pack) -> None:
    for overrides, gathers in (({}, 3), ({"herb.cards_per_gather": 0}, 0)):
        state = _state(sc_pack, "seeker", overrides)
        table = state.table
        herb = 0
        state.herb_deck.remove(herb)
        state.herb_row = [herb]
        hunter = state.hunters[0]
        hunter.place = next(p for p, kind in enumerate(table.place_kind) if kind == "herb-spot"
                            and table.place_kingdom[p] == table.herb_cards[herb][1])
        hunter.health = 5
        offered = actions.location_options(state, 0)
        assert ("heal",) in offered and len([a for a in offered if a[0] == "gather"]) == gathers
    state = _state(sc_pack, "seeker")
    state.herb_deck.remove(0)
    state.herb_row = [0]
    state.hunters[0].place = next(p for p, kind in enumerate(state.table.place_kind) if kind == "herb-spot"
                                  and state.table.place_kingdom[p] == state.table.herb_cards[0][1])
    state.step, state.done = "location", set()
    actions.apply(state, ("gather", 0, 1, "magical"))
    hunter = state.hunters[0]
    assert hunter.potions.get("antidote-poison-potion") == 2 and hunter.magical == 1
    assert actions.location_options(state, 0) == [] and state.herb_deck == [0]


def _after_auction(pack: Pack, overrides: dict[str, Any]) -> State:
    """A 3-player game played by its first legal choices and first outcomes until the first round starts."""
    from deckwright.games.silver_coin.engine import SilverCoin
    from deckwright.games.silver_coin.state import AUCTION, MAGIC

    game = SilverCoin()
    state = game.new_state(compile_table(pack, "standard", 3, overrides), 0)
    while state.phase in (AUCTION, MAGIC):
        game.apply_in_place(state, game.legal_actions(state)[0])
    return state


def test_the_journey_auction_and_the_first_turn_order_follow_their_facts(sc_pack: Pack) -> None:
    played = _after_auction(sc_pack, {})
    journeys = [j for h in played.hunters for j in h.journeys]
    assert len(journeys) == len(played.table.journey_cards) == 1 and not played.journeys
    assert sum(h.ships for h in played.hunters) == 1  # the Ship Journey card is a voyage
    two = _after_auction(sc_pack, {"auction.count": 2})
    assert not any(h.journeys for h in two.hunters) and len(two.journeys) == 1
    orders = [two.table.characters[two.hunters[s].character].order for s in two.order]
    assert orders == sorted(orders)
    last = _after_auction(sc_pack, {"turn_order.initial": "highest_order_number_first"})
    orders = [last.table.characters[last.hunters[s].character].order for s in last.order]
    assert orders == sorted(orders, reverse=True)


def test_the_enhanced_location_action_shows_level_i_monsters_to_choose_from(sc_pack: Pack) -> None:
    from deckwright.games.silver_coin import flow

    for overrides, shown in (({}, 2), ({"action.enhanced_location.reveal_cards": 3}, 3)):
        state = _state(sc_pack, "seeker", overrides)
        state.tavern = [(next(m for m, (k, _) in enumerate(state.table.missions)), 1)]
        state.mission_deck.remove(state.tavern[0][0])
        state.step, state.done, state.enhanced = "location", set(), True
        actions.apply(state, ("take", 0))
        while state.chance is not None:
            flow.resolve_draw(state, flow.draw_pile(state, state.chance)[0])
        offered = actions.legal(state)
        assert len(offered) == shown and {a[0] for a in offered} == {"keep-monster"}
        actions.apply(state, offered[-1])
        assert state.hunters[0].missions[-1][1:] == (offered[-1][1], True) and not state.offered
