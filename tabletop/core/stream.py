"""One per-seat stream out of the engine: view patches, messages rendered for the seat, status and legal moves.

Every screen consumes the same stream: the local window, the hosting window (the stream runs on the host's
thread and is drained by the window), a joined window (the host sends the same patch and legal summary over the
LAN) and a bot seat. A `StreamItem` is either a whole view (the first item, or after a change the events cannot
explain) or a patch in the wire format of docs/PROTOCOL.md (`set`, `zones`, `pieces`), so local play and LAN play
apply changes with the same code.
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .legal import KIND_CAP, LEGAL_CAP, LIST_CAP, PASS_TYPES, legal_summary
from .view import LiveView, ViewChange

if TYPE_CHECKING:
    from .session import LogEntry, Session

__all__ = ["LEGAL_CAP", "LOG_LINES", "PASS_TYPES", "SeatStream", "StreamItem", "legal_summary", "log_lines", "make_patch",
           "names_changed", "piece_update"]

#: log lines that come with a whole view (as a LAN welcome carries them): the screen's log starts again from them
LOG_LINES = 200


def piece_update(old: dict[str, Any] | None, new: dict[str, Any], same_name: bool) -> dict[str, Any]:
    """A piece for a patch: only its changed fields (None: the field is gone) when the seat knows it by that name."""
    if old is None or not same_name:
        return new
    d: dict[str, Any] = {"id": new["id"]}
    for k, v in new.items():
        if old.get(k) != v:
            d[k] = v
    for k in old:
        if k not in new:
            d[k] = None
    return d


def make_patch(change: ViewChange) -> dict[str, Any]:
    """The patch fields (`set`, `zones`, `pieces`) for one change of a seat's view; empty when nothing changed."""
    out: dict[str, Any] = {}
    if change.top:
        out["set"] = change.top
    zones: dict[str, Any] = {}
    for name, zc in change.zones.items():
        zd: dict[str, Any] = {}
        if zc.meta is not None:
            zd["meta"] = {k: v for k, v in zc.meta.items() if k != "count"}
        if zc.splices:
            zd["splice"] = zc.splices
        if zd:
            zones[name] = zd
    if zones:
        out["zones"] = zones
    if change.pieces:
        out["pieces"] = [piece_update(old, new, old_name == name) for _, old_name, name, new, old in change.pieces]
    return out


def log_lines(session: Session, seat: int | None, n: int = LOG_LINES) -> list[dict[str, Any]]:
    """The last `n` log lines as `seat` may read them (kind `submit`), oldest first: what a whole view brings."""
    out = []
    for entry in session.history[-n:]:
        line = session.line_for(entry, seat)
        line["kind"] = "submit"
        out.append(line)
    return out


@dataclass(slots=True)
class StreamItem:
    """One step of a seat's stream: a whole `view` or a `patch` to the last one, and what came with it.

    `log`: the log lines of the change as the seat may read them (`LogEntry.for_seat` plus `kind`: submit, undo
    or redo: an undo line names the entry that left the log, a redo line the one that came back); with
    `history` set, the log's last lines instead (a whole view), and a reader starts its log again from them.
    `status`: the ruleset's status for the seat (also in the view's `rules`); `legal`: the seat's
    `legal_summary` (None where it is not known).
    """

    seq: int
    view: dict[str, Any] | None = None
    patch: dict[str, Any] | None = None
    #: the sequence number a patch applies to
    base: int | None = None
    log: list[dict[str, Any]] = field(default_factory=list)
    status: dict[str, Any] = field(default_factory=dict)
    legal: dict[str, Any] | None = None
    history: bool = False
    #: with `history`: how many of the seat's log lines came before the first line it brings (a reader numbers
    #: its lines from there)
    log_start: int = 0


class SeatStream:
    """A seat's stream from a Session on this machine, kept by a session listener in time proportional to each change.

    Nothing on the way is hashed: the screen is on the session's side of any wire (the LAN host hashes its own
    per-seat views for its clients).

    The listener runs on the session's thread (the window's, or a host's); `take()` may be called from another
    thread. `close()` detaches it.
    """

    def __init__(self, session: Session, seat: int | None, *, legal: bool = True, moves: int = LIST_CAP) -> None:
        self.session = session
        self.seat = seat
        self.with_legal = legal
        #: legal actions listed in full in each summary (a bot seat asks for all it may choose from)
        self.moves = moves
        self._lock = threading.Lock()
        self._items: deque[StreamItem] = deque()
        self.live = LiveView(session.state, seat, session.rules, hashed=False)
        self._items.append(self._whole())
        session.listeners.append(self._on_entry)

    def _legal(self) -> dict[str, Any] | None:
        if not self.with_legal:
            return None
        try:
            return legal_summary(self.session, self.seat, list_cap=self.moves,
                                 kind_cap=KIND_CAP if self.moves <= LIST_CAP else self.moves)
        except Exception as e:  # a ruleset bug costs the glow, never the table
            return {"moves": [], "more": False, "glow": [], "passes": [], "from": [], "to": [],
                    "paths": [], "waiting": [], "error": str(e)}

    def _item(self, *, view: dict[str, Any] | None = None, patch: dict[str, Any] | None = None,
              base: int | None = None, log: list[dict[str, Any]] | None = None) -> StreamItem:
        return StreamItem(self.live.seq, view, patch, base, log or [], dict(self.live.top.get("rules") or {}),
                          self._legal())

    def _whole(self) -> StreamItem:
        """The whole view with the log's last lines, as a LAN welcome brings them."""
        item = self._item(view=self.live.view(), log=log_lines(self.session, self.seat))
        item.history = True
        item.log_start = max(0, len(self.session.history) - len(item.log))
        return item

    def _on_entry(self, kind: str, entry: LogEntry) -> None:
        base = self.live.seq
        change = self.live.update(entry.events)
        if change.rebuilt:
            item = self._whole()
        else:
            line = self.session.line_for(entry, self.seat)
            line["kind"] = kind
            item = self._item(patch=make_patch(change), base=base, log=[line])
        with self._lock:
            self._items.append(item)

    def resync(self) -> None:
        """Queue the whole view again (after the session changed without telling its listeners)."""
        self.live.rebuild()
        with self._lock:
            self._items.append(self._whole())

    def take(self) -> list[StreamItem]:
        """Everything queued since the last call, oldest first."""
        with self._lock:
            out = list(self._items)
            self._items.clear()
        return out

    def close(self) -> None:
        try:
            self.session.listeners.remove(self._on_entry)
        except ValueError:
            pass


def names_changed(session: Session) -> int:
    """Queue the whole view again on every seat stream of `session`, after a seat's name changed (a LAN player
    joined with a name): its log lines are rendered anew, so lines already shown read the seat's new name, as a
    joined window's snapshot does. Costs one whole view per stream (the log's last `LOG_LINES` lines at most),
    only when a name changes; returns how many streams were told. Call it on the session's thread."""
    streams = [s for s in (getattr(f, "__self__", None) for f in list(session.listeners)) if isinstance(s, SeatStream)]
    for stream in streams:
        stream.resync()
    return len(streams)
