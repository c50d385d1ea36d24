"""One position of an Agemonia scenario: figures on the map, Vitality disks, decks, timer and story.

Heroes are seats 0..players-1; the Non-Hero Allies (Henchmen, Scenario Specific and Summoned Allies)
follow them in the `h_` lists (their Vitality disk is their health; `h_owner` names who decides for them).
An Ally not yet in play stands in area OFF and counts as exhausted. Enemy figures are slots that never move in the lists: a defeated or
not yet spawned figure stands in area OFF. Conditions are tuples of condition indices, lowest number
first. `pending` holds what chance must decide next (a roll, a card) and what follows from it.
"""

from __future__ import annotations

from typing import Any

from deckwright.games.agemonia.table import Table

OFF = -1
# Phases: who decides next.
SELECT, REVEAL, TURNS, FATE, OVER = range(5)
PHASE_NAMES = ("select", "reveal", "turns", "fate", "over")

_SCALARS = ("table", "seed", "phase", "round", "seat", "face", "reshuffle", "qpos", "timer_running", "timer_sum",
            "story_done", "objectives_done", "end", "end_cause", "steps", "acts", "maneuvers", "move_points", "trap_choice",
            "tokens_used", "focus_used", "story_tried", "swaps", "gem_move", "turn_skills", "came_from",
            "flips", "attacked", "blasted", "choosing", "channel", "ready", "evade", "kept_uses", "placed", "init_top",
            "init_bottom", "peeked", "lent", "special")
_LISTS = ("h_area", "h_disk", "h_spent", "h_wounds", "h_wounded", "h_exhausted", "h_conds", "h_action", "h_items",
          "h_injuries", "h_gems", "h_inspired", "e_type", "e_area", "e_health", "e_conds", "e_spawned", "queue", "init_deck",
          "init_discard", "fate_deck", "fate_discard", "timer_pile", "traps", "injury_deck", "cards_used",
          "pending", "provoked", "h_active", "h_placed", "h_ach", "h_primed", "h_owner", "dropped", "passives",
          "h_init", "h_worn", "reflects", "h_boost", "h_stone")


class State:
    """A mutable position; `copy()` gives an independent one."""

    __slots__ = _SCALARS + _LISTS + ("usage", "situations")

    table: Table
    seed: int
    phase: int
    round: int
    seat: int
    face: int
    reshuffle: bool
    qpos: int
    timer_running: bool
    timer_sum: int
    story_done: int
    objectives_done: int
    end: str  # the outcome once the scenario is over (or an uncovered end)
    end_cause: str  # which of the scenario's end conditions gave it (endings.py), '' for an uncovered end
    steps: int
    acts: int
    maneuvers: int
    move_points: int
    trap_choice: bool
    tokens_used: int
    focus_used: int  # bitmask of Heroes whose Focus added a die this round
    special: int  # bitmask of Heroes taking their turn by a special initiative this round (`reactions`)
    story_tried: int  # bitmask of story points whose check was tried this turn
    swaps: int  # changes of active items this turn
    gem_move: int  # Achievement gems discarded during this move
    turn_skills: int  # bitmask of the acting Hero's Class Skills activated this turn
    flips: int  # Energy Infusion flips this turn
    blasted: int  # bitmask of the Non-Hero Allies whose once-a-scenario blast is spent (`ally_effects`)
    attacked: int  # bitmask of the attack types made with the acting Hero's action this turn (`skills`)
    came_from: int  # where the acting Ally was before it teleported into a full area (else OFF)
    choosing: int  # the Hero deciding, after its selection, whether to change its Initiative (else OFF)
    channel: int  # the area of the Eye the acting Hero channels its action through this turn (else OFF: `passives`)
    ready: tuple[int, ...]  # items the acting Hero discarded for its next attack (`items`)
    evade: int  # the acting Hero's Evade from an item this turn: 0 not chosen, -1 declined, -2 used (`reactions`)
    kept_uses: tuple[tuple[int, int, int], ...]  # (Hero, item, round) of each use of an item it keeps (`items_kept`)
    placed: tuple[tuple[int, str], ...]  # Teleport tokens placed in play, active: (area, colour) (`teleport`)
    init_top: int  # the Initiative card known to be on top of the deck (else OFF: `items_checked`)
    init_bottom: tuple[int, ...]  # the Initiative cards put at the bottom of the deck, the lowest last
    peeked: int  # the Initiative card the acting Hero revealed and is putting back (else OFF)
    lent: tuple[int, ...]  # items gained from the Stock for this scenario only (`action_effects`: Summon Arrow)
    h_area: list[int]
    h_disk: list[int]
    h_spent: list[int]
    h_wounds: list[int]
    h_wounded: list[bool]
    h_exhausted: list[bool]
    h_conds: list[tuple[int, ...]]
    h_action: list[int]
    h_items: list[tuple[int, ...]]
    h_injuries: list[tuple[int, ...]]
    h_gems: list[int]  # Inspiration gems held
    h_inspired: list[int]  # gems discarded for the Hero's next roll
    e_type: list[int]
    e_area: list[int]
    e_health: list[int]
    e_conds: list[tuple[int, ...]]
    e_spawned: list[int]
    queue: list[int]  # actors of this round: seat (>= 0) or ~enemy slot
    init_deck: list[int]
    init_discard: list[int]
    fate_deck: list[int]
    fate_discard: list[int]
    timer_pile: list[int]
    traps: list[int]
    injury_deck: list[int]
    cards_used: list[int]  # condition cards out, per condition
    pending: list[tuple[Any, ...]]
    provoked: list[int]
    h_active: list[tuple[int, ...]]  # active items
    h_placed: list[int]  # bitmask of open-slot tokens placed this scenario (bit i: action open_from + i)
    h_ach: list[int]  # Achievement gems held
    h_primed: list[tuple[int, int, int]]  # Achievement gems discarded for the next attack, recover, check
    dropped: list[tuple[int, int, int, int]]  # items on the map: (area, item, dropped by, round)
    h_owner: list[int]  # the seat deciding for each Ally figure (a Summoned Ally's summoner)
    h_worn: list[tuple[tuple[int, int], ...]]  # items in use by `wear`, with the chips locked on each
    h_boost: list[tuple[int, int, int]]  # abilities raised by items until the end of the round (`items`)
    h_init: list[str]  # the Ally initiative a Hero's Initiative token gives it this round ("": its action's)
    # passive actions in effect: (hero, action index, stamina locked, its token's area, round summoned,
    # round its token last acted) (`locking`, `passives`)
    passives: list[tuple[int, int, int, int, int, int]]
    reflects: list[tuple[int, str, str]]  # Mirror and Revenge waiting: (Ally, kind, attack type) (`reflect`)
    h_stone: list[int]  # the round whose turn ends the Hero's Stone Form (0: none, `stone_form`)
    usage: dict[str, int]
    situations: dict[str, int]

    def copy(self) -> State:
        new = State.__new__(State)
        for name in _SCALARS:
            setattr(new, name, getattr(self, name))
        for name in _LISTS:
            setattr(new, name, list(getattr(self, name)))
        new.usage = dict(self.usage)
        new.situations = dict(self.situations)
        return new

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the position, as comparable plain data."""
        return tuple(repr(getattr(self, n)) for n in self.__slots__ if n != "table")

    def use(self, key: str) -> None:
        self.usage[key] = self.usage.get(key, 0) + 1

    def peak(self, component: str, in_use: int) -> None:
        """Record the most pieces of a component in use at once (usage key `peak:<component>`) and the step
        that first reached it (`peak-step:<component>`), so a finding names the moment to replay to."""
        key = "peak:" + component
        if in_use > self.usage.get(key, 0):
            self.usage[key] = in_use
            self.usage["peak-step:" + component] = self.steps

    def note(self, situation: str) -> None:
        self.situations[situation] = self.situations.get(situation, 0) + 1


def new_state(table: Table, seed: int) -> State:
    """The set-up: Heroes in the start area with full disks, decks whole, Enemies on their areas."""
    s = State.__new__(State)
    s.table, s.seed = table, seed
    s.phase, s.round, s.seat, s.face, s.reshuffle, s.qpos = SELECT, 1, -1, -1, False, 0
    s.timer_running, s.timer_sum = table.timer_at_setup, 0
    s.story_done = s.objectives_done = 0
    s.end, s.end_cause, s.steps = "", "", 0
    s.acts = s.maneuvers = s.move_points = 0
    s.swaps = s.gem_move = s.turn_skills = s.flips = s.attacked = 0
    s.trap_choice, s.tokens_used, s.focus_used, s.story_tried, s.came_from = False, 0, 0, 0, OFF
    s.choosing = OFF
    s.evade = s.special = 0
    players = len(table.heroes)  # every Ally figure: the Heroes, then the Non-Hero Allies
    s.h_area = [table.start] * players
    s.h_disk = [h.stamina for h in table.heroes]
    s.h_spent = [0] * players
    s.h_wounds = [0] * players
    s.h_wounded = [False] * players
    s.h_exhausted = [False] * players
    s.h_conds = [()] * players
    s.h_action = [-1] * players
    s.h_init = [""] * players
    s.h_worn = [()] * players
    s.h_boost = [(0, 0, 0)] * players
    s.h_stone = [0] * players
    s.ready = ()
    s.kept_uses = ()
    s.placed = ()
    s.init_top, s.init_bottom, s.peeked = OFF, (), OFF
    s.lent = ()
    s.h_items = [h.items for h in table.heroes]
    s.h_injuries = [()] * players
    s.h_gems = [h.gems for h in table.heroes]
    s.h_inspired = [0] * players
    s.e_type, s.e_area, s.e_health, s.e_conds, s.e_spawned = [], [], [], [], []
    s.queue = []
    s.init_deck = list(range(len(table.faces)))
    s.init_discard = []
    s.fate_deck = list(range(len(table.fate_values)))
    s.fate_discard = []
    s.timer_pile = []
    s.traps = list(table.trap_areas)
    s.injury_deck = list(range(len(table.injuries)))
    s.cards_used = [0] * len(table.conditions)
    s.pending = []
    s.provoked = []
    s.h_active = [h.active for h in table.heroes]
    s.h_placed = [0] * players
    s.h_ach = [h.achievement_gems for h in table.heroes]
    s.h_primed = [(0, 0, 0)] * players
    s.h_owner = [h if h < table.players else 0 for h in range(players)]  # the first player runs the others
    s.dropped, s.blasted, s.passives, s.channel = [], 0, [], OFF
    s.reflects = []
    s.usage, s.situations = {}, {}
    _setup_peaks(s)
    return s


def _setup_peaks(s: State) -> None:
    """What the set-up takes out of the box: boards, chips, trap and spawn tokens, gems, decks."""
    t = s.table
    s.peak("hero-boards", t.players)
    s.peak("vitality-disks", t.players)
    s.peak("action-selection-markers", t.players)
    s.peak("stamina-chips", sum(h.stamina for h in t.heroes))
    s.peak("trap-tokens", len(s.traps))
    s.peak("spawn-tokens", len(t.spawns) + sum(1 for p in t.story_points if p.spawn))
    s.peak("inspiration-gems", sum(s.h_gems))
    s.peak("achievement-gems", sum(s.h_ach))
    s.peak("initiative-cards", len(t.faces))
    s.peak("fate-cards", len(t.fate_values))
    s.peak("injury-cards", len(t.injuries))
    s.peak("trap-cards", len(t.trap_cards))
