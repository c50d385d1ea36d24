"""Run every benchmark under bench/ (each `bench/<stage>/bench.py`) and print its figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def main() -> int:
    status = 0
    for script in sorted(Path(__file__).parent.glob("*/bench.py")):
        print(f"== {script.parent.name}", flush=True)
        status |= subprocess.run([sys.executable, str(script)]).returncode
    return status


if __name__ == "__main__":
    raise SystemExit(main())
