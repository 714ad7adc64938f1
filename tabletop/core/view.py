"""`view(state, seat)`: the only way state leaves the engine for a seat.

Pieces a seat cannot see appear under opaque handles with no card reference; everything else is copied out as
plain data, so a view can be serialized, sent, hashed and rendered without any further filtering.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .events import Event, PieceAdded, PieceMoved, PieceRemoved, ZoneReordered
from .messages import status_for
from .state import EVERYONE, GameState, Piece

if TYPE_CHECKING:
    from .ruleset import RulesHook

__all__ = [
    "LiveView",
    "ViewChange",
    "Touch",
    "ZoneChange",
    "canonical",
    "combine_hash",
    "find_from_end",
    "piece_view",
    "splices",
    "touched",
    "view",
    "view_hash",
    "view_top",
    "zone_digest",
    "zone_meta",
]


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
        "rules": status_for(state, rules.status(state, seat), seat) if rules is not None else {},
    }


# -- the view hash: per piece, per zone, per view, so a change is hashed in time proportional to the change --

try:  # the C encoder, called directly: json.dumps would build a new encoder for every small piece
    from json.encoder import c_make_encoder as _c_make_encoder
    from json.encoder import encode_basestring_ascii as _ascii
except ImportError:  # pragma: no cover - CPython always has them
    _c_make_encoder = None

if _c_make_encoder is not None:
    _c_encode = _c_make_encoder(None, None, _ascii, None, ":", ",", True, False, True)

    def canonical(obj: Any) -> str:
        """Canonical JSON of plain data: sorted keys, separators `,` `:`, ASCII escapes (`json.dumps`'s spelling)."""
        return "".join(_c_encode(obj, 0))

else:  # pragma: no cover
    _py_encode = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode

    def canonical(obj: Any) -> str:
        """Canonical JSON of plain data: sorted keys, separators `,` `:`, ASCII escapes (`json.dumps`'s spelling)."""
        return _py_encode(obj)


def zone_digest(meta: dict[str, Any], lines: list[str] | None, pieces: list[Any] | None = None) -> str:
    """A zone's digest: its fields (all but `pieces`, `count` included), a newline, then its pieces as canonical JSON.

    The pieces' JSON is built from each piece's canonical line (`lines`, kept by whoever updates one piece at a
    time) or encoded in one go from the piece dicts (`pieces`); both spell the same text.
    """
    body = "[" + ",".join(lines) + "]" if lines is not None else canonical(pieces)
    return hashlib.sha256((canonical(meta) + "\n" + body).encode()).hexdigest()[:32]


def combine_hash(top: dict[str, Any], digests: list[str]) -> str:
    """The view hash from the view's top-level fields (without `zones` and `seq`) and its zones' digests."""
    text = canonical(top) + "\n" + "\n".join(digests)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def zone_meta(z: dict[str, Any]) -> dict[str, Any]:
    """A zone of a view without its pieces (what its digest covers besides them)."""
    return {k: v for k, v in z.items() if k != "pieces"}


def view_top(v: dict[str, Any]) -> dict[str, Any]:
    """A view's top-level fields that its hash covers: all but `zones` and `seq`."""
    return {k: val for k, val in v.items() if k not in ("zones", "seq")}


def view_hash(v: dict[str, Any]) -> str:
    """A digest of a view, so a client can check it agrees with the host; equal views give equal hashes."""
    digests = [zone_digest(zone_meta(z), None, z["pieces"]) for z in v["zones"]]
    return combine_hash(view_top(v), digests)


# -- a seat's view kept up to date from the events of each log entry --


def find_from_end(items: list[Any], value: Any, near: int = 64) -> int:
    """`items.index(value)`, looking among the last `near` items first: a piece just moved or played is on top."""
    n = len(items)
    if n > near:
        try:
            return items.index(value, n - near)
        except ValueError:
            pass
    return items.index(value)


def _common(old: list[str], new: list[str]) -> tuple[int, int]:
    """The lengths of the common prefix and of the common suffix after it (slices compared in C, by halving)."""
    n = min(len(old), len(new))
    lo, hi = 0, n  # old[:lo] == new[:lo]; the prefix is shorter than hi + 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if old[lo:mid] == new[lo:mid]:
            lo = mid
        else:
            hi = mid - 1
    i = lo
    lo, hi = 0, n - i
    lo_old, lo_new = len(old), len(new)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if old[lo_old - mid : lo_old - lo] == new[lo_new - mid : lo_new - lo]:
            lo = mid
        else:
            hi = mid - 1
    return i, lo


def splices(old: list[str], new: list[str]) -> list[list[Any]]:
    """Edits `[start, deleted, inserted]`, applied in order, turning `old` into `new` (a moved piece: two edits)."""
    if old == new:
        return []
    i, j = _common(old, new)
    om, nm = old[i : len(old) - j], new[i : len(new) - j]
    if len(om) == len(nm) >= 2:
        if om[1:] == nm[:-1]:  # the first piece went to the end
            return [[i, 1, []], [i + len(nm) - 1, 0, [nm[-1]]]]
        if om[:-1] == nm[1:]:  # the last piece came to the front
            return [[i + len(om) - 1, 1, []], [i, 0, [nm[0]]]]
    return [[i, len(om), nm]]


class Touch:
    """What one log entry's events touched, worked out once and shared by every seat's `LiveView`.

    `pids`: every piece an event names (its visibility or handle can change without its zone changing) and the
    pieces attached to those (they show their host's name); `zones`: every zone a piece left, entered or was
    reordered in. A zone holding a piece whose view changed for a seat is rebuilt for that seat too.
    """

    def __init__(self, state: GameState, events: Iterable[Event]) -> None:
        self.state = state
        pids: set[str] = set()
        zones: set[str] = set()
        for e in events:
            if isinstance(e, PieceMoved):
                pids.add(e.pid)
                zones.add(e.src)
                zones.add(e.dst)
            elif isinstance(e, ZoneReordered):
                zones.add(e.zone)
                pids.update(e.new)
            elif isinstance(e, (PieceAdded, PieceRemoved)):
                pids.add(e.piece["id"])
                zones.add(e.piece["zone"])
            else:
                pids.update(e.pieces())
        for pid in list(pids):
            pids.update(state._children.get(pid, ()))
        self.pids = pids
        self.zones = zones
        self._edits: dict[str, tuple[list[str], list[list[Any]]]] = {}
        self._digests: dict[str, tuple[dict[str, Any], list[str], str]] = {}

    def digest(self, zone: str, meta: dict[str, Any], lines: list[str]) -> str:
        """`zone_digest`, computed once when several seats see the zone alike (lines are shared, so cheap to compare)."""
        cached = self._digests.get(zone)
        if cached is not None and cached[1] == lines and cached[0] == meta:
            return cached[2]
        d = zone_digest(meta, lines)
        self._digests[zone] = (meta, lines, d)
        return d

    def edits(self, zone: str, old_ids: list[str]) -> list[list[Any]]:
        """The edits (in piece ids) from `old_ids` to the zone's pieces now; computed once for all seats."""
        cached = self._edits.get(zone)
        if cached is not None and cached[0] == old_ids:
            return cached[1]
        ops = splices(old_ids, self.state.zones[zone].pieces) if zone in self.zones else []
        self._edits[zone] = (old_ids, ops)
        return ops


def touched(state: GameState, events: Iterable[Event]) -> Touch:
    """What `events` (applied or reverted) touched, for `LiveView.update`."""
    return Touch(state, events)


@dataclass(slots=True)
class ZoneChange:
    """How one zone of a seat's view changed: its fields (when they did) and the edits to its piece names."""

    meta: dict[str, Any] | None
    splices: list[list[Any]]


@dataclass(slots=True)
class ViewChange:
    """What `LiveView.update` changed: top-level fields, zones, and pieces (id, old name, name, dict, old dict)."""

    top: dict[str, Any]
    zones: dict[str, ZoneChange]
    pieces: list[tuple[str, str | None, str, dict[str, Any], dict[str, Any] | None]]
    rebuilt: bool = False


class _LiveZone:
    __slots__ = ("digest", "ids", "lines", "meta", "names", "text")

    def __init__(self, meta: dict[str, Any], ids: list[str], names: list[str], lines: list[str], digest: str) -> None:
        self.meta = meta
        self.ids = ids
        self.names = names
        self.lines = lines
        self.digest = digest
        self.text: str | None = None  # the zone as JSON, once a snapshot needed it


class LiveView:
    """`view(state, seat, rules)` kept up to date in time proportional to each change, with its hash.

    Call `update(events)` after every log entry (applied, undone or redone); `view()` then equals
    `view(state, seat, rules)` and `hash` equals `view_hash` of it. When the state changed in a way the events
    do not explain (the zone list, a skipped sequence number), it rebuilds itself from scratch.
    """

    def __init__(
        self,
        state: GameState,
        seat: int | None,
        rules: RulesHook | None = None,
        pool: dict[str, tuple[str, dict[str, Any], str]] | None = None,
        *,
        hashed: bool = True,
    ) -> None:
        self.state = state
        self.seat = seat
        self.rules = rules
        #: False: no zone digests and no view hash (a screen on the same machine as the session checks nothing)
        self.hashed = hashed
        #: piece records shared by the views of several seats: a piece every seat sees alike is built once
        #: and its line compares by identity
        self.pool = pool if pool is not None else {}
        self.rebuild()

    def rebuild(self) -> None:
        state = self.state
        self.seq = state.seq
        self.top = self._top()
        #: per piece id: (name in this view, piece dict, canonical line)
        self.pieces: dict[str, tuple[str, dict[str, Any], str]] = {}
        self.zones: dict[str, _LiveZone] = {}
        for zone in state.zones.values():
            recs = [self._piece(pid) for pid in zone.pieces]
            meta, lines = self._meta(zone.name), [r[2] for r in recs]
            self.zones[zone.name] = _LiveZone(meta, list(zone.pieces), [r[0] for r in recs], lines,
                                              zone_digest(meta, lines) if self.hashed else "")
        self.hash = combine_hash(self.top, [z.digest for z in self.zones.values()]) if self.hashed else ""

    def _top(self) -> dict[str, Any]:
        state = self.state
        return {
            "seat": self.seat,
            "ruleset": state.ruleset,
            "options": dict(state.options),
            "enforcement": state.enforcement,
            "table": [state.table_size[0], state.table_size[1]],
            "players": [p.to_dict() for p in state.players],
            "rules": (status_for(state, self.rules.status(state, self.seat), self.seat)
                      if self.rules is not None else {}),
        }

    def _meta(self, name: str) -> dict[str, Any]:
        zone = self.state.zones[name]
        meta = zone.to_dict()
        meta["count"] = len(zone.pieces)
        return meta

    def _piece(self, pid: str) -> tuple[str, dict[str, Any], str]:
        state = self.state
        piece = state.pieces[pid]
        d = piece_view(state, piece, self.seat, state.zones[piece.zone].layout == "free")
        line = canonical(d)
        rec = self.pool.get(pid)
        if rec is None or rec[2] != line:
            rec = self.pool[pid] = (d["id"], d, line)
        self.pieces[pid] = rec
        return rec

    def update(self, events: Iterable[Event], touch: Touch | None = None) -> ViewChange:
        """Bring the view up to date after one log entry's events; returns what changed.

        Pass the same `touch` (from `touched`) to every seat's view to do the seat-independent work once.
        """
        state = self.state
        if state.seq != self.seq + 1 or list(state.zones) != list(self.zones):
            self.rebuild()
            return ViewChange({}, {}, [], rebuilt=True)
        self.seq = state.seq
        if touch is None:
            touch = touched(state, events)
        top = self._top()
        changed_top = {k: v for k, v in top.items() if self.top.get(k) != v}
        self.top = top
        pieces = []
        zones = set(touch.zones)
        for pid in touch.pids:
            old = self.pieces.pop(pid, None)
            if pid not in state.pieces:
                continue
            name, d, line = self._piece(pid)
            if old is None or old[2] != line:
                pieces.append((pid, old[0] if old else None, name, d, old[1] if old else None))
                zones.add(state.pieces[pid].zone)
        zchanges: dict[str, ZoneChange] = {}
        for zname in zones:
            lz = self.zones.get(zname)
            if lz is None:
                continue
            ids, names, lines = list(lz.ids), list(lz.names), list(lz.lines)
            ops = []
            placed: set[str] = set()
            for start, deleted, inserted in touch.edits(zname, lz.ids):
                recs = [self.pieces[pid] for pid in inserted]
                ids[start : start + deleted] = inserted
                names[start : start + deleted] = new_names = [r[0] for r in recs]
                lines[start : start + deleted] = [r[2] for r in recs]
                ops.append([start, deleted, new_names])
                placed.update(inserted)
            for pid, _old_name, name, _d, _old in pieces:
                if pid in placed or state.pieces[pid].zone != zname:
                    continue
                i = find_from_end(ids, pid)
                lines[i] = self.pieces[pid][2]
                if names[i] != name:
                    names[i] = name
                    ops.append([i, 1, [name]])
            meta = self._meta(zname)
            new_zone = _LiveZone(meta, ids, names, lines, touch.digest(zname, meta, lines) if self.hashed else "")
            self.zones[zname] = new_zone
            if (new_zone.digest != lz.digest if self.hashed
                    else ops or meta != lz.meta or lines != lz.lines):
                zchanges[zname] = ZoneChange(meta if meta != lz.meta else None, ops)
        if (changed_top or zchanges) and self.hashed:
            self.hash = combine_hash(self.top, [z.digest for z in self.zones.values()])
        return ViewChange(changed_top, zchanges, pieces)

    def view(self) -> dict[str, Any]:
        """The whole view, equal to `view(state, seat, rules)` (fresh containers; piece dicts are shared)."""
        top = self.top
        zones = []
        for z in self.zones.values():
            d = dict(z.meta)
            d["pieces"] = [self.pieces[pid][1] for pid in z.ids]
            zones.append(d)
        return {"seat": top["seat"], "seq": self.seq, "ruleset": top["ruleset"], "options": top["options"],
                "enforcement": top["enforcement"], "table": top["table"], "players": top["players"],
                "zones": zones, "rules": top["rules"]}

    def view_json(self) -> str:
        """The whole view as JSON text, assembled from the cached piece lines (no encoding of the pieces)."""
        top = self.top
        parts = []
        for z in self.zones.values():
            if z.text is None:
                z.text = json.dumps(z.meta, separators=(",", ":"))[:-1] + ',"pieces":[' + ",".join(z.lines) + "]}"
            parts.append(z.text)
        head = {"seat": top["seat"], "seq": self.seq, "ruleset": top["ruleset"], "options": top["options"],
                "enforcement": top["enforcement"], "table": top["table"], "players": top["players"]}
        return (json.dumps(head, separators=(",", ":"))[:-1] + ',"zones":[' + ",".join(parts) + '],"rules":'
                + json.dumps(top["rules"], separators=(",", ":")) + "}")
