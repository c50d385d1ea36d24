"""Turning over a terrain card: what it places where, the water sprite, and pieces appearing under
an adventurer (lines 77-93, 119-121, 163). Empty stacks are handled by the pack's clauses."""

from __future__ import annotations

from deckwright.games.adventure_land import fight, turns
from deckwright.games.adventure_land.state import FOGS, HERBS, SWORD_BOX, SWORD_STACK, TILE, State
from deckwright.games.adventure_land.table import CITY, FOG, FOREST, MOUNTAIN, RIVER

# Situation -> the fact whose clause says what happens.
SITUATION_FACTS = {
    "terrain-deck-empty": "terrain.reshuffle_discards",
    "herbs-exhausted": "place.empty_stack_places_nothing",
    "gold-exhausted": "place.empty_stack_places_nothing",
    "fog-creatures-exhausted": "place.empty_stack_places_nothing",
    "companion-from-box": "stockpile.companions.refill_from_box",
    "sword-from-box": "stockpile.swords.refill_from_box",
    "companions-exhausted": "stockpile.refill.box_empty_places_nothing",
    "swords-exhausted": "stockpile.refill.box_empty_places_nothing",
    "fog-field-occupied": "place.fog.max_per_field",
    "item-on-occupied-field": "place.stack_on_occupied",
    "fog-under-adventurer": "place.fog_under_adventurer",
}


def _covered(s: State, situation: str, answer: object) -> bool:
    """Count a situation the pack's clauses settle; end the game as uncovered when none does."""
    if answer is None:
        turns.uncovered(s, situation)
        return False
    turns.note(s, situation)
    return True


def draw_card(s: State, card: int) -> None:
    """Chance outcome: terrain card `card` is turned over and its item placed."""
    s.deck.remove(card)
    s.discard.append(card)
    s.drawn |= 1 << card
    if s.setup_cards > 0:
        s.setup_cards -= 1
    else:
        s.cards_left -= 1
    _, field, terrain = s.table.cards[card]
    rules = s.table.rules
    if terrain == CITY:
        if s.comp_stock:
            s.comp_stock -= 1
        elif s.comp_box and rules.companions_refill_from_box:
            turns.note(s, "companion-from-box")
            s.comp_box -= 1
            s.refills[0] += 1
        else:
            _nothing(s, "companions-exhausted", rules.box_empty_places_nothing)
            return
        _put(s, field, (0,))
    elif terrain == RIVER:
        if not s.gold_stock:
            _nothing(s, "gold-exhausted", rules.empty_stack_places_nothing)
            return
        s.gold_stock -= 1
        _gold(s, field)
    elif terrain == FOREST:
        _pending(s, HERBS, field, bool(s.herb_stack), "herbs-exhausted")
    elif terrain == MOUNTAIN:
        if s.swords_left:
            _pending(s, SWORD_STACK, field, True, "")
        elif s.sword_box and rules.swords_refill_from_box:
            turns.note(s, "sword-from-box")
            s.refills[1] += 1
            _pending(s, SWORD_BOX, field, True, "")
        else:
            _nothing(s, "swords-exhausted", rules.box_empty_places_nothing)
    elif s.items[field]:
        if _covered(s, "fog-field-occupied", rules.fog_max_per_field if rules.fog_max_per_field == 1 else None):
            _done(s)
    else:
        _pending(s, FOGS, field, bool(s.fog_stack), "fog-creatures-exhausted")


def _nothing(s: State, situation: str, answer: bool | None) -> None:
    if _covered(s, situation, answer or None):
        _done(s)


def _pending(s: State, stack: int, field: int, available: bool, situation: str) -> None:
    if not available:
        _nothing(s, situation, s.table.rules.empty_stack_places_nothing)
        return
    s.pending = (stack, field)
    s.phase = TILE


def tile_stack(s: State) -> list[int]:
    """The stack the pending tile comes from."""
    stack = s.pending[0]
    return {HERBS: s.herb_stack, SWORD_STACK: s.sword_stack, SWORD_BOX: s.sword_box, FOGS: s.fog_stack}[stack]


def draw_tile(s: State, tile: int) -> None:
    """Chance outcome: tile `tile` is the top of the pending stack and goes onto the pending field."""
    stack, field = s.pending
    tile_stack(s).remove(tile)
    s.pending = None
    if stack in (SWORD_STACK, SWORD_BOX):
        s.swords_drawn |= 1 << tile
    if stack == SWORD_STACK:
        s.swords_left -= 1
        if not s.swords_left:  # what was never drawn was set aside in the box at set-up
            s.sword_box.extend(s.sword_stack)
            s.sword_stack.clear()
    _put(s, field, (tile,))


def _gold(s: State, field: int) -> None:
    """Gold appears; the water sprite follows it and throws out whoever stood there (lines 89-91, 121)."""
    occupant = s.occupant[field]
    if occupant >= 0:
        s.gold[s.owner(occupant)] += 1
        turns.remove_adventurer(s, occupant)
        turns.note(s, "water-sprite-kick")
    elif not s.items[field] or _covered(s, "item-on-occupied-field", s.table.rules.stack_on_occupied or None):
        s.items[field] = s.items[field] + (0,)
    else:
        return
    s.sprite = field
    _done(s)


def _put(s: State, field: int, pieces: tuple[int, ...]) -> None:
    terrain = s.table.terrain[field]
    occupant = s.occupant[field]
    if terrain == FOG:
        s.items[field] = pieces
        if occupant >= 0:
            if not _covered(s, "fog-under-adventurer", "fight" if s.table.rules.fog_under_adventurer == "fight" else None):
                return
            fight.start(s, occupant, field, during_placement=True)
            return
    elif occupant >= 0:
        collect(s, occupant, pieces, terrain)
    elif s.items[field] and not _covered(s, "item-on-occupied-field", s.table.rules.stack_on_occupied or None):
        return
    else:
        s.items[field] = s.items[field] + pieces
    _done(s)


def collect(s: State, adventurer: int, pieces: tuple[int, ...], terrain: int) -> None:
    """The adventurer takes what lies on its field (lines 107-113)."""
    seat = s.owner(adventurer)
    if terrain == CITY:
        s.adv_comp[adventurer] += len(pieces)
    elif terrain == RIVER:
        s.gold[seat] += len(pieces)
    elif terrain == FOREST:
        s.herbs[seat] = s.herbs[seat] + pieces
    elif terrain == MOUNTAIN:
        s.swords[seat] = s.swords[seat] + pieces


def _done(s: State) -> None:
    turns.check_end(s)
    turns.advance(s)
