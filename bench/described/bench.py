"""YAML engine speed: full games of the Harbor Market example (deck-builder, 3 players, random policy) per
second on one core, and its time per step against Adventure Land's hand-written Python engine per step
(4 players, random policy) on the same machine. Target: the described game within 3x per step. Times are
CPU time of this process (the games are played inline): on a shared machine wall time swings with the load.

With `--checks N`, each example pack's own cold `deckwright check --no-cache` (50 playouts per player
count, the default) is then run N times: the best CPU time (user + system, worker processes included) and
wall time of each (issue 21: at most about 0.8 s of CPU each); then N checks of it on a cache a first run
filled (what a second check of unchanged content costs: nothing played, no text measured). The check needs the rulebook folder
(`--sources`, default ../shared/seeds beside the repository, or $SEEDS).

Run: .venv/bin/python bench/described/bench.py [--games 300] [--peer-games 200] [--checks 3 [--sources DIR]]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from deckwright.engine.parallel import play_many
from deckwright.model import load_pack
from deckwright.plugin import load_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ("harbor-market", "lantern-dive", "reef-race", "tide-pools")


def per_step(game: Any, table: Any, games: int) -> tuple[float, float, int]:
    """Games per CPU second, CPU microseconds per step and steps, inline on one core, no invariant checks."""
    start = time.process_time()
    results = play_many(game, table, 0, games, ["random"], check=False)
    elapsed = time.process_time() - start
    steps = sum(r.steps for r in results)
    return games / elapsed, 1e6 * elapsed / steps, steps


def timed_check(pack: str, sources: Path, runs: int, cache: Path | None = None) -> tuple[float, float]:
    """The best CPU time (this command and its workers) and wall time of `runs` checks of one example: cold
    (`--no-cache`), or on the cache folder `cache` (filled by a first, untimed run)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # with bytecode, as installed
    command = [sys.executable, "-m", "deckwright", "check", f"content/examples/{pack}", "--sources", str(sources), "-q"]
    if cache is None:
        command.append("--no-cache")
    else:
        env["DECKWRIGHT_CACHE"] = str(cache)
        subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=False)
    best_cpu = best_wall = float("inf")
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=False)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best_cpu = min(best_cpu, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        best_wall = min(best_wall, wall)
    return best_cpu, best_wall


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--peer-games", type=int, default=200)
    parser.add_argument("--checks", type=int, default=0, help="time each example pack's cold check, best of N")
    parser.add_argument("--sources", type=Path, default=Path(os.environ.get("SEEDS", ROOT.parent / "shared" / "seeds")))
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
    if args.checks:
        print(f"check of each example pack, best of {args.checks}, cold (--no-cache) and on a cache filled by a "
              f"first run ({os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}):")
        with tempfile.TemporaryDirectory() as folder:
            for pack in EXAMPLES:
                cpu, wall = timed_check(pack, args.sources, args.checks)
                warm_cpu, warm_wall = timed_check(pack, args.sources, args.checks, Path(folder) / pack)
                print(f"  {pack}: cold {cpu:.2f} s CPU, {wall:.2f} s wall (target: about 0.8 s of CPU); "
                      f"on a cache {warm_cpu:.2f} s CPU, {warm_wall:.2f} s wall")
        print(f"  load average at the end: {os.getloadavg()[0]:.1f}")

if __name__ == "__main__":
    main()
