"""Engine speed: full 4-player Adventure Land games per second per core (random policy, target >= 200),
time per step and where it goes (profile), and --workers 2 against --workers 1 on the same 2,000 games.

Run: .venv/bin/python bench/engine/bench.py [--games 500] [--parallel-games 2000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from deckwright.engine.parallel import play_many
from deckwright.engine.playout import CHECK_EVERY
from deckwright.model import load_pack
from deckwright.plugin import load_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from playouts import profile_lines, workers_timings  # noqa: E402

PACK = Path(__file__).resolve().parents[2] / "content" / "adventure-land"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--parallel-games", type=int, default=2000)
    parser.add_argument("--scenario", default="the-fellowship")
    args = parser.parse_args()
    pack = load_pack(PACK, "content/adventure-land").pack
    game = load_game("adventure-land").engine
    table = game.compile(pack, args.scenario, 4)

    for check, paranoid in ((False, False), (True, False), (True, True)):
        games = args.games if not paranoid else max(20, args.games // 10)
        start = time.perf_counter()
        results = play_many(game, table, 0, games, ["random"], check=check, paranoid=paranoid)
        elapsed = time.perf_counter() - start
        steps = sum(r.steps for r in results)
        label = ("with invariants checked after every step (--paranoid)" if paranoid else
                 f"with invariants checked every {CHECK_EVERY} steps and at the end (check's default)" if check else
                 "no invariant checks")
        print(f"{games} games, {label}: {games / elapsed:.0f} games/s on one core, "
              f"{1e6 * elapsed / steps:.1f} us per step ({steps / games:.0f} steps per game)")

    print("profile (random policy, no checks), top functions by own time:")
    print("\n".join(profile_lines(game, table, max(50, args.games // 5), 20)))

    timings = workers_timings(game, table, args.parallel_games)
    print(f"{args.parallel_games} games: --workers 1 {timings[1]:.2f}s, --workers 2 {timings[2]:.2f}s, "
          f"speed-up {timings[1] / timings[2]:.2f}x (identical results)")


if __name__ == "__main__":
    main()
