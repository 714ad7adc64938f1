"""A kept game on a timeline: the table after any entry of its log, as any seat (or a spectator) saw it then.

The log's events are invertible, so the table at the start is the final table with every entry reverted, newest
first; the timeline keeps a copy of the table every `every` entries on the way forward (as the journal keeps
snapshots), and a seek copies the nearest snapshot before the point and applies at most `every` entries' events.
So a seek costs the same anywhere in a long game. Nothing here draws: the replay window and the bench use it alike.

Points are counted in entries: point 0 is the table before the first logged entry, point `len(log)` the end.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from typing import Any

from ...core.session import LogEntry, Session
from ...core.state import GameState
from ...core.view import view
from ...game import session_for

__all__ = ["Timeline"]


def _apply(state: GameState, entries: Iterable[LogEntry]) -> None:
    for entry in entries:
        for event in entry.events:
            event.apply(state)


class Timeline:
    """The points of a kept game, with the turn starts, the broken rules and the bookmarks to jump to."""

    def __init__(self, session: Session, every: int = 200) -> None:
        self.entries: list[LogEntry] = list(session.history)
        self.every = max(1, every)
        self.rules = session.rules
        state = session.state.copy()
        for entry in reversed(self.entries):
            for event in reversed(entry.events):
                event.revert(state)
        self._snaps: dict[int, GameState] = {0: state.copy()}
        for i, entry in enumerate(self.entries, 1):
            _apply(state, (entry,))
            if i % self.every == 0:
                self._snaps[i] = state.copy()
        self._points = sorted(self._snaps)
        self.turns, self.steps = self._marks()
        self.violations = [i for i, e in enumerate(self.entries, 1) if e.violations]
        #: points a player marked, with a name each (kept in the save by the caller)
        self.bookmarks: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def _marks(self) -> tuple[list[int], list[int]]:
        """The points where the ruleset's turn (or round) and its step (or phase) changed (freeform: none)."""
        turns: list[int] = []
        steps: list[int] = []
        state = self._snaps[0].copy()

        def now() -> tuple[tuple[Any, ...], tuple[Any, ...]]:
            r = state.rules
            return (r.get("turn"), r.get("round"), r.get("active")), (r.get("step"), r.get("phase"))

        last = now()
        for i, entry in enumerate(self.entries, 1):
            _apply(state, (entry,))
            turn, step = now()
            if turn != last[0]:
                turns.append(i)
            if step != last[1] or turn != last[0]:
                steps.append(i)
            last = (turn, step)
        return turns, steps

    def state_at(self, point: int) -> GameState:
        """The table after `point` entries (a fresh copy the caller owns)."""
        point = max(0, min(len(self.entries), point))
        base = self._points[bisect.bisect_right(self._points, point) - 1]
        state = self._snaps[base].copy()
        _apply(state, self.entries[base:point])
        if self.entries:  # the log's number is the session's, not an event's: set as it stood at that point
            state.seq = self.entries[point - 1].seq if point else self.entries[0].seq - 1
        return state

    def view_at(self, point: int, seat: int | None) -> dict[str, Any]:
        """What `seat` saw after `point` entries (None: a spectator, public information only)."""
        return view(self.state_at(point), seat, self.rules)

    def session_at(self, point: int) -> Session:
        """The game at `point` as a session of its own, its log up to there ("play from here" branches it)."""
        return session_for(self.state_at(point), list(self.entries[:point]))

    def next_mark(self, point: int, marks: list[int], forward: bool = True) -> int:
        """The next (or previous) point of `marks` after (before) `point`; the end (start) when there is none."""
        if forward:
            k = bisect.bisect_right(marks, point)
            return marks[k] if k < len(marks) else len(self.entries)
        k = bisect.bisect_left(marks, point)
        return marks[k - 1] if k > 0 else 0
