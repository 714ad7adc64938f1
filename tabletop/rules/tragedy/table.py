"""Tragedy's reading of the table: whose turn, Step and priority it is, and the Role of each card in play.

The rule state (`state.rules`, plain data) holds `turn`, `first`, `active`, `step`, `priority` (None between
Steps), `passed` and `need` (the passes of the current round of priority), `stack` (one entry per Act: piece, seat,
role, target), `roles` (the Role each card in play resolved as), `scored`, `stars`, `effect` (an Act's effect being
applied by hand: piece, seat), `over` and `winner`.

Everything here reads the table alone (no card data, no option): plain functions of `state`, which every part
calls as they are and the ruleset binds where the rest of the program asks it (`Tragedy.in_play`, `waiting_for`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...core.state import GameState
from .model import HOST_ROLE, PHASES, ROLE_ZONE, when

__all__ = [
    "active",
    "attachments",
    "controller",
    "holder",
    "host_ok",
    "in_play",
    "next_seat",
    "not_staging",
    "priority",
    "role_of",
    "stack",
    "step",
    "waiting_for",
]


def active(state: GameState) -> int:
    """The active player (0000.1.4)."""
    return state.rules.get("active", state.seats[0] if state.seats else 0)


def priority(state: GameState) -> int | None:
    """Who has priority (None between Steps)."""
    r = state.rules
    return r["priority"] if "priority" in r else active(state)


def step(state: GameState) -> str:
    """The Step of the turn (a Phase without Steps is one Step named after it)."""
    found = state.rules.get("step", "upkeep")
    return found if found in PHASES else "upkeep"


def stack(state: GameState) -> list[dict[str, Any]]:
    """The Stack's Acts, latest last, as a new list."""
    return list(state.rules.get("stack") or [])


def next_seat(state: GameState, seat: int) -> int:
    """The seat after `seat` in play order."""
    seats = state.seats
    return seats[(seats.index(seat) + 1) % len(seats)] if seat in seats else seats[0]


def holder(state: GameState) -> str:
    """Who has priority, as the first words of a refusal ("Bob has priority", "nobody has priority now")."""
    found = priority(state)
    return f"{state.seat_name(found)} has priority" if found is not None else "nobody has priority now"


def not_staging(state: GameState) -> str:
    """Why an Actor, Set, Prop or Set Piece cannot be staged now, in words ("" when it can)."""
    now = step(state)
    if now != "enter_stage":
        return f"it is {when(now)}, not Enter Stage"
    acts = stack(state)
    if acts:
        return f"the Stack is not empty ({len(acts)} Act{'s' if len(acts) != 1 else ''} to resolve first)"
    return ""


def role_of(state: GameState, pid: str) -> str | None:
    """The Role of a card in play (None elsewhere): as it resolved, else read from its zone and attachment."""
    piece = state.pieces[pid]
    kind = state.zones[piece.zone].kind
    if kind not in ("actors", "sets"):
        return None
    role = (state.rules.get("roles") or {}).get(pid)
    if role in ROLE_ZONE and ROLE_ZONE[role] == kind:
        return role
    if kind == "actors":
        return "Prop" if piece.attached_to else "Actor"
    return "Set Piece" if piece.attached_to else "Set"


def in_play(state: GameState, seat: int | None, role: str) -> Iterator[str]:
    """The cards in play as `role`, of `seat` (of every seat when None)."""
    kind = ROLE_ZONE[role]
    seats = state.seats if seat is None else [seat]
    pieces, zones = state.pieces, state.zones
    roles = state.rules.get("roles") or {}
    for s in seats:
        zone = zones.get(f"{kind}:{s}")
        if zone is None:
            continue
        for pid in zone.pieces:
            # `role_of(state, pid) == role`, written out: the rule state's roles read once per call
            piece = pieces[pid]
            here = zones[piece.zone].kind
            if here not in ("actors", "sets"):
                continue
            found = roles.get(pid)
            if not (found in ROLE_ZONE and ROLE_ZONE[found] == here):
                if here == "actors":
                    found = "Prop" if piece.attached_to else "Actor"
                else:
                    found = "Set Piece" if piece.attached_to else "Set"
            if found == role:
                yield pid


def attachments(state: GameState, host: str, role: str) -> list[str]:
    """The cards attached to `host` as `role` (its Prop, its Set Piece)."""
    return [q for q in state.attached(host) if role_of(state, q) == role]


def host_ok(state: GameState, role: str, target: str | None) -> bool:
    """Whether `target` can take a new Prop (role Prop) or Set Piece now."""
    if target is None or target not in state.pieces:
        return False
    return role_of(state, target) == HOST_ROLE[role] and not attachments(state, target, role)


def controller(state: GameState, pid: str) -> int | None:
    """The seat whose zone the card lies in."""
    return state.zones[state.pieces[pid].zone].owner


def waiting_for(state: GameState) -> list[int]:
    """The seats the game waits on: the player applying an Act's effect by hand, else the one with priority."""
    r = state.rules
    if r.get("over"):
        return []
    effect = r.get("effect")
    if effect:
        return [effect["seat"]]
    pr = priority(state)
    return [] if pr is None else [pr]
