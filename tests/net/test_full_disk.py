"""A real `tabletop serve` whose disk fills up mid-game: its journal stays where a restart looks, the host takes
changes again by itself once a little room is freed, and a restart with the README's command (`tabletop serve
SAVE.yaml`) finds every acknowledged action, after a kill -9 or a clean stop.

Two disks: an injected write failure (always runs: the host runs under a wrapper that makes every journal write
fail with ENOSPC while a flag file exists), and a real small tmpfs in a private mount namespace (`unshare -m`),
which needs root and is skipped with the reason where it cannot be made.
"""

from __future__ import annotations

import asyncio
import errno
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tabletop.core import actions as A
from tabletop.net.client import Client
from tabletop.store import load_game

from .test_processes import Proc

#: runs `tabletop` with every journal write (and the YAML's) failing with ENOSPC while the file $FULL_FLAG exists
WRAPPER = """
import errno, os, sys
from tabletop.store import autosave, journalwrite
flag = os.environ["FULL_FLAG"]
write_all, atomic_write = journalwrite._write_all, autosave.atomic_write
def full(real):
    def call(*args):
        if os.path.exists(flag):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(*args)
    return call
journalwrite._write_all = full(write_all)
autosave.atomic_write = full(atomic_write)
from tabletop.cli import main
sys.exit(main())
"""


def _serve(prefix: list[str], *args: str) -> tuple[Proc, int]:
    """A `serve` process (its command after `prefix`), and the port it serves on once it says so."""
    proc = Proc([*prefix, "serve", *args, "--bind", "127.0.0.1", "--port", "0", "--no-announce"])
    line = proc.line(lambda s: s.startswith(("serving", "tabletop serve:")), timeout=30)
    found = re.search(r"on 127\.0\.0\.1:(\d+)", line)
    assert found, "".join(proc.transcript)
    return proc, int(found[1])


class Player:
    """A seat of the served game, acting from this test's own event loop."""

    def __init__(self, port: int, seat: int = 0) -> None:
        self.heard: list = []
        self.client = Client("127.0.0.1", port, seat=seat, reconnect=False, on_event=self.heard.append)
        self.acked: list[str] = []
        self.unanswered: dict[int, str] = {}
        self.n = 0

    async def act(self, timeout: float = 5.0) -> bool:
        """One chat; True when the host acknowledged it (durable), False when it refused it or did not answer."""
        self.n += 1
        text = f"chat {self.n}"
        cseq = await self.client.submit(A.Chat(text))
        try:
            await self.client.wait_for(lambda: cseq in self.client.protocol.results, timeout)
        except TimeoutError:
            self.unanswered[cseq] = text
            return False
        answer = self.client.protocol.results[cseq]
        if answer["accepted"]:
            self.acked.append(text)
        return bool(answer["accepted"])

    def collect(self) -> None:
        """Answers that came late (held while the journal could not be written) count once they are there."""
        for cseq, text in list(self.unanswered.items()):
            if self.client.protocol.results.get(cseq, {}).get("accepted"):
                self.acked.append(text)
                del self.unanswered[cseq]

    def notices(self, code: str) -> int:
        return sum(1 for ev in self.heard if ev.kind == "error" and ev.data.get("code") == code)


def _journals(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.suffix == ".journal")


def _texts(save: Path) -> list[str]:
    return [e.action.text for e in load_game(save).history if isinstance(e.action, A.Chat)]


def _stop(proc: Proc) -> str:
    proc.p.send_signal(signal.SIGTERM)
    proc.p.wait(30)
    time.sleep(0.1)  # the reader thread takes the last lines
    return "".join(proc.transcript)


def _restart_and_check(prefix: list[str], save: Path, folder: Path, acked: list[str]) -> None:
    """`tabletop serve SAVE.yaml` (the README's command) continues the game with every acknowledged action."""
    proc, _ = _serve(prefix, str(save))
    out = _stop(proc)
    assert f"saved to {save}" in out, out
    texts = _texts(folder / save.name)
    assert texts[:len(acked)] == acked, (texts, acked)


def test_an_injected_full_disk_loses_no_acknowledged_action_after_a_kill_or_a_clean_stop(tmp_path: Path) -> None:
    wrapper = tmp_path / "full_disk_wrapper.py"
    wrapper.write_text(WRAPPER)
    flag = tmp_path / "disk-is-full"
    os.environ["FULL_FLAG"] = str(flag)
    prefix = [sys.executable, str(wrapper)]
    plain = [sys.executable, "-m", "tabletop"]
    folder = tmp_path / "games"
    folder.mkdir()
    save = folder / "game.yaml"
    procs: list[Proc] = []

    async def halt_mid_game(player: Player) -> None:
        await player.client.connect(10)
        for _ in range(5):
            assert await player.act()
        flag.touch()
        cseq = await player.client.submit(A.Chat("not on disk"))
        await player.client.wait_for(lambda: player.notices("autosave_failed") > 0, 10)
        assert cseq not in player.client.protocol.results  # applied, never acknowledged: its record is not on disk
        assert not await player.act(timeout=3)  # refused at once
        await asyncio.sleep(3)  # past the host's first try of its journal again (the disk still full)
        assert _journals(folder) == ["game.journal"]

    try:
        # a kill -9 while halted
        host, port = _serve(prefix, "--autosave", str(save), "--seed", "3")
        procs.append(host)
        player = Player(port)

        async def first() -> None:
            await halt_mid_game(player)
            await player.client.close()

        asyncio.run(first())
        host.kill()
        assert _journals(folder) == ["game.journal"] and not save.exists()
        flag.unlink()
        _restart_and_check(plain, save, folder, player.acked)

        # a clean stop while halted (the YAML cannot be written either): told where the game is, kept there
        host, port = _serve(prefix, str(save))
        procs.append(host)
        player2 = Player(port, seat=1)
        player2.n = 100

        async def second() -> None:
            await halt_mid_game(player2)
            await player2.client.close()

        asyncio.run(second())
        out = _stop(host)
        assert "every acknowledged change is kept in" in out and str(folder / "game.journal") in out, out
        assert host.p.returncode == 1  # the YAML was not written: a script running the host learns it
        assert _journals(folder) == ["game.journal"]
        flag.unlink()
        _restart_and_check(plain, save, folder, player.acked + player2.acked)
    finally:
        os.environ.pop("FULL_FLAG", None)
        for p in procs:
            p.stop()


# -- a real full disk: a small tmpfs in a private mount namespace --


def _namespace_or_skip(mount: Path) -> subprocess.Popen[str]:
    """A process holding a private mount namespace with a 1 MiB tmpfs on `mount` (skips when it cannot be made)."""
    if sys.platform != "linux" or not shutil.which("unshare") or not shutil.which("nsenter"):
        pytest.skip("needs Linux with unshare and nsenter (util-linux)")
    if os.geteuid() != 0:
        pytest.skip("needs root to mount a tmpfs in a private mount namespace")
    holder = subprocess.Popen(
        ["unshare", "-m", "--propagation", "private", "sh", "-c",
         f"mount -t tmpfs -o size=1m tmpfs '{mount}' && echo ready && exec sleep 900"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert holder.stdout is not None
    if holder.stdout.readline().strip() != "ready":
        holder.kill()
        _, err = holder.communicate(timeout=10)
        pytest.skip(f"cannot mount a tmpfs in a private mount namespace here: {err.strip()[:200]}")
    return holder


def _fill(path: Path) -> None:
    """Write to `path` until the filesystem is full."""
    block = b"\0" * 4096
    with open(path, "ab", buffering=0) as f:
        while True:
            try:
                f.write(block)
            except OSError as e:
                assert e.errno == errno.ENOSPC, e
                return


def _free(path: Path, amount: int) -> None:
    os.truncate(path, max(0, path.stat().st_size - amount))


async def _until(predicate: Callable[[], bool], timeout: float) -> bool:
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            return False
        await asyncio.sleep(0.1)
    return True


@pytest.mark.slow
def test_a_real_full_tmpfs_under_a_host_mid_game(tmp_path: Path) -> None:
    """The host's save on a 1 MiB tmpfs that fills up mid-game: halted with its journal in place; 64 KiB freed
    and it takes changes again by itself; full again, killed, restarted while still full and stopped (its YAML
    cannot be written: the journal keeps the game), then restarted with room: every acknowledged action is there."""
    mount = tmp_path / "disk"
    mount.mkdir()
    holder = _namespace_or_skip(mount)
    inside = Path(f"/proc/{holder.pid}/root") / str(mount).lstrip("/")  # the tmpfs, as seen from out here
    prefix = ["nsenter", "-t", str(holder.pid), "-m", "--", sys.executable, "-m", "tabletop"]
    save = mount / "game.yaml"
    filler = inside / "filler"
    procs: list[Proc] = []
    try:
        host, port = _serve(prefix, "--autosave", str(save), "--seed", "4")
        procs.append(host)
        player = Player(port)

        async def play() -> None:
            await player.client.connect(10)
            for _ in range(10):
                assert await player.act()
            _fill(filler)
            for _ in range(1000):  # the room the journal made ahead of its records still holds a few hundred
                if not await player.act(timeout=3):
                    break
                await asyncio.sleep(0.02)  # a player's pace, under the flood limit
            else:
                raise AssertionError("the journal never ran out of room")
            await player.client.wait_for(lambda: player.notices("autosave_failed") > 0, 10)
            await asyncio.sleep(3)  # a try of its journal again while still full: nothing moves
            assert _journals(inside) == ["game.journal"] and not (inside / "game.yaml").exists()
            _free(filler, 64 * 1024)
            assert await _until(lambda: player.notices("autosave_resumed") > 0, 30), "no resume with 64 KiB free"
            await asyncio.sleep(0.5)
            player.collect()
            for _ in range(5):
                assert await player.act()
            _fill(filler)
            for _ in range(1000):
                if not await player.act(timeout=3):
                    break
                await asyncio.sleep(0.02)
            await player.client.close()

        asyncio.run(play())
        host.kill()
        assert _journals(inside) == ["game.journal"]
        # restarted on the still full disk: the journal is continued, and kept when its YAML cannot be written
        again, _ = _serve(prefix, str(save))
        procs.append(again)
        out = _stop(again)
        assert "is kept in" in out and "game.journal" in out, out
        assert _journals(inside) == ["game.journal"]
        _free(filler, 1 << 20)
        proc, _ = _serve(prefix, str(save))
        procs.append(proc)
        out = _stop(proc)
        assert f"saved to {save}" in out, out
        texts = _texts(inside / "game.yaml")
        assert texts[:len(player.acked)] == player.acked and len(player.acked) >= 16
    finally:
        for p in procs:
            p.stop()
        holder.kill()
        holder.wait(10)
