"""The playout findings of `check` on the shipped pack and on copies changed to provoke them."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from deckwright.games.agemonia.playcheck import play_findings
from deckwright.model import load_pack
from tests.games.agemonia.conftest import AGEMONIA

RUNS = 6


def _copy(tmp_path: Path, *edits: tuple[str, str], file: str = "samples/scenarios.yaml",
          also: tuple[tuple[str, str, str], ...] = ()) -> object:
    """The shipped pack copied with these edits of `file` (and `also`: (file, old, new) of others)."""
    root = tmp_path / "content" / "agemonia"
    shutil.copytree(AGEMONIA, root)
    shutil.copytree(AGEMONIA.parents[1] / "schemas" / "agemonia", tmp_path / "schemas" / "agemonia")
    for name, old, new in (*((file, old, new) for old, new in edits), *also):
        path = root / name
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new), encoding="utf-8")
    return load_pack(root, "content/agemonia").pack


# Items the samples deal (`items_stash`) whose use needs what the seeded playouts rarely bring: reported
# as unreached (DW945), each played on a hand-built position in test_items_play.py.
SITUATIONAL_ITEMS = {
    "moonegg": "an Injury card to shuffle back: its Hero must have been wounded first",
}


def test_the_shipped_samples_reach_every_piece_of_content(agm_pack):
    # as many playouts as `check` plays by default: nothing unreached; over the box only the Initiative
    # erratum and pools of six or seven dice (a level-3 ability raised by items; the box holds five)
    found = play_findings(agm_pack, budget_seconds=10, pool=None, seed=0)
    # items of the stash no playout used are findings (DW945) the pack reports as they are; the ones whose
    # use needs a rare situation are among them
    unreached = [d.message.split(") ")[-1] for d in found if d.code == "DW945" and "used item" in d.message]
    assert all(item.startswith("used item '") for item in unreached)
    found = [d for d in found if not (d.code == "DW945" and "used item" in d.message)]
    over = [d for d in found if d.code == "DW947"]
    erratum = [d for d in over if "at set-up: 19 initiative-cards in use at once, the box holds 18" in d.message]
    assert len(erratum) == 1
    # the others are dice pools the stash's items raise past the box (an elixir's +1 to Will, the two dice
    # the Compendium gives a Blood Crystal and the Wyldkin Wand's die on Zuvasai's Will of 3 roll seven Action
    # dice; an Inspiration gem and Voidbloom's +1 six; the box holds five)
    assert all(re.search(r": [67] (action|reaction)-dice in use at once, the box holds 5", d.message)
               for d in over if d not in erratum)
    assert all("--replay game.log" in (d.hint or "") for d in over)
    # no Class Skill goes unused (the samples, the campaigns and the games sought for a skill the sampled
    # ones left unused: `seeking`): every one is ticked, by a level-5 sample board (four each) or a campaign
    # Hero (the line-ups take every Hero in turn), and Barkskin and Blurred Form are used too, the face's
    # successes not being their Hero's (`ally_effect.face_counts_with_effect`)
    assert not [d for d in found if d.code == "DW945" and (d.subject or "").startswith("class-skill/")]


@pytest.mark.parametrize("pool", ["action", "reaction"])
def test_an_over_box_finding_names_the_step_the_recorded_game_reaches_it(tmp_path, pool):
    from deckwright.engine.simulation import SimulateOptions, record

    # a box of three dice of each kind: pools of four outgrow it
    pack = _copy(tmp_path, ("      components.action_dice.count: 5\n      components.reaction_dice.count: 5",
                            "      components.action_dice.count: 3\n      components.reaction_dice.count: 3"),
                 file="rules/01-components.yaml")
    finding = next(d for d in play_findings(pack, budget_seconds=0, pool=None, seed=0, runs=RUNS)
                   if f" {pool}-dice in use" in d.message)
    scenario, players, policy, seed, step, most = re.match(
        r"(\S+), (\d+) Heroes?, (\w+) policy, seed (\d+), step (\d+): (\d+) ", finding.message).groups()
    log = record(pack, SimulateOptions(scenario, int(players), seed=int(seed), policies=(policy,))).text()
    actions = log.split("--- actions\n", 1)[1].splitlines()
    # the action of that step asks for the pool; chance rolls it on the next line, and none was rolled before
    assert int(most) > 3
    assert f"rolls {most} {pool} dice" in actions[int(step)]
    assert f"rolls {most} {pool} dice" not in "".join(actions[:int(step)])
    assert f"action line {step} of the log" in (finding.hint or "")


def test_a_sample_never_lost_is_reported_with_its_replay(tmp_path):
    from deckwright.engine.check import check_engine

    pack = _copy(tmp_path, ("  timer: {target: 20, outcome: fail-forward}\n  success: {}\n  all_exhausted: fail",
                            "  timer: {target: 20, outcome: success}\n  success: {}\n  all_exhausted: success"))
    found = check_engine(pack, runs=RUNS)
    # the edited scenario, never lost at any Hero count (a few playouts of another sample may win them all too)
    lost = [d for d in found if d.code == "DW511" and d.subject.startswith("sample-prison-break/")]
    assert [d.subject for d in lost] == [f"sample-prison-break/{n}/never-lost" for n in (1, 2, 3, 4)]
    assert [d.message for d in lost] == [
        f"sample-prison-break, {n} player{'s' if n > 1 else ''}: never lost in the playouts of random, greedy, "
        "heuristic" for n in (1, 2, 3, 4)]
    assert all((d.hint or "").startswith(f"{3 * RUNS} playouts ({RUNS} each of random, greedy, heuristic; seeds "
                                         f"0..{RUNS - 1}): won in 100%; they ended by success:") for d in lost)
    assert all("; seed 0 (random," in (d.hint or "") for d in lost)
    assert "--replay game.log" in (lost[0].hint or "")
    # its every end now is a success: no losing end is declared, so none is reported unreached
    assert not [d for d in found if d.code == "DW502" and d.subject.startswith("sample-prison-break/fail")]


def test_an_end_condition_never_met_is_named_though_another_gives_its_outcome(tmp_path):
    from deckwright.engine.check import check_engine

    # The Broken Ritual fails by its timer or by exhaustion; a timer out of reach leaves only exhaustion.
    pack = _copy(tmp_path, ("  timer: {target: 36, at_setup: true, outcome: fail}",
                            "  timer: {target: 999, at_setup: true, outcome: fail}"))
    found = [d for d in check_engine(pack, runs=RUNS) if d.code == "DW502" and d.subject.startswith("sample-broken")]
    assert [d.subject for d in found] == ["sample-broken-ritual/fail:timer"]
    assert found[0].message == ("sample-broken-ritual: no playout of random, greedy, heuristic at 1, 2, 3, 4 players "
                                "ended by 'fail:timer' (lost)")
    assert " ended by fail:exhausted " in (found[0].hint or "")  # the same outcome, by another end condition


def test_content_no_playout_reaches_is_reported(tmp_path):
    pack = _copy(tmp_path, ("    - {enemy: enemy-warlock, area: crypt, count: 1}\n", ""),
                 also=(("cards/item-tokens.yaml", "  play: {use: {range: 1, curse: dominated}}\n", ""),))
    found = play_findings(pack, budget_seconds=0, pool=None, seed=0, runs=RUNS)
    messages = [d.message for d in found if d.code == "DW945"]
    assert any("condition 'dominated'" in m for m in messages)  # only the Warlock (and the Demon Eye) give it
    assert not any("enemy-warlock" in m for m in messages)  # a Warlock no scenario places is not played


def test_a_scenario_no_policy_wins_is_reported_with_its_hero_count_and_seeds(tmp_path):
    from deckwright.engine.check import check_engine

    pack = _copy(tmp_path, ("    - {id: x, area: outer-gate, range: 0, outcome: success}",
                            "    - {id: x, area: outer-gate, range: 0, outcome: fail}"))
    found = [d for d in check_engine(pack, runs=RUNS, seed=3) if d.code == "DW511" and "never won" in d.message]
    assert [d.message.split(":")[0] for d in found] == [f"sample-prison-break, {n} player{'s' if n > 1 else ''}"
                                                         for n in (1, 2, 3, 4)]
    assert all("seeds 3..8" in (d.hint or "") and "lost in 100%" in (d.hint or "") for d in found)


def test_an_ally_no_playout_brings_into_play_is_reported(tmp_path):
    # the caged Sky Warden moved to a vault no figure can reach: it never joins, so none of its actions is reported
    pack = _copy(tmp_path, ("    - {id: c, area: ledge, range: 0}\n", "    - {id: c, area: vault, range: 0}\n"),
                 ("    - {id: sanctum, capacity: 3}\n", "    - {id: sanctum, capacity: 3}\n    - {id: vault, capacity: 1}\n"),
                 file="samples/sky-bridge.yaml")
    found = [d for d in play_findings(pack, budget_seconds=0, pool=None, seed=0, runs=RUNS)
             if d.code == "DW945" and not (d.subject or "").startswith("class-skill/")
             and "used item" not in d.message]  # the stash's items, in a few playouts
    said = [d.message.split(") ")[-1] for d in found]
    assert "brought Ally 'ally-sky-warden' into play" in said
    assert not any("of Ally 'ally-sky-warden'" in m for m in said)  # its actions: not reported one by one
    assert next(d for d in found if "sky-warden" in d.message).file.endswith("cards/allies.yaml")

