"""What must hold in every position: each piece in exactly one place, counters in their ranges."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from deckwright.games.adventure_land import scoring
from deckwright.games.adventure_land.state import AREA_BASE, BOX, SUPPLY, State, area_code
from deckwright.games.adventure_land.table import CITY, FOG, FOREST, MOUNTAIN, RIVER


def _field_items(s: State, terrain: int) -> list[int]:
    items = s.items
    return [t for f in s.table.by_terrain[terrain] for t in items[f]]


def _each_once(kind: str, total: int, places: Iterable[Iterable[int]]) -> list[str]:
    pieces = [t for place in places for t in place]
    if len(pieces) == total and sorted(pieces) == list(range(total)):
        return []  # each of 0..total-1 exactly once: the usual case, without counting
    counts = Counter(pieces)
    problems = [f"{kind} #{t} is in {n} places" for t, n in sorted(counts.items()) if n > 1]
    problems += [f"{kind} #{t} is nowhere" for t in range(total) if t not in counts]
    problems += [f"unknown {kind} #{t}" for t in sorted(counts) if not 0 <= t < total]
    return problems


def _counted(kind: str, total: int, parts: dict[str, int]) -> list[str]:
    problems = [f"{kind}: {where} holds {n}" for where, n in parts.items() if n < 0]
    if sum(parts.values()) != total:
        problems.append(f"{kind}: {sum(parts.values())} in play ({parts}), the box has {total}")
    return problems


def check_state(s: State) -> list[str]:
    """Every violated invariant of the position, in words."""
    t = s.table
    fight = s.fight
    problems = _each_once("terrain card", len(t.cards), [s.deck, s.discard])
    problems += _each_once("herb", len(t.herb_values), [s.herb_stack, s.herbs_out, _field_items(s, FOREST), *s.herbs,
                                                        fight.herbs if fight else ()])
    problems += _each_once("sword", len(t.sword_values), [s.sword_stack, s.sword_box, _field_items(s, MOUNTAIN),
                                                          *s.swords, fight.swords if fight else ()])
    problems += _each_once("fog creature", len(t.fog_strengths), [s.fog_stack, _field_items(s, FOG), *s.trophies])
    problems += _counted("companions", t.companions_total, {
        "stockpile": s.comp_stock, "box": s.comp_box, "board": len(_field_items(s, CITY)), "groups": sum(s.adv_comp)})
    problems += _counted("gold", t.gold_total, {
        "stockpile": s.gold_stock, "box": s.gold_box, "board": len(_field_items(s, RIVER)), "players": sum(s.gold),
        "fight": fight.gold_spent if fight else 0})
    problems += _adventurers(s)
    problems += _ranges(s)
    on_defeat = [sum(scoring.on_defeat(t, c) for c in s.trophies[p]) for p in range(t.players)]
    if on_defeat != s.points:
        problems.append(f"points scored on defeat {s.points} differ from the creatures taken {on_defeat}")
    return problems


def _adventurers(s: State) -> list[str]:
    t = s.table
    problems = []
    areas = {area_code(a) for a in t.player_areas}
    for a, at in enumerate(s.adv_at):
        if at >= 0 and s.occupant[at] != a:
            problems.append(f"adventurer {a} is on field {t.coordinates[at]} which holds {s.occupant[at]}")
        elif at < 0 and at not in (SUPPLY, BOX) and at not in areas:
            problems.append(f"adventurer {a} is at unknown place {at}")
        if at < 0 and s.adv_comp[a]:
            problems.append(f"adventurer {a} off the board leads {s.adv_comp[a]} companions")
    for f, a in enumerate(s.occupant):
        if a < 0:
            continue  # most fields are empty
        if s.adv_at[a] != f:
            problems.append(f"field {t.coordinates[f]} holds adventurer {a}, which is elsewhere")
        if f == s.sprite:
            problems.append(f"adventurer {a} shares {t.coordinates[f]} with the water sprite")
        if t.terrain[f] == FOG and s.items[f] and (s.fight is None or s.fight.adventurer != a):
            problems.append(f"adventurer {a} stands on a fog creature at {t.coordinates[f]} outside a fight")
    if s.sprite >= 0 and t.terrain[s.sprite] != RIVER:
        problems.append(f"the water sprite is off the river at {t.coordinates[s.sprite]}")
    for seat in range(t.players):
        waiting = sum(1 for a in s.adventurers(seat) if s.adv_at[a] <= AREA_BASE)
        if waiting > t.starting_adventurers:
            problems.append(f"seat {seat} has {waiting} adventurers in starting areas")
    return problems


def _ranges(s: State) -> list[str]:
    t, r = s.table, s.table.rules
    problems = []
    if not 0 <= s.swords_left <= min(t.swords_in_play, len(s.sword_stack)):
        problems.append(f"{s.swords_left} swords counted in the stack, which holds {len(s.sword_stack)}")
    if not 0 <= s.cards_left <= r.cards_per_turn:
        problems.append(f"{s.cards_left} terrain cards left to turn over this turn")
    if not 0 <= s.moves_left <= r.moves_per_turn:
        problems.append(f"{s.moves_left} moves left this turn")
    for f in t.by_terrain[FOG]:
        if len(s.items[f]) > 1:
            problems.append(f"{len(s.items[f])} fog creatures on {t.coordinates[f]}")
    if s.fight is not None and len(s.fight.swords) > r.max_swords:
        problems.append(f"{len(s.fight.swords)} swords in one fight")
    return problems
