"""The Shapeshifter's Flow ability and Shapeshifting track (lines 1519-1527, 1555-1572).

Each Flow round the Shapeshifter either opens the next spot of its track by removing a Locked Cube, or
draws Monster cards of a level it has opened (as many as the fact says, different ones) and keeps one as
a trophy for that level's Flow, the others going to the discard; a draw of monsters it already holds is
wasted and costs nothing. Any Flow pays, Physical first. The track opens shapeshifting into level II and
III monsters, one more Experience or Reputation for each new trophy of a level, and strength at full moon.
The track's layout is not printed: the pack's fact lists its spots in the order they open.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin.characters import SHAPESHIFTER, is_, levels
from deckwright.games.silver_coin.effects import gain_reputation
from deckwright.games.silver_coin.state import State

Action = tuple[Any, ...]
KINDS: tuple[str, ...] = ("track", "trophy-draw")
STEP = "trophy"


def options(state: State, seat: int) -> list[Action]:
    """The Flow round's choice: the next track spot, or a draw of an opened level the hunter can pay."""
    hunter = state.hunters[seat]
    rules = state.table.rules
    found: list[Action] = []
    if len(hunter.unlocked) < len(rules.shift_track):
        found.append(("track",))
    for level in range(1, min(levels(state, seat), len(rules.shift_draw_cost), len(state.monster_decks)) + 1):
        if hunter.physical + hunter.magical >= rules.shift_draw_cost[level - 1] and state.monster_decks[level - 1]:
            found.append(("trophy-draw", level))
    return found


def worth(state: State, seat: int, level: int) -> float:
    """A planning Shapeshifter draws a level it has opened but holds no trophy of (the highest first)."""
    table = state.table
    held = {table.monsters[m].level for m in state.hunters[seat].trophies}
    return 1 + level / 10 if level not in held else 0


def apply(state: State, seat: int, action: Action) -> None:
    hunter = state.hunters[seat]
    if action[0] == "track":
        spot = state.table.rules.shift_track[len(hunter.unlocked)]
        hunter.unlocked.append(spot)
        state.note(f"shapeshifter-opens-{spot}")
        return
    state.chance = ("trophy", action[1])


def drawn(state: State, level: int, monster: int) -> None:
    """A monster shown by the draw: another until the fact's number of different ones are shown (or the
    deck has no other), then the Shapeshifter chooses."""
    table = state.table
    deck = state.monster_decks[level - 1]
    shown = {table.monsters[m].id for m in state.offered}
    if table.monsters[monster].id in shown:
        deck.append(monster)  # the same monster again: drawn anew
        deck.sort()
    else:
        state.offered.append(monster)
    others = [m for m in deck if table.monsters[m].id not in shown | {table.monsters[monster].id}]
    if len(state.offered) < table.rules.shift_draw_count and others:
        state.chance = ("trophy", level)
        return
    state.step = STEP
    if not legal(state):
        _discard(state)
        state.note("situation:trophy-draw-wasted")


def legal(state: State) -> list[Action]:
    """The shown monsters the Shapeshifter does not hold yet."""
    table = state.table
    held = {table.monsters[m].id for m in state.hunters[state.seat].trophies}
    return [("keep-trophy", m) for m in sorted(state.offered) if table.monsters[m].id not in held]


def keep(state: State, monster: int) -> None:
    """The kept monster becomes a trophy and the draw is paid (Physical Flow first)."""
    seat = state.seat
    hunter = state.hunters[seat]
    cost = state.table.rules.shift_draw_cost[state.table.monsters[monster].level - 1]
    paid = min(cost, hunter.physical)
    hunter.physical -= paid
    hunter.magical -= cost - paid
    state.offered.remove(monster)
    state.use(state.table.monsters[monster].id)
    add_trophy(state, seat, monster)
    _discard(state)
    state.note("shapeshifter-draws-trophy")


def _discard(state: State) -> None:
    state.monster_discard += state.offered
    state.offered, state.step = [], ""


def add_trophy(state: State, seat: int, monster: int) -> None:
    """A monster joins the hunter's trophies; a new one pays the Shapeshifter's opened track icons."""
    table = state.table
    hunter = state.hunters[seat]
    new = table.monsters[monster].id not in {table.monsters[m].id for m in hunter.trophies}
    hunter.trophies.append(monster)
    if not new or not is_(state, seat, SHAPESHIFTER):
        return
    level = table.monsters[monster].level
    if f"experience-{level}" in hunter.unlocked:
        hunter.experience += table.rules.track_experience
        state.note("shapeshifter-track-experience")
    if f"reputation-{level}" in hunter.unlocked:
        gain_reputation(state, seat, table.rules.track_reputation)
        state.note("shapeshifter-track-reputation")
