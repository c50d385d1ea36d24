"""Schema stage: the schemas a pack uses, validation, and explaining failures."""

from deckwright.schema.explain import close_match, did_you_mean, explain
from deckwright.schema.store import SchemaSource, SchemaStore, Validator, core_schemas, core_uri

__all__ = ["SchemaSource", "SchemaStore", "Validator", "close_match", "core_schemas", "core_uri",
           "did_you_mean", "explain"]
