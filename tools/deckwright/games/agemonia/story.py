"""Story points, traps and ability checks: what a Hero triggers by where it stands, and how a roll
of dice settles a check (rulebook lines 953-1019, 1626-1636, 2960-2987).

A check puts a ("roll", die, dice, purpose, ...) entry at the front of `pending`; chance picks the
successes and `settle_roll` applies them.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import enemies, figures, gems, heroes, items, items_carried, skills
from deckwright.games.agemonia.endings import story_cause
from deckwright.games.agemonia.figures import ENEMY, HERO
from deckwright.games.agemonia.state import OFF, State


def inspiration(s: State, hero: int, reactive: bool) -> int:
    """Extra dice of the Inspiration gems the Hero discarded for this roll (they are spent on it)."""
    gems, s.h_inspired[hero] = s.h_inspired[hero], 0
    return gems * int(s.table.rules["inspiration_gem.extra_dice.reactive" if reactive else
                                    "inspiration_gem.extra_dice.active"])


def buy_successes(s: State, hero: int, faces: int, wanted: int, attack: str = "") -> int:
    """Successes the Hero buys with stamina on the stamina faces it rolled (on an attack of type `attack`, ''
    for a check): at most `action_die.special.max_stamina` a face, or more by an item it carries
    (`items_carried.face_stamina`), less Enfeebled, what it has, and no more than `wanted`."""
    if faces <= 0 or wanted <= 0:
        return 0
    each = face_limit(s, hero, attack, faces, wanted)
    spend = max(0, min(faces * each, s.h_disk[hero], wanted))
    if spend:
        figures.pay_stamina(s, hero, spend)
        s.use("stamina-for-successes")
    return spend


def face_limit(s: State, hero: int, attack: str, faces: int = 0, wanted: int = 0) -> int:
    """The stamina each special face of the Hero's roll buys successes with, less Enfeebled; the item that
    raises it is recorded as used when the Hero wants and has more than the rule lets `faces` buy."""
    rule = int(s.table.rules["action_die.special.max_stamina"])
    each = rule
    if s.h_items[hero]:
        most, by = items_carried.face_stamina(s, hero, attack)
        if most > rule:
            each = most
            if min(wanted, s.h_disk[hero]) > faces * (rule - figures.injured(s, hero, "stamina-dice")):
                s.use(by)
                s.use("item-effect:face-stamina")
    return each - figures.injured(s, hero, "stamina-dice")


def check_dice(s: State, hero: int, ability: int, reactive: bool = False) -> int:
    """Dice of an active or reactive check of the Hero: ability, Focus, Weakened, injuries, Inspiration
    gems (a Blessed die is the player's choice after the roll: `blessing`)."""
    t = s.table
    dice = t.heroes[hero].abilities[ability]
    skills.ability_rolled(s, hero, ability)
    action = t.heroes[hero].actions[s.h_action[hero]] if s.h_action[hero] >= 0 else None
    if action is not None and action.kind == "focus":
        dice += int(t.rules["focus.extra_dice"])
        s.focus_used |= 1 << hero
    held = s.h_conds[hero]
    weakened = figures.effect(s, HERO, held, "fewer_dice") if held else None
    dice -= weakened.amount if weakened else 0
    dice -= figures.injured(s, hero, _ABILITY_NAMES[ability])
    dice += skills.reactive_dice(s, hero, ability) if reactive else 0
    dice += items.boost(s, hero, ability)
    return max(0, dice + inspiration(s, hero, reactive))


_ABILITY_NAMES = ("might", "agility", "will")


def roller(purpose: tuple[Any, ...]) -> int:
    """The Ally who rolls for a roll's purpose: the target of an Enemy's attack, else the one acting."""
    return int(purpose[2] if purpose[0] == "enemy-hit" else purpose[1])


def roll(s: State, die: str, dice: int, *purpose: Any) -> None:
    """Ask chance for the successes of `dice` dice rolled at once; dice over the box's are noted (the
    component_limits probe reports them)."""
    box = int(s.table.rules["components.action_dice.count" if die == "a" else "components.reaction_dice.count"])
    name = "action" if die == "a" else "reaction"
    s.use(f"pool:{name}:{dice}")
    s.peak(f"{name}-dice", dice)  # more than the box: the component_limits probe reports it
    if dice > box:
        s.note(f"{name}-dice-over-box")
    s.pending.insert(0, ("roll", die, dice) + purpose)


def after_roll(s: State, hero: int, dice: int) -> None:
    """The end events of a Hero's roll: Weakened goes after a roll of dice (Blessed goes when the player
    spends it on a roll: `blessing`)."""
    if dice > 1:
        figures.event(s, HERO, hero, "after-roll-of-dice")


def trigger_story(s: State, hero: int) -> None:
    """Reveal every story point whose trigger range the Hero stands in (each check once a turn)."""
    t = s.table
    # the range the Hero's injuries take and its items add, asked once until a story point it triggers
    # changes them
    shorter: int | None = None
    further: int | None = None
    for index, point in enumerate(t.story_points):
        bit = 1 << index
        if s.story_done & bit or s.story_tried & bit:
            continue
        if shorter is None:
            shorter = figures.injured(s, hero, "range")
        reach = point.range - shorter
        distance = t.range_dist[s.h_area[hero]][point.area]
        if distance > reach:  # an item may let the Hero reveal it from further, in sight (not one of range 0)
            if not point.range:
                continue
            if further is None:
                further = items_carried.reveal(s, hero)
            if distance > reach + further or not t.sight[s.h_area[hero]][point.area]:
                continue
            items_carried.revealed(s, hero)
        if t.heroes[hero].ally and (point.check_ability >= 0 or point.item >= 0):
            continue  # only Heroes make active checks and carry items (lines 840-845)
        per_turn = int(t.rules["active_check.same_check_per_turn"])
        if point.check_ability >= 0 and per_turn < 1:
            continue
        shorter = further = None
        s.use(f"{t.scenario}#{point.id}")
        if point.check_ability >= 0:
            if per_turn == 1:
                s.story_tried |= bit  # tried once this turn (more than once: it may be tried again)
            roll(s, "a", check_dice(s, hero, point.check_ability), "story", hero, index)
        else:
            resolve_story(s, hero, index)


def search(s: State, hero: int, area: int) -> None:
    """A searching token of the Hero (the Eye of Serupod, lines 4146-4147) in `area`: each story point in
    range of it that a Non-Hero Ally would trigger (no check, no item) resolves, save one giving a
    condition, which the token cannot hold."""
    t = s.table
    for index in searchable(s, area):
        s.use(f"{t.scenario}#{t.story_points[index].id}")
        s.use("token-searched")
        resolve_story(s, hero, index)


def searchable(s: State, area: int) -> list[int]:
    """The unresolved story points a searching token in `area` triggers: in range, without a check, an
    item or a condition."""
    t = s.table
    return [index for index, point in enumerate(t.story_points)
            if not s.story_done >> index & 1 and t.range_dist[area][point.area] <= point.range
            and point.check_ability < 0 and point.item < 0 and point.condition < 0]


def resolve_story(s: State, hero: int, index: int) -> None:
    t = s.table
    point = t.story_points[index]
    s.story_done |= 1 << index
    for p in point.spawn:
        figures.spawn(s, p.enemy, p.area, p.count)
    if point.item >= 0:
        s.h_items[hero] = s.h_items[hero] + (point.item,)
        s.use(f"gained:{t.items[point.item].id}")
    figures.gain(s, HERO, hero, point.condition, "story")
    if point.start_timer and not s.timer_running:
        s.timer_running = True
        s.use("timer-started")
    if point.reset_timer and s.timer_running:
        _reset_timer(s)
    if point.objective:
        s.objectives_done |= 1 << index
    if point.outcome:
        s.end, s.end_cause = point.outcome, story_cause(point.id)
    from deckwright.games.agemonia.summoning import join

    join(s, index)


def _reset_timer(s: State) -> None:
    """Only the newest `timer.reset_keeps_cards` Fate cards stay on the Timer pile and count toward the
    new total (lines 2944-2947); the others are discarded."""
    t = s.table
    keep = max(0, int(t.rules["timer.reset_keeps_cards"]))
    kept = s.timer_pile[len(s.timer_pile) - keep:] if keep else []
    s.fate_discard += s.timer_pile[:len(s.timer_pile) - len(kept)]
    s.timer_pile = kept
    s.timer_sum = sum(t.fate_values[c] for c in kept)
    s.use("timer-reset")


def enter_trap(s: State, side: int, figure: int) -> None:
    """A figure steps into a trapped area: an Ally chooses what to do (`heroes.trap_options`: a Non-Hero Ally
    without Fly has only springing it), an Enemy springs it."""
    if side == HERO:
        s.trap_choice = True
    else:
        spring(s, ENEMY, figure, s.e_area[figure])


def start_on_trap(s: State, side: int, figure: int, area: int) -> bool:
    """A figure starting its turn in a trapped area meets the trap as one moving in, if
    `trap.springs_at_turn_start` (lines 2974-2982): an Ally chooses (`enter_trap`), an Enemy without Fly
    springs it. Whether an Enemy sprang it (its turn then waits for the Trap card)."""
    t = s.table
    if area not in s.traps or not t.rules["trap.springs_at_turn_start"]:
        return False
    if side == ENEMY and t.enemy_types[s.e_type[figure]].fly:
        return False
    s.use("trap-met-at-turn-start")
    enter_trap(s, side, figure)
    return side == ENEMY


def spring(s: State, side: int, figure: int, area: int) -> None:
    if s.table.rules["trap.token_removed_when_sprung"] and area in s.traps:
        s.traps.remove(area)
    s.pending.insert(0, ("trap", side, figure, area))


def resolve_trap(s: State, entry: tuple[Any, ...], card: int) -> None:
    """The top Trap card (shuffled straight back), sprung by `entry`'s figure in `entry`'s area: an area
    attack on each Enemy and each Ally in the area, flying or not, if `trap.area_attack` (else on the figure
    that sprang it alone): the full effect on an Enemy, a check for an Ally."""
    t = s.table
    _, side, figure, area = entry
    trap = t.trap_cards[card]
    s.use(trap.id)
    if t.rules["trap.area_attack"]:
        foes = [slot for slot, at in enumerate(s.e_area) if at == area]
        allies = [h for h, at in enumerate(s.h_area) if at == area and not s.h_exhausted[h]]
        if len(foes) + len(allies) > 1:
            s.use("trap-hit-several")
    else:
        foes = [figure] if side == ENEMY and s.e_area[figure] != OFF else []
        allies = [figure] if side == HERO and not s.h_exhausted[figure] else []
    for slot in foes:
        figures.damage_enemy(s, slot, int(t.rules["trap.damage"]))
        for c in trap.conditions:
            if s.e_area[slot] != OFF:
                figures.gain(s, ENEMY, slot, c, "trap")
    die = "a" if trap.active else "r"
    for hero in reversed(allies):  # each Ally's check waits in turn, the first Ally's first
        roll(s, die, check_dice(s, hero, trap.ability, reactive=not trap.active), "trap-check", hero, card)


def settle_roll(s: State, entry: tuple[Any, ...], successes: int, faces: int = 0) -> None:
    """Apply the successes of the roll `entry` asked for (`faces`: stamina faces rolled)."""
    purpose = entry[3]
    t = s.table
    if purpose in ("hero-hit", "hero-runes"):
        heroes.land_attack(s, entry, successes, faces)
    elif purpose in ("hero-area", "hero-adjacent", "hero-line"):
        heroes.land_area_attack(s, entry, successes)
    elif purpose == "item-area":
        from deckwright.games.agemonia import items_attack

        items_attack.land(s, entry, successes, faces)
    elif purpose == "enemy-hit":
        enemies.land_enemy_attack(s, entry, successes, faces)
    elif purpose == "story":
        hero, index = entry[4], entry[5]
        after_roll(s, hero, entry[2])
        point = t.story_points[index]
        if passes(s, hero, successes, point.check_target, faces):
            resolve_story(s, hero, index)
        else:
            figures.gain(s, HERO, hero, point.fail_condition, "failed-check")
    elif purpose == "disarm":
        hero, area = entry[4], entry[5]
        after_roll(s, hero, entry[2])
        successes += items_carried.phrase_successes(s, hero, t.rules["trap.disarm_phrases"], record=True)
        if passes(s, hero, successes, int(t.rules["trap.disarm_target"]), faces):
            if area in s.traps:
                s.traps.remove(area)
            s.use("trap-disarmed")
        else:
            spring(s, HERO, hero, area)
    elif purpose == "trap-check":
        hero, card = entry[4], entry[5]
        after_roll(s, hero, entry[2])
        trap = t.trap_cards[card]
        if trap.active:
            if not passes(s, hero, successes, int(t.rules["trap.check_target"]), faces):
                for c in trap.conditions:
                    figures.gain(s, HERO, hero, c, "trap")
        else:
            successes += gems.bonus(s, hero, "check")
            hurt = max(0, int(t.rules["trap.damage"]) - successes * int(t.rules["reactive.reduction_per_success"]))
            figures.damage_hero(s, hero, hurt)
    elif purpose == "item-check":  # an item's check (`items_checked`, which rolls through this module)
        from deckwright.games.agemonia.items_checked import settle

        settle(s, entry, successes, faces)


def passes(s: State, hero: int, successes: int, target: int, faces: int) -> bool:
    """An active check: successes less Hindered and active-check injuries reach the target, with the
    stamina-bought successes it still needs."""
    successes -= figures.injured(s, hero, "active-check")
    successes += gems.bonus(s, hero, "check")
    if figures.hindered(s, hero):
        successes -= int(s.table.rules["hindered.check_penalty"])
    successes += buy_successes(s, hero, faces, target - successes)
    return successes >= target
