"""What a Hero gains between scenarios, and the Hero board it starts the next scenario with.

The campaign's Heroes are those it is given (`play_campaign(heroes=...)`, any Hero with a board of level
`levels.start`), else those of the first sample scenario's party, each from its pack board of that level. Each level from the second (rulebook lines 3015-3037, 3070-3164):
- a Stamina chip (`level_up.stamina_chips`): the board's stamina and wounded stamina grow by it;
- at `class.choose_level` a Class, for good: one of the Hero's Class cards with the most Class Skills
  the engine plays;
- `level_up.class_skills` Class Skills ticked: one of the Class card's the engine plays, else the first
  left (ticked, not played: `kit.SKILL_KINDS`);
- `level_up.action_tokens` Action tokens of the new level: the Class's, then the Hero's;
- an Action slot (`action_slots.unlock_levels`), open at `action_slots.open_levels`.
The board the Hero plays has its level-1 tokens and, in each slot unlocked since, the tokens gained in
the order above; the tokens left wait for an open slot. A token is played with the values the board
gives in `level_tokens` (or another board of the Hero plays it with); one without any waits unplayed.
Its items are those it held when the last scenario ended (used ones are in the Stock, line 2636), each
played as a board or its card states it; a token with no play of its own is carried when another of its
items pays with it (a tome's Essence, `items_values.paid_with`).
The bots have no preference among the Classes and Skills the engine plays alike: the campaign's `pick`
(its seed) chooses the Class card `pick` modulo their number in the Hero's list, and the Skill `pick`
modulo the number left in the card's; so campaigns of consecutive seeds choose every Class and, for
their first skill, every pair of Class and Skill in turn (two Classes of five Skills: ten seeds).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Any

from deckwright.gamekit import Entity, Pack, RulesError
from deckwright.games.agemonia import items_values
from deckwright.games.agemonia.kit import SKILL_KINDS
from deckwright.games.agemonia.table import plays_action


def starting_boards(pack: Pack, start: int, players: int, scenarios: list[str],
                    heroes: Sequence[str] = ()) -> list[Entity]:
    """The campaign's Heroes (`heroes`, else those of the first sample scenario's party), each from its
    first board of level `start`."""
    party = [pack.by_id[b] for b in pack.by_id[scenarios[0]].get("party") or [] if b in pack.by_id]
    chosen = list(heroes) or [str(seat.get("hero")) for seat in party]
    boards = []
    for hero in chosen[:players]:
        board = next((b for b in pack.of_type("hero-board") if b.get("hero") == hero and int(b.get("level", 1)) == start),
                     None)
        if board is None:
            raise RulesError(f"the campaign starts Hero '{hero}' at level {start}; no hero board of the pack has it "
                             "at that level")
        boards.append(board)
    if len(boards) < players:
        raise RulesError(f"the campaign is given {len(boards)} Heroes; it needs {players}")
    return boards


def lineups(pack: Pack, start: int, players: int, scenarios: list[str]) -> list[list[str]]:
    """Line-ups of `players` Heroes that together hold every Hero with a board of level `start`: the first
    sample scenario's party first, then the others in id order, a line-up left short completed from the
    first party (so that a campaign of each line-up lets every Hero choose its Classes and Skills)."""
    first = [str(b.get("hero")) for b in (pack.by_id.get(str(i)) for i in pack.by_id[scenarios[0]].get("party") or [])
             if b is not None][:players]
    others = sorted({str(b.get("hero")) for b in pack.of_type("hero-board") if int(b.get("level", 1)) == start}
                    - set(first))
    found = [first]
    for at in range(0, len(others), players):
        chunk = others[at:at + players]
        found.append(chunk + [h for h in first if h not in chunk][:players - len(chunk)])
    return found


def choose_class(pack: Pack, hero: str, pick: int = 0) -> str:
    """The Hero's Class card: of those with the most Class Skills the engine plays, in the Hero's order,
    the one `pick` (modulo their number) names."""
    cards = [str(c) for c in pack.by_id[hero].get("classes") or []] if hero in pack.by_id else []
    if not cards:
        raise RulesError(f"Hero '{hero}' names no Class card to choose from")
    played = {c: sum(1 for s in _skills(pack, c) if _plays(pack, s)) for c in cards}
    best = [c for c in cards if played[c] == max(played.values())]
    return best[pick % len(best)]


def tick_skill(pack: Pack, card: str, ticked: list[str], pick: int = 0) -> str | None:
    """The next Class Skill to tick: of those left that the engine plays, in the card's order, the one
    `pick` (modulo their number) names; else the first left; None when all are ticked."""
    left = [s for s in _skills(pack, card) if s not in ticked]
    played = [s for s in left if _plays(pack, s)]
    return played[pick % len(played)] if played else left[0] if left else None


def level_tokens(pack: Pack, hero: str, card: str, level: int) -> list[str]:
    """The Action tokens a level brings: the chosen Class's, then the Hero's own."""
    found = [a for a in pack.of_type("hero-action") if a.get("token") and a.get("hero") == hero
             and int(a.get("level", 1)) == level and a.get("class") in (None, card)]
    return [a.id for a in sorted(found, key=lambda a: (a.get("class") is None, a.id))]


def _skills(pack: Pack, card: str) -> list[str]:
    entity = pack.by_id.get(card)
    return [str(s) for s in entity.get("skills") or []] if entity is not None else []


def _plays(pack: Pack, skill: str) -> bool:
    entity = pack.by_id.get(skill)
    return entity is not None and (entity.get("play") or {}).get("kind") in SKILL_KINDS


def _boards_of(pack: Pack, base: Entity) -> Iterator[Entity]:
    yield base
    yield from (b for b in _hero_boards(pack) if b.get("hero") == base.get("hero") and b.id != base.id)


def _hero_boards(pack: Pack) -> tuple[Entity, ...]:
    """The pack's Hero boards in their order, listed once per pack (a campaign asks at every item it values)."""
    return pack.derived("agemonia.hero-boards", lambda p: tuple(p.of_type("hero-board")))


def token_values(pack: Pack, base: Entity, token: str) -> Mapping[str, Any] | None:
    """How the token is played: the base board's `level_tokens`, else any board of the Hero that plays
    it; None when no board gives its values or the engine does not play its kind."""
    card = pack.by_id.get(token)
    values = board_values(pack, base, token)
    return values if card is not None and values is not None and plays_action(str(card.get("kind")), values) else None


def board_values(pack: Pack, base: Entity, token: str) -> dict[str, Any] | None:
    """The play values the base board (`level_tokens`), else any board of the Hero, states for the token."""
    return next((values for board in _boards_of(pack, base) if (values := stated_values(board, token)) is not None),
                None)


def stated_values(board: Entity, token: str) -> dict[str, Any] | None:
    """The play values one board states for the token (in its `level_tokens`, `actions` or `open_tokens`)."""
    for key in ("level_tokens", "actions", "open_tokens"):
        for raw in board.get(key) or []:
            if raw.get("action") == token:
                return dict(raw)
    return None


def item_values(pack: Pack, base: Entity, item: str, paid: Collection[str] = ()) -> Mapping[str, Any] | None:
    """How a carried item is played: as the base board carries it, else as any Hero board does, else as its
    card states (`items_values`); a token in `paid` (what another item carried pays with) is carried for it."""
    for board in [*_boards_of(pack, base), *_hero_boards(pack)]:
        for raw in board.get("items") or []:
            if raw.get("item") == item:
                return dict(raw)
    return {"item": item} if item in paid or items_values.plays(items_values.card_values(pack, item)) else None


@dataclasses.dataclass(frozen=True)
class Growth:
    """What the campaign sheet holds that changes the board (see `campaign_play.Hero`)."""

    level: int
    stamina: int
    class_card: str
    skills: tuple[str, ...]
    tokens: tuple[str, ...]
    slots: int  # Action slots unlocked since the first level, open ones included
    open_slots: int
    items: tuple[str, ...] | None  # None: the board's own


def grown_board(pack: Pack, base: Entity, growth: Growth) -> Entity:
    """The base board as the Hero plays it after its growth (same id: the board the Hero started with)."""
    data = dict(base.data)
    data["level"] = growth.level
    data["stamina"] = int(base.get("stamina", 1)) + growth.stamina
    data["wounded_stamina"] = int(base.get("wounded_stamina", 1)) + growth.stamina
    data["inspiration_gems"] = data["achievement_gems"] = 0  # the campaign sheet holds the gems
    if growth.class_card:
        data["class"] = growth.class_card
    played_skills = [s for s in growth.skills if _plays(pack, s)]
    if played_skills:
        data["class_skills"] = played_skills
    playable = [raw for raw in (token_values(pack, base, t) for t in growth.tokens) if raw is not None]
    room = max(0, growth.slots - growth.open_slots)
    data["actions"] = list(base.get("actions") or []) + playable[:room]
    waiting = playable[room:] if growth.open_slots else []
    if waiting:
        data["open_tokens"] = waiting
    if growth.items is not None:
        paid = items_values.paid_with(pack, growth.items)
        data["items"] = [raw for raw in (item_values(pack, base, i, paid) for i in growth.items) if raw is not None]
    return dataclasses.replace(base, data=data)


def unplayed(pack: Pack, base: Entity, growth: Growth) -> list[str]:
    """Tokens and Class Skills the Hero has gained that the engine cannot play (no values or kind)."""
    return ([t for t in growth.tokens if token_values(pack, base, t) is None]
            + [s for s in growth.skills if not _plays(pack, s)])
