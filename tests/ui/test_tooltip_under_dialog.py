"""A tooltip never stays over a dialog: the Join dialog's "Choose…" button opens the deck dialog while the pointer
rests on it, and its tooltip came back over the new dialog, covering that dialog's own Choose button (trial 3)."""

from __future__ import annotations

import pygame
import pygame_gui

from tabletop.ui import TableApp
from tests.ui.uihelpers import click, mouse, post


def _tips(app: TableApp) -> list[pygame.Rect]:
    return [s.rect for s in app.manager.get_sprite_group().sprites() if isinstance(s, pygame_gui.elements.UITooltip)]


def test_the_choose_buttons_tooltip_does_not_come_back_over_the_deck_dialog() -> None:
    for size in ((1280, 800), (800, 600)):
        app = TableApp(None, size=size, start_screen=True, fps=0)
        app.join_window()
        app.run_frames(2)
        button = app.join_dialog.deck_button
        post(app, mouse(pygame.MOUSEMOTION, button.rect.center))
        app.run_frames(100)  # the pointer rests on the button: its tooltip says what a deck brought does
        assert button.tool_tip is not None and _tips(app)
        click(app, button.rect.center)
        app.run_frames(100)  # the pointer still rests there, under the deck dialog
        windows = app.manager.get_window_stack().get_full_stack()
        assert len(windows) == 2, "the deck dialog opened over the Join dialog"
        top = windows[-1].rect
        assert not [r for r in _tips(app) if r.colliderect(top)], (size, _tips(app), top)
        assert button.tool_tip is None, size  # a dialog opened: the tooltips of the widgets under it went down
        windows[-1].kill()  # the deck dialog closed: the pointer leaves the button and comes back, as a hand does
        post(app, mouse(pygame.MOUSEMOTION, (button.rect.centerx, button.rect.bottom + 40)))
        app.run_frames(5)
        post(app, mouse(pygame.MOUSEMOTION, button.rect.center))
        app.run_frames(100)
        assert button.tool_tip is not None and _tips(app)
        app.close()
