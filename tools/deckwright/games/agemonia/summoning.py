"""Non-Hero Allies coming into play during a scenario: a Summoned Ally called by an item (lines
4363-4364, 3394-3398, 4841-4844), after a die when its card says (`gamble`, the Aox Flask) and a Scenario Specific Ally joining when a story point resolves
(lines 4366-4368).

An Ally figure not yet in play stands in area OFF and counts as exhausted: it takes no turn and no
Enemy targets it. The party has at most `summoned_ally.max` Summoned Allies in play at once; the
summoner's player decides for a Summoned Ally. A figure summoned or joining during the Ally and Enemy
turns acts from the next round when `summoning.waits_a_round` (as a spawned Enemy does), otherwise it
takes a turn at the end of this round's order.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import figures, items_kept
from deckwright.games.agemonia.carried import carried
from deckwright.games.agemonia.state import OFF, State


def setup(s: State) -> None:
    """Summoned Allies and Scenario Specific Allies that join later start off the map."""
    for h, figure in enumerate(s.table.heroes):
        if figure.kind == "summoned" or figure.joins >= 0:
            s.h_area[h], s.h_exhausted[h] = OFF, True


def summoned_in_play(s: State) -> int:
    return sum(1 for h, figure in enumerate(s.table.heroes)
               if figure.kind == "summoned" and s.h_area[h] != OFF and not s.h_exhausted[h])


def uses(s: State, hero: int) -> list[tuple[Any, ...]]:
    """("use", item, area) for each summoning item the Hero holds and each area in sight within the
    item's range with room; none while the party has its Summoned Allies (or the card is used up)."""
    t = s.table
    # the Hero's summoning items first: most Heroes hold none, and then the party's count is not needed
    summoning = [(index, t.items[index]) for index in carried(s, hero).summons
                 if s.h_area[t.items[index].summon] == OFF and items_kept.available(s, hero, index)]
    if not summoning or summoned_in_play(s) >= int(t.rules["summoned_ally.max"]):
        return []
    here = s.h_area[hero]
    found: list[tuple[Any, ...]] = []
    for index, item in summoning:
        low, high = item.reach
        found += [("use", index, area) for area in range(len(t.areas))
                  if low <= t.range_dist[here][area] <= high and t.sight[here][area]
                  and figures.figures_in(s, area) < t.capacity[area]]
    return found


def gamble(s: State, hero: int, index: int, area: int) -> None:
    """The item's die decides its summon into `area` (the Aox Flask, lines 5143-5146): chance rolls it."""
    s.pending.insert(0, ("gamble", hero, index, area))


def gamble_outcomes(s: State) -> list[tuple[tuple[Any, ...], float]]:
    """("gamble", 0): nothing summoned; ("gamble", 1): summoned; ("gamble", 2): summoned, the Hero hurt."""
    odds = s.table.items[s.pending[0][2]].effects.gamble
    assert odds is not None
    found = [(("gamble", 0), odds.fail), (("gamble", 1), 1.0 - odds.fail - odds.hurt), (("gamble", 2), odds.hurt)]
    return [(outcome, p) for outcome, p in found if p > 0]


def settle_gamble(s: State, outcome: int) -> None:
    _, hero, index, area = s.pending.pop(0)
    item = s.table.items[index]
    if not outcome:
        s.use("summon-failed")
        return
    if outcome == 2:
        assert item.effects.gamble is not None
        figures.damage_hero(s, hero, item.effects.gamble.damage)
        s.use("summon-hurt")
    if figures.figures_in(s, area) < s.table.capacity[area]:
        summon(s, hero, item.summon, area)


def summon(s: State, hero: int, figure: int, area: int) -> None:
    """The Summoned Ally stands in `area`, its summoner's player deciding for it."""
    s.h_owner[figure] = s.h_owner[hero]
    _arrive(s, figure, area)
    s.use(f"summoned:{s.table.heroes[figure].hero}")


def join(s: State, story_point: int) -> None:
    """Scenario Specific Allies joining when the story point resolves: in its area, else the nearest with room."""
    for h, figure in enumerate(s.table.heroes):
        if figure.joins == story_point and s.h_area[h] == OFF:
            area = figures.free_area(s, s.table.story_points[story_point].area, 1)
            if area == OFF:
                s.note("ally-without-room")
                continue
            _arrive(s, h, area)
            s.use(f"joined:{figure.hero}")


def _arrive(s: State, figure: int, area: int) -> None:
    s.h_area[figure], s.h_exhausted[figure] = area, False
    if not s.table.rules["summoning.waits_a_round"] and s.queue:
        s.queue.append(figure)
