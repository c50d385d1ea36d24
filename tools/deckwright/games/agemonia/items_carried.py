"""What an item does while its Hero carries it, when the Hero defeats an Enemy, reveals a story point or
aims an attack (rulebook lines 4982-4983: the Amulet of Shonosh; 5119-5120: the Staff of Phaedra;
5121-5124: the Shadow Goggles; 5262-5266: the Runic Diamond), as its card's `play` states it
(`items_values`):
- `on_defeat: {condition, restore, heal, weapon}`: each time the Hero defeats an Enemy, by whatever damage
  of its own (`defeats`), it gains the condition, restores that much spent stamina and heals that much
  damage; with `weapon`, only when the damage came from an attack the item is the weapon in hand of (the
  Staff: "for each Enemy you defeat during this attack");
- `socket: {mix}` (a gem token): each time an attack with the weapon it sits on defeats an Enemy, the Hero
  restores spent stamina and heals damage in any combination up to `mix` (healing first, as the engine
  does for every such mix); a gem sits on a weapon in hand of the attack's type that has a gem slot
  (`placed`, which also gives the gems whose successes and dice join the attack: `items`);
- `reveal`: the Hero reveals a story point from that much further than its range, when it sees the
  story point's area, save a story point of range 0 (`story.trigger_story`);
- `clear_aim`: the Hero's attacks take no obstructed aim penalty (`heroes.land_attack`);
- `face_stamina: {stamina, attacks}`: each special face of the Hero's roll (an attack of those types, or
  any roll, checks too, when the card names none) buys successes with up to `stamina` stamina instead of
  `action_die.special.max_stamina` (`story.buy_successes`); an item with hands (the Quothian Dirk) only
  while in hand, one without (the Wyldkin Band) while carried;
- `wear.wounded_successes: {wounds, successes, attacks}`: while the item is in use (worn: `skills_armor`), the
  Hero's attacks of those types gain `successes` when at least `wounds` of its Stamina chips are wound side up
  (the Dark Abbot's Robe, line 4940: as the Class Skill Blood Bond does, `skills.extra_successes`);
- `phrases` (the card's, not its `play`): a check that shows a modifier for a phrase (lines 976-992: "Item
  card phrase") adds its successes when an item the Hero carries shows the phrase (`phrase_successes`:
  the disarm check's `trap.disarm_phrases`, line 2976; Gric: Herbalism, the Geomantic Remaker: Lock
  picking, Disarm traps).
A Non-Hero Ally carries no items.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from deckwright.games.agemonia import figures
from deckwright.games.agemonia.figures import HERO
from deckwright.games.agemonia.gear import hands, in_hand
from deckwright.games.agemonia.items_values import Effects
from deckwright.games.agemonia.state import State
from deckwright.games.agemonia.table import Item


def placed(s: State, hero: int, attack: str) -> list[Item]:
    """The gem tokens the Hero carries that sit on its weapons in hand of the attack's type with a gem slot:
    at most `weapon.attachments.tokens_per_gem_slot` per slot, in carried order, the weapons' slots taken in
    turn."""
    t = s.table
    if t.heroes[hero].ally:
        return []
    gems = [t.items[i] for i in s.h_items[hero] if _gem(t.items[i])]
    if not gems:
        return []
    slots = sum(1 for i in in_hand(s, hero) if t.items[i].attack == attack and "gem" in t.items[i].effects.slots)
    return gems[:slots * int(t.rules["weapon.attachments"]["tokens_per_gem_slot"])]


def _gem(item: Item) -> bool:
    return item.effects.socket != (0, 0) or item.effects.defeat_mix > 0


def defeated(s: State, hero: int, weapon: str) -> None:
    """The Hero, not exhausted, defeated an Enemy (`defeats`); `weapon`: the attack type whose weapon in hand
    the damage used ('' for none: an area attack, an item's attack, a Riposte, ...)."""
    t = s.table
    wielded = hands(s, hero).weapons.get(weapon) if weapon else None
    for index in sorted(set(s.h_items[hero])):
        effects = t.items[index].effects
        if effects.defeat_weapon and index != wielded:
            continue
        if effects.on_defeat >= 0:
            s.use(t.items[index].id)
            s.use("item-effect:on-defeat")
            figures.gain(s, HERO, hero, effects.on_defeat, "item")
        if effects.defeat_restore:
            s.use(t.items[index].id)
            s.use("item-effect:defeat-restore")
            figures.restore_hero(s, hero, effects.defeat_restore)
        if effects.defeat_heal:
            s.use(t.items[index].id)
            s.use("item-effect:defeat-heal")
            figures.heal_hero(s, hero, effects.defeat_heal)
    for gem in placed(s, hero, weapon) if weapon else ():
        mix = gem.effects.defeat_mix
        if mix:
            s.use(gem.id)
            s.use("item-effect:defeat-mix")
            figures.restore_hero(s, hero, mix - figures.heal_hero(s, hero, mix))


def phrase_successes(s: State, hero: int, modifiers: Mapping[str, int], record: bool = False) -> int:
    """The successes a check's phrase `modifiers` (phrase: successes) add for the items the Hero carries,
    each phrase once; `record`: the items that give them are recorded as used."""
    t = s.table
    total = 0
    for phrase, successes in sorted(modifiers.items()):
        shown = [index for index in sorted(set(s.h_items[hero])) if phrase in t.items[index].effects.phrases]
        if shown:
            total += int(successes)
            if record:
                s.use(t.items[shown[0]].id)
                s.use(f"item-phrase:{phrase}")
    return total


def reveal(s: State, hero: int) -> int:
    """How much further than a story point's range the Hero's items let it reveal one it sees."""
    t = s.table
    return max((t.items[i].effects.reveal for i in s.h_items[hero]), default=0)


def revealed(s: State, hero: int) -> None:
    """A story point was revealed from further than its range: the items that let it are used."""
    _used(s, hero, lambda e: bool(e.reveal), "reveal")


def clear_aim(s: State, hero: int) -> bool:
    """Whether an item the Hero carries spares its attack the obstructed aim penalty (recorded when it does)."""
    return _used(s, hero, lambda e: e.clear_aim, "clear-aim")


def face_stamina(s: State, hero: int, attack: str) -> tuple[int, str]:
    """The most stamina a special face of the Hero's roll (an attack of type `attack`, '' for a check) buys
    successes with by an item's `face_stamina`, and that item (id); (0, '') when no item raises it."""
    t = s.table
    best, by = 0, ""
    for index in sorted(set(s.h_items[hero])):
        item = t.items[index]
        attacks, most = item.effects.face_stamina
        if most > best and (not attacks or attack in attacks) and (not item.hands or index in in_hand(s, hero)):
            best, by = most, item.id
    return best, by


def _used(s: State, hero: int, has: Callable[[Effects], bool], effect: str) -> bool:
    """Whether the Hero carries an item with this effect; each such item is recorded as used."""
    t = s.table
    found = False
    for index in sorted(set(s.h_items[hero])):
        if has(t.items[index].effects):
            s.use(t.items[index].id)
            s.use(f"item-effect:{effect}")
            found = True
    return found


def wounded_successes(s: State, hero: int, attack: str) -> int:
    """The successes the items the Hero has in use add to its attack of this type for its wound-side chips."""
    t = s.table
    total = 0
    for index, _ in s.h_worn[hero]:
        wounds, successes, attacks = t.items[index].effects.wounded_successes
        if successes and attack in attacks and s.h_wounds[hero] >= wounds:
            total += successes
            s.use(t.items[index].id)
            s.use("item-effect:wounded-successes")
    return total
