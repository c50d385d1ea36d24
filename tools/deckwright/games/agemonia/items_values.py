"""An item's play values: from its card's `play`, overridden by a Hero board's entry, compiled once per
table into what `items` plays (rulebook lines 4544-4729, 4817-4847, 5160-5267).

A card states how the engine plays the item (`play:`, the same keys a Hero board's `items` entry takes);
a board's entry names the item and may state some of them again, and the board's win (a key the board
states replaces the card's, a whole `use` or `ready` with it). The numbers of a card's `rules` (a fact it
overrides, such as `items.use_costs_maneuver` for an item discarded without a maneuver) go through the
engine's card precedence (`rulings.Rulings.get`), as a Hero action's do.

The effects beyond a weapon's attack, worn shields and a discarded item's heal, restore, condition,
summon or teleport (`heroes`, `skills_armor`, `summoning`, `teleport`) are played by `items`:
- USE_EFFECTS: a discarded item's other effects (movement, an ability raised until the round ends,
  conditions or Injury cards or wounded status removed, an exhausted Hero in range back, maneuvers,
  an Enemy banished, made to act last, an item moved, a Teleport token placed, places swapped with an
  Ally, the top Initiative card placed, an Herb token gained from the Stock, an item sent to the Hero
  holding the item's pair);
- READY_EFFECTS: what an arrow, poison, rune or token discarded before an attack's roll adds to it;
- `wear.shields`: the shields an item in use adds to a reactive check, each limited as its card states
  (`Shield`: an ability, an attack type, an Enemy trait), counted by `skills_armor`; `wear.face_shields`:
  those each effect face of such a check may give instead of its successes (`skills_dice`);
- `pierce` of a weapon (or a weapon rune on it), `carry` of a backpack, the card's `immune` conditions;
- `raise`: abilities raised while the item is carried (added to the board's, as `carry` to its encumbrance);
  a list of them, each for a Hero whose board shows its `class` (the Breachwalker Crown);
- `wear.wounded_successes`: successes its Hero's attacks of some types gain while the item is in use and
  enough of the Hero's chips are wound side up (`items_carried.wounded_successes`);
- `recover`: stamina restored and damage healed beyond a Recover's after a magic attack this turn;
- `gamble`: a summon waits on a die: one face hurts the Hero, another summons nothing (`summoning.gamble`);
- `check`: the use's effects wait on an active check of the Hero that passes (`items_checked`);
- `keep`, and the card's `once_per_scenario`: the item is not discarded when used, readied or used at
  reaction time, but limited to the card's uses per scenario or per turn and paid for in stamina, a
  condition gained or an item token discarded (`items_kept`): one mechanism for every item kept;
- `face_stamina`: the stamina a special face may buy successes with, raised while carried (`items_carried`);
- `on_defeat` (a condition gained, spent stamina restored, damage healed; with `weapon`, only on a defeat by an attack
  the item is the weapon of), `reveal`, `clear_aim` and a gem token's `socket.mix`: what the item does
  while carried when its Hero defeats an Enemy, reveals a story point or aims (`items_carried`);
- `use.attack_dice` (`items`) and `use.blast` (`items_attack`): dice on each attack this turn, an area
  magic attack made by the item;
- `on_hit` and `after_attack` (`items_hits`): while the item is the weapon of the Hero's attack, the
  condition an Enemy the attack damages gains (one a special face rolled with `per_face`, a non-Elite one
  with `non_elite`, one of the named `traits`), and the condition the Hero gains after the attack; a
  `cost` in stamina is paid for each;
- `face_damage` and `token_dice`: while the item is active (in hand), the special faces of its Hero's
  attacks of a type and the dice of a readied token (`items_dice`); `react.reroll_faces`: the special
  faces of an active roll (with a list: of the Hero's attacks of those types) rolled again, `react.attack_dice`:
  dice added after an attack roll with a weapon, `react.reactive_dice`: dice added to a reactive check
  (`reactions`, `items_dice`);
- `wielded`, `other_attacks` and `save` (`items_wielded`): as the weapon in hand of its Hero's attack, the
  range, dice and stamina cost it changes, the other attack types it is a weapon for, and the categories
  of items discarded during that attack that a die may save; `ready.area`: the readied item makes the
  attack an area attack (`heroes`);
- `city`: what the item does at a campaign's City step, outside scenarios (`city_items`);
- `evade`: Evade its holder has while carrying it (`reactions.evaded`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from deckwright.gamekit import Entity, Pack, RulesError, fact

ABILITIES = ("might", "agility", "will")
ATTACKS = ("melee", "ranged", "magic")
ALL_ABILITIES = "all"
# The keys of `use` that `items` plays (the others of `use` are played by `heroes`, `summoning`, `teleport`).
USE_EFFECTS = ("move", "boost", "cleanse", "injury", "unwound", "mix", "maneuvers", "curse", "revive", "banish", "last",
               "fetch", "ally_heal", "ally_mix", "mend", "bless", "purge", "harm", "drain", "afflict", "trap", "shove",
               "attack_dice", "blast", "teleporter", "swap", "peek", "herb", "relocate", "ally_unwound", "gem", "to_wound",
               "to_stamina")
# chosen when used: a Hero, an Enemy or an item
TARGETED = frozenset({"revive", "banish", "last", "fetch", "ally_heal", "ally_mix", "mend", "harm", "drain", "afflict",
                      "trap", "shove", "blast", "swap", "herb", "relocate", "ally_unwound"})
USE_VALUES = ("heal", "restore", "condition", "summon", "teleport")  # played by `heroes` and its modules
READY_EFFECTS = ("successes", "dice", "range", "gives", "slay", "area")
# Play values that are effects (an item stating none of them, only its hands or weight, does nothing in play).
EFFECT_KEYS = ("attack", "wear", "pierce", "carry", "harass", "unhurt", "socket", "raise", "recover", "on_defeat", "reveal",
               "evade", "clear_aim", "face_damage", "token_dice", "city", "on_hit", "after_attack", "face_stamina",
               "wielded", "save")


@dataclass(frozen=True)
class Ready:
    """What an item discarded before one of the Hero's attacks adds to that attack."""

    attacks: tuple[str, ...]  # the attack types it may join (all three when the card names none)
    slot: str = ""  # "arrow" or "poison": the icon a weapon in hand must show (weapon.attachments)
    successes: int = 0
    dice: int = 0
    range: int = 0  # more maximum range for a ranged or magic attack
    gives: int = -1  # the condition an Enemy damaged by the attack gains
    slay: bool = False  # the targeted Enemy is defeated unless Elite
    non_elite: bool = False  # its condition lands on a non-Elite Enemy only
    drain: bool = False  # the Hero heals the damage the targeted Enemy takes (Drain, lines 3191-3196)
    area: int = -1  # the ranged attack becomes an area attack of this reach around its target's area (-1: not)


@dataclass(frozen=True)
class Gamble:
    """A die rolled after the item is used to summon (`summoning.gamble`): the odds of its faces that hurt
    the Hero (and summon) and that summon nothing, and the damage."""

    hurt: float
    fail: float
    damage: int


@dataclass(frozen=True)
class Kept:
    """How an item used without being discarded is limited and paid for (`items_kept`)."""

    per_scenario: int = 0  # uses per scenario, the card's `once_per_scenario` (0: no such limit)
    per_turn: int = 0  # uses per turn (0: no such limit)
    stamina: int = 0  # stamina spent on each use
    condition: int = -1  # the condition the Hero gains on each use
    token: str = ""  # the item token (id) the Hero discards on each use


@dataclass(frozen=True)
class Reaction:
    """What an item does at reaction time (`reactions`): before the reactive check of an Enemy attack on its
    Hero, after one of its Hero's rolls, or as the round's turns begin."""

    prevent: bool = False  # no damage from the attack
    revenge: bool = False  # Revenge against the attack
    mirror: bool = False  # Mirror against the attack
    shields: int = 0  # shields on the attack's reactive check
    reroll: bool = False  # the roll made again
    specials: int = 0  # successes each stamina face of the Hero's attack roll gives, no stamina paid
    first: bool = False  # the Hero takes its turn first this round
    evade: int = 0  # Evade this turn, against the provoke of the Enemy the Hero is about to leave
    reroll_faces: bool = False  # the special faces of the Hero's active roll rolled again (`items_dice`)
    reroll_on: tuple[str, ...] = ()  # ... of its attacks of these types only (none: of any active roll)
    attack_dice: int = 0  # extra Action dice added to the Hero's attack roll with a weapon, after it (`items_dice`)
    reactive_dice: int = 0  # extra dice on the reactive check against the attack (`enemies.defend`)
    reactive_faces: bool = False  # the effect faces of its reactive check too (`skills_dice`, as Blurred Form's)


def reaction(raw: Mapping[str, Any]) -> Reaction | None:
    """The `react` play values of an item, None when it states none."""
    react = raw.get("react")
    if not react:
        return None
    faces = react.get("reroll_faces")
    return Reaction(prevent=bool(react.get("prevent")), revenge=bool(react.get("revenge")),
                    mirror=bool(react.get("mirror")), shields=int(react.get("shields", 0)),
                    reroll=bool(react.get("reroll")), specials=int(react.get("specials", 0)),
                    first=bool(react.get("first")), evade=int(react.get("evade", 0)),
                    reroll_faces=bool(faces), reroll_on=tuple(map(str, faces)) if isinstance(faces, list) else (),
                    attack_dice=int(react.get("attack_dice", 0)), reactive_dice=int(react.get("reactive_dice", 0)),
                    reactive_faces=bool(react.get("reactive_faces")))


@dataclass(frozen=True)
class Shield:
    """Shields an item in use (`wear`) adds to its Hero's reactive check against an Enemy attack, where the
    card's limits hold: the check's ability, the attack's type, a trait of the attacking Enemy ('' or -1: any)."""

    amount: int
    ability: int = -1
    attack: str = ""
    enemy: str = ""

    def holds(self, ability: int, attack: str, traits: Collection[str]) -> bool:
        return (self.ability < 0 or self.ability == ability) and (not self.attack or self.attack == attack) \
            and (not self.enemy or self.enemy in traits)


def shields(wear: Mapping[str, Any], key: str = "shields") -> tuple[Shield, ...]:
    """The shields of an item's `wear` (`shields`, or `face_shields`: each effect face rolled gives them): a
    number (on every reactive check), or a list of `{amount, against}`."""
    stated = wear.get(key) or 0
    if isinstance(stated, int):
        return (Shield(stated),) if stated else ()
    found = []
    for raw in stated:
        against = raw.get("against") or {}
        ability = str(against.get("ability", ""))
        found.append(Shield(int(raw["amount"]), ABILITIES.index(ability) if ability in ABILITIES else -1,
                            str(against.get("attack", "")), str(against.get("enemy", ""))))
    return tuple(found)


@dataclass(frozen=True)
class Blast:
    """An area magic attack an item makes when discarded (`items_attack`)."""

    dice: int  # Action dice rolled
    area: int  # how far from its centre area it reaches
    specials: int  # successes each special (stamina) face adds, no stamina spent


@dataclass(frozen=True)
class Wielded:
    """What an item changes of an attack it is the weapon of, of any type it serves as one (`items_wielded`)."""

    range: int = 0  # more maximum range (a ranged or magic attack)
    dice: int = 0  # extra Action dice rolled
    stamina: int = 0  # added to the stamina the action costs (less when negative, never below 0)
    levels: frozenset[int] = frozenset()  # the stamina changed only for actions of these levels (none: any)


def wielded(raw: Mapping[str, Any] | None) -> Wielded | None:
    """The `wielded` play values, None when the item states none."""
    if not raw:
        return None
    return Wielded(int(raw.get("range", 0)), int(raw.get("dice", 0)), int(raw.get("stamina", 0)),
                   frozenset(map(int, raw.get("levels") or ())))


@dataclass(frozen=True)
class FaceDamage:
    """While the item is active: each special face of its Hero's attack of these types may give
    `successes` for `damage` suffered instead of stamina (`items_dice`)."""

    attacks: tuple[str, ...]
    damage: int
    successes: int


@dataclass(frozen=True)
class Gives:
    """A condition the item gives when it is the weapon of its Hero's attack (`items_hits`): to an Enemy the
    attack damages (`on_hit`) or to the Hero after the attack (`after_attack`)."""

    condition: int
    per_face: bool = False  # one Enemy for each special face the attack rolled (the face still buys successes)
    non_elite: bool = False  # no Elite Enemy gains it
    traits: frozenset[str] = frozenset()  # an Enemy gains it only with one of these traits (none: any)
    stamina: int = 0  # the stamina the Hero pays for each condition given


def gives(raw: Mapping[str, Any] | None, cond: Callable[..., int]) -> Gives | None:
    """The `on_hit` or `after_attack` play values, None when the item states none."""
    if not raw:
        return None
    return Gives(cond(raw["condition"]), bool(raw.get("per_face")), bool(raw.get("non_elite")),
                 frozenset(map(str, raw.get("traits") or ())), int((raw.get("cost") or {}).get("stamina", 0)))


@dataclass(frozen=True)
class Effects:
    """An item's effects that `items` plays (the Item's other fields hold those `heroes` plays)."""

    use: tuple[str, ...] = ()  # the USE_EFFECTS its discard has
    move: int = 0
    boost: int = 0
    ability: int = -1  # the ability `boost` raises (-1: all three)
    cleanse: int = 0
    injury: int = 0
    maneuvers: int = 0
    mix: int = 0  # restore and heal in any combination up to this
    curse: int = -1  # the condition every Enemy in range gains
    range: int = 0  # how far a targeted use reaches
    only: frozenset[str] = frozenset()  # Enemy traits a banish needs
    ready: Ready | None = None
    pierce: int = 0
    carry: int = 0
    immune: frozenset[int] = frozenset()  # conditions its holder never gains
    slots: frozenset[str] = frozenset()  # a weapon's icons: arrow, poison, gem
    harass: int = 0  # a pet's damage to an Enemy leaving its Hero's area
    unhurt: int = -1  # the condition its Hero gains after an Enemy attack that did it no damage
    socket: tuple[int, int] = (0, 0)  # a gem token's (successes, dice) on attacks with a gem-slot weapon
    kept: Kept | None = None  # used without being discarded (its limits and costs), None: discarded
    amount: int = 0  # how much an ally_heal, ally_mix, harm, drain, shove, gem or chip flip does (a shove: areas moved)
    bless: int = -1  # the condition every Ally within range gains (an ally's `curse`)
    afflict: int = -1  # the condition one Enemy within range gains
    recover: tuple[int, int] = (0, 0)  # (restored, healed) extra on a Recover after a magic attack this turn
    react: Reaction | None = None  # what it does at reaction time (`reactions`)
    attack_dice: int = 0  # a use: extra dice on each of the Hero's attacks this turn (`items`)
    blast: Blast | None = None  # a use: an area magic attack on a centre area within `range` (`items_attack`)
    defeat_mix: int = 0  # a gem token: restored and healed in any combination on each defeat with its weapon
    on_defeat: int = -1  # the condition its Hero gains each time it defeats an Enemy (`items_carried`)
    defeat_restore: int = 0  # the spent stamina its Hero restores each time it defeats an Enemy (`items_carried`)
    defeat_heal: int = 0  # the damage its Hero heals each time it defeats an Enemy (`items_carried`)
    defeat_weapon: bool = False  # its on-defeat effects act only on a defeat by an attack it is the weapon of
    reveal: int = 0  # more range at which its Hero reveals story points, in sight, but those of range 0
    clear_aim: bool = False  # its Hero's attacks ignore obstructed aim
    face_damage: FaceDamage | None = None  # while active (`items_dice`)
    token_dice: tuple[str, int] = ("", 0)  # while active: a readied token (id) rolls this many dice instead
    teleporter: str = ""  # the colour of the Teleport token it places in the Hero's area (`teleport.place`)
    swap: int = 0  # places swapped with an Ally, each restoring this much stamina (`items_checked`)
    herb: str = ""  # the shape of the Herb token it gains from the Stock
    relocate: int = -1  # the most encumbrance of an item it sends to the Hero holding its pair (-1: none)
    peek: bool = False  # the top Initiative card revealed and put back on top or at the bottom
    check: tuple[int, int] = (-1, 0)  # (ability, target) of the active check its use waits on (-1: none)
    gamble: Gamble | None = None  # the die its summon waits on
    phrases: frozenset[str] = frozenset()  # its card's phrases, which checks' modifiers may name (`items_carried`)
    on_hit: Gives | None = None  # as the weapon of an attack: the condition an Enemy it damages gains
    after_attack: Gives | None = None  # as the weapon of an attack: the condition its Hero gains after it
    face_stamina: tuple[tuple[str, ...], int] = ((), 0)  # (attack types, none: every roll; stamina a face buys with)
    evade: int = 0  # Evade its holder has while it carries it, against one Enemy's provoke a turn (`reactions.evaded`)
    # in use: (wound-side chips needed, successes, attack types) on its Hero's attacks (`items_carried`)
    wounded_successes: tuple[int, int, tuple[str, ...]] = (0, 0, ())
    wielded: Wielded | None = None  # as the weapon of an attack: its range, dice and stamina cost changed
    other_attacks: tuple[str, ...] = ()  # attack types it is a weapon for besides its `attack`
    save: frozenset[str] = frozenset()  # categories of items discarded in an attack with it that a die may save


NONE = Effects()


def immune(items: tuple[Any, ...], carried: tuple[int, ...], condition: int) -> str:
    """The item the Hero carries that makes it immune to the condition (its card's `immune`), '' if none."""
    return next((items[i].id for i in carried if condition in items[i].effects.immune), "")


def card_values(pack: Pack, item: str) -> Mapping[str, Any]:
    """The play values the item's card (or token) states (empty when it states none)."""
    card = pack.by_id.get(item)
    return (card.get("play") or {}) if card is not None and card.type in ("item", "item-token") else {}


def values(pack: Pack, raw: Mapping[str, Any]) -> dict[str, Any]:
    """A Hero board's `items` entry with the card's play values it does not state itself: those of the card's
    trained side (`trained`) over the others when the entry says the pet is trained."""
    card = card_values(pack, str(raw["item"]))
    trained = card.get("trained") if raw.get("trained") is True else None
    return {**card, **trained, **raw} if isinstance(trained, Mapping) else {**card, **raw}


def played_board(pack: Pack, board: Entity) -> Entity:
    """The board with each carried item's card values filled in, and the encumbrance its backpacks add."""
    raws = [values(pack, raw) for raw in board.get("items") or []]
    if not raws:
        return board
    data = dict(board.data)
    data["items"] = raws
    carry = sum(int(raw.get("carry", 0)) for raw in raws)
    if carry:
        data["encumbrance"] = int(board.get("encumbrance", 0)) + carry
    raised = [part for raw in raws if raw.get("raise") for part in _raised(raw["raise"], board.get("class"))]
    if raised:  # an ability the item raises while carried (by a Hero of the class a part names)
        abilities = dict(board.get("abilities") or {})
        for raise_ in raised:
            for ability, by in raise_.items():
                abilities[ability] = int(abilities.get(ability, 0)) + int(by)
        data["abilities"] = abilities
    return dataclasses.replace(board, data=data)


def _raised(stated: Any, hero_class: Any) -> list[dict[str, int]]:
    """The abilities a `raise` raises for a Hero of `hero_class`: all of one mapping, or those of each entry of a
    list whose `class` is the Hero's."""
    parts = stated if isinstance(stated, list) else [stated]
    return [{k: int(v) for k, v in part.items() if k != "class"} for part in parts
            if part.get("class", hero_class) == hero_class]


def plays(raw: Mapping[str, Any], card: Entity | None = None) -> bool:
    """Whether the engine plays something of these play values (an effect, not only hands or weight), or
    of the card's `immune` conditions."""
    use = raw.get("use") or {}
    return (any(raw.get(key) for key in EFFECT_KEYS) or bool(raw.get("ready")) or bool(raw.get("react"))
            or any(use.get(key) for key in USE_EFFECTS + USE_VALUES) or bool(card is not None and card.get("immune")))


def pays_with(raw: Mapping[str, Any]) -> str:
    """The item token (id) an item's use, or one of its other options' (`options`), costs (`keep.cost.token`)
    or whose dice it changes (`token_dice`), '' if none."""
    return next((token for values in (raw, *(raw.get("options") or ()))
                 if (token := str(((values.get("keep") or {}).get("cost") or {}).get("token")
                                  or (values.get("token_dice") or {}).get("token") or ""))), "")


def options(pack: Pack, item: str) -> list[tuple[dict[str, Any], bool]]:
    """The other options of the item's card (`play.options`: each the play values of one use the Hero may make
    in place of the card's `use`), each with whether it counts its uses apart from the card's: an option
    stating its own limits (`keep`, `once_per_scenario`) does; the others share the card's `keep` and
    `once_per_scenario` ("once per scenario, one of the following")."""
    card = card_values(pack, item)
    found = []
    for option in card.get("options") or ():
        apart = "keep" in option or "once_per_scenario" in option
        # an option apart is limited by what it states alone, not by the card's `once_per_scenario`
        shared = {"once_per_scenario": 0} if apart else {key: card[key] for key in ("keep", "once_per_scenario") if key in card}
        found.append(({"item": item, **({"rules": card["rules"]} if "rules" in card else {}), **shared, **option}, apart))
    return found


def paid_with(pack: Pack, items: Collection[str]) -> frozenset[str]:
    """The item tokens the items (ids, as their cards state them) pay with or change the dice of."""
    return frozenset(token for item in items if (token := pays_with(card_values(pack, item))))


def plays_card(pack: Pack, item: str) -> bool:
    """Whether the engine plays the item as its card states it (`play` and `immune`)."""
    return plays(card_values(pack, item), pack.by_id.get(item))


def effects(pack: Pack, raw: Mapping[str, Any], cond: Callable[..., int]) -> Effects:
    """The effects `items` plays of one carried item's values (`values`), conditions as indices."""
    use = raw.get("use") or {}
    ready = raw.get("ready")
    card = pack.by_id.get(str(raw["item"]))
    immune = frozenset(cond(c) for c in ((card.get("immune") or ()) if card is not None else ()))
    slots = (card.get("slots") or {}) if card is not None else {}
    ability = str(use.get("ability", ALL_ABILITIES))
    socket = raw.get("socket") or {}
    found = Effects(
        tuple(key for key in USE_EFFECTS if use.get(key)), int(use.get("move", 0)), int(use.get("boost", 0)),
        ABILITIES.index(ability) if ability in ABILITIES else -1, int(use.get("cleanse", 0)),
        int(use.get("injury", 0)), int(use.get("maneuvers", 0)), int(use.get("mix", 0)),
        cond(use.get("curse"), optional=True), int(use.get("range", 0)),
        frozenset(map(str, use.get("only") or ())),
        Ready(tuple(map(str, ready.get("attacks") or ATTACKS)), str(ready.get("slot", "")),
              int(ready.get("successes", 0)), int(ready.get("dice", 0)), int(ready.get("range", 0)),
              cond(ready.get("gives"), optional=True), bool(ready.get("slay")), bool(ready.get("non_elite")),
              bool(ready.get("drain")), int(ready.get("area", -1)))
        if ready else None,
        int(raw.get("pierce", 0)), int(raw.get("carry", 0)), immune,
        frozenset(k for k in ("arrow", "poison", "gem") if slots.get(k)), int(raw.get("harass", 0)),
        cond(raw.get("unhurt"), optional=True), (int(socket.get("successes", 0)), int(socket.get("dice", 0))),
        _kept(raw, card, cond), int(next((use[k] for k in ("ally_heal", "ally_mix", "harm", "drain", "shove", "gem", "to_wound", "to_stamina") if use.get(k)), 0)),
        cond(use.get("bless"), optional=True), cond(use.get("afflict"), optional=True),
        (int((raw.get("recover") or {}).get("restore", 0)), int((raw.get("recover") or {}).get("heal", 0))))
    react = reaction(raw)
    if react is not None:
        found = dataclasses.replace(found, react=react)
    found = dataclasses.replace(found, **_more(raw, cond))
    if use.get("teleporter"):
        found = dataclasses.replace(found, teleporter=str(use["teleporter"]))
    if use.get("herb") or "relocate" in use:
        found = dataclasses.replace(found, herb=str(use.get("herb", "")), relocate=int(use.get("relocate", -1)))
    if use.get("swap") or use.get("peek"):
        found = dataclasses.replace(found, swap=int(use.get("swap", 0)), peek=bool(use.get("peek")))
    if raw.get("gamble"):
        found = dataclasses.replace(found, gamble=_gamble(pack, raw))
    if card is not None and card.get("phrases"):
        found = dataclasses.replace(found, phrases=frozenset(map(str, card.get("phrases"))))
    check = raw.get("check")
    if check:
        found = dataclasses.replace(found, check=(ABILITIES.index(str(check["ability"])), int(check["target"])))
    return NONE if found == NONE else found


def _more(raw: Mapping[str, Any], cond: Callable[..., int]) -> dict[str, Any]:
    """The effects of `items_carried`, `items_attack` and `items_dice` (and `use.attack_dice`)."""
    use = raw.get("use") or {}
    blast = use.get("blast")
    faces = raw.get("face_damage")
    token = raw.get("token_dice") or {}
    defeat = raw.get("on_defeat") or {}
    face_stamina = raw.get("face_stamina") or {}
    wounded = (raw.get("wear") or {}).get("wounded_successes") or {}
    return {
        "attack_dice": int(use.get("attack_dice", 0)),
        "blast": Blast(int(blast["dice"]), int(blast.get("area", 0)), int(blast.get("specials", 0))) if blast else None,
        "defeat_mix": int((raw.get("socket") or {}).get("mix", 0)),
        "on_defeat": cond(defeat.get("condition"), optional=True),
        "defeat_restore": int(defeat.get("restore", 0)),
        "defeat_heal": int(defeat.get("heal", 0)),
        "defeat_weapon": bool(defeat.get("weapon")),
        "reveal": int(raw.get("reveal", 0)),
        "clear_aim": bool(raw.get("clear_aim")),
        "face_damage": FaceDamage(tuple(map(str, faces.get("attacks") or ATTACKS)), int(faces["damage"]),
                                  int(faces["successes"])) if faces else None,
        "token_dice": (str(token.get("token", "")), int(token.get("dice", 0))),
        "on_hit": gives(raw.get("on_hit"), cond),
        "after_attack": gives(raw.get("after_attack"), cond),
        "face_stamina": (tuple(map(str, face_stamina.get("attacks") or ())), int(face_stamina.get("stamina", 0))),
        "evade": int(raw.get("evade", 0)),
        "wounded_successes": (int(wounded["wounds"]), int(wounded["successes"]),
                              tuple(map(str, wounded.get("attacks") or ATTACKS))) if wounded else (0, 0, ()),
        "wielded": wielded(raw.get("wielded")),
        "other_attacks": tuple(map(str, raw.get("other_attacks") or ())),
        "save": _save(raw),
    }


def _save(raw: Mapping[str, Any]) -> frozenset[str]:
    """The categories of the items whose discard a die may save (`save`): one Action die, its special face."""
    save = raw.get("save")
    if not save:
        return frozenset()
    if (str(save.get("die", "action")), str(save.get("face", "special"))) != ("action", "special"):
        raise RulesError(f"item '{raw['item']}' saves on a {save.get('die')} die's {save.get('face')} face; the engine "
                         "rolls an Action die for its special face")
    return frozenset(map(str, save["categories"]))


def _gamble(pack: Pack, raw: Mapping[str, Any]) -> Gamble:
    """The odds of the faces the card names, on the die it names (its faces: the fact `<die>_die.faces`)."""
    gamble = raw["gamble"]
    faces = [str(face) for face in fact(pack, f"{gamble['die']}_die.faces")]
    named = [str(gamble["hurt"]), str(gamble["fail"])]
    missing = [face for face in named if face not in faces]
    if missing:
        raise RulesError(f"item '{raw['item']}' rolls for faces {missing} its {gamble['die']} die does not have ({faces})")
    return Gamble(faces.count(named[0]) / len(faces), faces.count(named[1]) / len(faces), int(gamble["damage"]))


def _kept(raw: Mapping[str, Any], card: Entity | None, cond: Callable[..., int]) -> Kept | None:
    """The limits and costs of an item used without being discarded (`keep`, or uses per scenario its card
    states: `once_per_scenario`, which a board's entry may state again), None when it is discarded."""
    keep = raw.get("keep")
    limit = per_scenario(raw, card)
    if keep is None and not limit:
        return None
    cost = (keep or {}).get("cost") or {}
    return Kept(limit, int((keep or {}).get("per_turn", 0)), int(cost.get("stamina", 0)),
                cond(cost.get("condition"), optional=True), str(cost.get("token", "")))


def per_scenario(raw: Mapping[str, Any], card: Entity | None) -> int:
    """The uses per scenario of a kept item: the board entry's `once_per_scenario`, else its card's (0: none)."""
    stated = raw.get("once_per_scenario", card.get("once_per_scenario") if card is not None else None)
    return int(stated or 0)
