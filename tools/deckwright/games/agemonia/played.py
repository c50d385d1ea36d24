"""Which of Agemonia's cards, tokens and items the engine plays (the GameSpec's `effects`; `check` lists
the others, DW512).

Each judgement asks what the engine itself dispatches on:
- a Class Skill is played by the handler of the kind its `play` names (`kit.SKILL_PARTS`, the table
  `kit.skill_of` and `skills` play from);
- a Hero Action token is played when a Hero board of its Hero states its play values and `table._action`
  plays its kind with them (`table.plays_action`: the ACTION_KINDS, or a passive action whose values
  summon a token or state its `passive:` effect, `lasting`; `campaign_growth.stated_values`); the book's actions every Hero has (Focus,
  Rethink...) are not tokens and are played as rules;
- a Hero token (what a Hero action summons) is played when its action is;
- an item, card or token, is played when its card's `play` (or a Hero board's entry for it) states an
  effect the engine plays (`items_values.plays`: a weapon's attack, worn shields, a discard's effect, an
  effect readied for an attack...), or its card names conditions it makes its holder immune to; a token
  the book says has no effect has nothing to play; an item whose `play` says it lets its holder read a book
  (`reads`, a component of the pack: the Campaign Book's archive pages) has a story effect, outside the rules
  the pack encodes (`Outside`): the pack holds no page of that book for any engine to play.
"""

from __future__ import annotations

from collections.abc import Mapping

from deckwright.gamekit import EffectJudge, Entity, Outside, Pack, keyed
from deckwright.games.agemonia import items_values
from deckwright.games.agemonia.campaign_growth import stated_values
from deckwright.games.agemonia.kit import SKILL_PARTS
from deckwright.games.agemonia.table import ACTION_KINDS, SUMMONING_KIND, plays_action


def _hero_action(pack: Pack, action: Entity) -> str:
    if not action.get("token"):
        return ""
    kind = str(action.get("kind") or "")
    if kind not in ACTION_KINDS and kind != SUMMONING_KIND:
        return f"the engine has no handler for its kind '{kind}'" if kind else "it states no `kind`"
    boards = [b for b in pack.of_type("hero-board") if b.get("hero") == action.get("hero")]
    stated = [values for board in boards if (values := stated_values(board, action.id)) is not None]
    if not stated:
        return "no Hero board states its play values"
    if not any(plays_action(kind, values) for values in stated):
        return (f"the engine plays a {kind} action when it summons a token or states what it does (`passive:`), "
                "and its play values do neither")
    return ""


def _hero_token(pack: Pack, token: Entity) -> str:
    action = pack.by_id.get(str(token.get("action")))
    if action is None:
        return "it names no Hero action"
    why = _hero_action(pack, action)
    return f"its Hero action is not played: {why}" if why else ""


def _item(pack: Pack, item: Entity) -> str:
    if item.get("no_effect"):
        return ""  # the book gives it no effect: carried, sold or used by a profession, nothing to play
    if items_values.plays(item.get("play") or {}, item):
        return ""
    book = str((item.get("play") or {}).get("reads") or "")
    if book:
        name = next((c.name for c in pack.components if c.id == book), f"'{book}'")
        return Outside(f"it lets its holder read pages of the {name}, a story the pack does not hold (`play.reads`)")
    stated = [raw for board in pack.of_type("hero-board") for raw in board.get("items") or [] if raw.get("item") == item.id]
    if any(items_values.plays(items_values.values(pack, raw), item) for raw in stated):
        return ""
    if stated or item.get("play"):
        return "its play values state no effect the engine plays (only its hands or weight)"
    return "neither its card (`play`) nor a Hero board states its play values"


EFFECTS: Mapping[str, EffectJudge] = {
    "class-skill": keyed("play.kind", SKILL_PARTS),
    "hero-action": _hero_action,
    "hero-token": _hero_token,
    "item": _item,
    "item-token": _item,
}
