"""The Class Skills played beyond those of test_class_skills: each on a hand-built position, where the
skill changes what is played by the amount its `class_skill.<rule>.*` fact states."""

from __future__ import annotations

import random
from typing import Any

from deckwright.engine.playout import play, random_policy
from deckwright.games.agemonia import GAME, skills_initiative
from deckwright.games.agemonia.policies import POLICIES
from deckwright.games.agemonia.state import OFF, SELECT, TURNS, State
from tests.games.agemonia.test_class_skills import _with
from tests.games.agemonia.test_hero_kit import RITUAL

ENGINE = GAME.engine


def _selecting(agm_pack: Any, *ids: str, overrides: dict[str, Any] | None = None) -> State:
    """The Broken Ritual's first selection, Lunara (seat 0, one Hero) holding these skills."""
    table = _with(agm_pack, ENGINE.compile(agm_pack, RITUAL, 1, overrides), 0, *ids)
    state = ENGINE.new_state(table, 0)
    assert state.phase == SELECT and state.seat == 0
    return state


def _select(state: State, action_id: str) -> State:
    index = next(i for i, a in enumerate(state.table.heroes[0].actions) if a.id == action_id)
    return ENGINE.apply(state, ("select", index))


def test_tactics_takes_another_ally_initiative_for_its_stamina(agm_pack):
    for cost in (None, 2):
        state = _select(_selecting(agm_pack, "lunara-knight-tactics",
                                   overrides={"class_skill.tactics.stamina": cost} if cost else None),
                        "lunara-stalwart-smite")  # a blue action
        legal = ENGINE.legal_actions(state)
        assert state.phase == SELECT and state.seat == 0 and ENGINE.current_player(state) == 0
        assert set(legal) == {("change-initiative", ""), ("change-initiative", "green"), ("change-initiative", "red")}
        disk = state.h_disk[0]
        state = ENGINE.apply(state, ("change-initiative", "red"))
        assert state.h_disk[0] == disk - int(state.table.rules["class_skill.tactics.stamina"])
        assert state.h_init[0] == "red" and state.usage["lunara-knight-tactics"] == 1
        # the card is revealed next; Lunara acts at the red turn, not the blue one
        card = next(c for c, f in enumerate(state.table.faces) if f.turns[0] == "red" and f.turns[-1] == "blue")
        state = ENGINE.apply(state, ("initiative", card))
        assert state.phase == TURNS and state.seat == 0 and state.queue[0] == 0


def test_without_tactics_or_its_stamina_the_selection_goes_straight_on(agm_pack):
    plain = _select(_selecting(agm_pack), "lunara-stalwart-smite")
    assert plain.seat < 0 and plain.choosing == OFF  # the Initiative card is chance's
    kept = _select(_selecting(agm_pack, "lunara-knight-tactics"), "lunara-stalwart-smite")
    kept = ENGINE.apply(kept, ("change-initiative", ""))
    assert kept.seat < 0 and kept.h_init[0] == "" and "lunara-knight-tactics" not in kept.usage
    broke = _selecting(agm_pack, "lunara-knight-tactics", overrides={"class_skill.tactics.stamina": 99})
    assert _select(broke, "lunara-stalwart-smite").seat < 0


def test_the_initiative_token_is_gone_at_the_next_selection(agm_pack):
    state = _select(_selecting(agm_pack, "lunara-knight-tactics"), "lunara-stalwart-smite")
    state = ENGINE.apply(state, ("change-initiative", "green"))
    state.phase, state.seat, state.h_action[0] = SELECT, 0, -1  # the next round
    state = _select(state, "lunara-stalwart-smite")
    assert state.h_init[0] == ""


def test_the_policies_take_an_initiative_before_the_enemies_when_attacking(agm_pack):
    state = _select(_selecting(agm_pack, "lunara-knight-tactics"), "lunara-stalwart-smite")
    own = "blue"
    best = max(skills_initiative.ally_initiatives(state), key=lambda i: skills_initiative.before_enemies(state, i))
    assert skills_initiative.before_enemies(state, best) > skills_initiative.before_enemies(state, own)
    for policy in POLICIES.values():
        assert policy(ENGINE, state, random.Random(0)) == ("change-initiative", best)


def test_seeded_playouts_with_tactics_change_initiatives_and_end_by_rule(agm_pack):
    table = _with(agm_pack, ENGINE.compile(agm_pack, RITUAL, 1), 0, "lunara-knight-tactics")
    used = 0
    for seed in range(6):
        for policy in (random_policy, POLICIES["heuristic"], POLICIES["greedy"]):
            result = play(ENGINE, table, seed, [policy], check=True)
            assert result.end in ("success", "fail-forward", "fail") and not result.violations
            used += result.usage.get("lunara-knight-tactics", 0)
    assert used
