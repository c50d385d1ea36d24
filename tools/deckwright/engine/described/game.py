"""The game protocol for packs that describe their engine in YAML (`engine: described`).

The pack's file of kind `engine` is compiled, per player count, into a Table; the machine plays it.
Checks, probes, `simulate`, records and replays treat it exactly as they treat a Python plug-in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from deckwright.engine.described import machine
from deckwright.engine.described.compile import compile_table
from deckwright.engine.described.expressions import PlayError, number
from deckwright.engine.described.source import description_of
from deckwright.engine.described.state import SPACE, State
from deckwright.engine.described.table import SHARED, Table
from deckwright.engine.adapter import GameAdapter
from deckwright.engine.game import CHANCE, TERMINAL, MissingFacts, RulesError
from deckwright.model.pack import Pack

SCENARIO = "base"


class DescribedGame(GameAdapter):
    """A game whose rules are the pack's engine description."""

    name = "described"

    def scenarios(self, pack: Pack) -> list[str]:
        return [SCENARIO]

    def resolve_scenario(self, pack: Pack, name: str) -> str | None:
        return SCENARIO if name in (SCENARIO, pack.id) else None

    def compile(self, pack: Pack, scenario: str, players: int, overrides: Mapping[str, Any] | None = None) -> Table:
        description, problem = description_of(pack)
        if description is None:
            raise RulesError(problem)
        table, errors = compile_table(pack, description, players)
        if table is None:
            error = MissingFacts if errors[0].code == "missing-fact" else RulesError
            raise error(f"the engine description has {len(errors)} error(s), first: {errors[0]} "
                        f"(run deckwright lint {pack.display})")
        return table

    def new_state(self, table: Table, seed: int) -> State:
        return machine.start(table, seed)

    def current_player(self, state: State) -> int:
        if state.over:
            return TERMINAL
        return CHANCE if state.chance is not None else state.seat

    def legal_actions(self, state: State) -> Sequence[Any]:
        if state.chance is not None:
            return [outcome for outcome, _ in machine.chance_outcomes(state)]
        return machine.legal(state)

    def chance_outcomes(self, state: State) -> Sequence[tuple[Any, float]]:
        return machine.chance_outcomes(state) if state.chance is not None else []

    # what `sample_chance(self.chance_outcomes(state), rng)` draws, for the playout loop's chance nodes
    draw_chance = staticmethod(machine.draw_chance)

    def apply(self, state: State, action: Any) -> State:
        """The position after `action`, not checked against `legal_actions` (the playout loop's actions are)."""
        after = state.copy()
        self.apply_in_place(after, action)
        return after

    def apply_in_place(self, state: State, action: Any) -> None:
        state.steps += 1
        if state.chance is not None:
            machine.resolve(state, action)
        else:
            machine.act(state, action)

    def is_terminal(self, state: State) -> bool:
        return state.over

    def scores(self, state: State) -> tuple[float, ...]:
        if state.final is not None:
            return state.final
        try:
            return machine.scores(state)
        except PlayError:
            return tuple(0.0 for _ in range(state.table.players))

    def winners(self, state: State) -> tuple[int, ...]:
        if not state.over or state.end in (machine.ERROR, machine.EFFECT_BOUND):
            return ()
        final = self.scores(state)  # worked out once when the game ended: the score is not evaluated again
        try:
            keys = [(final[seat], *[number(e, state.bindings(seat)) for e in state.table.tie_breaks])
                    for seat in range(state.table.players)]
        except PlayError:
            return ()
        best = max(keys)
        return tuple(seat for seat, key in enumerate(keys) if key == best)

    def action_to_string(self, state: State, action: Any) -> str:
        table = state.table
        if state.chance == "roll":
            effect, *_ = state.stack[-1]
            return f"roll {state.stack[-1][4]}d{getattr(effect, 'sides', 6)}: {action}"
        if state.chance == "draw":
            effect, player, *_ = state.stack[-1]
            target = table.instance(getattr(effect, "target"), player)
            return f"{action} into {table.zone_names[target]}"
        index, entity, target = action
        text = table.actions[index].id
        if entity:
            text += f" {entity}"
        if 0 <= target < SPACE:
            text += f" P{target + 1}"
        return text

    def invariants(self, state: State) -> list[str]:
        return conservation(state)

    def usage(self, state: State) -> Mapping[str, int]:
        return state.usage

    def details(self, state: State) -> Mapping[str, int]:
        return {**state.details, "rounds": state.round}

    def max_steps(self, table: Table) -> int:
        return table.max_steps

    def score_bounds(self, table: Table) -> tuple[float, float]:
        return table.score_range

    def policies(self) -> Mapping[str, Any]:
        from deckwright.engine.described.policies import POLICIES

        return POLICIES


def conservation(state: State) -> list[str]:
    """Every card in exactly one zone, every counter in its range, every supply whole, no zone over its limit,
    every pawn on a space of its board."""
    table = state.table
    problems = []
    seen = [0] * len(table.pieces)
    for index, zone in enumerate(state.zones):
        for piece in zone:
            seen[piece] += 1
            if state.loc[piece] != index:
                problems.append(f"card {table.pieces[piece].entity} is in {table.zone_names[index]} but recorded elsewhere")
        limit = table.zones[table.zone_def[index]].limit
        if limit is not None and len(zone) > limit:
            problems.append(f"{table.zone_names[index]} holds {len(zone)} cards, more than its limit {limit}")
    for piece, count in enumerate(seen):
        if count != 1:
            problems.append(f"card {table.pieces[piece].entity} (piece {piece}) is in {count} zones")
    for resource in table.resources.values():
        holders = 1 if resource.owner == SHARED else table.players
        values = state.res[resource.first:resource.first + holders]
        for seat, value in enumerate(values):
            if not resource.low <= value <= resource.high:
                who = "" if resource.owner == SHARED else f" of P{seat + 1}"
                problems.append(f"counter {resource.id}{who} is {value}, outside {resource.low}..{resource.high}")
        if resource.supply is not None and sum(values) + state.pool[resource.supply_index] != resource.supply:
            problems.append(f"{resource.id}: {sum(values)} held + {state.pool[resource.supply_index]} in supply "
                            f"!= {resource.supply} printed")
    for board in table.boards.values():
        for seat in range(table.players):
            if not 0 <= state.at[board.first + seat] < len(board.spaces):
                problems.append(f"the pawn of P{seat + 1} on {board.id} is on no space ({state.at[board.first + seat]})")
    return problems
