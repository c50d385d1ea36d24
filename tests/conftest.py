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


# Tests marked `slow`: `make test` leaves them out, `make test-slow` runs only them, and CI (.ci/run) runs
# both. Chosen from `pytest -n auto --durations` on the shared 2-core machine (seconds under load, where
# the whole suite ran past half an hour) plus the tests that check every shipped pack with its playouts.
# An entry is a test file or a test (without parameters).
SLOW = (
    "tests/commands/test_build_command.py::test_same_pack_in_two_checkouts_gives_identical_outputs",  # 398 s
    # 291 s:
    "tests/games/silver_coin/test_engine.py::test_every_fact_the_engine_reads_changes_a_seeded_game_when_it_changes",
    "tests/games/agemonia/test_lint_checks.py::test_the_shipped_pack_lints_and_checks_clean",  # 193 s
    "tests/games/adventure_land/test_fact_mutation.py::test_every_mutation_of_an_engine_read_fact_changes_play",  # 171
    "tests/commands/test_check_command.py::test_playouts_wait_until_the_pack_has_no_errors",  # 95 s
    "tests/engine/described/test_policies.py::test_policies_are_offered_and_beat_random_play_over_seeded_games",  # 48
    "tests/games/agemonia/test_playcheck.py::test_the_shipped_samples_reach_every_outcome_and_piece_of_content",  # 35
    "tests/games/agemonia/test_fact_mutation.py",  # 117 s over 42 cases
    "tests/authoring/test_fmt_property.py::test_formatted_documents_load_to_the_same_data",  # 54 s
    "tests/export/test_export.py::test_tts_sheets_hold_69_cards_with_the_hidden_image_last",  # 41 s
    "tests/authoring/test_watch.py::test_ctrl_c_ends_watch_quietly_with_status_0",  # 13 s
    "tests/engine/test_playout.py::test_dask_local_cluster_gives_identical_results",  # 8 s
    "tests/test_readme.py",  # `check` of every shipped pack
    "tests/rules/test_adventure_land.py",  # `check` of Adventure Land, twice
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        name = item.nodeid.split("[")[0]
        if any(name == slow or name.startswith(slow + "::") for slow in SLOW):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def al_pack() -> Any:
    from deckwright.model import load_pack

    loaded = load_pack(ADVENTURE_LAND, "content/adventure-land").pack
    assert loaded is not None
    return loaded
