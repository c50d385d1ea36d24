from deckwright.cli import run

run()
