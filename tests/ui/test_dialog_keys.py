"""Enter and Escape in every dialog: Enter does what the dialog's main button does, Escape closes it."""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import actions as A
from tabletop.game import quick_table
from tabletop.ui import TableApp
from tests.ui.uihelpers import key, post, zone_center

__all__: list[str] = []


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = TableApp(quick_table(seed=3), size=(1280, 800), fps=0, autosave=tmp_path / "auto.yaml")
    app.run_frames(2)
    yield app
    pygame.event.clear()


def down(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def test_enter_in_the_save_dialog_saves(tmp_path, table):
    app = table
    post(app, down(pygame.K_s, pygame.KMOD_LCTRL))  # no save yet: the dialog asks where
    field = app.file_dialog.file_path_text_line
    assert field.is_focused
    field.set_text(str(tmp_path / "mine.yaml"))
    post(app, down(pygame.K_RETURN))
    app.run_frames(3)
    assert app.file_dialog is None
    assert (tmp_path / "mine.yaml").is_file() and app.save_path == tmp_path / "mine.yaml"


def test_a_name_typed_in_the_save_dialog_replaces_the_file_name_and_keeps_the_folder(tmp_path, table):
    """A newcomer had to press Ctrl+A before typing: the typed name went after the proposed path. The proposed
    file's name is selected, so typing replaces it and the folder stays."""
    app = table
    post(app, down(pygame.K_s, pygame.KMOD_LCTRL))
    field = app.file_dialog.file_path_text_line
    assert field.get_text().endswith("game.yaml")
    post(app, pygame.event.Event(pygame.TEXTINPUT, text="mine.yaml"))
    assert field.get_text() == str(tmp_path / "mine.yaml")
    post(app, down(pygame.K_RETURN))
    app.run_frames(3)
    assert (tmp_path / "mine.yaml").is_file()


def test_enter_off_the_field_saves_and_escape_cancels(tmp_path, table):
    app = table
    post(app, down(pygame.K_s, pygame.KMOD_LCTRL))
    key(app, pygame.K_ESCAPE)
    app.run_frames(2)
    assert app.file_dialog is None and not list(tmp_path.glob("game.yaml"))
    post(app, down(pygame.K_s, pygame.KMOD_LCTRL))
    app.manager.set_focus_set(None)  # the player clicked away from the path field
    app.file_dialog.file_path_text_line.unfocus()
    key(app, pygame.K_KP_ENTER)
    app.run_frames(3)
    assert app.file_dialog is None and (tmp_path / "game.yaml").is_file()


def test_enter_and_escape_in_the_look_prompt(table):
    app = table
    deck = zone_center(app, "deck")
    key(app, pygame.K_l, at=deck)
    assert app.prompt is not None
    app.prompt.entry.unfocus()
    app.manager.set_focus_set(None)
    key(app, pygame.K_ESCAPE)
    assert app.prompt is None and app.session.history == []
    key(app, pygame.K_l, at=deck)
    app.prompt.entry.set_text("2")
    app.prompt.entry.unfocus()
    app.manager.set_focus_set(None)
    key(app, pygame.K_RETURN)
    assert app.prompt is None
    assert app.session.history[-1].action == A.LookTop("deck", 2)
    assert app.peek is not None
    key(app, pygame.K_ESCAPE)  # the look window closes too
    assert app.peek is None


def test_escape_ends_a_search_and_enter_closes_info(table):
    app = table
    key(app, pygame.K_b, at=zone_center(app, "deck"))
    assert app.peek is not None
    key(app, pygame.K_RETURN)
    assert app.peek is None
    assert isinstance(app.session.history[-1].action, A.EndSearch)
    key(app, pygame.K_i)
    assert app.dialog is not None
    key(app, pygame.K_RETURN)
    assert app.dialog is None
    key(app, pygame.K_i)
    key(app, pygame.K_ESCAPE)
    assert app.dialog is None
    assert app.side is not None and not app.side.chat.is_focused  # Enter went to the dialog, not to chat


def test_enter_and_escape_in_the_new_game_dialog(table):
    app = table
    app.new_game_dialog()
    app.run_frames(1)
    key(app, pygame.K_ESCAPE)
    assert app.newgame is None
    app.new_game_dialog()
    app.run_frames(1)
    old = app.session
    key(app, pygame.K_RETURN)
    assert app.newgame is None and app.session is not old


@pytest.mark.parametrize("one_frame", [True, False], ids=["same-frame", "next-frame"])
def test_the_key_that_opens_a_prompt_does_not_type_into_it(table, one_frame):
    """L as SDL delivers it in a real window (KEYDOWN, TEXTINPUT "l", KEYUP): the KEYDOWN opens the prompt and
    focuses its field, and the TEXTINPUT of the same press typed "l" into it ("l3", refused as not a number)."""
    app = table
    post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=zone_center(app, "deck"), rel=(0, 0), buttons=(0, 0, 0)))
    press = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=15)
    text = pygame.event.Event(pygame.TEXTINPUT, text="l")
    if one_frame:
        post(app, press, text)
    else:
        post(app, press)
        post(app, text)
    post(app, pygame.event.Event(pygame.KEYUP, key=pygame.K_l, mod=0, unicode="l", scancode=15))
    assert app.prompt is not None
    initial = app.prompt.entry.get_text()
    assert initial.isdigit(), f"the prompt's field reads {initial!r}"
    # the next keys are the player's text: they reach the field
    post(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2", scancode=31),
         pygame.event.Event(pygame.TEXTINPUT, text="2"))
    assert "2" in app.prompt.entry.get_text()
    # a letter typed there is text too, not the table's shortcut (D would draw a card)
    hand = len(app.session.state.zones["hand:0"].pieces)
    post(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d", scancode=7),
         pygame.event.Event(pygame.TEXTINPUT, text="d"))
    assert "d" in app.prompt.entry.get_text() and len(app.session.state.zones["hand:0"].pieces) == hand


def test_the_open_dialog_lists_saves_not_journals_locks_or_gitkeep(tmp_path, table):
    """A newcomer's trial: the Open dialog listed autosave.journal, autosave.lock and .gitkeep as saves."""
    app = table
    saves = tmp_path / "saves"
    saves.mkdir()
    for name in ("game.yaml", "old.yml", "autosave.journal", "autosave.lock", ".gitkeep", "game.yaml.1.journal"):
        (saves / name).write_text("x")
    post(app, down(pygame.K_o, pygame.KMOD_LCTRL))
    listed = {i["text"] for i in app.file_dialog.file_selection_list.item_list}
    assert {"game.yaml", "old.yml"} <= listed
    assert not listed & {"autosave.journal", "autosave.lock", ".gitkeep", "game.yaml.1.journal"}
