"""`Session.submit`: the one door every change to a table goes through.

permission (every mode) -> rules check (per the enforcement dial) -> apply (the reducer makes events) ->
consequences (the ruleset's automatic actions, bounded) -> log. Undo, redo, replay, saves and the network all
reuse the log this keeps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from . import actions as A
from .events import Event, Note, event_from_dict
from .reducer import ActionError, Tx, reduce
from .ruleset import NullRules, RulesHook, Violation
from .state import EVERYONE, GameState
from .view import view as make_view

__all__ = ["LogEntry", "Result", "Session", "permit", "resolve_action"]

MAX_CONSEQUENCES = 200
_RANK = {"off": 0, "warn": 1, "strict": 2}


@dataclass(slots=True)
class LogEntry:
    """One accepted action with everything it caused; the unit of undo and of the game log."""

    seq: int
    seat: int | None
    action: A.Action
    events: list[Event]
    violations: list[Violation] = field(default_factory=list)
    auto: list[tuple[A.Action, int | None]] = field(default_factory=list)
    #: per piece touched: the seats that could see it before or after (EVERYONE when public)
    seen: dict[str, frozenset[int]] = field(default_factory=dict)
    #: the store's text of this entry, keyed by its seq (an entry never changes once logged, but redo renumbers it)
    text_cache: tuple[int, str] | None = field(default=None, repr=False, compare=False)

    @property
    def undoable(self) -> bool:
        return self.action.undoable

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"seq": self.seq, "seat": self.seat, "action": self.action.to_dict()}
        if self.auto:
            d["auto"] = [{"seat": s, "action": a.to_dict()} for a, s in self.auto]
        if self.violations:
            d["violations"] = [v.to_dict() for v in self.violations]
        d["events"] = [e.to_dict() for e in self.events]
        if self.seen:
            d["seen"] = {pid: sorted(s) for pid, s in sorted(self.seen.items())}
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> LogEntry:
        return cls(
            seq=int(d["seq"]),
            seat=d.get("seat"),
            action=A.action_from_dict(d["action"]),
            events=[event_from_dict(e) for e in d.get("events", [])],
            violations=[Violation.from_dict(v) for v in d.get("violations", [])],
            auto=[(A.action_from_dict(x["action"]), x.get("seat")) for x in d.get("auto", [])],
            seen={pid: frozenset(s) for pid, s in d.get("seen", {}).items()},
        )

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """This entry as `seat` may read it: hidden pieces renamed, private notes and card refs removed."""

        def name(pid: str) -> str:
            s = self.seen.get(pid)
            if s is not None and (EVERYONE in s or (seat is not None and seat in s)):
                return pid
            return "hidden"

        action = self.action.to_dict()
        if seat is None or seat != self.seat:
            for f in self.action.private_fields:
                if f in action:
                    action[f] = "hidden"
        for f in self.action.piece_fields:
            v = action.get(f)
            if isinstance(v, list):
                action[f] = [name(x) for x in v]
            elif isinstance(v, str):
                action[f] = name(v)
        notes = []
        for e in self.events:
            if isinstance(e, Note) and (e.private is None or (seat is not None and seat in e.private)):
                notes.append({"what": e.what, "seat": e.seat, "text": e.text, "data": _redact(e.data, name)})
        violations = []
        for v in self.violations:
            d = v.to_dict()
            if "pieces" in d:
                d["pieces"] = [name(p) for p in d["pieces"]]
            violations.append(d)
        return {"seq": self.seq, "seat": self.seat, "action": action, "violations": violations, "notes": notes}


def _redact(data: Any, name: Callable[[str], str]) -> Any:
    if isinstance(data, dict):
        return {k: _redact(v, name) for k, v in data.items()}
    if isinstance(data, list):
        return [_redact(v, name) for v in data]
    if isinstance(data, str) and data.startswith("p") and data[1:].isdigit():
        return name(data)
    return data


@dataclass(slots=True)
class Result:
    """What `submit` answers: accepted or not, the events, every violation, and a typed error when refused."""

    accepted: bool
    events: list[Event] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    error: str = ""
    code: str = ""
    entry: LogEntry | None = None
    #: when the dial was turned up: what on the table is inconsistent with the rules now (as the seat may read it)
    audit: list[Violation] = field(default_factory=list)

    def __bool__(self) -> bool:
        return self.accepted


def _as_seen(state: GameState, violations: list[Violation], seat: int | None) -> list[Violation]:
    """Violations with their pieces named as `seat` knows them (a handle for a card it cannot see)."""
    out = []
    for v in violations:
        if v.pieces:
            names = tuple(state.handle_for(p, seat) if p in state.pieces else p for p in v.pieces)
            v = Violation(v.code, v.rule, v.message, names, v.seat)
        out.append(v)
    return out


def resolve_action(state: GameState, action: A.Action, seat: int | None) -> A.Action:
    """Translate the piece names a seat used (ids it can see, current handles) into piece ids."""
    names = action.piece_names()
    if not names:
        return action
    mapping: dict[str, str] = {}
    for n in names:
        pid = state.resolve(n, seat)
        # a rules action may only name cards its seat can see: the same answer as for a name that does not exist,
        # so a refusal tells nothing about where a hidden card is
        if pid is None or (not action.blind_ok and not state.can_see(state.pieces[pid], seat)):
            raise ActionError("unknown_piece", f"there is no piece {n!r} that seat {seat} can see")
        mapping[n] = pid
    return action.with_pieces(mapping)


_ZONE_FIELDS = {A.Shuffle: "zone", A.LookTop: "zone", A.Search: "zone", A.EndSearch: "zone"}


def permit(state: GameState, action: A.Action, seat: int | None, hosts: Iterable[int | None]) -> None:
    """Whether `seat` may touch what `action` names; raises ActionError('forbidden', ...) when not.

    Checked in every enforcement mode: a hand belongs to its owner, settings to the host.
    """
    if isinstance(action, A.SetEnforcement):
        if seat not in set(hosts):
            raise ActionError("forbidden", "only the host can turn the enforcement dial")
        return
    if seat is None:
        if isinstance(action, A.Chat):
            return
        raise ActionError("forbidden", "spectators can only chat")
    if seat not in state.seats:
        raise ActionError("forbidden", f"there is no seat {seat}")

    def touchable(zone_name: str) -> None:
        zone = state.zones.get(zone_name)
        if zone is not None and zone.visibility == "owner" and zone.owner is not None and zone.owner != seat:
            raise ActionError("forbidden", f"{zone.label or zone.name} belongs to seat {zone.owner}")

    for pid in action.piece_names():
        piece = state.pieces.get(pid)
        if piece is not None:
            touchable(piece.zone)
    zf = _ZONE_FIELDS.get(type(action))
    if zf is not None:
        touchable(getattr(action, zf))
    if isinstance(action, (A.LookTop, A.Search)):
        zone = state.zones.get(action.zone)
        if zone is not None and zone.visibility == "public":
            raise ActionError("forbidden", f"{zone.label or zone.name} is open: face-down cards there stay secret")
    if isinstance(action, (A.Draw, A.Deal)) and action.source is not None:
        touchable(action.source)
    if isinstance(action, A.Reveal):
        for pid in action.pieces:
            if not state.can_see(state.pieces[pid], seat):
                raise ActionError("forbidden", "you can only reveal cards you can see")


class Session:
    """A table in play: the state, its ruleset, the log, undo and redo.

    `hosts` are the seats allowed to change table settings (all seats in a local game). Listeners are called with
    every new log entry (autosave, the network host).
    """

    def __init__(
        self,
        state: GameState,
        rules: RulesHook | None = None,
        *,
        hosts: Iterable[int | None] | None = None,
        history: list[LogEntry] | None = None,
    ) -> None:
        self.state = state
        self.rules: RulesHook = rules if rules is not None else NullRules()
        self.hosts: set[int | None] = set(state.seats) if hosts is None else set(hosts)
        # a store's compact log (entries kept as text until read) is kept as it is; anything else is copied
        self.history: list[LogEntry] = history if getattr(history, "compact", False) else list(history or [])
        self.redo_stack: list[LogEntry] = []
        self.listeners: list[Callable[[str, LogEntry], None]] = []

    # -- the one door --

    def submit(self, action: A.Action, seat: int | None) -> Result:
        """Check and apply one action for `seat`; refused actions leave the state exactly as it was."""
        state = self.state
        try:
            action = resolve_action(state, action, seat)
            permit(state, action, seat, self.hosts)
        except ActionError as e:
            return Result(False, error=e.message, code=e.code)
        mode = state.enforcement
        violations: list[Violation] = []
        if mode != "off" and not isinstance(action, (A.SetEnforcement, A.Chat)):
            violations = list(self.rules.check(state, action, seat))
            if violations and mode == "strict":
                shown = _as_seen(state, violations, seat)
                return Result(False, violations=shown, error=str(shown[0]), code=shown[0].code)
        touched = action.piece_names()
        seen_before = {pid: state.visible_to(state.pieces[pid]) for pid in touched if pid in state.pieces}
        try:
            events = reduce(state, action, seat, self.rules)
        except ActionError as e:
            return Result(False, violations=violations, error=e.message, code=e.code)
        auto: list[tuple[A.Action, int | None]] = []
        if state.enforcement != "off":
            try:
                events, auto = self._consequences(action, seat, events, violations)
            except ActionError as e:
                for ev in reversed(events):
                    ev.revert(state)
                return Result(False, violations=violations, error=e.message, code=e.code)
        audit: list[Violation] = []
        if isinstance(action, A.SetEnforcement) and _RANK.get(state.enforcement, 0) > _RANK.get(mode, 0):
            # turning the dial up audits the table instead of failing: the findings are listed, nothing is refused
            audit = self.audit(seat)
            tx = Tx(state)
            tx.note("audit", seat, f"{len(audit)} inconsistencies with the rules", {
                "count": len(audit), "rules": sorted({v.rule for v in audit if v.rule})})
            events = events + tx.events
        state.seq += 1
        entry = LogEntry(state.seq, seat, action, events, violations, auto, self._seen(events, seen_before))
        self.history.append(entry)
        if action.undoable:
            self.redo_stack.clear()
        self._notify("submit", entry)
        return Result(True, events=events, violations=_as_seen(state, violations, seat), entry=entry, audit=audit)

    def _consequences(
        self, action: A.Action, seat: int | None, events: list[Event], violations: list[Violation]
    ) -> tuple[list[Event], list[tuple[A.Action, int | None]]]:
        """Run the ruleset's automatic follow-ups through the same checks, at most MAX_CONSEQUENCES of them."""
        state = self.state
        all_events = list(events)
        auto: list[tuple[A.Action, int | None]] = []
        pending = list(self.rules.after(state, events, seat))
        while pending:
            if len(auto) >= MAX_CONSEQUENCES:
                violations.append(
                    Violation("engine.loop", "", f"stopped after {MAX_CONSEQUENCES} automatic actions")
                )
                break
            follow, who = pending.pop(0)
            found = list(self.rules.check(state, follow, who))
            violations.extend(found)
            new_events = reduce(state, follow, who, self.rules)
            all_events.extend(new_events)
            auto.append((follow, who))
            pending = list(self.rules.after(state, new_events, who)) + pending
        return all_events, auto

    def _seen(self, events: list[Event], before: dict[str, frozenset[int]]) -> dict[str, frozenset[int]]:
        state = self.state
        seen: dict[str, frozenset[int]] = dict(before)
        for e in events:
            for pid in e.pieces():
                piece = state.pieces.get(pid)
                now = state.visible_to(piece) if piece is not None else frozenset()
                seen[pid] = seen.get(pid, frozenset()) | now
        return seen

    # -- undo / redo --

    def undo(self, seat: int | None = None) -> Result:
        """Take back the last undoable entry (with its automatic consequences)."""
        for i in range(len(self.history) - 1, -1, -1):
            entry = self.history[i]
            if entry.undoable:
                break
        else:
            return Result(False, error="nothing to undo", code="nothing_to_undo")
        for event in reversed(entry.events):
            event.revert(self.state)
        del self.history[i]
        self.redo_stack.append(entry)
        self.state.seq += 1
        self._notify("undo", entry)
        return Result(True, events=entry.events, entry=entry)

    def redo(self, seat: int | None = None) -> Result:
        """Apply again the last undone entry, with the very same events (chance is not re-drawn)."""
        if not self.redo_stack:
            return Result(False, error="nothing to redo", code="nothing_to_redo")
        entry = self.redo_stack.pop()
        for event in entry.events:
            event.apply(self.state)
        self.state.seq += 1
        entry.seq = self.state.seq
        self.history.append(entry)
        self._notify("redo", entry)
        return Result(True, events=entry.events, entry=entry)

    # -- reading --

    def view(self, seat: int | None) -> dict[str, Any]:
        return make_view(self.state, seat, self.rules)

    def legal_actions(self, seat: int | None) -> Iterable[A.Action]:
        return self.rules.legal_actions(self.state, seat)

    def audit(self, seat: int | None) -> list[Violation]:
        """What on the table contradicts the rules now, as `seat` may read it.

        A finding about a card the seat cannot see keeps its rule but not its sentence (which may name the card).
        """
        state = self.state
        out = []
        for v in self.rules.audit(state):
            hidden = [p for p in v.pieces if p in state.pieces and not state.can_see(state.pieces[p], seat)]
            message = "a card you cannot see is out of place" if hidden else v.message
            out.append(Violation(v.code, v.rule, message, v.pieces, v.seat))
        return _as_seen(state, out, seat)

    def violations(self) -> list[tuple[LogEntry, Violation]]:
        """Every rule broken in the game so far, with the entry that broke it."""
        return [(e, v) for e in self.history for v in e.violations]

    def log_for(self, seat: int | None) -> list[dict[str, Any]]:
        return [e.for_seat(seat) for e in self.history]

    def _notify(self, kind: str, entry: LogEntry) -> None:
        for listener in list(self.listeners):
            listener(kind, entry)
