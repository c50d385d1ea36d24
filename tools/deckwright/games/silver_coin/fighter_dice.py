"""The Fighter's dice in battle (lines 1440, 1446-1456, 1468-1474).

Swap: before the battle the Fighter may roll up to the fact's number of Color Dice of each colour she
holds and set them aside; in a battle round she may put one of them in place of a white Battle Die's
result, paying Physical Flow, and the swapped die rolls with her other Color Dice from the next round on.
While she holds dice set aside the white dice are rolled one by one, so that one die can be swapped.
Reroll: with a green die on her Flow card (a pip a use) she may once a battle round reroll her Color
Dice for Magical Flow, or once before the battle the dice set aside. She rerolls all of them: dice are
rolled as totals, so a choice of some is not played; nor is handing set-aside dice back before a round.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin.characters import is_
from deckwright.games.silver_coin.state import Fight, State

FIGHTER = "fighter"
GREEN = "green"
Action = tuple[Any, ...]
WORTH = {"swap-roll": 4, "fighter-swap": 5, "fighter-reroll": 3}
"""What a planning player makes of each action (a battle step's scores)."""


def _fight(state: State) -> Fight:
    assert state.fight is not None
    return state.fight


def rolled_colours(state: State, seat: int) -> list[str]:
    """The Color Dice rolled in a battle round: those not set aside for a swap."""
    hunter = state.hunters[seat]
    aside = [colour for colour, _ in hunter.swap]
    found = []
    for colour in hunter.dice:
        if colour in aside:
            aside.remove(colour)
        else:
            found.append(colour)
    return found


def _can_reroll(state: State, seat: int) -> bool:
    hunter = state.hunters[seat]
    return bool(hunter.pips.get(GREEN)) and hunter.magical >= state.table.rules.fighter_reroll_cost \
        and is_(state, seat, FIGHTER)


def before_battle(state: State, seat: int) -> list[Action]:
    """Before the first round: set dice aside (once), or reroll those set aside (once)."""
    hunter = state.hunters[seat]
    fight = _fight(state)
    if fight.rounds or not is_(state, seat, FIGHTER):
        return []
    if not hunter.swap and "swap-roll" not in fight.done and hunter.dice:
        return [("swap-roll",)]
    if hunter.swap and "swap-reroll" not in fight.done and _can_reroll(state, seat):
        return [("fighter-reroll",)]
    return []


def set_aside(state: State, seat: int) -> list[str]:
    """The dice the swap roll sets aside: up to the fact's number of each colour held."""
    hunter = state.hunters[seat]
    most = state.table.rules.fighter_swap_dice
    return [c for c in sorted(set(hunter.dice)) for _ in range(min(most, hunter.dice.count(c)))]


def in_round(state: State, seat: int) -> list[Action]:
    """After a round's roll: swap a die set aside for the lowest white die, or reroll the Color Dice."""
    hunter = state.hunters[seat]
    fight = _fight(state)
    if not is_(state, seat, FIGHTER):
        return []
    found: list[Action] = []
    if fight.white_faces and hunter.physical >= state.table.rules.fighter_swap_cost:
        low = min(fight.white_faces)
        found += [("fighter-swap", colour) for colour, value in sorted(set(hunter.swap)) if value > low]
    if rolled_colours(state, seat) and "reroll" not in fight.done and _can_reroll(state, seat):
        found.append(("fighter-reroll",))
    return found


def apply(state: State, seat: int, action: Action) -> None:
    """Pay and play a Fighter's dice action; a roll it needs is left as the position's chance."""
    hunter = state.hunters[seat]
    fight = _fight(state)
    rules = state.table.rules
    kind = action[0]
    if kind == "swap-roll":
        fight.done += ("swap-roll",)
        state.chance = ("swap-die", to_roll(state, seat)[0])
    elif kind == "fighter-reroll":
        _use_green(state, seat)
        if fight.rounds:
            fight.done += ("reroll",)
            state.chance = ("recolor",)
        else:
            fight.done += ("swap-reroll",)
            hunter.swap = []
            state.chance = ("swap-die", to_roll(state, seat)[0])
        state.note("fighter-rerolls")
    elif kind == "fighter-swap":
        value = next(v for c, v in hunter.swap if c == action[1])
        hunter.swap.remove((action[1], value))
        hunter.physical -= rules.fighter_swap_cost
        faces = list(fight.white_faces)
        low = min(faces)
        faces[faces.index(low)] = value
        fight.white_faces = tuple(faces)
        fight.white += value - low
        state.note("fighter-swaps")


def to_roll(state: State, seat: int) -> list[str]:
    """The dice to set aside not rolled yet."""
    left = set_aside(state, seat)
    for colour, _ in state.hunters[seat].swap:
        left.remove(colour)
    return left


def swap_die(state: State, seat: int, colour: str, value: int) -> None:
    """A die set aside shows `value`; the next one is rolled, if any."""
    state.hunters[seat].swap.append((colour, value))
    left = to_roll(state, seat)
    if left:
        state.chance = ("swap-die", left[0])


def _use_green(state: State, seat: int) -> None:
    """Pay the reroll and turn the green die a pip down (off the card at its last)."""
    hunter = state.hunters[seat]
    hunter.magical -= state.table.rules.fighter_reroll_cost
    hunter.pips[GREEN] -= 1
    if not hunter.pips[GREEN]:
        del hunter.pips[GREEN]
        hunter.dice.append(GREEN)
