"""Agemonia as a deckwright Game: a sample scenario played by 1 to 4 Heroes to its outcome."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from deckwright.gamekit import CHANCE, TERMINAL, GameAdapter, Pack, draw_uniform
from deckwright.games.agemonia import blessing, heroes, lasting, parties, reactions, rounds, skills_initiative
from deckwright.games.agemonia.endings import end_reason
from deckwright.games.agemonia.invariants import check_state
from deckwright.games.agemonia.state import OVER, SELECT, State, new_state
from deckwright.games.agemonia.parties import compile_parties
from deckwright.games.agemonia.table import OUTCOMES, Table, resolve_scenario, scenario_entities

STEP_BOUND = 50_000  # far above any real scenario; the timer ends every sample long before
SCORE = {"success": 1.0, "fail-forward": 0.5}


class Agemonia(GameAdapter):
    """The scenario rules of the Rules Reference Book, with the pack's values where the text lost them."""

    name = "agemonia"
    step_bound = STEP_BOUND
    scenario_entities = staticmethod(scenario_entities)  # sample scenarios, by number
    find_scenario = staticmethod(resolve_scenario)  # by id, number or name

    def compile(self, pack: Pack, scenario: str, players: int, overrides: Mapping[str, Any] | None = None) -> Table:
        """The Table of one scenario and hero count, with the party rotation a game's seed chooses from
        (`parties`; RulesError if the pack cannot set it up)."""
        return compile_parties(pack, scenario, players, overrides)

    def new_state(self, table: Table, seed: int) -> State:
        """Set-up done for the party the seed chooses; the first Hero selects an action. The set-up draws
        nothing, so it is done once per party table and copied for each game (`Table.memo`)."""
        party = parties.choose(table, seed)
        start: State | None = party.memo.get("set-up")
        if start is None:
            start = party.memo["set-up"] = new_state(party, seed)
            rounds.setup(start)
            rounds.advance(start)
        state = start.copy()
        state.seed = seed
        return state

    def current_player(self, state: State) -> int:
        """The Hero to choose, CHANCE for dice and cards, TERMINAL at the end."""
        if state.phase == OVER:
            return TERMINAL
        pending = state.pending  # `blessing.deciding`, inline: asked at every step
        if pending and pending[0][0] == "bless":
            return blessing.chooser(state)  # the roller's player spends Blessed or keeps it
        if pending and pending[0][0] == "react":
            return reactions.chooser(state)  # a Hero's item at reaction time
        if pending or state.seat < 0:
            return CHANCE
        return state.h_owner[state.seat]  # the first player runs a Henchman, the summoner its Summoned Ally

    def legal_actions(self, state: State) -> Sequence[tuple[Any, ...]]:
        """The Hero's choices; chance outcomes at chance nodes; none at the end."""
        if state.phase == OVER:
            return []
        pending = state.pending
        if pending and pending[0][0] == "bless":
            return [blessing.KEEP, blessing.SPEND]
        if pending and pending[0][0] == "react":
            return reactions.legal(state)
        if pending or state.seat < 0:
            return [action for action, _ in rounds.chance_outcomes(state)]
        if state.phase == SELECT:
            return rounds.selectable(state)
        return heroes.legal(state)

    def chance_outcomes(self, state: State) -> Sequence[tuple[tuple[Any, ...], float]]:
        """Dice by their exact odds; cards uniform over the deck."""
        if not _chance(state):
            return []
        return rounds.chance_outcomes(state)

    def draw_chance(self, state: State, rng: random.Random) -> tuple[Any, ...]:
        """The outcome `sample_chance` would draw from `chance_outcomes`, without listing them."""
        if not _chance(state):
            return draw_uniform((), rng)
        return rounds.draw_chance(state, rng)

    def apply_in_place(self, state: State, action: Any) -> None:
        """`apply` without the copy or the legality check."""
        state.steps += 1
        pending = state.pending
        if pending and pending[0][0] == "bless":
            blessing.choose(state, action)
        elif pending and pending[0][0] == "react":
            reactions.choose(state, action)
        elif pending or state.seat < 0:
            rounds.settle_chance(state, action)
        elif action[0] == "select":
            rounds.select(state, action[1])
        elif action[0] == "change-initiative":
            skills_initiative.change(state, state.seat, action)
        else:
            heroes.apply(state, action)
        if state.passives:
            lasting.settle(state)
        rounds.advance(state)

    def is_terminal(self, state: State) -> bool:
        """Whether the scenario is over."""
        return state.phase == OVER

    def scores(self, state: State) -> tuple[float, ...]:
        """1 for every Hero after a success, 0.5 after failing forward, 0 otherwise."""
        return (SCORE.get(state.end, 0.0),) * state.table.players

    def end_reason(self, state: State) -> str:
        """The outcome and which end condition gave it (`success:defeat-all`; endings.py)."""
        return end_reason(state.end, state.end_cause)

    def winners(self, state: State) -> tuple[int, ...]:
        """Every Hero after a success (the game is cooperative), none otherwise."""
        return tuple(range(state.table.players)) if state.end == "success" else ()

    def action_to_string(self, state: State, action: Any) -> str:
        """Readable and unique among the actions of `state`."""
        from deckwright.games.agemonia.describe import describe

        return describe(state, action)

    def invariants(self, state: State) -> list[str]:
        """Components over their printed limits, figures out of place, counters out of range."""
        return check_state(state)

    def usage(self, state: State) -> dict[str, int]:
        """Content a game used: actions, items, conditions, traps, Enemy eye actions, story points."""
        return dict(state.usage)

    def details(self, state: State) -> dict[str, int]:
        """Rounds, wounds and exhaustion, and how often each situation arose."""
        found = {"rounds": state.round, "exhausted": sum(state.h_exhausted), "wounded": sum(state.h_wounded),
                 "enemies-left": sum(1 for a in state.e_area if a >= 0)}
        found.update({f"situation:{k}": v for k, v in sorted(state.situations.items())})
        return found

    def score_bounds(self, table: Table) -> tuple[float, float]:
        """0 (fail) and 1 (success)."""
        return (0.0, 1.0)

    def policies(self) -> Mapping[str, Any]:
        """The greedy and heuristic policies."""
        from deckwright.games.agemonia.policies import POLICIES

        return POLICIES


def _chance(state: State) -> bool:
    """Whether chance decides next: a roll or card pending, or the round's card to draw, and no player's
    Blessed choice or reaction (`blessing.deciding`, `reactions.deciding`) waiting first."""
    pending = state.pending
    if state.phase == OVER or not (pending or state.seat < 0):
        return False
    return not pending or pending[0][0] not in _DECISIONS


_DECISIONS = ("bless", "react")  # what a player decides at the front of `pending`


__all__ = ["OUTCOMES", "Agemonia"]
