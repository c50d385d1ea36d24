"""Battle rounds solved exactly and by seeded Monte Carlo, and fights read from a hand-made pack."""

from __future__ import annotations

import pytest

from deckwright.games.silver_coin.battle import Battle, simulate, solve, win_chance, win_share
from deckwright.games.silver_coin.fight import battle, battle_odds
from tests.games.silver_coin.conftest import MakePack

COIN = (1, 3)  # one die, two faces: against target 2 each round is a hit or a wound, half and half


def coin(**kw: int) -> Battle:
    return Battle(**{"target": 2, "monster_health": 1, "health": 1, "white": COIN, "white_dice": 1, **kw})


def test_one_round_coin_flip() -> None:
    result = solve(coin())
    assert (result["win_fraction"], result["lost"], result["expected_rounds"]) == ("1/2", 0.5, 1.0)


def test_a_reroll_saves_a_lost_round() -> None:
    assert solve(coin(rerolls=1))["win_fraction"] == "3/4"


def test_fleeing_after_the_first_wound() -> None:
    result = solve(coin(monster_health=2, health=2, flee_at=1))
    assert (result["win"], result["fled"], result["lost"]) == (0.25, 0.75, 0.0)


def test_ties_only_lengthen_the_battle() -> None:
    result = solve(Battle(target=1, monster_health=1, health=1, white=(1, 2), white_dice=1))
    assert (result["win"], result["expected_rounds"]) == (1.0, 2.0)


def test_a_battle_of_nothing_but_ties_never_ends() -> None:
    result = solve(Battle(target=2, monster_health=1, health=1, white=(2,), white_dice=1))
    assert (result["never_ends"], result["expected_rounds"]) == (1.0, None)


def test_two_dice_against_seven() -> None:
    # ties aside, each round is a hit or a wound with chance 1/2: 2 hits before 3 wounds is 11/16
    assert solve(Battle(target=7, monster_health=2, health=3))["win_fraction"] == "11/16"


def test_color_dice_are_kept_on_a_reroll() -> None:
    # colour die 0 or 10 decides; the white die cannot change a lost round, so the reroll never helps
    setup = Battle(target=5, monster_health=1, health=1, white=(1, 2), white_dice=1, color=(0, 10), color_dice=1,
                   rerolls=1)
    assert solve(setup)["win_fraction"] == "1/2"


@pytest.mark.parametrize("battle", [
    coin(), coin(rerolls=1), coin(monster_health=2, health=2, flee_at=1), coin(monster_health=3, health=2, rerolls=2),
    Battle(target=7, monster_health=2, health=3, white_dice=2, color_dice=1, rerolls=1),
    Battle(target=5, monster_health=3, health=2, white=(0, 1, 1, 2, 2, 3), white_dice=2, color_dice=2, rerolls=3),
    Battle(target=2, monster_health=2, health=2, white=(2,), white_dice=1),  # nothing but ties
    Battle(target=9, monster_health=1, health=4, white_dice=0, color_dice=2, rerolls=2, flee_at=2),
])
def test_win_chance_is_the_solvers_win(battle: Battle) -> None:
    """The policies' win-only solver gives the same fraction as the full one."""
    assert str(win_chance(battle)) == solve(battle)["win_fraction"]


@pytest.mark.parametrize("battle", [
    coin(monster_health=7),  # 1/128 = 0.0078125: on a rounding boundary of the sixth place
    coin(monster_health=5, health=3, rerolls=2),
    *(Battle(target=t, monster_health=m, health=h, white_dice=2, color_dice=c, rerolls=r)
      for t in (0, 4, 7, 9, 12) for m in (1, 3, 6) for h in (1, 4, 8) for c in (0, 2) for r in (0, 3)),
    Battle(target=5, monster_health=3, health=2, white=(0, 1, 1, 2, 2, 3), white_dice=2, color_dice=2, rerolls=3),
    Battle(target=2, monster_health=2, health=2, white=(2,), white_dice=1),  # nothing but ties
])
def test_the_float_win_share_rounds_as_the_exact_fraction(battle: Battle) -> None:
    """The odds the policies read come from the float solver: to 6 places they are the exact fraction's."""
    assert win_share(battle) == round(float(win_chance(battle)), 6)


def test_monte_carlo_is_seeded_and_within_its_error() -> None:
    setup = Battle(target=7, monster_health=2, health=3)
    first, again = simulate(setup, 4000, seed=7), simulate(setup, 4000, seed=7)
    assert first == again
    assert abs(first["win"] - 11 / 16) <= first["error"]


FACTS = {
    "character.default_health": 6, "battle.knowledge_gap.per_point": 1, "battle.wounded.monster_bonus": 1,
    "battle.badly_wounded.health_at_most": 3, "battle.badly_wounded.monster_bonus_extra": 2,
    "potion.strength.max_per_battle": 2, "potion.strength.strength_bonus": 1, "potion.night.max_per_battle": 1,
    "potion.night.strength_bonus": 2, "legendary_sword.strength_bonus": 1, "battle.reroll.cost.experience": 1,
    "battle.white_dice": 1, "battle.white_die.faces": [1, 3], "battle.color_die.faces": [1, 2],
}
HUNTER = {"id": "hunter", "type": "character", "name": "Hunter", "order": 1, "health": 6}


def monster(mid: str, **fields: object) -> dict[str, object]:
    return {"id": mid, "type": "monster", "name": mid, "level": 1, "strength": 2, "health": 1, **fields}


def test_prebattle_strength_item_by_item(make_pack: MakePack) -> None:
    beast = monster("beast", strength=10, required_knowledge=3, symbols=["no-strength-potion", "legendary-sword"],
                    bonuses=[{"condition": "At night", "strength": 1}, {"condition": "In rain", "strength": 5}])
    pack = make_pack([HUNTER, beast], FACTS)
    found = battle(pack, "beast", "hunter", kit={"knowledge": 1, "health": 3, "strength_potions": 2,
                                                 "night_potions": 1, "legendary_sword": True},
                   conditions=["At night"], time_of_day="full_moon")
    # 10 base + 2 knowledge gap + 3 badly wounded + 1 at night; night potion 2 and sword 1 for the hunter
    assert (found["monster_strength"], found["character_bonus"], found["effective_strength"]) == (16, 3, 13)
    assert found["refused"] == ["strength potion: the monster's symbol forbids it"]
    assert found["outcome"]["lost"] == 1.0


def test_night_potion_refused_in_daylight_and_capped(make_pack: MakePack) -> None:
    pack = make_pack([HUNTER, monster("beast")], FACTS)
    found = battle(pack, "beast", "hunter", kit={"night_potions": 1, "strength_potions": 3})
    assert found["character_bonus"] == 2
    assert found["refused"] == ["strength potion: only 2 per battle", "night potion: it is daylight, not Night"]


def test_spirit_monster_needs_spirit_magic(make_pack: MakePack) -> None:
    pack = make_pack([HUNTER, monster("ghost", symbols=["spirit"])], FACTS)
    assert battle(pack, "ghost", "hunter")["outcome"] is None
    # hit or wound, half and half: the hunter loses only by 6 wounds in a row
    assert battle(pack, "ghost", "hunter", kit={"magic": ["spirit"]})["outcome"]["win_fraction"] == "63/64"


def test_odds_per_level(make_pack: MakePack) -> None:
    pack = make_pack([HUNTER, monster("weak", strength=0), monster("even"), monster("strong", level=2, strength=9)],
                     FACTS)
    odds = battle_odds(pack, "hunter")
    assert odds["monsters"]["weak"]["win"] == 1.0
    assert odds["monsters"]["even"]["win"] == 63 / 64
    assert odds["levels"]["1"] == {"monsters": 2, "min": 63 / 64, "mean": round((1 + 63 / 64) / 2, 6), "max": 1.0}
    assert odds["levels"]["2"] == {"monsters": 1, "min": 0.0, "mean": 0.0, "max": 0.0}


def test_unknown_monster_and_method_are_errors(make_pack: MakePack) -> None:
    pack = make_pack([HUNTER, monster("beast")], FACTS)
    with pytest.raises(ValueError, match="no monster 'dragon'"):
        battle(pack, "dragon", "hunter")
    with pytest.raises(ValueError, match="method"):
        battle(pack, "beast", "hunter", method="guess")
