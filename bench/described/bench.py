"""YAML engine speed: full games of the Harbor Market example (deck-builder, 3 players, random policy) per
second on one core, and its time per step against Adventure Land's hand-written Python engine per step
(4 players, random policy) on the same machine. Target: the described game within 3x per step. Times are
CPU time of this process (the games are played inline): on a shared machine wall time swings with the load.

Run: .venv/bin/python bench/described/bench.py [--games 300] [--peer-games 200]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from deckwright.engine.parallel import play_many
from deckwright.model import load_pack
from deckwright.plugin import load_game

ROOT = Path(__file__).resolve().parents[2]


def per_step(game: Any, table: Any, games: int) -> tuple[float, float, int]:
    """Games per CPU second, CPU microseconds per step and steps, inline on one core, no invariant checks."""
    start = time.process_time()
    results = play_many(game, table, 0, games, ["random"], check=False)
    elapsed = time.process_time() - start
    steps = sum(r.steps for r in results)
    return games / elapsed, 1e6 * elapsed / steps, steps


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--peer-games", type=int, default=200)
    args = parser.parse_args()

    harbor = load_pack(ROOT / "content" / "examples" / "harbor-market", "content/examples/harbor-market").pack
    described = load_game("described").engine
    rate, step, steps = per_step(described, described.compile(harbor, "base", 3), args.games)
    print(f"harbor-market (YAML engine), 3 players, random: {args.games} games, {rate:.0f} games/s on one core, "
          f"{step:.1f} us per step ({steps / args.games:.0f} steps per game)")

    adventure = load_pack(ROOT / "content" / "adventure-land", "content/adventure-land").pack
    peer = load_game("adventure-land").engine
    peer_rate, peer_step, peer_steps = per_step(peer, peer.compile(adventure, "the-fellowship", 4), args.peer_games)
    print(f"adventure-land (Python engine), 4 players, random: {args.peer_games} games, {peer_rate:.0f} games/s, "
          f"{peer_step:.1f} us per step ({peer_steps / args.peer_games:.0f} steps per game)")
    print(f"per step, the YAML engine takes {step / peer_step:.2f}x the Python engine's time (target <= 3x)")


if __name__ == "__main__":
    main()
