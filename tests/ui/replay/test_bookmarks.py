"""Bookmarks stay with the game and are renamed and deleted in the replay viewer (issue 30 item 4).

Why: bookmarks set in a game were lost when it was saved with Ctrl+S (the window wrote the table and log without
them), and a bookmark could be set but never renamed or deleted. The game now keeps its bookmarks
(`Session.bookmarks`): read with the save, set in play with Ctrl+B, written by every save; the replay bar's Mark
reads Rename where a bookmark stands, and Delete removes it, in the save at once.
"""

from __future__ import annotations

import pygame

from tabletop.game import open_session
from tabletop.store import load_game, read_bookmarks, save_game
from tabletop.ui import TableApp
from tests.ui.replay.test_viewer import _open_by_start_screen, _saved_game
from tests.ui.test_starting_dial import _pick
from tests.ui.uihelpers import click, key, post


def test_a_games_bookmarks_survive_open_and_ctrl_s_and_ctrl_b_adds_one(tmp_path):
    session, path = _saved_game(tmp_path)
    session.bookmarks = {3: "the raid"}
    save_game(session, path)
    app = TableApp(open_session(path), seat=0, size=(1280, 800), fps=0, save_path=path)
    app.run_frames(1)
    key(app, pygame.K_s, pygame.KMOD_CTRL)  # before: the save lost them
    assert read_bookmarks(path) == {3: "the raid"}
    last = app.session.history[-1].seq
    key(app, pygame.K_b, pygame.KMOD_CTRL)  # a bookmark where the game stands
    said = next(t for t in app.notices.texts() if "Bookmark «mark 2»" in t)
    # trial 3: "at action 6" read as a log line number, which the log did not have (a pointer is not numbered)
    assert f"point {len(app.session.history)} on the replay's timeline" in said and "action" not in said
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert load_game(path).bookmarks == {3: "the raid", last: "mark 2"}
    app.close()
    assert open_session(path).bookmarks == {3: "the raid", last: "mark 2"}  # and they load again


def test_rename_and_delete_a_bookmark_in_the_viewer_kept_in_the_save(tmp_path):
    session, path = _saved_game(tmp_path)
    session.bookmarks = {5: "the raid", 9: "combat"}
    save_game(session, path)
    app = TableApp(None, start_screen=True, size=(1280, 800), fps=0)
    app.run_frames(1)
    _open_by_start_screen(app, path)
    r, bar = app.replaying, app._replay_bar
    t = r.timeline
    raid = t.point_of(5)
    assert bar.mark.text == "Mark" and not bar.delete.is_enabled  # the end of the game: no bookmark there
    _pick(app, bar.mark_menu, f"{raid} · the raid")
    assert r.point == raid and bar.mark.text == "Rename" and bar.delete.is_enabled
    click(app, bar.mark.rect.center)  # no name typed: says how, changes nothing
    assert t.bookmarks[raid] == "the raid"
    click(app, bar.name.rect.center)
    post(app, pygame.event.Event(pygame.TEXTINPUT, text="the night raid"))
    click(app, bar.mark.rect.center)
    assert t.bookmarks[raid] == "the night raid"
    assert load_game(path).bookmarks == {5: "the night raid", 9: "combat"}
    assert any("renamed «the night raid»" in x for x in app.notices.texts())
    bar = app._replay_bar
    _pick(app, bar.mark_menu, f"{t.point_of(9)} · combat")
    click(app, bar.delete.rect.center)
    assert load_game(path).bookmarks == {5: "the night raid"}
    assert not app._replay_bar.delete.is_enabled and app._replay_bar.mark.text == "Mark"
    _pick(app, app._replay_bar.mark_menu, f"{raid} · the night raid")
    key(app, pygame.K_DELETE)  # the key does the same
    assert t.bookmarks == {} and load_game(path).bookmarks == {}
    assert not app._replay_bar.bookmarks
    app.close()


def test_ctrl_s_in_a_replay_writes_the_whole_game_with_its_bookmarks_to_its_own_save(tmp_path):
    session, path = _saved_game(tmp_path)
    other = tmp_path / "other.yaml"
    save_game(session, other)
    app = TableApp(open_session(other), seat=0, size=(1280, 800), fps=0, save_path=other)
    app.run_frames(1)
    assert app.open_replay_file(path)  # what the start screen's Replay… opens
    r = app.replaying
    key(app, pygame.K_HOME)
    assert r.point == 0
    key(app, pygame.K_b)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    game = load_game(path)
    assert len(game.history) == len(session.history)  # not the table at the point it stands at
    assert game.bookmarks == {r.timeline.seq_of(0): "mark 1"}
    assert load_game(other).bookmarks == {}  # the game open before is not written over
    app.close()



def test_ctrl_b_in_an_autosaved_game_is_journaled_before_it_shows_and_refused_when_it_cannot_be(tmp_path):
    # the small hook in viewer.bookmark_game (store/autosave.py journals the bookmark): a crash right after the
    # notice still finds it, and a journal that cannot be written refuses it, said, with nothing changed
    from tabletop.core import actions as A
    from tabletop.game import quick_table
    from tabletop.store.journal import read_journal

    app = TableApp(quick_table(seed=3), seat=0, size=(1280, 800), fps=0, autosave=tmp_path / "auto.yaml")
    app.run_frames(1)
    app.session.submit(A.Chat("hello"), 0)
    seq = app.session.history[-1].seq
    key(app, pygame.K_b, pygame.KMOD_CTRL)
    assert any("Bookmark «mark 1»" in t and "kept by the autosave" in t for t in app.notices.texts())
    assert read_journal(app.autosaver.journal_path).bookmarks == {seq: "mark 1"}  # on disk already
    app.session.submit(A.Chat("again"), 0)
    app.autosaver.writer._fail("cannot write the journal: No space left on device (injected)")
    key(app, pygame.K_b, pygame.KMOD_CTRL)
    assert any("Bookmark not made" in t and "not kept" in t for t in app.notices.texts())
    assert dict(app.session.bookmarks) == {seq: "mark 1"}
    app.close()
