"""Quit from the table's menu, Ctrl+Q, the window's close button and Ctrl+C: each closes the window cleanly, with
the autosave written as a save that loads again."""

from __future__ import annotations

import os
import signal
import threading

import pygame
import pytest

from tabletop.game import quick_table
from tabletop.store import load_game
from tabletop.ui import TableApp
from tests.ui.uihelpers import click, key, post, zone_center

__all__: list[str] = []


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = TableApp(quick_table(seed=3), size=(1280, 800), fps=0, autosave=tmp_path / "auto.yaml")
    app.run_frames(2)
    click(app, zone_center(app, "deck"))  # one move to keep
    assert len(app.session.history) == 1
    yield app
    pygame.event.clear()


def _closed_cleanly(app, tmp_path) -> None:
    assert not app.running
    assert len(load_game(tmp_path / "auto.yaml").history) == 1
    assert not list(tmp_path.glob("auto.yaml.*journal*"))  # the journal went once the save was written


def test_quit_in_the_tables_menu(table, tmp_path):
    app = table
    click(app, (300, 300), button=3)
    button = next(b for b in app.menu.actions if b.text.startswith("Quit"))
    click(app, button.rect.center)
    _closed_cleanly(app, tmp_path)


def test_ctrl_q(table, tmp_path):
    key(table, pygame.K_q, pygame.KMOD_LCTRL)
    _closed_cleanly(table, tmp_path)


def test_the_windows_close_button(table, tmp_path):
    post(table, pygame.event.Event(pygame.QUIT))
    _closed_cleanly(table, tmp_path)


def test_ctrl_c_in_the_terminal(table, tmp_path):
    app = table
    before = signal.getsignal(signal.SIGINT)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        assert app.run() == 0  # no KeyboardInterrupt: the loop ends as if the window were closed
    finally:
        timer.cancel()
    _closed_cleanly(app, tmp_path)
    assert signal.getsignal(signal.SIGINT) is before
