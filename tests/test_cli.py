"""The command line as a user meets it: help for every command, exit statuses, explain."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from deckwright.cli import cli
from deckwright.codebook import all_codes
from tests.conftest import run


@pytest.mark.parametrize("name", cli.list_commands(None))  # type: ignore[arg-type]
def test_every_command_imports_and_has_help(name: str) -> None:
    result = run(name, "--help")
    assert result.exit_code == 0
    assert "Usage:" in result.output


def test_missing_pack_is_a_usage_error(workdir: Path) -> None:
    result = run("lint", "nowhere")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: nowhere: not a pack folder")


def test_no_packs_under_content_is_a_usage_error(workdir: Path) -> None:
    result = run("lint")
    assert result.exit_code == 2


def test_without_arguments_every_pack_under_content_is_linted(workdir: Path) -> None:
    from tests.conftest import make_pack

    (workdir / "content").mkdir()
    make_pack(workdir / "content", name="one")
    make_pack(workdir / "content", name="two")
    result = run("lint", "--format", "json")
    assert result.exit_code == 0
    assert result.json()["summary"]["packs"] == 2


def test_strict_fails_on_warnings(pack: Path) -> None:
    (pack / "notes.txt").write_text("todo")
    assert run("lint", "pack").exit_code == 0
    assert run("lint", "--strict", "pack").exit_code == 1


@pytest.mark.parametrize("code", sorted(all_codes()))
def test_every_code_is_explained(code: str) -> None:
    result = run("explain", code)
    assert result.exit_code == 0
    assert code in result.output and "How to fix:" in result.output


def test_explain_unknown_code(workdir: Path) -> None:
    assert run("explain", "DW999").exit_code == 2


def test_a_retired_code_is_still_explained_and_names_the_code_that_reports_its_findings() -> None:
    from deckwright.codebook import all_codes

    retired = {code: known.retired for code, known in all_codes().items() if known.retired}
    assert {"DW926": "DW502", "DW927": "DW511", "DW944": "DW511", "DW534": "DW502"}.items() <= retired.items()
    assert all(now in all_codes() and not all_codes()[now].retired for now in retired.values())
    result = run("explain", "DW944")
    assert result.exit_code == 0 and "Retired: deckwright no longer reports DW944; its findings are DW511" in result.output
    assert "(retired: now DW511)" in next(line for line in run("explain").output.splitlines() if line.startswith("DW927"))


# One name per concept across commands; old spellings are hidden aliases. Options of these names must
# read the same everywhere (help text, default); the others mean different things on different commands
# (`--type` filters on proof and names the new type on new, `--runs` counts playouts or games).
SHARED = ("--paper", "--bleed", "--backs", "--workers", "--sources", "--strict", "--no-cache", "--quiet")
OLD_SPELLINGS = ("--page", "--jobs", "--out", "--paper-size", "--output-dir", "--source", "--verbose")


def _options(name: str) -> list[click.Option]:
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    return [p for p in command.params if isinstance(p, click.Option)]


def test_every_option_has_help_and_old_spellings_are_hidden() -> None:
    for name in cli.list_commands(click.Context(cli)):
        for option in _options(name):
            if option.hidden:
                continue
            assert option.help, f"{name} {option.opts} has no help"
            assert not set(option.opts) & set(OLD_SPELLINGS), f"{name} shows the old spelling {option.opts}"
            if "--output" in option.opts:
                assert "-o" in option.opts, f"{name}: --output without -o"


def test_shared_options_read_the_same_on_every_command() -> None:
    seen: dict[str, tuple[str, object, str]] = {}
    for name in cli.list_commands(click.Context(cli)):
        for option in _options(name):
            long = next((o for o in option.opts if o.startswith("--")), "")
            if option.hidden or long not in SHARED or (name == "export" and long == "--bleed"):
                continue
            here = (str(option.help), option.default, name)
            first = seen.setdefault(long, here)
            assert (first[0], first[1]) == (here[0], here[1]), f"{long} differs between {first[2]} and {name}"
    assert {"--paper", "--bleed", "--backs", "--workers", "--sources"} <= set(seen)


def test_every_packs_command_offers_the_shared_report_options() -> None:
    for name in ("lint", "check", "proof", "sheets", "build", "fmt"):
        longs = {o for option in _options(name) for o in option.opts}
        assert {"--format", "--strict", "--no-cache", "--workers", "--quiet"} <= longs, name
    for name in ("proof", "build"):
        longs = {o for option in _options(name) for o in option.opts}
        assert {"-o", "--output", "--paper", "--bleed", "--backs"} <= longs, name


def test_the_old_page_spelling_still_works(workdir: Path) -> None:
    from tests.render.conftest import proof_pack

    proof_pack(workdir)
    assert run("proof", "pack", "--page", "letter").exit_code == 0
    assert "--page" not in run("proof", "--help").output


def test_simulate_help_says_which_options_are_required() -> None:
    help_text = " ".join(run("simulate", "--help").output.split())
    assert help_text.count("[required unless --replay]") == 2


def test_one_finding_is_counted_in_the_singular() -> None:
    import io

    from deckwright.diagnostic import Location, Report
    from deckwright.lint import codes as lint_codes
    from deckwright.report import REPORTERS

    code = next(c for c in vars(lint_codes).values() if getattr(c, "severity", None) is not None
                and getattr(c, "code", "").startswith("DW3") and c.severity.value == "error")
    report = Report.of([code.at(Location("a.yaml", 1, 1), "broken")])
    for fmt in ("github", "text"):
        out = io.StringIO()
        REPORTERS[fmt](out, color=False).emit(report)
        assert "1 error," in out.getvalue() and "1 errors" not in out.getvalue()


def test_a_quoted_line_number_is_told_to_be_a_number(pack: Path) -> None:
    monsters = pack / "cards" / "monsters.yaml"
    monsters.write_text(monsters.read_text().replace("line: 12}", 'line: "62"}'))
    found = run("lint", "pack", "--format", "json").json()["diagnostics"]
    quoted = [d for d in found if d["pointer"].endswith("/source/0/line")]
    assert quoted and quoted[0]["hint"] == "write a number: 62 without quotes"
