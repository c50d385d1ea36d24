"""The rulebook numbers the Silver Coin engine plays by, read once from the pack's facts.

Nothing here is a default in code: every value comes from a fact a clause states
(`deckwright.rules.fact`); where the book is silent the pack states the value as an `assumed` fact.
A missing fact stops compilation with the list of every fact that is missing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from deckwright.gamekit import MissingFacts, Pack, RulesError, fact



def slug(value: Any) -> str:
    """Fact values spell names with '_' where content ids use '-'."""
    return str(value).replace("_", "-")


def count_of(value: Any, players: int) -> int:
    """A count the book gives as a number or as 'players' / 'players + N'."""
    if isinstance(value, int):
        return value
    text = str(value).replace(" ", "")
    if text == "players":
        return players
    if text.isdigit():
        return int(text)
    if text.startswith("players+") and text[8:].isdigit():
        return players + int(text[8:])
    raise RulesError(f"cannot read '{value}' as a count of players")


BOARD_EFFECTS = ("legendary_sword", "negate_monster_location_bonus", "negate_monster_kingdom_bonus")
"""What a full row or column of the Kingdom Knowledge board can do in a battle (lines 161-166)."""


@dataclass(frozen=True)
class Rules:
    """Every fact the engine reads, by purpose."""

    rounds: int
    start_month: str
    time_cycle: tuple[str, ...]
    day_values: tuple[str, ...]
    movement_base: int
    horse_bonus: int
    speed_bonus: int
    harsh_weather: frozenset[str]
    harsh_flow_cost: int
    harsh_health_loss: int
    air_weather_cost: int
    sea_spaces: int
    hand_start: int
    row_hand: tuple[int, ...]
    row_experience: int
    row_flow: int
    row_reputation: int
    knowledge_columns: int
    draft_max: int
    row_extra: int
    tokens: int
    free_tokens: int
    bonus_token_cost: int
    bidding_actions: int
    replace_cost: int
    turn_order_cost: int
    turn_order_reputation: int
    flow_per_experience: int
    gain_experience: int
    random_draw_cards: int
    enhanced_cost: int
    dice_area_cost: tuple[int, ...]
    dice_area_dice: tuple[int, ...]
    dice_board: tuple[tuple[str, ...], ...]
    tavern_max: int
    tavern_per_kingdom: int
    tavern_column: int
    reveal_cost: tuple[int, ...]
    missions_max_held: int
    missions_max_any: int
    missions_max_red: int
    discard_loss: tuple[int, ...]
    refill_levels: tuple[tuple[int, ...], ...]
    white_dice: int
    white_faces: tuple[int, ...]
    color_faces: tuple[int, ...]
    rerolls_per_round: int
    reroll_cost: int
    damage_per_round: int
    wounded_bonus: int
    badly_wounded_at: int
    badly_wounded_extra: int
    knowledge_gap: int
    flee_loss: tuple[int, ...]
    lost_loss: tuple[int, ...]
    sword_bonus: int
    strength_potion_bonus: int
    strength_potion_max: int
    night_potion_bonus: int
    night_potion_max: int
    health_bottom: int
    poison_per_round: int
    antidote_removes: int
    poison_supply: int
    magic_cost: tuple[int, ...]
    magic_schools: tuple[str, ...]
    starting_magic: int
    ancient_cost: tuple[int, ...]
    ancient_visitors: int
    library_cards: int
    reputation_min: int
    negative_penalty: tuple[int, ...]
    world_length: int
    world_icons: tuple[tuple[int, str], ...]
    world_coins: int
    world_speed_potions: int
    bonus_length: int
    horse_max: int
    sell_fraction: float
    sell_years: tuple[int, ...]
    start_experience: int
    start_potions: tuple[str, ...]
    damage_penalty: int
    poison_penalty: int
    tiebreak: tuple[str, ...]
    special_offered: str
    bid_tiebreak: str
    auction_rows: tuple[int, ...]
    auction_lots: tuple[str, str, str]
    reshuffle: bool
    night: tuple[str, ...]
    chaos_magical: int
    chaos_card_cap: int
    necromancer_discount: int
    seeker_path_cost: int
    rider_move: int
    player_actions: tuple[str, ...]
    prep_options: tuple[str, ...]
    play_modes: tuple[str, ...]
    action_modes: tuple[str, ...]
    capital_places: tuple[str, ...]
    herb_heal: int
    token_value: int
    missions_per_action: int
    transform_cubes: int
    speed_per_move: int
    point_cost: int
    actions_per_turn: int
    icon_once: bool
    sword_cost: int
    bonus_token_kind: str
    sword_cost_kind: str
    sword_coins: int
    final_blow: int
    column_effects: tuple[str, ...]
    row_4_effect: str
    combo_cards: int
    prep_per_round: int
    prep_replace_max: int
    colour_max_kinds: int
    experience_limit: int | None
    flow_limit: int | None
    first_turn: str
    win_criterion: str
    starting_choice: str
    first_bidder: str
    auctions: int
    journeys_drawn: str
    owl_draw: int
    owl_strength: int
    bear_strength: int
    bear_hand: int
    tiger_move: int
    tiger_cost: int
    unshifted_strength: int
    shift_cost: tuple[int, ...]
    shift_strength: tuple[int, ...]
    shift_drawn: int
    time_cubes_start: int
    time_cubes_max: int
    time_cube_cost: int
    time_areas: tuple[str, ...]
    timeless_flow_only: bool
    fighter_pips_added: int
    fighter_max_pips: int
    fighter_sword_cost: int
    fighter_negate_cost: int
    seeker_token_cost: int
    rider_flow_extra: int
    herb_face_up: int
    herb_per_kingdom: int
    herb_gather: int
    enhanced_reveal: int
    shift_start_levels: int
    shift_track: tuple[str, ...]
    shift_draw_cost: tuple[int, ...]
    shift_draw_count: int
    track_experience: int
    track_reputation: int
    full_moon_strength: int
    berserker_faces: tuple[str, ...]
    heart_loss: int
    heart_prevent: int
    rage_per_damage: tuple[int, int]
    rage_convert: int
    rage_abilities: tuple[str, ...]
    rage_cost: tuple[int, ...]
    rage_locks: tuple[int, ...]
    rage_heart_damage: int
    rage_one_counts: int
    rage_fourth: str
    rage_fourth_cost: int
    rage_fourth_locks: int
    rage_frenzy_strength: int
    fighter_swap_cost: int
    fighter_swap_dice: int
    fighter_reroll_cost: int
    glimpse_cards: int
    form_bonus_cost: int
    protection_cost: int
    fire_cost: int
    fire_damage: int
    protection_prevents_poison: bool
    protection_on_others: bool
    share_coins: int
    time_adjacent: tuple[tuple[str, str], ...]
    time_move_loss: int

    @classmethod
    def of(cls, pack: Pack, overrides: Mapping[str, Any] | None = None) -> Rules:
        """The rules of the pack (`overrides` replaces fact values by name); RulesError naming every missing fact."""
        return cls.from_values({**stated(pack), **(overrides or {})})

    @classmethod
    def from_values(cls, values: Mapping[str, Any]) -> Rules:
        """The rules from fact values by name; RulesError naming every missing fact."""
        missing = sorted({name for name in FACTS.values() if values.get(name) is None})
        if missing:
            raise MissingFacts(f"the pack states no {', '.join(missing)}", tuple(missing))
        try:
            return cls(**_read(values.get))
        except (TypeError, ValueError) as exc:
            raise MissingFacts(f"a rules fact has a value the engine cannot play: {exc}") from exc


def stated(pack: Pack) -> dict[str, Any]:
    """The value of every fact the engine reads that the pack states (read through `fact`)."""
    found = {name: fact(pack, name, None) for name in sorted(set(FACTS.values()))}
    return {name: value for name, value in found.items() if value is not None}


FACTS: Mapping[str, str] = {
    "rounds": "game.rounds",
    "start_month": "calendar.start_month",
    "time_cycle": "calendar.time_of_day_cycle",
    "day_values": "time_of_day.values",
    "movement_base": "movement.base",
    "horse_bonus": "movement.horse_bonus",
    "speed_bonus": "potion.speed.movement_bonus",
    "harsh_weather": "weather.harsh",
    "harsh_flow_cost": "weather.harsh.flow_cost",
    "harsh_health_loss": "weather.harsh.health_loss",
    "air_weather_cost": "magic.air.weather_cost.magical_flow",
    "sea_spaces": "sea.movement_card.spaces",
    "hand_start": "hand.start_limit",
    "row_hand.0": "knowledge.row_1.hand_size",
    "row_hand.1": "knowledge.row_2.hand_size",
    "row_hand.2": "knowledge.row_3.hand_size",
    "row_experience": "knowledge.row_1.experience",
    "row_flow": "knowledge.row_2.flow",
    "row_reputation": "knowledge.row_3.reputation",
    "knowledge_columns": "knowledge.board.columns",
    "draft_max": "prep.draft.max_cards",
    "row_extra": "kingdom_row.face_up_extra",
    "tokens": "action.tokens",
    "free_tokens": "action.free_tokens",
    "bonus_token_cost": "action.bonus_token.cost",
    "bidding_actions": "bidding.actions_per_player",
    "replace_cost": "action.replace.cost.physical_flow",
    "turn_order_cost": "action.turn_order.cost.physical_flow",
    "turn_order_reputation": "action.turn_order.reputation",
    "flow_per_experience": "action.transform_experience.flow_per_experience",
    "gain_experience": "action.gain_experience.amount",
    "random_draw_cards": "action.random_draw.cards",
    "enhanced_cost": "action.enhanced_location.cost.magical_flow",
    "dice_area_cost": "dice.area_cost",
    "dice_area_dice": "dice.area_dice",
    "dice_board": "dice.board",
    "tavern_max": "tavern.max_missions",
    "tavern_per_kingdom": "tavern.max_per_kingdom",
    "tavern_column": "tavern.slots_per_column",
    "reveal_cost": "tavern.reveal_cost",
    "missions_max_held": "missions.max_held",
    "missions_max_any": "missions.max_any_level",
    "missions_max_red": "missions.max_red",
    "discard_loss": "missions.discard.reputation_loss",
    "refill_levels": "monster_refill.year_levels",
    "white_dice": "battle.white_dice",
    "white_faces": "battle.white_die.faces",
    "color_faces": "battle.color_die.faces",
    "rerolls_per_round": "battle.rerolls_per_round",
    "reroll_cost": "battle.reroll.cost.experience",
    "damage_per_round": "battle.damage_per_round",
    "wounded_bonus": "battle.wounded.monster_bonus",
    "badly_wounded_at": "battle.badly_wounded.health_at_most",
    "badly_wounded_extra": "battle.badly_wounded.monster_bonus_extra",
    "knowledge_gap": "battle.knowledge_gap.per_point",
    "flee_loss": "battle.flee.reputation_loss",
    "lost_loss": "battle.lost.reputation_loss",
    "sword_bonus": "legendary_sword.strength_bonus",
    "strength_potion_bonus": "potion.strength.strength_bonus",
    "strength_potion_max": "potion.strength.max_per_battle",
    "night_potion_bonus": "potion.night.strength_bonus",
    "night_potion_max": "potion.night.max_per_battle",
    "health_bottom": "health.bottom",
    "poison_per_round": "poison.damage_per_round",
    "antidote_removes": "poison.antidote_removes",
    "poison_supply": "component.poison_tokens",
    "magic_cost": "magic.learn_cost",
    "magic_schools": "magic.schools",
    "starting_magic": "magic.starting_cards",
    "ancient_cost": "ancient.cost",
    "ancient_visitors": "ancient.max_visitors",
    "library_cards": "library.cards_needed",
    "reputation_min": "reputation.min",
    "negative_penalty": "reputation.negative_penalty",
    "world_length": "world_track.length",
    "world_icons": "world_track.icons",
    "world_coins": "world_track.coins",
    "world_speed_potions": "world_track.speed_potions",
    "bonus_length": "bonus_track.length",
    "horse_max": "market.horse.max_owned",
    "sell_fraction": "market.sell.fraction",
    "sell_years": "market.sell.years",
    "start_experience": "start.experience",
    "start_potions": "start.potions",
    "damage_penalty": "scoring.damage_penalty",
    "poison_penalty": "scoring.poison_penalty",
    "tiebreak": "win.tiebreak",
    "special_offered": "bidding.cards_offered",
    "bid_tiebreak": "bidding.tiebreak",
    "auction_rows": "auction.bid_rows",
    "auction_lots.0": "auction.characters_drawn",
    "auction_lots.1": "auction.missions_drawn",
    "auction_lots.2": "auction.knowledge_tokens_drawn",
    "reshuffle": "deck.reshuffle_discards",
    "night": "time_of_day.values",
    "chaos_magical": "natural_chaos.transform.magical_per_physical",
    "chaos_card_cap": "natural_chaos.card_cost.max_magical_flow",
    "necromancer_discount": "necromancer.magic_discount",
    "seeker_path_cost": "seeker.hidden_path.cost.flow",
    "rider_move": "rider.move",
    "player_actions": "player_actions",
    "prep_options": "prep.options",
    "play_modes": "prep.play.modes",
    "action_modes": "movement.action_modes",
    "capital_places": "capital.places",
    "herb_heal": "herb.heal",
    "token_value": "knowledge.token_value",
    "missions_per_action": "tavern.missions_per_action",
    "transform_cubes": "transform_flow.max_cubes",
    "speed_per_move": "potion.speed.max_per_move",
    "point_cost": "map.point_cost",
    "actions_per_turn": "action_phase.actions_per_turn",
    "icon_once": "world_track.icon_once_per_player",
    "sword_cost": "durendal.use_cost.physical_flow",
    "bonus_token_kind": "action.bonus_token.cost_kind",
    "sword_cost_kind": "durendal.use_cost.kind",
    "sword_coins": "durendal.use_cost.coins",
    "final_blow": "durendal.final_blow.monster_health",
    "column_effects.0": "knowledge.column_1.effect",
    "column_effects.1": "knowledge.column_2.effect",
    "row_4_effect": "knowledge.row_4.effect",
    "combo_cards": "combo.movement_cards",
    "prep_per_round": "prep.options_per_round",
    "prep_replace_max": "prep.replace.max",
    "colour_max_kinds": "prep.same_colour.max_bonus_kinds",
    "experience_limit": "experience.limit",
    "flow_limit": "flow.limit",
    "first_turn": "turn_order.initial",
    "win_criterion": "win.criterion",
    "starting_choice": "magic.starting_choice",
    "first_bidder": "auction.first_bidder",
    "auctions": "auction.count",
    "journeys_drawn": "auction.journeys_drawn",
    "owl_draw": "druid.owl.extra_draw",
    "owl_strength": "druid.owl.strength",
    "bear_strength": "druid.bear.strength",
    "bear_hand": "druid.bear.hand_limit",
    "tiger_move": "druid.tiger.movement",
    "tiger_cost": "druid.tiger.move_cost.physical_flow",
    "unshifted_strength": "shapeshifter.unshifted.strength",
    "shift_cost": "shapeshifter.shift_cost_each_flow",
    "shift_strength": "shapeshifter.shift_strength",
    "shift_drawn": "shapeshifter.start_monsters_drawn",
    "time_cubes_start": "chronomancer.start_cubes",
    "time_cubes_max": "chronomancer.area_1.max_cubes",
    "time_cube_cost": "chronomancer.ability.cost.time_cubes",
    "time_areas": "chronomancer.abilities",
    "timeless_flow_only": "chronomancer.timeless_4.flow_rounds_only",
    "fighter_pips_added": "fighter.flow.pips_added",
    "fighter_max_pips": "fighter.flow.max_pips",
    "fighter_sword_cost": "fighter.sword.cost.physical_flow",
    "fighter_negate_cost": "fighter.negate.cost.experience",
    "seeker_token_cost": "seeker.token.cost.physical_flow",
    "rider_flow_extra": "rider.flow.extra_cost.physical_flow",
    "herb_face_up": "herb.face_up",
    "herb_per_kingdom": "herb.max_face_up_per_kingdom",
    "herb_gather": "herb.cards_per_gather",
    "enhanced_reveal": "action.enhanced_location.reveal_cards",
    "shift_start_levels": "shapeshifter.levels_unlocked_at_start",
    "shift_track": "shapeshifter.track.spots",
    "shift_draw_cost": "shapeshifter.flow.draw_cost",
    "shift_draw_count": "shapeshifter.flow.monsters_drawn",
    "track_experience": "shapeshifter.track.experience",
    "track_reputation": "shapeshifter.track.reputation",
    "full_moon_strength": "shapeshifter.full_moon.strength",
    "berserker_faces": "berserker.die.faces",
    "heart_loss": "berserker.heart.health_loss",
    "heart_prevent": "berserker.heart.prevent_cost.physical_flow",
    "rage_per_damage.0": "berserker.rage.per_damage",
    "rage_per_damage.1": "berserker.rage.per_damage_at_last_health",
    "rage_convert": "berserker.flow.convert_max",
    "rage_abilities": "berserker.rage.abilities",
    "rage_cost": "berserker.rage.cost",
    "rage_locks": "berserker.rage.locked_cubes",
    "rage_heart_damage": "berserker.rage.heart.monster_damage",
    "rage_one_counts": "berserker.rage.one_counts_as",
    "rage_fourth": "berserker.rage.fourth.ability",
    "rage_fourth_cost": "berserker.rage.fourth.cost",
    "rage_fourth_locks": "berserker.rage.fourth.locked_cubes",
    "rage_frenzy_strength": "berserker.rage.frenzy.strength",
    "fighter_swap_cost": "fighter.swap.cost.physical_flow",
    "fighter_swap_dice": "fighter.swap.dice_per_colour",
    "fighter_reroll_cost": "fighter.reroll.cost.magical_flow",
    "glimpse_cards": "chronomancer.future_2.cards_seen",
    "form_bonus_cost": "shapeshifter.bonus.cost.experience",
    "protection_cost": "magic.protection.cost.magical_flow",
    "fire_cost": "magic.fire.cost.magical_flow",
    "fire_damage": "magic.fire.extra_damage",
    "protection_prevents_poison": "magic.protection.prevents_poison",
    "protection_on_others": "magic.protection.on_other_members",
    "share_coins": "coop.sharing.coins_per_hand_over",
    "time_adjacent": "chronomancer.time_board.adjacent",
    "time_move_loss": "chronomancer.time_board.move_loss",
}
"""Every fact the engine reads, by the Rules field it sets (`field.i` for the i-th item of a tuple field)."""

CHOICES: Mapping[str, tuple[str, ...]] = {
    "action.bonus_token.cost_kind": ("physical_flow", "magical_flow", "flow"),
    "durendal.use_cost.kind": ("physical_flow", "coins"),
    "knowledge.column_1.effect": BOARD_EFFECTS,
    "knowledge.column_2.effect": BOARD_EFFECTS,
    "knowledge.row_4.effect": BOARD_EFFECTS,
    "turn_order.initial": ("lowest_order_number_first", "highest_order_number_first"),
    "win.criterion": ("most_coins",),
    "magic.starting_choice": ("any_school",),
    "auction.first_bidder": ("chosen_by_players",),
    "bidding.tiebreak": ("turn_order",),
    "berserker.rage.fourth.ability": ("frenzy", "none"),
}
"""The values the engine can play for each fact that names a way of playing (another value is refused)."""


def _limit(value: Any) -> int | None:
    """A cap the book states as a number or as 'none'."""
    if value == "none":
        return None
    return int(value)


def _choice(name: str, value: Any) -> str:
    allowed = CHOICES[name]
    if str(value) not in allowed:
        raise ValueError(f"{name} is '{value}', the engine plays {' or '.join(allowed)}")
    return str(value)


def _ints(value: Any) -> tuple[int, ...]:
    return tuple(int(v) for v in value) if isinstance(value, list) else ()


def _read(get: Any) -> dict[str, Any]:
    """Fact name by field (the single list of what the engine reads)."""
    raw: dict[str, Any] = {}
    for name, fact_name in FACTS.items():
        field, _, _ = name.partition(".")
        value = get(fact_name)
        raw[field] = raw.get(field, ()) + (value,) if "." in name else value
    out = dict(raw)
    for name in ("dice_area_cost", "dice_area_dice", "reveal_cost", "discard_loss", "white_faces", "color_faces",
                 "flee_loss", "lost_loss", "magic_cost", "ancient_cost", "negative_penalty", "sell_years"):
        out[name] = _ints(raw[name])
    out["time_cycle"] = tuple(slug(t) for t in raw["time_cycle"])
    out["day_values"] = tuple(slug(t) for t in raw["day_values"]) if isinstance(raw["day_values"], list) else ()
    for name in ("player_actions", "prep_options", "play_modes", "action_modes", "capital_places"):
        out[name] = tuple(str(v) for v in raw[name]) if isinstance(raw[name], list) else ()
    out["row_hand"] = tuple(int(v) for v in raw["row_hand"])
    out["icon_once"] = bool(raw["icon_once"])
    out["harsh_weather"] = frozenset(slug(w) for w in raw["harsh_weather"])
    out["dice_board"] = tuple(tuple(str(c) for c in area) for area in raw["dice_board"])
    out["refill_levels"] = tuple(_ints(year) for year in raw["refill_levels"])
    out["magic_schools"] = tuple(str(s) for s in raw["magic_schools"])
    out["world_icons"] = tuple((int(space), slug(kind)) for space, kind in raw["world_icons"])
    out["start_potions"] = tuple(str(p) for p in raw["start_potions"])
    out["tiebreak"] = tuple(str(t) for t in raw["tiebreak"])
    out["auction_rows"] = _ints(raw["auction_rows"])
    out["auction_lots"] = tuple(str(v) for v in raw["auction_lots"])
    out["night"] = tuple(slug(t) for t in raw["night"] if slug(t) != "daylight")
    out["start_month"] = str(raw["start_month"])
    out["sell_fraction"] = float(raw["sell_fraction"])
    out["reshuffle"] = bool(raw["reshuffle"])
    out["special_offered"] = str(raw["special_offered"])
    out["bid_tiebreak"] = str(raw["bid_tiebreak"])
    for name, fact_name in FACTS.items():
        if fact_name in CHOICES:
            field = name.partition(".")[0]
            if "." in name:
                out[field] = tuple(_choice(f, v) for f, v in zip(
                    [FACTS[f"{field}.{i}"] for i in range(len(raw[field]))], raw[field]))
            else:
                out[field] = _choice(fact_name, raw[field])
    out["experience_limit"], out["flow_limit"] = _limit(raw["experience_limit"]), _limit(raw["flow_limit"])
    out["shift_cost"], out["shift_strength"] = _ints(raw["shift_cost"]), _ints(raw["shift_strength"])
    out["journeys_drawn"] = str(raw["journeys_drawn"])
    for name in ("shift_draw_cost", "rage_cost", "rage_locks"):
        out[name] = _ints(raw[name])
    out["time_areas"] = tuple(str(v) for v in raw["time_areas"]) if isinstance(raw["time_areas"], list) else ()
    out["time_adjacent"] = tuple((str(a), str(b)) for a, b in raw["time_adjacent"]) \
        if isinstance(raw["time_adjacent"], list) else ()
    for name in ("timeless_flow_only", "protection_prevents_poison", "protection_on_others"):
        out[name] = bool(raw[name])
    for name in ("shift_track", "berserker_faces", "rage_abilities"):
        out[name] = tuple(slug(v) for v in raw[name]) if isinstance(raw[name], list) else ()
    out["rage_per_damage"] = tuple(int(v) for v in raw["rage_per_damage"])
    for name, value in raw.items():
        if name not in out or isinstance(value, bool):
            continue
        if isinstance(value, int) and name not in ("sell_fraction",):
            out[name] = int(value)
    return out
