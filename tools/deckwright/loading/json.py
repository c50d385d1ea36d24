"""JSON loading: the standard library parses; positions come from composing the text as YAML on demand."""

from __future__ import annotations

import json
from typing import Any

from deckwright.loading import codes
from deckwright.loading.problem import Parsed, Problem


def load_json(text: str) -> Parsed:
    """Parse JSON text, reporting syntax errors and duplicate keys as problems."""
    duplicates: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        result: dict[str, Any] = dict(items)  # built in C: the common case, no key twice
        if len(result) == len(items):
            return result
        result = {}
        for key, value in items:
            if key in result:
                duplicates.append(key)
                continue
            result[key] = value
        return result

    refused: list[Problem] = []

    def number(kind: str) -> Any:
        def read(token: str) -> Any:
            try:
                return int(token) if kind == "int" else float(token)
            except ValueError:
                refused.append(_number_problem(text, token, f"a number of {len(token):,} digits is too long to read"))
                return token
        return read

    def constant(token: str) -> Any:
        refused.append(_number_problem(text, token, f"{token} is not a JSON number"))
        return None

    try:
        try:  # integers read in C; only a number too long for int() is read again, by `number`, to report it
            data = json.loads(text, object_pairs_hook=pairs, parse_constant=constant)
        except json.JSONDecodeError:
            raise
        except ValueError:
            duplicates.clear()
            refused.clear()
            data = json.loads(text, object_pairs_hook=pairs, parse_int=number("int"), parse_constant=constant)
    except json.JSONDecodeError as exc:
        return Parsed(None, (Problem(codes.JSON_SYNTAX.code, exc.msg, exc.lineno, exc.colno),))
    except RecursionError:
        return Parsed(None, (Problem(codes.ALIAS_BOMB.code, "the document is nested too deeply", 1, 1),))
    problems = tuple(
        Problem(codes.DUPLICATE_KEY.code, f"duplicate key '{key}'", *_find_key(text, key))
        for key in dict.fromkeys(duplicates)
    )
    return Parsed(data, problems + tuple(dict.fromkeys(refused)))


def _number_problem(text: str, token: str, message: str) -> Problem:
    """A number problem at the first place the token is written (good enough to point at it)."""
    index = max(text.find(token), 0)
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    hint = "write null, or leave the field out" if not token[-1:].isdigit() else "shorten it, or quote it"
    return Problem(codes.NUMBER.code, message, line, column, hint=hint)


def json_as_yaml(text: str) -> str:
    """The same text with tabs as spaces: JSON whitespace that YAML refuses, same columns."""
    return text.replace("\t", " ")


def _find_key(text: str, key: str) -> tuple[int, int]:
    """Line and column of the second occurrence of a quoted key (good enough for a duplicate)."""
    needle = json.dumps(key)
    first = text.find(needle)
    second = text.find(needle, first + 1)
    index = second if second >= 0 else max(first, 0)
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column
