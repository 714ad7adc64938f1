"""A journal write that fails is told at once, and nothing after it is acknowledged as durable."""

from __future__ import annotations

import asyncio
import errno
import threading
from pathlib import Path

import pytest

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.store import Autosaver, load_game, open_game
from tabletop.store import journalwrite as journal_module


def _full(fd: int, data: bytes) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def _disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(journal_module, "_write_all", _full)


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


def test_autosave_starts_again_once_it_can_write_here_or_elsewhere(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """`resumed()` after a failure: a new journal whose snapshot holds the whole game (the change that never became
    durable included); while the disk is still full it raises and the old autosave stays as it was."""
    session = quick_table(seed=2)
    saver = Autosaver(session, tmp_path / "g.yaml", on_error=lambda m: None)
    session.submit(A.Chat("on disk"), 0)
    assert saver.flush()
    _disk_full(monkeypatch)
    session.submit(A.Chat("lost to a full disk"), 0)
    assert not saver.flush(timeout=5) and saver.failed
    with pytest.raises(OSError, match="No space left on device"):
        saver.resumed()
    with pytest.raises(OSError, match="No space left on device"):
        saver.resumed(tmp_path / "elsewhere.yaml")
    monkeypatch.undo()
    again = saver.resumed()  # the disk has room again: the same save
    assert not again.failed and again.path == tmp_path / "g.yaml" and again.on_error is saver.on_error
    session.submit(A.Chat("after it"), 1)
    assert again.flush()
    texts = [e.action.text for e in open_game(tmp_path / "g.yaml").history]  # as a restart after a crash reads it
    assert texts[-3:] == ["on disk", "lost to a full disk", "after it"]
    _disk_full(monkeypatch)
    session.submit(A.Chat("full again"), 0)
    assert not again.flush(timeout=5)
    monkeypatch.undo()
    moved = again.resumed(tmp_path / "elsewhere.yaml")
    assert moved.path == tmp_path / "elsewhere.yaml" and not again.lock.fd and moved.lock.fd
    session.submit(A.Chat("kept elsewhere"), 0)
    assert moved.close()
    saver.close()
    again.close()
    assert not (tmp_path / "g.yaml").exists()  # the ones taken over write nothing more
    texts = [e.action.text for e in load_game(tmp_path / "elsewhere.yaml").history]
    assert texts[-4:] == ["lost to a full disk", "after it", "full again", "kept elsewhere"]


def test_a_halted_host_takes_changes_again_once_its_journal_can_be_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The host tries its journal again by itself; once it stands, every seat is told, the answer that was held
    (its change is in the new journal) goes out, and actions are taken and journaled again."""
    from tabletop.net import host as host_module
    from tabletop.net.client import Client
    from tabletop.net.host import Host

    monkeypatch.setattr(host_module, "RETRY_FIRST", 0.2)
    events: list = []
    session = quick_table(seed=1)

    async def main() -> None:
        host = Host(session, bind="127.0.0.1", port=0, autosave=tmp_path / "auto.yaml", on_event=events.append)
        await host.start()
        heard: list[list] = [[], []]
        clients = [Client("127.0.0.1", host.port, seat=seat, on_event=heard[i].append)
                   for i, seat in enumerate((0, None))]
        try:
            for c in clients:
                await c.connect(10)
            c0, spectator = clients
            assert (await c0.act(A.Chat("durable")))["accepted"]
            with monkeypatch.context() as full:
                full.setattr(journal_module, "_write_all", _full)
                cseq = await c0.submit(A.Chat("not on disk yet"))
                await c0.wait_for(lambda: any(ev.kind == "error" for ev in heard[0]), 10)
                assert (await c0.act(A.Chat("refused")))["code"] == "autosave_failed"
                await asyncio.sleep(2.5)  # a try or two while the disk is still full: still halted
                assert host.protocol.halted and cseq not in c0.protocol.results
            for c, got in zip(clients, heard, strict=True):
                await c.wait_for(lambda got=got: any(ev.data.get("code") == "autosave_resumed" for ev in got
                                                     if ev.kind == "error"), 15)
            await c0.wait_for(lambda: cseq in c0.protocol.results, 10)
            assert c0.protocol.results[cseq]["accepted"]
            assert (await c0.act(A.Chat("taken again")))["accepted"]
            assert [ev for ev in events if ev.kind == "autosave_resumed"]
            texts = [e.action.text for e in open_game(tmp_path / "auto.yaml").history]
            assert texts[-3:] == ["durable", "not on disk yet", "taken again"]
            for c in clients:
                await c.close()
        finally:
            await host.close()
        assert host.saved_to == tmp_path / "auto.yaml"

    asyncio.run(main())


def test_saving_a_halted_embedded_host_elsewhere_resumes_its_autosave_there(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.net import host as host_module
    from tabletop.net.embedded import EmbeddedHost

    monkeypatch.setattr(host_module, "RETRY_FIRST", 3600.0)  # only the save gets it going again
    session = quick_table(seed=6)
    host = EmbeddedHost(session, port=0, bind="127.0.0.1", announce=False, autosave=tmp_path / "hosted.yaml").start()
    try:
        assert host.submit(A.Chat("kept"), 0).accepted
        monkeypatch.setattr(journal_module, "_write_all", _full)
        host.submit(A.Chat("written when the disk was full"), 0)
        for _ in range(200):
            if host.host.protocol.halted:
                break
            threading.Event().wait(0.02)
        refused = host.submit(A.Chat("refused"), 0)
        assert refused.code == "autosave_failed"
        # the YAML could be written, the journal beside it not: still halted, and the answer says why
        assert "No space left on device" in host.save(tmp_path / "full.yaml")
        assert host.submit(A.Chat("refused"), 0).code == "autosave_failed"
        monkeypatch.undo()
        assert host.save(tmp_path / "elsewhere.yaml") == ""
        assert any(ev.kind == "autosave_resumed" for ev in host.events())
        assert host.submit(A.Chat("after the save"), 0).accepted
        assert host.host.autosave_path == tmp_path / "elsewhere.yaml"
    finally:
        host.close()
    texts = [e.action.text for e in load_game(tmp_path / "elsewhere.yaml").history]
    assert texts[-3:] == ["kept", "written when the disk was full", "after the save"]


def test_a_save_elsewhere_during_the_hosts_own_retry_still_moves_its_autosave(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's retry is under way (slow, and it will fail: the disk is still full there) when the player saves
    elsewhere: the Save waits for the retry and then moves the journal beside its file, instead of being answered
    "being started again already" and leaving the game halted."""
    from tabletop.net import host as host_module
    from tabletop.net.embedded import EmbeddedHost
    from tabletop.store.autosave import Autosaver as Saver

    monkeypatch.setattr(host_module, "RETRY_FIRST", 0.1)
    original = Saver.resumed
    retrying, release = threading.Event(), threading.Event()

    def resumed(self: Saver, path: object = None, timeout: float = 30.0) -> Saver:
        if path is None:  # the host's own retry at the same save
            retrying.set()
            assert release.wait(20)
            raise OSError(errno.ENOSPC, "No space left on device (still)")
        return original(self, path, timeout)

    monkeypatch.setattr(Saver, "resumed", resumed)
    session = quick_table(seed=6)
    host = EmbeddedHost(session, port=0, bind="127.0.0.1", announce=False, autosave=tmp_path / "hosted.yaml").start()
    answer: list[str] = []
    try:
        assert host.submit(A.Chat("kept"), 0).accepted
        with monkeypatch.context() as full:
            full.setattr(journal_module, "_write_all", _full)
            host.submit(A.Chat("written when the disk was full"), 0)
            assert retrying.wait(20), "the host tries its journal again by itself"
        saving = threading.Thread(target=lambda: answer.append(host.save(tmp_path / "elsewhere.yaml")))
        saving.start()
        for _ in range(500):  # the Save's YAML is written; its move of the journal waits for the retry
            if (tmp_path / "elsewhere.yaml").exists():
                break
            threading.Event().wait(0.01)
        assert (tmp_path / "elsewhere.yaml").exists() and not answer
        release.set()
        saving.join(30)
        assert answer == [""]
        assert host.host.autosave_path == tmp_path / "elsewhere.yaml"
        assert host.submit(A.Chat("after the save"), 0).accepted
    finally:
        release.set()
        host.close()
    texts = [e.action.text for e in load_game(tmp_path / "elsewhere.yaml").history]
    assert texts[-3:] == ["kept", "written when the disk was full", "after the save"]


def test_a_failed_journal_is_written_again_in_place_and_never_moved(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """After a failed write the journal stays the same file at the same path (what a restart reads); a try while the
    disk is still full moves nothing; once it can be written only the records not yet on disk are written (a torn
    write cut off first), so a little room is enough."""
    session = quick_table(seed=3)
    saver = Autosaver(session, tmp_path / "g.yaml", on_error=lambda m: None)
    session.submit(A.Chat("on disk"), 0)
    assert saver.flush()
    journal = tmp_path / "g.journal"
    inode, size = journal.stat().st_ino, journal.stat().st_size

    def torn(fd: int, data: bytes) -> None:
        import os
        os.write(fd, data[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(journal_module, "_write_all", torn)
    session.submit(A.Chat("half written"), 0)
    assert not saver.flush(timeout=5) and saver.failed
    for _ in range(3):
        with pytest.raises(OSError, match="No space left on device"):
            saver.resumed()
    assert sorted(p.name for p in tmp_path.glob("*.journal")) == ["g.journal"] and not saver.writer.lost
    assert open_game(tmp_path / "g.yaml").history[-1].action.text == "on disk"  # a kill now: the torn half dropped
    monkeypatch.undo()
    assert saver.resumed() is saver and not saver.failed and not saver.last_error
    assert journal.stat().st_ino == inode and journal.stat().st_size < 2 * size
    session.submit(A.Chat("after it"), 1)
    assert saver.flush()
    assert [e.action.text for e in open_game(tmp_path / "g.yaml").history][-3:] == ["on disk", "half written",
                                                                                     "after it"]
    assert saver.close()


def test_an_old_journal_is_set_aside_by_name_and_stays_until_the_new_one_stands(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A journal of another game beside the save: kept under a name of its own (told as `set_aside`), and the file at
    the journal's path is not touched until the new journal is durable, so a full disk leaves it where it was."""
    other = quick_table(seed=4)
    first = Autosaver(other, tmp_path / "g.yaml")
    other.submit(A.Chat("another game"), 0)
    assert first.flush()
    first.writer.close()
    first.lock.release()
    old = (tmp_path / "g.journal").read_bytes()
    _disk_full(monkeypatch)
    saver = Autosaver(quick_table(seed=5), tmp_path / "g.yaml", on_error=lambda m: None)
    assert not saver.flush(timeout=5)
    assert saver.set_aside is not None and saver.set_aside.read_bytes() == old
    assert (tmp_path / "g.journal").read_bytes() == old  # not moved away while the new one could not be written
    monkeypatch.undo()
    assert saver.resumed() is saver and saver.flush()
    assert saver.set_aside.read_bytes() == old and (tmp_path / "g.journal").read_bytes() != old
    assert saver.close()


def test_an_old_journal_that_cannot_be_kept_aside_stops_autosave_before_anything_is_replaced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No hard link and no room for a copy: autosave does not start (a SaveError naming the journal), the journal of
    the other game stays as it was, and the save is not left locked."""
    from tabletop.store import SaveError
    from tabletop.store import autosave as autosave_module

    other = quick_table(seed=4)
    first = Autosaver(other, tmp_path / "g.yaml")
    other.submit(A.Chat("another game"), 0)
    assert first.flush()
    first.writer.close()
    first.lock.release()
    old = (tmp_path / "g.journal").read_bytes()

    def no_room(*args: object, **kw: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(autosave_module.os, "link", no_room)
    monkeypatch.setattr(autosave_module.shutil, "copyfile", no_room)
    with pytest.raises(SaveError, match=r"g\.journal.*belongs to another game.*No space left on device"):
        Autosaver(quick_table(seed=5), tmp_path / "g.yaml")
    monkeypatch.undo()
    assert (tmp_path / "g.journal").read_bytes() == old
    assert sorted(p.name for p in tmp_path.glob("*.journal")) == ["g.journal"]
    again = Autosaver(quick_table(seed=5), tmp_path / "g.yaml")  # not locked: a later try starts
    assert again.flush() and again.set_aside is not None and again.close()
