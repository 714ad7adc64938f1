"""A game's bookmarks stay with it however it is kept: a YAML save, continued by its journal, exported.

Why: bookmarks lived only in the replay viewer and the file it wrote; a game opened, continued and saved again
(Ctrl+S, the autosave's closing write, `journal export`) dropped them. The session now keeps them
(`Session.bookmarks`), every save writes them, and a game continued by its journal takes them from its YAML save.
"""

from __future__ import annotations

from tabletop.game import open_session, quick_table
from tabletop.store import Autosaver, export_game, open_game, read_bookmarks, save_game
from tests.store.test_journal import crash, play


def test_a_game_continued_by_its_journal_keeps_the_saves_bookmarks(tmp_path):
    path = tmp_path / "g.yaml"
    session = quick_table(seed=4)
    play(session, 6)
    session.bookmarks = {2: "opening", 5: "here"}
    save_game(session, path)
    session = open_session(path)
    assert session.bookmarks == {2: "opening", 5: "here"}
    saver = Autosaver(session, path)
    play(session, 8)
    assert saver.flush()
    crash(saver)
    game = open_game(path)
    assert "journal" in game.note and len(game.history) == len(session.history)
    assert game.bookmarks == {2: "opening", 5: "here"}
    out, _ = export_game(path, tmp_path / "out.yaml")
    assert read_bookmarks(out) == {2: "opening", 5: "here"}


def test_the_autosaves_closing_write_keeps_the_bookmarks(tmp_path):
    path = tmp_path / "g.yaml"
    session = quick_table(seed=4)
    saver = Autosaver(session, path)
    play(session, 5)
    session.bookmarks = {3: "mid"}
    assert saver.close()
    assert read_bookmarks(path) == {3: "mid"} and open_session(path).bookmarks == {3: "mid"}


def test_read_bookmarks_of_a_file_with_none_or_not_a_save_is_empty(tmp_path):
    session = quick_table(seed=4)
    save_game(session, tmp_path / "plain.yaml")
    assert read_bookmarks(tmp_path / "plain.yaml") == {}
    (tmp_path / "bad.yaml").write_text("bookmarks: [oops\n")
    assert read_bookmarks(tmp_path / "bad.yaml") == {}
    assert read_bookmarks(tmp_path / "missing.yaml") == {}
