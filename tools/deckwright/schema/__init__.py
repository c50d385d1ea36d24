"""Schema stage: the schemas a pack uses, validation, and explaining failures.

Its names are imported on first use (`deckwright.exports`): `deckwright explain` imports only the stage's
codes. The explanation of failures is `deckwright.schema.explain.explain` (a package name cannot be imported lazily
when a module of the package has the same name: importing the module makes the name the module).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckwright.exports import lazy_exports

if TYPE_CHECKING:
    from deckwright.schema.explain import close_match as close_match, did_you_mean as did_you_mean
    from deckwright.schema.store import SchemaSource as SchemaSource, SchemaStore as SchemaStore, Validator as Validator, core_schemas as core_schemas, core_uri as core_uri

_EXPORTS = {
    "close_match": "deckwright.schema.explain",
    "did_you_mean": "deckwright.schema.explain",
    "SchemaSource": "deckwright.schema.store",
    "SchemaStore": "deckwright.schema.store",
    "Validator": "deckwright.schema.store",
    "core_schemas": "deckwright.schema.store",
    "core_uri": "deckwright.schema.store",
}
__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)
