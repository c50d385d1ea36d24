"""How a game moves on by itself: the draws a position waits for, the auction, the start and end
of each round (calendar, poison, Bidding and Preparation phases, cleanup) and the final scoring."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from deckwright.games.silver_coin import characters, time_board, trophies
from deckwright.games.silver_coin.auction import pick_order
from deckwright.games.silver_coin.court import plague_bag, plague_drawn, tavern_cap
from deckwright.games.silver_coin.effects import gain_reputation, hand_limit, learn
from deckwright.games.silver_coin.rules import count_of
from deckwright.games.silver_coin.state import ACTION, AUCTION, BID, MAGIC, OVER, PICK, PREP, State
from deckwright.games.silver_coin.table import Table

END_ROUNDS = "24-rounds-played"


def pending_draw(state: State) -> tuple[str, ...] | None:
    """The random draw the position needs before anyone decides, or None."""
    table = state.table
    mode = table.mode
    if state.plague_draws and state.phase != OVER:
        return ("plague",)
    if mode is not None:
        found = scenario_flow.pending_draw(state)
        if found is not None or state.phase in (AUCTION, OVER):
            return found
    if state.phase == AUCTION:
        wanted = count_of(lot_count(table, state.stage), table.players)
        if len(state.lots) < wanted:
            return ("lot",) if auction_pile(state) else None
        if state.stage == 1 and len(state.lot_tokens) < len(state.lots) and state.bag:
            return ("lot-token",)
        return None
    if state.phase == MAGIC:
        if state.turn < len(state.order) and state.hunters[state.order[state.turn]].magic \
                and characters.wants_trophy(state, state.order[state.turn]) \
                and len(state.offered) < table.rules.shift_drawn and state.monster_decks[0]:
            return ("offer",)
        return None
    season = table.round_seasons[state.round]
    if mode is None and season and season not in state.season_card and state.season_left.get(season):
        return ("season", season)
    if state.gifts and len(state.hunters[state.gifts[0]].hand) < hand_limit(state, state.gifts[0]) and kingdom_left(state):
        return ("gift",)
    if state.gifts:
        state.gifts.clear()
    if len(state.row) < table.row_size and state.step != "prep-turn" and kingdom_left(state):
        return ("row",)
    if mode is None and len(state.tavern) < table.rules.tavern_max and state.mission_deck:
        return ("tavern",)
    if mode is None and len(state.special_row) < table.special_offered and state.special_deck and state.phase != PICK:
        return ("special",)
    if state.bonus_token < 0 and state.bonus_pile:
        return ("bonus",)
    if len(state.herb_row) < table.rules.herb_face_up and state.herb_deck:
        return ("herb",)
    return None


def kingdom_left(state: State) -> bool:
    if not state.kingdom_deck and state.kingdom_discard and state.table.rules.reshuffle:
        state.kingdom_deck, state.kingdom_discard = sorted(state.kingdom_discard), []
        state.note("situation:kingdom-deck-reshuffled")
    return bool(state.kingdom_deck)


def draw_pile(state: State, kind: tuple[str, ...]) -> list[int]:
    """The pile a pending draw takes from."""
    name = kind[0]
    if name == "plague":
        return plague_bag(state)
    if state.table.mode is not None:
        found = scenario_flow.draw_pile(state, kind)
        if found is not None:
            return found
    if name == "lot":
        return auction_pile(state)
    if name == "lot-token":
        return state.bag
    if name == "season":
        return state.season_left[kind[1]]
    if name in ("gift", "row", "draft", "random-draw"):
        return state.kingdom_deck
    if name == "tavern":
        return state.mission_deck
    if name == "special":
        return state.special_deck
    if name == "bonus":
        return state.bonus_pile
    if name == "monster":
        return state.monster_decks[int(kind[1]) - 1]
    if name == "offer":
        return state.monster_decks[0]
    if name == "herb":
        return state.herb_deck
    if name == "foresee":
        return state.monster_decks[0]
    if name in ("trophy", time_board.GLIMPSE):
        return state.monster_decks[int(kind[1]) - 1]
    if name in (time_board.PEEK, time_board.CARD_GLIMPSE):
        return state.kingdom_deck
    raise ValueError(f"no pile for draw {kind}")


def auction_pile(state: State) -> list[int]:
    """What the current auction deals its lots from: characters, missions, then Journey cards."""
    return (state.characters, state.mission_deck, state.journeys)[state.stage]


def lot_count(table: Table, stage: int) -> str:
    """How many lots an auction deals (a count of players)."""
    rules = table.rules
    return rules.auction_lots[stage] if stage < len(rules.auction_lots) else rules.journeys_drawn


def even_values(pile: Sequence[int]) -> list[int] | None:
    """The values of a pile holding each once, sorted (each as likely to be drawn); None when one repeats."""
    distinct = set(pile)
    return sorted(distinct) if len(distinct) == len(pile) else None


def outcomes(pile: Sequence[int]) -> list[tuple[int, float]]:
    """Each distinct value of a pile with its share."""
    total = len(pile)
    distinct = set(pile)
    if len(distinct) == total:
        return [(value, 1 / total) for value in sorted(distinct)]
    counts = Counter(pile)
    return [(value, n / total) for value, n in sorted(counts.items())]


def resolve_draw(state: State, value: int) -> None:
    """Put the drawn value where the pending draw needed it."""
    kind = state.chance
    assert kind is not None
    state.chance = None
    name = kind[0]
    draw_pile(state, kind).remove(value)
    table = state.table
    if name == "plague":
        plague_drawn(state, value)
        return
    if table.mode is not None:
        if scenario_flow.resolve(state, kind, value):
            return
    if name == "lot":
        state.lots.append(value)
    elif name == "lot-token":
        state.lot_tokens.append(value)
    elif name == "season":
        state.season_card[kind[1]] = value
        state.use(table.season_cards[value][0])
    elif name in ("gift", "draft", "random-draw"):
        if name == "gift":
            time_board.dealt_drawn(state)
        seat = state.gifts.pop(0) if name == "gift" else state.seat
        state.hunters[seat].hand.append(value)
        state.use(table.kingdom_card_ids[value])
    elif name == "row":
        state.row.append(value)
        state.use(table.kingdom_card_ids[value])
    elif name == "tavern":
        place_mission(state, value)
    elif name == "special":
        state.special_row.append(value)
        state.use(table.special_cards[value][0])
    elif name == "bonus":
        state.bonus_token = value
    elif name == "offer":
        state.offered.append(value)
    elif name == "herb":
        place_herb(state, value)
    elif name == "foresee":
        actions.foreseen(state, value)
    elif name == "monster":
        actions.took_monster(state, value)
    elif name == "trophy":
        trophies.drawn(state, int(kind[1]), value)
    elif name == time_board.GLIMPSE:
        time_board.glimpsed(state, value)
    elif name == time_board.PEEK:
        time_board.peeked(state, value)
    elif name == time_board.CARD_GLIMPSE:
        time_board.card_glimpsed(state, value)


def place_herb(state: State, herb: int) -> None:
    """A drawn Herb card goes face up unless its kingdom already shows the most it may (then it is
    discarded and another is drawn, line 945)."""
    table = state.table
    kingdom = table.herb_cards[herb][1]
    if sum(1 for h in state.herb_row if table.herb_cards[h][1] == kingdom) >= table.rules.herb_per_kingdom:
        state.herb_discard.append(herb)
        return
    state.herb_row.append(herb)
    state.use(table.herb_cards[herb][0])


def place_mission(state: State, mission: int) -> None:
    """A new Mission card enters the Tavern with the next Monster Token, unless its kingdom is full."""
    table = state.table
    kingdom = table.missions[mission][0]
    if sum(1 for m, _ in state.tavern if table.missions[m][0] == kingdom) >= tavern_cap(state, kingdom):
        state.mission_discard.append(mission)
        state.note("situation:mission-discarded-kingdom-full")
        return
    if not state.refill:
        state.refill = list(table.rules.refill_levels[min(state.round // 12, len(table.rules.refill_levels) - 1)]
                            if state.round >= 0 else table.rules.refill_levels[0])
    state.tavern.append((mission, state.refill.pop(0)))
    state.use(table.mission_ids[mission])


def advance(state: State) -> None:
    """Run what needs no decision until a draw or a decision is needed, or the game is over."""
    while state.phase != OVER and state.chance is None:
        if state.dealt and state.dealt[2] == time_board.ASKING:
            return  # the Chronomancer decides about the card dealt to it
        need = pending_draw(state)
        if need == ("gift",) and time_board.ask_dealt(state):
            return
        if need is not None:
            state.chance = need
            return
        if not _settle(state):
            return


def _settle(state: State) -> bool:
    """One automatic step; False when a decision is awaited."""
    if state.phase == AUCTION:
        if state.table.mode is not None:
            return scenario_flow.setup_step(state)
        return _auction_step(state)
    if state.phase == MAGIC:
        if state.turn < len(state.order):
            state.seat = state.order[state.turn]
            return False
        start_round(state)
        return True
    if state.phase == BID:
        if state.turn < len(state.order):
            state.seat = state.order[state.turn]
            return False
        bids = {seat: sum(state.table.kingdom_cards[c][2] for c in state.bid_cards[seat]) for seat in state.order}
        state.picks = pick_order(bids, state.order, state.table.rules.bid_tiebreak)
        state.phase, state.turn = PICK, 0
        return True
    if state.phase == PICK:
        if state.turn < len(state.picks) and state.special_row:
            state.seat = state.picks[state.turn]
            return False
        for cards in state.bid_cards:
            state.kingdom_discard += cards
        state.bid_cards = [[] for _ in state.hunters]
        state.special_discard += state.special_row
        state.special_row = []
        state.phase, state.turn, state.step = PREP, 0, ""
        return True
    if state.phase == PREP:
        if state.step == "begin":
            begin_phase(state)
            return True
        if state.turn < len(state.order):
            state.seat = state.order[state.turn]
            if state.step != "prep-turn":
                state.step, state.drafted, state.play_count = "prep-turn", 0, 0
                state.prep_used, state.replaced, state.play_kinds = [], 0, 0
                state.play_colour, state.play_symbol, state.move_points = -1, "", 0
            return False
        state.kingdom_discard += state.row
        state.row = []
        state.step = ""
        _start_actions(state)
        return True
    if state.phase == ACTION:
        if actions.next_actor(state) or time_board.start_moves(state):
            return False
        end_round(state)
        return True
    return False


def _auction_step(state: State) -> bool:
    table = state.table
    bidders = _bid_order(state)
    placed = {seat for seat, _ in state.bids if seat >= 0}
    waiting = [seat for seat in bidders if seat not in placed]
    if waiting and any(holder < 0 or row > 0 for holder, row in state.bids):
        state.seat = waiting[0]
        return False
    for lot, (seat, row) in enumerate(state.bids):
        if seat < 0:
            continue
        hunter = state.hunters[seat]
        hunter.coins += table.rules.auction_rows[row]
        if state.stage == 2:
            journey = state.lots[lot]
            hunter.journeys.append(journey)
            if table.journey_cards[journey][1] == "ship":
                hunter.ships += 1
            state.use(table.journey_cards[journey][0])
        elif state.stage == 0:
            character = table.characters[state.lots[lot]]
            hunter.character = state.lots[lot]
            hunter.max_health = hunter.health = character.health
            state.use(character.id)
        else:
            mission = state.lots[lot]
            hunter.place = table.missions[mission][1]
            state.use(table.places[hunter.place])
            state.mission_deck.append(mission)
            if lot < len(state.lot_tokens):
                state.bag.append(state.lot_tokens[lot])
                learn(state, seat, state.lot_tokens[lot])
    state.characters += [c for c in state.lots if state.stage == 0 and c not in
                         {h.character for h in state.hunters}]
    if state.stage == 2:
        state.journeys += [j for lot, j in enumerate(state.lots) if state.bids[lot][0] < 0]
    state.lots, state.lot_tokens, state.bids = [], [], []
    state.stage += 1
    if state.stage == 1:
        first = table.rules.first_turn == "lowest_order_number_first"
        state.order = sorted(range(table.players),
                             key=lambda s: table.characters[state.hunters[s].character].order * (1 if first else -1))
        return True
    if state.stage < min(table.rules.auctions, 3):
        return True
    for seat, hunter in enumerate(state.hunters):
        if characters.is_(state, seat, "chronomancer"):
            hunter.time_cubes = table.rules.time_cubes_start
        hunter.experience = table.rules.start_experience
        for item in table.start_potions:
            hunter.potions[item] = hunter.potions.get(item, 0) + 1
    state.phase, state.turn = MAGIC, 0
    return True


def _bid_order(state: State) -> list[int]:
    if not state.bids:
        state.bids = [(-1, -1)] * len(state.lots)
    return list(range(state.table.players)) if state.stage == 0 else list(state.order)


def start_round(state: State) -> None:
    """A new month: calendar, year change, poison, and the round's first phase."""
    table = state.table
    rules = table.rules
    state.round += 1
    if table.mode is None and state.round >= rules.rounds or state.round >= len(table.months):
        state.phase, state.end = OVER, END_ROUNDS
        return
    month = table.months[state.round]
    season = table.season_of.get(month)
    if season != state.last_season and state.last_season:
        state.season_card.pop(state.last_season, None)
    state.last_season = season or ""
    if state.round and state.round % 12 == 0:
        state.refill = list(rules.refill_levels[min(state.round // 12, len(rules.refill_levels) - 1)])
        left = [mission for mission, _ in state.tavern]
        state.mission_discard += left
        state.tavern = []
        state.note("year-changes")
        if table.mode is not None:
            scenario_flow.discarded(state, left)
    for hunter in state.hunters:
        if hunter.poison and hunter.health > rules.health_bottom:
            hunter.health = max(rules.health_bottom, hunter.health - rules.poison_per_round)
            state.note("situation:poison-damage")
    state.turn, state.step = 0, "begin"
    for hunter in state.hunters:
        hunter.ability_used = hunter.flow_used = False  # once-a-round abilities are open again
        hunter.day = ""  # the Seeker's time-of-day token comes back
    time_board.round_ends(state)
    state.bid_cards = [[] for _ in state.hunters]
    if state.phase != OVER:
        state.phase = PREP
    if table.mode is not None and state.phase != OVER:
        scenario_flow.start_round(state)


def round_type(state: State) -> str:
    """The round type the current Season card shows for this month (normal without a card)."""
    table = state.table
    month = table.months[state.round]
    season = table.season_of.get(month)
    card = state.season_card.get(season or "")
    if card is None:
        return "normal"
    return month_entry(table, card, month)[2]


def weather(state: State) -> tuple[str, int]:
    table = state.table
    card = state.season_card.get(table.round_seasons[state.round] or "")
    if card is None:
        return "", 0
    found = month_entry(table, card, table.months[state.round])
    return found[0], found[1]


def month_entry(table: Table, card: int, month: str) -> tuple[str, int, str]:
    """A Season card's (weather, movement, round type) for a month; a scenario's Event card (a Season
    card turned in any month) gives its first line when it has none for the month."""
    lines = table.season_cards[card][1]
    found = lines.get(month)
    if found is None and table.mode is not None and lines:
        found = next(iter(lines.values()))
    return found or ("", 0, "normal")


def _start_actions(state: State) -> None:
    rules = state.table.rules
    for hunter in state.hunters:
        hunter.used, hunter.passed = 0, False
        hunter.allowed = rules.bidding_actions if state.round_type == "bidding" else rules.tokens
    state.taken_globals = set()
    state.phase, state.pointer, state.step = ACTION, 0, ""


def end_round(state: State) -> None:
    """Cleanup: the calendar moves on; after the last round, the game is scored."""
    state.note("rounds")
    if state.round_type == "bidding":
        state.note("bidding-rounds")
    if state.round_type == "flow":
        state.note("flow-rounds")
    for seat, hunter in enumerate(state.hunters):
        if len(hunter.hand) >= hand_limit(state, seat):
            state.note("hand-limit-reached")
    start_round(state)


def begin_phase(state: State) -> None:
    """After the Season card of the month is known: Bidding phase first in a Bidding round."""
    state.round_type = round_type(state)
    state.phase = BID if state.round_type == "bidding" and state.special_row else PREP
    state.turn, state.step = 0, ""


def scores(state: State) -> tuple[int, ...]:
    if state.table.mode is not None:
        return scenario_flow.scores(state)
    rules = state.table.rules
    return tuple(h.coins - (h.max_health - h.health) * rules.damage_penalty - h.poison * rules.poison_penalty
                 for h in state.hunters)


def winners(state: State) -> tuple[int, ...]:
    """Most coins after penalties; ties by the tie-breaks the pack lists (World track, turn order)."""
    if state.phase != OVER:
        return ()
    if state.table.mode is not None:
        return scenario_flow.winners(state)
    points = scores(state)

    def key(seat: int) -> tuple[int, ...]:
        parts = [points[seat]]
        for rule in state.table.rules.tiebreak:
            if rule == "world_reputation":
                parts.append(state.hunters[seat].world)
            elif rule == "turn_order":
                parts.append(-state.order.index(seat))
        return tuple(parts)

    best = max(key(s) for s in range(len(points)))
    return tuple(s for s in range(len(points)) if key(s) == best)


def gain(state: State, seat: int, symbol: str, amount: int, physical: bool = True) -> None:
    """A Kingdom card symbol's gain (movement is collected by the caller)."""
    hunter = state.hunters[seat]
    if symbol == "reputation":
        gain_reputation(state, seat, amount)
    elif symbol == "experience":
        hunter.experience += amount
    elif symbol == "flow":
        if physical:
            hunter.physical += amount
        else:
            hunter.magical += amount


# The Action phase's module imports this one (`weather`), so it is bound last, once this module is
# complete, rather than imported again on every automatic step (and the scenario rules with it).
from deckwright.games.silver_coin import actions, scenario_flow  # noqa: E402
