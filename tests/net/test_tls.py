"""TLS, pins and the opening handshake's checks over real sockets on 127.0.0.1 (`--tls` forced there)."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from tabletop.game import quick_table
from tabletop.net.client import Client
from tabletop.net.errors import Refused
from tabletop.net.host import Host
from tabletop.net.invite import make_invite
from tabletop.net.messages import Limits
from tabletop.net.reader import MAX_PENDING
from tabletop.net.tls import CertificateChanged, host_certificate
from tabletop.net.tokenstore import TokenStore, address_key

T = 10.0


def _run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


async def _host(tmp: Path, folder: str = "a", **kw) -> Host:
    cert = host_certificate(folder=tmp / folder)
    h = Host(quick_table(seed=3), bind="127.0.0.1", port=kw.pop("port", 0), tls=cert, **kw)
    await h.start()
    return h


def test_the_certificate_is_kept_and_its_fingerprint_is_stable(tmp_path: Path) -> None:
    a = host_certificate(folder=tmp_path)
    b = host_certificate(folder=tmp_path)
    assert a.fingerprint == b.fingerprint and len(a.fingerprint) == 64
    assert (a.key.stat().st_mode & 0o077) == 0
    assert host_certificate(folder=tmp_path / "other").fingerprint != a.fingerprint
    own = host_certificate(a.cert, a.key)
    assert own.fingerprint == a.fingerprint


def test_an_invite_code_joins_over_tls_with_the_password_as_a_proof(tmp_path: Path) -> None:
    async def go() -> None:
        h = await _host(tmp_path, password="sesame")
        try:
            code = make_invite("127.0.0.1", h.port, h.fingerprint, "sesame")
            c = await Client(code, name="ann", store=TokenStore(tmp_path / "hosts.yaml")).connect(T)
            assert c.tls and c.seat == 0 and c._ws is not None and c._ws.fingerprint == h.fingerprint
            with pytest.raises(Refused, match="wrong password"):
                await Client(make_invite("127.0.0.1", h.port, h.fingerprint, "nope"), name="eve",
                             store=TokenStore(tmp_path / "hosts.yaml")).connect(T)
            await c.close()
        finally:
            await h.close()

    _run(go())


def test_a_changed_certificate_is_refused_and_can_be_forgotten(tmp_path: Path) -> None:
    store = TokenStore(tmp_path / "hosts.yaml")

    async def go() -> None:
        h = await _host(tmp_path, "a")
        port = h.port
        first = await Client(f"wss://127.0.0.1:{port}", seat=None, store=store).connect(T)
        assert first.pinned == h.fingerprint == store.pin(address_key("127.0.0.1", port))
        await first.close()
        await h.close()
        other = await _host(tmp_path, "b", port=port)  # the same address shows another certificate
        try:
            with pytest.raises(CertificateChanged, match="CHANGED") as e:
                await Client(f"wss://127.0.0.1:{port}", seat=None, store=store).connect(T)
            assert "--forget-host 127.0.0.1:" in str(e.value)
            assert other.protocol is not None and other.protocol.spectators() == 0  # nothing was sent
            with pytest.raises(CertificateChanged):  # an invite code with the old fingerprint: refused too
                await Client(make_invite("127.0.0.1", port, h.fingerprint), seat=None, store=store).connect(T)
            # the host's new invite code replaces the pin
            again = await Client(make_invite("127.0.0.1", port, other.fingerprint), seat=None, store=store).connect(T)
            assert store.pin(address_key("127.0.0.1", port)) == other.fingerprint
            await again.close()
            store.forget_host(address_key("127.0.0.1", port))
            assert store.pin(address_key("127.0.0.1", port)) is None
        finally:
            await other.close()

    _run(go())


def test_a_bare_loopback_address_finds_a_tls_host_and_a_plain_one(tmp_path: Path) -> None:
    async def go() -> None:
        h = await _host(tmp_path)
        plain = Host(quick_table(seed=3), bind="127.0.0.1", port=0)
        await plain.start()
        try:
            a = await Client(f"127.0.0.1:{h.port}", seat=None, reconnect=False).connect(T)
            b = await Client(f"127.0.0.1:{plain.port}", seat=None, reconnect=False).connect(T)
            assert a.tls is True and not b.tls
            await a.close()
            await b.close()
        finally:
            await h.close()
            await plain.close()

    _run(go())


def test_a_web_page_and_a_foreign_host_name_are_refused(tmp_path: Path) -> None:
    async def go() -> None:
        h = Host(quick_table(seed=3), bind="127.0.0.1", port=0)
        await h.start()
        try:
            for headers in ({"Origin": "http://127.0.0.1:8000"}, {"Host": "evil.example"}):
                origin = headers.get("Origin")
                with pytest.raises(InvalidStatus) as e:
                    async with connect(f"ws://127.0.0.1:{h.port}", origin=origin,  # type: ignore[arg-type]
                                       additional_headers={k: v for k, v in headers.items() if k != "Origin"}):
                        pass
                assert e.value.response.status_code == 403
            assert h.protocol is not None and not h.protocol._conns
        finally:
            await h.close()

    _run(go())


def _raw_request(port: int, hello: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=T) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                  b"Tabletop-Hello: " + hello + b"\r\n\r\n")
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
        return data


def test_raw_utf8_in_the_hello_header_is_refused() -> None:
    async def go() -> None:
        h = Host(quick_table(seed=3), bind="127.0.0.1", port=0)
        await h.start()
        try:
            loop = asyncio.get_running_loop()
            bad = await loop.run_in_executor(None, _raw_request, h.port,
                                             '{"type":"hello","version":2,"seat":null,"name":"Zoë"}'.encode())
            assert bad.startswith(b"HTTP/1.1 403") and b"ASCII" in bad
            good = await loop.run_in_executor(None, _raw_request, h.port,
                                              b'{"type":"hello","version":2,"seat":null,"name":"Zo\\u00eb"}')
            assert good.startswith(b"HTTP/1.1 101")
        finally:
            await h.close()

    _run(go())


def test_the_hello_is_due_within_the_documented_time_after_the_connection() -> None:
    async def go() -> None:
        h = Host(quick_table(seed=3), bind="127.0.0.1", port=0, limits=Limits(hello_timeout=1.0))
        await h.start()
        try:
            async with connect(f"ws://127.0.0.1:{h.port}") as ws:
                frame = await asyncio.wait_for(ws.recv(), T)
                assert '"code":"hello_timeout"' in frame and "no hello within 1 s" in frame
        finally:
            await h.close()

    _run(go())


def test_half_open_connections_never_keep_a_player_out(caplog: pytest.LogCaptureFixture) -> None:
    async def go() -> None:
        h = Host(quick_table(seed=3), bind="127.0.0.1", port=0)
        await h.start()
        idle: list[socket.socket] = []
        try:
            for _ in range(MAX_PENDING + 60):  # connected, never a byte: past the cap the oldest are let go
                s = socket.socket()
                s.setblocking(False)
                s.connect_ex(("127.0.0.1", h.port))
                idle.append(s)
            await asyncio.sleep(0.3)
            c = await Client(f"127.0.0.1:{h.port}", name="ann", reconnect=False).connect(T)
            assert c.seat == 0
            assert h._reader is not None and len(h._reader.pending) <= MAX_PENDING
            await c.close()
        finally:
            for s in idle:
                s.close()
            await h.close()

    with caplog.at_level(logging.WARNING):
        _run(go())
    assert not [r for r in caplog.records if r.exc_info], "no tracebacks in the log"


def test_todays_clients_still_join_on_loopback() -> None:
    """A client of before this change: plain ws://, the hello in the handshake's header, the password itself."""
    async def go() -> None:
        h = Host(quick_table(seed=3), bind="127.0.0.1", port=0, password="pw")
        await h.start()
        try:
            hello = '{"type":"hello","version":2,"seat":0,"name":"old","password":"pw"}'
            async with connect(f"ws://127.0.0.1:{h.port}", additional_headers={"Tabletop-Hello": hello}) as ws:
                welcome = json.loads(await asyncio.wait_for(ws.recv(), T))
                assert welcome["type"] == "welcome" and welcome["seat"] == 0
            async with connect(f"ws://127.0.0.1:{h.port}") as ws:  # the hello as a frame, as the docs said
                await ws.send('{"type":"hello","version":2,"seat":null,"password":"pw"}')
                assert json.loads(await asyncio.wait_for(ws.recv(), T))["type"] == "welcome"
        finally:
            await h.close()

    _run(go())
