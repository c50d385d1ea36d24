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
            click.echo(f"{known.code}  {known.name:<28} {known.summary}")
        return
    found = lookup(code)
    if found is None:
        raise UnknownCode(f"no diagnostic code {code}; `deckwright explain` lists them all")
    click.echo(f"{found.code} {found.name} ({found.severity.value})\n\n{found.summary}\n\n"
               f"{found.explanation}\n\nHow to fix: {found.fix}")
