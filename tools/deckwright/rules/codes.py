"""Diagnostic codes of the rules checks: facts, claims, terms, assumptions and citations (DW4xx)."""

from __future__ import annotations

from deckwright.diagnostic import Code, Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

FACT_CONTRADICTION = Code(
    "DW400", "fact-contradiction", E, "Two clauses state different values for the same fact.",
    "A fact (a named value such as `fight.max_swords`) may be stated by several clauses, as a "
    "rulebook repeats itself; every statement must give the same value and unit. The finding is "
    "at the later statement, the related location is the first, and both citations are listed.",
    "Decide which value the game uses: correct the clause that is wrong, or, if the book itself "
    "disagrees, keep both as printed and acknowledge the finding in pack.yaml with the reason.",
)
CLAIM_FAILED = Code(
    "DW401", "claim-failed", E, "A claim of a rule clause does not hold.",
    "A claim is a relation that must be true of the facts, the content or the engine (see the "
    "README's claim language). The message shows the values that made it false; the citations "
    "are those of every clause whose facts the claim used.",
    "Correct the facts or the content it names, or acknowledge a known erratum with a reason.",
)
CLAIM_INVALID = Code(
    "DW402", "claim-invalid", E, "A claim cannot be evaluated.",
    "The claim's expression does not parse, calls a function that does not exist, or combines "
    "values that do not go together (adding a word to a number, comparing a list with a number). "
    "A claim that is never evaluated protects nothing.",
    "Fix the expression; the message says where it went wrong and the README lists the functions.",
)
UNKNOWN_FACT = Code(
    "DW403", "unknown-fact", E, "A claim names a fact that no clause states.",
    "Bare dotted names in a claim are facts; this one is stated by no clause of the pack.",
    "Fix the spelling (see the hint) or state the fact in the clause that says it.",
)
PROBE_UNAVAILABLE = Code(
    "DW404", "probe-unavailable", W, "A claim asks an engine probe that does not exist.",
    "`probe(\"name\", ...)` calls a probe registered by the pack's engine. The pack has no engine, "
    "or its engine registers no probe of that name (yet), so the claim was not checked.",
    "Fix the probe's name (see the hint), or register the probe in the game's GameSpec.",
)
PROBE_ERROR = Code(
    "DW405", "probe-error", E, "An engine probe failed while answering a claim.",
    "The probe was called with the claim's parameters and raised an error instead of answering. "
    "Either the parameters are wrong for this probe or the probe has a bug.",
    "Check the parameters against the probe's documentation; report a bug in the probe otherwise.",
)
FACT_CONTENT = Code(
    "DW406", "fact-content-mismatch", E, "The content contradicts a fact.",
    "The fact gives an expression (`content:`) that reads the same value from the cards, tiles or "
    "manifest, and the content says something else (the book says 40 cards, the deck holds 39).",
    "Fix the content or the fact; acknowledge a known difference with a reason.",
)
FACT_TYPE = Code(
    "DW407", "fact-type", E, "A fact's value does not match its declared type.",
    "A fact may declare its type (number, integer, string, enum with `of`, list, table, boolean, "
    "duration, range); the value written is not of that type.",
    "Fix the value or the type.",
)
UNDEFINED_TERM = Code(
    "DW408", "undefined-term", E, "A clause uses a game term that is not defined.",
    "Terms listed under a clause's `terms` are game terms (conditions, tokens, cards, sections): "
    "each must be a glossary entry (or alias) or an entity id, so that sheets can explain it.",
    "Fix the spelling (see the hint) or add the term to the glossary in pack.yaml.",
)
UNKNOWN_SECTION = Code(
    "DW409", "unknown-section", E, "A clause refers to a section that does not exist.",
    "`see:` names sections of the rules (the `section` of a rules file); this one names none.",
    "Fix the section name (see the hint) or write the section.",
)
DUPLICATE_CLAUSE = Code(
    "DW410", "duplicate-clause", E, "Two clauses (or two claims) have the same id.",
    "Clause and claim ids are unique in a pack: findings, sheets and acknowledgements name them.",
    "Rename one of them.",
)
ASSUMED_RULE = Code(
    "DW411", "assumed-rule", I, "A rule the pack supplies because the book does not say it.",
    "The clause (or fact) is marked `assumed`: the rulebook is silent or unclear here, and the pack, "
    "and so the engine, plays it this way for the reason given. Content the pack invents is marked the "
    "same way: an entity (`assumed:` on the entity, reported once per file and reason) or every entity "
    "of the files a manifest `files` rule marks `assumed: {reason: ...}` (a map, a monster list). "
    "Reports and sheets list them so that nobody mistakes a house rule or an invented number for the book's.",
    "Nothing to fix; confirm the reading with the designer, or cite the line that settles it.",
)
COPIED_TEXT = Code(
    "DW412", "copied-text", E, "Text repeats a long run of words of the rulebook.",
    "Clause summaries and glossary meanings are in the pack's own words; this one repeats a long run "
    "of consecutive words of a line it cites (checked with --sources). Card text is not checked: a "
    "card prints the book's wording by design.",
    "Paraphrase the text.",
)
CITATION_PAST_END = Code(
    "DW413", "citation-past-end", E, "A citation points past the end of its document.",
    "The cited line (or the end of the cited range) is beyond the last line of the document, or the "
    "range runs backwards.",
    "Fix the line number.",
)
SOURCE_MISSING = Code(
    "DW414", "source-missing", W, "A source document is not in the --sources folder.",
    "The manifest's `sources` names a file that the folder given by --sources does not hold, so its "
    "citations and summaries could not be checked against it.",
    "Fix the file name in the manifest, or pass the folder that holds the document.",
)
SOURCE_LINES = Code(
    "DW415", "source-lines", W, "The manifest gives a wrong line count for a source document.",
    "The manifest's `lines` is used to check citations when the document itself is not at hand; "
    "the document given by --sources has another number of lines.",
    "Set `lines` to the document's line count.",
)

PRECEDENCE_SETTLED = Code(
    "DW416", "precedence-settled", I, "Two clauses disagree, and the book's precedence rule decides.",
    "A rulebook may say which text wins when texts disagree (Agemonia: a card beats a scenario, a "
    "scenario beats the rule book). A pack states that order as the fact `precedence.order` (strongest "
    "first) and marks each clause that encodes a stronger text with `precedence: <level>`; a clause "
    "without one encodes the weakest level. A statement overridden by a stronger level is not an "
    "error: the game uses the stronger value, and the disagreement stays visible as information.",
    "Nothing to do; if the weaker clause should win, correct the clauses' `precedence` levels.",
)

CLAIM_CONSTANT = Code(
    "DW417", "claim-constant", W, "A claim reads no fact, content or probe: it is a constant.",
    "A claim checks the pack by relating facts, the content (`entities`, `deck`, `printed`, `query`...) "
    "and the engine (`probe`). This one reads none of them, so its value is fixed by its own text "
    "(`true`, `3 == 3`, a flag compared with itself) and changing the pack can never change it.",
    "Rewrite the claim over the facts, content or probe results it is about, or delete it.",
)
FACT_UNREAD = Code(
    "DW418", "fact-unread", I, "A fact that nothing reads.",
    "Every fact should feed something: the engine, a probe, a claim, a content expression or a sheet "
    "(`deckwright facts PACK` lists each fact's readers). Nothing reads this one, so changing its value "
    "changes nothing that deckwright checks or plays. Set `unread_facts: error` (or `warning`) in "
    "pack.yaml to require every fact to be read.",
    "Have the engine read it, relate it to the content or another fact with a claim, or drop it.",
)

CODES = (FACT_CONTRADICTION, CLAIM_FAILED, CLAIM_INVALID, UNKNOWN_FACT, PROBE_UNAVAILABLE, PROBE_ERROR,
         FACT_CONTENT, FACT_TYPE, UNDEFINED_TERM, UNKNOWN_SECTION, DUPLICATE_CLAUSE, ASSUMED_RULE,
         COPIED_TEXT, CITATION_PAST_END, SOURCE_MISSING, SOURCE_LINES, PRECEDENCE_SETTLED, CLAIM_CONSTANT, FACT_UNREAD)
