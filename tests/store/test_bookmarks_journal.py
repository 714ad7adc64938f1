"""Bookmarks made, renamed or deleted during an autosaved game are journaled before they are made, as actions are.

Why: a hosted game killed (kill -9) and restarted on its save lost every bookmark made since the last full save,
since only the YAML written on the way out held them. Now each change of the bookmarks is one `marks` record
(the whole set), durable before the change shows; a restart reads them back, a new journal (compaction) carries
them in its snapshot, an old journal without them still loads, and a damaged one is skipped alone, named.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from tabletop.game import open_session, quick_table
from tabletop.store import Autosaver, SaveError, open_game, read_bookmarks, save_game
from tabletop.store.journal import read_journal
from tests.store.test_journal import crash, play

ROOT = Path(__file__).resolve().parent.parent.parent


def _lines(journal: Path) -> list[bytes]:
    return journal.read_bytes().rstrip(b"\0").splitlines(keepends=True)


def _write(journal: Path, lines: list[bytes]) -> None:
    journal.write_bytes(b"".join(lines))


def _autosaved(tmp_path: Path, n: int):
    """A game autosaved at g.yaml, `n` changes in: (the save's path, the session, its autosave)."""
    path = tmp_path / "g.yaml"
    session = quick_table(seed=4)
    saver = Autosaver(session, path)
    play(session, n)
    return path, session, saver


def _saved(tmp_path: Path, marks: dict[int, str]) -> Path:
    """A YAML save of a game 4 changes in, with `marks`."""
    path = tmp_path / "g.yaml"
    session = quick_table(seed=4)
    play(session, 4)
    session.bookmarks = marks
    save_game(session, path)
    return path


def _signed(payload: bytes) -> bytes:
    return b"%08x %s\n" % (zlib.crc32(payload), payload)


def test_bookmarks_made_renamed_and_deleted_survive_a_crash(tmp_path):
    path, session, saver = _autosaved(tmp_path, 6)
    session.bookmarks = {3: "opening"}
    play(session, 4)
    session.bookmarks = {**session.bookmarks, 8: "raid"}
    session.bookmarks = {3: "the opening", 8: "raid"}  # renamed
    session.bookmarks = {3: "the opening", 8: "raid", 10: "gone soon"}
    session.bookmarks = {3: "the opening", 8: "raid"}  # deleted
    play(session, 3)
    crash(saver)  # no YAML was ever written: the journal alone holds the game
    assert not path.exists()
    game = open_game(path)
    assert game.bookmarks == {3: "the opening", 8: "raid"}
    assert len(game.history) == len(session.history)
    assert open_session(path).bookmarks == {3: "the opening", 8: "raid"}


def test_a_bookmark_is_on_disk_before_it_is_made(tmp_path):
    path, session, saver = _autosaved(tmp_path, 3)
    session.bookmarks = {2: "here"}
    # the setter returned: its record is durable already (nothing queued, nothing waited for)
    assert saver.writer.durable == saver.writer.ticket
    assert read_journal(saver.journal_path).bookmarks == {2: "here"}
    crash(saver)


def test_a_restart_continues_the_journal_and_a_new_journal_carries_the_bookmarks(tmp_path):
    path, session, saver = _autosaved(tmp_path, 5)
    session.bookmarks = {4: "four"}
    crash(saver)
    # restart: the journal is continued (not written anew), and a bookmark made now is appended to it
    session = open_session(path)
    assert session.bookmarks == {4: "four"}
    saver = Autosaver(session, path)
    assert saver.continued
    play(session, 2)
    session.bookmarks = {4: "four", 6: "six"}
    crash(saver)
    assert open_game(path).bookmarks == {4: "four", 6: "six"}
    # a journal written anew (the dial changed on the way in): its snapshot holds the bookmarks
    session = open_session(path)
    session.state.enforcement = "warn"
    saver = Autosaver(session, path)
    assert not saver.continued
    assert saver.flush()
    assert b'{"k":"marks"' in _lines(saver.journal_path)[-2]  # before `ready`, in the snapshot
    crash(saver)
    game = open_game(path)
    assert game.bookmarks == {4: "four", 6: "six"} and game.state.enforcement == "warn"
    # closed: the YAML holds them, the journal is gone
    session = open_session(path)
    saver = Autosaver(session, path)
    assert saver.close()
    assert read_bookmarks(path) == {4: "four", 6: "six"} and not saver.journal_path.exists()


def test_deleting_every_bookmark_is_kept_too(tmp_path):
    path = tmp_path / "g.yaml"
    session = quick_table(seed=4)
    play(session, 4)
    session.bookmarks = {2: "old"}
    save_game(session, path)  # the YAML save has one
    session = open_session(path)
    saver = Autosaver(session, path)
    session.bookmarks = {}
    crash(saver)
    assert open_game(path).bookmarks == {}  # the journal says none: the save's one is not brought back


def test_an_old_journal_without_bookmark_records_still_loads_with_its_saves_bookmarks(tmp_path):
    path = _saved(tmp_path, {2: "from the save"})
    session = open_session(path)
    saver = Autosaver(session, path)
    play(session, 5)
    crash(saver)
    # made a version-2 journal: its head says so and it holds no `marks` record (as written before bookmarks were)
    journal = saver.journal_path
    lines = [line for line in _lines(journal) if b'"k":"marks"' not in line]
    head = lines[0][9:-1].replace(b'"version":3', b'"version":2')
    _write(journal, [_signed(head), *lines[1:]])
    game = open_game(path)
    assert game.source == str(journal) and len(game.history) == len(session.history)
    assert game.bookmarks == {2: "from the save"}
    # autosave writes it anew as this version writes, the save's bookmarks in it
    session = open_session(path)
    saver = Autosaver(session, path)
    assert not saver.continued and saver.flush()
    crash(saver)
    assert read_journal(journal).version == 3
    assert open_game(path).bookmarks == {2: "from the save"}


@pytest.mark.parametrize("damage", ["checksum", "content"])
def test_a_damaged_bookmark_record_is_named_and_loses_nothing_else(tmp_path, damage):
    path, session, saver = _autosaved(tmp_path, 4)
    session.bookmarks = {2: "kept"}
    play(session, 2)
    session.bookmarks = {2: "kept", 5: "damaged"}
    play(session, 4)  # acknowledged changes after the damaged record
    crash(saver)
    journal = saver.journal_path
    lines = _lines(journal)
    at = max(i for i, line in enumerate(lines) if b'"k":"marks"' in line)
    if damage == "checksum":
        lines[at] = lines[at].replace(b"damaged", b"dammaged")  # a changed byte: the checksum fails
    else:  # a record whose checksum holds but whose content does not (written by hand)
        lines[at] = _signed(lines[at][9:-1].replace(b'"damaged"', b'"' + b"x" * 200 + b'"'))
    _write(journal, lines)
    game = open_game(path)
    assert f"{journal}:{at + 1}: a bookmark record was skipped" in game.note
    assert game.bookmarks == {2: "kept"}  # as the record before it left them
    assert len(game.history) == len(session.history) and game.state.seq == session.state.seq  # nothing else lost


def test_a_bookmark_the_journal_cannot_keep_is_refused_and_nothing_changes(tmp_path):
    path, session, saver = _autosaved(tmp_path, 3)
    session.bookmarks = {1: "before"}
    saver.writer._fail("cannot write the journal: No space left on device (injected)")
    with pytest.raises(SaveError, match="the bookmark is not kept"):
        session.bookmarks = {1: "before", 3: "after"}
    assert session.bookmarks == {1: "before"}
    crash(saver)
    assert open_game(path).bookmarks == {1: "before"}


CHILD = """
import sys, time
from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.store import Autosaver
session = quick_table(seed=4)
saver = Autosaver(session, sys.argv[1])
for i in range(6):
    session.submit(A.Chat(f"line {i}"), i % 2)
session.bookmarks = {3: "the raid"}
session.submit(A.Chat("more"), 0)
session.bookmarks = {3: "the night raid", 7: "after"}
assert saver.flush()
print("made", flush=True)
time.sleep(60)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_kill_9_of_a_process_that_made_bookmarks_loses_none(tmp_path):
    path = tmp_path / "g.yaml"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, text=True, env=env,
                         cwd=ROOT)
    try:
        assert p.stdout is not None and p.stdout.readline().strip() == "made"
    finally:
        p.send_signal(signal.SIGKILL)
        p.wait(10)
    assert not path.exists()  # nothing but the journal was written
    game = open_game(path)
    assert game.bookmarks == {3: "the night raid", 7: "after"} and game.state.seq == 7
