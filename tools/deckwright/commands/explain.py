"""`deckwright explain CODE`: what a diagnostic code means and how to fix it."""

from __future__ import annotations

import click

from deckwright.codebook import all_codes, lookup
from deckwright.errors import UnknownCode


@click.command()
@click.argument("code", required=False)
def explain(code: str | None) -> None:
    """Explain a diagnostic code (or list every code)."""
    if code is None:
        for known in all_codes().values():
            retired = f" (retired: now {known.retired})" if known.retired else ""
            click.echo(f"{known.code}  {known.name:<28} {known.summary}{retired}")
        return
    found = lookup(code)
    if found is None:
        raise UnknownCode(f"no diagnostic code {code}; `deckwright explain` lists them all")
    retired = (f"\n\nRetired: deckwright no longer reports {found.code}; its findings are {found.retired} "
               f"(`deckwright explain {found.retired}`). An acknowledgement of {found.code} is stale: accept the "
               f"{found.retired} finding instead." if found.retired else "")
    click.echo(f"{found.code} {found.name} ({found.severity.value})\n\n{found.summary}\n\n"
               f"{found.explanation}\n\nHow to fix: {found.fix}{retired}")
