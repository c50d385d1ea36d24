"""How the heuristic policy plays a scenario of the Scenario Book: for the company, not for points.

In a scenario the hunters win or lose together and a battle lost loses the game (lines 1642, 1697, 1804),
so the heuristic hunter plays to the scenario's goal:

- **Which battles.** It starts a battle only when the exact solver (`combat.odds`, Strength potions
  drunk, rerolls and Protection Magic counted) gives at least `FIGHT_MIN`, and after a lost round it flees
  below `CONTINUE_MIN`; a Spirit monster it can beat is fought through the Enhanced Location Action. The
  hunters at the place fight as a company unless its estimate (`company_fight.estimate`) falls more than `COMPANY_SLACK` below fighting alone; a hunter engages an
  objective it cannot beat alone when another hunter is on its way to it.
- **Which missions.** Olm Infestation: it takes every Olm Mission the Tavern shows and can hold, and
  takes a regular mission only to free its kingdom's full Tavern row (so the next Olm Mission is not
  discarded), then drops it at once. Ashgar Plague: it engages the revealed objective the company can
  beat, and a Tavern mission fought where it is only when the fight is safe and the Poison token lying
  there can be drunk away after it. It takes no Tavern mission into a hold at a capital (there they are
  fought where they are) and drops a held mission that does not count.
- **Where to.** To the held mission it can win, else (Olm) to a capital while the Tavern shows a mission
  to take, else to a herb spot when hurt without a Health potion, else to its held mission, else (Ashgar)
  to the revealed objective its strongest hunter has the best chance against, so the hunters gather
  there and travel on together. A move that stops on Poison tokens or Flow cubes away from its goal
  scores lower. Once the goal is slain, a poisoned hunter buys Antidotes and fights a mission to drink
  them after the battle (the only time they are drunk), and a wounded one heals: the win waits on that.
- **Growing stronger.** Experience goes on Color Dice until a hunter has `BUILD_DICE` (Ashgar's objective
  monsters are mostly of levels 2 and 3, and two white dice rarely beat them), bought before moving on
  (only a Location Action with something to do comes first), and the Gain Experience action is taken
  before the other global actions; Kingdom cards are played for Experience and Flow rather than reputation, which wins
  nothing here.
- **Sharing.** As in the standard heuristic, a hunter hands over a potion the other hunter has a use for
  and it can spare (`sharing.py`); the company splits a battle's coins evenly.
- **The clock.** Olm Infestation's year change empties the Tavern, its Olm Missions counting as discarded,
  and a full row discards a new one: the hunter takes every Olm Mission it can hold.

Every number it weighs comes from the position (the solver's odds, the pack's facts through the table);
the thresholds are the policy's own.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from deckwright.games.silver_coin import combat, company_fight, scenario_flow
from deckwright.games.silver_coin.court import tavern_cap
from deckwright.games.silver_coin.decisions import reach
from deckwright.games.silver_coin.scenario_flow import ENGAGED, REVEALED
from deckwright.games.silver_coin.state import State

Action = tuple[Any, ...]
FIGHT_MIN = 0.7
"""The least chance to win for which a hunter starts a battle in a scenario (losing it loses the game)."""
CONTINUE_MIN = 0.5
"""The least chance to win for which a hunter fights on after a battle round."""
COMPANY_SLACK = 0.1
"""How far below fighting alone a company fight's estimate may be and still be chosen: the estimate is the
weakest member's chance to deal its share alone (a floor), and every member who fights it may drink its
Antidotes after the battle."""
SAFE_FIGHT = 0.85
"""The least chance to win for which an Ashgar hunter fights a Tavern mission that does not count."""
BUILD_DICE = 3
"""Color Dice a hunter buys before it stops putting Experience on them."""


def counting(state: State) -> Collection[int]:
    """The missions whose battle, won, moves the scenario towards its goal."""
    mode = state.table.mode
    assert mode is not None
    if mode.olm:
        return mode.olm_missions
    return frozenset(o[0] for o in state.objectives if o[3] in (REVEALED, ENGAGED))


def potions(state: State, seat: int) -> int:
    """Strength potions the hunter would drink before a battle."""
    return min(state.hunters[seat].potions.get("strength-potion", 0), state.table.rules.strength_potion_max)


def odds(state: State, seat: int, monster: int) -> float:
    """The hunter's chance to win a battle against `monster` from here, alone, its potions drunk (0 when
    it may not fight it: a Spirit monster needs Spirit Magic or the Enhanced Location Action it can pay)."""
    if not combat.can_fight(state, seat, monster, state.hunters[seat].magical >= state.table.rules.enhanced_cost):
        return 0.0
    return combat.odds(state, seat, monster, potions=potions(state, seat))


def best_fight(state: State, seat: int, monster: int) -> float:
    """The better of fighting alone and with every other hunter at the place (a company's estimate)."""
    alone = odds(state, seat, monster)
    mode = state.table.mode
    if mode is None or len(state.hunters) < 2:
        return alone
    here = state.hunters[seat].place
    others = tuple(s for s in state.order if s != seat and state.hunters[s].place == here
                   and combat.can_fight(state, s, monster, False))
    if not others:
        return alone
    return max(alone, company_fight.estimate(state, seat, monster, others, potions(state, seat)))


def target(state: State, seat: int) -> int:
    """Where the hunter wants to be in a scenario."""
    table = state.table
    mode = table.mode
    assert mode is not None
    hunter = state.hunters[seat]
    costs = reach(state, seat)

    def nearest(places: list[int]) -> int:
        return min(places, key=lambda p: (costs[p], p))

    capitals = list(table.capitals)
    # the herb spots that would heal it, looked for only when it is wounded without a Health potion
    wounded = hunter.health < hunter.max_health and not hunter.potions.get("health-potion")
    herbs = [p for p, kind in enumerate(table.place_kind) if kind == "herb-spot"
             and state.exhausted.get(table.place_kingdom[p]) != p and not state.map_poison.get(p)] if wounded else []
    if goal_met(state):  # only the company's health and Poison stand between it and the win
        if hunter.poison:
            if not cleansing(state, seat):
                return nearest(capitals)  # where Antidotes are sold
            fights = [table.missions[m][1] for m in _cleansing_missions(state, seat)]
            return nearest(fights) if fights else nearest(capitals)
        if herbs:
            return nearest(herbs)
        return hunter.place
    wanted = counting(state)
    held = [(table.missions[m][1], monster) for m, monster, _ in hunter.missions if m in wanted and monster >= 0]
    ready = [place for place, monster in held if odds(state, seat, monster) >= FIGHT_MIN]
    if ready:
        return nearest(ready)
    if mode.olm and _wants_tavern(state, seat):
        return nearest(capitals)
    if herbs:
        return nearest(herbs)
    if held:
        return nearest([place for place, _ in held])
    goal = -1 if mode.olm else objective_goal(state)
    return goal if goal >= 0 else nearest(list(table.capitals))


def goal_met(state: State) -> bool:
    """Whether the company has slain what the scenario asks (the win then waits on health and Poison)."""
    mode = state.table.mode
    assert mode is not None
    if mode.olm:
        return state.tally.get("olms", 0) >= mode.win_olms
    return state.tally.get("objectives", 0) >= mode.objective_monsters


def cleansing(state: State, seat: int) -> bool:
    """Whether the hunter holds the Antidotes for its Poison tokens (drunk only after a battle)."""
    hunter = state.hunters[seat]
    return hunter.potions.get("antidote-poison-potion", 0) * state.table.rules.antidote_removes >= hunter.poison


def _cleansing_missions(state: State, seat: int) -> list[int]:
    """Missions a poisoned hunter may fight to drink its Antidotes after: those it holds, and in Ashgar the
    Tavern's, fought where they are."""
    table = state.table
    mode = table.mode
    assert mode is not None
    found = [m for m, monster, _ in state.hunters[seat].missions if monster >= 0]
    if not mode.olm:
        found += [m for m, _ in state.tavern if scenario_flow.takeable(table, m)]
    return found


def objective_goal(state: State) -> int:
    """Ashgar: the place of the revealed (or engaged) objective the company heads for: the one its
    strongest hunter has the best chance against, the first on a tie; -1 when none is revealed."""
    table = state.table
    found = []
    for index, objective in enumerate(state.objectives):
        if objective[3] not in (REVEALED, ENGAGED) or objective[1] < 0:
            continue
        chance = max(odds(state, s, objective[1]) for s in range(len(state.hunters)))
        found.append((-chance, index, table.missions[objective[0]][1]))
    return min(found)[2] if found else -1


def _wants_tavern(state: State, seat: int) -> bool:
    """Olm: whether the Tavern shows a mission the hunter should take (an Olm Mission, or a regular one
    filling its kingdom's row) and it has room to hold one."""
    table = state.table
    mode = table.mode
    assert mode is not None
    hunter = state.hunters[seat]
    if len(hunter.missions) >= table.rules.missions_max_held:
        return False
    return any(_take_worth(state, seat, slot) > 0 for slot in range(len(state.tavern)))


def _take_worth(state: State, seat: int, slot: int) -> float:
    """Olm: what taking the Tavern's mission at `slot` is worth (below 0: leave it). A regular mission is
    taken only from a full row (the next Olm Mission of its kingdom would be discarded) and dropped at once;
    an Olm Mission whenever it can hold it, the nearest first (held, it is safe from a full row and from the
    year change, which both discard it)."""
    table = state.table
    mode = table.mode
    assert mode is not None
    mission, level = state.tavern[slot]
    kingdom = table.missions[mission][0]
    full = sum(1 for m, _ in state.tavern if table.missions[m][0] == kingdom) >= tavern_cap(state, kingdom)
    if mission in mode.olm_missions:
        return 7 - table.land[state.hunters[seat].place][table.missions[mission][1]] / 100
    if not full or not any(table.missions[m][0] == kingdom for m in mode.olm_missions):
        return -1
    return 8 - level - slot / 100  # dropped at once (`discard_score`): it holds no place


def location_score(state: State, seat: int, action: Action) -> float | None:
    """A scenario's worth of a Location Action option; None for the standard heuristic's."""
    table = state.table
    mode = table.mode
    assert mode is not None
    hunter = state.hunters[seat]
    kind = action[0]
    if kind == "fight":
        _, monster, _ = hunter.missions[action[1]]
        if hunter.missions[action[1]][0] not in counting(state) and not mode.olm and not _safe_regular(state, seat):
            return -1
        chance = company_fight.odds(state, seat, action, potions(state, seat))
        if chance < FIGHT_MIN:
            return -1
        if len(action) > 2 and chance < odds(state, seat, monster) - COMPANY_SLACK:
            return -1  # every member of a company risks the game
        return 10 + 5 * chance + 0.1 * (len(action) > 2)
    if kind in ("take", "take-glimpse"):
        if not mode.olm:
            return -1  # Ashgar's Tavern missions are fought where they are: one taken only fills a hold
        return _take_worth(state, seat, action[1]) + (kind != "take") / 20
    if kind == "objective":
        objective = state.objectives[action[1]]
        return 9 if best_fight(state, seat, objective[1]) >= FIGHT_MIN or _company_coming(state, seat) else -1
    if kind == "engage":
        return 6 if _safe_regular(state, seat) and odds(state, seat, _current_monster(state)) >= SAFE_FIGHT else -1
    return None


def _current_monster(state: State) -> int:
    """Ashgar: the face-up level 1 monster a Tavern mission is fought against (the top of the deck)."""
    deck = state.monster_decks[0] if state.monster_decks else []
    return deck[-1] if deck else -1


def _safe_regular(state: State, seat: int) -> bool:
    """Whether a regular mission's fight costs nothing the scenario needs: the hunter can drink away its
    Poison tokens after it (the place's among them) and is unhurt, or the goal is met and the fight is how
    it drinks them."""
    hunter = state.hunters[seat]
    if goal_met(state):
        return bool(hunter.poison) and cleansing(state, seat)
    return cleansing(state, seat) and hunter.health == hunter.max_health


def _company_coming(state: State, seat: int) -> bool:
    """Whether another hunter heads for this hunter's place (the company gathers)."""
    here = state.hunters[seat].place
    return any(s != seat and state.hunters[s].place != here and objective_goal(state) == here
               for s in range(len(state.hunters)))


def discard_score(state: State, seat: int, action: Action) -> float:
    """A held mission that does not count is dropped at once (in Olm Infestation it was taken only to
    free the Tavern; in Ashgar it fills a hold an objective needs), but for a poisoned hunter's fight once
    the goal is met; a counting one never is."""
    mission, monster, _ = state.hunters[seat].missions[action[1]]
    if mission in counting(state):
        return -1
    if goal_met(state) and state.hunters[seat].poison and monster >= 0:
        return -1
    return 9


def continue_score(state: State, seat: int) -> float:
    """After a battle round: fight on while the odds hold (a lost battle loses the scenario)."""
    fight = state.fight
    assert fight is not None
    return 1 if combat.odds(state, seat, fight.monster, fight.dealt) >= CONTINUE_MIN else -1


def global_score(state: State, seat: int, action: Action) -> float | None:
    """Ashgar: Experience and Color Dice until the objectives are within reach."""
    mode = state.table.mode
    assert mode is not None
    hunter = state.hunters[seat]
    if action[1] == "enhanced":  # a Spirit monster here that only the Enhanced Location Action lets it fight
        return 12 if any(odds(state, seat, monster) >= FIGHT_MIN for _, monster, _ in hunter.missions
                         if monster >= 0 and not combat.can_fight(state, seat, monster, False)) else -1
    if action[1] == "dice":
        return 7.5 if len(hunter.dice) < BUILD_DICE else 1
    if action[1] == "gain-xp":
        return 5 if len(hunter.dice) < BUILD_DICE else 2
    return None


PLAY_WORTH = {"experience": 2.5, "flow-physical": 2.2, "flow-magical": 2.3, "movement": 1, "reputation": 0.5}
"""What playing a Kingdom card for each symbol is worth in a scenario: reputation wins nothing there,
Experience buys rerolls and Color Dice, Flow buys Action Tokens and Protection Magic."""


def share_score(state: State, action: Action) -> float:
    """How the company splits a battle's coins: evenly."""
    return 1 if action[1] == company_fight.EVEN else 0


def toll(state: State, place: int, goal: int) -> float:
    """What stopping at `place` costs on the way to `goal`: its Poison tokens and Flow cubes."""
    if place == goal:
        return 0
    return 1.0 * bool(state.map_poison.get(place)) + 1.0 * bool(state.map_cubes.get(place))
