"""One position of a game of Silver Coin: the calendar, the decks and boards, and every hunter.

Cards are table indices; a pile is a list of them. `chance` names the random draw the position waits
for (the engine's chance node); `phase` and `step` name the decision it waits for otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from deckwright.games.silver_coin.table import Table

# Phases: where the round stands.
AUCTION, MAGIC, BID, PICK, PREP, ACTION, OVER = range(7)
PHASE_NAMES = ("auction", "magic", "bid", "pick", "prep", "action", "over")
AT_SEA = -1


@dataclass
class Hunter:
    """Everything one seat owns and where it stands."""

    character: int = -1
    place: int = -1
    coins: int = 0
    experience: int = 0
    physical: int = 0
    magical: int = 0
    health: int = 0
    max_health: int = 0
    poison: int = 0
    world: int = 0
    bonus: int = 0
    hand: list[int] = field(default_factory=list)
    knowledge: list[int] = field(default_factory=list)
    ancient: int = 0
    magic: list[str] = field(default_factory=list)
    potions: dict[str, int] = field(default_factory=dict)
    ships: int = 0
    dice: list[str] = field(default_factory=list)
    missions: list[tuple[int, int, bool]] = field(default_factory=list)
    trophies: list[int] = field(default_factory=list)
    specials: list[int] = field(default_factory=list)
    icons: int = 0
    used: int = 0
    allowed: int = 0
    passed: bool = False
    rows_done: int = 0  # a bit per Kingdom Knowledge row whose one-time bonus was paid (knowledge_board)
    tokens_bonus: list[str] = field(default_factory=list)
    cubes: int = 0
    journeys: list[int] = field(default_factory=list)
    form: int = -1
    ability_used: bool = False
    flow_used: bool = False
    time_cubes: int = 0
    pips: dict[str, int] = field(default_factory=dict)
    token_kingdom: int = -1
    unlocked: list[str] = field(default_factory=list)  # Shapeshifting track spots, Berserker Rage abilities
    rage: int = 0
    swap: list[tuple[str, int]] = field(default_factory=list)  # the Fighter's Color Dice rolled before battle
    time_token: int = -1
    necro: dict[str, int] = field(default_factory=dict)  # summoned Necro creatures: health left
    cells: int = 0  # the Kingdom Knowledge board's spaces with a token, a bit each (knowledge_board)
    day: str = ""  # the time of day the Seeker set for itself this round ("" for the calendar's)
    time_board: tuple[int, ...] = ()  # the Chronomancer's cubes on each ability area (rules.time_areas order)
    time_moved: tuple[str, ...] = ()  # this round's moves between Time Board areas (time_board)
    brewed: dict[str, int] = field(default_factory=dict)  # the Gatherer's brewed cards held, by card id (brewing)

    def copy(self) -> Hunter:
        new = object.__new__(Hunter)
        data = self.__dict__.copy()
        _copy_containers(data, _HUNTER_LISTS, (), _HUNTER_DICTS)
        new.__dict__ = data
        return new

    @property
    def knows(self) -> int:
        return len(self.knowledge) + self.ancient


@dataclass(frozen=True)
class Company:
    """Scenario mode's company in one battle (`company_fight`): who fights, in turn order, and what they
    share. `stash` holds each member's own battle numbers while another member takes its round."""

    owner: int  # the hunter holding the mission, whose turn it is
    members: tuple[int, ...]  # in turn order, the owner among them
    extra_health: int  # the monster's health added for the company's members
    knowledge: int  # the members' Kingdom Knowledge combined
    fled: tuple[int, ...] = ()
    stash: tuple[tuple[int, Fight], ...] = ()  # never changed in place: a member's copy is taken back
    asked: tuple[int, ...] = ()  # members already offered their Antidote after the battle


@dataclass
class Fight:
    """A battle in progress."""

    held: int
    monster: int
    target: int = 0
    dealt: int = 0
    strength_potions: int = 0
    night_potions: int = 0
    sword: bool = False
    color: int = 0
    white: int = 0
    rerolled: bool = False
    rounds: int = 0
    shift: int = 0
    negated: bool = False
    white_faces: tuple[int, ...] = ()  # the white dice one by one, when the Fighter may swap one
    berserk: str = ""  # the Berserker Die's face this battle round
    done: tuple[str, ...] = ()  # the once-a-round character abilities used this battle round
    rage_room: int = 0  # Physical Flow the Berserker may still turn into Rage for damage taken
    form: int = -1  # the trophy monster the Shapeshifter took the form of
    bought: tuple[int, ...] = ()  # the form's printed bonuses it paid for
    company: Company | None = None  # fighting as a company (scenario mode)
    cards: tuple[str, ...] = ()  # the Special Action cards used this battle, by id (special_cards)
    purse: int = 0  # a won company battle's coins to split, after the Monarch's effect (company_fight)
    regenerating: int = -1  # the health when a Regeneration potion was drunk before the battle, else -1 (brewing)


@dataclass
class State:
    """A mutable position; `clone()` gives an independent one."""

    table: Table
    seed: int
    phase: int = AUCTION
    step: str = ""
    seat: int = 0
    chance: tuple[Any, ...] | None = None
    round: int = -1
    steps: int = 0
    stage: int = 0
    order: list[int] = field(default_factory=list)
    hunters: list[Hunter] = field(default_factory=list)
    # piles
    characters: list[int] = field(default_factory=list)
    kingdom_deck: list[int] = field(default_factory=list)
    kingdom_discard: list[int] = field(default_factory=list)
    row: list[int] = field(default_factory=list)
    mission_deck: list[int] = field(default_factory=list)
    mission_discard: list[int] = field(default_factory=list)
    tavern: list[tuple[int, int]] = field(default_factory=list)
    refill: list[int] = field(default_factory=list)
    monster_decks: list[list[int]] = field(default_factory=list)
    monster_discard: list[int] = field(default_factory=list)
    special_deck: list[int] = field(default_factory=list)
    special_row: list[int] = field(default_factory=list)
    special_discard: list[int] = field(default_factory=list)
    bonus_pile: list[int] = field(default_factory=list)
    journeys: list[int] = field(default_factory=list)
    offered: list[int] = field(default_factory=list)
    herb_deck: list[int] = field(default_factory=list)
    herb_row: list[int] = field(default_factory=list)
    herb_discard: list[int] = field(default_factory=list)
    bonus_token: int = -1
    bag: list[int] = field(default_factory=list)
    ancient_left: int = 0
    poison_left: int = 0
    dice_board: list[list[str]] = field(default_factory=list)
    season_left: dict[str, list[int]] = field(default_factory=dict)
    season_card: dict[str, int] = field(default_factory=dict)
    last_season: str = ""
    exhausted: dict[int, int] = field(default_factory=dict)
    # auction
    lots: list[int] = field(default_factory=list)
    lot_tokens: list[int] = field(default_factory=list)
    bids: list[tuple[int, int]] = field(default_factory=list)
    # rounds
    round_type: str = "normal"
    turn: int = 0
    pointer: int = 0
    in_turn: int = 0
    taken_globals: set[str] = field(default_factory=set)
    bid_cards: list[list[int]] = field(default_factory=list)
    picks: list[int] = field(default_factory=list)
    drafted: int = 0
    play_colour: int = -1
    play_symbol: str = ""
    play_count: int = 0
    play_kinds: int = 0
    prep_used: list[str] = field(default_factory=list)
    replaced: int = 0
    move_points: int = 0
    done: set[str] = field(default_factory=set)
    enhanced: bool = False
    fight: Fight | None = None
    gifts: list[int] = field(default_factory=list)
    end: str = ""
    counts: dict[str, int] = field(default_factory=dict)
    used_ids: dict[str, int] = field(default_factory=dict)
    # scenario mode (Scenario Book): set-up draws still to make, mission pools, the Event deck, what lies
    # on the map, Flow cubes waiting on Tavern spots, the objectives [mission, monster, cubes, status]
    setup_draws: list[tuple[str, ...]] = field(default_factory=list)
    pools: dict[str, list[int]] = field(default_factory=dict)
    events: list[int] = field(default_factory=list)
    events_discard: list[int] = field(default_factory=list)
    map_poison: dict[int, int] = field(default_factory=dict)
    map_cubes: dict[int, int] = field(default_factory=dict)
    spot_cubes: list[int] = field(default_factory=list)
    objectives: list[list[int]] = field(default_factory=list)
    objective_deck: list[int] = field(default_factory=list)
    tally: dict[str, int] = field(default_factory=dict)
    # scenario Improvement cards (indices into the mode's list): deck, face-up tableau, discard, held by seat
    improvement_deck: list[int] = field(default_factory=list)
    improvement_row: list[int] = field(default_factory=list)
    improvement_discard: list[int] = field(default_factory=list)
    improvements: list[list[int]] = field(default_factory=list)
    # the world (court.py): the Monarch and Townsfolk of each kingdom ("" for none), never changed after set-up
    monarch_of: tuple[str, ...] = ()
    townsfolk_of: tuple[str, ...] = ()
    portals: tuple[int, ...] = ()
    walking: tuple[tuple[int, int], ...] = ()  # a company on the move (company.py): (seat, movement points)
    glimpsed: list[int] = field(default_factory=list)  # Kingdom cards Future II shows, waiting for the choice
    dealt: tuple[int, ...] = ()  # (Chronomancer, seat to go back to, asking/declined) before a dealt card (time_board)
    plague_draws: tuple[int, ...] = ()  # seats waiting to draw from the Plague Doctor's bag (court.py)  # the Natural Chaos's Portal Tokens, oldest first (portals.py)
    banned: tuple[tuple[int, int], ...] = ()  # (seat, last round) of each ban by Casimir III (monarchs.py)
    songs: tuple[int, ...] = ()  # a seat for each song the Troubadour paid for (townsfolk.py)

    def clone(self) -> State:
        # the instance's dictionary copied, then each container a step changes in place: field by field
        # through setattr costs several times as much, and greedy's look-ahead clones tens of thousands of
        # positions a check (42,000 in Silver Coin's). A copy-on-write position (containers shared until
        # first read, through __getattr__) was measured slower: a look-ahead step reads twenty-odd of them,
        # and each first read costs a Python call where a copy costs an allocation
        new = object.__new__(State)
        data = self.__dict__.copy()
        _copy_containers(data, _LISTS, _NESTED, _DICTS)
        data["season_left"] = {k: v.copy() for k, v in self.season_left.items()}
        data["taken_globals"] = self.taken_globals.copy()
        data["done"] = self.done.copy()
        data["hunters"] = [h.copy() for h in self.hunters]
        fight = self.fight
        if fight is not None:
            data["fight"] = taken = object.__new__(Fight)
            taken.__dict__ = fight.__dict__.copy()
        if self.table.mode is not None:
            _copy_containers(data, _SCENARIO_LISTS, _SCENARIO_NESTED, _SCENARIO_DICTS)
            data["pools"] = {k: v.copy() for k, v in self.pools.items()}
        new.__dict__ = data
        return new

    def note(self, key: str, amount: int = 1) -> None:
        """Count a situation (details) or a content id used (usage)."""
        self.counts[key] = self.counts.get(key, 0) + amount

    def use(self, content_id: str) -> None:
        self.used_ids[content_id] = self.used_ids.get(content_id, 0) + 1


_HUNTER_LISTS = tuple(f.name for f in fields(Hunter) if f.default_factory is list)
_HUNTER_DICTS = tuple(f.name for f in fields(Hunter) if f.default_factory is dict)
# what State.clone copies (every other field is immutable or never changed in place); the scenario's only
# in scenario mode (the standard game never changes them)
_LISTS = ("order", "characters", "kingdom_deck", "kingdom_discard", "row", "mission_deck", "mission_discard", "tavern",
          "refill", "monster_discard", "special_deck", "special_row", "special_discard", "bonus_pile", "bag", "lots",
          "lot_tokens", "bids", "picks", "gifts", "journeys", "offered", "prep_used", "herb_deck", "herb_row",
          "herb_discard", "glimpsed")
_NESTED = ("monster_decks", "dice_board", "bid_cards")
_DICTS = ("season_card", "exhausted", "counts", "used_ids")
_SCENARIO_LISTS = ("setup_draws", "events", "events_discard", "spot_cubes", "objective_deck", "improvement_deck",
                   "improvement_row", "improvement_discard")
_SCENARIO_NESTED = ("objectives", "improvements")
_SCENARIO_DICTS = ("map_poison", "map_cubes", "tally")


def _copy_containers(data: dict[str, Any], lists: tuple[str, ...], nested: tuple[str, ...],
                     dicts: tuple[str, ...]) -> None:
    """Give `data` (an instance's dictionary, copied) its own copy of each named list, list of lists and dict
    (by their `copy` methods, which cost half what calling `list` or `dict` does)."""
    for name in lists:
        data[name] = data[name].copy()
    for name in nested:
        data[name] = [inner.copy() for inner in data[name]]
    for name in dicts:
        data[name] = data[name].copy()


def new_state(table: Table, seed: int) -> State:
    """Before the auction: every pile full, every hunter empty-handed."""
    rules = table.rules
    s = State(table, seed)
    s.hunters = [Hunter() for _ in range(table.players)]
    s.order = list(range(table.players))
    s.characters = list(range(len(table.characters)))
    s.kingdom_deck = list(range(len(table.kingdom_cards)))
    s.mission_deck = list(range(len(table.missions)))
    levels = max(m.level for m in table.monsters)
    s.monster_decks = [[i for i, m in enumerate(table.monsters) if m.level == level] for level in range(1, levels + 1)]
    s.special_deck = list(range(len(table.special_cards)))
    s.bonus_pile = list(range(len(table.bonus_tokens)))
    s.journeys = list(range(len(table.journey_cards)))
    s.herb_deck = list(range(len(table.herb_cards)))
    s.bag = [kingdom for kingdom, copies in _token_kingdoms(table) for _ in range(copies)]
    s.ancient_left = sum(c for kingdom, c in table.knowledge_tokens if kingdom not in table.kingdoms)
    s.poison_left = rules.poison_supply
    s.dice_board = [list(area) for area in rules.dice_board]
    s.season_left = {season: list(cards) for season, cards in table.seasons.items()}
    s.refill = list(rules.refill_levels[0])
    if table.mode is not None:
        from deckwright.games.silver_coin.scenario_flow import prepare

        prepare(s)
    return s


def _token_kingdoms(table: Table) -> list[tuple[int, int]]:
    """(kingdom index, copies) of the Kingdom Knowledge tokens."""
    return [(table.kingdoms.index(kingdom), copies) for kingdom, copies in table.knowledge_tokens
            if kingdom in table.kingdoms]
