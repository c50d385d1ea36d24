"""The import boundary of the plug-in contract: a game imports deckwright only from `deckwright.gamekit`
(and its own package), and nothing in the core imports `deckwright.gamekit` back."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import deckwright
from deckwright import gamekit

PACKAGE = Path(deckwright.__file__).parent
GAMES = PACKAGE / "games"
PUBLIC = "deckwright.gamekit"


def _allowed(module: str, game: str) -> bool:
    """Whether a game may import `module`: the public module, its own package, or no part of deckwright."""
    own = f"deckwright.games.{game}"
    return (module == PUBLIC or module == own or module.startswith(own + ".")
            or (module != "deckwright" and not module.startswith("deckwright.")))


def _imported(node: ast.AST, package: str) -> Iterator[str]:
    """The modules an import statement (or an `import_module("...")` call) of a module in `package` names."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            base = package.split(".")[:len(package.split(".")) - node.level + 1]
            module = ".".join(base + ([node.module] if node.module else []))
        else:
            module = node.module or ""
        if module == "deckwright":  # `from deckwright import gamekit` names a module per alias
            yield from (f"deckwright.{alias.name}" for alias in node.names)
        else:
            yield module
    elif (isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute))
          and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr) in ("import_module", "__import__")
          and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
        yield node.args[0].value


def violations(source: str, game: str, package: str | None = None, file: str = "<source>") -> list[str]:
    """`file:line: module` for every import of a game's module that crosses the boundary."""
    package = package or f"deckwright.games.{game}"
    return [f"{file}:{node.lineno}: {module}" for node in ast.walk(ast.parse(source))
            for module in _imported(node, package) if not _allowed(module, game)]


def _game_modules() -> Iterator[tuple[str, Path, str]]:
    for path in sorted(GAMES.rglob("*.py")):
        parts = path.relative_to(GAMES).parts
        if len(parts) < 2:
            continue  # games/__init__.py: the folder's docstring
        package = ".".join(("deckwright", "games", *parts[:-1]))
        yield parts[0], path, package


def test_every_shipped_game_imports_only_the_public_module() -> None:
    found = [v for game, path, package in _game_modules()
             for v in violations(path.read_text(), game, package, str(path.relative_to(PACKAGE)))]
    assert not found, "games import core modules other than deckwright.gamekit:\n" + "\n".join(found)


def test_the_shipped_games_are_all_checked() -> None:
    assert {game for game, _, _ in _game_modules()} >= {"adventure_land", "agemonia", "silver_coin"}


@pytest.mark.parametrize("source", [
    "from deckwright.model import Pack",
    "from deckwright.rules.facts import fact",
    "import deckwright.engine.game",
    "from deckwright import model",
    "from ... import plugin",
    "from deckwright.games.silver_coin.rules import count_of",
    "importlib.import_module('deckwright.render.run')",
])
def test_an_import_across_the_boundary_is_found(source: str) -> None:
    assert violations(source, "adventure_land", "deckwright.games.adventure_land") != []


@pytest.mark.parametrize("source", [
    "from deckwright.gamekit import Pack, fact",
    "from deckwright import gamekit",
    "from deckwright.games.adventure_land.state import State",
    "from .state import State",
    "import random",
])
def test_an_import_inside_the_boundary_is_allowed(source: str) -> None:
    assert violations(source, "adventure_land", "deckwright.games.adventure_land") == []


def test_no_core_module_imports_the_public_module() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if GAMES in path.parents or path.name == "gamekit.py":
            continue
        package = ".".join(("deckwright", *path.relative_to(PACKAGE).parts[:-1]))
        found += [f"{path.relative_to(PACKAGE)}: {m}" for node in ast.walk(ast.parse(path.read_text()))
                  for m in _imported(node, package) if m == PUBLIC]
    assert not found, "the core depends on the games' module:\n" + "\n".join(found)


def test_the_public_module_exports_the_contract() -> None:
    assert {"GameSpec", "Game", "GameAdapter", "Probe", "EngineCheck", "MissingFacts", "RulesError", "Pack",
            "Entity", "fact", "facts_with_prefix", "Diagnostic", "CHANCE", "TERMINAL"} <= set(gamekit.__all__)
    assert all(hasattr(gamekit, name) for name in gamekit.__all__)
