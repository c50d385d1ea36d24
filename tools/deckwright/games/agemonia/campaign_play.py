"""A campaign of the sample scenarios played by bots: City, Journey and Scenario steps in the order
of the fact `campaign.steps`, each step in the order of its reference card, as far as the book says.

- City step (reference card, lines 63-87, 1116-1125): the Action Selection markers go on Disturbed
  Sleep; the party gains the levels its experience reaches (each level: `level_up.stamina_chips`
  more stamina, `level_up.action_tokens` tokens, `level_up.class_skills` skills, an action slot, open
  at `action_slots.open_levels`, the Class at `class.choose_level`, `level_up.inspiration_gems` at
  `inspiration_gem.bonus_level`: `campaign_growth`); professions are learned; an item that allows it
  exchanges one item token for another (`city_items`: the Goblet of Thaxo's Essence); items a Hero cannot
  carry go to its stash and come back when it can; the Henchman is hired (never one exhausted in an
  earlier scenario); rank entries of reputation gained since the last City step are read;
  `city_step.city_events_per_step` City Event cards are drawn (none after an arena scenario,
  `arena.city_event_after`); a party that rents no room loses `city_step.disturbed_sleep.stamina_loss`
  stamina at the end, which carries into the scenario (lines 1080-1081).
- Journey step: the first Scenario card the party may choose (not recorded yet, no arena after an
  arena: `arena.consecutive_allowed`); the World Event cards of its stages are not in the book.
- Scenario step: the engine plays it with the Heroes' boards as the campaign grew them (level,
  stamina, Class Skills, Action tokens in their slots, the items held at the last scenario's end), the
  Henchmen hired, Inspiration gems, Achievement gems (at
  most `achievement_gem.max`; the result gives the pieces holding them, tokens worth
  `achievement_gem.token_value` first) and injuries. An
  outcome in `experience.outcomes` records it and gives `experience.per_scenario` to a scenario with
  the experience symbol; a success gives each Hero `inspiration_gem.per_win` gems from level
  `inspiration_gem.from_level` (past `inspiration_gem.max` an Achievement gem instead) and the
  scenario's reputation; a Fail leaves it to be replayed (lines 1308-1317, 929-933, 797-814).
- Recovery: Heroes lose wounded status, exhaustion and conditions and recover fully; Injury cards
  stay (`injuries.kept_between_scenarios`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from deckwright.gamekit import CHANCE, Entity, Pack, RulesError, fact, resolve_policy, sample_chance
from deckwright.games.agemonia import city_items, figures, items_values
from deckwright.games.agemonia.campaign import experience_gained, levelling, records
from deckwright.games.agemonia.campaign_growth import (
    Growth,
    choose_class,
    grown_board,
    level_tokens,
    starting_boards,
    tick_skill,
    unplayed,
)
from deckwright.games.agemonia.kit import loadouts
from deckwright.games.agemonia.rulings import Rulings, kept_or_built, read_rulings
from deckwright.games.agemonia.engine import Agemonia
from deckwright.games.agemonia.state import State
from deckwright.games.agemonia.table import Table, compile_table

GAME = Agemonia()


@dataclass
class Hero:
    """One Hero's campaign sheet: what carries from one scenario to the next."""

    level: int
    hero: str = ""
    board: str = ""  # the pack's board the Hero started the campaign with
    stamina_bonus: int = 0
    gems: int = 0
    achievement_gems: int = 0
    action_tokens: int = 0
    class_skills: int = 0
    action_slots: int = 0
    open_slots: int = 0
    class_chosen: bool = False
    profession: str = ""
    gem_actions: bool = False
    injuries: tuple[str, ...] = ()
    class_card: str = ""
    skills: list[str] = field(default_factory=list)  # Class Skills ticked
    tokens: list[str] = field(default_factory=list)  # Action tokens gained since the first level
    items: list[str] | None = None  # held when the last scenario ended (None: the board's own)
    stash: list[str] = field(default_factory=list)  # items gained that the Hero could not carry

    def growth(self) -> Growth:
        return Growth(self.level, self.stamina_bonus, self.class_card, tuple(self.skills), tuple(self.tokens),
                      self.action_slots, self.open_slots, None if self.items is None else tuple(self.items))


@dataclass
class Party:
    """What carries from one scenario to the next."""

    level: int
    heroes: list[Hero]
    experience: int = 0
    recorded: list[str] = field(default_factory=list)
    last_arena: bool = False
    reputation: dict[str, int] = field(default_factory=dict)  # faction -> stickers placed
    locked: set[str] = field(default_factory=set)
    unread_ranks: list[str] = field(default_factory=list)  # rank entries to read at the next City step
    henchmen: list[str] = field(default_factory=list)
    dismissed: set[str] = field(default_factory=set)  # Henchmen exhausted in a scenario: never hired again
    log: list[str] = field(default_factory=list)
    pick: int = 0  # which of the Classes and Skills the engine plays alike the Heroes choose (`campaign_growth`)
    usage: dict[str, int] = field(default_factory=dict)  # what the scenarios' playouts used, summed


PLAYED_AS = {
    # `_city` puts the Action Selection markers on Disturbed Sleep
    "city_step.disturbed_sleep.marker": "action_selection_marker",
    # encumbrance is checked when a scenario is set up (`table._hero`), never between scenarios
    "encumbrance.applies_outside_scenario": False,
}
"""Campaign facts whose value is the way the campaign is played: a pack stating another is refused."""


@dataclass(frozen=True)
class Rules:
    """The campaign facts, read once."""

    steps: tuple[str, ...]
    stamina_loss: int
    keep_injuries: bool
    chips: int
    tokens: int
    skills: int
    open_levels: frozenset[int]
    gem_level: int
    gems_per_win: int
    gem_max: int
    achievement_max: int
    achievement_token: int
    city_events: int
    event_after_arena: bool
    consecutive_arena: bool
    rank_spaces: frozenset[int]
    top_space: int
    unlock_levels: frozenset[int]
    class_level: int
    profession_level: int
    professions_per_hero: int
    heroes_per_profession: int
    gem_action_level: int
    henchmen: int
    level_gems: int
    kit: Rulings  # the scenario engine's rules, for what a Hero may carry

    @classmethod
    def of(cls, pack: Pack) -> Rules:
        for name, played in PLAYED_AS.items():
            if fact(pack, name) != played:
                raise RulesError(f"the campaign is played with {name} = {played!r}; the pack states {fact(pack, name)!r}")
        return cls(
            tuple(str(s) for s in fact(pack, "campaign.steps")),
            int(fact(pack, "city_step.disturbed_sleep.stamina_loss")),
            bool(fact(pack, "injuries.kept_between_scenarios")),
            int(fact(pack, "level_up.stamina_chips")), int(fact(pack, "level_up.action_tokens")),
            int(fact(pack, "level_up.class_skills")), frozenset(map(int, fact(pack, "action_slots.open_levels"))),
            int(fact(pack, "inspiration_gem.from_level")), int(fact(pack, "inspiration_gem.per_win")),
            int(fact(pack, "inspiration_gem.max")), int(fact(pack, "achievement_gem.max")),
            int(fact(pack, "achievement_gem.token_value")), int(fact(pack, "city_step.city_events_per_step")),
            bool(fact(pack, "arena.city_event_after")), bool(fact(pack, "arena.consecutive_allowed")),
            frozenset(map(int, fact(pack, "reputation.rank_spaces"))), int(fact(pack, "reputation.top_space")),
            frozenset(map(int, fact(pack, "action_slots.unlock_levels"))), int(fact(pack, "class.choose_level")),
            int(fact(pack, "profession.min_level")), int(fact(pack, "profession.per_hero")),
            int(fact(pack, "profession.heroes_per_profession")), int(fact(pack, "inspiration_gem.bonus_level")),
            int(fact(pack, "henchman.max_hired")), int(fact(pack, "level_up.inspiration_gems")),
            read_rulings(pack, {}),
        )


def _city(pack: Pack, party: Party, rules: Rules, policy: str, rng: random.Random) -> None:
    """The City step in the order of its reference card and of lines 1116-1125; the Heroes' items do what
    they do at a City step (`city_items`) before the stash is sorted out."""
    party.log.append("city: Action Selection markers on Disturbed Sleep")
    level = levelling(pack).level(party.experience)
    while party.level < level:
        party.level += 1
        party.log.append(f"city: the party reaches level {party.level}")
        for index, hero in enumerate(party.heroes):
            _level_up(pack, hero, party.level, rules, party.pick)
            party.log.append(f"city: Hero {index + 1} ({hero.hero}) gains level {hero.level}: "
                             f"class {hero.class_card or 'none'}, skills {', '.join(hero.skills) or 'none'}, "
                             f"tokens {', '.join(hero.tokens) or 'none'}")
    _learn_professions(pack, party, rules)
    _city_items(pack, party, policy, rng)
    _stash(pack, party, rules)
    _hire(pack, party, rules)
    for entry in party.unread_ranks:
        party.log.append(f"city: rank entry of {entry} read")
    party.unread_ranks = []
    events = 0 if party.last_arena and not rules.event_after_arena else rules.city_events
    party.log.append(f"city: {events} City Event card{'s' if events != 1 else ''} resolved")
    party.log.append(f"city: disturbed sleep, each Hero loses {rules.stamina_loss} stamina")


def _level_up(pack: Pack, hero: Hero, level: int, rules: Rules, pick: int = 0) -> None:
    """One level's gains (lines 3015-3037): a Stamina chip, the Class at its level, Class Skills, the
    level's Action tokens, an Action slot (open at its levels), an Inspiration gem at its level."""
    hero.level = level
    hero.stamina_bonus += rules.chips
    if level >= rules.class_level and not hero.class_card:
        hero.class_card = choose_class(pack, hero.hero, pick)
    hero.class_chosen = bool(hero.class_card)
    for _ in range(rules.skills if hero.class_card else 0):
        skill = tick_skill(pack, hero.class_card, hero.skills, pick)
        if skill is not None:
            hero.skills.append(skill)
    hero.class_skills = len(hero.skills)
    gained = level_tokens(pack, hero.hero, hero.class_card, level)[:rules.tokens]
    hero.tokens += gained
    hero.action_tokens += len(gained)
    hero.action_slots += level in rules.unlock_levels
    hero.open_slots += level in rules.open_levels
    hero.gem_actions = level >= rules.gem_action_level
    if level == rules.gem_action_level:
        for _ in range(rules.level_gems):
            _gain_gem(hero, rules)


def _gain_gem(hero: Hero, rules: Rules) -> None:
    """An Inspiration gem; past `inspiration_gem.max` an Achievement gem instead (lines 929-933)."""
    if hero.gems < rules.gem_max:
        hero.gems += 1
    else:
        hero.achievement_gems = min(rules.achievement_max, hero.achievement_gems + 1)


def _learn_professions(pack: Pack, party: Party, rules: Rules) -> None:
    """From `profession.min_level` each Hero learns a profession no other Hero has (one per Hero)."""
    taken: dict[str, int] = {}
    for hero in party.heroes:
        if hero.profession:
            taken[hero.profession] = taken.get(hero.profession, 0) + 1
    for index, hero in enumerate(party.heroes):
        if hero.profession or hero.level < rules.profession_level or rules.professions_per_hero < 1:
            continue
        free = [p.id for p in pack.of_type("profession") if taken.get(p.id, 0) < rules.heroes_per_profession]
        if free:
            hero.profession = free[0]
            taken[free[0]] = taken.get(free[0], 0) + 1
            party.log.append(f"city: Hero {index + 1} learns {free[0]}")


def _city_items(pack: Pack, party: Party, policy: str, rng: random.Random) -> None:
    """Each Hero's items that allow an exchange of item tokens once per City step, each at its choice
    (`city_items.choose`)."""
    for hero in party.heroes:
        items = hero.items if hero.items is not None else [str(raw["item"]) for raw in pack.by_id[hero.board].get("items") or []]
        for item in dict.fromkeys(items):
            chosen = city_items.choose(pack, items, city_items.exchanges(pack, item, items), policy, rng)
            if chosen is None:
                continue
            items = hero.items = city_items.exchanged(items, chosen)
            for key in (item, "item-effect:exchange"):
                party.usage[key] = party.usage.get(key, 0) + 1
            party.log.append(f"city: {hero.hero} discards {chosen[1]} for {chosen[2]} ({item})")


def _hire(pack: Pack, party: Party, rules: Rules) -> None:
    """The Hire Henchman service: up to `henchman.max_hired` for the next scenario, none that was
    exhausted in an earlier one (lines 2864-2869); a scenario brings a hired one where it gives its play
    values."""
    party.henchmen = [a.id for a in pack.of_type("ally") if a.get("kind") == "henchman"
                      and a.id not in party.dismissed][:rules.henchmen]
    for ally in party.henchmen:
        party.log.append(f"city: {ally} hired")


def _journey(pack: Pack, party: Party, rules: Rules, scenarios: list[str]) -> str | None:
    """The Scenario card chosen: the first not recorded the party may play."""
    for scenario in scenarios:
        arena = bool(pack.by_id[scenario].get("arena"))
        if scenario in party.recorded or (arena and party.last_arena and not rules.consecutive_arena):
            continue
        party.log.append(f"journey: {scenario} chosen; its World Event cards are not in the book")
        return scenario
    return None


def _set_up(pack: Pack, scenario: str, players: int, party: Party) -> Table:
    """The scenario's table for the Heroes as grown and the Henchmen hired, kept with the pack: campaigns
    often set a scenario up alike (the first one of each, with the same line-up and growth)."""
    setup = (scenario, players, tuple((hero.board, hero.growth()) for hero in party.heroes), tuple(party.henchmen))
    henchmen = list(party.henchmen)
    return kept_or_built(pack, f"agemonia.campaign-table:{setup!r}",
                         lambda: compile_table(pack, scenario, players, party=_boards(pack, party), hired=henchmen))


def _boards(pack: Pack, party: Party) -> list[Entity]:
    """The Heroes' boards as grown by the campaign."""
    return [grown_board(pack, pack.by_id[hero.board], hero.growth()) for hero in party.heroes]


def _stash(pack: Pack, party: Party, rules: Rules) -> None:
    """At the City step a Hero takes back from its stash what it can carry again, and stashes the items
    gained that it cannot carry (hands and encumbrance, lines 2470-2502; stash, lines 1168-1177), the
    last gained first."""
    for hero in party.heroes:
        base = pack.by_id[hero.board]
        own = [str(raw["item"]) for raw in base.get("items") or []]
        for item in list(hero.stash):
            hero.items = [*(hero.items or []), item]
            if _carries(pack, grown_board(pack, base, hero.growth()), rules):
                hero.stash.remove(item)
                party.log.append(f"city: {hero.hero} takes {item} back from the stash")
            else:
                hero.items.pop()
        while not _carries(pack, grown_board(pack, base, hero.growth()), rules) \
                and (gained := _last_gained(hero.items or [], own)) >= 0:
            hero.stash.append((hero.items or []).pop(gained))
            party.log.append(f"city: {hero.hero} cannot carry {hero.stash[-1]}; it goes to the stash")


def _last_gained(items: list[str], own: list[str]) -> int:
    """Where the last item beyond the board's own (by copies) is in `items`; -1 if none is."""
    for index in range(len(items) - 1, -1, -1):
        if items.count(items[index]) > own.count(items[index]):
            return index
    return -1


def _carries(pack: Pack, board: Entity, rules: Rules) -> bool:
    """Whether some set of active items leaves the rest within the board's encumbrance."""
    board = items_values.played_board(pack, board)
    raws = board.get("items") or []
    hands = int(pack.by_id[str(board.get("hero"))].get("hands", 0))
    index = {str(raw["item"]): i for i, raw in enumerate(raws)}
    return bool(loadouts(pack, board, hands, index, rules.kit))


def _table(table: Table, party: Party, rules: Rules) -> Table:
    """The scenario's table with the Inspiration and Achievement gems the campaign sheets hold."""
    heroes = tuple(dataclasses.replace(h, gems=min(rules.gem_max, h.gems + c.gems),
                                       achievement_gems=min(rules.achievement_max, h.achievement_gems + c.achievement_gems))
                   for h, c in zip(table.heroes[:table.players], party.heroes))
    return dataclasses.replace(table, heroes=heroes + table.heroes[table.players:])  # the Non-Hero Allies stay


def _start(state: State, party: Party, rules: Rules) -> None:
    """Injuries kept from earlier scenarios and the City step's stamina loss, on the opening position."""
    ids = [i.id for i in state.table.injuries]
    for index, hero in enumerate(party.heroes):
        for injury in hero.injuries:
            card = next(i for i in state.injury_deck if ids[i] == injury)
            state.injury_deck.remove(card)
            state.h_injuries[index] = state.h_injuries[index] + (card,)
        figures.lose_stamina(state, index, rules.stamina_loss)


def _play(state: State, policy: Any, rng: random.Random, bound: int) -> State:
    for _ in range(bound):
        if GAME.is_terminal(state):
            break
        if GAME.current_player(state) == CHANCE:
            action = sample_chance(GAME.chance_outcomes(state), rng)
        else:
            action = policy(GAME, state, rng)
        GAME.apply_in_place(state, action)
    return state


def _reputation(pack: Pack, party: Party, rules: Rules, faction: str) -> None:
    """A Reputation sticker on the faction's track; a rank space's entry waits for the next City step;
    the top space locks the rival track (lines 801-814)."""
    if faction in party.locked:
        party.log.append(f"scenario: no sticker for {faction}, its track is locked")
        return
    placed = party.reputation.get(faction, 0) + 1
    if placed > rules.top_space:
        return
    party.reputation[faction] = placed
    if placed in rules.rank_spaces:
        party.unread_ranks.append(f"{faction} (space {placed})")
    if placed == rules.top_space:
        rival = pack.by_id[faction].get("rival") if faction in pack.by_id else None
        if rival:
            party.locked.add(str(rival))
            party.log.append(f"scenario: {faction} at its top space locks {rival}")


def _after(pack: Pack, party: Party, rules: Rules, scenario: str, state: State) -> None:
    """The outcome's record, experience, gems and reputation; recovery keeps only the Injury cards."""
    outcome = state.end
    entity = pack.by_id[scenario]
    if records(pack, outcome):
        party.recorded.append(scenario)
        party.experience += experience_gained(pack, entity, outcome)
    arena = bool(entity.get("arena"))
    if outcome == "success":
        for hero in party.heroes:
            if hero.level >= rules.gem_level and not arena:
                for _ in range(rules.gems_per_win):
                    _gain_gem(hero, rules)
        for faction in entity.get("reputation") or []:
            _reputation(pack, party, rules, str(faction))
    party.last_arena = arena
    for figure, ally in enumerate(state.table.heroes):
        if ally.kind == "henchman" and state.h_exhausted[figure]:
            party.dismissed.add(ally.hero)
            party.log.append(f"scenario: {ally.hero} was exhausted; it leaves play and may not be hired again")
    for index, hero in enumerate(party.heroes):
        spent = state.table.heroes[index].gems - state.h_gems[index]
        hero.gems = max(0, hero.gems - max(0, spent))
        spent = state.table.heroes[index].achievement_gems - state.h_ach[index]
        hero.achievement_gems = max(0, hero.achievement_gems - max(0, spent))
        hero.injuries = tuple(state.table.injuries[i].id for i in state.h_injuries[index]) if rules.keep_injuries \
            else ()
        hero.items = [state.table.items[i].id for i in state.h_items[index]]  # the used ones are in the Stock
    rounds = "1 round" if state.round == 1 else f"{state.round} rounds"
    party.log.append(f"scenario: {scenario} ends {outcome} after {rounds}; "
                     f"experience {party.experience}")


def _setup(table: Table, level: int) -> dict[str, Any]:
    """The Heroes a scenario was set up with, as its Table plays them."""
    return {"scenario": table.scenario, "party_level": level,
            "heroes": [{"hero": h.hero, "stamina": h.stamina, "wounded_stamina": h.wounded_stamina,
                        "actions": [a.id for a in h.actions[:h.open_from]],
                        "open_tokens": [a.id for a in h.actions[h.open_from:]], "open_slots": h.open_slots,
                        "skills": [k.id for k in h.skills], "items": [table.items[i].id for i in h.items],
                        "gems": h.gems, "achievement_gems": h.achievement_gems}
                       for h in table.heroes[:table.players]],
            "henchmen": [h.hero for h in table.heroes[table.players:] if h.kind == "henchman"]}


def _pieces(gems: int, rules: Rules) -> dict[str, int]:
    """The fewest pieces that hold a Hero's Achievement gems: tokens worth `achievement_gem.token_value`, then
    single gems (lines 925-927)."""
    return {"tokens": gems // rules.achievement_token, "gems": gems % rules.achievement_token}


def play_campaign(pack: Pack, players: int, policy: str = "heuristic", seed: int = 0,
                  max_scenarios: int = 12, heroes: Sequence[str] = ()) -> dict[str, Any]:
    """Play the sample campaign until every scenario is recorded or `max_scenarios` have been played, with
    the Heroes `heroes` names (else the first sample scenario's party); the Heroes choose their Classes and
    Skills by the seed (`campaign_growth`)."""
    return campaign_playout(pack, players, policy, seed, max_scenarios, heroes)[0]


def campaign_playout(pack: Pack, players: int, policy: str = "heuristic", seed: int = 0,
                     max_scenarios: int = 12, heroes: Sequence[str] = ()) -> tuple[dict[str, Any], dict[str, int]]:
    """`play_campaign`'s result, and what its scenarios' playouts used (their `usage` summed)."""
    steps = levelling(pack)
    rules = Rules.of(pack)
    chooser = resolve_policy(GAME, policy)
    rng = random.Random(seed)
    scenarios = GAME.scenarios(pack)
    party = Party(steps.start, [Hero(steps.start, str(b.get("hero")), b.id)
                                for b in starting_boards(pack, steps.start, players, scenarios, heroes)], pick=seed)
    setups: list[dict[str, Any]] = []
    played = 0
    chosen: str | None = None
    while played < max_scenarios and len(party.recorded) < len(scenarios):
        for step in rules.steps:
            if step == "city":
                _city(pack, party, rules, policy, rng)
            elif step == "journey":
                chosen = _journey(pack, party, rules, scenarios)
            elif step == "scenario" and chosen is not None:
                table = _table(_set_up(pack, chosen, players, party), party, rules)
                setups.append(_setup(table, party.level))
                party.log.append(f"scenario: {chosen} set up with " + "; ".join(
                    f"{h['hero']} level {party.level}, stamina {h['stamina']}, {len(h['actions'])} actions"
                    for h in setups[-1]["heroes"]))
                state = GAME.new_state(table, rng.randrange(1 << 30))
                _start(state, party, rules)
                _play(state, chooser, rng, GAME.max_steps(table))
                for key, count in state.usage.items():
                    party.usage[key] = party.usage.get(key, 0) + count
                played += 1
                _after(pack, party, rules, chosen, state)
        if chosen is None:
            break
    result = {"players": players, "policy": policy, "seed": seed, "scenarios_played": played,
              "recorded": party.recorded, "experience": party.experience,
              "level_reached": party.level, "injuries": [list(h.injuries) for h in party.heroes],
              "heroes": [dataclasses.asdict(h) for h in party.heroes],
              "reputation": dict(sorted(party.reputation.items())), "locked": sorted(party.locked),
              "henchmen": party.henchmen, "dismissed": sorted(party.dismissed),
              "achievement_gem_pieces": [_pieces(h.achievement_gems, rules) for h in party.heroes],
              "setups": setups,
              "unplayed": [unplayed(pack, pack.by_id[h.board], h.growth()) for h in party.heroes],
              "log": party.log}
    return result, party.usage
