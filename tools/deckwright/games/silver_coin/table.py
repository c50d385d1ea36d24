"""The compiled table one game of Silver Coin runs on: the rules, and the pack's content as numbers.

Content is indexed once (places, cards, monsters, season cards) so that a position holds only small
integers; land distances over the map are computed once per table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from deckwright.gamekit import Pack
from deckwright.games.silver_coin.brewing_rules import Brewing, compile_brewing
from deckwright.games.silver_coin.calendar import MONTHS, season_cards
from deckwright.games.silver_coin.court import Court, compile_court
from deckwright.games.silver_coin.necromancer import Creature, compile_creatures
from deckwright.games.silver_coin.portals import PortalRules, compile_portals
from deckwright.games.silver_coin.rules import Rules, RulesError, count_of, slug
from deckwright.games.silver_coin.scenario_rules import Indices, Mode, compile_mode, getter
from deckwright.games.silver_coin.special_rules import CardRules, compile_cards
from deckwright.games.silver_coin.worldmap import HIDDEN, LAND, SEA, Place, Route, WorldMap, distances

STANDARD = "standard"
TOP_LEVEL_1 = "top-level-1-card"
"""A scenario's regular missions fight the face-up top card of the level 1 Monster deck (line 1888)."""
SYMBOLS = ("movement", "reputation", "experience", "flow")


@dataclass(frozen=True)
class Monster:
    """A Monster card as numbers; `bonuses` are (kind, condition text, strength) as printed."""

    id: str
    level: int
    strength: int
    health: int
    required: int
    coins: int
    reputation: int
    experience: int
    symbols: frozenset[str]
    bonuses: tuple[tuple[str, str, int], ...]
    color_dice_only: bool


@dataclass(frozen=True)
class Character:
    """A Character card: its Order number, health and what the engine plays of its abilities."""

    id: str
    order: int
    health: int
    no_horse: bool
    no_potions: bool


@dataclass(frozen=True)
class Table:
    """Everything a standard game of one player count needs, picklable and immutable."""

    scenario: str
    players: int
    rules: Rules
    places: tuple[str, ...]
    place_kingdom: tuple[int, ...]
    place_kind: tuple[str, ...]
    ports: frozenset[int]
    kingdoms: tuple[str, ...]
    capitals: tuple[int, ...]
    land: tuple[tuple[int, ...], ...]
    hidden: Mapping[str, tuple[tuple[int, ...], ...]]
    sea: tuple[tuple[int, ...], ...]
    temples: Mapping[int, str]
    ancient_place: int
    characters: tuple[Character, ...]
    kingdom_cards: tuple[tuple[int, tuple[tuple[str, int], ...], int, bool], ...]
    kingdom_card_ids: tuple[str, ...]
    missions: tuple[tuple[int, int], ...]
    mission_ids: tuple[str, ...]
    monsters: tuple[Monster, ...]
    knowledge_tokens: tuple[tuple[str, int], ...]
    special_cards: tuple[tuple[str, str, int, str], ...]
    journey_cards: tuple[tuple[str, str], ...]
    herb_cards: tuple[tuple[str, int, tuple[tuple[tuple[str, int], ...], ...]], ...]
    bonus_tokens: tuple[tuple[str, str, int], ...]
    seasons: Mapping[str, tuple[int, ...]]
    season_cards: tuple[tuple[str, Mapping[str, tuple[str, int, str]]], ...]
    season_of: Mapping[str, str]
    months: tuple[str, ...]
    prices: Mapping[str, int]
    start_potions: tuple[str, ...]
    mode: Mode | None = None
    regular_monster: int = -1
    links: tuple[tuple[tuple[int, int, str], ...], ...] = ()
    cards: CardRules | None = None  # the Special Action cards played by their own effect (special_cards.py)
    court: Court | None = None
    portals: PortalRules | None = None
    brewing: Brewing | None = None  # the Gatherer's recipes and cards (brewing.py)
    creatures: tuple[Creature, ...] = ()  # the Necromancer's Necro cards (necromancer.py)
    """Per place: (neighbour, movement points, route kind) of every land route and hidden path (passage.py)."""

    def nearest(self, here: int, paths: frozenset[str] = frozenset()) -> tuple[tuple[int, int], ...]:
        """(land cost, place) of every place reached from `here` by road and the given hidden path kinds,
        nearest first (computed once per table)."""
        cache: dict[tuple[int, frozenset[str]], tuple[tuple[int, int], ...]] = self.__dict__.setdefault("_near", {})
        found = cache.get((here, paths))
        if found is None:
            row = self.costs(here, paths)
            found = tuple(sorted((cost, other) for other, cost in enumerate(row) if other != here and cost < 1 << 20))
            cache[(here, paths)] = found
        return found

    def step(self, here: int, there: int) -> int:
        """Movement points of the cheapest direct link from `here` to the neighbouring place `there`."""
        return min((cost for other, cost, _ in self.links[here] if other == there), default=1 << 20)

    def costs(self, here: int, paths: frozenset[str] = frozenset()) -> tuple[int, ...]:
        """Cheapest land cost from `here` to every place by road and the given hidden path kinds
        (computed once per table)."""
        if not paths:
            return self.land[here]
        cache: dict[tuple[int, frozenset[str]], tuple[int, ...]] = self.__dict__.setdefault("_costs", {})
        best = cache.get((here, paths))
        if best is None:
            best = self.land[here]
            for kind in sorted(paths):
                best = tuple(min(a, b) for a, b in zip(best, self.hidden[kind][here]))
            cache[(here, paths)] = best
        return best

    @cached_property
    def round_seasons(self) -> tuple[str | None, ...]:
        """The season of each round's month (None for a month no Season card covers)."""
        return tuple(self.season_of.get(month) for month in self.months)

    @cached_property
    def row_size(self) -> int:
        return self.players + self.rules.row_extra

    @cached_property
    def price_list(self) -> tuple[tuple[str, int], ...]:
        """(item, price) of each Merchant's item, by item."""
        return tuple(sorted(self.prices.items()))

    @cached_property
    def movement_cards(self) -> frozenset[int]:
        """The Kingdom cards with a Movement action (those a combo plays)."""
        return frozenset(card for card, (_, acts, _, _) in enumerate(self.kingdom_cards)
                         if any(symbol == "movement" for symbol, _ in acts))

    @cached_property
    def special_offered(self) -> int:
        """Special Action cards face up for a Bidding round (read once per table)."""
        return count_of(self.rules.special_offered, self.players)


def _index(items: list[str]) -> dict[str, int]:
    return {name: i for i, name in enumerate(items)}


def _distance_table(world: WorldMap, places: list[str], kinds: tuple[str, ...],
                    kingdoms: list[str | None] | None = None, unit: int = 1) -> tuple[tuple[int, ...], ...]:
    """Cheapest cost between every two places over `kinds` of route (inside `kingdoms` when given), each
    point along a route costing `unit` movement points (worked out once for every table of one map)."""
    return _distances_of(tuple(world.places.values()), world.routes, tuple(places), kinds,
                         None if kingdoms is None else tuple(kingdoms), unit)


@lru_cache(maxsize=64)
def _distances_of(on_map: tuple[Place, ...], routes: tuple[Route, ...], places: tuple[str, ...],
                  kinds: tuple[str, ...], kingdoms: tuple[str | None, ...] | None,
                  unit: int) -> tuple[tuple[int, ...], ...]:
    world = WorldMap({p.id: p for p in on_map}, routes)
    far = 1 << 20
    rows = []
    for place in places:
        cost = distances(world, place, kinds, kingdoms)
        rows.append(tuple(cost[other] * unit if other in cost else far for other in places))
    return tuple(rows)


def _monster(entity: Any) -> Monster:
    bonuses = tuple((str(b.get("kind")), str(b.get("condition")), int(b.get("strength", 0)))
                    for b in entity.get("bonuses") or [] if isinstance(b, dict))
    return Monster(entity.id, int(entity.get("level") or 1), int(entity.get("strength") or 0),
                   int(entity.get("health") or 1), int(entity.get("required_knowledge") or 0),
                   int(entity.get("reward_coins") or 0), int(entity.get("reward_reputation") or 0),
                   int(entity.get("reward_experience") or 0), frozenset(entity.get("symbols") or []), bonuses,
                   bool(entity.get("color_dice_only")))


def _character(entity: Any) -> Character:
    restrictions = " ".join(str(r) for r in entity.get("restrictions") or []).lower()
    return Character(entity.id, int(entity.get("order") or 0), int(entity.get("health") or 0),
                     "horse" in restrictions, "potion" in restrictions)


def _potion_item(name: str, items: list[str]) -> str:
    """The market item a starting-kit potion name means ('minor-health-potion' is the health potion)."""
    for item in items:
        if name == item or name.endswith("-" + item) or item.startswith(name.split("-")[0] + "-"):
            return item
    raise RulesError(f"the starting potion '{name}' matches no market card")


def compile_table(pack: Pack, scenario: str, players: int, overrides: Mapping[str, Any] | None = None,
                  rules: Rules | None = None) -> Table:
    """The table of the standard game for `players` (`overrides`: fact values by name, for what-if
    tables; `rules`: already read); RulesError when the pack cannot set it up."""
    rules = rules or Rules.of(pack, overrides)
    world = WorldMap.of(pack)
    places = sorted(world.places)
    at = _index(places)
    kingdoms = [e.id for e in pack.of_type("kingdom")]
    k_at = _index(kingdoms)
    capitals = tuple(at[str(e.get("capital"))] for e in pack.of_type("kingdom") if e.get("capital") in at)
    if len(capitals) != len(kingdoms):
        raise RulesError("every kingdom needs a capital on the map")
    temples = {at[e.id]: str(e.get("magic_school") or e.get("school") or _school(e.id, rules))
               for e in pack.of_type("location") if e.get("kind") == "magic-temple"}
    ancient = [at[e.id] for e in pack.of_type("location") if e.get("kind") == "ancient-knowledge"]
    characters = tuple(sorted((_character(e) for e in pack.of_type("character")
                               if isinstance(e.get("order"), int)), key=lambda c: (c.order, c.id)))
    cards = []
    card_ids = []
    for e in pack.of_type("kingdom-card"):
        acts = tuple((str(a.get("symbol")), int(a.get("amount", 1))) for a in e.get("actions") or [])
        for _ in range(e.copies):
            cards.append((k_at.get(str(e.get("kingdom")), 0), acts, int(e.get("bidding_value") or 0),
                          bool(e.get("ancient"))))
            card_ids.append(e.id)
    missions = []
    mission_ids = []
    for e in pack.of_type("mission-card"):
        if e.get("location") in at and e.get("kingdom") in k_at:
            for _ in range(e.copies):
                missions.append((k_at[str(e.get("kingdom"))], at[str(e.get("location"))]))
                mission_ids.append(e.id)
    monsters = tuple(_monster(e) for e in pack.of_type("monster") for _ in range(e.copies))
    tokens = tuple((str(e.get("kingdom") or ""), e.copies) for e in pack.of_type("knowledge-token"))
    special = tuple((e.id, str(e.get("category") or ""), int(e.get("strength_bonus") or 0), path_kind(e.id))
                    for e in pack.of_type("special-action-card") for _ in range(e.copies))
    journeys = tuple((e.id, str(e.get("kind") or "")) for e in pack.of_type("journey-card") for _ in range(e.copies))
    herbs = tuple((e.id, k_at.get(str(e.get("kingdom")), -1), _gains(e)) for e in pack.of_type("herb-card")
                  for _ in range(e.copies))
    seasons_list = season_cards(pack)
    by_season: dict[str, list[int]] = {}
    for i, card in enumerate(seasons_list):
        by_season.setdefault(card.season, []).append(i)
    season_of = {m: card.season for card in seasons_list for m in card.months}
    if rules.start_month not in MONTHS:
        raise RulesError(f"'{rules.start_month}' is not a month")
    first = MONTHS.index(rules.start_month)
    months = tuple(MONTHS[(first + i) % 12] for i in range(rules.rounds))
    items = [str(e.get("item") or e.id) for e in pack.of_type("market-card")]
    prices = {str(e.get("item") or e.id): int(e.get("price") or 0) for e in pack.of_type("market-card")}
    if not ancient or not characters or not cards or not missions or not monsters:
        raise RulesError("the standard game needs an Ancient temple, characters, Kingdom, Mission and Monster cards")
    mode = None
    get = getter(pack, overrides)  # fact values, `overrides` first, for every rules module below
    regular = -1
    place_kingdom = tuple(k_at.get(str(world.places[p].kingdom), -1) for p in places)
    inside: list[str | None] | None = None
    if scenario != STANDARD:
        mission_olm = [bool(e.get("olm")) for e in pack.of_type("mission-card")
                       if e.get("location") in at and e.get("kingdom") in k_at for _ in range(e.copies)]
        indices = Indices({c.id: i for i, c in enumerate(characters)}, at, k_at,
                          [(mid, k, olm) for mid, (k, _), olm in zip(mission_ids, missions, mission_olm)],
                          items, place_kingdom)
        mode = compile_mode(pack, scenario, players, indices, get)
        regular = next((i for i, m in enumerate(monsters) if m.id == mode.regular_monster), -1)
        if regular < 0 and mode.regular_monster != TOP_LEVEL_1:
            raise RulesError(f"no monster '{mode.regular_monster}' for the scenario's regular missions")
        inside = [kingdoms[k] for k in sorted(mode.travel)] + [None]
        months = tuple(MONTHS[(first + i) % 12] for i in range(rules.rounds + len(seasons_list)))
    hidden = {kind: _distance_table(world, places, LAND + (kind,), inside, rules.point_cost) for kind in HIDDEN}
    return Table(
        scenario=scenario, players=players, rules=rules, places=tuple(places),
        place_kingdom=place_kingdom,
        place_kind=tuple(world.places[p].kind for p in places),
        ports=frozenset(at[p] for p in places if world.places[p].port), kingdoms=tuple(kingdoms), capitals=capitals,
        land=_distance_table(world, places, LAND, inside, rules.point_cost), hidden=hidden,
        sea=tuple(tuple(sorted(at[o] for o, cost in distances(world, p, SEA, inside).items() if o != p and cost == 1))
                  for p in places),
        temples=temples, ancient_place=ancient[0], characters=characters, kingdom_cards=tuple(cards),
        kingdom_card_ids=tuple(card_ids), missions=tuple(missions), mission_ids=tuple(mission_ids), monsters=monsters,
        knowledge_tokens=tokens, special_cards=special, journey_cards=journeys, herb_cards=herbs,
        bonus_tokens=tuple((e.id, str(e.get("effect")), int(e.get("amount") or 0))
                           for e in pack.of_type("bonus-token") for _ in range(e.copies)),
        seasons={s: tuple(v) for s, v in by_season.items()},
        season_cards=tuple((c.id, c.months) for c in seasons_list), season_of=season_of, months=months,
        prices=prices, start_potions=tuple(_potion_item(slug(p), items) for p in rules.start_potions),
        mode=mode, regular_monster=regular, links=_links(world, places, inside, rules.point_cost),
        court=compile_court(pack, scenario, kingdoms, get), portals=compile_portals(get),
        cards=compile_cards(pack, get), brewing=compile_brewing(pack, get),
        creatures=compile_creatures(pack),
    )


def _links(world: WorldMap, places: list[str], kingdoms: list[str | None] | None,
           unit: int) -> tuple[tuple[tuple[int, int, str], ...], ...]:
    """The land routes and hidden paths out of each place (inside `kingdoms` when given)."""
    at = _index(places)
    found: list[list[tuple[int, int, str]]] = [[] for _ in places]
    inside = None if kingdoms is None else set(kingdoms)
    for route in world.routes:
        if route.kind not in LAND + HIDDEN:
            continue
        if inside is not None and not {world.places[route.a].kingdom, world.places[route.b].kingdom} <= inside:
            continue
        a, b = at[route.a], at[route.b]
        found[a].append((b, route.steps * unit, route.kind))
        found[b].append((a, route.steps * unit, route.kind))
    return tuple(tuple(sorted(links)) for links in found)


def _gains(entity: Any) -> tuple[tuple[tuple[str, int], ...], ...]:
    """A Herb card's options as (gain, amount) pairs: 'physical_flow', 'magical_flow', 'flow' (the kind
    the gatherer chooses) or 'potion:<item>'."""
    found = []
    for option in entity.get("gains") or []:
        pairs = [(str(k), int(v)) for k, v in sorted(option.items()) if k != "potions"]
        pairs += [(f"potion:{item}", int(n)) for item, n in sorted((option.get("potions") or {}).items())]
        found.append(tuple(pairs))
    return tuple(found)


def path_kind(card_id: str) -> str:
    """The hidden path kind a Hidden Path card opens ('' for other cards): the kind's word starts the card's."""
    words = card_id.split("-")
    return next((kind for kind in HIDDEN if any(w.startswith(kind.split("-", 1)[1]) for w in words)), "")


def _school(place: str, rules: Rules) -> str:
    for school in rules.magic_schools:
        if school in place:
            return school
    raise RulesError(f"the magic temple '{place}' names no school of {', '.join(rules.magic_schools)}")
