"""The attacks of issue 12 over real sockets, against a real `Host`: refused, and the honest clients play on.

Also `tabletop join [::1]:PORT` (an IPv6 literal) and a flood sent while the host's loop is stalled: the reader
thread counts it on arrival and cuts it; the honest client, whose frames queue up meanwhile, is not kicked.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from tabletop.commands.join import safe
from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.net.client import Client
from tabletop.net.host import Host
from tabletop.net.messages import PROTOCOL_VERSION, Limits, encode

ROOT = Path(__file__).parent.parent.parent
T = 10.0


async def closed_reason(ws) -> str:
    try:
        for _ in range(500):
            await asyncio.wait_for(ws.recv(), T)
    except Exception:  # noqa: BLE001 - the connection ends one way or another
        pass
    return ws.close_reason or ""


def test_attacks_over_real_sockets_on_ipv6_loopback() -> None:
    async def go() -> None:
        session = quick_table(seed=3)
        host = Host(session, bind="::1", port=0, limits=Limits(rate=30, burst=20, hello_timeout=1.0))
        await host.start()
        honest = Client(f"[::1]:{host.port}", name="ann", seat=0)
        try:
            await honest.connect(T)
            url = f"ws://[::1]:{host.port}"
            hello = {"type": "hello", "version": PROTOCOL_VERSION, "seat": None}
            # a binary frame
            ws = await connect(url)
            await ws.send(encode(hello))
            assert "binary" in await closed_reason(ws)
            # NaN
            ws = await connect(url)
            await ws.send(encode(hello).decode())
            await ws.recv()
            await ws.send('{"type":"ping","t":NaN}')
            assert "JSON" in await closed_reason(ws)
            # a lone surrogate in the name: refused, nobody else notices
            ws = await connect(url)
            await ws.send('{"type":"hello","version":%d,"seat":null,"name":"a\\ud800b"}' % PROTOCOL_VERSION)  # noqa: UP031
            assert json.loads(await ws.recv())["code"] == "bad_name"
            # an empty token
            ws = await connect(url)
            await ws.send(encode({"type": "hello", "version": PROTOCOL_VERSION, "token": ""}).decode())
            assert json.loads(await ws.recv())["code"] == "bad_token"
            # silence after connecting
            ws = await connect(url)
            assert "hello" in await closed_reason(ws)
            # another seat's hand
            r = await honest.act(A.Draw(1, to="hand:1"), T)
            assert not r["accepted"] and r["code"] == "forbidden"
            # the honest client plays on, and a newcomer is welcome
            r = await honest.act(A.Draw(2), T)
            assert r["accepted"]
            late = Client(f"[::1]:{host.port}", name="Zoë", seat=None)
            await late.connect(T)
            assert [p["name"] for p in late.protocol.players][0] == "ann"
            await late.close()
        finally:
            await honest.close()
            await host.close()

    asyncio.run(go())


def test_a_flood_is_cut_on_arrival_while_the_host_is_stalled() -> None:
    """The host's loop sleeps 2.5 s (an autosave, say). Meanwhile an honest client sends 16 pings at 8 a second (more
    than the burst of 10, within the rate of 10) and a flooder sends 500 as fast as it can. The reader thread cuts
    the flood as it arrives; the honest client's frames, read together after the stall, are all answered."""
    import threading

    from websockets.sync.client import connect as sync_connect

    results: dict[str, object] = {}
    ready = [threading.Event(), threading.Event()]
    go_on = threading.Event()

    def honest(url: str) -> None:
        with sync_connect(url) as ws:
            ws.send(encode({"type": "hello", "version": PROTOCOL_VERSION, "seat": 0}).decode())
            ws.recv(T)
            ready[0].set()
            go_on.wait(T)
            for i in range(16):
                ws.send(encode({"type": "ping", "t": i}).decode())
                time.sleep(0.125)
            pongs = []
            while len(pongs) < 16:
                msg = json.loads(ws.recv(T))
                if msg["type"] == "pong":
                    pongs.append(msg["t"])
            results["honest"] = pongs

    def flooder(url: str) -> None:
        with sync_connect(url) as ws:
            ws.send(encode({"type": "hello", "version": PROTOCOL_VERSION, "seat": None}).decode())
            ws.recv(T)
            ready[1].set()
            go_on.wait(T)
            try:
                for _ in range(500):
                    ws.send('{"type":"ping"}')
                while True:
                    ws.recv(T)
            except Exception:  # noqa: BLE001 - closed by the host
                pass
            results["flood"] = ws.close_reason or ""

    async def go() -> None:
        session = quick_table(seed=3)
        host = Host(session, bind="127.0.0.1", port=0, limits=Limits(rate=10, burst=10))
        await host.start()
        url = f"ws://127.0.0.1:{host.port}"
        threads = [threading.Thread(target=f, args=(url,), daemon=True) for f in (honest, flooder)]
        try:
            for th in threads:
                th.start()
            for ev in ready:
                assert await asyncio.to_thread(ev.wait, T)
            go_on.set()
            time.sleep(2.5)  # the host's loop stalls; the reader thread keeps reading and counting
            for th in threads:
                await asyncio.to_thread(th.join, 3 * T)
            assert results.get("honest") == list(range(16)), results
            assert str(results.get("flood", "")).startswith("flood"), results
        finally:
            await host.close()

    asyncio.run(go())


def test_join_takes_an_ipv6_literal_and_prints_names_safely() -> None:
    async def serve(ready, stop) -> None:
        session = quick_table(seed=3)
        session.state.players[1].name = "x\x1b[2Jy"  # as if read from an old save by hand (loads clean it now)
        host = Host(session, bind="::1", port=0)
        await host.start()
        ready.append(host.port)
        while not stop:
            await asyncio.sleep(0.05)
        await host.close()

    import threading

    ready: list[int] = []
    stop: list[bool] = []
    th = threading.Thread(target=lambda: asyncio.run(serve(ready, stop)), daemon=True)
    th.start()
    for _ in range(200):
        if ready:
            break
        time.sleep(0.02)
    try:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        out = subprocess.run([sys.executable, "-m", "tabletop", "join", f"[::1]:{ready[0]}", "--once", "--watch"],
                             capture_output=True, text=True, timeout=30, env=env, cwd=ROOT)
        assert out.returncode == 0, out.stderr
        assert "watching" in out.stdout and "[::1]" in out.stdout
        assert "\x1b" not in out.stdout and "x\\x1b[2Jy" in out.stdout
    finally:
        stop.append(True)
        th.join(10)


@pytest.mark.parametrize(("raw", "shown"), [("a\x1b[31mb", "a\\x1b[31mb"), ("ok é 🎲", "ok é 🎲"),
                                            ("a\ud800b", "a\\ud800b"), ("bidi\u202e", "bidi\\u202e")])
def test_safe_shows_escapes_instead_of_obeying_them(raw: str, shown: str) -> None:
    assert safe(raw) == shown
