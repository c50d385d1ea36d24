"""Silver Coin as a deckwright Game: the standard game from the auction to the final scoring."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from deckwright.gamekit import (
    CHANCE, TERMINAL, GameAdapter, MissingFacts, Pack, draw_uniform, draw_weighted, sample_chance,
)
from deckwright.games.silver_coin import actions, combat, court, decisions, flow, scenario_flow, time_board
from deckwright.games.silver_coin.describe import describe
from deckwright.games.silver_coin.effects import clamp_limits
from deckwright.games.silver_coin.invariants import check_state
from deckwright.games.silver_coin.rules import RulesError
from deckwright.games.silver_coin.scenario_rules import ASHGAR, ASKED, DEFAULT_DIFFICULTY, OLM, split
from deckwright.games.silver_coin.state import ACTION, OVER, State, new_state
from deckwright.games.silver_coin.table import STANDARD, Table, compile_table

STEP_BOUND = 40_000
SCENARIO_RULES = (OLM, ASHGAR)
Action = tuple[Any, ...]


class SilverCoin(GameAdapter):
    """The standard game of the rulebook, every number from the pack's facts."""

    name = "silver-coin"
    step_bound = STEP_BOUND

    def scenarios(self, pack: Pack) -> list[str]:
        """The standard game and the Scenario Book's scenarios the engine has rules for (Normal level;
        `<scenario>/easy` and `<scenario>/hard` resolve too)."""
        return [STANDARD] + [e.id for e in pack.of_type("scenario") if e.id in SCENARIO_RULES]

    def player_counts(self, pack: Pack) -> list[int]:
        """Every count of the manifest: 2 and more for the standard game (an auction between hunters),
        the scenario's own range for a scenario (see `plays`)."""
        low, high = pack.players
        return list(range(low, high + 1))

    def plays(self, pack: Pack, scenario: str, players: int) -> bool:
        """Whether `scenario` is played by `players` (the standard game from 2; a scenario by its range)."""
        if scenario == STANDARD:
            return players >= 2
        entity = pack.by_id.get(split(scenario)[0])
        counts = entity.get("players") if entity is not None else None
        return isinstance(counts, dict) and int(counts.get("min", 0)) <= players <= int(counts.get("max", 0))

    def resolve_scenario(self, pack: Pack, name: str) -> str | None:
        text = name.strip().lower()
        if text in (STANDARD, "standard-game", ""):
            return STANDARD
        base, difficulty = split(text)
        entity = pack.by_id.get(base)
        if entity is None or base not in SCENARIO_RULES or difficulty not in (entity.get("difficulties") or []):
            return None
        return base if difficulty == DEFAULT_DIFFICULTY else f"{base}/{difficulty}"

    def compile(self, pack: Pack, scenario: str, players: int, overrides: Mapping[str, Any] | None = None) -> Table:
        if scenario == STANDARD and players < 2:
            raise RulesError("the standard game is for 2 or more players (its auction is between hunters)")
        ASKED.set("")
        try:
            return compile_table(pack, scenario, players, overrides)
        except (ValueError, TypeError, AttributeError) as error:  # a value of the wrong kind, e.g. `damage: x`
            name = ASKED.get()
            raise MissingFacts(f"a fact value the engine cannot play ({error}); the last fact it read was "
                               f"'{name}'", (name,) if name else ()) from None

    def new_state(self, table: Table, seed: int) -> State:
        state = new_state(table, seed)
        court.place(state)
        flow.advance(state)
        return state

    def current_player(self, state: State) -> int:
        if state.phase == OVER:
            return TERMINAL
        return CHANCE if state.chance is not None else state.seat

    def legal_actions(self, state: State) -> Sequence[Action]:
        if state.phase == OVER:
            return []
        if state.chance is not None:
            return [a for a, _ in self.chance_outcomes(state)]
        if state.dealt:
            return time_board.dealt_options(state)
        if state.phase == ACTION:
            return actions.legal(state)
        return decisions.legal(state)

    def chance_outcomes(self, state: State) -> Sequence[tuple[Action, float]]:
        kind = state.chance
        if kind is None:
            return []
        if kind[0] in combat.ROLLS:
            return combat.chance_outcomes(state)
        pile = flow.draw_pile(state, kind)
        values = flow.even_values(pile)
        if values is not None:
            share = 1 / len(pile)
            return [(("draw", value), share) for value in values]
        return [(("draw", value), p) for value, p in flow.outcomes(pile)]

    def draw_chance(self, state: State, rng: random.Random) -> Action:
        """What `sample_chance` draws over `chance_outcomes` (the same number drawn, the same
        subtractions), without building an (outcome, probability) pair for every card of a pile."""
        kind = state.chance
        if kind is None or kind[0] in combat.ROLLS:
            return sample_chance(self.chance_outcomes(state), rng)
        pile = flow.draw_pile(state, kind)
        values = flow.even_values(pile)
        if values is not None:
            return ("draw", draw_uniform(values, rng))
        return ("draw", draw_weighted(flow.outcomes(pile), rng)[0])

    def even_draw(self, state: State) -> list[int] | None:
        """The values the pending draw takes from a pile holding each once, sorted: `chance_outcomes`' own
        order, each as likely (None for dice, no draw, or a pile holding a value twice)."""
        kind = state.chance
        if kind is None or kind[0] in combat.ROLLS:
            return None
        return flow.even_values(flow.draw_pile(state, kind))

    def copy(self, state: State) -> State:
        return state.clone()

    def apply_in_place(self, state: State, action: Any) -> None:
        state.steps += 1
        kind = action[0]
        if kind == "draw":
            flow.resolve_draw(state, action[1])
        elif kind == "roll":
            combat.rolled(state, action[1])
        elif state.dealt:
            time_board.decide_dealt(state, action)
        elif state.phase == ACTION:
            actions.apply(state, action)
        else:
            decisions.apply(state, action)
        rules = state.table.rules
        if rules.experience_limit is not None or rules.flow_limit is not None:
            clamp_limits(state)
        if state.table.mode is not None:
            scenario_flow.check_win(state)
        flow.advance(state)

    def is_terminal(self, state: State) -> bool:
        return state.phase == OVER

    def scores(self, state: State) -> tuple[int, ...]:
        return flow.scores(state)

    def winners(self, state: State) -> tuple[int, ...]:
        return flow.winners(state)

    def action_to_string(self, state: State, action: Any) -> str:
        return describe(state, action)

    def invariants(self, state: State) -> list[str]:
        return check_state(state)

    def usage(self, state: State) -> dict[str, int]:
        return dict(state.used_ids)

    def details(self, state: State) -> dict[str, int]:
        found = {"rounds": state.round if state.phase == OVER else max(state.round, 0)}
        found.update(sorted(state.counts.items()))
        return found

    def score_bounds(self, table: Table) -> tuple[int, int]:
        if table.mode is not None:
            return 0, 1
        rules = table.rules
        worst_health = max((c.health for c in table.characters), default=0) - rules.health_bottom
        low = -(worst_health * rules.damage_penalty + rules.poison_supply * rules.poison_penalty)
        return low, 1 << 30

    def policies(self) -> Mapping[str, Any]:
        from deckwright.games.silver_coin.policies import POLICIES

        return POLICIES
