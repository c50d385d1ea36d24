"""Diagnostic codes of the YAML engine (DW53x): mistakes in an engine description, and what playouts
of a described game show without any claim written for it."""

from __future__ import annotations

from deckwright.diagnostic import Code, Severity

E, W = Severity.ERROR, Severity.WARNING

INVALID = Code(
    "DW531", "described-invalid", E, "The engine description uses something that does not exist or is not supported.",
    "The schema accepted the file's shape, but a name in it (a zone, a counter, a deck, a component, an action) "
    "does not exist, an expression does not parse, or a value is one the YAML engine cannot play.",
    "Fix the value at the location given; the README lists what the YAML engine supports, and the Python game "
    "protocol (deckwright.engine.game.Game) covers everything else.",
)
MISSING_FACT = Code(
    "DW532", "described-missing-fact", E, "The engine description reads a fact that no clause states.",
    "Numbers of a described game come from the pack's rule clauses by name (`fact: hand.size`), so the rules "
    "and the engine cannot disagree; this name is stated by no clause (or not for every player count).",
    "Add a clause stating the fact (marked `assumed` with a reason if the book is silent), or fix the name.",
)
NO_DESCRIPTION = Code(
    "DW533", "described-no-file", E, "The pack names the YAML engine but has no engine description.",
    "A pack with `engine: described` needs exactly one readable file of kind `engine` in its manifest's `files`.",
    "Add `{include: engine.yaml, kind: engine}` to `files`, or name another engine.",
)
END_UNREACHED = Code(
    "DW534", "described-end-unreached", W, "An end condition of the description never ended a playout.",
    "The YAML engine's own check of its end conditions, now the engine check's for every game: a described "
    "game declares its end conditions as the ends of its scenario (engine/described/endings.py).",
    "See DW502.", retired="DW502",
)
UNPLAYED = Code(
    "DW535", "described-card-unplayed", W, "A card no player ever drew or played in any playout.",
    "No seeded playout moved this card into a zone of a player (hand, play area, tableau...): it may be "
    "unaffordable, blocked by a limit, or never reached.",
    "Check its cost and how it enters play; if it is rare on purpose, acknowledge the finding.",
)
TARGET_BEYOND_SUPPLY = Code(
    "DW536", "described-target-beyond-supply", E, "A win target is more than the components or limits can supply.",
    "An end condition waits for a counter to reach a value higher than the counter's maximum or than the number "
    "of tokens its component provides, so no player can ever reach it.",
    "Lower the target, raise the counter's maximum or the component count, or acknowledge the finding.",
)
DEADLOCK = Code(
    "DW537", "described-deadlock", E, "Playouts reached a position where the player to act had no legal action.",
    "Before any end condition held, the player to act had no action whose conditions and costs could be met, "
    "so the game could not go on.",
    "Add an action that is always open (a pass), or an end condition for the position; the seed reproduces it.",
)
PLAY_ERROR = Code(
    "DW538", "described-play-error", E, "An expression of the description failed during play.",
    "An expression read a field a card does not have, compared values of different kinds, or gave a value of "
    "the wrong kind in some position of a playout; the game stopped there.",
    "Fix the expression at the location given; the seed in the message reproduces the position.",
)
EFFECT_BOUND = Code(
    "DW539", "described-effect-bound", E, "A single step ran more effects than the description's bound.",
    "Triggers or repeats fed each other (for example a card entering a zone moves a card into the same zone), "
    "so one step never finished; the game stopped at the bound (`limits.effects_per_step`).",
    "Find the loop among the triggers and card effects; the seed reproduces it.",
)

SUPPLY_OUT = Code(
    "DW540", "described-supply-out", W, "A counter's token supply ran out in playouts.",
    "Players gained tokens of a counter whose component was used up, so the gains were cut short; at that "
    "player count the printed number of tokens does not last the game.",
    "Print more tokens, lower what the game hands out, or say in a clause what happens when they run out "
    "(and acknowledge the finding).",
)

MARK_UNREACHED = Code(
    "DW528", "described-mark-unreached", W, "A mark of a track that no marker reached in any playout.",
    "The effects at that position of the track never ran: the game ends, or the counter stops, before any "
    "player gets that far, so whatever the mark gives is printed for nothing.",
    "Move the mark lower, make the track easier to climb, or acknowledge it if it is meant to be rare.",
)
SPACE_UNVISITED = Code(
    "DW529", "described-space-unvisited", W, "A board space that no pawn entered in any playout.",
    "No player moved onto that space: it may be cut off from the start (its links lead nowhere the pawns "
    "go), out of reach in the moves the game allows, or never worth going to.",
    "Check the space's links and what entering it gives; the hint says how many playouts were seen.",
)

CODES = (INVALID, MISSING_FACT, NO_DESCRIPTION, END_UNREACHED, UNPLAYED, TARGET_BEYOND_SUPPLY, DEADLOCK, PLAY_ERROR,
         EFFECT_BOUND, SUPPLY_OUT, MARK_UNREACHED, SPACE_UNVISITED)
