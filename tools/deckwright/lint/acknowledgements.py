"""Exact acknowledgements: a finding is accepted when the pack names its code, its subject and the
fingerprint of the values it showed. Anything looser is refused (DW331); an entry matching more
findings than it says accepts none (DW332); one whose finding is gone or whose values changed is
stale (DW330) and the finding is open again."""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Sequence

from deckwright.diagnostic import Diagnostic
from deckwright.lint import codes
from deckwright.model import Pack
from deckwright.model.pack import Acknowledgement


def subject_of(pack: Pack, diagnostic: Diagnostic) -> str:
    """What an acknowledgement names to accept `diagnostic`: its subject, or `file:line` in the pack."""
    if diagnostic.subject:
        return diagnostic.subject
    prefix = pack.display.rstrip("/") + "/"
    file = diagnostic.file.removeprefix(prefix) if diagnostic.file.startswith(prefix) else diagnostic.file
    return f"{file}:{diagnostic.line}"


def fingerprint(diagnostics: Sequence[Diagnostic]) -> str:
    """12 hex digits that change when any of the findings' code, subject or values (its message) change."""
    digest = hashlib.sha256()
    for text in sorted(f"{d.code}\0{d.subject}\0{d.message}" for d in diagnostics):
        digest.update(text.encode() + b"\n")
    return digest.hexdigest()[:12]


def _loosely(text: str, diagnostic: Diagnostic) -> bool:
    """What the refused `match:` form accepted: a piece of the message or of the path, or the pointer."""
    return text in diagnostic.message or text in diagnostic.file or text == diagnostic.pointer


def _suggestion(ack: Acknowledgement, pack: Pack, found: Sequence[Diagnostic]) -> str:
    if not found:
        return "name the finding: `subject:` (claim id, fact name, entity id or file:line) and `values:`"
    count = f", count: {len(found)}" if len(found) > 1 else ""
    return f"{{code: {ack.code}, subject: {subject_of(pack, found[0])}, values: \"{fingerprint(found)}\"{count}}}"


def _stale_hint(code: str) -> str:
    """What to do with an acknowledgement that matches no finding; for a retired code, which code to accept."""
    from deckwright.codebook import lookup  # only for a stale entry: the codebook reads every game's codes

    known = lookup(code)
    if known is not None and known.retired:
        return (f"{code} is retired: its findings are {known.retired} now; accept the {known.retired} finding "
                f"(`deckwright explain {code}`)")
    return "remove it, or correct its subject"


def acknowledge(pack: Pack | None, diagnostics: Sequence[Diagnostic], *, report_stale: bool = True,
                report_refused: bool = True, unchecked: Collection[str] = ()) -> list[Diagnostic]:
    """Mark the findings the pack acknowledges exactly as accepted. Report refused entries (with
    `report_refused`) and, when `diagnostics` are every finding of the pack (`report_stale`), entries
    that match no finding (unless the run did not compute their code: `unchecked`), another number than
    they say, or whose values changed."""
    if pack is None or not pack.acknowledged:
        return list(diagnostics)
    result = list(diagnostics)
    problems: list[Diagnostic] = []
    for ack in pack.acknowledged:
        where = ack.locate()
        matched = [i for i, d in enumerate(result) if d.code == ack.code and ack.subject is not None
                   and subject_of(pack, d) == ack.subject and not d.accepted]
        found = [result[i] for i in matched]
        if ack.match is not None and not found:
            found = [d for d in result if d.code == ack.code and _loosely(ack.match, d)]  # for the hint only
        if ack.match is not None or not ack.subject or not ack.values:
            why = ("matches on `match:` text" if ack.match is not None else
                   "names no subject (a code alone accepts every finding of it)" if not ack.subject else
                   "gives no `values:` fingerprint")
            if report_refused:
                result.append(codes.ACK_REFUSED.at(where, f"acknowledgement of {ack.code} {why}: refused",
                                                   hint=_suggestion(ack, pack, found)))
            continue
        if not found:
            if ack.code in unchecked or not report_stale:  # (the hint reads every game's codes: only when reported)
                continue
            problems.append(codes.ACK_UNUSED.at(where, f"acknowledgement of {ack.code} '{ack.subject}' matches "
                                                "no finding", hint=_stale_hint(ack.code)))
            continue
        expected = ack.count or 1
        if len(found) != expected:
            problems.append(codes.ACK_COUNT.at(
                where, f"acknowledgement of {ack.code} '{ack.subject}' matches {len(found)} findings, "
                f"not {expected}: it accepts none", hint=_suggestion(ack, pack, found)))
            continue
        if fingerprint(found) != ack.values:
            problems.append(codes.ACK_UNUSED.at(
                where, f"acknowledgement of {ack.code} '{ack.subject}' accepted values {ack.values}; the finding "
                f"now shows {fingerprint(found)}, so it is open again", hint=_suggestion(ack, pack, found)))
            continue
        for i in matched:
            result[i] = result[i].accept(ack.reason)
    return result + problems if report_stale else result
