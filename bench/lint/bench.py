"""Lint speed against check-jsonschema on the same generated packs (ratios, not timed tests).

Rows (issue 21): 10,000 cards in one file and in 20 files, clean; with 10 errors, 1% errors and every
card wrong; the same at 1,000 cards; 100,000 cards in 20 files with `--cards 100000`. Each row: CPU time
(user + system, worker processes included: on a shared machine wall time swings with the load) of
a cold `deckwright lint --no-cache` and of `check-jsonschema` on the same files and schema, their
ratio, and deckwright's peak memory. Then `--workers 1` against the default on the 20-file pack, and
a re-lint after one file of the 20 changed (cache warm).

Targets (issue 21): clean or 1% errors at most 0.15x, every card wrong at most 0.5x, 100,000 cards at
most 0.2x and under 300 MB; one file edited in the 20-file pack re-linted in under 0.3 s.

Run: python bench/lint/bench.py [--cards 1000,10000,100000] [--repeat 1] (`make bench` runs the default: every
size, a few minutes on 2 idle cores, most of it check-jsonschema on 100,000 cards); `--relint-only` runs only
the 20-file pack's rows and start-up (under a minute).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from generate import generate  # noqa: E402

BIN = Path(sys.executable).parent


def installed_env(**extra: str) -> dict[str, str]:
    """The environment of the runs: deckwright as installed, with bytecode (this machine's environment may
    forbid writing it, and every run would then compile deckwright's modules again)."""
    import deckwright

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(deckwright.__file__).parent)], check=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, **extra}
CORE_ENTITY = Path(__file__).parents[2] / "schemas" / "core" / "entity.schema.json"

# A child that runs one command and reports its own children's CPU time and peak memory.
MEASURE = """\
import resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], capture_output=True)
wall = time.perf_counter() - start
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(wall, used.ru_utime + used.ru_stime, used.ru_maxrss, done.returncode)
"""


@dataclass(frozen=True)
class Run:
    wall: float
    cpu: float
    peak_mb: float
    median_cpu: float = 0.0


def standalone_schema(schema_file: Path, out: Path) -> Path:
    """The card schema with the core envelope inlined and wrapped as a list: what check-jsonschema
    validates per file, with no $ref it would try to download."""
    core = json.loads(CORE_ENTITY.read_text())
    url = core.pop("$id")
    core.pop("$schema")
    defs = core.pop("$defs")
    text = schema_file.read_text().replace(url + "#/$defs/", "#/$defs/").replace(url, "#/$defs/envelope")
    card = json.loads(text)
    card.pop("$id")
    card.pop("$schema")
    wrapped = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "array", "items": card,
               "$defs": {**defs, "envelope": core}}
    out.write_text(json.dumps(wrapped))
    return out


def measure(cmd: list[str], cwd: Path, env: dict[str, str], repeat: int, before: object = None) -> Run:
    """The best of `repeat` runs (CPU and wall separately); a run that crashes (exit 2 or more) stops the bench."""
    best = Run(float("inf"), float("inf"), 0.0)
    cpus = []
    for _ in range(repeat):
        if callable(before):
            before()
        out = subprocess.run([sys.executable, "-c", MEASURE, *cmd], cwd=cwd, env=env, capture_output=True, text=True)
        wall, cpu, peak, status = out.stdout.split()
        if int(status) >= 2:
            raise SystemExit(f"{cmd[0]} failed ({status}): {' '.join(cmd)}")
        cpus.append(float(cpu))
        best = Run(min(best.wall, float(wall)), min(best.cpu, float(cpu)), max(best.peak_mb, int(peak) / 1024))
    return Run(best.wall, best.cpu, best.peak_mb, statistics.median(cpus))


def row(root: Path, env: dict[str, str], cards: int, files: int, errors: int, repeat: int) -> tuple[Run, Run]:
    """deckwright and check-jsonschema on one generated pack."""
    work = root / f"{cards}-{files}-{errors}"
    pack = generate(work, cards, files, errors=errors)
    card_files = sorted((pack / "cards").glob("*.yaml"))
    schema = standalone_schema(work / "schemas" / "monster.schema.json", work / "standalone.schema.json")
    ours = measure([str(BIN / "deckwright"), "lint", "--no-cache", str(pack)], work, env, repeat)
    peer = measure([str(BIN / "check-jsonschema"), "--schemafile", str(schema), *map(str, card_files)], work, env,
                   repeat)
    return ours, peer


def relint(root: Path, env: dict[str, str], repeat: int) -> tuple[Run, Run, Run]:
    """On 10,000 cards in 20 files: the default and --workers 1 (cold), and a re-lint after one file changed."""
    work = root / "relint"
    pack = generate(work, 10_000, 20)
    lint = [str(BIN / "deckwright"), "lint", str(pack)]
    default = measure([*lint, "--no-cache"], work, env, repeat)
    one = measure([*lint, "--no-cache", "--workers", "1"], work, env, repeat)
    subprocess.run(lint, cwd=work, env=env, capture_output=True)
    changed = sorted((pack / "cards").glob("*.yaml"))[7]
    original = changed.read_text()
    counter = iter(range(1_000_000))

    def touch_one() -> None:
        changed.write_text(original.replace("strength: 1\n", f"strength: {next(counter) % 30}\n", 1))

    return default, one, measure(lint, work, env, max(repeat, 5), before=touch_one)


def startup(env: dict[str, str], repeat: int) -> dict[str, Run]:
    """`deckwright --help` and `deckwright explain CODE` (a loading code, an engine code), and Python doing nothing:
    the best of `repeat` runs each (target: under 0.1 s)."""
    commands = {"python -c pass": [sys.executable, "-c", "pass"],
                "deckwright --help": [str(BIN / "deckwright"), "--help"],
                "deckwright explain DW101": [str(BIN / "deckwright"), "explain", "DW101"],
                "deckwright explain DW501": [str(BIN / "deckwright"), "explain", "DW501"]}
    return {name: measure(cmd, Path.cwd(), env, repeat) for name, cmd in commands.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cards", default="1000,10000,100000", help="comma-separated pack sizes")
    parser.add_argument("--repeat", type=int, default=1, help="runs per figure, best kept")
    parser.add_argument("--relint-only", action="store_true",
                        help="only the 20-file pack (cold, --workers 1, re-lint after one file changed) and start-up")
    args = parser.parse_args()
    sizes = [] if args.relint_only else [int(n) for n in args.cards.split(",")]
    print(f"lint benchmark: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start; "
          "CPU time (user + system, workers included), ratio deckwright / check-jsonschema", flush=True)
    print(f"  {'cards':>7} {'files':>5} {'errors':>7}  {'deckwright':>10} {'check-jsonschema':>16} {'ratio':>6}"
          f"  {'peak':>7}  {'YAML':>7}  (peak: deckwright's largest process)", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        env = installed_env(DECKWRIGHT_CACHE=str(root / "cache"), NO_COLOR="1")
        for cards in sizes:
            cases = [(1, 0), (20, 0), (1, 10), (1, cards // 100), (1, cards)] if cards <= 10_000 else [(20, 0)]
            for files, errors in dict.fromkeys(cases):  # 1% of 1,000 cards is the 10-error row
                ours, peer = row(root, env, cards, files, errors, args.repeat)
                size = sum(p.stat().st_size for p in (root / f"{cards}-{files}-{errors}").rglob("*.yaml")) / 1e6
                print(f"  {cards:>7,} {files:>5} {errors:>7,}  {ours.cpu:>8.2f} s {peer.cpu:>14.2f} s "
                      f"{ours.cpu / peer.cpu:>5.2f}x  {ours.peak_mb:>4.0f} MB  {size:>4.1f} MB", flush=True)
        default, one, again = relint(root, env, args.repeat)
        started = startup(env, max(args.repeat, 10))
    print(f"  10,000 cards in 20 files, cold: default {default.cpu:.2f} s CPU / {default.wall:.2f} s wall, "
          f"--workers 1 {one.cpu:.2f} s CPU / {one.wall:.2f} s wall")
    print(f"  re-lint after one of the 20 files changed: {again.cpu:.3f} s CPU (median of "
          f"{max(args.repeat, 5)} runs {again.median_cpu:.3f} s), {again.wall:.2f} s wall (target < 0.3 s)")
    print("  start-up, CPU (best of 10): " + ", ".join(f"{name} {run.cpu:.3f} s" for name, run in started.items())
          + " (target < 0.1 s)")
    print(f"  load average at the end: {os.getloadavg()[0]:.1f}")
    print("  targets: clean and 1% errors <= 0.15x, every card wrong <= 0.5x, 100,000 cards <= 0.2x and < 300 MB")


if __name__ == "__main__":
    main()
