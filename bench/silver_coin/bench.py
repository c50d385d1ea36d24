"""Silver Coin engine speed: full 3-player standard games per second on one core (random policy,
target >= 50) and the ratio against that target, time per step, where a step's time goes (the engine's
calls as shares of a profiled run, then the top functions by own time), the heuristic and greedy policies' rates,
Adventure Land 4-player games timed in the same run as a peer, and --workers 2 against --workers 1 on
the same games (identical results).

Rates are CPU time of this process (one core), so other work on a shared machine distorts them less
than wall time would; the --workers comparison is wall time.

Run: .venv/bin/python bench/silver_coin/bench.py [--games 200] [--parallel-games 400]
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import time
from pathlib import Path
from typing import Any

from deckwright.engine.parallel import play_many
from deckwright.model import load_pack
from deckwright.plugin import load_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from playouts import profile_lines, profile_stats, workers_timings  # noqa: E402

CONTENT = Path(__file__).resolve().parents[2] / "content"
TARGET = 50  # full 3-player games per second per core (issue 14)
# The engine's calls a step is made of, as the profile names them (file, function), and what they do.
PARTS = (
    ("engine.py", "legal_actions", "legal actions (decisions)"),
    ("engine.py", "chance_outcomes", "chance outcomes (draws, dice)"),
    ("engine.py", "draw_chance", "chance draws (what playouts draw without listing the outcomes)"),
    ("engine.py", "apply_in_place", "applying an action and the automatic flow after it"),
    ("engine.py", "new_state", "set-up"),
)


def _table(name: str, scenario: str, players: int) -> tuple[Any, Any]:
    pack = load_pack(CONTENT / name, f"content/{name}").pack
    game = load_game(name).engine
    return game, game.compile(pack, scenario, players)


def _rate(game: Any, table: Any, games: int, policy: str = "random", paranoid: bool = False) -> tuple[float, float, float]:
    """Games per second of CPU time, microseconds per step, steps per game."""
    start = time.process_time()
    results = play_many(game, table, 0, games, [policy], check=paranoid, paranoid=paranoid)
    elapsed = time.process_time() - start
    steps = sum(r.steps for r in results)
    return games / elapsed, 1e6 * elapsed / steps, steps / games


def step_shares(game: Any, table: Any, games: int) -> list[str]:
    """Where a step's time goes: each of the engine's calls as a share of a profiled run's time (the
    profile's own overhead inflates small functions, so the shares are rough)."""
    stats = profile_stats(game, table, games, io.StringIO())
    total = stats.total_tt  # type: ignore[attr-defined]
    by_call = {(Path(file).name, name): entry[3] for (file, _, name), entry in stats.stats.items()}  # type: ignore[attr-defined]
    lines = []
    rest = total
    for file, name, what in PARTS:
        seconds = by_call.get((file, name), 0.0)
        rest -= seconds
        lines.append(f"  {100 * seconds / total:5.1f}%  {what} ({name})")
    lines.append(f"  {100 * rest / total:5.1f}%  the playout driver and the random policy's choice")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--parallel-games", type=int, default=400)
    args = parser.parse_args()
    game, table = _table("silver-coin", "standard", 3)
    rate, per_step, steps = _rate(game, table, args.games)
    peer_game, peer_table = _table("adventure-land", "the-fellowship", 4)
    peer, _, _ = _rate(peer_game, peer_table, args.games)
    print(f"silver-coin 3 players, random policy, no invariant checks, {args.games} games: {rate:.0f} games/s on "
          f"one core (CPU time), {rate / TARGET:.2f}x the target of {TARGET}; {per_step:.1f} us per step, "
          f"{steps:.0f} steps per game; adventure-land 4 players in the same run: {peer:.0f} games/s "
          f"(silver-coin / adventure-land = {rate / peer:.2f}); load average {os.getloadavg()[0]:.1f}, "
          f"{os.cpu_count()} cores")
    checked, per_checked, _ = _rate(game, table, max(20, args.games // 5), paranoid=True)
    print(f"with every invariant checked after every step (--paranoid): {checked:.0f} games/s, "
          f"{per_checked:.1f} us per step")
    smart, per_smart, smart_steps = _rate(game, table, max(20, args.games // 5), policy="heuristic")
    print(f"heuristic policy (exact battle odds for its choices): {smart:.0f} games/s, {per_smart:.1f} us per step, "
          f"{smart_steps:.0f} steps per game")
    looking = max(5, args.games // 20)
    ahead, per_ahead, ahead_steps = _rate(game, table, looking, policy="greedy")
    print(f"greedy policy (every legal action played on a copy, the draws after it by expectation), {looking} games: "
          f"{ahead:.1f} games/s, {per_ahead:.0f} us per step, {ahead_steps:.0f} steps per game "
          f"(random / greedy = {rate / ahead:.0f})")

    profiled = max(20, args.games // 4)
    print(f"where a step's time goes ({profiled} profiled games, random policy, no checks):")
    print("\n".join(step_shares(game, table, profiled)))
    print("top functions by own time:")
    print("\n".join(profile_lines(game, table, profiled, 18)))

    timings = workers_timings(game, table, args.parallel_games)
    print(f"{args.parallel_games} games: --workers 1 {timings[1]:.2f}s, --workers 2 {timings[2]:.2f}s (wall), "
          f"speed-up {timings[1] / timings[2]:.2f}x (identical results)")


if __name__ == "__main__":
    main()
