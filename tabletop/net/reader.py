"""The socket side of a LAN host: a thread with its own event loop that reads, counts and writes frames.

Split from `host.Host` (the game side), which it serves: frames are read, stamped and counted against the flood
limit as they arrive, whatever the game side is doing, and handed to the host's loop in order (`Host._from_reader`);
frames going out are written here too, so a slow client is noticed at once. A spectator whose hello comes with the
handshake is answered from the welcome the host keeps ready (net/desk.py).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import http
import logging
import secrets
import socket
import threading
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from .auth import CHALLENGE_HEADER, Peer
from .protocol import FloodGate
from .tls import is_loopback

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("tabletop.net.host")

__all__ = ["HELLO_HEADER", "MAX_PENDING", "MAX_UNTAKEN", "SEND_BUFFER", "SocketReader"]

#: the opening handshake's header that carries a client's hello (docs/PROTOCOL.md, "Connecting")
HELLO_HEADER = "Tabletop-Hello"
#: bytes of kernel send buffer per client
SEND_BUFFER = 256 * 1024
#: frames handed to the host's loop and not yet taken, per connection, before the reader stops reading it for a
#: moment (backpressure while the host is busy; the client's frames wait in its socket, nobody is kicked)
MAX_UNTAKEN = 256
#: connections between their TCP accept and their hello at once; past it the oldest is closed, quietly, so that
#: half-open connections never use up the process's descriptors and an honest join (a few ms) still gets in
MAX_PENDING = 128


class SocketReader:
    """The socket side of a `Host`: a thread with its own event loop that reads, counts and writes frames."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self._port: concurrent.futures.Future[int] = concurrent.futures.Future()
        self._stop: asyncio.Event | None = None
        self._ws: dict[int, ServerConnection] = {}
        self._closing: dict[int, asyncio.Task[Any]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._next = 1
        self._untaken: dict[int, int] = {}
        self._lock = threading.Lock()
        self._resource_said = float("-inf")
        #: connections not past their hello yet, oldest first (`MAX_PENDING`)
        self.pending: OrderedDict[ServerConnection, None] = OrderedDict()

    def start(self) -> concurrent.futures.Future[int]:
        self.thread = threading.Thread(target=self._run, name="tabletop-host-reader", daemon=True)
        self.thread.start()
        return self._port

    def stop(self, timeout: float = 10.0) -> None:
        """Close every client (1001), stop serving and join the thread (blocking: call it off the host's loop)."""
        if self.loop is not None and self._stop is not None:
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self._stop.set)
        if self.thread is not None:
            self.thread.join(timeout)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self.loop = loop
        asyncio.set_event_loop(loop)
        loop.set_exception_handler(self._loop_error)
        try:
            loop.run_until_complete(self._main())
        except BaseException as e:  # noqa: BLE001 - reported to the starting side
            if not self._port.done():
                self._port.set_exception(e)
        finally:
            loop.close()

    async def _main(self) -> None:
        h = self.host
        self._stop = asyncio.Event()
        where: dict[str, Any] = {"sock": h.sock} if h.sock is not None else {"host": h.bind, "port": h.port}
        if h.ssl is not None:  # a TLS handshake counts against the hello's time as well
            where.update(ssl=h.ssl, ssl_handshake_timeout=h.limits.hello_timeout)
        server: Server = await serve(self._handle, **where, max_size=h.limits.max_frame, compression=None,
                                     ping_interval=5, ping_timeout=15, close_timeout=2,
                                     open_timeout=h.limits.hello_timeout, create_connection=self._connection_class(),
                                     process_request=self._check_request, process_response=self._answer)
        self._port.set_result(server.sockets[0].getsockname()[1])
        try:
            await self._stop.wait()
        finally:
            for ws in list(self._ws.values()):
                with contextlib.suppress(Exception):
                    await ws.close(1001, "the host is closing")
            server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 5)

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """Out of descriptors (a burst of connections past the process's limit): one line, no traceback, at
        most every 10 s; asyncio stops accepting for a second and the oldest connections waiting for their hello
        are let go meanwhile. Anything else goes to asyncio's own handler."""
        if "out of system resource" in str(context.get("message", "")):
            now = time.monotonic()
            if now - self._resource_said >= 10.0:
                self._resource_said = now
                log.warning("too many connections at once for this process's open-file limit: new ones wait a "
                            "second (%s)", context.get("exception"))
            return
        loop.default_exception_handler(context)

    def taken(self, cid: int) -> None:
        """The host's loop took one frame of `cid` (called from the host's loop)."""
        with self._lock:
            if cid in self._untaken:
                self._untaken[cid] -= 1

    async def _handle(self, ws: ServerConnection) -> None:
        h = self.host
        sock = ws.transport.get_extra_info("socket")
        if sock is not None:
            # a small kernel buffer per client, so one that stops reading is noticed (and dropped) quickly
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        cid = self._next
        self._next += 1
        self._ws[cid] = ws
        peer: Peer = getattr(ws, "tabletop_peer", None) or Peer("unknown")
        with self._lock:
            self._untaken[cid] = 0
        gate = FloodGate(h.limits.rate, h.limits.burst, time.monotonic())
        reason = ""
        hello = _header_hello(ws.request)
        if hello is not None:
            self.pending.pop(ws, None)
        name = h.protocol.desk_hello(hello) if hello is not None and h.protocol is not None else None
        welcome = h.protocol.desk.take(cid, name) if name is not None and h.protocol is not None else None
        if welcome is not None:  # a spectator, answered from the desk: its welcome is the first frame it gets
            gate.admit(time.monotonic())
            self._write(ws, welcome)
            h._from_reader(h._desk_taken)
        else:
            h._from_reader(h._connected, cid, peer)
        if hello is not None and welcome is None:  # the hello came with the handshake: this connection's first frame
            gate.admit(time.monotonic())
            with self._lock:
                self._untaken[cid] += 1
            h._from_reader(h._frame, cid, hello, time.monotonic())
        try:
            async for frame in ws:
                at = time.monotonic()
                self.pending.pop(ws, None)
                if cid not in self._ws:
                    break
                if not gate.admit(at):
                    reason = f"flood: more than {h.limits.rate:g} messages a second"
                    self._close(cid, 1008, reason)
                    break
                with self._lock:
                    self._untaken[cid] += 1
                    busy = self._untaken[cid] > MAX_UNTAKEN
                h._from_reader(h._frame, cid, frame, at)
                while busy and cid in self._ws:
                    await asyncio.sleep(0.01)
                    with self._lock:
                        busy = self._untaken[cid] > MAX_UNTAKEN
        except ConnectionClosed:
            pass
        finally:
            self.pending.pop(ws, None)
            self._ws.pop(cid, None)
            with self._lock:
                self._untaken.pop(cid, None)
            h._from_reader(h._gone, cid, reason)
            closing = self._closing.pop(cid, None)
            if closing is not None:  # let the close code and reason go out before the handler ends
                with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError, Exception):
                    await asyncio.wait_for(closing, 3)

    def send(self, out: list[tuple[int, bytes]], closes: list[tuple[int, str]]) -> None:
        """Queue frames and closes for the reader thread to carry out, in order (called from the host's loop)."""
        if self.loop is not None:
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self._flush, out, closes)

    def _flush(self, out: list[tuple[int, bytes]], closes: list[tuple[int, str]]) -> None:
        batches: dict[int, list[bytes]] = {}
        for cid, data in out:  # one write per connection for what one step of the host queued (patch + result)
            batches.setdefault(cid, []).append(data)
        for cid, frames in batches.items():
            ws = self._ws.get(cid)
            if ws is not None and not self._write(ws, *frames):
                self._ws.pop(cid, None)
                ws.transport.abort()
                self.host._from_reader(self.host._gone, cid, "too slow: the host will not wait for this client")
        for cid, reason in closes:
            if cid in self._ws:
                self._close(cid, 1000 if reason == "bye" else 1008, reason)

    def _write(self, ws: ServerConnection, *frames: bytes) -> bool:
        """Write text frames now, in one write (one TCP segment, one TLS record where they fit); False when the
        client has too much unread already (it is too slow)."""
        transport = ws.transport
        if transport.is_closing() or ws.protocol.state is not State.OPEN:
            return True
        if transport.get_write_buffer_size() > self.host.limits.max_buffer:
            return False
        for data in frames:
            ws.protocol.send_text(data)
            self.host.bytes_sent += len(data)
            self.host.frames_sent += 1
        chunks = [c for c in ws.protocol.data_to_send() if c]
        if chunks:
            transport.write(b"".join(chunks))
        return True

    def _connection_class(self) -> type[ServerConnection]:
        """websockets' connection, counted from its TCP accept until its hello (`MAX_PENDING`), Nagle off."""
        reader = self

        class Counted(ServerConnection):
            def connection_made(self, transport: Any) -> None:
                super().connection_made(transport)
                sock = transport.get_extra_info("socket")
                if sock is not None:
                    with contextlib.suppress(OSError):
                        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                self.tabletop_accepted = time.monotonic()
                reader.pending[self] = None
                while len(reader.pending) > MAX_PENDING:  # the oldest goes, without a word in the log
                    oldest, _ = reader.pending.popitem(last=False)
                    oldest.transport.abort()

            def connection_lost(self, exc: Exception | None) -> None:
                reader.pending.pop(self, None)
                super().connection_lost(exc)

        return Counted

    def _check_request(self, ws: ServerConnection, request: Any) -> Any:
        """Refuse a browser's page (`Origin`) and a `Host` that does not name this machine; note where the
        connection comes from (the forwarded address behind a trusted proxy) and make its challenge."""
        check = self.host.request_check
        local = ws.transport.get_extra_info("sockname")
        why = check.refusal(request.headers, local[0] if local else None)
        if why is None and not all(v.isascii() for v in request.headers.get_all(HELLO_HEADER)):
            why = f"the {HELLO_HEADER} header must be ASCII JSON (\\u escapes for anything else)"
        if why is not None:
            self.host._from_reader(self.host._refused_request, why)
            return ws.respond(http.HTTPStatus.FORBIDDEN, why + "\n")
        remote = ws.transport.get_extra_info("peername")
        address = check.peer(str(remote[0]) if remote else "unknown", request.headers)
        ws.tabletop_peer = Peer(address, secrets.token_hex(16), is_loopback(address),  # type: ignore[attr-defined]
                                getattr(ws, "tabletop_accepted", None))
        return None

    def _answer(self, ws: ServerConnection, request: Any, response: Any) -> None:
        """The handshake's answer: the password challenge, and whether the hello in the request was taken."""
        if response.status_code != 101:
            return
        peer = getattr(ws, "tabletop_peer", None)
        if peer is not None:
            response.headers[CHALLENGE_HEADER] = self.host.auth.challenge(peer.nonce)
        if _header_hello(request) is not None:
            response.headers[HELLO_HEADER] = "taken"

    def _close(self, cid: int, code: int, reason: str) -> None:
        ws = self._ws.pop(cid, None)
        if ws is None:
            return
        assert self.loop is not None
        task = self.loop.create_task(ws.close(code, _close_reason(reason)))
        self._closing[cid] = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def _header_hello(request: Any) -> str | None:
    """The hello a client sent with its opening handshake (one `Tabletop-Hello` header), or None."""
    values = request.headers.get_all(HELLO_HEADER) if request is not None else []
    return values[0] if len(values) == 1 else None


def _close_reason(reason: str) -> str:
    """A close reason that fits a close frame (123 bytes of UTF-8), cut on a character boundary."""
    return reason.encode("utf-8", "replace")[:120].decode("utf-8", "ignore")
