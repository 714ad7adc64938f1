"""The save format's log schema, derived from the core's dataclasses and compiled once per type.

Which fields an event has, which may be left out and what each may hold come from `dataclasses.fields` and the type
hints of the event classes in `tabletop.core.events` (a piece record's fields likewise from `Piece`), so a field added
to an event is read and checked by saves with no second list to keep in step. What a type hint cannot say (a change
names a piece field, a table setting's values, seats that exist) is added per kind below. Checking a log entry costs
a few dictionary lookups and one predicate per field; nothing is worked out per entry.

A check raises `Bad` with the path inside the entry and a sentence; the reader adds the file, line and entry index.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Callable
from typing import Any

from ..core.actions import ActionFormatError, action_from_dict
from ..core.events import EVENT_TYPES, Event, event_from_dict
from ..core.state import EVERYONE, PIECE_KINDS, Piece
from ..errors import TabletopError
from ..yamlsafe import MAX_DEPTH
from .actionschema import action_ok

__all__ = [
    "EVENT_SCHEMAS",
    "PIECE_FIELDS",
    "Bad",
    "EventSchema",
    "check_entry",
    "check_event",
    "compile_event",
    "compile_hint",
    "piece_checks",
    "plain_ok",
]

Check = Callable[[Any], bool]


class Bad(TabletopError):
    """A log entry that does not fit the format: `path` inside the entry (keys and indices) and why."""

    def __init__(self, path: tuple[Any, ...], message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(message)


_IMMUTABLE = (str, int, bool, type(None))


def plain_ok(value: Any, depth: int = 0) -> bool:
    """Plain data a table can hold: text keys, finite numbers, at most MAX_DEPTH levels deep."""
    t = type(value)
    if t in _IMMUTABLE:
        return True
    if t is float:
        return math.isfinite(value)
    if depth >= MAX_DEPTH:
        return False
    if t is dict:
        return all(type(k) is str and (type(v) in _IMMUTABLE or plain_ok(v, depth + 1)) for k, v in value.items())
    if t is list:
        return all(type(v) in _IMMUTABLE or plain_ok(v, depth + 1) for v in value)
    return False


def _is_float(v: Any) -> bool:
    return (type(v) is int) or (type(v) is float and math.isfinite(v))


_SIMPLE = {str: "text", int: "a whole number", bool: "true or false", type(None): "nothing"}


def simple_types(hint: Any) -> frozenset[type] | None:
    """The exact types a value of `hint` may have when a type test says it all (str, int, bool, None and unions of
    them), else None. A value read from a save has exactly one of these types, so `type(v) in ...` checks it in C."""
    if hint in _SIMPLE:
        return frozenset({hint})
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        arms = [simple_types(a) for a in typing.get_args(hint)]
        if all(arm is not None for arm in arms):
            return frozenset().union(*arms)  # type: ignore[arg-type]
    return None


def compile_hint(hint: Any) -> tuple[Check, str]:
    """A predicate for a value read from a save (JSON or YAML: lists stand for tuples and frozensets) of a field
    with type hint `hint`, and the words that say what it expects."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    simple = simple_types(hint)
    if simple is not None:
        return (lambda v: type(v) in simple), " or ".join(sorted(_SIMPLE[t] for t in simple))
    if origin in (typing.Union, types.UnionType):
        arms = [compile_hint(a) for a in args]
        checks = tuple(c for c, _ in arms)
        return (lambda v: any(c(v) for c in checks)), " or ".join(n for _, n in arms)
    if hint is Any:
        return plain_ok, "plain data (text keys, finite numbers)"
    if hint is float:
        return _is_float, "a finite number"
    if origin is dict or hint is dict:
        value_check = compile_hint(args[1])[0] if args else plain_ok
        return (lambda v: type(v) is dict and all(type(k) is str and value_check(x) for k, x in v.items())
                ), "a mapping"
    if origin in (tuple, frozenset, list) and args and (len(args) == 1 or args[-1] is Ellipsis):
        item, item_name = compile_hint(args[0])
        item_types = simple_types(args[0])
        if item_types is not None:  # the whole list's types checked in C
            return (lambda v: type(v) is list and item_types.issuperset(map(type, v))), f"a list of {item_name}"
        return (lambda v: type(v) is list and all(item(x) for x in v)), f"a list of {item_name}"
    if origin is tuple and args:
        items = [compile_hint(a) for a in args]
        checks = tuple(c for c, _ in items)
        n = len(checks)
        return (lambda v: type(v) is list and len(v) == n and all(c(x) for c, x in zip(checks, v, strict=True))
                ), f"[{', '.join(name for _, name in items)}]"
    raise TypeError(f"no save schema for the type {hint!r}")  # a new kind of field: say how a save holds it


PieceChecks = dict[str, Check]
Refine = Callable[[dict[str, Any], PieceChecks], None]


@dataclasses.dataclass(frozen=True, slots=True)
class EventSchema:
    """One event kind as a save holds it: (field, check, required, expected) per dataclass field, in order; `refine`
    checks what a type hint cannot say (it owns the fields it names: those get only a shape check here)."""

    kind: str
    cls: type[Event]
    names: frozenset[str]
    fields: tuple[tuple[str, Check, bool, str], ...]
    refine: Refine | None = None
    #: the same checks as one generated function: the event, or None when a check fails (then the fields are walked
    #: one by one to say which)
    fast: Callable[[dict[str, Any], PieceChecks], Event | None] | None = None


def _fields_of(cls: type) -> tuple[tuple[str, Check, bool, str], ...]:
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        check, expected = compile_hint(hints[f.name])
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        out.append((f.name, check, required, expected))
    return tuple(out)


def _hints_of(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


#: every field of a piece record (`added`/`removed` carry whole pieces, `changed` some of their fields)
PIECE_FIELDS: dict[str, tuple[Check, str]] = {name: (check, expected) for name, check, _, expected in _fields_of(Piece)}
#: fields a `changed` event may not change (a piece's identity, what it is and where it lies change by other events)
_FIXED = frozenset({"id", "kind", "card", "zone", "sides"})
_TABLE_SETTINGS: dict[str, Check] = {"enforcement": lambda v: type(v) is str and v in ("off", "warn", "strict"),
                                     "options": lambda v: type(v) is dict and plain_ok(v),
                                     "ruleset": lambda v: type(v) is str}
_PIECE_CHECKS: dict[frozenset[int], PieceChecks] = {}
_INT = frozenset({int})
#: per seat set, the seats a `seen` list may name (EVERYONE too)
_ALLOWED: dict[frozenset[int], frozenset[int]] = {}


def piece_checks(seats: frozenset[int]) -> PieceChecks:
    """Per piece field, whether a value can stand for it on a table with `seats` (worked out once per seat set)."""
    checks = _PIECE_CHECKS.get(seats)
    if checks is None:
        checks = {name: check for name, (check, _) in PIECE_FIELDS.items()}
        checks["kind"] = lambda v: type(v) is str and v in PIECE_KINDS
        allowed = seats | {EVERYONE}
        checks["known"] = lambda v: type(v) is list and _INT.issuperset(map(type, v)) and allowed.issuperset(v)
        checks["owner"] = lambda v: v is None or (type(v) is int and v in seats)
        if len(_PIECE_CHECKS) > 64:
            _PIECE_CHECKS.clear()
        checks = _PIECE_CHECKS[seats] = checks
    return checks


def _refine_changed(ev: dict[str, Any], checks: PieceChecks) -> None:
    for j, change in enumerate(ev["changes"]):
        name = change[0] if type(change) is list and len(change) == 3 else None
        check = checks.get(name) if type(name) is str and name not in _FIXED else None
        if check is None:
            raise Bad(("changes", j), "a change is [field, old, new] of a piece field")
        if not check(change[1]):
            raise Bad(("changes", j), f"{name} cannot be {change[1]!r}"[:200])
        if not check(change[2]):
            raise Bad(("changes", j), f"{name} cannot be {change[2]!r}"[:200])


def _changes(v: list[Any], checks: PieceChecks) -> tuple[tuple[str, Any, Any], ...] | None:
    """A `changed` event's changes as the event holds them (seat lists as frozensets), or None when
    `_refine_changed` would refuse them: its checks and the conversion in one pass, for the generated check."""
    out = []
    append = out.append
    for change in v:
        if type(change) is not list or len(change) != 3:
            return None
        name, old, new = change
        check = checks.get(name) if type(name) is str and name not in _FIXED else None
        if check is None:
            return None
        if check is _is_float:  # the common case (x, y) inline
            if not ((type(old) is int or (type(old) is float and old - old == 0.0))
                    and (type(new) is int or (type(new) is float and new - new == 0.0))):
                return None
        elif not (check(old) and check(new)):
            return None
        append((name, frozenset(old), frozenset(new)) if name in _FROZEN_PIECE_FIELDS else (name, old, new))
    return tuple(out)


def _refine_piece(ev: dict[str, Any], checks: PieceChecks) -> None:
    record = ev["piece"]
    for key, value in record.items():
        check = checks.get(key) if type(key) is str else None
        if check is None:
            raise Bad(("piece", key), f"unknown field {key!r} (expected {', '.join(PIECE_FIELDS)})"[:300])
        if not check(value):
            raise Bad(("piece", key), f"{key} cannot be {value!r}"[:200])
    for key in ("id", "zone"):
        if key not in record:
            raise Bad(("piece",), f"missing field {key!r}")


def _refine_state_field(ev: dict[str, Any], checks: PieceChecks) -> None:
    name = ev["name"]
    check = _TABLE_SETTINGS.get(name)
    if check is None:
        raise Bad(("name",), f"{name!r} is not a table setting")
    for key in ("old", "new"):
        if not check(ev[key]):
            raise Bad((key,), f"{name} cannot be {ev[key]!r}"[:200])


def _is_list(v: Any) -> bool:
    return type(v) is list


def _is_dict(v: Any) -> bool:
    return type(v) is dict


#: what a type hint cannot say, per event kind: the check, and the fields it owns (with their shape)
_REFINE: dict[str, tuple[Refine, dict[str, type]]] = {
    "changed": (_refine_changed, {"changes": list}),
    "added": (_refine_piece, {"piece": dict}),
    "removed": (_refine_piece, {"piece": dict}),
    "state_field": (_refine_state_field, {}),
}
#: per event kind, fields whose check and conversion is one function (None: refused), standing for the kind's refine
#: in the generated check
_CONVERT: dict[str, dict[str, str]] = {"changed": {"changes": "_changes"}}
_SHAPE = {list: "a list", dict: "a mapping"}
_ABSENT = object()


def compile_event(kind: str, cls: type[Event]) -> EventSchema:
    """The schema of one event class, from its dataclass fields and type hints."""
    hints = _hints_of(cls)
    refine, owned = _REFINE.get(kind, (None, {}))
    fields = []
    simple: list[frozenset[type] | None] = []
    for name, check, required, expected in _fields_of(cls):
        if name in owned:
            shape = owned[name]
            fields.append((name, (lambda v, shape=shape: type(v) is shape), required, _SHAPE[shape]))
            simple.append(frozenset({shape}))
        else:
            fields.append((name, check, required, expected))
            simple.append(simple_types(hints[name]))
    names = frozenset({"kind", *(f[0] for f in fields)})
    return EventSchema(kind, cls, names, tuple(fields), refine, _generate(kind, cls, names, fields, simple, refine))


def _conversion(hint: Any) -> str | None:
    """How a value read from a save becomes the field's value (an expression of `v`), from the field's type hint:
    lists become tuples, a change's seat lists frozensets as the piece field they name says; None: as it is."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType) and type(None) in args:
        inner = [a for a in args if a is not type(None)]
        conv = _conversion(inner[0]) if len(inner) == 1 else None
        return None if conv is None else f"(None if v is None else {conv})"
    if typing.get_origin(hint) is tuple and args and args[-1] is Ellipsis:
        if typing.get_origin(args[0]) is tuple:  # (field, old, new) triples of piece fields
            return "tuple((f, frozenset(o), frozenset(n)) if f in _frozen else (f, o, n) for f, o, n in v)"
        return "tuple(v)"
    return None


#: piece fields held as frozensets (a save holds them as lists)
_FROZEN_PIECE_FIELDS = frozenset(name for name, hint in typing.get_type_hints(Piece).items()
                                 if typing.get_origin(hint) is frozenset)


def _generate(kind: str, cls: type[Event], names: frozenset[str], fields: list[tuple[str, Check, bool, str]],
              simple: list[frozenset[type] | None], refine: Refine | None) -> Callable[..., Event | None]:
    """One function that runs every check of an event kind in a row (type tests inline), then builds the event
    (each field converted as its type hint says)."""
    hints = _hints_of(cls)
    defaults = {f.name: f.default for f in dataclasses.fields(cls)}
    env: dict[str, Any] = {"_absent": _ABSENT, "_cls": cls, "_names": names, "_refine": refine,
                           "_frozen": _FROZEN_PIECE_FIELDS, "_changes": _changes}
    convert = _CONVERT.get(kind, {})
    body = ["def fast(ev, checks):", "    if not _names.issuperset(ev):", "        return None"]
    for i, (name, check, required, _expected) in enumerate(fields):
        env[f"_c{i}"], env[f"_t{i}"], env[f"_d{i}"] = check, simple[i], defaults[name]
        test = f"type(v) in _t{i}" if simple[i] is not None else f"_c{i}(v)"
        body.append(f"    v = ev.get({name!r}, _absent)")
        body.append(f"    if {'v is _absent or' if required else 'v is not _absent and'} not {test}:")
        body.append("        return None")
        if name in convert:  # checked and converted in one call (None: refused)
            body.append(f"    a{i} = _d{i} if v is _absent else {convert[name]}(v, checks)")
            body.append(f"    if a{i} is None:\n        return None")
            continue
        conv = _conversion(hints[name])
        if not required:
            body.append(f"    if v is _absent:\n        a{i} = _d{i}\n    else:\n        a{i} = {conv or 'v'}")
        else:
            body.append(f"    a{i} = {conv or 'v'}")
    if refine is not None and not convert:
        body.append("    _refine(ev, checks)")
    body.append(f"    return _cls({', '.join(f'a{i}' for i in range(len(fields)))})")
    exec(compile("\n".join(body), f"<save schema of {kind!r} events>", "exec"), env)  # noqa: S102 - our own text
    return env["fast"]  # type: ignore[no-any-return]


#: event kind -> its schema, compiled once for every event type the core registers
EVENT_SCHEMAS: dict[str, EventSchema] = {kind: compile_event(kind, cls) for kind, cls in EVENT_TYPES.items()}


def _unknown(d: dict[Any, Any], names: frozenset[str], expected: Any, path: tuple[Any, ...] = ()) -> Bad:
    key = next(k for k in d if k not in names)
    return Bad((*path, key), f"unknown field {key!r} (expected {', '.join(expected)})"[:300])


def check_event(ev: Any, checks: PieceChecks) -> Event:
    """The event `ev` (read from a save) stands for, checked field by field; raises Bad."""
    if type(ev) is dict:
        kind = ev.get("kind")
        schema = _SCHEMAS_GET(kind) if type(kind) is str else None
        if schema is not None and schema.fast is not None:
            made = schema.fast(ev, checks)
            if made is not None:
                return made
    return _check_event_slowly(ev, checks)


def _check_event_slowly(ev: Any, checks: PieceChecks) -> Event:
    """The same checks one field at a time, to say which one fails (and where)."""
    if type(ev) is not dict:
        raise Bad((), "an event is a mapping with a kind")
    kind = ev.get("kind")
    schema = _SCHEMAS_GET(kind) if type(kind) is str else None
    if schema is None:
        raise Bad(("kind",), f"unknown event kind {kind!r}"[:200])
    if not schema.names.issuperset(ev):
        raise _unknown(ev, schema.names, ("kind", *(f[0] for f in schema.fields)))
    for name, check, required, expected in schema.fields:
        if name in ev:
            if not check(ev[name]):
                raise Bad((name,), f"expected {expected}, got {ev[name]!r}"[:200])
        elif required:
            raise Bad((), f"missing field {name!r}")
    if schema.refine is not None:
        schema.refine(ev, checks)
    try:
        return event_from_dict(ev)
    except (KeyError, TypeError, ValueError) as e:  # pragma: no cover - the checks above leave nothing to fail
        raise Bad((), f"not an event: {e}"[:300]) from None


_SCHEMAS_GET = EVENT_SCHEMAS.get


_ENTRY = frozenset({"seq", "seat", "action", "auto", "violations", "events", "seen"})
_ENTRY_ORDER = ("seq", "seat", "action", "auto", "violations", "events", "seen")
_AUTO = frozenset({"seat", "action"})
_VIOLATION = frozenset({"code", "rule", "message", "pieces", "seat"})
_VIOLATION_ORDER = ("code", "rule", "message", "pieces", "seat")


def _seat(d: dict[str, Any], path: tuple[Any, ...], seats: frozenset[int]) -> None:
    seat = d.get("seat")
    if seat is None:
        return
    if type(seat) is not int:
        raise Bad((*path, "seat"), f"expected a whole number or nothing, got {seat!r}"[:200])
    if seat not in seats:
        raise Bad((*path, "seat"), f"there is no seat {seat}")


def _action(d: dict[str, Any], path: tuple[Any, ...]) -> None:
    if "action" not in d:
        raise Bad(path, "missing field 'action'")
    if action_ok(d["action"]):
        return
    try:
        action_from_dict(d["action"])
    except ActionFormatError as e:
        raise Bad((*path, "action"), f"not an action: {e}"[:300]) from None


def _list(d: dict[str, Any], key: str) -> list[Any]:
    value = d.get(key, ())
    if type(value) is not list and value != ():
        raise Bad((key,), f"expected a list, got {value!r}"[:200])
    return value  # type: ignore[return-value]


def _allowed(seats: frozenset[int]) -> frozenset[int]:
    allowed = _ALLOWED.get(seats)
    if allowed is None:
        if len(_ALLOWED) > 64:
            _ALLOWED.clear()
        allowed = _ALLOWED[seats] = seats | {EVERYONE}
    return allowed


#: event kind -> its generated check (the hot path's one lookup)
_FAST_EVENTS = {kind: schema.fast for kind, schema in EVENT_SCHEMAS.items() if schema.fast is not None}
_NO_EVENTS: list[Any] = []


def _entry_fast(ed: Any, seats: frozenset[int], checks: PieceChecks) -> list[Event] | None:
    """The events of an entry that passes every check `check_entry` makes, in one pass with no per-field calls;
    None for anything else (an unusual entry, one with automatic actions or violations, or a bad one), which
    `check_entry` then walks field by field."""
    if type(ed) is not dict or not _ENTRY.issuperset(ed) or type(ed.get("seq")) is not int:
        return None
    seat = ed.get("seat")
    if seat is not None and (type(seat) is not int or seat not in seats):
        return None
    if "auto" in ed or "violations" in ed or not action_ok(ed.get("action")):
        return None
    evs = ed.get("events", _NO_EVENTS)
    if type(evs) is not list:
        return None
    events = []
    append = events.append
    try:
        for ev in evs:
            kind = ev.get("kind") if type(ev) is dict else None
            fast = _FAST_EVENTS.get(kind) if type(kind) is str else None
            made = fast(ev, checks) if fast is not None else None
            if made is None:
                return None
            append(made)
    except Bad:  # a kind's refine says what is wrong: the slow walk says it with the event's place
        return None
    if "seen" in ed:
        seen = ed["seen"]
        if type(seen) is not dict:
            return None
        allowed = _allowed(seats)
        for pid, who in seen.items():
            if type(pid) is not str or type(who) is not list or not (
                    _INT.issuperset(map(type, who)) and allowed.issuperset(who)):
                return None
    return events


def check_entry(ed: Any, seats: frozenset[int], checks: PieceChecks | None = None) -> list[Event]:
    """Check one log entry (read from a save) field by field; returns its events (the undo check needs them).

    Everything `LogEntry.from_dict` reads is checked here, so an entry that passes can be kept as its text and
    decoded later without a second check."""
    if checks is None:
        checks = piece_checks(seats)
    made = _entry_fast(ed, seats, checks)
    if made is not None:
        return made
    if type(ed) is not dict:
        raise Bad((), "a log entry is a mapping with seq, seat, action and events")
    if not _ENTRY.issuperset(ed):
        raise _unknown(ed, _ENTRY, _ENTRY_ORDER)
    if type(ed.get("seq")) is not int:
        if "seq" not in ed:
            raise Bad((), "missing field 'seq'")
        raise Bad(("seq",), f"expected a whole number, got {ed['seq']!r}"[:200])
    seat = ed.get("seat")
    if seat is not None and (type(seat) is not int or seat not in seats):
        _seat(ed, (), seats)
    if "action" not in ed:
        raise Bad((), "missing field 'action'")
    if not action_ok(ed["action"]):
        try:
            action_from_dict(ed["action"])
        except ActionFormatError as e:
            raise Bad(("action",), f"not an action: {e}"[:300]) from None
    if "auto" in ed:
        for j, ad in enumerate(_list(ed, "auto")):
            if type(ad) is not dict:
                raise Bad(("auto", j), "an automatic action is a mapping with seat and action")
            if not _AUTO.issuperset(ad):
                raise _unknown(ad, _AUTO, ("seat", "action"), ("auto", j))
            _action(ad, ("auto", j))
            _seat(ad, ("auto", j), seats)
    if "violations" in ed:
        for j, vd in enumerate(_list(ed, "violations")):
            _violation(vd, ("violations", j), seats)
    events = []
    if checks is None:
        checks = piece_checks(seats)
    for j, ev in enumerate(_list(ed, "events")):
        # the generated check of the event's kind, else the one that says what is wrong
        schema = _SCHEMAS_GET(ev.get("kind")) if type(ev) is dict and type(ev.get("kind")) is str else None
        try:
            made = schema.fast(ev, checks) if schema is not None and schema.fast is not None else None
            if made is None:
                made = _check_event_slowly(ev, checks)
        except Bad as bad:
            raise Bad(("events", j, *bad.path), bad.message) from None
        events.append(made)
    seen = ed.get("seen")
    if seen is not None or "seen" in ed:
        if type(seen) is not dict:
            raise Bad(("seen",), f"expected a mapping, got {seen!r}"[:200])
        allowed = _allowed(seats)
        for pid, who in seen.items():
            if type(pid) is not str or type(who) is not list or not (
                    _INT.issuperset(map(type, who)) and allowed.issuperset(who)):
                raise Bad(("seen", pid), f"seen maps a piece id to the seats that saw it, got {who!r}"[:200])
    return events


def _violation(vd: Any, path: tuple[Any, ...], seats: frozenset[int]) -> None:
    if type(vd) is not dict:
        raise Bad(path, "a violation is a mapping with code, rule and message")
    if not _VIOLATION.issuperset(vd):
        raise _unknown(vd, _VIOLATION, _VIOLATION_ORDER, path)
    for key in ("code", "rule", "message"):
        if key in vd and type(vd[key]) is not str:
            raise Bad((*path, key), f"expected text, got {vd[key]!r}"[:200])
    pieces = vd.get("pieces", [])
    if type(pieces) is not list or not all(type(x) is str for x in pieces):
        raise Bad((*path, "pieces"), "pieces is a list of piece ids")
    _seat(vd, path, seats)
