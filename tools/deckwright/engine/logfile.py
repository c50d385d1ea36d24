"""A recorded game as readable text: its parameters, its actions by name, and its result.

Golden playouts and `deckwright simulate --record/--replay` use this format; replays follow the
action names, not the seed, so a changed rule or RNG shows up as the first line that differs.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckwright.errors import DeckwrightError

HEADER = "# deckwright playout"
ACTIONS = "--- actions"
RESULT = "--- result"


@dataclass(frozen=True)
class GameLog:
    """Parameters, action lines and result lines of one recorded game."""

    params: Mapping[str, str]
    actions: tuple[str, ...]
    result: tuple[str, ...] = ()

    def text(self) -> str:
        lines = [HEADER, *(f"{k}: {v}" for k, v in self.params.items()), ACTIONS, *self.actions, RESULT, *self.result]
        return "\n".join(lines) + "\n"


def result_lines(game: Any, state: Any) -> tuple[str, ...]:
    """The readable result of a finished (or stopped) game."""
    return (f"end: {game.end_reason(state) or 'not over'}",
            "scores: " + " ".join(str(s) for s in game.scores(state)),
            "winners: " + " ".join(f"P{w + 1}" for w in game.winners(state)) if game.is_terminal(state) else "winners:")


def parse(text: str, source: str) -> GameLog:
    """A GameLog from its text; DeckwrightError naming the file when it is not one."""
    lines = text.splitlines()
    if not lines or lines[0] != HEADER or ACTIONS not in lines:
        raise DeckwrightError(f"{source}: not a deckwright playout log (it starts with '{HEADER}')")
    start = lines.index(ACTIONS)
    end = lines.index(RESULT) if RESULT in lines else len(lines)
    params = {}
    for line in lines[1:start]:
        key, sep, value = line.partition(": ")
        if not sep:
            raise DeckwrightError(f"{source}: header line '{line}' is not 'key: value'")
        params[key] = value
    return GameLog(params, tuple(lines[start + 1:end]), tuple(lines[end + 1:]))


def read_log(path: Path) -> GameLog:
    try:
        return parse(path.read_text(encoding="utf-8"), str(path))
    except (OSError, UnicodeDecodeError) as exc:
        raise DeckwrightError(f"cannot read {path}: {exc}") from exc


def write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file and a rename, so an interrupted run leaves no half file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def game_log(params: Mapping[str, Any], actions: Sequence[str], result: Sequence[str]) -> GameLog:
    return GameLog({k: str(v) for k, v in params.items()}, tuple(actions), tuple(result))
