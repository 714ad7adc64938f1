"""The replay viewer: a kept game (a save with its log) on the window's table, stepped along its timeline.

The table is read-only: an action is refused with how to play on ("Enter: play from here" branches a new game at
that point, as `tabletop branch` does). Keys while replaying: Left / Right a step, Shift a turn, Alt a step of the
rules (a phase), Ctrl a broken rule (warn games), Home / End the ends, Space plays at the chosen speed (+ / -),
Tab looks as the next seat or as a spectator (public information only), B marks the point (or renames its
bookmark to the name typed in the bar), Delete removes its bookmark, Esc pauses.
The replay bar (bar.py) does the same with the mouse: the timeline to drag, the buttons, the seat, the bookmarks.
The top bar says where the replay is and the keys.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from ...core import actions as A
from ...core.session import Result, Session
from ...errors import TabletopError
from ...lab.replay import ReplayError, Timeline, open_replay, save_path_for
from ..app.source import LocalSource
from ..panels.topbar import bar_height
from .bar import ReplayBar, bar_rows_height

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

    def save(self, path: Any) -> None:
        """Ctrl+S in a replay: the whole game (not the point it stands at) with its bookmarks."""
        from ...store import save_game

        save_game(self.timeline.session, path)

    def connection_lines(self, seat: int | None, names: Any) -> list[str]:
        t = self.timeline
        who = "a spectator" if seat is None else names.get(seat, f"Seat {seat + 1}")
        mark = t.bookmarks.get(self.point)
        where = f"replay {self.point}/{len(t)}" + (f" «{mark}»" if mark else "") + f" as {who}"
        state = "playing ×" + f"{SPEEDS[self.speed]:g}" if self.playing else "paused"
        keys = "Left/Right step, Shift turn, Alt phase, Ctrl broken rule, Space play, Tab seat, Enter play from here"
        return [f"{where} · {state} · {keys}", f"{where} · {state} · Left/Right step, Enter play from here", where]


class ReplayMixin:
    """Opening a replay, its timeline bar and its keys (a part of `TableApp`)."""

    _replay_clock = 0.0
    _replay_bar: ReplayBar | None = None

    def open_replay(self: Any, session: Session | Timeline, point: int | None = None) -> None:
        """Show a kept game (a session, or a timeline read from a file) on the timeline, at `point` (default: its
        end)."""
        timeline = session if isinstance(session, Timeline) else Timeline(session)
        if timeline.path is not None:  # Ctrl+S writes the game to its own save, never over the game open before
            self.save_path = save_path_for(timeline.path)
        source = ReplaySource(timeline, len(timeline) if point is None else point)
        self.set_source(source, self.seat if self.seat is not None else 0)  # places the bar
        self.notify(f"Replay of {len(timeline)} actions: drag the timeline or Left/Right to step, Space to play, "
                    "Enter to play from here", "info", 6.0)

    def open_replay_file(self: Any, path: str | Path) -> bool:
        """Replay a kept game from a file (a save with its log, a journal, a replay someone sent)."""
        try:
            timeline = open_replay(path)
        except (TabletopError, OSError) as e:
            text = str(e) if str(e).startswith(str(path)) else f"{path}: {e}"
            self.notify(f"Could not replay {text}"[:300], "error", 8.0)
            return False
        self.open_replay(timeline)
        return True

    def replay_height(self: Any) -> int:
        """The pixels the replay bar takes above the table (none when no replay is open)."""
        return bar_rows_height() if self.replaying is not None else 0

    @property
    def replay_bar(self: Any) -> Any:
        """The timeline to drag (a pygame-gui horizontal slider); None outside a replay."""
        return self._replay_bar.slider if self._replay_bar is not None else None

    def place_replay_bar(self: Any) -> None:
        """The replay bar above the table (again after a new source or a resize); none outside a replay."""
        if self.replaying is not None:
            self._replay_bar_open()
        else:
            self._replay_bar_close()

    def _replay_bar_open(self: Any) -> None:
        r = self.replaying
        self._replay_bar_close()
        w = max(100, self.size[0] - self.side_w())
        rect = pygame.Rect(0, bar_height(self.size[0]) + self._hud_height(), w, bar_rows_height())
        seats: list[tuple[str, int | None]] = [(f"As {p.name or f'Seat {p.seat + 1}'}", p.seat)
                                               for p in r.session.state.players]
        seats.append(("As a spectator", None))
        self._replay_bar = ReplayBar(self.manager, rect, len(r.timeline), r.point, seats, self.seat,
                                     r.timeline.bookmarks)
        viewport = self._viewport()
        if viewport != self.camera.viewport:  # the table gave the bar its height: fit it to what is left
            self.camera.viewport = viewport
            self.fit()
        self._replay_sync()

    def _replay_bar_close(self: Any) -> None:
        if self._replay_bar is not None:
            self._replay_bar.kill()
            self._replay_bar = None
            self.camera.viewport = self._viewport()

    def _replay_sync(self: Any) -> None:
        r, bar = self.replaying, self._replay_bar
        if r is not None and bar is not None:
            bar.sync(r.point, r.playing, SPEEDS[r.speed], r.point in r.timeline.bookmarks)

    def _to_replay_bar(self: Any, event: pygame.event.Event, el: Any) -> bool:
        """A widget event of the replay bar (the `ui_event` protocol)."""
        bar = self._replay_bar
        asked = bar.handle(event) if bar is not None and self.replaying is not None else None
        if asked is None:
            return False
        what, arg = asked
        if what == "goto":
            if arg != self.replaying.point:
                self.replay_goto(arg)
        elif what == "button":
            self._replay_button(arg)
        elif what == "seat":
            self.seat = arg
            self.replay_goto(self.replaying.point)
        elif what == "mark":
            self._bookmark(self.replaying, arg)
        elif what == "unmark":
            self._unmark(self.replaying)
        elif what == "branch":
            self.play_from_here()
        return True

    def _replay_button(self: Any, key: str) -> None:
        keys = {"start": (pygame.K_HOME, 0), "back": (pygame.K_LEFT, 0), "play": (pygame.K_SPACE, 0),
                "fwd": (pygame.K_RIGHT, 0), "end": (pygame.K_END, 0),
                "turn-": (pygame.K_LEFT, pygame.KMOD_SHIFT), "turn+": (pygame.K_RIGHT, pygame.KMOD_SHIFT),
                "step-": (pygame.K_LEFT, pygame.KMOD_ALT), "step+": (pygame.K_RIGHT, pygame.KMOD_ALT),
                "rule-": (pygame.K_LEFT, pygame.KMOD_CTRL), "rule+": (pygame.K_RIGHT, pygame.KMOD_CTRL),
                "slower": (pygame.K_MINUS, 0), "faster": (pygame.K_PLUS, 0)}
        self.replay_key(*keys[key])

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
            pygame.K_b: lambda: self._bookmark(r, self._replay_bar.name.get_text() if self._replay_bar else ""),
            pygame.K_DELETE: lambda: self._unmark(r),
            pygame.K_RETURN: self.play_from_here,
            pygame.K_ESCAPE: lambda: setattr(r, "playing", False),
        }
        handler = handlers.get(key)
        if handler is None:
            return False
        handler()
        self.view_key = None
        self._replay_sync()
        self.refresh(force=True)
        return True

    def _bookmark(self: Any, r: ReplaySource, name: str = "") -> None:
        """Name this point (B or Mark; the name typed in the bar, else "mark N") and keep it in the save; where a
        bookmark stands, the name typed renames it (Rename)."""
        t = r.timeline
        old = t.bookmarks.get(r.point)
        if old is not None and not name.strip():
            self.notify(f"Type a new name for «{old}» in the bar, then Rename (or Delete it)", "info", 4.0)
            return
        try:
            t.mark(r.point, name or f"mark {len(t.bookmarks) + 1}")
        except ReplayError as e:
            self.notify(str(e), "error", 4.0)
            return
        what = f"Bookmark «{old}» renamed «{t.bookmarks[r.point]}»" if old is not None else \
            f"Bookmark «{t.bookmarks[r.point]}»"
        self.notify(f"{what} at point {r.point}{self._keep_bookmarks(t)}", "info", 4.0)

    def bookmark_game(self: Any) -> None:
        """Ctrl+B: name the point the game stands at ("mark N"), kept in the save with the game (Ctrl+S, and the
        autosave's); the replay viewer renames, deletes and jumps to it. In a replay: B's bookmark."""
        r = self.replaying
        if r is not None:
            self._bookmark(r, self._replay_bar.name.get_text() if self._replay_bar is not None else "")
            return
        source, session = self.source, self.session
        if source is None or session is None or source.kind == "remote":
            self.notify("The host keeps this game's save and its bookmarks", "info", 3.0)
            return
        seq = session.history[-1].seq if session.history else 0
        marks = dict(session.bookmarks)
        name = marks.setdefault(seq, f"mark {len(marks) + 1}")
        try:  # journaled first when the game autosaves (store/autosave.py): made only once it is on disk
            session.bookmarks = marks
        except TabletopError as e:
            self.notify(f"Bookmark not made: {e}"[:300], "error", 6.0)
            return
        kept = "Ctrl+S keeps it with the game" if self.save_path is None or source.kind != "local" else \
            f"Ctrl+S keeps it in {self.save_path.name}"
        if session.bookmark_keepers:  # the autosave journaled it before it was made
            kept = "kept by the autosave"
        # the replay's timeline counts every action (a pointer, a chat line too); the log numbers only what it shows
        point = len(session.history)
        self.notify(f"Bookmark «{name}» set here (point {point} on the replay's timeline): {kept}; rename it in "
                    "the replay viewer", "info", 4.0)

    def _unmark(self: Any, r: ReplaySource) -> None:
        """Delete the bookmark where the replay stands (Delete), in the save too."""
        t = r.timeline
        old = t.bookmarks.get(r.point)
        if old is None:
            self.notify(f"No bookmark at point {r.point}: pick one from Bookmarks… to delete it", "info", 4.0)
            return
        t.unmark(r.point)
        self.notify(f"Bookmark «{old}» at point {r.point} deleted{self._keep_bookmarks(t)}", "info", 4.0)

    def _keep_bookmarks(self: Any, t: Timeline) -> str:
        """Write the bookmarks to the game's save and show them in the bar; the words saying where they went."""
        where = " (Ctrl+S keeps them with the game)"
        if t.path is not None:
            try:
                where = f": kept in {t.save_bookmarks().name}"
            except (TabletopError, OSError) as e:
                where = f" (not kept: {e})"
        if self._replay_bar is not None:
            self._replay_bar.set_bookmarks(t.bookmarks)
            self._replay_bar.name.set_text("")
        self._replay_sync()
        self.refresh(force=True)  # the top bar names the bookmark where the replay stands
        return where

    def replay_goto(self: Any, point: int) -> None:
        r = self.replaying
        if r is None:
            return
        r.goto(point)
        self._open_stream()
        self.view_key = None
        self._replay_sync()
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
        try:
            session, path = r.timeline.play_from(point)
        except (TabletopError, OSError) as e:
            self.notify(f"Could not play on from here: {e}"[:300], "error", 8.0)
            return
        self._replay_bar_close()
        self.save_path = path
        self.set_session(session, self.seat if self.seat is not None else 0)
        kept = f", saved as {path.name}" if path is not None else " (save it to keep it)"
        self.notify(f"Playing on from point {point} of the replay: a new game{kept}", "info", 6.0)

    def replay_tick(self: Any, dt: float) -> None:
        """Play at the chosen speed."""
        r = self.replaying
        if r is None and self._replay_bar is not None:  # the replay was left (another game opened)
            self._replay_bar_close()
        if r is None or not r.playing:
            return
        self._replay_clock += dt * SPEEDS[r.speed]
        steps = int(self._replay_clock)
        if steps:
            self._replay_clock -= steps
            if r.point >= len(r.timeline):
                r.playing = False
                self._replay_sync()
                return
            self.replay_goto(r.point + steps)
