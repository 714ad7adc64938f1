"""The deck editor opened over a game in play (F6, the table's menu), by real input only: the table's widgets step
aside, a deck is built and saved, Escape comes back to the game exactly as it was (table, camera, selection,
panels), and the saved deck is there for the next New game."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from tabletop.core import actions as A
from tabletop.game import new_session
from tabletop.ui import TableApp
from tabletop.ui.decks.room import all_widgets
from tests.ui.decks.test_editor_driven import ROOT, DeckDriver
from tests.ui.uihelpers import click

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def _game(size: tuple[int, int]) -> TableApp:
    session = new_session("tragedy", 2, decks={0: ROOT / "cards/standard/decks/tragedy.yaml"}, seed=4,
                          enforcement="warn")
    app = TableApp(session, size=size, fps=0, autosave=None)
    app.run_frames(2)
    return app


def _table_as_it_is(app: TableApp, widgets: list | None = None) -> tuple:
    """The table and the window around it: state, log, camera, selection, seat, panels, which widget shows."""
    widgets = widgets if widgets is not None else all_widgets(app.manager)
    return (app.session.state.canonical(), len(app.session.history), app.camera.key(), tuple(app.selected),
            app.seat, app.side_open, [(e.alive(), e.visible) for e in widgets])


def test_f6_opens_the_editor_over_the_game_and_escape_comes_back_unchanged(tmp_path: Path, monkeypatch) -> None:
    app = _game((1280, 800))
    drive = DeckDriver(app)
    try:
        app.submit(A.Shuffle("deck:0"))
        hand = next(z for z in app.source.view(0)["zones"] if z["name"] == "hand:0")
        app.selected = [hand["pieces"][0]["id"]]
        app.run_frames(2)
        widgets = all_widgets(app.manager)
        before = _table_as_it_is(app, widgets)
        monkeypatch.chdir(tmp_path)
        (tmp_path / "decks").mkdir()

        drive.key(pygame.K_F6)
        editor = drive.editor
        assert editor.draft.ruleset.name == "tragedy"  # the game's ruleset, to build a deck for it
        assert not app.topbar.panel.visible  # the table's widgets step aside
        assert editor.tools["close"].tool_tip_text == "Back to the game (Escape)"
        drive.add_card("standard/KD", "star", 1, "double")
        drive.add_card("standard/2C", "deck", 1, "double")
        path = tmp_path / "decks" / "mine.yaml"
        drive.save_as(path)
        assert path.is_file() and not editor.draft.dirty

        drive.key(pygame.K_ESCAPE)  # saved: Escape closes at once, back to the game
        assert app.editor is None and app.start is None
        assert _table_as_it_is(app, widgets) == before  # the table, camera, selection and widgets as they were
        drive.key(pygame.K_n, pygame.KMOD_CTRL)  # the next New game picks the deck just saved
        newgame = app.newgame
        assert newgame is not None
        drive.click(newgame.deck_button.get_abs_rect().center)
        assert app.prompt is not None and app.prompt.options[0] == "mine.yaml (decks/)"
    finally:
        app.close()
        pygame.event.clear()


def test_the_tables_menu_opens_the_editor_and_close_asks_before_losing_a_change(tmp_path: Path) -> None:
    app = _game((800, 600))
    drive = DeckDriver(app)
    try:
        drive.point((200, 200))  # the open table, under the cursor before and after (no card's preview)
        widgets = all_widgets(app.manager)
        before = _table_as_it_is(app, widgets)
        click(app, (200, 200), button=3)  # the open table's menu
        assert app.menu is not None
        item = next(b for b in app.menu.actions if b.text.startswith("Decks"))
        drive.click(item.get_abs_rect().center)
        assert app.editor is not None and app.menu is None
        drive.add_card("standard/KD", "star", 1, "double")
        drive.click(drive.editor.tools["close"].get_abs_rect().center)
        choice = drive.editor.files.choice
        assert choice is not None  # an unsaved deck is never lost: asked first
        index = next(i for i, o in enumerate(choice.options) if o.startswith("Discard") or o.startswith("Close"))
        drive.click(choice.list.item_list[index]["button_element"].get_abs_rect().center)
        drive.key(pygame.K_RETURN)
        assert app.editor is None
        drive.point((200, 200))
        assert _table_as_it_is(app, widgets) == before
    finally:
        app.close()
        pygame.event.clear()


def test_a_search_window_closed_while_the_editor_is_open_ends_the_search() -> None:
    """The window-fuzz soak found it: a table window that closes while the editor is over the game posted its close
    event to the editor alone, so the window held the dead search (never ended, its deck never shuffled)."""
    from tests.ui.uihelpers import key, zone_center

    session = new_session("freeform", 2, seed=4)
    app = TableApp(session, size=(1280, 800), fps=0, autosave=None)
    try:
        app.run_frames(2)
        key(app, pygame.K_b, at=zone_center(app, "deck"))
        app.run_frames(2)
        peek = app.peek
        assert peek is not None and not peek.closed
        key(app, pygame.K_F6)
        app.run_frames(2)
        assert app.editor is not None
        peek.window.kill()  # as its close button does: pygame-gui posts the close for the next frame
        app.run_frames(2)
        assert app.peek is None and peek.closed
        assert isinstance(app.session.history[-1].action, A.EndSearch)  # the search ended, as a close ends it
    finally:
        pygame.event.clear()
