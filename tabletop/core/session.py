"""`Session.submit`: the one door every change to a table goes through.

permission (every mode) -> rules check (per the enforcement dial) -> apply (the reducer makes events) ->
consequences (the ruleset's automatic actions, bounded) -> log. Undo, redo, replay, saves and the network all
reuse the log this keeps.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from . import actions as A
from .consent import undo_consent
from .events import EVENT_TYPES, Event, Note, PieceMoved, event_from_dict
from .messages import _OPEN as _REF_OPEN
from .messages import has_refs, hidden_place, ref_pids, render_safe, scrub, seen_cards
from .permission import permit, resolve_action, visibility
from .reducer import ActionError, Tx, reduce_tx
from .ruleset import NullRules, RulesHook, Violation
from .state import EVERYONE, GameState, Piece
from .view import view as make_view
from .words import past, sentence

__all__ = ["LogEntry", "Result", "Session", "permit", "resolve_action", "safe_text", "visibility"]

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
    #: while on the redo stack: the seat that took it back
    undone_by: int | None = field(default=None, repr=False, compare=False)
    #: where each piece it names was, described for a seat that cannot see it (as of the entry; not saved)
    places: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    #: per piece: the words that would name it (card reference, title), kept out of what other seats read
    secrets: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False, compare=False)
    #: per card it touched: its card reference, for the seats that could see it (as of the entry; not saved)
    cards: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    #: the session's sentence maker (`Session._sentence`, held weakly): the line in words, with card references (not saved)
    words: Callable[[LogEntry, int | None, Callable[[str], bool]], str | None] | None = field(
        default=None, repr=False, compare=False)

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
        """This entry as `seat` may read it: hidden pieces renamed, private notes removed, sentences rendered.

        A sentence names a card by reference; it reads as the card's title only to a seat that could see the card
        at the time of the entry, else as where the card was ("a face-down card in Seat 2's Bureau Deck").
        """

        def visible(pid: str) -> bool:
            s = self.seen.get(pid)
            return s is not None and (EVERYONE in s or (seat is not None and seat in s))

        def name(pid: str) -> str:
            return pid if visible(pid) else "hidden"

        def hidden(pid: str) -> str:
            return self.places.get(pid, "a hidden card")

        secrets = [w for pid in self.seen if not visible(pid) for w in (pid, *self.secrets.get(pid, ()))]

        def text(t: str, fallback: str) -> str:
            return render_safe(t, visible, hidden, secrets, fallback) if t else t

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
                notes.append({"what": e.what, "seat": e.seat, "text": text(e.text, "(about a card you cannot see)"),
                              "data": _redact(e.data, name, secrets)})
        violations = []
        for v in self.violations:
            d = v.to_dict()
            d["message"] = text(v.message, f"a rule about a card you cannot see ({v.code})")
            if "pieces" in d:
                d["pieces"] = [name(p) for p in d["pieces"]]
            violations.append(d)
        line = {"seq": self.seq, "seat": self.seat, "action": action, "violations": violations, "notes": notes}
        sentence = self.words(self, seat, visible) if self.words is not None else None
        if sentence:
            verb = self.action.type.rsplit(".", 1)[-1].replace("_", " ")
            line["text"] = text(sentence, f"{past(verb.capitalize())} (with a card you cannot see)")
        named = seen_cards(self.cards, self.seen, seat)
        if named:
            line["cards"] = named
        return line


_new = object.__new__


def _logged(seq: int, seat: int | None, action: A.Action, events: list[Event], violations: list[Violation],
            auto: list[tuple[A.Action, int | None]], seen: dict[str, frozenset[int]]) -> LogEntry:
    """`LogEntry(seq, seat, action, events, violations, auto, seen)`: the same entry, made without the dataclass's
    `__init__` (every accepted action makes one; tests/core/test_session_fast.py holds the two to each other)."""
    e = _new(LogEntry)
    e.seq = seq
    e.seat = seat
    e.action = action
    e.events = events
    e.violations = violations
    e.auto = auto
    e.seen = seen
    e.undone_by = None
    e.places = {}
    e.secrets = {}
    e.cards = {}
    e.words = None
    return e


def _redact(data: Any, name: Callable[[str], str], secrets: list[str]) -> Any:
    if isinstance(data, dict):
        return {k: _redact(v, name, secrets) for k, v in data.items()}
    if isinstance(data, list):
        return [_redact(v, name, secrets) for v in data]
    if isinstance(data, str):
        if data.startswith("p") and data[1:].isdigit():
            return name(data)
        return scrub(data, secrets, "hidden")
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
    #: for a refused undo (`consent`): the seats that must still agree
    needs: tuple[int, ...] = ()
    #: of an accepted action: its events that move a piece (`PieceMoved`), with its follow-ups', in order (what the
    #: lab's tracker reads, instead of every event)
    moves: list[PieceMoved] = field(default_factory=list)

    def __bool__(self) -> bool:
        return self.accepted


def _accepted(events: list[Event], violations: list[Violation], entry: LogEntry, audit: list[Violation],
              moves: list[PieceMoved]) -> Result:
    """`Result(True, events, violations, "", "", entry, audit, (), moves)`, made without the dataclass's `__init__` (every
    accepted action makes one; tests/core/test_session_fast.py holds the two to each other)."""
    r = _new(Result)
    r.accepted = True
    r.events = events
    r.violations = violations
    r.error = ""
    r.code = ""
    r.entry = entry
    r.audit = audit
    r.needs = ()
    r.moves = moves
    return r


def _as_seen(
    state: GameState, violations: list[Violation], seat: int | None, secrets: Callable[[str], tuple[str, ...]]
) -> list[Violation]:
    """Violations as `seat` reads them now: sentences rendered through its view, pieces named by its handles."""
    out = []
    for v in violations:
        message = safe_text(state, v.message, seat, v.pieces, secrets, f"a rule about a card you cannot see ({v.code})")
        names = tuple(state.handle_for(p, seat) if p in state.pieces else "hidden" for p in v.pieces)
        out.append(Violation(v.code, v.rule, message, names, v.seat))
    return out


def safe_text(
    state: GameState,
    text: str,
    seat: int | None,
    pieces: Iterable[str],
    secrets: Callable[[str], tuple[str, ...]],
    fallback: str,
) -> str:
    """`text` rendered for `seat` on the current table; `fallback` if its plain words name a hidden piece it is about."""
    def visible(pid: str) -> bool:
        piece = state.pieces.get(pid)
        return piece is not None and state.can_see(piece, seat)

    about = set(pieces) | set(ref_pids(text))
    words = [w for pid in about if pid in state.pieces and not visible(pid) for w in (pid, *secrets(pid))]
    return render_safe(text, visible, lambda pid: hidden_place(state, pid), words, fallback)


_NOBODY: frozenset[int] = frozenset()
#: the engine's event types that are no notes (a log entry looks for notes among its events)
_NOT_NOTES = frozenset(t for t in EVENT_TYPES.values() if not issubclass(t, Note))


class _Wording:
    """A session's sentence maker as its log entries hold it: a weak reference, so an entry never keeps a session."""

    __slots__ = ("_session",)

    def __init__(self, session: Session) -> None:
        self._session = weakref.ref(session)

    def __call__(self, entry: LogEntry, seat: int | None, visible: Callable[[str], bool]) -> str | None:
        session = self._session()
        return session._sentence(entry, seat, visible) if session is not None else None


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
        #: points of the log a player named (log sequence number -> name), kept in the save as `bookmarks:`;
        #: set as a whole through `bookmarks` (the property), which the keepers hear first
        self._bookmarks: dict[int, str] = {}
        #: called with the new bookmarks before they replace the old ones (autosave journals them); one that raises
        #: refuses the change, and the bookmarks stay as they were
        self.bookmark_keepers: list[Callable[[dict[int, str]], None]] = []
        self.listeners: list[Callable[[str, LogEntry], None]] = []
        #: what every entry keeps to word itself later: not a bound method, which would tie each entry to the
        #: session in a reference cycle (a self-play game then left ~13k objects a game to the garbage collector)
        self._wording = _Wording(self)
        #: `visibility` answers kept between actions, for the seats they were found for
        self._visible_memo: dict[tuple[Any, ...], frozenset[int]] = {}
        self._visible_seats: tuple[int, ...] = ()
        #: the last `visibility` function made, with the seats, table and zones it reads (`_visibility`)
        self._visible_fn: tuple[tuple[int, ...], GameState, Any, Callable[[Piece], frozenset[int]]] | None = None
        #: per zone, how a hidden piece in it is described (`_place`)
        self._places: dict[str, tuple[Any, str, str]] = {}

    @property
    def bookmarks(self) -> Mapping[int, str]:
        """The named points of the log (read-only: set a new mapping, so the keepers hear of it)."""
        return MappingProxyType(self._bookmarks)

    @bookmarks.setter
    def bookmarks(self, marks: Mapping[int, str]) -> None:
        """Replace the bookmarks; each keeper (autosave's journal) keeps the new ones first, and one that raises
        (a TabletopError saying why) leaves them as they were. Made, renamed or deleted: one call."""
        new = dict(marks)
        if new != self._bookmarks:
            for keep in list(self.bookmark_keepers):
                keep(new)
        self._bookmarks = new  # a new dict: a thread reading the old one reads it whole

    # -- the one door --

    def submit(self, action: A.Action, seat: int | None) -> Result:
        """Check and apply one action for `seat`; refused actions leave the state exactly as it was."""
        state = self.state
        named = action.piece_names()
        try:
            resolved = resolve_action(state, action, seat, named)
            if resolved is not action:  # named by handles: the ids they stand for
                action, named = resolved, resolved.piece_names()
            permit(state, action, seat, self.hosts, named)
        except ActionError as e:
            # these answers echo only the names the seat itself wrote, and the same for hidden and missing pieces
            return Result(False, error=e.message, code=e.code)
        mode = state.enforcement
        violations: list[Violation] = []
        if mode != "off" and not isinstance(action, (A.SetEnforcement, A.Chat, A.Point)):
            violations = list(self.rules.check(state, action, seat))
            if violations and mode == "strict":
                shown = _as_seen(state, violations, seat, self._secrets)
                return Result(False, violations=shown, error=str(shown[0]), code=shown[0].code)
        visible = self._visibility(state)
        seen_before: dict[str, frozenset[int]] = {}
        if named:  # a loop, not a comprehension's call: most actions name one piece or none
            pieces = state.pieces
            for pid in named:
                piece = pieces.get(pid)
                if piece is not None:
                    seen_before[pid] = visible(piece)
        try:
            done = reduce_tx(state, action, seat, self.rules)
        except ActionError as e:
            return self._refused(e, action, seat, violations)
        # the events, the pieces they name and their notes, as the transactions recorded them
        events, touched, notes, moves = done.events, done.named, done.notes, done.moves
        auto: list[tuple[A.Action, int | None]] = []
        if state.enforcement != "off":
            try:
                events, auto, touched, notes, moves = self._consequences(action, seat, done, violations)
            except ActionError as e:
                for ev in reversed(done.events):
                    ev.revert(state)
                return self._refused(e, action, seat, violations)
        audit: list[Violation] = []
        if isinstance(action, A.SetEnforcement) and _RANK.get(state.enforcement, 0) > _RANK.get(mode, 0):
            # turning the dial up audits the table instead of failing: the findings are listed, nothing is refused
            audit = self.audit(seat)
            tx = Tx(state)
            tx.note("audit", seat, f"{len(audit)} inconsistencies with the rules", {
                "count": len(audit), "rules": sorted({v.rule for v in audit if v.rule})})
            events = events + tx.events
            notes = notes + tx.notes
        state.seq += 1
        entry = _logged(state.seq, seat, action, events, violations, auto, self._seen(touched, seen_before, visible))
        self._remember(entry, notes)
        self.history.append(entry)
        if action.undoable and self.redo_stack:
            self.redo_stack.clear()
        if self.listeners:
            self._notify("submit", entry)
        shown = _as_seen(state, violations, seat, self._secrets) if violations else []
        return _accepted(events, shown, entry, audit, moves)

    def begin(
        self, violations: Iterable[Violation], text: str, seen: dict[str, frozenset[int]] | None = None,
        tx: Tx | None = None,
    ) -> LogEntry:
        """Log the start of the game with what setting up found (`Start`, by the table, not undoable).

        `seen` says which seats may read each piece the violations name (a card of a seat's deck list: that seat
        alone), so every other seat reads their sentences with those cards left out. `tx`: changes already made
        to the table that this start records (a table dealt again before play, with a guest's deck).
        """
        tx = tx if tx is not None else Tx(self.state)
        tx.note("start", None, text)
        self.state.seq += 1
        entry = LogEntry(self.state.seq, None, A.Start(), tx.events, list(violations), seen=dict(seen or {}))
        self._remember(entry)
        self.history.append(entry)
        self._notify("submit", entry)
        return entry

    def _refused(
        self, e: ActionError, action: A.Action, seat: int | None, violations: list[Violation] | None = None
    ) -> Result:
        """A refusal as `seat` may read it: no word of it names a card the seat cannot see."""
        state = self.state
        about = [n for n in action.piece_names() if n in state.pieces]
        error = safe_text(state, e.message, seat, about, self._secrets, "that cannot be done with a card you cannot see")
        shown = _as_seen(state, violations or [], seat, self._secrets)
        return Result(False, violations=shown, error=error, code=e.code)

    def _secrets(self, pid: str) -> tuple[str, ...]:
        """The words that would name piece `pid`: its card reference and, when the ruleset knows it, its title."""
        piece = self.state.pieces.get(pid)
        if piece is None or piece.card is None:
            return ()
        title_of = getattr(self.rules, "card_title", None)
        title = title_of(self.state, pid) if title_of is not None else None
        return (piece.card, title) if title else (piece.card,)

    def _sentence(self, entry: LogEntry, seat: int | None, visible: Callable[[str], bool]) -> str | None:
        """The entry as a sentence with card references, as `seat` may read it (`visible`: the pieces it saw)."""
        return sentence(self.state, entry, seat, visible, self._title, getattr(self.rules, "log_notes", ()))

    def _title(self, pid: str) -> str:
        piece = self.state.pieces.get(pid)
        if piece is None or piece.card is None:
            return "a piece"
        title_of = getattr(self.rules, "card_title", None)
        return (title_of(self.state, pid) if title_of is not None else None) or piece.card

    def _remember(self, entry: LogEntry, notes: list[Note] | None = None) -> None:
        """Keep with the entry what its sentences need to be rendered later as of now (who saw what, where).

        `notes`: the entry's notes in order, when the caller found them already (`_seen` walks the events)."""
        state = self.state
        entry.words = self._wording
        pieces = state.pieces
        seen = entry.seen
        refs: list[str] = []
        for v in entry.violations:
            refs.extend(v.pieces)
            refs.extend(ref_pids(v.message))
        if notes is None:
            notes = [e for e in entry.events if type(e) is Note or (type(e) not in _NOT_NOTES and isinstance(e, Note))]
        for e in notes:
            text = e.text
            if text and _REF_OPEN in text:  # `has_refs`, without a call per note
                refs.extend(ref_pids(text))
        for pid in refs:
            piece = pieces.get(pid)
            if piece is not None and pid not in seen:
                seen[pid] = state.visible_to(piece)
        # a piece's place is described by its zone alone: a hand of drawn cards is one description, not thirteen
        places: dict[str, str] = {}
        title_of = getattr(self.rules, "card_title", None)
        cards_out, places_out, secrets_out = entry.cards, entry.places, entry.secrets
        for pid, who in seen.items():
            piece = pieces.get(pid)
            if piece is None or piece.kind != "card":
                continue
            card = piece.card
            if card is not None:
                cards_out[pid] = card
            if EVERYONE in who:
                continue  # every seat and spectator saw it: no line is ever rendered without it
            zone_name = piece.zone
            place = places.get(zone_name)
            if place is None:
                place = places[zone_name] = self._place(state, zone_name, pid)
            places_out[pid] = place
            if card is not None:  # `_secrets`, with the ruleset's title lookup found once per entry
                title = title_of(state, pid) if title_of is not None else None
                secrets_out[pid] = (card, title) if title else (card,)

    def _place(self, state: GameState, zone_name: str, pid: str) -> str:
        """`hidden_place(state, pid)` for a piece in zone `zone_name`, remembered by the zone (the same zone object)
        and the name its owner goes by now: what the description reads, so a renamed seat is described anew."""
        zone = state.zones.get(zone_name)
        owner = zone.owner if zone is not None else None
        try:
            who = state.seat_name(owner) if owner is not None else ""
        except (KeyError, IndexError):
            return hidden_place(state, pid)
        found = self._places.get(zone_name)
        if found is not None and found[0] is zone and found[1] == who:
            return found[2]
        place = hidden_place(state, pid)
        if zone is not None:
            self._places[zone_name] = (zone, who, place)
        return place

    def _consequences(
        self, action: A.Action, seat: int | None, done: Tx, violations: list[Violation]
    ) -> tuple[list[Event], list[tuple[A.Action, int | None]], dict[str, None], list[Note], list[PieceMoved]]:
        """Run the ruleset's automatic follow-ups through the same checks, at most MAX_CONSEQUENCES of them.

        `done`: the transaction of the action itself. The answer: every event, the automatic actions, the pieces the
        events name (in the order first named), their notes and the events that move a piece."""
        state = self.state
        auto: list[tuple[A.Action, int | None]] = []
        events = done.events
        follows = self.rules.after(state, events, seat)
        if not follows:  # most actions have no follow-up (an empty list or tuple: no copy made of it)
            return events, auto, done.named, done.notes, done.moves
        pending = list(follows)
        if not pending:
            return events, auto, done.named, done.notes, done.moves
        all_events = list(events)
        named = dict(done.named)
        notes = list(done.notes)
        moves = list(done.moves)
        try:
            self._follow(pending, auto, all_events, named, notes, violations, moves)
        except ActionError:
            # a later follow-up failed: the earlier ones are undone here, the action's own events by the caller
            for ev in reversed(all_events[len(events):]):
                ev.revert(state)
            raise
        return all_events, auto, named, notes, moves

    def _follow(self, pending: list[tuple[A.Action, int | None]], auto: list[tuple[A.Action, int | None]],
                all_events: list[Event], named: dict[str, None], notes: list[Note],
                violations: list[Violation], moves: list[PieceMoved]) -> None:
        """Apply the follow-ups `pending` (and theirs, first) through the checks, adding to the lists given."""
        state = self.state
        while pending:
            if len(auto) >= MAX_CONSEQUENCES:
                violations.append(
                    Violation("engine.loop", "", f"stopped after {MAX_CONSEQUENCES} automatic actions")
                )
                break
            follow, who = pending.pop(0)
            found = list(self.rules.check(state, follow, who))
            violations.extend(found)
            tx = reduce_tx(state, follow, who, self.rules)
            new_events = tx.events
            all_events.extend(new_events)
            named.update(tx.named)
            notes.extend(tx.notes)
            moves.extend(tx.moves)
            auto.append((follow, who))
            pending = list(self.rules.after(state, new_events, who)) + pending

    def _visibility(self, state: GameState) -> Callable[[Piece], frozenset[int]]:
        """`visibility(state)` with the answers found at earlier actions, while the table has the same seats."""
        seats = tuple([p.seat for p in state.players])
        made = self._visible_fn
        if made is not None and made[1] is state and made[2] is state.zones and made[0] == seats:
            return made[3]  # the same function: it reads the same table, zones and memo (every action asks)
        if seats != self._visible_seats:
            self._visible_memo = {}
            self._visible_seats = seats
        visible = visibility(state, self._visible_memo)
        self._visible_fn = (seats, state, state.zones, visible)
        return visible

    def _seen(self, named: dict[str, None], before: dict[str, frozenset[int]],
              visible: Callable[[Piece], frozenset[int]] | None = None) -> dict[str, frozenset[int]]:
        """Per piece the events name (`named`: as the transactions recorded them, each once, in the order first
        named): the seats that could see it before (`before`) or can now.

        `visible`: the `visibility` memo made before the action, shared (its answers depend only on what it keys by,
        and an action changes no seats)."""
        pieces = self.state.pieces
        seen: dict[str, frozenset[int]] = dict(before)
        if visible is None:
            visible = visibility(self.state)
        # every event is applied by now, so a piece's visibility "now" is the same for each event naming it
        for pid in named:
            piece = pieces.get(pid)
            now = visible(piece) if piece is not None else _NOBODY
            was = seen.get(pid)
            # the union, made only when neither holds the other (a drawn card: nobody before, its seat now)
            seen[pid] = now if was is None or was <= now else was if now <= was else was | now
        return seen

    # -- undo / redo --

    def last_undoable(self) -> LogEntry | None:
        return next((e for e in reversed(self.history) if e.undoable), None)

    def undo_needs(self, seat: int | None) -> tuple[LogEntry | None, frozenset[int]]:
        """The entry an undo by `seat` would take back, and the seats that must agree to it.

        Undoing an action another seat took needs that seat; undoing past the point where `seat` learned hidden
        information (look, search, reveal, draw, or what a ruleset told it privately: core/consent.py), or the
        action that ended the game (every seat), or an undo that would give `seat` back sight of a card it lost
        (a shuffle after a look), needs every seat the information belongs to: the seats that could see the card
        before, or every other seat when nobody could (a deck), and the card's owner. An undo that would give any
        other seat back sight of a card needs every seat that could not see it. `seat` None is the table itself
        (a replay, a test): it needs nobody.
        """
        entry = self.last_undoable()
        if entry is None or seat is None:
            return entry, frozenset()
        return entry, undo_consent(self.state, entry, seat)

    def undo(self, seat: int | None = None, agreed: Iterable[int] = ()) -> Result:
        """Take back the last undoable entry (with its automatic consequences), if every seat it needs agreed.

        `agreed` are the seats that consented (a vote, or a hotseat table where every seat sits at one screen);
        without them the answer is `consent` with the seats still needed, and nothing changes.
        """
        entry, needs = self.undo_needs(seat)
        if entry is None:
            return Result(False, error="nothing to undo", code="nothing_to_undo")
        missing = needs - set(agreed)
        if missing:
            who = ", ".join(self._seat_name(s) for s in sorted(missing))
            return Result(False, error=f"taking back {entry.action.type} needs the consent of {who}",
                          code="consent", entry=entry, needs=tuple(sorted(missing)))
        for event in reversed(entry.events):
            event.revert(self.state)
        for i in range(len(self.history) - 1, -1, -1):
            if self.history[i] is entry:
                del self.history[i]
                break
        entry.undone_by = seat
        self.redo_stack.append(entry)
        self.state.seq += 1
        self._notify("undo", entry)
        return Result(True, events=entry.events, entry=entry)

    def redo(self, seat: int | None = None) -> Result:
        """Apply again the last undone entry, with the very same events (chance is not re-drawn).

        Only the seat that took it back, or the seat whose action it was, may put it back.
        """
        if not self.redo_stack:
            return Result(False, error="nothing to redo", code="nothing_to_redo")
        entry = self.redo_stack[-1]
        if seat is not None and seat not in (entry.seat, entry.undone_by):
            return Result(False, error=f"only {self._seat_name(entry.undone_by)} (who took it back) or "
                                       f"{self._seat_name(entry.seat)} can redo {entry.action.type}", code="forbidden")
        self.redo_stack.pop()
        for event in entry.events:
            event.apply(self.state)
        self.state.seq += 1
        entry.seq = self.state.seq
        entry.undone_by = None
        self.history.append(entry)
        self._notify("redo", entry)
        return Result(True, events=entry.events, entry=entry)

    def _seat_name(self, seat: int | None) -> str:
        if seat is None:
            return "the table"
        try:
            return f"seat {seat} ({self.state.player(seat).name})"
        except (KeyError, IndexError):
            return f"seat {seat}"

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
            message = "a card you cannot see is out of place" if hidden and not has_refs(v.message) else v.message
            out.append(Violation(v.code, v.rule, message, v.pieces, v.seat))
        return _as_seen(state, out, seat, self._secrets)

    def violations(self) -> list[tuple[LogEntry, Violation]]:
        """Every rule broken in the game so far, with the entry that broke it."""
        return [(e, v) for e in self.history for v in e.violations]

    def log_for(self, seat: int | None) -> list[dict[str, Any]]:
        return [self.line_for(e, seat) for e in self.history]

    def line_for(self, entry: LogEntry, seat: int | None) -> dict[str, Any]:
        """`entry.for_seat(seat)`, with its sentence also for an entry read back from a save (which has none)."""
        if entry.words is not self._wording:  # read back from a save, or kept from an earlier session of the game
            entry.words = self._wording
        return entry.for_seat(seat)

    def _notify(self, kind: str, entry: LogEntry) -> None:
        if self.listeners:  # none in self-play: no copy of the list per action
            for listener in list(self.listeners):
                listener(kind, entry)
