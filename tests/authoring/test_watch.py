"""`deckwright watch`: a save is noticed, the pack re-linted, and only the changed findings reported."""

from __future__ import annotations

import io
import queue
import threading
from pathlib import Path

from deckwright.runs.watch import Linted, watch_packs
from deckwright.commands.watch import print_change
from deckwright.runs.targets import PackTarget
from deckwright.model import LoadOptions

# Generous bound for a notification to arrive; the test fails (rather than hangs) past it.
PATIENCE_S = 30


def test_watch_relints_on_save_and_reports_only_the_new_finding(pack: Path) -> None:
    events: queue.Queue[Linted] = queue.Queue()
    stop = threading.Event()
    target = PackTarget(pack, "mini")

    def run() -> None:
        for linted in watch_packs([target], LoadOptions(), stop):
            events.put(linted)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        first = events.get(timeout=PATIENCE_S)
        assert first.first and first.report.errors == 0, first.report
        cards = pack / "cards" / "cards.yaml"
        cards.write_text(cards.read_text().replace("suit: moon", "suit: mooon"))
        changed = events.get(timeout=PATIENCE_S)
        while not changed.changed:  # an editor may save in two steps
            changed = events.get(timeout=PATIENCE_S)
        assert [(d.file, d.pointer) for d in changed.added] == [("mini/cards/cards.yaml", "/1/suit")]
        assert changed.fixed == ()
        out = io.StringIO()
        print_change(changed, out)
        lines = out.getvalue().splitlines()
        assert lines[0].startswith("+ mini/cards/cards.yaml:") and "mooon" in lines[0]
        assert lines[-1] == "mini: 1 error, 1 warning"  # the warning: 1:30 is not quoted yet

        cards.write_text(cards.read_text().replace("suit: mooon", "suit: moon"))
        fixed = events.get(timeout=PATIENCE_S)
        while not fixed.changed:
            fixed = events.get(timeout=PATIENCE_S)
        assert fixed.added == () and len(fixed.fixed) == 1
    finally:
        stop.set()
        thread.join(timeout=PATIENCE_S)
    assert not thread.is_alive()


def test_renders_run_in_the_background_and_a_newer_save_cancels_the_stale_one(pack: Path, run, tmp_path: Path) -> None:
    from deckwright.runs.watch import lint_target
    from deckwright.commands.watch import Renders

    linted = lint_target(PackTarget(pack, "mini"), LoadOptions(), None)
    assert linted.pack is not None  # the render reuses the pack the lint loaded
    out = io.StringIO()
    renders = Renders(None, out)
    renders.start(linted)
    renders.start(linted)  # saved again while the first render runs
    renders.wait(PATIENCE_S)
    assert out.getvalue() == "mini: render cancelled (a newer save is being rendered)\n"
    assert (tmp_path / "build" / "mini" / "proof.pdf").is_file()


def test_ctrl_c_ends_watch_quietly_with_status_0(pack: Path, tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys

    env = {**os.environ, "DECKWRIGHT_CACHE": str(tmp_path / ".cache")}
    child = subprocess.Popen([sys.executable, "-m", "deckwright", "watch", "mini", "--no-render"], cwd=tmp_path,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout is not None
        first = child.stdout.readline()
        assert first.startswith("mini: 0 errors")
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=PATIENCE_S)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, err
    assert "Aborted" not in out + err and "Traceback" not in err


def test_each_save_loads_the_pack_once_and_renders_reuse_that_load(pack: Path, tmp_path: Path,
                                                                   monkeypatch) -> None:
    import deckwright.runs.driver
    import deckwright.runs.watch
    from deckwright.commands.watch import render_pack
    from deckwright.model import load_pack

    loads: list[str] = []

    def counted(folder: Path, display: str, options: LoadOptions = LoadOptions()):
        loads.append(display)
        return load_pack(folder, display, options)

    def refused(*_args, **_kwargs):
        raise AssertionError("a run loaded the pack again")

    monkeypatch.setattr(deckwright.runs.watch, "load_pack", counted)
    monkeypatch.setattr(deckwright.runs.driver, "load_pack", refused)
    events: queue.Queue[Linted] = queue.Queue()
    stop = threading.Event()

    def run() -> None:
        for linted in watch_packs([PackTarget(pack, "mini")], LoadOptions(), stop):
            events.put(linted)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        first = events.get(timeout=PATIENCE_S)
        loads.clear()
        cards = pack / "cards" / "cards.yaml"
        cards.write_text(cards.read_text().replace("suit: moon", "suit: mooon"))
        linted = [events.get(timeout=PATIENCE_S)]
        while not linted[-1].changed:  # an editor may save in two steps: one load each
            linted.append(events.get(timeout=PATIENCE_S))
        assert loads == ["mini"] * len(linted)
    finally:
        stop.set()
        thread.join(timeout=PATIENCE_S)
    assert first.loading is not None
    monkeypatch.chdir(tmp_path)
    render_pack(linted[-1], None)  # in this process: the proof and sheets runs take the load watch made
    assert loads == ["mini"] * len(linted)
    assert (tmp_path / "build" / "mini" / "sheets" / "index.html").is_file()
