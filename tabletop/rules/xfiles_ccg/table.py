"""Reading the X-Files CCG's rule state: whose turn and whose decision it is, the step, the seats in order, a piece's
section and damage, a seat's pools and X-File, the Agents bought for the turn; plain functions of the table, no card
data (`cards.py`) and no Health or skills (`reading.py`, the table part).

`XFilesCCG` binds them as static methods (`rules.decision(state)`), as the vocabulary and the window ask them.
"""

from __future__ import annotations

from ...core.state import GameState
from .data import SECTIONS
from .phase_plays import PHASE_CHAIN
from .steps import PHASE_OF

__all__ = ["DECIDED", "active", "damage", "decision", "hired", "left", "opponents", "owner", "pool_of", "section_of",
           "section_zones", "step", "waiting_for", "xfile_of"]

#: `GameState.derived`'s key: the seat whose decision `waiting_for` found, with the table's number (`seq`) then: every
#: action a fast-path table applies moves the number on, so the pair says whose decision it is until the next one
DECIDED = "xfc.decided"

#: the steps whose decision the rule state names under a key (a default when it is not there: the active seat, or
#: for a seller or a bluffer the seat on its left)
_DECIDER = {"check": "priority", "aftermath": "priority", "sell": "seller", "bluffs": "bluffer", "debrief": "discarder"}
_LEFT_OF_ACTIVE = frozenset(("seller", "bluffer"))
#: the other steps whose decision is not always the active seat's: a Bluff's owner, the Adversary's, a penalty's
_OTHER_DECIDER = frozenset(("reveal", "damage", "penalty"))

#: per seat, the names of its sections' zones in the order of SECTIONS ("bureau:0", "field:0", "hospital:0")
_SECTION_ZONES: dict[int, dict[str, str]] = {}


def section_zones(seat: int) -> dict[str, str]:
    """`{section: f"{section}:{seat}"}` for the three sections, made once per seat (asked at every listing)."""
    found = _SECTION_ZONES.get(seat)
    if found is None or type(seat) is not int:
        if len(_SECTION_ZONES) >= 64:
            _SECTION_ZONES.clear()
        found = {sec: f"{sec}:{seat}" for sec in SECTIONS}
        if type(seat) is int:
            _SECTION_ZONES[seat] = found
    return found


def active(state: GameState) -> int:
    found = state.rules.get("active")
    if type(found) is int:  # the rule state's own number: no call to make it one
        return found
    return int(found) if found is not None else state.seats[0]


def step(state: GameState) -> str:
    s = state.rules.get("step", "draw")
    return s if s in PHASE_OF else "draw"


def left(state: GameState, seat: int) -> int:
    """The seat on `seat`'s left (the first seat for a seat not at the table)."""
    players = state.players
    for i, p in enumerate(players):  # `state.seats`, without the list: asked at every turn of the priority
        if p.seat == seat:
            return players[(i + 1) % len(players)].seat
    return players[0].seat


def opponents(state: GameState, seat: int) -> list[int]:
    """The other seats in order from `seat`'s left (every seat, for a seat not at the table)."""
    seats = [p.seat for p in state.players]  # seats are distinct: the seats after `seat`, then those before
    if seat not in seats:
        return seats
    i = seats.index(seat)
    return seats[i + 1:] + seats[:i]


def decision(state: GameState) -> int | None:
    """The seat whose decision it is now (None when the game is over)."""
    r = state.rules
    if r.get("over"):
        return None
    effects = r.get("effects")
    if effects:
        pending = effects.get("pending")
        if pending:
            return pending[0].get("seat")
    now = r.get("step", "draw")  # `step(state)`, and each default below found only when it is needed
    key = "priority" if PHASE_CHAIN in r else _DECIDER.get(now)  # a chain outside a check: priority
    if key is not None:  # most decisions: priority in a window, a seller, a bluffer, a discarder
        if key in r:
            return r[key]
        return left(state, active(state)) if key in _LEFT_OF_ACTIVE else active(state)
    if now not in _OTHER_DECIDER:  # the Investigating Player's (`active(state)`, without the call)
        found = r.get("active")
        return found if type(found) is int else active(state)
    if now == "reveal":
        pending = r.get("bluffs") or []
        if pending and pending[0] in state.pieces:
            return state.pieces[pending[0]].owner
        return active(state)
    if now == "damage":
        combat = r.get("combat") or {}
        return combat["owner"] if "owner" in combat else active(state)
    if now == "penalty":
        penalty = r.get("penalty") or {}
        return penalty["seat"] if "seat" in penalty else active(state)
    return active(state)


def waiting_for(state: GameState) -> list[int]:
    seat = decision(state)
    derived = state.derived
    if derived is not None:  # a fast-path table: the listing that follows asks the same (`generate_actions`)
        derived[DECIDED] = (state.seq, seat)
    return [] if seat is None else [seat]


def section_of(state: GameState, pid: str) -> str:
    return state.zones[state.pieces[pid].zone].kind


def damage(state: GameState, pid: str) -> int:
    return int(state.pieces[pid].counters.get("damage", 0))


def pool_of(state: GameState, seat: int, pool: str) -> int:
    for p in state.players:  # `state.player(seat)`, without the call: asked of every card a listing offers
        if p.seat == seat:
            found = p.counters.get(pool, 0)
            return found if type(found) is int else int(found)
    raise KeyError(seat)


def owner(state: GameState, pid: str) -> int:
    piece = state.pieces[pid]
    owner = piece.owner
    if owner is not None:
        for p in state.players:  # `owner in state.seats`, without the list
            if p.seat == owner:
                return int(owner)
    zone = state.zones[piece.zone]
    return zone.owner if zone.owner is not None else active(state)


def xfile_of(state: GameState, seat: int) -> str | None:
    zone = state.zones.get(f"xfile:{seat}")
    return zone.pieces[0] if zone is not None and zone.pieces else None


def hired(state: GameState, pid: str) -> bool:
    """An Agent bought for this turn: its game effect is ignored (xfc.deployment.4)."""
    hired = state.rules.get("hired")
    return bool(hired) and pid in hired
