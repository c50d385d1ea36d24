"""Diagnostic codes of the loading stage (DW1xx)."""

from __future__ import annotations

from deckwright.diagnostic import Code, Severity

E, W = Severity.ERROR, Severity.WARNING

SYNTAX = Code(
    "DW101", "yaml-syntax", E, "The file is not valid YAML.",
    "The YAML parser stopped at this line and column. Nothing in this file was checked further; "
    "the other files of the pack still are.",
    "Look at the line named and the one before it: an unclosed bracket or quote, a missing space "
    "after a colon, or a wrong indentation are the usual causes.",
)
TAB = Code(
    "DW102", "tab-indentation", E, "A tab character is used for indentation.",
    "YAML indents with spaces only; a tab where indentation is expected stops the parser.",
    "Replace the tab with spaces (set your editor to insert spaces in YAML files).",
)
DUPLICATE_KEY = Code(
    "DW103", "duplicate-key", E, "A mapping has the same key twice.",
    "Most YAML readers silently keep the last value, so one of the two values would be lost. "
    "deckwright refuses the file's mapping instead.",
    "Remove or rename one of the two keys (the other is named in the related location).",
)
MULTIPLE_DOCUMENTS = Code(
    "DW104", "multiple-documents", E, "A content file holds more than one YAML document.",
    "Each content file is one document; a second `---` starts a document deckwright would not read.",
    "Split the file in two and list both in the manifest, or remove the `---` separator.",
)
YAML11 = Code(
    "DW105", "yaml11-trap", W, "A YAML 1.1 reader would read this value differently.",
    "deckwright reads YAML 1.2, where `yes`, `no`, `on`, `off`, `1:30` or `1_000` are strings and "
    "`010` is ten. Many other tools (PyYAML, older editors' plug-ins, spreadsheets' importers) still "
    "read YAML 1.1, where they become booleans, sexagesimal or octal numbers: a card code or a time "
    "would silently change when the content leaves deckwright.",
    "Quote the value: `code: '01008'`, `answer: 'yes'`.",
)
ALIAS_BOMB = Code(
    "DW106", "alias-expansion", E, "Aliases in the file expand to too large (or recursive) a structure.",
    "A document whose anchors and aliases expand to far more nodes than the file holds (a "
    "'billion laughs' document), or an alias that contains itself, is refused before it can "
    "exhaust memory.",
    "Use anchors to share small blocks only, and never refer to an anchor from inside itself.",
)
UNREADABLE = Code(
    "DW107", "unreadable-file", E, "The file could not be read.",
    "The file is not UTF-8 text, or the operating system refused to read it.",
    "Save the file as UTF-8; check its permissions.",
)
JSON_SYNTAX = Code(
    "DW108", "json-syntax", E, "The file is not valid JSON.",
    "The JSON parser stopped at this line and column; the other files of the pack are still checked.",
    "A trailing comma, a missing comma between items or a single-quoted string are the usual causes.",
)
UNSUPPORTED_TAG = Code(
    "DW109", "unsupported-tag", E, "A YAML tag that deckwright does not construct.",
    "Only the standard tags (!!str, !!int, !!float, !!bool, !!null, !!seq, !!map) are read; "
    "language-specific tags such as !!python/object are never executed.",
    "Remove the tag; write the value as plain data.",
)
BAD_KEY = Code(
    "DW110", "non-scalar-key", E, "A mapping key is a list or a mapping.",
    "Content follows JSON's data model, where keys are strings.",
    "Use a plain string as key.",
)

NUMBER = Code(
    "DW120", "number-out-of-range", E, "A number deckwright does not read: too many digits, or NaN/Infinity in JSON.",
    "Integers of more than 4,300 digits are refused (Python's limit for reading them, which keeps "
    "reading a number fast), and NaN, Infinity and -Infinity are not JSON, although Python's JSON "
    "reader accepts them. The value is read as text, and checks that need a number report it again.",
    "Write a number of a sensible size, or quote it if it is an identifier; write null (or leave the "
    "field out) instead of NaN.",
)

CODES = (SYNTAX, TAB, DUPLICATE_KEY, MULTIPLE_DOCUMENTS, YAML11, ALIAS_BOMB, UNREADABLE,
         JSON_SYNTAX, UNSUPPORTED_TAG, BAD_KEY, NUMBER)
