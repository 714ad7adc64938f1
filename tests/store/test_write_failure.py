"""A journal write that fails is told at once, and nothing after it is acknowledged as durable."""

from __future__ import annotations

import asyncio
import errno
import threading
from pathlib import Path

import pytest

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.store import Autosaver, load_game
from tabletop.store import journal as journal_module


def _disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(journal_module, "_write_all", full)


def test_a_failed_write_is_told_at_once_and_nothing_after_it_is_durable(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    told: list[str] = []
    heard = threading.Event()
    session = quick_table(seed=2)
    saver = Autosaver(session, tmp_path / "g.yaml", on_error=lambda m: (told.append(m), heard.set()))
    session.submit(A.Chat("on disk"), 0)
    assert saver.flush()
    durable = saver.durable
    _disk_full(monkeypatch)
    session.submit(A.Chat("lost to a full disk"), 0)
    assert heard.wait(10), "the failure is told when it happens, not on close"
    assert saver.failed and "No space left on device" in told[0] and told[0] == saver.last_error
    session.submit(A.Chat("after it"), 0)
    assert not saver.flush(timeout=5)  # at once, not after the timeout: nothing more becomes durable
    assert saver.durable == durable < saver.ticket
    assert len(told) == 1
    monkeypatch.undo()
    assert saver.close()  # the game is still whole in memory: the YAML on close holds all of it
    assert [e.action.text for e in load_game(tmp_path / "g.yaml").history][-3:] == [
        "on disk", "lost to a full disk", "after it"]


def test_the_host_stops_answering_and_says_why_when_its_journal_cannot_be_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.net.client import Client
    from tabletop.net.host import Host

    events: list = []

    async def main() -> None:
        host = Host(quick_table(seed=1), bind="127.0.0.1", port=0, autosave=tmp_path / "auto.yaml",
                    on_event=events.append)
        await host.start()
        try:
            client = await Client("127.0.0.1", host.port, seat=0).connect(10)
            first = await client.submit(A.Chat("durable"))
            await client.wait_for(lambda: first in client.protocol.results, 10)
            _disk_full(monkeypatch)
            cseq = await client.submit(A.Chat("not on disk"))
            for _ in range(100):
                if any(ev.kind == "autosave_failed" for ev in events):
                    break
                await asyncio.sleep(0.05)
            failed = [ev for ev in events if ev.kind == "autosave_failed"]
            assert failed and "No space left on device" in failed[0].text
            await asyncio.sleep(0.3)
            assert cseq not in client.protocol.results  # applied on the host, but never acknowledged
            await client.close()
        finally:
            monkeypatch.undo()
            await host.close()

    asyncio.run(main())
