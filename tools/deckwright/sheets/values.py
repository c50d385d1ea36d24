"""How content values read on a sheet: facts, stats and `assumed` marks."""

from __future__ import annotations

from typing import Any

ENVELOPE = frozenset({"id", "type", "name", "copies", "text", "art", "source", "assumed", "notes"})


def format_value(value: Any) -> str:
    """A value as a reader sees it: lists joined, mappings as `key: value`, booleans as yes/no."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(f"({format_value(v)})" if isinstance(v, dict) else format_value(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {format_value(v)}" for k, v in value.items())
    return "" if value is None else str(value)


def assumed_fields(raw: Any) -> frozenset[str] | None:
    """The fields an `assumed` mark covers; None when it covers every field."""
    if isinstance(raw, dict) and isinstance(raw.get("fields"), list):
        return frozenset(str(f) for f in raw["fields"])
    return None


def label(key: str) -> str:
    """A field name as a column heading: `starting_locations` reads `Starting locations`."""
    words = str(key).replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:]
