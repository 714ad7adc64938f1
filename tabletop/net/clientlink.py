"""One client connection to a host: websockets' sans-I/O client protocol under a plain asyncio protocol.

Why not websockets' own asyncio client: a late join is a handshake and one large frame, and its asyncio layer
spends a task switch or more at every step (the TCP connect, the handshake response, each message handed from
the reader to `recv()`), plus a keepalive task and an assembler per connection. Here every frame is handed to the
`Client` from `data_received` as it arrives (the welcome is taken in the same callback as the handshake response
when they come together), the TCP connection to an address literal is opened without waiting for the event loop
when the kernel completes it at once (loopback, a LAN host that answers in time), and the keepalive is one timer.
websockets still does all of the protocol: the handshake, framing, masking, pings' answers and the closing
handshake; this module only moves its bytes.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import select
import socket
import ssl
from collections.abc import Callable
from typing import Any

from websockets.client import ClientProtocol as WsProtocol
from websockets.frames import Frame, Opcode
from websockets.headers import build_host
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import WebSocketURI, parse_uri
from websockets.utils import generate_key

from .tls import fingerprint_of

__all__ = ["Dialing", "Link", "finish_link", "open_link", "start_link"]


class Link(asyncio.Protocol):
    """A WebSocket connection as an asyncio protocol: `on_open(response)` once the handshake is accepted,
    `on_message(data)` for every whole text or binary message (the bytes as sent), in order.

    `opened` completes once the handshake is accepted (or fails with why it was not); `closed` once the TCP
    connection is gone. `wire` counts every byte received (the HTTP response and the framing included).
    """

    def __init__(
        self,
        uri: str,
        headers: dict[str, str],
        on_open: Callable[[Link, Response], None],
        on_message: Callable[[bytes], None],
        *,
        ping_interval: float = 5.0,
        ping_timeout: float = 15.0,
        close_timeout: float = 2.0,
        verify: Callable[[bytes], None] | None = None,
    ) -> None:
        self.uri = parse_uri(uri)
        #: over TLS: called with the host's certificate (DER) before a byte of the request is sent; raises to refuse
        self.verify = verify
        #: the SHA-256 fingerprint of the certificate the host showed ("" on plain `ws://`)
        self.fingerprint = ""
        self.on_open = on_open
        self.on_message = on_message
        self.ping_interval = ping_interval
        self.ping_timeout = ping_timeout
        self.close_timeout = close_timeout
        self.loop = asyncio.get_running_loop()
        self.opened: asyncio.Future[None] = self.loop.create_future()
        self.closed: asyncio.Future[None] = self.loop.create_future()
        self.transport: asyncio.Transport | None = None
        self.wire = 0
        self._parts: list[bytes] = []
        self._ping: tuple[bytes, float] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._close_timer: asyncio.TimerHandle | None = None
        self._paused = False
        self._drain: list[asyncio.Future[None]] = []
        self.key = generate_key()
        #: the handshake request, until it is sent (`send_early` may send it before asyncio has the socket); the
        #: request websockets' `ClientProtocol.connect` builds, spelled out here so that it goes out before that
        #: protocol is made (`protocol`, while the host reads it)
        self._request = _request(self.uri, self.key, headers)
        self._ws: WsProtocol | None = None

    @property
    def ws(self) -> WsProtocol:
        """websockets' client protocol for this connection, expecting the answer to the request sent."""
        if self._ws is None:
            ws = self._ws = WsProtocol(self.uri, max_size=None)
            ws.key = self.key  # the key the request was sent with: the answer is checked against it
        return self._ws

    def send_early(self, sock: socket.socket) -> None:
        """Send the handshake request on a socket already connected, before the event loop's next turn (what the
        socket does not take now, `connection_made` sends)."""
        with contextlib.suppress(BlockingIOError, InterruptedError):
            self._request = self._request[sock.send(self._request):]

    # -- asyncio's side --

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        tls = transport.get_extra_info("ssl_object")
        if tls is not None:
            der = tls.getpeercert(binary_form=True) or b""
            self.fingerprint = fingerprint_of(der)
            try:
                if self.verify is not None:
                    self.verify(der)
            except Exception as e:  # noqa: BLE001 - a refused certificate: nothing is sent, the opener is told
                self._request = b""
                if not self.opened.done():
                    self.opened.set_exception(e)
                    self.opened.exception()
                transport.abort()
                return
        if self._request:
            transport.write(self._request)
        self._request = b""
        self._write()

    def data_received(self, data: bytes) -> None:
        self.wire += len(data)
        self.ws.receive_data(data)
        self._take()

    def eof_received(self) -> None:
        self.ws.receive_eof()
        self._take()

    def connection_lost(self, exc: Exception | None) -> None:
        self.ws.receive_eof()  # idempotent: the state is CLOSED from here on
        for timer in (self._timer, self._close_timer):
            if timer is not None:
                timer.cancel()
        if not self.opened.done():
            self.opened.set_exception(self.ws.handshake_exc or ConnectionResetError(
                "the connection closed during the opening handshake"))
            self.opened.exception()  # retrieved: whoever opens the link awaits it, or has given up
        if not self.closed.done():
            self.closed.set_result(None)
        self._paused = False
        self._wake_drain()

    def pause_writing(self) -> None:
        self._paused = True

    def resume_writing(self) -> None:
        self._paused = False
        self._wake_drain()

    # -- the client's side --

    @property
    def open(self) -> bool:
        return self.ws.state is State.OPEN and self.transport is not None and not self.transport.is_closing()

    @property
    def close_code(self) -> int | None:
        return self.ws.close_code

    @property
    def close_reason(self) -> str:
        return self.ws.close_reason or ""

    def send_text(self, data: bytes) -> bool:
        """Send one text message (UTF-8 bytes); False when the connection is not open (nothing is sent)."""
        if not self.open:
            return False
        self.ws.send_text(data)
        self._write()
        return True

    async def drain(self) -> None:
        """Wait while the transport's write buffer is over its high-water mark (a host that stopped reading)."""
        if self._paused and not self.closed.done():
            fut = self.loop.create_future()
            self._drain.append(fut)
            await fut

    async def close(self, code: int = 1000) -> None:
        """The closing handshake, waiting `close_timeout` for the host to close the TCP connection."""
        if self.ws.state is State.OPEN:
            self.ws.send_close(code)
            self._write()
        if self.transport is not None and not self.closed.done():
            try:
                await asyncio.wait_for(asyncio.shield(self.closed), self.close_timeout)
            except TimeoutError:
                self.abort()

    def abort(self) -> None:
        """Drop the TCP connection at once (no closing handshake)."""
        if self.transport is not None:
            self.transport.abort()

    # -- internals --

    def _take(self) -> None:
        """Act on what websockets made of the bytes received: the handshake's answer, messages, pongs, a close."""
        for ev in self.ws.events_received():
            if isinstance(ev, Response) and not self.opened.done():
                if self.ws.handshake_exc is None:
                    self.on_open(self, ev)
                    self.opened.set_result(None)
                    self._arm_keepalive()
                else:  # refused (an HTTP error, not a WebSocket server): the opener gives up at once
                    self.opened.set_exception(self.ws.handshake_exc)
            elif isinstance(ev, Frame):
                self._frame(ev)
        self._write()

    def _frame(self, frame: Frame) -> None:
        op = frame.opcode
        if op is Opcode.TEXT or op is Opcode.BINARY or op is Opcode.CONT:
            if frame.fin and not self._parts:
                self.on_message(bytes(frame.data))
            elif frame.fin:
                self._parts.append(frame.data)
                data, self._parts = b"".join(self._parts), []
                self.on_message(data)
            else:
                self._parts.append(bytes(frame.data))
        elif op is Opcode.PONG and self._ping is not None and frame.data == self._ping[0]:
            self._ping = None

    def _write(self) -> None:
        transport = self.transport
        if transport is None:
            return
        for data in self.ws.data_to_send():
            if data:
                transport.write(data)
            elif transport.can_write_eof():
                with contextlib.suppress(OSError, RuntimeError):
                    transport.write_eof()
            else:  # pragma: no cover - a plain TCP transport can always half-close
                transport.close()
        if self._close_timer is None and self.ws.close_expected():
            self._close_timer = self.loop.call_later(self.close_timeout, self.abort)

    def _arm_keepalive(self) -> None:
        if self.ping_interval:
            self._timer = self.loop.call_later(self.ping_interval, self._keepalive)

    def _keepalive(self) -> None:
        """Ping the host now and then; one that has not answered a ping for `ping_timeout` seconds is lost."""
        if not self.open:
            return
        now = self.loop.time()
        if self._ping is not None:
            if now - self._ping[1] >= self.ping_timeout:
                self.ws.fail(1011, "keepalive ping timeout")
                self._write()
                self.abort()
                return
        else:
            data = os.urandom(4)
            self._ping = (data, now)
            self.ws.send_ping(data)
            self._write()
        self._arm_keepalive()

    def _wake_drain(self) -> None:
        waiters, self._drain = self._drain, []
        for fut in waiters:
            if not fut.done():
                fut.set_result(None)


def _request(u: WebSocketURI, key: str, headers: dict[str, str]) -> bytes:
    """The opening handshake's request (RFC 6455, 4.1) to `u` with `key` and extra `headers` (ASCII values)."""
    lines = [f"GET {u.resource_name} HTTP/1.1", f"Host: {build_host(u.host, u.port, u.secure)}", "Upgrade: websocket",
             "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
    for name, value in headers.items():
        if any(c in name + value for c in "\r\n\0"):
            raise ValueError(f"header {name!r} holds a line break")
        lines.append(f"{name}: {value}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("ascii")


def _literal(host: str) -> int | None:
    """The address family of an IP address literal, or None for a name."""
    try:
        return socket.AF_INET6 if ipaddress.ip_address(host).version == 6 else socket.AF_INET
    except ValueError:
        return None


def _writable_now(sock: socket.socket) -> bool:
    """Whether a connecting socket has finished connecting (poll: select() cannot take a descriptor past 1023)."""
    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(sock, select.POLLOUT)
        return bool(poller.poll(0))
    return bool(select.select([], [sock], [], 0)[1])


class Dialing:
    """A connection being opened (`start_link`): its link and, to an address literal, its socket, the TCP connect
    under way or done (`connected`, the request sent then)."""

    __slots__ = ("address", "connected", "host", "link", "port", "sock", "tls")

    def __init__(self, link: Link, host: str, port: int) -> None:
        self.link = link
        self.tls: ssl.SSLContext | None = None
        self.host, self.port = host, port
        self.sock: socket.socket | None = None
        self.address: Any = None
        self.connected = False

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()


def start_link(host: str, port: int, headers: dict[str, str], on_open: Callable[[Link, Response], None],
               on_message: Callable[[bytes], None], *, tls: ssl.SSLContext | None = None,
               verify: Callable[[bytes], None] | None = None, **options: float) -> Dialing:
    """Start opening a connection without waiting (`finish_link` waits): the link made and, to an address literal,
    the TCP connect started and, when the kernel completed it within the call (loopback, a LAN host that
    answered), the handshake request sent at once, without a turn of the event loop (plain only: over `tls` the
    request waits for the TLS handshake and `verify`). Raises OSError (refused)."""
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    link = Link(f"{'wss' if tls else 'ws'}://{where}", headers, on_open, on_message, verify=verify, **options)
    d = Dialing(link, host, port)
    d.tls = tls
    family = _literal(host)
    if family is None:
        return d  # a name: asyncio resolves it and connects
    d.sock = sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # a small frame goes at once, never held back
        sock.setblocking(False)
        d.address = (host, port, 0, 0) if family == socket.AF_INET6 else (host, port)
        try:
            sock.connect(d.address)
            d.connected = True
        except BlockingIOError:
            if _writable_now(sock):
                err = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
                if err:
                    raise OSError(err, f"connect to {host}:{port}: {os.strerror(err)}") from None
                d.connected = True
        if d.connected and tls is None:
            link.send_early(sock)  # the host reads the request while asyncio sets the connection up
    except BaseException:
        sock.close()
        raise
    return d


async def finish_link(d: Dialing) -> Link:
    """Wait for the connection `start_link` started and its opening handshake (the caller bounds the time);
    raises OSError, or websockets' InvalidHandshake when the host will not take the connection."""
    loop = asyncio.get_running_loop()
    link, sock = d.link, d.sock
    tls: dict[str, Any] = {} if d.tls is None else {"ssl": d.tls, "ssl_handshake_timeout": 5.0}
    try:
        if sock is not None:
            if not d.connected:
                await loop.sock_connect(sock, d.address)
                if d.tls is None:
                    link.send_early(sock)
            link.ws  # noqa: B018 - websockets' protocol for it is made while the host reads the request
            await loop.create_connection(lambda: link, sock=sock, **tls, **({"server_hostname": ""} if tls else {}))
        else:
            await loop.create_connection(lambda: link, d.host, d.port, **tls)
    except BaseException:
        d.close()
        raise
    try:
        await link.opened
    except BaseException:
        link.abort()
        raise
    return link


async def open_link(host: str, port: int, headers: dict[str, str], on_open: Callable[[Link, Response], None],
                    on_message: Callable[[bytes], None], **options: float) -> Link:
    """Connect and do the opening handshake (the caller bounds the time); raises OSError, or websockets'
    InvalidHandshake when the host will not take the connection. `options`: `Link`'s timings."""
    return await finish_link(start_link(host, port, headers, on_open, on_message, **options))
