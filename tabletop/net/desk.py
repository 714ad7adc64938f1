"""A spectator's welcome kept ready on the host, so the network thread answers a spectator's hello at once.

A late join is mostly waiting: the hello goes from the host's network thread to its game thread, the welcome is
built there and comes back to be written. The game thread keeps one spectator's welcome ready here instead (the
same bytes it would build for that hello), and the network thread that reads a spectator's hello with the opening
handshake takes it and writes it right after the handshake's answer; the game thread seats that spectator later,
while the client reads its welcome.

Correct under concurrency because of one rule, kept by `HostProtocol`: before the game thread sends anything to
its connections (a patch, a players list, a snapshot, a notice), it empties the desk and seats every spectator
welcomed from it (`WelcomeDesk.close`). A welcome taken before that describes the table as it was before the
change, and its spectator is seated in time to get the change; after it, the desk is empty until the game thread
puts a welcome built after the change. So between a welcome and the first patch nothing is missed.
"""

from __future__ import annotations

import threading

__all__ = ["WelcomeDesk"]


class WelcomeDesk:
    """One spectator's welcome frame, put by the game thread and taken by the network thread, under a lock."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._frame: bytes | None = None
        #: spectators welcomed from the desk and not yet seated by the game thread: (connection, name)
        self._taken: list[tuple[int, str]] = []
        #: welcomes handed out from the desk since the start (tests and benches read it)
        self.handed = 0

    @property
    def ready(self) -> bool:
        return self._frame is not None

    def put(self, frame: bytes) -> None:
        """(game thread) The welcome a spectator joining now gets (built after every change sent so far)."""
        with self._lock:
            if self._taken:  # `close` first: a welcome taken from the desk is seated before another is offered
                raise RuntimeError("the welcome desk still holds spectators to seat")
            self._frame = frame

    def take(self, cid: int, name: str) -> bytes | None:
        """(network thread) The ready welcome for connection `cid`, or None (the game thread welcomes it then).

        The caller writes the frame before anything else is written to that connection; the game thread seats
        `cid` (as `name`) at its next `close`."""
        with self._lock:
            frame = self._frame
            if frame is None:
                return None
            self._frame = None
            self._taken.append((cid, name))
            self.handed += 1
            return frame

    def close(self) -> list[tuple[int, str]]:
        """(game thread) Empty the desk; returns the spectators welcomed from it since the last call, to seat now."""
        with self._lock:
            self._frame = None
            taken, self._taken = self._taken, []
            return taken
