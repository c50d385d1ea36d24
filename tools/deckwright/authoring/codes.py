"""Diagnostic codes of the authoring tools: fmt, editor association, watch (DW80x)."""

from __future__ import annotations

from deckwright.diagnostic import Code, Severity

E, W = Severity.ERROR, Severity.WARNING

UNFORMATTED = Code(
    "DW801", "unformatted-file", E, "A YAML file is not formatted the way `deckwright fmt` writes it.",
    "`deckwright fmt --check` found a file whose indentation, key order (taken from its schema) or "
    "quoting differs from the normal form. The location is the first line that would change; the "
    "diff is printed with the text output.",
    "Run `deckwright fmt` on the pack (it only rewrites layout, never data) and commit the result.",
)
WOULD_CHANGE_DATA = Code(
    "DW802", "fmt-would-change-data", E, "Formatting this file would change its data or lose a comment; it was left as it is.",
    "`deckwright fmt` reloads every formatted file and compares its data and its comments with the "
    "original before replacing it. Here they differ (a construct the round-trip writer cannot "
    "reproduce exactly, such as a comment after an empty `[]` list item), so the file was not touched. This is a limitation of the formatter, not a mistake in the content.",
    "Leave the file as it is, or simplify the construct the message names (and report it, so the "
    "formatter can learn it).",
)
NOT_FORMATTABLE = Code(
    "DW803", "fmt-unreadable-file", E, "A file that does not load cleanly cannot be formatted.",
    "The file has a syntax error, a duplicate key or another loading problem; formatting it could "
    "lose data, so it is skipped. `deckwright lint` explains the problem.",
    "Fix the loading problem first (see `deckwright lint`), then run `deckwright fmt` again.",
)
UNWRITABLE = Code(
    "DW804", "fmt-unwritable-file", E, "A formatted file could not be written.",
    "The operating system refused to write the formatted file (permissions, a full disk); the "
    "original file is unchanged.",
    "Check the file's and its folder's permissions.",
)

CODES = (UNFORMATTED, WOULD_CHANGE_DATA, NOT_FORMATTABLE, UNWRITABLE)
