"""`EmbeddedHost`: a `Host` in a background thread with its own event loop, for a window that plays a seat on
the host (`tabletop host`); every method is safe to call from the window's thread."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from ..core import actions as A
from ..core.session import Result, Session
from ..core.stream import names_changed
from .errors import NetError
from .host import DEFAULT_PORT, MOTION_HZ, Host
from .hostevents import HostEvent
from .messages import Limits
from .serving import choose_tls, invite_code, share_host
from .tls import HostCert

__all__ = ["EmbeddedHost"]


class EmbeddedHost:
    """A `Host` in a background thread with its own event loop, for a UI that plays a seat on the host.

    Every method is safe to call from the UI thread; they run on the host's loop and wait for the answer.
    Poll `seq` (it changes with every change to the table) and call `view(seat)` when it does; `events()` drains
    what happened on the network (joins, drops, refusals) for the UI's log.
    """

    def __init__(
        self,
        session: Session,
        port: int = DEFAULT_PORT,
        name: str = "tabletop",
        password: str = "",
        *,
        local_seats: Iterable[int] = (0,),
        bind: str = "0.0.0.0",
        autosave: str | os.PathLike[str] | None = None,
        announce: bool = True,
        limits: Limits | None = None,
        tls: HostCert | None | str = "auto",
        bot_dropped: str = "",
        **options: Any,
    ) -> None:
        """`tls`: the certificate to serve with, None for plain, or "auto" (the default): plain only when `bind` is
        loopback, else the user's host certificate (net/serving.py). `options` go to `Host` (`public_hosts`...)."""
        self.session = session
        self._events: deque[HostEvent] = deque(maxlen=1000)
        cert = choose_tls(bind) if tls == "auto" else tls
        assert not isinstance(cert, str)
        self.host = Host(session, bind=bind, port=port, name=name, password=password, autosave=autosave,
                         local_seats=local_seats, limits=limits, announce=announce, on_event=self._events.append,
                         tls=cert, **options)
        self.host.bot_dropped = bot_dropped  # the bot that plays every seat whose player drops (net/standin.py)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._last_motion = float("-inf")
        self._moving = False

    @property
    def port(self) -> int:
        return self.host.port

    @property
    def fingerprint(self) -> str | None:
        """The SHA-256 fingerprint of the certificate served (None: plain, loopback only)."""
        return self.host.fingerprint

    def invite(self, public_host: str = "", with_password: bool = False) -> str:
        """The invite code players paste into `tabletop join` or the Join dialog (the window copies it)."""
        return invite_code(share_host(self.host.bind, public_host), self.port, self.fingerprint,
                           self.host.password, with_password)

    @property
    def seq(self) -> int:
        """The table's sequence number: it changes with every accepted action, undo and redo."""
        return self.session.state.seq

    def start(self, timeout: float = 10.0) -> EmbeddedHost:
        """Start serving; raises NetError when the port cannot be bound."""
        self._thread = threading.Thread(target=self._run, name="tabletop-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise NetError("the host did not start in time")
        if self._error is not None:
            raise NetError(f"cannot start the host on port {self.host.port}: {self._error}")
        return self

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._main())
        finally:
            loop.close()

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        try:
            await self.host.start()
        except BaseException as e:  # noqa: BLE001 - reported to the starting thread
            self._error = e
            self._ready.set()
            return
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            await self.host.close()

    def call(self, fn: Callable[..., Any], *args: Any, timeout: float = 10.0) -> Any:
        """Run `fn(*args)` on the host's loop and return its result."""
        if self._loop is None or not self._loop.is_running():
            raise NetError("the host is not running")
        fut: concurrent.futures.Future[Any] = concurrent.futures.Future()

        def run() -> None:
            try:
                fut.set_result(fn(*args))
            except BaseException as e:  # noqa: BLE001
                fut.set_exception(e)
            finally:
                self.host.pump()

        self._loop.call_soon_threadsafe(run)
        return fut.result(timeout)

    def submit(self, action: A.Action, seat: int | None) -> Result:
        """Apply an action for a seat played on this machine (it goes through `Session.submit` like any other)."""
        assert self.host.protocol is not None
        return self.call(self.host.protocol.submit_local, action, seat)

    def undo(self, seat: int) -> dict[str, Any]:
        """Undo for a local seat: `{"accepted": True}`, or `{"code": "vote", "request": id}` while others vote."""
        assert self.host.protocol is not None
        return self.call(self.host.protocol.request_undo_local, seat)

    def vote(self, request: int, seat: int, agree: bool) -> None:
        assert self.host.protocol is not None
        self.call(self.host.protocol.vote_local, request, seat, agree)

    def set_paused(self, paused: bool) -> None:
        assert self.host.protocol is not None
        self.call(self.host.protocol.set_paused, paused)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.call(self.session.view, seat)

    def save(self, path: str | os.PathLike[str], timeout: float = 60.0) -> str:
        """Save the game as YAML at `path` (raises OSError). When autosave had stopped (a failed journal write),
        it goes on beside that file and the host takes changes again: returns "" then, else why it could not."""
        from ..store import save_game

        self.call(save_game, self.session, path)
        return self.resume_autosave(path, timeout)

    def resume_autosave(self, path: str | os.PathLike[str] | None = None, timeout: float = 60.0) -> str:
        """`Host.resume_autosave` from the UI thread: "" once changes are taken again (or never stopped)."""
        if self._loop is None or not self._loop.is_running():
            raise NetError("the host is not running")
        return asyncio.run_coroutine_threadsafe(self.host.resume_autosave(path), self._loop).result(timeout)

    def motion(self, positions: dict[str, tuple[float, float, float]], *, now: float | None = None) -> bool:
        """Stream the positions of pieces in motion, at most `MOTION_HZ` times a second (and always the final
        empty update that says everything is at rest). Returns whether a frame was sent."""
        now = time.monotonic() if now is None else now
        if positions and now - self._last_motion < 1.0 / MOTION_HZ:
            return False
        if not positions and not self._moving:
            return False
        self._last_motion = now
        self._moving = bool(positions)
        assert self.host.protocol is not None
        self.call(self.host.protocol.motion, dict(positions))
        return True

    def players(self) -> list[dict[str, Any]]:
        assert self.host.protocol is not None
        return self.call(self.host.protocol.players)

    def hand_to_bot(self, seat: int, name: str) -> None:
        """Let the bot `name` play a dropped seat until its player returns (ValueError says why it cannot)."""
        self.call(lambda: self.host.standins.hand(seat, name))

    def take_from_bot(self, seat: int) -> None:
        """The bot playing a dropped seat stops; the seat waits for its player."""
        self.call(lambda: self.host.standins.release(seat))

    def watchers(self) -> list[str]:
        assert self.host.protocol is not None
        return self.call(self.host.protocol.watchers)

    def watcher_list(self) -> list[dict[str, Any]]:
        """The spectators watching now, `{"id", "name"}` each (`remove_watcher` takes the id)."""
        assert self.host.protocol is not None
        return self.call(self.host.protocol.watcher_list)

    def remove_seat(self, seat: int, close: bool = False) -> str:
        """The host removes the player of `seat` (net/moderation.py), and with `close` closes the seat: "" once
        done, else why not."""
        assert self.host.protocol is not None
        return self.call(self.host.protocol.remove_seat, seat, None, close)

    def close_seat(self, seat: int, closed: bool = True) -> str:
        """Close an open seat (nobody may claim it) or open a closed one."""
        assert self.host.protocol is not None
        return self.call(self.host.protocol.close_seat, seat, closed)

    def remove_watcher(self, watcher: int) -> str:
        assert self.host.protocol is not None
        return self.call(self.host.protocol.remove_watcher, watcher)

    def set_spectators(self, allowed: bool) -> str:
        """Let spectators watch or not (off closes those watching now)."""
        assert self.host.protocol is not None
        return self.call(self.host.protocol.set_spectators, allowed)

    @property
    def spectators_allowed(self) -> bool:
        p = self.host.protocol
        return p.spectators_allowed if p is not None else self.host.spectators

    def pending_votes(self) -> list[dict[str, Any]]:
        assert self.host.protocol is not None
        return self.call(self.host.protocol.pending_votes)

    def events(self) -> list[HostEvent]:
        """What happened on the network since the last call, for the window's log and seats panel.

        A seat renamed (a player joined with a name) queues the whole view again on this machine's seat streams
        now, once the window has the news of the join in hand: lines it renders from that view read the new name
        (the stream was started again when the name changed too, but the window may have read that before the
        news, and a line it rendered then keeps the old name)."""
        out = []
        while self._events:
            out.append(self._events.popleft())
        if any(ev.kind == "renamed" for ev in out):
            try:
                self.call(names_changed, self.session)
            except (NetError, TimeoutError):  # the host stopped or is stuck: the next join tells again
                pass
        return out

    def close(self, timeout: float = 10.0) -> None:
        """Stop serving (clients are told the host is closing), save and join the thread."""
        if self._loop is not None and self._stop is not None and self._loop.is_running():
            self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread is not None:
            self._thread.join(timeout)
