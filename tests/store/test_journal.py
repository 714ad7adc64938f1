"""The autosave journal: replay, torn and damaged ends, undo/redo, set-aside, export, and answers held until durable."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from tabletop.core import actions as A
from tabletop.game import open_session, quick_table
from tabletop.store import Autosaver, SaveError, export_game, load_game, open_game, read_journal, save_game
from tabletop.store.journal import JournalWriter, encode_record


def crash(saver: Autosaver) -> None:
    """What a crash leaves: the journal as written so far, no YAML, and the save's lock let go (by the kernel)."""
    saver.writer.close()
    saver.lock.release()


def play(session, n: int) -> None:
    for i in range(n):
        if i % 4 == 0:
            session.submit(A.Shuffle("deck"), 0)
        elif i % 4 == 1:
            session.submit(A.Draw(1, source="deck"), i % 2)
        else:
            session.submit(A.Chat(f"line {i}"), i % 2)


def journaled(tmp_path: Path, n: int = 12):
    session = quick_table(seed=4)
    saver = Autosaver(session, tmp_path / "g.yaml")
    play(session, n)
    assert saver.flush()
    return session, saver


def test_replay_gives_back_the_table_the_log_and_the_redo_stack(tmp_path: Path) -> None:
    session, saver = journaled(tmp_path)
    session.undo()
    session.undo()
    session.redo()
    play(session, 3)
    session.undo()
    assert saver.flush()
    game = open_game(tmp_path / "g.yaml")
    assert game.state == session.state
    assert [e.to_dict() for e in game.history] == [e.to_dict() for e in session.history]
    assert [e.to_dict() for e in game.redo] == [e.to_dict() for e in session.redo_stack]
    reopened = open_session(tmp_path / "g.yaml")
    assert reopened.redo().accepted and session.redo().accepted
    assert reopened.state.hash() == session.state.hash()
    crash(saver)


def test_a_torn_last_record_is_dropped_not_a_crash(tmp_path: Path) -> None:
    session, saver = journaled(tmp_path)
    before_last = session.state.copy()
    session.submit(A.Chat("the last one"), 0)
    assert saver.flush()
    crash(saver)
    path = saver.journal_path
    data = path.read_bytes()
    for cut in (1, 5, 40):
        path.write_bytes(data[:-cut])  # the last line, written in part
        game = open_game(tmp_path / "g.yaml")
        assert game.state.canonical() == before_last.canonical()
        assert "dropped 1" in game.note


def test_a_damaged_record_ends_the_journal_there_and_says_so(tmp_path: Path) -> None:
    session, saver = journaled(tmp_path)
    crash(saver)
    lines = saver.journal_path.read_bytes().splitlines(keepends=True)
    k = len(lines) - 4
    lines[k] = lines[k][:20] + b"X" + lines[k][21:]
    saver.journal_path.write_bytes(b"".join(lines))
    game = open_game(tmp_path / "g.yaml")
    assert len(game.history) == len(session.history) - 4
    assert "dropped 4" in game.note and f"line {k + 1}" in game.note


def test_an_unfinished_snapshot_falls_back_to_the_yaml(tmp_path: Path) -> None:
    session = quick_table(seed=4)
    play(session, 5)
    save_game(session, tmp_path / "g.yaml")
    # a journal whose writer stopped before `ready`: its snapshot is not the game
    (tmp_path / "g.journal").write_bytes(
        encode_record({"k": "head", "format": "tabletop-journal", "version": 1, "base": None})
        + encode_record({"k": "table", "state": session.state.to_dict()}))
    game = open_game(tmp_path / "g.yaml")
    assert game.source == str(tmp_path / "g.yaml") and "incomplete" in game.note
    assert game.state == session.state
    (tmp_path / "g.yaml").unlink()
    with pytest.raises(SaveError, match="incomplete"):
        open_game(tmp_path / "g.yaml")
    (tmp_path / "g.journal").write_bytes(b"\x00" * 100)
    with pytest.raises(SaveError, match="not a tabletop journal"):
        open_game(tmp_path / "g.yaml")


def test_a_yaml_saved_mid_game_is_continued_by_the_journal(tmp_path: Path) -> None:
    session, saver = journaled(tmp_path)
    save_game(session, tmp_path / "g.yaml")  # Ctrl+S over the autosave file while the journal runs
    play(session, 5)
    assert saver.flush()
    game = open_game(tmp_path / "g.yaml")
    assert game.state == session.state and "journal" in game.source
    crash(saver)


def test_a_yaml_of_another_game_wins_and_the_journal_is_set_aside(tmp_path: Path) -> None:
    session, saver = journaled(tmp_path)
    crash(saver)
    other = quick_table(seed=99)
    save_game(other, tmp_path / "g.yaml")
    game = open_game(tmp_path / "g.yaml")
    assert game.state == other.state and "another game" in game.note
    # a new autosave at that path keeps the old journal aside instead of overwriting it
    again = Autosaver(open_session(tmp_path / "g.yaml"), tmp_path / "g.yaml")
    assert again.set_aside is not None and again.set_aside.exists()
    assert read_journal(again.set_aside).state == session.state
    again.close()


def test_close_writes_the_yaml_and_export_folds_a_journal(tmp_path: Path) -> None:
    session, saver = journaled(tmp_path)
    assert not (tmp_path / "g.yaml").exists()
    written, game = export_game(tmp_path / "g.journal", tmp_path / "copy.yaml")
    assert load_game(written).state == session.state
    assert saver.journal_path.exists()  # an export to another file leaves the journal
    assert saver.close()
    assert load_game(tmp_path / "g.yaml").state == session.state
    assert not saver.journal_path.exists()


def test_group_commit_gathers_what_is_queued_into_one_fsync(tmp_path: Path) -> None:
    gate = threading.Event()
    writer = JournalWriter(tmp_path / "j.journal")
    calls = []

    def snapshot():
        gate.wait(10)  # hold the writer while records queue up
        yield encode_record({"k": "head", "format": "tabletop-journal", "version": 1, "base": None})

    writer.start(snapshot)
    tickets = [writer.append(encode_record({"k": "note", "i": i})) for i in range(50)]
    writer.on_durable = calls.append
    gate.set()
    assert writer.wait(tickets[-1])
    assert writer.commits <= 2 and calls[-1] == 50
    assert writer.close()


def test_the_host_answers_an_action_only_once_it_is_durable(tmp_path: Path, monkeypatch) -> None:
    from tabletop.net.client import Client
    from tabletop.net.host import Host
    from tabletop.store import journalwrite as journal_module

    gate = threading.Event()
    real = journal_module.os.fdatasync

    def slow_fdatasync(fd: int) -> None:
        gate.wait(10)
        real(fd)

    async def main() -> None:
        host = Host(quick_table(seed=1), bind="127.0.0.1", port=0, autosave=tmp_path / "auto.yaml")
        await host.start()
        try:
            client = await Client("127.0.0.1", host.port, seat=0).connect(10)
            monkeypatch.setattr(journal_module.os, "fdatasync", slow_fdatasync)
            cseq = await client.submit(A.Chat("durable first"))
            await asyncio.sleep(0.5)
            assert cseq not in client.protocol.results  # applied on the host, not yet on disk: no answer
            assert host.session.history[-1].action == A.Chat("durable first")
            gate.set()
            await client.wait_for(lambda: cseq in client.protocol.results, 10)
            assert client.protocol.results[cseq]["accepted"]
            assert host.autosaver.durable >= host.autosaver.ticket
            await client.close()
        finally:
            gate.set()
            await host.close()
        assert host.saved_to == tmp_path / "auto.yaml"
        assert load_game(host.saved_to).history[-1].action == A.Chat("durable first")

    asyncio.run(main())
