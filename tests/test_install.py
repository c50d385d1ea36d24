"""A studio's own repository can `pip install` deckwright and lint its pack: the core schemas
travel inside the package. Installs into a fresh virtual environment outside the checkout."""

from __future__ import annotations

import shutil
import subprocess
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("install")
    env_dir = home / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    pip = [str(env_dir / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    source = home / "source"  # a copy, so that the build leaves nothing behind in the checkout
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".git", ".venv*", "build", "*.egg-info", "__pycache__",
                                                                  ".deckwright*", "content", "tests", "bench"))
    done = subprocess.run([*pip, str(source)], capture_output=True, text=True)
    if done.returncode != 0 and "Could not find a version" in done.stderr + done.stdout:
        pytest.skip(f"no package index reachable for the dependencies: {done.stderr[-300:]}")
    assert done.returncode == 0, done.stderr[-3000:]
    return env_dir / "bin" / "deckwright"


def test_installed_package_lints_a_copied_pack(installed: Path, tmp_path: Path) -> None:
    game = tmp_path / "my-game-repo"
    shutil.copytree(ROOT / "content" / "adventure-land", game / "content" / "adventure-land")
    shutil.copytree(ROOT / "schemas" / "adventure-land", game / "schemas" / "adventure-land")
    done = subprocess.run([str(installed), "lint", "--no-cache"], cwd=game, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 errors" in done.stdout


def test_installed_package_reports_a_broken_copy(installed: Path, tmp_path: Path) -> None:
    game = tmp_path / "broken"
    shutil.copytree(ROOT / "tests" / "cases" / "base", game / "pack")
    cards = game / "pack" / "cards" / "items.yaml"
    cards.write_text(cards.read_text().replace("price: 1", "price: one"))
    done = subprocess.run([str(installed), "lint", "--format", "github", "pack"], cwd=game,
                          capture_output=True, text=True)
    assert done.returncode == 1
    assert "::error file=pack/cards/items.yaml,line=8" in done.stdout


def test_core_schemas_are_package_data(installed: Path) -> None:
    python = installed.parent / "python"
    code = "import importlib.resources as r; print(sorted(p.name for p in r.files('deckwright').joinpath('schemas/core').iterdir()))"
    out = subprocess.run([str(python), "-c", code], capture_output=True, text=True)
    assert "entity.schema.json" in out.stdout and "pack.schema.json" in out.stdout
