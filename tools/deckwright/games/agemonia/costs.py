"""What a Hero action costs (rulebook lines 938-941, 3769-4180): the stamina its board states and, for an action
whose card costs an Inspiration gem (the level-4 actions: "Spend an Inspiration gem"), one of the Hero's
Inspiration gems. A Hero without the gem cannot perform the action; it may still rethink.
"""

from __future__ import annotations

from deckwright.games.agemonia import figures
from deckwright.games.agemonia.state import State
from deckwright.games.agemonia.table import HeroAction


def affords(s: State, hero: int, action: HeroAction, stamina: int | None = None) -> bool:
    """Whether the Hero can pay for the action (`stamina`: what it costs when a weapon changes it)."""
    return s.h_disk[hero] >= (action.stamina if stamina is None else stamina) and s.h_gems[hero] >= action.gems


def pay(s: State, hero: int, action: HeroAction, stamina: int | None = None) -> None:
    figures.pay_stamina(s, hero, action.stamina if stamina is None else stamina)
    if action.gems:
        s.h_gems[hero] -= action.gems
        s.use("inspiration-gem-spent-on-action")
