"""The client: a thin asyncio layer around `ClientProtocol`, reconnecting with its seat token.

`Client` is for asyncio code (tests, bots, `tabletop join`); `ClientThread` runs one in a background thread for a
pygame UI, which polls `view()`/`events()` each frame and calls `submit()`. When the host goes away the client keeps
its last view and says so (`status`), and keeps trying to get back in; a host that refuses it (version, password,
token) is final. The connection itself is a `clientlink.Link` (websockets' sans-I/O client): each frame is taken
as it arrives, in the callback that read it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import gc
import ssl
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from websockets.exceptions import InvalidHandshake, InvalidURI
from websockets.http11 import Response

from ..core import actions as A
from .auth import CHALLENGE_HEADER
from .clientlink import Dialing, Link, finish_link, start_link
from .clientproto import ANY_SEAT, ClientEvent, ClientProtocol
from .errors import BadFrame, HostLost, NetError, Refused, VersionMismatch
from .host import DEFAULT_PORT, HELLO_HEADER
from .invite import parse_target
from .messages import encode
from .tls import CertificateChanged, changed_message, client_context, fingerprint_of, is_loopback
from .tokenstore import TokenStore, address_key

__all__ = ["Client", "ClientThread", "parse_address"]

#: refusals after which reconnecting cannot help
FINAL = ("version", "password", "bad_token", "bad_name", "no_seat", "seat_taken", "kicked", "no_spectators", "seat_closed",
         "deck", "bad_deck")
#: seconds for the TCP connection and the opening handshake
OPEN_TIMEOUT = 5.0


def parse_address(address: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """An address or invite code (net/invite.py) -> (host, port)."""
    t = parse_target(address, default_port)
    return t.host, t.port


def ws_uri(host: str, port: int, tls: bool = False) -> str:
    """The WebSocket URI of a host: an IPv6 literal goes in brackets (`ws://[::1]:7531`)."""
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return f"{'wss' if tls else 'ws'}://{where}"


class Client:
    """One connection to a host, kept up: `await connect()`, then `submit`, `act`, `wait_for`, `close`.

    `status` is "connecting", "connected", "reconnecting (host lost; showing the last view)", "refused: ..." or
    "closed". With `record=True` every frame received is kept in `frames` (tests check them for leaks).
    """

    def __init__(
        self,
        address: str,
        port: int | None = None,
        *,
        name: str = "",
        seat: int | str | None = ANY_SEAT,
        token: str | None = None,
        password: str = "",
        reconnect: bool = True,
        record: bool = False,
        on_event: Callable[[ClientEvent], None] | None = None,
        retry_delay: float = 0.2,
        max_retry_delay: float = 1.0,
        store: TokenStore | None = None,
        host_token: str = "",
        deck: dict[str, list[list[Any]]] | None = None,
    ) -> None:
        target = parse_target(address, port or DEFAULT_PORT)
        self.host, self.port = target.host, port or target.port
        #: TLS (`wss://`) or not; None: a loopback address given bare, whichever the host on this machine speaks
        self.tls: bool | None = target.tls if target.tls or not is_loopback(target.host) else None
        if target.tls is False and "://" in address:
            self.tls = False
        self._auto = self.tls is None
        #: the certificate expected (an invite code's `fp`), else the one pinned for this address (`store`)
        self.fingerprint = target.fingerprint
        self._store = store
        #: set when this client pinned a host's certificate for the first time (its fingerprint)
        self.pinned = ""
        self.protocol = ClientProtocol(name=name, seat=seat, token=token, password=password or target.password or "",
                                       host_token=host_token, deck=deck)
        self.reconnect = reconnect
        self.record = record
        self.frames: list[bytes] = []
        self.on_event = on_event
        self.retry_delay = retry_delay
        self.max_retry_delay = max_retry_delay
        self.status = "connecting"
        self.error: NetError | None = None
        self.bytes_received = 0
        #: every byte the connections so far received (HTTP responses and WebSocket framing included)
        self.wire_bytes = 0
        self.connections = 0
        self._ws: Link | None = None
        self._task: asyncio.Task[None] | None = None
        #: `wait_for` callers: (predicate, future), checked after every frame
        self._waiters: list[tuple[Callable[[], bool], asyncio.Future[None]]] = []
        #: resolved when the first welcome (or a final error) comes: `connect` waits on it alone
        self._first: asyncio.Future[None] | None = None
        #: the first connection, started by `connect` itself (or why it could not be), for `_run` to finish
        self._early: Dialing | OSError | InvalidURI | None = None
        self._closing = False

    # -- reading --

    @property
    def view(self) -> dict[str, Any] | None:
        return self.protocol.view

    @property
    def moving(self) -> dict[str, tuple[float, float, float]]:
        """Pieces in motion on the host's table: name -> (x, y, angle), drawn there until they come to rest."""
        return self.protocol.moving

    @property
    def seat(self) -> int | None:
        return self.protocol.seat

    @property
    def token(self) -> str | None:
        return self.protocol.token

    @property
    def connected(self) -> bool:
        return self.protocol.welcomed and self._ws is not None

    @property
    def received(self) -> int:
        """Bytes received so far on every connection (`wire_bytes` plus the open connection's)."""
        return self.wire_bytes + (self._ws.wire if self._ws is not None else 0)

    # -- lifecycle --

    async def connect(self, timeout: float = 10.0) -> Client:
        """Connect and wait for the welcome; raises Refused/VersionMismatch/HostLost."""
        loop = asyncio.get_running_loop()
        self._first = first = loop.create_future()
        try:  # the request goes out now, not after the task's first turn
            self._early = self._dial()
        except (OSError, InvalidURI) as e:  # (refused at once: `_run` handles it as any failed attempt)
            self._early = e
        self._task = loop.create_task(self._run())
        try:
            async with asyncio.timeout(timeout):
                await first
        except TimeoutError:
            await self.close()
            raise HostLost(f"no answer from {self.host}:{self.port} within {timeout:g}s") from None
        if not self.protocol.welcomed:
            await self.close()
            raise self.error or HostLost(f"the connection to {self.host}:{self.port} stopped before a welcome")
        return self

    async def close(self) -> None:
        """Say goodbye and stop reconnecting."""
        self._closing = True
        if isinstance(self._early, Dialing):  # closed before its first connection was taken on
            self._early.close()
        self._early = None
        link = self._ws
        if link is not None:
            with contextlib.suppress(Exception):
                link.send_text(encode({"type": "bye"}))
                await link.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        self.status = "closed"
        gc.unfreeze()  # what the welcomes froze may be collected again

    def abort(self) -> None:
        """Drop the connection without a goodbye (tests use it to simulate a network failure)."""
        if self._ws is not None:
            self._ws.abort()

    @property
    def store(self) -> TokenStore:
        """The pins and seat tokens of this user (net/tokenstore.py)."""
        if self._store is None:
            self._store = TokenStore()
        return self._store

    @property
    def address(self) -> str:
        """`host:port` as the token store keys it."""
        return address_key(self.host, self.port)

    def _dial(self) -> Dialing:
        """Start a connection: the hello queued, and sent with the opening handshake's request (a host that
        takes it welcomes us right after its answer; not with a password, whose proof needs its challenge)."""
        self.protocol.start()
        headers = {HELLO_HEADER: self.protocol.hello_header()} if self.protocol.header_ok else {}
        tls = client_context() if self.tls else None
        return start_link(self.host, self.port, headers, self._opened, self._message, tls=tls,
                          verify=self._verify if tls else None)

    def _verify(self, der: bytes) -> None:
        """Check the host's certificate against the invite's fingerprint or the pin (pinning it the first time);
        raises CertificateChanged (the request is never sent) or TokenStoreError."""
        seen = fingerprint_of(der)
        if self._auto:
            return  # a bare loopback address: nothing crosses a wire, and no pin is kept for it
        pinned = self.store.pin(self.address)
        expected = self.fingerprint or pinned
        if expected is None:
            self.store.set_pin(self.address, seen)
            self.pinned = seen
            return
        if seen != expected:
            raise CertificateChanged(changed_message(self.address, expected, seen, bool(self.fingerprint)))
        if pinned != seen:  # an invite code's fingerprint replaces an older pin
            self.store.set_pin(self.address, seen)

    async def _run(self) -> None:
        delay = self.retry_delay
        flipped = False
        while not self._closing:
            link: Link | None = None
            code: int | None = None
            reason = ""
            early, self._early = self._early, None
            try:
                if isinstance(early, (OSError, InvalidURI)):
                    raise early
                dialing = early if early is not None else self._dial()
                try:
                    async with asyncio.timeout(OPEN_TIMEOUT):
                        link = await finish_link(dialing)
                except BaseException:
                    dialing.close()
                    raise
                delay = self.retry_delay
                await asyncio.shield(link.closed)  # frames are taken as they arrive, by `_message`
                code, reason = link.close_code, link.close_reason
            except (TimeoutError, OSError, InvalidHandshake) as e:
                if link is not None:
                    code, reason = link.close_code, link.close_reason
                reason = reason or str(e) or type(e).__name__
                if link is None and self._other_transport(e):
                    if not flipped:
                        flipped = True
                        continue
            except InvalidURI as e:
                self.error = NetError(str(e))
                break
            except NetError as e:  # a certificate other than the pinned one, a damaged token store: final
                self.error = e
                self.status = f"refused: {e}"
                break
            finally:
                if link is not None:
                    link.abort()
                    self.wire_bytes += link.wire
                self._ws = None
                self.protocol.connection_lost()
            if self.error is not None or self._closing:
                break
            if code == 1008 and reason:
                self.error = Refused(reason, "closed")
                self.status = f"closed by the host: {reason}"
                break
            if not self.reconnect:
                self.error = HostLost(f"connection to {self.host}:{self.port} lost")
                self.status = "disconnected"
                break
            self.status = "reconnecting (host lost; showing the last view)"
            self._settle_first()
            self._notify()
            await asyncio.sleep(delay)
            delay = min(self.max_retry_delay, delay * 2)
        if self._first is not None and not self._first.done():
            self._first.set_result(None)  # stopped without a welcome: `connect` raises `error` or says so
        self._notify()

    def _other_transport(self, e: BaseException) -> bool:
        """A bare loopback address (`tls` undecided): when the host answered a plain request as a TLS host does
        (it closed during the handshake), or a TLS one as a plain host does, use the other from now on; whether
        it changed. Only on this machine: between machines the address says which (a client never falls back
        to plain)."""
        if not self._auto:
            return False
        if not self.tls and isinstance(e, (ConnectionResetError, InvalidHandshake)):
            self.tls = True
            return True
        if self.tls and isinstance(e, ssl.SSLError):
            self.tls = False
            return True
        return False

    def _opened(self, link: Link, response: Response) -> None:
        """The host accepted the handshake (called before any frame of this connection is taken)."""
        self._ws = link
        self.connections += 1
        if response.headers.get(HELLO_HEADER) == "taken":
            self.protocol.hello_taken()
        why = self.protocol.challenge(response.headers.get(CHALLENGE_HEADER), link.fingerprint, is_loopback(self.host))
        if why:
            self.error = Refused(why, "password")
            self.status = f"refused: {why}"
            self._closing = True
            link.abort()
            return
        self._send_out()

    def _message(self, data: bytes) -> None:
        """One frame from the host, the bytes as sent: decoded once, by the protocol."""
        self.bytes_received += len(data)
        if self.record:
            self.frames.append(data)
        try:
            self.protocol.receive_data(data)
        except BadFrame as e:
            self.protocol.resync(f"bad frame from the host: {e.reason}")
        self._after_frame()

    def _after_frame(self) -> None:
        for ev in self.protocol.events_received():
            if ev.kind == "welcome":
                self.status = "connected"
                gc.freeze()  # the view just taken is not scanned by the cyclic collector: no 15 ms pause mid-game
            elif ev.kind == "error" and ev.data.get("fatal"):
                code, message = ev.data["code"], ev.data["message"]
                self.error = VersionMismatch(message) if code == "version" else Refused(message, code,
                                                                                         ev.data.get("problems"))
                # removed by the host (net/moderation.py): its own words, which say it was the host's doing
                self.status = message if code in ("kicked", "no_spectators") else f"refused: {message}"
                if code in FINAL:
                    self._closing = True
            if self.on_event is not None:
                self.on_event(ev)
        self._send_out()
        self._settle_first()
        self._notify()

    def _settle_first(self) -> None:
        """Let `connect` return once welcomed (or refused: it raises the error then)."""
        first = self._first
        if first is not None and not first.done() and (self.protocol.welcomed or self.error is not None):
            first.set_result(None)

    def _send_out(self) -> None:
        """Send what the protocol queued. A connection that is gone sends nothing: every unanswered action (kept
        in `protocol.pending`) is sent again after the next welcome, and the host knows a resent one by its cseq."""
        data = self.protocol.data_to_send()
        link = self._ws
        if link is not None:
            for frame in data:
                if not link.send_text(frame):
                    return

    async def _flush(self) -> None:
        self._send_out()
        if self._ws is not None:
            await self._ws.drain()  # a host that stopped reading holds the sender back, as a socket would

    def _notify(self) -> None:
        """Wake every `wait_for` whose predicate holds now."""
        for predicate, fut in list(self._waiters):
            if fut.done():
                continue
            try:
                if predicate():
                    fut.set_result(None)
            except Exception as e:  # noqa: BLE001 - handed to the waiter
                fut.set_exception(e)

    # -- acting --

    async def wait_for(self, predicate: Callable[[], bool], timeout: float = 10.0) -> None:
        """Wait until `predicate()` holds (checked after every frame); raises asyncio.TimeoutError."""
        assert self._task is not None, "connect() first"
        if predicate():
            return
        entry = (predicate, asyncio.get_running_loop().create_future())
        self._waiters.append(entry)
        try:
            await asyncio.wait_for(entry[1], timeout)
        finally:
            self._waiters.remove(entry)

    async def submit(self, action: A.Action) -> int:
        """Send an action (queued while disconnected, sent again after a reconnect); returns its cseq."""
        cseq = self.protocol.submit(action)
        await self._flush()
        return cseq

    async def act(self, action: A.Action, timeout: float = 10.0) -> dict[str, Any]:
        """Send an action and wait for the host's answer (`{"accepted": ..., "code": ..., "error": ...}`)."""
        cseq = await self.submit(action)
        await self.wait_for(lambda: cseq in self.protocol.results, timeout)
        return self.protocol.results[cseq]

    async def undo(self, timeout: float = 10.0) -> dict[str, Any]:
        cseq = self.protocol.undo()
        await self._flush()
        await self.wait_for(lambda: cseq in self.protocol.results, timeout)
        return self.protocol.results[cseq]

    async def vote(self, request: int, agree: bool) -> None:
        self.protocol.vote(request, agree)
        await self._flush()

    async def pause(self, paused: bool = True) -> None:
        self.protocol.pause(paused)
        await self._flush()

    async def kick(self, *, seat: int | None = None, watcher: int | None = None, close: bool = False) -> None:
        """Ask the host to remove a seat's player or a spectator (host rights only: else a `forbidden` error)."""
        self.protocol.kick(seat=seat, watcher=watcher, close=close)
        await self._flush()

    async def close_seat(self, seat: int, closed: bool) -> None:
        self.protocol.close_seat(seat, closed)
        await self._flush()

    async def allow_spectators(self, allowed: bool) -> None:
        self.protocol.allow_spectators(allowed)
        await self._flush()

    async def send_raw(self, data: bytes | str) -> None:
        """Send a frame as is (tests use it to send what a broken or hostile client would)."""
        if self._ws is not None:
            self._ws.send_text((data if isinstance(data, str) else data.decode("utf-8", "replace")).encode())


class ClientThread:
    """A `Client` in a background thread, for the pygame join window: every method is safe from the UI thread.

    Poll `view()` (None until welcomed) and `events()` each frame; `status` says whether the host is there.
    """

    def __init__(self, address: str, port: int | None = None, **kwargs: Any) -> None:
        self._events: deque[ClientEvent] = deque(maxlen=10_000)
        user = kwargs.pop("on_event", None)

        def on_event(ev: ClientEvent) -> None:
            self._events.append(ev)
            if user is not None:
                user(ev)

        self.client = Client(address, port, on_event=on_event, **kwargs)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()

    @property
    def status(self) -> str:
        return self.client.status

    @property
    def seat(self) -> int | None:
        return self.client.seat

    @property
    def token(self) -> str | None:
        return self.client.token

    def connect(self, timeout: float = 10.0) -> ClientThread:
        """Connect and wait for the welcome; raises Refused/VersionMismatch/HostLost."""
        started: concurrent.futures.Future[None] = concurrent.futures.Future()

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            asyncio.set_event_loop(loop)

            async def main() -> None:
                try:
                    await self.client.connect(timeout)
                except BaseException as e:  # noqa: BLE001 - handed to the connecting thread
                    started.set_exception(e)
                    return
                started.set_result(None)
                while self.client._task is not None and not self.client._task.done():
                    await asyncio.sleep(0.05)

            try:
                loop.run_until_complete(main())
            finally:
                loop.close()

        self._thread = threading.Thread(target=run, name="tabletop-client", daemon=True)
        self._thread.start()
        started.result(timeout + 5)
        return self

    def _call(self, coro_fn: Callable[[], Any], timeout: float = 10.0) -> Any:
        if self._loop is None or self._loop.is_closed():
            raise HostLost("the client is not running")
        return asyncio.run_coroutine_threadsafe(coro_fn(), self._loop).result(timeout)

    def view(self) -> dict[str, Any] | None:
        """The last view received (a dict the UI may read but must not change)."""
        return self.client.view

    def moving(self) -> dict[str, tuple[float, float, float]]:
        """Pieces in motion on the host's table now (transient positions streamed by the host)."""
        return self.client.moving

    def events(self) -> list[ClientEvent]:
        out = []
        while self._events:
            out.append(self._events.popleft())
        return out

    def submit(self, action: A.Action) -> int:
        return self._call(lambda: self.client.submit(action))

    def undo(self) -> int:
        async def go() -> int:
            cseq = self.client.protocol.undo()
            await self.client._flush()
            return cseq

        return self._call(go)

    def redo(self) -> int:
        async def go() -> int:
            cseq = self.client.protocol.redo()
            await self.client._flush()
            return cseq

        return self._call(go)

    def vote(self, request: int, agree: bool) -> None:
        self._call(lambda: self.client.vote(request, agree))

    def pause(self, paused: bool = True) -> None:
        self._call(lambda: self.client.pause(paused))

    def kick(self, *, seat: int | None = None, watcher: int | None = None, close: bool = False) -> None:
        self._call(lambda: self.client.kick(seat=seat, watcher=watcher, close=close))

    def close_seat(self, seat: int, closed: bool) -> None:
        self._call(lambda: self.client.close_seat(seat, closed))

    def allow_spectators(self, allowed: bool) -> None:
        self._call(lambda: self.client.allow_spectators(allowed))

    def close(self, timeout: float = 5.0) -> None:
        if self._loop is not None and not self._loop.is_closed():
            with contextlib.suppress(Exception):
                self._call(self.client.close, timeout)
        if self._thread is not None:
            self._thread.join(timeout)
