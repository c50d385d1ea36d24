"""One module per `deckwright` command; each is a thin click adapter over a library function."""
