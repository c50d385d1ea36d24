"""The rules the Agemonia engine plays, read from the pack's facts, and the book's precedence rule.

Every number and switch the engine applies is a fact named in ENGINE_FACTS, read once per compiled
table through `deckwright.rules.facts.fact`. A scenario (`rules:` of a sample scenario) and a card
(`rules:` of a Hero board action or item) may state a fact again; `Rulings.get` answers with the
strongest statement, in the order the fact `precedence.order` gives (card, scenario, rule book).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from deckwright.gamekit import MissingFacts, Pack, RulesError, current_reader, fact, note_reads, recording

T = TypeVar("T")

ENGINE_FACTS = (
    "precedence.order",
    "conditions.max_per_figure", "conditions.duplicates_allowed", "conditions.cards_before_tokens",
    "components.condition_tokens.count", "components.action_dice.count", "components.reaction_dice.count",
    "components.counter_dice.count",
    "hindered.check_penalty", "hindered.recover_penalty",
    "hero_turn.actions", "hero_turn.maneuvers", "bonus_maneuver.extra_maneuvers", "extra_maneuver.maneuvers",
    "extra_maneuver.initiative", "focus.extra_dice", "focus.initiative",
    "hero.free_move_points", "hero.stamina_move_points", "hero.stamina_move_cost",
    "rethink.movement", "rethink.restore", "recover.amount",
    "obstructed_aim.penalty", "obstructed_aim.max_per_attack", "magic.min_range",
    "reactive.reduction_per_success", "health.defeated_at",
    "enemy.melee_target_rule", "enemy.ranged_target_rule", "provoke.per_enemy_per_turn",
    "initiative.shuffle_card_reshuffles", "fate.empty_deck_reshuffles", "fate.card_values",
    "spawn.skips_first_round",
    "trap.damage", "trap.check_target", "trap.token_removed_when_sprung", "trap.disarm_target", "trap.disarm_ability",
    "trap.disarm_phrases", "trap.disarmers", "trap.area_attack", "trap.springs_at_turn_start",
    "special_initiative.bonus_maneuver",
    "injury.default_amount", "items.use_costs_maneuver", "injury.forbidden_item_words",
    "action_die.special.max_stamina", "inspiration_gem.max", "inspiration_gem.per_roll",
    "inspiration_gem.extra_dice.active", "inspiration_gem.extra_dice.reactive", "components.inspiration_gems.count",
    "enemy_board.single_figure_needs_board",
    "hero.move_maneuvers", "recover.options", "active_check.same_check_per_turn", "enemy.eye_action_names",
    "precedence.card_over_scenario", "precedence.scenario_over_rule_book",
    *(
        "setup.initiative_deck_shuffled", "setup.fate_deck_shuffled", "setup.injury_deck_shuffled",
        "setup.condition_cards_shuffled", "round.phases", "round.phase_count", "stamina.loss_shortfall_becomes",
        "stamina.loss_checked_on", "setup.story_deck_shuffled", "decks.shuffle_by_default",
        "precedence.scenario_setup_over_default",
    ),
    "items.limit_per_type", "weapon.attachments",
    "items.pick_up_while_hindered", "items.give_while_hindered", "items.exhausted_heroes_items_pickable",
    # the Hero's kit in play (`kit`, `slots`, `gear`, `gems`, `skills`)
    "action_slots.open_levels", "active_items.free_changes_per_turn", "encumbrance.item_token_weight",
    "achievement_gem.bonus", "achievement_gem.per_roll", "class.choose_level", "level_up.class_skills",
    "class_skill.maneuver_extra_dice", "class_skill.retaliate.riposte", "class_skill.retaliate.face",
    "riposte.default_range",
    # the numbers of the Class Skills `skills` plays (`kit.SKILL_PARTS`)
    "class_skill.lightning_reflexes.maneuvers", "class_skill.skirmisher.movement",
    "class_skill.benevolent_aura.range", "class_skill.benevolent_aura.heal", "class_skill.vigor.restore",
    "class_skill.melee_weapon_mastery.successes", "class_skill.targeting.range", "class_skill.targeting.successes",
    "class_skill.earth_link.range", "class_skill.earth_link.successes", "class_skill.abolish.range",
    "class_skill.clear_mind.amount", "class_skill.hex.range", "class_skill.fiery_heart.heal",
    "class_skill.fire_shield.riposte", "class_skill.fiery_soul.restore", "class_skill.chosen_one.achievement_gems",
    "class_skill.crystal_crust.shields", "class_skill.forced_march.stamina", "class_skill.forced_march.movement",
    "class_skill.protective_ward.range", "class_skill.protective_ward.shields", "class_skill.willpower.dice",
    "class_skill.molten_joints.amount", "class_skill.touch_of_aox.heal", "class_skill.blood_bond.wounded_chips",
    "class_skill.blood_bond.successes", "class_skill.toughened_corals.dice", "class_skill.levitate.stamina",
    "class_skill.levitate.movement", "class_skill.telepathic_tendril.range", "class_skill.psychic_aura.range",
    "class_skill.psychic_aura.restore", "class_skill.sprint.stamina", "class_skill.sprint.movement",
    "class_skill.evasion.evade", "class_skill.energy_infusion.flips_per_turn",
    "class_skill.sharp_claws.dice", "class_skill.precision.dice", "class_skill.infusion.restore",
    "class_skill.tactics.stamina", "class_skill.dual_wielder.weapons", "class_skill.swing_weapon.range",
    "class_skill.swing_weapon.weapon_range", "class_skill.shadow_stalker.bonus", "class_skill.combustion.reach",
    "class_skill.redemption.range", "class_skill.redemption.successes",
    "class_skill.barkskin.shields", "class_skill.spirit_link.range", "class_skill.spirit_link.restore",
    "class_skill.warp_fate.damage", "class_skill.warp_fate.rerolls_may_exceed", "class_skill.dark_pact.damage",
    "class_skill.dark_pact.successes", "class_skill.exploding_runes",
    "ally_effect.single_targets", "ally_effect.face", "ally_effect.face_counts_with_effect", "evade.damage_per_point",
    "henchman.max_hired", "non_hero_ally.move_maneuvers", "health.exhausted_at", "falling.movement_cost",
    "enemy.large_capacity", "enemy.huge_capacity", "pierce.shield_ignored_per_point",
    "encumbrance.unmarked_card_weight", "trap_deck.setup_tokens_threshold", "timer.reset_keeps_cards",
    "melee.requirements", "ranged.requirements", "magic.requirements", "initiative_card.elements",
    "story_point.values",
    "summoned_ally.max", "summoning.waits_a_round", "summoning.token_takes_capacity", "summoning.token_targetable",
    "passive_actions.min_locked", "passive_actions.repeat_ends_previous", "locked_stamina.voluntary_end",
    "locked_stamina.wounded_after_spent", "teleport_token.movement_cost", "map.white_line_kinds",
    "straight_line.enemies_per_area", "conditions.priority",
)
"""Facts the scenario engine applies (the dice facts are read by `dice.die_of`, the deck kinds by
`decks.deck_kinds`)."""

TARGET_RULES = {
    "enemy.melee_target_rule": frozenset({"highest_taunt", "closest_then_highest_taunt"}),
    "enemy.ranged_target_rule": frozenset({"highest_taunt", "closest_then_highest_taunt"}),
}

FIGURE_KINDS = ("hero", "non_hero_ally", "enemy")
"""The kinds of figure `conditions.priority` must rank, each once (`figures.rank`), and `trap.disarmers` names."""

PLAYED_AS = {
    # The engine draws these decks uniformly at random (chance nodes): they must be shuffled.
    "setup.initiative_deck_shuffled": True, "setup.fate_deck_shuffled": True, "setup.injury_deck_shuffled": True,
    # Condition cards are taken in order, by condition; story points are placed, not drawn; no other deck
    # is shuffled unless a rule says so.
    "setup.condition_cards_shuffled": False, "setup.story_deck_shuffled": False, "decks.shuffle_by_default": False,
    # A sample scenario's set-up (start area, Enemies, traps) replaces the default one.
    "precedence.scenario_setup_over_default": True,
    # The round loop of `rounds.advance`, phase by phase.
    "round.phases": ["select_hero_action", "reveal_initiative_card", "ally_and_enemy_turns", "discard_fate_card"],
    "round.phase_count": 4,
    # `figures.lose_stamina`: what the disk cannot pay becomes damage.
    # The disk lies on the Hero board: the book's two places name the same chips (the DW400 the pack accepts).
    "stamina.loss_shortfall_becomes": "damage", "stamina.loss_checked_on": frozenset({"vitality_disk", "hero_board"}),
    # `heroes.targets`: melee needs a melee action, a melee weapon in hand (not for a Non-Hero Ally) and an
    # Enemy in the area or a full area beside it at the same height; ranged needs a ranged action, a ranged
    # weapon, the range between the weapon's minimum and maximum, and sight; magic needs a magic action,
    # the range up to the action's maximum, and sight.
    "melee.requirements": 3, "ranged.requirements": 4, "magic.requirements": 3,
    # `table.Face`: turn order, eye, bonus maneuver, special (snake or horns), shuffle.
    "initiative_card.elements": 5,
    # `table.StoryPoint`: its Story card (the id) and its trigger range.
    "story_point.values": 2,
    # `passives`: a summoned token takes no capacity and no Enemy targets it unless its card gives it a taunt.
    "summoning.token_takes_capacity": False, "summoning.token_targetable": False,
}
"""Facts whose value is the way the engine plays: a pack stating another value is refused (MissingFacts)."""



class Rulings(dict[str, Any]):
    """Fact values by precedence level: the rule book's, the scenario's; cards are passed to `get`.

    `rulings[name]`, asked at nearly every step of a playout, is a plain dict lookup: the mapping itself
    holds each fact's value without a card (`settled`: from the stronger of scenario and book)."""

    book: Mapping[str, Any]
    scenario: Mapping[str, Any]
    order: tuple[str, ...]

    def __init__(self, book: Mapping[str, Any], scenario: Mapping[str, Any], order: tuple[str, ...],
                 settled: Mapping[str, Any]) -> None:
        super().__init__(settled)
        self.book, self.scenario, self.order = book, scenario, order

    @property
    def settled(self) -> Mapping[str, Any]:
        return self

    def get(self, name: str, card: Mapping[str, Any] | None = None) -> Any:  # type: ignore[override]
        """The value of `name` from the strongest level stating it (a card's `rules`, the scenario, the book)."""
        for level in self.order:
            if level == "card" and card and name in card:
                return card[name]
            if level == "scenario" and name in self.scenario:
                return self.scenario[name]
            if level == "rule_book":
                break
        return self.book[name]

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Rulings) and dict.__eq__(self, other) and self.book == other.book
                and self.scenario == other.scenario and self.order == other.order)

    __hash__ = None

    def __repr__(self) -> str:
        return (f"Rulings(book={self.book!r}, scenario={self.scenario!r}, order={self.order!r}, "
                f"settled={dict(self)!r})")


def read_rulings(pack: Pack, scenario: Mapping[str, Any], overrides: Mapping[str, Any] | None = None) -> Rulings:
    """The engine's facts from the pack (with `overrides` replacing the book's values, for mutation tests);
    without overrides, read once per pack and scenario rules (every table and campaign step reads them)."""
    if overrides:
        return _read_rulings(pack, scenario, overrides)
    return kept_reading(pack, f"agemonia.rulings:{sorted(scenario.items())!r}", lambda: _read_rulings(pack, scenario))


def kept_reading(pack: Pack, key: str, build: Callable[[], T]) -> T:
    """`build()` once per pack and key (kept with the pack; an error is not kept: the next call builds again), the facts
    it read recorded again at each call, for the reader in force, as if it had been built again."""
    value, names = pack.derived(key, lambda _: _reading(build))
    note_reads(names, current_reader())
    return value


def kept_or_built(pack: Pack, key: str, build: Callable[[], T]) -> T:
    """`kept_reading`, except that a `build()` that fails is run once more in place: its error, and the facts
    read before it, are then what running it unkept gives."""
    try:
        return kept_reading(pack, key, build)
    except Exception:  # noqa: BLE001 - raised again below, by the same build with its reads recorded in place
        return build()


def _reading(build: Callable[[], T]) -> tuple[T, tuple[str, ...]]:
    with recording() as log:
        value = build()
    return value, tuple(log.readers)


def _read_rulings(pack: Pack, scenario: Mapping[str, Any], overrides: Mapping[str, Any] | None = None) -> Rulings:
    book: dict[str, Any] = {}
    missing = []
    for name in ENGINE_FACTS:
        if overrides and name in overrides:
            book[name] = overrides[name]
            continue
        try:
            book[name] = fact(pack, name)
        except KeyError:
            missing.append(name)
    if missing:
        raise MissingFacts(f"no clause of pack '{pack.id}' states {', '.join(missing)}", tuple(missing))
    for name, allowed in TARGET_RULES.items():
        if book[name] not in allowed:
            raise MissingFacts(f"the engine plays {name} as one of {sorted(allowed)}; the pack states {book[name]!r}")
    ranked = [str(kind) for kind in book["conditions.priority"] or ()]
    if sorted(ranked) != sorted(FIGURE_KINDS):
        raise RulesError(f"the engine ranks the figure kinds {list(FIGURE_KINDS)} for condition pieces; "
                         f"conditions.priority states {ranked}")
    strangers = [str(kind) for kind in book["trap.disarmers"] or () if kind not in FIGURE_KINDS]
    if strangers:
        raise RulesError(f"trap.disarmers names {strangers}, not among the figure kinds {list(FIGURE_KINDS)}")
    for name, played in PLAYED_AS.items():
        if (book[name] not in played) if isinstance(played, frozenset) else book[name] != played:
            shown = sorted(played) if isinstance(played, frozenset) else played
            raise MissingFacts(f"the engine plays {name} = {shown!r}; the pack states {book[name]!r}")
    order = tuple(str(level) for level in book["precedence.order"] or ())
    for name, stronger, weaker in (("precedence.card_over_scenario", "card", "scenario"),
                                   ("precedence.scenario_over_rule_book", "scenario", "rule_book")):
        if stronger in order and weaker in order and book[name] != (order.index(stronger) < order.index(weaker)):
            raise RulesError(f"{name} = {book[name]!r} contradicts precedence.order {list(order)}")
    unknown = [name for name in scenario if name not in book]
    if unknown:
        raise RulesError(f"the scenario overrides {unknown}, which the engine does not play")
    order = order or ("rule_book",)
    scenario_first = "scenario" in order and ("rule_book" not in order or order.index("scenario") < order.index("rule_book"))
    settled = {**book, **scenario} if scenario_first else dict(book)
    return Rulings(book, dict(scenario), order, settled)
