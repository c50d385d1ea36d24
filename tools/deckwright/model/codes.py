"""Diagnostic codes of pack assembly (DW30x): the manifest, its files and its types."""

from __future__ import annotations

from deckwright.diagnostic import Code, Severity

E, W = Severity.ERROR, Severity.WARNING

UNKNOWN_TYPE = Code(
    "DW301", "unknown-type", E, "An entity's type is not declared in the pack manifest.",
    "Every entity's `type` must be one of the manifest's `types`, which names its schema. An entity "
    "of an undeclared type is not validated and not counted anywhere.",
    "Fix the type (see the hint), or declare the type in pack.yaml under `types`.",
)
ESCAPES_PACK = Code(
    "DW302", "path-escapes-pack", E, "A path leads outside the pack folder.",
    "Globs in `files`, art and other paths are relative to the pack folder and may not leave it "
    "(with `..`, an absolute path or a symbolic link): a pack must never read or print files that "
    "are not part of it.",
    "Move the file into the pack folder and refer to it with a relative path.",
)
UNREAD_FILE = Code(
    "DW303", "unread-file", W, "A file in the pack folder that no manifest rule reads.",
    "deckwright only reads the files the manifest's `files` rules name. A file that none names is "
    "silently left out of every check, proof and sheet, which is how cards go missing from a print run.",
    "Add a `files` rule that reads it, or list it under `ignore` if it is deliberately not content.",
)
EMPTY_INCLUDE = Code(
    "DW304", "empty-include", W, "A `files` rule matches no file.",
    "The glob of a `files` rule matches nothing, so the content it was meant to read is missing.",
    "Fix the glob, or remove the rule.",
)
UNKNOWN_TRANSLATION = Code(
    "DW305", "translation-of-unknown-id", E, "A translation overlays an entity that does not exist.",
    "A translation file overlays entities by id; this record's id matches none, so the translated "
    "text would never be printed.",
    "Fix the id (see the hint) or remove the record.",
)
UNKNOWN_ENGINE = Code(
    "DW306", "unknown-engine", E, "The manifest names a game engine that is not installed.",
    "`engine` names a game registered in the `deckwright.games` entry point group; none of that name is installed.",
    "Install the package that provides the game, or fix the name (see the hint).",
)
BAD_RECORDS = Code(
    "DW307", "bad-records", E, "A content file does not hold a list of records where expected.",
    "An entities file holds a list of entities (or one entity); a database file holds a list at the "
    "`records` pointer of its files rule.",
    "Make the top level of the file a list, or fix the `records` pointer.",
)
MISSING_ID = Code(
    "DW308", "missing-id", E, "A record has no id.",
    "Every entity needs an id (in the field the files rule's `id_field` names) to be referenced, "
    "counted and printed.",
    "Add the id field.",
)

TOO_MANY_COPIES = Code(
    "DW319", "too-many-copies", E, "An entity's `copies` is above the maximum deckwright handles.",
    "`copies` drives work in every stage (counts, claims, proofs, exports), so it has a maximum of "
    "10,000 per entity; a larger number is almost always a typo (an extra digit). The entity counts "
    "as one copy until it is fixed.",
    "Correct the number; a game with more physical pieces of one kind should count them another way "
    "(a component count, a field of the entity).",
)

CODES = (UNKNOWN_TYPE, ESCAPES_PACK, UNREAD_FILE, EMPTY_INCLUDE, UNKNOWN_TRANSLATION, UNKNOWN_ENGINE,
         BAD_RECORDS, MISSING_ID, TOO_MANY_COPIES)
