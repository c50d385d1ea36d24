"""Diagnostic codes of the schema stage (DW2xx)."""

from __future__ import annotations

from deckwright.diagnostic import Code, Severity

E, W = Severity.ERROR, Severity.WARNING

INVALID = Code(
    "DW201", "schema-violation", E, "A value breaks a rule of its JSON Schema.",
    "The value does not satisfy a constraint of the schema of its entity type (a minimum, a pattern, "
    "a length...). The message names the constraint.",
    "Change the value, or the schema if the rule itself is wrong.",
)
WRONG_TYPE = Code(
    "DW202", "wrong-type", E, "A value has the wrong type.",
    "The schema expects another JSON type here (a string where a number is written, a list where a "
    "single value is). Unquoted YAML values such as 01008, yes or 1.0 are numbers or booleans.",
    "Write a value of the expected type; quote values that must stay strings.",
)
MISSING = Code(
    "DW203", "missing-field", E, "A required field is missing.",
    "The schema of this entity type requires the field, and the entity does not have it.",
    "Add the field to the entity.",
)
UNKNOWN_KEY = Code(
    "DW204", "unknown-key", E, "A key that the schema does not define.",
    "Unknown keys are errors so that a typo never passes silently: a misspelt optional field would "
    "otherwise be ignored and its default used.",
    "Fix the spelling (see the hint), or add the field to the type's schema.",
)
NOT_ALLOWED = Code(
    "DW205", "value-not-allowed", E, "A value is not one of the values the schema allows.",
    "The schema lists the allowed values (an enum or a constant) and this is not one of them.",
    "Use one of the listed values (the hint names the closest).",
)
BAD_SCHEMA = Code(
    "DW206", "invalid-schema", E, "A schema is not valid under its JSON Schema draft.",
    "The schema file breaks its own meta-schema (a misspelt type name, a keyword with the wrong kind "
    "of value). Entities of the types that use it are not validated until it is fixed.",
    "Fix the schema at the line named.",
)
UNRESOLVED = Code(
    "DW207", "schema-unresolved", E, "A schema, or a $ref inside it, cannot be found.",
    "The manifest names a schema file that does not exist, or a schema refers with $ref to a "
    "schema deckwright does not know. deckwright never fetches schemas from the network: core "
    "schemas travel with deckwright, a pack's own live in its schema folder.",
    "Check the file name in the manifest or the $ref; refer to core schemas by their $id.",
)
FORMAT = Code(
    "DW208", "format", E, "A string does not have the format its schema declares.",
    "The schema declares a format (date, email, uri, regex...) and the value does not have it.",
    "Write the value in that format.",
)

OUTSIDE = Code(
    "DW220", "schema-outside-pack", E, "A schema folder or schema file lies outside the places a pack may read.",
    "A pack is untrusted input, so its schemas are read only from the pack folder itself or from the "
    "`schemas/` folder of the project that holds it (a pack at <project>/content/<game> may name "
    "../../schemas/<game>). Any other folder (such as `/` or a folder above the project), and any "
    "schema file that is a link to somewhere else, is refused and nothing in it is read.",
    "Move the schemas into the pack folder or into the project's schemas/ folder, and name that "
    "folder in `schemas:` of pack.yaml.",
)
RESERVED_ID = Code(
    "DW221", "schema-id-reserved", E, "A pack schema takes an $id of deckwright's own core schemas.",
    "Identifiers under https://deckwright.dev/schema/core/ belong to the schemas deckwright ships; a "
    "pack schema may not replace them (it would change how every file of the pack is checked, and "
    "where `deckwright schema` exports it). The pack schema is not used.",
    "Give the schema an $id of your own (or none: its file path then identifies it).",
)
UNSUPPORTED_PATTERN = Code(
    "DW222", "pattern-unsupported", E, "A schema's regular expression is not supported.",
    "Schema patterns run on a linear-time regular expression engine, so no pattern can make a run "
    "hang however the data is written. Look-around, back-references and other constructs that need "
    "backtracking are not available, and a pattern that is not valid at all is reported here too. "
    "Entities of the types that use the schema are not validated until it is fixed.",
    "Rewrite the pattern without look-around or back-references (often two simpler patterns, or an "
    "enum, say the same).",
)

CODES = (INVALID, WRONG_TYPE, MISSING, UNKNOWN_KEY, NOT_ALLOWED, BAD_SCHEMA, UNRESOLVED, FORMAT, OUTSIDE,
         RESERVED_ID, UNSUPPORTED_PATTERN)
