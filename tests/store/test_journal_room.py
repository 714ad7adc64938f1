"""Room made ahead of the journal's records (journalwrite.PAD): records are written over zeros the file already
has, so a record's fdatasync flushes its data alone (no new size for the filesystem to commit); the zeros are
invisible to every reader, after a kill, when the journal is continued, and are cut off when it is closed."""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from pathlib import Path

from tabletop.core import actions as A
from tabletop.game import open_session
from tabletop.store import Autosaver, open_game, read_journal
from tabletop.store.journal import tail_record
from tabletop.store.journalwrite import PAD

from .test_journal import crash, journaled, play


def _until(cond: Callable[[], bool], timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not cond() and time.monotonic() < end:
        time.sleep(0.01)
    assert cond()


def _room(saver: Autosaver) -> int:
    """Zeros past the last record (the writer thread makes them after its commits)."""
    return saver.journal_path.stat().st_size - saver.writer._end


def test_records_go_into_the_room_made_ahead_and_the_file_does_not_grow_with_each(tmp_path: Path) -> None:
    session, saver = journaled(tmp_path)
    _until(lambda: _room(saver) >= PAD // 2)
    size = saver.journal_path.stat().st_size
    end = saver.writer._end
    play(session, 8)
    assert saver.flush()
    assert saver.writer._end > end and saver.journal_path.stat().st_size == size
    assert saver.journal_path.read_bytes()[saver.writer._end:] == bytes(size - saver.writer._end)
    crash(saver)  # closing cuts the zeros off: the journal ends with its last record
    assert saver.journal_path.read_bytes().endswith(b"\n")
    assert saver.journal_path.stat().st_size == saver.writer._end


def test_a_journal_a_kill_left_with_its_room_reads_back_whole_and_is_continued(tmp_path: Path) -> None:
    session, saver = journaled(tmp_path / "live", 12)
    _until(lambda: _room(saver) >= PAD // 2)
    left = tmp_path / "left"
    left.mkdir()
    shutil.copyfile(saver.journal_path, left / "g.journal")  # what a kill -9 leaves: the records, then zeros
    crash(saver)
    data = (left / "g.journal").read_bytes()
    assert data.endswith(bytes(1024))
    rec = read_journal(left / "g.journal")
    assert rec.dropped == 0 and rec.state == session.state and data[:rec.end].endswith(b"\n")
    assert not data[rec.end:].strip(b"\0")
    assert tail_record(left / "g.journal")["seq"] == session.state.seq  # read from the end, past the zeros
    game = open_game(left / "g.yaml")
    assert game.state == session.state and "dropped" not in game.note

    again = open_session(left / "g.yaml")
    saver2 = Autosaver(again, left / "g.yaml")
    assert saver2.continued  # the journal read is continued: its zeros cut, the records written after the last
    again.submit(A.Chat("after the restart"), 0)
    assert saver2.flush()
    crash(saver2)
    game = open_game(left / "g.yaml")
    assert "dropped" not in game.note and game.state == again.state
    assert game.history[-1].action == A.Chat("after the restart")


def test_a_record_torn_in_the_room_ahead_is_dropped_and_said(tmp_path: Path) -> None:
    session, saver = journaled(tmp_path / "live", 12)
    _until(lambda: _room(saver) >= PAD // 2)
    end = saver.writer._end
    left = tmp_path / "left"
    left.mkdir()
    shutil.copyfile(saver.journal_path, left / "g.journal")
    crash(saver)
    with open(left / "g.journal", "r+b") as f:  # a record half written over the zeros when the host died
        f.seek(end)
        f.write(b'0badc0de {"k":"act","seq":99')
    game = open_game(left / "g.yaml")
    assert game.state == session.state and "dropped 1" in game.note
