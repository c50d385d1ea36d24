"""Engine speed: full 4-player Adventure Land games per second per core (random policy, target >= 200),
time per step and where it goes (profile), and --workers 2 against --workers 1 on the same 2,000 games.

Run: .venv/bin/python bench/engine/bench.py [--games 500] [--parallel-games 2000]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import time
from pathlib import Path

from deckwright.engine.parallel import play_many
from deckwright.engine.playout import CHECK_EVERY
from deckwright.model import load_pack
from deckwright.plugin import load_game

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

    profile = cProfile.Profile()
    profile.enable()
    play_many(game, table, 0, max(50, args.games // 5), ["random"], check=False)
    profile.disable()
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(12)
    print("profile (random policy, no checks), top functions by own time:")
    print("\n".join(out.getvalue().splitlines()[4:24]))

    timings = {}
    for workers in (1, 2):
        start = time.perf_counter()
        outcome = play_many(game, table, 0, args.parallel_games, ["random"], workers=workers, check=False)
        timings[workers] = (time.perf_counter() - start, outcome)
    assert timings[1][1] == timings[2][1], "results differ between 1 and 2 workers"
    ratio = timings[1][0] / timings[2][0]
    print(f"{args.parallel_games} games: --workers 1 {timings[1][0]:.2f}s, --workers 2 {timings[2][0]:.2f}s, "
          f"speed-up {ratio:.2f}x (identical results)")


if __name__ == "__main__":
    main()
