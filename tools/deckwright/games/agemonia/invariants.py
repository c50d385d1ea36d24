"""What must hold in every position: components within their printed limits, chips conserved on
every Vitality disk, figures where figures may stand, conditions within the per-figure limit."""

from __future__ import annotations

from deckwright.games.agemonia.figures import occupancy
from deckwright.games.agemonia.locking import locked
from deckwright.games.agemonia.state import OFF, OVER, State


def check_state(s: State) -> list[str]:
    """Every violated invariant of the position, in words."""
    t = s.table
    r = t.rules
    problems = _limits(s)
    for h, hero in enumerate(t.heroes):
        held = locked(s, h) + sum(chips for _, chips in s.h_worn[h])
        chips = s.h_disk[h] + s.h_spent[h] + s.h_wounds[h] + held
        full = hero.wounded_stamina if s.h_wounded[h] else hero.stamina
        if chips != full or min(s.h_disk[h], s.h_spent[h], s.h_wounds[h]) < 0:
            problems.append(f"{hero.hero} has {s.h_disk[h]}/{s.h_spent[h]}/{s.h_wounds[h]}/{held} chips "
                            f"(disk/spent/wounded/locked) on a disk of {full}")
        if len(s.h_conds[h]) > int(r["conditions.max_per_figure"]):
            problems.append(f"{hero.hero} holds {len(s.h_conds[h])} conditions")
    for slot, area in enumerate(s.e_area):
        if area != OFF and not 0 < s.e_health[slot] <= t.enemy_types[s.e_type[slot]].health:
            problems.append(f"enemy slot {slot + 1} on the map with health {s.e_health[slot]}")
        if len(s.e_conds[slot]) > int(r["conditions.max_per_figure"]):
            problems.append(f"enemy slot {slot + 1} holds {len(s.e_conds[slot])} conditions")
    problems += _decks(s)
    if s.phase != OVER and s.end:
        problems.append(f"the scenario ended ({s.end}) but play goes on")
    return problems


def _limits(s: State) -> list[str]:
    """Condition cards and tokens, standees and counter dice against the box."""
    t = s.table
    r = t.rules
    problems = []
    held = [c for conds in s.h_conds + s.e_conds for c in conds]
    tokens = sum(1 for c in held if c & 1)
    if tokens != s.tokens_used:
        problems.append(f"{tokens} condition tokens held, {s.tokens_used} counted out")
    if tokens > int(r["components.condition_tokens.count"]):
        problems.append(f"{tokens} condition tokens in play, over the {r['components.condition_tokens.count']} printed")
    for index, condition in enumerate(t.conditions):
        cards = held.count(index << 1)
        if cards != s.cards_used[index] or cards > condition.cards:
            problems.append(f"{cards} {condition.id} cards held ({s.cards_used[index]} counted, {condition.cards} usable)")
    standing = [0] * len(t.enemy_types)  # figures on the map of each Enemy type
    for e, a in zip(s.e_type, s.e_area):
        if a != OFF:
            standing[e] += 1
    for index, kind in enumerate(t.enemy_types):
        if standing[index] > kind.figures:
            problems.append(f"{standing[index]} {kind.id} figures on the map, the box has {kind.figures}")
    dice = sum(1 + (s.e_health[e] > 9) for e, a in enumerate(s.e_area) if a != OFF)
    if dice > int(r["components.counter_dice.count"]):
        problems.append(f"{dice} counter dice needed for Enemy health, the box has {r['components.counter_dice.count']}")
    for hero, active in enumerate(s.h_active):
        if not set(active) <= set(s.h_items[hero]):
            problems.append(f"{t.heroes[hero].hero} has active items it does not carry")
    if min(s.h_ach, default=0) < 0:
        problems.append("a Hero holds fewer than no Achievement gems")
    gems = sum(s.h_gems) + sum(s.h_inspired)
    if gems > int(r["components.inspiration_gems.count"]):
        problems.append(f"{gems} Inspiration gems held, the box has {r['components.inspiration_gems.count']}")
    if s.seat < 0 and not s.pending and s.phase != OVER:  # a teleport may end a scenario mid-turn
        for area, (here, capacity) in enumerate(zip(occupancy(s), t.capacity)):
            if here > capacity:
                problems.append(f"figures taking {here} capacity in {t.areas[area]}, capacity {capacity}")
    return problems


def _decks(s: State) -> list[str]:
    t = s.table
    problems = []
    if sorted(s.init_deck + s.init_discard) != list(range(len(t.faces))):
        problems.append("initiative cards lost or duplicated")
    if sorted(s.fate_deck + s.fate_discard + s.timer_pile) != list(range(len(t.fate_values))):
        problems.append("fate cards lost or duplicated")
    taken = [i for inj in s.h_injuries for i in inj]
    if sorted(s.injury_deck + taken) != list(range(len(t.injuries))):
        problems.append("injury cards lost or duplicated")
    return problems
