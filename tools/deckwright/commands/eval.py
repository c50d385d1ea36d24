"""`deckwright eval PACK EXPR`: the value of a claim-language expression over a pack, as text or JSON.

A designer sees a computed table (dice odds, deck composition, a probe's answer) without writing a
claim that fails on purpose. The expression is parsed by the claim language, never passed to Python.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click


@click.command(name="eval")
@click.argument("pack", type=click.Path(exists=True, file_okay=False))
@click.argument("expression")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Output format.")
def evaluate(pack: str, expression: str, fmt: str) -> None:
    """Print the value of EXPRESSION (facts, content functions, probes) over PACK."""
    from deckwright.errors import DeckwrightError
    from deckwright.model import load_pack
    from deckwright.report.text import echo
    from deckwright.rules.claims import evaluate_expression
    from deckwright.rules.evaluate import ClaimError
    from deckwright.rules.syntax import ClaimSyntaxError

    loaded = load_pack(Path(pack), pack)
    if loaded.pack is None:
        raise DeckwrightError(f"{pack}: the pack cannot be loaded (run deckwright lint {pack})")
    try:
        result = evaluate_expression(loaded.pack, expression)
    except ClaimSyntaxError as exc:
        echo(f"{expression}\n{' ' * exc.offset}^\nError: the expression does not parse: {exc}", err=True)
        raise SystemExit(1) from None
    except ClaimError as exc:
        echo(f"Error: {exc}" + (f"\nhint: {exc.hint}" if exc.hint else ""), err=True)
        raise SystemExit(1) from None
    if fmt == "json":
        click.echo(json.dumps({"version": 1, "pack": loaded.pack.id, "expression": expression, "value": result.value,
                               "facts": list(result.facts)}, indent=2, ensure_ascii=False, default=str))
    else:
        echo(as_text(result.value))


def as_text(value: Any) -> str:
    """Words and numbers as they are; lists and mappings as indented JSON (a readable table)."""
    if isinstance(value, str):
        return value
    if isinstance(value, (list, dict)):
        return json.dumps(value, indent=2, ensure_ascii=False, default=str)
    return json.dumps(value)


# The CLI finds a command by its name in its module (this shadows the builtin, which deckwright never calls).
eval = evaluate  # noqa: A001
