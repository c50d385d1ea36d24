"""The example packs of the YAML engine, loaded as shipped or copied and edited into broken variants."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from deckwright.model import load_pack
from deckwright.model.pack import Pack

EXAMPLES = Path(__file__).resolve().parents[3] / "content" / "examples"
NAMES = ("harbor-market", "lantern-dive", "tide-pools", "reef-race")


def shipped(name: str) -> Pack:
    loaded = load_pack(EXAMPLES / name, f"content/examples/{name}").pack
    assert loaded is not None
    return loaded


@pytest.fixture(scope="session")
def harbor() -> Pack:
    return shipped("harbor-market")


@pytest.fixture(scope="session")
def lantern() -> Pack:
    return shipped("lantern-dive")


@pytest.fixture(scope="session")
def tide() -> Pack:
    return shipped("tide-pools")


@pytest.fixture(scope="session")
def reef() -> Pack:
    return shipped("reef-race")


Variant = Callable[..., Path]


@pytest.fixture
def variant(tmp_path: Path) -> Variant:
    """A copy of an example pack with text replaced in its files: variant(name, {file: [(old, new), ...]})."""

    def make(name: str, edits: dict[str, list[tuple[str, str]]]) -> Path:
        folder = tmp_path / name
        shutil.copytree(EXAMPLES / name, folder)
        for relpath, replacements in edits.items():
            path = folder / relpath
            text = path.read_text(encoding="utf-8")
            for old, new in replacements:
                assert old in text, (relpath, old)
                text = text.replace(old, new)
            path.write_text(text, encoding="utf-8")
        return folder

    return make
