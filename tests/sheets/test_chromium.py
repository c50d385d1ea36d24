"""The HTML sheets as a browser shows them: headless Chromium renders them, with their headings.

Needs Debian's `chromium` (.ci/run installs it); without it the test skips and says so.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.sheets.conftest import Outline

CHROMIUM = next((shutil.which(name) for name in ("chromium", "chromium-browser") if shutil.which(name)), None)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium); "
                                                          "the browser rendering of the sheets was not checked")


def chromium(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    profile = cwd / "chromium-profile"
    return subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120, check=False)


@pytest.mark.parametrize(("sheet", "headings"), [
    ("rules", [("h1", "Rules summary"), ("h2", "Playing the game")]),
    ("glossary", [("h1", "Glossary"), ("h2", "Icons"), ("h2", "Conditions")]),
    ("scenarios", [("h1", "Scenario sheets"), ("h2", "Night Raid"), ("h3", "Winning")]),
])
def test_chromium_renders_the_sheet_with_its_headings(built: Path, sheet: str, headings: list[tuple[str, str]],
                                                     tmp_path: Path) -> None:
    url = (built / f"{sheet}.html").resolve().as_uri()
    shot = tmp_path / f"{sheet}.png"
    taken = chromium(f"--screenshot={shot}", "--window-size=1000,1400", "--hide-scrollbars", url, cwd=tmp_path)
    assert shot.is_file() and shot.read_bytes().startswith(PNG_MAGIC), taken.stderr[-2000:]
    dumped = chromium("--dump-dom", url, cwd=tmp_path)
    assert dumped.returncode == 0, dumped.stderr[-2000:]
    found = [(tag, " ".join(text.split())) for tag, text in Outline(dumped.stdout).headings]
    for tag, text in headings:
        assert any(t == tag and h.startswith(text) for t, h in found), (tag, text, found)
    assert "<script" not in dumped.stdout
