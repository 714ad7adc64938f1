"""Moderation against a real `tabletop serve --no-spectators --host-seat 1`, by clients written from
docs/PROTOCOL.md alone (a generic RFC 6455 client and JSON): a spectator is refused, a kick from a seat without
host rights is refused and changes nothing, and the host seat's kick closes the other seat with the reason."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from websockets.asyncio.client import connect

from .test_processes import Proc, free_port

T = 15


async def _recv(ws, kind: str) -> dict:
    """The next message of type `kind` (others are skipped)."""
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), T))
        if msg["type"] == kind:
            return msg


async def _scenario(port: int) -> dict:
    uri = f"ws://127.0.0.1:{port}/"
    out: dict = {}
    async with connect(uri) as watcher:
        await watcher.send(json.dumps({"type": "hello", "version": 2, "seat": None, "name": "sue"}))
        out["watcher"] = await _recv(watcher, "error")
    async with connect(uri) as ann, connect(uri) as bob:
        await ann.send(json.dumps({"type": "hello", "version": 2, "seat": 0, "name": "ann"}))
        out["ann_welcome"] = await _recv(ann, "welcome")
        await bob.send(json.dumps({"type": "hello", "version": 2, "seat": 1, "name": "bob"}))
        out["bob_welcome"] = await _recv(bob, "welcome")
        await bob.send(json.dumps({"type": "kick", "seat": 0}))  # bob is no host
        out["bob_refused"] = await _recv(bob, "error")
        await ann.send(json.dumps({"type": "ping", "t": 1}))
        out["ann_still"] = await _recv(ann, "pong")
        await ann.send(json.dumps({"type": "kick", "seat": 1}))  # ann's seat has host rights (--host-seat 1)
        out["bob_kicked"] = await _recv(bob, "error")
        await asyncio.wait_for(bob.wait_closed(), T)
        out["bob_close"] = (bob.close_code, bob.close_reason)
        out["ann_notice"] = await _recv(ann, "notice")
    async with connect(uri) as again:
        await again.send(json.dumps({"type": "hello", "version": 2,
                                     "token": out["bob_welcome"]["token"]}))
        out["again"] = await _recv(again, "error")
    return out


def test_serve_no_spectators_and_a_kick_from_a_client_written_from_the_docs(tmp_path: Path) -> None:
    port = free_port()
    serve = Proc([sys.executable, "-m", "tabletop", "serve", "--port", str(port), "--bind", "127.0.0.1",
                  "--autosave", str(tmp_path / "auto.yaml"), "--no-announce", "--no-spectators", "--host-seat", "1"])
    try:
        serve.line(lambda s: s.startswith("spectators: off"))
        out = asyncio.run(_scenario(port))
        assert serve.p.stdin is not None  # the console: the one who runs `serve` moderates from its terminal
        serve.p.stdin.write("who\nspectators on\n")
        serve.p.stdin.flush()
        who = serve.line(lambda s: "console" in s and "seat 1" in s)
        turned = serve.line(lambda s: "console" in s and "spectators: on" in s)
    finally:
        serve.stop()
    assert out["watcher"]["code"] == "no_spectators" and out["watcher"]["fatal"]
    refused = out["bob_refused"]
    assert refused["code"] == "forbidden" and refused["fatal"] is False and "only the host" in refused["message"]
    assert out["ann_still"]["t"] == 1
    kicked = out["bob_kicked"]
    assert kicked["code"] == "kicked" and kicked["fatal"] and "removed you from Seat 2" in kicked["message"]
    assert out["bob_close"][0] == 1008 and "removed by the host" in out["bob_close"][1]
    assert out["ann_notice"]["message"] == "The host removed bob from Seat 2; the seat is open"
    assert out["again"]["code"] == "kicked" and "no longer opens it" in out["again"]["message"]
    assert "seat 1: ann, away; seat 2: Seat 2, open; spectators: none (off)" in who and turned
    log = "".join(serve.transcript)
    assert "removed" in log and "The host removed bob from Seat 2" in log
