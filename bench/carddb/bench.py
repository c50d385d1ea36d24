"""Lint of a community-style JSON card database against the database world's own validators (ratios, not timed tests).

The database (bench/carddb/generate.py): 6,000 cards in 150 tab-indented set files, index files,
rulings, a restricted list, 13 locales of translations, draft-4 schemas without `$schema`. Peers
validate the 150 card files against the card schema (as a draft-4 array schema): python-jsonschema
with one compiled validator, and check-jsonschema. deckwright does more on top (index files,
translations, ids, references, markup) and gives every finding's line and column.

Figures: cold lint (--no-cache) against each peer; the first run that fills the cache against
--no-cache (it must not be slower); re-lint after one set file changed (cache warm); deckwright's
peak memory (its own process, workers included). Targets (issue 18): cold at most 0.5x
check-jsonschema, re-lint under 0.5 s, peak memory under 150 MB, cache never slower.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from generate import generate  # noqa: E402

import deckwright  # noqa: E402

BIN = Path(sys.executable).parent
REPEAT = 2  # peers: best of two (each takes seconds); the machine is shared, keep the run short
OURS_REPEAT = 5  # deckwright's runs take a fraction of a second: best of five, so one descheduled run counts less

PEAK = """\
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], capture_output=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, done.returncode)
"""

JSONSCHEMA_PEER = """\
import json, sys
from jsonschema import Draft4Validator
validator = Draft4Validator(json.load(open(sys.argv[1])))
errors = 0
for name in sys.argv[2:]:
    with open(name) as f:
        errors += sum(1 for _ in validator.iter_errors(json.load(f)))
sys.exit(1 if errors else 0)
"""


def best_time(cmd: list[str], cwd: Path, env: dict[str, str], before: object = None,
              repeat: int = REPEAT) -> tuple[float, float]:
    """The best wall time and the best CPU time (user + system, child processes included) of `repeat` runs.

    On a shared machine the wall time swings with the load; the CPU time is the work done, so the
    ratios are taken on it.
    """
    wall = cpu = float("inf")
    for _ in range(repeat):
        if callable(before):
            before()
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise SystemExit(f"{cmd[0]} failed ({done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
        wall = min(wall, elapsed)
        cpu = min(cpu, after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime)
    return wall, cpu


def show(name: str, timing: tuple[float, float]) -> str:
    return f"  {name:<38} {timing[0]:6.2f} s wall, {timing[1]:5.2f} s CPU"


def array_schema(root: Path) -> Path:
    """The card schema as the peers take it: a draft-4 schema of a whole set file (a list of cards)."""
    card = json.loads((root / "db/schema/card_schema.json").read_text())
    definitions = card.pop("definitions")
    text = json.dumps({"$schema": "http://json-schema.org/draft-04/schema#", "type": "array", "items": card,
                       "definitions": definitions})
    out = root / "cards-array.schema.json"
    out.write_text(text)
    return out


def main() -> None:
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        manifest = generate(root)
        files = sorted((root / "db/pack").glob("*.json"))
        every = sorted((root / "db").rglob("*.json"))
        size = sum(f.stat().st_size for f in every) / 1e6
        schema = array_schema(root)
        cache = root / "cache"
        # As installed: with bytecode (this machine's environment may forbid writing it).
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(DECKWRIGHT_CACHE=str(cache), NO_COLOR="1")
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(deckwright.__file__).parent)], check=True)
        lint = [str(BIN / "deckwright"), "lint", str(manifest)]

        check_jsonschema = best_time([str(BIN / "check-jsonschema"), "--schemafile", str(schema), *map(str, files)],
                                     root, env)
        python_jsonschema = best_time([sys.executable, "-c", JSONSCHEMA_PEER, str(schema), *map(str, files)], root, env)
        cold = best_time([*lint, "--no-cache"], root, env, repeat=OURS_REPEAT)
        filling = best_time(lint, root, env, before=lambda: shutil.rmtree(cache, ignore_errors=True),
                            repeat=OURS_REPEAT)
        cache_files = sum(1 for _ in cache.iterdir())
        cache_mb = sum(f.stat().st_size for f in cache.iterdir()) / 1e6

        changed = files[7]
        original = changed.read_text()
        counter = iter(range(1_000_000))

        def touch_one() -> None:
            changed.write_text(original.replace('"deck_limit": 3', f'"deck_limit": {next(counter) % 4}', 1))

        relint = best_time(lint, root, env, before=touch_one, repeat=OURS_REPEAT)
        peak = subprocess.run([sys.executable, "-c", PEAK, *lint, "--no-cache"], cwd=root, env=env,
                              capture_output=True, text=True).stdout.split()
        peak_mb = int(peak[0]) / 1024

    print(f"card database benchmark: {len(every)} JSON files ({len(files)} set files), {size:.1f} MB, "
          f"6,000 cards, 13 locales, {os.cpu_count()} cores, load average {load_before:.1f} at the start and "
          f"{os.getloadavg()[0]:.1f} at the end; ratios of CPU time")
    print(show("check-jsonschema (set files only)", check_jsonschema))
    print(show("python-jsonschema, compiled validator", python_jsonschema))
    print(show("deckwright lint, cold (--no-cache)", cold) + f"  {cold[1] / check_jsonschema[1]:.2f}x check-jsonschema "
          f"(target <= 0.5x), {cold[1] / python_jsonschema[1]:.2f}x python-jsonschema")
    print(show("deckwright lint, filling the cache", filling) + f"  {filling[1] / cold[1]:.2f}x --no-cache "
          f"(target <= 1.0x); {cache_files} cache files, {cache_mb:.1f} MB")
    print(show("deckwright lint, 1 set file changed", relint) + "  (target < 0.5 s)")
    print(f"  deckwright peak memory                 {peak_mb:6.0f} MB (target < 150 MB)")


if __name__ == "__main__":
    main()
