"""Support actions on an Enemy (rulebook lines 3800-3803 Curse of Blood, 3984-3991 Jinx, 3992-3994 Hypnotic
Gaze, 4104-4106 Assassinate, 4139-4142 Domination, 4161-4166 Metamorphose, 4178-4179 Wave of Apathy): the
Hero chooses an Enemy in sight within the action's range, ("hex", slot); it suffers the board's damage
(no roll, its shield not counting) or is defeated outright, then gains the board's condition (`table.Hex`).
The action's cost is paid (`costs`). Channelled through the Eye of Serupod, its range and sight count from
the Eye's area (`passives.origin`).
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import costs, defeats, figures, passives
from deckwright.games.agemonia.figures import ENEMY, injured
from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import HeroAction


def targets(s: State, hero: int, action: HeroAction) -> list[tuple[Any, ...]]:
    """The Enemies the action may choose."""
    assert action.hex is not None
    t = s.table
    here = passives.origin(s, hero)  # the Eye's area when the Hero channels the action through it
    reach = action.hex.range - injured(s, hero, "range")
    return [("hex", slot) for slot, at in enumerate(s.e_area)
            if at != OFF and t.range_dist[here][at] <= reach and t.sight[here][at]]


def apply(s: State, hero: int, slot: int) -> None:
    action = s.table.heroes[hero].actions[s.h_action[hero]]
    assert action.hex is not None
    s.acts = 0
    costs.pay(s, hero, action)
    s.use(action.id)
    if action.hex.defeat:
        defeats.hurt(s, hero, slot, s.e_health[slot] - int(s.table.rules["health.defeated_at"]))
        s.use("hex-defeat")
    else:
        defeats.hurt(s, hero, slot, action.hex.damage)
    if s.e_area[slot] != OFF:
        figures.gain(s, ENEMY, slot, action.hex.condition, "hero-action")


def value(s: State, slot: int) -> float:
    """The policies' worth of a hex: the healthier the Enemy, the more."""
    return 6.0 + 0.2 * s.e_health[slot]
