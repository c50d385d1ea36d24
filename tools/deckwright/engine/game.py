"""The contract a game engine implements: pure transitions over an explicit state.

A state is one position. The game never draws a random number: where chance decides (a card
drawn, a die rolled) the state's current player is CHANCE and `chance_outcomes` lists what can
happen; the playout driver picks one with the seeded `random.Random` it owns. A game is therefore
rebuilt exactly from (table, seed, action history).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from deckwright.errors import DeckwrightError

if TYPE_CHECKING:
    from deckwright.model.pack import Pack

CHANCE = -1
"""`current_player` of a state where chance decides."""

TERMINAL = -4
"""`current_player` of a finished game."""

Action = Hashable


class RulesError(DeckwrightError):
    """`Game.compile` cannot set up a game of these parameters from the pack (the engine check's DW504)."""

    def __init__(self, message: str, missing: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.missing = missing


class MissingFacts(RulesError):
    """The engine needs facts that no clause states, or that a clause states with a value the engine
    cannot play (the engine check's DW508); `missing` names them where they are known."""


class Game(Protocol):
    """A game's rules: how a position is set up, what may be done in it and what doing it yields."""

    name: str

    def scenarios(self, pack: Pack) -> list[str]:
        """Ids of the scenarios the pack offers, in pack order."""

    def player_counts(self, pack: Pack) -> list[int]:
        """Supported player counts, ascending."""

    def resolve_scenario(self, pack: Pack, name: str) -> str | None:
        """The scenario id a user-given name means (id, or slug of its name), None if none."""

    def compile(self, pack: Pack, scenario: str, players: int, overrides: Mapping[str, Any] | None = None) -> Any:
        """The picklable, immutable table of rules and content a game of these parameters runs on; RulesError
        (MissingFacts for facts the pack does not state or states unplayably) when the pack cannot set it up."""

    def new_state(self, table: Any, seed: int) -> Any:
        """The opening position of a game on `table`; `seed` is recorded for the log."""

    def initial_state(self, pack: Pack, scenario: str, players: int, seed: int) -> Any:
        """`new_state(compile(pack, scenario, players), seed)`."""

    def current_player(self, state: Any) -> int:
        """Seat to act (0-based), CHANCE, or TERMINAL."""

    def legal_actions(self, state: Any) -> Sequence[Action]:
        """Actions of the player to act, in a fixed order; empty exactly when the game is over."""

    def chance_outcomes(self, state: Any) -> Sequence[tuple[Action, float]]:
        """At a chance node: every outcome with its probability (they sum to 1), in a fixed order."""

    def apply(self, state: Any, action: Action) -> Any:
        """The position after `action`; the given state is left unchanged."""

    def apply_in_place(self, state: Any, action: Action) -> None:
        """Apply `action` to `state` itself (the playout loop's fast path; `apply` keeps the old state)."""

    def is_terminal(self, state: Any) -> bool:
        """Whether the game is over."""

    def scores(self, state: Any) -> tuple[float, ...]:
        """Victory points of every seat (final when the game is over)."""

    def winners(self, state: Any) -> tuple[int, ...]:
        """Seats that share the win of a finished game."""

    def end_reason(self, state: Any) -> str:
        """Why a finished game ended (a short name, e.g. `stockpile-empty`)."""

    def action_to_string(self, state: Any, action: Action) -> str:
        """A readable, unique name of `action` in `state` (golden files and replays use it)."""

    def invariants(self, state: Any) -> list[str]:
        """What is wrong with the position (components lost or duplicated, counters out of range)."""

    def usage(self, state: Any) -> Mapping[str, int]:
        """Content ids a finished game used (drawn, placed, scored), with how often."""

    def details(self, state: Any) -> Mapping[str, int]:
        """Game-specific counts of a finished game (rounds played, refills, situations met)."""

    def max_steps(self, table: Any) -> int:
        """A step bound no well-formed game of this table exceeds."""

    def score_bounds(self, table: Any) -> tuple[float, float]:
        """Lowest and highest score a seat can end with."""

    def policies(self) -> Mapping[str, Any]:
        """The game's own policies by name: callables (game, state, rng) -> action."""
