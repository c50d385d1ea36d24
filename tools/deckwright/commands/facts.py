"""`deckwright facts`: every fact of a pack with its value, the clauses that state it, and its readers."""

from __future__ import annotations

import io
import json
import sys
from typing import Any, TextIO

import click

from deckwright.commands.options import load_options, no_cache_option


@click.command()
@click.argument("packs", nargs=-1, type=click.Path(file_okay=True, dir_okay=True))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Output format.")
@no_cache_option
def facts(packs: tuple[str, ...], fmt: str, no_cache: bool) -> None:
    """List every fact: value, clauses (with citations) and readers (engine, probe:NAME, claim:ID, content, sheet).

    Readers are found by compiling the engine's tables and evaluating the claims (with their probes)."""
    from deckwright.model import load_pack
    from deckwright.runs.targets import find_packs
    from deckwright.rules.consumption import listing, survey

    listed: list[dict[str, Any]] = []
    for target in find_packs(packs):
        loaded = load_pack(target.folder, target.display, load_options(no_cache, None))
        if loaded.pack is None:
            raise click.ClickException(f"{target.display}: the pack does not load; run `deckwright lint` on it")
        listed.append(listing(loaded.pack, survey(loaded.pack)))
    if fmt == "json":
        json.dump({"version": 1, "packs": listed}, sys.stdout, indent=2, ensure_ascii=False, default=repr)
        sys.stdout.write("\n")
    else:
        from deckwright.report.text import neutral_lines

        text = io.StringIO()
        write_text(listed, text)
        sys.stdout.write(neutral_lines(text.getvalue()))


def write_text(listed: list[dict[str, Any]], out: TextIO) -> None:
    """One block per fact: name = value, its readers, then each clause stating it with its citations."""
    for pack in listed:
        out.write(f"{pack['pack']}\n")
        for fact in pack["facts"]:
            readers = ", ".join(fact["readers"]) or "NOTHING"
            out.write(f"  {fact['name']} = {json.dumps(fact['value'], ensure_ascii=False)}\n"
                      f"      read by: {readers}\n")
            for clause in fact["clauses"]:
                cited = ", ".join(f"{c['doc']}:{c['line']}" for c in clause["sources"])
                assumed = " (assumed)" if clause.get("assumed") else ""
                out.write(f"      stated by {clause['clause']}{assumed} at {clause['file']}:{clause['line']}"
                          f"{'; cites ' + cited if cited else ''}\n")
        summary = pack["summary"]
        total = summary["total"] or 1
        out.write(f"  {summary['total']} facts; " + ", ".join(
            f"{name} {n} ({n / total:.0%})" for name, n in summary.items() if name != "total") + "\n")
