"""What gains and losses do to a hunter: reputation on both tracks (icons, Bonus Tokens), Kingdom
Knowledge (board rows), health, poison, turn order and the hand limit (lines 346-397, 919-934)."""

from __future__ import annotations

from deckwright.games.silver_coin import knowledge_board
from deckwright.games.silver_coin.characters import hand_cap
from deckwright.games.silver_coin.state import ACTION, Hunter, State


def hand_limit(state: State, seat: int) -> int:
    rules = state.table.rules
    return hand_cap(state, seat, rules.hand_start + knowledge_board.hand_bonus(state, seat))


def gain_reputation(state: State, seat: int, amount: int) -> None:
    """Move up both tracks: World track icons once per hunter, the Bonus track's token at its end."""
    gain_world(state, seat, amount)
    gain_bonus(state, seat, amount)


def gain_world(state: State, seat: int, amount: int) -> None:
    """Move up the World track; each icon passed gives its gift once per hunter."""
    rules = state.table.rules
    hunter = state.hunters[seat]
    before = hunter.world
    hunter.world = min(rules.world_length, hunter.world + amount)
    for index, (space, kind) in enumerate(rules.world_icons):
        if before < space <= hunter.world and not (rules.icon_once and hunter.icons >> index & 1):
            hunter.icons |= 1 << index
            world_icon(state, seat, kind)


def gain_bonus(state: State, seat: int, amount: int) -> None:
    """Move up the Bonus track (in co-op the one token the hunters share, line 1661); at its end the
    Bonus Token goes to the hunter whose gain reached it and every token starts again."""
    rules = state.table.rules
    movers = _bonus_movers(state, seat)
    for hunter in movers:
        hunter.bonus = min(rules.bonus_length, hunter.bonus + amount)
    if movers[0].bonus >= rules.bonus_length:
        for other in state.hunters:
            other.bonus = 0
        if state.bonus_token >= 0:
            token = state.bonus_token
            state.bonus_token = -1
            bonus_token(state, seat, token)


def _bonus_movers(state: State, seat: int) -> list[Hunter]:
    """The hunters whose Bonus-track position a gain or loss of `seat` moves: everyone when the co-op
    track carries fewer tokens than there are hunters (one shared token), else the hunter alone."""
    mode = state.table.mode
    if mode is not None and 0 < mode.bonus_tokens < len(state.hunters):
        return state.hunters
    return [state.hunters[seat]]


def reward_coins(state: State, seat: int, coins: int) -> None:
    """A battle's coins to a hunter, less the penalty of a negative World reputation (never below 0)."""
    rules = state.table.rules
    hunter = state.hunters[seat]
    penalty = rules.negative_penalty[min(-hunter.world, len(rules.negative_penalty)) - 1] if hunter.world < 0 else 0
    hunter.coins += max(0, coins - penalty)


def lose_reputation(state: State, seat: int, amount: int) -> None:
    rules = state.table.rules
    hunter = state.hunters[seat]
    hunter.world = max(rules.reputation_min, hunter.world - amount)
    for mover in _bonus_movers(state, seat):
        mover.bonus = max(0, mover.bonus - amount)


def world_icon(state: State, seat: int, kind: str) -> None:
    """The immediate gift of a World track icon (lines 368-379)."""
    rules = state.table.rules
    hunter = state.hunters[seat]
    state.note(f"icon:{kind}")
    if kind == "health-potion":
        add_potion(hunter.potions, "health-potion")
    elif kind == "ship-journey":
        hunter.ships += 1
    elif kind == "kingdom-card":
        state.gifts.append(seat)
    elif kind == "turn-order-up":
        move_up(state, seat, 1)
    elif kind == "turn-order-first":
        move_up(state, seat, len(state.order))
    elif kind == "color-die":
        if state.dice_board and state.dice_board[0]:
            hunter.dice.append(state.dice_board[0].pop(0))
    elif kind == "free-action-token":
        if state.phase == ACTION:
            hunter.allowed += 1
    elif kind == "strength-potion":
        add_potion(hunter.potions, "strength-potion")
    elif kind == "speed-potions":
        add_potion(hunter.potions, "speed-potion", rules.world_speed_potions)
    elif kind == "coins":
        hunter.coins += rules.world_coins


def bonus_token(state: State, seat: int, token: int) -> None:
    """A Bonus Token's effect, used at once (lines 383-393); the token leaves the game."""
    table = state.table
    hunter = state.hunters[seat]
    token_id, effect, amount = table.bonus_tokens[token]
    state.use(token_id)
    if effect == "coins":
        hunter.coins += amount
    elif effect == "potion":
        add_potion(hunter.potions, "strength-potion")
    elif effect == "kingdom-cards":
        state.gifts.extend([seat] * amount)
    elif effect == "teleport" and "teleport" in table.rules.action_modes:
        from deckwright.games.silver_coin.court import entered

        start = hunter.place
        hunter.place = min(table.capitals, key=lambda c: (table.land[hunter.place][c] if hunter.place >= 0 else 0, c))
        entered(state, seat, start, True)  # a teleport: no tax, but the Plague Doctor's bag (line 557)
    elif effect == "reset-actions":
        if state.phase == ACTION:
            hunter.used = 0
    elif effect == "special-action-card":
        if state.special_row:
            hunter.specials.append(state.special_row.pop(0))
    elif effect == "knowledge-token":
        missing = [k for k in range(len(table.kingdoms)) if k not in hunter.knowledge and k in state.bag]
        if missing:
            learn(state, seat, missing[0])
    elif effect == "magic-card":
        schools = [s for s in table.rules.magic_schools if s not in hunter.magic]
        if schools:
            hunter.magic.append(schools[0])
    elif effect == "color-die":
        area = next((a for a in state.dice_board if a), None)
        if area is not None:
            hunter.dice.append(area.pop(0))


def clamp_limits(state: State) -> None:
    """Experience and Flow cubes beyond the book's caps are lost ('none': no cap, lines 358-360, 401-403)."""
    rules = state.table.rules
    for hunter in state.hunters:
        if rules.experience_limit is not None and hunter.experience > rules.experience_limit:
            hunter.experience = rules.experience_limit
        if rules.flow_limit is not None:
            hunter.physical = min(hunter.physical, rules.flow_limit)
            hunter.magical = min(hunter.magical, rules.flow_limit)


def add_potion(potions: dict[str, int], item: str, count: int = 1) -> None:
    potions[item] = potions.get(item, 0) + count


def take_potion(potions: dict[str, int], item: str) -> bool:
    if potions.get(item, 0) <= 0:
        return False
    potions[item] -= 1
    if not potions[item]:
        del potions[item]
    return True


def move_up(state: State, seat: int, places: int) -> None:
    position = state.order.index(seat)
    state.order.pop(position)
    state.order.insert(max(0, position - places), seat)


def learn(state: State, seat: int, kingdom: int) -> None:
    """Take that kingdom's Knowledge token from the bag; a full board row gives its bonus."""
    state.bag.remove(kingdom)
    hunter = state.hunters[seat]
    hunter.knowledge.append(kingdom)
    board_rows(state, seat)


def board_rows(state: State, seat: int) -> None:
    """New tokens take their spaces on the board; each row full for the first time pays its bonus once."""
    rules = state.table.rules
    hunter = state.hunters[seat]
    for row in knowledge_board.place(state, seat):
        if row == 0:
            hunter.experience += rules.row_experience
        elif row == 1:
            hunter.physical += rules.row_flow
        elif row == 2:
            gain_reputation(state, seat, rules.row_reputation)


def wound(state: State, seat: int, poisonous: bool) -> None:
    state.hunters[seat].health -= 1
    if poisonous:
        poison(state, seat)


def poison(state: State, seat: int) -> None:
    """A Poison token from the supply (none when the supply is empty)."""
    if state.poison_left:
        state.hunters[seat].poison += 1
        state.poison_left -= 1
