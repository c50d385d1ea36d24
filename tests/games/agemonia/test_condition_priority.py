"""When a condition's cards and tokens have run out (rulebook lines 5459-5465, `conditions.priority`):
an Enemy goes without, an Ally takes it from an Enemy that has it, a Hero takes it from a Non-Hero Ally;
checked on hand-built positions of The Sky Bridge with one Condition token in the box and no cards."""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia import GAME, figures
from deckwright.games.agemonia.figures import ENEMY, HERO
from deckwright.games.agemonia.state import OFF

ENGINE = GAME.engine
SHORT = {"components.condition_tokens.count": 1, "conditions.cards_before_tokens": 0}


def _position(agm_pack: Any, **more: Any) -> Any:
    s = ENGINE.new_state(ENGINE.compile(agm_pack, "sample-sky-bridge", 2, {**SHORT, **more}), 0)
    s.h_conds = [()] * len(s.h_conds)
    # no item making a Hero immune (the stash deals some)
    s.h_items = [tuple(i for i in held if not s.table.items[i].effects.immune) for held in s.h_items]
    s.e_conds = [()] * len(s.e_conds)
    s.tokens_used, s.cards_used = 0, [0] * len(s.cards_used)
    enemy = next(e for e, at in enumerate(s.e_area) if at != OFF)
    ally = next(h for h, f in enumerate(s.table.heroes) if f.ally)
    slowed = [c.id for c in s.table.conditions].index("slowed")
    return s, enemy, ally, slowed


def _holds(s: Any, side: int, figure: int, condition: int) -> bool:
    held = s.h_conds[figure] if side == HERO else s.e_conds[figure]
    return any(code >> 1 == condition for code in held)


def test_an_ally_takes_the_last_piece_from_an_enemy_and_an_enemy_goes_without(agm_pack):
    s, enemy, _, slowed = _position(agm_pack)
    figures.gain(s, ENEMY, enemy, slowed, "hero-action")
    assert _holds(s, ENEMY, enemy, slowed) and s.tokens_used == 1
    figures.gain(s, HERO, 0, slowed, "enemy-attack")
    assert _holds(s, HERO, 0, slowed) and not _holds(s, ENEMY, enemy, slowed) and s.tokens_used == 1
    figures.gain(s, ENEMY, enemy, slowed, "hero-action")  # the Hero outranks it: no piece for the Enemy
    assert not _holds(s, ENEMY, enemy, slowed) and s.usage["condition-without-piece:slowed"] == 1
    figures.gain(s, HERO, 1, slowed, "enemy-attack")  # a Hero never takes one from another Hero
    assert not _holds(s, HERO, 1, slowed) and _holds(s, HERO, 0, slowed)


def test_a_hero_takes_it_from_a_non_hero_ally(agm_pack):
    s, enemy, ally, slowed = _position(agm_pack)
    figures.gain(s, HERO, ally, slowed, "enemy-attack")
    figures.gain(s, HERO, 0, slowed, "enemy-attack")
    assert _holds(s, HERO, 0, slowed) and not _holds(s, HERO, ally, slowed)
    figures.gain(s, HERO, ally, slowed, "enemy-attack")
    assert not _holds(s, HERO, ally, slowed)


def test_the_priority_fact_decides_who_keeps_the_piece(agm_pack):
    s, enemy, _, slowed = _position(agm_pack, **{"conditions.priority": ["enemy", "non_hero_ally", "hero"]})
    figures.gain(s, HERO, 0, slowed, "enemy-attack")
    figures.gain(s, ENEMY, enemy, slowed, "hero-action")
    assert _holds(s, ENEMY, enemy, slowed) and not _holds(s, HERO, 0, slowed)


def test_a_priority_that_does_not_rank_every_kind_of_figure_is_refused(agm_pack):
    import pytest

    from deckwright.gamekit import RulesError

    with pytest.raises(RulesError, match="conditions.priority"):
        ENGINE.compile(agm_pack, "sample-sky-bridge", 2, {"conditions.priority": ["hero", "enemy"]})
