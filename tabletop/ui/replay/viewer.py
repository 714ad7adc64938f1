"""The replay viewer: a kept game (a save with its log) on the window's table, stepped along its timeline.

The table is read-only: an action is refused with how to play on ("Enter: play from here" branches a new game at
that point, as `tabletop branch` does). Keys while replaying: Left / Right a step, Shift a turn, Alt a step of the
rules (a phase), Ctrl a broken rule (warn games), Home / End the ends, Space plays at the chosen speed (+ / -),
Tab looks as the next seat or as a spectator (public information only), B marks the point, Esc leaves.
The top bar says where the replay is and the keys.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...core import actions as A
from ...core.session import Result, Session
from ...lab.replay import Timeline
from ..app.source import LocalSource

__all__ = ["ReplayMixin", "ReplaySource"]

#: the playing speeds, in steps per second
SPEEDS = (1.0, 2.0, 5.0, 10.0, 25.0)


class ReplaySource(LocalSource):
    """A point of a timeline as a table source: any seat or a spectator looks, nobody changes anything."""

    kind = "replay"
    hotseat = False

    def __init__(self, timeline: Timeline, point: int) -> None:
        self.timeline = timeline
        self.point = point
        self.playing = False
        self.speed = 1
        super().__init__(timeline.session_at(point))

    def goto(self, point: int) -> None:
        self.point = max(0, min(len(self.timeline), point))
        self.session = self.timeline.session_at(self.point)

    def submit(self, action: A.Action, seat: int | None) -> Result | None:
        return Result(False, error="this is a replay: press Enter to play on from here (a new game)", code="replay")

    def undo(self, seat: int | None) -> Result | None:
        return self.submit(A.Chat("undo"), seat)

    redo = undo

    def can_turn_dial(self, seat: int | None) -> bool:
        return False

    def connection_lines(self, seat: int | None, names: Any) -> list[str]:
        t = self.timeline
        who = "a spectator" if seat is None else names.get(seat, f"Seat {seat + 1}")
        mark = t.bookmarks.get(self.point)
        where = f"replay {self.point}/{len(t)}" + (f" «{mark}»" if mark else "") + f" as {who}"
        state = "playing ×" + f"{SPEEDS[self.speed]:g}" if self.playing else "paused"
        keys = "←/→ step, Shift turn, Alt phase, Ctrl broken rule, Space play, Tab seat, Enter play from here"
        return [f"{where} · {state} · {keys}", f"{where} · {state} · ←/→ step, Enter play from here", where]


class ReplayMixin:
    """Opening a replay and its keys (a part of `TableApp`)."""

    _replay_clock = 0.0

    def open_replay(self: Any, session: Session, point: int | None = None) -> None:
        """Show `session`'s kept game on the timeline, at `point` (default: its end)."""
        timeline = Timeline(session)
        source = ReplaySource(timeline, len(timeline) if point is None else point)
        self.set_source(source, self.seat if self.seat is not None else 0)
        self.notify(f"Replay of {len(timeline)} actions: ←/→ to step, Space to play, Enter to play from here", "info",
                    6.0)

    @property
    def replaying(self: Any) -> ReplaySource | None:
        return self.source if isinstance(self.source, ReplaySource) else None

    def replay_key(self: Any, key: int, mods: int) -> bool:
        """A key while replaying; whether the replay took it."""
        r = self.replaying
        if r is None:
            return False
        t = r.timeline
        step = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1}.get(key)
        if step is not None:
            marks = t.violations if mods & pygame.KMOD_CTRL else t.turns if mods & pygame.KMOD_SHIFT else \
                t.steps if mods & pygame.KMOD_ALT else None
            self.replay_goto(t.next_mark(r.point, marks, step > 0) if marks is not None else r.point + step)
            return True
        handlers = {
            pygame.K_HOME: lambda: self.replay_goto(0),
            pygame.K_END: lambda: self.replay_goto(len(t)),
            pygame.K_SPACE: lambda: setattr(r, "playing", not r.playing),
            pygame.K_PLUS: lambda: setattr(r, "speed", min(len(SPEEDS) - 1, r.speed + 1)),
            pygame.K_EQUALS: lambda: setattr(r, "speed", min(len(SPEEDS) - 1, r.speed + 1)),
            pygame.K_MINUS: lambda: setattr(r, "speed", max(0, r.speed - 1)),
            pygame.K_TAB: self.replay_next_seat,
            pygame.K_b: lambda: self._bookmark(r),
            pygame.K_RETURN: self.play_from_here,
            pygame.K_ESCAPE: lambda: setattr(r, "playing", False),
        }
        handler = handlers.get(key)
        if handler is None:
            return False
        handler()
        self.view_key = None
        self.refresh(force=True)
        return True

    def _bookmark(self: Any, r: ReplaySource) -> None:
        r.timeline.bookmarks[r.point] = f"mark {len(r.timeline.bookmarks) + 1}"
        self.notify(f"Marked point {r.point}", "info", 2.0)

    def replay_goto(self: Any, point: int) -> None:
        r = self.replaying
        if r is None:
            return
        r.goto(point)
        self._open_stream()
        self.view_key = None
        self.refresh(force=True)

    def replay_next_seat(self: Any) -> None:
        """Tab: the next seat's view, then a spectator's (public information only), then the first seat's."""
        r = self.replaying
        seats: list[int | None] = [*r.session.state.seats, None]
        self.seat = seats[(seats.index(self.seat) + 1) % len(seats)] if self.seat in seats else seats[0]
        self.replay_goto(r.point)

    def play_from_here(self: Any) -> None:
        """Enter: a new game from this point (the replay's log up to here), to play on as any other game."""
        r = self.replaying
        if r is None:
            return
        point = r.point
        self.set_session(r.timeline.session_at(point), self.seat if self.seat is not None else 0)
        self.notify(f"Playing on from point {point} of the replay (a new game: save it to keep it)", "info", 5.0)

    def replay_tick(self: Any, dt: float) -> None:
        """Play at the chosen speed."""
        r = self.replaying
        if r is None or not r.playing:
            return
        self._replay_clock += dt * SPEEDS[r.speed]
        steps = int(self._replay_clock)
        if steps:
            self._replay_clock -= steps
            if r.point >= len(r.timeline):
                r.playing = False
                return
            self.replay_goto(r.point + steps)
