"""What Agemonia's check spends outside the sample playouts, each part on a freshly loaded pack: compiling
the tables of every sample scenario and Hero count (with the party rotation of each), the campaigns
`check` plays (every policy from CAMPAIGN_RUNS seeds), and the ability-check probe (the odds of every dice
pool). CPU time of this process (one core), so a busy machine distorts them less than wall time; run it a
few times, and the code before a change right after it, to compare.

Run: .venv/bin/python bench/agemonia-engine/fixed_costs.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path
from typing import Any, Callable

from deckwright.games.agemonia.dice import ability_checks
from deckwright.games.agemonia.playcheck import play_campaigns
from deckwright.model import load_pack
from deckwright.plugin import load_game

CONTENT = Path(__file__).resolve().parents[2] / "content"


def timed(part: Callable[[], Any]) -> float:
    start = time.process_time()
    part()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    game = load_game("agemonia").engine
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start")
    for _ in range(args.repeat):
        pack = load_pack(CONTENT / "agemonia", "content/agemonia").pack  # nothing kept from the last round
        tables = timed(lambda: [game.compile(pack, s, n) for s in game.scenarios(pack) for n in game.player_counts(pack)])
        campaigns = timed(lambda: play_campaigns(pack, 0))
        checks = timed(lambda: ability_checks(pack))
        print(f"sample tables {tables:.2f} s, campaigns {campaigns:.2f} s, ability checks {checks:.3f} s of CPU")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
