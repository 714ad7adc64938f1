"""A real host and real clients over WebSocket on 127.0.0.1, in one process: play, attack, drop, reconnect.

Every frame a client receives is kept and checked: none may name a card (id, reference or card name) that its
seat could not see before or after the step that sent it, in every enforcement mode.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket

import pytest
from websockets.asyncio.client import connect

from tabletop.cards import default_library
from tabletop.core import actions as A
from tabletop.core.view import view_hash
from tabletop.game import quick_table
from tabletop.net.client import Client, ClientThread, parse_address
from tabletop.net.embedded import EmbeddedHost
from tabletop.net.errors import Refused, VersionMismatch
from tabletop.net.host import Host
from tabletop.net.messages import PROTOCOL_VERSION, Limits, encode

LIB = default_library()
T = 10  # seconds: the bound on every wait


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


def visible(session, seat) -> set[str]:
    state = session.state
    return {pid for pid, p in state.pieces.items() if p.kind == "card" and state.can_see(p, seat)}


def secrets_of(session, pids: set[str]) -> list[tuple[str, re.Pattern[str]]]:
    out = []
    for pid in pids:
        p = session.state.pieces[pid]
        out.append((pid, re.compile(rf"\b{re.escape(pid)}\b")))
        out.append((p.card, re.compile(rf"(?<![\w/]){re.escape(p.card)}(?!\w)")))
        out.append((LIB.get(p.card).name, re.compile(re.escape(LIB.get(p.card).name))))
    return out


class Table:
    """Host + two seats + a spectator, stepping together so each step's frames can be checked."""

    def __init__(self, session, host: Host, clients: dict) -> None:
        self.session = session
        self.host = host
        self.clients = clients
        self.seen_before = {s: visible(session, s) for s in clients}
        self.marks = {s: 0 for s in clients}
        self.frames_checked = 0

    async def settle(self) -> None:
        seq = self.session.state.seq
        for c in self.clients.values():
            await c.wait_for(lambda c=c: c.protocol.seq == seq and not c.protocol._awaiting_snapshot, T)
        await asyncio.sleep(0.02)
        self.check()

    def check(self) -> None:
        for seat, c in self.clients.items():
            assert c.protocol.view_hash() == view_hash(self.session.view(seat)), seat
            now = visible(self.session, seat)
            hidden = set(self.session.state.pieces) - now - self.seen_before[seat]
            hidden = {pid for pid in hidden if self.session.state.pieces[pid].kind == "card"}
            patterns = secrets_of(self.session, hidden)
            for frame in c.frames[self.marks[seat]:]:
                text = frame.decode()
                for what, pat in patterns:
                    assert not pat.search(text), f"seat {seat} was sent {what!r}: {text[:300]}"
                self.frames_checked += 1
            self.marks[seat] = len(c.frames)
            self.seen_before[seat] = now

    async def act(self, seat, action, accepted=True) -> dict:
        r = await self.clients[seat].act(action, T)
        assert r["accepted"] is accepted, r
        await self.settle()
        return r

    def ids(self, seat, zone) -> list[str]:
        v = self.clients[seat].view
        return [p["id"] for z in v["zones"] if z["name"] == zone for p in z["pieces"]]


async def open_table(mode: str = "off", seed: int = 11, **host_kwargs):
    session = quick_table(seed=seed)
    session.state.enforcement = mode
    host = Host(session, bind="127.0.0.1", port=0, **host_kwargs)
    await host.start()
    clients = {
        0: await Client("127.0.0.1", host.port, seat=0, name="ann", record=True).connect(T),
        1: await Client("127.0.0.1", host.port, seat=1, name="bob", record=True).connect(T),
        None: await Client("127.0.0.1", host.port, seat=None, name="sue", record=True).connect(T),
    }
    t = Table(session, host, clients)
    await t.settle()
    return t


async def close_table(t: Table) -> None:
    for c in t.clients.values():
        await c.close()
    await t.host.close()


@pytest.mark.parametrize("mode", ["off", "warn", "strict"])
def test_two_seats_play_a_third_watches_and_nothing_leaks(mode: str) -> None:
    async def go() -> None:
        t = await open_table(mode)
        try:
            await t.act(0, A.Draw(5))
            await t.act(1, A.Draw(5))
            await t.act(0, A.Move((t.ids(0, "hand:0")[0],), "table", x=300, y=300))
            await t.act(1, A.Move((t.ids(1, "hand:1")[0],), "table", x=600, y=300, face_up=False))
            await t.act(0, A.LookTop("deck", 2))
            await t.act(1, A.Shuffle("deck"))
            await t.act(0, A.Reveal((t.ids(0, "hand:0")[0],), to=1))
            await t.act(1, A.Flip((t.ids(1, "table")[-1],)))
            await t.act(0, A.Deal(1))
            await t.act(1, A.Chat("nice"))
            other = t.ids(0, "hand:1")[0]
            await t.act(0, A.Move((other,), "table"), accepted=False)
            await t.act(0, A.Search("deck"))
            await t.act(0, A.EndSearch("deck"))
            # undo of a draw: seat 1 asks, seat 0 agrees
            await t.act(1, A.Draw(1))
            seq = t.session.state.seq
            r = await t.clients[1].undo(T)
            assert r["code"] == "vote"
            await t.clients[0].vote(r["request"], True)
            await t.clients[1].wait_for(lambda: t.session.state.seq > seq, T)
            await t.settle()
            await t.act(1, A.Move((t.ids(1, "hand:1")[0],), "deck", index=0))
            await t.act(1, A.Move((t.ids(1, "hand:1")[0],), "discard"))
            assert t.frames_checked > 40
        finally:
            await close_table(t)

    run(go())


def test_hostile_clients_are_refused_and_nobody_else_notices() -> None:
    async def go() -> None:
        t = await open_table("off", limits=Limits(rate=50, burst=60))
        port = t.host.port
        try:
            await t.act(0, A.Draw(2))
            honest_seq = t.session.state.seq

            async def raw(hello: dict | None):
                ws = await connect(f"ws://127.0.0.1:{port}", max_size=None)
                if hello is not None:
                    await ws.send(encode(hello).decode())
                    json.loads(await asyncio.wait_for(ws.recv(), T))
                return ws

            async def closed_reason(ws) -> str:
                with pytest.raises(Exception):  # noqa: B017 - the connection ends one way or another
                    for _ in range(200):
                        await asyncio.wait_for(ws.recv(), T)
                return ws.close_reason or ""

            spectator = {"type": "hello", "version": PROTOCOL_VERSION, "seat": None}
            # an action that names another seat in the envelope
            ws = await raw(spectator)
            await ws.send(encode({"type": "action", "cseq": 1, "seat": 0, "action": A.Draw(1).to_dict()}).decode())
            assert "seat" in await closed_reason(ws)
            # malformed JSON, unknown action, oversized frame, deep JSON
            for frame in ("{oops", encode({"type": "action", "cseq": 1, "action": {"type": "teleport"}}).decode(),
                          "x" * (300 * 1024), '{"type":"ping","t":' + "[" * 64 + "]" * 64 + "}"):
                ws = await raw(spectator)
                await ws.send(frame)
                await closed_reason(ws)
            # a flood
            ws = await raw(spectator)
            with pytest.raises(Exception):  # noqa: B017
                for _ in range(400):
                    await ws.send(encode({"type": "ping"}).decode())
                    await asyncio.sleep(0)
                for _ in range(1000):
                    await asyncio.wait_for(ws.recv(), T)
            assert "flood" in (ws.close_reason or "")
            # a wrong token, a wrong version
            with pytest.raises(Refused):
                await Client("127.0.0.1", port, token="forged").connect(T)
            with pytest.raises(Refused):
                await Client("127.0.0.1", port, seat=0).connect(T)
            ws = await connect(f"ws://127.0.0.1:{port}")
            await ws.send(encode({"type": "hello", "version": 99}).decode())
            assert json.loads(await ws.recv())["message"] == f"host v{PROTOCOL_VERSION}, client v99"
            await closed_reason(ws)
            # a stale vote and a stale handle
            await t.act(0, A.Draw(1))
            stale = t.ids(1, "deck")[0]
            await t.act(1, A.Shuffle("deck"))
            await t.act(1, A.Move((stale,), "table"), accepted=False)
            await t.clients[1].vote(1234, True)
            # a duplicate cseq from a real seat
            c0 = t.clients[0]
            cseq = c0.protocol.next_cseq - 1
            before = t.session.state.seq
            await c0.send_raw(encode({"type": "action", "cseq": cseq, "action": A.Draw(1).to_dict()}))
            await c0.wait_for(lambda: c0.protocol.results[cseq].get("duplicate"), T)
            assert t.session.state.seq == before
            # the honest seats played on, unaffected
            assert t.session.state.seq > honest_seq
            await t.act(1, A.Draw(1))
            assert all(c.connected for c in t.clients.values())
            assert t.clients[0].protocol.desyncs == 0 and t.clients[1].protocol.desyncs == 0
        finally:
            await close_table(t)

    run(go())


def test_a_dropped_client_keeps_its_seat_and_reconnects() -> None:
    async def go() -> None:
        t = await open_table("warn")
        try:
            await t.act(1, A.Draw(3))
            c1 = t.clients[1]
            hand = sorted(p["card"] for z in c1.view["zones"] if z["name"] == "hand:1" for p in z["pieces"])
            c1.abort()  # the network fails under it; it reconnects by itself with its token
            await c1.wait_for(lambda: c1.connections == 2 and c1.connected, T)
            await t.act(0, A.Draw(1))
            # a brand new client with the token (the player restarted the program)
            token = c1.token
            await c1.close()
            await t.clients[0].wait_for(lambda: not t.clients[0].protocol.players[1]["connected"], T)
            await t.clients[0].pause(True)
            await t.clients[0].wait_for(lambda: t.clients[0].protocol.paused, T)
            fresh = await Client("127.0.0.1", t.host.port, token=token, record=True).connect(T)
            t.clients[1] = fresh
            t.marks[1] = 0
            assert fresh.seat == 1 and fresh.protocol.next_cseq > 1
            assert sorted(p["card"] for z in fresh.view["zones"] if z["name"] == "hand:1" for p in z["pieces"]) == hand
            r = await fresh.act(A.Draw(1), T)
            assert r["code"] == "paused"
            await fresh.pause(False)
            await fresh.wait_for(lambda: not fresh.protocol.paused, T)
            await t.act(1, A.Draw(1))
            await t.settle()
        finally:
            await close_table(t)

    run(go())


def test_a_slow_client_is_dropped_not_waited_for() -> None:
    async def go() -> None:
        t = await open_table("off", limits=Limits(max_buffer=32 * 1024, rate=1000, burst=1000))
        try:
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", t.host.port))
            ws = await connect(f"ws://127.0.0.1:{t.host.port}", sock=sock, max_size=None, max_queue=1)
            await ws.send(encode({"type": "hello", "version": PROTOCOL_VERSION, "seat": None}).decode())
            await asyncio.sleep(0.1)
            assert t.host.protocol.spectators() == 2
            ws.transport.pause_reading()  # never reads again
            for i in range(3000):  # chat lines are at most 500 characters: many of them fill the buffers
                await t.clients[0].act(A.Chat("x" * 490 + str(i)), T)
                if t.host.protocol.spectators() == 1:
                    break
            await t.settle()
            assert t.host.protocol.spectators() == 1
        finally:
            await close_table(t)

    run(go())


def test_embedded_host_and_threaded_client() -> None:
    session = quick_table(seed=5)
    host = EmbeddedHost(session, port=0, name="lan party", local_seats=(0,), bind="127.0.0.1", announce=False)
    host.start()
    client = None
    try:
        client = ClientThread("127.0.0.1", host.port, name="guest", seat="any").connect(T)
        assert client.seat == 1
        r = host.submit(A.Draw(2), 0)
        assert r.accepted
        assert [p["connected"] for p in host.players()] == [True, True]
        cseq = client.submit(A.Draw(1))
        for _ in range(200):
            v = client.view()
            if v is not None and v["seq"] == host.seq and cseq in client.client.protocol.results:
                break
            import time

            time.sleep(0.02)
        assert view_hash(client.view()) == view_hash(host.view(1))
        kinds = {e.kind for e in host.events()}
        assert {"claimed", "joined", "applied"} <= kinds
        assert any(e.kind == "view" for e in client.events())
    finally:
        if client is not None:
            client.close()
        host.close()


def test_version_mismatch_raises() -> None:
    async def go() -> None:
        session = quick_table(seed=1)
        host = Host(session, bind="127.0.0.1", port=0)
        await host.start()
        try:
            c = Client("127.0.0.1", host.port)
            c.protocol.version = PROTOCOL_VERSION + 1
            with pytest.raises(VersionMismatch, match=f"host v{PROTOCOL_VERSION}, client v{PROTOCOL_VERSION + 1}"):
                await c.connect(T)
            assert c.protocol.view is None
        finally:
            await host.close()

    run(go())


def test_parse_address() -> None:
    assert parse_address("192.168.1.5") == ("192.168.1.5", 7531)
    assert parse_address("box:9000") == ("box", 9000)
    assert parse_address("wss://box:9000/") == ("box", 9000)
    assert parse_address("ws://localhost:9000/") == ("localhost", 9000)
    assert parse_address("[::1]:8000") == ("::1", 8000)
