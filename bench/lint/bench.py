"""Lint speed against check-jsonschema on the same generated pack (a ratio, not a timed test).

Figures: cold `deckwright lint` (no cache) / `check-jsonschema` on the same files and schema;
re-lint after one file changed (cache warm); peak memory of the lint process (and its workers).
Targets (issue 2): ratio at most 0.35, re-lint at most 0.3 s, peak memory under 500 MB.
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

BIN = Path(sys.executable).parent
CORE_ENTITY = Path(__file__).parents[2] / "schemas" / "core" / "entity.schema.json"
REPEAT = 3


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


def best_time(cmd: list[str], cwd: Path, env: dict[str, str], before: object = None) -> float:
    best = float("inf")
    for _ in range(REPEAT):
        if callable(before):
            before()
        start = time.perf_counter()
        done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        if done.returncode not in (0,):
            raise SystemExit(f"{cmd[0]} failed ({done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
        best = min(best, elapsed)
    return best


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        pack = generate(root)
        files = sorted((pack / "cards").glob("*.yaml"))
        size = sum(f.stat().st_size for f in files) / 1e6
        schema = standalone_schema(root / "schemas" / "monster.schema.json", root / "standalone.schema.json")
        cache = root / "cache"
        env = {**os.environ, "DECKWRIGHT_CACHE": str(cache), "NO_COLOR": "1"}

        peer = best_time([str(BIN / "check-jsonschema"), "--schemafile", str(schema), *map(str, files)], root, env)
        cold = best_time([str(BIN / "deckwright"), "lint", "--no-cache", str(pack)], root, env)

        subprocess.run([str(BIN / "deckwright"), "lint", str(pack)], cwd=root, env=env, capture_output=True)
        changed = files[7]
        original = changed.read_text()
        counter = iter(range(1_000_000))

        def touch_one() -> None:
            changed.write_text(original.replace("strength: 1\n", f"strength: {next(counter) % 30}\n", 1))

        relint = best_time([str(BIN / "deckwright"), "lint", str(pack)], root, env, before=touch_one)
        peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        shutil.rmtree(cache, ignore_errors=True)

    print(f"lint benchmark: {len(files)} files, {size:.2f} MB, 10,000 cards")
    print(f"  check-jsonschema            {peer:6.2f} s  (no line/column)")
    print(f"  deckwright lint, cold       {cold:6.2f} s  ratio {cold / peer:.2f}  (target <= 0.35)")
    print(f"  deckwright lint, 1 changed  {relint:6.2f} s  (target <= 0.30 s)")
    print(f"  peak memory (largest child) {peak_mb:6.0f} MB (target < 500 MB)")


if __name__ == "__main__":
    main()
