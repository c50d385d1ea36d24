"""A pack's check freezes what it holds before each stage (the collector then walks only what the stage
makes) and unfreezes it all at the end: a process that checks pack after pack keeps nothing frozen."""

from __future__ import annotations

import gc

from deckwright.diagnostic import Diagnostic
from deckwright.model import Pack, load_pack
from deckwright.runs.check import PACK_CHECKS, CheckContext, PackCheck, check_findings
from tests.conftest import ROOT


def test_each_stage_starts_frozen_and_nothing_stays_frozen() -> None:
    frozen: list[int] = []

    def noting(stage: PackCheck) -> PackCheck:
        def noted(pack: Pack, context: CheckContext) -> list[Diagnostic]:
            frozen.append(gc.get_freeze_count())
            return list(stage(pack, context))
        return noted

    loaded = load_pack(ROOT / "content" / "examples" / "reef-race", "reef-race")
    assert loaded.pack is not None
    done = check_findings(loaded.pack, loaded, CheckContext(workers=1, runs=3), [noting(s) for s in PACK_CHECKS])
    assert done.diagnostics
    assert len(frozen) == len(PACK_CHECKS) and all(frozen)
    assert gc.get_freeze_count() == 0
