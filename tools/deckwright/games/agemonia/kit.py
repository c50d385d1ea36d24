"""What a Hero board brings beyond its Action tokens, compiled once per scenario: the tokens waiting for
its open Action slots, the sets of active items it may switch between, its ticked Class Skills and its
Achievement gems.

- Open Action slots (lines 1752-1772, 3156): the slots unlocked at the levels `action_slots.open_levels`
  start empty; the board's `open_tokens` are the Action tokens it may place there when it selects.
- Active items (lines 2470-2502): a set of carried items is a loadout when its hand items fit the Hero
  card's hands, hold at most `items.limit_per_type` of a type, and the items left in the backpack weigh
  no more than the board's encumbrance (an Item card without a mark `encumbrance.unmarked_card_weight`,
  an item token `encumbrance.item_token_weight`). The engine offers the loadouts no other contains.
- Class Skills (lines 3131-3139, 3438-3638): a board of a level from `class.choose_level` names its Class
  card and ticks up to `level_up.class_skills` skills of it per level; a skill is played as the `play`
  its card states (SKILL_KINDS, played by `skills` and the `skills_*` modules). A play's `rule` names the
  facts that hold its numbers: `class_skill.<rule>.<part>` for the parts SKILL_PARTS lists for its kind (each one of
  `rulings.ENGINE_FACTS`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from deckwright.gamekit import Entity, Pack, RulesError
from deckwright.games.agemonia.rulings import Rulings

ABILITY_NAMES = ("might", "agility", "will")

# Per play kind: the parts of its `class_skill.<rule>.*` facts, in the order Skill.amounts holds them
# (`{gain}`: the play's `gain`, so Chosen One's gems are `class_skill.chosen_one.achievement_gems`).
SKILL_PARTS: Mapping[str, tuple[str, ...]] = {
    "extra-dice": (), "riposte": (), "ignore-obstructed-aim": (),
    "maneuver-boost": ("range", "successes"),  # a maneuver: more range and successes this turn
    "extra-range": ("range",),  # more maximum range for attacks of its types
    "extra-success": ("successes",),  # when `when` holds: enemy-yet-to-act
    "wounded-success": ("wounded_chips", "successes"),  # with that many wound-side chips
    "on-defeat": ("{gain}",),  # `gain` (heal, restore, achievement-gem) after each Enemy the Hero defeats
    "ability-up": ("amount",),  # `ability` rises
    "stamina-move": ("stamina", "movement"),  # a move maneuver trading stamina for movement points
    "reactive-dice": ("dice",),  # more dice on reactive checks of `ability`
    "reactive-shields": ("shields",),  # shields on reactive checks of `ability`
    "ward": ("range", "shields"),  # other Allies in range: shields against attacks of its types
    "on-damage": ("{gain}",),  # `gain` (restore, riposte) when an attack of its types damages the Hero
    "evade-provoke": ("evade",),  # less damage from the first provoke of each turn
    "action-condition": (),  # Enemies damaged by `action` (or the Ally it supports) gain `condition`
    "action-dice": ("dice",),  # more dice on the attacks of `action`
    "hex": ("range",),  # a maneuver: an Enemy in range gains `condition`
    "abolish": ("range",),  # a maneuver: an Ally in range loses every condition
    "recover-aura": ("range", "{gain}"),  # other Allies in range: more from a recover of `gain`
    "unhindered-recover": (),  # Hindered does not cut a recover of `gain`
    "recover-skill": ("{gain}",),  # a recover maneuver of `gain` (after a magic attack: `when`)
    "rethink-maneuver": ("maneuvers",),  # Rethink may give maneuvers instead
    "skirmish": ("movement",),  # move before or after each attack action of its types
    "energy-infusion": ("flips_per_turn",),  # flip spent chips between stamina and wound side
    "initiative-change": ("stamina",),  # before the card, pay stamina for another Ally initiative (`skills_initiative`)
    "unlocked-items": (),  # items of its `categories` need no locked stamina (`skills_armor`)
    "melee-reach": ("range", "weapon_range"),  # melee attacks at that range; a reaching weapon's range grows
    "dual-wield": ("weapons",),  # that many weapons of its attack types active at once, all used in its attacks
    "weapon-success": ("bonus",),  # successes on each attack made with a weapon of its `weapon` class
    "action-area": ("reach",),  # the attacks of `action` become area attacks of that reach around a centre area
    "support-boost": ("range", "successes"),  # more range and successes (healed damage) for support `action`
    # the Reaction and Action dice's faces (`skills_dice`)
    "face-shields": ("shields",),  # each effect face of a reactive check: shields, with no item of `categories` worn
    "face-reroll": (),  # each effect face of a reactive check may be rolled again
    "attack-reroll": ("damage",),  # suffer damage to roll an attack of its types again
    "face-damage": ("damage", "successes"),  # each stamina face of an attack of its types: successes for damage
    "adjacent-targets": ("targets", "rolls"),  # `action` targets an Enemy in each of that many adjacent areas (`skills_targets`)
}
SKILL_KINDS = tuple(SKILL_PARTS)
FACE_SHIELDS, FACE_REROLL = "face-shields", "face-reroll"  # the kinds that roll the Reaction die otherwise
MANEUVER_KINDS = frozenset({"extra-dice", "maneuver-boost", "stamina-move", "hex", "abolish", "recover-skill"})


@dataclass(frozen=True)
class Skill:
    """A ticked Class Skill as the engine plays it."""

    id: str
    kind: str  # one of SKILL_KINDS
    attacks: tuple[str, ...]  # attack types it applies to (an Enemy's attack for `riposte`)
    amounts: tuple[int, ...] = ()  # its numbers, one per part of SKILL_PARTS[kind]
    ability: int = -1  # the ability it concerns (ability-up, reactive-dice, reactive-shields)
    gain: str = ""  # what it gives (on-defeat, on-damage, recover-aura, unhindered-recover, recover-skill)
    action: str = ""  # the Hero action it concerns (action-condition)
    condition: str = ""  # the condition it gives (action-condition, hex), an id
    when: str = ""  # the case it needs (extra-success)
    categories: tuple[str, ...] = ()  # the Item card categories it concerns (unlocked-items)
    weapon: str = ""  # the weapon class it concerns (weapon-success)


def skill_of(pack: Pack, skill_id: str, rules: Rulings) -> Skill:
    """The Class Skill card `skill_id` as the engine plays it, its numbers from its `rule`'s facts."""
    skill = pack.by_id.get(skill_id)
    play = (skill.get("play") if skill is not None else None) or {}
    kind = str(play.get("kind"))
    if kind not in SKILL_PARTS:
        raise RulesError(f"Class Skill '{skill_id}' states no play the engine knows ({', '.join(SKILL_KINDS)})")
    parts = tuple(part.format(gain=play.get("gain", "")) for part in SKILL_PARTS[kind])
    if parts and not play.get("rule"):
        raise RulesError(f"Class Skill '{skill_id}' plays {kind} but names no `rule` for its numbers")
    try:
        amounts = tuple(_amount(rules, str(play["rule"]), part) for part in parts)
    except KeyError as missing:
        raise RulesError(f"Class Skill '{skill_id}' plays {kind} with rule '{play['rule']}', whose fact {missing} "
                         "the engine does not read (rulings.ENGINE_FACTS)") from None
    if kind == "adjacent-targets" and amounts[1] != 1:
        raise RulesError(f"Class Skill '{skill_id}' rolls {amounts[1]} times; the engine plays one roll for every "
                         f"target (class_skill.{play['rule']} rolls)")
    ability = str(play.get("ability", ""))
    return Skill(skill_id, kind, tuple(map(str, play.get("attacks") or ())), amounts,
                 ABILITY_NAMES.index(ability) if ability in ABILITY_NAMES else -1, str(play.get("gain", "")),
                 str(play.get("action", "")), str(play.get("condition", "")), str(play.get("when", "")),
                 tuple(map(str, play.get("categories") or ())), str(play.get("weapon", "")))


def _amount(rules: Rulings, rule: str, part: str) -> int:
    """One number of a skill: its fact `class_skill.<rule>.<part>`, or that entry of the table fact
    `class_skill.<rule>` (a clause stating the skill's numbers together)."""
    try:
        return int(rules[f"class_skill.{rule}.{part}"])
    except KeyError:
        table = rules[f"class_skill.{rule}"]
        if not isinstance(table, Mapping) or part not in table:
            raise KeyError(f"class_skill.{rule}.{part}") from None
        return int(table[part])


def open_slots(board: Entity, rules: Rulings) -> int:
    """The open Action slots the board's level has unlocked."""
    level = int(board.get("level", 1))
    return sum(1 for unlocked in rules["action_slots.open_levels"] or () if int(unlocked) <= level)


def open_tokens(board: Entity, rules: Rulings, action: Callable[[Mapping[str, Any]], Any]) -> tuple[Any, ...]:
    """The Action tokens the board may place in its open slots (none without an open slot)."""
    raws = board.get("open_tokens") or []
    if raws and not open_slots(board, rules):
        raise RulesError(f"hero board '{board.id}' lists open_tokens but has no open Action slot at level "
                         f"{board.get('level', 1)} (action_slots.open_levels {rules['action_slots.open_levels']})")
    return tuple(action(raw) for raw in raws)


def item_weight(pack: Pack, raw: Mapping[str, Any], rules: Rulings) -> int:
    """A carried item's encumbrance: its mark, else the rule for an unmarked card or an item token."""
    if raw.get("weight") is not None:
        return int(raw["weight"])
    entity = pack.by_id.get(str(raw["item"]))
    token = entity is not None and entity.type == "item-token"
    return int(rules["encumbrance.item_token_weight" if token else "encumbrance.unmarked_card_weight"])


def per_type_limits(rules: Rulings, skills: tuple[Skill, ...]) -> dict[str, int]:
    """How many active items of a type the Hero may hold: `items.limit_per_type`, or for the attack
    types of a `dual-wield` skill, its number of weapons (the card beats the rule book)."""
    limits = {kind: skill.amounts[0] for skill in skills if skill.kind == "dual-wield" for kind in skill.attacks}
    return {"": int(rules["items.limit_per_type"]), **limits}


def loadouts(pack: Pack, board: Entity, hands: int, item_index: Mapping[str, int],
             rules: Rulings, skills: tuple[Skill, ...] = ()) -> tuple[tuple[int, ...], ...]:
    """Every maximal set of active items the board may hold (global item indices, in carried order)."""
    carried = list(board.get("items") or [])
    hand_items = [raw for raw in carried if int(raw.get("hands", 0))]
    limits = per_type_limits(rules, skills)
    limit = int(board.get("encumbrance", 0))
    fitting: list[frozenset[int]] = []
    for size in range(len(hand_items), -1, -1):
        for chosen in combinations(range(len(hand_items)), size):
            picked = [hand_items[i] for i in chosen]
            kinds = [str(raw.get("attack") or raw["item"]) for raw in picked]
            if sum(int(raw["hands"]) for raw in picked) > hands or any(kinds.count(k) > limits.get(k, limits[""])
                                                                       for k in kinds):
                continue
            backpack = sum(item_weight(pack, raw, rules) for raw in carried if not any(raw is p for p in picked))
            if backpack > limit:
                continue
            key = frozenset(item_index[str(raw["item"])] for raw in picked)
            if not any(key < other for other in fitting):
                fitting.append(key)
    order = [item_index[str(raw["item"])] for raw in carried]
    return tuple(tuple(i for i in order if i in key) for key in fitting)


def class_skills(pack: Pack, board: Entity, rules: Rulings) -> tuple[Skill, ...]:
    """The board's ticked Class Skills, checked against its level and Class card."""
    ticked = [str(s) for s in board.get("class_skills") or []]
    if not ticked:
        return ()
    level = int(board.get("level", 1))
    allowed = max(0, level - int(rules["class.choose_level"]) + 1) * int(rules["level_up.class_skills"])
    card = pack.by_id.get(str(board.get("class")))
    if card is None or card.type != "class" or card.get("hero") != board.get("hero"):
        raise RulesError(f"hero board '{board.id}' ticks Class Skills but names no Class card of its Hero")
    if len(ticked) > allowed:
        raise RulesError(f"hero board '{board.id}' ticks {len(ticked)} Class Skills; a level-{level} Hero has "
                         f"{allowed} (class.choose_level, level_up.class_skills)")
    found = []
    for skill_id in ticked:
        skill = pack.by_id.get(skill_id)
        if skill is None or skill_id not in (card.get("skills") or []):
            raise RulesError(f"hero board '{board.id}' ticks '{skill_id}', which its Class card '{card.id}' does not list")
        found.append(skill_of(pack, skill_id, rules))
    return tuple(found)


def has_skill(skills: tuple[Skill, ...], kind: str, attack: str) -> bool:
    return any(s.kind == kind and attack in s.attacks for s in skills)


def raised_abilities(abilities: tuple[int, ...], skills: tuple[Skill, ...]) -> tuple[int, int, int]:
    """The Hero's abilities with its `ability-up` skills added."""
    raised = list(abilities)
    for skill in skills:
        if skill.kind == "ability-up":
            raised[skill.ability] += skill.amounts[0]
    return raised[0], raised[1], raised[2]
