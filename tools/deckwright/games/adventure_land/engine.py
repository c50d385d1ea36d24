"""Adventure Land as a deckwright Game: states, legal actions, chance, transitions and results."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from deckwright.gamekit import CHANCE, TERMINAL, GameAdapter, Pack, draw_uniform
from deckwright.games.adventure_land import fight, moves, placement, scoring, turns
from deckwright.games.adventure_land.board import legal_moves, rays_of
from deckwright.games.adventure_land.invariants import check_state
from deckwright.games.adventure_land.state import (
    AREA_BASE, CARD, FOGS, HERBS, MOVE, OVER, ROLL, SWORDS, TILE, TOPUP, State, area_of, new_state,
)
from deckwright.games.adventure_land.table import TERRAINS, Table, compile_table, resolve_scenario, scenario_entities

STEP_BOUND = 20_000  # far above any real game (a few hundred steps)


class AdventureLand(GameAdapter):
    """Every rule of the Adventure Land rulebook, with the pack's clauses where the text is silent."""

    name = "adventure-land"
    step_bound = STEP_BOUND
    scenario_entities = staticmethod(scenario_entities)  # adventures, by number
    find_scenario = staticmethod(resolve_scenario)  # by id, number or name

    def compile(self, pack: Pack, scenario: str, players: int, overrides: Mapping[str, Any] | None = None) -> Table:
        """The Table of one adventure and player count (RulesError if the pack cannot set it up)."""
        return compile_table(pack, scenario, players, overrides)

    def new_state(self, table: Table, seed: int) -> State:
        """Set-up done: adventurers in the starting areas, the first set-up card to be turned over."""
        state = new_state(table, seed)
        turns.advance(state)
        return state

    def current_player(self, state: State) -> int:
        """The seat to decide, CHANCE for cards, tiles and dice, TERMINAL at the end."""
        phase = state.phase
        if phase in (CARD, TILE, ROLL):
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return state.seat if phase == MOVE else fight.fighter(state)

    def legal_actions(self, state: State) -> Sequence[tuple[object, ...]]:
        """Moves then ending the turn; fight choices; chance outcomes at chance nodes; none at the end."""
        phase = state.phase
        if phase == MOVE:
            return legal_moves(state, state.seat)
        if phase == SWORDS:
            return fight.sword_choices(state)
        if phase == TOPUP:
            return fight.topup_choices(state)
        if phase == OVER:
            return []
        return [action for action, _ in self.chance_outcomes(state)]

    def chance_outcomes(self, state: State) -> Sequence[tuple[tuple[object, ...], float]]:
        """Uniform over the cards left in the deck, the tiles left in a stack, or a die's faces."""
        if state.phase == CARD:
            if not state.deck:
                return []
            share = 1 / len(state.deck)
            return [(("card", c), share) for c in state.deck]
        if state.phase == TILE:
            stack = placement.tile_stack(state)
            if not stack:
                return []
            share = 1 / len(stack)
            return [(("tile", t), share) for t in stack]
        if state.phase == ROLL:
            sides = state.table.rules.die_sides
            return [(("die", v), 1 / sides) for v in range(1, sides + 1)]
        return []

    def draw_chance(self, state: State, rng: random.Random) -> tuple[object, ...]:
        """The outcome `sample_chance` would draw from `chance_outcomes` (each uniform), without listing them."""
        phase = state.phase
        if phase == CARD:
            return ("card", draw_uniform(state.deck, rng))
        if phase == TILE:
            return ("tile", draw_uniform(placement.tile_stack(state), rng))
        if phase == ROLL:
            return ("die", draw_uniform(range(1, state.table.rules.die_sides + 1), rng))
        return draw_uniform((), rng)

    def illegal_context(self, state: State) -> str:
        """The phase an illegal action was tried in."""
        return f" in phase {state.phase}"

    def apply_in_place(self, state: State, action: Any) -> None:
        """`apply` without the copy or the legality check, for a driver that owns the state."""
        kind = action[0]
        state.steps += 1
        if kind == "move":
            moves.move(state, action[1], action[2], action[3])
        elif kind == "card":
            placement.draw_card(state, action[1])
        elif kind == "tile":
            placement.draw_tile(state, action[1])
        elif kind == "die":
            fight.roll(state, action[1])
        elif kind == "end":
            moves.end_moves(state)
        elif kind == "swords":
            fight.commit(state, action[1])
        else:
            fight.top_up(state, action)

    def is_terminal(self, state: State) -> bool:
        """Whether the game is over."""
        return state.phase == OVER

    def scores(self, state: State) -> tuple[int, ...]:
        """Victory points of every seat, counting the game-end scoring as if the game ended now."""
        return scoring.scores(state)

    def winners(self, state: State) -> tuple[int, ...]:
        """Seats sharing the win."""
        return scoring.winners(state)

    def action_to_string(self, state: State, action: Any) -> str:
        """Readable and unique among the actions of `state`."""
        return describe(state, action)

    def invariants(self, state: State) -> list[str]:
        """Pieces lost or duplicated, counters out of range."""
        return check_state(state)

    def usage(self, state: State) -> dict[str, int]:
        """Cards drawn, tiles that reached the board or a hand, fields moved to, scoring lines that scored."""
        return usage(state)

    def details(self, state: State) -> dict[str, int]:
        """Rounds, turns, skipped turns, box refills, gold left in the stockpile and in the box, and how
        often each pack-settled situation arose."""
        found = {"rounds": state.round, "turns": state.turn, "skipped-turns": sum(state.skipped),
                 "companion-refills": state.refills[0], "sword-refills": state.refills[1],
                 "end-triggered": int(state.end_triggered), "gold-in-stockpile": state.gold_stock,
                 "gold-in-box": state.gold_box}
        found.update({f"situation:{k}": v for k, v in sorted(state.situations.items())})
        return found

    def score_bounds(self, table: Table) -> tuple[int, int]:
        """0 and what one seat taking everything would score."""
        return scoring.bounds(table)

    def policies(self) -> Mapping[str, Any]:
        """The greedy policy."""
        from deckwright.games.adventure_land.policies import greedy

        return {"greedy": greedy}


def adventurer_name(state: State, adventurer: int) -> str:
    per = state.table.adventurers_per_player
    seat, k = divmod(adventurer, per)
    return f"{state.table.colors[seat]}{k + 1}"


def describe(state: State, action: Any) -> str:
    """The readable name of an action (what golden playouts and replays record)."""
    table = state.table
    kind = action[0]
    if kind == "card":
        card, field, terrain = table.cards[action[1]]
        return f"turn over {card} ({TERRAINS[terrain]} {table.coordinates[field]})"
    if kind == "tile":
        stack, field = state.pending
        entity = (table.herb_entities if stack == HERBS else table.fog_entities if stack == FOGS
                  else table.sword_entities)[action[1]]
        return f"{entity} #{action[1]} onto {table.coordinates[field]}"
    if kind == "die":
        return f"roll {action[1]}"
    if kind == "end":
        return "end turn"
    if kind == "move":
        adventurer, ray, distance = action[1], action[2], action[3]
        target = table.coordinates[rays_of(state, adventurer)[ray][distance - 1]]
        at = state.adv_at[adventurer]
        name = adventurer_name(state, adventurer)
        if at <= AREA_BASE:
            entry = table.entry_names[area_of(at)][ray]
            return f"{name} enters {table.areas[area_of(at)]} at {entry}, {distance} to {target}"
        return f"{name} {table.coordinates[at]} {table.rules.directions[ray]} {distance} to {target}"
    if kind == "swords":
        return "fight with swords " + ",".join(f"+{v}" for v in action[1]) if action[1] else "fight without swords"
    if kind == "herb":
        return f"spend a herb of {action[1]}"
    if kind == "gold":
        return "spend a gold for strength"
    if kind == "reroll":
        return f"spend a gold to re-roll a {action[1]}"
    return "give up the fight"


def usage(state: State) -> dict[str, int]:
    table = state.table
    used: dict[str, int] = {}
    for card, (card_id, _, _) in enumerate(table.cards):
        if state.drawn >> card & 1:
            used[card_id] = used.get(card_id, 0) + 1
    for stack, entities in ((state.herb_stack, table.herb_entities), (state.fog_stack, table.fog_entities)):
        left = set(stack)
        for tile, entity in enumerate(entities):
            if tile not in left:
                used[entity] = used.get(entity, 0) + 1
    for tile, entity in enumerate(table.sword_entities):
        if state.swords_drawn >> tile & 1:
            used[entity] = used.get(entity, 0) + 1
    for field, field_id in enumerate(table.field_ids):
        if state.visited >> field & 1:
            used[field_id] = used.get(field_id, 0) + 1
    for rule, total in zip(table.scoring, map(sum, zip(*scoring.breakdown(state)))):
        if total:
            used[f"{table.scenario}#{rule.id}"] = 1
    return used

