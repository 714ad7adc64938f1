"""`tabletop serve`'s console: the one who runs a headless host moderates from its terminal, as the `host` window's
player does from the Players window (net/moderation.py): `who`, `kick SEAT`, `kick-watcher NAME`, `spectators
on|off`, `help`. Lines are read on a thread of their own (stdin blocks) and run on the host's loop."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from collections.abc import Callable
from typing import Any, TextIO

__all__ = ["COMMANDS", "console_line", "console_wanted", "start_console"]

COMMANDS = ("who: the seats and the spectators; kick SEAT [close]: remove the player of seat SEAT (from 1; their "
            "token is revoked; the seat opens, or with close stays closed); close SEAT / open SEAT: nobody / anyone "
            "may take an empty seat; kick-watcher NAME: remove a spectator; spectators on|off; help")


def console_line(protocol: Any, line: str) -> str:
    """Run one console line against the host's protocol (on its loop); the answer to print."""
    words = line.split()
    if not words:
        return ""
    verb, args = words[0].lower(), words[1:]
    if verb == "who":
        return _who(protocol)
    if verb in ("kick", "close", "open") and args and (verb == "kick" or len(args) == 1):
        if not args[0].isdigit() or int(args[0]) < 1:
            return f"{verb}: {args[0]!r} is no seat number (seats count from 1)"
        seat = int(args[0]) - 1
        if verb != "kick":
            return protocol.close_seat(seat, verb == "close") or "done"
        if args[1:] not in ([], ["close"]):
            return f"kick: {' '.join(args[1:])!r}: only 'close' may follow the seat"
        return protocol.remove_seat(seat, None, args[1:] == ["close"]) or "done"
    if verb == "kick-watcher" and args:
        name = " ".join(args)
        found = [w for w in protocol.watcher_list() if w["name"].casefold() == name.casefold()]
        if len(found) != 1:
            return f"kick-watcher: no one spectator is called {name!r} (who lists them)"
        return protocol.remove_watcher(found[0]["id"]) or "done"
    if verb == "spectators" and args and args[0].lower() in ("on", "off"):
        return protocol.set_spectators(args[0].lower() == "on") or f"spectators: {args[0].lower()}"
    return f"unknown command {line.strip()!r}: {COMMANDS}" if verb != "help" else COMMANDS


def _who(protocol: Any) -> str:
    seats = [f"seat {p['seat'] + 1}: {p['name']}, " + ("connected" if p["connected"] else "away" if p["claimed"]
                                                       else "closed" if p.get("closed") else "open")
             for p in protocol.players()]
    watchers = [w["name"] for w in protocol.watcher_list()]
    spectators = "spectators: " + (", ".join(watchers) or "none") + ("" if protocol.spectators_allowed else " (off)")
    return "; ".join(seats + [spectators])


def console_wanted(stream: TextIO | None = None) -> bool:
    """Whether to read commands from `stream` (stdin): a pipe or a file, or a terminal this process has in the
    foreground (a `serve &` in the background reading its terminal would be stopped by the shell)."""
    source = stream if stream is not None else sys.stdin
    try:
        fd = source.fileno()
    except (AttributeError, OSError, ValueError):
        return False
    if not os.isatty(fd):
        return True
    try:
        return os.tcgetpgrp(fd) == os.getpgrp()
    except (AttributeError, OSError):  # no job control here (Windows): a terminal is read
        return True


def start_console(host: Any, loop: asyncio.AbstractEventLoop, say: Callable[[str], None],
                  stream: TextIO | None = None) -> threading.Thread:
    """Read console lines from `stream` (stdin) until it ends; each runs on `loop` and its answer is `say`-ed."""
    source = stream if stream is not None else sys.stdin

    def run(line: str) -> None:
        if host.protocol is None:
            return
        answer = console_line(host.protocol, line)
        host.pump()
        if answer:
            say(answer)

    def read() -> None:
        try:
            for line in source:
                if loop.is_closed():
                    return
                loop.call_soon_threadsafe(run, line)
        except (OSError, ValueError, RuntimeError):  # stdin closed, or the loop stopped under us
            return

    thread = threading.Thread(target=read, name="tabletop-serve-console", daemon=True)
    thread.start()
    return thread
