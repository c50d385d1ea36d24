"""The calendar over a whole game: month, year, season, time of day, weather and round type of every round.

Each season's months come from its Season cards; a season that comes round again in the game turns
up the next of its randomly drawn cards (line 490). Draws are enumerated exactly: for every season,
every ordered choice of as many of its cards as the game needs, so counts are numbers of draws.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from math import perm, prod
from typing import Any

from deckwright.gamekit import Pack, fact

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
NIGHT = ("night_time", "full_moon")


@dataclass(frozen=True)
class SeasonCard:
    """One Season card: its season and, by month, (weather, movement modifier, round type)."""

    id: str
    season: str
    months: Mapping[str, tuple[str, int, str]]


@dataclass(frozen=True)
class Slot:
    """One round of the game: when it is, and which drawn card of its season it reads."""

    round: int
    year: int
    month: str
    season: str | None
    draw: int
    time_of_day: str | None


def season_cards(pack: Pack) -> list[SeasonCard]:
    """The pack's Season cards, in pack order."""
    cards = []
    for entity in pack.of_type("season-card"):
        months = {str(m.get("month")): (str(m.get("weather")), int(m.get("movement", 0)), str(m.get("round_type")))
                  for m in entity.get("months") or [] if isinstance(m, dict)}
        cards.append(SeasonCard(entity.id, str(entity.get("season")), months))
    return cards


def schedule(rounds: int, start_month: str, season_of: Mapping[str, str], cycle: Sequence[str]) -> list[Slot]:
    """The rounds of a game starting in `start_month`; `draw` counts the visits of each season from 0."""
    first = MONTHS.index(start_month)
    visits: Counter[str] = Counter()
    slots: list[Slot] = []
    for index in range(rounds):
        month = MONTHS[(first + index) % 12]
        season = season_of.get(month)
        if season is not None and (not slots or slots[-1].season != season):
            visits[season] += 1
        slots.append(Slot(index + 1, 1 + index // 12, month, season, max(visits[season] - 1, 0) if season else 0,
                          cycle[index % len(cycle)] if cycle else None))
    return slots


def round_type_counts(slots: Sequence[Slot], cards: Sequence[SeasonCard]) -> dict[str, Any]:
    """For each round type, the number of draws giving each count of such rounds, with min and max."""
    by_season: dict[str, list[SeasonCard]] = {}
    for card in cards:
        by_season.setdefault(card.season, []).append(card)
    types = sorted({t for c in cards for (_, _, t) in c.months.values()})
    total: Counter[tuple[int, ...]] = Counter({tuple(0 for _ in types): 1})
    for season, group in sorted(by_season.items()):
        mine = [s for s in slots if s.season == season]
        needed = max((s.draw for s in mine), default=-1) + 1
        counts: Counter[tuple[int, ...]] = Counter()
        for drawn in permutations(group, needed):
            found = Counter(drawn[s.draw].months.get(s.month, ("", 0, ""))[2] for s in mine)
            counts[tuple(found[t] for t in types)] += 1
        total = _convolve(total, counts)
    result = {}
    for i, kind in enumerate(types):
        spread: Counter[int] = Counter()
        for vector, ways in total.items():
            spread[vector[i]] += ways
        result[kind] = {"min": min(spread), "max": max(spread), "draws": {str(k): spread[k] for k in sorted(spread)}}
    return result


def _convolve(a: Counter[tuple[int, ...]], b: Counter[tuple[int, ...]]) -> Counter[tuple[int, ...]]:
    out: Counter[tuple[int, ...]] = Counter()
    for va, wa in a.items():
        for vb, wb in b.items():
            out[tuple(x + y for x, y in zip(va, vb, strict=True))] += wa * wb
    return out


def calendar(pack: Pack, start_month: str | None = None, rounds: int | None = None) -> dict[str, Any]:
    """The whole game's calendar, with weather and round types over every possible draw of Season cards."""
    rounds = int(rounds if rounds is not None else fact(pack, "game.rounds"))
    start = str(start_month or fact(pack, "calendar.start_month"))
    if start not in MONTHS:
        raise ValueError(f"'{start}' is not a month")
    cards = season_cards(pack)
    season_of = {month: card.season for card in cards for month in card.months}
    cycle = [str(t) for t in fact(pack, "calendar.time_of_day_cycle", [])]
    slots = schedule(rounds, start, season_of, cycle)
    by_season: dict[str, list[SeasonCard]] = {}
    for card in cards:
        by_season.setdefault(card.season, []).append(card)
    needed = {season: max((s.draw for s in slots if s.season == season), default=-1) + 1 for season in by_season}
    feasible = all(needed[s] <= len(group) for s, group in by_season.items())
    table = [_round(slot, by_season.get(slot.season or "", [])) for slot in slots]
    return {
        "rounds": table, "start_month": start, "years": slots[-1].year if slots else 0,
        "seasons": {s: {"cards": len(by_season[s]), "needed": needed[s],
                        "rounds": sum(1 for x in slots if x.season == s)} for s in sorted(by_season)},
        "months_without_season": sorted({s.month for s in slots if s.season is None}, key=MONTHS.index),
        "feasible": feasible,
        "draws": prod(perm(len(by_season[s]), needed[s]) for s in by_season) if feasible else 0,
        "round_types": round_type_counts(slots, cards) if feasible else {},
        "time_of_day": dict(sorted(Counter(s.time_of_day for s in slots if s.time_of_day).items())),
        "night_rounds": sum(1 for s in slots if s.time_of_day in NIGHT),
    }


def _round(slot: Slot, cards: Sequence[SeasonCard]) -> dict[str, Any]:
    shown = [c.months[slot.month] for c in cards if slot.month in c.months]
    return {
        "round": slot.round, "year": slot.year, "month": slot.month, "season": slot.season,
        "time_of_day": slot.time_of_day,
        "weather": dict(sorted(Counter(w for w, _, _ in shown).items())),
        "movement": sorted({m for _, m, _ in shown}),
        "round_type": dict(sorted(Counter(t for _, _, t in shown).items())),
    }
