"""Silver Coin engine speed: full 3-player standard games per second on one core (random policy,
target >= 50), time per step, where a step's time goes (profile), the ratio against Adventure Land
4-player games timed in the same run, and --workers 2 against --workers 1 on the same games.

Run: .venv/bin/python bench/silver_coin/bench.py [--games 200] [--parallel-games 400]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from deckwright.engine.parallel import play_many
from deckwright.model import load_pack
from deckwright.plugin import load_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from playouts import profile_lines, workers_timings  # noqa: E402

CONTENT = Path(__file__).resolve().parents[2] / "content"


def _rate(name: str, scenario: str, players: int, games: int, check: bool = False) -> tuple[float, float]:
    pack = load_pack(CONTENT / name, f"content/{name}").pack
    game = load_game(name).engine
    table = game.compile(pack, scenario, players)
    start = time.perf_counter()
    results = play_many(game, table, 0, games, ["random"], check=check)
    elapsed = time.perf_counter() - start
    return games / elapsed, 1e6 * elapsed / sum(r.steps for r in results)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--parallel-games", type=int, default=400)
    args = parser.parse_args()
    rate, per_step = _rate("silver-coin", "standard", 3, args.games)
    peer, _ = _rate("adventure-land", "the-fellowship", 4, args.games)
    print(f"silver-coin 3 players, random policy, no invariant checks: {rate:.0f} games/s on one core, "
          f"{per_step:.1f} us per step; adventure-land 4 players in the same run: {peer:.0f} games/s "
          f"(silver-coin / adventure-land = {rate / peer:.2f})")
    checked, per_checked = _rate("silver-coin", "standard", 3, max(20, args.games // 5), check=True)
    print(f"with invariants checked after every step: {checked:.0f} games/s, {per_checked:.1f} us per step")

    pack = load_pack(CONTENT / "silver-coin", "content/silver-coin").pack
    game = load_game("silver-coin").engine
    table = game.compile(pack, "standard", 3)
    print("profile (random policy, no checks), top functions by own time:")
    print("\n".join(profile_lines(game, table, max(20, args.games // 4), 18)))

    timings = workers_timings(game, table, args.parallel_games)
    print(f"{args.parallel_games} games: --workers 1 {timings[1]:.2f}s, --workers 2 {timings[2]:.2f}s, "
          f"speed-up {timings[1] / timings[2]:.2f}x (identical results)")


if __name__ == "__main__":
    main()
