"""The shipped Agemonia pack, loaded once for the engine tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

AGEMONIA = Path(__file__).resolve().parents[3] / "content" / "agemonia"


@pytest.fixture(scope="session")
def agm_pack() -> Any:
    from deckwright.model import load_pack

    loaded = load_pack(AGEMONIA, "content/agemonia").pack
    assert loaded is not None
    return loaded
