"""Every diagnostic code deckwright can emit, for `deckwright explain` and the reporters."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from importlib import import_module
from importlib.util import find_spec

from deckwright.diagnostic import Code, by_code

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


def _stage_codes() -> Iterator[tuple[Code, ...]]:
    """The CODES of each stage module that exists, importing one after the other."""
    for module in STAGE_CODE_MODULES:
        if find_spec(module.rpartition(".")[0]) is None or find_spec(module) is None:
            continue
        yield import_module(module).CODES


@cache
def all_codes() -> dict[str, Code]:
    """Codes of the core stages and of every installed game, by code."""
    from deckwright.plugin import load_games  # entry points are read only when a game's codes are needed

    codes: list[Code] = [code for stage in _stage_codes() for code in stage]
    for game in load_games().values():
        codes.extend(game.codes)
    return dict(sorted(by_code(codes).items()))


def lookup(code: str, game: str | None = None) -> Code | None:
    """The code of that name (any case). Stages are imported in data-flow order until one defines it, and
    games only when none does: `deckwright explain DW101` imports neither the renderer nor any game. `game`,
    an installed game's name (the pack's engine), is looked through before every game is imported."""
    wanted = code.upper()
    if all_codes.cache_info().currsize:
        return all_codes().get(wanted)
    for stage in _stage_codes():
        for known in stage:
            if known.code == wanted:
                return known
    if game is not None:
        from deckwright.errors import DeckwrightError
        from deckwright.plugin import load_game

        try:
            found = by_code(load_game(game).codes).get(wanted)
        except DeckwrightError:
            found = None
        if found is not None:
            return found
    return all_codes().get(wanted)
