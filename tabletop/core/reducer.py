"""The reducer: turns one Action into Events, applying each as it goes, and undoes them all on failure.

`Tx` is the toolbox both the generic reducer and rulesets use to change the state; every change it makes is an
event, so whatever a ruleset does is undoable, saved and synced for free.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from ..errors import TabletopError
from . import actions as A
from .events import (
    Event,
    Note,
    PieceAdded,
    PieceChanged,
    PieceMoved,
    PieceRemoved,
    PlayerCounterChanged,
    RngAdvanced,
    RuleStateChanged,
    StateFieldChanged,
    ZoneReordered,
    piece_record,
)
from .ruleset import ENFORCEMENT_MODES
from .state import EVERYONE, PIECE_KINDS, GameState, Piece

if TYPE_CHECKING:
    from .ruleset import RulesHook

__all__ = ["ActionError", "Tx", "reduce"]

_MISSING = "__missing__"
ATTACH_OFFSET = 18.0


class ActionError(TabletopError):
    """An action that cannot be carried out on this table (a typed error: `code` plus a sentence)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Tx:
    """A transaction over the state: every change is an event, applied at once and kept for undo."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Event] = []

    # -- primitives --

    def emit(self, event: Event) -> Event:
        event.apply(self.state)
        self.events.append(event)
        return event

    def rollback(self) -> None:
        for event in reversed(self.events):
            event.revert(self.state)
        self.events.clear()

    def change(self, pid: str, **fields: Any) -> None:
        """Set piece attributes, emitting one event with only the fields that really change."""
        piece = self.state.pieces[pid]
        changes = []
        for name, new in fields.items():
            if name in ("x", "y"):
                new = round(float(new), 3)  # what a save can spell, so save -> load is exact
            old = getattr(piece, name)
            if old != new:
                changes.append((name, copy.deepcopy(old), new))
        if changes:
            self.emit(PieceChanged(pid, tuple(changes)))

    def set_rule(self, key: str, value: Any) -> None:
        """Set one key of the ruleset's state (a deep copy is stored, so callers may keep mutating theirs)."""
        old = self.state.rules.get(key, _MISSING)
        if old != value:
            self.emit(RuleStateChanged(key, copy.deepcopy(old), copy.deepcopy(value)))

    def del_rule(self, key: str) -> None:
        if key in self.state.rules:
            self.emit(RuleStateChanged(key, copy.deepcopy(self.state.rules[key]), _MISSING))

    def set_player_counter(self, seat: int, name: str, value: int | None) -> None:
        old = self.state.player(seat).counters.get(name)
        if old != value:
            self.emit(PlayerCounterChanged(seat, name, old, value))

    def add_player_counter(self, seat: int, name: str, delta: int) -> int:
        value = self.state.player(seat).counters.get(name, 0) + delta
        self.set_player_counter(seat, name, value)
        return value

    def set_field(self, name: str, value: Any) -> None:
        old = getattr(self.state, name)
        if old != value:
            self.emit(StateFieldChanged(name, copy.deepcopy(old), copy.deepcopy(value)))

    def note(
        self,
        what: str,
        seat: int | None = None,
        text: str = "",
        data: dict[str, Any] | None = None,
        private: tuple[int, ...] | None = None,
    ) -> None:
        self.emit(Note(what, seat, text, data, private))

    # -- chance --

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) from the state's RNG, recorded as an event."""
        rng = self.state.rng
        old = rng.counter
        value = rng.below(n)
        new = rng.counter
        rng.counter = old
        self.emit(RngAdvanced(old, new))
        return value

    def permutation(self, n: int) -> list[int]:
        rng = self.state.rng
        old = rng.counter
        order = rng.permutation(n)
        new = rng.counter
        rng.counter = old
        self.emit(RngAdvanced(old, new))
        return order

    # -- table operations --

    def move(
        self,
        pid: str,
        dst: str,
        *,
        index: int | None = None,
        x: float | None = None,
        y: float | None = None,
        face_up: bool | None = None,
        by: int | None = None,
    ) -> None:
        """Move one piece, keeping attachments, faces, knowledge and handles consistent."""
        state = self.state
        piece = state.pieces[pid]
        zone = state.zones.get(dst)
        if zone is None:
            raise ActionError("unknown_zone", f"there is no zone {dst!r}")
        src = piece.zone
        same_zone = src == dst
        could_see = by is not None and state.can_see(piece, by)
        old_x, old_y = piece.x, piece.y
        src_index = state.zones[src].pieces.index(pid)
        if index is None:
            index = 0 if zone.layout == "stack" else len(zone.pieces) - (1 if same_zone else 0)
        limit = len(zone.pieces) - (1 if same_zone else 0)
        index = max(0, min(index, limit))
        if not same_zone or index != src_index:
            self.emit(PieceMoved(pid, src, src_index, dst, index))
        fields: dict[str, Any] = {}
        if x is not None:
            fields["x"] = float(x)
        if y is not None:
            fields["y"] = float(y)
        if not same_zone:
            fields["face_up"] = zone.face_up if face_up is None else face_up
            if piece.attached_to is not None:
                fields["attached_to"] = None
            fields["known"] = frozenset({by}) if could_see and by is not None else frozenset()
            if piece.kind == "card" and zone.layout != "free" and piece.rotation:
                fields["rotation"] = 0
            if piece.kind == "card" and zone.visibility != "public" and piece.counters:
                fields["counters"] = {}  # counters fall off a card that leaves play
        elif face_up is not None:
            fields["face_up"] = face_up
        self.change(pid, **fields)
        if not same_zone or fields.get("face_up") is False:
            self._hide_if_needed(pid)
        # attached pieces follow their host on the table, and fall off when it leaves the zone
        for child in _kids(state, pid, src):
            if same_zone:
                c = state.pieces[child]
                self.change(child, x=c.x + (piece.x - old_x), y=c.y + (piece.y - old_y))
            else:
                self.change(child, attached_to=None)

    def _hide_if_needed(self, pid: str) -> None:
        """Give a piece a fresh handle when some seat cannot see it, so it cannot be followed by name."""
        state = self.state
        piece = state.pieces[pid]
        if piece.kind == "card" and not state.can_see(piece, None):
            self.change(pid, gen=piece.gen + 1)

    def shuffle(self, zone_name: str) -> None:
        """Shuffle a zone with the state's RNG; everyone forgets what was where."""
        zone = self.state.zones[zone_name]
        old = tuple(zone.pieces)
        if len(old) > 1:
            order = self.permutation(len(old))
            new = tuple(old[i] for i in order)
            self.emit(ZoneReordered(zone_name, old, new))
        for pid in zone.pieces:
            piece = self.state.pieces[pid]
            fields: dict[str, Any] = {}
            if piece.known:
                fields["known"] = frozenset()
            if piece.attached_to is not None:
                fields["attached_to"] = None
            if fields:
                self.change(pid, **fields)
            self._hide_if_needed(pid)

    def add_piece(self, piece: Piece, index: int | None = None) -> Piece:
        state = self.state
        zone = state.zones[piece.zone]
        if index is None:
            index = 0 if zone.layout == "stack" else len(zone.pieces)
        old_next = state.next_id
        if piece.id == "":
            piece.id = f"p{state.next_id}"
        self.emit(PieceAdded(piece_record(piece), index, old_next, old_next + 1))
        return state.pieces[piece.id]

    def remove_piece(self, pid: str) -> None:
        state = self.state
        piece = state.pieces[pid]
        for child in state.attached(pid):
            self.change(child, attached_to=None)
        index = state.zones[piece.zone].pieces.index(pid)
        self.emit(PieceRemoved(piece_record(piece), index))


# ------------------------------------------------------------------ the generic reducer


def _kids(state: GameState, pid: str, zone: str) -> list[str]:
    children = state._children.get(pid)
    if not children:
        return []
    return [q for q in state.zones[zone].pieces if q in children]


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
    tx = Tx(state)
    try:
        if rules is not None and rules.reduce(state, action, seat, tx):
            return tx.events
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise ActionError("unsupported", f"this table has no rule for {action.type!r} actions")
        handler(tx, action, seat)
    except BaseException:
        tx.rollback()
        raise
    return tx.events


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
    tx.note("reveal", seat, data={"pieces": list(a.pieces), "to": a.to})


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
    A.SetEnforcement: _set_enforcement,
}
