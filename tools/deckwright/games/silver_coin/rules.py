"""The rulebook numbers the Silver Coin engine plays by, read once from the pack's facts.

Nothing here is a default in code: every value comes from a fact a clause states
(`deckwright.rules.fact`); where the book is silent the pack states the value as an `assumed` fact.
A missing fact stops compilation with the list of every fact that is missing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from deckwright.errors import DeckwrightError
from deckwright.model.pack import Pack
from deckwright.rules import facts
from deckwright.rules.facts import governing, precedence_order


class RulesError(DeckwrightError):
    """The pack's clauses do not state what the engine needs, or state something it cannot play."""

    def __init__(self, message: str, missing: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.missing = missing


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
    if text.startswith("players+") and text[8:].isdigit():
        return players + int(text[8:])
    raise RulesError(f"cannot read '{value}' as a count of players")


@dataclass(frozen=True)
class Rules:
    """Every fact the engine reads, by purpose."""

    rounds: int
    start_month: str
    time_cycle: tuple[str, ...]
    movement_base: int
    horse_bonus: int
    speed_bonus: int
    harsh_weather: frozenset[str]
    harsh_flow_cost: int
    harsh_health_loss: int
    air_weather_cost: int
    sea_spaces: int
    hand_start: int
    hand_per_row: int
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
    default_health: int
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

    @classmethod
    def of(cls, pack: Pack) -> Rules:
        """The rules of the pack; RulesError naming every missing fact."""
        grouped = facts(pack)
        order = precedence_order(grouped)
        missing: list[str] = []

        def get(name: str) -> Any:
            stated = grouped.get(name)
            if not stated:
                missing.append(name)
                return None
            return governing(stated, order).value

        values = _read(get)
        if missing:
            raise RulesError(f"the pack states no {', '.join(missing)}", tuple(missing))
        try:
            return cls(**values)
        except (TypeError, ValueError) as exc:
            raise RulesError(f"a rules fact has a value the engine cannot play: {exc}") from exc


def _ints(value: Any) -> tuple[int, ...]:
    return tuple(int(v) for v in value) if isinstance(value, list) else ()


def _read(get: Any) -> dict[str, Any]:
    """Fact name by field (the single list of what the engine reads)."""
    raw: Mapping[str, Any] = {
        "rounds": get("game.rounds"), "start_month": get("calendar.start_month"),
        "time_cycle": get("calendar.time_of_day_cycle"), "movement_base": get("movement.base"),
        "horse_bonus": get("movement.horse_bonus"), "speed_bonus": get("potion.speed.movement_bonus"),
        "harsh_weather": get("weather.harsh"), "harsh_flow_cost": get("weather.harsh.flow_cost"),
        "harsh_health_loss": get("weather.harsh.health_loss"),
        "air_weather_cost": get("magic.air.weather_cost.magical_flow"), "sea_spaces": get("sea.movement_card.spaces"),
        "hand_start": get("hand.start_limit"), "hand_per_row": get("hand.row_bonus"),
        "row_experience": get("knowledge.row_1.experience"), "row_flow": get("knowledge.row_2.flow"),
        "row_reputation": get("knowledge.row_3.reputation"), "knowledge_columns": get("knowledge.board.columns"),
        "draft_max": get("prep.draft.max_cards"), "row_extra": get("kingdom_row.face_up_extra"),
        "tokens": get("action.tokens"), "free_tokens": get("action.free_tokens"),
        "bonus_token_cost": get("action.bonus_token.cost"), "bidding_actions": get("bidding.actions_per_player"),
        "replace_cost": get("action.replace.cost.physical_flow"),
        "turn_order_cost": get("action.turn_order.cost.physical_flow"),
        "turn_order_reputation": get("action.turn_order.reputation"),
        "flow_per_experience": get("action.transform_experience.flow_per_experience"),
        "gain_experience": get("action.gain_experience.amount"), "random_draw_cards": get("action.random_draw.cards"),
        "enhanced_cost": get("action.enhanced_location.cost.magical_flow"),
        "dice_area_cost": get("dice.area_cost"), "dice_area_dice": get("dice.area_dice"),
        "dice_board": get("dice.board"), "tavern_max": get("tavern.max_missions"),
        "tavern_per_kingdom": get("tavern.max_per_kingdom"), "tavern_column": get("tavern.slots_per_column"),
        "reveal_cost": get("tavern.reveal_cost"), "missions_max_held": get("missions.max_held"),
        "missions_max_any": get("missions.max_any_level"), "missions_max_red": get("missions.max_red"),
        "discard_loss": get("missions.discard.reputation_loss"), "refill_levels": get("monster_refill.year_levels"),
        "white_dice": get("battle.white_dice"), "white_faces": get("battle.white_die.faces"),
        "color_faces": get("battle.color_die.faces"), "rerolls_per_round": get("battle.rerolls_per_round"),
        "reroll_cost": get("battle.reroll.cost.experience"), "damage_per_round": get("battle.damage_per_round"),
        "wounded_bonus": get("battle.wounded.monster_bonus"),
        "badly_wounded_at": get("battle.badly_wounded.health_at_most"),
        "badly_wounded_extra": get("battle.badly_wounded.monster_bonus_extra"),
        "knowledge_gap": get("battle.knowledge_gap.per_point"), "flee_loss": get("battle.flee.reputation_loss"),
        "lost_loss": get("battle.lost.reputation_loss"), "sword_bonus": get("legendary_sword.strength_bonus"),
        "strength_potion_bonus": get("potion.strength.strength_bonus"),
        "strength_potion_max": get("potion.strength.max_per_battle"),
        "night_potion_bonus": get("potion.night.strength_bonus"), "night_potion_max": get("potion.night.max_per_battle"),
        "default_health": get("character.default_health"), "health_bottom": get("health.bottom"),
        "poison_per_round": get("poison.damage_per_round"), "antidote_removes": get("poison.antidote_removes"),
        "poison_supply": get("component.poison_tokens"), "magic_cost": get("magic.learn_cost"),
        "magic_schools": get("magic.schools"), "starting_magic": get("magic.starting_cards"),
        "ancient_cost": get("ancient.cost"), "ancient_visitors": get("ancient.max_visitors"),
        "library_cards": get("library.cards_needed"), "reputation_min": get("reputation.min"),
        "negative_penalty": get("reputation.negative_penalty"), "world_length": get("world_track.length"),
        "world_icons": get("world_track.icons"), "world_coins": get("world_track.coins"),
        "world_speed_potions": get("world_track.speed_potions"), "bonus_length": get("bonus_track.length"),
        "horse_max": get("market.horse.max_owned"), "sell_fraction": get("market.sell.fraction"),
        "sell_years": get("market.sell.years"), "start_experience": get("start.experience"),
        "start_potions": get("start.potions"), "damage_penalty": get("scoring.damage_penalty"),
        "poison_penalty": get("scoring.poison_penalty"), "tiebreak": get("win.tiebreak"),
        "special_offered": get("bidding.cards_offered"), "bid_tiebreak": get("bidding.tiebreak"),
        "auction_rows": get("auction.bid_rows"), "auction_lots": (get("auction.characters_drawn"),
                                                                   get("auction.missions_drawn"),
                                                                   get("auction.knowledge_tokens_drawn")),
        "reshuffle": get("deck.reshuffle_discards"), "night": get("time_of_day.values"),
    }
    if any(v is None for v in raw.values()):
        return dict(raw)
    out = dict(raw)
    for name in ("dice_area_cost", "dice_area_dice", "reveal_cost", "discard_loss", "white_faces", "color_faces",
                 "flee_loss", "lost_loss", "magic_cost", "ancient_cost", "negative_penalty", "sell_years"):
        out[name] = _ints(raw[name])
    out["time_cycle"] = tuple(slug(t) for t in raw["time_cycle"])
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
    for name, value in raw.items():
        if name not in out or isinstance(value, bool):
            continue
        if isinstance(value, int) and name not in ("sell_fraction",):
            out[name] = int(value)
    return out
