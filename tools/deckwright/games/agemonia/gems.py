"""Achievement gems in a scenario (rulebook lines 905-927): a Hero discards one for `achievement_gem.bonus`
more movement points in the move it is making, more healed or restored in its next recover, one more
success on its next attack, or on its next active or reactive ability check; at most
`achievement_gem.per_roll` gems for each maneuver, attack or check.

The book lets a gem go at any point of the move or roll, after the dice too; the engine has the Hero
decide on its turn, before the roll (a gem for a check waits, set aside, for the Hero's next check, which
may be the reactive check of an Enemy's attack).
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia.state import State

USES = ("attack", "recover", "check")  # what a gem set aside waits for, in the order of `h_primed`


def legal(s: State, hero: int) -> list[tuple[Any, ...]]:
    """("gem", use) the Hero may discard a gem for now."""
    if not s.h_ach[hero]:
        return []
    each = int(s.table.rules["achievement_gem.per_roll"])
    if s.move_points > 0:
        return [("gem", "move")] if s.gem_move < each else []
    primed = s.h_primed[hero]
    out = []
    if s.acts > 0 and primed[0] < each:
        out.append(("gem", "attack"))
    if s.maneuvers > 0 and primed[1] < each and (s.h_wounds[hero] or s.h_spent[hero]):
        out.append(("gem", "recover"))
    if primed[2] < each:
        out.append(("gem", "check"))
    return out


def discard(s: State, hero: int, use: str) -> None:
    s.h_ach[hero] -= 1
    s.use(f"achievement-gem:{use}")
    if use == "move":
        s.gem_move += 1
        s.move_points += int(s.table.rules["achievement_gem.bonus"])
        return
    _set_aside(s, hero, USES.index(use), s.h_primed[hero][USES.index(use)] + 1)


def _set_aside(s: State, hero: int, at: int, gems: int) -> None:
    attack, recover, check = s.h_primed[hero]
    s.h_primed[hero] = (gems if at == 0 else attack, gems if at == 1 else recover, gems if at == 2 else check)


def bonus(s: State, hero: int, use: str) -> int:
    """The bonus of the gems set aside for this attack, recover or check; they are spent on it."""
    at = USES.index(use)
    gems = s.h_primed[hero][at]
    if not gems:
        return 0
    _set_aside(s, hero, at, 0)
    return gems * int(s.table.rules["achievement_gem.bonus"])
