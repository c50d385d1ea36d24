"""What must hold after every step of a Silver Coin game: every card and token is in exactly one
place, and every counter stays in its range."""

from __future__ import annotations

from collections import Counter

from deckwright.games.silver_coin.brewing import problems as brewed_problems
from deckwright.games.silver_coin.scenario_flow import HIDDEN, REVEALED
from deckwright.games.silver_coin.state import State


def check_state(state: State) -> list[str]:
    table = state.table
    rules = table.rules
    problems: list[str] = []
    kingdom = (state.kingdom_deck + state.kingdom_discard + state.row + [c for h in state.hunters for c in h.hand]
               + [c for cards in state.bid_cards for c in cards] + state.glimpsed)
    problems += _conserved("Kingdom card", kingdom, len(table.kingdom_cards))
    held = [m for h in state.hunters for m, _, _ in h.missions]
    waiting = [o for o in state.objectives if o[3] in (HIDDEN, REVEALED)]
    missions = state.mission_deck + state.mission_discard + [m for m, _ in state.tavern] + held + state.lots * (
        state.stage == 1) + [m for pool in state.pools.values() for m in pool] + [o[0] for o in waiting]
    problems += _conserved("Mission card", missions, len(table.missions))
    regular = table.regular_monster
    monsters = ([m for deck in state.monster_decks for m in deck] + state.monster_discard
                + [m for h in state.hunters for _, m, _ in h.missions if m >= 0 and m != regular]
                + [m for h in state.hunters for m in h.trophies] + state.objective_deck
                + [o[1] for o in waiting if o[1] >= 0] + state.offered)
    problems += _conserved("Monster card", monsters, len(table.monsters) - (regular >= 0))
    journeys = state.journeys + state.lots * (state.stage == 2) + [j for h in state.hunters for j in h.journeys]
    problems += _conserved("Journey card", journeys, len(table.journey_cards))
    herbs = state.herb_deck + state.herb_row + state.herb_discard
    problems += _conserved("Herb card", herbs, len(table.herb_cards))
    special = state.special_deck + state.special_row + state.special_discard + [c for h in state.hunters for c in h.specials]
    problems += _conserved("Special Action card", special, len(table.special_cards))
    if state.table.mode is not None:
        from deckwright.games.silver_coin.improvements import conserved

        problems += _conserved("Improvement card", conserved(state), len(state.table.mode.improvements))
    poison = state.poison_left + sum(h.poison for h in state.hunters) + sum(state.map_poison.values())
    if poison != rules.poison_supply:
        problems.append(f"{poison} Poison Tokens in play, the supply is {rules.poison_supply}")
    for seat, h in enumerate(state.hunters):
        who = f"P{seat + 1}"
        if h.character >= 0 and not rules.health_bottom <= h.health <= h.max_health:
            problems.append(f"{who} health {h.health} outside {rules.health_bottom}..{h.max_health}")
        if not rules.reputation_min <= h.world <= rules.world_length:
            problems.append(f"{who} reputation {h.world} outside {rules.reputation_min}..{rules.world_length}")
        for name in ("coins", "experience", "physical", "magical", "ships"):
            if getattr(h, name) < 0:
                problems.append(f"{who} has {getattr(h, name)} {name}")
        if any(v <= 0 for v in h.potions.values()):
            problems.append(f"{who} holds a potion count of 0 or less")
        if len(set(h.knowledge)) != len(h.knowledge):
            problems.append(f"{who} holds one kingdom's Knowledge token twice")
        if len(h.missions) > rules.missions_max_held:
            problems.append(f"{who} holds {len(h.missions)} Monster Missions")
    problems += brewed_problems(state)
    if len(state.tavern) > rules.tavern_max:
        problems.append(f"the Tavern holds {len(state.tavern)} missions")
    return problems


def _conserved(what: str, pile: list[int], total: int) -> list[str]:
    if len(set(pile)) != len(pile):
        counts = Counter(pile)
        twice = min(c for c, n in counts.items() if n > 1)
        return [f"{what} {twice} is in {counts[twice]} places at once"]
    if len(pile) != total:
        return [f"{len(pile)} {what}s are in play, the game has {total}"]
    return []
