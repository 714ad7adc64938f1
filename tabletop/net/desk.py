"""A spectator's welcome kept ready on the host, so the network thread answers a spectator's hello at once.

A late join is mostly waiting: the hello goes from the host's network thread to its game thread, the welcome is
built there and comes back to be written. The game thread keeps one spectator's welcome ready here instead (the
same bytes it would build for that hello), and the network thread that reads a spectator's hello with the opening
handshake takes it and writes it right after the handshake's answer; the game thread seats that spectator later,
while the client reads its welcome.

Correct under concurrency because of one rule, kept by `HostProtocol` (its desk side is `DeskKeeper`, below):
before the game thread sends anything to its connections (a patch, a players list, a snapshot, a notice), it
empties the desk and seats every spectator welcomed from it (`WelcomeDesk.close`). A welcome taken before that describes the table as it was before the
change, and its spectator is seated in time to get the change; after it, the desk is empty until the game thread
puts a welcome built after the change. So between a welcome and the first patch nothing is missed.
"""

from __future__ import annotations

import threading
from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING, Any

from .auth import HostAuth, Peer
from .errors import BadFrame
from .messages import CLIENT_MESSAGES, PROTOCOL_VERSION, Limits, decode
from .names import name_problem, normal_name

__all__ = ["DeskKeeper", "WelcomeDesk", "hello_name", "hello_problem"]


def hello_problem(msg: dict[str, Any], auth: HostAuth, peer: Peer | None, others: Iterable[str] = ()
                  ) -> tuple[str, str] | None:
    """Why a hello is refused whatever seat it asks for (its version, the password or host token, its name beside
    `others`), as (code, message), or None: the one check `_hello` and the desk both make, so neither lets in what
    the other refuses."""
    if msg["version"] != PROTOCOL_VERSION:
        return "version", f"host v{PROTOCOL_VERSION}, client v{msg['version']}"
    problem = auth.check(msg, peer)
    if problem is not None:
        return problem
    problem = name_problem(msg.get("name", ""), others)
    return ("bad_name", problem) if problem else None


def hello_name(msg: dict[str, Any]) -> str:
    """The name a hello gives, as kept (NFKC; net/names.py)."""
    return normal_name(str(msg.get("name", "")))


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


class DeskKeeper:
    """The host's side of its desk: which hello the network thread may answer from it, filling it, and seating
    the spectators welcomed from it. A part of `HostProtocol` (a mixin, as `HaltGuard` is), which owns what this
    uses: `desk`, `auth`, `limits`, `spectators`, `live`, `_with_view`, `_welcome_head`, `_open_spectator` and
    `_send_players`."""

    desk: WelcomeDesk
    auth: HostAuth
    limits: Limits

    if TYPE_CHECKING:  # HostProtocol's: a stub here would shadow a mixin's method in the MRO
        def spectators(self) -> int:
            ...

        def live(self, seat: int | None) -> Any:
            ...

        def _with_view(self, msg: dict[str, Any], seat: int | None, log: bool = False) -> bytes:
            ...

        def _welcome_head(self, seat: int | None, rec: Any, lv: Any, spectators: int) -> dict[str, Any]:
            ...

        def _open_spectator(self, cid: int, name: str) -> None:
            ...

        def _other_names(self, conn: Any, seat: int | None) -> list[str]:
            ...

        def _send_players(self, but: Collection[int]) -> None:
            ...

    def desk_hello(self, text: str) -> str | None:
        """The name to seat a spectator as, when `text` (a hello from an opening handshake) is a spectator's hello
        this host welcomes as it is: the network thread then answers it from the desk. None for any other hello
        (a seat, a token, a game with a password, a wrong version or name, not a hello at all), which `_hello`
        answers: a password is checked against the connection's challenge there.

        Reads only what never changes after the host starts (the password, limits): safe from any thread."""
        try:
            msg = decode(text, CLIENT_MESSAGES, self.limits)
        except BadFrame:
            return None
        if (msg["type"] != "hello" or msg.get("token") is not None or "seat" not in msg or msg["seat"] is not None
                or self.auth.password or "host_token" in msg or "deck" in msg):
            return None
        try:  # the names at the table, read from this thread: one changing under the read sends it to `_hello`
            others = self._other_names(None, None)
        except RuntimeError:
            return None
        return hello_name(msg) if hello_problem(msg, self.auth, None, others) is None else None

    def ready_welcome(self) -> bool:
        """Put a spectator's welcome on the desk, the frame `_hello` would send a spectator joining now (call it
        once what was queued so far has been sent); False when none may join (the spectators are full) or one is
        there already."""
        if self.desk.ready:  # (a welcome on the desk means none was taken since it was put)
            return False
        self.seat_from_desk()
        if not self.desk_wanted():  # the spectators are full
            return False
        lv = self.live(None)
        self.desk.put(self._with_view(self._welcome_head(None, None, lv, self.spectators() + 1), None, log=True))
        return True

    def desk_wanted(self) -> bool:
        """Whether `ready_welcome` would put a welcome on the desk now."""
        return not self.desk.ready and self.spectators() < self.limits.max_spectators

    def seat_from_desk(self, *, tell: bool = True) -> list[int]:
        """Seat every spectator the network thread welcomed from the desk, and empty it (a welcome is built
        again after what follows). Called before anything is sent to the connections, so that a spectator
        welcomed from the desk gets every change after its welcome; `tell`: the others are sent the players."""
        taken = self.desk.close()
        for cid, name in taken:
            self._open_spectator(cid, name)
        seated = [cid for cid, _ in taken]
        if seated and tell:
            self._send_players(seated)  # their welcomes told them already
        return seated
