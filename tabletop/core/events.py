"""Events: resolved facts that change the state, each carrying what it overwrote so it can be reverted.

The reducer turns an Action into Events; chance is already decided inside them (a shuffle's permutation, a die's
face), so replaying or redoing events never re-rolls. Undo reverts them in reverse order.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, ClassVar

from .frozen import quick_init
from .state import GameState, Piece

__all__ = [
    "EVENT_TYPES",
    "Event",
    "Note",
    "PieceAdded",
    "PieceChanged",
    "PieceMoved",
    "PieceRemoved",
    "PlayerCounterChanged",
    "RngAdvanced",
    "RuleStateChanged",
    "StateFieldChanged",
    "ZoneReordered",
    "event_from_dict",
    "piece_record",
    "plain_copy",
]

EVENT_TYPES: dict[str, type[Event]] = {}

_PIECE_FIELDS = frozenset(
    {"x", "y", "rotation", "face_up", "owner", "attached_to", "counters", "known", "gen", "value", "label", "color"}
)
#: the piece fields `_set` stores as they are
_PLAIN_FIELDS = _PIECE_FIELDS - {"gen", "counters", "attached_to"}


def _event(name: str):
    def deco(cls):
        cls.kind = name
        EVENT_TYPES[name] = cls
        return quick_init(cls)  # events are made by the thousand per game

    return deco


class Event:
    """Base of all events: `apply` and `revert` are exact inverses on the state."""

    # no __dict__ or weak reference slot on the thousands of events a game makes (its slotted subclasses hold their
    # fields): 72 bytes and one memory block an event, not 96 and two
    __slots__ = ()

    kind: ClassVar[str] = "event"
    #: Pieces this event concerns (for visibility bookkeeping and redaction).
    pids: ClassVar[tuple[str, ...]] = ()

    def apply(self, state: GameState) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def revert(self, state: GameState) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def pieces(self) -> tuple[str, ...]:
        return ()

    def to_dict(self) -> dict[str, Any]:
        d = {"kind": self.kind}
        for name in self.__dataclass_fields__:  # type: ignore[attr-defined]
            v = getattr(self, name)
            if isinstance(v, frozenset):
                v = sorted(v)
            elif isinstance(v, tuple):
                v = [list(x) if isinstance(x, tuple) else x for x in v]
            d[name] = v
        return d


def _to_tuple(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_to_tuple(x) for x in v)
    return v


def event_from_dict(d: dict[str, Any]) -> Event:
    """Rebuild an event from `to_dict()` output (from a trusted save or log)."""
    cls = EVENT_TYPES[d["kind"]]
    kwargs = {k: v for k, v in d.items() if k != "kind"}
    if cls is PieceChanged:
        kwargs["changes"] = tuple(
            (f, _field_in(f, old), _field_in(f, new)) for f, old, new in kwargs["changes"]
        )
    elif cls is ZoneReordered:
        kwargs["old"] = tuple(kwargs["old"])
        kwargs["new"] = tuple(kwargs["new"])
    elif cls is Note and kwargs.get("private") is not None:
        kwargs["private"] = tuple(kwargs["private"])  # as the dataclass says: a loaded note equals the one logged
    return cls(**kwargs)


_IMMUTABLE = frozenset({str, int, float, bool, type(None), frozenset})


def plain_copy(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists, tuples of str/int/float/bool/None), several times faster than
    `copy.deepcopy`, which is kept for anything else. Rule state is plain data (it saves to YAML without aliases),
    and copying it is most of what a rules transaction costs."""
    t = type(value)
    if t in _IMMUTABLE:
        return value
    # leaves are copied inline, not by a call each: most values in rule state are strings, numbers and flags
    if t is dict:
        return {k: v if type(v) in _IMMUTABLE else plain_copy(v) for k, v in value.items()}
    if t is list:
        return [v if type(v) in _IMMUTABLE else plain_copy(v) for v in value]
    if t is tuple:
        return tuple(plain_copy(v) for v in value)
    return copy.deepcopy(value)


def _field_in(name: str, v: Any) -> Any:
    return frozenset(v) if name == "known" else v


def _field_out(v: Any) -> Any:
    return sorted(v) if isinstance(v, frozenset) else copy.deepcopy(v) if isinstance(v, dict) else v


@_event("moved")
@dataclass(frozen=True, slots=True)
class PieceMoved(Event):
    """A piece left one zone at an index and entered another (or the same) at an index."""

    pid: str
    src: str
    src_index: int
    dst: str
    dst_index: int

    def apply(self, state: GameState) -> None:
        src = state.zones[self.src].pieces
        del src[self.src_index]
        state.zones[self.dst].pieces.insert(self.dst_index, self.pid)
        pid, own = self.pid, state._own
        (state.pieces[pid] if own is None or pid in own else state.own(pid)).zone = self.dst  # `own`, its call saved

    def revert(self, state: GameState) -> None:
        del state.zones[self.dst].pieces[self.dst_index]
        state.zones[self.src].pieces.insert(self.src_index, self.pid)
        pid, own = self.pid, state._own
        (state.pieces[pid] if own is None or pid in own else state.own(pid)).zone = self.src  # `own`, its call saved

    def pieces(self) -> tuple[str, ...]:
        return (self.pid,)


@_event("changed")
@dataclass(frozen=True, slots=True)
class PieceChanged(Event):
    """Some attributes of a piece changed: `changes` holds (field, old, new) triples."""

    pid: str
    changes: tuple[tuple[str, Any, Any], ...]

    def apply(self, state: GameState) -> None:
        pid, own = self.pid, state._own
        piece = state.pieces[pid] if own is None or pid in own else state.own(pid)  # `own`, its call saved
        for name, _old, new in self.changes:
            if name in _PLAIN_FIELDS:  # most changes (faces, knowledge, places): `_set` without a call
                setattr(piece, name, new)
            else:
                _set(state, piece, name, new)

    def revert(self, state: GameState) -> None:
        pid, own = self.pid, state._own
        piece = state.pieces[pid] if own is None or pid in own else state.own(pid)  # `own`, its call saved
        for name, old, _new in reversed(self.changes):
            _set(state, piece, name, old)

    def pieces(self) -> tuple[str, ...]:
        return (self.pid,)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "pid": self.pid,
            "changes": [[f, _field_out(o), _field_out(n)] for f, o, n in self.changes],
        }


def _set(state: GameState, piece: Piece, name: str, value: Any) -> None:
    if name not in _PIECE_FIELDS:
        raise ValueError(f"not a piece field: {name}")
    if name == "gen":
        state.set_gen(piece.id, value)
    elif name == "counters":
        piece.counters = dict(value)
    elif name == "attached_to":
        state.link(piece.id, piece.attached_to, value)
        piece.attached_to = value
    else:
        setattr(piece, name, value)


@_event("reordered")
@dataclass(frozen=True, slots=True)
class ZoneReordered(Event):
    """A zone's order changed (a shuffle): old and new orders of piece ids, top first."""

    zone: str
    old: tuple[str, ...]
    new: tuple[str, ...]

    def apply(self, state: GameState) -> None:
        state.zones[self.zone].pieces[:] = self.new

    def revert(self, state: GameState) -> None:
        state.zones[self.zone].pieces[:] = self.old

    def pieces(self) -> tuple[str, ...]:
        return self.new


@_event("added")
@dataclass(frozen=True, slots=True)
class PieceAdded(Event):
    """A new piece (token, die, counter, or a card brought in) appeared in a zone."""

    piece: dict[str, Any]
    index: int
    old_next_id: int
    next_id: int

    def apply(self, state: GameState) -> None:
        p = _piece_from(self.piece)
        state.pieces[p.id] = p
        state.link(p.id, None, p.attached_to)
        state.zones[p.zone].pieces.insert(self.index, p.id)
        state.next_id = self.next_id

    def revert(self, state: GameState) -> None:
        pid = self.piece["id"]
        p = state.pieces.pop(pid)
        state.link(pid, p.attached_to, None)
        del state.zones[p.zone].pieces[self.index]
        state.forget_handle(pid)
        state.next_id = self.old_next_id

    def pieces(self) -> tuple[str, ...]:
        return (self.piece["id"],)


@_event("removed")
@dataclass(frozen=True, slots=True)
class PieceRemoved(Event):
    """A piece left the table for good (a token deleted)."""

    piece: dict[str, Any]
    index: int

    def apply(self, state: GameState) -> None:
        pid = self.piece["id"]
        p = state.pieces.pop(pid)
        state.link(pid, p.attached_to, None)
        del state.zones[p.zone].pieces[self.index]
        state.forget_handle(pid)

    def revert(self, state: GameState) -> None:
        p = _piece_from(self.piece)
        state.pieces[p.id] = p
        state.link(p.id, None, p.attached_to)
        state.zones[p.zone].pieces.insert(self.index, p.id)

    def pieces(self) -> tuple[str, ...]:
        return (self.piece["id"],)


def _piece_from(d: dict[str, Any]) -> Piece:
    d = dict(d)
    d["known"] = frozenset(d.get("known", ()))
    d["counters"] = dict(d.get("counters", {}))
    return Piece(**d)


def piece_record(p: Piece) -> dict[str, Any]:
    """All fields of a piece as plain data, for PieceAdded/PieceRemoved."""
    return {
        "id": p.id,
        "kind": p.kind,
        "card": p.card,
        "zone": p.zone,
        "x": p.x,
        "y": p.y,
        "rotation": p.rotation,
        "face_up": p.face_up,
        "owner": p.owner,
        "attached_to": p.attached_to,
        "counters": dict(p.counters),
        "known": sorted(p.known),
        "gen": p.gen,
        "sides": p.sides,
        "value": p.value,
        "label": p.label,
        "color": p.color,
    }


@_event("player_counter")
@dataclass(frozen=True, slots=True)
class PlayerCounterChanged(Event):
    """A seat's counter (score, a pool, favor) changed; `old` None means it did not exist."""

    seat: int
    name: str
    old: int | None
    new: int | None

    def apply(self, state: GameState) -> None:
        _set_counter(state.player(self.seat).counters, self.name, self.new)

    def revert(self, state: GameState) -> None:
        _set_counter(state.player(self.seat).counters, self.name, self.old)


def _set_counter(counters: dict[str, int], name: str, value: int | None) -> None:
    if value is None:
        counters.pop(name, None)
    else:
        counters[name] = value


@_event("rng")
@dataclass(frozen=True, slots=True)
class RngAdvanced(Event):
    """The RNG moved on (chance was used).

    It never goes back: undoing a roll or a shuffle leaves the generator where it was, so a seat cannot roll, look
    and undo to learn what the next shuffle or die will give. Redo still replays the recorded outcome.
    """

    old: int
    new: int

    def apply(self, state: GameState) -> None:
        state.rng.counter = max(state.rng.counter, self.new)

    def revert(self, state: GameState) -> None:
        return None


_STATE_FIELDS = frozenset({"enforcement", "options", "ruleset"})


@_event("state_field")
@dataclass(frozen=True, slots=True)
class StateFieldChanged(Event):
    """A table-wide setting changed (the enforcement dial, the options in force)."""

    name: str
    old: Any
    new: Any

    def apply(self, state: GameState) -> None:
        if self.name not in _STATE_FIELDS:
            raise ValueError(self.name)
        setattr(state, self.name, copy.deepcopy(self.new))

    def revert(self, state: GameState) -> None:
        setattr(state, self.name, copy.deepcopy(self.old))


_MISSING = "__missing__"


@_event("rules")
@dataclass(frozen=True, slots=True)
class RuleStateChanged(Event):
    """One key of the ruleset's state changed (phase, active seat, stack...); values are plain data."""

    key: str
    old: Any
    new: Any

    def apply(self, state: GameState) -> None:
        _set_rule(state.rules, self.key, self.new)

    def revert(self, state: GameState) -> None:
        _set_rule(state.rules, self.key, self.old)


def _set_rule(rules: dict[str, Any], key: str, value: Any) -> None:
    if value == _MISSING:
        rules.pop(key, None)
    else:
        rules[key] = plain_copy(value)


@_event("note")
@dataclass(frozen=True, slots=True)
class Note(Event):
    """A fact for the log that changes no state: a chat line, a roll's result, an announcement.

    `private` names the seats that may read it (None: everyone); other seats see only that something happened.
    """

    what: str
    seat: int | None = None
    text: str = ""
    data: dict[str, Any] | None = None
    private: tuple[int, ...] | None = None

    def apply(self, state: GameState) -> None:
        return None

    def revert(self, state: GameState) -> None:
        return None
