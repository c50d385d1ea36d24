"""Scenario mode's company on the move (lines 1616-1626).

Hunters who stand at the same place may travel together: the active hunter pays the fact's Physical Flow
to bring the others along. The active hunter's movement sets the route; a member whose own movement is
shorter is dropped at the farthest place of that route it reaches. Every member pays what moving costs it
(a corrupted hunter's or the Tiger's Flow, a harsh month's Flow or wound), unless one member of the
company negates the weather, which then spares them all. At sea each member pays its own Ship Journey.
A member picks up the Poison tokens of the places it passes and stops at, as a hunter walking alone does;
the Flow cubes of a place go to whichever member reaching it carries the fewest (the company chooses who
takes them, line 1902: the engine makes that choice the same way every time).
"""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin import court, scenario_flow
from deckwright.games.silver_coin.court import voyage_cost
from deckwright.games.silver_coin.flow import weather
from deckwright.games.silver_coin.state import State

Action = tuple[Any, ...]
COMPANY = "company"
ALL_THE_WAY = 1 << 20
"""A member's movement points when it goes wherever the active hunter goes (at sea)."""


def members(state: State, seat: int, sea: bool = False) -> list[int]:
    """The other hunters at the active hunter's place who could come along (in turn order)."""
    mode = state.table.mode
    if mode is None or len(state.hunters) < 2:
        return []
    hunter = state.hunters[seat]
    found = []
    for other in state.order:
        member = state.hunters[other]
        if other == seat or member.place != hunter.place or member.physical < actions.move_cost(state, other):
            continue
        if sea and state.table.place_kind[hunter.place] != "anchor-point" and member.ships < voyage_cost(state):
            continue
        found.append(other)
    return found


def options(state: State, seat: int, moves: list[Action], mover: actions.Situation) -> list[Action]:
    """Each land move and voyage made again with the company (when anyone could come along)."""
    mode = state.table.mode
    if mode is None or len(state.hunters) < 2:
        return []
    left = state.hunters[seat].physical - mode.company_cost - mover.move_cost
    if left < 0 or not actions._weather_payable(state, seat, mover, left):
        return []
    found: list[Action] = []
    if members(state, seat):
        found += [move + (COMPANY,) for move in moves if move[0] == "move"]
    if members(state, seat, sea=True):
        found += [move + (COMPANY,) for move in moves if move[0] == "sail"]
    return found


def gather(state: State, seat: int, sea: bool) -> tuple[list[int], bool]:
    """The active hunter pays for the company; who comes along, and whether a member's Air Magic spares
    the company the weather (that member pays for it now; the active hunter's own is paid as alone)."""
    mode = state.table.mode
    assert mode is not None
    group = members(state, seat, sea)
    state.hunters[seat].physical -= mode.company_cost
    state.note("company-moves")
    negated = not sea and _negation(state, seat, group)
    fares = [(member, ALL_THE_WAY if sea else _fare(state, member, negated)[0]) for member in group]
    state.walking = ((seat, ALL_THE_WAY),) + tuple(fares)
    return group, negated


def _negation(state: State, seat: int, group: list[int]) -> bool:
    """Whether a member's Air Magic (or ability) spares the company the month's weather penalty when the
    active hunter's own does not (that member pays for it now)."""
    hunters = state.hunters
    if actions.situation(state, seat).lifted(hunters[seat].magical):
        return False
    for member in group:
        mover = actions.situation(state, member)
        if mover.lifted(hunters[member].magical):
            hunters[member].magical -= mover.lift  # nothing for the Seeker's token
            state.note("company-weather-negated")
            return True
    return False


def _fare(state: State, member: int, negated: bool) -> tuple[int, bool]:
    """The movement points a member walks with on this move (-1 when it cannot pay and stays), and whether
    the month's harsh weather costs it."""
    rules = state.table.rules
    _, modifier = weather(state)
    hunter = state.hunters[member]
    mover = actions.situation(state, member)
    points = mover.points
    if negated:
        points -= min(0, modifier)
    left = hunter.physical - mover.move_cost
    harsh = mover.harsh and not negated and not mover.lifted(hunter.magical)
    if left < 0 or harsh and left < rules.harsh_flow_cost and hunter.health <= rules.health_bottom:
        return -1, harsh
    return points, harsh


def follow(state: State, seat: int, start: int, group: list[int], negated: bool, route: tuple[int, ...]) -> None:
    """The members walk the active hunter's route (`route`: the places passed, then where it ends) as
    far as each one's movement reaches, paying their own costs."""
    table = state.table
    rules = table.rules
    for member in group:
        hunter = state.hunters[member]
        points, harsh = _fare(state, member, negated)
        if points < 0:
            continue  # it cannot pay this move: it stays
        hunter.physical -= actions.move_cost(state, member)
        if harsh:
            if hunter.physical >= rules.harsh_flow_cost:
                hunter.physical -= rules.harsh_flow_cost
            else:
                hunter.health -= rules.harsh_health_loss
                state.note("situation:harsh-weather-wound")
        walked, spent, here = [], 0, start
        for place in route:
            spent += table.step(here, place)
            if spent > points:
                break
            walked.append(place)
            here = place
        if not walked:
            continue
        hunter.place = walked[-1]
        state.use(table.places[hunter.place])
        state.note("company-members-moved")
        scenario_flow.travelled(state, member, start, points, tuple(walked[:-1]))
    state.walking = ()


def sail(state: State, group: list[int], start: int, place: int) -> None:
    """The members sail along, each paying its own Ship Journey (none from an Anchor point)."""
    for member in group:
        hunter = state.hunters[member]
        if state.table.place_kind[start] != "anchor-point":
            hunter.ships -= voyage_cost(state)
        hunter.physical -= actions.move_cost(state, member)
        hunter.place = place
        state.use(state.table.places[place])
        court.entered(state, member, start, False)
        scenario_flow.arrive(state, member)
        state.note("company-members-moved")
    state.walking = ()


# The Action phase's module imports this one, so it is bound last, once this module is complete, rather
# than imported again at every move.
from deckwright.games.silver_coin import actions  # noqa: E402
