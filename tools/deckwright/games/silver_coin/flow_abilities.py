"""Flow-round abilities and the Time Board, Flow card dice and Seeker Token they drive (lines
1311-1314, 1385-1391, 1440-1466, 1478-1505).

On a Flow round a hunter may use its character's Flow ability once, without an Action Token:
the Chronomancer moves Magical Flow into Area I of its Time Board (never above the area's maximum),
the Fighter places a Color Die on its Flow card (1 pip) or adds pips to one placed die (up to the
maximum), the Seeker pays Physical Flow to put its token in a kingdom, where it then ignores the weather
when it moves out of or inside that kingdom. After everyone has passed, the Rider may take its Action
Tokens back and act again, each action dearer by the fact's Physical Flow.

The Druid moves its Tracker Token once more during the round (lines 1348-1351), the Shapeshifter opens
its track or draws trophies (`trophies`), the Gatherer replaces the face-up Herb cards or brews (`gatherer`), the
Berserker banks Rage or removes a Locked Cube (`berserker`).

Once per round the Chronomancer may spend a Time Cube to put its Action Token on an occupied Global
Action spot (Area II's past ability; its other areas are in `time_board`). The Board's moves between
areas, with losses only pictured on it, are not played: cubes are spent from Area I. The
Fighter's red die lends the Legendary Sword and its blue die negates the monster's Kingdom bonus, each
use taking a pip; her green die rerolls Color Dice (`fighter_dice`).
"""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin import berserker, gatherer, time_board, trophies
from deckwright.games.silver_coin.characters import DRUID, SHAPESHIFTER, form_options, is_, take_form
from deckwright.games.silver_coin.state import State

CHRONOMANCER, FIGHTER, SEEKER, RIDER = "chronomancer", "fighter", "seeker", "rider"
KINDS = ("time-cubes", "fighter-die", "fighter-pips", "seeker-token", "druid-form") + trophies.KINDS \
    + gatherer.KINDS + berserker.KINDS
"""Every Flow-round ability an Action phase turn may use without an Action Token."""
FIGHTER_DICE = {"red": "sword", "blue": "negate", "green": "reroll"}
"""The Fighter's Flow card spots the engine plays: which Color Die lends which ability."""
Action = tuple[Any, ...]


def flow_round(state: State) -> bool:
    return state.round_type == "flow"


def options(state: State, seat: int) -> list[Action]:
    """The Flow ability the seated hunter may still use this round (no Action Token)."""
    hunter = state.hunters[seat]
    rules = state.table.rules
    if not flow_round(state) or hunter.flow_used:
        return []
    if is_(state, seat, CHRONOMANCER) and hunter.magical and hunter.time_cubes < rules.time_cubes_max:
        return [("time-cubes",)]
    if is_(state, seat, FIGHTER):
        found: list[Action] = [("fighter-die", c) for c in sorted(FIGHTER_DICE) if c in hunter.dice and c not in hunter.pips]
        return found + [("fighter-pips", c) for c in sorted(hunter.pips) if hunter.pips[c] < rules.fighter_max_pips]
    if is_(state, seat, SEEKER) and hunter.physical >= rules.seeker_token_cost:
        return [("seeker-token", k) for k in range(len(state.table.kingdoms)) if k != hunter.token_kingdom]
    if is_(state, seat, SHAPESHIFTER):
        return trophies.options(state, seat)
    if is_(state, seat, DRUID):  # the Tracker Token's extra move during the round
        return [("druid-form", form) for _, form in form_options(state, seat)]
    return gatherer.options(state, seat) + berserker.flow_options(state, seat)


def apply(state: State, seat: int, action: Action) -> None:
    hunter = state.hunters[seat]
    rules = state.table.rules
    hunter.flow_used = True
    state.note(f"flow-ability:{action[0]}")
    kind = action[0]
    if kind in trophies.KINDS:
        trophies.apply(state, seat, action)
    elif kind in gatherer.KINDS:
        gatherer.apply(state, seat, action)
    elif kind in berserker.KINDS:
        berserker.flow_apply(state, seat, action)
    elif kind == "druid-form":
        used = hunter.ability_used
        take_form(state, seat, action[1])
        hunter.ability_used = used  # the move at the round's end stays open
    elif kind == "time-cubes":
        moved = min(hunter.magical, rules.time_cubes_max - hunter.time_cubes)
        hunter.magical -= moved
        hunter.time_cubes += moved
    elif kind == "fighter-die":
        hunter.dice.remove(action[1])
        hunter.pips[action[1]] = 1
    elif kind == "fighter-pips":
        hunter.pips[action[1]] = min(rules.fighter_max_pips, hunter.pips[action[1]] + rules.fighter_pips_added)
    elif kind == "seeker-token":
        hunter.physical -= rules.seeker_token_cost
        hunter.token_kingdom = action[1]


def worth(state: State, seat: int, action: Action) -> float:
    """How much a planning player makes of a Flow ability (more than passing, less than acting)."""
    if action[0] == "trophy-draw":
        return trophies.worth(state, seat, action[1])
    if action[0] in berserker.KINDS:
        return berserker.flow_worth(state, seat, action)
    if action[0] in gatherer.KINDS:
        return gatherer.worth(state, seat, action)
    return 1


def ignores_weather(state: State, seat: int) -> bool:
    """The Seeker moving out of or inside the kingdom its token stands in."""
    hunter = state.hunters[seat]
    return hunter.token_kingdom >= 0 and hunter.place >= 0 \
        and state.table.place_kingdom[hunter.place] == hunter.token_kingdom and is_(state, seat, SEEKER)


def any_colour_combo(state: State, seat: int) -> bool:
    """On a Flow turn the Seeker combos with a Movement card of any colour."""
    return flow_round(state) and is_(state, seat, SEEKER)


def takes_occupied(state: State, seat: int) -> bool:
    """Whether the Chronomancer can still spend a Time Cube on an occupied Global Action spot (Past II)."""
    return time_board.ready(state, seat, time_board.PAST_2)


def took_occupied(state: State, seat: int) -> None:
    time_board.spend(state, seat, time_board.PAST_2)


def rider_extra(state: State, seat: int) -> int:
    """The Rider's extra Physical Flow per action after it took its tokens back on a Flow round."""
    hunter = state.hunters[seat]
    return state.table.rules.rider_flow_extra if hunter.flow_used and flow_round(state) and is_(state, seat, RIDER) else 0


def rider_resets(state: State) -> bool:
    """Everyone has passed: a Rider on a Flow round takes its Action Tokens back (if it can pay an action)."""
    rules = state.table.rules
    for seat, hunter in enumerate(state.hunters):
        if flow_round(state) and not hunter.flow_used and is_(state, seat, RIDER) \
                and hunter.physical >= rules.rider_flow_extra:
            hunter.flow_used, hunter.used, hunter.passed = True, 0, False
            state.note("rider-resets")
            return True
    return False


def fighter_options(state: State, seat: int, sword_monster: bool) -> list[Action]:
    """Before a battle: the Fighter's Flow card dice it can use and pay for."""
    hunter = state.hunters[seat]
    rules = state.table.rules
    fight = state.fight
    assert fight is not None
    found: list[Action] = []
    if hunter.pips.get("red") and sword_monster and not fight.sword and hunter.physical >= rules.fighter_sword_cost:
        found.append(("fighter-sword",))
    if hunter.pips.get("blue") and not fight.negated and hunter.experience >= rules.fighter_negate_cost:
        found.append(("fighter-negate",))
    return found


def use_die(state: State, seat: int, action: Action) -> None:
    hunter = state.hunters[seat]
    rules = state.table.rules
    fight = state.fight
    assert fight is not None
    colour = "red" if action[0] == "fighter-sword" else "blue"
    if colour == "red":
        hunter.physical -= rules.fighter_sword_cost
        fight.sword = True
    else:
        hunter.experience -= rules.fighter_negate_cost
        fight.negated = True
    hunter.pips[colour] -= 1
    if not hunter.pips[colour]:
        del hunter.pips[colour]
        hunter.dice.append(colour)
