"""Agemonia scenario engine speed: sample scenarios played to their outcome per second per core, with 3
Heroes and the random policy (target >= 100), against Adventure Land's 4-player game on the same
machine as the peer; and --workers 2 against --workers 1 on the same games (identical results).

Rates are CPU time of this process (one core), so a busy machine does not distort them; the
--workers comparison is wall time.

Run: .venv/bin/python bench/agemonia-engine/bench.py [--games 300] [--parallel-games 600]
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
from playouts import workers_timings  # noqa: E402

CONTENT = Path(__file__).resolve().parents[2] / "content"


def rate(game: object, table: object, games: int) -> tuple[float, float]:
    start = time.process_time()
    results = play_many(game, table, 0, games, ["random"], check=False)  # type: ignore[arg-type]
    elapsed = time.process_time() - start
    return games / elapsed, sum(r.steps for r in results) / games


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--parallel-games", type=int, default=600)
    args = parser.parse_args()
    pack = load_pack(CONTENT / "agemonia", "content/agemonia").pack
    game = load_game("agemonia").engine
    rates = {}
    for scenario in game.scenarios(pack):
        table = game.compile(pack, scenario, 3)
        per_second, steps = rate(game, table, args.games)
        rates[scenario] = per_second
        print(f"{scenario}, 3 Heroes, random policy: {per_second:.0f} scenarios/s on one core "
              f"({steps:.0f} steps per scenario)")
    peer_pack = load_pack(CONTENT / "adventure-land", "content/adventure-land").pack
    peer = load_game("adventure-land").engine
    peer_rate, _ = rate(peer, peer.compile(peer_pack, "the-fellowship", 4), args.games)
    slowest = min(rates.values())
    print(f"peer: Adventure Land the-fellowship, 4 players: {peer_rate:.0f} games/s; slowest Agemonia sample "
          f"{slowest:.0f}/s = {slowest / peer_rate:.2f}x the peer")

    table = game.compile(pack, game.scenarios(pack)[0], 3)
    timings = workers_timings(game, table, args.parallel_games)
    print(f"{args.parallel_games} scenarios: --workers 1 {timings[1]:.2f}s, --workers 2 {timings[2]:.2f}s "
          f"(wall), identical results")


if __name__ == "__main__":
    main()
