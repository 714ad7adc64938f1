"""Actions: small frozen values that say what a seat wants to do to the table.

Every change goes through `Session.submit(action, seat)`: gestures, bots, network messages and replayed logs all
produce these. Pieces are named as the submitting seat knows them (an id it can see, or an opaque handle).
Rulesets add their own actions with `@action_type`.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from ..errors import TabletopError
from .frozen import quick_init

__all__ = [
    "ACTION_TYPES",
    "Action",
    "ActionFormatError",
    "AddCounter",
    "Attach",
    "Chat",
    "CreatePiece",
    "Deal",
    "DeletePiece",
    "Detach",
    "Draw",
    "EndReveal",
    "EndSearch",
    "Flip",
    "LookTop",
    "Move",
    "Point",
    "Reveal",
    "Roll",
    "Rotate",
    "Search",
    "SetCounter",
    "SetEnforcement",
    "Shuffle",
    "Start",
    "Tap",
    "action_from_dict",
    "action_type",
]

ACTION_TYPES: dict[str, type[Action]] = {}
A = TypeVar("A", bound="type[Action]")


class ActionFormatError(TabletopError, ValueError):
    """An action dict that does not describe a known action with well-typed fields."""


def action_type(name: str):
    """Register an Action subclass under a stable wire name (`type` in its dict form)."""

    def deco(cls: A) -> A:
        if name in ACTION_TYPES and ACTION_TYPES[name] is not cls:
            raise ValueError(f"action type {name!r} registered twice")
        cls.type = name
        ACTION_TYPES[name] = cls
        return quick_init(cls)  # legal-move lists make actions by the hundred per turn

    return deco


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action; subclasses are frozen dataclasses registered with `@action_type`."""

    type: ClassVar[str] = "action"
    #: Fields naming pieces (a str or a tuple of str); the session resolves them for the submitting seat.
    piece_fields: ClassVar[tuple[str, ...]] = ()
    #: Whether undo may take this back (chat is history, not table state).
    undoable: ClassVar[bool] = True
    #: Fields only the acting seat may read back in the log (they may name a card others cannot see).
    private_fields: ClassVar[tuple[str, ...]] = ()
    #: Whether it may name a card the seat cannot see (by its handle): moving or turning a face-down card is a
    #: table gesture; rules actions (play, score...) need cards their seat can see, so no check or note of a
    #: ruleset ever describes a hidden card to anyone.
    blind_ok: ClassVar[bool] = False
    #: Whether it may name a card of another seat's hidden zone (its hand) that its seat can see: a choice among
    #: cards a card's text showed to the chooser ("examine your opponent's hand ... discard two cards (your
    #: choice)"); the ruleset checks the choice itself. A card the seat cannot see stays untouchable.
    seen_ok: ClassVar[bool] = False
    #: Whether it is a way to apply a card's text by hand (a decline, in warn), which bots never take. Said here,
    #: on every action, so the random bot's `getattr(type(a), "by_hand", False)` at each decision finds it at once
    #: instead of raising and catching an AttributeError (its message formatted) per decision.
    by_hand: ClassVar[bool] = False

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if v == f.default and f.default is not dataclasses.MISSING:
                continue
            if isinstance(v, float) and v.is_integer():
                v = int(v)  # one spelling per value, so saves round-trip byte for byte
            d[f.name] = list(v) if isinstance(v, tuple) else v
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Action:
        return action_from_dict(d) if cls is Action else _build(cls, d)

    def with_pieces(self, mapping: dict[str, str]) -> Action:
        """A copy with piece names replaced through `mapping` (seat handles -> real ids)."""
        changes: dict[str, Any] = {}
        for name in self.piece_fields:
            v = getattr(self, name)
            if isinstance(v, tuple):
                changes[name] = tuple(mapping.get(x, x) for x in v)
            elif isinstance(v, str):
                changes[name] = mapping.get(v, v)
        return dataclasses.replace(self, **changes) if changes else self

    def piece_names(self) -> list[str]:
        out: list[str] = []
        for name in self.piece_fields:
            v = getattr(self, name)
            if isinstance(v, tuple):
                out.extend(v)
            elif isinstance(v, str):
                out.append(v)
        return out


def action_from_dict(d: Any) -> Action:
    """Build an action from its dict form, checking every field's type; raises ActionFormatError."""
    if not isinstance(d, dict):
        raise ActionFormatError(f"an action must be a mapping, got {type(d).__name__}")
    name = d.get("type")
    cls = ACTION_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ActionFormatError(f"unknown action type {name!r}")
    return _build(cls, d)


_Coercer = Callable[[str, str, Any], Any]
#: per action class: its field names, and per field (name, required, coercer), worked out once
_PLANS: dict[type, tuple[frozenset[str], list[tuple[str, bool, _Coercer]]]] = {}


def _build(cls: type[Action], d: dict[str, Any]) -> Action:
    plan = _PLANS.get(cls)
    if plan is None:
        hints = typing.get_type_hints(cls)
        fields = dataclasses.fields(cls)
        plan = _PLANS[cls] = (
            frozenset(f.name for f in fields) | {"type"},
            [(f.name, f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
              _coercer(hints[f.name])) for f in fields],
        )
    names, steps = plan
    if not names.issuperset(d):
        unknown = set(d) - names
        raise ActionFormatError(f"{cls.type}: unknown field(s) {', '.join(sorted(unknown))}")
    kwargs: dict[str, Any] = {}
    for name, required, coerce in steps:
        if name not in d:
            if required:
                raise ActionFormatError(f"{cls.type}: missing field {name!r}")
            continue
        kwargs[name] = coerce(cls.type, name, d[name])
    return cls(**kwargs)


def _coercer(hint: Any) -> _Coercer:
    """A function that checks one field's value against its type hint (and converts lists to tuples)."""
    origin = typing.get_origin(hint)
    label = getattr(hint, "__name__", hint)

    def bad(tname: str, fname: str, value: Any) -> Any:
        raise ActionFormatError(f"{tname}.{fname}: {value!r} is not a valid {label}")

    if origin in (typing.Union, types.UnionType):
        arms = [_coercer(a) for a in typing.get_args(hint)]

        def union(tname: str, fname: str, value: Any) -> Any:
            for arm in arms:
                try:
                    return arm(tname, fname, value)
                except ActionFormatError:
                    pass
            raise ActionFormatError(f"{tname}.{fname}: {value!r} is not a valid value")

        return union
    if hint is type(None):
        return lambda t, f, v: None if v is None else bad(t, f, v)
    if origin is tuple:
        inner = _coercer(typing.get_args(hint)[0])
        return lambda t, f, v: (tuple(inner(t, f, x) for x in v) if isinstance(v, (list, tuple)) and len(v) <= 10_000
                                else bad(t, f, v))
    if origin is dict:
        return lambda t, f, v: (dict(v) if isinstance(v, dict) and len(v) <= 1000 and all(isinstance(k, str) for k in v)
                                else bad(t, f, v))
    if hint is bool:
        return lambda t, f, v: v if isinstance(v, bool) else bad(t, f, v)
    if hint is int:
        return lambda t, f, v: (v if isinstance(v, int) and not isinstance(v, bool) and abs(v) < 1 << 53
                                else bad(t, f, v))
    if hint is float:
        return lambda t, f, v: (float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) < 1e9
                                else bad(t, f, v))
    if hint is str:
        return lambda t, f, v: v if isinstance(v, str) and len(v) <= 4000 else bad(t, f, v)
    if hint is Any:
        return lambda t, f, v: v
    return bad


# ---------------------------------------------------------------- generic table actions


@action_type("move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move pieces to a zone: at a table position (free layouts) and/or a stack index (0 = top, None = zone default).

    `face_up` None takes the zone's default face when the zone changes, and keeps the face otherwise.
    """

    pieces: tuple[str, ...]
    to: str
    x: float | None = None
    y: float | None = None
    index: int | None = None
    face_up: bool | None = None
    piece_fields: ClassVar[tuple[str, ...]] = ("pieces",)
    blind_ok: ClassVar[bool] = True


@action_type("flip")
@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Turn pieces over (face_up None toggles each)."""

    pieces: tuple[str, ...]
    face_up: bool | None = None
    piece_fields: ClassVar[tuple[str, ...]] = ("pieces",)
    blind_ok: ClassVar[bool] = True


@action_type("tap")
@dataclass(frozen=True, slots=True)
class Tap(Action):
    """Tap (turn 90 degrees) or untap pieces; `tapped` None toggles each."""

    pieces: tuple[str, ...]
    tapped: bool | None = None
    piece_fields: ClassVar[tuple[str, ...]] = ("pieces",)
    blind_ok: ClassVar[bool] = True


@action_type("rotate")
@dataclass(frozen=True, slots=True)
class Rotate(Action):
    """Rotate pieces by a number of degrees (multiples of 15 keep the table tidy)."""

    pieces: tuple[str, ...]
    degrees: int = 90
    piece_fields: ClassVar[tuple[str, ...]] = ("pieces",)
    blind_ok: ClassVar[bool] = True


@action_type("shuffle")
@dataclass(frozen=True, slots=True)
class Shuffle(Action):
    """Shuffle a zone; the permutation is drawn from the state's RNG and recorded in the event."""

    zone: str


@action_type("draw")
@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw cards from the top of a deck to a hand (defaults: the seat's own deck and hand)."""

    count: int = 1
    source: str | None = None
    to: str | None = None


@action_type("deal")
@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Deal `count` cards to each seat's hand, one at a time around the table."""

    count: int = 1
    source: str | None = None


@action_type("reveal")
@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Show pieces to one seat (`to`) or to everyone (`to` None) until the revealer ends it (`EndReveal`).

    `seconds`: how long the revealer means it to last (its window ends it then); None or 0: until ended.
    """

    pieces: tuple[str, ...]
    to: int | None = None
    seconds: int | None = None
    piece_fields: ClassVar[tuple[str, ...]] = ("pieces",)


@action_type("end_reveal")
@dataclass(frozen=True, slots=True)
class EndReveal(Action):
    """End a reveal: the seat it showed `pieces` to (`to`; None: everyone) no longer sees them.

    Only a seat that sees the cards without that reveal (the revealer, the cards' owner) may end it.
    """

    pieces: tuple[str, ...]
    to: int | None = None
    piece_fields: ClassVar[tuple[str, ...]] = ("pieces",)


@action_type("look")
@dataclass(frozen=True, slots=True)
class LookTop(Action):
    """Look at the top `count` cards of a zone; only the looker learns them."""

    zone: str
    count: int = 1


@action_type("search")
@dataclass(frozen=True, slots=True)
class Search(Action):
    """Look through a whole zone (the searcher sees every card) until `EndSearch` shuffles it."""

    zone: str


@action_type("end_search")
@dataclass(frozen=True, slots=True)
class EndSearch(Action):
    """Finish a search: the searched zone is shuffled, so nobody knows its order."""

    zone: str
    shuffle: bool = True


@action_type("attach")
@dataclass(frozen=True, slots=True)
class Attach(Action):
    """Put a piece under another (equipment, props, counters on a card); it moves with its host."""

    piece: str
    to: str
    piece_fields: ClassVar[tuple[str, ...]] = ("piece", "to")
    blind_ok: ClassVar[bool] = True


@action_type("detach")
@dataclass(frozen=True, slots=True)
class Detach(Action):
    """Take an attached piece off its host; it stays where it lies."""

    piece: str
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)
    blind_ok: ClassVar[bool] = True


@action_type("create")
@dataclass(frozen=True, slots=True)
class CreatePiece(Action):
    """Create a token, counter or die (or a card by reference) in a zone."""

    kind: str = "token"
    zone: str = "table"
    x: float = 0.0
    y: float = 0.0
    label: str = ""
    color: str = ""
    sides: int = 6
    card: str | None = None
    value: int = 0
    private_fields: ClassVar[tuple[str, ...]] = ("card",)


@action_type("delete")
@dataclass(frozen=True, slots=True)
class DeletePiece(Action):
    """Remove tokens, counters or dice from the table (cards are moved, never deleted)."""

    pieces: tuple[str, ...]
    piece_fields: ClassVar[tuple[str, ...]] = ("pieces",)
    blind_ok: ClassVar[bool] = True


@action_type("set_counter")
@dataclass(frozen=True, slots=True)
class SetCounter(Action):
    """Set a named counter on a piece (`piece`) or on a seat (`seat`) to a value."""

    name: str
    value: int
    piece: str | None = None
    seat: int | None = None
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)
    blind_ok: ClassVar[bool] = True


@action_type("add_counter")
@dataclass(frozen=True, slots=True)
class AddCounter(Action):
    """Add `delta` (may be negative) to a named counter on a piece or a seat."""

    name: str
    delta: int = 1
    piece: str | None = None
    seat: int | None = None
    piece_fields: ClassVar[tuple[str, ...]] = ("piece",)
    blind_ok: ClassVar[bool] = True


@action_type("roll")
@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll dice; faces come from the state's RNG and are recorded in the events."""

    pieces: tuple[str, ...]
    piece_fields: ClassVar[tuple[str, ...]] = ("pieces",)


@action_type("chat")
@dataclass(frozen=True, slots=True)
class Chat(Action):
    """A line of chat; it goes to the log and changes nothing on the table."""

    text: str
    undoable: ClassVar[bool] = False


@action_type("point")
@dataclass(frozen=True, slots=True)
class Point(Action):
    """Point at something for every seat to see for a few seconds: an arrow from a piece (`source`) to a piece
    (`at`) or a zone, or a ping at a piece, a zone or a spot of the table (`x`, `y`). It goes to the log, where each
    seat reads the cards it may see by name, and changes nothing on the table."""

    at: str | None = None
    zone: str | None = None
    x: float | None = None
    y: float | None = None
    source: str | None = None
    undoable: ClassVar[bool] = False
    blind_ok: ClassVar[bool] = True  # the deck, a face-down card, another seat's hand: its log line names no card
    piece_fields: ClassVar[tuple[str, ...]] = ("at", "source")


@action_type("start")
@dataclass(frozen=True, slots=True)
class Start(Action):
    """The game begins: the first entry of a log, made by the table (never submitted) to carry what setting up
    found, such as the problems of an illegal deck started in warn."""

    undoable: ClassVar[bool] = False


@action_type("set_enforcement")
@dataclass(frozen=True, slots=True)
class SetEnforcement(Action):
    """Turn the rules dial: `off`, `warn` or `strict` (host only)."""

    mode: str
