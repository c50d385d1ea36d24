"""The repository's .pre-commit-hooks.yaml, run by pre-commit itself on a temporary git repository."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.minipack import write_pack

REPO = Path(__file__).resolve().parents[2]
PRE_COMMIT = [sys.executable, "-m", "pre_commit"]


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def _try_repo(cwd: Path, env: dict[str, str], *hooks: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*PRE_COMMIT, "try-repo", str(REPO), *hooks, "--all-files", "--color", "never"],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=900)


@pytest.fixture
def game_repo(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = tmp_path / "game"
    write_pack(repo / "content")
    _git(repo, "init", "-q")
    _git(repo, "-c", "user.email=t@example.org", "-c", "user.name=t", "add", ".")
    _git(repo, "-c", "user.email=t@example.org", "-c", "user.name=t", "commit", "-q", "-m", "pack")
    # pre-commit keeps its hook environments here; reused across runs when the variable is set outside.
    env = {**os.environ, "PRE_COMMIT_HOME": os.environ.get("PRE_COMMIT_HOME", str(tmp_path / "pre-commit-home"))}
    return repo, env


def test_pre_commit_runs_lint_and_fmt_check_hooks(game_repo: tuple[Path, dict[str, str]]) -> None:
    repo, env = game_repo
    first = _try_repo(repo, env, "deckwright-lint")
    if "An unexpected error has occurred" in first.stdout + first.stderr:
        pytest.skip(f"pre-commit could not create the hook environment (offline?):\n{first.stdout[-2000:]}")
    assert first.returncode == 0, first.stdout + first.stderr
    assert "deckwright lint" in first.stdout and "Passed" in first.stdout

    unformatted = _try_repo(repo, env, "deckwright-fmt")
    assert unformatted.returncode == 1, unformatted.stdout
    assert "Failed" in unformatted.stdout and "+  code: '1:30'" in unformatted.stdout

    subprocess.run([sys.executable, "-m", "deckwright", "fmt"], cwd=repo, check=True, capture_output=True)
    formatted = _try_repo(repo, env, "deckwright-fmt")
    assert formatted.returncode == 0, formatted.stdout
