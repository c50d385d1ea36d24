"""Diagnostic codes of pack assembly (DW30x): the manifest, its files and its types."""

from __future__ import annotations

from deckwright.diagnostic import Code, Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

UNKNOWN_TYPE = Code(
    "DW301", "unknown-type", E, "An entity's type is not declared in the pack manifest.",
    "Every entity's `type` must be one of the manifest's `types`, which names its schema. An entity "
    "of an undeclared type is not validated and not counted anywhere.",
    "Fix the type (see the hint), or declare the type in pack.yaml under `types`.",
)
ESCAPES_PACK = Code(
    "DW302", "path-escapes-pack", E, "A path leads outside the pack folder.",
    "Globs in `files`, art and other paths are relative to the pack folder (or to the database folder "
    "`root:` names) and may not leave it (with `..`, an absolute path or a symbolic link): a pack must "
    "never read or print files that are not part of it.",
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
AMBIGUOUS_TRANSLATION = Code(
    "DW333", "ambiguous-translation", W, "A translation's id names entities of several types.",
    "Ids are unique within a type, so a translation rule that names no `type` can meet an id that two kinds "
    "share (a set and a cycle both called `core`). The record is applied to the first type in name order only.",
    "Give the translation rule a `type:` (one rule per translated type), so each record overlays one entity.",
)
UNKNOWN_ENGINE = Code(
    "DW306", "unknown-engine", E, "The manifest names a game engine that is not installed.",
    "`engine` names a game registered in the `deckwright.games` entry point group; none of that name is installed.",
    "Install the package that provides the game, or fix the name (see the hint).",
)
ENGINE_FILE_UNPLAYED = Code(
    "DW309", "engine-file-unplayed", W, "An engine description that no engine plays.",
    "A `files` rule of kind `engine` reads an engine description, but the manifest's `engine` names a "
    "Python plug-in; only the YAML engine (`engine: described`, the default for a pack with such a file) plays it.",
    "Remove `engine:` (or write `engine: described`) to play the description, or drop the file from `files`.",
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
    "counted and printed. Records that have no ids by design (rulings, ...) are read by a files rule "
    "with `id_field: null`: they are validated and their references checked, and reported by position.",
    "Add the id field, or declare `id_field: null` on the files rule.",
)

DUPLICATE_TRANSLATION = Code(
    "DW312", "duplicate-translation", E, "A record is translated twice into the same locale.",
    "Two records of a locale's translation files have the same id: only the first is used, so the "
    "other's text is silently lost.",
    "Remove or merge one of the two (the first is in the related location).",
)
UNTRANSLATED = Code(
    "DW313", "untranslated-field", I, "A translation leaves out a translatable field the record has.",
    "Reported only for translation rules with `untranslated: true`: the record has a field the type "
    "lists as `translatable` (or its schema defines), and this translation does not carry it, so the "
    "base text is printed in its place.",
    "Translate the field, or leave the report off for this rule.",
)
MISSING_ROOT = Code(
    "DW314", "missing-root", E, "The database folder the manifest (or --root) names does not exist.",
    "`root:` in pack.yaml (relative to the folder that holds it) or the --root option names the folder "
    "whose files the `files` globs read, so that a manifest can live outside the database it "
    "describes. Nothing is read when it is missing.",
    "Fix the path, or check out the database there.",
)

TOO_MANY_COPIES = Code(
    "DW319", "too-many-copies", E, "An entity's `copies` is above the maximum deckwright handles.",
    "`copies` drives work in every stage (counts, claims, proofs, exports), so it has a maximum of "
    "10,000 per entity; a larger number is almost always a typo (an extra digit). The entity counts "
    "as one copy until it is fixed.",
    "Correct the number; a game with more physical pieces of one kind should count them another way "
    "(a component count, a field of the entity).",
)

CODES = (UNKNOWN_TYPE, ESCAPES_PACK, UNREAD_FILE, EMPTY_INCLUDE, UNKNOWN_TRANSLATION, AMBIGUOUS_TRANSLATION,
         UNKNOWN_ENGINE, ENGINE_FILE_UNPLAYED, BAD_RECORDS, MISSING_ID, DUPLICATE_TRANSLATION, UNTRANSLATED,
         MISSING_ROOT, TOO_MANY_COPIES)
