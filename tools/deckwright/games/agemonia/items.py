"""Items in play beyond weapons, worn shields and a discard's heal, restore, condition, summon or teleport:
the effects `items_values` compiles from an item's card (rulebook lines 4576-4729, 4817-4847, 5160-5267).

A Hero's choices (`legal`, `apply`):
- ("item", item[, target]): discard the item for its `use` effects, a maneuver unless the card says otherwise
  (`items.use_costs_maneuver`, which a card overrides: `rulings.Rulings.get`). On the Hero: movement points
  (Move), every or one ability raised until the end of the round (`h_boost`), conditions lost (cleanse),
  Injury cards shuffled back into their deck, wounded status removed (lines 2652-2661), maneuvers gained. On a
  target within the item's range: an exhausted Hero whose exhausted status is removed (lines 2680-2690; it
  stands up where it lies, so only when that area has room for it again, and acts from the next round) or a
  wounded Hero whose wounded status is removed, an Enemy defeated when it has every trait the item's qualifier
  names and is no Elite (banish), an Enemy that has not acted this round acting last, an item lying there
  moved to the Hero's area (telekinesis, where the Hero may pick it up); an Ally healed (or restored) by an
  amount or of all its damage; an Enemy harmed, drained or given a condition; a Trap token set in an area
  (("item", item, ~area)); a non-Elite Enemy of the named traits moved to an area within its move with room
  (("item", item, enemy, area)). In the Hero's area: a Teleport token of the card's colour placed active side
  up, where none of its colour stands (`teleport.place`; the Tome of Delion's, linking with the others of its
  colour). Untargeted: every Ally within range gains a condition (bless) or loses all its conditions (purge);
  the Hero gains Inspiration gems from the Stock, while the box has them (gem), or turns spent Stamina chips
  to their wound side (to_wound) or back to their stamina side, still spent (to_stamina). An item the card says the Hero keeps is not discarded (`items_kept`). A card's
  other options (`items_values.options`) are items of the table that stand for it: the Hero uses one in place
  of the card.
- ("ready", item): an arrow, poison, rune or token discarded before the roll of the Hero's attack (lines
  4659-4664, 4716-4721), while its selected attack action can still attack with a weapon of a type the
  item joins (an arrow needs a weapon in hand with the arrow icon, a poison one with the poison icon; at
  most `weapon.attachments` arrows and poisons join an attack). Its extra dice join the roll, its range
  the attack's reach, its successes the damage; an Enemy the attack damages gains its condition, and a
  non-Elite Enemy it targets is defeated (slay). With `area` (the Flame Arrow, lines 4678-4679) the
  attack is an area attack of that reach around an area in range (`heroes.targets`), its successes and
  condition on every Enemy it hits. The attack's weapon may save a readied item (`items_wielded`). What is
  readied and not used by the end of the turn is lost.
Passive: the Pierce of a weapon in hand, or of a weapon rune the Hero carries, on its attacks; the
encumbrance a backpack adds (`items_values.played_board`); the conditions a carried item makes its
holder immune to (`items_values.immune`, asked by `figures.gain`).
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import (
    defeats, figures, items_carried, items_checked, items_dice, items_kept, items_wielded, lasting,
)
from deckwright.games.agemonia.figures import ENEMY, HERO
from deckwright.games.agemonia.gear import backpack_weight, in_hand, take
from deckwright.games.agemonia.carried import carried
from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import Item

SELF = ("move", "boost", "cleanse", "injury", "unwound", "maneuvers")


def forbidden(s: State, hero: int, item: Item) -> bool:
    """An Injured Mouth forbids potions, draughts and the like (`injury.forbidden_item_words`)."""
    if not figures.injured(s, hero, "consumables"):
        return False
    return any(str(w).casefold() in item.name.casefold() for w in s.table.rules["injury.forbidden_item_words"])


def costs_maneuver(s: State, item: Item) -> bool:
    return bool(s.table.rules.get("items.use_costs_maneuver", item.rules))


def legal(s: State, hero: int) -> list[tuple[Any, ...]]:
    """The acting Hero's item choices now: discards for a `use` effect, and items readied for its attack."""
    t = s.table
    found: list[tuple[Any, ...]] = []
    for index in carried(s, hero).effects:  # a card's other options among them
        item = t.items[index]
        effects = item.effects
        if effects.kept is not None and not items_kept.available(s, hero, index):
            continue
        if effects.check[0] >= 0 and items_checked.spent(s, hero, index):  # its check passed this scenario
            continue
        if effects.use and (s.maneuvers > 0 or not costs_maneuver(s, item)) and not forbidden(s, hero, item):
            found += _uses(s, hero, index, item)
        if effects.ready is not None and index not in s.ready and _readies(s, hero, item):
            found.append(("ready", index))
    return found


def _uses(s: State, hero: int, index: int, item: Item) -> list[tuple[Any, ...]]:
    """("item", index) when a self effect does something now; ("item", index, target) per target."""
    e = item.effects
    if "revive" in e.use:  # upright where it lies, when the area has room for it again (the book does not
        # say what happens when other figures took it meanwhile; an exhausted Hero takes none)
        return [("item", index, other) for other in _reach(s, hero, e.range, s.h_area)
                if s.h_exhausted[other] and not s.table.heroes[other].ally
                and figures.figures_in(s, s.h_area[other]) < s.table.capacity[s.h_area[other]]]
    if "banish" in e.use:
        return [("item", index, slot) for slot in _reach(s, hero, e.range, s.e_area) if _banishable(s, slot, e.only)]
    if "last" in e.use:
        waiting = s.queue[s.qpos + 1:] if s.qpos < len(s.queue) else []
        return [("item", index, slot) for slot in _reach(s, hero, e.range, s.e_area) if ~slot in waiting]
    if e.use[0] in ("ally_heal", "ally_mix", "mend"):  # an Ally in range with damage (or spent stamina) to mend
        return [("item", index, ally) for ally in _reach(s, hero, e.range, s.h_area)
                if not s.h_exhausted[ally] and (s.h_wounds[ally] or e.use[0] == "ally_mix" and s.h_spent[ally])]
    if "trap" in e.use:  # an area within range in sight, at the Hero's height, with no Trap token yet
        t, here = s.table, s.h_area[hero]
        return [("item", index, ~area) for area in range(len(t.areas)) if area not in s.traps
                and t.range_dist[here][area] <= e.range and t.sight[here][area] and t.heights[area] == t.heights[here]]
    if "shove" in e.use:  # a non-Elite Enemy of the traits named, in range, to an area within its move with room
        t = s.table
        return [("item", index, slot, area) for slot in _reach(s, hero, e.range, s.e_area) if _banishable(s, slot, e.only)
                for area in range(len(t.areas)) if area != s.e_area[slot] and t.move_dist[s.e_area[slot]][area] <= e.amount
                and figures.figures_in(s, area) + t.enemy_types[s.e_type[slot]].room <= t.capacity[area]]
    if e.use[0] in ("harm", "drain", "afflict"):
        return [("item", index, slot) for slot in _reach(s, hero, e.range, s.e_area)]
    if "fetch" in e.use:  # an item lying in range, or carried there by a Hero who agrees: to this Hero
        here = s.h_area[hero]
        lying = [("item", index, spot) for spot, (area, *_) in enumerate(s.dropped)
                 if area != here and s.table.range_dist[here][area] <= e.range]
        return lying + [("item", index, -1 - other) for other in _reach(s, hero, e.range, s.h_area)
                        if other != hero and not s.table.heroes[other].ally and s.h_items[other]
                        and any(_wanted(s, hero, i) for i in s.h_items[other])]
    if "blast" in e.use:
        from deckwright.games.agemonia import items_attack  # it rolls and lands like an attack: imported when used

        return items_attack.options(s, hero, index, e.range)
    if "swap" in e.use:  # an Ally in play elsewhere to change places with
        return [("item", index, ally) for ally in range(len(s.table.heroes))
                if not s.h_exhausted[ally] and s.h_area[ally] != s.h_area[hero]]
    if "peek" in e.use:
        return [("item", index)] if s.init_deck else []
    if "ally_unwound" in e.use:  # a wounded Hero in range
        return [("item", index, ally) for ally in _reach(s, hero, e.range, s.h_area)
                if s.h_wounded[ally] and not s.h_exhausted[ally] and not s.table.heroes[ally].ally]
    if "gem" in e.use:  # an Inspiration gem left in the Stock, below the most a Hero holds
        return [("item", index)] if gems_left(s, hero) >= e.amount else []
    if "to_wound" in e.use or "to_stamina" in e.use:  # a spent chip to turn over, stamina or wound side up
        return [("item", index)] if (s.h_spent if "to_wound" in e.use else s.h_wounds)[hero] >= e.amount else []
    if e.herb:  # an Herb token of that shape in the Stock, with room in the backpack
        room = s.table.heroes[hero].encumbrance - backpack_weight(s, hero)
        return [("item", index, herb) for herb in herbs(s.table, e.herb) if in_stock(s, herb)
                and s.table.items[herb].weight <= room]
    if e.relocate >= 0:  # an item light enough, to the Hero holding the pair, with room for it
        other = pair(s, hero, index)
        if other < 0:
            return []
        room = s.table.heroes[other].encumbrance - backpack_weight(s, other)
        return [("item", index, sent) for sent in sorted(set(s.h_items[hero])) if sent != index
                and s.table.items[sent].weight <= min(e.relocate, room)]
    if e.teleporter:  # a Teleport token placed in the Hero's area (teleport imports story, which plays items)
        from deckwright.games.agemonia.teleport import placeable

        return [("item", index)] if placeable(s, s.h_area[hero], e.teleporter) else []
    if e.curse >= 0:
        return [("item", index)] if _reach(s, hero, e.range, s.e_area) else []
    if e.bless >= 0 or "purge" in e.use:  # every Ally in range: when one of them gains or loses a condition
        allies = [a for a in _reach(s, hero, e.range, s.h_area) if not s.h_exhausted[a]]
        if e.bless >= 0:
            wanted = any(all(code >> 1 != e.bless for code in s.h_conds[a]) for a in allies)
        else:
            wanted = any(s.h_conds[a] for a in allies)
        return [("item", index)] if wanted else []
    useful = (e.move or e.boost or e.maneuvers or relieves(s, hero, item)
              or (e.mix and (s.h_wounds[hero] or s.h_spent[hero]))
              or (e.attack_dice and attack_to_come(s, hero)))
    return [("item", index)] if useful else []


def relieves(s: State, hero: int, item: Item) -> bool:
    """Whether discarding the item takes from the Hero something it suffers now: conditions (a cleanse), an
    Injury card, wounded status."""
    e = item.effects
    return bool((e.cleanse and s.h_conds[hero]) or (e.injury and s.h_injuries[hero])
                or ("unwound" in e.use and s.h_wounded[hero]))


def attack_to_come(s: State, hero: int) -> bool:
    """Whether the Hero's selected action is an attack it has not made yet this turn."""
    return s.acts > 0 and s.h_action[hero] >= 0 and s.table.heroes[hero].actions[s.h_action[hero]].kind == "attack"


def attack_dice(s: State, hero: int) -> int:
    """Extra dice on each of the Hero's attacks this turn: the `attack_dice` of each item it used this turn
    (each use is in `State.kept_uses`, a Hero's turn being once a round)."""
    t = s.table
    found = 0
    for who, index, round_ in s.kept_uses:
        if who == hero and round_ == s.round and t.items[index].effects.attack_dice:
            found += t.items[index].effects.attack_dice
            s.use("item-effect:attack-dice")
    return found


def herbs(t: Any, shape: str) -> list[int]:
    """The Herb tokens of that shape the table holds (`table._items` adds them for an item gaining one)."""
    return [i for i, item in enumerate(t.items) if item.shape == shape and item.group == "herb"]


def in_stock(s: State, index: int) -> bool:
    """No figure holds the item and it lies nowhere on the map (the Stock has one of each)."""
    return all(index not in held for held in s.h_items) and all(d[1] != index for d in s.dropped)


def pair(s: State, hero: int, index: int) -> int:
    """The other Hero holding the item (a pair's other card), in play; -1 if none."""
    return next((h for h in range(s.table.players) if h != hero and index in s.h_items[h] and not s.h_exhausted[h]), -1)


def _wanted(s: State, hero: int, index: int) -> bool:
    """An item another Hero carries that this one could discard for its effect now."""
    item = s.table.items[index]
    return bool(item.heal and s.h_wounds[hero] or item.restore and s.h_spent[hero]) and not item.effects.use


def _reach(s: State, hero: int, reach: int, areas: list[int]) -> list[int]:
    """The figures (indices into `areas`) standing within `reach` of the Hero, in sight."""
    t = s.table
    here = s.h_area[hero]
    return [i for i, area in enumerate(areas) if area != OFF and t.range_dist[here][area] <= reach and t.sight[here][area]]


def _banishable(s: State, slot: int, only: frozenset[str]) -> bool:
    traits = s.table.enemy_types[s.e_type[slot]].traits
    return "elite" not in traits and only <= traits


def _readies(s: State, hero: int, item: Item) -> bool:
    """Whether the item may join the Hero's coming attack."""
    ready = item.effects.ready
    if ready is None or s.acts <= 0 or s.table.heroes[hero].ally:
        return False
    action = s.table.heroes[hero].actions[s.h_action[hero]]
    if action.kind != "attack" or s.h_disk[hero] < action.stamina:
        return False
    if ready.slot:
        joined = sum(1 for i in s.ready if _ready(s, i).slot == ready.slot)
        if joined >= int(s.table.rules["weapon.attachments"][f"{ready.slot}s_per_attack"]):
            return False
    return any(kind in ready.attacks and (kind == "magic" and not ready.slot or _holds(s, hero, kind, ready.slot))
               for kind in action.attacks)


def _holds(s: State, hero: int, kind: str, slot: str) -> bool:
    """A weapon of that attack type in hand, showing the slot's icon if one is named."""
    t = s.table
    return any((t.items[i].attack == kind or kind in t.items[i].effects.other_attacks)
               and (not slot or slot in t.items[i].effects.slots) for i in in_hand(s, hero))


def apply(s: State, hero: int, action: tuple[Any, ...]) -> int:
    """Do an item choice; the movement points it gives the Hero (a Move), else 0."""
    t = s.table
    index = action[1]
    item = t.items[index]
    items_kept.spend(s, hero, index)
    if item.effects.attack_dice and item.effects.kept is None:  # a discarded one: its use this turn recorded too
        s.kept_uses += ((hero, index, s.round),)
    if action[0] == "ready":
        s.ready += (index,)
        s.use("item-readied")
        return 0
    if costs_maneuver(s, item):
        s.maneuvers -= 1
    s.use(item.id)
    e = item.effects
    for key in e.use:
        s.use(f"item-effect:{key}")
    if e.check[0] >= 0:  # the effects wait on the card's check
        items_checked.roll(s, hero, index, action[2] if len(action) > 2 else -1)
        return 0
    if len(action) > 3:
        _shove(s, action[2], action[3])
    elif len(action) > 2 and "blast" in e.use:  # an attack the item makes: it rolls and lands like one
        from deckwright.games.agemonia import items_attack

        items_attack.attack(s, hero, index, ~action[2])
    elif len(action) > 2:
        _on_target(s, hero, index, action[2])
    if e.boost:
        raised = list(s.h_boost[hero])
        for ability in range(3) if e.ability < 0 else (e.ability,):
            raised[ability] += e.boost
        s.h_boost[hero] = (raised[0], raised[1], raised[2])
    if e.cleanse:
        figures.remove(s, HERO, hero, list(s.h_conds[hero][:e.cleanse]))
    for card in s.h_injuries[hero][:e.injury]:
        s.injury_deck.append(card)
    s.h_injuries[hero] = s.h_injuries[hero][e.injury:]
    if "unwound" in e.use and s.h_wounded[hero]:
        _unwound(s, hero)
    if "gem" in e.use:
        s.h_gems[hero] += e.amount
    if "to_wound" in e.use:  # the chip goes from above the board (spent) to its right (a wound)
        s.h_spent[hero] -= e.amount
        s.h_wounds[hero] += e.amount
    if "to_stamina" in e.use:  # and back, still spent (as Energy Infusion's, `skills`)
        s.h_wounds[hero] -= e.amount
        s.h_spent[hero] += e.amount
    if e.mix:
        figures.restore_hero(s, hero, e.mix - figures.heal_hero(s, hero, e.mix))
    for slot in _reach(s, hero, e.range, s.e_area) if e.curse >= 0 else ():
        figures.gain(s, ENEMY, slot, e.curse, "item")
    if e.bless >= 0 or "purge" in e.use:
        for ally in [a for a in _reach(s, hero, e.range, s.h_area) if not s.h_exhausted[a]]:
            figures.gain(s, HERO, ally, e.bless, "item")
            if "purge" in e.use:
                figures.remove(s, HERO, ally, list(s.h_conds[ally]))
    if e.teleporter:
        from deckwright.games.agemonia.teleport import place

        place(s, s.h_area[hero], e.teleporter)
    s.maneuvers += e.maneuvers
    return e.move


def _shove(s: State, slot: int, area: int) -> None:
    """The Enemy Moves to `area` where the Hero wishes: the pets it leaves and a Trap token there act."""
    from deckwright.games.agemonia.story import enter_trap  # story plays items: imported when used

    was = s.e_area[slot]
    s.e_area[slot] = area
    s.use("item-effect:shove")
    left_area(s, slot, was)
    if area in s.traps and not s.table.enemy_types[s.e_type[slot]].fly and s.e_area[slot] != OFF:
        enter_trap(s, ENEMY, slot)


def _unwound(s: State, hero: int) -> None:
    """The Hero's wounded status removed (lines 2652-2661): the disk's chips turn to its unwounded side; the
    rest stay wounds."""
    s.h_wounded[hero] = False
    s.h_wounds[hero] = s.table.heroes[hero].stamina - s.h_disk[hero] - _locked(s, hero)
    s.h_spent[hero] = 0


def gems_left(s: State, hero: int) -> int:
    """The Inspiration gems the Hero may still gain: left in the box (`components.inspiration_gems.count`),
    up to the most a Hero holds (`inspiration_gem.max`)."""
    r = s.table.rules
    box = int(r["components.inspiration_gems.count"]) - sum(s.h_gems) - sum(s.h_inspired)
    return min(box, int(r["inspiration_gem.max"]) - s.h_gems[hero])


def _locked(s: State, hero: int) -> int:
    return sum(chips for _, chips in s.h_worn[hero]) + sum(p[2] for p in s.passives if p[0] == hero)


def _on_target(s: State, hero: int, index: int, target: int) -> None:
    e = s.table.items[index].effects
    if "revive" in e.use:
        s.h_exhausted[target] = s.h_wounded[target] = False
        s.h_disk[target], s.h_spent[target], s.h_wounds[target] = s.table.heroes[target].stamina, 0, 0
    elif "banish" in e.use:
        defeats.hurt(s, hero, target, s.e_health[target] - int(s.table.rules["health.defeated_at"]))
    elif "last" in e.use:
        s.queue.remove(~target)
        s.queue.append(~target)
    elif "trap" in e.use:  # a Trap token set there (lines 2979-2987): what enters the area springs it
        s.traps.append(~target)
        s.peak("trap-tokens", len(s.traps))
    elif e.use[0] in ("ally_heal", "ally_mix", "mend"):
        healed = figures.heal_hero(s, target, s.h_wounds[target] if e.use[0] == "mend" else e.amount)
        if e.use[0] == "ally_mix":
            figures.restore_hero(s, target, e.amount - healed)
    elif e.use[0] in ("harm", "drain"):  # Drain: the Hero heals what the Enemy lost (lines 3191-3196)
        lost = min(e.amount, s.e_health[target] - int(s.table.rules["health.defeated_at"]))
        defeats.hurt(s, hero, target, e.amount)
        if e.use[0] == "drain":
            figures.heal_hero(s, hero, lost)
    elif e.use[0] == "afflict":
        figures.gain(s, ENEMY, target, e.afflict, "item")
    elif "ally_unwound" in e.use:
        _unwound(s, target)
    elif e.herb:  # from the Stock
        s.h_items[hero] += (target,)
        s.use("item-gained")
    elif e.relocate >= 0:  # to the Hero holding the pair
        other = pair(s, hero, index)
        take(s, hero, target)
        s.h_items[other] += (target,)
        s.use("item-moved")
    elif target >= 0:  # fetch: the item lying there comes to the Hero's area
        area, lying, by, when = s.dropped[target]
        s.dropped[target] = (s.h_area[hero], lying, by, when)
    else:  # fetch from another Hero: the first item it carries that this Hero can use, given to this Hero
        other = -1 - target
        moved = next(i for i in s.h_items[other] if _wanted(s, hero, i))
        take(s, other, moved)
        s.h_items[hero] += (moved,)


def boost(s: State, hero: int, ability: int) -> int:
    """How much items raised the ability until the end of the round."""
    return s.h_boost[hero][ability]


def end_round(s: State) -> None:
    s.h_boost = [(0, 0, 0)] * len(s.h_boost)


def ready_dice(s: State, hero: int, attack: str) -> int:
    """Extra dice of the items readied for the attack, and of gem tokens on the weapon it uses."""
    return sum(items_dice.token_dice(s, hero, i, attack) for i in s.ready) + _socketed(s, hero, attack)[1]


def ready_range(s: State, attack: str) -> int:
    if not s.ready:
        return 0
    return sum(_ready(s, i).range for i in s.ready if attack in _ready(s, i).attacks) if attack != "melee" else 0


def ready_area(s: State, attack: str) -> int:
    """The reach of the area attack a readied item makes of the Hero's attack of this type (-1: none)."""
    if not s.ready or attack == "melee":
        return -1
    return max((_ready(s, i).area for i in s.ready if attack in _ready(s, i).attacks), default=-1)


def ready_successes(s: State, hero: int, attack: str) -> int:
    """Extra successes of the items readied for the attack, and of gem tokens on the weapon it uses."""
    return readied_successes(s, attack) + _socketed(s, hero, attack)[0]


def readied_successes(s: State, attack: str) -> int:
    """Extra successes of the items readied for the attack."""
    return sum(_ready(s, i).successes for i in s.ready if attack in _ready(s, i).attacks)


def _socketed(s: State, hero: int, attack: str) -> tuple[int, int]:
    """(successes, dice) of the gem tokens the Hero carries on its weapons in hand of the attack's type
    (`items_carried.placed`)."""
    gems = [g for g in items_carried.placed(s, hero, attack) if g.effects.socket != (0, 0)]
    for gem in gems:
        s.use(gem.id)
        s.use("item-effect:socket")
    return sum(g.effects.socket[0] for g in gems), sum(g.effects.socket[1] for g in gems)


def _ready(s: State, index: int) -> Any:
    return s.table.items[index].effects.ready


def pierced(s: State, hero: int, slot: int, action_pierce: int, wielded: tuple[Item | None, ...]) -> int:
    """Shield points of the Enemy that the Pierce of the attack's weapons, and of the weapon runes the Hero
    carries (on a weapon), ignore beyond what the action's own Pierce does (line 3244)."""
    held = [w for w in wielded if w is not None]
    if not held:
        return 0
    t = s.table
    piercing = [w for w in held if w.effects.pierce]
    piercing += [t.items[i] for i in sorted(set(s.h_items[hero])) if t.items[i].effects.pierce and not t.items[i].attack]
    if not piercing:
        return 0
    extra = sum(p.effects.pierce for p in piercing)
    shield, per_point = t.enemy_types[s.e_type[slot]].shield, int(t.rules["pierce.shield_ignored_per_point"])
    gained = min(shield, (action_pierce + extra) * per_point) - min(shield, action_pierce * per_point)
    if gained:
        s.use("item-effect:pierce")
        for p in piercing:
            s.use(p.id)
    return gained


def landed(s: State, hero: int, slot: int, health_before: int, weapon: str = "") -> None:
    """After the attack's damage: the condition of a readied item lands on an Enemy it damaged, and a
    slaying one defeats a non-Elite target (a defeat by the attack, `weapon` its weapon's attack type
    as `defeats.hurt` reads it); every readied item is spent."""
    readied, s.ready = s.ready, ()
    for index in readied:
        ready = _ready(s, index)
        s.use(s.table.items[index].id)
        if weapon:
            items_wielded.discarded(s, hero, weapon, index)
        if ready.drain:  # the Hero heals the damage the Enemy took, at most what it had left (lines 3191-3196)
            left = s.e_health[slot] if s.e_area[slot] != OFF else int(s.table.rules["health.defeated_at"])
            if figures.heal_hero(s, hero, health_before - left):
                s.use("item-effect:drain")
        if s.e_area[slot] == OFF:
            continue
        if ready.slay and "elite" not in s.table.enemy_types[s.e_type[slot]].traits:
            defeats.hurt(s, hero, slot, s.e_health[slot] - int(s.table.rules["health.defeated_at"]), weapon)
            s.use("item-effect:slay")
        else:
            _gives(s, ready, slot, health_before)


def landed_area(s: State, hero: int, healths: list[tuple[int, int]], attack: str) -> None:
    """After an area attack's damage (`healths`: each Enemy hit, with its health before): the condition of
    each readied item lands on every Enemy it damaged (a slaying one has no single target); every readied
    item is spent."""
    readied, s.ready = s.ready, ()
    for index in readied:
        ready = _ready(s, index)
        s.use(s.table.items[index].id)
        items_wielded.discarded(s, hero, attack, index)
        if ready.area >= 0:
            s.use("item-effect:ready-area")
        for slot, before in healths:
            if s.e_area[slot] != OFF:
                _gives(s, ready, slot, before)


def _gives(s: State, ready: Any, slot: int, health_before: int) -> None:
    """The readied item's condition on the Enemy, when the attack damaged it (a part of the Hero's attack)."""
    if ready.gives >= 0 and s.e_health[slot] < health_before and not (
            ready.non_elite and "elite" in s.table.enemy_types[s.e_type[slot]].traits):
        figures.gain(s, ENEMY, slot, ready.gives, "hero-action")


def end_turn(s: State) -> None:
    """What was readied and not used in an attack is lost."""
    s.ready = ()



def left_area(s: State, slot: int, area: int) -> None:
    """An Enemy that left `area` takes the damage of each pet there (its Hero's: lines 4740-4749)."""
    t = s.table
    for hero, at in enumerate(s.h_area):
        if at != area or s.h_exhausted[hero] or t.heroes[hero].ally:
            continue
        for index in s.h_items[hero]:
            if t.items[index].effects.harass and s.e_area[slot] != OFF:
                more = lasting.pet_provoke(s, hero) if s.passives else 0
                defeats.hurt(s, hero, slot, t.items[index].effects.harass + more)
                s.use(t.items[index].id)
                s.use("item-effect:harass")


def unhurt(s: State, hero: int, slot: int) -> None:
    """After an attack of the Enemy in `slot` that did the Hero no damage: the condition of each armour rune
    it carries, then the `unhurt_damage` of each item it has in use (`skills_armor`) whose range reaches the
    Enemy, dealt by the Hero, unreduced by the Enemy's shield."""
    t = s.table
    for index in s.h_items[hero]:
        if t.items[index].effects.unhurt >= 0:
            figures.gain(s, HERO, hero, t.items[index].effects.unhurt, "item")
            s.use(t.items[index].id)
    for index, _ in s.h_worn[hero]:
        reach, damage = t.items[index].unhurt_damage
        if damage and s.e_area[slot] != OFF and t.range_dist[s.h_area[hero]][s.e_area[slot]] <= reach:
            s.use("item-effect:unhurt-damage")
            defeats.hurt(s, hero, slot, damage)


def setup(s: State) -> None:
    """A backpack is in use from the set-up when the Hero carries more out of hand than its board alone allows."""
    t = s.table
    for hero, figure in enumerate(t.heroes):
        bags = [t.items[i] for i in figure.items if t.items[i].effects.carry]
        if bags and backpack_weight(s, hero) > figure.encumbrance - sum(b.effects.carry for b in bags):
            for bag in bags:
                s.use(bag.id)
                s.use("item-effect:carry")
