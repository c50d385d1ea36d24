"""`deckwright check` of every shipped pack (every pack under content/ and content/examples/).

First the figure issue 21 sets a target for: one `deckwright check --no-cache` invocation over every
shipped pack, as a user runs it from the repository (50 playouts per scenario and player count, the
default), its wall time and CPU time (user + system, worker processes included), against the target of
10 s of wall time on 2 cores, with the machine's core count and load average (wall time means little
on a loaded machine). Then the same invocation warm: a first run fills a fresh cache (parse cache and
playout findings), a second is timed, and its report must be the cold one. Then, unless
`--no-per-pack`, each pack checked cold on its own, where its time goes. With `--compare-workers`,
each pack is also checked with `--workers 1`, and the two reports must be identical (parallel
playouts never change a finding). With `--games`, each pack's line also says how many games its check
played (every stage's playouts together, each game once: counted by the playout session in a further
check of the pack, with one worker, in a process of its own).

With `--before TOOLS` (the `tools` folder of another checkout OLD, e.g. one `git archive REV tools | tar -x -C OLD`
made), the cold invocation is instead run `--repeat` times alternately with that code and with this
one, on the same packs and machine, and each one's CPU and wall time are printed (best and median), and
whether the two reports are identical: a before/after comparison that a shared machine's load does not
skew the way two runs at different times are.

With `--schedule`, one cold invocation is run and its CPU time shown by process (the main process before the
packs start, each pack process's packs, the playout workers of a pack left alone at the end): what a core
idles on 2 dedicated cores, measured from CPU times, which a shared machine's load does not skew; and the CPU
time the last pack process spent after the other packs were done (a core idle but for its playout workers).

Run: python bench/check/bench.py [--sources ../shared/seeds] [--no-per-pack] [--compare-workers] [--games]
     python bench/check/bench.py --schedule [--pack NAME ...]
     python bench/check/bench.py --before OLD/tools [--repeat 3] [--pack NAME ...]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


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


def check(packs: list[Path], sources: Path, extra: list[str], env: dict[str, str],
          cold: bool = True) -> tuple[float, float, str]:
    """Wall time, CPU time and the JSON report of one `check` of `packs` (cold: `--no-cache`)."""
    # `python -m deckwright`, not the console script: the script names an entry point of this checkout's
    # code, which the code of another checkout (`--before`) may not have
    cmd = [sys.executable, "-m", "deckwright", "check", *(str(p.relative_to(ROOT)) for p in packs), "--sources", str(sources),
           *(["--no-cache"] if cold else []), "--format", "json", *extra]
    done = subprocess.run([sys.executable, "-c", MEASURE, *cmd], cwd=ROOT, capture_output=True, text=True, env=env)
    wall, cpu, status = done.stdout.split()
    if int(status) >= 2:
        raise SystemExit(f"check of {' '.join(p.name for p in packs)} failed ({status})")
    return float(wall), float(cpu), done.stderr


COUNT = """\
import sys
from deckwright.cli import main
from deckwright.engine import parallel

played = []
close = parallel.Session.close


def counted(session):
    played.append(session.played)
    close(session)


parallel.Session.close = counted
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(sum(played), file=sys.stderr)
"""


def games(pack: Path, sources: Path, env: dict[str, str]) -> int:
    """The games one cold `check --workers 1` of the pack plays (every stage's, each game once)."""
    cmd = ["check", str(pack.relative_to(ROOT)), "--sources", str(sources), "--no-cache", "--workers", "1",
           "--format", "json"]
    done = subprocess.run([sys.executable, "-c", COUNT, *cmd], cwd=ROOT, capture_output=True, text=True, env=env)
    return int(done.stderr.split()[-1])


STAGES = """\
import sys, time
from collections import defaultdict
from deckwright.cli import main
from deckwright.engine import parallel

spent = defaultdict(float)
games = defaultdict(int)
run_batch = parallel.run_batch


def timed(batch):
    start = time.process_time()
    try:
        return run_batch(batch)
    finally:
        key = "+".join(batch.policies) + ("" if batch.check else " (no invariants)")
        spent[key] += time.process_time() - start
        games[key] += len(batch.seeds)


parallel.run_batch = timed
try:
    main(sys.argv[1:])
except SystemExit:
    pass
total = time.process_time()
print(f"{total:.2f} total", file=sys.stderr)
for key, seconds in sorted(spent.items(), key=lambda item: -item[1]):
    print(f"{seconds:.2f} {games[key]} {key}", file=sys.stderr)
print(f"{total - sum(spent.values()):.2f} 0 everything else", file=sys.stderr)
"""


def stages(pack: Path, sources: Path, env: dict[str, str]) -> list[str]:
    """Where one cold `check --workers 1` of the pack spends its CPU time: each policy's games, the rest."""
    cmd = ["check", str(pack.relative_to(ROOT)), "--sources", str(sources), "--no-cache", "--workers", "1",
           "--format", "json"]
    done = subprocess.run([sys.executable, "-c", STAGES, *cmd], cwd=ROOT, capture_output=True, text=True, env=env)
    lines = done.stderr.splitlines()
    start = max(i for i, line in enumerate(lines) if line.endswith(" total"))
    total = float(lines[start].split()[0])
    found = [f"{total:6.2f} s CPU with one worker:"]
    for line in lines[start + 1:]:
        seconds, count, what = line.split(" ", 2)
        played = f", {count} games" if int(count) else ""
        found.append(f"{float(seconds):6.2f} s {what}{played}")
    return found


SCHEDULE = """\
import json, os, sys, time
from deckwright.cli import main
from deckwright.engine import parallel
from deckwright.runs import check, driver

folder = sys.argv.pop(1)


def note(kind, label, cpu):
    # with the wall clock and the process's CPU time so far: when the pack left alone was left alone
    with open(os.path.join(folder, str(os.getpid())), "a") as out:
        out.write(json.dumps([kind, label, cpu, time.time(), time.process_time()]) + "\\n")


prepare, apart, run_batch = check.import_stages, driver._run_apart, parallel.run_batch


def prepared():
    prepare()
    note("main", "", time.process_time())


def timed(target, *args):
    start = time.process_time()
    try:
        return apart(target, *args)
    finally:
        note("pack", target.display, time.process_time() - start)


def played(batch):
    start = time.process_time()
    try:
        return run_batch(batch)
    finally:
        note("games", batch.game.name, time.process_time() - start)


check.import_stages, driver._run_apart, parallel.run_batch = prepared, timed, played
main(sys.argv[1:])
"""


def schedule(every: list[Path], sources: Path, env: dict[str, str]) -> list[str]:
    """How one cold invocation over `every` pack spreads its CPU time over processes: the main process's before
    the packs start (imports, once for all), each pack process's packs in the order it checked them, the
    playout workers a pack started once it was left alone. On 2 dedicated cores the wall time is at least the
    main process's time before the packs plus the busiest pack process's, and at least that time plus half
    the rest: twice that bound less the CPU time is what a core at least sits idle."""
    import json

    with tempfile.TemporaryDirectory() as folder:
        cmd = ["check", *(str(p.relative_to(ROOT)) for p in every), "--sources", str(sources), "--no-cache",
               "--format", "json"]
        subprocess.run([sys.executable, "-c", SCHEDULE, folder, *cmd], cwd=ROOT, capture_output=True, env=env)
        notes = {name: [json.loads(line) for line in (Path(folder) / name).read_text().splitlines()]
                 for name in sorted(os.listdir(folder), key=int)}
    before = sum(cpu for kinds in notes.values() for kind, _, cpu, *_ in kinds if kind == "main")
    packs = [[(label, cpu) for kind, label, cpu, *_ in kinds if kind == "pack"] for kinds in notes.values()]
    packs = [p for p in packs if p]
    workers = [sum(cpu for kind, _, cpu, *_ in kinds if kind == "games") for kinds in notes.values()
               if all(kind == "games" for kind, *_ in kinds)]
    found = [f"main process: {before:.2f} s CPU before the first pack starts"]
    for number, done in enumerate(packs, 1):
        found.append(f"pack process {number}: {sum(cpu for _, cpu in done):5.2f} s: "
                     + ", ".join(f"{Path(label).name} {cpu:.2f}" for label, cpu in done))
    if workers:
        found.append(f"playout workers of a pack left alone: {len(workers)}, {sum(workers):.2f} s")
    alone = left_alone([kinds for kinds in notes.values() if any(kind == "pack" for kind, *_ in kinds)])
    if alone is not None:
        found.append(f"after the other packs were done, the last pack process worked {alone:.2f} s more itself "
                     "(a core idle, but while its workers played)")
    total = before + sum(cpu for done in packs for _, cpu in done) + sum(workers)
    busiest = max(sum(cpu for _, cpu in done) for done in packs)
    # one core works alone before the packs start; after, no process is done before the busiest pack process
    least = max(before + busiest, (total + before) / 2)
    found.append(f"total {total:.2f} s: on 2 dedicated cores at least {least:.2f} s of wall time, a core idle for "
                 f"{2 * least - total:.2f} s of it (the main process alone before the packs start, then the "
                 f"{'busiest pack process' if least > (total + before) / 2 else 'rest split evenly'})")
    return found


def left_alone(processes: list[list[list[Any]]]) -> float | None:
    """CPU time the pack process that finished last spent after the others had finished (what it did alone:
    one core idles unless its playout workers run), from its notes (every piece of games played here is one,
    so the time is known to a piece, about a tenth of a second); None for one pack process."""
    if len(processes) < 2:
        return None
    ends = sorted((kinds[-1][3], index) for index, kinds in enumerate(processes))
    others_done, last = ends[-2][0], processes[ends[-1][1]]
    then = max((cpu_now for _, _, _, wall, cpu_now in last if wall <= others_done), default=0.0)
    return last[-1][4] - then


def before_after(every: list[Path], sources: Path, env: dict[str, str], before: Path, repeat: int) -> None:
    """The cold invocation alternately with the code in `before` and with this checkout's, `repeat` times each."""
    import statistics

    old_env = {**env, "PYTHONPATH": str(before.resolve())}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(before)], check=True, capture_output=True)
    runs: dict[str, list[tuple[float, float, str]]] = {"before": [], "after": []}
    for i in range(repeat):
        order = [("before", old_env), ("after", env)]
        for name, environment in order if i % 2 == 0 else order[::-1]:
            runs[name].append(check(every, sources, [], environment))
    for name, done in runs.items():
        cpu, wall = [c for _, c, _ in done], [w for w, _, _ in done]
        print(f"  {name:<6}: CPU best {min(cpu):6.2f} s, median {statistics.median(cpu):6.2f} s; wall best "
              f"{min(wall):6.2f} s, median {statistics.median(wall):6.2f} s ({repeat} runs)", flush=True)
    reports = {report for done in runs.values() for _, _, report in done}
    print(f"  reports: {'identical' if len(reports) == 1 else 'DIFFERENT'}")


def load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sources", type=Path, default=Path(os.environ.get("SEEDS", ROOT.parent / "shared" / "seeds")))
    parser.add_argument("--no-per-pack", action="store_true", help="only the run over every pack")
    parser.add_argument("--compare-workers", action="store_true", help="also check each pack with --workers 1")
    parser.add_argument("--games", action="store_true", help="also count the games each pack's check plays")
    parser.add_argument("--stages", action="store_true", help="also say where each pack's check spends its CPU time")
    parser.add_argument("--stages-only", action="store_true",
                        help="only each pack's CPU time by stage (one check per pack; no timings of the whole run)")
    parser.add_argument("--pack", action="append", default=[],
                        help="only this pack (its folder's name, e.g. silver-coin; repeatable); default every shipped pack")
    parser.add_argument("--schedule", action="store_true",
                        help="only how one cold invocation spreads its CPU time over its processes (idle-core share)")
    parser.add_argument("--before", type=Path, help="the tools folder of other code: compare its cold check with this one's")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each code with --before (default 3)")
    args = parser.parse_args()
    sources = args.sources.resolve()
    cores = os.cpu_count()
    print(f"check benchmark: {cores} cores, load average {load()} at the start", flush=True)
    env = installed_env(NO_COLOR="1")
    start = time.perf_counter()
    every = [p for p in packs() if not args.pack or p.name in args.pack]
    if not every:
        raise SystemExit(f"no shipped pack named {', '.join(args.pack)}")
    if args.before:
        print(f"  {', '.join(p.name for p in every)}, cold, the code in {args.before} and this one alternately:")
        before_after(every, sources, env, args.before, args.repeat)
        print(f"  load average {load()} at the end; bench took {time.perf_counter() - start:.0f} s")
        return
    if args.schedule:
        print(f"  {', '.join(p.name for p in every)}, cold, CPU time by process:")
        print("\n".join(f"    {line}" for line in schedule(every, sources, env)), flush=True)
        print(f"  load average {load()} at the end; bench took {time.perf_counter() - start:.0f} s")
        return
    if args.stages_only:
        for pack in every:
            print(f"    {pack.name}")
            print("\n".join(f"      {part}" for part in stages(pack, sources, env)), flush=True)
        print(f"  load average {load()} at the end; bench took {time.perf_counter() - start:.0f} s")
        return
    wall, cpu, report = check(every, sources, [], env)
    print(f"  {'every pack' if not args.pack else ', '.join(args.pack)}, cold: {wall:6.2f} s wall {cpu:6.2f} s CPU "
          f"in one invocation over {len(every)} packs "
          f"(target < 10 s wall on 2 cores: {'met' if wall < 10 else 'not met'} on {cores} cores; "
          f"load average {load()} after it)", flush=True)
    with tempfile.TemporaryDirectory() as cache:
        cached = {**env, "DECKWRIGHT_CACHE": cache}
        check(every, sources, [], cached, cold=False)
        warm_wall, warm_cpu, warm_report = check(every, sources, [], cached, cold=False)
    same = "identical" if warm_report == report else "DIFFERENT"
    print(f"  the same, warm: {warm_wall:6.2f} s wall {warm_cpu:6.2f} s CPU (a second run on a cache), "
          f"report {same}", flush=True)
    if not args.no_per_pack:
        print("  each pack on its own, cold:")
        for pack in every:
            wall, cpu, report = check([pack], sources, [], env)
            line = f"    {pack.name:<16} {wall:6.2f} s wall {cpu:6.2f} s CPU"
            if args.compare_workers:
                one_wall, one_cpu, one_report = check([pack], sources, ["--workers", "1"], env)
                same = "identical" if one_report == report else "DIFFERENT"
                line += f"  | --workers 1: {one_wall:6.2f} s wall {one_cpu:6.2f} s CPU, report {same}"
            if args.games:
                line += f"  | {games(pack, sources, env)} games"
            print(line, flush=True)
            if args.stages:
                print("\n".join(f"      {part}" for part in stages(pack, sources, env)), flush=True)
    print(f"  load average {load()} at the end; bench took {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
