"""Autosave on a game read from its journal goes on appending to that journal (a restart after a crash does not
write the whole game out again), and writes a new one whenever the game or the file is not exactly what was read."""

from __future__ import annotations

from pathlib import Path

from tabletop.core import actions as A
from tabletop.game import open_session, quick_table
from tabletop.store import Autosaver, open_game

from .test_journal import crash, play


def crashed_game(tmp_path: Path, n: int = 12):
    session = quick_table(seed=4)
    saver = Autosaver(session, tmp_path / "g.yaml")
    play(session, n)
    assert saver.flush()
    crash(saver)
    return session, saver.journal_path


def test_a_restart_appends_to_the_journal_it_read(tmp_path: Path) -> None:
    before, journal = crashed_game(tmp_path)
    head = journal.read_bytes()
    session = open_session(tmp_path / "g.yaml")
    saver = Autosaver(session, tmp_path / "g.yaml")
    assert saver.continued
    play(session, 6)
    session.undo()
    assert saver.flush()
    crash(saver)
    assert journal.read_bytes().startswith(head)  # the records before the crash were not written again
    game = open_game(tmp_path / "g.yaml")
    assert game.state == session.state and not game.note.count("dropped")
    assert [e.to_dict() for e in game.history] == [e.to_dict() for e in session.history]
    assert [e.to_dict() for e in game.redo] == [e.to_dict() for e in session.redo_stack]
    assert len(game.history) > len(before.history)


def test_a_torn_end_is_cut_off_before_appending(tmp_path: Path) -> None:
    before, journal = crashed_game(tmp_path)
    intact = journal.read_bytes()
    journal.write_bytes(intact + b"0badc0de {\"k\":\"act\",\"seq\":99")  # a record half written when it died
    session = open_session(tmp_path / "g.yaml")
    assert session.state == before.state
    saver = Autosaver(session, tmp_path / "g.yaml")
    assert saver.continued
    session.submit(A.Chat("after the torn end"), 0)
    assert saver.flush()
    crash(saver)
    assert journal.read_bytes().startswith(intact)
    game = open_game(tmp_path / "g.yaml")
    assert "dropped" not in game.note  # the torn line is gone, not kept in front of the new records
    assert game.state == session.state and game.history[-1].action == A.Chat("after the torn end")


def test_a_game_changed_since_it_was_read_gets_a_new_journal(tmp_path: Path) -> None:
    _, journal = crashed_game(tmp_path)
    session = open_session(tmp_path / "g.yaml")
    session.state.enforcement = "warn"  # `serve SAVE --enforce warn`: set outside any action
    saver = Autosaver(session, tmp_path / "g.yaml")
    assert not saver.continued
    session.submit(A.Chat("one more"), 0)
    assert saver.flush()
    crash(saver)
    game = open_game(tmp_path / "g.yaml")
    assert game.state.enforcement == "warn" and game.state == session.state


def test_a_journal_written_since_it_was_read_gets_a_new_journal(tmp_path: Path) -> None:
    _, journal = crashed_game(tmp_path)
    session = open_session(tmp_path / "g.yaml")
    other = open_session(tmp_path / "g.yaml")
    first = Autosaver(other, tmp_path / "g.yaml")  # another keeper came and went in between
    assert first.continued
    other.submit(A.Chat("from the other one"), 1)
    assert first.flush()
    crash(first)
    saver = Autosaver(session, tmp_path / "g.yaml")
    assert not saver.continued
    session.submit(A.Chat("ours"), 0)
    assert saver.flush()
    crash(saver)
    assert open_game(tmp_path / "g.yaml").state == session.state


def test_autosave_to_another_file_does_not_touch_the_journal_it_read(tmp_path: Path) -> None:
    _, journal = crashed_game(tmp_path)
    intact = journal.read_bytes()
    session = open_session(tmp_path / "g.yaml")
    saver = Autosaver(session, tmp_path / "h.yaml")
    assert not saver.continued
    session.submit(A.Chat("elsewhere"), 0)
    assert saver.close()
    assert journal.read_bytes() == intact
    assert open_game(tmp_path / "h.yaml").state == session.state
