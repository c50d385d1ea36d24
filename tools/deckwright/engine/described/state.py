"""A position of a described game, and the views of it that expressions read.

Cards are piece numbers held in zone instances (lists, top of a pile last); `loc` says where each
piece is, so conservation is checkable after every step. Pawns are space numbers in `at` (one per
board and seat). Effects still to run are a stack of tasks `(effect, player, card, target, left)`: a
chance node is a task waiting for its outcome. While every player picks at once (`picking`), picks
wait in `picks`, unseen by the others, until the last is made; `order` is the round's turn order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from deckwright.engine.described.table import SHARED, Effect, Table

Task = tuple[Effect, int, int, int, int]
NO_CARD = -1
SPACE = 1 << 20  # a task's `target` at or above this is a chosen space (SPACE + its number), not a player


def chosen_space(target: int) -> int:
    """The number of the space a task's target names (-1 when it names a player or nothing)."""
    return target - SPACE if target >= SPACE else -1


class State:
    """One position; the machine changes it in place (`copy` for the protocol's pure `apply`)."""

    __slots__ = ("table", "seed", "zones", "loc", "res", "pool", "seat", "phase", "round", "steps", "stack", "chance",
                 "then", "over", "end", "usage", "details", "problems", "in_setup", "legal", "error", "views", "budget",
                 "final", "at", "picks", "picking", "order", "turn")

    def __init__(self, table: Table, seed: int):
        self.table = table
        self.seed = seed
        self.zones: list[list[int]] = [list(pieces) for pieces in table.start_zones]
        self.loc: list[int] = [0] * len(table.pieces)
        for index, pieces in enumerate(self.zones):
            for piece in pieces:
                self.loc[piece] = index
        self.res: list[int] = [0] * table.resource_count
        self.pool: list[int] = list(table.supplies)
        self.seat = 0
        self.phase = 0
        self.round = 1
        self.steps = 0
        self.stack: list[Task] = []
        self.chance: str | None = None
        self.then: str | None = None
        self.over = False
        self.end = ""
        self.usage: dict[str, int] = {}
        self.details: dict[str, int] = {}
        self.problems: list[str] = []
        self.in_setup = True
        self.legal: list[tuple[int, str, int]] | None = None
        self.error: tuple[str, tuple[Any, ...]] | None = None
        self.budget = 0
        self.final: tuple[float, ...] | None = None
        self.at: list[int] = [board.start for board in table.boards.values() for _ in range(table.players)]
        self.picks: list[tuple[int, str, int] | None] = []  # each seat's secret pick while `picking`
        self.picking = False
        self.order: list[int] = list(range(table.players))  # this round's turn order
        self.turn = 0  # whose turn in `order`
        self.views = [PlayerView(self, seat) for seat in range(table.players)]

    def copy(self) -> State:
        other = State.__new__(State)
        for name in State.__slots__:
            setattr(other, name, getattr(self, name))
        other.zones = [list(z) for z in self.zones]
        other.loc = list(self.loc)
        other.res = list(self.res)
        other.pool = list(self.pool)
        other.stack = list(self.stack)
        other.usage = dict(self.usage)
        other.details = dict(self.details)
        other.problems = list(self.problems)
        other.legal = list(self.legal) if self.legal is not None else None
        other.at = list(self.at)
        other.picks = list(self.picks)
        other.order = list(self.order)
        other.views = [PlayerView(other, seat) for seat in range(self.table.players)]
        return other

    def bindings(self, player: int, card: int = NO_CARD, target: int = -1, tested: int = NO_CARD) -> dict[str, Any]:
        """What an expression sees: `me`, `players`, `round`, `chosen` and `card`."""
        pieces = self.table.pieces
        chosen: Any = (pieces[card].record if card >= 0 else self.table.spaces[target - SPACE][1].record
                       if target >= SPACE else self.views[target] if target >= 0 else None)
        return {"me": self.views[player], "players": self.views, "round": self.round, "chosen": chosen,
                "card": pieces[tested].record if tested >= 0 else chosen}


class PlayerView(Mapping[str, Any]):
    """A seat as expressions see it: its counters and zones by id (shared ones too), and `seat` (1-based)."""

    __slots__ = ("state", "seat")

    def __init__(self, state: State, seat: int):
        self.state = state
        self.seat = seat

    def __getitem__(self, key: str) -> Any:
        state = self.state
        kind, first, shared = state.table.view_keys[key]
        index = first if shared else first + self.seat
        if kind == "counter":
            return state.res[index]
        if kind == "zone":
            record_of = state.table.record_of
            return [record_of[p] for p in state.zones[index]]
        if kind == "board":
            return state.table.boards[key].spaces[state.at[index]].record
        return self.seat + 1

    def __contains__(self, key: object) -> bool:
        return key in self.state.table.view_keys

    def __iter__(self) -> Iterator[str]:
        yield from self.state.table.resources
        yield from self.state.table.zones
        yield from self.state.table.boards
        yield "seat"

    def __len__(self) -> int:
        table = self.state.table
        return len(table.resources) + len(table.zones) + len(table.boards) + 1
