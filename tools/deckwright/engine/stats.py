"""What a set of playouts says: win rates by seat and by policy, lengths, scores, how games ended."""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from deckwright.engine.playout import PlayoutResult


def _spread(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    return {"mean": round(statistics.fmean(ordered), 3), "min": ordered[0], "p10": _quantile(ordered, 0.1),
            "median": _quantile(ordered, 0.5), "p90": _quantile(ordered, 0.9), "max": ordered[-1]}


def _quantile(ordered: Sequence[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def histogram(values: Sequence[float], bins: int = 20) -> list[dict[str, float]]:
    """Equal-width bins over the values' range: [{"low", "high", "count"}]."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = max((high - low) / bins, 1e-9) if high > low else 1.0
    counts = Counter(min(int((v - low) / width), bins - 1) for v in values)
    return [{"low": round(low + i * width, 3), "high": round(low + (i + 1) * width, 3), "count": counts.get(i, 0)}
            for i in range(bins if high > low else 1)]


def summarize(results: Sequence[PlayoutResult], players: int) -> dict[str, Any]:
    """Plain data (JSON-ready) describing the playouts."""
    runs = len(results)
    seat_wins = [0.0] * players
    policy_wins: defaultdict[str, float] = defaultdict(float)
    policy_seats: Counter[str] = Counter()
    for r in results:
        for seat in r.winners:
            seat_wins[seat] += 1 / len(r.winners)
            if r.policies:
                policy_wins[r.policies[seat % len(r.policies)]] += 1 / len(r.winners)
        for seat in range(players):
            if r.policies:
                policy_seats[r.policies[seat % len(r.policies)]] += 1
    ends = Counter(r.end for r in results)
    lengths = [r.steps for r in results]
    rounds = [r.details.get("rounds", 0) for r in results]
    scores = [s for r in results for s in r.scores]
    return {
        "runs": runs,
        "win_rate_by_seat": [round(w / runs, 4) if runs else 0.0 for w in seat_wins],
        # per seat: the share of the games a seat of the policy played that it won
        "win_rate_by_policy": {p: round(policy_wins[p] / policy_seats[p], 4)
                               for p in sorted(policy_seats)} if runs else {},
        # per game: the share of all games a seat of the policy won (shared wins split)
        "games_won_by_policy": {p: round(policy_wins[p] / runs, 4) for p in sorted(policy_seats)} if runs else {},
        "seats_by_policy": {p: policy_seats[p] // runs for p in sorted(policy_seats)} if runs else {},
        "end_conditions": {e: {"count": n, "rate": round(n / runs, 4)} for e, n in sorted(ends.items())},
        "length_steps": _spread(lengths),
        "length_rounds": _spread(rounds),
        "scores": _spread(scores),
        "scores_by_seat": [_spread([r.scores[seat] for r in results]) for seat in range(players)],
        "score_histogram": histogram(scores),
        "length_histogram": histogram(rounds, bins=max(1, min(20, int(max(rounds, default=0) - min(rounds, default=0)) + 1))),
        "violations": sum(1 for r in results if r.violations),
    }
