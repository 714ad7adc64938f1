"""The seat's view as the window keeps it: taken from the seat's stream, patch by patch, with its layout in step.

Local, hosted and joined tables all hand the window `StreamItem`s (tabletop.core.stream); this applies them with
the same `PatchedView` a LAN client uses (unchecked: the connection already checked the hash) and re-lays only
what each patch names, so the cost of a change does not grow with the table.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from typing import Any

from ...core.stream import StreamItem
from ...net.patches import PatchedView
from .layout import Layout, build_layout

__all__ = ["CardsSeen", "TableView"]

#: every view's versions come from here (see `TableView.version`)
_VERSIONS = itertools.count(1)

EMPTY_VIEW: dict[str, Any] = {"seat": None, "seq": -1, "zones": [], "players": [], "rules": {}}
#: log lines a window keeps
LOG_KEEP = 1000


class TableView:
    """A seat's current view, layout, status, legal moves and the log lines that came with the stream."""

    def __init__(self, seat: int | None = None) -> None:
        self.seat = seat
        self.view: dict[str, Any] = dict(EMPTY_VIEW)
        self.layout = Layout()
        self.patched: PatchedView | None = None
        self.legal: dict[str, Any] | None = None
        self.status: dict[str, Any] = {}
        #: the log as the seat's stream brought it, oldest first: (a key unique in this view's life, line)
        self.log: list[tuple[int, dict[str, Any]]] = []
        #: how many of the seat's log lines came before `log[0]` (lines it never got, or dropped past LOG_KEEP):
        #: the log numbers what its reader sees, so the line at `log[i]` is number `log_start + i + 1`
        self.log_start = 0
        self._keys = itertools.count()
        #: changes whenever the view may have; drawn from one count for every view of the process, so a new table
        #: (an opened save, another seat) never reuses the number of the last one and the window's caches keyed on
        #: it (the table layer, the legal moves) never take the old table for the new
        self.version = 0
        self.full_builds = 0
        self.stale = False
        #: the window's room for the table (pixels: width, height above the hand strip); the layout is made for it
        self.room: tuple[float, float] | None = None

    def fit_to(self, room: tuple[float, float]) -> bool:
        """Lay the table out for a window with `room` for it (a resize, a panel folded); whether it changed."""
        if room == self.room:
            return False
        self.room = room
        if self.patched is not None:
            self.layout = build_layout(self.view, self.seat, room)
            self.full_builds += 1
        return True

    def reset(self, view: dict[str, Any]) -> None:
        """Take a whole view (the first one, a resync, a seat switch)."""
        self.patched = PatchedView(view, checked=False)
        self.view = view
        self.stale = False
        self.layout = build_layout(view, self.seat, self.room)
        self.full_builds += 1

    def feed(self, items: list[StreamItem]) -> bool:
        """Apply stream items in order; whether anything changed. A patch that does not follow the view (a gap)
        sets `stale`: the caller gives a whole view (`reset`)."""
        for item in items:
            if item.view is not None:
                self.reset(item.view)
            elif item.patch is not None and self.patched is not None:
                seq = int(self.view.get("seq", -1))
                if item.seq <= seq:
                    continue  # already in the view this stream started from
                if item.base is not None and item.base != seq:
                    self.stale = True
                    continue
                self._patch(item.seq, item.patch)
            self.legal = item.legal
            self.status = self.view.get("rules") or {}
            self._take_log(item.log, item.history, item.log_start)
            self.version = next(_VERSIONS)
        return bool(items)

    def _take_log(self, lines: list[dict[str, Any]], history: bool, start: int = 0) -> None:
        """Lines from the stream: a whole view's start the log again; an undo line takes its entry out (as the
        table's log drops it), a redo line puts it back under its new number."""
        if history:
            self.log = []
            self.log_start = start
        for line in lines:
            if line.get("kind") == "undo":
                seq = line.get("seq")
                for i in range(len(self.log) - 1, -1, -1):
                    if self.log[i][1].get("seq") == seq:
                        del self.log[i]
                        break
                continue
            self.log.append((next(self._keys), line))
        if len(self.log) > LOG_KEEP:
            self.log_start += len(self.log) - LOG_KEEP
            del self.log[: len(self.log) - LOG_KEEP]

    def _patch(self, seq: int, patch: dict[str, Any]) -> None:
        assert self.patched is not None
        body = dict(patch)
        body["seq"] = seq
        self.view = self.patched.apply(body)
        if not self.layout.apply(self.view, body, self.patched.where):
            self.layout = build_layout(self.view, self.seat, self.room)
            self.full_builds += 1

    def card_of(self, name: str) -> str | None:
        """The card reference of a piece this seat sees by that name (None: unknown or face-down to it)."""
        if self.patched is None:
            return None
        p = self.patched.pieces.get(name)
        return p.get("card") if p is not None else None

    @property
    def cards(self) -> CardsSeen:
        """Piece name -> card reference, for the pieces this seat sees face up (a read-only mapping)."""
        return CardsSeen(self)

    def known(self, name: str) -> bool:
        """Whether a piece of that name is in the seat's view now."""
        return self.patched is not None and name in self.patched.where


class CardsSeen(Mapping[str, str]):
    """The card reference of each piece a seat sees, read from its view without copying it."""

    def __init__(self, table: TableView) -> None:
        self.table = table

    def __getitem__(self, name: str) -> str:
        ref = self.table.card_of(name)
        if ref is None:
            raise KeyError(name)
        return ref

    def __iter__(self) -> Iterator[str]:
        pv = self.table.patched
        return iter([n for n, p in pv.pieces.items() if p.get("card")] if pv is not None else [])

    def __len__(self) -> int:
        return sum(1 for _ in self)
