"""Which Agemonia content `check` lists as not played (DW512): judged from the engine's own handlers."""

from __future__ import annotations

import dataclasses
from typing import Any

from deckwright.engine.effects import effect_findings
from deckwright.games.agemonia.played import EFFECTS


def _listed(pack: Any) -> dict[str, str]:
    return {d.subject: d.message.split(": ", 1)[1] for d in effect_findings(pack, EFFECTS) if d.code == "DW512"}


def test_a_class_skill_without_a_play_is_listed_and_one_with_a_handled_play_is_not(agm_pack: Any) -> None:
    listed = _listed(agm_pack)
    assert not [s for s in listed if s.startswith("class-skill/")]  # every Class Skill states a play
    link = agm_pack.by_id["matajam-shaman-spirit-link"]
    unplayed = dataclasses.replace(link, data={k: v for k, v in link.data.items() if k != "play"})
    assert EFFECTS["class-skill"](agm_pack, unplayed) == "it states no `play.kind`"
    assert "class-skill/lunara-knight-skirmisher" not in listed
    assert sum(1 for s in listed if s.startswith("class-skill/")) == sum(
        1 for e in agm_pack.of_type("class-skill") if not (e.get("play") or {}).get("kind"))


def test_a_skill_given_a_kind_the_engine_dispatches_on_is_played(agm_pack: Any) -> None:
    tactics = agm_pack.by_id["lunara-knight-tactics"]
    judge = EFFECTS["class-skill"]
    taught = dataclasses.replace(tactics, data={**tactics.data, "play": {"kind": "extra-dice", "attacks": ["melee"]}})
    unknown = dataclasses.replace(tactics, data={**tactics.data, "play": {"kind": "reorder-initiative"}})
    assert judge(agm_pack, taught) == ""
    assert judge(agm_pack, unknown) == "the engine has no handler for its play.kind 'reorder-initiative'"


def test_tokens_of_unplayed_kinds_or_without_values_and_items_without_play_values_are_listed(agm_pack: Any) -> None:
    listed = _listed(agm_pack)
    assert "hero-action/zuvasai-eye-of-serupod" not in listed  # a passive action that summons a token
    assert "hero-token/zuvasai-eye-of-serupod-token" not in listed
    assert "hero-action/matajam-stun-trap" not in listed  # a passive action that states its effect (`lasting`)
    assert "hero-token/matajam-stun-trap-token" not in listed
    # every Action token of the pack has play values on a board of its Hero; one whose Hero's boards state
    # none (Stone Form given to Venia) is listed, and so is its token
    assert not [key for key in listed if key.startswith(("hero-action/", "hero-token/"))]
    stone = agm_pack.by_id["torrax-stone-form"]
    moved = dataclasses.replace(stone, data={**stone.data, "hero": "venia"})
    assert EFFECTS["hero-action"](agm_pack, moved) == "no Hero board states its play values"
    stun = agm_pack.by_id["matajam-stun-trap"]
    aura = dataclasses.replace(stun, data={**stun.data, "kind": "aura"})
    assert EFFECTS["hero-action"](agm_pack, aura) == "the engine has no handler for its kind 'aura'"
    carried = {raw["item"] for board in agm_pack.of_type("hero-board") for raw in board.get("items") or []}
    items = [e.id for e in agm_pack.of_type("item", "item-token")]
    played = {i for i in items if f"item/{i}" not in listed and f"item-token/{i}" not in listed}
    assert carried & set(items) <= played  # what a board carries, as its card or the board plays it
    assert "keeneye-arrow" in played and "keeneye-arrow" not in carried  # played from its card alone
    assert listed["item/archive-notes-volume-1"] == ("it lets its holder read pages of the Campaign Book (book 1), a story "
                                                     "the pack does not hold (`play.reads`)")  # outside the rules encoded
    notes = agm_pack.by_id["archive-notes-volume-1"]
    bare = dataclasses.replace(notes, data={k: v for k, v in notes.data.items() if k != "play"})
    assert EFFECTS["item"](agm_pack, bare) == "neither its card (`play`) nor a Hero board states its play values"
    assert "item/rune-of-the-tree" not in listed  # its card's `react` (`reactions`)
    played_actions = [e.id for e in agm_pack.of_type("hero-action") if f"hero-action/{e.id}" not in listed]
    assert "focus-action" in played_actions  # the book's actions every Hero has are rules, not tokens


def test_a_passive_action_whose_values_summon_nothing_is_listed(agm_pack: Any) -> None:
    eye = agm_pack.by_id["zuvasai-eye-of-serupod"]
    judge = EFFECTS["hero-action"]
    assert judge(agm_pack, eye) == ""
    boards = [b for b in agm_pack.of_type("hero-board") if b.get("hero") == eye.get("hero")]
    unsummoning = []
    for board in boards:
        data = {key: [{k: v for k, v in raw.items() if k != "summon"} for raw in board.get(key) or []]
                for key in ("level_tokens", "actions", "open_tokens") if key in board.data}
        unsummoning.append(dataclasses.replace(board, data={**board.data, **data}))
    others = [e for e in agm_pack.entities if e.type != "hero-board" or e.get("hero") != eye.get("hero")]
    pack = dataclasses.replace(agm_pack, entities=(*others, *unsummoning))
    assert judge(pack, eye) == ("the engine plays a passive action when it summons a token or states what it does "
                                "(`passive:`), and its play values do neither")


def test_a_passive_action_is_played_by_the_effect_its_board_states(agm_pack: Any) -> None:
    stun = agm_pack.by_id["matajam-stun-trap"]
    judge = EFFECTS["hero-action"]
    assert judge(agm_pack, stun) == ""
    stripped = []
    for board in agm_pack.of_type("hero-board"):
        data = {key: [{k: v for k, v in raw.items() if k != "passive"} for raw in board.get(key) or []]
                for key in ("level_tokens", "actions", "open_tokens") if key in board.data}
        stripped.append(dataclasses.replace(board, data={**board.data, **data}))
    pack = dataclasses.replace(agm_pack, entities=(*(e for e in agm_pack.entities if e.type != "hero-board"), *stripped))
    assert judge(pack, stun).startswith("the engine plays a passive action when it summons a token")
