"""A failed autosave write reaches the window: a message naming the journal and the reason stays in view, the Save
dialog opens, and saving there keeps the whole game; until then no change is taken (a local window as a hosting
one's host), and once saved somewhere that can be written, autosave goes on beside that file and changes are taken
again."""

from __future__ import annotations

import errno
import time
from pathlib import Path

import pygame
import pytest

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.store import journalwrite as journal_module
from tabletop.store import load_game, open_game
from tabletop.ui import TableApp

__all__: list[str] = []


def _disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(journal_module, "_write_all", full)


def _until_told(app: TableApp) -> None:
    for _ in range(200):
        app.run_frames(1)
        if getattr(app, "save_problem", ""):
            return
        time.sleep(0.02)
    raise AssertionError("the window never said the autosave failed")


def _told(app: TableApp, journal: Path) -> None:
    assert str(journal) in app.save_problem and "No space left on device" in app.save_problem
    assert app.save_alert is not None
    assert app.file_dialog is not None and app.file_dialog.tabletop_purpose == "save"
    assert any(str(journal) in box.html_text for box, _ in app.notices.items)


def test_a_local_window_says_its_autosave_failed_and_offers_to_save_elsewhere(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = TableApp(quick_table(seed=3), size=(1280, 800), fps=0, autosave=tmp_path / "auto.yaml")
    try:
        app.run_frames(2)
        assert app.submit(A.Chat("kept")).accepted
        _disk_full(monkeypatch)
        assert app.submit(A.Chat("written when the disk was full")).accepted
        _until_told(app)
        _told(app, tmp_path / "auto.journal")
        # like a host: nothing more is taken (it could not be kept), each refusal saying why
        seq = app.session.state.seq
        for refused in (app.submit(A.Chat("after it")), app.source.undo(0), app.source.redo(0)):
            assert refused is not None and not refused.accepted and refused.code == "autosave_failed"
            assert "auto.journal" in refused.error and "No space left on device" in refused.error
        assert app.session.state.seq == seq
        monkeypatch.undo()
        app._file_picked("save", str(tmp_path / "elsewhere.yaml"))
        texts = [getattr(e.action, "text", "") for e in load_game(tmp_path / "elsewhere.yaml").history]
        assert texts[-2:] == ["kept", "written when the disk was full"]
        # saved somewhere that can be written: autosave goes on beside it, and moves are taken again
        assert not app.save_problem and app.save_alert is None
        assert app.autosaver.journal_path == tmp_path / "elsewhere.journal" and not app.autosaver.failed
        assert app.submit(A.Chat("after the save")).accepted
        assert app.autosaver.flush()
        texts = [getattr(e.action, "text", "") for e in open_game(tmp_path / "elsewhere.yaml").history]
        assert texts[-1] == "after the save"
    finally:
        app._drop_source()  # the autosave closed (the YAML written), as leaving the table does
        pygame.event.clear()


def test_a_hosting_window_says_so_and_its_host_takes_no_more_changes(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    session = quick_table(seed=4)
    app = TableApp(session, size=(1280, 800), fps=0)
    host = None
    try:
        app.run_frames(2)
        host = app.host(session, port=0, bind="127.0.0.1", announce=False, autosave=tmp_path / "hosted.yaml")
        app.run_frames(1)
        assert app.submit(A.Chat("kept")).accepted
        _disk_full(monkeypatch)
        app.submit(A.Chat("written when the disk was full"))
        _until_told(app)
        _told(app, tmp_path / "hosted.journal")
        seq = session.state.seq
        refused = app.submit(A.Chat("after it"))
        assert not refused.accepted and refused.code == "autosave_failed" and "hosted.journal" in refused.error
        redo = app.source.redo(0)
        assert redo is not None and redo.code == "autosave_failed"
        assert session.state.seq == seq
        monkeypatch.undo()
        app._file_picked("save", str(tmp_path / "elsewhere.yaml"))
        texts = [getattr(e.action, "text", "") for e in load_game(tmp_path / "elsewhere.yaml").history]
        assert texts[-2:] == ["kept", "written when the disk was full"]
        # the host journals beside the saved file now and takes changes again; the window says so
        for _ in range(100):
            app.run_frames(1)
            if not app.save_problem:
                break
        assert not app.save_problem and app.save_alert is None
        assert app.submit(A.Chat("after the save")).accepted
        assert host.host.autosave_path == tmp_path / "elsewhere.yaml"
    finally:
        if host is not None:
            host.close()
        pygame.event.clear()
    texts = [getattr(e.action, "text", "") for e in load_game(tmp_path / "elsewhere.yaml").history]
    assert texts[-3:] == ["kept", "written when the disk was full", "after the save"]
