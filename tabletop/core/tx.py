"""`Tx`, the transaction over a table's state: every change it makes is an event, kept for undo.

Both the generic reducer (`core.reducer`) and the rulesets change the state through it, so whatever a ruleset does is
undoable, saved and synced for free. It lives apart from the reducer so the ruleset hooks (`core.ruleset`) can name
it without the reducer and the hooks importing each other.
"""

from __future__ import annotations

import copy
from typing import Any

from ..errors import TabletopError
from .events import (
    _IMMUTABLE,
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
    plain_copy,
)
from .state import EVERYONE, GameState, Piece

__all__ = ["ATTACH_OFFSET", "CHANGED", "ActionError", "Tx", "counter_label"]

#: the kind of note that says why a rule changed a number (`Tx.changed`); every log line ends with these
CHANGED = "changed"


def counter_label(name: str) -> str:
    """A player counter as a sentence names it: a pool's short name in capitals ("rp" -> "RP"), else a word
    ("favor" -> "Favor")."""
    return name.upper() if len(name) <= 3 else name.replace("_", " ").capitalize()

_MISSING = "__missing__"
#: what every quiet transaction names, notes and moves (`Tx.named`, `notes`, `moves`): nothing, never written
_NONE_NAMED: dict[str, None] = {}
_NO_NOTES: list[Note] = []
_NO_MOVES: list[PieceMoved] = []
ATTACH_OFFSET = 18.0
#: the events that name no piece (`Event.pieces` is empty): `emit` records them without asking
_UNNAMED = frozenset((RuleStateChanged, PlayerCounterChanged, RngAdvanced, StateFieldChanged))


class ActionError(TabletopError):
    """An action that cannot be carried out on this table (a typed error: `code` plus a sentence)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Tx:
    """A transaction over the state: every change is an event, applied at once and kept for undo."""

    __slots__ = ("state", "events", "named", "notes", "moves", "quiet", "undo")

    def __init__(self, state: GameState, quiet: bool = False) -> None:
        self.state = state
        #: a playout's transaction (`search.fast.step`): no notes are kept (`note`, `changed`), nor the pieces its
        #: events name and its moves (`named`, `moves`), as nobody reads a playout's log; a note changes no state,
        #: so the table it leaves is the same
        self.quiet = quiet
        self.events: list[Event] = []
        if quiet:
            # its changes of rule state and player counters, kept for undo as (the dict, its key, the old value or
            # _MISSING) instead of events: nothing reads a playout's events but the ruleset's `after` (to which the
            # rule state and pools in `state` tell all it needs) and the undo (`rollback`)
            self.undo: list[tuple[dict[Any, Any], Any, Any]] | None = []
            # never written (see `emit`, `move`, `note`): one empty of each serves every quiet transaction
            self.named, self.notes, self.moves = _NONE_NAMED, _NO_NOTES, _NO_MOVES
            return
        self.undo = None  # a loud transaction's every change is an event
        #: the pieces the events name, each once, in the order first named (what a log entry records who saw)
        self.named: dict[str, None] = {}
        #: the events that are notes, in order
        self.notes: list[Note] = []
        #: the events that move a piece, in order (what the lab's tracker reads: cards played, without a scan of
        #: every event of every action)
        self.moves: list[PieceMoved] = []

    # -- primitives --

    def emit(self, event: Event) -> Event:
        event.apply(self.state)
        self.events.append(event)
        if self.quiet:  # a playout's: nobody reads what its events name, nor its moves (and it keeps no note)
            return event
        t = type(event)
        if t is PieceMoved or t is PieceChanged:
            self.named[event.pid] = None  # type: ignore[attr-defined]
            if t is PieceMoved:
                self.moves.append(event)  # type: ignore[arg-type]
        elif t is Note:
            self.notes.append(event)  # type: ignore[arg-type]
        elif t not in _UNNAMED:
            if isinstance(event, Note):
                self.notes.append(event)
            named = self.named
            for pid in event.pieces():
                named[pid] = None
        return event

    def rollback(self) -> None:
        for event in reversed(self.events):
            event.revert(self.state)
        self.events.clear()
        undo = self.undo
        if undo is not None:  # a quiet transaction: rule state and counters, which none of its events touches
            for mapping, key, old in reversed(undo):
                if old is _MISSING:
                    mapping.pop(key, None)
                else:
                    mapping[key] = old
            undo.clear()
            return  # (it names, notes and moves nothing)
        self.named.clear()
        self.notes.clear()
        self.moves.clear()

    def change(self, pid: str, **fields: Any) -> None:
        """Set piece attributes, emitting one event with only the fields that really change."""
        piece = self.state.pieces[pid]
        changes = []
        for name, new in fields.items():
            if name in ("x", "y"):
                new = round(float(new), 3)  # what a save can spell, so save -> load is exact
            old = getattr(piece, name)
            if old != new:
                changes.append((name, plain_copy(old), new))
        if changes:
            self.emit(PieceChanged(pid, tuple(changes)))

    def set_rule(self, key: str, value: Any, *, fresh: bool = False) -> None:
        """Set one key of the ruleset's state (a deep copy is stored, so callers may keep mutating theirs).

        Rule state is plain data that is only ever replaced, never changed in place (by the rulesets, the undo and
        the log alike), so the copy is made once and shared by the event and the state. `fresh`: the value was
        built for this change alone and its maker never changes it, so it is stored as it is, uncopied.

        The old value needs no copy: it is the state's own, and it leaves the state with this event, so the event
        is the only thing that still holds it (with the earlier event that set it, which never changes it)."""
        rules = self.state.rules
        old = rules.get(key, _MISSING)
        if old != value:
            # most rule values are numbers, flags and names: stored as they are, without a call to copy them
            new = value if fresh or type(value) in _IMMUTABLE else plain_copy(value)
            # `RuleStateChanged.apply` would copy it again for the state: replays and redos keep doing so
            undo = self.undo
            if undo is None:
                self.events.append(RuleStateChanged(key, old, new))
            else:  # a playout's: kept for undo alone (`undo`)
                undo.append((rules, key, old))
            rules[key] = new

    def del_rule(self, key: str) -> None:
        rules = self.state.rules
        if key in rules:
            undo = self.undo
            if undo is None:
                self.emit(RuleStateChanged(key, rules[key], _MISSING))
            else:
                undo.append((rules, key, rules.pop(key)))

    def set_player_counter(self, seat: int, name: str, value: int | None, *, why: str = "",
                           rule: str | None = None, label: str = "") -> None:
        """Set a player's counter; with `why` (a rule changed it, not the player), the log says so (`changed`)."""
        counters = self.state.player(seat).counters
        old = counters.get(name)
        if old != value:
            # emitted inline (`emit`, and `PlayerCounterChanged.apply` on the counters at hand): pools change at
            # most actions
            undo = self.undo
            if undo is None:
                self.events.append(PlayerCounterChanged(seat, name, old, value))
            else:  # a playout's: kept for undo alone (`undo`)
                undo.append((counters, name, _MISSING if old is None else old))
            if value is None:
                counters.pop(name, None)
            else:
                counters[name] = value
            if why and not self.quiet:
                self.changed(f"{self.state.seat_name(seat)}'s {label or counter_label(name)}", old or 0, value,
                             why, rule=rule, seat=seat)

    def add_player_counter(self, seat: int, name: str, delta: int, *, why: str = "", rule: str | None = None,
                           label: str = "") -> int:
        value = self.state.player(seat).counters.get(name, 0) + delta
        self.set_player_counter(seat, name, value, why=why, rule=rule, label=label)
        return value

    def changed(self, number: str, old: Any, new: Any, why: str, *, rule: str | None = None,
                seat: int | None = None, what: str = CHANGED, data: dict[str, Any] | None = None,
                private: tuple[int, ...] | None = None) -> None:
        """Say why a rule changed a number, on the line of the action that caused it, to every seat (or to
        `private`): "Ann's RP 5 -> 3: paid for Spin Kick (rule xfc.chain.3)".

        `number` and `why` name cards by reference (`messages.card_ref`), so each seat reads only the cards it may
        see. `what`: a ruleset's own note kind when this note is also its record of the change (`data`)."""
        if old == new or self.quiet:
            return
        text = f"{number} {old} -> {new}: {why}" + (f" (rule {rule})" if rule else "")
        self.note(what, seat, text, {"old": old, "new": new, "rule": rule, **(data or {})}, private)

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
        # a note changes no state (`Note.apply` does nothing): kept without the call to apply it (and not at all in
        # a quiet transaction)
        if self.quiet:
            return
        note = Note(what, seat, text, data, private)
        self.events.append(note)
        self.notes.append(note)

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
        if state._own is not None and pid not in state._own:  # a fork's piece it has not written yet (`own`)
            piece = state.own(pid)
        zones = state.zones
        zone = zones.get(dst)
        if zone is None:
            raise ActionError("unknown_zone", f"there is no zone {dst!r}")
        src = piece.zone
        same_zone = src == dst
        old_x, old_y = piece.x, piece.y
        src_pieces = zones[src].pieces
        src_index = src_pieces.index(pid)
        could_see = not same_zone and by is not None and state.can_see(piece, by)  # where it is now
        limit = len(zone.pieces) - (1 if same_zone else 0)
        if index is None:
            index = 0 if zone.layout == "stack" else limit
        elif index > limit:
            index = limit
        if index < 0:
            index = 0  # max(0, min(index, limit)), without two builtin calls per move
        events = self.events
        if not same_zone or index != src_index:
            # emitted inline (`emit`, and `PieceMoved.apply` on the zones at hand): moves are most of a game's events
            moved = PieceMoved(pid, src, src_index, dst, index)
            del src_pieces[src_index]
            zone.pieces.insert(index, pid)
            piece.zone = dst
            events.append(moved)
            if not self.quiet:
                self.named[pid] = None
                self.moves.append(moved)
        # the fields that change, in the order `change` would list them (x, y, face_up, attached_to, known,
        # rotation, counters), built here without a keyword dict per move, each set on the piece as it is found
        # (what `PieceChanged.apply` would do with them, without the call)
        changes: list[tuple[str, Any, Any]] = []
        new_x = None if x is None else round(float(x), 3)  # both read before either is set: a bad y changes nothing
        new_y = None if y is None else round(float(y), 3)
        if new_x is not None and piece.x != new_x:
            changes.append(("x", piece.x, new_x))
            piece.x = new_x
        if new_y is not None and piece.y != new_y:
            changes.append(("y", piece.y, new_y))
            piece.y = new_y
        is_card = piece.kind == "card"
        up, known = piece.face_up, piece.known
        if not same_zone:
            new_up = zone.face_up if face_up is None else face_up
            if up != new_up:
                changes.append(("face_up", up, new_up))
                piece.face_up = up = new_up
            if piece.attached_to is not None:
                changes.append(("attached_to", piece.attached_to, None))
                state.link(pid, piece.attached_to, None)
                piece.attached_to = None
            new_known = (_KNOWN_BY.get(by) or _known_by(by)) if could_see and by is not None else _NOBODY
            if known != new_known:
                changes.append(("known", known, new_known))
                piece.known = known = new_known
            if is_card and zone.layout != "free" and piece.rotation:
                changes.append(("rotation", piece.rotation, 0))
                piece.rotation = 0
            if is_card and zone.visibility != "public" and piece.counters:
                changes.append(("counters", plain_copy(piece.counters), {}))  # counters fall off a card leaving play
                piece.counters = {}
        elif face_up is not None and up != face_up:
            changes.append(("face_up", up, face_up))
            piece.face_up = up = face_up
        if is_card and (not same_zone or face_up is False):
            # a card some seat cannot see once moved gets a fresh handle (`_hide_if_needed`), in the same event:
            # it is a spectator's view that decides (`can_see(piece, None)`) of the card as these changes leave it
            if EVERYONE not in known and not (zone.visibility == "public" and up):
                changes.append(("gen", piece.gen, piece.gen + 1))
                piece.gen += 1
                if state._handles:  # `state.set_gen`: no handle was ever asked for in self-play
                    state.forget_handle(pid)
        if changes:
            events.append(PieceChanged(pid, tuple(changes)))  # emitted inline, as the move above (applied above)
            if not self.quiet:
                self.named[pid] = None
        # attached pieces follow their host on the table, and fall off when it leaves the zone
        if state._children.get(pid):
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
            self.emit(PieceChanged(pid, (("gen", piece.gen, piece.gen + 1),)))

    def shuffle(self, zone_name: str) -> None:
        """Shuffle a zone with the state's RNG; everyone forgets what was where."""
        zone = self.state.zones[zone_name]
        old = tuple(zone.pieces)
        if len(old) > 1:
            order = self.permutation(len(old))
            new = tuple(old[i] for i in order)
            self.emit(ZoneReordered(zone_name, old, new))
        state = self.state
        pieces = state.pieces
        events, named = self.events, self.named
        for pid in zone.pieces:  # a whole deck, every period: `change` and `_hide_if_needed` written out
            piece = pieces[pid]
            known, host = piece.known, piece.attached_to
            if known or host is not None:
                piece = state.own(pid)
                # what `change(pid, known=frozenset(), attached_to=None)` emits (the fields that change, in
                # that order) and `PieceChanged.apply` sets
                changes: list[tuple[str, Any, Any]] = []
                if known:
                    changes.append(("known", known, _NOBODY))
                    piece.known = _NOBODY
                if host is not None:
                    changes.append(("attached_to", host, None))
                    state.link(pid, host, None)
                    piece.attached_to = None
                events.append(PieceChanged(pid, tuple(changes)))
                named[pid] = None
            if piece.kind == "card" and not state.can_see(piece, None):
                gen = piece.gen
                events.append(PieceChanged(pid, (("gen", gen, gen + 1),)))
                named[pid] = None
                state.own(pid).gen = gen + 1
                if state._handles:
                    state.forget_handle(pid)

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


_NOBODY: frozenset[int] = frozenset()
_KNOWN_BY: dict[int, frozenset[int]] = {}


def _known_by(seat: int) -> frozenset[int]:
    """`frozenset({seat})`, made once per seat (a card drawn or played is known to its seat: most moves)."""
    found = _KNOWN_BY.get(seat)
    if found is None:
        if len(_KNOWN_BY) >= 64:
            _KNOWN_BY.clear()
        found = _KNOWN_BY[seat] = frozenset((seat,))
    return found


def _kids(state: GameState, pid: str, zone: str) -> list[str]:
    children = state._children.get(pid)
    if not children:
        return []
    return [q for q in state.zones[zone].pieces if q in children]
