"""Who may do what at a table, and who sees what: the permission every action passes in every mode (a seat's own
hand, another seat's hand or deck only to give a card back, host-only settings) and the piece names a seat used
translated to ids; `Session.submit` asks both before any rule is checked."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from . import actions as A
from .messages import MAX_CHAT, text_problem
from .reducer import ActionError
from .state import EVERYONE, GameState, Piece, Zone

__all__ = ["permit", "resolve_action", "visibility"]


def visibility(state: GameState, memo: dict[tuple[Any, ...], frozenset[int]] | None = None
               ) -> Callable[[Piece], frozenset[int]]:
    """`state.visible_to`, remembered by everything it reads (so an answer holds for as long as the seats do).

    A piece's visibility depends only on its kind, face, owner and knowers, its zone's visibility and owner, and the
    seats; a log entry asks it of every piece it touches, and a hand of thirteen drawn cards shares one answer.
    `memo`: answers kept from earlier calls for the same seats (a session keeps them from one action to the next).
    """
    if memo is None:
        memo = {}
    visible_to = state.visible_to
    zones = state.zones

    def visible(piece: Piece) -> frozenset[int]:
        zone = zones[piece.zone]
        key = (piece.kind, zone.visibility, zone.owner, piece.face_up, piece.owner, piece.known)
        found = memo.get(key)
        if found is None:
            if len(memo) >= 4096:
                memo.clear()
            found = memo[key] = visible_to(piece)
        return found

    return visible


def resolve_action(state: GameState, action: A.Action, seat: int | None,
                   names: list[str] | None = None) -> A.Action:
    """Translate the piece names a seat used (ids it can see, current handles) into piece ids.

    `names`: `action.piece_names()` when the caller has them already."""
    if names is None:
        names = action.piece_names()
    if not names:
        return action
    # only the names that stand for another id are translated: bots and the local window name pieces by id
    mapping: dict[str, str] | None = None
    pieces, can_see = state.pieces, state.can_see
    for n in names:
        piece = pieces.get(n)
        if piece is not None:  # named by its id: `state.resolve` answers it only when the seat can see it
            if can_see(piece, seat):
                continue
            pid = None
        else:
            pid = state.resolve(n, seat)
            if pid is not None and not action.blind_ok and not can_see(pieces[pid], seat):
                pid = None
        # a rules action may only name cards its seat can see: the same answer as for a name that does not exist,
        # so a refusal tells nothing about where a hidden card is
        if pid is None:
            raise ActionError("unknown_piece", f"there is no piece {n!r} that seat {seat} can see")
        if pid != n:
            if mapping is None:
                mapping = {}
            mapping[n] = pid
    if mapping is None:
        return action  # named by ids already (bots, the local window): nothing to translate
    return action.with_pieces(mapping)


_ZONE_FIELDS = {A.Shuffle: "zone", A.LookTop: "zone", A.Search: "zone", A.EndSearch: "zone"}
#: fields that name where an action puts pieces (core and ruleset actions alike)
_DEST_FIELDS = ("to", "zone", "dest", "destination")


def permit(state: GameState, action: A.Action, seat: int | None, hosts: Iterable[int | None],
           names: list[str] | None = None) -> None:
    """Whether `seat` may touch what `action` names; raises ActionError('forbidden', ...) when not.

    Checked in every enforcement mode: a hand belongs to its owner, settings to the host.
    """
    cls = type(action)
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _permit_plan(cls)
    zone_field, dest_fields, special, kind = plan
    if kind is _START:
        raise ActionError("forbidden", "a game starts once, when it is set up")
    if kind is _DIAL:
        if seat not in set(hosts):
            raise ActionError("forbidden", "only the host can turn the enforcement dial")
        return
    if seat is None:
        if kind is _CHAT:
            return
        raise ActionError("forbidden", "spectators can only chat")
    for p in state.players:  # `seat in state.seats`, without the list
        if p.seat == seat:
            break
    else:
        raise ActionError("forbidden", f"there is no seat {seat}")
    if kind is _POINT:  # pointing touches nothing: any seat points at any piece or zone it names
        return
    if kind is _CHAT:
        problem = text_problem(action.text, "chat", MAX_CHAT)  # type: ignore[attr-defined]
        if problem:
            raise ActionError("bad_text", problem)
    pieces, zones = state.pieces, state.zones
    seen_ok = action.seen_ok
    for pid in action.piece_names() if names is None else names:
        piece = pieces.get(pid)
        if piece is not None and not (seen_ok and state.can_see(piece, seat)):
            _touchable(state, zones.get(piece.zone), seat)
    if zone_field is not None:
        _touchable(state, zones.get(getattr(action, zone_field)), seat)
    # nothing goes into another seat's hand or deck, except that seat's own cards given back to it (PROTOCOL.md)
    for f in dest_fields:
        dest = getattr(action, f, None)
        zone = zones.get(dest) if isinstance(dest, str) else None
        if zone is None or zone.visibility == "public" or zone.owner is None or zone.owner == seat:
            continue
        moved = _moved(action)
        if moved and all(p in pieces and pieces[p].owner == zone.owner for p in moved):
            continue
        raise ActionError("forbidden", f"{zone.label or zone.name} belongs to {state.seat_name(zone.owner)}: only its own cards "
                                       "go back into it (put a card on the table for them to take)")
    if not special:
        return
    if isinstance(action, (A.LookTop, A.Search)):
        zone = state.zones.get(action.zone)
        if zone is not None and zone.visibility == "public":
            raise ActionError("forbidden", f"{zone.label or zone.name} is open: face-down cards there stay secret")
    if isinstance(action, (A.Draw, A.Deal)) and action.source is not None:
        _touchable(state, zones.get(action.source), seat)
    if isinstance(action, A.Reveal):
        for pid in action.pieces:
            if not state.can_see(state.pieces[pid], seat):
                raise ActionError("forbidden", "you can only reveal cards you can see")
    if isinstance(action, A.EndReveal):
        gone = EVERYONE if action.to is None else action.to
        if gone == seat or any(not _sees_without(state, state.pieces[pid], seat, gone) for pid in action.pieces):
            raise ActionError("forbidden", "only the seat that revealed a card (or its owner) can end the reveal")


#: the action types whose permission needs a look at more than the pieces and places they name
_SPECIAL = (A.LookTop, A.Search, A.Draw, A.Deal, A.Reveal, A.EndReveal)
#: the kinds of action `permit` treats apart (anything else: None)
_START, _DIAL, _CHAT, _POINT = "start", "dial", "chat", "point"
_PLANS: dict[type, tuple[str | None, tuple[str, ...], bool, str | None]] = {}


def _permit_plan(cls: type) -> tuple[str | None, tuple[str, ...], bool, str | None]:
    """What `permit` reads of an action type, found once per type: the zone field it touches, the fields that may
    name where it puts pieces (those the type has: reading any other finds nothing), whether it is one of the
    types with checks of their own (`_SPECIAL`), and whether it is a start, the dial or chat (`isinstance`)."""
    plan = _PLANS.get(cls)
    if plan is None:
        # an instance of a type without slots may hold attributes its type does not name: every field is read
        has_dict = any("__dict__" in vars(k) for k in cls.__mro__)
        dest = tuple(f for f in _DEST_FIELDS if hasattr(cls, f) or has_dict)
        kind = _START if issubclass(cls, A.Start) else _DIAL if issubclass(cls, A.SetEnforcement) else \
            _CHAT if issubclass(cls, A.Chat) else _POINT if issubclass(cls, A.Point) else None
        plan = _PLANS[cls] = (_ZONE_FIELDS.get(cls), dest, issubclass(cls, _SPECIAL), kind)
    return plan


def _touchable(state: GameState, zone: Zone | None, seat: int) -> None:
    """Raise when `zone` is one a seat owns that hides cards (its hand, its deck): that seat's alone."""
    if zone is not None and zone.visibility != "public" and zone.owner is not None and zone.owner != seat:
        raise ActionError("forbidden", f"{zone.label or zone.name} belongs to {state.seat_name(zone.owner)}")


def _sees_without(state: GameState, piece: Piece, seat: int, gone: int) -> bool:
    """Whether `seat` would still see `piece` were the reveal to `gone` (a seat, or EVERYONE) ended."""
    known = piece.known
    piece.known = known - {gone}
    try:
        return state.can_see(piece, seat)
    finally:
        piece.known = known


def _moved(action: A.Action) -> tuple[str, ...]:
    """The pieces an action puts somewhere (its `pieces` or `piece`; a `source` card is not moved)."""
    many = getattr(action, "pieces", None)
    if isinstance(many, tuple):
        return many
    one = getattr(action, "piece", None)
    return (one,) if isinstance(one, str) else ()
