"""A kept game on a timeline: the table after any entry of its log, as any seat (or a spectator) saw it then.

The log's events are invertible, so the table at the start is the final table with every entry reverted, newest
first; the timeline keeps a copy of the table every `every` entries on the way forward (as the journal keeps
snapshots), and a seek copies the nearest snapshot before the point and applies at most `every` entries' events.
So a seek costs the same anywhere in a long game. Nothing here draws: the replay window and the bench use it alike.

Points are counted in entries: point 0 is the table before the first logged entry, point `len(log)` the end.
Bookmarks are kept by point here and by log sequence number in the save (`bookmarks:`, docs/FORMATS.md), so they
mean the same point after the log is read again. `open_replay` reads any kept game the same way: a save with its
log, a save continued by its journal, a journal alone, or a save someone sent.
"""

from __future__ import annotations

import bisect
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..core.session import LogEntry, Session
from ..core.state import GameState
from ..core.view import view
from ..errors import TabletopError
from ..game import session_for
from ..store import atomic_write, dump_save, open_game, read_bookmarks
from ..store.savefile import MAX_BOOKMARK_NAME
from .branch import branch_session, default_branch_path

__all__ = ["ReplayError", "Timeline", "open_replay", "save_path_for"]


class ReplayError(TabletopError, ValueError):
    """A kept game that cannot be replayed (no log), or a bookmark that cannot be kept."""


def _apply(state: GameState, entries: Iterable[LogEntry]) -> None:
    for entry in entries:
        for event in entry.events:
            event.apply(state)


class Timeline:
    """The points of a kept game, with the turn starts, the broken rules and the bookmarks to jump to."""

    def __init__(self, session: Session, every: int = 200) -> None:
        self.session = session
        self.entries: list[LogEntry] = list(session.history)
        #: the file the game was read from (None: a game in memory); bookmarks are written back to its save
        self.path: Path | None = None
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
        #: points a player marked, with a name each: the game's own (`Session.bookmarks`, by log sequence number)
        #: by point, kept in the session too, so whatever saves the game keeps them
        self.bookmarks: dict[int, str] = {self.point_of(seq): name for seq, name in sorted(session.bookmarks.items())}

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

    # -- points and log sequence numbers ------------------------------------------------------------------------

    def seq_of(self, point: int) -> int:
        """The log sequence number the table stood at after `point` entries (what `branch --at` takes)."""
        if not self.entries:
            return self.session.state.seq
        return self.entries[point - 1].seq if point else self.entries[0].seq - 1

    def point_of(self, seq: int) -> int:
        """The point whose table stood at log sequence number `seq` (the last one at or before it)."""
        return bisect.bisect_right([e.seq for e in self.entries], seq)

    # -- bookmarks ----------------------------------------------------------------------------------------------

    def mark(self, point: int, name: str) -> None:
        """Name `point` (a new name replaces the old one); refuses an empty or overlong name."""
        name = " ".join(name.split())
        if not name or len(name) > MAX_BOOKMARK_NAME:
            raise ReplayError(f"a bookmark's name is 1 to {MAX_BOOKMARK_NAME} characters")
        self.bookmarks[max(0, min(len(self.entries), point))] = name
        self.session.bookmarks = self.bookmarks_by_seq()

    def rename(self, point: int, name: str) -> None:
        """A new name for the bookmark at `point`; refuses a point with none, or an empty or overlong name."""
        if point not in self.bookmarks:
            raise ReplayError(f"there is no bookmark at point {point}")
        self.mark(point, name)

    def unmark(self, point: int) -> None:
        """Delete the bookmark at `point` (none there: nothing changes)."""
        self.bookmarks.pop(point, None)
        self.session.bookmarks = self.bookmarks_by_seq()

    def bookmarks_by_seq(self) -> dict[int, str]:
        return {self.seq_of(p): name for p, name in self.bookmarks.items()}

    def save_bookmarks(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Write the game with its bookmarks to its save (atomically): the table and log are the same game."""
        target = Path(path) if path is not None else save_path_for(self.path) if self.path is not None else None
        if target is None:
            raise ReplayError("this replay was not read from a file: save the game first to keep bookmarks")
        atomic_write(target, dump_save(self.session.state, self.session.history, self.bookmarks_by_seq()))
        return target

    # -- play from here -----------------------------------------------------------------------------------------

    def play_from(self, point: int, out: str | os.PathLike[str] | None = None) -> tuple[Session, Path | None]:
        """A new game at `point`, as `tabletop branch` makes it (the RNG wound back too), written beside the save.

        Returns the session and the file it was written to (None for a game that came from no file)."""
        seq = self.seq_of(point)
        branched = branch_session(self.session, seq)
        branched.bookmarks = {s: name for s, name in self.bookmarks_by_seq().items() if s <= seq}  # the ones up to here
        if out is None and self.path is None:
            return branched, None
        target = Path(out) if out is not None else _free(default_branch_path(save_path_for(self.path), seq))
        atomic_write(target, dump_save(branched.state, branched.history, branched.bookmarks))
        return branched, target


def save_path_for(path: str | os.PathLike[str]) -> Path:
    """The YAML save a kept game's bookmarks go to: the save itself, or for a journal alone the save beside it."""
    p = Path(path)
    return p.with_suffix(".yaml") if p.suffix == ".journal" else p


def _free(path: Path) -> Path:
    """`path`, or `name-2.yaml`, `name-3.yaml`... when it is taken (a branch never overwrites a file)."""
    n = 2
    candidate = path
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        n += 1
    return candidate


def open_replay(path: str | os.PathLike[str], every: int = 200) -> Timeline:
    """A kept game on its timeline with its bookmarks; raises store.SaveError or ReplayError (no log to replay)."""
    path = Path(path)
    loaded = open_game(path)
    session = session_for(loaded.state, loaded.history)
    if not session.history:
        raise ReplayError(f"{path} keeps no log to replay (a save with its log, a journal, or `simulate --keep`)")
    marks = loaded.bookmarks
    save = save_path_for(path)
    if not marks and save != Path(loaded.source) and save.exists():  # a journal alone: the save beside has them
        marks = read_bookmarks(save)
    session.bookmarks = dict(marks)
    timeline = Timeline(session, every)
    timeline.path = path
    return timeline

