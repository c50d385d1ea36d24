"""Two character abilities played on set positions: the Seeker's time-of-day icons (an Action Token sets
its own time of day for the round) and the Natural Chaos's cap on the Magical Flow a Magic card costs."""

from __future__ import annotations

from deckwright.games.silver_coin import actions, characters, combat, flow
from deckwright.games.silver_coin.state import Fight, State
from deckwright.model import Pack
from tests.games.silver_coin.test_characters import _state


def _icons(state: State) -> list[str]:
    return [a[1] for a in actions.legal(state) if a[0] == "day-icon"]


def test_the_seeker_sets_its_own_time_of_day_for_the_round_with_an_action(sc_pack: Pack) -> None:
    state = _state(sc_pack, "seeker")
    rules = state.table.rules
    calendar = rules.time_cycle[state.round % len(rules.time_cycle)]
    assert sorted(_icons(state)) == sorted(v for v in rules.day_values if v != calendar)
    wanted = next(v for v in rules.day_values if v in rules.night and v != calendar)
    actions.apply(state, ("day-icon", wanted))
    hunter = state.hunters[0]
    assert characters.time_of_day(state, 0) == wanted and hunter.used == 1  # an Action Token
    assert characters.time_of_day(state, 1) == calendar  # for the Seeker only
    assert _icons(state) == []  # once a round
    flow.start_round(state)
    assert hunter.day == "" and characters.time_of_day(state, 0) == rules.time_cycle[state.round % len(rules.time_cycle)]


def test_the_seekers_time_of_day_decides_monster_bonuses_and_night_potions(sc_pack: Pack) -> None:
    state = _state(sc_pack, "seeker")
    table = state.table
    monster, condition = next((m, c) for m, card in enumerate(table.monsters) for kind, c, strength in card.bonuses
                              if kind == "time-of-day" and strength)
    card = table.monsters[monster]
    values = list(table.rules.day_values)
    holds = {}
    for value in values:
        state.hunters[0].day = value
        holds[value] = combat.applies(state, 0, card, "time-of-day", condition)
    assert set(holds.values()) == {True, False}  # some time of day brings the bonus, another does not
    state.hunters[0].day = next(v for v in values if holds[v])
    with_bonus = combat.target(state, Fight(-1, monster), 0)
    state.hunters[0].day = next(v for v in values if not holds[v])
    assert combat.target(state, Fight(-1, monster), 0) < with_bonus
    night = next(v for v in values if v in table.rules.night)
    day = next(v for v in values if v not in table.rules.night)
    hunter = state.hunters[0]
    hunter.potions = {"night-potion": 1}
    plain = next(m for m, c in enumerate(table.monsters) if "no-night-potion" not in c.symbols)
    hunter.missions = [(0, plain, True)]
    for value, offered in ((night, True), (day, False)):
        hunter.day = value
        combat.start(state, 0)
        assert (("drink", "night-potion") in combat.legal(state)) is offered


def test_the_seeker_alone_has_the_icons(sc_pack: Pack) -> None:
    assert _icons(_state(sc_pack, "druid")) == []


def test_the_natural_chaos_pays_at_most_the_facts_magical_flow_for_air_magic(sc_pack: Pack) -> None:
    for overrides, chaos in (({"magic.air.weather_cost.magical_flow": 3}, 1),
                             ({"magic.air.weather_cost.magical_flow": 3, "natural_chaos.card_cost.max_magical_flow": 2}, 2),
                             ({}, 1)):
        state = _state(sc_pack, "natural-chaos", overrides)
        assert actions.air_cost(state, 0) == chaos
        assert actions.air_cost(state, 1) == state.table.rules.air_weather_cost  # another character pays in full
