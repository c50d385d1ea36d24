"""`deckwright check` as a user runs it: formats, exit status, --strict, and documented codes."""

from __future__ import annotations

from pathlib import Path

from deckwright.rules.codes import CODES
from tests.conftest import run
from tests.rules.packs import write_pack

WARNING_ONLY = {"01-play.yaml": """\
    section: play
    title: Play
    clauses:
      - id: end
        summary: The game ends with the deck.
        source: [{doc: book, line: 5}]
        claims:
          - {id: soon, severity: warning, expr: "printed('main') < 3"}
    """}


def test_warnings_pass_unless_strict(workdir: Path) -> None:
    write_pack(workdir, WARNING_ONLY)
    assert run("check", "tiny").exit_code == 0
    assert run("check", "tiny", "--strict").exit_code == 1


def test_github_format_annotates_the_claim(workdir: Path) -> None:
    write_pack(workdir, WARNING_ONLY)
    output = run("check", "tiny", "--format", "github").output
    assert output.splitlines()[0].startswith("::warning file=tiny/rules/01-play.yaml,line=8,col=")
    assert "claim 'soon' of clause 'end' does not hold: printed('main') (3) < 3 is false" in output


def test_accepted_findings_show_their_reason_in_text(workdir: Path) -> None:
    write_pack(workdir, WARNING_ONLY, manifest_extra="""\
        acknowledged:
          - {code: DW401, subject: soon, values: "afef2ef32dcb", reason: We know.}
        """)
    result = run("check", "tiny", "--strict")
    assert "accepted: We know." in result.output
    assert result.exit_code == 0


def test_every_rules_code_is_explained() -> None:
    for code in CODES:
        result = run("explain", code.code)
        assert result.exit_code == 0 and code.summary in result.output


def test_playouts_wait_until_the_pack_has_no_errors(workdir):
    import shutil
    from pathlib import Path

    from tests.conftest import run

    root = Path(__file__).resolve().parents[2]
    shutil.copytree(root / "content" / "adventure-land", workdir / "content" / "adventure-land")
    shutil.copytree(root / "schemas" / "adventure-land", workdir / "schemas" / "adventure-land")
    tiles = workdir / "content" / "adventure-land" / "tiles" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("strength: ", "strength: [", 1))
    result = run("check", "--format", "json", "--runs", "2", "content/adventure-land")
    assert result.exit_code == 1
    codes = [d["code"] for d in result.json()["diagnostics"]]
    assert "DW101" in codes and "DW510" in codes
    assert not any(code in codes for code in ("DW501", "DW503", "DW507"))
