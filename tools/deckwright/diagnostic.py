"""The one value type every check returns: a finding in the content, with its location."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Location:
    """Where something is written: a file as given by the user, 1-based line and column, JSON pointer."""

    file: str
    line: int = 0
    column: int = 0
    pointer: str = ""


@dataclass(frozen=True)
class Related:
    """Another place that explains a diagnostic (the first definition of a duplicate id, ...)."""

    file: str
    line: int
    column: int
    message: str


@dataclass(frozen=True, order=True)
class Citation:
    """A line (or range "N-M") of a source document, by the pack's source id."""

    doc: str
    line: int | str


@dataclass(frozen=True)
class Diagnostic:
    """A finding. `file` is as the user gave it; `line` and `column` are 1-based (0 when unknown)."""

    code: str
    severity: Severity
    message: str
    file: str = ""
    line: int = 0
    column: int = 0
    pointer: str = ""
    related: tuple[Related, ...] = ()
    sources: tuple[Citation, ...] = ()
    hint: str | None = None
    accepted: bool = False
    reason: str | None = None
    # What the finding is about, as an acknowledgement names it: a claim id, fact name or entity id
    # ("" when only the place identifies it: then `file:line`).
    subject: str = ""
    # The pieces a count finding counted and their total (`counted_key`): findings with the same key
    # are one miscount seen from several places (deck, component, fact, claim), reported once.
    counted: str = ""

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.file, self.line, self.column, self.code, self.message)

    def accept(self, reason: str) -> Diagnostic:
        """The same finding, acknowledged by the pack."""
        return replace(self, accepted=True, reason=reason)


@dataclass(frozen=True)
class Code:
    """A documented diagnostic code (`deckwright explain CODE`). A retired code (`retired`: the code that
    reports its findings now) is no longer emitted; it stays listed, so that `explain` still answers a
    reader of an old report or acknowledgement and the number is never given to another finding."""

    code: str
    name: str
    severity: Severity
    summary: str
    explanation: str
    fix: str
    retired: str = ""

    def at(
        self,
        where: Location | None,
        message: str,
        *,
        hint: str | None = None,
        related: Iterable[Related] = (),
        sources: Iterable[Citation] = (),
        severity: Severity | None = None,
        subject: str = "",
        counted: str = "",
    ) -> Diagnostic:
        """A diagnostic of this code at `where` (None: not tied to a file)."""
        where = where or Location("")
        return Diagnostic(
            code=self.code,
            severity=severity or self.severity,
            message=message,
            file=where.file,
            line=where.line,
            column=where.column,
            pointer=where.pointer,
            related=tuple(related),
            sources=tuple(sources),
            hint=hint,
            subject=subject,
            counted=counted,
        )


@dataclass(frozen=True)
class Report:
    """The diagnostics of a run, sorted, with the counts the exit status is derived from."""

    diagnostics: tuple[Diagnostic, ...]
    extra: dict[str, object] = field(default_factory=dict)

    @classmethod
    def of(cls, diagnostics: Iterable[Diagnostic], **extra: object) -> Report:
        unique = dict.fromkeys(diagnostics)  # same finding from two routes counts once
        return cls(tuple(sorted(_one_per_miscount(unique), key=Diagnostic.sort_key)), dict(extra))

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity is severity and not d.accepted)

    @property
    def errors(self) -> int:
        return self.count(Severity.ERROR)

    @property
    def warnings(self) -> int:
        return self.count(Severity.WARNING)

    @property
    def accepted(self) -> int:
        return sum(1 for d in self.diagnostics if d.accepted)

    def exit_code(self, strict: bool = False) -> int:
        """0 when clean, 1 when errors were found (or warnings, with strict)."""
        return 1 if self.errors or (strict and self.warnings) else 0


@dataclass(frozen=True)
class CodeFilter:
    """Which diagnostic codes a run reports: `select` (all when empty) minus `ignore`; a prefix matches (DW2)."""

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    def wants(self, code: str) -> bool:
        if self.select and not code.startswith(self.select):
            return False
        return not (self.ignore and code.startswith(self.ignore))

    def then(self, other: CodeFilter) -> CodeFilter:
        """This filter with another's choices over it (the command line's over the manifest's)."""
        return CodeFilter(other.select or self.select, self.ignore + other.ignore)

    def apply(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        return [d for d in diagnostics if self.wants(d.code)]


def by_code(codes: Sequence[Code]) -> dict[str, Code]:
    """Index a stage's code list, refusing duplicates."""
    index: dict[str, Code] = {}
    for code in codes:
        if code.code in index:
            raise ValueError(f"diagnostic code {code.code} defined twice")
        index[code.code] = code
    return index


def counted_key(ids: Iterable[str], total: int) -> str:
    """What a count finding counted: the pieces' ids and their total (Diagnostic.counted)."""
    return f"{','.join(sorted(ids))}={total}"


def _one_per_miscount(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics with every group of open findings that counted the same pieces to the same total
    merged into its first (by place): the others become its related locations."""
    kept: list[Diagnostic] = []
    groups: dict[str, list[Diagnostic]] = {}
    for d in diagnostics:
        if d.counted and not d.accepted:
            groups.setdefault(d.counted, []).append(d)
        else:
            kept.append(d)
    for group in groups.values():
        first, *others = sorted(group, key=Diagnostic.sort_key)
        if not others:
            kept.append(first)
            continue
        also = f" (one miscount, also found at {len(others)} other place{'s' * (len(others) != 1)}: see below)"
        related = [*first.related, *(Related(o.file, o.line, o.column, o.message) for o in others)]
        for o in others:
            related.extend(o.related)
        sources = dict.fromkeys([*first.sources, *(c for o in others for c in o.sources)])
        worst = min((d.severity for d in group), key=[Severity.ERROR, Severity.WARNING, Severity.INFO].index)
        kept.append(replace(first, message=first.message + also, severity=worst,
                            related=tuple(dict.fromkeys(related)), sources=tuple(sources)))
    return kept
