"""How a game's scenarios can end, and what each end means for the players: the plug-in's declaration
the engine check reads (`GameSpec.endings`).

A game names why a finished game ended (`Game.end_reason`, e.g. `stockpile-empty`). Which of those
ends a scenario can reach, and whether reaching it wins or loses, is the game's knowledge, not the
core's: the standard game of a competitive game ends when a stock runs out and its winners are the
highest scores; a co-operative scenario is won when its objective is met and lost when the party
falls. So the plug-in declares, per scenario (the standard game being one), a list of `Ending`s:

- `Outcome.WON`: every seat has won (a co-operative scenario's success);
- `Outcome.LOST`: every seat has lost;
- `Outcome.BY_SEAT`: the seats `Game.winners` names have won, the others lost (a competitive end);
- `Outcome.NEITHER`: the end decides nothing about winning.

An end a game reaches without declaring it (the step bound, a situation no clause covers) means
NEITHER. The engine check (`engine/outcomes.py`) then reports an end a scenario declares that no
playout of any policy and player count reached, and a scenario (or a seat of it) never won or never
lost under every policy the game has.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from deckwright.diagnostic import Location
    from deckwright.engine.playout import PlayoutResult
    from deckwright.model.pack import Pack


class Outcome(enum.Enum):
    """What an end means for the players (see the module docstring)."""

    WON = "won"
    LOST = "lost"
    BY_SEAT = "by-seat"
    NEITHER = "neither"


Seen = Callable[[Sequence["PlayoutResult"]], str]


@dataclass(frozen=True)
class Ending:
    """One way a scenario can end: the end reason as `Game.end_reason` names it, and its outcome. A game may
    say where the end is written (`at`, else the scenario's entity is) and what the games showed of it when
    none reached it (`seen`: 'the highest chips any player reached was 12'), for DW502."""

    reason: str
    outcome: Outcome
    at: Location | None = field(default=None, compare=False)
    seen: Seen | None = field(default=None, compare=False)


class Endings(Protocol):
    """A game's declaration of how each scenario can end (`GameSpec.endings`)."""

    def __call__(self, pack: Pack, scenario: str, /) -> Sequence[Ending]:
        """The ways `scenario` (an id of `Game.scenarios(pack)`) can end, in a fixed order."""


def every_scenario(*endings: Ending) -> Endings:
    """The declaration of a game whose every scenario ends the same ways."""
    fixed = tuple(endings)

    def declared(pack: Pack, scenario: str, /) -> Sequence[Ending]:
        return fixed

    return declared


def end_reasons(endings: Endings | None, pack: Pack, scenario: str) -> tuple[str, ...]:
    """The end reasons a scenario declares (none for a game that declares no endings)."""
    return tuple(e.reason for e in endings(pack, scenario)) if endings is not None else ()


SeatOutcomes = tuple[Outcome, ...]


def seat_outcomes(by_reason: Mapping[str, Outcome], result: PlayoutResult, players: int) -> SeatOutcomes:
    """WON, LOST or NEITHER for every seat of one finished game."""
    outcome = by_reason.get(result.end, Outcome.NEITHER)
    if outcome is Outcome.BY_SEAT:
        return tuple(Outcome.WON if seat in result.winners else Outcome.LOST for seat in range(players))
    return (outcome,) * players


def outcome_reader(endings: Sequence[Ending], players: int) -> Callable[[PlayoutResult], SeatOutcomes]:
    """`seat_outcomes` for the results of one scenario and player count."""
    by_reason = {e.reason: e.outcome for e in endings}
    return lambda result: seat_outcomes(by_reason, result, players)
