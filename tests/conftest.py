"""Shared fixtures: real packs in tmp_path, and the real CLI through click's CliRunner."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deckwright.cli import cli

CASES = Path(__file__).parent / "cases"
BASE_PACK = CASES / "base"


@dataclass
class Run:
    exit_code: int
    output: str
    stderr: str

    def json(self) -> Any:
        return json.loads(self.output)


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty working directory (the cache goes into it, never into the checkout)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKWRIGHT_CACHE", str(tmp_path / ".cache"))
    monkeypatch.setenv("NO_COLOR", "1")
    yield tmp_path


def run(*args: str) -> Run:
    """Invoke `deckwright ARGS` in the current directory, as a user would."""
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return Run(result.exit_code, result.stdout, result.stderr)


def make_pack(where: Path, overlay: Path | None = None, name: str = "pack") -> Path:
    """A copy of the base test pack at where/name, with the files of `overlay` laid over it."""
    target = where / name
    shutil.copytree(BASE_PACK, target)
    if overlay is not None:
        for source in overlay.rglob("*"):
            if source.is_file() and source.name != "expected.json":
                dest = target / source.relative_to(overlay)
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, dest)
    return target


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


@pytest.fixture
def pack(workdir: Path) -> Path:
    """A valid pack in the working directory, named `pack`."""
    return make_pack(workdir)


def relative(path: Path) -> str:
    return os.path.relpath(path)


# Engine tests: the shipped Adventure Land pack, loaded once, and the golden-playout refresh flag.
ROOT = Path(__file__).resolve().parents[1]
ADVENTURE_LAND = ROOT / "content" / "adventure-land"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--refresh-golden", action="store_true", help="Rewrite golden playouts instead of comparing.")


@pytest.fixture(scope="session")
def al_pack() -> Any:
    from deckwright.model import load_pack

    loaded = load_pack(ADVENTURE_LAND, "content/adventure-land").pack
    assert loaded is not None
    return loaded
