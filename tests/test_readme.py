"""The README's "What deckwright found" sections are `deckwright check --format markdown` of the
shipped packs, so they cannot drift from what check reports."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from deckwright.diagnostic import Diagnostic, Severity
from deckwright.runs.targets import PackTarget
from deckwright.report.markdown import MarkdownReporter, mechanism
from deckwright.runs.check import run_check

ROOT = Path(__file__).parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
PACKS = ("adventure-land", "agemonia", "silver-coin")
BEGIN, END = "<!-- findings:", "<!-- end of findings -->"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks (../shared/seeds) are not beside the checkout")
def test_readme_findings_are_what_check_reports() -> None:
    report = run_check([PackTarget(ROOT / "content" / name, f"content/{name}") for name in PACKS], sources_dir=SEEDS)
    out = io.StringIO()
    MarkdownReporter(out).emit(report)
    readme = (ROOT / "README.md").read_text()
    block = readme[readme.index(BEGIN):readme.index(END)]
    written = block[block.index("\n") + 1:]
    assert written.rstrip("\n") == out.getvalue().rstrip("\n"), ("README findings are out of date: regenerate them with `deckwright check "
                                       "content/adventure-land content/agemonia content/silver-coin --sources "
                                       "../shared/seeds --format markdown`")


def test_each_finding_names_its_mechanism() -> None:
    def finding(code: str, message: str = "") -> Diagnostic:
        return Diagnostic(code, Severity.ERROR, message)

    assert [mechanism(d) for d in (finding("DW400"), finding("DW322"), finding("DW401", "a == b is false"),
                                   finding("DW401", "probe('x')['y'] (1) < 0 is false"), finding("DW503"))] == [
        "fact collision", "count", "claim", "probe", "playout"]
