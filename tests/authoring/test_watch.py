"""`deckwright watch`: a save is noticed, the pack re-linted, and only the changed findings reported."""

from __future__ import annotations

import io
import queue
import threading
from pathlib import Path

from deckwright.authoring.watch import Linted, watch_packs
from deckwright.commands.watch import print_change
from deckwright.lint import PackTarget
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
