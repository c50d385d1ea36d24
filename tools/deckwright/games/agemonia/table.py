"""A scenario's fixed data, compiled once from the pack: map, Heroes, Enemies, decks, story points.

The Table is immutable and picklable, so playouts in other processes get the same game without
loading the pack again. Compiling checks the set-up the book asks for (items within the hands and
encumbrance limits, Action tokens of the Hero's level) and raises RulesError where it cannot be made.
"""

from __future__ import annotations

import dataclasses
import re
from collections import deque
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from deckwright.gamekit import Entity, MissingFacts, Pack, fact
from deckwright.games.agemonia.decks import card_kind, deck_kinds
from deckwright.games.agemonia import items_stash, items_values, kit
from deckwright.games.agemonia.dice import Die, die_of, joint_pool, reroll_pays, rerolled
from deckwright.games.agemonia.items_values import Effects
from deckwright.games.agemonia.kit import FACE_REROLL, FACE_SHIELDS, Skill
from deckwright.games.agemonia.rulings import RulesError, Rulings, kept_or_built, read_rulings

T = TypeVar("T")

ABILITIES = ("might", "agility", "will")
OUTCOMES = ("success", "fail-forward", "fail")
ACTION_KINDS = ("attack", "support", "movement")  # the kinds of Hero Action token `_action` plays
SUMMONING_KIND = "passive"  # played by `_action` when the token's play values summon a token (passives.py)
EYES = ("closed", "open", "staring")  # the engine's names; `enemy.eye_action_names` must state them
UNREACHABLE = 99
GEM_COST = 1  # an action card costing "an Inspiration gem" spends one (`costs`)


def plays_action(kind: str, values: Mapping[str, Any]) -> bool:
    """Whether `_action` plays a Hero Action token of this kind with these play values (a board's entry):
    a passive one when its values summon a token (`passives`) or state what it does (`lasting`)."""
    return kind in ACTION_KINDS or (kind == SUMMONING_KIND and bool(values.get("summon") or values.get("passive")))


@dataclass(frozen=True)
class Play:
    """How a condition acts on one side: an effect kind and its amount."""

    kind: str
    amount: int = 0


@dataclass(frozen=True)
class Condition:
    id: str
    number: int
    ally: Play | None
    enemy: Play | None
    ends_ally: frozenset[str]
    ends_enemy: frozenset[str]
    cards: int  # cards an Ally may take before tokens are used


@dataclass(frozen=True)
class Summon:
    """The token a passive Hero action summons (lines 3394-3398, 3971-3974, 4143-4153), as its board plays it."""

    token: str  # the hero-token's id
    move: int = 0  # areas it may move once on each of the summoner's later turns
    damage: int = 0  # its attack on every Enemy in its area (after moving): this damage, less shields
    gives: int = -1  # the condition each Enemy its attack damages gains
    taunt: int = -1  # >= 0: Enemies may target it with this taunt, and an attack on it ends the action
    search: bool = False  # it triggers story points as a Non-Hero Ally does
    channel: bool = False  # the summoner may make a ranged attack from its area, ending the action


@dataclass(frozen=True)
class Lasting:
    """What a passive action that summons nothing does while its stamina stays locked (`lasting`)."""

    effect: str  # one of the schema's (`lasting` says what each does)
    amount: int = 0
    range: int = 0
    attacks: tuple[str, ...] = ()  # attack types it applies to (all when empty)
    gives: int = -1  # a condition (index)
    mark: bool = False  # it marks an Ally chosen in sight within `range`

    def applies(self, kind: str) -> bool:
        return not self.attacks or kind in self.attacks


@dataclass(frozen=True)
class Hex:
    """A support action on an Enemy in sight within `range` (`hexes`): it suffers `damage` (no roll, no
    shield) or, with `defeat`, is defeated, and gains `condition`."""

    range: int = 0
    damage: int = 0
    condition: int = -1
    defeat: bool = False


@dataclass(frozen=True)
class ActionEffect:
    """A support action that moves figures or items (`action_effects`): `push` pushes every Enemy in sight
    within `range` `amount` areas; `gain-item` gives the Hero the item `item` (an index in Table.items) from
    the Stock; `move-item` moves an item in sight within `range` to a Hero in sight within `range`;
    `stone-form` turns the Hero to stone for `rounds` rounds, then it recovers `amount` (`stone_form`)."""

    kind: str
    amount: int = 0
    range: int = 0
    item: int = -1
    rounds: int = 0


@dataclass(frozen=True)
class HeroAction:
    id: str
    kind: str  # attack, support, movement, focus, extra-maneuver
    initiative: str
    attacks: tuple[str, ...] = ()
    ability: int = 0
    damage: int = 0
    range: int = 0
    stamina: int = 0
    movement: int = 0
    gives: int = -1
    heal: int = 0
    restore: int = 0
    ally_condition: int = -1
    ally_range: int = 0
    rules: Mapping[str, Any] | None = None
    area: int = -1  # an area attack's reach around its centre area (-1: a single target)
    pierce: int = 0
    adjacent: int = 0  # an adjacent area attack: how many areas next to one another it hits (0: none)
    line: bool = False  # a straight line attack along one of the map's lines, `range` areas long
    lock: int = 0  # a passive action: the stamina locked on it while it lasts (`passives`)
    summon: Summon | None = None  # a passive action's token, summoned in sight within `range`
    lasting: Lasting | None = None  # a passive action that summons nothing: what it does (`lasting`)
    reflect: str = ""  # a support action's mark: Mirror or Revenge for the Ally (`reflect`)
    reflect_attack: str = ""  # ... against the next Enemy attack of this type ("" any)
    hex: Hex | None = None  # a support action on an Enemy (`hexes`)
    gems: int = 0  # Inspiration gems it costs (`costs`)
    effect: ActionEffect | None = None  # a support action moving figures or items (`action_effects`)
    level: int = 1  # its Action token's level


@dataclass(frozen=True)
class Item:
    id: str
    hands: int = 0
    weight: int = 0  # its encumbrance in the backpack (`kit.item_weight`)
    attack: str = ""
    damage: int = 0
    min_range: int = 0
    max_range: int = 0
    heal: int = 0
    restore: int = 0
    condition: int = -1
    rules: Mapping[str, Any] | None = None
    name: str = ""
    summon: int = -1  # the Ally figure (index in Table.heroes) discarding it summons
    teleport: int = 0  # Teleport X: discarding it teleports the Hero up to X areas
    reach: tuple[int, int] = (0, 0)  # the range (minimum, maximum) it summons at
    category: str = ""  # its Item card's category (armor, shield, melee-weapon, ...)
    lock: int = 0  # Stamina chips locked on it while in use (`skills_armor`)
    shields: tuple[items_values.Shield, ...] = ()  # shields it adds to reactive checks while in use, where they hold
    weapon_class: str = ""  # its Item card's weapon class (dagger)
    effects: Effects = items_values.NONE  # what `items` plays of it
    shape: str = ""  # an item token's shape (small-circular, triangular...)
    group: str = ""  # an item token's group (herb, other)
    never_hindered: bool = False  # while in use its Hero is never Hindered
    unhurt_damage: tuple[int, int] = (0, 0)  # while in use: (range, damage) to an attacker that did its Hero no damage
    face_shields: tuple[items_values.Shield, ...] = ()  # while in use: shields each effect face of a reactive check may give
    options: tuple[int, ...] = ()  # the items standing for its card's other options (`items_values.options`)
    option_of: int = -1  # an option's card (index), whose uses it shares unless it states its own limits
    apart: bool = False  # an option counting its uses apart from its card's


ALLY_EFFECTS = ("weaken", "damage-boost", "rage", "cannot-be-defeated", "ignore-hindered", "evade",
                "remove-condition", "stun-blast", "face-shield", "riposte", "reroll", "empower-range")
FACE_EFFECTS = frozenset({"face-shield", "riposte"})  # played by the Reaction die face `ally_effect.face`


@dataclass(frozen=True)
class AllyEffect:
    """An effect of a Non-Hero Ally card beyond Fly, with the values its card shows (`ally_effects`)."""

    kind: str  # one of ALLY_EFFECTS
    amount: int = 0  # damage (damage-boost, rage, stun-blast) or Evade points
    range: int = 0  # remove-condition, stun-blast
    below: int = 0  # rage: while the Ally's health is under this
    condition: int = -1  # weaken, stun-blast: the condition given
    face: str = ""  # reroll: the Reaction die face rolled once more


@dataclass(frozen=True)
class Hero:
    board: str
    hero: str
    abilities: tuple[int, int, int]
    taunt: int
    stamina: int
    wounded_stamina: int
    actions: tuple[HeroAction, ...]
    items: tuple[int, ...]  # global item indices carried at set-up
    active: tuple[int, ...]  # of those, the ones in hand
    hands: int = 2
    gems: int = 0  # Inspiration gems at set-up
    ally: bool = False  # a Non-Hero Ally (Henchman): fixed damage, no stamina, items or rethink
    initiative: str = ""  # a Non-Hero Ally's, from its card (a Hero's comes from its selected action)
    open_from: int = 0  # actions from this index on are tokens for the open Action slots (`kit`)
    open_slots: int = 0
    loadouts: tuple[tuple[int, ...], ...] = ()  # the sets of active items it may switch to
    skills: tuple[Skill, ...] = ()  # ticked Class Skills
    achievement_gems: int = 0
    encumbrance: int = 0  # the weight its backpack may hold (items out of its hands)
    kind: str = "hero"  # hero, henchman, scenario-specific or summoned (the Ally card's kind)
    fly: bool = False  # an Ally card showing Fly (lines 1891-1894)
    joins: int = -1  # a scenario Ally joining when this story point resolves (-1: from set-up)
    effects: tuple[AllyEffect, ...] = ()  # a Non-Hero Ally card's effects other than Fly
    never_hindered: bool = False  # its card shows Ignore Hindered
    undefeatable: bool = False  # its card shows Cannot be defeated
    move: int = 0  # a Non-Hero Ally's card: the movement points of its one move maneuver (lines 1883, 1911)
    recovers: bool = False  # a Non-Hero Ally's card shows a recover maneuver, a heal (line 1898)
    # the kinds of its skills, worked out from `skills`: a rule asked at every step looks here first
    skill_kinds: frozenset[str] = dataclasses.field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "skill_kinds", frozenset(skill.kind for skill in self.skills))


@dataclass(frozen=True)
class EnemyAction:
    eye: str
    move: int
    kind: str  # melee, ranged, magic, none
    damage: int
    max_range: int
    ability: int
    condition: int
    area: int = -1  # an area attack's reach around its target (-1: the target alone)
    teleport: int = 0  # Teleport X in place of its move


@dataclass(frozen=True)
class EnemyType:
    id: str
    health: int
    shield: int
    provoke: int
    figures: int
    actions: Mapping[str, EnemyAction]
    special: str
    special_heal: int
    fly: bool = False  # crosses double lines and height, never springs traps (lines 2290-2293)
    room: int = 1  # capacity one figure takes: Large and Huge Enemies take more (lines 2267-2270)
    traits: frozenset[str] = frozenset()  # its card's traits, "elite" for an Elite Enemy (item qualifiers)


@dataclass(frozen=True)
class Placement:
    enemy: int
    area: int
    count: int
    round: int = 0


@dataclass(frozen=True)
class StoryPoint:
    id: str
    area: int
    range: int
    check_ability: int = -1
    check_target: int = 0
    fail_condition: int = -1
    spawn: tuple[Placement, ...] = ()
    item: int = -1
    condition: int = -1
    start_timer: bool = False
    objective: bool = False
    outcome: str = ""
    reset_timer: bool = False


@dataclass(frozen=True)
class Face:
    card: str
    turns: tuple[str, ...]
    eye: str
    bonus: str
    special: str
    shuffle: bool


@dataclass(frozen=True)
class TrapCard:
    id: str
    active: bool
    ability: int
    conditions: tuple[int, ...]


@dataclass(frozen=True)
class Injury:
    id: str
    affects: str
    amount: int


@dataclass(frozen=True)
class Table:
    """Everything fixed for one scenario and hero count."""

    scenario: str
    players: int
    rules: Rulings
    areas: tuple[str, ...]
    capacity: tuple[int, ...]
    adjacent: tuple[tuple[int, ...], ...]  # across single lines (movement)
    falls: tuple[tuple[int, ...], ...]  # across double lines down to lower ground (falling, lines 1647-1649)
    flights: tuple[tuple[int, ...], ...]  # across any line (Fly)
    white_dist: tuple[tuple[int, ...], ...]  # across the white line kinds `map.white_line_kinds` names (teleport, adjacency)
    pads: tuple[tuple[int, ...], ...]  # per area with an active Teleport token: the areas of its colour's others
    lines: tuple[tuple[int, ...], ...]  # the map's straight lines of areas (straight line attacks)
    level: tuple[tuple[int, ...], ...]  # neighbours across single lines at the same height (melee reach)
    heights: tuple[int, ...]
    move_dist: tuple[tuple[int, ...], ...]
    range_dist: tuple[tuple[int, ...], ...]  # across single and double lines
    sight: tuple[tuple[bool, ...], ...]
    start: int
    trap_areas: tuple[int, ...]
    heroes: tuple[Hero, ...]  # the Heroes (seats 0..players-1), then the Non-Hero Allies
    items: tuple[Item, ...]
    enemy_types: tuple[EnemyType, ...]
    placements: tuple[Placement, ...]
    spawns: tuple[Placement, ...]
    story_points: tuple[StoryPoint, ...]
    timer_target: int
    timer_at_setup: bool
    timer_outcome: str
    defeat_all: bool
    objectives: bool
    objective_mask: int  # story points that must all be resolved for an `objectives` success
    all_exhausted: str
    faces: tuple[Face, ...]
    conditions: tuple[Condition, ...]
    trap_cards: tuple[TrapCard, ...]
    injuries: tuple[Injury, ...]
    fate_values: tuple[int, ...]
    action_odds: tuple[tuple[tuple[int, int, float], ...], ...]  # dice -> (successes, stamina faces, P)
    reaction_odds: tuple[tuple[tuple[int, int, float], ...], ...]
    # the Reaction die with the face Retaliate turns into Riposte counted apart (`class_skill.retaliate.face`),
    # and the successes that face gives a Hero with Retaliate when not turned (none on the effect face)
    riposte_odds: tuple[tuple[tuple[int, int, float], ...], ...] = ()
    riposte_face_successes: int = 0
    # the Reaction die with the face that activates an effect (`ally_effect.face`) counted apart, when a
    # Hero's skill may use it for shields (die "F"), and the successes that face counts as otherwise; the
    # Reaction die with that face rolled once more, when a Hero's skill rerolls it and that pays (die "B")
    face_odds: tuple[tuple[tuple[int, int, float], ...], ...] = ()
    face_successes: int = 0
    face_worth: int = 0  # the face's successes to a Hero whose skills have no use for it (an item's use is a choice)
    reroll_odds: tuple[tuple[tuple[int, int, float], ...], ...] = ()
    # per Non-Hero Ally figure whose card rerolls or uses the Reaction die's face (`ally_effects`): the odds
    # of its Reaction dice, that face counted apart
    ally_odds: Mapping[int, tuple[tuple[tuple[int, int, float], ...], ...]] = dataclasses.field(default_factory=dict)
    # the map's Teleport tokens: (area, colour, active side up), which tokens placed in play link with (`teleport`)
    pad_tokens: tuple[tuple[int, str, bool], ...] = ()
    # the table of each other party of a sample scenario's rotation, a game's seed choosing one (`parties`)
    parties: tuple[Table, ...] = ()
    # worked out from the fields above, not compared: the skill kinds of every figure, and answers playouts
    # keep per position-independent key (`carried`), never pickled, so a table's digest is the same
    # before and after it is played
    skill_kinds: frozenset[str] = dataclasses.field(init=False, compare=False, repr=False)
    memo: dict[Any, Any] = dataclasses.field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "skill_kinds", frozenset().union(*(hero.skill_kinds for hero in self.heroes)))
        object.__setattr__(self, "memo", {})

    def __getstate__(self) -> dict[str, Any]:
        return {name: value for name, value in self.__dict__.items() if name != "memo"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, memo={})


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def scenario_entities(pack: Pack) -> list[Entity]:
    """The pack's playable (sample) scenarios, by number."""
    return sorted(pack.of_type("sample-scenario"), key=lambda e: (int(e.get("number", 0)), e.id))


def resolve_scenario(pack: Pack, name: str) -> Entity | None:
    """The scenario a user-given name means: its id, number, or name as a slug."""
    wanted = slug(name)
    for entity in scenario_entities(pack):
        if wanted in (entity.id, slug(entity.name), str(entity.get("number")), entity.id.removeprefix("sample-")):
            return entity
    return None


def _distances(n: int, edges: list[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    near: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        near[a].append(b)
        near[b].append(a)
    rows = []
    for source in range(n):
        dist = [UNREACHABLE] * n
        dist[source] = 0
        queue = deque([source])
        while queue:
            at = queue.popleft()
            for nxt in near[at]:
                if dist[nxt] == UNREACHABLE:
                    dist[nxt] = dist[at] + 1
                    queue.append(nxt)
        rows.append(tuple(dist))
    return tuple(rows)


def _crossed(rules: Rulings, singles: list[tuple[int, int]], doubles: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The borders a teleport crosses and that make two areas adjacent: white lines of the kinds
    `map.white_line_kinds` names (lines 1601, 3409-3410)."""
    kinds = rules["map.white_line_kinds"] or {}
    return (singles if "single" in kinds else []) + (doubles if "double" in kinds else [])


def _pads(scenario: Entity, n: int) -> tuple[tuple[int, ...], ...]:
    """Per area: where its active Teleport token leads (every other token of its colour, active or not)."""
    tokens = {i: a["teleporter"] for i, a in enumerate(scenario.get("areas") or []) if a.get("teleporter")}
    return tuple(tuple(j for j, other in tokens.items() if j != i and other["color"] == tokens[i]["color"])
                 if i in tokens and tokens[i].get("active", True) else () for i in range(n))


def _pad_tokens(scenario: Entity) -> tuple[tuple[int, str, bool], ...]:
    """The map's Teleport tokens: (area, colour, active side up)."""
    return tuple((i, str(a["teleporter"]["color"]), bool(a["teleporter"].get("active", True)))
                 for i, a in enumerate(scenario.get("areas") or []) if a.get("teleporter"))


def _lines(scenario: Entity, area: _Index, range_dist: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The map's straight lines of areas, each area one range further along than the one before."""
    found = []
    for raw in scenario.get("lines") or []:
        line = tuple(area(a) for a in raw)
        if any(range_dist[a][b] != 1 for a, b in zip(line, line[1:])):
            raise RulesError(f"scenario '{scenario.id}' draws the line {list(raw)} through areas that are not adjacent")
        found.append(line)
    return tuple(found)


def _neighbours(n: int, edges: list[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sorted({b for a, b in edges if a == i} | {a for a, b in edges if b == i})) for i in range(n))


def _sight(n: int, edges: list[tuple[int, int]], heights: tuple[int, ...], dist: tuple[tuple[int, ...], ...],
           blocked: set[frozenset[int]]) -> tuple[tuple[bool, ...], ...]:
    """Line of sight between areas: in range, not across a barrier, and along a shortest route that crosses
    no ground higher than both ends (a height border is seen across only from or into its higher side)."""
    # the ground no higher than the higher end depends on that height alone: one all-pairs table per height
    # (both ends are among the areas at most that high)
    below = {top: _distances(n, [(a, b) for a, b in edges if heights[a] <= top and heights[b] <= top])
             for top in set(heights)}
    rows = []
    for i in range(n):
        row = []
        for j in range(n):
            top = max(heights[i], heights[j])
            row.append(dist[i][j] < UNREACHABLE and frozenset((i, j)) not in blocked
                       and below[top][i][j] == dist[i][j])
        rows.append(tuple(row))
    return tuple(rows)


def _odds(die: Die, most: int) -> tuple[tuple[tuple[int, int, float], ...], ...]:
    """For 0..most dice: every (successes, stamina faces) with its probability; the highest success
    count stands for "that many or more"."""
    rows = []
    for dice in range(most + 1):
        joint = joint_pool(die, dice, dice * max(1, die.most) + 1)
        rows.append(tuple((k, bought, float(p)) for (k, bought), p in sorted(joint.items()) if p > 0))
    return tuple(rows)


def _pack_odds(pack: Pack, die: Die, most: int) -> tuple[tuple[tuple[int, int, float], ...], ...]:
    """`_odds`, worked out once per pack for each die and pool size (every scenario and player count
    compiles the same dice)."""
    return pack.derived(f"agemonia.odds:{die!r}:{most}", lambda _: _odds(die, most))


class _Index:
    """Ids to positions, raising RulesError with the scenario's name for an unknown one."""

    def __init__(self, what: str, ids: list[str], scenario: str) -> None:
        self.what, self.ids, self.scenario = what, {i: n for n, i in enumerate(ids)}, scenario

    def __call__(self, key: Any, optional: bool = False) -> int:
        if key is None and optional:
            return -1
        if key not in self.ids:
            raise RulesError(f"scenario '{self.scenario}' names {self.what} '{key}', which the engine does not know")
        return self.ids[key]


def compile_table(pack: Pack, scenario: str, players: int, overrides: Mapping[str, Any] | None = None,
                  party: Sequence[Entity] = (), hired: Collection[str] | None = None) -> Table:
    """The Table of one sample scenario and hero count; RulesError when the pack cannot set it up.
    `party` gives the first seats' Hero boards in place of the scenario's (a campaign's grown Heroes);
    `hired`, the Henchmen a campaign hired (the scenario brings only those of its own it names).
    What depends on the scenario alone (its map, conditions, Enemies, decks, dice) is worked out once per
    pack and scenario without `overrides` (`_scenario_part`); every party's and campaign step's table
    shares it."""
    entity = resolve_scenario(pack, scenario)
    if entity is None:
        raise RulesError(f"pack '{pack.id}' has no sample scenario '{scenario}'")
    rules = read_rulings(pack, entity.get("rules") or {}, overrides)
    sid = entity.id
    ground = _scenario_part(pack, f"ground:{sid}", overrides, lambda: _ground(pack, entity, rules))
    area, cond = ground.area, ground.cond
    listed = [pack.by_id.get(b) for b in entity.get("party") or []]
    if len(listed) < players or any(b is None for b in listed):
        raise RulesError(f"scenario '{sid}' lists {len(listed)} Hero boards; {players} Heroes need as many")
    # the listed ones still give items' play values; each item's card gives those its board does not state;
    # a sample table (no campaign party) adds the stash items dealt to its seats
    boards = [*party, *(b for b in listed if b is not None)]
    boards = [items_values.played_board(pack, b)
              for b in (boards if party else items_stash.with_stash(pack, entity, players, boards, rules))]
    story_ids = [str(sp["id"]) for sp in entity.get("story_points") or []]
    allies = _allies(pack, entity, players, cond, rules, _Index("story point", story_ids, sid), hired)
    summoned = _summoned(pack, boards, cond, players + len(allies))
    items, item_index = _items(pack, boards, entity, cond, {a.hero: players + len(allies) + i
                                                             for i, a in enumerate(summoned)}, rules)

    heroes = tuple(_hero(pack, b, cond, item_index, rules) for b in boards[:players])
    heroes += allies + summoned
    start_area = area(entity.get("start"))
    # the Trap deck comes out of the box only for a scenario placing enough Trap tokens at set-up (the
    # pack's samples place no surprise traps)
    traps = tuple(i for i, a in enumerate(entity.get("areas") or []) if a.get("trap"))
    traps = traps if len(traps) >= int(rules["trap_deck.setup_tokens_threshold"]) else ()
    starting = sum(1 for h in heroes if h.kind != "summoned" and h.joins < 0)
    if starting > int((entity.get("areas") or [])[start_area]["capacity"]):
        raise RulesError(f"scenario '{sid}' starts {starting} Allies in '{ground.area_ids[start_area]}', which holds fewer")
    enemy_types, enemy = _scenario_part(pack, f"enemies:{sid}", overrides, lambda: _enemies(pack, entity, cond, rules))

    def placements(listed: Any) -> tuple[Placement, ...]:
        return tuple(Placement(enemy(p["enemy"]), area(p["area"]), int(p.get("count", 1)), int(p.get("round", 0)))
                     for p in listed or [] if int(p.get("min_heroes", 1)) <= players)

    story = tuple(_story_point(sp, area, cond, item_index, placements) for sp in entity.get("story_points") or [])
    timer = entity.get("timer") or {}
    success = entity.get("success") or {}
    fixed = _scenario_part(pack, f"fixed:{sid}:{players}", overrides,
                           lambda: _fixed(pack, entity, ground, rules, placements, traps))
    return Table(
        scenario=sid, players=players, rules=rules, areas=tuple(ground.area_ids),
        adjacent=ground.adjacent, heights=ground.heights,
        range_dist=ground.range_dist, sight=ground.sight,
        start=start_area,
        trap_areas=traps,
        heroes=heroes, items=items, enemy_types=enemy_types,
        story_points=story,
        timer_target=int(timer.get("target", 0)), timer_at_setup=bool(timer.get("at_setup")),
        timer_outcome=str(timer.get("outcome", "")),
        defeat_all=bool(success.get("defeat_all")), objectives=bool(success.get("objectives")),
        objective_mask=sum(1 << i for i, p in enumerate(story) if p.objective),
        all_exhausted=str(entity.get("all_exhausted")),
        conditions=ground.conditions,
        **fixed,
        **_riposte_dice(pack, heroes, rules),
        **face_dice(pack, heroes, rules, items),
        ally_odds=_ally_dice(pack, heroes, rules),
    )


def _scenario_part(pack: Pack, key: str, overrides: Mapping[str, Any] | None, build: Callable[[], T]) -> T:
    """`build()`, a part of a table that depends on the scenario alone, kept with the pack when no
    `overrides` change the rules (`kept_or_built`: its fact reads recorded again at each use)."""
    return build() if overrides else kept_or_built(pack, f"agemonia.table.{key}", build)


@dataclass(frozen=True)
class _Ground:
    """A scenario's map and conditions, as every table of it plays them."""

    area_ids: tuple[str, ...]
    area: _Index
    singles: tuple[tuple[int, int], ...]
    doubles: tuple[tuple[int, int], ...]
    heights: tuple[int, ...]
    range_dist: tuple[tuple[int, ...], ...]
    sight: tuple[tuple[bool, ...], ...]
    adjacent: tuple[tuple[int, ...], ...]
    across: tuple[tuple[int, ...], ...]
    conditions: tuple[Condition, ...]
    cond: _Index


def _ground(pack: Pack, entity: Entity, rules: Rulings) -> _Ground:
    sid = entity.id
    area_ids = [str(a["id"]) for a in entity.get("areas") or []]
    area = _Index("area", area_ids, sid)
    n = len(area_ids)
    singles = [(area(a), area(b)) for a, b in entity.get("borders") or []]
    doubles = [(area(a), area(b)) for a, b in entity.get("double_borders") or []]
    blocked = {frozenset((area(a), area(b))) for a, b in entity.get("no_sight") or []}
    heights = tuple(int(a.get("height", 0)) for a in entity.get("areas") or [])
    range_dist = _distances(n, singles + doubles)
    sight = _sight(n, singles + doubles, heights, range_dist, blocked)
    adjacent, across = _neighbours(n, singles), _neighbours(n, doubles)
    conditions = _conditions(pack, int(rules["conditions.cards_before_tokens"]))
    return _Ground(tuple(area_ids), area, tuple(singles), tuple(doubles), heights, range_dist, sight, adjacent, across,
                   conditions, _Index("condition", [c.id for c in conditions], sid))


def _enemies(pack: Pack, entity: Entity, cond: _Index, rules: Rulings) -> tuple[tuple[EnemyType, ...], _Index]:
    """The Enemy types the scenario places or spawns, and their index."""
    enemy_ids = sorted({str(p["enemy"]) for key in ("enemies", "spawns") for p in entity.get(key) or []}
                       | {str(p["enemy"]) for sp in entity.get("story_points") or [] for p in sp.get("spawn") or []})
    eyes = tuple(map(str, rules["enemy.eye_action_names"]))
    if sorted(eyes) != sorted(EYES):
        raise RulesError(f"the engine plays the eye actions {list(EYES)}; enemy.eye_action_names states {list(eyes)}")
    enemy_types = tuple(_enemy(pack, e, entity.id, cond, eyes, rules) for e in enemy_ids)
    return enemy_types, _Index("enemy", enemy_ids, entity.id)


def _fixed(pack: Pack, entity: Entity, ground: _Ground, rules: Rulings,
           placements: Callable[[Any], tuple[Placement, ...]], traps: tuple[int, ...]) -> dict[str, Any]:
    """The Table's fields that depend on the scenario and Hero count alone, in the order the Table takes
    them (a scenario that cannot be set up fails at the first)."""
    n = len(ground.area_ids)
    adjacent, across, heights = ground.adjacent, ground.across, ground.heights
    action_die, reaction_die = die_of(pack, "action", in_scenario=True), die_of(pack, "reaction", in_scenario=True)
    return dict(
        capacity=tuple(int(a["capacity"]) for a in entity.get("areas") or []),
        falls=tuple(tuple(b for b in across[a] if heights[b] < heights[a]) for a in range(n)),
        flights=tuple(tuple(sorted(adjacent[a] + across[a])) for a in range(n)),
        white_dist=_distances(n, _crossed(rules, list(ground.singles), list(ground.doubles))),
        pads=_pads(entity, n), pad_tokens=_pad_tokens(entity),
        lines=_lines(entity, ground.area, ground.range_dist),
        level=tuple(tuple(b for b in adjacent[a] if heights[b] == heights[a]) for a in range(n)),
        move_dist=_distances(n, list(ground.singles)),
        placements=placements(entity.get("enemies")), spawns=placements(entity.get("spawns")),
        faces=_faces(pack, str(entity.get("difficulty", "normal")), entity.id),
        trap_cards=_traps(pack, ground.cond) if traps else (), injuries=_injuries(pack, rules),
        fate_values=tuple(int(v) for v in rules["fate.card_values"]),
        action_odds=_pack_odds(pack, action_die, int(rules["components.action_dice.count"]) + 2),
        reaction_odds=_pack_odds(pack, reaction_die, int(rules["components.reaction_dice.count"]) + 2),
    )


def _ally_dice(pack: Pack, heroes: tuple[Hero, ...], rules: Rulings) -> dict[int, Any]:
    """The Reaction dice of each Non-Hero Ally whose card shows Reroll, or an effect of the face
    `ally_effect.face` (which then counts for the effect, not as successes: lines 1009-1012)."""
    faces = [str(f) for f in fact(pack, "reaction_die.faces")]
    found = {}
    for index, figure in enumerate(heroes):
        kinds = {e.kind for e in figure.effects}
        if not kinds & (FACE_EFFECTS | {"reroll"}):
            continue
        marked = frozenset({str(rules["ally_effect.face"])}) if kinds & FACE_EFFECTS else frozenset()
        die = die_of(pack, "reaction", in_scenario=True, marked=marked)
        rerolls = {e.face for e in figure.effects if e.kind == "reroll"}
        again = frozenset(i for i, face in enumerate(faces) if face in rerolls)
        if any(e.kind == "reroll" and e.face not in faces for e in figure.effects):
            raise RulesError(f"Ally '{figure.hero}' rerolls a face the Reaction die does not have ({faces})")
        found[index] = _pack_odds(pack, rerolled(die, again) if again else die,
                                  int(rules["components.reaction_dice.count"]) + 2)
    return found


def _riposte_dice(pack: Pack, heroes: tuple[Hero, ...], rules: Rulings) -> dict[str, Any]:
    """The Reaction die's odds with the face Retaliate uses counted apart, when a Hero has a Riposte skill."""
    if not any(s.kind == "riposte" for h in heroes for s in h.skills):
        return {}
    face = str(rules["class_skill.retaliate.face"])
    die = die_of(pack, "reaction", in_scenario=True, marked=frozenset({face}))
    # Retaliate is an effect the face may activate: on the face that activates effects the Hero gets no
    # successes unless the pack says the face counts with an effect too (lines 1009-1012, as `face_dice`)
    counts = face != str(rules["ally_effect.face"]) or bool(rules["ally_effect.face_counts_with_effect"])
    return {"riposte_odds": _pack_odds(pack, die, int(rules["components.reaction_dice.count"]) + 2),
            "riposte_face_successes": int(fact(pack, "dice.face_successes").get(face, 0)) * counts}


def face_dice(pack: Pack, heroes: tuple[Hero, ...], rules: Rulings, items: tuple[Item, ...] = ()) -> dict[str, Any]:
    """The Reaction dice of the Heroes' skills, and items, on the face that activates an effect (`skills_dice`)."""
    kinds = {s.kind for h in heroes for s in h.skills} | ({FACE_SHIELDS} if any(i.face_shields for i in items) else set())
    kinds |= {FACE_REROLL} if any(i.effects.react is not None and i.effects.react.reactive_faces for i in items) else set()
    if not kinds & {FACE_SHIELDS, FACE_REROLL}:
        return {}
    face = str(rules["ally_effect.face"])
    faces = [str(f) for f in fact(pack, "reaction_die.faces")]
    if face not in faces:
        raise RulesError(f"ally_effect.face names '{face}', which the Reaction die does not have ({faces})")
    most = int(rules["components.reaction_dice.count"]) + 2
    found: dict[str, Any] = {}
    # the face's successes belong to an Ally without such an effect; a Hero with Barkskin or Blurred Form
    # has one, so unless the pack says otherwise the face is worth no successes to it (lines 1009-1012)
    counts = bool(rules["ally_effect.face_counts_with_effect"])
    if FACE_SHIELDS in kinds:
        found["face_odds"] = _pack_odds(pack, die_of(pack, "reaction", in_scenario=True, marked=frozenset({face})), most)
        found["face_worth"] = int(fact(pack, "dice.face_successes").get(face, 0))
        found["face_successes"] = found["face_worth"] * counts
    held = die_of(pack, "reaction", in_scenario=True, marked=frozenset() if counts else frozenset({face}))
    if FACE_REROLL in kinds and reroll_pays(held, faces.index(face)):
        found["reroll_odds"] = _pack_odds(pack, rerolled(held, frozenset({faces.index(face)})), most)
    return found


def _conditions(pack: Pack, cards_before_tokens: int) -> tuple[Condition, ...]:
    def play(raw: Any) -> Play | None:
        return Play(str(raw["kind"]), int(raw.get("amount", 0))) if isinstance(raw, dict) else None

    found = sorted(pack.of_type("condition"), key=lambda c: (int(c.get("number", 0)), c.id))
    return tuple(Condition(c.id, int(c.get("number", 0)), play(c.get("play_ally")), play(c.get("play_enemy")),
                           frozenset(map(str, c.get("ends_ally") or ())), frozenset(map(str, c.get("ends_enemy") or ())),
                           min(c.copies, cards_before_tokens)) for c in found)


def _item(pack: Pack, raw: Mapping[str, Any], cond: _Index, summons: Mapping[str, int], rules: Rulings) -> Item:
    use = raw.get("use") or {}
    wear = raw.get("wear") or {}
    card = pack.by_id.get(str(raw["item"]))
    summoned = card.get("summons") if card is not None else None
    return Item(str(raw["item"]), int(raw.get("hands", 0)), kit.item_weight(pack, raw, rules), str(raw.get("attack", "")),
                int(raw.get("damage", 0)), int(raw.get("min_range", 0)), int(raw.get("max_range", 0)),
                int(use.get("heal", 0)), int(use.get("restore", 0)), cond(use.get("condition"), optional=True),
                raw.get("rules"), card.name if card is not None else str(raw["item"]),
                summons[str(summoned)] if summoned and use.get("summon") else -1, int(use.get("teleport", 0)),
                (int(use.get("min_range", 0)), int(use.get("range", 0))),
                str(card.get("category", "")) if card is not None else "", int(wear.get("lock", 0)),
                items_values.shields(wear), str(card.get("weapon_class", "")) if card is not None else "",
                items_values.effects(pack, raw, cond), str(card.get("shape", "")) if card is not None else "",
                str(card.get("group", "")) if card is not None else "", bool(wear.get("never_hindered")),
                (int((wear.get("unhurt_damage") or {}).get("range", 0)), int((wear.get("unhurt_damage") or {}).get("damage", 0))),
                items_values.shields(wear, "face_shields"))


def _items(pack: Pack, boards: list[Entity], scenario: Entity, cond: _Index,
           summons: Mapping[str, int], rules: Rulings) -> tuple[tuple[Item, ...], dict[str, int]]:
    """Every item a board or story point can bring into play, with its played values (first board's)."""
    found: dict[str, Item] = {}
    for board in boards:
        for raw in board.get("items") or []:
            found.setdefault(str(raw["item"]), _item(pack, raw, cond, summons, rules))
    for item in _gained(pack, boards):
        found.setdefault(item, _item(pack, items_values.values(pack, {"item": item}), cond, summons, rules))
    for sp in scenario.get("story_points") or []:
        if sp.get("item") and sp["item"] not in found and items_values.plays(items_values.card_values(pack, sp["item"])):
            found[sp["item"]] = _item(pack, items_values.values(pack, {"item": sp["item"]}), cond, summons, rules)
        if sp.get("item") and sp["item"] not in found:
            raise RulesError(f"story point '{sp['id']}' of '{scenario.id}' gives item '{sp['item']}', "
                             "whose play values neither its card nor a Hero board of the party states")
    items = tuple(found.values())
    return _with_options(pack, items, cond, summons, rules), {item.id: i for i, item in enumerate(items)}


def _with_options(pack: Pack, items: tuple[Item, ...], cond: _Index, summons: Mapping[str, int],
                  rules: Rulings) -> tuple[Item, ...]:
    """The items, then an item for each other option their cards state (`items_values.options`): no Hero
    carries one; a Hero uses it in place of its card, which it names."""
    found = list(items)
    for index, item in enumerate(items):
        faces = []
        for raw, apart in items_values.options(pack, item.id):
            faces.append(len(found))
            found.append(dataclasses.replace(_item(pack, raw, cond, summons, rules), option_of=index, apart=apart))
        if faces:
            found[index] = dataclasses.replace(item, options=tuple(faces))
    return tuple(found)


def _gained(pack: Pack, boards: list[Entity]) -> list[str]:
    """The items the boards' actions (their open tokens too) bring from the Stock (`gain-item`), and the
    Herb tokens of the shape an item they carry gains (`use: {herb: shape}`) that the engine plays."""
    found = [str(raw["effect"]["item"]) for board in boards for raw in (*(board.get("actions") or []),
                                                                       *(board.get("open_tokens") or []))
             if (raw.get("effect") or {}).get("kind") == "gain-item" and raw["effect"].get("item")]
    shapes = {str((raw.get("use") or {}).get("herb")) for board in boards for raw in board.get("items") or []
              if (raw.get("use") or {}).get("herb")}
    found += [token.id for token in pack.of_type("item-token") if token.get("group") == "herb"
              and token.get("shape") in shapes and items_values.plays_card(pack, token.id)]
    return found


def _hero(pack: Pack, board: Entity, cond: _Index, item_index: Mapping[str, int], rules: Rulings) -> Hero:
    hero = pack.by_id.get(str(board.get("hero")))
    if hero is None:
        raise RulesError(f"hero board '{board.id}' names no Hero of the pack")
    abilities = board.get("abilities") or {}
    actions = [_action(pack, board, raw, cond, rules, item_index) for raw in board.get("actions") or []]
    actions.append(HeroAction("focus-action", "focus", str(rules["focus.initiative"])))
    actions.append(HeroAction("extra-maneuver-action", "extra-maneuver", str(rules["extra_maneuver.initiative"])))
    carried = [item_index[str(raw["item"])] for raw in board.get("items") or []]
    hands = int(hero.get("hands", 0))  # the Hero card's (a claim compares them with the rule book's)
    active: list[int] = []
    skills = kit.class_skills(pack, board, rules)
    used, limits = 0, kit.per_type_limits(rules, skills)
    for index in carried:
        wanted = _item_hands(pack, board, index, item_index)
        kind = _item_kind(board, index, item_index)
        same = sum(1 for i in active if _item_kind(board, i, item_index) == kind)
        if wanted and used + wanted <= hands and same < limits.get(kind, limits[""]):
            active.append(index)
            used += wanted
    weight = sum(kit.item_weight(pack, raw, rules) for raw in board.get("items") or []
                 if item_index[str(raw["item"])] not in active)
    fitting = kit.loadouts(pack, board, hands, item_index, rules, skills)
    if weight > int(board.get("encumbrance", 0)) and fitting:  # held in hand so that the rest fits the backpack
        active = list(fitting[0])
        weight = sum(kit.item_weight(pack, raw, rules) for raw in board.get("items") or []
                     if item_index[str(raw["item"])] not in active)
    if weight > int(board.get("encumbrance", 0)):
        raise RulesError(f"hero board '{board.id}' carries {weight} encumbrance in items, more than its "
                         f"{board.get('encumbrance', 0)}")
    open_from = len(actions)
    actions += kit.open_tokens(board, rules, lambda raw: _action(pack, board, raw, cond, rules, item_index))
    printed = tuple(int(abilities.get(a, 0)) for a in ABILITIES)
    return Hero(board.id, hero.id, kit.raised_abilities(printed, skills),
                int(board.get("taunt", 0)), int(board.get("stamina", 1)), int(board.get("wounded_stamina", 1)),
                tuple(actions), tuple(carried), tuple(active), hands,
                min(int(board.get("inspiration_gems", 0)), int(rules["inspiration_gem.max"])),
                open_from=open_from, open_slots=kit.open_slots(board, rules) if open_from < len(actions) else 0,
                loadouts=fitting,
                skills=skills, achievement_gems=int(board.get("achievement_gems", 0)),
                encumbrance=int(board.get("encumbrance", 0)))


def _ally_figure(card: Entity, raw: Mapping[str, Any], cond: _Index, kind: str, joins: int = -1) -> Hero:
    """A Non-Hero Ally as the engine plays it, from the play values of its card (`raw`): health,
    initiative symbol, abilities and the actions its card names."""
    named = list(card.get("actions") or [])
    actions = []
    for act in raw.get("actions") or []:
        if act["name"] not in named:
            raise RulesError(f"Ally '{card.id}' has no action '{act['name']}' on its card (it shows {named})")
        if act["kind"] == "support":  # the Ally it targets, within range, gains the condition
            actions.append(HeroAction(slug(str(act["name"])), "support", str(raw["initiative"]),
                                      ally_condition=cond(act.get("gives"), optional=True),
                                      ally_range=int(act.get("range", 0))))
            continue
        actions.append(HeroAction(slug(str(act["name"])), "attack", str(raw["initiative"]), (str(act["kind"]),),
                                  damage=int(act.get("damage", 0)), range=int(act.get("range", 0)),
                                  gives=cond(act.get("gives"), optional=True)))
    abilities = raw.get("abilities") or {}
    health = int(raw["health"])
    effects = tuple(AllyEffect(str(e["effect"]), int(e.get("amount", 0)), int(e.get("range", 0)), int(e.get("below", 0)),
                               cond(e.get("condition"), optional=True), str(e.get("face", ""))) for e in raw.get("effects") or ())
    unknown = [e.kind for e in effects if e.kind not in ALLY_EFFECTS]
    if unknown:
        raise RulesError(f"Ally '{card.id}' shows effects {unknown} the engine does not play ({', '.join(ALLY_EFFECTS)})")
    if any(e.kind == "empower-range" for e in effects) and "empower" not in [a.id for a in actions if a.kind == "support"]:
        raise RulesError(f"Ally '{card.id}' raises the range of an Empower action it does not have")
    kinds = {e.kind for e in effects}
    if not isinstance(card.get("move"), int):
        raise RulesError(f"Ally '{card.id}' shows no move maneuver's movement points (its card's `move`)")
    return Hero(card.id, card.id, tuple(int(abilities.get(a, 0)) for a in ABILITIES),  # type: ignore[arg-type]
                int(card.get("taunt", 0)), health, health, tuple(actions), (), (), 0, 0,
                ally=True, initiative=str(raw["initiative"]), kind=kind, fly="Fly" in (card.get("effects") or ()),
                joins=joins, effects=effects, never_hindered="ignore-hindered" in kinds,
                undefeatable="cannot-be-defeated" in kinds, move=int(card.get("move")),
                recovers=bool(card.get("recover")))


def _allies(pack: Pack, scenario: Entity, players: int, cond: _Index, rules: Rulings,
            story: _Index, hired: Collection[str] | None) -> tuple[Hero, ...]:
    """The scenario's Henchmen (at most `henchman.max_hired`; only those `hired` when a campaign says)
    and Scenario Specific Allies for this Hero count, with the play values the scenario gives their Ally
    cards; a Scenario Specific Ally may join when a story point resolves (`joins`)."""
    found = []
    for raw in scenario.get("allies") or []:
        if players > int(raw.get("max_heroes", 4)):
            continue
        card = pack.by_id.get(str(raw["ally"]))
        kind = str(card.get("kind")) if card is not None and card.type == "ally" else ""
        if kind == "henchman" and hired is not None and str(raw["ally"]) not in hired:
            continue
        if kind not in ("henchman", "scenario-specific"):
            raise RulesError(f"scenario '{scenario.id}' brings '{raw['ally']}', which is no Henchman or "
                             "Scenario Specific Ally card")
        if raw.get("joins") is not None and kind != "scenario-specific":
            raise RulesError(f"scenario '{scenario.id}' has Henchman '{raw['ally']}' join at a story point; "
                             "only a Scenario Specific Ally joins during a scenario")
        assert card is not None
        found.append(_ally_figure(card, raw, cond, kind, story(raw.get("joins"), optional=True)))
    henchmen = sum(1 for a in found if a.kind == "henchman")
    if henchmen > int(rules["henchman.max_hired"]):
        raise RulesError(f"scenario '{scenario.id}' brings {henchmen} Henchmen; henchman.max_hired allows "
                         f"{rules['henchman.max_hired']}")
    return tuple(found)


def _summoned(pack: Pack, boards: list[Entity], cond: _Index, first: int) -> tuple[Hero, ...]:
    """One figure per Summoned Ally card an item of the party summons (`use: {summon: true}` on the board,
    `summons` on the item card), with the play values of the Ally card (`play`)."""
    found: dict[str, Hero] = {}
    for board in boards:
        for raw in board.get("items") or []:
            item = pack.by_id.get(str(raw["item"]))
            if not (raw.get("use") or {}).get("summon") or item is None:
                continue
            card = pack.by_id.get(str(item.get("summons")))
            if card is None or card.type != "ally" or card.get("kind") != "summoned" or not card.get("play"):
                raise RulesError(f"item '{item.id}' summons '{item.get('summons')}', which is no Summoned Ally "
                                 "card with play values")
            found.setdefault(card.id, _ally_figure(card, card.get("play"), cond, "summoned"))
    return tuple(found.values())


def _item_hands(pack: Pack, board: Entity, index: int, item_index: Mapping[str, int]) -> int:
    return next(int(raw.get("hands", 0)) for raw in board.get("items") or [] if item_index[str(raw["item"])] == index)


def _item_kind(board: Entity, index: int, item_index: Mapping[str, int]) -> str:
    """The type an item counts as for the one-of-each-type limit: its attack, else its item id."""
    raw = next(r for r in board.get("items") or [] if item_index[str(r["item"])] == index)
    return str(raw.get("attack") or raw["item"])


def _action(pack: Pack, board: Entity, raw: Mapping[str, Any], cond: _Index, rules: Rulings,
            item_index: Mapping[str, int] | None = None) -> HeroAction:
    card = pack.by_id.get(str(raw["action"]))
    if card is None or card.type != "hero-action" or card.get("hero") != board.get("hero"):
        raise RulesError(f"hero board '{board.id}' plays '{raw['action']}', which is not an action of its Hero")
    if not card.get("token") or int(card.get("level", 1)) > int(board.get("level", 1)):
        raise RulesError(f"hero board '{board.id}' plays '{card.id}', not an Action token of its level")
    kind = "support" if raw.get("ally") else str(card.get("kind"))
    if not plays_action(kind, raw):
        raise RulesError(f"hero board '{board.id}' plays '{card.id}' of kind {kind}, which the engine cannot play")
    ally = raw.get("ally") or {}
    summon = _summon(board, card, raw, cond, rules, pack) if kind == "passive" and raw.get("summon") else None
    lasting = compile_lasting(raw["passive"], cond) if raw.get("passive") and not summon else None
    if lasting is not None and kind == "passive":
        _locks_enough(board, card, raw, rules)
    foe = raw.get("enemy")
    hexed = Hex(int(foe.get("range", 0)), int(foe.get("damage", 0)), cond(foe.get("condition"), optional=True),
                bool(foe.get("defeat"))) if foe else None
    reflect = next((k for k in ("mirror", "revenge") if ally.get(k)), "")  # the attack type it is against
    return HeroAction(card.id, kind, str(raw["initiative"]), tuple(map(str, card.get("attacks") or ())),
                      ABILITIES.index(str(raw.get("ability", "might"))), int(raw.get("damage", 0)),
                      int(raw.get("range", 0)), int(raw.get("stamina", 0)), int(raw.get("movement", 0)),
                      cond(raw.get("gives"), optional=True), int(ally.get("heal", 0)), int(ally.get("restore", 0)),
                      cond(ally.get("condition"), optional=True), int(ally.get("range", 0)), raw.get("rules"),
                      int(raw.get("area", -1)), int(raw.get("pierce", 0)), int(raw.get("adjacent", 0)),
                      bool(raw.get("line")), int(raw.get("lock", 0)), summon, lasting, reflect,
                      _against(str(ally.get(reflect, "any")) if reflect else ""), hexed,
                      GEM_COST if card.get("cost") == "inspiration-gem" else 0, _effect(board, raw, item_index or {}),
                      int(card.get("level", 1)))


def _effect(board: Entity, raw: Mapping[str, Any], item_index: Mapping[str, int]) -> ActionEffect | None:
    """A board's `effect:` values (the kind checked by the schema's enum), its item as the table's index."""
    effect = raw.get("effect")
    if not effect:
        return None
    item = str(effect.get("item", ""))
    if effect["kind"] == "gain-item" and item not in item_index:
        raise RulesError(f"hero board '{board.id}' plays '{raw['action']}' gaining item '{item}', which has no "
                         "play values on its card")
    return ActionEffect(str(effect["kind"]), int(effect.get("amount", 0)), int(effect.get("range", 0)),
                        item_index.get(item, -1), int(effect.get("rounds", 0)))


def compile_lasting(raw: Mapping[str, Any], condition: Callable[..., int]) -> Lasting:
    """A board's `passive:` values (the effect's name checked by the schema's enum)."""
    return Lasting(str(raw["effect"]), int(raw.get("amount", 0)), int(raw.get("range", 0)),
                   tuple(map(str, raw.get("attacks") or ())), condition(raw.get("gives"), optional=True),
                   bool(raw.get("mark")))


def _locks_enough(board: Entity, card: Entity, raw: Mapping[str, Any], rules: Rulings) -> None:
    """A passive action locks at least `passive_actions.min_locked` stamina (line 3648)."""
    least = int(rules["passive_actions.min_locked"])
    if int(raw.get("lock", 0)) < least:
        raise RulesError(f"hero board '{board.id}' locks {raw.get('lock', 0)} stamina on '{card.id}'; a passive "
                         f"action locks at least {least} (passive_actions.min_locked)")


def _against(attack: str) -> str:
    return "" if attack == "any" else attack


def _summon(board: Entity, card: Entity, raw: Mapping[str, Any], cond: _Index, rules: Rulings, pack: Pack) -> Summon:
    """A passive action's summoned token: the hero-token its card names, played as the board says."""
    tokens = [pack.by_id.get(str(t)) for t in card.get("tokens") or []]
    token = next((t for t in tokens if t is not None and t.type == "hero-token" and t.get("action") == card.id), None)
    if token is None:
        raise RulesError(f"hero board '{board.id}' summons with '{card.id}', whose card names no token of its own")
    _locks_enough(board, card, raw, rules)
    play = raw["summon"]
    return Summon(token.id, int(play.get("move", 0)), int(play.get("damage", 0)), cond(play.get("gives"), optional=True),
                  int(play.get("taunt", -1)), bool(play.get("search")), bool(play.get("channel")))


def _room(entity: Entity, rules: Rulings) -> int:
    size = str(entity.get("size") or "normal")
    return int(rules[f"enemy.{size}_capacity"]) if size in ("large", "huge") else 1


def _enemy(pack: Pack, enemy_id: str, scenario: str, cond: _Index, eyes: tuple[str, ...],
           rules: Rulings) -> EnemyType:
    entity = pack.by_id.get(enemy_id)
    if entity is None or entity.type != "enemy" or entity.get("health") is None:
        raise RulesError(f"scenario '{scenario}' places '{enemy_id}', which is no Enemy with play values")
    actions = {}
    for raw in entity.get("actions") or []:
        actions[str(raw["eye"])] = EnemyAction(
            str(raw["eye"]), int(raw.get("move", 0)), str(raw.get("kind", "none")), int(raw.get("damage", 0)),
            int(raw.get("max_range", 0)), ABILITIES.index(str(raw.get("ability", "might"))),
            cond(raw.get("condition"), optional=True), int(raw.get("area", -1)), int(raw.get("teleport", 0)))
    missing = [eye for eye in eyes if eye not in actions]
    if missing:
        raise RulesError(f"enemy '{enemy_id}' has no action for the eyes {missing}")
    special = entity.get("special") or {}
    return EnemyType(entity.id, int(entity.get("health", 1)), int(entity.get("shield", 0)),
                     int(entity.get("provoke", 0)), int(entity.get("figures", 0)), actions,
                     str(special.get("when", "")), int(special.get("heal", 0)), bool(entity.get("fly")),
                     _room(entity, rules),
                     frozenset(map(str, entity.get("traits") or ())) | ({"elite"} if entity.get("elite") else set()))


def _story_point(raw: Mapping[str, Any], area: _Index, cond: _Index, item_index: Mapping[str, int],
                 placements: Any) -> StoryPoint:
    check = raw.get("check") or {}
    return StoryPoint(str(raw["id"]), area(raw["area"]), int(raw.get("range", 0)),
                      ABILITIES.index(str(check["ability"])) if check else -1, int(check.get("target", 0)),
                      cond(check.get("fail_condition"), optional=True), placements(raw.get("spawn")),
                      item_index.get(str(raw.get("item")), -1), cond(raw.get("condition"), optional=True),
                      bool(raw.get("start_timer")), bool(raw.get("objective")), str(raw.get("outcome", "")),
                      bool(raw.get("reset_timer")))


def _faces(pack: Pack, difficulty: str, scenario: str) -> tuple[Face, ...]:
    kinds = deck_kinds(pack, difficulty)
    if kinds is None:
        raise MissingFacts(f"no clause states the Initiative deck of difficulty '{difficulty}' "
                         f"(initiative.deck_kinds.{difficulty})", (f"initiative.deck_kinds.{difficulty}",))
    faces = []
    for card in pack.of_type("initiative-card"):
        if card_kind(card) not in kinds:
            continue
        shown = card.get("faces") or []
        if len(shown) != card.copies:
            raise RulesError(f"initiative card '{card.id}' has {card.copies} copies but {len(shown)} faces")
        faces += [Face(card.id, tuple(map(str, f["turns"])), str(f["eye"]), str(f.get("bonus", "")),
                       str(f.get("special", "")), bool(card.get("shuffle"))) for f in shown]
    if not faces:
        raise RulesError(f"the Initiative deck of '{scenario}' ({difficulty}) is empty")
    return tuple(faces)


def _traps(pack: Pack, cond: _Index) -> tuple[TrapCard, ...]:
    return tuple(TrapCard(t.id, (t.get("check") or {}).get("kind") == "active",
                          ABILITIES.index(str((t.get("check") or {}).get("ability", "agility"))),
                          tuple(cond(c) for c in t.get("conditions") or []))
                 for t in pack.of_type("trap"))


def _injuries(pack: Pack, rules: Rulings) -> tuple[Injury, ...]:
    default = int(rules["injury.default_amount"])
    return tuple(Injury(i.id, str(i.get("affects", "")), int(i.get("amount", default)) if i.get("amount") is not None
                        else default) for i in pack.of_type("injury") for _ in range(i.copies))
