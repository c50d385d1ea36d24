"""Game plug-ins shipped with deckwright. Each registers through the `deckwright.games` entry point group."""
