"""The coverage report of `deckwright coverage`: per book, per section, cited and uncovered lines (text,
JSON or HTML), each uncovered run shown with the start of its text."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from jinja2 import Environment, select_autoescape

from deckwright.model import Pack
from deckwright.rules.coverage import Book, DocCoverage, books, coverage

EXCERPT = 70


@dataclass(frozen=True)
class PackCoverage:
    """A pack's coverage: one entry per cited book whose text is at hand, with the book's lines."""

    pack: str
    name: str
    docs: tuple[tuple[DocCoverage, Book], ...]

    def as_json(self) -> dict[str, Any]:
        return {"pack": self.pack, "name": self.name, "documents": [
            {**doc.as_json(), "uncovered_text": {f"{a}-{b}": excerpt(book, a) for s in doc.sections
                                                 for a, b in s.uncovered}}
            for doc, book in self.docs]}


def pack_coverage(pack: Pack, folder: Path | None) -> PackCoverage:
    return PackCoverage(pack.id, pack.name, tuple((coverage(book), book) for book in books(pack, folder)))


def excerpt(book: Book, line: int) -> str:
    text = " ".join(book.text(line).split())
    return text if len(text) <= EXCERPT else text[:EXCERPT - 1] + "…"


def span(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}-{last}"


def write_text(reports: Sequence[PackCoverage], out: TextIO) -> None:
    """A block per book: the share, then each section with its count, uncovered runs and not-rules runs."""
    for report in reports:
        if not report.docs:
            out.write(f"{report.pack}: no cited document is at hand (pass --sources DIR)\n")
        for doc, book in report.docs:
            out.write(f"{report.pack}: {doc.doc} ({doc.path}): {doc.covered} of {doc.rule_lines} rule lines cited "
                      f"({doc.share:.1%}); {doc.not_rules_lines} line(s) marked not rules\n")
            for section in doc.sections:
                out.write(f"  {section.title} (lines {span(section.first, section.last)}): "
                          f"{section.covered}/{section.rule_lines}\n")
                for first, last in section.uncovered:
                    out.write(f"    uncovered {span(first, last)}: {excerpt(book, first)}\n")
                for first, last, reason in section.not_rules:
                    out.write(f"    not rules {span(first, last)}: {reason}\n")


_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Coverage: {{ report.name }}</title>
<style>body{font:14px sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;
padding:2px 6px;vertical-align:top}.gap{color:#a00}.nr{color:#666}</style></head><body>
<h1>Coverage of the cited books: {{ report.name }}</h1>
{% for doc, book in report.docs %}
<h2>{{ doc.doc }} ({{ doc.path }})</h2>
<p>{{ doc.covered }} of {{ doc.rule_lines }} rule lines cited ({{ "%.1f" % (100 * doc.share) }}%);
{{ doc.not_rules_lines }} lines marked not rules.</p>
<table><tr><th>section</th><th>lines</th><th>cited</th><th>uncovered, and not rules</th></tr>
{% for s in doc.sections %}<tr><td>{{ s.title }}</td><td>{{ span(s.first, s.last) }}</td>
<td>{{ s.covered }}/{{ s.rule_lines }}</td><td>
{% for a, b in s.uncovered %}<div class="gap">{{ span(a, b) }}: {{ excerpt(book, a) }}</div>{% endfor %}
{% for a, b, why in s.not_rules %}<div class="nr">{{ span(a, b) }} not rules: {{ why }}</div>{% endfor %}
</td></tr>{% endfor %}</table>
{% else %}<p>No cited document is at hand (pass --sources DIR).</p>{% endfor %}
</body></html>
"""


def html(report: PackCoverage) -> str:
    env = Environment(autoescape=select_autoescape(default=True, default_for_string=True))
    return env.from_string(_HTML).render(report=report, span=span, excerpt=excerpt)
