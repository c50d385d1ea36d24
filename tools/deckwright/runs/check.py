"""`deckwright check`: lint, then the rules checks (and any further per-pack stages), one report.

Stages after lint are per-pack callables in PACK_CHECKS; the engine's playouts join as one more (their
findings kept in a cache `sheets` and `build` share: runs/playouts.py). Acknowledgements are applied
once, over every stage's findings, and stale ones are reported (runs/acknowledge.py).
"""

from __future__ import annotations

import os

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from deckwright.diagnostic import Diagnostic, Report
from deckwright.model import Loaded, LoadOptions, Pack
from deckwright.rules.claims import check_claims
from deckwright.rules.consumption import FactShares, check_unread, engine_reads, fact_uses
from deckwright.rules.contradictions import check_contradictions, check_fact_types
from deckwright.rules import codes as rule_codes
from deckwright.rules.coverage import books, check_coverage
from deckwright.rules.examples import check_examples
from deckwright.rules.fact_names import check_fact_names
from deckwright.rules.numbers import check_numbers
from deckwright.rules.probes import answers_through
from deckwright.rules.readers import recording
from deckwright.rules.sources import check_sources
from deckwright.rules.terms import check_assumed, check_terms, check_unique_clauses
from deckwright.rules.terms_book import check_book_terms
from deckwright.runs.acknowledge import open_errors
from deckwright.runs.driver import Done, findings, run_pack, run_packs_apart
from deckwright.runs.lint import lint_pack, translation_summary
from deckwright.runs.playouts import cached_playouts, kept_probes
from deckwright.runs.targets import PackTarget


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
    paranoid: bool = False  # invariants after every step of every playout
    cache: Path | None = None  # the parse cache's folder: playout findings are kept under it (runs.playouts)
    playouts: bool = True  # False: no playouts at all (`sheets --no-playouts`), so no findings from play


PackCheck = Callable[[Pack, CheckContext], Iterable[Diagnostic]]


def check_rules(pack: Pack, context: CheckContext) -> list[Diagnostic]:
    """The rules checks of one pack that play no game: facts, terms, assumptions, citations, the books."""
    found: list[Diagnostic] = []
    for check in (check_unique_clauses, check_contradictions, check_fact_types, check_terms, check_assumed,
                  check_fact_names):
        found.extend(check(pack))
    found.extend(check_sources(pack, context.sources))
    for book_check in (check_coverage, check_numbers, check_book_terms):
        found.extend(book_check(pack, context.sources))
    return found


def check_rule_claims(pack: Pack, context: CheckContext) -> list[Diagnostic]:
    """The claims of the pack's rules (a probe they ask may play games)."""
    return list(check_claims(pack))


def check_playouts(pack: Pack, context: CheckContext) -> list[Diagnostic]:
    """The engine's seeded playouts of every scenario and player count (packs with an engine and no errors)."""
    from deckwright.engine import codes as engine_codes
    from deckwright.engine.check import check_engine

    if not context.playouts:
        return []
    if pack.engine and context.content_errors:
        return [engine_codes.SKIPPED.at(pack.locate("engine"), f"playouts of '{pack.engine}' not run: "
                                        f"{context.content_errors} error(s) in the pack come first")]
    if context.budget_seconds is None:
        return cached_playouts(pack, context.cache, {"seed": context.seed, "runs": context.runs,
                                                    "paranoid": context.paranoid},
                               lambda: check_engine(pack, workers=context.workers, seed=context.seed, runs=context.runs,
                                                    paranoid=context.paranoid))
    return check_engine(pack, budget_seconds=context.budget_seconds, workers=context.workers, seed=context.seed,
                        paranoid=context.paranoid)


@contextmanager
def frozen_between_stages() -> Iterator[Callable[[], None]]:
    """`gc.freeze`, to call before each stage of a pack's check: what the process holds then (the pack, what
    lint and the stages before built) is moved out of the cyclic garbage collector's sight, as loading does
    with what it parsed, so the full collections a stage's allocations trigger walk what the stage made, not
    the whole pack again (they cost Agemonia's check about 0.3 s, Silver Coin's 0.15 s; now a third of
    that). Frozen objects are still freed by reference counting; at the end everything is unfrozen, so a
    process that checks pack after pack (a test run) does not keep the cycles they leave."""
    import gc

    try:
        yield gc.freeze
    finally:
        gc.unfreeze()


# The stages `check` runs on every pack that loads, after lint (the report is sorted, so their order does
# not show in it). The playouts come before the claims: they check the invariants, and a probe asking for
# the same games without them then finds them played. The rules checks that play nothing come first, so
# what a pack has left when the other packs of a run are done is games, which its workers share.
PACK_CHECKS: tuple[PackCheck, ...] = (check_rules, check_playouts, check_rule_claims)
RULES_CHECKS = (check_rules, check_rule_claims)  # both: the facts' readers are all known (unread facts)


def check_findings(pack: Pack, loaded: Loaded, context: CheckContext,
                   checks: Sequence[PackCheck] = PACK_CHECKS) -> Done[FactShares]:
    """Lint and every check stage of one loaded pack, with the facts' readers recorded while the stages run:
    facts nothing read are reported. Playouts wait for the pack's open errors (loading's included). The
    stages share one playout session: a game that probes, the check's playouts and engine checks all
    play is played once, and worker processes start once for the pack, when its playing pays for them."""
    from deckwright.engine.parallel import playout_session

    diagnostics = lint_pack(pack, context.cache)
    context = replace(context, content_errors=open_errors(pack, pack.codes.apply([*loaded.diagnostics, *diagnostics])))
    shares = FactShares()
    with recording() as log, playout_session(context.workers), answers_through(kept_probes(pack, context.cache)), \
            frozen_between_stages() as freeze:
        engine_reads(pack)
        for check in checks:
            freeze()
            diagnostics.extend(check(pack, context))
    rules = all(stage in checks for stage in RULES_CHECKS)
    if rules:
        diagnostics.extend(check_unread(pack, log))
        diagnostics.extend(check_examples(pack, log))
        shares = FactShares.of(fact_uses(pack, log))
    computed = rules and books_at_hand(pack, context)
    return Done(diagnostics, shares, unchecked=frozenset() if computed else rule_codes.WITH_BOOKS)


def books_at_hand(pack: Pack, context: CheckContext) -> bool:
    """Whether every document the pack cites is at hand (shipped, or in the --sources folder)."""
    return len(books(pack, context.sources)) == len(pack.sources)


@dataclass(frozen=True)
class Checked:
    """What `check` keeps of one pack besides its findings: the facts' shares, its title and translations."""

    shares: FactShares
    title: str
    locales: Mapping[str, Mapping[str, int]]


@dataclass(frozen=True)
class CheckJob:
    """The job of `deckwright check` on one pack, as `check_findings`; picklable, so packs can be checked
    in worker processes of their own."""

    context: CheckContext
    checks: Sequence[PackCheck] = PACK_CHECKS

    def __call__(self, pack: Pack, loaded: Loaded) -> Done[Checked]:
        done = check_findings(pack, loaded, self.context, self.checks)
        return Done(done.diagnostics, Checked(done.artefact or FactShares(), pack.name, pack.locales), done.unchecked)


def check_report(pack: Pack, loaded: Loaded, context: CheckContext) -> Report:
    """What `deckwright check` reports on one loaded pack (for the findings sheet of `sheets` and `build`)."""
    return Report.of(run_pack(PackTarget(pack.root, pack.display), loaded, CheckJob(context), stale=True).diagnostics)


def run_check(targets: Sequence[PackTarget], options: LoadOptions = LoadOptions(), sources_dir: Path | None = None,
              *, context: CheckContext | None = None, checks: Sequence[PackCheck] = PACK_CHECKS) -> Report:
    """Lint and check every pack; acknowledged findings are marked accepted, stale acknowledgements reported.
    The summary counts the packs' facts and how many the engine, the claims and nothing read. Several packs
    are checked side by side, one worker process each (`context.workers` at once, default one per core),
    each playing its games on workers of its own as they pay: the report is the same in any case."""
    context = with_cache(context or CheckContext(sources=sources_dir, workers=options.workers), options)
    processes = context.workers if context.workers is not None else os.cpu_count() or 1
    runs = run_packs_apart(targets, options, CheckJob(context, tuple(checks)), processes, stale=True,
                           prepare=import_stages)
    checked = [run.artefact for run in runs if run.artefact is not None]
    shares = sum((c.shares for c in checked), FactShares())
    titles = {run.target.display: run.artefact.title if run.artefact is not None else run.target.display
              for run in runs}
    extra: dict[str, object] = {"packs": len(targets), "titles": titles,
                                **translation_summary(c.locales for c in checked)}
    if shares.total:
        extra["facts"] = shares.summary()
    return Report.of(findings(runs), **extra)


def import_stages() -> None:
    """Import what the check of any pack imports (the YAML parser, the layout check and reportlab, the
    engine's checks and probes, the games' registry) and read the default hyphenation dictionary: done
    once before the packs' worker processes fork, they inherit it instead of each doing it again."""
    import deckwright.engine.check  # noqa: F401
    import deckwright.engine.probes  # noqa: F401
    import deckwright.loading.yaml  # noqa: F401
    import deckwright.render.plan  # noqa: F401
    from deckwright.plugin import entry_points
    from deckwright.render.fit import hyphenation

    entry_points()
    hyphenation()


def with_cache(context: CheckContext, options: LoadOptions) -> CheckContext:
    """The context with the playouts cache beside the parse cache (none when the parse cache is off)."""
    return replace(context, cache=options.cache) if context.cache is None else context
