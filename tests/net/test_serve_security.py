"""`tabletop serve` as users run it: host rights go to the host token it prints, never to the first comer; a second
serve through a symlink to a running game's save is refused, not a fork."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.net.client import Client
from tabletop.store import save_game

from .test_processes import ROOT, Proc, free_port

T = 15


def _serve(save: Path, port: int, *extra: str) -> Proc:
    return Proc([sys.executable, "-m", "tabletop", "serve", str(save), "--port", str(port), "--bind", "127.0.0.1",
                 "--no-announce", *extra])


def _value(proc: Proc, prefix: str) -> str:
    return proc.line(lambda s: s.startswith(prefix)).rsplit(": ", 1)[1].strip()


def test_without_a_password_the_first_comer_is_a_player_and_the_host_token_the_host(tmp_path: Path) -> None:
    port = free_port()
    h = Proc([sys.executable, "-m", "tabletop", "serve", "--port", str(port), "--bind", "127.0.0.1", "--no-announce",
              "--autosave", str(tmp_path / "g.yaml")])
    try:
        code = _value(h, "invite code")
        token = _value(h, "host token")
        assert code == f"ws://127.0.0.1:{port}"  # loopback only: plain

        async def go() -> None:
            first = await Client(code, name="mallory").connect(T)
            assert first.seat == 0 and not any(p.get("host") for p in first.protocol.players)
            refused = await first.act(A.SetEnforcement("strict"))
            assert not refused["accepted"] and refused["code"] == "forbidden"
            owner = await Client(code, name="ann", host_token=token).connect(T)
            assert owner.seat == 1
            assert (await owner.act(A.SetEnforcement("strict")))["accepted"]
            await first.close()
            await owner.close()

        asyncio.run(asyncio.wait_for(go(), 60))
    finally:
        h.stop()
    # restarted on its save, the game keeps its host token and the seat that showed it keeps its rights
    again = _serve(tmp_path / "g.yaml", port)
    try:
        assert _value(again, "host token") == token
        assert "tokens" in (tmp_path / "g.tokens.yaml").read_text() and "host: true" in (
            tmp_path / "g.tokens.yaml").read_text()
    finally:
        again.stop()


def test_a_second_serve_through_a_symlink_is_refused_not_a_fork(tmp_path: Path) -> None:
    port, other = free_port(), free_port()
    real = tmp_path / "real" / "game.yaml"
    real.parent.mkdir()
    save_game(quick_table(seed=4), real)
    first = _serve(real, port)
    try:
        first.line(lambda s: s.startswith("serving"))
        link = tmp_path / "link.yaml"
        link.symlink_to(real)
        second = _serve(link, other)
        second.p.wait(T)
        out = "".join(second.transcript)
        assert second.p.returncode == 2 and "already open in another tabletop" in out, out
    finally:
        first.stop()


def _limit_descriptors() -> None:
    import resource

    # below what 1,100 connections from one client machine open at once here (about 600 complete at a time)
    resource.setrlimit(resource.RLIMIT_NOFILE, (400, 400))


def test_1100_half_open_connections_past_the_descriptor_limit_keep_no_player_out(tmp_path: Path) -> None:
    import resource
    import socket
    import subprocess

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1400:
        pytest.skip(f"this test itself needs 1,400 descriptors (the hard limit is {hard})")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1400) if hard == resource.RLIM_INFINITY
                                                else min(hard, max(soft, 1400)), hard))
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    host = subprocess.Popen([sys.executable, "-m", "tabletop", "serve", "--port", str(port), "--bind", "127.0.0.1",
                             "--no-announce", "--autosave", str(tmp_path / "g.yaml")], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT, preexec_fn=_limit_descriptors)
    idle: list[socket.socket] = []
    try:
        assert host.stdout is not None
        while not host.stdout.readline().startswith("serving"):
            pass
        for _ in range(1100):  # connected, never a byte
            s = socket.socket()
            s.setblocking(False)
            s.connect_ex(("127.0.0.1", port))
            idle.append(s)

        async def go() -> int | None:
            # retrying, as every client does; the half-open ones are let go `hello_timeout` (10 s) after their
            # accept, so a machine loaded with other tests (pytest-xdist) needs more than the usual T to get in
            c = await Client(f"127.0.0.1:{port}", name="ann").connect(45)
            seat = c.seat
            await c.close()
            return seat

        assert asyncio.run(asyncio.wait_for(go(), 60)) == 0
    finally:
        for s in idle:
            s.close()
        host.terminate()
        out, _ = host.communicate(timeout=30)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert "Traceback" not in out, out[-3000:]
    assert out.count("too many connections at once") <= 2, out[-3000:]  # one quiet line (at most every 10 s)
