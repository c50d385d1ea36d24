"""The compiled form of an engine description: immutable, picklable tables the machine runs on.

Zones and counters become numbered instances (one for a shared zone, one per seat for an `each`
zone); cards become numbered pieces; effects become small frozen records the machine dispatches on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from deckwright.engine.described.expressions import Amount, Expr

SHARED, EACH = "shared", "each"
HIDDEN = "deck"
STAY, NEXT_PHASE, END_TURN = "stay", "next-phase", "end-turn"
NOW, END_OF_ROUND = "now", "end-of-round"


@dataclass(frozen=True)
class Zone:
    id: str
    owner: str
    kind: str
    first: int  # index of its first instance
    limit: int | None = None
    refill: str | None = None
    parts: tuple[Any, ...] = ()

    @property
    def hidden(self) -> bool:
        return self.kind == HIDDEN


@dataclass(frozen=True)
class Resource:
    id: str
    owner: str
    first: int
    start: int
    low: int
    high: int
    supply: int | None = None  # printed count of the component the tokens come from
    supply_index: int = -1
    parts: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Effect:
    """Base of effects; `parts` is where the effect is written: the document key ("" for the engine
    file, a card's id for its `effect:`) followed by the path inside it."""

    parts: tuple[Any, ...]


@dataclass(frozen=True)
class Draw(Effect):
    source: str
    target: str
    count: Amount
    who: str = "me"
    verb: str = "draw"


@dataclass(frozen=True)
class Move(Effect):
    source: str | None
    target: str
    cards: str | Expr  # "chosen", "all" or a test over `card`
    who: str = "me"


@dataclass(frozen=True)
class Shuffle(Effect):
    zone: str
    into: str | None


@dataclass(frozen=True)
class Refill(Effect):
    zone: str
    source: str


@dataclass(frozen=True)
class Change(Effect):
    """gain, spend and set of a counter."""

    verb: str
    resource: str
    amount: Amount
    who: str = "me"


@dataclass(frozen=True)
class Pay(Effect):
    resource: str
    amount: Amount
    to: str


@dataclass(frozen=True)
class Roll(Effect):
    dice: Amount
    sides: int
    into: str


@dataclass(frozen=True)
class Compare(Effect):
    test: Expr
    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...]


@dataclass(frozen=True)
class Repeat(Effect):
    times: Amount
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class PlayCard(Effect):
    """Run the `effect:` written on the chosen card."""


@dataclass(frozen=True)
class EndTurn(Effect):
    """End the turn once the effects under way are done."""


@dataclass(frozen=True)
class Control(Effect):
    """The machine's own steps of the turn structure: begin, start-turn, end-turn, advance."""

    step: str


@dataclass(frozen=True)
class Action:
    id: str
    index: int
    choose_zone: str | None = None
    choose_player: bool = False
    choose_test: Expr | None = None
    test: Expr | None = None
    cost: tuple[tuple[str, Amount], ...] = ()
    effects: tuple[Effect, ...] = ()
    then: str = STAY


@dataclass(frozen=True)
class Trigger:
    on: str  # turn-start, turn-end, round-end, or the zone id a card enters
    enter: bool
    test: Expr | None
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class EndCondition:
    id: str
    kind: str  # zone_empty, reach, rounds, expr
    timing: str
    zone: str | None = None
    resource: str | None = None
    target: Amount = 0
    test: Expr | None = None
    parts: tuple[Any, ...] = ()
    measure: Expr | None = None  # the left side of a test `A >= B`: how near each playout came is noted


@dataclass(frozen=True)
class Piece:
    """One physical card: its entity and the record expressions see."""

    entity: str
    record: Mapping[str, Any]


@dataclass(frozen=True)
class Table:
    """Everything one game of a described pack at one player count runs on."""

    pack: str
    players: int
    zones: Mapping[str, Zone]
    zone_names: tuple[str, ...]  # instance index -> "zone" or "zone of P2"
    zone_owner: tuple[int, ...]  # instance index -> seat, -1 for shared
    zone_def: tuple[str, ...]  # instance index -> zone id
    start_zones: tuple[tuple[int, ...], ...]  # pieces each instance starts with
    resources: Mapping[str, Resource]
    resource_count: int
    supplies: tuple[int, ...]  # printed count of each supply
    pieces: tuple[Piece, ...]
    card_effects: Mapping[str, tuple[Effect, ...]]
    setup: tuple[Effect, ...]
    turn_start: tuple[Effect, ...]
    turn_end: tuple[Effect, ...]
    phases: tuple[tuple[str, tuple[int, ...]], ...]  # phase id, action indices
    actions: tuple[Action, ...]
    triggers: tuple[Trigger, ...]
    on_enter: Mapping[str, tuple[Trigger, ...]]  # zone id -> the triggers of a card entering it
    ends: tuple[EndCondition, ...]
    score: Expr
    tie_breaks: tuple[Expr, ...]
    score_range: tuple[float, float]
    greedy: Expr | None
    max_steps: int
    max_effects: int

    def instance(self, zone: str, seat: int) -> int:
        """The instance of a zone for a seat (the shared instance for a shared zone)."""
        z = self.zones[zone]
        return z.first if z.owner == SHARED else z.first + seat

    def counter(self, resource: str, seat: int) -> int:
        r = self.resources[resource]
        return r.first if r.owner == SHARED else r.first + seat
