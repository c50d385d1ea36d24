"""The compiled form of an engine description: immutable, picklable tables the machine runs on.

Zones and counters become numbered instances (one for a shared zone, one per seat for an `each`
zone); cards become numbered pieces; effects become small frozen records the machine dispatches on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
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
    marks: tuple[Mark, ...] = ()  # a counter with marks is a track: effects fire as a marker reaches them


@dataclass(frozen=True)
class Mark:
    """A position of a track whose effects run for the player whose marker reaches or passes it."""

    at: int
    effects: tuple[Effect, ...]
    parts: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Space:
    """A space of a board: its id, the record expressions see, its neighbours and what entering it does."""

    id: str
    record: Mapping[str, Any]
    links: tuple[int, ...]
    effects: tuple[Effect, ...] = ()
    entity: str | None = None  # the pack entity the space is, when spaces come from content
    parts: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Board:
    """A graph of spaces with one pawn per player; `first` is the pawn of seat 0 in the state's `at`."""

    id: str
    spaces: tuple[Space, ...]
    index: Mapping[str, int]
    start: int
    first: int
    offset: int  # of its first space among every board's spaces (how a chosen space is numbered)
    parts: tuple[Any, ...] = ()
    enter: tuple[Effect, ...] = ()  # run whenever a pawn enters any of its spaces (after the space's own)

    def within(self, origin: int, steps: int) -> list[int]:
        """The spaces 1 to `steps` links away from `origin` (breadth first, in space order per ring)."""
        seen = {origin}
        ring = [origin]
        found: list[int] = []
        for _ in range(steps):
            ring = sorted({n for s in ring for n in self.spaces[s].links if n not in seen})
            seen.update(ring)
            found.extend(ring)
        return found


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
class Go(Effect):
    """Move pawns on a board: to the chosen space, to a named one, or back to the start."""

    board: str
    to: str  # "chosen", "start" or a space id
    who: str = "me"


@dataclass(frozen=True)
class Pick(Effect):
    """A secret pick of a simultaneous choice, run when every player has picked: costs, then effects."""

    action: int


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
    choose_space: str | None = None  # a board: one decision per space within `within` links of the pawn
    within: Amount = 1


@dataclass(frozen=True)
class Trigger:
    on: str  # round-start, turn-start, turn-end, round-end, or the zone id a card enters
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
    # with `measure`, for a test of one comparison: its operator and its right side B, so the test is decided
    # from the measured A (A is evaluated once a step, not twice)
    op: str | None = None
    bound: Expr | None = None


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
    boards: Mapping[str, Board] = field(default_factory=dict)
    pawns: int = 0  # pawns on all boards (one per board and player): the length of the state's `at`
    picks: tuple[int, ...] = ()  # actions every player picks from at once at the start of each round
    order: Expr | None = None  # turn order of each round: seats by this value, lowest first, ties by seat
    pick_order: Expr | None = None  # the order secret picks run in: seats by this value (`chosen` is the pick)
    spaces: tuple[tuple[str, Space], ...] = ()  # every board's spaces, numbered as `offset` says: (board, space)
    entity_of: tuple[str, ...] = field(init=False, compare=False)  # piece -> its entity (`pieces[p].entity`)
    record_of: tuple[Mapping[str, Any], ...] = field(init=False, compare=False)  # piece -> `pieces[p].record`
    entity_kinds: tuple[str, ...] = field(init=False, compare=False)  # the pieces' entities, sorted, each once
    entity_rank: tuple[int, ...] = field(init=False, compare=False)  # piece -> its entity's place in entity_kinds
    # what a player's view names, as `state.PlayerView` reads it: key -> (kind, first index, shared); a counter
    # shadows a zone of the same id, a zone a board, any of them `seat`
    view_keys: Mapping[str, tuple[str, int, bool]] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "entity_of", tuple(piece.entity for piece in self.pieces))
        object.__setattr__(self, "record_of", tuple(piece.record for piece in self.pieces))
        kinds = tuple(sorted(set(self.entity_of)))
        place = {entity: i for i, entity in enumerate(kinds)}
        object.__setattr__(self, "entity_kinds", kinds)
        object.__setattr__(self, "entity_rank", tuple(place[entity] for entity in self.entity_of))
        keys: dict[str, tuple[str, int, bool]] = {"seat": ("seat", 0, True)}
        keys.update((b.id, ("board", b.first, False)) for b in self.boards.values())
        keys.update((z.id, ("zone", z.first, z.owner == SHARED)) for z in self.zones.values())
        keys.update((r.id, ("counter", r.first, r.owner == SHARED)) for r in self.resources.values())
        object.__setattr__(self, "view_keys", keys)

    def instance(self, zone: str, seat: int) -> int:
        """The instance of a zone for a seat (the shared instance for a shared zone)."""
        z = self.zones[zone]
        return z.first if z.owner == SHARED else z.first + seat

    def pawn(self, board: str, seat: int) -> int:
        return self.boards[board].first + seat

    def counter(self, resource: str, seat: int) -> int:
        r = self.resources[resource]
        return r.first if r.owner == SHARED else r.first + seat
