"""How the greedy and heuristic policies value an item choice (`items`): an item is used when it helps now.

- readied for an attack the selected action can make now (more when it slays, or adds the most);
- dice on each attack this turn (the Amulet of Power), before an attack the selected action can make now;
- an item's area attack (the Cube of Annihilation, a maneuver) where it hits the most Enemies, 7 and 2 an
  Enemy: after the Hero's attack action (about 10) when it hits a single Enemy, before it when more;
- a discard: a boost before an attack of the raised ability; a cleanse, an Injury or wounded status
  removed, a restore-or-heal mix, when the Hero has them to lose; an exhausted Hero brought back, an
  Enemy banished (both worth more than an attack); Enemies in range cursed; a lethargic Enemy that
  would attack; an item fetched to pick up; a Move when there is nothing to attack here; maneuvers when
  the Hero has none left; an Enemy in range harmed or drained (worth less than an attack), or afflicted;
  an Ally in range mended when it lost at least two; Allies in range blessed or rid of their conditions;
  a Teleport token placed where it links to a token of its colour at least `FAR` moves away (a shortcut
  for the way back), or, as the first of its colour, when the Hero can pay for a second; a puzzle box's
  check (`items_checked.value`); the Herb token the Hero needs most (any, when nothing better is left);
  an item sent to the Hero holding the pair when it heals or restores at least two there; a wounded Ally
  rid of its wounded status; an Inspiration gem for a token no other item of the Hero's may still use; a
  spent chip turned over as Energy Infusion's is (`kit_policy.flip_value`). A token an
  item the Hero keeps is paid with is not readied for an attack while that item may still be used.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import figures, items, items_checked, items_kept
from deckwright.games.agemonia.heroes import selected, targets
from deckwright.games.agemonia.kit_policy import flip_value
from deckwright.games.agemonia.state import State

KINDS = frozenset({"item", "ready"})
FAR = 2  # moves between two Teleport tokens that make the link worth a maneuver


def value(s: State, hero: int, action: tuple[Any, ...]) -> float:
    t = s.table
    item = t.items[action[1]]
    e = item.effects
    attacking = s.acts > 0 and selected(s, hero).kind == "attack" and bool(targets(s, hero, selected(s, hero)))
    if action[0] == "ready":
        ready = e.ready
        if not attacking or ready is None or _pays_for(s, hero, item.id):
            return -1.0
        return 11.0 if ready.slay else 10.5 + 0.1 * (ready.successes + ready.dice + ready.range + (ready.gives >= 0))
    if len(action) > 2 and "blast" in e.use:
        from deckwright.games.agemonia.items_attack import hits

        return 7.0 + 2.0 * len(hits(s, hero, item, ~action[2]))
    if e.check[0] >= 0:
        return items_checked.value(s, hero, action[1], action[2] if len(action) > 2 else -1)
    if e.herb:  # the Herb the Hero needs most now; any is worth taking once nothing better is left
        herb = t.items[action[2]]
        return 0.6 + min(herb.heal, s.h_wounds[hero]) + min(herb.restore, s.h_spent[hero])
    if e.relocate >= 0:  # a potion to the Hero holding the pair, when it is hurt or spent
        other, sent = items.pair(s, hero, action[1]), t.items[action[2]]
        need = min(sent.heal, s.h_wounds[other]) + min(sent.restore, s.h_spent[other])
        return 2.0 + need if need >= 2 else -1.0
    if len(action) > 2:
        return _targeted(s, e.use, action[2])
    if e.attack_dice:  # before the attack it adds to
        return 10.8 if attacking else -1.0
    if e.boost:  # before the attack it raises (attacks are worth about 10)
        ability = selected(s, hero).ability if attacking else -2
        return 10.8 if e.ability in (-1, ability) and attacking else -1.0
    if e.teleporter:
        return _placed_value(s, hero, index=action[1])
    if e.curse >= 0 or e.bless >= 0:
        return 4.0
    if "purge" in e.use:
        return 3.0
    if "unwound" in e.use:
        return 5.0
    if "gem" in e.use:  # a die on a later roll, for a token no other item of the Hero's may still use
        card = item.option_of if item.option_of >= 0 else action[1]
        token = e.kept.token if e.kept is not None else ""
        return -1.0 if _pays_for(s, hero, token, but=card) else 2.0
    if "to_wound" in e.use or "to_stamina" in e.use:  # as Energy Infusion's flips
        return flip_value(s, hero, to_stamina="to_stamina" in e.use)
    if e.injury or e.cleanse:
        return 3.0
    if e.mix:
        return 3.5 if s.h_wounds[hero] + s.h_spent[hero] >= 2 else -1.0
    if e.move:
        return 1.2 if not attacking and not figures.enemy_count(s, s.h_area[hero]) else -1.0
    if e.maneuvers:
        return 0.6 if s.maneuvers <= 0 else -1.0
    return -1.0


def _pays_for(s: State, hero: int, token: str, but: int = -1) -> bool:
    """Whether the token is what an item the Hero keeps (other than `but`), and may still use, costs (a Blood
    Crystal kept for the Aox Flask's summon rather than spent on an attack)."""
    t = s.table
    return any((kept := t.items[i].effects.kept) is not None and kept.token == token
               and items_kept.available(s, hero, i) for i in set(s.h_items[hero]) if i != but)


def _placed_value(s: State, hero: int, index: int) -> float:
    """A Teleport token placed here: worth a Move when a token of its colour lies `FAR` moves away or more
    (it links them); as its colour's first, a little, if the Hero can place another later."""
    from deckwright.games.agemonia.teleport import areas_of

    t = s.table
    here = s.h_area[hero]
    others = areas_of(s, t.items[index].effects.teleporter)
    if others:
        return 2.5 if max(t.move_dist[here][a] for a in others) >= FAR else -1.0
    kept = t.items[index].effects.kept
    tokens = sum(1 for i in s.h_items[hero] if kept is not None and t.items[i].id == kept.token)
    return 0.7 if tokens >= 2 else -1.0


def _targeted(s: State, use: tuple[str, ...], target: int) -> float:
    """A use aimed at a Hero, an Enemy or an item."""
    if "revive" in use or "banish" in use:
        return 11.5
    if "ally_unwound" in use:
        return 5.0
    if "harm" in use or "drain" in use:
        return 6.0
    if "afflict" in use:
        return 3.0
    if "trap" in use:  # where an Enemy stands and no Ally
        return 2.0 if figures.enemy_count(s, ~target) and not figures.ally_count(s, ~target) else -1.0
    if "ally_heal" in use or "ally_mix" in use or "mend" in use:
        return 3.5 if s.h_wounds[target] + s.h_spent[target] * ("ally_mix" in use) >= 2 else -1.0
    return 1.5 if "last" in use else 1.0
