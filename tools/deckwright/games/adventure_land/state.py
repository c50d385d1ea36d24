"""One position of a game of Adventure Land: the board, the stacks, the box and what players hold.

Adventurer `i` belongs to seat `i // table.adventurers_per_player`. Where it is: a field index (0 and
up), a starting area (`area_code(a)`), the player's supply, or the box.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckwright.games.adventure_land.table import Table

SUPPLY = -1
BOX = -2
AREA_BASE = -10

# Phases: who decides next.
CARD, TILE, ROLL, MOVE, SWORDS, TOPUP, OVER = range(7)
PHASE_NAMES = ("card", "tile", "roll", "move", "swords", "top-up", "over")
# Stacks a tile is drawn from.
HERBS, SWORD_STACK, SWORD_BOX, FOGS = range(4)


def area_code(area: int) -> int:
    return AREA_BASE - area


def area_of(where: int) -> int:
    """The starting area of a location code (only for codes <= AREA_BASE)."""
    return AREA_BASE - where


@dataclass
class Fight:
    """A fight in progress: who fights what, and what has been put in."""

    adventurer: int
    field: int
    creature: int
    swords: tuple[int, ...] = ()
    dice: tuple[int, ...] = ()
    rolls_left: int = 0
    reroll: int = -1
    herbs: tuple[int, ...] = ()
    gold_strength: int = 0
    gold_spent: int = 0
    during_placement: bool = False

    def copy(self) -> Fight:
        return Fight(self.adventurer, self.field, self.creature, self.swords, self.dice, self.rolls_left,
                     self.reroll, self.herbs, self.gold_strength, self.gold_spent, self.during_placement)


class State:
    """A mutable position; `copy()` gives an independent one. The engine's `apply` copies first."""

    __slots__ = ("table", "seed", "phase", "seat", "turn", "round", "setup_cards", "cards_left", "moves_left",
                 "pending", "items", "occupant", "sprite", "adv_at", "adv_comp", "gold", "herbs", "swords",
                 "trophies", "points", "deck", "discard", "herb_stack", "sword_stack", "sword_box", "herbs_out",
                 "fog_stack", "swords_left", "comp_stock", "comp_box", "gold_stock", "gold_box", "fight", "end_triggered",
                 "end", "skipped", "drawn", "swords_drawn", "visited", "refills", "situations", "steps")

    table: Table
    seed: int
    phase: int
    seat: int
    turn: int
    round: int
    setup_cards: int
    cards_left: int
    moves_left: int
    pending: Any
    items: list[tuple[int, ...]]
    occupant: list[int]
    sprite: int
    adv_at: list[int]
    adv_comp: list[int]
    gold: list[int]
    herbs: list[tuple[int, ...]]
    swords: list[tuple[int, ...]]
    trophies: list[tuple[int, ...]]
    points: list[int]
    deck: list[int]
    discard: list[int]
    herb_stack: list[int]
    sword_stack: list[int]
    sword_box: list[int]
    herbs_out: list[int]
    fog_stack: list[int]
    swords_left: int
    comp_stock: int
    comp_box: int
    gold_stock: int
    gold_box: int
    fight: Fight | None
    end_triggered: bool
    end: str
    skipped: list[int]
    drawn: int
    swords_drawn: int
    visited: int
    refills: list[int]
    situations: dict[str, int]
    steps: int

    def copy(self) -> State:
        new = State.__new__(State)
        for name in ("table", "seed", "phase", "seat", "turn", "round", "setup_cards", "cards_left", "moves_left",
                     "pending", "sprite", "swords_left", "comp_stock", "comp_box", "gold_stock", "gold_box", "end_triggered",
                     "end", "drawn", "swords_drawn", "visited", "steps"):
            setattr(new, name, getattr(self, name))
        for name in ("items", "occupant", "adv_at", "adv_comp", "gold", "herbs", "swords", "trophies", "points",
                     "deck", "discard", "herb_stack", "sword_stack", "sword_box", "herbs_out", "fog_stack",
                     "skipped", "refills"):
            setattr(new, name, list(getattr(self, name)))
        new.situations = dict(self.situations)
        new.fight = self.fight.copy() if self.fight is not None else None
        return new

    def owner(self, adventurer: int) -> int:
        return adventurer // self.table.adventurers_per_player

    def adventurers(self, seat: int) -> range:
        n = self.table.adventurers_per_player
        return range(seat * n, seat * n + n)

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the position, as comparable plain data."""
        fight = None if self.fight is None else tuple(vars(self.fight).values())
        return tuple(getattr(self, n) if not isinstance(getattr(self, n), (list, dict)) else repr(getattr(self, n))
                     for n in self.__slots__ if n not in ("table", "fight")) + (fight,)


def new_state(table: Table, seed: int) -> State:
    """The position before the set-up cards are turned over; adventurers wait in the starting areas."""
    s = State.__new__(State)
    s.table, s.seed = table, seed
    s.phase, s.seat, s.turn, s.round = CARD, 0, 0, 0
    s.setup_cards, s.cards_left, s.moves_left = table.initial_cards, 0, 0
    s.pending = None
    s.items = [()] * len(table.field_ids)
    s.occupant = [-1] * len(table.field_ids)
    s.sprite = -1
    per = table.adventurers_per_player
    s.adv_at = [SUPPLY] * (per * table.players)
    for seat in range(table.players):
        for k in range(table.starting_adventurers):
            s.adv_at[seat * per + k] = area_code(table.player_areas[k % len(table.player_areas)])
    s.adv_comp = [0] * len(s.adv_at)
    s.gold = [0] * table.players
    s.herbs = [()] * table.players
    s.swords = [()] * table.players
    s.trophies = [()] * table.players
    s.points = [0] * table.players
    s.deck = list(range(len(table.cards)))
    s.discard = []
    s.herb_stack = list(range(len(table.herb_values)))
    # The stack is shuffled before the set-aside swords go to the box (lines 37-56): the first
    # `swords_in_play` drawn are the stack, whatever is left undrawn then is the box's.
    s.sword_stack = list(range(len(table.sword_values)))
    s.swords_left = table.swords_in_play
    s.sword_box = []
    if s.swords_left == 0:
        s.sword_box, s.sword_stack = s.sword_stack, []
    s.herbs_out = []
    s.fog_stack = list(range(len(table.fog_strengths)))
    s.comp_stock = table.companions_in_play
    s.comp_box = table.companions_total - table.companions_in_play
    s.gold_stock, s.gold_box = table.gold_total, 0
    s.fight = None
    s.end_triggered, s.end = False, ""
    s.skipped = [0] * table.players
    s.drawn = s.swords_drawn = s.visited = 0
    s.refills = [0, 0]
    s.situations = {}
    s.steps = 0
    return s
