"""The `playouts` probe: what seeded games of the engine show, for claims that check the book's own
numbers against play (Bidding rounds per game, how often hands are full, battles, how games end)."""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

from deckwright.gamekit import Pack, play_many


def playouts(pack: Pack, players: int = 3, runs: int = 30, seed: int = 0, policy: str = "random") -> dict[str, Any]:
    """Counts over `runs` standard games of `players` from `seed` (each seat playing `policy`)."""
    from deckwright.games.silver_coin.engine import SilverCoin
    from deckwright.games.silver_coin.table import STANDARD

    game = SilverCoin()
    results = play_many(game, game.compile(pack, STANDARD, players), seed, runs, [policy], check=False)

    def spread(key: str) -> dict[str, float]:
        values = [r.details.get(key, 0) for r in results]
        return {"min": min(values), "max": max(values), "mean": round(statistics.fmean(values), 4)}

    ends = Counter(r.end for r in results)
    points = [score for r in results for score in r.scores]
    worst = min(results, key=lambda r: (min(r.scores), r.seed))
    return {
        "runs": runs, "players": players,
        "rounds": spread("rounds"), "bidding_rounds": spread("bidding-rounds"), "flow_rounds": spread("flow-rounds"),
        "hand_limit_reached": spread("hand-limit-reached"), "battles": spread("battles"),
        "battles_won": spread("battles-won"), "fled": spread("fled"),
        "end_conditions": {end: round(n / runs, 4) for end, n in sorted(ends.items())},
        "scores": {"min": min(points), "max": max(points), "mean": round(statistics.fmean(points), 4),
                   "negative_share": round(sum(1 for p in points if p < 0) / len(points), 4),
                   "worst_seed": worst.seed},
    }
