"""What happens to a figure: damage and stamina on a Vitality disk, Enemy health, conditions coming
and going on their events, Hindered, and who stands where.

A Hero's disk (rulebook lines 855-905): `h_disk` chips are unspent stamina, `h_spent` are spent,
`h_wounds` wounded; damage wounds disk chips first, then spent ones; with none left the Hero becomes
wounded (disk flipped, refilled to its wounded side, an Injury drawn) and, wounded already, exhausted.
A condition is held as `2 * index + token` (a card for Allies while the condition's cards last,
otherwise a token; Enemies always take tokens), so the tuple sorts by condition number.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckwright.games.agemonia import items_values, locking, skills_armor
from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import Play, Table

HERO, ENEMY = 0, 1


# These are asked several times at every step of a playout: they count with plain loops and list methods.
def ally_count(s: State, area: int) -> int:
    if area not in s.h_area:
        return 0
    count = 0
    for at, exhausted in zip(s.h_area, s.h_exhausted):
        if at == area and not exhausted:
            count += 1
    return count


def enemy_count(s: State, area: int) -> int:
    return s.e_area.count(area)


def figures_in(s: State, area: int) -> int:
    """The capacity the figures in the area take (a Large or Huge Enemy takes more than one)."""
    taken = 0
    if area in s.h_area:  # `ally_count`, inline
        for at, exhausted in zip(s.h_area, s.h_exhausted):
            if at == area and not exhausted:
                taken += 1
    if area in s.e_area:
        kinds = s.table.enemy_types
        for kind, at in zip(s.e_type, s.e_area):
            if at == area:
                taken += kinds[kind].room
    return taken


def occupancy(s: State) -> list[int]:
    """`figures_in` of every area at once (a search over the map asks it of many areas of one position)."""
    taken = [0] * len(s.table.areas)
    for at, exhausted in zip(s.h_area, s.h_exhausted):
        if at != OFF and not exhausted:
            taken[at] += 1
    kinds = s.table.enemy_types
    for kind, at in zip(s.e_type, s.e_area):
        if at != OFF:
            taken[at] += kinds[kind].room
    return taken


def injured(s: State, hero: int, affects: str) -> int:
    """How much the Hero's Injury cards take from what they affect (an ability, move, recover, range, ...)."""
    held = s.h_injuries[hero]
    if not held:
        return 0
    injuries = s.table.injuries
    return sum(injuries[i].amount for i in held if injuries[i].affects == affects)


def hindered(s: State, hero: int) -> bool:
    """Enemies in the Hero's area at least as many as Allies there (itself included); never for an Ally
    whose card ignores Hindered, nor while it has in use an item whose `wear` says it is never Hindered."""
    if s.table.heroes[hero].never_hindered:
        return False
    area = s.h_area[hero]
    if s.e_area.count(area) < ally_count(s, area):
        return False
    if s.h_worn[hero] and any(s.table.items[index].never_hindered for index, _ in s.h_worn[hero]):
        s.use("item-effect:never-hindered")
        return False
    return True


def effect(s: State, side: int, held: tuple[int, ...], kind: str) -> Play | None:
    """The first held condition whose effect on that side has this kind."""
    for code in held:
        condition = s.table.conditions[code >> 1]
        play = condition.ally if side == HERO else condition.enemy
        if play is not None and play.kind == kind:
            return play
    return None


def holds(held: Sequence[int], condition: int) -> bool:
    """Whether a figure's condition pieces `held` (each code is the condition << 1, plus 1 for a token rather than a card) include the condition."""
    return any(code >> 1 == condition for code in held)


def has(s: State, side: int, held: tuple[int, ...], kind: str) -> bool:
    return bool(held) and effect(s, side, held, kind) is not None  # most figures hold none: no call then


def gain(s: State, side: int, figure: int, condition: int, cause: str) -> None:
    """Give a condition (`cause` is its start event); a third one discards the lowest-numbered. With no
    card or token of it left, the figure takes one from a figure of lower `conditions.priority`, or
    goes without (lines 5459-5465)."""
    if condition < 0 or side == HERO and s.h_stone[figure]:  # Stone Form: no condition touches it
        return
    rules = s.table.rules
    if side == HERO and s.h_items[figure] and (shield := items_values.immune(s.table.items, s.h_items[figure], condition)):
        s.use(shield)
        s.use(f"immune:{s.table.conditions[condition].id}")
        return
    held = s.h_conds[figure] if side == HERO else s.e_conds[figure]
    if not rules["conditions.duplicates_allowed"] and holds(held, condition):
        return
    if not _piece_left(s, side, condition) and not _take_piece(s, side, figure, condition):
        s.use(f"condition-without-piece:{s.table.conditions[condition].id}")
        return
    held = s.h_conds[figure] if side == HERO else s.e_conds[figure]
    s.use(s.table.conditions[condition].id)
    s.use(f"condition-start:{cause}")
    s.use(f"{s.table.conditions[condition].id}<{cause}")
    if len(held) >= int(rules["conditions.max_per_figure"]):
        held = _drop(s, held[1:], (held[0],))
    if side == HERO and s.cards_used[condition] < s.table.conditions[condition].cards:
        s.cards_used[condition] += 1
        code = condition << 1
    else:
        s.tokens_used += 1
        code = condition << 1 | 1
        if side == HERO:
            s.use("ally-condition-token")
    held = tuple(sorted(held + (code,)))
    s.peak("condition-tokens", s.tokens_used)
    s.peak("condition-cards:" + s.table.conditions[condition].id, s.cards_used[condition])
    if side == HERO:
        s.h_conds[figure] = held
    else:
        s.e_conds[figure] = held


def _piece_left(s: State, side: int, condition: int) -> bool:
    """A card of the condition left for an Ally, or a Condition token left."""
    card = side == HERO and s.cards_used[condition] < s.table.conditions[condition].cards
    return card or s.tokens_used < int(s.table.rules["components.condition_tokens.count"])


def figure_kind(s: State, side: int, figure: int) -> str:
    """What the rules call the figure: hero, non_hero_ally or enemy (`rulings.FIGURE_KINDS`)."""
    return "enemy" if side == ENEMY else "non_hero_ally" if s.table.heroes[figure].ally else "hero"


def rank(s: State, side: int, figure: int) -> int:
    """The figure's place in `conditions.priority` (hero, non_hero_ally, enemy): lower comes first."""
    named = figure_kind(s, side, figure)
    order = [str(k) for k in s.table.rules["conditions.priority"]]
    return order.index(named) if named in order else len(order)


def _take_piece(s: State, side: int, figure: int, condition: int) -> bool:
    """Free a piece of the condition from the lowest-priority figure holding it below the gainer (the
    first such figure in play order): it loses the condition."""
    mine = rank(s, side, figure)
    holders = [(rank(s, other_side, other), other_side, other)
               for other_side, lists in ((HERO, s.h_conds), (ENEMY, s.e_conds))
               for other, conds in enumerate(lists) if holds(conds, condition)]
    below = [h for h in holders if h[0] > mine]
    if not below:
        return False
    _, other_side, other = max(below, key=lambda h: (h[0], h[1] == ENEMY, -h[2]))
    held = s.h_conds[other] if other_side == HERO else s.e_conds[other]
    gone = tuple(code for code in held if code >> 1 == condition)
    kept = _drop(s, tuple(code for code in held if code >> 1 != condition), gone)
    if other_side == HERO:
        s.h_conds[other] = kept
    else:
        s.e_conds[other] = kept
    s.use(f"condition-taken:{s.table.conditions[condition].id}")
    return True


def _drop(s: State, kept: tuple[int, ...], gone: tuple[int, ...]) -> tuple[int, ...]:
    for code in gone:
        if code & 1:
            s.tokens_used -= 1
        else:
            s.cards_used[code >> 1] -= 1
    return kept


def event(s: State, side: int, figure: int, name: str) -> None:
    """Discard every condition of the figure that ends on event `name`."""
    held = s.h_conds[figure] if side == HERO else s.e_conds[figure]
    if not held:
        return
    gone = _ending(s.table, side, held, name)
    if not gone:
        return
    s.use(f"condition-end:{name}")
    for code in gone:
        s.use(f"{s.table.conditions[code >> 1].id}>{name}")
    kept = _drop(s, tuple(c for c in held if c not in gone), gone)
    if side == HERO:
        s.h_conds[figure] = kept
    else:
        s.e_conds[figure] = kept


def _ending(t: Table, side: int, held: tuple[int, ...], name: str) -> tuple[int, ...]:
    """The held conditions that end on event `name` (kept with the table: few sets of conditions come back)."""
    key = ("ending", side, held, name)
    found: tuple[int, ...] | None = t.memo.get(key)
    if found is None:
        conditions = t.conditions
        found = t.memo[key] = tuple(c for c in held if name in (conditions[c >> 1].ends_ally if side == HERO
                                                                else conditions[c >> 1].ends_enemy))
    return found


def remove(s: State, side: int, figure: int, codes: list[int]) -> None:
    """Take these held conditions off the figure (an effect that removes them, not an end event)."""
    held = s.h_conds[figure] if side == HERO else s.e_conds[figure]
    kept = _drop(s, tuple(c for c in held if c not in codes), tuple(c for c in held if c in codes))
    if side == HERO:
        s.h_conds[figure] = kept
    else:
        s.e_conds[figure] = kept


def clear(s: State, side: int, figure: int) -> None:
    held = s.h_conds[figure] if side == HERO else s.e_conds[figure]
    _drop(s, (), held)
    if side == HERO:
        s.h_conds[figure] = ()
    else:
        s.e_conds[figure] = ()


def damage_hero(s: State, hero: int, amount: int) -> None:
    """Wound disk chips, then spent ones; past them, wounded (and an Injury drawn) or exhausted."""
    if amount <= 0 or s.h_exhausted[hero]:
        return
    if s.h_stone[hero]:  # Stone Form: no effect touches it
        s.use("stone-form-unharmed")
        return
    if s.table.heroes[hero].ally:  # a Non-Hero Ally's disk is its health: exhausted when it runs out
        if s.table.heroes[hero].undefeatable:  # its damage is not tracked
            s.use("ally-effect:cannot-be-defeated")
            return
        take = min(amount, s.h_disk[hero])
        s.h_disk[hero] -= take
        s.h_wounds[hero] += take
        if s.h_disk[hero] <= int(s.table.rules["health.exhausted_at"]):
            exhaust(s, hero)
        return
    take = min(amount, s.h_disk[hero])
    s.h_disk[hero] -= take
    s.h_wounds[hero] += take
    amount -= take
    take = min(amount, s.h_spent[hero])
    s.h_spent[hero] -= take
    s.h_wounds[hero] += take
    amount -= take
    if s.passives:
        amount = locking.absorb(s, hero, amount)
    if amount > 0 and s.h_worn[hero]:
        amount = skills_armor.take_locked(s, hero, amount)
    if amount <= 0:
        return
    if s.h_wounded[hero]:
        exhaust(s, hero)
        return
    s.h_wounded[hero] = True
    locking.drop(s, hero)  # the disk is flipped and refilled: no chip stays locked
    s.h_disk[hero], s.h_spent[hero], s.h_wounds[hero] = s.table.heroes[hero].wounded_stamina, 0, 0
    skills_armor.reset(s, hero)
    s.use("wounded")
    if s.injury_deck:
        s.pending.insert(0, ("injury", hero))
    else:
        s.note("injury-deck-empty")


def exhaust(s: State, hero: int) -> None:
    s.h_exhausted[hero] = True
    s.h_disk[hero] = s.h_spent[hero] = 0
    locking.drop(s, hero)
    figure = s.table.heroes[hero]
    s.h_wounds[hero] = figure.wounded_stamina if s.h_wounded[hero] else figure.stamina
    skills_armor.reset(s, hero)
    clear(s, HERO, hero)
    s.use("exhausted")


def lose_stamina(s: State, hero: int, amount: int) -> None:
    """Spend chips from the disk; what the disk cannot pay becomes damage (line 870)."""
    take = min(amount, s.h_disk[hero])
    s.h_disk[hero] -= take
    s.h_spent[hero] += take
    damage_hero(s, hero, amount - take)


def pay_stamina(s: State, hero: int, amount: int) -> None:
    """Spend stamina the Hero has; Cursed turns it into wounds instead."""
    if amount <= 0:
        return
    if has(s, HERO, s.h_conds[hero], "stamina_to_wounds"):
        s.h_disk[hero] -= amount
        s.h_wounds[hero] += amount
    else:
        s.h_disk[hero] -= amount
        s.h_spent[hero] += amount


def heal_hero(s: State, hero: int, amount: int) -> int:
    healed = min(amount, s.h_wounds[hero])
    s.h_wounds[hero] -= healed
    s.h_disk[hero] += healed
    return healed


def restore_hero(s: State, hero: int, amount: int) -> int:
    restored = min(amount, s.h_spent[hero])
    s.h_spent[hero] -= restored
    s.h_disk[hero] += restored
    return restored


def damage_enemy(s: State, slot: int, amount: int) -> None:
    if amount <= 0 or s.e_area[slot] == OFF:
        return
    s.e_health[slot] -= amount
    if s.e_health[slot] <= int(s.table.rules["health.defeated_at"]):
        s.e_area[slot] = OFF
        clear(s, ENEMY, slot)
        s.use(f"defeated:{s.table.enemy_types[s.e_type[slot]].id}")


def heal_enemy(s: State, slot: int, amount: int) -> None:
    s.e_health[slot] = min(s.table.enemy_types[s.e_type[slot]].health, s.e_health[slot] + amount)


def spawn(s: State, enemy: int, area: int, count: int) -> None:
    """Place up to `count` figures of a type (a figure not in the box: no spawn), nearest non-full area."""
    kind = s.table.enemy_types[enemy]
    for _ in range(count):
        out = sum(1 for t, at in zip(s.e_type, s.e_area) if t == enemy and at != OFF)
        if out >= kind.figures:
            s.note("spawn-without-figure")
            return
        where = free_area(s, area, kind.room)
        if where == OFF:
            s.note("spawn-without-room")
            return
        slot = next((i for i, (t, at) in enumerate(zip(s.e_type, s.e_area)) if t == enemy and at == OFF), -1)
        if slot < 0:
            slot = len(s.e_type)
            s.e_type.append(enemy)
            s.e_area.append(OFF)
            s.e_health.append(0)
            s.e_conds.append(())
            s.e_spawned.append(0)
        s.e_area[slot], s.e_health[slot], s.e_conds[slot], s.e_spawned[slot] = where, kind.health, (), s.round
        s.use(f"spawned:{kind.id}")
        _enemy_peaks(s, enemy)


def _enemy_peaks(s: State, enemy: int) -> None:
    """Standees of the type, Enemy boards (a type alone on the map needs one only if
    `enemy_board.single_figure_needs_board`) and counter dice (two for health over 9) in use."""
    rules = s.table.rules
    standing = [0] * len(s.table.enemy_types)
    for kind, at in zip(s.e_type, s.e_area):
        if at != OFF:
            standing[kind] += 1
    s.peak("standees:" + s.table.enemy_types[enemy].id, standing[enemy])
    alone = 1 if rules["enemy_board.single_figure_needs_board"] else 2
    s.peak("enemy-boards", sum(1 for n in standing if n >= alone))
    s.peak("counter-dice", sum(1 + (s.e_health[e] > 9) for e, at in enumerate(s.e_area) if at != OFF))


def free_area(s: State, area: int, room: int) -> int:
    """The nearest area to `area` (itself first) with room for `room` more capacity, OFF if none."""
    t = s.table
    return next((a for a in _nearest_first(t, area) if figures_in(s, a) + room <= t.capacity[a]), OFF)


def _nearest_first(t: Table, area: int) -> tuple[int, ...]:
    """The areas a move can reach from `area`, nearest first (the lower area first between equals), kept
    with the table."""
    key = ("nearest-first", area)
    found: tuple[int, ...] | None = t.memo.get(key)
    if found is None:
        found = t.memo[key] = tuple(a for a in sorted(range(len(t.areas)), key=lambda a: (t.move_dist[area][a], a))
                                    if t.move_dist[area][a] < 99)
    return found


def alive(s: State) -> list[int]:
    return [i for i, at in enumerate(s.e_area) if at != OFF]
