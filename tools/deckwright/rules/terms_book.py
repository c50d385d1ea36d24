"""The book's game terms against the pack's glossary (checked with --sources).

- DW425: game terms the book uses that the pack does not know: capitalised names in the middle of a
  sentence ("the Water Sprite") and keywords in brackets ("[Stun]"), on rule lines, that match no
  glossary term or alias, entity name, type title, component name or section title (compared by stems,
  so "Fog Creatures" matches "fog creature").
- DW424: a term spelt two ways, when the variant is not listed as an alias of the term: a typo (one
  edit, in a word of six letters or more, the variant rarer than the term), the same words in another
  order, a multi-word name with one word dropped ("combat level" for "combat strength level"), or a term
  followed by a kind of component the pack does not list as its name ("herb card" beside "herb tile");
  also two glossary entries whose names have the same stems (an inflection used as another name).
- DW426: glossary terms that no cited book uses, in any inflection of the term or its aliases.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from deckwright.diagnostic import Citation, Diagnostic, Related
from deckwright.model import Pack
from deckwright.rules import codes
from deckwright.rules.coverage import Book, books, is_heading, severity_of
from deckwright.rules.spelling import singular, stem, typo
from deckwright.rules.terms import sections

Stems = tuple[str, ...]
TYPO_MIN = 6
SHOWN_LINES = 6
_TOKEN = re.compile(r"[A-Za-z][A-Za-z'’]*|\d+|[^\sA-Za-z\d]")
_BREAK = set(".,;:!?()[]{}\"“”•/=+&")
_SENTENCE_END = set(".!?:•(\"“")
_CONNECTORS = {"of", "the", "to"}  # allowed inside a capitalised name
_WORD = re.compile(r"[A-Za-z]+")


@dataclass
class Uses:
    """Where the book writes one phrase: its spellings and lines."""

    spellings: dict[str, int] = field(default_factory=dict)
    lines: list[tuple[str, int, int]] = field(default_factory=list)  # (doc, line, column)
    _seen: set[tuple[str, int]] = field(default_factory=set, repr=False)

    def add(self, text: str, doc: str, line: int, column: int) -> None:
        self.spellings[text] = self.spellings.get(text, 0) + 1
        if (doc, line) not in self._seen:
            self._seen.add((doc, line))
            self.lines.append((doc, line, column))

    @property
    def count(self) -> int:
        return sum(self.spellings.values())

    @property
    def text(self) -> str:
        return max(self.spellings, key=lambda s: (self.spellings[s], s))


def stems(text: str) -> Stems:
    return tuple(stem(w.casefold()) for w in re.findall(r"[A-Za-z][A-Za-z'’]*|\d+", text))


@dataclass
class Reading:
    """What the books say: every phrase of one to four words by stems, and the capitalised names, on rule
    lines; and the stems of every phrase on any line (a glossary term used only in a caption is used)."""

    phrases: dict[Stems, Uses] = field(default_factory=dict)
    names: dict[Stems, Uses] = field(default_factory=dict)
    words: dict[str, int] = field(default_factory=dict)  # lower-case word -> uses
    anywhere: set[Stems] = field(default_factory=set)


def read_books(found: Iterable[Book]) -> Reading:
    """One pass over each book's lines."""
    reading = Reading()
    for book in found:
        for line in range(1, len(book.lines) + 1):
            text = book.text(line)
            rule = book.is_rule_line(line)
            heading = rule and (is_heading(book.lines, line) or _title_case(text))
            _read_line(reading, book.doc, line, text, rule=rule, names=not heading)
    return reading


def _title_case(text: str) -> bool:
    words = _WORD.findall(text)
    long = [w for w in words if len(w) > 3]
    return bool(long) and sum(1 for w in long if w[0].isupper()) >= 0.8 * len(long) and len(words) > 2


def _read_line(reading: Reading, doc: str, line: int, text: str, rule: bool, names: bool) -> None:
    segment: list[tuple[str, int, bool]] = []  # word, column, starts a sentence
    start = True
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in _BREAK or not (token[0].isalnum()):
            _read_segment(reading, doc, line, segment, rule, names)
            segment = []
            start = start or token in _SENTENCE_END
            continue
        if rule and token[0].isalpha():
            folded = token.casefold()
            reading.words[folded] = reading.words.get(folded, 0) + 1
        segment.append((token, match.start() + 1, start))
        start = False
    _read_segment(reading, doc, line, segment, rule, names)


def _read_segment(reading: Reading, doc: str, line: int, segment: list[tuple[str, int, bool]], rule: bool,
                  names: bool) -> None:
    keys = [stem(w.casefold()) for w, _, _ in segment]
    for i in range(len(segment)):
        for n in range(1, min(4, len(segment) - i) + 1):
            key = tuple(keys[i:i + n])
            reading.anywhere.add(key)
            if rule:
                text = " ".join(w for w, _, _ in segment[i:i + n])
                reading.phrases.setdefault(key, Uses()).add(text, doc, line, segment[i][1])
    if rule and names:
        for words, column in _capitalised(segment):
            key = tuple(stem(w.casefold()) for w in words)
            reading.names.setdefault(key, Uses()).add(" ".join(words), doc, line, column)


def _capitalised(segment: list[tuple[str, int, bool]]) -> Iterator[tuple[list[str], int]]:
    """Runs of capitalised words (lower-case connectors inside them allowed); a run that opens a sentence
    counts only from its second word ("Each Fog Creature" -> "Fog Creature"; "Each player" -> nothing)."""
    i = 0
    while i < len(segment):
        word, column, opens = segment[i]
        if not _capital(word):
            i += 1
            continue
        j = i + 1
        while j < len(segment) and (_capital(segment[j][0]) or (
                segment[j][0] in _CONNECTORS and j + 1 < len(segment) and _capital(segment[j + 1][0]))):
            j += 1
        run = [w for w, _, _ in segment[i:j]]
        if opens:
            run, column = run[1:], segment[i + 1][1] if j > i + 1 else column
        while run and run[0].casefold() in _CONNECTORS:
            run = run[1:]
        if run and not (len(run) == 1 and len(run[0]) < 3):
            yield run, column
        i = j


def _capital(word: str) -> bool:
    return word[0].isupper() and not word.isupper() and word.isalpha()


def known_names(pack: Pack) -> dict[Stems, str]:
    """Every name the pack gives something, by stems: glossary, entities, types, components, sections."""
    found: dict[Stems, str] = {}
    for term in pack.glossary:
        for name in term.names:
            found.setdefault(stems(name), term.term)
    others: list[str] = [pack.name, *(s.title for s in pack.sources), *sections(pack)]
    others += [str(e.data.get("name")) for e in pack.entities if isinstance(e.data.get("name"), str)]
    others += [spec.title for spec in pack.types.values() if spec.title]
    others += [str(c.get("name")) for c in _listed(pack, "components") if isinstance(c.get("name"), str)]
    others += [section.title for section in pack.rules.sections if section.title]
    for name in others:
        found.setdefault(stems(name.replace("-", " ")), name)
    return found


def _listed(pack: Pack, key: str) -> list[Mapping[str, object]]:
    data = pack.manifest.data
    items = data.get(key) if isinstance(data, Mapping) else None
    return [i for i in items if isinstance(i, Mapping)] if isinstance(items, list) else []


def kind_words(pack: Pack) -> set[str]:
    """The pack's words for kinds of component (last words of type titles and component names)."""
    names = [spec.title for spec in pack.types.values() if spec.title]
    names += [str(c.get("name")) for c in _listed(pack, "components") if isinstance(c.get("name"), str)]
    return {stem(name.split()[-1].casefold()) for name in names if name.split()}


def undefined(reading: Reading, known: Mapping[Stems, str]) -> Iterator[Uses]:
    """Capitalised names of the book that the pack knows under no name. A name is a phrase the book
    writes capitalised at least as often as not ("For" after a line break is a word, not a name); a
    single word must be capitalised mid-sentence at least twice."""
    for key, uses in sorted(reading.names.items()):
        if uses.count * 2 < reading.phrases.get(key, uses).count or (len(key) == 1 and uses.count < 2):
            continue
        if key in known or any(key == k[-len(key):] or k == key[-len(k):] for k in known if len(k) > 1 and k):
            continue
        if all(part.isdigit() for part in key):
            continue
        yield uses


def variants(pack: Pack, reading: Reading, known: Mapping[Stems, str]) -> Iterator[tuple[str, Uses, str]]:
    """(term, variant's uses, how) for each spelling of a glossary term that is not one of its names."""
    index = GlossaryIndex({stems(name): term.term for term in pack.glossary for name in term.names}, reading)
    kinds = kind_words(pack)
    for key, uses in sorted(reading.phrases.items()):
        if key in known:
            continue
        how = _variant_of(key, uses, index, kinds)
        if how:
            yield how[0], uses, how[1]


class GlossaryIndex:
    """The glossary's names indexed so that a phrase finds the few names it may be a variant of: by their
    words in any order, by each name with an inner word dropped, and (for one-word names) by the spellings
    one letter shorter of the book's own spellings of them (a deletion neighbourhood: two words one edit
    apart share a spelling with one letter deleted, or one is the other with a letter deleted)."""

    def __init__(self, names: Mapping[Stems, str], reading: Reading) -> None:
        self.names = names
        self.reading = reading
        self.order = {name: i for i, name in enumerate(names)}
        self.reordered: dict[Stems, list[Stems]] = {}
        self.dropped: dict[Stems, list[Stems]] = {}
        self.near: dict[str, set[Stems]] = {}
        for name in names:
            if len(name) > 1:
                self.reordered.setdefault(tuple(sorted(name)), []).append(name)
            for i in range(1, len(name) - 1):
                self.dropped.setdefault(name[:i] + name[i + 1:], []).append(name)
            if len(name) == 1:
                for spelling in self.spellings(name):
                    for near in _deletions(spelling.casefold()):
                        self.near.setdefault(near, set()).add(name)

    def spellings(self, name: Stems) -> list[str]:
        """The book's one-word spellings of a one-word name."""
        uses = self.reading.phrases.get(name)
        return [w for w in uses.spellings if len(w.split()) == 1] if uses else []

    def candidates(self, key: Stems) -> list[Stems]:
        """Names `key` may be a variant of, in glossary order."""
        found = set(self.reordered.get(tuple(sorted(key)), ())) if len(key) > 1 else set()
        found.update(self.dropped.get(key, ()))
        if key[:-1] in self.names:
            found.add(key[:-1])
        return sorted(found, key=self.order.__getitem__)

    def one_edit_away(self, written: str) -> list[Stems]:
        """One-word names that the book spells at most one edit away from `written`, in glossary order."""
        found: set[Stems] = set()
        for near in _deletions(written):
            found.update(self.near.get(near, ()))
        return sorted(found, key=self.order.__getitem__)


def _deletions(word: str) -> set[str]:
    """The word and every spelling of it with one letter deleted."""
    return {word, *(word[:i] + word[i + 1:] for i in range(len(word)))}


def _variant_of(key: Stems, uses: Uses, index: GlossaryIndex, kinds: set[str]) -> tuple[str, str] | None:
    for name in index.candidates(key):
        term = index.names[name]
        if len(name) == len(key) > 1 and sorted(name) == sorted(key):
            return term, "the same words in another order"
        if len(name) > 2 and len(key) == len(name) - 1 and _drops_inner(name, key):
            return term, "a word of the name dropped"
        if len(key) == len(name) + 1 and key[:-1] == name and key[-1] in kinds and not _possessive(uses.text):
            return term, f"the name followed by '{uses.text.split()[-1]}', which no name of the term has"
    written = uses.text.casefold()
    if len(key) == 1 and len(written) >= TYPO_MIN and uses.count <= 2:
        for name in index.one_edit_away(written):
            rivals = index.spellings(name)
            if index.reading.phrases[name].count > uses.count and \
                    any(typo(written, w.casefold()) for w in rivals) and singular(key[0]) != singular(name[0]):
                return index.names[name], "one letter away (a typo?)"
    return None


def _possessive(text: str) -> bool:
    """A possessive ("the adventurer's companions") joins two names; it does not make a new one."""
    return bool(re.search(r"['’]s?\s", text))


def _drops_inner(name: Stems, key: Stems) -> bool:
    """`key` is `name` without one of its inner words (a first or last word dropped is a shorter name)."""
    return any(name[:i] + name[i + 1:] == key for i in range(1, len(name) - 1))


def unused(pack: Pack, reading: Reading) -> Iterator[tuple[int, str]]:
    """(glossary index, term) for each term no book uses under any of its names."""
    for term in pack.glossary:
        if not any(stems(name) in reading.anywhere for name in term.names):
            yield term.index, term.term


def inflected_twins(pack: Pack) -> Iterator[tuple[int, str, str]]:
    """Two glossary entries with names of the same stems: (later index, its term, the earlier term)."""
    first: dict[Stems, str] = {}
    for term in pack.glossary:
        for name in term.names:
            other = first.setdefault(stems(name), term.term)
            if other != term.term:
                yield term.index, term.term, other
                break


def _lines(uses: Uses) -> str:
    shown = ", ".join(f"{doc}:{line}" for doc, line, _ in uses.lines[:SHOWN_LINES])
    more = len(uses.lines) - SHOWN_LINES
    return shown + (f" and {more} more" if more > 0 else "")


def _citations(uses: Uses) -> tuple[Citation, ...]:
    return tuple(Citation(doc, line) for doc, line, _ in uses.lines[:SHOWN_LINES])


def check_book_terms(pack: Pack, folder: Path | None) -> Iterator[Diagnostic]:
    """DW424-DW426 over the pack's books that are at hand."""
    found = books(pack, folder)
    if not found:
        return
    severity = severity_of(pack, "terms")
    by_doc = {book.doc: book for book in found}
    reading = read_books(found)
    known = known_names(pack)
    for uses in undefined(reading, known):
        doc, line, column = uses.lines[0]
        yield codes.TERM_UNDEFINED.at(
            by_doc[doc].at(line, column), f"the book uses the name '{uses.text}' ({_lines(uses)}), which the "
            "glossary does not define", severity=severity, sources=_citations(uses), subject=uses.text,
            hint="add it to the glossary or as an alias; acknowledge it if it is no game term")
    for term, uses, how in variants(pack, reading, known):
        doc, line, column = uses.lines[0]
        yield codes.TERM_VARIANT.at(
            by_doc[doc].at(line, column), f"the book writes '{uses.text}' ({_lines(uses)}) for the term "
            f"'{term}': {how}", severity=severity, sources=_citations(uses), subject=f"{term}|{uses.text}",
            hint=f"add '{uses.text}' to the aliases of '{term}' if it names the same thing, or define it")
    for index, term in unused(pack, reading):
        yield codes.TERM_UNUSED.at(pack.locate("glossary", index), f"glossary term '{term}' (or an alias) appears "
                                   "nowhere in the cited books", severity=severity, subject=term,
                                   hint="use the book's word as the term or an alias")
    for index, term, other in inflected_twins(pack):
        where = pack.locate("glossary", [t.term for t in pack.glossary].index(other))
        yield codes.TERM_VARIANT.at(pack.locate("glossary", index), f"glossary terms '{term}' and '{other}' have "
                                    "names that differ only by inflection", severity=severity,
                                    subject=f"{other}|{term}",
                                    related=[Related(where.file, where.line, where.column, f"term '{other}'")])
