"""Stamina locked on a Hero's passive actions (rulebook lines 3248-3272, 3647-3656): the chips sit by
the Action token, out of the Vitality disk, and count as spent.

`State.passives` holds each passive action in effect with the chips locked on it. Damage that finds no
chip on the disk and no spent chip wounds locked chips (when `locked_stamina.wounded_after_spent`), the
engine taking them from the passive action performed last first (the book lets the player choose the
order); a passive action left with fewer chips than it locks ends, its other chips going back as spent.
"""

from __future__ import annotations

from deckwright.games.agemonia.state import State


def locked(s: State, hero: int) -> int:
    """The Hero's chips locked on its passive actions."""
    return sum(p[2] for p in s.passives if p[0] == hero)


def end(s: State, index: int) -> None:
    """Passive action `index` of `State.passives` ends: its chips go above the board as spent stamina, its
    token comes back (line 3650-3653)."""
    from deckwright.games.agemonia import lasting

    hero, action, chips = s.passives[index][:3]
    lasting.ended(s, s.passives[index])
    s.h_spent[hero] += chips
    del s.passives[index]
    s.use("passive-ended")


def absorb(s: State, hero: int, amount: int) -> int:
    """Damage left after the Hero's locked chips have taken what they can (turned to their wound side)."""
    if amount <= 0 or not s.table.rules["locked_stamina.wounded_after_spent"]:
        return amount
    for index in range(len(s.passives) - 1, -1, -1):
        if amount <= 0:
            break
        entry = s.passives[index]
        if entry[0] != hero:
            continue
        take = min(amount, entry[2])
        amount -= take
        s.h_wounds[hero] += take
        s.passives[index] = entry[:2] + (entry[2] - take,) + entry[3:]
        s.use("locked-stamina-wounded")
        if entry[2] - take < s.table.heroes[hero].actions[entry[1]].lock:
            end(s, index)
    return amount


def drop(s: State, hero: int) -> None:
    """The Hero is exhausted: its passive actions end with nothing to give back (its disk is emptied)."""
    s.passives[:] = [p for p in s.passives if p[0] != hero]
