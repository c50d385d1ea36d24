"""Colours as layouts write them: `#rgb`, `#rrggbb`, a colour name, `none`, or chosen by a card field."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from reportlab.lib import colors

from deckwright.model.pack import walk_path


@cache
def hex_colour(text: str | None) -> str | None:
    """`#rrggbb` of a colour literal; None for `none`, an empty value or an unknown name."""
    if not text or text.lower() == "none":
        return None
    if text.startswith("#") and len(text) == 4:
        text = "#" + "".join(c * 2 for c in text[1:])
    try:
        colour = colors.toColor(text)
    except ValueError:
        return None
    return "#" + colour.hexval()[2:].lower()


def resolve(spec: Any, data: Mapping[str, Any], palettes: Mapping[str, Mapping[str, str]]) -> str | None:
    """The `#rrggbb` a colour spec gives for a card (None: draw nothing)."""
    if isinstance(spec, str) or spec is None:
        return hex_colour(spec)
    if not isinstance(spec, Mapping):
        return None
    values = spec.get("values")
    if values is None:
        values = palettes.get(str(spec.get("palette")), {})
    found = [value for _, value in walk_path(dict(data), str(spec.get("field", "")))]
    key = str(found[0]) if found and not isinstance(found[0], (dict, list)) else None
    chosen = values.get(key) if key is not None and isinstance(values, Mapping) else None
    return hex_colour(chosen if isinstance(chosen, str) else spec.get("default"))
