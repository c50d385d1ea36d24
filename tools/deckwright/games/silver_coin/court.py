"""The Monarchs and Townsfolk of each kingdom, and the Docks of the capitals (lines 193-207, 557, 838,
776, 790, 846, 892-917, 1708-1712, 1813-1818).

Each Monarch and Townsfolk card acts only in its kingdom (line 207). Midas taxes each entry into his
kingdom except by teleport or a hidden path (lines 199, 557); Mansa Qu shows the monsters of his
kingdom's missions, so none is paid for (line 838); Didymus takes his token's coins from a battle won
there and Casimir III bans who loses one (lines 196-197, 776, 790; `monarchs`); the Monster Hunters let
their kingdom hold at most one Tavern mission (lines 207, 846); the Horse Merchant sells a horse for less
(line 896); the Troubadour and the Monster Collector pay a visitor (line 896; `townsfolk`); the Librarian
lets the Great Library of his capital teach for fewer cards (line 1818, the pack's assumed reading). The
Docks sell Ship Journey cards in any capital (line 904).

Placement is drawn once from the game's seed (a seeded `random.Random`, so a game replays from its
seed): the scenario's own lists where it gives them, else the pack's cards shuffled one per kingdom.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from deckwright.gamekit import Handlers, Pack
from deckwright.games.silver_coin.scenario_rules import ASHGAR, OLM, Get, split

if TYPE_CHECKING:
    from deckwright.games.silver_coin.state import State

Action = tuple[Any, ...]
TAX, CLAIRVOYANT, SKEPTIC, BAN = "tax", "clairvoyant", "skeptic", "ban"
MONSTER_HUNTERS, HORSE_MERCHANT, PLAGUE_DOCTOR = "monster-hunters", "horse-merchant", "plague-doctor"
TROUBADOUR, MONSTER_COLLECTOR, LIBRARIAN = "troubadour", "monster-collector", "librarian"
SKULL, BLANK = 1, 0
# What the court dispatches on, and so plays: a Monarch by its role (`monarchs` plays the skeptic and the
# ban), a Townsfolk card by its id (`townsfolk` plays the Troubadour's and the Monster Collector's visits).
# A card of another role or id is placed and does nothing (`check` lists it through the GameSpec's `effects`).
MONARCH_ROLES = Handlers.of("role", (TAX, CLAIRVOYANT, SKEPTIC, BAN))
TOWNSFOLK = Handlers.of("id", (MONSTER_HUNTERS, HORSE_MERCHANT, PLAGUE_DOCTOR, TROUBADOUR, MONSTER_COLLECTOR, LIBRARIAN))


@dataclass(frozen=True)
class Court:
    """Who may sit in which kingdom, and the numbers of the effects the engine plays."""

    monarchs: tuple[tuple[str, str], ...]  # (card id, role) of every Monarch card that may be placed
    townsfolk: tuple[str, ...]
    fixed: tuple[tuple[str, int], ...]  # (monarch id, kingdom) placed before the shuffle
    monarch_kingdoms: tuple[int, ...]  # kingdoms the shuffled Monarchs go to
    townsfolk_kingdoms: tuple[int, ...]
    dealt: tuple[int, int]  # Monarch and Townsfolk cards dealt out (at most one per kingdom)
    tax: int
    mission_cap: int
    horse_price: int
    ship_price: int
    plague_bag: tuple[int, ...]  # the Plague tokens: SKULL or BLANK each
    plague_draws: int  # tokens drawn on each entry
    voyage_cost: int  # Ship Journey cards one voyage spends
    skeptic_cut: int  # coins Didymus takes from a battle won on a mission of his kingdom
    ban_rounds: int  # rounds after the lost battle that Casimir III's ban lasts
    library_saved: int  # Kingdom cards fewer the Librarian's Great Library asks
    song_coins: int  # what the Troubadour pays for a song
    songs: int  # songs the Troubadour pays one hunter for in a game
    trophy_prices: tuple[int, ...]  # what the Monster Collector pays for a trophy, by monster level


def compile_court(pack: Pack, scenario: str, kingdoms: Sequence[str], get: Get) -> Court:
    """The court of the standard game or of a scenario (its set-up lists)."""
    base = split(scenario)[0]
    entity = pack.by_id.get(base)
    setup = (entity.get("setup") or {}) if entity is not None else {}
    at = {k: i for i, k in enumerate(kingdoms)}
    monarchs = {e.id: str(e.get("role") or "") for e in pack.of_type("monarch")}
    townsfolk = [e.id for e in pack.of_type("townsfolk")]
    fixed: list[tuple[str, int]] = []
    every = tuple(range(len(kingdoms)))
    monarch_at, townsfolk_at = every, every
    names = sorted(monarchs)
    if base == OLM and entity is not None:
        names = [str(m) for m in setup.get("monarchs") or [] if m in monarchs]
        townsfolk = [str(t) for t in setup.get("townsfolk") or [] if t in townsfolk]
        monarch_at = townsfolk_at = tuple(at[str(k)] for k in entity.get("playable_kingdoms") or [] if k in at)
    elif base == ASHGAR:
        pinned = setup.get("monarch_fixed") or {}
        if pinned.get("monarch") in monarchs and pinned.get("kingdom") in at:
            fixed.append((str(pinned["monarch"]), at[str(pinned["kingdom"])]))
        names = [m for m in names if m not in {f for f, _ in fixed}]
        monarch_at = tuple(k for k in every if k not in {k for _, k in fixed})
        townsfolk = [str(t) for t in setup.get("townsfolk") or [] if t in townsfolk]
        townsfolk_at = tuple(at[str(k)] for k in setup.get("townsfolk_kingdoms") or [] if k in at)
    dealt = (len(names), len(townsfolk))  # a scenario places every card it lists
    if base not in (OLM, ASHGAR):
        dealt = (int(get("court.standard.monarchs_dealt")), int(get("court.standard.townsfolk_dealt")))
    return Court(
        monarchs=tuple((m, monarchs[m]) for m in names), townsfolk=tuple(townsfolk), fixed=tuple(fixed),
        monarch_kingdoms=monarch_at, townsfolk_kingdoms=townsfolk_at,
        dealt=dealt, tax=int(get("monarch.midas.tax")),
        mission_cap=int(get("townsfolk.monster_hunters.max_missions")),
        horse_price=int(get("townsfolk.horse_merchant.price")), ship_price=int(get("docks.ship_journey.price")),
        plague_bag=(SKULL,) * int(get("townsfolk.plague_doctor.skull_tokens"))
        + (BLANK,) * int(get("townsfolk.plague_doctor.blank_tokens")),
        plague_draws=int(get("plague.tokens_drawn")), voyage_cost=int(get("sea.journey_cards_per_voyage")),
        skeptic_cut=int(get("monarch.didymus.token_value")), ban_rounds=int(get("monarch.casimir.ban_rounds")),
        library_saved=int(get("townsfolk.librarian.cards_saved")), song_coins=int(get("townsfolk.troubadour.song_coins")),
        songs=int(get("townsfolk.troubadour.songs_per_hunter")),
        trophy_prices=tuple(int(p) for p in get("townsfolk.monster_collector.trophy_prices")))


def place(state: State) -> None:
    """Deal the Monarch and Townsfolk cards to their kingdoms, once, from the game's seed."""
    table = state.table
    court = table.court
    if court is None:
        return
    rng = random.Random(f"court {state.seed}")
    monarch_of = [""] * len(table.kingdoms)
    townsfolk_of = [""] * len(table.kingdoms)
    for monarch, kingdom in court.fixed:
        monarch_of[kingdom] = monarch
    for cards, kingdoms, into, dealt in ((list(m for m, _ in court.monarchs), court.monarch_kingdoms, monarch_of,
                                          court.dealt[0]),
                                         (list(court.townsfolk), court.townsfolk_kingdoms, townsfolk_of, court.dealt[1])):
        spots = list(kingdoms)
        rng.shuffle(spots)
        rng.shuffle(cards)
        for card, kingdom in zip(cards[:dealt], spots):
            into[kingdom] = card
    state.monarch_of, state.townsfolk_of = tuple(monarch_of), tuple(townsfolk_of)
    for card in (*monarch_of, *townsfolk_of):
        if card:
            state.use(card)


def role(state: State, kingdom: int) -> str:
    """The role of the Monarch of `kingdom` that the court plays ('' for none)."""
    court = state.table.court
    card = state.monarch_of[kingdom] if 0 <= kingdom < len(state.monarch_of) else ""
    played = _roles(court.monarchs).get(card, "") if court is not None and card else ""
    return played if played in MONARCH_ROLES.keys else ""


@lru_cache(maxsize=4096)  # one court placement per game: bounded, a long run of seeds keeps the latest
def _taxing(monarchs: tuple[tuple[str, str], ...], monarch_of: tuple[str, ...]) -> bool:
    """Whether a taxing Monarch sits in any kingdom (the Monarchs never move after set-up)."""
    roles = _roles(monarchs)
    return any(roles.get(card, "") == TAX for card in monarch_of if card)


@cache
def _roles(monarchs: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """Each Monarch card's role (worked out once per court: moves ask for it by the thousand)."""
    return dict(monarchs)


def townsfolk_in(state: State, kingdom: int) -> str:
    """The Townsfolk card of `kingdom` that the court plays ('' for none)."""
    card = state.townsfolk_of[kingdom] if 0 <= kingdom < len(state.townsfolk_of) else ""
    return card if card in TOWNSFOLK.keys else ""


def tax_due(state: State, start: int, end: int) -> int:
    """Coins a move from `start` to `end` owes for entering a taxing Monarch's kingdom."""
    table = state.table
    court = table.court
    if court is None or start < 0 or end < 0:
        return 0
    kingdom = table.place_kingdom[end]
    return court.tax if kingdom != table.place_kingdom[start] and role(state, kingdom) == TAX else 0


def affordable(state: State, seat: int, moves: list[Action]) -> list[Action]:
    """The moves whose entry tax the hunter can pay (every move when no Monarch taxes)."""
    court = state.table.court
    hunter = state.hunters[seat]
    # a move owes no tax or the one tax: a hunter holding it affords every move
    if court is None or hunter.coins >= max(0, court.tax) or not _taxing(court.monarchs, state.monarch_of):
        return moves
    return [m for m in moves if m[0] not in MOVES or hunter.coins >= tax_due(state, *_ends(hunter.place, m))]


MOVES = ("move", "go", "sail", "rider", "portal-move")


def _ends(here: int, move: Action) -> tuple[int, int]:
    """Where a move's walk starts and ends (a jump through a portal walks on from the portal, untaxed)."""
    return (move[1], move[2]) if move[0] == "portal-move" else (here, move[1])


def entered(state: State, seat: int, start: int, untaxed: bool) -> None:
    """A move into another kingdom: by road or sea (`untaxed`: by a hidden path or a teleport, line 557)
    into a taxing Monarch's kingdom it pays the tax; into the Plague Doctor's, however it came, the
    hunter draws from the Plague bag."""
    table = state.table
    end = state.hunters[seat].place
    if start >= 0 and end >= 0 and table.place_kingdom[start] != table.place_kingdom[end] \
            and townsfolk_in(state, table.place_kingdom[end]) == PLAGUE_DOCTOR:
        state.plague_draws = (*state.plague_draws,) + (seat,) * (table.court.plague_draws if table.court else 0)
    due = 0 if untaxed else tax_due(state, start, end)
    if due:
        hunter = state.hunters[seat]
        hunter.coins -= min(due, hunter.coins)
        state.note("taxes-paid")


def voyage_cost(state: State) -> int:
    """Ship Journey cards a voyage from a port spends."""
    court = state.table.court
    return court.voyage_cost if court is not None else 1


def plague_bag(state: State) -> list[int]:
    """The Plague bag to draw from (every token goes back after the draw, so the bag never changes)."""
    court = state.table.court
    return list(court.plague_bag) if court is not None else []


def plague_drawn(state: State, token: int) -> None:
    """A skull puts a Poison token on the hunter who drew it (line 1018); a blank does nothing."""
    seat, state.plague_draws = state.plague_draws[0], state.plague_draws[1:]
    state.note("plague-draws")
    if token == SKULL and state.poison_left:
        state.poison_left -= 1
        state.hunters[seat].poison += 1
        state.note("plague-poisoned")


def tavern_cap(state: State, kingdom: int) -> int:
    """Missions a kingdom may show in the Tavern: fewer where the Monster Hunters are."""
    court = state.table.court
    if court is not None and townsfolk_in(state, kingdom) == MONSTER_HUNTERS:
        return min(court.mission_cap, state.table.rules.tavern_per_kingdom)
    return state.table.rules.tavern_per_kingdom


def revealed_free(state: State, mission: int) -> bool:
    """Whether a mission's monster is shown for nothing (its kingdom has the clairvoyant Monarch)."""
    return role(state, state.table.missions[mission][0]) == CLAIRVOYANT


def capital_options(state: State, seat: int) -> list[Action]:
    """What the Docks and the Townsfolk of the hunter's capital sell."""
    table = state.table
    court = table.court
    hunter = state.hunters[seat]
    if court is None:
        return []
    found: list[Action] = []
    if "docks" in table.rules.capital_places and hunter.coins >= court.ship_price:
        found.append(("ship",))
    character = table.characters[hunter.character]
    if "townsfolk" in table.rules.capital_places and townsfolk_in(state, table.place_kingdom[hunter.place]) \
            == HORSE_MERCHANT and hunter.coins >= court.horse_price and not character.no_horse \
            and hunter.potions.get("horse", 0) < table.rules.horse_max:
        found.append(("townsfolk", "horse"))
    return found


def visit(state: State, seat: int, action: Action) -> None:
    court = state.table.court
    assert court is not None
    hunter = state.hunters[seat]
    if action[0] == "ship":
        hunter.coins -= court.ship_price
        hunter.ships += 1
        state.note("ships-bought")
    else:
        hunter.coins -= court.horse_price
        hunter.potions["horse"] = hunter.potions.get("horse", 0) + 1
        state.use(HORSE_MERCHANT)
        state.note("horses-from-the-horse-merchant")


def library_cost(state: State, kingdom: int) -> int:
    """Experience Kingdom cards the Great Library of `kingdom`'s capital asks: fewer where the Librarian
    lives."""
    court = state.table.court
    saved = court.library_saved if court is not None and townsfolk_in(state, kingdom) == LIBRARIAN else 0
    return max(0, state.table.rules.library_cards - saved)
