"""Every diagnostic code deckwright can emit, for `deckwright explain` and the reporters."""

from __future__ import annotations

from functools import cache
from importlib import import_module
from importlib.util import find_spec

from deckwright.diagnostic import Code, by_code
from deckwright.plugin import load_games

# Stage modules that define a CODES tuple, in the order of the data flow. A stage that is not
# built yet is skipped; every listed one that exists must import.
STAGE_CODE_MODULES = (
    "deckwright.loading.codes",
    "deckwright.schema.codes",
    "deckwright.model.codes",
    "deckwright.lint.codes",
    "deckwright.rules.codes",
    "deckwright.engine.codes",
    "deckwright.render.codes",
    "deckwright.sheets.codes",
    "deckwright.export.codes",
    "deckwright.authoring.codes",
)


@cache
def all_codes() -> dict[str, Code]:
    """Codes of the core stages and of every installed game, by code."""
    codes: list[Code] = []
    for module in STAGE_CODE_MODULES:
        if find_spec(module.rpartition(".")[0]) is None or find_spec(module) is None:
            continue
        codes.extend(import_module(module).CODES)
    for game in load_games().values():
        codes.extend(game.codes)
    return dict(sorted(by_code(codes).items()))


def lookup(code: str) -> Code | None:
    return all_codes().get(code.upper())
