"""Mirror and Revenge of an Ally against an Enemy attack (rulebook lines 3227-3238, 3366-3383), given by
a Hero action's mark (Armor of Faith, line 3921-3924: the marked Ally gains Mirror against the next melee
attack that targets it, then the token comes back).

`State.reflects` holds each one waiting: (Ally, "mirror" | "revenge", attack type or "" for any). The
next Enemy attack of that type on the Ally uses it up:
- Mirror: the Ally takes no damage or stamina loss and rolls no reactive check; the attacking Enemy
  suffers the attack's damage, its shield not counting; nobody gains the attack's condition. An attack
  that does no damage leaves the Mirror waiting (it has no effect on a condition alone).
- Revenge: the Ally rolls its reactive check and takes the damage as usual; after the attack the
  attacking Enemy suffers as much as the Ally took, no more than the Ally could take before it was
  wounded or exhausted (`room`), its shield not counting (an attack that did no damage leaves the
  Revenge waiting). Revenge and Mirror come before any Riposte (line 3391).
"""

from __future__ import annotations

from deckwright.games.agemonia import defeats, locking
from deckwright.games.agemonia.state import OFF, State

KINDS = ("mirror", "revenge")


def grant(s: State, ally: int, kind: str, attack: str) -> None:
    """The Ally gains Mirror or Revenge against the next Enemy attack of type `attack` ("" any); placed
    again, the earlier mark of the same giver comes back first (line 3716)."""
    s.reflects[:] = [r for r in s.reflects if not (r[0] == ally and r[1] == kind)]
    s.reflects.append((ally, kind, attack))
    s.use(f"{kind}-gained")


def _take(s: State, ally: int, kind: str, attack: str) -> bool:
    for i, (who, what, against) in enumerate(s.reflects):
        if who == ally and what == kind and against in ("", attack):
            del s.reflects[i]
            return True
    return False


def mirror(s: State, ally: int, slot: int, attack: str, amount: int) -> bool:
    """Whether the Ally's Mirror turns this Enemy attack of `amount` damage back on its attacker."""
    if amount <= 0 or not s.reflects or not _take(s, ally, "mirror", attack):
        return False
    defeats.hurt(s, ally, slot, amount)
    s.use("mirror")
    return True


def room(s: State, ally: int) -> int:
    """The damage the Ally can take before it is wounded or exhausted: its chips on the disk, spent and
    locked (Revenge is limited to it, line 3375-3377)."""
    return s.h_disk[ally] + s.h_spent[ally] + locking.locked(s, ally)


def revenge(s: State, ally: int, slot: int, attack: str, taken: int) -> None:
    """After an Enemy attack that did `taken` damage to the Ally: its Revenge hurts the attacker as much."""
    if taken <= 0 or not s.reflects or s.e_area[slot] == OFF or not _take(s, ally, "revenge", attack):
        return
    defeats.hurt(s, ally, slot, taken)
    s.use("revenge")
