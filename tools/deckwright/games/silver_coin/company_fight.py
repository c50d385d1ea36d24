"""Scenario mode's company in battle (lines 1630-1643).

The hunter whose turn it is may fight a held mission's monster together with any of the other hunters
standing at the same place who could fight it alone. The monster gains the fact's health for each member.
Each member works out the monster's strength for itself, with its own health, potions, sword and
abilities, but with the members' Kingdom Knowledge combined: each kingdom's tokens count once, and
Ancient Knowledge tokens, which belong to no kingdom, each count. The first member in turn order fights
the first battle round, then the next member fights one round, and so on. A member may flee before its
round and the others fight on. Only the members who did not flee share the rewards: each gains the card's
Experience and World reputation, the Bonus track moves once (when the hunters share its one token, as
co-op play does; else each member's own moves), and the coins are split as the company decides. A member defeated loses the scenario, as a hunter alone does.

How the engine reads what the book leaves open: joining costs a member nothing (the active hunter's
Location Action is the company's), the company speaks through its first member in turn order, the
monster card (a trophy) goes to the member who dealt the last damage, and a member's negative World
reputation takes its penalty from that member's own share of the coins.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from itertools import combinations
from typing import Any

from deckwright.games.silver_coin import trophies
from deckwright.games.silver_coin.effects import gain_bonus, gain_reputation, gain_world, reward_coins
from deckwright.games.silver_coin.state import Company, Fight, State
from deckwright.games.silver_coin.table import Monster

Action = tuple[Any, ...]
COMPANY = "company"
SHARE = "share"
EVEN = -1
"""The `share` action's value that splits the coins evenly (else: the seat given all of them)."""


def options(state: State, seat: int, held: int, monster: int) -> list[Action]:
    """The fight on held mission `held` again with each group of the other hunters at the place who could
    fight the monster alone (members in turn order)."""
    mode = state.table.mode
    if mode is None or len(state.hunters) < 2:
        return []
    here = state.hunters[seat].place
    others = [s for s in state.order if s != seat and state.hunters[s].place == here
              and combat.can_fight(state, s, monster, False)]
    return [("fight", held, COMPANY, *group) for size in range(1, len(others) + 1)
            for group in combinations(others, size)]


def knowledge(state: State, seats: tuple[int, ...]) -> int:
    """The members' Kingdom Knowledge combined: each kingdom once, every Ancient Knowledge token."""
    kingdoms = {kingdom for seat in seats for kingdom in state.hunters[seat].knowledge}
    return len(kingdoms) + sum(state.hunters[seat].ancient for seat in seats)


def start(state: State, group: tuple[int, ...]) -> None:
    """The fight just started by the active hunter becomes the company's; its first member in turn order
    takes the first round."""
    fight = state.fight
    mode = state.table.mode
    assert fight is not None and mode is not None
    owner = state.seat
    members = tuple(s for s in state.order if s == owner or s in group)
    fight.company = Company(owner, members, mode.company_health * len(members), knowledge(state, members))
    state.seat = members[0]
    state.note("company-battles")
    state.note(f"company-battles-of-{len(members)}")


def health(state: State, fight: Fight) -> int:
    """The monster's health in this battle: the card's, and the company's extra when there is one."""
    card = state.table.monsters[fight.monster]
    return card.health + (fight.company.extra_health if fight.company is not None else 0)


def holder(state: State) -> int:
    """The hunter holding the mission fought (the company's owner, or the hunter alone)."""
    fight = state.fight
    assert fight is not None
    return fight.company.owner if fight.company is not None else state.seat


def _fighting(company: Company) -> list[int]:
    return [s for s in company.members if s not in company.fled]


def pass_on(state: State) -> None:
    """After a member's battle round: the next member in turn order still fighting takes the battle
    (before its first round, its pre-battle; after, its choice to go on or flee)."""
    fight = state.fight
    assert fight is not None and fight.company is not None
    company = fight.company
    fighting = _fighting(company)
    current = state.seat
    later = [s for s in fighting if company.members.index(s) > company.members.index(current)]
    following = (later or fighting)[0]
    if following == current:
        state.step = "flee"
        return
    stash = dict(company.stash)
    stash[current] = replace(fight, company=None)
    kept = stash.pop(following, None)
    taken = copy.copy(kept) if kept is not None else Fight(fight.held, fight.monster)
    taken.dealt = fight.dealt
    taken.company = replace(company, stash=tuple(sorted(stash.items(), key=lambda item: item[0])))
    state.fight, state.seat = taken, following
    state.step = "flee" if taken.rounds else "prebattle"
    state.note("company-rounds-passed")


def fled(state: State) -> bool:
    """The member whose round it is flees; True when others fight on (the battle passes to the next)."""
    fight = state.fight
    assert fight is not None and fight.company is not None
    company = replace(fight.company, fled=fight.company.fled + (state.seat,))
    fight.company = company
    state.note("company-members-fled")
    if not _fighting(company):
        return False
    pass_on(state)
    return True


def reward(state: State, card: Monster, monster: int, coins: int) -> bool:
    """The company's rewards for a battle won (`coins` after the Monarch's effect); True when the coins
    wait for the company's split."""
    fight = state.fight
    assert fight is not None and fight.company is not None
    sharers = _fighting(fight.company)
    shared = _shared_bonus(state)
    for seat in sharers:
        state.hunters[seat].experience += card.experience
        if shared:
            gain_world(state, seat, card.reputation)
        else:
            gain_reputation(state, seat, card.reputation)
    if shared:
        gain_bonus(state, sharers[0], card.reputation)
    if monster != state.table.regular_monster:
        trophies.add_trophy(state, state.seat, monster)
    state.note("company-battles-won")
    if len(sharers) == 1 or coins <= 0:
        _pay(state, {sharers[0]: coins})
        return False
    fight.purse = coins
    state.seat, state.step = sharers[0], SHARE
    return True


def _shared_bonus(state: State) -> bool:
    mode = state.table.mode
    return mode is not None and 0 < mode.bonus_tokens < len(state.hunters)


def share_options(state: State) -> list[Action]:
    """How the company may split the coins: evenly, or all to one member who fought to the end."""
    fight = state.fight
    assert fight is not None and fight.company is not None
    return [(SHARE, EVEN)] + [(SHARE, seat) for seat in _fighting(fight.company)]


def share(state: State, action: Action) -> None:
    """Split the coins as decided (an even split's remainder to the first members in turn order)."""
    fight = state.fight
    assert fight is not None and fight.company is not None
    coins = fight.purse
    sharers = _fighting(fight.company)
    if action[1] == EVEN:
        each, left = divmod(coins, len(sharers))
        _pay(state, {seat: each + (index < left) for index, seat in enumerate(sharers)})
    else:
        _pay(state, {action[1]: coins})
    state.note("company-coins-split")


def _pay(state: State, shares: dict[int, int]) -> None:
    for seat, coins in shares.items():
        reward_coins(state, seat, coins)


def finish(state: State) -> None:
    """After the battle: each member in turn order may drink its Antidotes; then the turn goes back to the
    hunter who started the fight."""
    fight = state.fight
    assert fight is not None and fight.company is not None
    company = fight.company
    for seat in company.members:
        state.hunters[seat].swap = []  # dice set aside for a swap come back
    for seat in company.members:
        hunter = state.hunters[seat]
        if seat not in company.asked and hunter.poison and hunter.potions.get("antidote-poison-potion"):
            fight.company = replace(company, asked=company.asked + (seat,))
            state.seat, state.step = seat, "antidote"
            return
    state.fight, state.step, state.seat = None, "location", company.owner


def odds(state: State, seat: int, action: Action, potions: int) -> float:
    """A policy's estimate of a company fight's chance (the exact chance of the alone fight for an action
    without company): the lowest of the members' chances to deal their share of the monster's health alone,
    against the strength their combined knowledge leaves."""
    hunter = state.hunters[seat]
    monster = hunter.missions[action[1]][1]
    if len(action) < 3 or action[2] != COMPANY:
        return combat.odds(state, seat, monster, potions=potions)
    return estimate(state, seat, monster, action[3:], potions)


def estimate(state: State, seat: int, monster: int, group: tuple[int, ...], potions: int) -> float:
    """`odds` of a company fight against `monster` of the hunter and `group`, before any mission is held."""
    mode = state.table.mode
    assert mode is not None
    members = tuple(s for s in state.order if s == seat or s in group)
    company = Company(seat, members, mode.company_health * len(members), knowledge(state, members))
    total = state.table.monsters[monster].health + company.extra_health
    share_of = -(-total // len(members))
    return min(combat.odds(state, member, monster, potions=potions if member == seat else 0, company=company,
                     health=share_of) for member in members)


# The battles' module imports this one, so it is bound last, once this module is complete, rather than
# imported again at every estimate.
from deckwright.games.silver_coin import combat  # noqa: E402
