"""Writing outputs: every failure is one clean error naming the path (exit 2), the previous file is
intact, no partial file is left under the final name and no temporary file is left beside it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from deckwright.output import OutputError, write_atomic
from tests.hostile.conftest import dw


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.mark.parametrize("target", ["afile/proof.pdf", "folder.pdf", "missing/parent/../../afile/x.pdf"])
def test_proof_into_an_unwritable_place_is_a_clean_error(mini: Path, target: str) -> None:
    Path("afile").write_text("keep")
    Path("folder.pdf").mkdir()
    outcome = dw("proof", "mini", "--no-cache", "-o", target)
    assert outcome.exit_code == 2
    assert outcome.stderr.startswith("Error: cannot write ")
    assert "afile" in outcome.stderr or "folder.pdf" in outcome.stderr
    assert Path("afile").read_text() == "keep" and not any(Path("folder.pdf").iterdir())
    assert _leftovers(Path(".")) == []


@pytest.mark.parametrize("args", [
    ("proof", "mini", "-o", ""), ("sheets", "mini", "-o", ""), ("export", "mini", "--to", "json", "-o", " "),
    ("schema", "mini", "-o", ""), ("proof", "mini", "--gutter", "99999999999999999999mm"),
    ("proof", "mini", "--bleed", "1e400mm"), ("check", "mini", "--budget", "nan"), ("check", "mini", "--budget", "inf"),
])
def test_bad_option_values_are_usage_errors(mini: Path, args: tuple[str, ...]) -> None:
    outcome = dw(*args)
    assert outcome.exit_code == 2, outcome.stdout + outcome.stderr
    assert "Error:" in outcome.stderr
    assert not Path("mini/proof.pdf").exists() and not list(Path(".").glob("*.pdf"))


def test_schema_export_onto_a_file_is_a_clean_error(mini: Path) -> None:
    Path(".deckwright").write_text("not a folder")
    outcome = dw("schema", "mini")
    assert outcome.exit_code == 2
    assert outcome.stderr.startswith("Error: cannot write ") and "/.deckwright/schemas/" in outcome.stderr


def test_new_files_follow_the_umask_and_replaced_files_keep_their_mode(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.txt", "x")
    finally:
        os.umask(old)
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o640
    os.chmod(tmp_path / "new.txt", 0o604)
    write_atomic(tmp_path / "new.txt", "y")
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o604


def test_write_error_names_the_path_and_leaves_no_temporary(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("keep")
    with pytest.raises(OutputError, match=r"cannot write .*file/x\.pdf: .*not a folder"):
        write_atomic(tmp_path / "file" / "x.pdf", b"data")
    with pytest.raises(OutputError, match="it is a folder"):
        write_atomic(tmp_path, b"data")
    assert (tmp_path / "file").read_text() == "keep" and _leftovers(tmp_path) == []


_FULL_DISK = """
import resource, signal, sys
from pathlib import Path
from deckwright.output import OutputError, write_atomic
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))
try:
    write_atomic(Path(sys.argv[1]), b"n" * 5000)
except OutputError as exc:
    print(exc)
"""


def test_full_disk_keeps_the_previous_file(tmp_path: Path) -> None:
    target = tmp_path / "proof.pdf"
    target.write_bytes(b"old proof")
    done = subprocess.run([sys.executable, "-c", _FULL_DISK, str(target)], capture_output=True, text=True, timeout=60)
    assert done.stdout.startswith(f"cannot write {target}: "), done.stdout + done.stderr
    assert target.read_bytes() == b"old proof" and _leftovers(tmp_path) == []


def test_unreachable_scheduler_fails_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    from deckwright.engine import parallel
    from deckwright.errors import DeckwrightError

    monkeypatch.setattr(parallel, "SCHEDULER_TIMEOUT", 1)
    with pytest.raises(DeckwrightError, match=r"cannot reach the Dask scheduler at tcp://127\.0\.0\.1:1"):
        with parallel.executor(scheduler="tcp://127.0.0.1:1"):
            pass



@pytest.mark.parametrize("option, target", [("--record", "afile/game.log"), ("--plot", "afile/h.svg"),
                                            ("--record", "folder"), ("--plot", "folder.png")])
def test_simulate_outputs_into_an_unwritable_place_are_clean_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     option: str, target: str) -> None:
    from tests.conftest import ADVENTURE_LAND

    monkeypatch.chdir(tmp_path)
    Path("afile").write_text("keep")
    Path("folder").mkdir()
    Path("folder.png").mkdir()
    outcome = dw("simulate", str(ADVENTURE_LAND), "--scenario", "the-fellowship", "--players", "3", "--runs", "2",
                 option, target)
    assert outcome.exit_code == 2 and target.split("/")[0] in outcome.stderr, outcome.stderr
    assert Path("afile").read_text() == "keep" and _leftovers(tmp_path) == []
