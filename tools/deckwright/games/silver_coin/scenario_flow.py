"""Scenario mode's own steps (lines 1590-1929): a set-up without an auction, the Mission and Event
phases, where a new mission goes, what lies on the map (Poison tokens, Flow cubes), the Ashgar
objectives, and how a co-operative scenario is won or lost by everyone together.

The Event deck is the pack's Season cards (the book's Event cards are not transcribed): each round
turns one, and its line for the month (or its first line) gives the weather and the round type.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin import improvements, piles
from deckwright.games.silver_coin.court import entered, tavern_cap
from deckwright.games.silver_coin.effects import learn
from deckwright.games.silver_coin.passage import route_kinds, walk
from deckwright.games.silver_coin.seat_character import is_
from deckwright.games.silver_coin.state import AUCTION, MAGIC, OVER, PREP, State
from deckwright.games.silver_coin.table import Table
from deckwright.games.silver_coin.worldmap import HIDDEN as HIDDEN_PATHS

END_WON = "scenario-won"
END_HEALTH = "health-lost-in-battle"
END_MISSIONS = "mission-deck-empty"
END_EVENTS = "event-deck-empty"
END_OLM_DISCARDS = "olm-missions-discarded"
END_CORRUPTED = "corrupted-by-flow"
END_REASONS = (END_WON, END_HEALTH, END_MISSIONS, END_EVENTS, END_OLM_DISCARDS, END_CORRUPTED)
HIDDEN, REVEALED, ENGAGED, SLAIN = range(4)
Action = tuple[Any, ...]


def prepare(state: State) -> None:
    """Mission pools, the set-up draws to make, the Event deck; the regular missions' monster set aside."""
    table = state.table
    mode = table.mode
    assert mode is not None
    every = range(len(table.missions))
    if mode.olm:
        olm = list(mode.olm_missions)
        other = [m for m in every if table.missions[m][0] in mode.playable and m not in olm]
        draws: list[tuple[str, ...]] = []
        draws += [("setup", "olm", "aside")] * mode.olm_removed + [("move", "olm", "deck")]
        draws += [("setup", "other", "deck")] * mode.other_missions + [("move", "other", "aside")]
        draws += [("setup", "deck", "tavern")] * mode.starting_missions
        pools = {"olm": olm, "other": other}
    else:
        morahan = list(mode.morahan)
        other = [m for m in every if table.missions[m][0] in mode.playable and m not in morahan]
        draws = []
        draws += [("setup", "morahan", "objective")] * mode.objective_missions
        draws += [("setup", "morahan", "deck")] * mode.morahan_deck + [("move", "morahan", "aside")]
        draws += [("setup", "other", "taken")] * mode.missions_taken + [("move", "other", "aside")]
        draws += [("setup", "taken", "tavern")] * mode.missions_placed + [("move", "taken", "deck"), ("cubes",)]
        draws += [("objective-monster", str(level)) for deck in mode.objective_decks for level in deck]
        pools = {"morahan": morahan, "other": other, "taken": []}
    used = {m for pool in pools.values() for m in pool}
    pools["aside"] = [m for m in every if m not in used]
    state.pools, state.setup_draws, state.mission_deck = pools, draws, []
    state.events = list(range(len(table.season_cards)))
    state.season_left = {}
    improvements.prepare(state)
    for deck in state.monster_decks:
        if table.regular_monster in deck:
            deck.remove(table.regular_monster)


def pile(state: State, name: str) -> list[int]:
    return state.mission_deck if name == "deck" else state.pools[name]


def draw_pile(state: State, kind: tuple[str, ...]) -> list[int] | None:
    """The pile a scenario draw takes from (None for a draw of the standard game)."""
    name = kind[0]
    if name == "setup":
        return pile(state, kind[1])
    if name == "objective-monster":
        return state.monster_decks[int(kind[1]) - 1]
    if name == "mission":
        return state.mission_deck
    if name == "event":
        return state.events
    if name == "improvement":
        return state.improvement_deck
    return None


def pending_draw(state: State) -> tuple[str, ...] | None:
    """The scenario's own random draw the position waits for, or None."""
    mode = state.table.mode
    assert mode is not None
    if improvements.wanted(state):
        return ("improvement",)
    if state.phase == AUCTION:
        while state.setup_draws:
            head = state.setup_draws[0]
            if head[0] == "setup" and pile(state, head[1]):
                return head
            if head[0] == "objective-monster" and combat.monster_left(state, int(head[1])):
                return head
            if head[0] in ("move", "cubes"):
                return None
            state.setup_draws.pop(0)
            state.note("situation:scenario-set-up-pile-short")
        return ("lot-token",) if _tokens_wanted(state) else None
    if state.phase == PREP and state.step == "mission":
        if not state.mission_deck:
            end(state, END_MISSIONS)
            return None
        return ("mission",)
    if state.phase == PREP and state.step == "event":
        if not state.events and state.table.rules.reshuffle and mode.olm:
            state.events, state.events_discard = sorted(state.events_discard), []
            state.note("situation:event-deck-reshuffled")
        if not state.events:
            if mode.olm:
                state.step = "begin"
                return None
            end(state, END_EVENTS)
            return None
        return ("event",)
    return None


def resolve(state: State, kind: tuple[str, ...], value: int) -> bool:
    """Put a scenario draw's value where it goes; False for a draw of the standard game."""
    table = state.table
    mode = table.mode
    assert mode is not None
    name = kind[0]
    if name == "setup":
        state.setup_draws.pop(0)
        if kind[2] == "tavern":
            place(state, value, setup=True)
        elif kind[2] == "objective":
            state.objectives.append([value, -1, 0, HIDDEN])
        else:
            pile(state, kind[2]).append(value)
    elif name == "objective-monster":
        state.setup_draws.pop(0)
        state.objective_deck.append(value)
    elif name == "mission":
        state.use(table.mission_ids[value])
        placed = place(state, value)
        state.play_count += 1 if placed or mode.olm else 0
        if state.play_count >= mode.missions_per_phase and state.phase != OVER:
            state.step = "event"
    elif name == "event":
        state.events_discard += list(state.season_card.values())
        month = table.months[state.round]
        state.season_card = {table.season_of.get(month, ""): value}
        state.use(table.season_cards[value][0])
        state.step = "begin"
    elif name == "improvement":
        improvements.revealed(state, value)
    else:
        return False
    return True


def setup_step(state: State) -> bool:
    """One automatic set-up step; False when a hunter must decide."""
    table = state.table
    mode = table.mode
    assert mode is not None
    if state.setup_draws:
        head = state.setup_draws.pop(0)
        if head[0] == "move":
            pile(state, head[2]).extend(sorted(pile(state, head[1])))
            pile(state, head[1]).clear()
        elif head[0] == "cubes":
            _tavern_cubes(state)
        return True
    waiting = setup_seat(state)
    if waiting is not None:
        state.seat = waiting
        return False
    if _tokens_wanted(state):
        return True
    if state.lot_tokens:
        state.bag += state.lot_tokens
        state.lot_tokens = []
    if mode.magic:
        for hunter in state.hunters:
            hunter.magic += list(mode.magic)
        flow.start_round(state)
    else:
        state.phase, state.turn = MAGIC, 0
    return True


def _tokens_wanted(state: State) -> bool:
    """Knowledge tokens still to draw for the hunters to choose from (Ashgar: players + 1)."""
    mode = state.table.mode
    assert mode is not None
    return state.stage == 2 and not state.tally.get("token-picks") and len(state.lot_tokens) < mode.knowledge_drawn \
        and bool(state.bag)


def setup_seat(state: State) -> int | None:
    """The seat that must choose next in the set-up (character, start, Knowledge token), or None."""
    mode = state.table.mode
    assert mode is not None
    for seat, hunter in enumerate(state.hunters):
        if hunter.character < 0:
            return seat
    for seat, hunter in enumerate(state.hunters):
        if hunter.place < 0:
            return seat
    state.stage = max(state.stage, 2)
    picks = state.tally.get("token-picks", 0)
    if mode.knowledge_drawn and picks < len(state.hunters) and state.lot_tokens:
        return state.order[picks]
    return None


def setup_legal(state: State) -> list[Action]:
    table = state.table
    mode = table.mode
    assert mode is not None
    hunter = state.hunters[state.seat]
    if hunter.character < 0:
        taken = {h.character for h in state.hunters}
        return [("character", c) for c in mode.characters if c not in taken]
    if hunter.place < 0:
        return [("start", p) for p in mode.starts]
    return [("token", i) for i in range(len(state.lot_tokens))]


def setup_apply(state: State, action: Action) -> None:
    table = state.table
    mode = table.mode
    assert mode is not None
    hunter = state.hunters[state.seat]
    kind = action[0]
    if kind == "character":
        character = table.characters[action[1]]
        hunter.character = action[1]
        hunter.max_health = hunter.health = character.health + mode.health_change
        hunter.coins, hunter.experience = mode.coins, mode.experience
        hunter.physical, hunter.magical = mode.physical, mode.magical
        for item in mode.potions:
            hunter.potions[item] = hunter.potions.get(item, 0) + 1
        state.use(character.id)
        state.order = sorted(range(len(state.hunters)), key=lambda s: (
            table.characters[state.hunters[s].character].order if state.hunters[s].character >= 0 else 1 << 20, s))
    elif kind == "start":
        hunter.place = action[1]
        state.use(table.places[action[1]])
        arrive(state, state.seat)
    elif kind == "token":
        kingdom = state.lot_tokens.pop(action[1])
        state.bag.append(kingdom)
        learn(state, state.seat, kingdom)
        state.tally["token-picks"] = state.tally.get("token-picks", 0) + 1


def start_round(state: State) -> None:
    """Before the Mission phase: an objective location due this round is revealed with its monster."""
    mode = state.table.mode
    assert mode is not None
    for index, due in enumerate(mode.reveal_rounds):
        if due == state.round + 1 and index < len(state.objectives) and state.objectives[index][3] == HIDDEN:
            objective = state.objectives[index]
            if not state.objective_deck:
                state.note("situation:objective-deck-empty")
                continue
            monster = state.objective_deck.pop(min(objective[2], len(state.objective_deck) - 1))
            objective[1], objective[3] = monster, REVEALED
            state.use(state.table.monsters[monster].id)
            state.note("objectives-revealed")
    state.step, state.play_count = "mission", 0


def place(state: State, mission: int, setup: bool = False) -> bool:
    """A new Mission card onto the Tavern Board by the scenario's placement rules; False if discarded."""
    table = state.table
    mode = table.mode
    assert mode is not None
    kingdom, location = table.missions[mission]
    if mode.olm:
        before = len(state.mission_discard)
        flow.place_mission(state, mission)
        if len(state.mission_discard) > before:
            discarded(state, [mission])
            return False
        if setup and mission not in mode.olm_missions:
            _put_poison(state, location)
        return True
    if mission in mode.morahan:
        state.map_cubes[location] = state.map_cubes.get(location, 0) + mode.morahan_cubes
    else:
        if sum(1 for m, _ in state.tavern if table.missions[m][0] == kingdom) >= tavern_cap(state, kingdom):
            state.mission_discard.append(mission)
            state.note("situation:mission-discarded-kingdom-full")
            return False
        _put_poison(state, location)
    room = table.rules.tavern_max - sum(1 for o in state.objectives if o[3] != SLAIN)
    while state.tavern and len(state.tavern) >= room:
        state.mission_discard.append(state.tavern.pop(0)[0])
        state.note("missions-pushed-off-the-tavern")
    if room <= 0:
        state.mission_discard.append(mission)
        return False
    state.tavern.append((mission, 1))
    if state.spot_cubes:
        _displace(state, state.spot_cubes.pop(0))
    return True


def _tavern_cubes(state: State) -> None:
    """Flow cubes on the empty regular Tavern spots by column (the bottom row holds the objectives)."""
    table = state.table
    mode = table.mode
    assert mode is not None
    columns = max(1, table.rules.tavern_max // table.rules.tavern_column)
    per_column = table.rules.tavern_column - mode.objective_missions // columns
    spots = columns * per_column
    for spot in range(len(state.tavern), spots):
        column = min(spot // max(1, per_column), len(mode.tavern_cubes) - 1)
        state.spot_cubes.append(mode.tavern_cubes[column] if mode.tavern_cubes else 0)


def _displace(state: State, cubes: int) -> None:
    """Cubes a new mission pushes off its spot: onto empty objective spaces while they hold more, then
    onto the hunter carrying the fewest (the players' choice, made the same way every time)."""
    mode = state.table.mode
    assert mode is not None
    for index, objective in enumerate(state.objectives):
        if objective[3] == HIDDEN and index < len(mode.capacity):
            stored = min(cubes, mode.capacity[index] - objective[2])
            objective[2] += max(0, stored)
            cubes -= max(0, stored)
    if cubes > 0:
        seat = min(range(len(state.hunters)), key=lambda s: (state.hunters[s].cubes, s))
        state.hunters[seat].cubes += cubes
        state.note("flow-cubes-taken")
        _corrupted(state, seat)


def _put_poison(state: State, location: int) -> None:
    if state.poison_left:
        state.poison_left -= 1
        state.map_poison[location] = state.map_poison.get(location, 0) + 1


def travelled(state: State, seat: int, start: int, budget: int, path: tuple[int, ...] | None = None,
              route: bool = False) -> tuple[int, ...]:
    """A hunter walked from `start` to its place within `budget` points (over `path`, the places passed,
    when it is known): every marked place it passed, then the place it stops at, hand it their Poison
    tokens and Flow cubes; a road into a taxing Monarch's kingdom pays the tax (a move that needs a
    hidden path does not). Returns the places passed and the place stopped at (those passed only when
    something lies on the map or `route` asks for them)."""
    table = state.table
    end = state.hunters[seat].place
    entered(state, seat, start, start >= 0 and table.land[start][end] > budget)
    if table.mode is None:
        return (end,)
    marks = {p: 1 for p in (*state.map_poison, *state.map_cubes)}
    if path is None and (marks or route):
        hidden = HIDDEN_PATHS if is_(state, seat, "seeker") else decisions.paths(state, seat)
        path = walk(table, start, end, budget, route_kinds(hidden), marks)
    spent, here = 0, start
    for place in path or ():
        spent, here = spent + table.step(here, place), place
        if place in marks:
            _pick_up(state, seat, place, spent)
            state.note("marked-places-passed")
    arrive(state, seat, spent + table.step(here, end) if path is not None else 0)
    return (*(path or ()), end)


def arrive(state: State, seat: int, spent: int = 0) -> None:
    """A hunter stops at a place (`spent` movement points from where its company set out): its Poison
    tokens (one per place) pass to the hunter, its Flow cubes to the hunter or its company's choice."""
    if state.table.mode is not None:
        _pick_up(state, seat, state.hunters[seat].place, spent)


def _pick_up(state: State, seat: int, here: int, spent: int) -> None:
    mode = state.table.mode
    assert mode is not None
    hunter = state.hunters[seat]
    tokens = min(state.map_poison.get(here, 0), mode.poison_per_location)
    if tokens:
        state.map_poison[here] -= tokens
        if not state.map_poison[here]:
            del state.map_poison[here]
        hunter.poison += tokens
        state.note("map-poison-taken")
    cubes = state.map_cubes.pop(here, 0)
    if cubes:
        taker = cube_taker(state, seat, spent)
        state.hunters[taker].cubes += cubes
        state.note("flow-cubes-taken")
        if taker != seat:
            state.note("flow-cubes-given-in-company")
        _corrupted(state, taker)


def cube_taker(state: State, seat: int, spent: int) -> int:
    """Who takes the Flow cubes of a place `spent` points along a move: the hunter, or, when it moves with
    a company, whichever member that reaches the place carries the fewest (the company's choice, line 1902,
    made the same way every time; the hunter first among equals, then turn order)."""
    walking = state.walking
    if not any(member == seat for member, _ in walking):
        return seat
    reached = [member for member, points in walking if member == seat or points >= spent]
    return min(reached, key=lambda member: (state.hunters[member].cubes, member != seat, state.order.index(member)))


def _corrupted(state: State, seat: int) -> None:
    mode = state.table.mode
    assert mode is not None
    if mode.corruption_death and state.hunters[seat].cubes >= mode.corruption_death:
        end(state, END_CORRUPTED)


def corruption(state: State, seat: int, effect: str) -> bool:
    """Whether the hunter's Flow cubes impose `effect` (a threshold fact of the pack)."""
    mode = state.table.mode
    if mode is None or not mode.corruption_death:
        return False
    cubes = state.hunters[seat].cubes
    return bool(cubes) and cubes >= mode.corruption.get(effect, 1 << 20)


def extra_cost(state: State, seat: int, effect: str) -> int:
    """The extra Flow a corrupted hunter pays for what `effect` names (0 when not corrupted so far)."""
    mode = state.table.mode
    return mode.extra_cost if mode is not None and corruption(state, seat, effect) else 0


def objective_monster(state: State, monster: int) -> bool:
    """Whether a monster is one of the objectives (it stays on its space, never discarded)."""
    return any(o[1] == monster for o in state.objectives)


def forced_draws(state: State, seat: int) -> int:
    """Kingdom cards a corrupted hunter must draw at random from the deck when drafting."""
    mode = state.table.mode
    if mode is None or not mode.corruption_death:
        return 0
    cubes = state.hunters[seat].cubes
    return cubes if 0 < cubes <= mode.corruption.get("forced_draws", 0) else 0


def discarded(state: State, missions: list[int]) -> None:
    """Olm Mission cards leaving the game: the difficulty's n-th loses Olm Infestation."""
    mode = state.table.mode
    if mode is None or not mode.olm:
        return
    olm = sum(1 for m in missions if m in mode.olm_missions)
    if olm:
        state.tally["olm-discards"] = state.tally.get("olm-discards", 0) + olm
        state.note("olm-missions-discarded", olm)
        if state.tally["olm-discards"] >= mode.lose_olm_discards:
            end(state, END_OLM_DISCARDS)


def won(state: State, mission: int, monster: int) -> None:
    """A battle won: an Olm slain, an objective monster slain."""
    mode = state.table.mode
    assert mode is not None
    if mode.olm and mission in mode.olm_missions:
        state.tally["olms"] = state.tally.get("olms", 0) + 1
        state.note("olms-slain")
    for objective in state.objectives:
        if objective[0] == mission and objective[3] == ENGAGED:
            objective[3] = SLAIN
            state.tally["objectives"] = state.tally.get("objectives", 0) + 1
            state.note("objectives-slain")


def check_win(state: State) -> None:
    """Every winning condition of the scenario holds for the company: it is won at once."""
    mode = state.table.mode
    if mode is None or state.phase == OVER:
        return
    if mode.olm:
        done = state.tally.get("olms", 0) >= mode.win_olms and all(h.health == h.max_health for h in state.hunters)
    else:
        done = state.tally.get("objectives", 0) >= mode.objective_monsters
    if done and all(h.poison == 0 for h in state.hunters):
        end(state, END_WON)


def end(state: State, reason: str) -> None:
    state.phase, state.end, state.chance, state.step = OVER, reason, None, ""


def objective_options(state: State, seat: int) -> list[Action]:
    """Revealed objective monsters at the hunter's place, and Tavern missions fought where they are."""
    table = state.table
    mode = table.mode
    if mode is None or mode.olm:
        return []
    hunter = state.hunters[seat]
    if len(hunter.missions) >= table.rules.missions_max_held:
        return []
    found: list[Action] = [("objective", i) for i, o in enumerate(state.objectives)
                           if o[3] == REVEALED and table.missions[o[0]][1] == hunter.place]
    if table.regular_monster < 0 and not piles.monsters(state, 1):
        return found
    found += [("engage", slot) for slot, (m, _) in enumerate(state.tavern)
              if table.missions[m][1] == hunter.place and m not in mode.morahan]
    return found


def regular(table: Table, mission: int) -> bool:
    """Whether a mission's monster is the scenario's one regular monster card (no monster is drawn for it)."""
    mode = table.mode
    if mode is None or table.regular_monster < 0:
        return False
    return mission in mode.olm_missions if mode.olm else mission not in mode.morahan


def takeable(table: Table, mission: int) -> bool:
    mode = table.mode
    return mode is None or mission not in mode.morahan


def engage(state: State, action: Action) -> None:
    """Take on an objective or a Tavern mission where it is; the fight is then on offer."""
    hunter = state.hunters[state.seat]
    if action[0] == "objective":
        objective = state.objectives[action[1]]
        objective[3] = ENGAGED
        hunter.missions.append((objective[0], objective[1], True))
    else:
        table = state.table
        mission, _ = state.tavern.pop(action[1])
        if regular(table, mission):
            hunter.missions.append((mission, table.regular_monster, True))
            state.use(table.monsters[table.regular_monster].id)
        else:  # the face-up top card of the level 1 deck (the discarded ones, shuffled, when it is empty)
            combat.monster_left(state, 1)
            hunter.missions.append((mission, -1, False))
            state.move_points, state.chance = 0, ("monster", 1)
    state.note("scenario-missions-engaged")


def returned(state: State, mission: int) -> bool:
    """A held objective mission given up goes back to its objective space (True), not to the discard."""
    for objective in state.objectives:
        if objective[0] == mission and objective[3] == ENGAGED:
            objective[3] = REVEALED
            return True
    return False


def scores(state: State) -> tuple[int, ...]:
    return tuple(1 if state.end == END_WON else 0 for _ in state.hunters)


def winners(state: State) -> tuple[int, ...]:
    return tuple(range(len(state.hunters))) if state.end == END_WON else ()


# The battles', the rounds' and the decisions' modules import this one, so they are bound last, once this
# module is complete, rather than imported again at every call.
from deckwright.games.silver_coin import combat, decisions, flow  # noqa: E402
