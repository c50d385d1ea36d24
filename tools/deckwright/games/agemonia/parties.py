"""Which Heroes play a sample scenario: a party chosen by the game's seed from every Hero board of the pack.

A sample scenario lists its own party (`party`), the boards a designer wrote it for; the pack's other
boards would never be played if only those did, so `check` would judge Heroes, actions and items that no
game reaches. The scenario's table therefore holds a rotation of parties (`Table.parties`): the listed
party first, then parties made of every other board in id order, `players` of them each, no Hero twice
in a party (a party left short is completed from the listed boards; a party the pack cannot set up
under the rules in force, a fact overridden by a test or a mutation, is left out). A game of seed `s` plays party
`s mod len(rotation)` (`choose`), so `simulate --scenario X --players N --runs R` plays every board once
R reaches the rotation's length, a game replays from its seed alone, and `check` keeps its 50 games per
scenario, Hero count and policy, shared among the parties.

A campaign's table (its grown Heroes given as `party`) has no rotation: the campaign chose its Heroes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from deckwright.gamekit import Entity, Pack, RulesError
from deckwright.games.agemonia.table import Table, compile_table, resolve_scenario


def rotation(pack: Pack, listed: Sequence[Entity], players: int) -> list[list[Entity]]:
    """The listed party, then parties of `players` boards covering every other Hero board."""
    first = list(listed[:players])
    left = sorted((b for b in pack.of_type("hero-board") if b not in first), key=lambda b: b.id)
    found = [first]
    while left:
        party: list[Entity] = []
        for board in list(left):
            if len(party) < players and all(b.get("hero") != board.get("hero") for b in party):
                party.append(board)
                left.remove(board)
        party += [b for b in first if all(p.get("hero") != b.get("hero") for p in party)][:players - len(party)]
        if len(party) < players:
            raise RulesError(f"no party of {players} different Heroes holds hero board '{party[0].id}'")
        found.append(party)
    return found


def compile_parties(pack: Pack, scenario: str, players: int, overrides: Mapping[str, Any] | None = None) -> Table:
    """The scenario's table for its listed party, holding the table of each other party of the rotation."""
    first = compile_table(pack, scenario, players, overrides)
    entity = resolve_scenario(pack, scenario)
    listed = [pack.by_id[b] for b in (entity.get("party") or []) if b in pack.by_id] if entity is not None else []
    others = []
    for party in rotation(pack, listed, players)[1:]:
        try:
            others.append(compile_table(pack, scenario, players, overrides, party=party))
        except RulesError:  # a party these rules cannot set up (an override, say) stays out of the rotation
            continue
    return dataclasses.replace(first, parties=tuple(others))


def choose(table: Table, seed: int) -> Table:
    """The table of the party a game of this seed plays: the table itself (the listed party) or one of
    the others it holds."""
    turn = seed % (len(table.parties) + 1)
    return table.parties[turn - 1] if turn else table


def each(table: Table) -> tuple[Table, ...]:
    """Every party's table, the listed party's first."""
    return (table, *table.parties)
