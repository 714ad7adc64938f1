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
import socket
import threading
import time
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from .protocol import FloodGate

if TYPE_CHECKING:
    from .host import Host

__all__ = ["HELLO_HEADER", "MAX_UNTAKEN", "SEND_BUFFER", "SocketReader"]

#: the opening handshake's header that carries a client's hello (docs/PROTOCOL.md, "Connecting")
HELLO_HEADER = "Tabletop-Hello"
#: bytes of kernel send buffer per client
SEND_BUFFER = 256 * 1024
#: frames handed to the host's loop and not yet taken, per connection, before the reader stops reading it for a
#: moment (backpressure while the host is busy; the client's frames wait in its socket, nobody is kicked)
MAX_UNTAKEN = 256


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
        server: Server = await serve(self._handle, **where, max_size=h.limits.max_frame, compression=None,
                                     ping_interval=5, ping_timeout=15, close_timeout=2,
                                     process_response=_hello_taken)
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
        with self._lock:
            self._untaken[cid] = 0
        gate = FloodGate(h.limits.rate, h.limits.burst, time.monotonic())
        reason = ""
        hello = _header_hello(ws.request)
        name = h.protocol.desk_hello(hello) if hello is not None and h.protocol is not None else None
        welcome = h.protocol.desk.take(cid, name) if name is not None and h.protocol is not None else None
        if welcome is not None:  # a spectator, answered from the desk: its welcome is the first frame it gets
            gate.admit(time.monotonic())
            self._write(ws, welcome)
            h._from_reader(h._desk_taken)
        else:
            h._from_reader(h._connected, cid)
        if hello is not None and welcome is None:  # the hello came with the handshake: this connection's first frame
            gate.admit(time.monotonic())
            with self._lock:
                self._untaken[cid] += 1
            h._from_reader(h._frame, cid, hello, time.monotonic())
        try:
            async for frame in ws:
                at = time.monotonic()
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
        for cid, data in out:
            ws = self._ws.get(cid)
            if ws is not None and not self._write(ws, data):
                self._ws.pop(cid, None)
                ws.transport.abort()
                self.host._from_reader(self.host._gone, cid, "too slow: the host will not wait for this client")
        for cid, reason in closes:
            if cid in self._ws:
                self._close(cid, 1000 if reason == "bye" else 1008, reason)

    def _write(self, ws: ServerConnection, data: bytes) -> bool:
        """Write one text frame now; False when the client has too much unread already (it is too slow)."""
        transport = ws.transport
        if transport.is_closing():
            return True
        if transport.get_write_buffer_size() > self.host.limits.max_buffer:
            return False
        broadcast((ws,), data, text=True)
        self.host.bytes_sent += len(data)
        self.host.frames_sent += 1
        return True

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


def _hello_taken(conn: ServerConnection, request: Any, response: Any) -> None:
    """Tell a client whose hello came with the handshake that it was taken (it sends no hello frame then)."""
    if response.status_code == 101 and _header_hello(request) is not None:
        response.headers[HELLO_HEADER] = "taken"


def _close_reason(reason: str) -> str:
    """A close reason that fits a close frame (123 bytes of UTF-8), cut on a character boundary."""
    return reason.encode("utf-8", "replace")[:120].decode("utf-8", "ignore")
