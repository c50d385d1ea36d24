"""The set-up and ends of a Scenario Book game (lines 1590-1929), compiled once per table.

Every number is a fact of the pack (`scenario.*`, `olm.*`, `ashgar.*`); the lists of playable
characters, kingdoms and starting places and the objective sub-decks are the scenario entity's.
A scenario is named `<id>` (Normal difficulty) or `<id>/<difficulty>`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from deckwright.gamekit import Entity, Pack, fact
from deckwright.games.silver_coin.rules import RulesError, count_of, slug

OLM, ASHGAR = "olm-infestation", "ashgar-plague"
DEFAULT_DIFFICULTY = "normal"
Get = Callable[[str], Any]
CORRUPTION = ("forced_draws", "magic_cost", "move_cost", "no_reroll")
"""The Flow-cube effects below death, each a fact `ashgar.corruption.<effect>` (the cubes it starts at;
`forced_draws`: the most cubes that force random draws, one per cube)."""


@dataclass(frozen=True)
class Mode:
    """One scenario at one difficulty for one player count, as numbers and table indices."""

    id: str
    difficulty: str
    players: tuple[int, int]
    characters: tuple[int, ...]
    starts: tuple[int, ...]
    playable: frozenset[int]
    travel: frozenset[int]
    coins: int
    experience: int
    physical: int
    magical: int
    health_change: int
    potions: tuple[str, ...]
    magic: tuple[str, ...]
    knowledge_drawn: int
    missions_per_phase: int
    regular_monster: str
    # Olm Infestation
    olm_missions: tuple[int, ...] = ()
    olm_removed: int = 0
    other_missions: int = 0
    starting_missions: int = 0
    win_olms: int = 0
    lose_olm_discards: int = 0
    # Ashgar Plague
    objective_missions: int = 0
    morahan_deck: int = 0
    morahan: tuple[int, ...] = ()
    missions_taken: int = 0
    missions_placed: int = 0
    objective_monsters: int = 0
    objective_decks: tuple[tuple[int, ...], ...] = ()
    capacity: tuple[int, ...] = ()
    reveal_rounds: tuple[int, ...] = ()
    tavern_cubes: tuple[int, ...] = ()
    morahan_cubes: int = 0
    poison_per_location: int = 0
    corruption_death: int = 0
    corruption: Mapping[str, int] = field(default_factory=dict)
    extra_cost: int = 0
    # Improvement cards (Bidding rounds): (card id, Special Action card id or '') per copy, and their numbers
    improvements: tuple[tuple[str, str], ...] = ()
    improvements_face_up: int = 0
    improvement_cost: int = 0
    improvement_picks: int = 0
    # the company (lines 1618-1643) and the co-operative Bonus track (line 1661)
    company_cost: int = 0
    company_health: int = 0
    bonus_tokens: int = 0
    @property
    def olm(self) -> bool:
        return self.id == OLM


def split(name: str) -> tuple[str, str]:
    """('olm-infestation', 'hard') from 'olm-infestation/hard'; Normal when no difficulty is named."""
    base, _, difficulty = name.strip().lower().partition("/")
    return base, difficulty or DEFAULT_DIFFICULTY


def by_level(value: Any, difficulty: str) -> Any:
    """A by-difficulty fact's value (a plain value holds at every difficulty)."""
    return value[difficulty] if isinstance(value, Mapping) else value


ASKED: ContextVar[str] = ContextVar("silver_coin_fact_asked", default="")
"""The fact a getter answered last (what `SilverCoin.compile` names when a value cannot be played)."""


def getter(pack: Pack, overrides: Mapping[str, Any] | None) -> Get:
    """Fact values by name, `overrides` first (for what-if tables), each read through `fact`."""
    changed = dict(overrides or {})

    def get(name: str) -> Any:
        ASKED.set(name)
        if name in changed:
            return changed[name]
        try:
            return fact(pack, name)
        except KeyError:
            raise RulesError(f"the pack states no {name}", (name,)) from None

    return get


@dataclass(frozen=True)
class Indices:
    """How the table numbers the pack's content (what a Mode refers to)."""

    characters: Mapping[str, int]
    places: Mapping[str, int]
    kingdoms: Mapping[str, int]
    missions: Sequence[tuple[str, int, bool]]  # (mission id, kingdom index, olm)
    items: Sequence[str]
    place_kingdom: Sequence[int]


def compile_mode(pack: Pack, name: str, players: int, at: Indices, get: Get) -> Mode:
    """The Mode of scenario `name` for `players`; RulesError when the pack cannot set it up."""
    base, difficulty = split(name)
    entity = pack.by_id.get(base)
    if entity is None or entity.type != "scenario":
        raise RulesError(f"no scenario '{base}'")
    if difficulty not in (entity.get("difficulties") or []):
        raise RulesError(f"scenario '{base}' has no difficulty '{difficulty}'")
    if base == OLM:
        return _olm(pack, entity, difficulty, players, at, get)
    if base == ASHGAR:
        return _ashgar(pack, entity, difficulty, players, at, get)
    raise RulesError(f"the engine has no rules for scenario '{base}'")


def _ids(entity: Entity, key: str, index: Mapping[str, int], what: str) -> tuple[int, ...]:
    found = []
    for value in entity.get(key) or []:
        if str(value) not in index:
            raise RulesError(f"scenario '{entity.id}' names the {what} '{value}', which the game does not have")
        found.append(index[str(value)])
    return tuple(found)


def _players(entity: Entity, players: int, stated: Any) -> tuple[int, int]:
    low, high = (stated, stated) if isinstance(stated, int) else (int(stated[0]), int(stated[1]))
    if not low <= players <= high:
        raise RulesError(f"scenario '{entity.id}' is for {low}-{high} players, not {players}")
    return low, high


def _characters(entity: Entity, stated: Any, at: Indices, players: int) -> tuple[int, ...]:
    listed = _ids(entity, "playable_characters", at.characters, "character")
    named = tuple(at.characters[slug(c)] for c in stated if slug(c) in at.characters)
    if set(named) != set(listed):
        raise RulesError(f"scenario '{entity.id}' lists other characters than its rules clause")
    if len(listed) < players:
        raise RulesError(f"scenario '{entity.id}' has {len(listed)} playable characters for {players} players")
    return listed


def _potions(entity: Entity, at: Indices) -> tuple[str, ...]:
    found: list[str] = []
    for entry in (entity.get("setup") or {}).get("potions") or []:
        item = str(entry.get("item")) if isinstance(entry, dict) else str(entry)
        if item not in at.items:
            raise RulesError(f"scenario '{entity.id}' starts with '{item}', which no market card sells")
        found += [item] * int(entry.get("count", 1) if isinstance(entry, dict) else 1)
    return tuple(found)


def _olm(pack: Pack, entity: Entity, difficulty: str, players: int, at: Indices, get: Get) -> Mode:
    playable = frozenset(_ids(entity, "playable_kingdoms", at.kingdoms, "kingdom"))
    if len(playable) != int(get("olm.kingdoms")):
        raise RulesError(f"scenario '{entity.id}' lists {len(playable)} kingdoms, its rules clause {get('olm.kingdoms')}")
    olm = tuple(i for i, (_, kingdom, is_olm) in enumerate(at.missions) if is_olm and kingdom in playable)
    return Mode(
        id=OLM, difficulty=difficulty, players=_players(entity, players, get("olm.players")),
        characters=_characters(entity, get("olm.characters"), at, players),
        starts=_ids(entity, "starting_locations", at.places, "place"), playable=playable, travel=playable,
        coins=int(get("olm.start.coins")), experience=int(get("olm.start.experience")),
        physical=int(get("olm.start.physical_flow")), magical=int(get("olm.start.magical_flow")),
        health_change=0, potions=_potions(entity, at), magic=tuple(
            str(m).removesuffix("-magic") for m in (entity.get("setup") or {}).get("magic") or []),
        knowledge_drawn=int(get("olm.start.knowledge")),
        missions_per_phase=int(get("scenario.missions_per_phase")),
        regular_monster=slug(get("ashgar.regular_mission.monster")),
        olm_missions=olm, olm_removed=int(get("olm.setup.olm_removed")),
        other_missions=int(by_level(get("olm.setup.other_missions"), difficulty)),
        starting_missions=int(get("olm.setup.starting_missions")),
        win_olms=int(by_level(get("olm.win.olms"), difficulty)),
        lose_olm_discards=int(by_level(get("olm.lose.olm_discards"), difficulty)),
        poison_per_location=int(get("ashgar.poison_per_location")),
        **_improvements(pack, entity, get, "olm"),
    )


def _improvements(pack: Pack, entity: Entity, get: Get, prefix: str) -> dict[str, Any]:
    """The scenario's Improvement deck (each copy; the Special Action card it plays as) and its numbers."""
    specials = {e.id for e in pack.of_type("special-action-card")}
    deck: list[tuple[str, str]] = []
    for card in sorted(pack.of_type("improvement-card"), key=lambda e: e.id):
        if card.get("scenario") != entity.id:
            continue
        special = str(card.get("special_action_card") or "")
        if special and special not in specials:
            raise RulesError(f"the Improvement card '{card.id}' plays as '{special}', which is no Special Action card")
        deck += [(card.id, special)] * card.copies
    return {"improvements": tuple(deck), "improvements_face_up": int(get(f"{prefix}.setup.improvements_face_up")),
            "improvement_cost": int(get("scenario.improvement.cost.experience")),
            "improvement_picks": int(get("scenario.improvement.picks_per_round")), **_company(get)}


def _company(get: Get) -> dict[str, Any]:
    """The company's numbers: what bringing others along costs, the monster's health per member, and how
    many tokens the co-operative Bonus track carries."""
    return {"company_cost": int(get("company.move.cost.physical_flow")),
            "company_health": int(get("company.monster_health_per_member")),
            "bonus_tokens": int(get("coop.bonus_track.tokens"))}


def _ashgar(pack: Pack, entity: Entity, difficulty: str, players: int, at: Indices, get: Get) -> Mode:
    playable = frozenset(_ids(entity, "playable_kingdoms", at.kingdoms, "kingdom"))
    setup = entity.get("setup") or {}
    limit = int(get("ashgar.kingdoms"))
    named = tuple(at.kingdoms[str(k)] for k in setup.get("townsfolk_kingdoms") or [] if str(k) in at.kingdoms)
    starts = _ids(entity, "starting_locations", at.places, "place")
    # The limit names no kingdoms; the only 3 the set-up names are the Townsfolk ones (line 1818). The
    # start kingdom stays open too, or a hunter starting outside them could never move (the engine's reading).
    travel = frozenset(named) | {at.place_kingdom[s] for s in starts} \
        if limit < len(playable) and len(named) == limit else playable
    morahan = at.kingdoms.get("morahan", -1)
    decks = ((entity.get("setup_by_difficulty") or {}).get(difficulty) or {}).get("objective_decks") or []
    objective = tuple(tuple(level for n in (1, 2, 3) for level in [n] * int(deck.get(f"level_{n}", 0)))
                      for deck in decks if isinstance(deck, dict))
    return Mode(
        id=ASHGAR, difficulty=difficulty, players=_players(entity, players, get("ashgar.players")),
        characters=_characters(entity, get("ashgar.characters"), at, players),
        starts=starts, playable=playable, travel=travel,
        coins=int(get("ashgar.start.coins")), experience=int(get("ashgar.start.experience")), physical=0, magical=0,
        health_change=int(get("ashgar.start.health_change")), potions=_potions(entity, at), magic=(),
        knowledge_drawn=count_of(get("ashgar.start.knowledge_tokens_drawn"), players),
        missions_per_phase=int(get("scenario.missions_per_phase")),
        regular_monster=slug(get("ashgar.regular_mission.monster")),
        objective_missions=int(get("ashgar.setup.morahan_objective_missions")),
        morahan_deck=int(get("ashgar.setup.morahan_deck")),
        morahan=tuple(i for i, (_, kingdom, _) in enumerate(at.missions) if kingdom == morahan),
        missions_taken=int(get("ashgar.setup.missions_taken")), missions_placed=int(get("ashgar.setup.missions_placed")),
        objective_monsters=int(get("ashgar.objective_monsters")), objective_decks=objective,
        capacity=tuple(int(c) for c in by_level(get("ashgar.objective_space_capacity"), difficulty)),
        reveal_rounds=tuple(int(r) for r in get("ashgar.objective_reveal_rounds")),
        tavern_cubes=tuple(int(c) for c in get("ashgar.setup.tavern_cubes_by_column")),
        morahan_cubes=int(get("ashgar.morahan_mission.flow_cubes")),
        poison_per_location=int(get("ashgar.poison_per_location")),
        corruption_death=int(get("ashgar.corruption.death")),
        corruption={effect: int(get(f"ashgar.corruption.{effect}")) for effect in CORRUPTION},
        extra_cost=int(get("ashgar.corruption.extra_cost")),
        **_improvements(pack, entity, get, "ashgar"),
    )
