"""`view(state, seat)`: the only way state leaves the engine for a seat.

Pieces a seat cannot see appear under opaque handles with no card reference; everything else is copied out as
plain data, so a view can be serialized, sent, hashed and rendered without any further filtering.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from .state import EVERYONE, GameState, Piece

if TYPE_CHECKING:
    from .ruleset import RulesHook

__all__ = ["piece_view", "view", "view_hash"]


def piece_view(state: GameState, piece: Piece, seat: int | None, free: bool = True) -> dict[str, Any]:
    """One piece as `seat` may know it; positions only where they mean something (a free zone)."""
    visible = state.can_see(piece, seat)
    d: dict[str, Any] = {"id": piece.id if visible else state.handle(piece.id), "kind": piece.kind}
    if visible and piece.card is not None:
        d["card"] = piece.card
    d["face_up"] = piece.face_up
    if free and (piece.x or piece.y):
        d["x"] = piece.x
        d["y"] = piece.y
    if piece.rotation:
        d["rotation"] = piece.rotation
    if piece.owner is not None:
        d["owner"] = piece.owner
    if piece.attached_to is not None:
        d["attached_to"] = state.handle_for(piece.attached_to, seat)
    if piece.counters:
        d["counters"] = dict(piece.counters)
    if visible and piece.known:
        if EVERYONE in piece.known:
            d["revealed"] = True
        elif seat is not None and seat in piece.known:
            d["known"] = True
    if piece.kind == "die":
        d["sides"] = piece.sides
        d["value"] = piece.value
    if piece.label:
        d["label"] = piece.label
    if piece.color:
        d["color"] = piece.color
    return d


def view(state: GameState, seat: int | None, rules: RulesHook | None = None) -> dict[str, Any]:
    """Everything `seat` may know about the table (None: a spectator, who sees public information only)."""
    zones = []
    for zone in state.zones.values():
        z = zone.to_dict()
        z["count"] = len(zone.pieces)
        free = zone.layout == "free"
        z["pieces"] = [piece_view(state, state.pieces[pid], seat, free) for pid in zone.pieces]
        zones.append(z)
    return {
        "seat": seat,
        "seq": state.seq,
        "ruleset": state.ruleset,
        "options": dict(state.options),
        "enforcement": state.enforcement,
        "table": [state.table_size[0], state.table_size[1]],
        "players": [p.to_dict() for p in state.players],
        "zones": zones,
        "rules": rules.status(state, seat) if rules is not None else {},
    }


def view_hash(v: dict[str, Any]) -> str:
    """A digest of a view, so a client can check it agrees with the host."""
    body = {k: val for k, val in v.items() if k != "seq"}
    return hashlib.blake2b(json.dumps(body, sort_keys=True, separators=(",", ":")).encode(), digest_size=12).hexdigest()
