"""The log numbers what its reader sees: 1, 2, 3 down the panel, with no gap where an undone line was, the same
after a redo and for every seat (the engine's sequence numbers go on counting undone actions: they are not shown)."""

from __future__ import annotations

import re

import pygame

from tabletop.core import actions as A
from tabletop.core.stream import SeatStream
from tabletop.game import quick_table
from tabletop.ui import TableApp
from tabletop.ui.table.tableview import TableView


def _numbers(app: TableApp) -> list[int]:
    """The numbers at the start of the log panel's lines, as drawn (`<font color='#8a949e'>N</font>`)."""
    app.run_frames(2)
    return [int(n) for n in re.findall(r"(?:^|<br>)<font color='#8a949e'>(\d+)</font>", app.side.log_text)]


def test_lines_are_numbered_as_seen_after_undo_and_redo_for_each_seat():
    session = quick_table(seed=7)
    app = TableApp(session, seat=0, size=(1280, 800), fps=0)
    try:
        assert session.submit(A.Draw(1, source="deck", to="hand:0"), 0).accepted
        assert session.submit(A.Draw(1, source="deck", to="hand:0"), 0).accepted
        assert _numbers(app) == [1, 2]
        assert session.undo(0, agreed=session.state.seats).accepted
        assert session.undo(0, agreed=session.state.seats).accepted
        assert _numbers(app) == []
        # after an undo a new log starts at 1, not at the engine's next sequence number; a chat line is no move
        # of the game and takes no number
        assert session.submit(A.Chat("fresh"), 0).accepted
        assert session.state.seq > 1
        assert _numbers(app) == []
        assert session.submit(A.Draw(1, source="deck", to="hand:1"), 1).accepted
        assert session.submit(A.Draw(1, source="deck", to="hand:0"), 0).accepted
        assert _numbers(app) == [1, 2]
        assert session.undo(0, agreed=session.state.seats).accepted
        assert _numbers(app) == [1]
        assert session.redo(0).accepted
        assert _numbers(app) == [1, 2]
        assert "says: fresh" in app.side.log_text.split("<br>")[0]
        # every seat reads the same numbers, and a fresh stream (another seat, a hotseat switch) starts at 1 too
        for seat in (1, 0):
            app.switch_seat(seat)
            assert _numbers(app) == [1, 2], seat
    finally:
        pygame.event.clear()


def test_a_history_that_starts_late_numbers_from_where_it_starts():
    """A whole view brings the log's last lines: the window numbers them from their place in the whole log."""
    session = quick_table(seed=7)
    for i in range(205):
        assert session.submit(A.Chat(f"line {i}"), i % 2).accepted
    stream = SeatStream(session, 1)
    item = stream.take()[0]
    assert item.history and item.log_start == 205 - len(item.log) > 0
    table = TableView(1)
    table.feed([item])
    assert table.log_start + len(table.log) == 205
    stream.close()


def test_a_joined_window_numbers_from_where_the_welcome_starts():
    """A joined seat's stream carries the welcome's `log_start`, so its window numbers as the host's does."""
    from tabletop.ui.app.streams import _RemoteStream

    lines = [{"seq": 300 + i, "seat": 0, "kind": "submit", "action": {"type": "chat", "text": "hi"}} for i in range(3)]
    view = {"seat": 1, "seq": 302, "zones": [], "players": [], "rules": {}}
    table = TableView(1)
    table.feed(_RemoteStream(view, None, lines, 297).take())
    assert table.log_start == 297 and len(table.log) == 3
    stream = _RemoteStream(view, None, [])
    stream.put({"view": view, "log": lines, "log_start": 120})
    table.feed(stream.take()[1:])
    assert table.log_start == 120
