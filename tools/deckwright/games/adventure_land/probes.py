"""Adventure Land's own probes for rules claims (`probe("win_reachable", scenario=..., players=...)`);
`terminates` and `end_condition_rates` are the engine's generic probes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from deckwright.gamekit import Batch, Pack, fact, in_pieces, seeds
from deckwright.games.adventure_land.engine import AdventureLand
from deckwright.games.adventure_land.rules import WIN_IF, RulesError, read_rules

GAME = AdventureLand()


def setup_feasible(pack: Pack, players: int) -> dict[str, Any]:
    """Whether the components supply the set-up for `players`, and what is short if not."""
    problems: list[str] = []
    low, high = pack.players
    if not low <= players <= high:
        problems.append(f"the pack is for {low}-{high} players")
    colors: Counter[Any] = Counter()
    for adventurer in pack.of_type("adventurer"):
        colors[adventurer.get("color")] += adventurer.copies
    if players > len(colors):
        problems.append(f"{players} players need {players} adventurer colours, the pack has {len(colors)}")
    try:
        table = GAME.compile(pack, GAME.scenarios(pack)[0], players)
    except (RulesError, IndexError) as exc:
        problems.append(str(exc) or "the pack has no adventure")
        return {"feasible": False, "problems": problems}
    fewest = min(colors.values(), default=0)
    if table.adventurers_per_player > fewest:
        problems.append(f"each player needs {table.adventurers_per_player} adventurers, a colour has {fewest}")
    if table.starting_adventurers > table.adventurers_per_player:
        problems.append(f"{table.starting_adventurers} starting adventurers but {table.adventurers_per_player} each")
    if table.companions_in_play < 0:
        problems.append(f"more companions set aside than the {table.companions_total} there are")
    if table.swords_in_play < 0:
        problems.append(f"more swords set aside than the {len(table.sword_values)} there are")
    if table.initial_cards > len(table.cards):
        problems.append(f"{table.initial_cards} set-up cards but the deck has {len(table.cards)}")
    if not table.entries or not all(table.entries):
        problems.append("a starting area has no way onto the board")
    return {"feasible": not problems, "problems": problems}


def win_reachable(pack: Pack, scenario: str, players: int, runs: int = 200, seed: int = 0) -> dict[str, Any]:
    """Which seats won at least once in `runs` playouts, half random, half greedy. Played a piece at a time
    until every seat has won: the games after that cannot change the answer, so they are not played."""
    won = [False] * players
    table = GAME.compile(pack, scenario, players)
    for results in in_pieces([Batch(GAME, table, seeds(seed, runs // 2), (policy,), check=False)
                              for policy in ("random", "greedy")]):
        for r in results:
            for seat in r.winners:
                won[seat] = True
        if all(won):
            break
    return {"runs": runs, "seats": won, "reachable": all(won)}


def fight_outcome(pack: Pack, strength: int, creature: int, herbs: Sequence[int] = (), gold: int = 0,
                  reroll_from: int | None = None) -> dict[str, Any]:
    """A fight as the engine's rules score it (worked examples are checked against this): `strength` from
    adventurer, companions and dice, plus `herbs` (green values) and `gold` pieces paid for strength,
    against a creature of strength `creature`. `won` follows `fight.win_if`; `surplus` is the strength
    beyond the creature's, lost unless `fight.herb_excess_refunded`. With `reroll_from` (the face of a die
    re-rolled with gold instead), `losing_rerolls` lists the faces of `die.sides` that would still lose."""
    rules = read_rules(pack)
    wins = WIN_IF[rules.win_if]
    total = strength + sum(herbs) + gold * rules.gold_strength
    won = wins(total, creature)
    refunded = bool(fact(pack, "fight.herb_excess_refunded"))
    result: dict[str, Any] = {"strength": total, "won": won,
                              "surplus": max(total - creature, 0) if won and not refunded else 0}
    if reroll_from is not None:
        result["losing_rerolls"] = [face for face in range(1, rules.die_sides + 1)
                                    if not wins(total - reroll_from + face, creature)]
    return result


PROBES: Mapping[str, Callable[..., Any]] = {"setup_feasible": setup_feasible, "win_reachable": win_reachable,
                                            "fight_outcome": fight_outcome}
