"""Running a described game: effects off a stack of tasks, chance nodes where a hidden deck is drawn
or dice are rolled, the turn structure, end conditions and the legal actions of a decision.

Everything is bounded: each step runs at most `limits.effects_per_step` effects (then the game stops
with the end `effect-bound`); an expression that cannot be evaluated stops it with the end `error`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from random import Random
from typing import Any

from deckwright.engine.described import table as t
from deckwright.engine.described.compile import MAX_REPEAT
from deckwright.engine.described.expressions import Amount, Memo, PlayError, number, test
from deckwright.engine.described.state import NO_CARD, SPACE, State, Task, chosen_space
from deckwright.engine.playout import sample_chance
from deckwright.rules.compiled import relation
from deckwright.rules.values import ClaimError

DEADLOCK = "deadlock"
EFFECT_BOUND = "effect-bound"
ERROR = "error"
FRESH = -1  # `left` of a task not started yet

Handler = Callable[[State, Task], None]
# the machine's own steps, made once (a frozen record costs more to build than most steps take to run)
_CONTROL = {step: t.Control((), step) for step in ("begin", "round-start", "choose", "turns", "start-turn", "end-turn",
                                                   "advance", "new-round")}


def start(table: t.Table, seed: int) -> State:
    """The opening position: the set-up run up to the first decision or chance node."""
    state = State(table, seed)
    for resource in table.resources.values():
        seats = 1 if resource.owner == t.SHARED else table.players
        for seat in range(seats):
            state.res[resource.first + seat] = resource.start
        if resource.supply is not None:
            state.pool[resource.supply_index] -= resource.start * seats
            if state.pool[resource.supply_index] < 0:
                state.problems.append(f"counter '{resource.id}' starts at {resource.start} for {seats} holder(s), "
                                      f"but its supply has {resource.supply}")
                state.pool[resource.supply_index] = 0
    state.stack.append((_CONTROL["begin"], 0, NO_CARD, -1, FRESH))
    _push(state, table.setup, 0)
    _run(state)
    return state


def act(state: State, action: tuple[int, str, int]) -> None:
    """A player's decision: pay the costs, then run the action's effects (or, while every player picks at
    once, keep the pick secret until all have picked)."""
    if state.picking:
        _pick_made(state, action)
        return
    index, entity, target = action
    chosen = _action_of(state, index)
    card = _card(state, chosen, entity, state.seat)
    state.budget = 0
    if _paid(state, chosen, state.seat, card, target):
        if chosen.then != t.STAY:
            state.then = chosen.then
        _push(state, chosen.effects, state.seat, card, target)
    _run(state)


def _card(state: State, action: t.Action, entity: str, seat: int) -> int:
    """The piece a decision chose from the action's zone (NO_CARD when it chose none or it has gone)."""
    if not entity or action.choose_zone is None:
        return NO_CARD
    zone = state.zones[state.table.instance(action.choose_zone, seat)]
    return next((p for p in reversed(zone) if state.table.pieces[p].entity == entity), NO_CARD)


def _paid(state: State, action: t.Action, seat: int, card: int, target: int) -> bool:
    """Pay the action's costs for `seat`; False (the game stopped with an error) when one cannot be evaluated."""
    bindings = state.bindings(seat, card, target)
    try:
        for resource, amount in action.cost:
            _change(state, "spend", resource, number(amount, bindings), seat)
    except PlayError as exc:
        _fail(state, exc)
        return False
    return True


def _pick_made(state: State, action: tuple[int, str, int]) -> None:
    """A secret pick: the next player without one picks; once all have, the picks run in the order asked."""
    state.picks[state.seat] = action
    waiting = [seat for seat, pick in enumerate(state.picks) if pick is None]
    state.budget = 0
    if waiting:
        state.seat = waiting[0]
    else:
        state.picking = False
        state.stack.append((_CONTROL["turns"], 0, NO_CARD, -1, FRESH))
        table = state.table
        tasks: list[Task] = []
        for seat, pick in enumerate(state.picks):
            index, entity, target = pick or (0, "", -1)
            tasks.append((t.Pick((), index), seat, _card(state, table.actions[index], entity, seat), target, FRESH))
        by = table.pick_order
        if by is not None:
            try:
                tasks.sort(key=lambda task: (float(number(by, state.bindings(task[1], task[2], task[3]))), task[1]))
            except PlayError as exc:
                _fail(state, exc)
                return
        state.stack.extend(reversed(tasks))
    _run(state)


def resolve(state: State, outcome: Any) -> None:
    """The outcome of the chance node the state waits at."""
    effect, player, card, target, left = state.stack[-1]
    state.chance = None
    if isinstance(effect, t.Roll):
        state.stack.pop()
        _set(state, effect.into, int(outcome), player)
    else:
        assert isinstance(effect, t.Draw)
        source = state.zones[state.table.instance(effect.source, player)]
        entity_of = state.table.entity_of
        at = len(source) - 1  # the topmost card of the kind drawn (a loop: a generator costs more to start)
        while at >= 0 and entity_of[source[at]] != outcome:
            at -= 1
        if at < 0:
            raise ValueError(f"no card '{outcome}' to draw: not an outcome of this chance node")
        piece = source[at]
        _step_task(state, left)
        _move(state, piece, state.table.instance(effect.target, player), player)
    state.budget = 0
    _run(state)


def chance_outcomes(state: State) -> list[tuple[Any, float]]:
    effect, _, _, _, left = state.stack[-1]
    if isinstance(effect, t.Roll):
        return list(totals(left, effect.sides))
    kinds = state.table.entity_kinds
    counts, whole = _counts(state)
    return [(kinds[i], count / whole) for i, count in enumerate(counts) if count]


def draw_chance(state: State, rng: Random) -> Any:
    """The outcome `sample_chance(chance_outcomes(state), rng)` draws (the same number drawn, the same
    subtractions in the same order), without building the outcomes."""
    effect, _, _, _, left = state.stack[-1]
    if isinstance(effect, t.Roll):
        return sample_chance(totals(left, effect.sides), rng)
    counts, whole = _counts(state)
    r = rng.random()
    last = -1
    for i, count in enumerate(counts):
        if count:
            r -= count / whole
            if r < 0:
                return state.table.entity_kinds[i]
            last = i
    if last < 0:
        raise IndexError("no card to draw")
    return state.table.entity_kinds[last]


def _counts(state: State) -> tuple[list[int], int]:
    """How many cards of each kind (by the rank of its entity id) the draw waiting to be resolved may bring,
    and of all kinds."""
    effect, player, _, _, _ = state.stack[-1]
    assert isinstance(effect, t.Draw)
    source = state.zones[state.table.instance(effect.source, player)]
    rank = state.table.entity_rank
    counts = [0] * len(state.table.entity_kinds)
    for piece in source:  # a plain count by rank: no dict, no sort
        counts[rank[piece]] += 1
    return counts, len(source)


@cache
def totals(dice: int, sides: int) -> tuple[tuple[int, float], ...]:
    """Every total of `dice` dice of `sides` sides with its exact probability."""
    ways = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for total, count in ways.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + count
        ways = nxt
    whole = sides ** dice
    return tuple((total, count / whole) for total, count in sorted(ways.items()))


def legal(state: State) -> list[tuple[int, str, int]]:
    """The decisions open to the player to act (computed once per position)."""
    if state.legal is None:
        state.legal = [] if state.over or state.chance else _decisions(state)
    return state.legal


# -- the loop --------------------------------------------------------------------------------------

def _run(state: State) -> None:
    state.legal = None
    table = state.table
    while not state.over and state.chance is None:
        if not state.stack:
            if state.then is not None:
                then, state.then = state.then, None
                if then == t.NEXT_PHASE and state.phase + 1 < len(table.phases):
                    state.phase += 1
                else:
                    state.stack.append((_CONTROL["end-turn"], state.seat, NO_CARD, -1, FRESH))
                continue
            try:
                if _check_ends(state, t.NOW):
                    return
                state.legal = _decisions(state)
            except PlayError as exc:
                _fail(state, exc)
                return
            if not state.legal:
                _finish(state, DEADLOCK)
            return
        state.budget += 1
        if state.budget > table.max_effects:
            state.details[EFFECT_BOUND] = 1
            _finish(state, EFFECT_BOUND)
            return
        task = state.stack[-1]
        try:
            HANDLERS[type(task[0])](state, task)
        except PlayError as exc:
            _fail(state, exc)


def _amount(state: State, amount: Amount, player: int, card: int = NO_CARD, target: int = -1) -> int:
    """A task's amount: a number written out as it is, an expression in the task's bindings."""
    return amount if isinstance(amount, int) else number(amount, state.bindings(player, card, target))


def _fail(state: State, exc: PlayError) -> None:
    state.error = (str(exc), exc.parts)
    _finish(state, ERROR)


def _finish(state: State, end: str) -> None:
    """The game is over: final scores are computed once (a score that cannot be computed is an error)."""
    state.over = True
    state.end = end
    state.stack.clear()
    state.chance = None
    state.legal = []
    try:
        state.final = scores(state)
    except PlayError as exc:
        state.error = (str(exc), exc.parts)
        state.end = ERROR
        state.final = tuple(0.0 for _ in range(state.table.players))


def scores(state: State) -> tuple[float, ...]:
    """Every seat's score, as the description's `scoring.score` gives it in this position."""
    return tuple(float(number(state.table.score, state.bindings(seat))) for seat in range(state.table.players))


def _push(state: State, effects: Sequence[t.Effect], player: int, card: int = NO_CARD, target: int = -1) -> None:
    append = state.stack.append
    for effect in reversed(effects):
        append((effect, player, card, target, FRESH))


def _step_task(state: State, left: int) -> None:
    """One unit of the top task done: pop it when it was the last."""
    if left <= 1:
        state.stack.pop()
    else:
        effect, player, card, target, _ = state.stack[-1]
        state.stack[-1] = (effect, player, card, target, left - 1)


def _seats(state: State, who: str, player: int, target: int) -> list[int]:
    n = state.table.players
    if who == "each":
        return list(range(n))
    if who == "next":
        return [(player + 1) % n]
    if who == "previous":
        return [(player - 1) % n]
    if who == "chosen" and 0 <= target < SPACE:
        return [target]
    return [player]


def _bump(state: State, key: str) -> None:
    state.details[key] = state.details.get(key, 0) + 1


# -- cards -----------------------------------------------------------------------------------------

def _move(state: State, piece: int, destination: int, player: int) -> None:
    table = state.table
    zones, loc = state.zones, state.loc
    zones[loc[piece]].remove(piece)
    zones[destination].append(piece)
    loc[piece] = destination
    owner = table.zone_owner[destination]
    if owner >= 0:
        entity = table.entity_of[piece]
        usage = state.usage
        usage[entity] = usage.get(entity, 0) + 1
    if not table.on_enter:
        return
    for trigger in table.on_enter.get(table.zone_def[destination], ()):
        seat = owner if owner >= 0 else player
        if trigger.test is None or test(trigger.test, state.bindings(seat, piece)):
            _push(state, trigger.effects, seat, piece)


def _move_all(state: State, pieces: Sequence[int], destination: int, player: int) -> None:
    """`_move` of each piece in turn; at once when no trigger runs as a card enters the destination."""
    table = state.table
    if table.on_enter and table.on_enter.get(table.zone_def[destination]):
        for piece in pieces:
            _move(state, piece, destination, player)
        return
    zones, loc = state.zones, state.loc
    for piece in pieces:
        zones[loc[piece]].remove(piece)
        loc[piece] = destination
    zones[destination].extend(pieces)
    if table.zone_owner[destination] >= 0:
        usage, entity_of = state.usage, table.entity_of
        for piece in pieces:
            entity = entity_of[piece]
            usage[entity] = usage.get(entity, 0) + 1


def _full(state: State, instance: int) -> bool:
    limit = state.table.zones[state.table.zone_def[instance]].limit
    return limit is not None and len(state.zones[instance]) >= limit


def _draw(state: State, task: Task) -> None:
    effect, player, card, target, left = task
    assert isinstance(effect, t.Draw)
    if left == FRESH:
        count = _amount(state, effect.count, player, card, target)
        state.stack.pop()
        if count > 0:
            for seat in reversed(_seats(state, effect.who, player, target)):
                state.stack.append((effect, seat, card, target, count))
        return
    table = state.table
    source = table.instance(effect.source, player)
    destination = table.instance(effect.target, player)
    if _full(state, destination):
        _bump(state, f"full:{effect.target}")
        state.stack.pop()
        return
    if not state.zones[source]:
        refill = table.zones[effect.source].refill
        if refill is not None:
            _move_all(state, list(state.zones[table.instance(refill, player)]), source, player)
            _bump(state, f"refill:{effect.source}")
        if not state.zones[source]:
            _bump(state, f"short:{effect.source}")
            if state.in_setup:
                state.problems.append(f"{effect.verb} from '{effect.source}' to '{table.zone_names[destination]}' "
                                      f"came up {left} short")
            state.stack.pop()
            return
    cards = state.zones[source]
    if table.zones[effect.source].hidden:
        entity_of = table.entity_of
        top = entity_of[cards[0]]
        for p in cards:
            if entity_of[p] != top:  # two kinds of card to draw: chance decides which
                state.chance = "draw"
                return
    _step_task(state, left)
    _move(state, cards[-1], destination, player)


def _move_cards(state: State, task: Task) -> None:
    effect, player, card, target, _ = task
    assert isinstance(effect, t.Move)
    state.stack.pop()
    table = state.table
    for seat in _seats(state, effect.who, player, target):
        destination = table.instance(effect.target, seat)
        if effect.cards == "chosen":
            if card < 0:
                raise PlayError("this move takes the chosen card, but no card was chosen", effect.parts)
            moving = [card] if effect.source is None or state.loc[card] == table.instance(effect.source, seat) else []
        else:
            assert effect.source is not None
            pieces = list(state.zones[table.instance(effect.source, seat)])
            where = effect.cards
            moving = pieces if where == "all" else [p for p in pieces if not isinstance(where, str)
                                                    and test(where, state.bindings(seat, card, target, p))]
        if table.zones[effect.target].limit is None:  # never full
            _move_all(state, moving, destination, seat)
            continue
        for piece in moving:
            if _full(state, destination):
                _bump(state, f"full:{effect.target}")
                break
            _move(state, piece, destination, seat)


def _shuffle(state: State, task: Task) -> None:
    effect, player, _, _, _ = task
    assert isinstance(effect, t.Shuffle)
    state.stack.pop()
    if effect.into is not None:
        destination = state.table.instance(effect.into, player)
        _move_all(state, list(state.zones[state.table.instance(effect.zone, player)]), destination, player)


def _refill(state: State, task: Task) -> None:
    effect, player, card, target, _ = task
    assert isinstance(effect, t.Refill)
    state.stack.pop()
    zone = state.table.zones[effect.zone]
    need = (zone.limit or 0) - len(state.zones[state.table.instance(effect.zone, player)])
    if need > 0:
        state.stack.append((t.Draw(effect.parts, effect.source, effect.zone, need, "me", "refill"), player, card, target, need))


# -- counters --------------------------------------------------------------------------------------

def _counter(state: State, task: Task) -> None:
    effect, player, card, target, _ = task
    assert isinstance(effect, t.Change)
    state.stack.pop()
    amount = _amount(state, effect.amount, player, card, target)
    for seat in _seats(state, effect.who, player, target):
        if effect.verb == "set":
            _set(state, effect.resource, amount, seat)
        else:
            _change(state, effect.verb, effect.resource, amount, seat)


def _change(state: State, verb: str, name: str, amount: int, seat: int) -> int:
    """Gain or spend up to `amount` (within the counter's range and supply); what actually moved."""
    resource = state.table.resources[name]
    index = resource.first if resource.owner == t.SHARED else resource.first + seat
    value = state.res[index]
    if verb == "spend" or amount < 0:
        moved = max(0, min(abs(amount), value - resource.low))
        state.res[index] = value - moved
        if resource.supply is not None:
            state.pool[resource.supply_index] += moved
        return moved
    moved = min(amount, resource.high - value)
    if moved < amount:
        _bump(state, f"max:{name}")
    if resource.supply is not None:
        if state.pool[resource.supply_index] < moved:
            moved = state.pool[resource.supply_index]
            _bump(state, f"supply-out:{name}")
        state.pool[resource.supply_index] -= moved
    state.res[index] = value + moved
    if not resource.marks:
        return moved
    if value + moved > state.details.get(f"high:{name}", 0):
        state.details[f"high:{name}"] = value + moved
    for mark in reversed(resource.marks):  # the lowest mark passed runs first
        if value < mark.at <= value + moved:
            _bump(state, f"mark:{name}@{mark.at}")
            _push(state, mark.effects, seat)
    return moved


def _set(state: State, name: str, value: int, seat: int) -> None:
    current = state.res[state.table.counter(name, seat)]
    if value != current:
        _change(state, "gain" if value > current else "spend", name, abs(value - current), seat)


def _pay(state: State, task: Task) -> None:
    effect, player, card, target, _ = task
    assert isinstance(effect, t.Pay)
    state.stack.pop()
    amount = _amount(state, effect.amount, player, card, target)
    (other,) = _seats(state, effect.to, player, target)
    resource = state.table.resources[effect.resource]
    have = state.res[state.table.counter(effect.resource, player)] - resource.low
    room = resource.high - state.res[state.table.counter(effect.resource, other)]
    moved = max(0, min(amount, have, room))
    state.res[state.table.counter(effect.resource, player)] -= moved
    state.res[state.table.counter(effect.resource, other)] += moved


def _roll(state: State, task: Task) -> None:
    effect, player, card, target, left = task
    assert isinstance(effect, t.Roll)
    dice = _amount(state, effect.dice, player, card, target)
    if not 1 <= dice <= 6:
        raise PlayError(f"rolls of 1 to 6 dice are supported, not {dice}", effect.parts)
    state.stack[-1] = (effect, player, card, target, dice)
    state.chance = "roll"


# -- boards ----------------------------------------------------------------------------------------

def _go(state: State, task: Task) -> None:
    effect, player, card, target, _ = task
    assert isinstance(effect, t.Go)
    state.stack.pop()
    board = state.table.boards[effect.board]
    for seat in _seats(state, effect.who, player, target):
        if effect.to == "chosen":
            number_ = chosen_space(target)
            if number_ < 0 or state.table.spaces[number_][0] != board.id:
                raise PlayError(f"this move goes to the chosen space, but no space of '{board.id}' was chosen",
                                effect.parts)
            space = number_ - board.offset
        else:
            space = board.start if effect.to == "start" else board.index[effect.to]
        enter(state, board, seat, space)


def enter(state: State, board: t.Board, seat: int, space: int) -> None:
    """A pawn enters a space: its position, a visit noted, and the space's own effects for its player."""
    state.at[board.first + seat] = space
    entered = board.spaces[space]
    _bump(state, f"visit:{board.id}:{entered.id}")
    if entered.entity is not None:
        state.usage[entered.entity] = state.usage.get(entered.entity, 0) + 1
    _push(state, board.enter, seat, NO_CARD, SPACE + board.offset + space)
    _push(state, entered.effects, seat, NO_CARD, SPACE + board.offset + space)


def _pick(state: State, task: Task) -> None:
    """A secret pick's turn to run: its costs, then its effects; a pick its player can no longer afford
    (or whose card has gone) is dropped and noted."""
    effect, seat, card, target, _ = task
    assert isinstance(effect, t.Pick)
    state.stack.pop()
    action = state.table.actions[effect.action]
    bindings = state.bindings(seat, card, target)
    if (action.choose_zone is not None and card == NO_CARD) or not _allowed(state, action, bindings, seat):
        _bump(state, f"pick-dropped:{action.id}")
        return
    if _paid(state, action, seat, card, target):
        _push(state, action.effects, seat, card, target)


# -- flow ------------------------------------------------------------------------------------------

def _compare(state: State, task: Task) -> None:
    effect, player, card, target, _ = task
    assert isinstance(effect, t.Compare)
    state.stack.pop()
    holds = test(effect.test, state.bindings(player, card, target))
    _push(state, effect.then if holds else effect.otherwise, player, card, target)


def _repeat(state: State, task: Task) -> None:
    effect, player, card, target, _ = task
    assert isinstance(effect, t.Repeat)
    state.stack.pop()
    times = min(MAX_REPEAT, _amount(state, effect.times, player, card, target))
    for _ in range(max(0, times)):
        _push(state, effect.effects, player, card, target)


def _play(state: State, task: Task) -> None:
    effect, player, card, target, _ = task
    state.stack.pop()
    if card < 0:
        raise PlayError("`play: chosen` needs a chosen card", effect.parts)
    _push(state, state.table.card_effects.get(state.table.pieces[card].entity, ()), player, card, target)


def _end_turn(state: State, task: Task) -> None:
    state.stack.pop()
    state.then = t.END_TURN


def _control(state: State, task: Task) -> None:
    effect = task[0]
    assert isinstance(effect, t.Control)
    state.stack.pop()
    table = state.table
    step = effect.step
    if step == "begin":
        state.in_setup = False
        state.stack.append((_CONTROL["round-start"], 0, NO_CARD, -1, FRESH))
    elif step == "round-start":
        state.seat = 0
        state.stack.append((_CONTROL["choose"], 0, NO_CARD, -1, FRESH))
        _triggers(state, "round-start")
    elif step == "choose":
        if table.picks:  # every player picks in secret; the last pick sets the picks running (`_pick_made`)
            state.picking = True
            state.picks = [None] * table.players
            state.seat = 0
        else:
            state.stack.append((_CONTROL["turns"], 0, NO_CARD, -1, FRESH))
    elif step == "turns":
        order = list(range(table.players))
        by = table.order
        if by is not None:
            order.sort(key=lambda seat: (float(number(by, state.bindings(seat))), seat))
        state.order = order
        state.turn = 0
        state.seat = order[0]
        state.stack.append((_CONTROL["start-turn"], state.seat, NO_CARD, -1, FRESH))
    elif step == "start-turn":
        state.phase = 0
        _triggers(state, "turn-start")
        _push(state, table.turn_start, state.seat)
    elif step == "end-turn":
        state.stack.append((_CONTROL["advance"], state.seat, NO_CARD, -1, FRESH))
        _triggers(state, "turn-end")
        _push(state, table.turn_end, state.seat)
    elif step == "advance":
        state.turn += 1
        if state.turn >= table.players:
            state.seat = 0
            state.stack.append((_CONTROL["new-round"], state.seat, NO_CARD, -1, FRESH))
            _triggers(state, "round-end")
        else:
            state.seat = state.order[state.turn]
            state.stack.append((_CONTROL["start-turn"], state.seat, NO_CARD, -1, FRESH))
    elif step == "new-round":
        if not _check_ends(state, t.END_OF_ROUND):
            state.round += 1
            state.stack.append((_CONTROL["round-start"], state.seat, NO_CARD, -1, FRESH))


def _triggers(state: State, on: str) -> None:
    for trigger in reversed(state.table.triggers):
        if not trigger.enter and trigger.on == on and (trigger.test is None
                                                       or test(trigger.test, state.bindings(state.seat))):
            _push(state, trigger.effects, state.seat)


def _check_ends(state: State, timing: str) -> bool:
    """Whether an end condition of this timing holds (the game is then over); notes how near each came."""
    table = state.table
    for end in table.ends:
        if end.timing != timing:
            continue
        if end.kind == "zone_empty":
            assert end.zone is not None
            zone = table.zones[end.zone]
            size = min(len(state.zones[zone.first + i]) for i in range(1 if zone.owner == t.SHARED else table.players))
            key = f"least:{end.id}"
            if size < state.details.get(key, 1 << 30):
                state.details[key] = size
            fired = size == 0
        elif end.kind == "reach":
            assert end.resource is not None
            resource = table.resources[end.resource]
            first = resource.first
            best = state.res[first] if resource.owner == t.SHARED else max(state.res[first:first + table.players])
            key = "most:" + end.id
            if best > state.details.get(key, -(1 << 30)):
                state.details[key] = best
            fired = best >= _amount(state, end.target, state.seat)
        elif end.kind == "rounds":
            fired = state.round >= _amount(state, end.target, state.seat)
        else:
            bindings = state.bindings(state.seat)
            if end.measure is not None:
                value = end.measure(bindings)
                key = f"most:{end.id}"
                if isinstance(value, (int, float)) and value > state.details.get(key, -(1 << 30)):
                    state.details[key] = int(value)
                fired = _measured_holds(end, value, bindings) if end.bound is not None else test(end.test, bindings)
            else:
                fired = test(end.test, bindings)
        if fired:
            _finish(state, end.id)
            return True
    return False


_relation = cache(relation)  # an operator's relation, made once


def _measured_holds(end: t.EndCondition, value: Any, bindings: Any) -> bool:
    """Whether the end's test `A op B` holds, A measured already as `value`: B evaluated and related to it as the
    whole test would (a failure is the whole test's)."""
    assert end.test is not None and end.bound is not None and end.op is not None
    try:
        return _relation(end.op)(value, end.bound.run(bindings), end.test.tree)
    except (ClaimError, RecursionError) as exc:
        raise end.test.failed(exc) from None


def _decisions(state: State) -> list[tuple[int, str, int]]:
    """The options of the player to act. A test or cost that does not read the option (`chosen`, `card`)
    is evaluated once for the listing, when first needed."""
    table = state.table
    seat = state.seat
    found: list[tuple[int, str, int]] = []
    memo: Memo = {}
    plain = state.bindings(seat)  # what an option choosing nothing sees (expressions never change their scope)
    for index in table.picks if state.picking else table.phases[state.phase][1]:
        action = table.actions[index]
        if action.choose_space is not None:
            board = table.boards[action.choose_space]
            steps = number(action.within, plain, memo)
            for space in board.within(state.at[board.first + seat], steps):
                target = SPACE + board.offset + space
                if _allowed(state, action, state.bindings(seat, NO_CARD, target), memo=memo):
                    found.append((index, board.spaces[space].id, target))
        elif action.choose_zone is not None:
            seen: set[str] = set()
            for piece in state.zones[table.instance(action.choose_zone, seat)]:
                entity = table.pieces[piece].entity
                if entity not in seen:
                    seen.add(entity)
                    if _allowed(state, action, state.bindings(seat, piece), memo=memo):
                        found.append((index, entity, -1))
        elif action.choose_player:
            for other in range(table.players):
                if other != seat and _allowed(state, action, state.bindings(seat, NO_CARD, other), memo=memo):
                    found.append((index, "", other))
        elif _allowed(state, action, plain, memo=memo):
            found.append((index, "", -1))
    return found


def _allowed(state: State, action: t.Action, bindings: dict[str, Any], seat: int | None = None,
             memo: Memo | None = None) -> bool:
    if (action.choose_test is not None and not test(action.choose_test, bindings, memo)) or \
            (action.test is not None and not test(action.test, bindings, memo)):
        return False
    payer = state.seat if seat is None else seat
    for name, amount in action.cost:
        resource = state.table.resources[name]
        if state.res[state.table.counter(name, payer)] - resource.low < number(amount, bindings, memo):
            return False
    return True


def _action_of(state: State, index: int) -> t.Action:
    return state.table.actions[index]


HANDLERS: dict[type, Handler] = {
    t.Draw: _draw, t.Move: _move_cards, t.Shuffle: _shuffle, t.Refill: _refill, t.Change: _counter, t.Pay: _pay,
    t.Roll: _roll, t.Compare: _compare, t.Repeat: _repeat, t.PlayCard: _play, t.EndTurn: _end_turn, t.Control: _control,
    t.Go: _go, t.Pick: _pick,
}
