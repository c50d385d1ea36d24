"""What two characters' basic abilities change in play (lines 1320-1351 and 1509-1542).

The Druid's Tracker Token stands on one of three animals: the Owl draws more Kingdom cards but fights
weaker, the Bear fights stronger but holds fewer cards, the Tiger moves further on land but pays Physical
Flow for every move; on a Flow round the drawbacks do not apply (line 1349). The token is placed at the
start and may move at the end of each round; the engine offers that move at the start of the Druid's next
Preparation turn, which no other rule separates from the round's end. The book's Magical Flow price of
some moves is not printed, so every move is free here.

The Seeker may spend an action to put an Action Token on one of its card's time-of-day icons: for the
rest of the round its time of day is that one (monster bonuses by time of day, Night potions), and
the token comes back at the round's end (lines 1308-1309).

The Shapeshifter keeps one of the level I monsters drawn at the start as a trophy; it fights 1 weaker
unless it takes the form of a trophy's monster before the battle, paying the form's Magical and Physical
Flow; in that form it may take the monster's Required Knowledge as its own and buy the monster's printed
bonuses whose conditions hold, for Experience each (`combat`). Level I is open from the start; levels II and III and the track's full moon strength open through
the Shapeshifter's Flow ability (`trophies`).
"""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin import necromancer
from deckwright.games.silver_coin.seat_character import is_
from deckwright.games.silver_coin.state import Hunter, State

DRUID, SHAPESHIFTER, SEEKER = "druid", "shapeshifter", "seeker"
OWL, BEAR, TIGER = range(3)
FORMS = ("owl", "bear", "tiger")
FULL_MOON = "full-moon"
Action = tuple[Any, ...]


def power(state: State, seat: int, form: int) -> bool:
    """Whether the Druid's Tracker Token stands on `form`."""
    return state.hunters[seat].form == form and is_(state, seat, DRUID)


def drawback(state: State, seat: int, form: int) -> bool:
    """Whether the form's drawback applies now (never on a Flow round)."""
    return power(state, seat, form) and state.round_type != "flow"


def strength_change(state: State, seat: int, shift: int) -> int:
    """What the character's own abilities take off the monster's strength in this battle (`shift`: the
    level of the trophy form the Shapeshifter took, 0 for none)."""
    rules = state.table.rules
    change = 0
    if drawback(state, seat, OWL):
        change += rules.owl_strength
    if power(state, seat, BEAR):
        change += rules.bear_strength
    if is_(state, seat, SHAPESHIFTER):
        change += rules.shift_strength[shift - 1] if shift else rules.unshifted_strength
        now = time_of_day(state, seat)
        if now == FULL_MOON and FULL_MOON in state.hunters[seat].unlocked:
            change += rules.full_moon_strength
    return change


def levels(state: State, seat: int) -> int:
    """The highest monster level the Shapeshifter has opened (to take the form of and to draw)."""
    opened = [int(spot.rsplit("-", 1)[1]) for spot in state.hunters[seat].unlocked if spot.startswith("level-")]
    return max([state.table.rules.shift_start_levels] + opened)


def hand_cap(state: State, seat: int, limit: int) -> int:
    return min(limit, state.table.rules.bear_hand) if drawback(state, seat, BEAR) else limit


def draft_max(state: State, seat: int) -> int:
    rules = state.table.rules
    return rules.draft_max + (rules.owl_draw if power(state, seat, OWL) else 0)


def land_bonus(state: State, seat: int) -> int:
    """The Tiger's extra movement points, and a Necromancer's creature's (the Dead Horse's)."""
    return (state.table.rules.tiger_move if power(state, seat, TIGER) else 0) + necromancer.land_bonus(state, seat)


def move_cost(state: State, seat: int) -> int:
    """Physical Flow the Tiger pays for every move."""
    return state.table.rules.tiger_cost if drawback(state, seat, TIGER) else 0


def form_options(state: State, seat: int) -> list[Action]:
    """The Druid's choice of animal: any at the start, another one at a round's end."""
    hunter = state.hunters[seat]
    return [("form", form) for form in range(len(FORMS)) if form != hunter.form]


def take_form(state: State, seat: int, form: int) -> None:
    """The Tracker Token moves; on the Bear, Kingdom cards beyond its limit are discarded at once
    (the lowest bidding values first)."""
    hunter = state.hunters[seat]
    hunter.form, hunter.ability_used = form, True
    state.note(f"druid-{FORMS[form]}")
    discarded = discard_to_limit(state, seat)
    if discarded:
        state.note("situation:bear-discards", discarded)


def discard_to_limit(state: State, seat: int) -> int:
    """Kingdom cards beyond a hand limit just lowered are discarded at once, the lowest bidding values
    first; how many."""
    from deckwright.games.silver_coin.effects import hand_limit

    hunter = state.hunters[seat]
    limit = hand_limit(state, seat)
    cards = state.table.kingdom_cards
    over = max(0, len(hunter.hand) - limit)
    for _ in range(over):
        card = min(hunter.hand, key=lambda c: (cards[c][2], c))
        hunter.hand.remove(card)
        state.kingdom_discard.append(card)
    return over


def shift_options(state: State, seat: int, hunter: Hunter) -> list[Action]:
    """The trophy forms the Shapeshifter can pay for before a battle (one per trophy monster of an
    opened level)."""
    rules = state.table.rules
    monsters = state.table.monsters
    found: list[Action] = []
    forms = {monsters[m].id: m for m in sorted(hunter.trophies, reverse=True)}
    for monster in sorted(forms.values()):
        level = monsters[monster].level
        if level > min(levels(state, seat), len(rules.shift_cost)):
            continue
        cost = rules.shift_cost[level - 1]
        if hunter.physical >= cost and hunter.magical >= cost:
            found.append(("shift", monster))
    return found


def shift(state: State, seat: int, level: int) -> None:
    cost = state.table.rules.shift_cost[level - 1]
    hunter = state.hunters[seat]
    hunter.physical -= cost
    hunter.magical -= cost
    state.note("shapeshifts")


def wants_trophy(state: State, seat: int) -> bool:
    """Whether the Shapeshifter still draws its starting monsters."""
    hunter = state.hunters[seat]
    return is_(state, seat, SHAPESHIFTER) and not hunter.trophies and not hunter.ability_used


def keep_trophy(state: State, seat: int, monster: int) -> None:
    """One drawn monster becomes the trophy; the others go back to the level I deck."""
    hunter = state.hunters[seat]
    state.offered.remove(monster)
    hunter.trophies.append(monster)
    hunter.ability_used = True
    state.monster_decks[0] += state.offered
    state.offered = []
    state.use(state.table.monsters[monster].id)


def time_of_day(state: State, seat: int) -> str:
    """The time of day for this hunter: the one the Seeker set for itself this round, else the calendar's."""
    day = state.hunters[seat].day
    if day:
        return day
    cycle = state.table.rules.time_cycle
    return cycle[state.round % len(cycle)]


def day_options(state: State, seat: int) -> list[Action]:
    """The Seeker's Action Token on one of its card's time-of-day icons (once a round): each time of day
    other than its own now."""
    if state.hunters[seat].day or not is_(state, seat, SEEKER):
        return []
    now = time_of_day(state, seat)
    return [("day-icon", value) for value in state.table.rules.day_values if value != now]


def set_day(state: State, seat: int, value: str) -> None:
    state.hunters[seat].day = value
    state.note("seeker-sets-time-of-day")
