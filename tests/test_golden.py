"""The golden-file check never writes a missing golden: only --refresh-golden does (issue #12)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests.golden import check_golden


def _request(refresh: bool) -> Any:
    return SimpleNamespace(config=SimpleNamespace(getoption=lambda name: refresh and name == "--refresh-golden"))


def test_a_missing_golden_fails_and_is_not_written(tmp_path: Path) -> None:
    path = tmp_path / "game-2p-seed1.log"
    with pytest.raises(pytest.fail.Exception, match="--refresh-golden"):
        check_golden(_request(False), path, "a\nb\n")
    assert not path.exists()


def test_refresh_golden_writes_it_and_a_difference_fails(tmp_path: Path) -> None:
    path = tmp_path / "game-2p-seed1.log"
    check_golden(_request(True), path, "a\nb\n")
    assert path.read_text() == "a\nb\n"
    check_golden(_request(False), path, "a\nb\n")
    with pytest.raises(AssertionError):
        check_golden(_request(False), path, "a\nc\n")
    assert path.read_text() == "a\nb\n"

