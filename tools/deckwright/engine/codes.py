"""Diagnostic codes of the engine check (DW5xx): what playouts of the rules against the content found."""

from __future__ import annotations

from deckwright.diagnostic import Code, Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

NO_END = Code(
    "DW501", "engine-no-end", E, "A playout did not end within the step bound.",
    "Seeded playouts of the scenario ran past the game's step bound without reaching an end "
    "condition: the rules as encoded may let a game go on forever.",
    "Replay the seed (`deckwright simulate PACK --scenario S --players N --seed SEED --runs 1 --record LOG`) "
    "and look for the loop; then fix the end condition or the clause that keeps the game going.",
)
END_UNREACHED = Code(
    "DW502", "engine-end-unreached", W, "An end a scenario declares that no playout of any policy reached.",
    "The game's plug-in declares the ways each scenario can end (`GameSpec.endings`: a scenario's "
    "objectives and ways to lose, a described game's end conditions). The scenario was played from the "
    "same seeds at every player count it supports, by the random policy and by each of the game's own "
    "policies (those its `outcome_policies` names), and no game ended this way: under the pack's rules it "
    "may be unreachable (or rarer than the runs can show). The message names the end, the policies and "
    "the player counts (not how many games, so an acknowledgement holds at any number of runs); the hint "
    "says how the games ended instead, what they showed of this end when the game says, and one to replay. How "
    "often each end should fire is the pack's business: state the book's words as a fact and check them "
    "with a claim over `probe('end_condition_rates', scenario=..., players=...)`.",
    "Replay the named game (`simulate ... --record game.log`, then `simulate --replay game.log`) and follow "
    "the state the end needs; fix the clause that keeps it from happening, or acknowledge the finding "
    "with a reason.",
)
INVARIANT = Code(
    "DW503", "engine-invariant", E, "A playout broke an invariant of the game.",
    "After every step the engine checks that every component is in exactly one place, counters stay in "
    "range, and legal actions exist exactly when the game is not over. A failure is a bug in the engine "
    "or content the engine cannot play; the seed and step reproduce it.",
    "Replay the seed with `deckwright simulate ... --seed SEED --runs 1 --record LOG` and read the log "
    "up to the step.",
)
SETUP = Code(
    "DW504", "engine-setup", E, "The set-up cannot be made for a player count.",
    "The set-up for this player count asks for more components than the pack has, or the pack does not "
    "say how to set it up.",
    "Fix the set-up table or the component counts, or narrow the pack's player range.",
)
UNUSED = Code(
    "DW505", "engine-unused-content", W, "Content that no playout ever used.",
    "No seeded playout drew this card, placed this tile, reached this field or scored this line: it may "
    "be unreachable under the rules, or just rare.",
    "Check how it can enter play; if it is rare on purpose, acknowledge the finding.",
)
UNCOVERED = Code(
    "DW506", "engine-uncovered", E, "A playout reached a situation the rules do not cover.",
    "The game reached a situation (a stack ran out, two pieces met) and no clause of the pack says what "
    "happens then; the engine does not guess, so the playout stopped there.",
    "Add a clause stating what happens (with `assumed` and a reason if the book is silent).",
)
END_CONDITIONS = Code(
    "DW507", "engine-end-conditions", I, "How often playouts end by each end condition the game declares.",
    "For every scenario and player count, the share of seeded random playouts that ended by each end "
    "condition the game's plug-in declares (and by any other end: the step bound, a situation no clause "
    "covers). The same numbers answer claims over `probe('end_condition_rates', ...)`.",
    "Nothing to fix unless the numbers surprise you; state what the book says about them as a claim.",
)
MISSING_FACT = Code(
    "DW508", "engine-missing-fact", E, "The engine needs a fact that no clause states, or one it cannot play.",
    "The game's engine reads its numbers and readings from the pack's rule clauses; a fact it needs is "
    "missing, or states a reading the engine does not implement.",
    "Add a clause with the fact (marked `assumed` with a reason if the book is silent), or correct its value.",
)
SITUATIONS = Code(
    "DW509", "engine-assumed-situations", I, "How often the pack's assumed clauses decided a playout.",
    "Situations the book does not cover arose in playouts and were settled by the pack's assumed clauses; "
    "the more often, the more the game depends on the pack's reading.",
    "Nothing to fix; use the numbers to decide which assumptions deserve a designer's ruling.",
)

SKIPPED = Code(
    "DW510", "engine-skipped", I, "Playouts were not run because the pack has errors.",
    "The engine plays the content as loaded; with errors in it (a file that does not parse, a card that "
    "breaks its schema) the games would show the errors' effects, not the rules'. The other checks ran.",
    "Fix the errors `deckwright lint` reports, then check again.",
)
OUTCOME_FIXED = Code(
    "DW511", "engine-outcome-fixed", W, "A scenario (or one seat of it) is never won, or never lost, under any policy.",
    "The game's plug-in says what each end of a scenario means for the players (won, lost, or the winners "
    "by seat). The scenario was played from the same seeds at this player count by the random policy and "
    "by each of the game's own policies, and none of those games was won (or none was lost) by the "
    "players, or by the named seat: its win or loss rate is 0% or 100% under every policy. That says as "
    "much about the rules as encoded (an objective out of reach, a loss that cannot come) as about the "
    "policies. The message names the policies, not how many games they played (an acknowledgement holds "
    "at any `--runs` or `--budget`); the hint gives the games, the rate of the other outcome, how they "
    "ended, and one to replay.",
    "Replay the named game (`simulate ... --record game.log`, then `simulate --replay game.log`) to see how "
    "it ended; check the scenario's facts and content, or acknowledge the finding with the pack's reason.",
)

EFFECT_UNPLAYED = Code(
    "DW512", "engine-effect-unplayed", I, "Content whose effect the engine does not play.",
    "The game's plug-in says, for each type of its content (cards, skills, items, tokens...), how to tell "
    "whether its engine plays an entity's effect (`GameSpec.effects`): the entity names its effect in a field "
    "and the engine has a handler for that key, or the engine has the values it needs. This entity's effect "
    "is not played: every playout goes on as if it were not there (a card taken does nothing, a skill ticked "
    "changes no roll), so the engine check says nothing about it. The message says why (no key, or no "
    "handler for it); the judgement comes from the engine's own handlers, so teaching the engine an effect "
    "removes the finding. An effect may also lie outside the rules the pack encodes (reading a book the pack "
    "does not hold): the message says so, and there is nothing to teach the engine.",
    "Nothing in the content is wrong: teach the engine the effect (a handler for its key), or give it the "
    "values the engine reads; until then, read the playouts' findings as silent about this entity. An effect "
    "outside the rules the pack encodes stays so until the pack holds what it needs.",
)
EFFECTS_PLAYED = Code(
    "DW513", "engine-effects-played", I, "How many of the pack's entities have an effect the engine does not play.",
    "For each type of content whose effects the game's plug-in judges (`GameSpec.effects`), how many entities "
    "the engine does not play the effect of, out of how many, and apart from them those whose effect lies outside "
    "the rules the pack encodes; each of them is a DW512 at its entity.",
    "Nothing to fix; the count says how much of the content the playouts leave out.",
)

CODES = (NO_END, END_UNREACHED, INVARIANT, SETUP, UNUSED, UNCOVERED, END_CONDITIONS, MISSING_FACT, SITUATIONS,
         SKIPPED, OUTCOME_FIXED, EFFECT_UNPLAYED, EFFECTS_PLAYED)
