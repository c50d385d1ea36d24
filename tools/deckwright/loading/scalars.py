"""How plain YAML scalars are read: YAML 1.2 core schema, and what a YAML 1.1 reader would make of them."""

from __future__ import annotations

import math
import re
from typing import Any

_NULL = frozenset(("", "~", "null", "Null", "NULL"))
_TRUE = frozenset(("true", "True", "TRUE"))
_FALSE = frozenset(("false", "False", "FALSE"))
_INT10 = re.compile(r"[-+]?[0-9]+\Z")
_INT8 = re.compile(r"0o[0-7]+\Z")
_INT16 = re.compile(r"0x[0-9a-fA-F]+\Z")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_INF = re.compile(r"[-+]?\.(?:inf|Inf|INF)\Z")
_NAN = re.compile(r"\.(?:nan|NaN|NAN)\Z")
# A quick filter: scalars that start with none of these are strings under both versions.
_MAYBE_SPECIAL = frozenset("0123456789-+.~nNtTfFyYoO")

_Y11_TRUE = frozenset("y Y yes Yes YES true True TRUE on On ON".split())
_Y11_FALSE = frozenset("n N no No NO false False FALSE off Off OFF".split())
_Y11_INT = re.compile(
    r"[-+]?(?:0b[0-1_]+|0[0-7_]+|(?:0|[1-9][0-9_]*)|0x[0-9a-fA-F_]+|[1-9][0-9_]*(?::[0-5]?[0-9])+)\Z"
)
_Y11_FLOAT = re.compile(
    r"[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?\Z|[-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?\Z"
    r"|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*\Z|[-+]?\.(?:inf|Inf|INF)\Z|\.(?:nan|NaN|NAN)\Z"
)


def resolve_plain(text: str) -> Any:
    """The value of a plain (unquoted) scalar under the YAML 1.2 core schema."""
    if not text:
        return None
    if text[0] not in _MAYBE_SPECIAL:
        return text
    if text in _NULL:
        return None
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    if _INT10.match(text):
        return int(text)
    if _INT8.match(text):
        return int(text[2:], 8)
    if _INT16.match(text):
        return int(text[2:], 16)
    if _FLOAT.match(text):
        return float(text)
    if _INF.match(text):
        return -math.inf if text[0] == "-" else math.inf
    if _NAN.match(text):
        return math.nan
    return text


def resolve_yaml11(text: str) -> Any:
    """The value a YAML 1.1 reader (PyYAML and friends) gives the same plain scalar."""
    if not text or text in _NULL:
        return None
    if text in _Y11_TRUE:
        return True
    if text in _Y11_FALSE:
        return False
    if _Y11_INT.match(text):
        return _yaml11_int(text)
    if _Y11_FLOAT.match(text):
        return _yaml11_float(text)
    return text


def plain_decimal(text: str) -> bool:
    """Digits without a leading zero (or a single 0): the same integer under YAML 1.1 and 1.2."""
    return text.isascii() and text.isdigit() and (text[0] != "0" or len(text) == 1)


def differs_in_yaml11(text: str) -> Any | None:
    """The YAML 1.1 reading of a plain scalar when it differs from the YAML 1.2 one, else None."""
    if not text or text[0] not in _MAYBE_SPECIAL or plain_decimal(text):
        return None
    try:
        v12, v11 = resolve_plain(text), resolve_yaml11(text)
    except ValueError:  # digits past the interpreter's limit: reported as a number problem, not a trap
        return None
    if type(v12) is type(v11) and (v12 == v11 or (isinstance(v12, float) and math.isnan(v12))):
        return None
    return v11


def _sexagesimal(text: str) -> float:
    sign = -1 if text.startswith("-") else 1
    value = 0.0
    for part in text.lstrip("+-").split(":"):
        value = value * 60 + float(part)
    return sign * value


def _yaml11_int(text: str) -> int:
    clean = text.replace("_", "")
    sign = -1 if clean.startswith("-") else 1
    body = clean.lstrip("+-")
    if ":" in body:
        value = _sexagesimal(clean)
        return int(value) if math.isfinite(value) else value  # type: ignore[return-value]
    if body.startswith("0b"):
        return sign * int(body[2:], 2)
    if body.startswith("0x"):
        return sign * int(body[2:], 16)
    if len(body) > 1 and body.startswith("0"):
        return sign * int(body, 8)
    return sign * int(body)


def _yaml11_float(text: str) -> float:
    clean = text.replace("_", "")
    if ":" in clean:
        return _sexagesimal(clean)
    if _NAN.match(clean):
        return math.nan
    if _INF.match(clean):
        return -math.inf if clean.startswith("-") else math.inf
    return float(clean)
