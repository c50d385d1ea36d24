"""Citations against the documents they cite: lines past the end, and text copied from the book.

Line counts come from the documents in the --sources folder, or else from the manifest's `lines`.
Copied text is looked for only when the documents are at hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckwright.diagnostic import Diagnostic
from deckwright.loading import Document
from deckwright.lint import codes as lint_codes
from deckwright.model import Pack
from deckwright.model.files import escapes, inside
from deckwright.rules import codes
from deckwright.schema import did_you_mean

COPIED_RUN = 8  # this many words (numbers aside) in a row from a cited line is a copy, not a paraphrase
MAX_SOURCE_BYTES = 20_000_000
_WORD = re.compile(r"[a-z0-9]+(?:['’][a-z]+)?")


@dataclass(frozen=True)
class SourceText:
    """A cited document: its lines when read from --sources, else only its declared line count."""

    count: int | None
    lines: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Cited:
    """Something that cites the book (clause, entity, component, glossary term) and the fields that must be
    in its own words (clause summaries, glossary meanings; never card text, which repeats the book by design)."""

    label: str
    doc: Document  # where it is written
    parts: tuple[Any, ...]
    citations: Sequence[Any]
    texts: tuple[str, ...] = ()


def read_sources(pack: Pack, folder: Path | None) -> tuple[dict[str, SourceText], list[Diagnostic]]:
    """The pack's source documents by id, and what is wrong with reading them."""
    found: dict[str, SourceText] = {}
    problems: list[Diagnostic] = []
    for index, source in enumerate(pack.sources):
        text = None
        if shipped(pack, source.file):  # the pack's own rulebook, shipped beside its content
            text, problem = _read(pack.root, source.file)
        elif folder is not None:
            text, problem = _read(folder, source.file)
            if problem:
                problems.append(codes.SOURCE_MISSING.at(pack.locate("sources", index, "file"), problem))
        if text is None:
            found[source.id] = SourceText(source.lines)
            continue
        lines = tuple(text.splitlines())
        if source.lines is not None and source.lines != len(lines):
            problems.append(codes.SOURCE_LINES.at(
                pack.locate("sources", index, "lines"),
                f"source '{source.id}' ({source.file}) has {len(lines)} lines; the manifest says {source.lines}",
                hint=f"lines: {len(lines)}"))
        found[source.id] = SourceText(len(lines), lines)
    return found, problems


def check_sources(pack: Pack, folder: Path | None) -> Iterator[Diagnostic]:
    """Citations past the end of their document, and own-words text that repeats its cited lines."""
    documents, problems = read_sources(pack, folder)
    yield from problems
    declared = [s.id for s in pack.sources]
    for cited in _everything_cited(pack):
        excerpts: list[str] = []
        for index, citation in enumerate(cited.citations):
            if not isinstance(citation, dict) or not isinstance(citation.get("doc"), str):
                continue
            source = documents.get(citation["doc"])
            if source is None:
                if cited.label.split()[0] != "entity":  # entities' citations are lint's (DW326)
                    yield lint_codes.UNKNOWN_SOURCE.at(cited.doc.locate(cited.parts + ("source", index, "doc")),
                                                       f"no source '{citation['doc']}' in the manifest",
                                                       hint=did_you_mean(citation["doc"], declared))
                continue
            span = line_span(citation.get("line"))
            if span is None:
                continue
            problem = _past_end(span, source.count)
            if problem:
                yield codes.CITATION_PAST_END.at(cited.doc.locate(cited.parts + ("source", index, "line")),
                                                 f"{cited.label} cites {citation['doc']}:{citation['line']}, {problem}")
            elif source.lines is not None:
                excerpts.append(" ".join(source.lines[span[0] - 1:span[1]]))
        if excerpts:
            yield from _copies(cited, " ".join(excerpts))


def line_span(line: Any) -> tuple[int, int] | None:
    """(first, last) line of a citation's `line` (an integer or "N-M"); None when malformed."""
    if isinstance(line, int) and not isinstance(line, bool):
        return line, line
    if isinstance(line, str) and re.fullmatch(r"\d+-\d+", line):
        first, last = line.split("-")
        return int(first), int(last)
    return None


def _past_end(span: tuple[int, int], count: int | None) -> str | None:
    if span[0] > span[1]:
        return "a range that runs backwards"
    if count is not None and span[1] > count:
        return f"but the document has {count} lines"
    return None


def _copies(cited: Cited, excerpt: str) -> Iterator[Diagnostic]:
    book = _WORD.findall(excerpt.casefold())
    for field in cited.texts:
        text = dig(cited.doc.data, cited.parts + (field,))
        if not isinstance(text, str):
            continue
        run = longest_common_run(_WORD.findall(text.casefold()), book)
        words = sum(1 for word in run if not word.isdigit())  # numbers are facts, not prose
        if words >= COPIED_RUN:
            yield codes.COPIED_TEXT.at(cited.doc.locate(cited.parts + (field,)),
                                       f"the {field} of {cited.label} repeats {words} words of the lines it cites: "
                                       f"\"{' '.join(run)}\"", hint="say it in the pack's own words")


def longest_common_run(words: Sequence[str], book: Sequence[str]) -> list[str]:
    """The longest run of consecutive words that both sequences contain (of the longest, the one `words`
    ends first). The run ending at word i of `words` and word j of `book` is one longer than the run ending
    at i - 1 and j - 1; only the places j where the book writes word i are visited, not every word of the
    book for every word of the text."""
    places: dict[str, list[int]] = {}
    for j, word in enumerate(book):
        places.setdefault(word, []).append(j)
    best, best_end = 0, 0
    previous: dict[int, int] = {}  # j -> length of the run ending at the previous word and book word j
    for i, word in enumerate(words, 1):
        current: dict[int, int] = {}
        for j in places.get(word, ()):
            run = current[j] = previous.get(j - 1, 0) + 1
            if run > best:
                best, best_end = run, i
        previous = current
    return list(words[best_end - best:best_end])


def _everything_cited(pack: Pack) -> Iterator[Cited]:
    for clause in pack.rules.clauses:
        yield Cited(f"clause '{clause.id}'", clause.doc, clause.parts, _listed(clause.data.get("source")), ("summary",))
    for entity in pack.entities:  # card text is the book's by nature: only its citations are checked
        yield Cited(f"entity '{entity.id}'", entity.doc, entity.parts, _listed(entity.data.get("source")))
    data = pack.manifest.data if isinstance(pack.manifest.data, Mapping) else {}
    for key, label, text_fields in (("components", "component", ()), ("glossary", "glossary term", ("meaning",))):
        for index, item in enumerate(_listed(data.get(key))):
            if isinstance(item, Mapping):
                name = item.get("id", item.get("term", index))
                yield Cited(f"{label} '{name}'", pack.manifest, (key, index),
                            _listed(item.get("source")), text_fields)


def dig(data: Any, parts: Sequence[Any]) -> Any:
    """The value at a path of keys and indices, or None where the path does not exist."""
    for part in parts:
        if isinstance(data, dict):
            data = data.get(part)
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def shipped(pack: Pack, name: str) -> bool:
    """Whether the pack ships this source document itself, inside its own folder."""
    path = pack.root / name
    return not escapes(name) and inside(pack.root, path) and path.is_file()


def _read(folder: Path, name: str) -> tuple[str | None, str | None]:
    path = folder / name
    if not inside(folder, path):
        return None, f"'{name}' lies outside the --sources folder {folder}"
    if not path.is_file():
        return None, f"no file '{name}' in the --sources folder {folder}"
    try:
        if path.stat().st_size > MAX_SOURCE_BYTES:
            return None, f"'{name}' is larger than {MAX_SOURCE_BYTES // 1_000_000} MB; not read"
        return path.read_bytes().decode("utf-8", errors="replace"), None
    except OSError as exc:
        return None, f"cannot read '{name}': {exc.strerror}"
