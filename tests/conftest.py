from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.model import load_pack
from deckwright.model.pack import Pack

ROOT = Path(__file__).resolve().parents[1]
ADVENTURE_LAND = ROOT / "content" / "adventure-land"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--refresh-golden", action="store_true", help="Rewrite golden playouts instead of comparing.")


@pytest.fixture(scope="session")
def al_pack() -> Pack:
    pack = load_pack(ADVENTURE_LAND, "content/adventure-land").pack
    assert pack is not None
    return pack
