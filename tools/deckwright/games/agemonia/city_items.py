"""What an item does at a campaign's City step (its card's `play: {city: ...}`, `campaign_play._city`).

- `exchange`: once per City step, the Hero holding the item may discard one of the item tokens the card
  lists that it carries to gain another of them (the Goblet of Thaxo's Essence tokens, lines 5138-5139).
  The random policy takes any of the legal choices (passing is one); the others exchange a token none of
  the Hero's items pays with (`keep.cost.token`, `token_dice.token`) for one an item of its pays with
  and that it lacks, the first such in the order the Hero holds them and the card lists them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from deckwright.gamekit import Pack
from deckwright.games.agemonia import items_values

RANDOM = "random"
Exchange = tuple[str, str, str]  # the item that allows it, the token discarded, the token gained


def exchanges(pack: Pack, item: str, items: Sequence[str]) -> list[Exchange]:
    """The exchanges `item` allows the Hero carrying `items` this City step (none when its card states none)."""
    listed = [str(t) for t in (items_values.card_values(pack, item).get("city") or {}).get("exchange") or ()]
    return [(item, give, take) for give in dict.fromkeys(i for i in items if i in listed) for take in listed if take != give]


def choose(pack: Pack, items: Sequence[str], options: Sequence[Exchange], policy: str,
           rng: random.Random) -> Exchange | None:
    """The exchange the Hero makes among `options` of one item (None: it passes)."""
    if not options:
        return None
    if policy == RANDOM:
        return rng.choice([None, *options])
    wanted = items_values.paid_with(pack, items)
    return next((o for o in options if o[2] in wanted and o[2] not in items and o[1] not in wanted), None)


def exchanged(items: Sequence[str], exchange: Exchange) -> list[str]:
    """The Hero's items after the exchange: the token discarded replaced by the one gained."""
    found = list(items)
    found[found.index(exchange[1])] = exchange[2]
    return found
