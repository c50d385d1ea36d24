"""The example packs lint clean, are played by `check`, and their acknowledged flaws are found."""

from __future__ import annotations

import pytest

from deckwright.diagnostic import Severity
from deckwright.runs.targets import PackTarget
from deckwright.runs.targets import find_packs
from deckwright.runs.check import CheckContext, run_check
from tests.conftest import run
from tests.engine.described.conftest import EXAMPLES, NAMES

FLAWS = {"harbor-market": ("DW535", "royal-charter"), "lantern-dive": ("DW502", "jackpot"),
         "tide-pools": ("DW502", "rainbow"), "reef-race": ("DW528", "track 'fame'")}


@pytest.mark.parametrize("name", NAMES)
def test_example_lints_clean(name, workdir):
    result = run("lint", str(EXAMPLES / name), "--strict")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("name", NAMES)
def test_check_plays_the_example_and_finds_its_acknowledged_flaw(name):
    report = run_check([PackTarget(EXAMPLES / name, name)], context=CheckContext(runs=8))
    errors = [d for d in report.diagnostics if d.severity is Severity.ERROR and not d.accepted]
    assert errors == []
    code, subject = FLAWS[name]
    flaw = [d for d in report.diagnostics if d.code == code and subject in d.message]
    assert flaw and all(d.accepted for d in flaw), [d.message for d in report.diagnostics]


def test_example_packs_are_found_under_content_examples_and_the_folder_is_not_a_pack():
    displays = [t.display for t in find_packs([], cwd=EXAMPLES.parent.parent)]
    assert {f"content/examples/{n}" for n in NAMES} <= set(displays)
    assert "content/examples" not in displays


def test_packs_in_a_group_folder_are_linted_and_a_pack_inside_a_pack_is_not(workdir):
    from tests.conftest import make_pack

    (workdir / "content" / "examples").mkdir(parents=True)
    make_pack(workdir / "content", name="one")
    make_pack(workdir / "content" / "examples", name="two")
    make_pack(workdir / "content" / "one", name="inner")
    displays = [t.display for t in find_packs([], cwd=workdir)]
    assert displays == ["content/examples/two", "content/one"]
    assert run("lint", "--format", "json").json()["summary"]["packs"] == 2
