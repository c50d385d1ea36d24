"""Diagnostic codes of the reference sheets (DW7xx)."""

from __future__ import annotations

from deckwright.diagnostic import Code, Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

TEMPLATE_SYNTAX = Code(
    "DW701", "template-syntax", E, "A pack's sheet template does not parse.",
    "A template under the pack's `templates/` folder (read through a files rule of kind `assets`) "
    "overrides the built-in template of the same name. This one is not valid jinja2, so the "
    "built-in template was used instead.",
    "Fix the template at the line given (an unclosed tag, a misspelt keyword, ...).",
)
TEMPLATE_REFUSED = Code(
    "DW702", "template-refused", E, "A pack's sheet template tried something the sandbox forbids.",
    "Pack templates run in a sandbox: they can read the sheet's data, not Python internals, files "
    "or unbounded computations (huge ranges, repeated strings, big powers). The sheet was rendered "
    "with the built-in template instead.",
    "Use only the sheet's data and jinja2's filters and tests in the template.",
)
TEMPLATE_FAILED = Code(
    "DW703", "template-failed", E, "A pack's sheet template failed while rendering.",
    "The template parsed but raised an error on the sheet's data (an undefined name, a wrong "
    "type, ...). The sheet was rendered with the built-in template instead.",
    "Check the names the template uses against the built-in template of the same name "
    "(tools/deckwright/sheets/templates/).",
)
TEMPLATE_TOO_LARGE = Code(
    "DW704", "template-too-large", E, "A pack's sheet template is too large to be read.",
    "Templates are small text files; one past the size limit is not read, so a stray file cannot "
    "slow a build down. The built-in template of that name is used.",
    "Split the template, or move data out of it into the pack's YAML.",
)
BAD_COLOR = Code(
    "DW705", "bad-color", W, "A glossary colour is not a CSS colour name or hex value.",
    "Icons are drawn in their glossary `color`. Only colour names (`gold`, `darkgreen`) and hex "
    "values (`#c90`, `#cc9900`) are accepted, so a value cannot smuggle CSS into the sheet. The "
    "icon was drawn in the default colour.",
    "Write a colour name or a hex value.",
)
SOURCE_MISSING = Code(
    "DW706", "source-missing", W, "A cited source document was not found in the --sources folder.",
    "With `--sources DIR` the sheets link each citation to the line of the book it cites and quote "
    "it. This source's file is not in that folder, so its citations are shown without link or quote.",
    "Pass the folder that holds the pack's source files, or fix the `file` of the source in pack.yaml.",
)
WRITE_FAILED = Code(
    "DW707", "write-failed", E, "A sheet could not be written.",
    "The output folder could not be created or written to (permissions, a file in the way, a full disk).",
    "Choose another folder with -o, or make this one writable.",
)
PLAYER_AID_LONG = Code(
    "DW708", "player-aid-long", W, "The player aid does not fit on one page.",
    "The player aid is meant to be one page per game: the sections about rounds, turns and their "
    "phases, one line per clause. Its PDF runs to more pages than that.",
    "Shorten the summaries of those clauses, or override the player aid template to pick fewer.",
)
NO_RULES = Code(
    "DW709", "no-rules", I, "The pack has no rule clauses.",
    "The rules summary and the player aid are built from the pack's rules files (files rule of kind "
    "`rules`); this pack has none, so those sheets are empty.",
    "Encode the rulebook as clauses under rules/ and list them in pack.yaml.",
)
SHEET_LAYOUT_FAILED = Code(
    "DW710", "sheet-layout-failed", E, "A sheet's PDF could not be laid out.",
    "The PDF layout engine could not place something of the sheet on a page (a table cell or picture "
    "taller than the page, say). The sheet's HTML is written; its PDF is not, rather than half-written.",
    "Shorten the content the message names, or report it: the built-in sheets should lay out any pack.",
)

SHEET_EMPTY = Code(
    "DW614", "sheet-empty", I, "A sheet has nothing to print, so it is not written.",
    "A sheet with no content (a scenario sheet for a pack without scenarios, a glossary without terms, "
    "...) would be a page that says so and nothing else; it is not written, the index does not list it, "
    "and this note says which sheet was left out and why.",
    "Nothing to do, unless the pack should have that content: then add it (and list its files in pack.yaml).",
)

CODES = (TEMPLATE_SYNTAX, TEMPLATE_REFUSED, TEMPLATE_FAILED, TEMPLATE_TOO_LARGE, BAD_COLOR, SOURCE_MISSING,
         WRITE_FAILED, PLAYER_AID_LONG, NO_RULES, SHEET_EMPTY, SHEET_LAYOUT_FAILED)
