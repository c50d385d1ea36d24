"""The check's playouts are cached by content, engine code, seed and runs; sheets and build reuse them (#20)."""

from __future__ import annotations

import json
import os
import shutil
import time
from fractions import Fraction
from pathlib import Path

import pytest

from deckwright import runs
from deckwright.cachefolder import STALE_DAYS
from deckwright.diagnostic import Citation, Diagnostic, Related, Severity
from deckwright.model import load_pack
from deckwright.rules.readers import ENGINE, note_read, reading_as, recording
from deckwright.runs.playouts import FOLDER, cached_playouts, kept_probes, playout_key
from tests.conftest import ROOT, run

HARBOR = ROOT / "content" / "examples" / "harbor-market"
FINDING = Diagnostic("DW501", Severity.WARNING, "a finding", "x/pack.yaml", 3, 4, "/a",
                     (Related("x/b.yaml", 1, 2, "there"),), (Citation("book", 12),), "a hint", subject="s")


@pytest.fixture
def harbor(workdir: Path) -> Path:
    shutil.copytree(HARBOR, workdir / "harbor")
    return workdir / "harbor"


class Player:
    """A stand-in for the playouts: counts its runs and reads one fact, as an engine would."""

    def __init__(self) -> None:
        self.plays = 0

    def __call__(self) -> list[Diagnostic]:
        self.plays += 1
        with reading_as(ENGINE):
            note_read("round-limit")
        return [FINDING]


def test_a_second_run_on_the_same_content_plays_nothing_and_keeps_the_facts_read(harbor: Path, tmp_path: Path) -> None:
    pack = load_pack(harbor, "harbor").pack
    assert pack is not None
    play = Player()
    for _ in range(2):
        with recording() as log:
            assert cached_playouts(pack, tmp_path / "cache", {"seed": 0, "runs": 5}, play) == [FINDING]
        assert log.of("round-limit") == [ENGINE]  # unread-fact checks see the playouts' reads either way
    assert play.plays == 1
    cached_playouts(pack, tmp_path / "cache", {"seed": 1, "runs": 5}, play)
    cached_playouts(pack, tmp_path / "cache", {"seed": 0, "runs": 6}, play)
    cached_playouts(pack, None, {"seed": 0, "runs": 5}, play)  # no cache folder: always played
    assert play.plays == 4


def test_the_key_follows_the_content(harbor: Path) -> None:
    before = load_pack(harbor, "harbor").pack
    (harbor / "pack.yaml").write_text((harbor / "pack.yaml").read_text() + "\n# a comment changes the bytes\n")
    after = load_pack(harbor, "harbor").pack
    assert before is not None and after is not None
    assert playout_key(before, {"seed": 0}) != playout_key(after, {"seed": 0})
    assert playout_key(after, {"seed": 0}) == playout_key(load_pack(harbor, "harbor").pack, {"seed": 0})  # type: ignore[arg-type]


@pytest.mark.parametrize("corrupt", [b"", b"\xff\xfe", b"[]", b'{"version": "3", "key": KEY, "reads": {}, "value": [{}]}',
                                     b'{"version": "3", "key": KEY, "reads": {}, "value": [{"code": "DW000"}]}',
                                     b'{"version": "3", "key": KEY, "reads": [], "value": []}',
                                     b'{"version": "3", "key": "another", "reads": {}, "value": []}'])
def test_a_corrupt_entry_is_ignored_and_rewritten(harbor: Path, tmp_path: Path, corrupt: bytes) -> None:
    pack = load_pack(harbor, "harbor").pack
    assert pack is not None
    play = Player()
    cached_playouts(pack, tmp_path, {"seed": 0}, play)
    (entry,) = (tmp_path / FOLDER).iterdir()
    entry.write_bytes(corrupt.replace(b"KEY", json.dumps(playout_key(pack, {"seed": 0})).encode()))
    assert cached_playouts(pack, tmp_path, {"seed": 0}, play) == [FINDING]
    assert play.plays == 2
    assert json.loads(entry.read_text())["value"][0]["code"] == "DW501"
    assert cached_playouts(pack, tmp_path, {"seed": 0}, play) == [FINDING] and play.plays == 2


def test_an_edited_pack_replaces_its_entry_and_stale_entries_are_removed(harbor: Path, tmp_path: Path) -> None:
    pack = load_pack(harbor, "harbor").pack
    assert pack is not None
    play = Player()
    cached_playouts(pack, tmp_path, {"seed": 0}, play)
    (entry,) = (tmp_path / FOLDER).iterdir()
    for edit in range(3):
        (harbor / "pack.yaml").write_text((harbor / "pack.yaml").read_text() + f"\n# edit {edit}\n")
        edited = load_pack(harbor, "harbor").pack
        assert edited is not None
        cached_playouts(edited, tmp_path, {"seed": 0}, play)
    assert [p.name for p in (tmp_path / FOLDER).iterdir()] == [entry.name]  # one slot per pack and question
    assert play.plays == 4
    month_ago = time.time() - (STALE_DAYS + 1) * 86_400
    os.utime(entry, (month_ago, month_ago))  # its pack was moved a month ago
    unknown = tmp_path / FOLDER / "notes.txt"
    unknown.write_text("a file this cache did not write")
    os.utime(unknown, (month_ago, month_ago))
    other = shutil.copytree(harbor, tmp_path / "moved")
    moved = load_pack(other, "harbor").pack
    assert moved is not None
    runs.playouts._pruned.clear()  # a new run
    cached_playouts(moved, tmp_path, {"seed": 0}, play)
    assert not entry.exists() and unknown.exists()


def test_sheets_and_build_after_check_play_nothing(harbor: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import deckwright.engine.check

    played: list[str] = []
    real = deckwright.engine.check.check_engine

    def counted(pack, **kwargs):  # type: ignore[no-untyped-def]
        played.append(pack.id)
        return real(pack, **kwargs)

    monkeypatch.setattr(deckwright.engine.check, "check_engine", counted)
    checked = run("check", "harbor", "--format", "json")
    assert len(played) == 1
    for args in (("sheets", "harbor"), ("build", "harbor"), ("check", "harbor")):
        assert run(*args, "--format", "json").exit_code == checked.exit_code
    assert len(played) == 1
    assert run("check", "harbor", "--format", "json").output == checked.output  # the same report from the cache
    run("check", "harbor", "--no-cache", "--format", "json")
    assert len(played) == 2
    for args in (("sheets", "harbor"), ("build", "harbor")):
        assert run(*args, "--no-playouts", "--no-cache").exit_code == 0
    assert len(played) == 2


class Asker:
    """A stand-in for a probe: counts its questions, reads one fact, answers `answer`."""

    def __init__(self, answer: object) -> None:
        self.asked = 0
        self.answer = answer

    def __call__(self) -> object:
        self.asked += 1
        with reading_as("probe:odds"):
            note_read("die.sides")
        return self.answer


def test_probe_answers_are_kept_with_the_facts_they_read(harbor: Path, tmp_path: Path) -> None:
    pack = load_pack(harbor, "harbor").pack
    assert pack is not None
    answer = {"z": [1, 2.5, None, True], "a": {"nested": "word"}}  # key order kept: it shows in messages
    ask = Asker(answer)
    through = kept_probes(pack, tmp_path)
    for _ in range(2):
        with recording() as log:
            got = through("odds", {"dice": 2}, ask)
        assert got == answer and list(got) == ["z", "a"]
        assert log.of("die.sides") == ["probe:odds"]
    assert ask.asked == 1
    through("odds", {"dice": 3}, ask)  # other parameters: another question
    kept_probes(pack, None)("odds", {"dice": 2}, ask)  # no cache folder: always asked
    assert ask.asked == 3


@pytest.mark.parametrize("answer", [(1, 2), {1: "int key"}, Fraction(1, 3), float("nan"), [{"a": (1,)}]])
def test_an_answer_json_would_change_is_asked_again(harbor: Path, tmp_path: Path, answer: object) -> None:
    pack = load_pack(harbor, "harbor").pack
    assert pack is not None
    ask = Asker(answer)
    through = kept_probes(pack, tmp_path)
    assert through("odds", {}, ask) is answer
    assert through("odds", {}, ask) is answer
    assert ask.asked == 2


def test_a_second_check_asks_no_probe(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from deckwright.rules.probes import Probes

    shutil.copytree(ROOT / "content" / "adventure-land", workdir / "al")
    asked: list[str] = []
    real = Probes._ask

    def counted(self: Probes, name: str, params: dict[str, object]) -> object:
        asked.append(name)  # the probes that play hundreds of games answer a word here, the rest as they would
        return real(self, name, params) if name in ("fight_outcome", "setup_feasible") else f"{name} answered"

    monkeypatch.setattr(Probes, "_ask", counted)
    first = run("check", "al", "--runs", "4", "--select", "DW4", "--format", "json")
    assert "fight_outcome" in asked
    count = len(asked)
    second = run("check", "al", "--runs", "4", "--select", "DW4", "--format", "json")
    assert len(asked) == count and second.output == first.output
