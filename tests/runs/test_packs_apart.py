"""`check` of several packs runs each in a worker process of its own; the report is the one a single
process gives, in the order the packs were named, a pack that does not load included (#21)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from deckwright.runs import driver
from tests.conftest import ROOT, run


def _packs(workdir: Path) -> list[str]:
    for name in ("reef-race", "harbor-market"):
        shutil.copytree(ROOT / "content" / "examples" / name, workdir / name)
    broken = workdir / "broken"
    shutil.copytree(ROOT / "content" / "examples" / "reef-race", broken)
    (broken / "pack.yaml").write_text("name: [unclosed\n")
    return ["reef-race", "broken", "harbor-market"]


def test_packs_checked_apart_report_what_one_process_reports(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    packs = _packs(workdir)
    one = run("check", *packs, "--no-cache", "--workers", "1", "--runs", "4", "--format", "json")
    started: list[int] = []

    pool = driver.process_pool

    def counting(workers: int, packs: int) -> Any:
        started.append(workers)
        return pool(workers, packs)

    monkeypatch.setattr(driver, "process_pool", counting)
    two = run("check", *packs, "--no-cache", "--workers", "2", "--runs", "4", "--format", "json")
    assert started == [2]
    assert two.exit_code == one.exit_code == 1  # the broken manifest is an error
    assert two.output == one.output
    report = one.json()
    assert list(report["summary"]["titles"]) == packs
    files = [d["file"].split("/")[0] for d in report["diagnostics"]]
    assert "broken" in files and "reef-race" in files


def test_one_pack_is_checked_in_this_process(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _packs(workdir)

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("no worker process for a single pack")

    monkeypatch.setattr(driver, "process_pool", refuse)
    assert run("check", "reef-race", "--no-cache", "--workers", "2", "--runs", "4", "--format", "json").exit_code == 0


def _counted(pack: Any, loaded: Any) -> driver.Done[tuple[bool, int]]:
    """A job reporting whether its worker counts the run's packs, and how many were not yet done then."""
    from deckwright import cores

    return driver.Done(artefact=(cores._left is not None, cores._left.value if cores._left else 0))


def test_workers_count_the_packs_in_progress(workdir: Path) -> None:
    from deckwright.model import LoadOptions
    from deckwright.runs.targets import find_packs

    packs = _packs(workdir)
    prepared: list[bool] = []
    runs = driver.run_packs_apart(find_packs([p for p in packs if p != "broken"], workdir), LoadOptions(), _counted, 2,
                                  prepare=lambda: prepared.append(True))
    assert prepared == [True]
    assert [run.artefact is not None and run.artefact[0] for run in runs] == [True, True]
    assert all(run.artefact is not None and 1 <= run.artefact[1] <= 2 for run in runs)  # this pack, maybe the other


def test_a_pack_uses_the_cores_the_other_packs_leave() -> None:
    import multiprocessing

    from deckwright import cores

    counter = multiprocessing.get_context().Value("i", 3)  # this pack and two more, on two pack processes
    assert cores.spare(2) == 2  # outside a side-by-side run every core is the pack's
    cores.share(counter, 2)
    try:
        with cores.working():
            assert cores.spare(2) == 1 and cores.spare(4) == 3  # the other pack process is busy
            counter.value -= 1  # a pack done elsewhere: its process takes the last one, even between the two
            assert cores.spare(2) == 1
            counter.value -= 1  # the last other pack done: alone in the run
            assert cores.spare(2) == 2
        assert counter.value == 0
        cores.share(multiprocessing.get_context().Value("i", 5), 4)
        assert cores.spare(2) == 1  # never fewer than this process
    finally:
        cores.share(None)
