"""The client's connection (net/clientlink.py) against real websockets servers: what websockets' own client did.

Messages split in fragments arrive whole; a server that stops answering pings is dropped; a server that refuses
the handshake, or nothing listening, fails at once with why; a host name (not an address) still connects; a
server that closes with a reason gives its code and reason; sending into a closed link sends nothing.
"""

from __future__ import annotations

import asyncio
import http
import socket
from typing import Any

import pytest
from websockets.asyncio.server import serve
from websockets.exceptions import InvalidHandshake

from tabletop.net.client import Client
from tabletop.net.clientlink import Link, open_link
from tabletop.net.errors import HostLost

T = 10.0


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 30))


class Got:
    """What a link was given: the handshake response's headers and every message."""

    def __init__(self) -> None:
        self.headers: dict[str, str] = {}
        self.messages: list[bytes] = []
        self.more = asyncio.Event()

    def opened(self, link: Link, response: Any) -> None:
        self.headers = dict(response.headers.raw_items())

    def message(self, data: bytes) -> None:
        self.messages.append(data)
        self.more.set()

    async def wait(self, n: int) -> None:
        while len(self.messages) < n:
            self.more.clear()
            await asyncio.wait_for(self.more.wait(), T)


def test_fragmented_messages_arrive_whole_and_in_order() -> None:
    async def handler(ws: Any) -> None:
        assert ws.request.headers["Tabletop-Hello"] == '{"hi":1}'
        await ws.send([b'{"a":', b'"', "é".encode(), b'"}'], text=True)  # one text message in four frames
        await ws.send('{"b":2}')
        await ws.send(b"\x00\x01", text=False)
        await ws.wait_closed()

    async def go() -> None:
        async with serve(handler, "127.0.0.1", 0, compression=None) as server:
            port = server.sockets[0].getsockname()[1]
            got = Got()
            link = await open_link("127.0.0.1", port, {"Tabletop-Hello": '{"hi":1}'}, got.opened, got.message)
            await got.wait(3)
            assert got.messages == ['{"a":"é"}'.encode(), b'{"b":2}', b"\x00\x01"]
            assert link.wire > sum(map(len, got.messages))  # the HTTP response and the framing are counted
            await link.close()
            assert link.closed.done() and link.close_code == 1000
            assert not link.send_text(b"{}")  # closed: nothing is sent, nothing raised

    run(go())


def test_a_server_that_stops_answering_pings_is_dropped() -> None:
    async def handler(ws: Any) -> None:
        await ws.send("{}")
        ws.transport.pause_reading()  # never reads (nor answers) a ping again
        await asyncio.sleep(5)

    async def go() -> None:
        async with serve(handler, "127.0.0.1", 0, compression=None, ping_interval=None) as server:
            port = server.sockets[0].getsockname()[1]
            got = Got()
            link = await open_link("127.0.0.1", port, {}, got.opened, got.message, ping_interval=0.05,
                                   ping_timeout=0.2)
            await got.wait(1)
            await asyncio.wait_for(asyncio.shield(link.closed), T)
            assert link.close_code == 1006  # no close frame came: the connection was dropped

    run(go())


def test_a_refused_handshake_and_a_closed_port_fail_at_once() -> None:
    def refuse(conn: Any, request: Any) -> Any:
        return conn.respond(http.HTTPStatus.FORBIDDEN, "not you\n")

    async def go() -> None:
        async with serve(lambda ws: ws.wait_closed(), "127.0.0.1", 0, process_request=refuse) as server:
            port = server.sockets[0].getsockname()[1]
            got = Got()
            with pytest.raises(InvalidHandshake, match="403"):
                await asyncio.wait_for(open_link("127.0.0.1", port, {}, got.opened, got.message), T)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            free = s.getsockname()[1]
        with pytest.raises(OSError):
            await asyncio.wait_for(open_link("127.0.0.1", free, {}, got.opened, got.message), T)
        client = Client("127.0.0.1", free, reconnect=False)
        with pytest.raises(HostLost):
            await client.connect(T)

    run(go())


def test_a_host_name_connects_and_a_close_reason_comes_through() -> None:
    async def handler(ws: Any) -> None:
        await ws.send('{"x":1}')
        await ws.close(1008, "go away")

    async def go() -> None:
        async with serve(handler, "127.0.0.1", 0, compression=None) as server:
            port = server.sockets[0].getsockname()[1]
            got = Got()
            link = await open_link("localhost", port, {}, got.opened, got.message)
            await got.wait(1)
            await asyncio.wait_for(asyncio.shield(link.closed), T)
            assert (link.close_code, link.close_reason) == (1008, "go away")
            assert got.headers["Upgrade"].lower() == "websocket"

    run(go())
