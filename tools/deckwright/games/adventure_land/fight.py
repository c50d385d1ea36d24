"""Fighting a fog creature (lines 127-155): swords committed before the dice, then herbs and gold
until the creature's strength is reached or the player gives up."""

from __future__ import annotations

from itertools import combinations_with_replacement

from deckwright.games.adventure_land import scoring, turns
from deckwright.games.adventure_land.rules import WIN_IF
from deckwright.games.adventure_land.state import ROLL, SWORDS, TOPUP, Fight, State


def start(s: State, adventurer: int, field: int, *, during_placement: bool = False) -> None:
    """The adventurer meets the creature on `field`; its owner chooses swords first."""
    s.fight = Fight(adventurer, field, s.items[field][0], during_placement=during_placement)
    if s.swords[s.owner(adventurer)]:
        s.phase = SWORDS
    else:
        _settle(s)


def fighter(s: State) -> int:
    assert s.fight is not None
    return s.owner(s.fight.adventurer)


def sword_choices(s: State) -> list[tuple[object, ...]]:
    """Every distinct choice of up to `fight.max_swords` swords, by extra value, none first."""
    values = sorted({s.table.sword_values[t] for t in s.swords[fighter(s)]}, reverse=True)
    held = [s.table.sword_values[t] for t in s.swords[fighter(s)]]
    choices: list[tuple[object, ...]] = [("swords", ())]
    for size in range(1, min(s.table.rules.max_swords, len(held)) + 1):
        for combo in combinations_with_replacement(values, size):
            if all(combo.count(v) <= held.count(v) for v in set(combo)):
                choices.append(("swords", combo))
    return choices


def commit(s: State, values: tuple[int, ...]) -> None:
    f = s.fight
    assert f is not None
    seat = fighter(s)
    hand = sorted(s.swords[seat])
    used = []
    for value in values:
        tile = next(t for t in hand if s.table.sword_values[t] == value and t not in used)
        used.append(tile)
    s.swords[seat] = tuple(t for t in s.swords[seat] if t not in used)
    f.swords = tuple(used)
    f.rolls_left = len(used) * s.table.rules.dice_per_sword
    if f.rolls_left:
        s.phase = ROLL
    else:
        _settle(s)


def roll(s: State, value: int) -> None:
    """Chance outcome: the next die (or the die being re-rolled) shows `value`."""
    f = s.fight
    assert f is not None
    if f.reroll >= 0:
        f.dice = f.dice[:f.reroll] + (value,) + f.dice[f.reroll + 1:]
        f.reroll = -1
    else:
        f.dice = f.dice + (value,)
    f.rolls_left -= 1
    if f.rolls_left <= 0:
        _settle(s)


def strength(s: State) -> int:
    """The adventurer's combat strength so far in this fight."""
    f = s.fight
    assert f is not None
    table, rules = s.table, s.table.rules
    return (rules.adventurer_strength + rules.companion_strength * s.adv_comp[f.adventurer] + sum(f.dice)
            + sum(table.sword_values[t] for t in f.swords) + sum(table.herb_values[h] for h in f.herbs)
            + f.gold_strength)


def wins(s: State, strength: float, creature: int) -> bool:
    """Whether `strength` beats a creature of strength `creature`, as `fight.win_if` says."""
    return WIN_IF[s.table.rules.win_if](strength, creature)


def topup_choices(s: State) -> list[tuple[object, ...]]:
    """Herbs by value, a gold piece for strength, a gold piece to re-roll a die (by its face), giving up."""
    f = s.fight
    assert f is not None
    seat = fighter(s)
    choices: list[tuple[object, ...]] = [("herb", v) for v in sorted({s.table.herb_values[h] for h in s.herbs[seat]})]
    if s.gold[seat]:
        choices.append(("gold",))
        choices += [("reroll", v) for v in sorted(set(f.dice)) if v < s.table.rules.die_sides]
    choices.append(("yield",))
    return choices


def top_up(s: State, action: tuple[object, ...]) -> None:
    f = s.fight
    assert f is not None
    seat = fighter(s)
    kind = action[0]
    if kind == "yield":
        _lose(s)
        return
    if kind == "herb":
        herb = min(h for h in s.herbs[seat] if s.table.herb_values[h] == action[1])
        s.herbs[seat] = tuple(h for h in s.herbs[seat] if h != herb)
        f.herbs = f.herbs + (herb,)
    else:
        s.gold[seat] -= 1
        f.gold_spent += 1
        if kind == "gold":
            f.gold_strength += s.table.rules.gold_strength
        else:
            f.reroll = f.dice.index(action[1])
            f.rolls_left = 1
            s.phase = ROLL
            return
    _settle(s)


def _settle(s: State) -> None:
    """Win when the creature's strength is reached; otherwise top up, or lose with nothing left to add."""
    f = s.fight
    assert f is not None
    if wins(s, strength(s), s.table.fog_strengths[f.creature]):
        _win(s)
    elif len(topup_choices(s)) > 1:
        s.phase = TOPUP
    else:
        _lose(s)


def _spent(s: State, won: bool) -> None:
    f = s.fight
    assert f is not None
    s.sword_box.extend(f.swords)
    s.herbs_out.extend(f.herbs)
    if (s.table.rules.gold_won_to if won else s.table.rules.gold_lost_to) == "stockpile":
        s.gold_stock += f.gold_spent
    else:
        s.gold_box += f.gold_spent


def _win(s: State) -> None:
    f = s.fight
    assert f is not None
    seat = fighter(s)
    s.items[f.field] = ()
    s.trophies[seat] = s.trophies[seat] + (f.creature,)
    s.points[seat] += scoring.on_defeat(s.table, f.creature)
    _spent(s, True)
    _end(s)


def _lose(s: State) -> None:
    f = s.fight
    assert f is not None
    _spent(s, False)
    turns.remove_adventurer(s, f.adventurer)
    _end(s)


def _end(s: State) -> None:
    s.fight = None
    turns.check_end(s)
    turns.advance(s)
