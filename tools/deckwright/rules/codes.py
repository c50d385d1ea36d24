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
    "Every fact should feed something: the engine, a probe, a claim or a content expression (and "
    "`precedence.order`, the ranking of texts, once a clause names a level of it; `deckwright facts PACK` "
    "lists each fact's readers). Nothing reads this one, so changing its value "
    "changes nothing that deckwright checks or plays. Set `unread_facts: error` (or `warning`) in "
    "pack.yaml to require every fact to be read.",
    "Have the engine read it, relate it to the content or another fact with a claim, or drop it.",
)

UNCOVERED_LINES = Code(
    "DW420", "uncovered-lines", I, "Lines of a cited book that no clause cites and none marks as not rules.",
    "With --sources, every non-blank line of a cited document should be cited by a rule clause or marked "
    "as not a rule (`not_rules: [{doc, lines, reason}]` in pack.yaml: contents, credits, flavour, headings). "
    "What was never encoded cannot contradict anything. One finding per run of uncovered lines, at the book "
    "line, named by its section; `deckwright coverage PACK` lists them all. Set `coverage: {uncovered: "
    "warning}` (or `error`) in pack.yaml to require complete encoding in CI.",
    "Encode the lines as a clause that cites them, or mark them as not rules with a reason.",
)
NOT_RULES_INVALID = Code(
    "DW421", "not-rules-invalid", E, "A `not_rules` entry cannot be read.",
    "Each `not_rules` entry names a source of the manifest (`doc`), a line or range \"N-M\" (`lines`) and "
    "why those lines state no rule (`reason`), and optionally the only `numbers` of those lines it marks; "
    "this one names no known source, gives no usable range, no reason or unreadable numbers, so it marks "
    "nothing, or it marks a number its lines do not state (the text changed, or the line is wrong).",
    "Fix the entry (see the message).",
)
NOT_RULES_CITED = Code(
    "DW422", "not-rules-cited", W, "Lines marked as not rules are cited by a clause.",
    "A clause cites a line inside a `not_rules` range: either the line states a rule (and the marking is "
    "wrong) or the citation is wrong. Either way the coverage report would miscount it.",
    "Narrow the `not_rules` range, or correct the clause's citation.",
)
NUMBER_UNENCODED = Code(
    "DW423", "number-unencoded", I, "A number on a cited book line is the value of no fact of a clause citing it.",
    "Every number on a line a clause cites (counts, costs, thresholds, die faces, example values) should "
    "appear as the value of a fact (in a list or table, as a key, or as a number in the fact's name, such as "
    "`setup.cards.2` for \"2 players\") of a clause that cites that line, so a value stated twice with two "
    "numbers has both statements encoded. Number words (two, twice, ten...) count; list markers (\"1.\" at a "
    "line's start), page and section references (\"page 12\", \"p. 4\", \"3.2.1\"), years (1900-2099) and "
    "lines that are only a number (page numbers) do not. A number that states no rule (a page count on a "
    "component page, a printer's timestamp, digits the extraction garbled) is marked in `not_rules` with "
    "`numbers: [...]` and a reason. Severity is `coverage: {numbers: ...}` in pack.yaml "
    "(info by default).",
    "State the number as a fact of a clause citing the line, or mark the line as not rules with a reason.",
)
TERM_VARIANT = Code(
    "DW424", "term-variant", I, "The book spells a game term in two ways.",
    "A game term (a glossary term or a capitalised name of the book) appears in another form that is not "
    "listed as its alias: a typo (edit distance), the same words in another order, another inflection "
    "used as a name, or a multi-word name with a word dropped or changed (`herb tile` and `herb card`). "
    "Either the book names one thing two ways, or two things almost alike.",
    "Add the variant to the term's `aliases` when it names the same thing, define it as its own term "
    "when it does not, or acknowledge the finding with the pack's reading.",
)
TERM_UNDEFINED = Code(
    "DW425", "book-term-undefined", I, "The book uses a game term that the glossary does not define.",
    "Capitalised names in the middle of a sentence and keywords in brackets are the book's game terms; "
    "this one matches no glossary term or alias, entity name or section title of the pack.",
    "Add it to the glossary (or as an alias), or acknowledge it when it is not a game term.",
)
TERM_UNUSED = Code(
    "DW426", "glossary-term-unused", I, "A glossary term the cited books never use.",
    "Neither the term nor any of its aliases (nor an inflection of them) appears in the pack's cited "
    "documents: it is the pack's own word, or misspelt.",
    "Use the book's word (or add it as an alias), or acknowledge the term as the pack's own.",
)
TERM_SHARED = Code(
    "DW430", "term-names-two-things", I, "The book uses a name that the pack gives to things of two types.",
    "Entities of different types carry one name (by stems: a townsfolk 'Troubadour' and an improvement card "
    "'Troubadour'), and the book uses that name: each use of it names one of them, and the reader must "
    "guess which. Entities of one type sharing a name (one card per scenario, say) are one thing printed "
    "twice and not reported.",
    "Rename one of them, or give each its own distinguishing name in the book and the glossary; acknowledge "
    "the finding with the pack's reading when the book's context always tells them apart.",
)
FACT_NAME_COLLISION = Code(
    "DW427", "fact-name-collision", W, "Two fact names that nearly collide.",
    "Two facts whose names differ only in separators, a plural, the order of their words or a typo "
    "(`hand.size`, `hand_size`, `hands.size`) are most likely one fact written two ways; as two names "
    "they can never contradict each other.",
    "Use one name for both statements, or rename one so that they differ clearly.",
)
EXAMPLE_NOT_RECOMPUTED = Code(
    "DW428", "example-not-recomputed", I, "A worked example's fact is not recomputed from the rule.",
    "A book's worked example is encoded as `example.*` facts and a claim that recomputes the example's "
    "result from the rule's facts, so an example whose arithmetic does not follow the rule fails. No claim "
    "reads this example fact together with a fact of the rule (one outside `example.`) or asks a probe. "
    "Severity is `coverage: {examples: ...}` in pack.yaml (info by default).",
    "Add a claim that derives the example's result from the rule's facts and the example's givens.",
)
COVERAGE_SHARE = Code(
    "DW429", "coverage-share", I, "How much of a cited book the clauses cite.",
    "With --sources, one finding per cited document: the rule lines (not blank, not marked not rules) "
    "that clauses cite, out of all. With `coverage: {min: 0.95}` in pack.yaml a lower share is an error.",
    "Encode the uncovered lines (`deckwright coverage PACK --sources DIR` lists them).",
)

CODES = (FACT_CONTRADICTION, CLAIM_FAILED, CLAIM_INVALID, UNKNOWN_FACT, PROBE_UNAVAILABLE, PROBE_ERROR,
         FACT_CONTENT, FACT_TYPE, UNDEFINED_TERM, UNKNOWN_SECTION, DUPLICATE_CLAUSE, ASSUMED_RULE,
         COPIED_TEXT, CITATION_PAST_END, SOURCE_MISSING, SOURCE_LINES, PRECEDENCE_SETTLED, CLAIM_CONSTANT, FACT_UNREAD,
         UNCOVERED_LINES, NOT_RULES_INVALID, NOT_RULES_CITED, NUMBER_UNENCODED, TERM_VARIANT, TERM_UNDEFINED,
         TERM_UNUSED, TERM_SHARED, FACT_NAME_COLLISION, EXAMPLE_NOT_RECOMPUTED, COVERAGE_SHARE)

# Findings only a run with the cited books at hand computes (coverage, numbers, terms): without them, an
# acknowledgement of one of these matching no finding is not stale.
WITH_BOOKS = frozenset({"DW420", "DW423", "DW424", "DW425", "DW426", "DW429", "DW430"})
