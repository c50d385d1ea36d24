"""Diagnostic codes of the lint checks that look across a whole pack (DW32x)."""

from __future__ import annotations

from deckwright.diagnostic import Code, Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

DUPLICATE_ID = Code(
    "DW320", "duplicate-id", E, "Two entities have the same id.",
    "Ids are unique across the whole pack, across files and types: references, counts and proofs "
    "find entities by id, and a duplicate makes one of them unreachable.",
    "Rename one of the two (the other is in the related location).",
)
DANGLING_REF = Code(
    "DW321", "dangling-reference", E, "A reference names an id that does not exist.",
    "The manifest declares this field as a reference (`refs` of the type) and no entity of the "
    "target type has this id.",
    "Fix the id (the hint names the closest existing one) or add the missing entity.",
)
DECK_COUNT = Code(
    "DW322", "deck-count", E, "A deck holds a different number of cards than the manifest says.",
    "The manifest gives the printed number of cards of the deck (`count`); the cards its `select` "
    "chooses, copies counted, add up to another number.",
    "Add or remove cards (or copies), or correct the printed count. A known shortfall can be "
    "acknowledged in the manifest with a reason.",
)
COMPONENT_COUNT = Code(
    "DW323", "component-count", E, "A component's printed count differs from the content.",
    "The component list gives the count printed in the rulebook; the entities its `select` chooses, "
    "copies counted, add up to another number.",
    "Fix the content or the count; acknowledge a known difference with a reason.",
)
UNDEFINED_TERM = Code(
    "DW324", "undefined-term", E, "Card text uses an icon or keyword that the glossary does not define.",
    "Icons (`:name:`) and keywords (`[Keyword]`) in card text must be glossary entries, so that "
    "proofs can draw them and players can look them up.",
    "Fix the spelling (see the hint) or add the term to the glossary.",
)
UNUSED_TERM = Code(
    "DW325", "unused-term", W, "A glossary entry that nothing uses.",
    "No card text, rule clause or entity mentions this glossary term: it is a leftover, or the "
    "cards that should use it spell it differently. A term that cites a book line (`source:`) is the "
    "book's word and is not reported here: `check --sources` reports it if the book never uses it (DW426).",
    "Remove the entry, or use the term where it belongs.",
)
UNKNOWN_SOURCE = Code(
    "DW326", "unknown-source", E, "A citation names a document the manifest does not declare.",
    "Citations name a source by its id in the manifest's `sources` list.",
    "Use a declared source id, or declare the document.",
)
MISSING_ASSET = Code(
    "DW327", "missing-asset", E, "A file named by the content does not exist.",
    "An entity names an image (art) or other file, relative to the pack folder, that is not there.",
    "Add the file, or fix the path.",
)
DUPLICATE_TERM = Code(
    "DW328", "duplicate-term", E, "The glossary defines the same term twice.",
    "Each term (and alias) appears once in the glossary, so that its meaning is not ambiguous.",
    "Merge the two entries.",
)
DUPLICATE_DEFINITION = Code(
    "DW329", "duplicate-definition", E, "Two decks or components have the same id.",
    "Decks and components are referred to by id; ids are unique within each list.",
    "Rename one of them.",
)
ACK_UNUSED = Code(
    "DW330", "stale-acknowledgement", W, "An acknowledgement matches no finding, or the values it accepted changed.",
    "An acknowledgement accepts one finding: its code, its subject (claim id, fact name, entity id, or "
    "file:line) and a fingerprint of the values the finding showed (`values:`). This one matches no "
    "finding any more (it was fixed, or its subject was renamed), or the finding now shows other values: "
    "then the finding is open again, and this entry is stale until someone accepts the new values. "
    "`check --strict` fails on it.",
    "Remove the entry; or, if the new values are acceptable too, set `values:` to the fingerprint the "
    "message gives, and say why in the reason.",
)
ACK_REFUSED = Code(
    "DW331", "acknowledgement-refused", E, "An acknowledgement does not name one finding exactly.",
    "An acknowledgement names a code, a subject (claim id, fact name, entity id, or file:line inside the "
    "pack) and the fingerprint of the values it accepts. Matching on a piece of the message or a file "
    "path (`match:`), a code alone, or no fingerprint would accept findings nobody has looked at, so the "
    "entry is refused and accepts nothing.",
    "Write `subject:` and `values:` as the hint gives them for the finding you mean to accept.",
)
ACK_COUNT = Code(
    "DW332", "acknowledgement-count", E, "An acknowledgement matches another number of findings than it says.",
    "An acknowledgement accepts one finding, or exactly `count:` findings of its code and subject. It "
    "matched more (or, with `count:`, another number), so it accepts none of them: new findings of the "
    "same subject must be looked at before they are accepted.",
    "Give the subject more precisely, or set `count:` to the number you accept (and `values:` to the "
    "fingerprint the message gives).",
)

CODES = (DUPLICATE_ID, DANGLING_REF, DECK_COUNT, COMPONENT_COUNT, UNDEFINED_TERM, UNUSED_TERM, UNKNOWN_SOURCE,
         MISSING_ASSET, DUPLICATE_TERM, DUPLICATE_DEFINITION, ACK_UNUSED, ACK_REFUSED, ACK_COUNT)
