"""Readable, unique names of Silver Coin actions (golden playthroughs and replays record them)."""

from __future__ import annotations

from typing import Any

from deckwright.games.silver_coin import brewing, special_cards, townsfolk
from deckwright.games.silver_coin.state import State


NAMES = {
    "herb-refresh": "gatherer replaces every face-up Herb card",
    "swap-roll": "fighter rolls a die of each colour to set aside",
    "fighter-swap": "fighter swaps the lowest white die for the die set aside:",
    "fighter-reroll": "fighter rerolls her Color Dice with the green die",
    "roll-done": "the roll stands",
    "prevent-heart": "berserker pays Physical Flow against the Heart",
    "protect-heart": "Protection Magic against the Heart, cast by seat",
    "rage-heart": "berserker spends Rage: the Heart hurts the monster too",
    "rage-number-1": "berserker spends Rage: the 1 counts more",
    "rage-reroll": "berserker spends Rage: rerolls its die",
    "to-rage": "berserker turns Physical Flow into Rage",
    "rage-convert": "berserker banks Physical Flow as Rage",
    "rage-unlock": "berserker removes a Locked Cube from the Rage ability",
    "time-token": "chronomancer sets its Time Token here",
    "time-travel": "chronomancer travels back to its Time Token",
    "time-peek": "chronomancer looks at the top Kingdom card for its bid",
    "draft-glimpse": "chronomancer drafts from the deck seeing two cards",
    "dealt-glimpse": "chronomancer sees two cards for the one dealt to it",
    "dealt-draw": "chronomancer takes the card dealt to it unseen",
    "time-moves-done": "chronomancer leaves its Time Cubes where they are",
    "rage-frenzy": "berserker spends Rage: Frenzy adds to the round's total",
    "summon": "necromancer summons the creature of",
    "necro-take": "the necromancer's creature takes the damage:",
    "necro-self": "the necromancer takes the damage herself",
    "necro-burst": "the necromancer's creature bursts against the monster:",
}
"""Readable names of character abilities (followed by their argument, if any)."""


def _card(state: State, card: int) -> str:
    return f"{state.table.kingdom_card_ids[card]}#{card}"


def _draw(state: State, value: int) -> str:
    table = state.table
    kind = state.chance[0] if state.chance else ""
    if kind == "lot":
        return _lot(state, value)
    if kind == "lot-token":
        return f"knowledge token {table.kingdoms[value]}"
    if kind == "season":
        return table.season_cards[value][0]
    if kind in ("gift", "row", "draft", "random-draw", "time-peek", "card-glimpse"):
        return _card(state, value)
    if kind == "tavern":
        return table.mission_ids[value]
    if kind == "special":
        return table.special_cards[value][0]
    if kind == "bonus":
        return table.bonus_tokens[value][0]
    if kind == "herb":
        return table.herb_cards[value][0]
    if kind in ("monster", "objective-monster", "offer", "foresee", "trophy", "glimpse"):
        return table.monsters[value].id
    if kind in ("setup", "mission"):
        return table.mission_ids[value]
    if kind == "event":
        return table.season_cards[value][0]
    if kind == "plague":
        return "skull" if value else "blank"
    if kind == "improvement" and table.mode is not None:
        return table.mode.improvements[value][0]
    return str(value)


def _lot(state: State, value: int) -> str:
    table = state.table
    if state.stage == 0:
        return table.characters[value].id
    return table.mission_ids[value] if state.stage == 1 else f"{table.journey_cards[value][0]}#{value}"


def describe(state: State, action: Any) -> str:
    """The readable name of `action` in `state`."""
    table = state.table
    kind = action[0]
    if kind == "draw":
        return f"draw {state.chance[0] if state.chance else ''} {_draw(state, action[1])}"
    if kind == "roll":
        chance = state.chance or ("",)
        if chance[0] == "berserk":
            return f"roll berserker die {table.rules.berserker_faces[action[1]]}"
        return f"roll {' '.join(chance)} {action[1]}"
    if kind == "auction":
        name = _lot(state, state.lots[action[1]])
        return f"bid row {action[2] + 1} ({table.rules.auction_rows[action[2]]} coins) on {name}"
    if kind == "rider":
        return f"rider moves to {table.places[action[1]]}" + (" and takes a Location Action" if action[2] else "")
    if kind in ("go", "move", "sail"):
        extra = " with a speed potion" if kind == "move" and action[2] else ""
        extra += " with the company" if action[-1] == "company" else ""
        return f"{kind} to {table.places[action[1]]}{extra}"
    if kind == "discard-mission":
        mission, monster, _ = state.hunters[state.seat].missions[action[1]]
        return f"discard {table.mission_ids[mission]} with {table.monsters[monster].id}"
    if kind in ("bid", "combo"):
        return f"{kind} {' + '.join(_card(state, card) for card in action[1:])}"
    if kind == "play":
        return f"play {_card(state, action[1])} for {action[2]}"
    if kind == "draft":
        return f"draft {_card(state, state.row[action[1]])} from the row"
    if kind == "replace":
        return f"replace {_card(state, action[1])} with {_card(state, state.row[action[2]])}"
    if kind == "pick":
        return f"pick {table.special_cards[action[1]][0]}#{action[1]}"
    if kind in ("take", "take-glimpse"):
        mission, level = state.tavern[action[1]]
        extra = " seeing two monsters" if kind == "take-glimpse" else ""
        return f"take {table.mission_ids[mission]} (level {level}, slot {action[1] + 1}){extra}"
    if kind == "fight":
        mission, monster, _ = state.hunters[state.seat].missions[action[1]]
        company = f" as a company with {', '.join(_hunter(state, m) for m in action[3:])}" if len(action) > 2 else ""
        return f"fight {table.monsters[monster].id} for {table.mission_ids[mission]}{company}"
    if kind == "share":
        return "split the coins evenly" if action[1] < 0 else f"give the coins to {_hunter(state, action[1])}"
    if kind == "time-move":
        return f"chronomancer moves {action[3]} Time Cubes from {action[1]} to {action[2]}"
    if kind == "hand-over":
        what = f"{state.table.rules.share_coins} coins" if action[3] == "coins" else action[3]
        return f"{_hunter(state, action[1])} hands {what} to {_hunter(state, action[2])}"
    if kind == "protect":
        return f"{_hunter(state, action[1])} casts Protection Magic: no damage this round"
    if kind == "unprotected":
        return "take the round's damage without Protection Magic"
    if kind == "time-bid":
        return "chronomancer adds the card to its bid" if action[1] else "chronomancer discards the card"
    if kind == "shift":
        return f"shapeshifter takes the form of {table.monsters[action[1]].id}"
    if kind == "form-bonus":
        fight = state.fight
        form = table.monsters[fight.form] if fight is not None else None
        return f"shapeshifter buys its form's bonus {form.bonuses[action[1]][1] if form else action[1]}"
    if kind == "keep-card":
        return f"keep {_card(state, action[1])} in hand"
    if kind == "day-icon":
        return f"seeker sets its time of day to {action[1]}"
    if kind == "time-rearrange":
        columns = table.rules.knowledge_columns
        spaces = " ".join(f"{i // columns + 1}.{i % columns + 1}" for i in range(action[1].bit_length()) if action[1] >> i & 1)
        return f"chronomancer lays its Knowledge tokens again on (row.column) {spaces}"
    if kind in ("keep-monster", "keep-glimpsed"):
        return f"keep {table.monsters[action[1]].id} for the mission"
    if kind in ("keep", "keep-trophy"):
        return f"keep {table.monsters[action[1]].id} as a trophy"
    if kind == "lich-teleport":
        return f"necromancer's {action[1]} teleports her to {table.places[action[2]]} and is destroyed"
    if kind in NAMES:
        return NAMES[kind] + (f" {action[1]}" if len(action) > 1 else "")
    if kind == "trophy-draw":
        return f"shapeshifter draws level {action[1]} monsters"
    if kind == "track":
        return f"shapeshifter opens {table.rules.shift_track[len(state.hunters[state.seat].unlocked)]}"
    if kind in ("form", "druid-form"):
        from deckwright.games.silver_coin.characters import FORMS

        return f"druid takes the {FORMS[action[1]]} form"
    if kind == "seeker-token":
        return f"seeker token to {table.kingdoms[action[1]]}"
    if kind == "gather":
        extra = f" ({action[3]} Flow)" if len(action) > 3 else ""
        return f"gather {table.herb_cards[action[1]][0]} option {action[2] + 1}{extra}"
    if kind == "character":
        return f"choose {table.characters[action[1]].id}"
    if kind == "start":
        return f"start at {table.places[action[1]]}"
    if kind == "token":
        return f"take knowledge token {table.kingdoms[state.lot_tokens[action[1]]]}#{action[1]}"
    if kind == "engage":
        return f"engage {table.mission_ids[state.tavern[action[1]][0]]} (slot {action[1] + 1})"
    if kind == "objective":
        objective = state.objectives[action[1]]
        return f"engage objective {action[1] + 1}: {table.monsters[objective[1]].id} at {table.mission_ids[objective[0]]}"
    if kind == "ship":
        return "buy a Ship Journey card at the Docks"
    if kind == "townsfolk":
        return "buy a horse from the Horse Merchant"
    if kind in townsfolk.KINDS:
        return townsfolk.describe(action)
    if kind == special_cards.USE:
        return special_cards.describe(action)
    if kind in (brewing.BREW, brewing.PLAY):
        return brewing.describe(action)
    if kind == "portal":
        return f"portal token to {table.places[action[1]]}"
    if kind == "portal-move":
        return f"through the portal at {table.places[action[1]]} to {table.places[action[2]]}"
    if kind == "improvement":
        from deckwright.games.silver_coin.improvements import describe as improvement

        return improvement(state, action)
    if kind == "global":
        return "global " + " ".join(str(a) if not isinstance(a, tuple) else "+".join(a) for a in action[1:])
    return " ".join(str(a) for a in action)


def _hunter(state: State, seat: int) -> str:
    """A seat as the logs name it: its place in the table and its character."""
    character = state.hunters[seat].character
    return f"P{seat + 1} ({state.table.characters[character].id})" if character >= 0 else f"P{seat + 1}"
