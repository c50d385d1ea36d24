"""The one policy every command applies to a pack's findings, whatever the command.

A pack's findings are what loading found (a file that does not parse, a record that breaks its schema;
all of them, whether or not the pack loads) followed by what the command's stages found. Acknowledged
findings are marked accepted (refused acknowledgements reported), then the manifest's `codes` choose
which are reported. Stale acknowledgements (matching no finding) are reported only by a run that
computed every finding an acknowledgement may name: `check` and `build`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from deckwright.diagnostic import Diagnostic, Severity
from deckwright.lint import acknowledge
from deckwright.model import Pack


def settle(pack: Pack | None, found: Sequence[Diagnostic], *, stale: bool = False,
           unchecked: Collection[str] = ()) -> list[Diagnostic]:
    """The findings as reported: acknowledgements applied (stale ones reported with `stale`, except those of
    `unchecked` codes, which the run did not compute), codes chosen."""
    settled = acknowledge(pack, found, report_stale=stale, unchecked=unchecked)
    return pack.codes.apply(settled) if pack is not None else settled


def open_errors(pack: Pack | None, found: Sequence[Diagnostic]) -> int:
    """How many of the findings are errors still open (not acknowledged): what comes before playouts or a proof."""
    accepted = acknowledge(pack, found, report_stale=False, report_refused=False)
    return sum(1 for d in accepted if d.severity is Severity.ERROR and not d.accepted)
