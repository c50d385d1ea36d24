"""`deckwright check` time per shipped pack (every pack under content/ and content/examples/).

Each pack is checked cold (`--no-cache`, 50 playouts per scenario and player count, the default) as a
user runs it, and its CPU time (user + system, worker processes included) and wall time printed;
then the total, with the machine's core count and load average. Target (issue 21): every shipped
pack in under 10 s in all on 2 cores. With `--compare-workers`, each pack is also checked with
`--workers 1`, and the two reports must be identical (parallel playouts never change a finding).
With `--warm`, each pack is also checked twice with a fresh cache (the parse cache and the playout
findings kept under it): the second run, what an unchanged pack costs in an editor or CI, is timed.

Run: python bench/check/bench.py [--sources ../shared/seeds] [--compare-workers] [--warm]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def installed_env(**extra: str) -> dict[str, str]:
    """The environment of the runs: deckwright as installed, with bytecode (this machine's environment may
    forbid writing it, and every run would then compile deckwright's modules again)."""
    import deckwright

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(deckwright.__file__).parent)], check=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, **extra}
MEASURE = """\
import resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(time.perf_counter() - start, used.ru_utime + used.ru_stime, done.returncode)
sys.stderr.write(done.stdout)
"""


def packs() -> list[Path]:
    content = ROOT / "content"
    found = [p.parent for p in sorted(content.glob("*/pack.yaml"))]
    return found + [p.parent for p in sorted(content.glob("examples/*/pack.yaml"))]


def check(pack: Path, sources: Path, extra: list[str], env: dict[str, str], cold: bool = True) -> tuple[float, float, str]:
    """Wall time, CPU time and the JSON report of one check (cold: `--no-cache`)."""
    cmd = [str(BIN / "deckwright"), "check", str(pack.relative_to(ROOT)), "--sources", str(sources),
           *(["--no-cache"] if cold else []), "--format", "json", *extra]
    done = subprocess.run([sys.executable, "-c", MEASURE, *cmd], cwd=ROOT, capture_output=True, text=True, env=env)
    wall, cpu, status = done.stdout.split()
    if int(status) >= 2:
        raise SystemExit(f"check of {pack.name} failed ({status})")
    return float(wall), float(cpu), done.stderr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sources", type=Path, default=Path(os.environ.get("SEEDS", ROOT.parent / "shared" / "seeds")))
    parser.add_argument("--compare-workers", action="store_true", help="also check with --workers 1")
    parser.add_argument("--warm", action="store_true", help="also time a second check with a fresh cache")
    args = parser.parse_args()
    print(f"check benchmark: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start", flush=True)
    env = installed_env(NO_COLOR="1")
    total_wall = total_cpu = total_warm = 0.0
    start = time.perf_counter()
    for pack in packs():
        wall, cpu, report = check(pack, args.sources.resolve(), [], env)
        total_wall += wall
        total_cpu += cpu
        line = f"  {pack.name:<16} {wall:6.2f} s wall {cpu:6.2f} s CPU"
        if args.compare_workers:
            one_wall, one_cpu, one_report = check(pack, args.sources.resolve(), ["--workers", "1"], env)
            same = "identical" if one_report == report else "DIFFERENT"
            line += f"  | --workers 1: {one_wall:6.2f} s wall {one_cpu:6.2f} s CPU, report {same}"
        if args.warm:
            with tempfile.TemporaryDirectory() as cache:
                cached = {**env, "DECKWRIGHT_CACHE": cache}
                check(pack, args.sources.resolve(), [], cached, cold=False)
                warm_wall, warm_cpu, warm_report = check(pack, args.sources.resolve(), [], cached, cold=False)
            same = "identical" if warm_report == report else "DIFFERENT"
            total_warm += warm_wall
            line += f"  | warm: {warm_wall:6.2f} s wall {warm_cpu:6.2f} s CPU, report {same}"
        print(line, flush=True)
    print(f"  all packs        {total_wall:6.2f} s wall {total_cpu:6.2f} s CPU (target < 10 s on 2 cores)"
          + (f"; warm {total_warm:.2f} s wall" if args.warm else "")
          + f"; load average {os.getloadavg()[0]:.1f} at the end; bench took {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
