"""The reducer: turns one Action into Events, applying each as it goes, and undoes them all on failure.

`Tx` (in `core.tx`, re-exported here) is the toolbox both the generic reducer and rulesets use to change the state;
every change it makes is an event, so whatever a ruleset does is undoable, saved and synced for free.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from . import actions as A
from .events import (
    Event,
)
from .ruleset import ENFORCEMENT_MODES
from .state import EVERYONE, PIECE_KINDS, GameState, Piece
from .tx import ATTACH_OFFSET, ActionError, Tx  # Tx and its error live in core.tx; re-exported here

if TYPE_CHECKING:
    from .ruleset import RulesHook

__all__ = ["ATTACH_OFFSET", "ActionError", "Tx", "reduce", "reduce_table", "reduce_tx"]

def _pieces(state: GameState, names: tuple[str, ...]) -> list[Piece]:
    if not names:
        raise ActionError("no_pieces", "no pieces named")
    out = []
    for name in names:
        piece = state.pieces.get(name)
        if piece is None:
            raise ActionError("unknown_piece", f"there is no piece {name!r}")
        out.append(piece)
    return out


def _zone(state: GameState, name: str | None, what: str = "zone"):
    if name is None or name not in state.zones:
        raise ActionError("unknown_zone", f"there is no {what} {name!r}")
    return state.zones[name]


def _default_zone(state: GameState, kind: str, seat: int | None) -> str:
    name = state.seat_zone(kind, seat)
    if name is None:
        raise ActionError("unknown_zone", f"there is no {kind} zone for seat {seat}")
    return name


def reduce(state: GameState, action: A.Action, seat: int | None, rules: RulesHook | None = None) -> list[Event]:
    """Apply `action` for `seat` and return its events; on any error the state is left exactly as it was."""
    return reduce_tx(state, action, seat, rules).events


def reduce_tx(state: GameState, action: A.Action, seat: int | None, rules: RulesHook | None = None, *,
              quiet: bool = False) -> Tx:
    """`reduce`, answering with the transaction: its events, and the pieces they name and the notes among them as
    the transaction recorded them (what a log entry keeps, found without walking the events again). `quiet`: keep
    no notes (a bot's playout: nobody reads its log)."""
    tx = Tx(state, quiet)
    try:
        if rules is not None and rules.reduce(state, action, seat, tx):
            return tx
        reduce_table(tx, action, seat)
    except BaseException:
        tx.rollback()
        raise
    return tx


def reduce_table(tx: Tx, action: A.Action, seat: int | None) -> None:
    """What the table itself does with `action` (a move, a flip, a draw...), a ruleset's reduce having passed it."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise ActionError("unsupported", f"this table has no rule for {action.type!r} actions")
    handler(tx, action, seat)


def _move(tx: Tx, a: A.Move, seat: int | None) -> None:
    state = tx.state
    zone = _zone(state, a.to)
    pieces = _pieces(state, a.pieces)
    if a.index is not None and a.index < 0:
        raise ActionError("bad_index", "a stack index counts from 0 (the top)")
    base_x = pieces[0].x
    base_y = pieces[0].y
    for i, piece in enumerate(pieces):
        if piece.attached_to is not None and state.pieces[piece.attached_to].id in a.pieces:
            continue
        x = y = None
        if a.x is not None and a.y is not None:
            # a group keeps its shape: every piece moves by the first one's offset
            x, y = a.x + (piece.x - base_x), a.y + (piece.y - base_y)
            if piece.zone != zone.name:
                x, y = a.x + i * 4.0, a.y + i * 4.0
        index = None if a.index is None else a.index + i
        tx.move(piece.id, zone.name, index=index, x=x, y=y, face_up=a.face_up, by=seat)


def _flip(tx: Tx, a: A.Flip, seat: int | None) -> None:
    for piece in _pieces(tx.state, a.pieces):
        face = (not piece.face_up) if a.face_up is None else a.face_up
        tx.change(piece.id, face_up=face)
        if not face:
            tx._hide_if_needed(piece.id)


def _tap(tx: Tx, a: A.Tap, seat: int | None) -> None:
    for piece in _pieces(tx.state, a.pieces):
        tapped = (piece.rotation % 360 != 90) if a.tapped is None else a.tapped
        tx.change(piece.id, rotation=90 if tapped else 0)


def _rotate(tx: Tx, a: A.Rotate, seat: int | None) -> None:
    for piece in _pieces(tx.state, a.pieces):
        tx.change(piece.id, rotation=(piece.rotation + a.degrees) % 360)


def _shuffle(tx: Tx, a: A.Shuffle, seat: int | None) -> None:
    _zone(tx.state, a.zone)
    tx.shuffle(a.zone)
    tx.note("shuffle", seat, data={"zone": a.zone})


def _draw(tx: Tx, a: A.Draw, seat: int | None) -> None:
    state = tx.state
    src = a.source or _default_zone(state, "deck", seat)
    dst = a.to or _default_zone(state, "hand", seat)
    _zone(state, src)
    _zone(state, dst)
    if a.count < 1 or a.count > 1000:
        raise ActionError("bad_count", "draw between 1 and 1000 cards")
    available = len(state.zones[src].pieces)
    if available == 0:
        raise ActionError("empty", f"{src} is empty")
    for _ in range(min(a.count, available)):
        tx.move(state.zones[src].pieces[0], dst, by=seat)
    tx.note("draw", seat, data={"zone": src, "to": dst, "count": min(a.count, available)})


def _deal(tx: Tx, a: A.Deal, seat: int | None) -> None:
    state = tx.state
    src = a.source or _default_zone(state, "deck", seat)
    _zone(state, src)
    if a.count < 1 or a.count > 100:
        raise ActionError("bad_count", "deal between 1 and 100 cards to each seat")
    hands = [_default_zone(state, "hand", s) for s in state.seats]
    dealt = 0
    for _ in range(a.count):
        for hand in hands:
            if not state.zones[src].pieces:
                break
            tx.move(state.zones[src].pieces[0], hand, by=None)
            dealt += 1
    if dealt == 0:
        raise ActionError("empty", f"{src} is empty")
    tx.note("deal", seat, data={"zone": src, "count": a.count})


def _reveal(tx: Tx, a: A.Reveal, seat: int | None) -> None:
    state = tx.state
    if a.to is not None and a.to not in state.seats:
        raise ActionError("unknown_seat", f"there is no seat {a.to}")
    for piece in _pieces(state, a.pieces):
        add = EVERYONE if a.to is None else a.to
        tx.change(piece.id, known=piece.known | {add})
    if a.seconds is not None and not 0 <= a.seconds <= 3600:
        raise ActionError("bad_seconds", "a reveal lasts 0 (until ended) to 3600 seconds")
    data: dict[str, Any] = {"pieces": list(a.pieces), "to": a.to}
    if a.seconds:
        data["seconds"] = a.seconds
    tx.note("reveal", seat, data=data)


def _end_reveal(tx: Tx, a: A.EndReveal, seat: int | None) -> None:
    state = tx.state
    if a.to is not None and a.to not in state.seats:
        raise ActionError("unknown_seat", f"there is no seat {a.to}")
    gone = EVERYONE if a.to is None else a.to
    ended = []
    for piece in _pieces(state, a.pieces):
        if gone in piece.known:
            tx.change(piece.id, known=piece.known - {gone})
            tx._hide_if_needed(piece.id)  # a fresh handle: the seats that saw it cannot follow it by name
            ended.append(piece.id)
    if not ended:
        raise ActionError("not_revealed", "that reveal has already ended (the card moved, or it was undone)")
    tx.note("end_reveal", seat, data={"pieces": ended, "to": a.to})


def _look(tx: Tx, a: A.LookTop, seat: int | None) -> None:
    state = tx.state
    zone = _zone(state, a.zone)
    if seat is None:
        raise ActionError("spectator", "spectators cannot look at cards")
    if a.count < 1:
        raise ActionError("bad_count", "look at 1 card or more")
    for pid in zone.pieces[: a.count]:
        tx.change(pid, known=state.pieces[pid].known | {seat})
    tx.note("look", seat, data={"zone": a.zone, "count": min(a.count, len(zone.pieces))})


def _search(tx: Tx, a: A.Search, seat: int | None) -> None:
    state = tx.state
    zone = _zone(state, a.zone)
    if seat is None:
        raise ActionError("spectator", "spectators cannot search")
    for pid in zone.pieces:
        tx.change(pid, known=state.pieces[pid].known | {seat})
    tx.note("search", seat, data={"zone": a.zone})


def _end_search(tx: Tx, a: A.EndSearch, seat: int | None) -> None:
    _zone(tx.state, a.zone)
    if a.shuffle:
        tx.shuffle(a.zone)
    else:
        for pid in tx.state.zones[a.zone].pieces:
            if seat in tx.state.pieces[pid].known:
                tx.change(pid, known=tx.state.pieces[pid].known - {seat})
    tx.note("end_search", seat, data={"zone": a.zone})


def _attach(tx: Tx, a: A.Attach, seat: int | None) -> None:
    state = tx.state
    child, host = _pieces(state, (a.piece, a.to))
    if child.id == host.id:
        raise ActionError("bad_attach", "a piece cannot be attached to itself")
    walk: str | None = host.id
    while walk is not None:
        if walk == child.id:
            raise ActionError("bad_attach", "that would attach a piece under itself")
        walk = state.pieces[walk].attached_to
    host_zone = state.zones[host.zone]
    # "under": drawn before the host on a free table, after it (deeper) in a stack or row
    index = host_zone.pieces.index(host.id) + (0 if host_zone.layout == "free" else 1)
    if child.zone == host.zone and host_zone.pieces.index(child.id) < index:
        index -= 1
    n_under = len(state.attached(host.id)) - (1 if child.attached_to == host.id else 0)
    tx.move(
        child.id,
        host.zone,
        index=index,
        x=host.x + ATTACH_OFFSET * (n_under + 1),
        y=host.y + ATTACH_OFFSET * (n_under + 1),
        face_up=child.face_up if child.zone == host.zone else None,
        by=seat,
    )
    tx.change(child.id, attached_to=host.id)


def _detach(tx: Tx, a: A.Detach, seat: int | None) -> None:
    (piece,) = _pieces(tx.state, (a.piece,))
    if piece.attached_to is None:
        raise ActionError("not_attached", "that piece is not attached to anything")
    tx.change(piece.id, attached_to=None, x=piece.x + ATTACH_OFFSET * 2, y=piece.y + ATTACH_OFFSET * 2)


def _create(tx: Tx, a: A.CreatePiece, seat: int | None) -> None:
    state = tx.state
    _zone(state, a.zone)
    if a.kind not in PIECE_KINDS:
        raise ActionError("bad_kind", f"pieces are {', '.join(PIECE_KINDS)}, not {a.kind!r}")
    if a.kind == "card" and not a.card:
        raise ActionError("bad_card", "a created card needs a card reference")
    if a.kind == "die" and not 2 <= a.sides <= 100:
        raise ActionError("bad_sides", "a die has 2 to 100 sides")
    piece = Piece(
        id="",
        kind=a.kind,
        card=a.card if a.kind == "card" else None,
        zone=a.zone,
        x=a.x,
        y=a.y,
        owner=seat,
        label=a.label,
        color=a.color,
        sides=a.sides if a.kind == "die" else 0,
        value=(a.value or a.sides) if a.kind == "die" else a.value,
        face_up=state.zones[a.zone].face_up,
    )
    tx.add_piece(piece)
    tx.note("create", seat, data={"kind": a.kind, "piece": piece.id})


def _delete(tx: Tx, a: A.DeletePiece, seat: int | None) -> None:
    for piece in _pieces(tx.state, a.pieces):
        if piece.kind == "card":
            raise ActionError("delete_card", "cards are moved, never deleted (tokens, counters and dice can be)")
        tx.remove_piece(piece.id)


def _counter_target(tx: Tx, piece: str | None, target_seat: int | None, seat: int | None) -> tuple[str, Any]:
    if piece is not None:
        _pieces(tx.state, (piece,))
        return "piece", piece
    s = target_seat if target_seat is not None else seat
    if s is None or s not in tx.state.seats:
        raise ActionError("unknown_seat", f"there is no seat {s}")
    return "seat", s


def _set_counter(tx: Tx, a: A.SetCounter, seat: int | None) -> None:
    kind, target = _counter_target(tx, a.piece, a.seat, seat)
    _check_counter_name(a.name)
    if kind == "piece":
        counters = dict(tx.state.pieces[target].counters)
        counters[a.name] = a.value
        tx.change(target, counters=counters)
    else:
        tx.set_player_counter(target, a.name, a.value)


def _add_counter(tx: Tx, a: A.AddCounter, seat: int | None) -> None:
    kind, target = _counter_target(tx, a.piece, a.seat, seat)
    _check_counter_name(a.name)
    if kind == "piece":
        counters = dict(tx.state.pieces[target].counters)
        counters[a.name] = counters.get(a.name, 0) + a.delta
        if counters[a.name] == 0 and a.name not in ("value",):
            del counters[a.name]
        tx.change(target, counters=counters)
    else:
        tx.add_player_counter(target, a.name, a.delta)


def _check_counter_name(name: str) -> None:
    if not name or len(name) > 40:
        raise ActionError("bad_counter", "a counter needs a name of 1 to 40 characters")


def _roll(tx: Tx, a: A.Roll, seat: int | None) -> None:
    results = []
    for piece in _pieces(tx.state, a.pieces):
        if piece.kind != "die":
            raise ActionError("not_a_die", "only dice can be rolled")
        face = 1 + tx.below(piece.sides)
        tx.change(piece.id, value=face)
        results.append([piece.id, face])
    tx.note("roll", seat, data={"results": results})


def _end(state: GameState, pid: str | None, zone: str | None, xy: tuple[float | None, float | None]) -> dict[str, Any]:
    """Where an end of a pointer lies, as every seat may know it: the piece's zone and, on a free zone (the table),
    its spot; a zone; or a spot of the table."""
    if pid is not None:
        piece = state.pieces.get(pid)
        if piece is None:
            raise ActionError("unknown_piece", f"there is no piece {pid!r}")
        where = state.zones[piece.zone]
        return {"zone": piece.zone, **({"x": piece.x, "y": piece.y} if where.layout == "free" else {})}
    if zone is not None:
        if zone not in state.zones:
            raise ActionError("unknown_zone", f"there is no zone {zone!r}")
        return {"zone": zone}
    x, y = xy
    if x is None or y is None:
        raise ActionError("bad_point", "point at a piece, a zone or a spot (x and y)")
    return {"x": float(x), "y": float(y)}


def _point(tx: Tx, a: A.Point, seat: int | None) -> None:
    state = tx.state
    for v in (a.x, a.y):  # a spot given beside a piece is still logged: it must be a number
        if v is not None and (not isinstance(v, (int, float)) or isinstance(v, bool) or not math.isfinite(v)):
            raise ActionError("bad_point", "x and y must be numbers")
    to = _end(state, a.at, a.zone, (a.x, a.y))
    data: dict[str, Any] = {"to": to}
    if a.source is not None:
        if a.source == a.at:
            raise ActionError("bad_point", "an arrow goes from one piece to another")
        data["from"] = _end(state, a.source, None, (None, None))
    tx.note("point", seat, data=data)


def _chat(tx: Tx, a: A.Chat, seat: int | None) -> None:
    text = a.text.strip()
    if not text:
        raise ActionError("empty_chat", "nothing to say")
    tx.note("chat", seat, text=text[:500])


def _set_enforcement(tx: Tx, a: A.SetEnforcement, seat: int | None) -> None:
    if a.mode not in ENFORCEMENT_MODES:
        raise ActionError("bad_mode", f"enforcement is one of {', '.join(ENFORCEMENT_MODES)}, not {a.mode!r}")
    old = tx.state.enforcement
    tx.set_field("enforcement", a.mode)
    tx.note("enforcement", seat, data={"old": old, "new": a.mode})


_HANDLERS: dict[type, Any] = {
    A.Move: _move,
    A.Flip: _flip,
    A.Tap: _tap,
    A.Rotate: _rotate,
    A.Shuffle: _shuffle,
    A.Draw: _draw,
    A.Deal: _deal,
    A.Reveal: _reveal,
    A.EndReveal: _end_reveal,
    A.LookTop: _look,
    A.Search: _search,
    A.EndSearch: _end_search,
    A.Attach: _attach,
    A.Detach: _detach,
    A.CreatePiece: _create,
    A.DeletePiece: _delete,
    A.SetCounter: _set_counter,
    A.AddCounter: _add_counter,
    A.Roll: _roll,
    A.Chat: _chat,
    A.Point: _point,
    A.SetEnforcement: _set_enforcement,
}
