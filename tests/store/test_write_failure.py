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


def test_the_host_stops_taking_changes_and_tells_every_seat_when_its_journal_cannot_be_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After a failed journal write the host applies nothing more: each action, undo and redo is refused with the
    code `autosave_failed` and a message naming the journal and the OS error, every seat (and a spectator) gets a
    notice at once, and the change that was not durable is never acknowledged."""
    from tabletop.net.client import Client
    from tabletop.net.host import Host

    events: list = []
    session = quick_table(seed=1)

    async def main() -> None:
        host = Host(session, bind="127.0.0.1", port=0, autosave=tmp_path / "auto.yaml", on_event=events.append)
        await host.start()
        heard: list[list] = [[], [], []]
        clients = [Client("127.0.0.1", host.port, seat=seat, on_event=heard[i].append)
                   for i, seat in enumerate((0, 1, None))]
        try:
            for c in clients:
                await c.connect(10)
            c0, c1, _ = clients
            assert (await c0.act(A.Chat("durable")))["accepted"]
            _disk_full(monkeypatch)
            cseq = await c0.submit(A.Chat("not on disk"))
            journal = str(tmp_path / "auto.journal")
            for c, got in zip(clients, heard, strict=True):
                await c.wait_for(lambda got=got: any(ev.kind == "error" for ev in got), 10)
                notice = next(ev.data for ev in got if ev.kind == "error")
                assert notice["code"] == "autosave_failed" and notice["fatal"] is False
                assert journal in notice["message"] and "No space left on device" in notice["message"]
            seq = session.state.seq
            for answer in (await c1.act(A.Chat("after it")), await c1.undo(), await c0.act(A.Chat("again"))):
                assert answer["accepted"] is False and answer["code"] == "autosave_failed", answer
                assert journal in answer["error"] and "No space left on device" in answer["error"]
            assert session.state.seq == seq  # nothing applied after the failure
            assert cseq not in c0.protocol.results  # applied before the failure was known, never acknowledged
            assert [ev for ev in events if ev.kind == "autosave_failed"]
            for c in clients:
                await c.close()
        finally:
            monkeypatch.undo()
            await host.close()

    asyncio.run(main())
