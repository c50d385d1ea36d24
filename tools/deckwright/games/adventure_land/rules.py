"""The rulebook numbers and readings the Adventure Land engine plays by, read from the pack's clauses.

Nothing here is a default in code: every value comes from a fact a clause states
(`deckwright.rules.fact`). Facts that only matter in a situation (an empty stack, a fog creature
appearing under an adventurer) may be missing; the engine then stops the playout at that situation
and the check reports that the rules do not cover it.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from deckwright.gamekit import MissingFacts, Pack, RulesError, fact, facts_with_prefix, with_facts

DIRECTIONS = {"east": (1, 0), "south": (0, 1), "west": (-1, 0), "north": (0, -1)}



@dataclass(frozen=True)
class Rules:
    """Facts the engine reads; `None` for a situational fact no clause states."""

    max_swords: int
    adventurer_strength: int
    companion_strength: int
    gold_strength: int
    dice_per_sword: int
    die_sides: int
    gold_won_to: str
    gold_lost_to: str
    moves_per_turn: int
    directions: tuple[str, ...]
    cards_per_turn: int
    adventurers_per_player: Mapping[str, int]
    companions_set_aside: Mapping[str, int]
    swords_set_aside: Mapping[str, int]
    starting_adventurers: Mapping[str, int]
    finish_round: bool
    refill_stays_empty: bool
    companions_refill_from_box: bool
    swords_refill_from_box: bool
    initial_terrain_cards: Mapping[str, int]
    win_if: str
    score_start: int
    tie_break: tuple[str, ...]
    # Situational: None when no clause covers the situation.
    empty_stack_places_nothing: bool | None = None
    box_empty_places_nothing: bool | None = None
    reshuffle_discards: bool | None = None
    fog_under_adventurer: str | None = None
    stack_on_occupied: bool | None = None
    fog_max_per_field: int | None = None


# Field -> fact name. Situational facts are listed in SITUATIONAL.
FACT_NAMES: Mapping[str, str] = {
    "max_swords": "fight.max_swords",
    "adventurer_strength": "fight.adventurer_strength",
    "companion_strength": "fight.companion_strength",
    "gold_strength": "fight.gold_strength",
    "dice_per_sword": "fight.dice_per_sword",
    "die_sides": "die.sides",
    "gold_won_to": "engine.gold_spent.won_to",
    "gold_lost_to": "engine.gold_spent.lost_to",
    "moves_per_turn": "move.per_turn.max",
    "directions": "move.directions",
    "cards_per_turn": "turn.cards_drawn",
    "adventurers_per_player": "setup.adventurers_per_player",
    "companions_set_aside": "setup.companions_set_aside",
    "swords_set_aside": "setup.swords_set_aside",
    "starting_adventurers": "setup.starting_adventurers_per_player",
    "finish_round": "end.finish_round",
    "refill_stays_empty": "stockpile.refill.stays_empty",
    "companions_refill_from_box": "stockpile.companions.refill_from_box",
    "swords_refill_from_box": "stockpile.swords.refill_from_box",
    "initial_terrain_cards": "setup.initial_terrain_cards",
    "win_if": "fight.win_if",
    "score_start": "setup.score_start",
    "tie_break": "end.tie_break",
    "empty_stack_places_nothing": "place.empty_stack_places_nothing",
    "box_empty_places_nothing": "stockpile.refill.box_empty_places_nothing",
    "reshuffle_discards": "terrain.reshuffle_discards",
    "fog_under_adventurer": "place.fog_under_adventurer",
    "stack_on_occupied": "place.stack_on_occupied",
    "fog_max_per_field": "place.fog.max_per_field",
}
SITUATIONAL = frozenset({"empty_stack_places_nothing", "box_empty_places_nothing", "reshuffle_discards",
                         "fog_under_adventurer", "stack_on_occupied", "fog_max_per_field"})
# How a fight is won, by `fight.win_if`: the adventurer's strength against the creature's.
WIN_IF: Mapping[str, Callable[[float, float], bool]] = {
    "at_least_creature_strength": operator.ge, "more_than_creature_strength": operator.gt}
# Tie-breaks the engine knows (scoring.winners), in the order `end.tie_break` lists them.
TIE_BREAKS = ("most-adventurers-on-board", "shared")
# Readings the engine plays: each must be stated, and another value is reported, not guessed around.
SUPPORTED: Mapping[str, frozenset[Any]] = {
    "fight.win_if": frozenset(WIN_IF),
    "engine.gold_spent.won_to": frozenset({"stockpile", "box"}),
    "engine.gold_spent.lost_to": frozenset({"stockpile", "box"}),
    "place.under_adventurer_collected": frozenset({True}),
    "water_sprite.removes_companions": frozenset({True}),
    "water_sprite.removes_adventurer": frozenset({True}),
    "water_sprite.adventurer_gets_gold_first": frozenset({True}),
    "fight.won.swords_to": frozenset({"box"}),
    "fight.lost.swords_to": frozenset({"box"}),
    "fight.lost.adventurer_to": frozenset({"box"}),
    "fight.lost.companions_to": frozenset({"box"}),
    "end.stuck_player_draws_cards": frozenset({False}),
    "end.stuck_checked_each_turn": frozenset({True}),
    "move.collect_passed_fields": frozenset({False}),
    "move.leap.fog_creatures": frozenset({False}),
    "move.leap.water_sprite": frozenset({False}),
    "move.end_on_adventurer": frozenset({False}),
    "move.end_on_water_sprite": frozenset({False}),
    "fight.mandatory": frozenset({True}),
    "fight.gold_reroll_requires_sword_die": frozenset({True}),
    # How the engine's turn, move, fight and end code plays (turns.py, board.py, fight.py, placement.py).
    "turn.draw_mandatory": frozenset({True}),
    "turn.draw_before_move": frozenset({True}),
    "move.optional": frozenset({True}),
    "move.straight_line": frozenset({True}),
    "move.distance": frozenset({"unlimited"}),
    "move.distance.min": frozenset({1}),
    "move.leap.adventurers": frozenset({True}),
    "move.leap.companions": frozenset({True}),
    "move.leap.tiles": frozenset({True}),
    "fight.min_swords": frozenset({0}),
    "fight.max_herbs": frozenset({"unlimited"}),
    "fight.sword_extra_value_added": frozenset({True}),
    "fight.herb_excess_refunded": frozenset({False}),
    "fight.herbs_gold_optional": frozenset({True}),
    "fight.herbs_spent_to": frozenset({"out_of_game"}),
    "fight.gold_reroll_replaces": frozenset({True}),
    "fight.gold_reroll_repeatable": frozenset({True}),
    "fight.won.adventurer_stays": frozenset({True}),
    "fight.won.creature_to": frozenset({"player_face_down"}),
    "fight.lost.creature_stays": frozenset({True}),
    "water_sprite.follows_new_gold": frozenset({True}),
    "water_sprite.affects_passed_fields": frozenset({False}),
    "end.stockpile_empty_ends_game": frozenset({True}),
    "end.trigger": frozenset({"no_swords_and_no_companions_in_stockpile"}),
    "end.no_adventurer_can_move_ends_immediately": frozenset({True}),
    "end.stuck_player_keeps_points": frozenset({True}),
    "end.stuck_player_skips_turns": frozenset({True}),
    "end.round_ends_before": frozenset({"first_player"}),
    "end.winner": frozenset({"most_victory_points"}),
    # Seat 0 is the youngest player and seats follow clockwise; one adventure per game; the top-up
    # offers gold for strength and gold to re-roll one die; a refill from the box brings one piece.
    "turn.first_player": frozenset({"youngest"}),
    "turn.direction": frozenset({"clockwise"}),
    "adventure.per_game": frozenset({1}),
    "fight.lost.herbs_to": frozenset({"box"}),
    "fight.gold_ways": frozenset({2}),
    "fight.gold_reroll_dice": frozenset({1}),
    "companion.max_per_adventurer": frozenset({"unlimited"}),
    "water_sprite.moves_along_river": frozenset({True}),
    "stockpile.companions.refill_count": frozenset({1}),
    "stockpile.swords.refill_count": frozenset({1}),
    "stockpile.refill.includes_set_aside": frozenset({True}),
}


def read_rules(pack: Pack, overrides: Mapping[str, Any] | None = None) -> Rules:
    """The Rules the pack's clauses state (governing statements), with `overrides` (fact name -> value)
    taking precedence. Every value is read through `fact`, so the read is recorded."""
    if overrides:
        pack = with_facts(pack, overrides)
    absent = object()
    stated = {name: fact(pack, name, absent) for name in (*FACT_NAMES.values(), *SUPPORTED)}
    initial = {k.rpartition(".")[2]: v for k, v in facts_with_prefix(pack, "setup.initial_terrain_cards").items()}
    if initial:
        stated["setup.initial_terrain_cards"] = initial
    values: dict[str, Any] = {}
    missing = []
    for f in fields(Rules):
        name = FACT_NAMES[f.name]
        if stated[name] is not absent:
            values[f.name] = stated[name]
        elif f.name not in SITUATIONAL:
            missing.append(name)
    missing += [name for name in SUPPORTED if stated[name] is absent and name not in missing]
    if missing:
        raise MissingFacts(f"no clause of pack '{pack.id}' states {', '.join(missing)}", tuple(missing))
    for name, allowed in SUPPORTED.items():
        if stated[name] not in allowed:
            raise MissingFacts(f"the engine plays {name} = {' or '.join(map(repr, sorted(allowed)))}; "
                             f"the pack states {stated[name]!r}")
    values["directions"] = tuple(values["directions"])
    values["tie_break"] = tuple(values["tie_break"])
    if not values["tie_break"] or values["tie_break"][-1] != "shared" or \
            not set(values["tie_break"]) <= set(TIE_BREAKS):
        raise RulesError(f"end.tie_break is {list(values['tie_break'])}; the engine plays a list of {sorted(TIE_BREAKS)} "
                         "ending in 'shared' (a tie the earlier rules leave is shared)")
    unknown = [d for d in values["directions"] if d not in DIRECTIONS]
    if unknown:
        raise RulesError(f"move.directions names unknown directions {unknown}; known: {sorted(DIRECTIONS)}")
    return Rules(**values)
