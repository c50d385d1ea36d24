"""A campaign of the sample scenarios played by bots: City, Journey and Scenario steps in the order
of the fact `campaign.steps`, as far as the book specifies them.

- City step: the party gains the levels its experience reaches (`campaign.levelling`); a party that
  rents no room sleeps at the Disturbed Sleep location and each Hero loses
  `city_step.disturbed_sleep.stamina_loss` stamina, which carries into the scenario (lines 1075-1114).
- Journey step: the World Event cards it may draw are not in the book; the step is recorded only.
- Scenario step: the engine plays the next scenario not yet recorded; an outcome in
  `experience.outcomes` records it and gives `experience.per_scenario` to a scenario with the
  experience symbol, a Fail leaves it to be replayed (lines 1308-1317).
- After it, Heroes recover fully and keep their Injury cards (`injuries.kept_between_scenarios`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from deckwright.gamekit import Pack, fact, resolve_policy, sample_chance
from deckwright.games.agemonia import figures
from deckwright.games.agemonia.campaign import experience_gained, levelling, records
from deckwright.games.agemonia.engine import Agemonia
from deckwright.games.agemonia.state import State

GAME = Agemonia()


@dataclass
class Party:
    """What carries from one scenario to the next."""

    level: int
    experience: int = 0
    injuries: list[tuple[str, ...]] = field(default_factory=list)  # injury ids per Hero
    recorded: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)


def _start(state: State, party: Party, stamina_loss: int, keep_injuries: bool) -> None:
    """Injuries kept from earlier scenarios and the City step's stamina loss, on the opening position."""
    ids = [i.id for i in state.table.injuries]
    for hero in range(state.table.players):
        for injury in party.injuries[hero] if keep_injuries else ():
            index = next(i for i in state.injury_deck if ids[i] == injury)
            state.injury_deck.remove(index)
            state.h_injuries[hero] = state.h_injuries[hero] + (index,)
        figures.lose_stamina(state, hero, stamina_loss)


def _play(state: State, policy: Any, rng: random.Random, bound: int) -> State:
    for _ in range(bound):
        if GAME.is_terminal(state):
            break
        if state.pending or state.seat < 0:
            action = sample_chance(GAME.chance_outcomes(state), rng)
        else:
            action = policy(GAME, state, rng)
        GAME.apply_in_place(state, action)
    return state


def play_campaign(pack: Pack, players: int, policy: str = "heuristic", seed: int = 0,
                  max_scenarios: int = 12) -> dict[str, Any]:
    """Play the sample campaign until every scenario is recorded or `max_scenarios` have been played."""
    steps = levelling(pack)
    order = [str(s) for s in fact(pack, "campaign.steps")]
    stamina_loss = int(fact(pack, "city_step.disturbed_sleep.stamina_loss"))
    keep = bool(fact(pack, "injuries.kept_between_scenarios"))
    chooser = resolve_policy(GAME, policy)
    rng = random.Random(seed)
    party = Party(steps.start, injuries=[() for _ in range(players)])
    scenarios = GAME.scenarios(pack)
    played = 0
    while played < max_scenarios and len(party.recorded) < len(scenarios):
        for step in order:
            if step == "city":
                level = steps.level(party.experience)
                if level > party.level:
                    party.log.append(f"city: the party reaches level {level}")
                    party.level = level
                party.log.append(f"city: disturbed sleep, each Hero loses {stamina_loss} stamina")
            elif step == "journey":
                party.log.append("journey: no World Event card is in the book")
            elif step == "scenario":
                scenario = next(s for s in scenarios if s not in party.recorded)
                table = GAME.compile(pack, scenario, players)
                state = GAME.new_state(table, rng.randrange(1 << 30))
                _start(state, party, stamina_loss, keep)
                _play(state, chooser, rng, GAME.max_steps(table))
                played += 1
                outcome = state.end
                if records(pack, outcome):
                    party.recorded.append(scenario)
                    party.experience += experience_gained(pack, pack.by_id[scenario], outcome)
                party.injuries = [tuple(table.injuries[i].id for i in state.h_injuries[h]) if keep else ()
                                  for h in range(players)]
                party.log.append(f"scenario: {scenario} ends {outcome} after {state.round} rounds; "
                                 f"experience {party.experience}")
    return {"players": players, "policy": policy, "seed": seed, "scenarios_played": played,
            "recorded": party.recorded, "experience": party.experience,
            "level_reached": steps.level(party.experience), "injuries": [list(i) for i in party.injuries],
            "log": party.log}
