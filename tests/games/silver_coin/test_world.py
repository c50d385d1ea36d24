"""World rules on hand-built positions of the shipped pack: scenario Improvement cards, what a hunter
picks up on the places it passes, the Docks, and the Monarchs and Townsfolk; and each fact these rules
read changes play when changed."""

from __future__ import annotations

from typing import Any

import pytest

from deckwright.engine.parallel import play_many
from deckwright.games.silver_coin import court, improvements
from deckwright.games.silver_coin.engine import SilverCoin
from deckwright.games.silver_coin.passage import route_kinds, walk
from deckwright.games.silver_coin.rules import FACTS
from deckwright.games.silver_coin.state import ACTION, State
from deckwright.model import Pack
from deckwright.rules import fact
from deckwright.rules.readers import ENGINE, reading_as, recording
from tests.games.silver_coin.test_engine import _mutated

GAME = SilverCoin()


def _action_phase(pack: Pack, scenario: str, players: int, seed: int = 0,
                  overrides: dict[str, Any] | None = None) -> State:
    """The first position where a hunter places an Action Token, every choice before it the first one."""
    state = GAME.new_state(GAME.compile(pack, scenario, players, overrides), seed)
    while state.phase != ACTION or state.chance is not None or state.step:
        outcomes = GAME.chance_outcomes(state)
        state = GAME.apply(state, outcomes[0][0] if outcomes else GAME.legal_actions(state)[0])
    return state


def test_an_improvement_is_taken_for_an_action_token_and_experience_in_a_bidding_round(sc_pack: Pack) -> None:
    state = _action_phase(sc_pack, "ashgar-plague", 1)
    mode = state.table.mode
    assert mode is not None and len(state.improvement_row) == 3
    hunter = state.hunters[state.seat]
    assert not any(a[0] == "improvement" for a in GAME.legal_actions(state))  # not a Bidding round
    state.round_type = "bidding"
    hunter.experience = 1
    offered = [a for a in GAME.legal_actions(state) if a[0] == "improvement"]
    assert offered == [("improvement", 0), ("improvement", 1), ("improvement", 2)]
    sword = next(i for i, (card, _) in enumerate(mode.improvements) if card.endswith("legendary-sword-durendal"))
    state.improvement_deck.remove(sword)
    state.improvement_deck.append(state.improvement_row[0])
    state.improvement_row[0] = sword
    used = hunter.used
    after = GAME.apply(state, ("improvement", 0))
    taker = after.hunters[state.seat]
    assert taker.experience == 0 and taker.used == used + 1
    assert after.improvements[state.seat] == [sword]
    assert [after.table.special_cards[c][0] for c in taker.specials] == ["legendary-sword-durendal"]
    assert len(after.improvement_discard) == 2  # the rest of the tableau went, a new one is drawn
    assert after.chance == ("improvement",)
    assert not any(a[0] == "improvement" for a in GAME.legal_actions(_settled(after)))  # one pick a round


def _settled(state: State) -> State:
    while state.chance is not None:
        state = GAME.apply(state, GAME.chance_outcomes(state)[0][0])
    return state


def test_the_improvement_numbers_are_the_facts(sc_pack: Pack) -> None:
    state = _action_phase(sc_pack, "ashgar-plague", 1, overrides={
        "ashgar.setup.improvements_face_up": 2, "scenario.improvement.cost.experience": 2})
    state.round_type = "bidding"
    assert len(state.improvement_row) == 2
    state.hunters[state.seat].experience = 1
    assert not any(a[0] == "improvement" for a in GAME.legal_actions(state))
    state.hunters[state.seat].experience = 2
    assert any(a[0] == "improvement" for a in GAME.legal_actions(state))
    for picks in (1, 2):
        state = _action_phase(sc_pack, "ashgar-plague", 1, overrides={"scenario.improvement.picks_per_round": picks})
        state.round_type = "bidding"
        state.hunters[state.seat].experience = 2
        state = _settled(GAME.apply(state, ("improvement", 0)))
        assert any(a[0] == "improvement" for a in GAME.legal_actions(state)) == (picks == 2)


def test_poison_on_a_place_passed_is_picked_up_as_on_the_place_stopped_at(sc_pack: Pack) -> None:
    """Ashgar's Poison tokens reach a hunter who passes their place, not only one who stops (line 1786)."""
    state = _action_phase(sc_pack, "ashgar-plague", 1)
    table = state.table
    hunter = state.hunters[state.seat]
    hunter.physical = hunter.magical = 3
    moves = [a for a in GAME.legal_actions(state) if a[0] == "move" and not a[2]]
    far = max(moves, key=lambda a: (table.land[hunter.place][a[1]], a[1]))
    path = walk(table, hunter.place, far[1], table.land[hunter.place][far[1]], route_kinds(()), {})
    assert path, "the farthest move passes some place"
    state.poison_left += sum(state.map_poison.values())
    state.map_poison = {path[0]: 1}
    state.poison_left -= 1
    state.map_cubes = {path[-1]: 2}
    after = GAME.apply(state, far)
    walker = after.hunters[state.seat]
    assert walker.poison == 1 and walker.cubes == 2 and not after.map_poison and not after.map_cubes
    # a hunter who can go round the poisoned place does: a budget with room for a detour finds one
    detour = walk(table, hunter.place, far[1], table.land[hunter.place][far[1]] + 4, route_kinds(()), {path[0]: 1})
    assert path[0] not in detour or len(detour) >= len(path)


def test_the_docks_sell_ship_journeys_for_the_packs_price(sc_pack: Pack) -> None:
    for price in (50, 80):
        state = _action_phase(sc_pack, "standard", 2, overrides={"docks.ship_journey.price": price})
        hunter = state.hunters[state.seat]
        hunter.place = state.table.capitals[0]
        hunter.coins = 100
        state = GAME.apply(state, ("location",))
        assert ("ship",) in GAME.legal_actions(state)
        ships = state.hunters[state.seat].ships
        state = GAME.apply(state, ("ship",))
        assert state.hunters[state.seat].ships == ships + 1 and state.hunters[state.seat].coins == 100 - price
        assert (("ship",) in GAME.legal_actions(state)) == (100 - price >= price)


def _kingdom_of(state: State, role: str) -> int:
    return next(k for k, card in enumerate(state.monarch_of) if card and court.role(state, k) == role)


def test_midas_taxes_a_road_into_his_kingdom(sc_pack: Pack) -> None:
    state = _action_phase(sc_pack, "standard", 2)
    table = state.table
    taxing = _kingdom_of(state, court.TAX)
    hunter = state.hunters[state.seat]
    outside = next(p for p in range(len(table.places)) if table.place_kingdom[p] not in (taxing, -1)
                   and any(table.place_kingdom[q] == taxing and table.land[p][q] <= 3 for q in range(len(table.places))))
    inside = next(q for q in range(len(table.places)) if table.place_kingdom[q] == taxing and table.land[outside][q] <= 3)
    hunter.place, hunter.physical, hunter.coins = outside, 3, 25
    move = next(a for a in GAME.legal_actions(state) if a[0] == "move" and a[1] == inside and not a[2])
    assert GAME.apply(state, move).hunters[state.seat].coins == 25 - table.court.tax  # type: ignore[union-attr]
    hunter.coins = table.court.tax - 1  # type: ignore[union-attr]
    assert not any(a[0] == "move" and a[1] == inside for a in GAME.legal_actions(state))


def test_the_monster_hunters_cap_their_kingdoms_tavern_missions(sc_pack: Pack) -> None:
    state = _action_phase(sc_pack, "standard", 3)
    kingdom = state.townsfolk_of.index(court.MONSTER_HUNTERS)
    assert court.tavern_cap(state, kingdom) == 1 < state.table.rules.tavern_per_kingdom
    counts = [sum(1 for m, _ in state.tavern if state.table.missions[m][0] == kingdom)]
    assert counts[0] <= 1
    other = next(k for k in range(len(state.table.kingdoms)) if k != kingdom)
    assert court.tavern_cap(state, other) == state.table.rules.tavern_per_kingdom


def test_mansa_qu_shows_his_kingdoms_monsters_for_nothing(sc_pack: Pack) -> None:
    state = _action_phase(sc_pack, "standard", 3)
    clairvoyant = _kingdom_of(state, court.CLAIRVOYANT)
    for mission in range(len(state.table.missions)):
        assert court.revealed_free(state, mission) == (state.table.missions[mission][0] == clairvoyant)


def test_the_horse_merchant_sells_his_horse_at_the_facts_price(sc_pack: Pack) -> None:
    state = _action_phase(sc_pack, "standard", 2)
    table = state.table
    kingdom = state.townsfolk_of.index(court.HORSE_MERCHANT)
    hunter = state.hunters[state.seat]
    hunter.character = next(i for i, c in enumerate(table.characters) if not c.no_horse and not c.no_potions)
    hunter.place, hunter.coins = table.capitals[kingdom], 200
    hunter.potions.pop("horse", None)
    state = GAME.apply(state, ("location",))
    assert ("townsfolk", "horse") in GAME.legal_actions(state)
    state = GAME.apply(state, ("townsfolk", "horse"))
    bought = state.hunters[state.seat]
    assert bought.potions["horse"] == 1 and bought.coins == 200 - table.court.horse_price  # type: ignore[union-attr]
    assert ("townsfolk", "horse") not in GAME.legal_actions(state)


WORLD_FACTS = ("docks.ship_journey.price", "company.move.cost.physical_flow", "natural_chaos.portal.max_distance",
               "plague.tokens_drawn", "sea.journey_cards_per_voyage",
               "townsfolk.plague_doctor.skull_tokens", "townsfolk.plague_doctor.blank_tokens",
               "natural_chaos.portal.place_cost.magical_flow", "natural_chaos.portal.travel_cost.magical_flow",
               "natural_chaos.portal.movement_points", "natural_chaos.portal.max_tokens", "natural_chaos.portal.place_kinds", "court.standard.monarchs_dealt", "court.standard.townsfolk_dealt",
               "monarch.midas.tax", "townsfolk.monster_hunters.max_missions", "townsfolk.horse_merchant.price",
               "scenario.improvement.cost.experience", "scenario.improvement.picks_per_round",
               "olm.setup.improvements_face_up", "ashgar.setup.improvements_face_up",
               # the court's and the Special Action cards' effects (test_court_effects.py, test_special_cards.py)
               "monarch.didymus.token_value", "monarch.casimir.ban_rounds", "townsfolk.librarian.cards_saved",
               "townsfolk.troubadour.song_coins", "townsfolk.troubadour.songs_per_hunter",
               "townsfolk.monster_collector.trophy_prices", "special.fire_vortex.cost.magical_flow",
               "special.fire_vortex.damage", "special.surprise_attack.damage", "special.ancient_knowledge.tokens",
               "special.black_ring.coins", "special.white_ring.coins")


def _signature(pack: Pack, scenario: str, players: int, overrides: dict[str, Any]) -> list[Any]:
    table = GAME.compile(pack, scenario, players, overrides)
    return [(r.end, r.steps, sorted(r.details.items()), sorted(r.usage.items()))
            for policy in ("random", "heuristic") for r in play_many(GAME, table, 0, 10, [policy], check=False)]


def test_the_world_facts_are_read_by_the_engine(sc_pack: Pack) -> None:
    read: set[str] = set()
    for scenario, players in (("standard", 3), ("olm-infestation", 1), ("ashgar-plague", 2)):
        with recording() as log, reading_as(ENGINE):
            GAME.compile(sc_pack, scenario, players)
        read |= set(log.readers) - set(FACTS.values())
    assert set(WORLD_FACTS) <= read


PRICES = frozenset({"docks.ship_journey.price", "monarch.midas.tax", "townsfolk.horse_merchant.price"})
"""Coin amounts are changed by half as much again: a coin more or less rarely decides a purchase."""


SITUATIONAL = frozenset({"scenario.improvement.picks_per_round", "natural_chaos.portal.max_tokens",
                         "natural_chaos.portal.movement_points",
                         "monarch.didymus.token_value", "monarch.casimir.ban_rounds",
                         "townsfolk.librarian.cards_saved", "townsfolk.monster_collector.trophy_prices",
                         "special.fire_vortex.cost.magical_flow", "special.fire_vortex.damage"})
"""A second pick in one Bidding round, a seventh portal, a walk on from a portal: rare in a few seeded games;
test_the_improvement_numbers_are_the_facts, test_the_natural_chaos_places_portals_within_reach_on_a_flow_round and
test_a_movement_action_jumps_to_a_portal_and_walks_on show these facts at work. Didymus's cut and the
Collector's prices change only coins, which the signature leaves out; a second battle lost in Casimir's kingdom
within the ban and the Great Library of the Librarian's capital are rare in these games: test_court_effects.py
changes each of these facts on a set position. Since the Necromancer's creatures were played, these games no
longer show Fire Vortex's cost or damage deciding anything (test_special_cards.py changes both on set positions)."""


@pytest.mark.parametrize("name", sorted(set(WORLD_FACTS) - SITUATIONAL))
def test_each_world_fact_changed_changes_a_seeded_game(sc_pack: Pack, name: str) -> None:
    scenario, players = ("ashgar-plague", 3) if name.split(".")[0] in ("scenario", "docks", "company", "ashgar") \
        else ("standard", 3)
    if name.startswith(("olm.", "natural_chaos.")):
        scenario, players = "olm-infestation", 1
    value = fact(sc_pack, name)
    changed = value + value // 2 if name in PRICES else _mutated(value)
    assert changed != value
    assert _signature(sc_pack, scenario, players, {name: changed}) != _signature(sc_pack, scenario, players, {})


def _plain_moves(state: State) -> list[Any]:
    """Land moves by road alone (no hidden path, no Speed potion), alone."""
    from deckwright.games.silver_coin.actions import land_points

    here, points = state.hunters[state.seat].place, land_points(state, state.seat)[0]
    return [a for a in GAME.legal_actions(state) if a[0] == "move" and not a[2] and a[-1] != "company"
            and state.table.land[here][a[1]] <= points]


def test_a_company_moves_together_for_the_active_hunters_flow(sc_pack: Pack) -> None:
    """Hunters at one place travel together for 1 Physical Flow of the active hunter; a member whose own
    movement is shorter is dropped where it runs out along the active hunter's route (lines 1618-1621)."""
    state = _action_phase(sc_pack, "ashgar-plague", 2)
    table = state.table
    seat, other = state.seat, 1 - state.seat
    for hunter in state.hunters:
        hunter.physical, hunter.magical = 3, 3
        hunter.potions.pop("horse", None)
    state.season_card = {}  # a month without weather
    start = state.hunters[seat].place
    assert state.hunters[other].place == start
    moves = _plain_moves(state)
    together = [a for a in GAME.legal_actions(state) if a[-1] == "company"]
    assert together == [m + ("company",) for m in GAME.legal_actions(state) if m[0] == "move" and m[-1] != "company"]
    far = max(moves, key=lambda a: (table.land[start][a[1]], a[1]))
    after = GAME.apply(state, far + ("company",))
    assert after.hunters[seat].place == after.hunters[other].place == far[1]
    assert after.hunters[seat].physical == 3 - table.mode.company_cost  # type: ignore[union-attr]
    assert after.hunters[other].physical == 3 and after.counts["company-members-moved"] == 1
    assert GAME.apply(state, far).hunters[other].place == start  # alone, the other hunter stays
    # the active hunter rides a horse, the other walks: it is dropped on the route where its 5 points end
    state.hunters[seat].potions["horse"] = 1
    longest = max(_plain_moves(state), key=lambda a: (table.land[start][a[1]], a[1]))
    assert table.land[start][longest[1]] > table.rules.movement_base
    dropped = GAME.apply(state, longest + ("company",))
    stop = dropped.hunters[other].place
    route = walk(table, start, longest[1], table.land[start][longest[1]], route_kinds(()), {})
    assert stop in route and 0 < table.land[start][stop] <= table.rules.movement_base


def test_the_company_fact_is_the_flow_the_active_hunter_pays(sc_pack: Pack) -> None:
    for cost in (1, 2):
        state = _action_phase(sc_pack, "ashgar-plague", 2, overrides={"company.move.cost.physical_flow": cost})
        for hunter in state.hunters:
            hunter.physical = 1
        state.season_card = {}
        assert any(a[-1] == "company" for a in GAME.legal_actions(state)) == (cost == 1)


def _chaos(pack: Pack, overrides: dict[str, Any] | None = None) -> State:
    """Olm Infestation's Natural Chaos at the start of a Flow round's Action phase, Flow to spare."""
    state = _action_phase(pack, "olm-infestation", 1, overrides=overrides)
    table = state.table
    hunter = state.hunters[state.seat]
    hunter.character = next(i for i, c in enumerate(table.characters) if c.id == "natural-chaos")
    hunter.magical, hunter.physical = 4, 2
    state.round_type, state.season_card = "flow", {}
    return state


def test_the_natural_chaos_places_portals_within_reach_on_a_flow_round(sc_pack: Pack) -> None:
    state = _chaos(sc_pack)
    table = state.table
    portal = table.portals
    assert portal is not None
    here = state.hunters[state.seat].place
    costs = table.costs(here, frozenset(table.hidden))
    offered = sorted(a[1] for a in GAME.legal_actions(state) if a[0] == "portal")
    assert offered and offered == sorted(p for p, c in enumerate(costs) if c <= portal.distance
                                         and table.place_kind[p] in portal.kinds)
    after = GAME.apply(state, ("portal", offered[-1]))
    assert after.portals == (offered[-1],) and after.hunters[state.seat].magical == 4 - portal.place_cost
    assert after.hunters[state.seat].used == 0  # a Flow ability: no Action Token
    assert not any(a[0] == "portal" for a in GAME.legal_actions(after))  # once a round
    full = _chaos(sc_pack)
    full.portals = tuple(p for p in range(len(table.places)) if p not in offered)[:portal.tokens]
    moved = GAME.apply(full, ("portal", offered[0]))
    assert moved.portals == full.portals[1:] + (offered[0],)  # piece limited: the oldest moves
    state.round_type = "normal"
    assert not any(a[0] == "portal" for a in GAME.legal_actions(state))


def test_a_movement_action_jumps_to_a_portal_and_walks_on(sc_pack: Pack) -> None:
    state = _chaos(sc_pack)
    table = state.table
    portal = table.portals
    assert portal is not None
    here = state.hunters[state.seat].place
    base = table.rules.movement_base
    far, edge = next((p, q) for p in range(len(table.places)) for q in range(len(table.places))
                     if table.land[here][p] > base and table.land[p][q] == base - portal.points
                     and base < table.land[here][q] < 1 << 20)
    state.portals = (far,)
    jumps = [a for a in GAME.legal_actions(state) if a[0] == "portal-move"]
    assert ("portal-move", far, far) in jumps
    onward = [a for a in jumps if a[2] != far]
    assert ("portal-move", far, edge) in onward
    assert all(table.land[far][a[2]] <= base - portal.points for a in onward)
    there = GAME.apply(state, ("portal-move", far, far))
    assert there.hunters[state.seat].place == far and there.hunters[state.seat].magical == 4 - portal.travel_cost
    walked = GAME.apply(state, onward[0])
    assert walked.hunters[state.seat].place == onward[0][2] and walked.hunters[state.seat].used == 1
    farther = _chaos(sc_pack, {"natural_chaos.portal.movement_points": 3})
    farther.portals = (far,)
    assert ("portal-move", far, edge) not in GAME.legal_actions(farther)


def test_entering_the_plague_doctors_kingdom_draws_from_his_bag(sc_pack: Pack) -> None:
    state = _action_phase(sc_pack, "standard", 2)
    table = state.table
    kingdom = state.townsfolk_of.index(court.PLAGUE_DOCTOR)
    hunter = state.hunters[state.seat]
    outside = next(p for p in range(len(table.places)) if table.place_kingdom[p] not in (kingdom, -1)
                   and any(table.place_kingdom[q] == kingdom and table.land[p][q] <= 3 for q in range(len(table.places))))
    inside = next(q for q in range(len(table.places)) if table.place_kingdom[q] == kingdom and table.land[outside][q] <= 3)
    hunter.place, hunter.physical, hunter.coins, hunter.poison = outside, 3, 100, 0
    move = next(a for a in GAME.legal_actions(state) if a[0] == "move" and a[1] == inside and not a[2])
    moved = GAME.apply(state, move)
    assert moved.chance == ("plague",)
    assert dict(GAME.chance_outcomes(moved)) == {("draw", court.BLANK): 0.75, ("draw", court.SKULL): 0.25}
    assert GAME.apply(moved, ("draw", court.SKULL)).hunters[state.seat].poison == 1
    assert GAME.apply(moved, ("draw", court.BLANK)).hunters[state.seat].poison == 0
    within = state.clone()
    within.hunters[state.seat].place = inside
    step = next(a for a in GAME.legal_actions(within) if a[0] == "move" and table.place_kingdom[a[1]] == kingdom)
    assert GAME.apply(within, step).chance is None  # moving inside the kingdom is no entry
    surer = _action_phase(sc_pack, "standard", 2, overrides={"townsfolk.plague_doctor.blank_tokens": 1})
    surer.hunters[surer.seat].place, surer.hunters[surer.seat].physical = outside, 3
    surer.hunters[surer.seat].coins = 100
    assert dict(GAME.chance_outcomes(GAME.apply(surer, move)))[("draw", court.SKULL)] == 0.5
