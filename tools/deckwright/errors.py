"""User errors that stop a run (exit status 2); content mistakes are Diagnostics instead."""

from __future__ import annotations


class DeckwrightError(Exception):
    """A usage or configuration error: the CLI prints one `Error: ...` line and exits 2."""


class PackNotFound(DeckwrightError):
    """A pack folder was named that has no pack.yaml."""


class UnknownCode(DeckwrightError):
    """`deckwright explain` was asked about a code that does not exist."""
