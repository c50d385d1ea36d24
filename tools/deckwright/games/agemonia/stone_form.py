"""Stone Form (rulebook lines 4039-4049), a support action the Hero board plays with `effect: {kind:
stone-form, amount, rounds}` (`action_effects`): the Hero discards its conditions and turns to stone.
While it is stone it takes no turn and does nothing (its turn ends as it begins), and no attack,
condition or other effect touches it: Enemies do not target it (`enemies.targetable`), damage passes
it by (`figures.damage_hero`) and conditions are not gained (`figures.gain`). At the start of its turn
in the round `rounds` after the one it turned to stone (the book: the token flips at the next round's
start, and the Hero selects as usual in the round after), the effect ends and the Hero recovers
`amount` spent stamina (a number lost in an icon: the board's).

Not played: the Stone Form token taking up capacity in the Hero's area (and the push when the area
overflows), the areas of small capacity no figure may then enter, and ending the effect early (the bots
never would: nothing in play rewards it).
"""

from __future__ import annotations

from deckwright.games.agemonia import figures
from deckwright.games.agemonia.figures import HERO
from deckwright.games.agemonia.state import State
from deckwright.games.agemonia.table import HeroAction


def turn_to_stone(s: State, hero: int, action: HeroAction) -> None:
    assert action.effect is not None
    figures.clear(s, HERO, hero)
    s.h_stone[hero] = s.round + action.effect.rounds
    s.use("stone-form")


def is_stone(s: State, hero: int) -> bool:
    return bool(s.h_stone[hero])


def begin_turn(s: State, hero: int) -> bool:
    """The start of a stone Hero's turn: the effect ends in its last round (the Hero then plays its turn),
    else the Hero takes no turn. Whether it is still stone."""
    if s.round < s.h_stone[hero]:
        s.acts = s.maneuvers = 0
        s.use("stone-form-turn-lost")
        return True
    s.h_stone[hero] = 0
    amount = next((a.effect.amount for a in s.table.heroes[hero].actions
                   if a.effect is not None and a.effect.kind == "stone-form"), 0)
    figures.restore_hero(s, hero, amount)
    s.use("stone-form-ended")
    return False


def value(s: State, hero: int) -> float:
    """What the policies make of it: worth it to a wounded Hero with Enemies near, or one holding
    conditions; little otherwise."""
    t = s.table
    near = sum(1 for at in s.e_area if at >= 0 and t.range_dist[s.h_area[hero]][at] <= 1)
    return 0.5 + 2.0 * len(s.h_conds[hero]) + (4.0 if s.h_wounded[hero] and near else 0.0)
