"""Moderation survives a host restart, kill -9 included: real `tabletop serve` processes, clients written from
docs/PROTOCOL.md alone (a generic RFC 6455 client and JSON).

Why: the host forgot its moderation when it restarted from its save: a kicked player's old token worked again, a
closed seat opened, spectators came back. Now what stays decided is written beside the save before anyone is
told, and a restarted host refuses the same hellos until the host changes it.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import yaml
from websockets.asyncio.client import connect

from .test_moderation_from_docs import _recv
from .test_processes import Proc, free_port

T = 15


async def _hello(uri: str, **fields) -> dict:
    """One hello; the welcome or the error it gets."""
    async with connect(uri) as ws:
        await ws.send(json.dumps({"type": "hello", "version": 2, **fields}))
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), T))
            if msg["type"] in ("welcome", "error"):
                return msg


async def _moderate(port: int) -> dict:
    """Ann (host rights) and bob sit; ann kicks bob, closes seat 3, turns spectators off; each is told."""
    uri = f"ws://127.0.0.1:{port}/"
    out: dict = {}
    async with connect(uri) as ann, connect(uri) as bob:
        await ann.send(json.dumps({"type": "hello", "version": 2, "seat": 0, "name": "ann"}))
        out["ann"] = await _recv(ann, "welcome")
        await bob.send(json.dumps({"type": "hello", "version": 2, "seat": 1, "name": "bob"}))
        out["bob"] = await _recv(bob, "welcome")
        await ann.send(json.dumps({"type": "kick", "seat": 1}))
        out["kicked"] = await _recv(bob, "error")
        out["notices"] = [(await _recv(ann, "notice"))["code"]]
        await ann.send(json.dumps({"type": "seat", "seat": 2, "closed": True}))
        out["notices"].append((await _recv(ann, "notice"))["code"])
        await ann.send(json.dumps({"type": "spectators", "allowed": False}))
        out["notices"].append((await _recv(ann, "notice"))["code"])  # the last one told: the host dies now
    return out


async def _after_restart(port: int, ann: str, bob: str) -> dict:
    uri = f"ws://127.0.0.1:{port}/"
    return {"bob": await _hello(uri, token=bob, name="bob"), "closed": await _hello(uri, seat=2, name="cy"),
            "any": await _hello(uri, seat="any", name="cy"), "watcher": await _hello(uri, seat=None, name="sue"),
            "ann": await _hello(uri, token=ann, name="ann")}


async def _undo_moderation(port: int, ann: str) -> dict:
    """Ann turns spectators on and opens seat 3 again; a spectator and a player of seat 3 are taken."""
    uri = f"ws://127.0.0.1:{port}/"
    out: dict = {}
    async with connect(uri) as ws:
        await ws.send(json.dumps({"type": "hello", "version": 2, "token": ann, "name": "ann"}))
        await _recv(ws, "welcome")
        await ws.send(json.dumps({"type": "spectators", "allowed": True}))
        await _recv(ws, "notice")
        await ws.send(json.dumps({"type": "seat", "seat": 2, "closed": False}))
        await _recv(ws, "notice")
    out["watcher"] = await _hello(uri, seat=None, name="sue")
    out["dee"] = await _hello(uri, seat=2, name="dee")
    return out


def _serve(port: int, save: Path, first: bool) -> Proc:
    args = [sys.executable, "-m", "tabletop", "serve", "--port", str(port), "--bind", "127.0.0.1", "--autosave",
            str(save), "--no-announce", "--host-seat", "1", "--no-console"]
    if first:
        args += ["--seats", "3"]
    else:
        args.insert(4, str(save))  # the README's restart: `tabletop serve SAVE`
    return Proc(args)


def test_kicks_closed_seats_and_spectators_off_outlive_a_kill_9_until_the_host_changes_them(tmp_path: Path) -> None:
    save = tmp_path / "game.yaml"
    port = free_port()
    serve = _serve(port, save, first=True)
    try:
        serve.line(lambda s: s.startswith("serving"))
        first = asyncio.run(_moderate(port))
    finally:
        serve.kill()  # kill -9 at once: nothing written on the way out
    assert first["kicked"]["code"] == "kicked" and first["notices"] == ["removed", "seat", "spectators"]
    ann, bob = first["ann"]["token"], first["bob"]["token"]
    assert not save.exists()  # the journal and the tokens file are all there is

    serve = _serve(port, save, first=False)
    try:
        serve.line(lambda s: s.startswith("serving"))
        kept = serve.line(lambda s: s.startswith("moderation kept"))
        again = asyncio.run(_after_restart(port, ann, bob))
    finally:
        serve.kill()
    assert "1 seat token revoked; seat 3 closed; spectators off" in kept
    assert again["bob"]["code"] == "kicked" and "removed you from Seat 2" in again["bob"]["message"]
    assert again["closed"]["code"] == "seat_closed" and "Seat 3" in again["closed"]["message"]
    assert again["any"]["type"] == "welcome" and again["any"]["seat"] == 1  # the kicked seat is open; 3 is not
    assert again["watcher"]["code"] == "no_spectators"
    assert again["ann"]["type"] == "welcome" and again["ann"]["seat"] == 0  # the host's own seat stands

    serve = _serve(port, save, first=False)
    try:
        serve.line(lambda s: s.startswith("serving"))
        changed = asyncio.run(_undo_moderation(port, ann))
    finally:
        serve.kill()
    assert changed["watcher"]["type"] == "welcome" and changed["watcher"]["seat"] is None
    assert changed["dee"]["type"] == "welcome" and changed["dee"]["seat"] == 2, changed["dee"]

    serve = _serve(port, save, first=False)
    try:
        serve.line(lambda s: s.startswith("serving"))
        last = asyncio.run(_after_restart(port, ann, bob))
    finally:
        serve.stop()  # a clean stop this time: the YAML is written, the tokens file still keeps the kick
    assert last["bob"]["code"] == "kicked"  # still revoked: the host never lifted it
    assert last["watcher"]["type"] == "welcome"  # the host turned spectators on: that is what was kept
    tokens = yaml.safe_load(save.with_name("game.tokens.yaml").read_text())
    assert tokens["moderation"]["revoked"][0]["token"] == bob and tokens["moderation"]["closed_seats"] == []
    assert "moderation" not in save.read_text() and bob not in save.read_text()  # never in the save


def test_a_tokens_file_keeps_moderation_and_refuses_a_bad_part_with_its_field(tmp_path: Path) -> None:
    import pytest

    from tabletop.net.errors import NetError
    from tabletop.net.seats import SeatRecord, new_token
    from tabletop.net.tokens import Moderated, load_moderation, load_tokens, save_tokens

    path = tmp_path / "g.tokens.yaml"
    ann, gone = new_token(), new_token()
    kept = Moderated({gone: "the host removed you from Seat 2"}, {2}, spectators=False)
    save_tokens(path, {0: SeatRecord(ann, 3, "ann")}, moderation=kept)
    assert load_moderation(path) == kept and load_tokens(path)[0].token == ann
    assert (path.stat().st_mode & 0o077) == 0  # the owner's alone: it holds seat tokens
    save_tokens(path, {0: SeatRecord(ann)}, moderation=Moderated())
    assert "moderation" not in path.read_text() and load_moderation(path) == Moderated()
    assert load_moderation(tmp_path / "none.yaml") == Moderated()  # a file from before: nothing decided
    path.write_text("format: tabletop-tokens\nversion: 1\nseats: {}\nmoderation:\n  closed_seats: [one]\n")
    with pytest.raises(NetError, match=r"g.tokens.yaml: moderation.closed_seats: expected a list of seat numbers"):
        load_moderation(path)


def test_restore_keeps_what_can_stand_and_says_what_cannot() -> None:
    from tabletop.game import quick_table
    from tabletop.net.protocol import HostProtocol
    from tabletop.net.seats import SeatRecord, new_token
    from tabletop.net.tokens import Moderated

    ann, bob = new_token(), new_token()
    p = HostProtocol(quick_table(seed=5), records={0: SeatRecord(ann), 1: SeatRecord(bob)})
    said = p.restore(Moderated({bob: "removed"}, {1, 7}, spectators=False))
    assert 1 not in p.records and 0 in p.records  # a revoked token's seat is open: the revocation stands
    assert p.closed_seats == {1} and p.spectators_allowed is False and p.revoked == {bob: "removed"}
    assert said == ["Seat 2's token was revoked: the seat is open", "there is no seat 8 to keep closed"]
    p2 = HostProtocol(quick_table(seed=5), records={0: SeatRecord(ann)})
    assert p2.restore(Moderated({}, {0})) == ["Seat 1 has a player: it stays open"] and p2.closed_seats == set()
