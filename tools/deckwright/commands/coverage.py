"""`deckwright coverage`: which lines of each cited book the clauses cite, by section."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from deckwright.commands.options import load_options, sources_option


@click.command()
@click.argument("packs", nargs=-1, type=click.Path(file_okay=True, dir_okay=True))
@sources_option
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text", show_default=True,
              help="Output format; html is written to build/<pack>/coverage.html (or -o).")
@click.option("-o", "--output", type=click.Path(path_type=Path), default=None,
              help="HTML file to write (one pack), or folder for several.")
def coverage(packs: tuple[str, ...], sources: Path | None, fmt: str, output: Path | None) -> None:
    """List the lines of each cited book that no clause cites, grouped by section, with the share covered.

    Lines marked `not_rules` in pack.yaml are shown with their reason and left out of the share."""
    from deckwright.model import load_pack
    from deckwright.runs.targets import find_packs
    from deckwright.output import write_atomic
    from deckwright.rules.coverage_report import PackCoverage, html, pack_coverage, write_text

    reports: list[PackCoverage] = []
    targets = find_packs(packs)
    for target in targets:
        loaded = load_pack(target.folder, target.display, load_options(False, None))
        if loaded.pack is None:
            raise click.ClickException(f"{target.display}: the pack does not load; run `deckwright lint` on it")
        reports.append(pack_coverage(loaded.pack, sources))
    if fmt == "json":
        listed: list[dict[str, Any]] = [r.as_json() for r in reports]
        json.dump({"version": 1, "packs": listed}, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    elif fmt == "html":
        for report in reports:
            path = _html_path(output, report.pack, len(reports))
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, html(report))
            click.echo(str(path))
    else:
        write_text(reports, sys.stdout)


def _html_path(output: Path | None, pack: str, count: int) -> Path:
    if output is None:
        return Path("build") / pack / "coverage.html"
    return output / f"{pack}-coverage.html" if count > 1 or output.is_dir() else output
