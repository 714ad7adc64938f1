"""`tabletop serve`'s console (commands/serveconsole.py): who, kick SEAT, kick-watcher NAME, spectators on|off, and
a clear answer to anything else, run against a sans-I/O host with raw clients."""

from __future__ import annotations

import io

from tabletop.commands.serveconsole import console_line, console_wanted
from tabletop.game import quick_table
from tests.net.leakscan import Table


def _table() -> tuple[Table, object, object, object]:
    session = quick_table(seed=5)
    session.hosts = set()
    t = Table(session)
    return t, t.join(seat=0, name="ann"), t.join(seat=1, name="bob"), t.join(seat=None, name="sue")


def test_who_lists_the_seats_and_the_spectators() -> None:
    t, *_ = _table()
    assert console_line(t.host, "who") == ("seat 1: ann, connected; seat 2: bob, connected; spectators: sue")


def test_kick_a_seat_and_a_watcher_and_turn_spectators_off() -> None:
    t, ann, bob, sue = _table()
    answers: list[str] = []
    t.step(lambda: answers.append(console_line(t.host, "kick 2")))
    t.step(lambda: answers.append(console_line(t.host, "kick-watcher SUE")))
    t.step(lambda: answers.append(console_line(t.host, "spectators off")))
    assert answers == ["done", "done", "spectators: off"]
    assert bob.closed and sue.closed and ann.closed is None  # type: ignore[attr-defined]
    assert console_line(t.host, "who") == "seat 1: ann, connected; seat 2: Seat 2, open; spectators: none (off)"


def test_bad_console_lines_are_answered_and_change_nothing() -> None:
    t, *_ = _table()
    before = (dict(t.host.records), t.host.watcher_list())
    assert console_line(t.host, "kick two").startswith("kick: 'two' is no seat number")
    assert console_line(t.host, "kick 9") == "there is no seat 9"
    assert console_line(t.host, "kick 0").startswith("kick: '0' is no seat number")
    assert console_line(t.host, "kick-watcher tom").startswith("kick-watcher: no one spectator is called 'tom'")
    assert console_line(t.host, "spectators maybe").startswith("unknown command")
    assert console_line(t.host, "reboot").startswith("unknown command 'reboot'")
    assert console_line(t.host, "help").startswith("who:")
    assert console_line(t.host, "   ") == ""
    assert (dict(t.host.records), t.host.watcher_list()) == before


def test_a_console_reads_a_pipe_but_nothing_without_a_descriptor() -> None:
    assert console_wanted(io.StringIO("who\n")) is False  # no descriptor: nothing to read safely


def test_kick_close_and_open_a_seat_from_the_console() -> None:
    t, ann, bob, _ = _table()
    answers: list[str] = []
    t.step(lambda: answers.append(console_line(t.host, "kick 2 close")))
    assert answers == ["done"] and bob.closed  # type: ignore[attr-defined]
    assert "seat 2: Seat 2, closed" in console_line(t.host, "who")
    assert console_line(t.host, "kick 2 now").startswith("kick: 'now': only 'close' may follow")
    assert console_line(t.host, "close 1") == "Seat 1 has a player: remove them to close it"
    assert console_line(t.host, "open 2") == "done" and "seat 2: Seat 2, open" in console_line(t.host, "who")
