"""Fights with the pack's monsters: pre-battle strength (steps 1-3, lines 662-719), then the battle rounds.

Every number comes from the pack: the monster card, the character's health, and the rulebook facts
(knowledge gap, wounds, potions, the Legendary Sword, dice, reroll cost).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from deckwright.gamekit import Entity, Pack, fact
from deckwright.games.silver_coin.battle import Battle, simulate, solve
from deckwright.games.silver_coin.calendar import NIGHT


@dataclass(frozen=True)
class Kit:
    """What the hunter brings: knowledge, health, potions, sword, magic, experience and Color Dice."""

    knowledge: int = 0
    health: int | None = None
    strength_potions: int = 0
    night_potions: int = 0
    legendary_sword: bool = False
    magic: tuple[str, ...] = ()
    enhanced: bool = False
    experience: int = 0
    color_dice: int = 0
    flee_at: int = 0

    @classmethod
    def of(cls, raw: Mapping[str, Any] | None) -> Kit:
        """A kit from plain data (unknown keys are an error, so a typo never passes silently)."""
        raw = dict(raw or {})
        if "magic" in raw:
            raw["magic"] = tuple(raw["magic"])
        return cls(**raw)


def entity_of(pack: Pack, entity_id: str, kind: str) -> Entity:
    """The pack's entity of that id and type; ValueError naming both when there is none."""
    entity = pack.by_id.get(entity_id)
    if entity is None or entity.type != kind:
        raise ValueError(f"no {kind} '{entity_id}' in pack '{pack.id}'")
    return entity


def monster_strength(base: int, required: int, knowledge: int, health: int, max_health: int, printed: int,
                     gap_per_point: int, wounded_bonus: int, badly_at: int, badly_extra: int) -> tuple[int, int, int]:
    """Monster's strength before the hunter's own bonuses (line 697): base + knowledge gap + wounds ± printed
    bonuses; with the gap and the wound part. The `battle` probe and the engine's battles both use it."""
    gap = max(0, required - knowledge)
    wounded = 0
    if health < max_health:
        wounded = wounded_bonus + (badly_extra if health <= badly_at else 0)
    return base + gap * gap_per_point + wounded + printed, gap, wounded


def prebattle(pack: Pack, monster: Entity, character: Entity, kit: Kit, conditions: Collection[str] = (),
              time_of_day: str = "daylight") -> dict[str, Any]:
    """Monster's strength and the hunter's bonuses before the first roll, item by item."""
    symbols = set(monster.get("symbols") or [])
    max_health = int(character.get("health") or fact(pack, "character.default_health"))
    health = max_health if kit.health is None else kit.health
    printed = [b for b in monster.get("bonuses") or [] if isinstance(b, dict) and b.get("condition") in conditions]
    total, gap, wounded = monster_strength(
        int(monster.get("strength") or 0), int(monster.get("required_knowledge") or 0), kit.knowledge, health,
        max_health, sum(int(b.get("strength", 0)) for b in printed), int(fact(pack, "battle.knowledge_gap.per_point")),
        int(fact(pack, "battle.wounded.monster_bonus")), int(fact(pack, "battle.badly_wounded.health_at_most")),
        int(fact(pack, "battle.badly_wounded.monster_bonus_extra")))
    refused: list[str] = []
    strength = _potion(pack, "strength", kit.strength_potions, "no-strength-potion" in symbols, refused)
    night_allowed = time_of_day in NIGHT
    if kit.night_potions and not night_allowed:
        refused.append(f"night potion: it is {time_of_day}, not Night")
    night = _potion(pack, "night", kit.night_potions if night_allowed else 0, "no-night-potion" in symbols, refused)
    sword = int(fact(pack, "legendary_sword.strength_bonus")) if kit.legendary_sword and "legendary-sword" in symbols else 0
    spirit_ok = "spirit" not in symbols or "spirit" in kit.magic or kit.enhanced
    bonus = strength + night + sword
    return {
        "monster": monster.id, "level": monster.get("level"), "base": monster.get("strength"),
        "knowledge_gap": gap, "wounded": wounded, "bonuses": [b.get("condition") for b in printed],
        "monster_strength": total, "character_bonus": bonus,
        "effective_strength": total - bonus, "health": health, "max_health": max_health,
        "can_fight": spirit_ok, "refused": refused,
    }


def _potion(pack: Pack, kind: str, wanted: int, forbidden: bool, refused: list[str]) -> int:
    if wanted and forbidden:
        refused.append(f"{kind} potion: the monster's symbol forbids it")
        return 0
    allowed = min(wanted, int(fact(pack, f"potion.{kind}.max_per_battle")))
    if allowed < wanted:
        refused.append(f"{kind} potion: only {allowed} per battle")
    return allowed * int(fact(pack, f"potion.{kind}.strength_bonus"))


def battle(pack: Pack, monster: str, character: str, kit: Mapping[str, Any] | None = None,
           conditions: Collection[str] = (), time_of_day: str = "daylight", method: str = "exact",
           samples: int = 20000, seed: int = 0) -> dict[str, Any]:
    """Pre-battle strength and the battle's outcome chances for one monster, character and kit."""
    chosen = Kit.of(kit)
    foe = entity_of(pack, monster, "monster")
    before = prebattle(pack, foe, entity_of(pack, character, "character"), chosen, conditions, time_of_day)
    if not before["can_fight"]:
        return {**before, "outcome": None}
    setup = setup_of(pack, foe, before, chosen)
    if method == "exact":
        outcome = solve(setup)
    elif method == "monte-carlo":
        outcome = simulate(setup, samples, seed)
    else:
        raise ValueError(f"method is 'exact' or 'monte-carlo', not '{method}'")
    return {**before, "outcome": outcome}


def setup_of(pack: Pack, monster: Entity, before: Mapping[str, Any], kit: Kit) -> Battle:
    """The battle's numbers: dice from the facts, target from the pre-battle strength."""
    cost = int(fact(pack, "battle.reroll.cost.experience"))
    return Battle(
        target=int(before["effective_strength"]), monster_health=int(monster.get("health") or 1),
        health=int(before["health"]),
        white=tuple(fact(pack, "battle.white_die.faces")),
        white_dice=0 if monster.get("color_dice_only") else int(fact(pack, "battle.white_dice")),
        color=tuple(fact(pack, "battle.color_die.faces")), color_dice=kit.color_dice,
        rerolls=kit.experience // cost if cost else kit.experience, flee_at=kit.flee_at,
    )


def battle_odds(pack: Pack, character: str, kit: Mapping[str, Any] | None = None,
                conditions: Collection[str] = (), time_of_day: str = "daylight") -> dict[str, Any]:
    """Exact win chance against every monster of the pack, and per level the lowest, mean and highest."""
    hunter = entity_of(pack, character, "character")
    chosen = Kit.of(kit)
    per_monster: dict[str, Any] = {}
    by_level: dict[str, list[float]] = {}
    for monster in sorted(pack.of_type("monster"), key=lambda m: (m.get("level") or 0, m.id)):
        before = prebattle(pack, monster, hunter, chosen, conditions, time_of_day)
        odds = solve(setup_of(pack, monster, before, chosen)) if before["can_fight"] else {"win": 0.0, "never_ends": 0.0}
        win = odds["win"]
        per_monster[monster.id] = {"level": monster.get("level"), "effective_strength": before["effective_strength"],
                                   "win": win, "never_ends": odds["never_ends"], "can_fight": before["can_fight"]}
        by_level.setdefault(str(monster.get("level")), []).append(win)
    levels = {level: {"monsters": len(wins), "min": min(wins), "mean": round(sum(wins) / len(wins), 6),
                      "max": max(wins)} for level, wins in sorted(by_level.items())}
    return {"character": character, "levels": levels, "monsters": per_monster}
