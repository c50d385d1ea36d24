"""The Monarchs and Townsfolk whose effects the pack states (rules/44-court-and-card-effects.yaml), played
from set-up positions of the shipped pack: Didymus's cut of a won battle's coins, Casimir III's ban after
a lost one, the Troubadour's song, the Monster Collector's trophies and the Librarian's Great Library."""

from __future__ import annotations

from typing import Any

import pytest

from deckwright.games.silver_coin import court, spells, townsfolk
from deckwright.games.silver_coin.characters import SHAPESHIFTER
from deckwright.games.silver_coin.engine import SilverCoin
from deckwright.games.silver_coin.state import State
from deckwright.model import Pack
from deckwright.rules import fact
from tests.games.silver_coin.test_world import _action_phase

GAME = SilverCoin()


def _kingdom_of(state: State, role: str) -> int:
    return next(k for k in range(len(state.table.kingdoms)) if court.role(state, k) == role)


def _mission_of(state: State, kingdom: int) -> int:
    """A Mission card of `kingdom` taken out of the deck, or else out of the Tavern."""
    table = state.table
    mission = next((m for m in state.mission_deck if table.missions[m][0] == kingdom), None)
    if mission is not None:
        state.mission_deck.remove(mission)
        return mission
    slot = next(i for i, (m, _) in enumerate(state.tavern) if table.missions[m][0] == kingdom)
    return state.tavern.pop(slot)[0]


def _fight_in(state: State, kingdom: int) -> State:
    """The hunter whose turn it is stands at a mission of `kingdom` holding it against the weakest plain
    level I monster, its reputation 0 (no penalty on coins), and starts the battle."""
    table = state.table
    mission = _mission_of(state, kingdom)
    plain = [m for m in state.monster_decks[0] if not table.monsters[m].symbols and not table.monsters[m].color_dice_only]
    monster = min(plain, key=lambda m: (table.monsters[m].strength, table.monsters[m].required, m))
    state.monster_decks[0].remove(monster)
    hunter = state.hunters[state.seat]
    hunter.place, hunter.missions = table.missions[mission][1], [(mission, monster, True)]
    hunter.world = hunter.bonus = 0
    state.step, state.done = "location", set()
    assert GAME.invariants(state) == []
    return GAME.apply(state, ("fight", 0))


def _fight_out(state: State, best: bool) -> State:
    """Every die at its highest (or lowest) total, no ability, no flight, until the battle is decided."""
    while state.fight is not None and state.step != "antidote":
        if state.chance is not None:
            outcomes = GAME.chance_outcomes(state)
            state = GAME.apply(state, outcomes[-1 if best else 0][0])
            continue
        answer = {"prebattle": ("attack",), "dice": ("roll-done",), "reroll": ("accept",), "flee": ("continue",),
                  spells.STEP: (spells.UNPROTECTED,)}[state.step]
        state = GAME.apply(state, answer)
    return state


def _won_coins(pack: Pack, role: str, overrides: dict[str, Any] | None = None) -> tuple[int, int]:
    """Coins a won battle paid in the kingdom of the Monarch of `role`, and the monster's printed coins."""
    state = _action_phase(pack, "standard", 3, overrides=overrides)
    state = _fight_in(state, _kingdom_of(state, role))
    assert state.fight is not None
    printed = state.table.monsters[state.fight.monster].coins
    seat, before = state.seat, state.hunters[state.seat].coins
    after = _fight_out(state, best=True)
    assert after.counts.get("battles-won") == 1 and GAME.invariants(after) == []
    return after.hunters[seat].coins - before, printed


def test_didymus_takes_his_tokens_coins_from_a_battle_won_in_his_kingdom(sc_pack: Pack) -> None:
    cut = fact(sc_pack, "monarch.didymus.token_value")
    paid, printed = _won_coins(sc_pack, court.SKEPTIC)
    assert printed > cut and paid == printed - cut
    assert _won_coins(sc_pack, court.SKEPTIC, {"monarch.didymus.token_value": 3}) == (printed - 3, printed)
    assert _won_coins(sc_pack, court.CLAIRVOYANT) == (printed, printed)  # no cut in another kingdom


def _tavern_offer(state: State, seat: int, kingdom: int) -> bool:
    """Whether the hunter at a capital is offered a Tavern mission of `kingdom` laid in the first slot."""
    table = state.table
    state = state.clone()
    state.tavern.insert(0, (_mission_of(state, kingdom), 1))
    state.seat, state.step, state.done = seat, "location", set()
    hunter = state.hunters[seat]
    hunter.place, hunter.missions = table.capitals[0], []
    return ("take", 0) in GAME.legal_actions(state)


def _lost_in(pack: Pack, role: str, overrides: dict[str, Any] | None = None) -> State:
    state = _action_phase(pack, "standard", 3, overrides=overrides)
    state.hunters[state.seat].health = fact(pack, "health.bottom")
    state = _fight_out(_fight_in(state, _kingdom_of(state, role)), best=False)
    assert state.counts.get("battles-lost") == 1 and GAME.invariants(state) == []
    return state


def test_casimir_bans_who_fails_a_mission_of_his_kingdom_from_its_tavern_missions_for_the_facts_rounds(
        sc_pack: Pack) -> None:
    rounds = fact(sc_pack, "monarch.casimir.ban_rounds")
    state = _lost_in(sc_pack, court.BAN)
    banning = _kingdom_of(state, court.BAN)
    loser = state.seat
    other = next(s for s in range(len(state.hunters)) if s != loser)
    elsewhere = _kingdom_of(state, court.TAX)
    assert not _tavern_offer(state, loser, banning)
    assert _tavern_offer(state, other, banning) and _tavern_offer(state, loser, elsewhere)
    state.round += rounds
    assert not _tavern_offer(state, loser, banning)  # the last round of the ban
    state.round += 1
    assert _tavern_offer(state, loser, banning)
    # a battle lost in another Monarch's kingdom bans no one
    free = _lost_in(sc_pack, court.TAX)
    assert free.banned == () and _tavern_offer(free, free.seat, _kingdom_of(free, court.BAN))


def _visiting(pack: Pack, card: str, overrides: dict[str, Any] | None = None) -> State:
    """The hunter whose turn it is, in the capital of `card`'s kingdom, its Location Action open."""
    state = _action_phase(pack, "standard", 3, overrides=overrides)
    kingdom = state.townsfolk_of.index(card)
    state.hunters[state.seat].place = state.table.capitals[kingdom]
    return GAME.apply(state, ("location",))


def test_the_troubadour_pays_for_a_song_as_often_as_the_fact_allows(sc_pack: Pack) -> None:
    coins = fact(sc_pack, "townsfolk.troubadour.song_coins")
    for songs in (fact(sc_pack, "townsfolk.troubadour.songs_per_hunter"), 2):
        state = _visiting(sc_pack, court.TROUBADOUR, {"townsfolk.troubadour.songs_per_hunter": songs})
        seat, before = state.seat, state.hunters[state.seat].coins
        for sung in range(songs):
            assert (townsfolk.SONG,) in GAME.legal_actions(state)
            state = GAME.apply(state, (townsfolk.SONG,))
            assert state.hunters[seat].coins == before + (sung + 1) * coins
        assert (townsfolk.SONG,) not in GAME.legal_actions(state)
    elsewhere = _visiting(sc_pack, court.HORSE_MERCHANT)
    assert (townsfolk.SONG,) not in GAME.legal_actions(elsewhere)


@pytest.mark.parametrize("prices", [None, [5, 15, 25]])
def test_the_monster_collector_buys_a_trophy_by_its_level_but_not_the_shapeshifters(
        sc_pack: Pack, prices: list[int] | None) -> None:
    prices = prices or fact(sc_pack, "townsfolk.monster_collector.trophy_prices")
    state = _visiting(sc_pack, court.MONSTER_COLLECTOR, {"townsfolk.monster_collector.trophy_prices": prices})
    table = state.table
    hunter = state.hunters[state.seat]
    trophy = state.monster_decks[1].pop(0)
    hunter.trophies = [trophy]
    if table.characters[hunter.character].id == SHAPESHIFTER:
        hunter.character = next(i for i, c in enumerate(table.characters) if c.id != SHAPESHIFTER)
    assert (townsfolk.SELL_TROPHY, 2) in GAME.legal_actions(state)
    sold = GAME.apply(state, (townsfolk.SELL_TROPHY, 2))
    seller = sold.hunters[state.seat]
    assert seller.coins == hunter.coins + prices[1] and seller.trophies == [] and trophy in sold.monster_discard
    assert GAME.invariants(sold) == [] and not any(a[0] == townsfolk.SELL_TROPHY for a in GAME.legal_actions(sold))
    hunter.character = next(i for i, c in enumerate(table.characters) if c.id == SHAPESHIFTER)
    assert not any(a[0] == townsfolk.SELL_TROPHY for a in GAME.legal_actions(state))


def test_the_librarians_great_library_asks_the_facts_cards_fewer(sc_pack: Pack) -> None:
    needed = fact(sc_pack, "library.cards_needed")
    for saved in (fact(sc_pack, "townsfolk.librarian.cards_saved"), 0):
        state = _visiting(sc_pack, court.LIBRARIAN, {"townsfolk.librarian.cards_saved": saved})
        table = state.table
        hunter = state.hunters[state.seat]
        kingdom = table.place_kingdom[hunter.place]
        hunter.hand = [c for c in hunter.hand if table.kingdom_cards[c][0] != kingdom]  # no card of the kingdom
        if kingdom in hunter.knowledge:
            hunter.knowledge.remove(kingdom)
            state.bag.append(kingdom)
        offered = ("library",) in GAME.legal_actions(state)
        assert offered == (needed - saved <= 0)
        if offered:
            learned = GAME.apply(state, ("library",))
            assert kingdom in learned.hunters[state.seat].knowledge and GAME.invariants(learned) == []
