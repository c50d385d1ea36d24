"""From a schema-checked engine description (and the pack's facts, decks and components) to a Table.

Every mistake the schema cannot see (a zone or counter that does not exist, a fact no clause states,
an expression that does not parse, a limit that is not a number) becomes a DescriptionError with the
path of the value at fault; compiling goes on so one run reports them all.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from deckwright.engine.described import table as t
from deckwright.engine.described.source import ENGINE_DOC
from deckwright.engine.described.expressions import Amount, DescriptionError, Expr, nodes
from deckwright.model.pack import Pack
from deckwright.rules.facts import fact, facts_with_prefix
from deckwright.rules.syntax import Call, ClaimSyntaxError, Compare, Comprehension, Literal, Name, Node, parse
from deckwright.schema import did_you_mean

BINDINGS = frozenset({"me", "players", "round", "chosen", "card"})
MAX_REPEAT = 100
MAX_SIDES = 20
DEFAULT_STEPS = 5000
DEFAULT_EFFECTS = 10_000
_MISSING = object()


def compile_table(pack: Pack, description: Mapping[str, Any], players: int) -> tuple[t.Table | None, list[DescriptionError]]:
    """The table of a game of `players` seats, or None and every mistake found."""
    compiler = _Compiler(pack, players)
    try:
        built = compiler.table(description)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:  # a shape the schema refused: it says where
        return None, [*compiler.errors, DescriptionError(f"the description is malformed ({type(exc).__name__}: {exc}); "
                                                         "see the schema errors of the file", (ENGINE_DOC,))]
    return (built if not compiler.errors else None), compiler.errors


class _Compiler:
    def __init__(self, pack: Pack, players: int):
        self.pack = pack
        self.players = players
        self.errors: list[DescriptionError] = []
        self.zones: dict[str, t.Zone] = {}
        self.resources: dict[str, t.Resource] = {}
        self.boards: dict[str, t.Board] = {}
        self.instances = 0
        self.pending_marks: list[tuple[str, Sequence[Any], tuple[Any, ...]]] = []  # effects compile once all names exist
        self.pending_spaces: list[tuple[str, int, Any, tuple[Any, ...]]] = []
        self.board_enter: dict[str, Any] = {}
        self.unbuilt: set[str] = set()  # boards whose spaces could not be read (reported once, not at every use)

    # -- numbers, facts and expressions --------------------------------------------------------

    def fail(self, message: str, parts: tuple[Any, ...], hint: str | None = None, code: str = "invalid") -> None:
        self.errors.append(DescriptionError(message, parts, hint=hint, code=code))

    def fact(self, name: str, parts: tuple[Any, ...]) -> Any:
        value = fact(self.pack, name, _MISSING)
        if value is _MISSING:
            raise DescriptionError(f"no clause states the fact '{name}'", parts, code="missing-fact",
                                   hint="add a clause stating it to the pack's rules (marked assumed with a reason "
                                        "if the book is silent)")
        if isinstance(value, Mapping) and value and all(str(k).isdigit() for k in value):
            by_count = {int(k): v for k, v in value.items()}
            if self.players not in by_count:
                raise DescriptionError(f"the fact '{name}' gives no value for {self.players} players "
                                       f"(it has {', '.join(map(str, sorted(by_count)))})", parts, code="missing-fact")
            return by_count[self.players]
        return value

    def amount(self, raw: Any, parts: tuple[Any, ...], default: int | None = None) -> Amount:
        try:
            return self._amount(raw, parts, default)
        except DescriptionError as exc:
            self.errors.append(exc)
            return 0

    def _amount(self, raw: Any, parts: tuple[Any, ...], default: int | None) -> Amount:
        if raw is None and default is not None:
            return default
        if isinstance(raw, bool) or raw is None:
            raise DescriptionError(f"expected a number, a fact or an expression, not {raw!r}", parts)
        if isinstance(raw, int):
            return raw
        if isinstance(raw, Mapping) and "fact" in raw:
            value = self.fact(str(raw["fact"]), parts + ("fact",))
            if isinstance(value, bool) or not isinstance(value, int):
                raise DescriptionError(f"the fact '{raw['fact']}' is {value!r}, not a whole number", parts + ("fact",))
            return value
        if isinstance(raw, Mapping) and "expr" in raw:
            return self._expr(str(raw["expr"]), parts + ("expr",))
        raise DescriptionError(f"expected a number, a fact or an expression, not {raw!r}", parts)

    def fixed(self, raw: Any, parts: tuple[Any, ...], default: int) -> int:
        """A number known when the game is set up: written out or a fact, not an expression."""
        value = self.amount(raw, parts, default)
        if isinstance(value, Expr):
            self.fail("this number must be known before play: write it out or name a fact", parts)
            return default
        return value

    def expr(self, text: Any, parts: tuple[Any, ...]) -> Expr | None:
        if text is None:
            return None
        try:
            return self._expr(str(text), parts)
        except DescriptionError as exc:
            self.errors.append(exc)
            return None

    def _expr(self, text: str, parts: tuple[Any, ...]) -> Expr:
        try:
            tree = parse(text)
        except ClaimSyntaxError as exc:
            raise DescriptionError(f"'{text}' does not parse: {exc} (at character {exc.offset + 1})", parts,
                                   hint="expressions use the claim language (see the README)",
                                   needle=text[exc.offset:exc.offset + 12] or None) from None
        return Expr(text, tree, self._facts_of(tree, parts), parts)

    def _facts_of(self, tree: Node, parts: tuple[Any, ...]) -> dict[str, Any]:
        bound = set(BINDINGS) | {n.variable for n in nodes(tree) if isinstance(n, Comprehension)}
        read: dict[str, Any] = {}
        for node in nodes(tree):
            if isinstance(node, Name) and node.parts[0] not in bound:
                read.update(self._fact_named(node.parts, parts))
        for node in nodes(tree):
            if isinstance(node, Call) and node.function == "fact" and node.args and isinstance(node.args[0], Literal):
                read.update(self._fact_named(tuple(str(node.args[0].value).split(".")), parts))
        return read

    def _fact_named(self, name: tuple[str, ...], parts: tuple[Any, ...]) -> dict[str, Any]:
        for size in range(len(name), 0, -1):
            dotted = ".".join(name[:size])
            value = fact(self.pack, dotted, _MISSING)
            if value is not _MISSING:
                return {dotted: value}
        full = ".".join(name)
        family = facts_with_prefix(self.pack, full)
        if family:
            return family
        raise DescriptionError(f"'{full}' is neither a fact a clause states nor one of {', '.join(sorted(BINDINGS))}",
                               parts, code="missing-fact", hint=did_you_mean(name[0], sorted(BINDINGS)))

    # -- zones, counters, pieces ---------------------------------------------------------------

    def table(self, d: Mapping[str, Any]) -> t.Table:
        pieces, start = self.build_zones(d.get("zones") or [])
        self.build_boards(d.get("boards") or [])
        self.build_resources(d.get("resources") or [])
        card_effects = self.card_effects(pieces)
        self.space_effects()
        actions = tuple(self.action(i, raw) for i, raw in enumerate(d.get("actions") or []))
        turn = d.get("turn") or {}
        by_id = {a.id: a.index for a in actions}
        phases = [(str(phase.get("id")), self.named_actions(phase.get("actions"), by_id, f"phase '{phase.get('id')}'",
                                                            (ENGINE_DOC, "turn", "phases", p, "actions")))
                  for p, phase in enumerate(turn.get("phases") or [])]
        scoring = d.get("scoring") or {}
        score_range = scoring.get("range")
        limits = d.get("limits") or {}
        triggers = tuple(self.trigger(i, raw) for i, raw in enumerate(d.get("triggers") or []))
        names, owners, defs = self.instance_names()
        round_ = d.get("round") or {}
        choose = round_.get("choose") or {}
        picks = self.named_actions(choose.get("actions"), by_id, "the round's secret choice",
                                   (ENGINE_DOC, "round", "choose", "actions"))
        return t.Table(
            pack=self.pack.id, players=self.players, zones=dict(self.zones), zone_names=names, zone_owner=owners,
            zone_def=defs, start_zones=start, resources=dict(self.resources),
            resource_count=sum(1 if r.owner == t.SHARED else self.players for r in self.resources.values()),
            supplies=tuple(r.supply or 0 for r in self.resources.values() if r.supply is not None),
            pieces=pieces, card_effects=card_effects,
            setup=self.effects(d.get("setup"), (ENGINE_DOC, "setup")),
            turn_start=self.effects(turn.get("start"), (ENGINE_DOC, "turn", "start")),
            turn_end=self.effects(turn.get("end"), (ENGINE_DOC, "turn", "end")),
            phases=tuple(phases), actions=actions,
            triggers=triggers,
            on_enter={zone: tuple(tr for tr in triggers if tr.enter and tr.on == zone) for zone in self.zones},
            ends=tuple(self.end(i, raw) for i, raw in enumerate(d.get("end") or [])),
            score=self.expr(scoring.get("score"), (ENGINE_DOC, "scoring", "score")) or _constant(),
            tie_breaks=tuple(e for i, text in enumerate(scoring.get("tie_breaks") or [])
                             if (e := self.expr(text, (ENGINE_DOC, "scoring", "tie_breaks", i))) is not None),
            score_range=(self.fixed(score_range.get("min"), (ENGINE_DOC, "scoring", "range", "min"), 0),
                         self.fixed(score_range.get("max"), (ENGINE_DOC, "scoring", "range", "max"), 0))
            if isinstance(score_range, Mapping) else (-1e9, 1e9),
            greedy=self.expr((d.get("policies") or {}).get("greedy"), (ENGINE_DOC, "policies", "greedy")),
            max_steps=int(limits.get("steps", DEFAULT_STEPS)),
            max_effects=int(limits.get("effects_per_step", DEFAULT_EFFECTS)),
            boards=dict(self.boards), pawns=len(self.boards) * self.players, picks=tuple(picks),
            order=self.expr(round_.get("order"), (ENGINE_DOC, "round", "order")),
            pick_order=self.expr(choose.get("order"), (ENGINE_DOC, "round", "choose", "order")),
            spaces=tuple((b.id, space) for b in self.boards.values() for space in b.spaces),
        )

    def named_actions(self, names: Any, by_id: Mapping[str, int], owner: str, parts: tuple[Any, ...]) -> tuple[int, ...]:
        """The indices of the actions a phase or the round's choice names; a name of no action is reported."""
        indices = []
        for a, name in enumerate(names or []):
            if name in by_id:
                indices.append(by_id[name])
            else:
                self.fail(f"{owner} names no action '{name}'", parts + (a,), hint=did_you_mean(str(name), by_id))
        return tuple(indices)

    def build_zones(self, raws: Sequence[Any]) -> tuple[tuple[t.Piece, ...], tuple[tuple[int, ...], ...]]:
        pieces: list[t.Piece] = []
        filled: dict[str, tuple[int, ...]] = {}
        owner_of: dict[str, str] = {}
        for i, raw in enumerate(raws):
            parts = (ENGINE_DOC, "zones", i)
            zid = str(raw["id"])
            if zid in self.zones:
                self.fail(f"zone '{zid}' is declared twice", parts + ("id",))
                continue
            limit = self.fixed(raw["limit"], parts + ("limit",), 0) if "limit" in raw else None
            self.zones[zid] = t.Zone(zid, raw["owner"], raw["kind"], self.instances, limit,
                                     (raw.get("refill") or {}).get("from"), parts)
            self.instances += 1 if raw["owner"] == t.SHARED else self.players
            fill = raw.get("fill")
            if fill:
                if raw["owner"] != t.SHARED:
                    self.fail(f"zone '{zid}' belongs to each player and cannot be filled from a deck",
                              parts + ("fill",), hint="fill a shared zone and deal from it in `setup`")
                    continue
                new = self.fill(str(fill["deck"]), parts + ("fill", "deck"), owner_of, zid)
                filled[zid] = tuple(range(len(pieces), len(pieces) + len(new)))
                pieces.extend(new)
        for zid, zone in self.zones.items():
            if zone.refill is not None and zone.refill not in self.zones:
                self.fail(f"zone '{zid}' refills from '{zone.refill}', which is not a zone", zone.parts + ("refill", "from"),
                          hint=did_you_mean(zone.refill, self.zones))
        start = tuple(filled.get(self.zone_at(i), ()) if self.zones[self.zone_at(i)].owner == t.SHARED else ()
                      for i in range(self.instances))
        return tuple(pieces), start

    def zone_at(self, instance: int) -> str:
        for zid, zone in self.zones.items():
            count = 1 if zone.owner == t.SHARED else self.players
            if zone.first <= instance < zone.first + count:
                return zid
        raise IndexError(instance)

    def instance_names(self) -> tuple[tuple[str, ...], tuple[int, ...], tuple[str, ...]]:
        names, owners, defs = [], [], []
        for zid, zone in self.zones.items():
            seats = [-1] if zone.owner == t.SHARED else list(range(self.players))
            for seat in seats:
                names.append(zid if seat < 0 else f"{zid} of P{seat + 1}")
                owners.append(seat)
                defs.append(zid)
        return tuple(names), tuple(owners), tuple(defs)

    def fill(self, deck_id: str, parts: tuple[Any, ...], owner_of: dict[str, str], zone: str) -> list[t.Piece]:
        deck = next((d for d in self.pack.decks if d.id == deck_id), None)
        if deck is None:
            self.fail(f"the manifest has no deck '{deck_id}'", parts,
                      hint=did_you_mean(deck_id, [d.id for d in self.pack.decks]))
            return []
        pieces: list[t.Piece] = []
        for entity in self.pack.select(deck.select):
            if entity.id in owner_of:
                self.fail(f"card '{entity.id}' of deck '{deck_id}' already fills zone '{owner_of[entity.id]}'", parts)
                continue
            owner_of[entity.id] = zone
            record = {**entity.data, "copies": entity.copies}
            pieces.extend(t.Piece(entity.id, record) for _ in range(entity.copies))
        return pieces

    def build_resources(self, raws: Sequence[Any]) -> None:
        first = 0
        supplies = 0
        for i, raw in enumerate(raws):
            parts = (ENGINE_DOC, "resources", i)
            rid = str(raw["id"])
            if rid in self.resources or rid in self.zones or rid in self.boards:
                self.fail(f"'{rid}' is already the name of a zone, board or counter", parts + ("id",))
                continue
            supply = None
            if raw.get("supply"):
                cid = str(raw["supply"]["component"])
                component = next((c for c in self.pack.components if c.id == cid), None)
                if component is None:
                    self.fail(f"the manifest has no component '{cid}'", parts + ("supply", "component"),
                              hint=did_you_mean(cid, [c.id for c in self.pack.components]))
                else:
                    supply = component.count
            high = self.fixed(raw.get("max"), parts + ("max",), 10**9)
            self.resources[rid] = t.Resource(
                rid, raw["owner"], first, self.fixed(raw.get("start"), parts + ("start",), 0),
                self.fixed(raw.get("min"), parts + ("min",), 0), high, supply, supplies if supply is not None else -1, parts)
            self.pending_marks.append((rid, raw.get("marks") or [], parts + ("marks",)))
            supplies += supply is not None
            first += 1 if raw["owner"] == t.SHARED else self.players

    def build_boards(self, raws: Sequence[Any]) -> None:
        """Boards as graphs of spaces, written out or taken from the pack's entities of a type."""
        offset = 0
        for i, raw in enumerate(raws):
            parts = (ENGINE_DOC, "boards", i)
            bid = str(raw["id"])
            if bid in self.zones or bid in self.boards:
                self.fail(f"'{bid}' is already the name of a zone or board", parts + ("id",))
                continue
            spaces = self.spaces(raw["spaces"], parts + ("spaces",), bid)
            if not spaces:
                continue
            index = {space.id: n for n, space in enumerate(spaces)}
            start = str(raw.get("start", spaces[0].id))
            if start not in index:
                self.fail(f"board '{bid}' has no space '{start}' to start on", parts + ("start",),
                          hint=did_you_mean(start, index))
            self.board_enter[bid] = raw.get("enter")
            self.boards[bid] = t.Board(bid, spaces, index, index.get(start, 0), len(self.boards) * self.players,
                                       offset, parts)
            offset += len(spaces)

    def spaces(self, raw: Any, parts: tuple[Any, ...], board: str) -> tuple[t.Space, ...]:
        """Spaces with their links made two-way; a link to a space that does not exist is reported where written."""
        if isinstance(raw, Mapping):  # {type: location, links: routes}: the pack's entities are the spaces
            kind, field_ = str(raw["type"]), str(raw.get("links", "links"))
            entities = [e for e in self.pack.entities if e.type == kind and not e.anonymous]
            if not entities and kind in self.pack.unreadable:  # the parse error is reported at its line
                self.fail(f"board '{board}' takes its spaces from type '{kind}', a file of which does not parse",
                          parts + ("type",), hint=f"fix the syntax error in the '{kind}' file first")
                self.unbuilt.add(board)
                return ()
            if not entities:
                self.fail(f"the pack has no entities of type '{kind}' to make the spaces of board '{board}'",
                          parts + ("type",), hint=None if kind in self.pack.types else did_you_mean(kind, self.pack.types))
                return ()
            written: list[tuple[str, dict[str, Any], Any, str | None, tuple[Any, ...]]] = [
                (e.id, {"id": e.id, **e.data}, e.data.get(field_) or [], e.id, (e.id, field_)) for e in entities]
        else:
            written = [(str(s["id"]), {k: v for k, v in s.items() if k not in ("links", "effects")},
                        s.get("links") or [], None, parts + (n, "links")) for n, s in enumerate(raw)]
        index = {sid: n for n, (sid, *_) in enumerate(written)}
        links: list[set[int]] = [set() for _ in written]
        for n, (sid, _, linked, _, where) in enumerate(written):
            if not isinstance(linked, list):
                self.fail(f"the links of space '{sid}' are a list of space ids", where)
                continue
            for k, other in enumerate(linked):
                if other not in index:
                    self.fail(f"space '{sid}' links to '{other}', which is not a space of board '{board}'",
                              where + (k,), hint=did_you_mean(str(other), index))
                elif index[other] != n:
                    links[n].add(index[other])
                    links[index[other]].add(n)
        for n, s in enumerate(raw if not isinstance(raw, Mapping) else []):
            if s.get("effects"):
                self.pending_spaces.append((board, n, s["effects"], parts + (n, "effects")))
        for n, (sid, record, _, entity, _) in enumerate(written):
            if entity is not None and "effect" in record:
                self.pending_spaces.append((board, n, record["effect"], (entity, "effect")))
        return tuple(t.Space(sid, record, tuple(sorted(links[n])), (), entity, parts)
                     for n, (sid, record, _, entity, _) in enumerate(written))

    def space_effects(self) -> None:
        """Effects of spaces and track marks, compiled once every zone, counter and board has its name."""
        boards = {bid: list(board.spaces) for bid, board in self.boards.items()}
        for bid, n, raw, where in self.pending_spaces:
            if not isinstance(raw, list):
                self.fail("a space's effects are a list of effects", where)
                continue
            boards[bid][n] = replace(boards[bid][n], effects=self.effects(raw, where))
        self.boards = {bid: replace(board, spaces=tuple(boards[bid]),
                                    enter=self.effects(self.board_enter.get(bid), board.parts + ("enter",)))
                       for bid, board in self.boards.items()}
        for rid, raws, where in self.pending_marks:
            marks = []
            for k, raw in enumerate(raws):
                at = self.fixed(raw.get("at"), where + (k, "at"), 0)
                resource = self.resources[rid]
                if not resource.low < at <= resource.high:
                    self.fail(f"mark {at} of '{rid}' lies outside {resource.low + 1}..{resource.high}, where its marker "
                              "can never reach it", where + (k, "at"))
                marks.append(t.Mark(at, self.effects(raw.get("effects"), where + (k, "effects")), where + (k,)))
            self.resources[rid] = replace(self.resources[rid], marks=tuple(sorted(marks, key=lambda m: m.at)))

    def card_effects(self, pieces: Sequence[t.Piece]) -> dict[str, tuple[t.Effect, ...]]:
        found: dict[str, tuple[t.Effect, ...]] = {}
        for piece in pieces:
            if piece.entity not in found and "effect" in piece.record:
                raw = piece.record["effect"]
                if not isinstance(raw, list):
                    self.fail("a card's `effect` is a list of effects", (piece.entity, "effect"))
                    continue
                found[piece.entity] = self.effects(raw, (piece.entity, "effect"))
        return found

    # -- effects, actions, triggers, ends -------------------------------------------------------

    def zone(self, name: Any, parts: tuple[Any, ...]) -> str:
        if name not in self.zones:
            self.fail(f"there is no zone '{name}'", parts, hint=did_you_mean(str(name), self.zones))
        return str(name)

    def resource(self, name: Any, parts: tuple[Any, ...]) -> str:
        if name not in self.resources:
            self.fail(f"there is no counter '{name}'", parts, hint=did_you_mean(str(name), self.resources))
        return str(name)

    def effects(self, raws: Any, parts: tuple[Any, ...]) -> tuple[t.Effect, ...]:
        built = []
        for i, raw in enumerate(raws or []):
            if not isinstance(raw, Mapping) or len(raw) != 1:
                self.fail("an effect is a mapping with one key (draw, move, gain...)", parts + (i,))
                continue
            (verb, args), = raw.items()
            maker = self.makers().get(verb)
            if maker is None:
                if parts[0] == ENGINE_DOC:
                    continue  # the core schema has reported it at its line
                self.fail(f"the YAML engine has no effect '{verb}'", parts + (i, verb),
                          hint=did_you_mean(str(verb), self.makers()) or "the README lists the supported effects")
                continue
            built.append(maker(args if isinstance(args, Mapping) else {"value": args}, parts + (i, verb)))
        return tuple(built)

    def makers(self) -> dict[str, Callable[[Mapping[str, Any], tuple[Any, ...]], t.Effect]]:
        return {"draw": self.draw, "deal": self.draw, "reveal": self.draw, "move": self.move, "shuffle": self.shuffle,
                "refill": self.refill, "gain": self.change, "spend": self.change, "set": self.change,
                "pay": self.pay, "roll": self.roll, "compare": self.compare, "repeat": self.repeat,
                "play": lambda a, p: t.PlayCard(p), "end_turn": lambda a, p: t.EndTurn(p), "go": self.go}

    def board(self, name: Any, parts: tuple[Any, ...]) -> str:
        if name not in self.boards and name not in self.unbuilt:
            self.fail(f"there is no board '{name}'", parts, hint=did_you_mean(str(name), self.boards))
        return str(name)

    def go(self, a: Mapping[str, Any], p: tuple[Any, ...]) -> t.Effect:
        board = self.board(a.get("board"), p + ("board",))
        to = str(a.get("to", "chosen"))
        spaces = self.boards[board].index if board in self.boards else {}
        if to not in ("chosen", "start") and board in self.boards and to not in spaces:
            self.fail(f"board '{board}' has no space '{to}'", p + ("to",), hint=did_you_mean(to, spaces))
        return t.Go(p, board, to, a.get("who", "me"))

    def draw(self, a: Mapping[str, Any], p: tuple[Any, ...]) -> t.Effect:
        verb = p[-1]
        return t.Draw(p, self.zone(a.get("from"), p + ("from",)), self.zone(a.get("to"), p + ("to",)),
                      self.amount(a.get("count"), p + ("count",), 1), "each" if verb == "deal" else a.get("who", "me"),
                      verb)

    def move(self, a: Mapping[str, Any], p: tuple[Any, ...]) -> t.Effect:
        cards = a.get("cards", "chosen")
        chosen: str | Expr = cards if isinstance(cards, str) else (
            self.expr(cards.get("where"), p + ("cards", "where")) or "all")
        source = self.zone(a["from"], p + ("from",)) if "from" in a else None
        if source is None and chosen != "chosen":
            self.fail("moving `all` cards or cards `where` a test holds needs `from`", p)
        return t.Move(p, source, self.zone(a.get("to"), p + ("to",)), chosen, a.get("who", "me"))

    def shuffle(self, a: Mapping[str, Any], p: tuple[Any, ...]) -> t.Effect:
        into = self.zone(a["into"], p + ("into",)) if "into" in a else None
        zone = self.zone(a.get("zone"), p + ("zone",))
        shuffled, key = (into, "into") if into is not None else (zone, "zone")
        if shuffled in self.zones and not self.zones[shuffled].hidden:
            self.fail(f"zone '{shuffled}' is a {self.zones[shuffled].kind}, not a face-down deck: only a deck is "
                      "shuffled (its order is decided by chance as it is drawn)", p + (key,),
                      hint="shuffle a zone of kind deck, or a pile `into` one")
        return t.Shuffle(p, zone, into)

    def refill(self, a: Mapping[str, Any], p: tuple[Any, ...]) -> t.Effect:
        zone = self.zone(a.get("zone"), p + ("zone",))
        if zone in self.zones and self.zones[zone].limit is None:
            self.fail(f"zone '{zone}' has no limit, so there is nothing to refill it to", p + ("zone",),
                      hint="give the zone a `limit` (its number of slots)")
        return t.Refill(p, zone, self.zone(a.get("from"), p + ("from",)))

    def change(self, a: Mapping[str, Any], p: tuple[Any, ...]) -> t.Effect:
        verb = str(p[-1])
        amount = self.amount(a.get("value" if verb == "set" else "amount"), p + ("value" if verb == "set" else "amount",), 1)
        return t.Change(p, verb, self.resource(a.get("resource"), p + ("resource",)), amount, a.get("who", "me"))

    def pay(self, a: Mapping[str, Any], p: tuple[Any, ...]) -> t.Effect:
        return t.Pay(p, self.resource(a.get("resource"), p + ("resource",)), self.amount(a.get("amount"), p + ("amount",), 1),
                     str(a.get("to")))

    def roll(self, a: Mapping[str, Any], p: tuple[Any, ...]) -> t.Effect:
        dice = self.amount(a.get("dice"), p + ("dice",), 1)
        if isinstance(dice, int) and not 1 <= dice <= 6:
            self.fail(f"rolls of 1 to 6 dice are supported, not {dice}", p + ("dice",))
        sides = a.get("sides", 6)
        if not isinstance(sides, int) or not 2 <= sides <= MAX_SIDES:
            self.fail(f"dice have 2 to {MAX_SIDES} sides, not {sides!r}", p + ("sides",))
            sides = 6
        return t.Roll(p, dice, sides, self.resource(a.get("into"), p + ("into",)))

    def compare(self, a: Mapping[str, Any], p: tuple[Any, ...]) -> t.Effect:
        test = self.expr(a.get("test"), p + ("test",)) or _constant(True)
        return t.Compare(p, test, self.effects(a.get("then"), p + ("then",)), self.effects(a.get("else"), p + ("else",)))

    def repeat(self, a: Mapping[str, Any], p: tuple[Any, ...]) -> t.Effect:
        times = self.amount(a.get("times"), p + ("times",), 1)
        if isinstance(times, int) and times > MAX_REPEAT:
            self.fail(f"repeat runs at most {MAX_REPEAT} times, not {times}", p + ("times",))
        return t.Repeat(p, times, self.effects(a.get("effects"), p + ("effects",)))

    def action(self, index: int, raw: Mapping[str, Any]) -> t.Action:
        p = (ENGINE_DOC, "actions", index)
        choose = raw.get("choose") or {}
        zone = self.zone(choose["card"], p + ("choose", "card")) if "card" in choose else None
        space = self.board(choose["space"], p + ("choose", "space")) if "space" in choose else None
        within = self.amount(choose.get("within"), p + ("choose", "within"), 1)
        cost = tuple((self.resource(name, p + ("cost", name)), self.amount(value, p + ("cost", name), 0))
                     for name, value in (raw.get("cost") or {}).items())
        return t.Action(str(raw["id"]), index, zone, "player" in choose, self.expr(choose.get("if"), p + ("choose", "if")),
                        self.expr(raw.get("if"), p + ("if",)), cost, self.effects(raw.get("effects"), p + ("effects",)),
                        raw.get("then", t.STAY), space, within)

    def trigger(self, index: int, raw: Mapping[str, Any]) -> t.Trigger:
        p = (ENGINE_DOC, "triggers", index)
        on = raw["on"]
        enter = isinstance(on, Mapping)
        name = self.zone(on["enter"], p + ("on", "enter")) if enter else str(on)
        return t.Trigger(name, enter, self.expr(raw.get("if"), p + ("if",)), self.effects(raw.get("effects"), p + ("effects",)))

    def end(self, index: int, raw: Mapping[str, Any]) -> t.EndCondition:
        p = (ENGINE_DOC, "end", index)
        when = raw["when"]
        timing = raw.get("timing", t.NOW)
        if "zone_empty" in when:
            zone = self.zone(when["zone_empty"], p + ("when", "zone_empty"))
            return t.EndCondition(raw["id"], "zone_empty", timing, zone=zone, parts=p)
        if "reach" in when:
            reach = when["reach"]
            resource = self.resource(reach["resource"], p + ("when", "reach", "resource"))
            target = self.amount(reach["at_least"], p + ("when", "reach", "at_least"))
            return t.EndCondition(raw["id"], "reach", timing, resource=resource, target=target, parts=p)
        if "rounds" in when:
            rounds = self.amount(when["rounds"], p + ("when", "rounds"))
            return t.EndCondition(raw["id"], "rounds", t.END_OF_ROUND, target=rounds, parts=p)
        test = self.expr(when.get("expr"), p + ("when", "expr"))
        measure = _side(test, 0)
        ops = test.tree.ops if measure is not None and test is not None and isinstance(test.tree, Compare) else ()
        return t.EndCondition(raw["id"], "expr", timing, test=test, parts=p, measure=measure,
                              op=ops[0] if len(ops) == 1 else None, bound=_side(test, 1) if len(ops) == 1 else None)


def _side(test: Expr | None, index: int) -> Expr | None:
    """For a test `A >= B` (or `>`, `==`): A (index 0), whose highest value in playouts tells how near the test
    came, or B (index 1)."""
    if test is None or not isinstance(test.tree, Compare) or test.tree.ops[0] not in (">=", ">", "=="):
        return None
    side = test.tree.operands[index]
    text = test.text[side.start:side.end]
    return Expr(text, parse(text), test.facts, test.parts)


def _constant(value: Any = 0) -> Expr:
    text = "true" if value is True else str(value)
    return Expr(text, parse(text), {}, (ENGINE_DOC,))

