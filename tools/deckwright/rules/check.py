"""`deckwright check`: lint, then the rules checks (and any further per-pack stages), one report.

Stages after lint are per-pack callables in PACK_CHECKS; the engine's checks join as one more.
Acknowledgements are applied once, over every stage's findings, and stale ones are reported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from deckwright.diagnostic import Diagnostic, Report, Severity
from deckwright.lint import PackTarget, acknowledge, lint_pack
from deckwright.lint.run import translation_summary
from deckwright.model import Loaded, LoadOptions, Pack, load_pack
from deckwright.rules.claims import check_claims
from deckwright.rules.consumption import FactShares, check_unread, engine_reads, fact_uses
from deckwright.rules.coverage import check_coverage
from deckwright.rules.examples import check_examples
from deckwright.rules.fact_names import check_fact_names
from deckwright.rules.contradictions import check_contradictions, check_fact_types
from deckwright.rules.numbers import check_numbers
from deckwright.rules.readers import recording
from deckwright.rules.sources import check_sources
from deckwright.rules.terms_book import check_book_terms
from deckwright.rules.terms import check_assumed, check_terms, check_unique_clauses


# Playouts per scenario and player count when no time budget is asked for: a fixed number, so the
# same content and seed give the same report on every machine; about 10 s a pack on one core.
DEFAULT_RUNS = 50


@dataclass(frozen=True)
class CheckContext:
    """Settings of one check run that stages may use: source documents, workers, seed, and either a
    fixed number of playouts (reproducible) or a time budget in seconds (as many as fit)."""

    sources: Path | None = None
    workers: int | None = None
    seed: int = 0
    budget_seconds: float | None = None
    runs: int = DEFAULT_RUNS
    content_errors: int = 0


PackCheck = Callable[[Pack, CheckContext], Iterable[Diagnostic]]


def check_rules(pack: Pack, context: CheckContext) -> list[Diagnostic]:
    """Every rules check of one pack: facts, claims, terms, assumptions, citations."""
    found: list[Diagnostic] = []
    for check in (check_unique_clauses, check_contradictions, check_fact_types, check_claims, check_terms,
                  check_assumed, check_fact_names):
        found.extend(check(pack))
    found.extend(check_sources(pack, context.sources))
    for book_check in (check_coverage, check_numbers, check_book_terms):
        found.extend(book_check(pack, context.sources))
    return found


def check_playouts(pack: Pack, context: CheckContext) -> list[Diagnostic]:
    """The engine's seeded playouts of every scenario and player count (packs with an engine and no errors)."""
    from deckwright.engine import codes as engine_codes
    from deckwright.engine.check import check_engine

    if pack.engine and context.content_errors:
        return [engine_codes.SKIPPED.at(pack.locate("engine"), f"playouts of '{pack.engine}' not run: "
                                        f"{context.content_errors} error(s) in the pack come first")]
    if context.budget_seconds is None:
        return check_engine(pack, workers=context.workers, seed=context.seed, runs=context.runs)
    return check_engine(pack, budget_seconds=context.budget_seconds, workers=context.workers, seed=context.seed)


# The stages `check` runs on every pack that loads, after lint.
PACK_CHECKS: tuple[PackCheck, ...] = (check_rules, check_playouts)


@dataclass(frozen=True)
class PackChecked:
    """One pack's findings (acknowledgements applied) and how many of its facts are read, and by whom."""

    diagnostics: list[Diagnostic]
    shares: FactShares = FactShares()


def check_pack(loaded: Loaded, context: CheckContext, checks: Sequence[PackCheck] = PACK_CHECKS) -> list[Diagnostic]:
    """Lint and every check stage of one loaded pack, acknowledgements applied and stale ones reported."""
    return check_loaded(loaded, context, checks).diagnostics


def check_loaded(loaded: Loaded, context: CheckContext, checks: Sequence[PackCheck] = PACK_CHECKS) -> PackChecked:
    """`check_pack`, with the facts' readers recorded while the stages run: facts nothing read are reported."""
    diagnostics = lint_pack(loaded)
    shares = FactShares()
    if loaded.pack is not None:
        linted = acknowledge(loaded.pack, diagnostics, report_stale=False, report_refused=False)
        errors = sum(1 for d in linted if d.severity is Severity.ERROR and not d.accepted)
        context = replace(context, content_errors=errors)
        with recording() as log:
            engine_reads(loaded.pack)
            for check in checks:
                diagnostics.extend(check(loaded.pack, context))
        if check_rules in checks:
            diagnostics.extend(check_unread(loaded.pack, log))
            diagnostics.extend(check_examples(loaded.pack, log))
            shares = FactShares.of(fact_uses(loaded.pack, log))
    return PackChecked(acknowledge(loaded.pack, diagnostics, report_stale=True), shares)


def run_check(targets: Sequence[PackTarget], options: LoadOptions = LoadOptions(), sources_dir: Path | None = None,
              *, context: CheckContext | None = None, checks: Sequence[PackCheck] = PACK_CHECKS) -> Report:
    """Lint and check every pack; acknowledged findings are marked accepted, stale acknowledgements reported.
    The summary counts the packs' facts and how many the engine, the claims and nothing read."""
    context = context or CheckContext(sources=sources_dir, workers=options.workers)
    found: list[Diagnostic] = []
    shares = FactShares()
    packs: list[Pack | None] = []
    titles: dict[str, str] = {}
    for target in targets:
        loaded = load_pack(target.folder, target.display, options)
        checked = check_loaded(loaded, context, checks)
        found.extend(loaded.pack.codes.apply(checked.diagnostics) if loaded.pack is not None else checked.diagnostics)
        shares += checked.shares
        packs.append(loaded.pack)
        titles[target.display] = loaded.pack.name if loaded.pack is not None else target.display
    extra: dict[str, object] = {"packs": len(targets), "titles": titles, **translation_summary(packs)}
    if shares.total:
        extra["facts"] = shares.summary()
    return Report.of(found, **extra)
