"""A Hero's decisions at reaction time: items used inside an Enemy's turn or right after a roll (rulebook
lines 4665-4667, 4722-4724, 4995-5000, 5188-5191, 5231-5233), as their cards' `play: {react: ...}` state
them (`items_values.Reaction`).

Each is a decision waiting at the front of `pending`, ("react", moment, ...), for the player of the Hero
whose items they are (`chooser`); ("react", -1) passes, ("react", item) uses the item. An item is
discarded when used, or kept within its card's uses per scenario (`once_per_scenario`) and paid for as its
card's `keep` says, as every kept item is (`items_kept`); one showing hands is used only while in hand
(`gear.usable_now`). The moments:
- DEFEND ("react", "defend", hero, slot, attack type, ability, damage, condition, dice): an Enemy attack is about
  to hit the Hero for `damage` (lines 4720-4724: an armour rune is discarded before the reactive check is
  rolled). `prevent` takes all its damage away (Rune of the Tree; the Hero still rolls, and with no damage
  taken gains no condition), `shields` take that much off (Aox Amulet, Runic Bone), `reactive_dice` add
  that many dice to the reactive check (Rune of the Star, lines 4727-4729), `mirror` and
  `revenge` give the Hero Mirror or Revenge against this attack (Pennark Signet, Rune of the Moons:
  `reflect`). Offered again while another item helps, then the Mirror or the reactive check follows
  (`enemies.defend`). Only a Hero (not a Non-Hero Ally) carries items; an attack with no damage needs none.
- ROLLED ("react", "rolled", roll entry, successes, faces): chance gave one of the Hero's rolls (an attack,
  an active or a reactive check, an item's check: `items_checked`). `reroll` rolls an active or reactive
  ability check again, not an attack roll (Spark, Lucky Coin: lines 4999, 5233); `specials` makes each
  stamina face of an attack roll give that many successes, no stamina paid (Rune of the Beast, discarded
  after the roll); `attack_dice` rolls more dice for an attack with a weapon in hand (Rune of the Spider:
  `items_dice`); `reroll_faces` rolls special faces again (Ophira; High Celestor's Robes on magic attacks).
  An item discarded after an attack roll may be saved by the attack's weapon (`items_wielded.discarded`).
  Passing settles the roll as rolled (a Blessed choice may follow: `blessing`).
- FIRST ("react", "first", hero, place): the round's Initiative card is revealed and the turns begin; the
  Hero takes its turn first (Rune of the Snake, Ring of Mazurak, the Tear of Eti for stamina), after any Hero
  who chose so before it; a special initiative, it forfeits the round's bonus maneuver (`State.special`).
- PROVOKED ("react", "provoked", hero, area): in its turn the Hero is about to step into `area`, leaving an
  Enemy whose provoke would hurt it. `evade` gives it Evade this turn (Togsbane, line 5181): each point
  takes `evade.damage_per_point` off one Enemy's provoke (lines 3203-3205), after its other Evade. Asked
  once a turn (passed, `State.evade` is -1; used, `EVADED`); then the step goes on. An item whose play
  states `evade` gives its holder that Evade while carried (the Ring of Shifting, line 4993), added to the
  turn's: all of it serves against one Enemy's provoke a turn.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import blessing, items_dice, items_kept, items_wielded, reflect, skills_armor
from deckwright.games.agemonia.gear import hands
from deckwright.games.agemonia.items import costs_maneuver
from deckwright.games.agemonia.items_values import Reaction
from deckwright.games.agemonia.carried import carried
from deckwright.games.agemonia.gear import usable_now
from deckwright.games.agemonia.state import State

DEFEND, ROLLED, FIRST, PROVOKED = "defend", "rolled", "first", "provoked"
PASS = ("react", -1)
ATTACK_ROLLS = ("hero-hit", "hero-area", "hero-adjacent", "hero-line", "hero-runes")
CHECK_ROLLS = ("enemy-hit", "story", "disarm", "trap-check", "item-check")  # active and reactive; `items_checked.PURPOSE`
HERO_ROLLS = (*ATTACK_ROLLS, *CHECK_ROLLS, "item-area")


def deciding(s: State) -> bool:
    """Whether the position waits for a Hero's reaction."""
    return bool(s.pending) and s.pending[0][0] == "react"


def hero_of(entry: tuple[Any, ...]) -> int:
    """The Hero whose reaction the decision `entry` is."""
    return int(blessing.roller(entry[2]) if entry[1] == ROLLED else entry[2])


def chooser(s: State) -> int:
    """The seat deciding the waiting reaction."""
    return s.h_owner[hero_of(s.pending[0])]


def _react(s: State, index: int) -> Reaction | None:
    return s.table.items[index].effects.react


def _held(s: State, hero: int, wanted: Any) -> list[int]:
    """The items the Hero may use now for a reaction that `wanted` accepts, each once."""
    if s.table.heroes[hero].ally or s.h_exhausted[hero]:
        return []
    found = []
    for index in carried(s, hero).reacts:
        react = _react(s, index)
        if react is not None and wanted(react) and items_kept.available(s, hero, index) \
                and usable_now(s, hero, index) and skills_armor.acts(s, hero, index):
            found.append(index)
    return found


def _defends(react: Reaction) -> bool:
    return react.prevent or react.revenge or react.mirror or react.shields > 0 or react.reactive_dice > 0


def offer(s: State, hero: int, slot: int, kind: str, ability: int, amount: int, condition: int, dice: int = 0) -> bool:
    """Before the Hero's reactive check against an Enemy attack: wait for its choice if it holds an item
    that helps (True), else let the check go on (False); `dice`: the extra dice items used so far add."""
    if amount <= 0 or not _held(s, hero, _defends):
        return False
    s.pending.insert(0, ("react", DEFEND, hero, slot, kind, ability, amount, condition, dice))
    return True


def after_roll(s: State, entry: tuple[Any, ...], successes: int, faces: int) -> bool:
    """Chance gave the Hero's roll `entry`: wait for its choice if it holds an item for it (True)."""
    if entry[3] not in HERO_ROLLS:
        return False
    hero = blessing.roller(entry)
    if not carried(s, hero).reacts or not _held(s, hero, _rolled(entry, faces, _armed(s, entry))):
        return False
    s.pending.insert(0, ("react", ROLLED, entry, successes, faces))
    return True


def _armed(s: State, entry: tuple[Any, ...]) -> bool:
    """Whether the roll is the Hero's attack with a weapon in hand of its type (what a weapon rune sits on)."""
    return entry[3] in ATTACK_ROLLS and entry[6] in hands(s, entry[4]).weapons


def _rolled(entry: tuple[Any, ...], faces: int, armed: bool) -> Any:
    attack, check = entry[3] in ATTACK_ROLLS, entry[3] in CHECK_ROLLS
    again = items_dice.rerolls(entry, faces)
    kind = entry[6] if attack or entry[3] == "item-area" else ""

    def wanted(react: Reaction) -> bool:
        return (react.reroll and check) or (react.specials > 0 and attack and faces > 0) \
            or (react.attack_dice > 0 and armed) \
            or (react.reroll_faces and again and (not react.reroll_on or kind in react.reroll_on))

    return wanted


def turns_begin(s: State) -> None:
    """The turns of the round begin: each Hero (by seat) with an item to go first may choose to."""
    for hero in range(s.table.players):
        if hero in s.queue and _held(s, hero, _first):
            s.pending.append(("react", FIRST, hero, 0))


def _first(react: Reaction) -> bool:
    return react.first


EVADED = -2  # `State.evade` once the turn's Evade served against a provoke


def _evades(react: Reaction) -> bool:
    return react.evade > 0


def _evaders(s: State, hero: int) -> list[int]:
    """The Hero's items with Evade it may use now: discarding one costs a maneuver (`items.costs_maneuver`)."""
    return [i for i in _held(s, hero, _evades) if s.maneuvers > 0 or not costs_maneuver(s, s.table.items[i])]


def provoking(s: State, hero: int, area: int) -> bool:
    """Before the Hero's step into `area`: wait for its choice if an Enemy it leaves would provoke it and it
    holds an item with Evade, not yet asked this turn (True); else let the step go on (False)."""
    if s.evade or not any(s.e_area[slot] == s.h_area[hero] and s.table.enemy_types[s.e_type[slot]].provoke
                          and s.provoked.count(slot) < int(s.table.rules["provoke.per_enemy_per_turn"])
                          for slot in range(len(s.e_area))) or not _evaders(s, hero):
        return False
    s.pending.insert(0, ("react", PROVOKED, hero, area))
    return True


def evaded(s: State, hero: int, damage: int) -> int:
    """The provoke damage left after the Evade an item gave the Hero this turn and the Evade of the items it
    carries (`evade`), all on one Enemy's provoke a turn (lines 3203-3205)."""
    t = s.table
    if s.evade == EVADED or damage <= 0 or t.heroes[hero].ally:
        return damage
    carried = [index for index in s.h_items[hero] if t.items[index].effects.evade]
    points = max(0, s.evade) + sum(t.items[index].effects.evade for index in carried)
    if points <= 0:
        return damage
    s.evade = EVADED
    s.use("item-effect:evade")
    for index in carried:
        s.use(t.items[index].id)
    return max(0, damage - points * int(t.rules["evade.damage_per_point"]))


def legal(s: State) -> list[tuple[Any, ...]]:
    """Pass, or one of the Hero's items for the waiting reaction."""
    entry = s.pending[0]
    if entry[1] == DEFEND:
        wanted = _defends
    elif entry[1] == ROLLED:
        wanted = _rolled(entry[2], entry[4], _armed(s, entry[2]))
    elif entry[1] == PROVOKED:
        return [PASS] + [("react", index) for index in _evaders(s, hero_of(entry))]
    else:
        wanted = _first
    return [PASS] + [("react", index) for index in _held(s, hero_of(entry), wanted)]


def _spend(s: State, hero: int, index: int) -> Reaction:
    """The item used: discarded, or kept with its use recorded (`items_kept`)."""
    react = _react(s, index)
    assert react is not None
    items_kept.spend(s, hero, index)
    s.use(s.table.items[index].id)
    return react


def choose(s: State, action: tuple[Any, ...]) -> None:
    """The player's reaction."""
    entry = s.pending.pop(0)
    hero, index = hero_of(entry), action[1]
    if entry[1] == DEFEND:
        _defend(s, entry, hero, index)
    elif entry[1] == ROLLED:
        _after_roll(s, entry, hero, index)
    elif entry[1] == PROVOKED:
        from deckwright.games.agemonia.heroes import apply

        s.evade = _spend(s, hero, index).evade if index >= 0 else -1
        if index >= 0 and costs_maneuver(s, s.table.items[index]):
            s.maneuvers -= 1
        apply(s, ("step", entry[3]))  # the step, its provoke now evaded
    elif index >= 0:
        _spend(s, hero, index)
        s.use("item-effect:first")
        s.special |= 1 << hero
        place = entry[3]
        s.queue.remove(hero)
        s.queue.insert(place, hero)
        s.pending[:] = [(e[0], e[1], e[2], place + 1) if e[0] == "react" and e[1] == FIRST else e for e in s.pending]


def _defend(s: State, entry: tuple[Any, ...], hero: int, index: int) -> None:
    from deckwright.games.agemonia.enemies import defend

    _, _, _, slot, kind, ability, amount, condition, dice = entry
    if index >= 0:
        react = _spend(s, hero, index)
        if react.reactive_dice:
            dice += react.reactive_dice
            s.use("item-effect:reactive-dice")
        if react.prevent:
            amount = 0
            s.use("item-effect:prevent")
        if react.shields:
            amount = max(0, amount - react.shields)
            s.use("item-effect:react-shields")
        for name in ("mirror", "revenge"):
            if getattr(react, name):
                reflect.grant(s, hero, name, kind)
        if offer(s, hero, slot, kind, ability, amount, condition, dice):
            return
    defend(s, hero, slot, kind, ability, amount, condition, dice)


def _after_roll(s: State, entry: tuple[Any, ...], hero: int, index: int) -> None:
    _, _, roll, successes, faces = entry
    if index < 0:
        blessing.conclude(s, roll, successes, faces)
        return
    react = _spend(s, hero, index)
    if roll[3] in ATTACK_ROLLS and s.table.items[index].effects.kept is None:  # discarded during the attack
        items_wielded.discarded(s, hero, roll[6], index)
    if react.attack_dice:
        items_dice.add_dice(s, roll, successes, faces, react.attack_dice)
        return
    if react.reroll:
        s.use("item-effect:reroll")
        s.pending.insert(0, roll)  # chance rolls it again
        return
    if react.reroll_faces:
        items_dice.reroll(s, roll, successes, faces)
        return
    s.use("item-effect:specials")
    blessing.conclude(s, roll, successes + faces * react.specials, 0)
