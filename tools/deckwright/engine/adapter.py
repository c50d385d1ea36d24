"""What every game's implementation of the Game protocol would otherwise write again.

A game subclasses `GameAdapter` and writes its rules (compile, new_state, current_player,
legal_actions, chance_outcomes, apply_in_place, is_terminal, scores, winners...); the adapter
supplies the bookkeeping around them: the manifest's player range, scenarios as the pack's scenario
entities, `initial_state`, a checked and copying `apply`, the end reason a state records and the
step bound. A game overrides any of them where its rules differ.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from deckwright.engine.tables import once_per_pack
from deckwright.model.pack import Entity, Pack


class GameAdapter:
    """The shared half of a Game: everything here is derived from the game's own hooks or the pack. A
    subclass's `compile` runs once per pack, scenario and player count (engine.tables)."""

    name: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("compile")
        if own is not None and not getattr(own, "once_per_pack", False):
            cls.compile = once_per_pack(own)  # type: ignore[method-assign]
    step_bound: int = 10_000
    """What `max_steps` gives: a bound far above any well-formed game of this game's tables."""

    # -- scenarios and players --------------------------------------------------------------------

    def scenario_entities(self, pack: Pack) -> Sequence[Entity]:
        """The pack's scenarios, in play order (a game with scenario entities overrides this)."""
        return ()

    def find_scenario(self, pack: Pack, name: str) -> Entity | None:
        """The scenario entity a user-given name means (its id, unless a game reads names more freely)."""
        return next((entity for entity in self.scenario_entities(pack) if entity.id == name.strip()), None)

    def scenarios(self, pack: Pack) -> list[str]:
        """Ids of the pack's scenario entities."""
        return [entity.id for entity in self.scenario_entities(pack)]

    def resolve_scenario(self, pack: Pack, name: str) -> str | None:
        """The scenario id a user-given name means, None if none."""
        found = self.find_scenario(pack, name)
        return None if found is None else found.id

    def player_counts(self, pack: Pack) -> list[int]:
        """The manifest's player range."""
        low, high = pack.players
        return list(range(low, high + 1))

    # -- set-up and transitions -------------------------------------------------------------------

    def compile(self, pack: Pack, scenario: str, players: int, overrides: Mapping[str, Any] | None = None) -> Any:
        raise NotImplementedError

    def new_state(self, table: Any, seed: int) -> Any:
        raise NotImplementedError

    def initial_state(self, pack: Pack, scenario: str, players: int, seed: int) -> Any:
        """`new_state(compile(pack, scenario, players), seed)`."""
        return self.new_state(self.compile(pack, scenario, players), seed)

    def legal_actions(self, state: Any) -> Sequence[Any]:
        raise NotImplementedError

    def apply_in_place(self, state: Any, action: Any) -> None:
        raise NotImplementedError

    def copy(self, state: Any) -> Any:
        """An independent copy of a state (states of the shipped games have `copy`)."""
        return state.copy()

    def apply(self, state: Any, action: Any) -> Any:
        """The position after a legal `action`, the given state unchanged; ValueError for an illegal one."""
        if action not in self.legal_actions(state):
            raise ValueError(f"illegal action {action!r}{self.illegal_context(state)}")
        after = self.copy(state)
        self.apply_in_place(after, action)
        return after

    def illegal_context(self, state: Any) -> str:
        """What an illegal action's error adds about the position (nothing unless a game says more)."""
        return ""

    # -- results ------------------------------------------------------------------------------------

    def end_reason(self, state: Any) -> str:
        """The end a finished state records (`state.end`)."""
        end: str = state.end
        return end

    def max_steps(self, table: Any) -> int:
        """The game's step bound."""
        return self.step_bound
