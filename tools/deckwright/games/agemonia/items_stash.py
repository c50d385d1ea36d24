"""The sample scenarios' stash: the pack's items beyond the Hero boards' own, handed out over every sample
table (scenario, Hero count, seat) so that the playouts of `check` bring each item into play.

A campaign's party carries what it gained (`campaign_play`); the sample scenarios have no campaign, so
the Heroes of each sample table take, on top of their board's items, the items of the stash this seat
is dealt. Dealing is deterministic and goes round the seats of every table in turn, each item to the
next seat that can play and carry it, and an item whose use waits for an occasion once more at each
other Hero count, or at each other table (scenario and Hero count) when its occasion is rare
(`_deal_again`):
- a Hero-specific item only to a board of its Hero; a weapon only to a Hero with an attack action of one of
  its types (`other_attacks` too); an arrow or poison only to one holding a weapon with that icon, another readied item only to a
  Hero with an attack it joins; a gem token only to one holding in hand a weapon with a gem slot no other
  token fills (the set-up puts the hand items dealt in hand first, then the board's: `_held`); an item
  acting on the Hero's attacks of some types (`items_dice`) first where an attack of those types rolls the
  Hero's most dice (its highest ability among its attacks: a Hero whose other attacks roll more seldom
  makes one);
- an item each use of which costs an item token (a tome's Essence), or which changes a token's dice (the
  Compendium Aoxa's Blood Crystal), is dealt with one such token, or two for one placing a Teleport token (a
  token links only with another of its colour: `LINK`);
- an item sold in pairs, sending items to the Hero holding the other (the Chest of Relocation), to two
  seats of one table;
- a pet whose card has a trained side (`play.trained`) is dealt trained where it is dealt again: the
  samples play no City step, so the pack reads such a copy as the pet of a Hero who trained it at the City
  step before (Train Common Pets, Train Exotic Pets, Train Nazag: lines 4206-4211, 4344-4345), its first
  copy untrained;
- within the book's carrying limits (lines 2470-2502, 4550-4566): hand items within the Hero card's
  hands and the one-of-a-type limit (`kit.loadouts`), and the items out of hand within the board's
  encumbrance, each dealt item counted as out of hand.
The items dealt join the board's `items` as `{item: id}` (the card's play values: `items_values`), a hand
item before the board's own (so the set-up puts it in hand, `table._hero`), the others after them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from deckwright.gamekit import Entity, Pack
from deckwright.games.agemonia import items_values, kit
from deckwright.games.agemonia.rulings import Rulings

Seat = tuple[str, int, int]  # scenario id, Hero count, seat
UNLIMITED = 1 << 30
SHIELDED = "shielded"  # among a scenario's foes: an Enemy with a shield (what Pierce is for)
PROVOKING = "provoking"  # among a scenario's foes: an Enemy that provokes (what an item's Evade is for)
LEAVING = "leaving"  # among a scenario's foes: an Enemy that may walk out of an Ally's area (what a pet harms)
LINK = 2  # the fewest Teleport tokens of a colour that lead anywhere
LIMITS = ("encumbrance.unmarked_card_weight", "encumbrance.item_token_weight", "items.limit_per_type",
          "weapon.attachments")  # the deal reads


def with_stash(pack: Pack, scenario: Entity, players: int, boards: Sequence[Entity], rules: Rulings) -> list[Entity]:
    """The table's boards, each seat's with the stash items dealt to it."""
    limits = tuple(rules[name] for name in LIMITS)
    dealt, trained = pack.derived(f"agemonia.stash:{limits!r}", lambda p: _dealing(p, rules))
    found = list(boards)
    for seat in range(min(players, len(found))):
        extra = dealt.get((scenario.id, players, seat))
        if extra:
            board = found[seat]
            data = dict(board.data)
            held = [item for item in extra if items_values.card_values(pack, item).get("hands")]
            trains = trained.get((scenario.id, players, seat), frozenset())
            # a dealt hand item comes first: the set-up puts it in hand, the board's own may go to the backpack
            data["items"] = [*({"item": item} for item in held), *(board.get("items") or []),
                             *({"item": item, **({"trained": True} if item in trains else {})}
                               for item in extra if item not in held)]
            found[seat] = dataclasses.replace(board, data=data)
    return found


def _seats(pack: Pack) -> list[tuple[Seat, Entity, frozenset[str]]]:
    """Every seat of every sample table, its board, and what the scenario's Enemies are and give (their
    traits and the conditions of their attacks)."""
    from deckwright.games.agemonia.table import scenario_entities

    low, high = pack.players
    found = []
    for scenario in scenario_entities(pack):
        listed = [pack.by_id.get(str(b)) for b in scenario.get("party") or []]
        for players in range(low, high + 1):
            foes = _foes(pack, scenario, players)
            for seat, board in enumerate(listed[:players]):
                if board is not None and board.type == "hero-board":
                    found.append(((scenario.id, players, seat), items_values.played_board(pack, board), foes))
    return found


def _foes(pack: Pack, scenario: Entity, players: int) -> frozenset[str]:
    """The traits of the scenario's Enemies and the conditions their attacks and its story points give."""
    placed = [p for p in (*(scenario.get("enemies") or []), *(scenario.get("spawns") or []),
                          *(p for sp in scenario.get("story_points") or [] for p in sp.get("spawn") or []))
              if int(p.get("min_heroes", 1)) <= players]
    points = scenario.get("story_points") or []
    found: set[str] = {str(sp["condition"]) for sp in points if sp.get("condition")}
    found |= {str(sp["check"]["fail_condition"]) for sp in points if (sp.get("check") or {}).get("fail_condition")}
    for enemy in {str(p["enemy"]) for p in placed}:
        card = pack.by_id.get(enemy)
        if card is not None:
            found |= set(map(str, card.get("traits") or ())) | ({"elite"} if card.get("elite") else set())
            found |= {str(a["condition"]) for a in card.get("actions") or [] if a.get("condition")}
            found |= {SHIELDED} if int(card.get("shield") or 0) else set()
            found |= {PROVOKING} if int(card.get("provoke") or 0) else set()
            # an eye action with no attack walks to the nearest other Ally (`enemies._move`), out of an Ally's area
            walks = any(a.get("kind") == "none" and int(a.get("move") or 0) for a in card.get("actions") or [])
            found |= {LEAVING} if walks else set()
    return frozenset(found)


def _stash(pack: Pack) -> list[str]:
    """The items the engine plays from their cards: weapons first (the others may need one in hand), then
    backpacks (the others may need their room), then what is worn (heavy, and useless in a backpack); the
    tools after the weapons made for fighting, and the items a Hero keeps when it uses them (`items_kept`)
    after those it discards (a weapon is dealt for its attack, whatever else it does)."""
    found = [e.id for e in (*pack.of_type("item"), *pack.of_type("item-token"))
             if not e.get("no_effect") and items_values.plays_card(pack, e.id)]
    return sorted(found, key=lambda i: (*(not items_values.card_values(pack, i).get(key) for key in ("attack", "carry", "wear")),
                                        pack.by_id[i].get("category") == "tool", _kept(pack, i)))


def _kept(pack: Pack, item: str) -> bool:
    """An item the Hero keeps when it uses it (`items_kept`), or whose effect is passive while carried; not
    a weapon."""
    raw = items_values.card_values(pack, item)
    return not raw.get("attack") and bool(raw.get("keep") or items_values.per_scenario(raw, pack.by_id[item])
                                          or raw.get("raise") or raw.get("recover"))


def _dealing(pack: Pack, rules: Rulings) -> tuple[dict[Seat, list[str]], dict[Seat, frozenset[str]]]:
    """The deal (`_deal`), and the pets each seat is dealt trained."""
    trained: dict[Seat, set[str]] = {}
    dealt = _deal(pack, rules, trained)
    return dealt, {seat: frozenset(pets) for seat, pets in trained.items()}


def _deal(pack: Pack, rules: Rulings, trained: dict[Seat, set[str]] | None = None) -> dict[Seat, list[str]]:
    """Each item to the next seat that can play and carry it, a seat where it has use first (`_has_use`);
    an item no sample table gives a use is dealt to none. The pets dealt again (`_deal_again`) are noted
    in `trained` when their cards have a trained side."""
    seats = _seats(pack)
    dealt: dict[Seat, list[str]] = {}
    carried = {seat: list(board.get("items") or []) for seat, board, _ in seats}
    turn = 0
    for item in _stash(pack):
        raw = items_values.values(pack, {"item": item})
        if not any(_has_use(pack, place, raw, carried, rules) for place in seats):
            continue  # nothing to do in any sample (a banishment with no Enemy of its kind): kept out
        paid = _paid_with(raw)  # the item token each use costs, dealt with it
        paired = "relocate" in (raw.get("use") or {})
        for wanted in (True, False):
            order = [(turn + step) % len(seats) for step in range(len(seats))]
            at = next((i for i in order if not wanted or _has_use(pack, seats[i], raw, carried, rules)
                       if _fits(pack, seats[i], carried, raw, paid, rules)
                       and (not paired or _partner(pack, seats, carried, i, raw, rules) >= 0)), -1)
            if at >= 0:
                places = [at, _partner(pack, seats, carried, at, raw, rules)] if paired else [at]
                for place in places:
                    carried[seats[place][0]] += [*paid, raw]
                    dealt.setdefault(seats[place][0], []).extend([*(str(p["item"]) for p in paid), item])
                turn = (at + 1) % len(seats)
                break
    _deal_again(pack, seats, carried, dealt, rules, {} if trained is None else trained)
    return dealt


def _fits(pack: Pack, place: tuple[Seat, Entity, frozenset[str]], carried: dict[Seat, list[Mapping[str, Any]]],
          raw: Mapping[str, Any], paid: list[Mapping[str, Any]], rules: Rulings) -> bool:
    """Whether the seat's Hero can play the item and carry it with the tokens it is paid with."""
    return _plays_for(pack, place[1], carried[place[0]], raw, rules) and _carries(pack, place[1], carried[place[0]] + paid, raw,
                                                                                   rules)


def _partner(pack: Pack, seats: list[tuple[Seat, Entity, frozenset[str]]], carried: dict[Seat, list[Mapping[str, Any]]],
             at: int, raw: Mapping[str, Any], rules: Rulings) -> int:
    """The first other seat of seat `at`'s table that can take the other item of a pair (-1: none)."""
    table = seats[at][0][:2]
    return next((i for i, place in enumerate(seats) if i != at and place[0][:2] == table
                 and _fits(pack, place, carried, raw, [], rules)), -1)


def _paid_with(raw: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The item tokens an item kept and paid for with a token needs (`items_kept`), or whose dice it changes
    (`items_dice`), as carried values: one, or as many as a link of Teleport tokens takes for one that places
    them."""
    token = items_values.pays_with(raw)
    uses = LINK if (raw.get("use") or {}).get("teleporter") else 1
    return [{"item": str(token)}] * uses if token else []


def _deal_again(pack: Pack, seats: list[tuple[Seat, Entity, frozenset[str]]],
                carried: dict[Seat, list[Mapping[str, Any]]], dealt: dict[Seat, list[str]], rules: Rulings,
                trained: dict[Seat, set[str]]) -> None:
    """A copy more of each item that waits for an occasion (`_waits`) at each Hero count its first copy is not
    at, or, when that occasion is rare (`_rare`), at each sample table (scenario and Hero count: each is a
    game of its own, with its own copy), to the next seat there (round the seats in turn) where it has use
    and fits: one seat plays a few games of the rotation (`parties`), too few for an Injury to heal, an
    exhausted Hero to bring back or a condition to resist to come to one table. Each copy comes with the item
    tokens its use costs (`_paid_with`), as the first does."""
    turns: dict[tuple[Any, ...], int] = {}
    for item in _stash(pack):
        raw = items_values.values(pack, {"item": item})
        if not _waits(pack, raw):
            continue
        group = _table if _rare(pack, raw) else _count
        paid = _paid_with(raw)  # each copy with the token its use costs, as the first
        holding = {group(seat) for seat, held in dealt.items() if item in held}
        for where in sorted({group(seat) for seat, _, _ in seats} - holding):
            places = [place for place in seats if group(place[0]) == where]
            turn = turns.get(where, 0)
            order = [places[(turn + step) % len(places)] for step in range(len(places))]
            at = next((i for i, place in enumerate(order) if _has_use(pack, place, raw, carried, rules)
                       and _fits(pack, place, carried, raw, paid, rules)), -1)
            if at >= 0:
                carried[order[at][0]] += [*paid, raw]
                dealt.setdefault(order[at][0], []).extend([*(str(p["item"]) for p in paid), item])
                turns[where] = (turn + at + 1) % len(places)
                if items_values.card_values(pack, item).get("trained"):  # its Hero trained it (the module's note)
                    trained.setdefault(order[at][0], set()).add(item)


def _table(seat: Seat) -> tuple[Any, ...]:
    return seat[:2]


def _count(seat: Seat) -> tuple[Any, ...]:
    return (seat[1],)


def _waits(pack: Pack, raw: Mapping[str, Any]) -> bool:
    """Whether the item's use waits for an occasion the Hero does not choose: an attack of its type to ready
    it for, special faces rolled (`items_dice`), an Enemy defeated with its weapon, or a rare one (`_rare`);
    for a weapon, an Enemy its attack defeats or an item discarded during its attack (`items_wielded`)."""
    react = raw.get("react") or {}
    faces = react.get("reroll_faces") or react.get("specials")  # special faces rolled, to reroll or to count
    waits = bool(raw.get("ready") or faces or (raw.get("socket") or {}).get("mix"))
    if raw.get("hands"):
        return bool(raw.get("save") or (raw.get("on_defeat") or {}).get("weapon"))
    return waits or _rare(pack, raw)


def _rare(pack: Pack, raw: Mapping[str, Any]) -> bool:
    """Whether the item's occasion comes to few games: an Injury card, wounded status or a condition to
    remove (from the Hero, or from the Allies in range), an exhausted Hero to bring back, a condition an
    Enemy or a story point gives to resist, an Enemy leaving its area, a provoking Enemy's area to leave
    with a maneuver to spare, an item another Hero carries to fetch when it needs it, a shielded Enemy to
    attack (a weapon rune's Pierce), a Recover right after a magic attack."""
    use = raw.get("use") or {}
    card = pack.by_id[str(raw["item"])]
    return any(use.get(key) for key in ("injury", "unwound", "cleanse", "purge", "revive", "fetch")) or bool(
        raw.get("harass") or _evade(raw) or card.get("immune") or raw.get("recover")
        or raw.get("pierce") and not raw.get("attack"))


def _has_use(pack: Pack, place: tuple[Seat, Entity, frozenset[str]], raw: Mapping[str, Any],
             carried: Mapping[Seat, list[Mapping[str, Any]]], rules: Rulings) -> bool:
    """Whether the table gives the item something to do: a weapon or hand shield where the hand items dealt
    before it leave it the hands (and the one-of-a-type limit) to be held from the set-up; an item bringing
    back an exhausted Hero where there are other Heroes; one fetching an item where another Hero carries one
    that heals or restores; a banishing or moving (Golem Cube) one where the scenario's Enemies have its
    traits; one making its holder immune to a condition where the scenario's Enemies or story points give
    it or an item the Hero carries costs it; one giving Evade where an Enemy provokes; a pet where an Enemy may walk out of its Hero's area to
    another Hero's; one acting on attacks of some types (`items_dice`) where one of them rolls the Hero's most
    dice."""
    (scenario, players, seat), board, foes = place
    card = pack.by_id[str(raw["item"])]
    use = raw.get("use") or {}
    faces = raw.get("face_damage") or {}
    if (faces or raw.get("token_dice")) and not _attacks(pack, board, strongest=True) & set(
            faces.get("attacks") or items_values.ATTACKS):
        return False  # the Hero's other attacks roll more dice: it would seldom make one of the item's types
    if raw.get("hands"):  # in hand from the set-up (before the board's own), beside the hand items dealt
        return any(c is raw for c in _held(pack, board, [*carried[place[0]], raw], rules))
    if use.get("revive"):  # another Hero to bring back
        return players > 1
    if "relocate" in use:  # a pair, on two Heroes
        return players >= 2
    if use.get("fetch"):  # another Hero of the table carrying a potion or herb this one may need
        return any(_mends(c) for other, held in carried.items() if other[:2] == (scenario, players) and other[2] != seat
                   for c in held)
    if use.get("banish") or use.get("shove"):
        return set(map(str, use.get("only") or ())) <= foes and bool(foes - {"elite"})
    if raw.get("pierce") and not raw.get("attack"):  # a weapon rune
        return SHIELDED in foes
    if card.get("immune"):  # a condition the scenario gives, or the cost of an item the Hero carries
        costs = {str(((c.get("keep") or {}).get("cost") or {}).get("condition")) for c in carried[place[0]]}
        if set(map(str, card.get("immune") or ())) & (foes | costs):
            return True
        if not _evade(raw):
            return False
    if _evade(raw):  # Togsbane's Evade for a turn, the Ring of Shifting's while carried (`reactions`)
        return PROVOKING in foes
    if raw.get("harass"):  # an Enemy walking out of its Hero's area to another Hero's (`items.left_area`)
        return LEAVING in foes and players > 1
    return True


def _mends(raw: Mapping[str, Any]) -> bool:
    """An item a Hero discards only to heal or restore (what an item fetching another one takes: `items`)."""
    use = raw.get("use") or {}
    return bool(use.get("heal") or use.get("restore")) and not any(use.get(key) for key in items_values.USE_EFFECTS)


def _attacks(pack: Pack, board: Entity, strongest: bool = False) -> set[str]:
    """The attack types of the board's single-target attack actions (not of the tokens waiting for an open
    slot; an area, adjacent-area or straight-line attack adds no weapon's damage: `heroes.land_area_attack`);
    `strongest`: only of those rolling the board's highest ability among them (the Hero's most dice)."""
    found: dict[str, int] = {}
    abilities = board.get("abilities") or {}
    for raw in board.get("actions") or []:
        card = pack.by_id.get(str(raw.get("action")))
        shaped = raw.get("line") or raw.get("adjacent") or int(raw.get("area", -1)) >= 0  # no weapon adds to them
        if card is not None and not raw.get("ally") and not raw.get("summon") and not shaped:
            level = int(abilities.get(str(raw.get("ability")), 0))
            for kind in map(str, card.get("attacks") or ()):
                found[kind] = max(found.get(kind, level), level)
    top = max(found.values(), default=0)
    return {kind for kind, level in found.items() if level == top or not strongest}


def _plays_for(pack: Pack, board: Entity, carried: list[Mapping[str, Any]], raw: Mapping[str, Any],
               rules: Rulings) -> bool:
    """Whether the Hero of the board can play the item with what it carries: an arrow or poison needs a weapon
    of the board's that the set-up still puts in hand beside the hand items dealt (`_held`), a gem token a gem
    slot no other token dealt fills on a weapon the set-up puts in hand, dealt or the board's."""
    card = pack.by_id[str(raw["item"])]
    if card.get("hero") and card.get("hero") != board.get("hero"):
        return False
    attacks = _attacks(pack, board)
    if raw.get("attack"):  # a weapon of one of its types (`items_wielded`: a wand may add to a melee attack)
        return not attacks.isdisjoint({str(raw["attack"]), *map(str, raw.get("other_attacks") or ())})
    ready = raw.get("ready") or {}
    own = {str(r["item"]) for r in board.get("items") or []}
    weapons = [w for w in _held(pack, board, carried, rules) if w.get("attack") in attacks and str(w["item"]) in own]
    if ready.get("slot"):
        return any(_slots(pack, w).get(ready["slot"]) and w["attack"] in (ready.get("attacks") or items_values.ATTACKS)
                   for w in weapons)
    if ready:
        return bool(attacks & set(ready.get("attacks") or items_values.ATTACKS))
    if raw.get("socket"):  # on any weapon in hand, dealt or the board's (`items_carried.placed`)
        held = [w for w in _held(pack, board, carried, rules) if w.get("attack") in attacks]
        room = sum(int(_slots(pack, w).get("gem") or 0) for w in held)
        placed = sum(1 for c in carried if c.get("socket"))
        return placed < room * int(rules["weapon.attachments"]["tokens_per_gem_slot"])
    if raw.get("recover"):  # after a magic attack
        return "magic" in attacks
    faces = raw.get("face_damage") or {}
    if faces or raw.get("token_dice"):  # on the Hero's attacks of its types (`items_dice`)
        return bool(attacks & set(faces.get("attacks") or items_values.ATTACKS))
    if (raw.get("use") or {}).get("attack_dice"):  # on each of the Hero's attacks this turn
        return bool(attacks)
    return True


def _held(pack: Pack, board: Entity, carried: list[Mapping[str, Any]], rules: Rulings) -> list[Mapping[str, Any]]:
    """The hand items the set-up puts in hand (`table._hero`): those dealt first, in the order dealt, then the
    board's own, each while the Hero card's hands and the one-of-a-type limit (`items.limit_per_type`) allow."""
    own = {str(r["item"]) for r in board.get("items") or []}
    hands = int(pack.by_id[str(board.get("hero"))].get("hands", 0))
    per_type = int(rules["items.limit_per_type"])
    kinds: list[str] = []
    found: list[Mapping[str, Any]] = []
    dealt = [c for c in carried if c.get("hands") and str(c["item"]) not in own]
    for c in [*dealt, *(c for c in carried if c.get("hands") and str(c["item"]) in own)]:
        kind = str(c.get("attack") or c["item"])
        if int(c["hands"]) <= hands and kinds.count(kind) < per_type:
            hands -= int(c["hands"])
            kinds.append(kind)
            found.append(c)
    return found


def _slots(pack: Pack, raw: Mapping[str, Any]) -> Mapping[str, Any]:
    card = pack.by_id.get(str(raw["item"]))
    return (card.get("slots") or {}) if card is not None else {}


def _carries(pack: Pack, board: Entity, carried: list[Mapping[str, Any]], raw: Mapping[str, Any], rules: Rulings) -> bool:
    """Whether the Hero can carry the item too: what the set-up leaves out of hand within its encumbrance
    (counting the heaviest way the board's own hand items may fall), the backpacks dealt raising it."""
    if any(c["item"] == raw["item"] for c in carried):
        return False  # one of each: the stash holds one copy
    own = {str(r["item"]) for r in board.get("items") or []}
    dealt = [c for c in carried if str(c["item"]) not in own]
    limit = int(board.get("encumbrance", 0)) + sum(int(c.get("carry", 0)) for c in dealt) + int(raw.get("carry", 0))
    base = [c for c in carried if str(c["item"]) in own]
    # the dealt hand items are held first, within the hands and the one-of-a-type limit; the board's own
    # share what they leave (`table._hero`)
    hands = int(pack.by_id[str(board.get("hero"))].get("hands", 0))
    per_type = int(rules["items.limit_per_type"])
    kinds: list[str] = []
    out_items = [c for c in [*dealt, raw] if not c.get("hands")]
    for c in (c for c in [*dealt, raw] if c.get("hands")):
        kind = str(c.get("attack") or c["item"])
        if int(c["hands"]) <= hands and kinds.count(kind) < per_type:
            hands -= int(c["hands"])
            kinds.append(kind)
        else:
            out_items.append(c)
    blocked = [c for c in base if c.get("hands") and kinds.count(str(c.get("attack") or c["item"])) >= per_type]
    free = [c for c in base if not any(c is b for b in blocked)]
    index = {str(c["item"]): i for i, c in enumerate(free)}
    data = dict(board.data)
    data["items"], data["encumbrance"] = free, UNLIMITED  # every maximal set of hand items, whatever it leaves
    fitting = kit.loadouts(pack, dataclasses.replace(board, data=data), hands, index, rules)
    # the set-up holds the first such set its carried order gives: count the heaviest
    out = max((sum(kit.item_weight(pack, c, rules) for c in free if index[str(c["item"])] not in loadout)
               for loadout in fitting), default=0)
    weight = out + sum(kit.item_weight(pack, c, rules) for c in [*blocked, *out_items])
    return weight <= limit


def _evade(raw: Mapping[str, Any]) -> bool:
    """Whether the item gives Evade: for a turn when used (`react.evade`) or while carried (`evade`)."""
    return bool(raw.get("evade") or (raw.get("react") or {}).get("evade"))
