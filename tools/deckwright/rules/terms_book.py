"""The book's game terms against the pack's glossary (checked with --sources).

The book is read once (book_reading, over book_words' repair of extraction damage).
- DW425: game terms the book uses that the pack does not know: capitalised names in the middle of a
  sentence ("the Water Sprite") and keywords in brackets ("[Stun]"), on rule lines, that match no
  glossary term or alias, entity name, type title, component name or section title (compared by stems,
  so "Fog Creatures" matches "fog creature"), and are no variant of a term (reported as DW424 instead).
- DW424: a term spelt two ways, when the variant is not listed as an alias of the term: a typo (one
  edit past the first letter, in a word of six letters or more, the variant rarer than the term and not
  derived from it: "mighty" is no typo of "might"), the same words of a name in another order (written
  as a name), a multi-word name with one inner word dropped ("combat level" for "combat strength level"),
  or another kind of component after a term named both with and without one ("herb card" where the
  term is "herb" and "herb tile"); also two glossary entries whose names have the same stems (an
  inflection used as another name).
- DW426: glossary terms that no cited book uses, in any inflection of the term or its aliases.
- DW430: a name the book uses that the pack gives to entities of two or more types (a term whose uses
  name different things: the townsfolk "Troubadour" and the improvement card "Troubadour").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from deckwright.diagnostic import Citation, Diagnostic, Related
from deckwright.model import Entity, Pack
from deckwright.rules import codes
from deckwright.rules.book_reading import PHRASE, Reading, Stems, Uses, read_books, stems
from deckwright.rules.book_words import APOSTROPHES
from deckwright.rules.coverage import books, severity_of
from deckwright.rules.spelling import singular, stem, typo
from deckwright.rules.terms import sections

TYPO_MIN = 6
SHOWN_LINES = 6
_DERIVATIONS = {"er", "or", "y", "ly", "ion", "ive", "ment", "ness", "able", "al"}
_POSSESSIVE = re.compile(rf"[{APOSTROPHES}]s?\s")
_BRACKETED = re.compile(r"\([^)]*\)")


def known_names(pack: Pack) -> dict[Stems, str]:
    """Every name the pack gives something, by stems: glossary, entities, types, components, sections; a
    glossary name with a qualifier in brackets also without it ("Gift of Fire" for "Gift of Fire (Male)")."""
    found: dict[Stems, str] = {}
    for term in pack.glossary:
        for name in term.names:
            found.setdefault(stems(name), term.term)
            found.setdefault(stems(_BRACKETED.sub(" ", name)), term.term)
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
    """The pack's words for kinds of component: the last word of each type title and component name, by
    stems, leaving out words in brackets ("Gems (blue)" gives "gem") and words of one or two letters."""
    names = [spec.title for spec in pack.types.values() if spec.title]
    names += [str(c.get("name")) for c in _listed(pack, "components") if isinstance(c.get("name"), str)]
    words = [stems(re.sub(r"\([^)]*\)?", " ", name)) for name in names]
    return {named[-1] for named in words if named and len(named[-1]) > 2 and not named[-1].isdigit()}


def undefined(reading: Reading, known: Mapping[Stems, str], explained: Iterable[Stems] = (),
              kinds: Iterable[str] = ()) -> Iterator[Uses]:
    """Capitalised names of the book that the pack knows under no name (nor as the end of a longer name,
    nor ending in a longer known name, nor as a known name followed by a kind of component: "Tavern Board"
    is the Tavern's board, nor as one without it: "Inspiration" for "Inspiration gem"), and that are no
    variant of a term (`explained`). A name is a
    phrase the book writes capitalised at least as often as not ("For" after a line break is a word, not a
    name); a single word must be capitalised mid-sentence at least twice."""
    longer = {k for k in known if len(k) > 1}
    ends = {k[-i:] for k in longer for i in range(1, len(k) + 1)}
    skip, kind = set(explained), set(kinds)
    bare = {k[:-1] for k in longer if k[-1] in kind}  # "Inspiration" for the known "Inspiration gem"
    for key, uses in sorted(reading.names.items()):
        if uses.count * 2 < reading.counts.get(key, uses.count) or (len(key) == 1 and uses.count < 2):
            continue
        if key in known or key in skip or key in ends or any(key[-i:] in longer for i in range(2, len(key))) or \
                (len(key) > 1 and key[-1] in kind and key[:-1] in known) or key in bare:
            continue
        if all(part.isdigit() for part in key):
            continue
        yield uses


def variants(index: GlossaryIndex, known: Mapping[Stems, str]) -> Iterator[tuple[str, Uses, str]]:
    """(term, variant's uses, how) for each spelling of a glossary term that is not one of its names; a
    phrase written only inside longer known names ("Energy token" in "Channel Energy token") is none."""
    edges: dict[Stems, set[Stems]] = {}
    for name in known:
        for i in range(1, len(name)):
            edges.setdefault(name[:i], set()).add(name)
            edges.setdefault(name[i:], set()).add(name)
    counts = index.reading.counts
    for key, uses in sorted(index.reading.phrases.items()):
        if key in known or uses.count <= sum(counts.get(name, 0) for name in edges.get(key, ())):
            continue
        how = _variant_of(key, uses, index)
        if how:
            yield how[0], uses, how[1]


class GlossaryIndex:
    """The glossary's names indexed so that a phrase finds the few names it may be a variant of: by their
    words in any order, by each name with an inner word dropped, and (for one-word names) by the spellings
    one letter shorter of the book's own spellings of them (a deletion neighbourhood: two words one edit
    apart share a spelling with one letter deleted, or one is the other with a letter deleted). Built
    before the book is read, so that the reading keeps only the phrases that may be variants; `read`
    then gives it the book."""

    def __init__(self, pack: Pack) -> None:
        self.names = names = {stems(name): term.term for term in pack.glossary for name in term.names}
        self.kinds = kinds = kind_words(pack)
        self.reading = Reading()
        self.order = {name: i for i, name in enumerate(names)}
        self.reordered: dict[Stems, list[Stems]] = {}
        self.dropped: dict[Stems, list[Stems]] = {}
        self.kinded: dict[Stems, list[Stems]] = {}  # "herb" -> ["herb tile"]
        self.near: dict[str, set[Stems]] = {}
        for name in names:
            if len(name) > 1:
                self.reordered.setdefault(tuple(sorted(name)), []).append(name)
            for i in range(1, len(name) - 1):
                self.dropped.setdefault(name[:i] + name[i + 1:], []).append(name)
            if len(name) > 1 and name[-1] in kinds and names.get(name[:-1]) == names[name]:
                self.kinded.setdefault(name[:-1], []).append(name)  # "herb" and "herb tile" name one term

    def read(self, reading: Reading) -> None:
        self.reading = reading
        for name in self.names:
            if len(name) == 1:
                for spelling in self.spellings(name):
                    for near in _deletions(spelling.casefold()):
                        self.near.setdefault(near, set()).add(name)

    def wanted(self, key: Stems) -> bool:
        """Whether a phrase of several words may be a variant of a name."""
        return tuple(sorted(key)) in self.reordered or key in self.dropped or key[:-1] in self.kinded

    def spellings(self, name: Stems) -> list[str]:
        """The book's one-word spellings of a one-word name."""
        uses = self.reading.phrases.get(name)
        return [w for w in uses.spellings if len(w.split()) == 1] if uses else []

    def candidates(self, key: Stems) -> list[Stems]:
        """Names `key` may be a variant of, in glossary order."""
        found = set(self.reordered.get(tuple(sorted(key)), ())) if len(key) > 1 else set()
        found.update(self.dropped.get(key, ()))
        found.update(self.kinded.get(key[:-1], ()))
        return sorted(found, key=self.order.__getitem__)

    def written_as_name(self, key: Stems) -> bool:
        """Whether the book capitalises the phrase as a name at least as often as not."""
        named = self.reading.names.get(key)
        return named is not None and named.count * 2 >= self.reading.counts.get(key, 0)

    def one_edit_away(self, written: str) -> list[Stems]:
        """One-word names that the book spells at most one edit away from `written`, in glossary order."""
        found: set[Stems] = set()
        for near in _deletions(written):
            found.update(self.near.get(near, ()))
        return sorted(found, key=self.order.__getitem__)


def _deletions(word: str) -> set[str]:
    """The word and every spelling of it with one letter deleted."""
    return {word, *(word[:i] + word[i + 1:] for i in range(len(word)))}


def _variant_of(key: Stems, uses: Uses, index: GlossaryIndex) -> tuple[str, str] | None:
    """How `key` spells a glossary term another way: the words of a name in another order (written as a
    name: "Level Combat", not "stamina locked" beside "locked stamina"), an inner word dropped, another kind
    of component after a term named both with and without one ("herb card" for "herb" and "herb tile"; not
    "Action Board" beside "Action Token", two things), or a one-letter typo."""
    for name in index.candidates(key):
        term = index.names[name]
        if len(name) == len(key) > 1 and sorted(name) == sorted(key) and index.written_as_name(key):
            return term, "the same words in another order"
        if len(name) > 2 and len(key) == len(name) - 1 and _drops_inner(name, key):
            return term, "a word of the name dropped"
        if len(key) == len(name) and key[:-1] == name[:-1] and key[-1] in index.kinds and key[-1] != name[-1] and \
                not _possessive(uses.text):
            return term, f"the name followed by '{uses.text.split()[-1]}' where the term's name has '{name[-1]}'"
    written = uses.text.casefold()
    if len(key) == 1 and len(written) >= TYPO_MIN and uses.count <= 2:
        for name in index.one_edit_away(written):
            rivals = index.spellings(name)
            if index.reading.phrases[name].count > uses.count and singular(key[0]) != singular(name[0]) and \
                    any(_typo(written, w.casefold()) for w in rivals) and not derived(key[0], name[0]):
                return index.names[name], "one letter away (a typo?)"
    return None


def _typo(written: str, rival: str) -> bool:
    """One edit apart, past the first letter (a typo rarely changes a word's first letter; a word with
    one more letter in front is another word: "flight", "light")."""
    return written[:1] == rival[:1] and typo(written, rival)


def derived(a: str, b: str) -> bool:
    """Whether one stem is the other with an English derivational ending ("mighty", "attacker", "recovery")."""
    short, long = sorted((a, b), key=len)
    return long.startswith(short) and long[len(short):] in _DERIVATIONS


def _possessive(text: str) -> bool:
    """A possessive ("the adventurer's companions") joins two names; it does not make a new one."""
    return bool(_POSSESSIVE.search(text))


def _drops_inner(name: Stems, key: Stems) -> bool:
    """`key` is `name` without one of its inner words (a first or last word dropped is a shorter name)."""
    return any(name[:i] + name[i + 1:] == key for i in range(1, len(name) - 1))


def unused(pack: Pack, reading: Reading) -> Iterator[tuple[int, str]]:
    """(glossary index, term) for each term no book uses under any of its names; a name with a qualifier in
    brackets ("Gift of Fire (Male)") is used where the book writes it with or without the qualifier (the
    bracket breaks the book's phrase)."""
    for term in pack.glossary:
        if not any(stems(name) in reading.anywhere or stems(_BRACKETED.sub(" ", name)) in reading.anywhere
                   for name in term.names):
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


def shared_names(pack: Pack, reading: Reading) -> Iterator[tuple[Uses, list[list[Entity]]]]:
    """(the book's uses, the entities by type) for each name the book uses that entities of two or more
    types carry (compared by stems); entities of one type sharing a name are one thing printed twice, and
    an entity that names another of the group by id is a view of it (an artifact's entry for its item card)."""
    by_name: dict[Stems, dict[str, list[Entity]]] = {}
    for entity in pack.entities:
        name = entity.data.get("name")
        if isinstance(name, str) and name.strip():
            by_name.setdefault(stems(name), {}).setdefault(entity.type, []).append(entity)
    for key, types in sorted(by_name.items()):
        uses = reading.phrases.get(key) or reading.names.get(key)
        if len(types) < 2 or not key or uses is None:
            continue
        group = [e for t in sorted(types) for e in types[t]]
        ids = {e.id for e in group}
        things = [e for e in group if not (_named_ids(e.data) & (ids - {e.id}))]
        kinds: dict[str, list[Entity]] = {}
        for entity in things:
            kinds.setdefault(entity.type, []).append(entity)
        if len(kinds) > 1:
            yield uses, list(kinds.values())


def _named_ids(value: object) -> set[str]:
    """Every string a record holds, at any depth: an entity naming another's id (an artifact's `item`, a
    talent's recipe producing the item) is about that one, not a second thing of the same name."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


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
    glossary = GlossaryIndex(pack)
    reading = read_books(found, [n for n in glossary.names if len(n) > PHRASE], glossary.wanted)
    glossary.read(reading)
    known = known_names(pack)
    spelt = list(variants(glossary, known))
    for uses in undefined(reading, known, {stems(uses.text) for _, uses, _ in spelt}, glossary.kinds):
        doc, line, column = uses.lines[0]
        yield codes.TERM_UNDEFINED.at(
            by_doc[doc].at(line, column), f"the book uses the name '{uses.text}' ({_lines(uses)}), which the "
            "glossary does not define", severity=severity, sources=_citations(uses), subject=uses.text,
            hint="add it to the glossary or as an alias; acknowledge it if it is no game term")
    for term, uses, how in spelt:
        doc, line, column = uses.lines[0]
        yield codes.TERM_VARIANT.at(
            by_doc[doc].at(line, column), f"the book writes '{uses.text}' ({_lines(uses)}) for the term "
            f"'{term}': {how}", severity=severity, sources=_citations(uses), subject=f"{term}|{uses.text}",
            hint=f"add '{uses.text}' to the aliases of '{term}' if it names the same thing, or define it")
    for index, term in unused(pack, reading):
        yield codes.TERM_UNUSED.at(pack.locate("glossary", index), f"glossary term '{term}' (or an alias) appears "
                                   "nowhere in the cited books", severity=severity, subject=term,
                                   hint="use the book's word as the term or an alias")
    for uses, typed in shared_names(pack, reading):
        doc, line, column = uses.lines[0]
        named = "; ".join(f"{group[0].type} '{group[0].id}'" + (f" (and {len(group) - 1} more)" if len(group) > 1 else "")
                          for group in typed)
        yield codes.TERM_SHARED.at(
            by_doc[doc].at(line, column), f"the book's '{uses.text}' ({_lines(uses)}) is the name of {len(typed)} "
            f"kinds of thing in the pack: {named}", severity=severity, sources=_citations(uses), subject=typed[0][0].name,
            related=[Related(e.locate_id().file, e.locate_id().line, e.locate_id().column, f"{e.type} '{e.id}'")
                     for e in (group[0] for group in typed)],
            hint="rename one, or name each its own way in the glossary; acknowledge it if the book's context "
                 "always tells them apart")
    for index, term, other in inflected_twins(pack):
        where = pack.locate("glossary", [t.term for t in pack.glossary].index(other))
        yield codes.TERM_VARIANT.at(pack.locate("glossary", index), f"glossary terms '{term}' and '{other}' have "
                                    "names that differ only by inflection", severity=severity,
                                    subject=f"{other}|{term}",
                                    related=[Related(where.file, where.line, where.column, f"term '{other}'")])
