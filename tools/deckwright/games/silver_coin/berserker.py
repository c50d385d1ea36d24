"""The Berserker (lines 1359-1374).

Wounded, the Berserker rolls its die with every battle round's roll (and again when the white dice are
rerolled): a number adds to the round's total, a Heart takes health unless the Berserker pays Physical
Flow to prevent it, or Protection Magic, which prevents damage in battle (line 1057), is cast against it
at its price (by the Berserker, or in a company by a member the pack lets cast it on another's round). For each damage it takes it may turn Physical Flow into Rage (more at its last
health). Each Flow round it either turns Physical Flow into Rage (up to the fact's number) or removes a
Locked Cube above a Rage ability; an ability whose cubes are all removed may be used for its Rage: a
Heart also hurts the monster, a rolled 1 counts as more, the die is rerolled once a battle round. The
book's fourth Rage ability is illegible: the pack names the one it plays (`berserker.rage.fourth.ability`,
assumed; 'none' plays none), Frenzy, which adds to a battle round's total once a round, rolled die or
not, with its own cost and Locked Cubes. The die's faces, the abilities' Rage costs and their Locked
Cubes are not printed: the pack states them as assumed facts.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin import spells
from deckwright.games.silver_coin.characters import is_
from deckwright.games.silver_coin.state import Fight, State

BERSERKER = "berserker"
HEART, NUMBER_1, REROLL, FRENZY = "heart", "number-1", "reroll", "frenzy"
PREVENT_HEART, PROTECT_HEART = "prevent-heart", "protect-heart"
KINDS: tuple[str, ...] = ("rage-convert", "rage-unlock")
Action = tuple[Any, ...]
WORTH = {PREVENT_HEART: 4, PROTECT_HEART: 3.5, "rage-heart": 5, "rage-number-1": 5, "rage-reroll": 2, "to-rage": 1,
         "rage-frenzy": 4.5}
"""What a planning player makes of each action (a battle step's scores)."""


def _fight(state: State) -> Fight:
    assert state.fight is not None
    return state.fight


def rolls(state: State, seat: int) -> bool:
    """Whether the Berserker Die joins this roll: the Berserker is wounded."""
    hunter = state.hunters[seat]
    return hunter.health < hunter.max_health and is_(state, seat, BERSERKER)


def strength(state: State) -> int:
    """What the die adds to the round's total: its number (a 1 counted up by the Rage ability), and Frenzy's."""
    fight = _fight(state)
    frenzy = state.table.rules.rage_frenzy_strength if "rage-frenzy" in fight.done else 0
    if not fight.berserk.isdigit():
        return frenzy
    if fight.berserk == "1" and "rage-number-1" in fight.done:
        return state.table.rules.rage_one_counts + frenzy
    return int(fight.berserk) + frenzy


def abilities(state: State) -> tuple[tuple[str, int, int], ...]:
    """(ability, Rage cost, Locked Cubes) of each Rage ability the pack plays: the book's legible three
    and the fourth the pack supplies for the illegible one."""
    rules = state.table.rules
    found = tuple(zip(rules.rage_abilities, rules.rage_cost, rules.rage_locks))
    return found + (((rules.rage_fourth, rules.rage_fourth_cost, rules.rage_fourth_locks),)
                    if rules.rage_fourth != "none" else ())


def _ability(state: State, ability: str) -> tuple[str, int, int] | None:
    return next((entry for entry in abilities(state) if entry[0] == ability), None)


def ready(state: State, seat: int, ability: str) -> bool:
    """Whether a Rage ability is fully unlocked and the Berserker holds its Rage."""
    entry = _ability(state, ability)
    if entry is None:
        return False
    hunter = state.hunters[seat]
    return hunter.unlocked.count(ability) >= entry[2] and hunter.rage >= entry[1]


def in_round(state: State, seat: int) -> list[Action]:
    """After the die is rolled: prevent a Heart, use a Rage ability."""
    fight = _fight(state)
    hunter = state.hunters[seat]
    if not is_(state, seat, BERSERKER):
        return []
    found: list[Action] = [("rage-frenzy",)] if "rage-frenzy" not in fight.done and ready(state, seat, FRENZY) else []
    if not fight.berserk:
        return found
    heart = fight.berserk == HEART and PREVENT_HEART not in fight.done
    if heart and hunter.physical >= state.table.rules.heart_prevent:
        found.append((PREVENT_HEART,))
    if heart:
        found += [(PROTECT_HEART, caster) for caster in spells.casters(state)]
    for ability, wanted in ((HEART, heart), (NUMBER_1, fight.berserk == "1"), (REROLL, True)):
        if wanted and f"rage-{ability}" not in fight.done and ready(state, seat, ability):
            found.append((f"rage-{ability}",))
    return found


def apply(state: State, seat: int, action: Action) -> None:
    fight = _fight(state)
    hunter = state.hunters[seat]
    rules = state.table.rules
    kind = action[0]
    fight.done += (kind,)
    if kind == PREVENT_HEART:
        hunter.physical -= rules.heart_prevent
        state.note("berserker-prevents-heart")
        return
    if kind == PROTECT_HEART:
        caster = action[1]
        state.hunters[caster].magical -= spells.protection_cost(state, caster)
        fight.done += (PREVENT_HEART,)  # settled as a prevented Heart
        state.note("protection-magic-against-heart")
        return
    ability = kind.removeprefix("rage-")
    entry = _ability(state, ability)
    assert entry is not None
    hunter.rage -= entry[1]
    state.note(f"berserker-rage-{ability}")
    if ability == HEART:
        fight.dealt += rules.rage_heart_damage
    elif ability == REROLL:
        fight.done = tuple(d for d in fight.done if d not in (PREVENT_HEART, PROTECT_HEART))  # its Heart was settled
        fight.berserk = ""
        state.chance = ("berserk",)


def frenzy_worth(state: State) -> float:
    """Frenzy is worth its Rage when it saves the round (a tie or better where the roll loses)."""
    fight = _fight(state)
    total = fight.color + fight.white + strength(state) + state.table.rules.rage_frenzy_strength
    return WORTH["rage-frenzy"] if total >= fight.target else -1


def settle(state: State, seat: int) -> bool:
    """The round's Heart takes its health (unless prevented); False when that was the last health."""
    fight = _fight(state)
    if fight.berserk != HEART or PREVENT_HEART in fight.done:
        return True
    rules = state.table.rules
    hunter = state.hunters[seat]
    state.note("berserker-heart-wounds")
    if hunter.health - rules.heart_loss < rules.health_bottom:
        return False
    hunter.health -= rules.heart_loss
    took_damage(state, seat, rules.heart_loss)
    return True


def took_damage(state: State, seat: int, damage: int) -> None:
    """Damage lets the Berserker turn Physical Flow into Rage: more per damage at its last health."""
    if not is_(state, seat, BERSERKER) or state.fight is None:
        return
    rules = state.table.rules
    hunter = state.hunters[seat]
    per, last = rules.rage_per_damage
    state.fight.rage_room += damage * (last if hunter.health <= rules.health_bottom else per)


def after_round(state: State, seat: int) -> list[Action]:
    """Between rounds: turn the Physical Flow the damage allows into Rage."""
    fight = _fight(state)
    hunter = state.hunters[seat]
    return [("to-rage",)] if fight.rage_room and hunter.physical else []


def to_rage(state: State, seat: int) -> None:
    fight = _fight(state)
    hunter = state.hunters[seat]
    moved = min(fight.rage_room, hunter.physical)
    hunter.physical -= moved
    hunter.rage += moved
    fight.rage_room = 0
    state.note("berserker-rage-gained", moved)


def flow_options(state: State, seat: int) -> list[Action]:
    """The Flow round's choice: Physical Flow into Rage, or a Locked Cube off a Rage ability."""
    if not is_(state, seat, BERSERKER):
        return []
    rules = state.table.rules
    hunter = state.hunters[seat]
    found: list[Action] = [("rage-convert",)] if hunter.physical else []
    return found + [("rage-unlock", ability) for ability, _, locks in abilities(state)
                    if hunter.unlocked.count(ability) < locks]


def flow_apply(state: State, seat: int, action: Action) -> None:
    hunter = state.hunters[seat]
    if action[0] == "rage-convert":
        moved = min(state.table.rules.rage_convert, hunter.physical)
        hunter.physical -= moved
        hunter.rage += moved
    else:
        hunter.unlocked.append(action[1])


def flow_worth(state: State, seat: int, action: Action) -> float:
    """A planning Berserker banks Rage while an unlocked ability lacks it, else unlocks its abilities
    first, then banks Rage."""
    hunter = state.hunters[seat]
    short = any(hunter.unlocked.count(ability) >= locks and hunter.rage < cost for ability, cost, locks in abilities(state))
    if action[0] == "rage-convert":
        return 1.3 if short else 1
    return 1.2
