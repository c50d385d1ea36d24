"""Diagnostic codes of the authoring tools: fmt, editor association, watch (DW80x); card import (DW805-DW808)."""

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

CSV_BAD_HEADER = Code(
    "DW805", "csv-bad-header", E, "A column of the card spreadsheet cannot become a field.",
    "The import makes each column header a field name (lower case, other characters turned into `_`). "
    "A header that is empty or starts with a digit, one that repeats another column's field, or a "
    "missing `name` column stops that column (or the import) from being read.",
    "Rename the column in the spreadsheet's first row and export it again.",
)
CSV_BAD_ROW = Code(
    "DW806", "csv-bad-row", E, "A row of the card spreadsheet cannot become a card.",
    "The row has more cells than the header has columns (often a comma inside an unquoted cell), no "
    "name, or a name from which no id can be made. The import writes nothing until every row reads.",
    "Fix the row named; quote cells that hold commas; add an `id` column for names without letters.",
)
CSV_NOT_A_NUMBER = Code(
    "DW807", "csv-not-a-number", E, "A cell holds words in a column of numbers.",
    "Most cells of the column are numbers, so the field is typed as a number, and this cell is not "
    "one (a typo, a unit written after the number, a note). `copies` must be a whole number from 1.",
    "Write the number alone, or leave the cell empty when the card has no value.",
)
CSV_DUPLICATE_ID = Code(
    "DW808", "csv-duplicate-id", E, "Two rows of the card spreadsheet give the same id.",
    "Ids are made from the `id` column, or from the name when there is none; two rows with the same "
    "name therefore collide. A card printed several times is one row with a `copies` column.",
    "Merge the rows into one with `copies`, or give each row its own id.",
)

CODES = (UNFORMATTED, WOULD_CHANGE_DATA, NOT_FORMATTABLE, UNWRITABLE, CSV_BAD_HEADER, CSV_BAD_ROW,
         CSV_NOT_A_NUMBER, CSV_DUPLICATE_ID)
