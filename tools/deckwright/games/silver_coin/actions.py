"""The Action phase: who places the next Action Token, the player and global actions it may go on,
and the Location Action with everything a place offers (lines 446-1170)."""

from __future__ import annotations

from collections.abc import Iterator, Set as AbstractSet
from functools import cache
from itertools import combinations
from typing import Any, NamedTuple

from deckwright.games.silver_coin import (
    characters, combat, company, company_fight, court, flow_abilities, gatherer, improvements, monarchs, necromancer,
    piles, portals, scenario_flow, sharing, special_cards, time_board, townsfolk, trophies,
)
from deckwright.games.silver_coin.decisions import moves_within, paths
from deckwright.games.silver_coin.effects import (
    add_potion, gain_reputation, hand_limit, learn, lose_reputation, move_up, take_potion,
)
from deckwright.games.silver_coin.flow import weather
from deckwright.games.silver_coin.spells import spell_cost
from deckwright.games.silver_coin.state import State
from deckwright.games.silver_coin.table import Table

Action = tuple[Any, ...]
SEEKER, RIDER, NATURAL_CHAOS, NECROMANCER = "seeker", "rider", "natural-chaos", "necromancer"
GLOBALS = ("turn-order", "random-draw", "transform", "gain-xp", "dice", "enhanced")
FLOW_ABILITIES = flow_abilities.KINDS
NO_LIFT = 1 << 20
"""A `Situation`'s lift when nothing lifts the month's weather (more Magical Flow than anyone holds)."""
NOTHING_DONE: frozenset[str] = frozenset()
"""What a Location Action not begun has done."""
SUBSTEPS = ("location", "combo-move", "reveal", "foresee", trophies.STEP, time_board.GLIMPSE,
            time_board.MOVE_STEP) + combat.STEPS


def can_act(state: State, seat: int) -> bool:
    rules = state.table.rules
    hunter = state.hunters[seat]
    if hunter.passed or hunter.used >= hunter.allowed:
        return False
    return token_payment(state, seat) is not None


def token_payment(state: State, seat: int) -> tuple[int, int] | None:
    """The (Physical, Magical) Flow placing the next Action Token takes, None when the hunter cannot pay:
    the Bonus Action Token's cost of the kind the book names, Physical first where any Flow will do (lines
    254, 448), and the Rider's extra after its Flow reset."""
    rules = state.table.rules
    hunter = state.hunters[seat]
    physical = flow_abilities.rider_extra(state, seat)
    magical = 0
    if hunter.used >= rules.free_tokens:
        cost = rules.bonus_token_cost
        if rules.bonus_token_kind == "physical_flow":
            physical += cost
        elif rules.bonus_token_kind == "magical_flow":
            magical += cost
        else:
            own = min(cost, max(0, hunter.physical - physical))
            physical, magical = physical + own, cost - own
    return (physical, magical) if hunter.physical >= physical and hunter.magical >= magical else None


def next_actor(state: State) -> bool:
    """Seat the hunter whose turn it is (the same one mid-action); False when everyone has passed."""
    if state.step:
        return True
    n = len(state.order)
    for offset in range(n):
        position = (state.pointer + offset) % n
        seat = state.order[position]
        if can_act(state, seat):
            if offset:
                state.in_turn = 0
            state.seat, state.turn = seat, position
            return True
        state.hunters[seat].passed = True
    return flow_abilities.rider_resets(state) and next_actor(state)


def legal(state: State) -> list[Action]:
    step = state.step
    if step == "location":
        return location_options(state, state.seat) + [("done",)]
    if step == "combo-move":
        return moves_within(state, state.seat, state.move_points)
    if step == "foresee":
        return [("keep-monster", m) for m in sorted(state.offered)]
    if step == trophies.STEP:
        return trophies.legal(state)
    if step == time_board.GLIMPSE:
        return time_board.glimpse_options(state)
    if step == time_board.MOVE_STEP:
        return time_board.move_options(state, state.seat) + [(time_board.MOVE_DONE,)]
    if step == "reveal":
        cost = state.move_points
        return ([("reveal",)] if state.hunters[state.seat].coins >= cost else []) + [("keep-hidden",)]
    if step in combat.STEPS:
        return combat.legal(state)
    hunter = state.hunters[state.seat]
    physical, magical = token_payment(state, state.seat) or (0, 0)
    hunter.physical -= physical  # the Bonus Action Token is paid first: the action must be affordable after it
    hunter.magical -= magical
    try:
        return _token_actions(state)
    finally:
        hunter.physical += physical
        hunter.magical += magical


def _token_actions(state: State) -> list[Action]:
    table = state.table
    rules = table.rules
    seat = state.seat
    hunter = state.hunters[seat]
    # what only one character offers is asked of that character's seat alone (each is listed in the same place)
    role = table.characters[hunter.character].id if hunter.character >= 0 else ""
    found: list[Action] = []
    if hunter.health < hunter.max_health and hunter.potions.get("health-potion"):
        found.append(("drink", "health-potion"))
    found += [("discard-mission", i) for i in range(len(hunter.missions))]
    if hunter.specials:
        found += special_cards.free_options(state, seat)
    found += flow_abilities.options(state, seat)
    if role == NATURAL_CHAOS:
        found += portals.placements(state, seat)
    elif role == time_board.CHRONOMANCER:
        found += time_board.free_options(state, seat)
    if hunter.physical < 0:
        return found + [("pass",)]
    allowed = rules.player_actions
    if "movement" in allowed:
        mover = situation(state, seat)
        moves = court.affordable(state, seat, _movement(state, seat, mover))
        found += moves + company.options(state, seat, moves, mover)
        if state.portals:
            found += _portal_moves(state, seat, moves, mover)
        if hunter.necro:  # only a creature teleports
            found += necromancer.teleports(state, seat, mover.move_cost)  # untaxed
    offered = "location" in allowed and offers_location(state, seat)
    if offered:
        found.append(("location",))
    if role == SEEKER:
        found += characters.day_options(state, seat)
    here = hunter.place
    if here >= 0 and table.place_kingdom[here] >= 0 and "combo" in allowed:
        any_colour = flow_abilities.any_colour_combo(state, seat)
        movers = table.movement_cards
        cards = [card for card in sorted(hunter.hand) if card in movers
                 and (any_colour or table.kingdom_cards[card][0] == table.place_kingdom[here])]
        for count in range(1, rules.combo_cards + 1):
            found += [("combo",) + chosen for chosen in combinations(cards, count)]
    if hunter.physical >= rules.replace_cost and hunter.hand and state.row and "replace" in allowed:
        found += [("replace", card, i) for card in sorted(hunter.hand) for i in range(len(state.row))]
    if "transform_flow" in allowed:
        if hunter.physical >= rules.transform_cubes:
            found.append(("transform", "physical"))
        if hunter.magical >= rules.transform_cubes:
            found.append(("transform", "magical"))
    occupied = role == time_board.CHRONOMANCER and flow_abilities.takes_occupied(state, seat)
    found += _globals(state, seat, offered or _fight_enhanced(state, seat), occupied)
    if table.mode is not None:
        found += improvements.options(state, seat)
    if role == NECROMANCER:
        found += necromancer.summons(state, seat)
    found.append(("pass",))
    return found


def _fight_enhanced(state: State, seat: int) -> bool:
    """Whether an Enhanced Location Action would offer a fight the plain one does not (a Spirit monster)."""
    table = state.table
    hunter = state.hunters[seat]
    return any(table.missions[m][1] == hunter.place and combat.can_fight(state, seat, monster, True)
               for m, monster, _ in hunter.missions)


def _movement(state: State, seat: int, mover: Situation) -> list[Action]:
    table = state.table
    rules = table.rules
    hunter = state.hunters[seat]
    here = hunter.place
    found: list[Action] = []
    own_cost = mover.move_cost
    if here < 0 or hunter.physical < own_cost:
        return found
    ship = hunter.ships >= court.voyage_cost(state)
    if (here in table.ports and ship or table.place_kind[here] == "anchor-point") \
            and "sea" in rules.action_modes:
        found += [("sail", p) for p in sea_reach(state, here)]
    if table.place_kind[here] == "anchor-point" or "land" not in rules.action_modes:
        return found
    points, speed = mover.points, mover.speed
    if not mover.possible:
        return found
    found += _land_moves(table, here, paths(state, seat), points, speed)
    role = table.characters[hunter.character].id
    left = hunter.physical - own_cost  # what the hidden path is paid from, after the move's own cost
    if role == SEEKER and left + hunter.magical >= rules.seeker_path_cost \
            and _weather_payable(state, seat, mover, left - min(rules.seeker_path_cost, left),
                                 hunter.magical - max(0, rules.seeker_path_cost - max(left, 0))):
        known = {a[1] for a in found}
        for cost, place in table.nearest(here, frozenset(table.hidden)):
            if cost > points + speed:
                break
            if place not in known:
                found.append(("move", place, _potions_needed(cost, points, speed, rules.speed_bonus)))
    if role == RIDER and hunter.potions.get("horse"):
        for cost, place in table.nearest(here):
            if cost > rules.rider_move:
                break
            found += [("rider", place, 0), ("rider", place, 1)]
    return found


def _land_moves(table: Table, here: int, kinds: frozenset[str], points: int, speed: int) -> tuple[Action, ...]:
    """The land Movement Actions from `here` by road and the hidden path kinds given, with `points` of
    movement and up to `speed` more from Speed potions, nearest first (worked out once per table)."""
    cache: dict[tuple[int, frozenset[str], int, int], tuple[Action, ...]] = table.__dict__.setdefault("_moves", {})
    key = (here, kinds, points, speed)
    found = cache.get(key)
    if found is None:
        bonus = table.rules.speed_bonus
        moves: list[Action] = []
        for cost, place in table.nearest(here, kinds):
            if cost > points + speed:
                break
            moves.append(("move", place, _potions_needed(cost, points, speed, bonus)))
        found = cache[key] = tuple(moves)
    return found


def _portal_moves(state: State, seat: int, moves: list[Action], mover: Situation) -> list[Action]:
    """The Natural Chaos's Movement Actions through its portals (to places no plain move reaches)."""
    hunter = state.hunters[seat]
    if not state.portals or hunter.place < 0 or hunter.physical < mover.move_cost \
            or "land" not in state.table.rules.action_modes:
        return []
    direct = {a[1] for a in moves if a[0] == "move"}
    return court.affordable(state, seat, portals.jumps(state, seat, mover.points, mover.possible, direct))


def _weather_payable(state: State, seat: int, mover: Situation, physical: int, magical: int | None = None) -> bool:
    """Whether a hunter left with `physical` (and `magical`) Flow can still pay a harsh month's move (Air
    Magic, Flow, or a wound above the bottom of the Health Track, lines 1002-1004)."""
    rules = state.table.rules
    hunter = state.hunters[seat]
    return not mover.harsh or mover.lifted(hunter.magical if magical is None else magical) \
        or physical >= rules.harsh_flow_cost or hunter.health > rules.health_bottom


class Situation(NamedTuple):
    """What the seated hunter's Movement Actions depend on: its move's own cost, the month's weather and
    what lifts it, and the land move's points. The Action phase's listing works it out once and hands it
    to each piece (land moves, the Seeker's hidden paths, portals, company, teleports), which otherwise
    each asked the state again: a Silver Coin check lists some 46,000 times (issue #21). It holds only
    while the hunter's Flow, place and the month stay as they were."""

    move_cost: int
    """Physical Flow a Movement Action costs before any weather."""
    harsh: bool
    """The month's weather is harsh (before Air Magic)."""
    lift: int
    """Magical Flow that lifts the month's weather penalty (0: the Seeker's token spares it; `NO_LIFT`
    when nothing does, or the month has no penalty to lift)."""
    points: int
    """Movement points of a land move (base, horse, weather unless lifted, the Tiger's and creatures')."""
    speed: int
    """The Speed potions' extra points."""
    possible: bool
    """Whether the hunter can make a land move at all in this weather."""

    def lifted(self, magical: int) -> bool:
        """Whether a hunter with `magical` Flow has the weather lifted (Air Magic or the Seeker's token)."""
        return magical >= self.lift


def situation(state: State, seat: int) -> Situation:
    """The seated hunter's `Situation` now (lines 523-571, 1002-1004)."""
    rules = state.table.rules
    hunter = state.hunters[seat]
    own_cost = move_cost(state, seat)
    kind, modifier = weather(state)
    harsh = kind in rules.harsh_weather
    lift = NO_LIFT
    # Air Magic (or the Seeker's token) only lifts a penalty: asked only when the month has one
    if modifier < 0 or harsh:
        if flow_abilities.ignores_weather(state, seat):
            lift = 0
        elif "air" in hunter.magic:
            lift = air_cost(state, seat)
    felt = harsh
    if hunter.magical >= lift:
        modifier, felt = max(0, modifier), False
    # the weather is paid after the move's own cost
    possible = not (felt and hunter.health <= rules.health_bottom and hunter.physical - own_cost < rules.harsh_flow_cost)
    points = rules.movement_base + (rules.horse_bonus if hunter.potions.get("horse") else 0) + modifier \
        + characters.land_bonus(state, seat)
    potions = min(hunter.potions.get("speed-potion", 0), rules.speed_per_move)
    return Situation(own_cost, harsh, lift, points, rules.speed_bonus * potions, possible)


def land_points(state: State, seat: int) -> tuple[int, int, bool]:
    """Movement points of a land Movement Action (base + horse + weather, Air Magic negating it), the
    Speed potion's extra, and whether the hunter can move at all in this weather (lines 523-571)."""
    mover = situation(state, seat)
    return mover.points, mover.speed, mover.possible


def _potions_needed(cost: int, points: int, extra: int, bonus: int) -> int:
    """Speed potions a move of `cost` needs beyond `points` (up to `extra` more points, `bonus` each)."""
    if cost <= points or bonus <= 0:
        return 0
    return min(-(-(cost - points) // bonus), max(1, extra // bonus))


def sea_reach(state: State, here: int) -> list[int]:
    """Places one sea voyage action reaches: up to the rule's spaces along sea routes, landing at the
    first port (a landing ends the voyage, line 586)."""
    table = state.table
    frontier, seen = [here], {here}
    for _ in range(table.rules.sea_spaces):
        frontier = [n for p in frontier if p == here or p not in table.ports for n in table.sea[p] if n not in seen]
        seen.update(frontier)
    return sorted(seen - {here})


def _globals(state: State, seat: int, somewhere: bool, occupied: bool) -> list[Action]:
    """The Global Actions the hunter may take (`occupied`: on a spot another hunter took too)."""
    table = state.table
    rules = table.rules
    hunter = state.hunters[seat]
    taken = set() if occupied else state.taken_globals
    found: list[Action] = []
    if "turn-order" not in taken and hunter.physical >= rules.turn_order_cost:
        found.append(("global", "turn-order"))
    if "random-draw" not in taken and state.kingdom_deck and len(hunter.hand) < hand_limit(state, seat):
        found.append(("global", "random-draw"))
    if "transform" not in taken:
        if hunter.experience >= 1:
            found += [("global", "transform", "xp", n) for n in range(rules.flow_per_experience + 1)]
        need = rules.flow_per_experience
        for physical in range(max(0, need - hunter.magical), min(need, hunter.physical) + 1):
            found.append(("global", "transform", "flow", physical))
    if "gain-xp" not in taken:
        found.append(("global", "gain-xp"))
    if "dice" not in taken:
        for area, (cost, count) in enumerate(zip(rules.dice_area_cost, rules.dice_area_dice)):
            dice = state.dice_board[area] if area < len(state.dice_board) else []
            if hunter.experience < cost or len(dice) < count:
                continue
            if area == 0:
                found.append(("global", "dice", area, tuple(dice[:count])))
            else:
                for colours in _choices(tuple(sorted(dice)), count):
                    found.append(("global", "dice", area, colours))
    if "enhanced" not in taken and hunter.magical >= rules.enhanced_cost and somewhere:
        found.append(("global", "enhanced"))
    return found


@cache
def _choices(dice: tuple[str, ...], count: int) -> tuple[tuple[str, ...], ...]:
    """The distinct sets of `count` dice (by colour) that can be taken from `dice`, sorted."""
    return tuple(sorted(set(combinations(dice, count))))


def location_options(state: State, seat: int, enhanced: bool = False) -> list[Action]:
    """What the Location Action offers at the hunter's place, each at most once per action."""
    return [action for part in location_parts(state, seat, enhanced) for action in part]


def offers_location(state: State, seat: int) -> bool:
    """Whether the Location Action offers anything at the hunter's place (its options listed only up to
    the first)."""
    return any(location_parts(state, seat))


def location_parts(state: State, seat: int, enhanced: bool = False) -> Iterator[list[Action]]:
    """`location_options` a piece at a time, in order (a caller looking for one option stops early)."""
    table = state.table
    rules = table.rules
    hunter = state.hunters[seat]
    here = hunter.place
    done = state.done if state.step == "location" else NOTHING_DONE
    if here < 0:
        return
    kind = table.place_kind[here]
    character = table.characters[hunter.character]
    if here in table.capitals:
        taken = sum(1 for d in done if d.startswith("take"))
        if "tavern" in rules.capital_places and taken < rules.missions_per_action \
                and len(hunter.missions) < rules.missions_max_held:
            room, top = _can_hold(state, seat), len(state.monster_decks)
            glimpsing = not (enhanced or state.enhanced) and time_board.ready(state, seat, time_board.FUTURE_2)
            for slot, (mission, level) in enumerate(state.tavern):
                if not scenario_flow.takeable(table, mission) or monarchs.banned(state, seat, mission):
                    continue
                regular = scenario_flow.regular(table, mission)
                if regular or room[level == top] and piles.monsters(state, level):
                    # a mission at a time: `offers_location` stops at the first
                    if not regular and glimpsing and time_board.may_glimpse(state, seat, level):
                        yield [("take", slot), ("take-glimpse", slot)]  # Future II: two monsters, one kept
                    else:
                        yield [("take", slot)]
        found: list[Action] = []
        for item, price in table.price_list if "merchants" in rules.capital_places else ():
            if hunter.coins < price or (item == "horse" and (character.no_horse or hunter.potions.get("horse", 0)
                                                            >= rules.horse_max)):
                continue
            if item != "horse" and character.no_potions:
                continue
            found.append(("buy", item))
        if state.round // 12 + 1 in rules.sell_years and "merchants" in rules.capital_places:
            found += [("sell", item) for item in sorted(hunter.potions) if item in table.prices]
        capital_kingdom = table.place_kingdom[here]
        if "library" not in done and "library" in rules.capital_places and capital_kingdom not in hunter.knowledge and capital_kingdom in state.bag \
                and len(library_cards(state, seat, capital_kingdom)) >= court.library_cost(state, capital_kingdom):
            found.append(("library",))
        yield found
        yield court.capital_options(state, seat)
        yield townsfolk.options(state, seat)
    if kind == "herb-spot" and "heal" not in done and (
            state.exhausted.get(table.place_kingdom[here]) != here  # else only the rest of the kingdom's gathering
            or gatherer.gathers_all(state, seat) and any(d.startswith("gather") for d in done)):
        if hunter.health < hunter.max_health and not any(d.startswith("gather") for d in done):
            yield [("heal",)]
        yield _gathers(state, seat, done)
    if kind == "magic-temple" and "magic" not in done and table.temples[here] not in hunter.magic \
            and hunter.experience >= magic_cost(state, seat):
        yield [("learn-magic",)]
    if here == table.ancient_place and "ancient" not in done and not hunter.ancient and state.ancient_left:
        visitors = sum(h.ancient for h in state.hunters)
        if visitors < min(rules.ancient_visitors, len(rules.ancient_cost)):
            cards = [c for c in hunter.hand if table.kingdom_cards[c][3]]
            if len(cards) >= rules.ancient_cost[visitors]:
                yield [("ancient",)]
    if "fight" not in done:
        yield scenario_flow.objective_options(state, seat)
        for index, (mission, monster, _) in enumerate(hunter.missions):
            if table.missions[mission][1] == here and combat.can_fight(state, seat, monster,
                                                                       enhanced or state.enhanced):
                yield [("fight", index)] + company_fight.options(state, seat, index, monster)
    yield sharing.options(state, seat, done)


def _gathers(state: State, seat: int, done: AbstractSet[str]) -> list[Action]:
    """Herb cards of the spot's kingdom to gather, each option of each (a Flow gain in either kind),
    up to the book's cards per gathering (lines 951-958)."""
    table = state.table
    kingdom = table.place_kingdom[state.hunters[seat].place]
    if sum(1 for d in done if d.startswith("gather")) >= table.rules.herb_gather and not gatherer.gathers_all(state, seat):
        return []
    found: list[Action] = []
    everything = gatherer.gathers_all(state, seat)
    for herb in sorted(set(state.herb_row)):
        if table.herb_cards[herb][1] != kingdom or everything and not gatherer.may_take(done, herb):
            continue
        for option, gains in enumerate(table.herb_cards[herb][2]):
            kinds = ("physical", "magical") if any(g == "flow" for g, _ in gains) else ("",)
            found += [("gather", herb, option, k) if k else ("gather", herb, option) for k in kinds]
    return found


def _gather(state: State, seat: int, action: Action) -> None:
    table = state.table
    hunter = state.hunters[seat]
    herb, option = action[1], action[2]
    if gatherer.gathers_all(state, seat):
        gatherer.taking(state, herb)
    state.done.add(f"gather{len(state.done)}")
    state.herb_row.remove(herb)
    state.herb_discard.append(herb)
    if not state.herb_deck and table.rules.reshuffle:
        state.herb_deck, state.herb_discard = sorted(state.herb_discard), []
    for gain, amount in table.herb_cards[herb][2][option]:
        if gain == "physical_flow" or gain == "flow" and action[3] == "physical":
            hunter.physical += amount
        elif gain == "magical_flow" or gain == "flow":
            hunter.magical += amount
        else:
            add_potion(hunter.potions, gain.removeprefix("potion:"), amount)
    state.exhausted[table.place_kingdom[hunter.place]] = hunter.place
    state.note("herbs-gathered")


def library_cards(state: State, seat: int, kingdom: int) -> list[int]:
    """The hunter's Experience Kingdom cards of that kingdom, lowest bidding value first."""
    table = state.table
    return sorted((c for c in state.hunters[seat].hand if table.kingdom_cards[c][0] == kingdom
                   and any(s == "experience" for s, _ in table.kingdom_cards[c][1])),
                  key=lambda c: (table.kingdom_cards[c][2], c))


def magic_cost(state: State, seat: int) -> int:
    rules = state.table.rules
    hunter = state.hunters[seat]
    learned = len(hunter.magic) - rules.starting_magic
    if not 0 <= learned < len(rules.magic_cost):
        return 1 << 20
    discount = rules.necromancer_discount if state.table.characters[hunter.character].id == NECROMANCER else 0
    return max(0, rules.magic_cost[learned] - discount)


def _can_hold(state: State, seat: int) -> tuple[bool, bool]:
    """Whether the hunter may hold one more Monster Mission of a level below the top, and one of the top
    (red, level 3) level: 2 of any level plus 1 red (line 859)."""
    rules = state.table.rules
    held = [state.table.monsters[m].level for _, m, _ in state.hunters[seat].missions]
    top = len(state.monster_decks)
    if len(held) >= rules.missions_max_held:
        return False, False
    others = sum(1 for lv in held if lv != top)
    reds = len(held) - others
    return others < rules.missions_max_any, reds < rules.missions_max_red or others + reds < rules.missions_max_any


def apply(state: State, action: Action) -> None:
    kind = action[0]
    step = state.step
    if step in combat.STEPS:
        combat.apply(state, action)
        return
    if step == "location":
        _location(state, action)
        return
    if step == "combo-move":
        start, state.hunters[state.seat].place = state.hunters[state.seat].place, action[1]
        state.use(state.table.places[action[1]])
        scenario_flow.travelled(state, state.seat, start, state.move_points)
        state.step, state.done, state.enhanced = "location", set(), False
        return
    if step == "foresee":
        kept_monster(state, action[1])
        return
    if step == trophies.STEP:
        trophies.keep(state, action[1])
        return
    if step == time_board.GLIMPSE:
        time_board.keep_glimpsed(state, action[1])
        return
    if step == time_board.MOVE_STEP:
        time_board.apply_move(state, action)
        return
    if step == "reveal":
        if kind == "reveal":
            hunter = state.hunters[state.seat]
            hunter.coins -= state.move_points
            mission, monster, _ = hunter.missions[-1]
            hunter.missions[-1] = (mission, monster, True)
        state.step = "location"
        return
    _token(state, action)


def _token(state: State, action: Action) -> None:
    table = state.table
    rules = table.rules
    seat = state.seat
    hunter = state.hunters[seat]
    kind = action[0]
    if kind == "drink":
        take_potion(hunter.potions, "health-potion")
        hunter.health += 1
        return
    if kind == special_cards.USE:
        special_cards.use(state, seat, action)
        return
    if kind == "discard-mission":
        mission, monster, _ = hunter.missions.pop(action[1])
        if not scenario_flow.returned(state, mission):
            state.mission_discard.append(mission)
            scenario_flow.discarded(state, [mission])
        if monster != table.regular_monster and not scenario_flow.objective_monster(state, monster):
            state.monster_discard.append(monster)
        loss = rules.discard_loss
        lose_reputation(state, seat, loss[min(table.monsters[monster].level, len(loss)) - 1] if loss else 0)
        state.note("missions-discarded")
        return
    if kind in FLOW_ABILITIES:
        flow_abilities.apply(state, seat, action)
        return
    if kind == "portal":
        portals.place(state, seat, action[1])
        return
    if kind in time_board.FREE:
        time_board.apply_free(state, seat, action)
        if kind == "time-travel":
            scenario_flow.arrive(state, seat)
        return
    if kind == "pass":
        hunter.passed = True
        state.pointer, state.in_turn = (state.turn + 1) % len(state.order), 0
        return
    physical, magical = token_payment(state, seat) or (0, 0)
    hunter.physical -= physical
    hunter.magical -= magical
    if hunter.used >= rules.free_tokens:
        state.note("bonus-action-tokens")
    hunter.used += 1
    state.in_turn += 1
    if state.in_turn >= rules.actions_per_turn:  # the turn passes on after the book's actions per turn
        state.pointer, state.in_turn = (state.turn + 1) % len(state.order), 0
    if kind == "portal-move":
        portals.jump(state, seat, action[1], action[2])
    elif kind == "move":
        start = hunter.place
        group, negated = company.gather(state, seat, False) if len(action) > 3 else ([], False)
        route = _move(state, seat, action[1], action[2], negated, bool(group))
        company.follow(state, seat, start, group, negated, route)
    elif kind == "rider":
        start, hunter.place = hunter.place, action[1]
        state.use(table.places[action[1]])
        state.note("rider-moves")
        hunter.physical -= move_cost(state, seat)
        scenario_flow.travelled(state, seat, start, rules.rider_move)
        if action[2]:
            state.step, state.done, state.enhanced = "location", set(), False
    elif kind == "sail":
        group = company.gather(state, seat, True)[0] if len(action) > 2 else []
        if table.place_kind[hunter.place] != "anchor-point":
            hunter.ships -= court.voyage_cost(state)
        company.sail(state, group, hunter.place, action[1])
        start, hunter.place = hunter.place, action[1]
        state.use(table.places[action[1]])
        state.note("sea-moves")
        hunter.physical -= move_cost(state, seat)
        court.entered(state, seat, start, False)
        scenario_flow.arrive(state, seat)
    elif kind == "location":
        state.step, state.done, state.enhanced = "location", set(), False
    elif kind == "day-icon":
        characters.set_day(state, seat, action[1])
    elif kind == necromancer.SUMMON:
        necromancer.summon(state, seat, action[1])
    elif kind == necromancer.TELEPORT:
        hunter.physical -= move_cost(state, seat)
        necromancer.teleport(state, seat, action[1])
        start, hunter.place = hunter.place, action[2]
        state.use(table.places[action[2]])
        court.entered(state, seat, start, True)  # a teleport: no tax (line 557)
        scenario_flow.arrive(state, seat)
    elif kind == "improvement":
        improvements.take(state, seat, action[1])
    elif kind == "combo":
        state.move_points = 0
        for card in action[1:]:
            hunter.hand.remove(card)
            state.kingdom_discard.append(card)
            state.move_points += dict(table.kingdom_cards[card][1])["movement"]
        state.step = "combo-move"
    elif kind == "replace":
        hunter.physical -= rules.replace_cost
        index = hunter.hand.index(action[1])
        hunter.hand[index], state.row[action[2]] = state.row[action[2]], hunter.hand[index]
    elif kind == "transform":
        cubes = rules.transform_cubes
        if action[1] == "physical":
            hunter.physical -= cubes
            hunter.magical += cubes * (rules.chaos_magical if table.characters[hunter.character].id == NATURAL_CHAOS
                                       else 1)
        else:
            hunter.magical -= cubes
            hunter.physical += cubes
    else:
        _global(state, seat, action)


def _move(state: State, seat: int, place: int, speed: int, negated: bool = False,
          route: bool = False) -> tuple[int, ...]:
    """A land Movement Action: weather paid (Air Magic, Physical Flow or a wound; nothing when the
    company's Air Magic negates it), a Speed potion drunk, and the Seeker's Flow for a hidden path it does
    not own the card of. Returns the places walked (all of them when `route` asks)."""
    table = state.table
    rules = table.rules
    hunter = state.hunters[seat]
    mover = situation(state, seat)
    hunter.physical -= mover.move_cost
    points = mover.points
    if table.costs(hunter.place, paths(state, seat))[place] > points + rules.speed_bonus * speed:
        cost = rules.seeker_path_cost  # only the Seeker is offered such a move: a hidden path it pays for
        paid = min(cost, hunter.physical)
        hunter.physical -= paid
        hunter.magical -= cost - paid
        state.note("seeker-hidden-paths")
    if not negated and mover.lifted(hunter.magical):
        hunter.magical -= mover.lift  # nothing for the Seeker's token
    elif not negated and mover.harsh:
        if hunter.physical >= rules.harsh_flow_cost:
            hunter.physical -= rules.harsh_flow_cost
        else:
            hunter.health -= rules.harsh_health_loss
            state.note("situation:harsh-weather-wound")
    for _ in range(speed):
        take_potion(hunter.potions, "speed-potion")
    start, hunter.place = hunter.place, place
    state.use(table.places[place])
    return scenario_flow.travelled(state, seat, start, points + rules.speed_bonus * speed, route=route)


def move_cost(state: State, seat: int) -> int:
    """Physical Flow a Movement Action costs before any weather: a corrupted hunter's and the Tiger's."""
    return scenario_flow.extra_cost(state, seat, "move_cost") + characters.move_cost(state, seat)


def air_cost(state: State, seat: int) -> int:
    """Magical Flow that Air Magic spends to negate the weather (more for a corrupted hunter)."""
    return spell_cost(state, seat, state.table.rules.air_weather_cost)


def _global(state: State, seat: int, action: Action) -> None:
    table = state.table
    rules = table.rules
    hunter = state.hunters[seat]
    name = action[1]
    if name in state.taken_globals:
        flow_abilities.took_occupied(state, seat)
    state.taken_globals.add(name)
    if name == "turn-order":
        hunter.physical -= rules.turn_order_cost
        move_up(state, seat, len(state.order))
        gain_reputation(state, seat, rules.turn_order_reputation)
    elif name == "random-draw":
        state.gifts.extend([seat] * rules.random_draw_cards)
    elif name == "transform":
        physical = action[3]
        if action[2] == "xp":
            hunter.experience -= 1
            hunter.physical += physical
            hunter.magical += rules.flow_per_experience - physical
        else:
            hunter.physical -= physical
            hunter.magical -= rules.flow_per_experience - physical
            hunter.experience += 1
    elif name == "gain-xp":
        hunter.experience += rules.gain_experience
    elif name == "dice":
        area = action[2]
        hunter.experience -= rules.dice_area_cost[area]
        for colour in action[3]:
            state.dice_board[area].remove(colour)
            hunter.dice.append(colour)
        move_up(state, seat, 1)
    elif name == "enhanced":
        hunter.magical -= rules.enhanced_cost
        state.step, state.done, state.enhanced = "location", set(), True


def _location(state: State, action: Action) -> None:
    table = state.table
    rules = table.rules
    seat = state.seat
    hunter = state.hunters[seat]
    kind = action[0]
    if kind == "done":
        state.step, state.enhanced = "", False
        return
    if kind in ("take", "take-glimpse"):
        state.done.add(f"take{len(state.done)}")
        mission, level = state.tavern.pop(action[1])
        column = min(action[1] // rules.tavern_column, len(rules.reveal_cost) - 1)
        state.move_points = rules.reveal_cost[column]
        if scenario_flow.regular(table, mission):
            hunter.missions.append((mission, table.regular_monster, True))
            state.use(table.monsters[table.regular_monster].id)
            return  # nothing is drawn
        combat.monster_left(state, level)  # an empty deck is the level's discarded monsters, shuffled, first
        if state.enhanced and level == 1:
            hunter.missions.append((mission, -1, False))  # two level I monsters shown, one kept, unpaid
            state.chance = ("foresee",)
        else:
            hunter.missions.append((mission, -1, False))
            state.chance = ("monster", level)
            if kind == "take-glimpse":
                time_board.spend(state, seat, time_board.FUTURE_2)
                state.chance = (time_board.GLIMPSE, level)
    elif kind == "buy":
        hunter.coins -= table.prices[action[1]]
        add_potion(hunter.potions, action[1])
        state.use(action[1])
    elif kind == "sell":
        take_potion(hunter.potions, action[1])
        hunter.coins += int(table.prices[action[1]] * rules.sell_fraction)
    elif kind == "library":
        state.done.add("library")
        kingdom = table.place_kingdom[hunter.place]
        for card in library_cards(state, seat, kingdom)[:court.library_cost(state, kingdom)]:
            hunter.hand.remove(card)
            state.kingdom_discard.append(card)
        learn(state, seat, kingdom)
    elif kind == "gather":
        _gather(state, seat, action)
    elif kind == "heal":
        state.done.add("heal")
        hunter.health = min(hunter.max_health, hunter.health + rules.herb_heal)
        state.exhausted[table.place_kingdom[hunter.place]] = hunter.place
    elif kind == "learn-magic":
        state.done.add("magic")
        hunter.experience -= magic_cost(state, seat)
        hunter.magic.append(table.temples[hunter.place])
    elif kind == "ancient":
        state.done.add("ancient")
        visitors = sum(h.ancient for h in state.hunters)
        cards = sorted((c for c in hunter.hand if table.kingdom_cards[c][3]), key=lambda c: (table.kingdom_cards[c][2], c))
        for card in cards[:rules.ancient_cost[visitors]]:
            hunter.hand.remove(card)
            state.kingdom_discard.append(card)
        hunter.ancient += 1
        state.ancient_left -= 1
        from deckwright.games.silver_coin.effects import board_rows

        board_rows(state, seat)
    elif kind == "fight":
        state.done.add("fight")
        combat.start(state, action[1])
        if len(action) > 2:
            company_fight.start(state, action[3:])
    elif kind in ("objective", "engage"):
        scenario_flow.engage(state, action)
    elif kind in ("ship", "townsfolk"):
        court.visit(state, seat, action)
    elif kind in townsfolk.KINDS:
        townsfolk.visit(state, seat, action)
    elif kind == sharing.KIND:
        sharing.apply(state, action)


def foreseen(state: State, monster: int) -> None:
    """A level I monster shown by the Enhanced Location Action: another until the fact's number are
    shown (or the deck runs out), then the hunter keeps one (lines 1165-1170)."""
    state.offered.append(monster)
    if len(state.offered) < state.table.rules.enhanced_reveal and combat.monster_left(state, 1):
        state.chance = ("foresee",)
    else:
        state.step = "foresee"


def kept_monster(state: State, monster: int) -> None:
    hunter = state.hunters[state.seat]
    mission, _, _ = hunter.missions[-1]
    hunter.missions[-1] = (mission, monster, True)
    state.offered.remove(monster)
    state.monster_decks[0] += state.offered
    state.offered = []
    state.use(state.table.monsters[monster].id)
    state.note("enhanced-reveals")
    state.step = "location"


def took_monster(state: State, monster: int) -> None:
    """The Monster card drawn for the Mission just taken; then the choice to reveal it."""
    hunter = state.hunters[state.seat]
    mission, _, _ = hunter.missions[-1]
    shown = court.revealed_free(state, mission)
    hunter.missions[-1] = (mission, monster, shown)
    state.use(state.table.monsters[monster].id)
    state.step = "location" if shown else "reveal"
