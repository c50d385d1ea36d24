"""The Kingdom Knowledge board of a player (lines 161-166, 919-939): where the tokens lie and what
that gives.

The board has a row for each row hand-size bonus and a fourth row below them (its effect cancels the
monster's Kingdom bonus), each row `knowledge.board.columns` spaces wide. A hunter's spaces are a bit
set (`Hunter.cells`, bit `row * columns + column`). A token gained takes the first free space, rows from
the top and left to right (the engine's placement, the pack's assumed reading). A row a gained token
fills pays its one-time bonus (Experience, Flow, Reputation) unless it was paid before (`Hunter.rows_done`,
a bit per row); while full a row raises the hand limit and gives its effect, and a full column gives the
column's effect (Legendary Sword, cancelled location bonuses).

The Chronomancer's Area IV (lines 1497-1498, 1505) takes every token off and lays them again as it
likes: only the general bonuses (hand limit, the rows' and columns' battle effects) follow the new
places; no one-time row bonus is paid for a row it fills. `layouts` offers one arrangement for each
different set of general bonuses the tokens can give.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from deckwright.games.silver_coin.rules import Rules
from deckwright.games.silver_coin.state import State


def rows(rules: Rules) -> int:
    """The rows with a hand-size bonus, and the fourth row with its effect."""
    return len(rules.row_hand) + 1


def spaces(rules: Rules) -> int:
    return rows(rules) * rules.knowledge_columns


def place(state: State, seat: int) -> list[int]:
    """Tokens not yet on the board take the first free spaces (while spaces are left); the rows they
    fill whose one-time bonus was never paid, marked paid (a row filled by a new arrangement is not)."""
    rules = state.table.rules
    hunter = state.hunters[seat]
    room = spaces(rules)
    before = hunter.cells
    while bin(hunter.cells).count("1") < min(hunter.knows, room):
        free = next(i for i in range(room) if not hunter.cells >> i & 1)
        hunter.cells |= 1 << free
    filled = [row for row in range(rows(rules)) if row_full(rules, hunter.cells, row)
              and not row_full(rules, before, row) and not hunter.rows_done >> row & 1]
    for row in filled:
        hunter.rows_done |= 1 << row
    return filled


def row_full(rules: Rules, cells: int, row: int) -> bool:
    return _row_full(rules.knowledge_columns, cells, row)


def column_full(rules: Rules, cells: int, column: int) -> bool:
    return _column_full(rows(rules), rules.knowledge_columns, cells, column)


def _row_full(columns: int, cells: int, row: int) -> bool:
    mask = ((1 << columns) - 1) << (row * columns)
    return cells & mask == mask


def _column_full(height: int, columns: int, cells: int, column: int) -> bool:
    return all(cells >> (row * columns + column) & 1 for row in range(height))


def hand_bonus(state: State, seat: int) -> int:
    """What the full hand-size rows add to the hand limit."""
    rules = state.table.rules
    cells = state.hunters[seat].cells
    if not cells and rules.knowledge_columns > 0:  # an empty board (most listings of a game): no row full
        return 0
    return _hand_bonus(rules.row_hand, rules.knowledge_columns, cells)


@cache
def _hand_bonus(row_hand: tuple[int, ...], columns: int, cells: int) -> int:
    """`hand_bonus` of one arrangement (asked for at every listing of a draw or a discard)."""
    return sum(extra for row, extra in enumerate(row_hand) if _row_full(columns, cells, row))


def board_effect(state: State, seat: int, effect: str) -> bool:
    """Whether a full column or the full fourth row of the hunter's board gives `effect`."""
    rules = state.table.rules
    return effect in _effects(rules.row_4_effect, rules.column_effects, rows(rules), rules.knowledge_columns,
                              state.hunters[seat].cells)


@cache
def _effects(row_4_effect: str, column_effects: tuple[str, ...], height: int, columns: int,
             cells: int) -> frozenset[str]:
    """The effects the full fourth row and the full columns of one arrangement give (asked for at every
    battle's odds)."""
    found = {row_4_effect} if _row_full(columns, cells, height - 1) else set()
    found.update(given for column, given in enumerate(column_effects) if _column_full(height, columns, cells, column))
    return frozenset(found)


def _signature(height: int, columns: int, cells: int) -> tuple[bool, ...]:
    """The general bonuses an arrangement gives: which rows and which columns are full."""
    return tuple(_row_full(columns, cells, row) for row in range(height)) + \
        tuple(_column_full(height, columns, cells, column) for column in range(columns))


@cache
def _arrangements(height: int, columns: int, tokens: int) -> tuple[tuple[tuple[bool, ...], int], ...]:
    """One arrangement of `tokens` tokens (the lowest bit set) for each different set of general bonuses."""
    found: dict[tuple[bool, ...], int] = {}
    for chosen in combinations(range(height * columns), tokens):
        cells = sum(1 << i for i in chosen)
        found.setdefault(_signature(height, columns, cells), cells)
    return tuple(sorted(found.items(), key=lambda item: item[1]))


def layouts(state: State, seat: int) -> list[int]:
    """The arrangements that give other general bonuses than the board gives now."""
    rules = state.table.rules
    height, columns = rows(rules), rules.knowledge_columns
    cells = state.hunters[seat].cells
    now = _signature(height, columns, cells)
    return [other for signature, other in _arrangements(height, columns, bin(cells).count("1")) if signature != now]
