"""Victory points of the three adventures, as their overview cards in the pack define them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckwright.games.adventure_land.table import CITY, ScoreRule, Table

if TYPE_CHECKING:
    from deckwright.games.adventure_land.state import State


def on_defeat(table: Table, creature: int) -> int:
    """Points scored at once for defeating `creature`."""
    total = 0
    for rule in table.scoring:
        if rule.counts == "fog-creature":
            total += rule.points
        elif rule.counts == "fog-creature-strength":
            total += rule.points * table.fog_strengths[creature]
    return total


def group_points(rule: ScoreRule, size: int) -> int:
    """A group's points by the table (and `extra` for each companion beyond it)."""
    if size < len(rule.table):
        return rule.table[size]
    return rule.table[-1] + rule.extra * (size - len(rule.table) + 1) if rule.table else 0


def breakdown(s: State) -> list[list[int]]:
    """Points of every seat by scoring rule (on-defeat rules from the trophies, the rest from the board)."""
    table = s.table
    rows = [[0] * len(table.scoring) for _ in range(table.players)]
    groups = [max((s.adv_comp[a] for a in s.adventurers(p) if s.adv_at[a] >= 0), default=0)
              for p in range(table.players)]
    best = max(groups)
    for seat in range(table.players):
        on_board = [a for a in s.adventurers(seat) if s.adv_at[a] >= 0]
        in_city = [a for a in on_board if table.terrain[s.adv_at[a]] == CITY]
        for rule in table.scoring:
            counts = rule.counts
            if counts == "fog-creature":
                value = rule.points * len(s.trophies[seat])
            elif counts == "fog-creature-strength":
                value = rule.points * sum(table.fog_strengths[c] for c in s.trophies[seat])
            elif counts == "companion-group":
                value = sum(group_points(rule, s.adv_comp[a]) for a in on_board)
            elif counts == "gold":
                value = rule.points * s.gold[seat]
            elif counts == "herb":
                value = rule.points * len(s.herbs[seat])
            elif counts == "sword":
                value = rule.points * len(s.swords[seat])
            elif counts == "largest-group":
                value = rule.points if groups[seat] == best and best >= rule.minimum else 0
            elif counts == "adventurer-in-city":
                value = rule.points * len(in_city)
            else:  # companion-in-city
                value = rule.points * sum(s.adv_comp[a] for a in in_city)
            rows[seat][rule.index] = value
    return rows


def scores(s: State) -> tuple[int, ...]:
    """Each seat's total: the scoring track's start (`setup.score_start`) plus every scoring line."""
    return tuple(s.table.rules.score_start + sum(row) for row in breakdown(s))


def winners(s: State) -> tuple[int, ...]:
    """Most points; ties broken by the adventure's tie-break list (most adventurers on board, shared)."""
    points = scores(s)
    best = max(points)
    tied = [p for p in range(s.table.players) if points[p] == best]
    for rule in s.table.tie_break:
        if len(tied) == 1 or rule == "shared":
            break
        if rule == "most-adventurers-on-board":
            on_board = {p: sum(1 for a in s.adventurers(p) if s.adv_at[a] >= 0) for p in tied}
            most = max(on_board.values())
            tied = [p for p in tied if on_board[p] == most]
    return tuple(tied)


def bounds(table: Table) -> tuple[int, int]:
    """The track's start and the most one seat could score if it took every piece of the game."""
    per = table.adventurers_per_player
    companions, creatures = table.companions_total, len(table.fog_strengths)
    top = 0
    for rule in table.scoring:
        top += {
            "fog-creature": rule.points * creatures,
            "fog-creature-strength": rule.points * sum(table.fog_strengths),
            "companion-group": group_points(rule, companions) + (per - 1) * group_points(rule, 0),
            "gold": rule.points * table.gold_total,
            "herb": rule.points * len(table.herb_values),
            "sword": rule.points * len(table.sword_values),
            "largest-group": rule.points,
            "adventurer-in-city": rule.points * per,
            "companion-in-city": rule.points * companions,
        }[rule.counts]
    return table.rules.score_start, table.rules.score_start + top
