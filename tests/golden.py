"""Golden files: compared line by line; `--refresh-golden` is the only writer, and a missing golden fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.output import write_atomic


def check_golden(request: pytest.FixtureRequest, path: Path, fresh: str) -> None:
    """Fail unless `fresh` equals the golden at `path` line by line; with --refresh-golden, write it first."""
    if request.config.getoption("--refresh-golden"):
        write_atomic(path, fresh)
    if not path.exists():
        pytest.fail(f"no golden file {path.name}: run pytest with --refresh-golden and review it")
    assert fresh.splitlines() == path.read_text(encoding="utf-8").splitlines()
