"""A Hero's turn: its selected action and its maneuvers, in any order, one finished before the next
(rulebook lines 1802-1903, 1946-2110): attacks, support, movement, rethink, recover, items, traps.

Actions are tuples: ("attack", enemy slot, attack type), ("support", hero), ("act-move",),
("rethink-move",), ("rethink-restore",), ("move", paid), ("step", area), ("stop",),
("recover", "heal" | "restore"), ("use", item), ("use", item, area) (a summon or a teleport),
("teleport", area) (by Teleport token), ("adjacent", areas bitmask, type), ("line", line code, type),
("shake", condition code), ("disarm",), ("spring",), ("fly-over",) (a flying figure passing a trap),
("inspire",) (an Inspiration gem discarded for the Hero's next roll), ("swap", loadout), ("drop", item), ("pick", item, source), ("give", item, hero) (`gear`), ("gem", use) (`gems`), ("skill", index) (`skills`), ("effect", index, ...) (`ally_effects`), ("passive", area),
("token", entry, area), ("unlock", entry), ("channel", entry) (`passives`), ("hex", enemy slot) (`hexes`),
("act-effect", ...) (`action_effects`), ("deck", top) (`items_checked`), ("end",).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from deckwright.games.agemonia import (
    action_effects, ally_effects, costs, defeats, figures, gear, gems, hexes, items, items_carried, items_checked,
    items_hits, items_kept, items_wielded, lasting, passives, reactions, reflect, shaped_attacks, skills, skills_dice,
    skills_targets, skills_weapons, stone_form, story, summoning, teleport,
)
from deckwright.games.agemonia.carried import carried
from deckwright.games.agemonia.figures import ENEMY, HERO, injured
from deckwright.games.agemonia.state import OFF, State
from deckwright.games.agemonia.table import HeroAction, Item, Table

END = ("end",)
STOP = ("stop",)
INSPIRE = ("inspire",)
RECOVER = ("heal", "restore")  # the Recover maneuver's options, heal first


class TurnRules(NamedTuple):
    """The rules' numbers a Hero's choices ask for at nearly every step, read once per table (`turn_rules`)."""

    hero_moves: int  # move maneuvers of a Hero: the free move, then the stamina move
    ally_moves: int  # of a Non-Hero Ally
    stamina_move_cost: int
    falling_cost: int  # movement points to drop down a double line
    recover: tuple[str, ...]  # the Recover maneuver's options
    gems_per_roll: int  # Inspiration gems discarded for one roll at most
    actions: int  # a turn's actions and maneuvers
    maneuvers: int
    bonus_maneuvers: int  # more maneuvers when the Initiative card's bonus symbol is the Hero's
    extra_maneuvers: int  # more maneuvers (and no action) of an extra-maneuver action
    special_bonus: bool  # whether a turn taken by a special initiative has the bonus maneuver too


def turn_rules(t: Table) -> TurnRules:
    found: TurnRules | None = t.memo.get("turn-rules")
    if found is None:
        r = t.rules
        found = t.memo["turn-rules"] = TurnRules(
            int(r["hero.move_maneuvers"]), int(r["non_hero_ally.move_maneuvers"]), int(r["hero.stamina_move_cost"]),
            int(r["falling.movement_cost"]), RECOVER[:int(r["recover.options"])], int(r["inspiration_gem.per_roll"]),
            int(r["hero_turn.actions"]), int(r["hero_turn.maneuvers"]), int(r["bonus_maneuver.extra_maneuvers"]),
            int(r["extra_maneuver.maneuvers"]), bool(r["special_initiative.bonus_maneuver"]))
    return found


def selected(s: State, hero: int) -> HeroAction:
    return s.table.heroes[hero].actions[s.h_action[hero]]


def initiative(s: State, hero: int) -> str:
    """The Hero's selected action's symbol (or the one its Initiative token gives); a Non-Hero Ally's card
    symbol."""
    figure = s.table.heroes[hero]
    return figure.initiative if figure.ally else s.h_init[hero] or selected(s, hero).initiative


def begin_turn(s: State, hero: int) -> None:
    """The start of the Hero's turn: its budget, conditions that act now, story points in range."""
    t = s.table
    numbers = turn_rules(t)
    s.seat, s.move_points, s.trap_choice, s.story_tried = hero, 0, False, 0
    s.swaps = s.turn_skills = s.flips = s.attacked = 0
    s.channel = OFF
    s.provoked = []
    s.evade = 0
    s.acts, s.maneuvers = numbers.actions, numbers.maneuvers
    if s.h_stone[hero] and stone_form.begin_turn(s, hero):
        return
    face = t.faces[s.face]
    # no bonus maneuver on a turn taken by a special initiative (`special_initiative.bonus_maneuver`)
    if face.bonus == initiative(s, hero) and (not s.special >> hero & 1 or numbers.special_bonus):
        s.maneuvers += numbers.bonus_maneuvers
        s.use("bonus-maneuver")
    if not t.heroes[hero].ally and selected(s, hero).kind == "extra-maneuver":
        s.maneuvers += numbers.extra_maneuvers
        s.acts = 0
    held = s.h_conds[hero]
    if held:  # most Heroes hold no condition at the start of their turn
        _held_at_start(s, hero, held)
    if figures.enemy_count(s, s.h_area[hero]):
        figures.event(s, HERO, hero, "enemy-in-range")
    if s.passives:
        lasting.turn_start(s, hero)
    if not s.h_exhausted[hero]:
        story.start_on_trap(s, HERO, hero, s.h_area[hero])
        story.trigger_story(s, hero)


def trap_options(s: State, hero: int) -> list[tuple[Any, ...]]:
    """An Ally in a trapped area tries to disarm it if `trap.disarmers` names its kind (a Hero, lines
    2974-2982), springs it, or, flying, passes over it (lines 1893-1894)."""
    t = s.table
    disarms = figures.figure_kind(s, HERO, hero) in t.rules["trap.disarmers"]
    options: list[tuple[Any, ...]] = [("disarm",)] if disarms else []
    options.append(("spring",))
    if t.heroes[hero].fly:
        options.append(("fly-over",))
    return options


def _held_at_start(s: State, hero: int, held: tuple[int, ...]) -> None:
    """What the conditions the Hero holds at the start of its turn do."""
    t = s.table
    bleed = figures.effect(s, HERO, held, "turn_damage")
    if bleed:
        figures.damage_hero(s, hero, bleed.amount)
    if figures.has(s, HERO, held, "lose_action"):
        s.acts = 0
        figures.event(s, HERO, hero, "after-action")
    if figures.has(s, HERO, held, "lose_action_and_maneuver"):
        s.acts = s.maneuvers = 0
        figures.event(s, HERO, hero, "missed-action-and-maneuver")
    dominated = figures.effect(s, HERO, held, "hurt_other")
    if dominated:
        s.acts = 0
        others = [h for h in range(len(t.heroes)) if h != hero and not s.h_exhausted[h]]
        if others:
            near = min(others, key=lambda h: (t.range_dist[s.h_area[hero]][s.h_area[h]], h))
            figures.damage_hero(s, near, dominated.amount)
        figures.event(s, HERO, hero, "missed-action")


def end_turn(s: State) -> None:
    teleport.settle(s, s.seat)
    items.end_turn(s)
    s.seat = -1
    s.qpos += 1


def weapon(s: State, hero: int, attack: str) -> Item | None:
    """The Hero's item in hand for that attack type (magic needs none)."""
    index = gear.hands(s, hero).weapons.get(attack)
    return None if index is None else s.table.items[index]


def usable(s: State, hero: int, item: Item) -> bool:
    """Whether the Hero may use the item now (an Injured Mouth forbids potions, draughts and the like)."""
    return bool(item.heal or item.restore or item.condition >= 0) and not items.forbidden(s, hero, item)


def targets(s: State, hero: int, action: HeroAction, index: int = -1) -> list[tuple[Any, ...]]:
    """The attacks the action can make now: ("attack", enemy slot, type), with the action's index for a
    Non-Hero Ally (it needs no weapon and picks its action when it attacks)."""
    t = s.table
    at, here = passives.origin(s, hero), s.h_area[hero]  # a ranged attack's origin; a melee attack's area
    ally = t.heroes[hero].ally
    weapons = {} if ally else gear.hands(s, hero).weapons  # asked once for all the action's attack types
    found: list[tuple[Any, ...]] = []
    for kind in action.attacks:
        item = None
        if kind != "magic" and not ally:
            held = weapons.get(kind)
            if held is None:
                continue
            item = t.items[held]
        if not ally and s.h_disk[hero] < items_wielded.stamina(s, hero, action, kind):
            continue  # its weapon makes this attack type cost more than the Hero has
        low = item.min_range if item else int(t.rules["magic.min_range"])
        high = item.max_range if item else action.range
        if kind != "melee":
            if s.h_injuries[hero]:
                high -= injured(s, hero, "range")
            high += skills.extra_range(s, hero, kind) + items.ready_range(s, kind)
            high += items_wielded.extra_range(s, hero, kind)
        if action.adjacent or action.line:
            found += shaped_attacks.options(s, at, action, kind, high)
            continue
        if not ally:
            found += skills_targets.options(s, hero, action, kind, at, low, high)
        if kind == "melee":
            found += _melee_targets(s, hero, here, 0 if ally else skills_weapons.melee_reach(s, hero, item), ally, index)
            continue
        spread = max(skills.area_reach(s, hero, action), items.ready_area(s, kind))
        if spread >= 0:
            found += [("area", centre, kind) for centre in range(len(t.areas)) if low <= t.range_dist[at][centre] <= high
                      and t.sight[at][centre] and area_hits(s, at, centre, spread)]
            continue
        seen = t.range_dist[at], t.sight[at]
        found += [("attack", slot, kind, index) if ally else ("attack", slot, kind) for slot, area in enumerate(s.e_area)
                  if area != OFF and low <= seen[0][area] <= high and seen[1][area]]
    return found


def _melee_targets(s: State, hero: int, here: int, reach: int, ally: bool, index: int) -> list[tuple[Any, ...]]:
    """The Enemies a melee attack from `here` can hit: in the area, beside it at its height when that area is
    full, or as far as a skill's `reach` (with the action's `index` for a Non-Hero Ally)."""
    t = s.table
    found: list[tuple[Any, ...]] = []
    for slot, area in enumerate(s.e_area):
        if area == OFF:
            continue
        ok = area == here or (area in t.level[here] and figures.figures_in(s, area) >= t.capacity[area])
        if ok or reach and skills_weapons.reaches(s, hero, area, reach):
            found.append(("attack", slot, "melee", index) if ally else ("attack", slot, "melee"))
    return found


def area_hits(s: State, origin: int, centre: int, reach: int) -> list[int]:
    """The Enemies an Ally's area attack hits: every one in sight of the attacker within `reach` of the
    centre area (lines 3658-3669)."""
    t = s.table
    return [slot for slot, area in enumerate(s.e_area)
            if area != OFF and t.range_dist[centre][area] <= reach and t.sight[origin][area]]


def action_options(s: State, hero: int) -> list[tuple[Any, ...]]:
    """The choices the Hero's selected action has now (none when it cannot pay for it or has nothing to
    do); a ranged one counts from the area it channels through (`passives.origin`)."""
    t = s.table
    action = selected(s, hero)
    if not costs.affords(s, hero, action, items_wielded.cheapest(s, hero, action) if action.kind == "attack" else None):
        return []
    if action.kind == "attack":
        return targets(s, hero, action)
    if action.kind == "support" and action.effect is not None:
        return action_effects.targets(s, hero, action)
    if action.kind == "support" and action.hex is not None:
        return hexes.targets(s, hero, action)
    if action.kind == "support" and action.lasting is None:  # a mark: `passives`
        reach = action.ally_range - injured(s, hero, "range") + skills.support_boost(s, hero, action.id)[0]
        at = passives.origin(s, hero)
        return [("support", h) for h in range(len(t.heroes)) if not s.h_exhausted[h]
                and t.range_dist[at][s.h_area[h]] <= reach]
    if action.kind == "movement":
        return [("act-move",)]
    return []


def legal(s: State) -> list[tuple[Any, ...]]:
    """The acting Hero's choices, in a fixed order; ending the turn is always one of them."""
    hero = s.seat
    t = s.table
    if s.trap_choice:
        return trap_options(s, hero)
    if s.peeked != OFF:  # the Initiative card a Puzzle Box revealed goes back on top or at the bottom
        return [("deck", 1), ("deck", 0)]
    if s.h_stone[hero]:  # it does nothing while stone (`stone_form`)
        return [END]
    numbers = turn_rules(t)
    if s.move_points > 0:
        at = s.h_area[hero]
        fly = t.heroes[hero].fly  # over double lines as over single ones (lines 1891-1894)
        taken = figures.occupancy(s)  # `figures_in` of every area at once
        capacity = t.capacity
        steps: list[tuple[Any, ...]] = [("step", a) for a in (t.flights if fly else t.adjacent)[at] if taken[a] < capacity[a]]
        if s.move_points >= numbers.falling_cost and not fly:  # dropping down a double line
            steps += [("step", a) for a in t.falls[at] if taken[a] < capacity[a]]
        if s.h_ach[hero]:
            steps += gems.legal(s, hero)
        if s.placed or t.pads[at]:  # the map's Teleport tokens, or any placed in play
            steps += teleport.pad_steps(s, hero)
        steps.append(STOP)
        return steps
    out: list[tuple[Any, ...]] = []
    figure = t.heroes[hero]
    have = carried(s, hero)  # most Heroes carry no item of most kinds: their choices are not asked for
    if s.acts > 0 and figure.ally:
        for index, action in enumerate(figure.actions):
            out += targets(s, hero, action, index)
        out += ally_effects.supports(s, hero) if figure.effects else []
    elif s.acts > 0:
        out += action_options(s, hero)
        if not s.focus_used >> hero & 1:
            out.append(("rethink-move",))
            if s.h_spent[hero]:
                out.append(("rethink-restore",))
    if s.maneuvers > 0:
        held = s.h_conds[hero]
        # the free move, then the stamina move (a Non-Hero Ally spends no stamina)
        kinds = numbers.ally_moves if figure.ally else numbers.hero_moves
        if not held or not figures.has(s, HERO, held, "no_move"):
            if kinds >= 1:
                out.append(("move", 0))
            if kinds >= 2 and not figure.ally and s.h_disk[hero] >= numbers.stamina_move_cost:
                out.append(("move", 1))
        options = numbers.recover
        if s.h_wounds[hero] and "heal" in options and (figure.recovers or not figure.ally):
            out.append(("recover", "heal"))
        if s.h_spent[hero] and "restore" in options and not figure.ally:
            out.append(("recover", "restore"))
        if have.discards:
            out += [("use", index) for index in have.discards if not items.forbidden(s, hero, t.items[index])
                    and items_kept.available(s, hero, index)]
        if have.summons:
            out += summoning.uses(s, hero)
        if have.teleports:
            out += teleport.uses(s, hero)
        if held:
            out += [("shake", code) for code in held if "spend-maneuver" in t.conditions[code >> 1].ends_ally]
    if s.h_gems[hero] and s.h_inspired[hero] < numbers.gems_per_roll and (s.acts or s.maneuvers):
        out.append(INSPIRE)
    if not figure.ally:
        # each kind of choice asked for only when the Hero's kit can offer one (the same order)
        if len(figure.loadouts) > 1:
            out += gear.legal(s, hero)
        if s.dropped or s.h_area.count(s.h_area[hero]) > 1:
            out += gear.exchanges(s, hero)
        if not skills.CHOICE_KINDS.isdisjoint(figure.skill_kinds):
            out += skills.legal(s, hero)
        if s.h_ach[hero]:
            out += gems.legal(s, hero)
        if have.effects:
            out += items.legal(s, hero)
        chosen = figure.actions[s.h_action[hero]]
        out += passives.legal(s, hero) if s.passives or chosen.summon or chosen.lasting else []
    elif figure.effects:
        out += ally_effects.legal(s, hero)
    out.append(END)
    return out


def apply(s: State, action: tuple[Any, ...]) -> None:
    """Do one of the acting Hero's choices."""
    hero = s.seat
    t = s.table
    r = t.rules
    kind = action[0]
    if kind == "end":
        end_turn(s)
    elif kind == "step":
        _step(s, hero, action[1])
    elif kind == "stop":
        _stop(s, hero)
    elif kind == "move":
        s.maneuvers -= 1
        if action[1]:
            figures.pay_stamina(s, hero, int(r["hero.stamina_move_cost"]))
        figure = t.heroes[hero]  # a Non-Hero Ally moves as its card shows
        points = figure.move if figure.ally else int(r["hero.stamina_move_points" if action[1] else "hero.free_move_points"])
        _start_move(s, hero, points)
    elif kind == "line":  # the targets chosen are the attack's shape
        _attack(s, hero, action[3], action[2], -1, "hero-line")
    elif kind in ("attack", "area", "adjacent", "runes"):
        purpose = "hero-hit" if kind == "attack" else f"hero-{kind}"
        _attack(s, hero, action[1], action[2], action[3] if len(action) > 3 else -1, purpose)
    elif kind == "teleport":
        teleport.by_token(s, hero, action[1])
        if s.move_points <= 0:
            _stop(s, hero)
    elif kind == "support":
        if len(action) > 2:  # a Non-Hero Ally's support action, chosen now
            s.h_action[hero] = action[2]
            s.use(f"ally-action:{t.heroes[hero].hero}:{selected(s, hero).id}")
        _support(s, hero, action[1])
    elif kind == "act-move":
        s.acts = 0
        costs.pay(s, hero, selected(s, hero))
        _start_move(s, hero, selected(s, hero).movement)
    elif kind == "rethink-move":
        s.acts = 0
        s.use("rethink")
        _start_move(s, hero, int(r["rethink.movement"]))
    elif kind == "rethink-restore":
        s.acts = 0
        s.use("rethink")
        figures.restore_hero(s, hero, int(r["rethink.restore"]))
    elif kind == "recover":
        s.maneuvers -= 1
        hindered = figures.hindered(s, hero) and not skills.unhindered_recover(s, hero, action[1])
        amount = int(r["recover.amount"]) - (int(r["hindered.recover_penalty"]) if hindered else 0)
        amount -= injured(s, hero, f"recover-{'heal' if action[1] == 'heal' else 'stamina'}")
        amount += gems.bonus(s, hero, "recover") + skills.recover_bonus(s, hero, action[1])
        amount += items_kept.recover_bonus(s, hero, action[1])
        amount += lasting.heal_bonus(s, hero, hero) if s.passives and action[1] == "heal" else 0
        (figures.heal_hero if action[1] == "heal" else figures.restore_hero)(s, hero, max(0, amount))
        s.use("recover")
    elif kind == "use":
        _use_item(s, hero, action[1])
        if len(action) > 2 and t.items[action[1]].effects.gamble is not None:
            summoning.gamble(s, hero, action[1], action[2])
        elif len(action) > 2 and t.items[action[1]].summon >= 0:
            summoning.summon(s, hero, t.items[action[1]].summon, action[2])
        elif len(action) > 2:
            teleport.arrive(s, hero, action[2])
    elif kind in ("item", "ready"):
        points = items.apply(s, hero, action)
        if points:
            _start_move(s, hero, points)
    elif kind == "swap":
        gear.swap(s, hero, action[1])
    elif kind in ("passive", "token", "unlock", "channel"):
        passives.apply(s, hero, action)
    elif kind == "hex":
        hexes.apply(s, hero, action[1])
    elif kind == action_effects.KIND:
        action_effects.apply(s, hero, action)
    elif kind == "effect":
        ally_effects.apply(s, hero, action)
    elif kind in ("drop", "pick", "give"):
        gear.exchange(s, hero, action)
    elif kind == "gem":
        gems.discard(s, hero, action[1])
    elif kind == "skill":
        points = skills.activate(s, hero, action)
        if points:
            _start_move(s, hero, points)
    elif kind == "inspire":
        s.h_gems[hero] -= 1
        s.h_inspired[hero] += 1
        s.use("inspiration-gem")
    elif kind == "shake":
        s.maneuvers -= 1
        figures.event(s, HERO, hero, "spend-maneuver")
    elif kind == "deck":
        items_checked.place(s, bool(action[1]))
    elif kind == "disarm":
        s.trap_choice = False
        story.roll(s, "a", story.check_dice(s, hero, _ability(str(r["trap.disarm_ability"]))), "disarm", hero,
                   s.h_area[hero])
    elif kind == "spring":
        s.trap_choice = False
        if t.heroes[hero].fly:
            s.use("trap-sprung-flying")
        story.spring(s, HERO, hero, s.h_area[hero])
    elif kind == "fly-over":
        s.trap_choice = False
        s.use("trap-flown-over")


def _ability(name: str) -> int:
    return ("might", "agility", "will").index(name)


def _start_move(s: State, hero: int, points: int) -> None:
    s.gem_move = 0
    slowed = figures.effect(s, HERO, s.h_conds[hero], "shorter_move")
    s.move_points = max(0, points - (slowed.amount if slowed else 0) - injured(s, hero, "move"))
    if s.move_points == 0:
        _stop(s, hero)


def _stop(s: State, hero: int) -> None:
    s.move_points = 0
    figures.event(s, HERO, hero, "after-move")


def _step(s: State, hero: int, area: int) -> None:
    """One movement point: provoke from the Enemies left behind, then traps and story points ahead."""
    t = s.table
    here = s.h_area[hero]
    if reactions.provoking(s, hero, area):  # the Hero's choice of an item's Evade comes first
        return
    for slot, at in enumerate(s.e_area):
        provoke = t.enemy_types[s.e_type[slot]].provoke if at == here else 0
        if provoke and s.provoked.count(slot) < int(t.rules["provoke.per_enemy_per_turn"]):
            s.provoked.append(slot)
            evade = ally_effects.evade_provoke if t.heroes[hero].ally else skills.evade_provoke
            figures.damage_hero(s, hero, reactions.evaded(s, hero, evade(s, hero, provoke)))
            s.use("provoked")
    falling = area not in t.adjacent[here] and not t.heroes[hero].fly
    s.h_area[hero] = area
    s.move_points -= int(t.rules["falling.movement_cost"]) if falling else 1
    if falling:
        s.use("fell")
    s.use(f"{t.scenario}@{t.areas[area]}")
    if s.h_exhausted[hero]:
        s.move_points = 0
        return
    if area in s.traps:  # a flying Ally springs no trap it flies into unless it chooses to (`legal`)
        story.enter_trap(s, HERO, hero)
    story.trigger_story(s, hero)
    if s.move_points <= 0:
        _stop(s, hero)


def _attack(s: State, hero: int, slot: int, kind: str, index: int = -1, purpose: str = "hero-hit") -> None:
    """An attack on the Enemy in `slot`, or (another `purpose`) on every Enemy the area, adjacent area or
    straight line attack of shape `slot` hits."""
    t = s.table
    if index >= 0:  # a Non-Hero Ally's action, chosen now: fixed damage, no roll (lines 1816-1826, 1951-1978)
        s.h_action[hero] = index
        s.acts = 0
        s.use(selected(s, hero).id)
        s.use(f"ally-action:{t.heroes[hero].hero}:{selected(s, hero).id}")
        land_attack(s, ("fixed", "a", 0, "hero-hit", hero, slot, kind), 0)
        return
    action = selected(s, hero)
    s.acts = 0
    costs.pay(s, hero, action, items_wielded.paid(s, hero, action, kind) if not t.heroes[hero].ally else None)
    held = s.h_conds[hero]
    weakened = figures.effect(s, HERO, held, "fewer_dice")
    dice = t.heroes[hero].abilities[action.ability] - (weakened.amount if weakened else 0)
    skills.ability_rolled(s, hero, action.ability)
    if purpose == "hero-hit" and kind != "melee":
        item = weapon(s, hero, kind)
        base = (item.max_range if item else action.range) - injured(s, hero, "range")
        base += items_wielded.extra_range(s, hero, kind)
        skills.range_used(s, hero, kind, t.range_dist[passives.origin(s, hero)][s.e_area[slot]], base)
    dice -= injured(s, hero, ("might", "agility", "will")[action.ability])
    dice += story.inspiration(s, hero, reactive=False)
    dice += skills.extra_dice(s, hero, kind) + skills.action_dice(s, hero, action.id)
    dice += items.ready_dice(s, hero, kind) + items.boost(s, hero, action.ability) + items.attack_dice(s, hero)
    dice += items_wielded.extra_dice(s, hero, kind)
    skills.attack_made(s, kind)
    s.use(action.id)
    figures.event(s, HERO, hero, "attack")
    story.roll(s, "a", max(0, dice), purpose, hero, slot, kind)


def land_attack(s: State, entry: tuple[Any, ...], successes: int, faces: int = 0) -> None:
    """Damage of a Hero's attack: successes and modifiers, less shields and obstructed aim (lines 1951-2110);
    the same result on each target a skill lets it take at once (`skills_targets`), obstructed aim judged
    for each."""
    t = s.table
    r = t.rules
    dice, hero, slot, kind = entry[2], entry[4], entry[5], entry[6]
    hit = skills_targets.targets(slot, s) if entry[3] == skills_targets.PURPOSE else [slot]
    slot = hit[0] if hit else OFF
    action = selected(s, hero)
    item = weapon(s, hero, kind)
    more = skills_weapons.also_wielded(s, hero, kind, item)  # Dual Wielder's second weapon
    skills_weapons.record_reach(s, hero, slot, kind, item)
    card: dict[str, Any] = {}
    for wielded in (item, *more):
        card.update(wielded.rules or {} if wielded else {})
    card.update(action.rules or {})
    if entry[0] != "fixed":
        story.after_roll(s, hero, dice)
    figures.event(s, HERO, hero, "after-attack")
    if slot == OFF or s.e_area[slot] == OFF:
        return
    successes += skills_dice.pay_faces(s, hero, kind, faces, s.e_health[slot] + _shield(s, slot, action))
    if figures.hindered(s, hero) and entry[0] != "fixed":
        successes -= int(r.get("hindered.check_penalty", card))
    successes += gems.bonus(s, hero, "attack") + skills.extra_successes(s, hero, kind, slot)
    successes += skills_weapons.weapon_successes(s, hero, (item, *more)) + items.ready_successes(s, hero, kind)
    successes += lasting.extra_successes(s, hero, kind, slot) if s.passives else 0
    successes += items_carried.wounded_successes(s, hero, kind) if s.h_worn[hero] else 0
    amount = successes + action.damage + (item.damage if item else 0) + sum(w.damage for w in more)
    amount += items.pierced(s, hero, slot, action.pierce, (item, *more))
    if entry[0] == "fixed" and t.heroes[hero].effects:
        amount += ally_effects.extra_damage(s, hero)
    amount -= injured(s, hero, "melee" if kind == "melee" else "ranged-magic")
    for wielded in (item, *more):
        if wielded:
            s.use(wielded.id)
    if len(hit) > 1:
        skills_targets.used(s, hero, action.id)
    damaged = []
    for target in hit:
        landed = amount
        if kind != "melee" and _obstructed(s, passives.origin(s, hero), s.e_area[target], ENEMY) \
                and not skills.ignores_obstructed_aim(s, hero, kind) and not items_carried.clear_aim(s, hero):
            landed -= int(r.get("obstructed_aim.penalty", card)) * min(1, int(r["obstructed_aim.max_per_attack"]))
        before = s.e_health[target]
        used = kind if item is not None else ""
        _hurt(s, hero, target, action, landed, used)
        if s.ready:
            items.landed(s, hero, target, before, used)
        if s.e_health[target] < before:
            damaged.append(target)
    items_hits.hit(s, hero, (item, *more), damaged, faces)


def land_area_attack(s: State, entry: tuple[Any, ...], successes: int) -> None:
    """Damage of a Hero's area, adjacent area or straight line attack to every Enemy it hits, each less
    its shield; no obstructed aim (lines 3658-3684)."""
    dice, purpose, hero, shape = entry[2], entry[3], entry[4], entry[5]
    action = selected(s, hero)
    hit = shaped_hits(s, hero, purpose, shape)
    story.after_roll(s, hero, dice)
    figures.event(s, HERO, hero, "after-attack")
    if figures.hindered(s, hero):
        successes -= int(s.table.rules.get("hindered.check_penalty", action.rules))
    successes += gems.bonus(s, hero, "attack") + skills.extra_successes(s, hero, entry[6], -1)
    successes += lasting.extra_successes(s, hero, entry[6], -1) if s.passives else 0
    successes += items_carried.wounded_successes(s, hero, entry[6]) if s.h_worn[hero] else 0
    successes += items.readied_successes(s, entry[6]) if s.ready else 0
    amount = successes + action.damage - injured(s, hero, "ranged-magic")
    s.use(purpose.removeprefix("hero-") + "-attack")
    skills.area_made(s, hero, action)
    healths = [(slot, s.e_health[slot]) for slot in hit] if s.ready else []
    for slot in hit:
        _hurt(s, hero, slot, action, amount)
    if s.ready:
        items.landed_area(s, hero, healths, entry[6])


def shaped_hits(s: State, hero: int, purpose: str, shape: int) -> list[int]:
    """The Enemies the Hero's selected area ("hero-area"), adjacent area or straight line attack of
    shape `shape` hits."""
    action = selected(s, hero)
    at = passives.origin(s, hero)
    if purpose == "hero-area":
        spread = max([skills.area_reach(s, hero, action), *(items.ready_area(s, k) for k in action.attacks)])
        return area_hits(s, at, shape, spread)
    kind = next((k for k in action.attacks if k != "melee"), "magic")
    reach = action.range - injured(s, hero, "range") + skills.extra_range(s, hero, kind)
    reach += items_wielded.extra_range(s, hero, kind)
    return shaped_attacks.hits(s, at, purpose, shape, reach)


def _shield(s: State, slot: int, action: HeroAction) -> int:
    """The Enemy's shield less what the action's Pierce ignores (line 3244)."""
    shield = s.table.enemy_types[s.e_type[slot]].shield
    ignored = action.pierce * int(s.table.rules["pierce.shield_ignored_per_point"])
    if ignored and shield:
        s.use("pierced")
    return max(0, shield - ignored)


def _hurt(s: State, hero: int, slot: int, action: HeroAction, amount: int, weapon: str = "") -> None:
    """The attack's damage to the Enemy, less its shield; `weapon`: the attack type of the weapon in hand it
    used, if any (a gem on it acts on a defeat: `items_carried`)."""
    amount -= _shield(s, slot, action)
    if amount > 0 and s.e_area[slot] != OFF:
        health = s.e_health[slot]
        if not defeats.hurt(s, hero, slot, amount, weapon):
            figures.gain(s, ENEMY, slot, action.gives, "hero-action")
            skills.hurt_enemy(s, hero, slot, action.id)
            if s.passives:
                lasting.hurt(s, hero, slot, action.attacks)
        elif s.passives and not s.table.heroes[hero].ally:
            lasting.overkill(s, hero, amount - health + int(s.table.rules["health.defeated_at"]))


def _obstructed(s: State, origin: int, target: int, target_side: int) -> bool:
    """Foes in the attacker's area, or other figures in the target's area (lines 2064-2069, 2357-2362)."""
    foes = figures.enemy_count(s, origin) if target_side == ENEMY else figures.ally_count(s, origin)
    return foes > 0 or figures.figures_in(s, target) > 1


def _support(s: State, hero: int, target: int) -> None:
    action = selected(s, hero)
    s.acts = 0
    costs.pay(s, hero, action)
    more = skills.support_boost(s, hero, action.id, True)[1] + (lasting.heal_bonus(s, target, hero) if s.passives else 0)
    figures.heal_hero(s, target, action.heal + (more if action.heal else 0))
    figures.restore_hero(s, target, action.restore)
    figures.gain(s, HERO, target, action.ally_condition, "hero-action")
    if action.reflect:
        reflect.grant(s, target, action.reflect, action.reflect_attack)
    skills.supported(s, hero, target, action.id)
    s.use(action.id)


def _use_item(s: State, hero: int, index: int) -> None:
    """Discard an item for its effect (a maneuver, as the pack reads it)."""
    t = s.table
    item = t.items[index]
    if t.rules.get("items.use_costs_maneuver", item.rules):
        s.maneuvers -= 1
    items_kept.spend(s, hero, index)
    figures.heal_hero(s, hero, item.heal)
    figures.restore_hero(s, hero, item.restore)
    figures.gain(s, HERO, hero, item.condition, "item")
    s.use(item.id)
