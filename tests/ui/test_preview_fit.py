"""The preview pane shows the whole card under the pointer, scaled to fit the pane (a rules panel makes the pane
short: a face drawn at the full preview height lost its lower part)."""

from __future__ import annotations

import pygame

from tabletop.game import new_session
from tabletop.ui import TableApp
from tabletop.ui.panels.sidepanel import OVERLAY_BACK
from tests.ui.uihelpers import mouse, post


def _drawn(app: TableApp) -> pygame.Rect:
    """The part of the preview pane something is drawn on (the card: not the backing an overlay preview lies on)."""
    image = app.side.preview.image
    drawn = pygame.mask.from_surface(image)
    if app.side.overlay_preview:
        drawn.erase(pygame.mask.from_threshold(image, OVERLAY_BACK, (2, 2, 2, 255)), (0, 0))
    rects = drawn.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)


def test_a_hovered_card_is_whole_in_a_short_preview_pane():
    for size in ((1280, 800), (800, 600)):
        app = TableApp(new_session("tragedy", 2, enforcement="warn", seed=1), seat=1, size=size, fps=0)
        try:
            app.run_frames(2)
            pane = app.side.preview_rect
            assert pane.h < 280, "a rules panel makes the pane shorter than a full preview"
            card = app.hand.cards[0]
            post(app, mouse(pygame.MOUSEMOTION, app.hand.spot(card.pid)))
            app.run_frames(2)
            assert app.side.preview_key == ("card", card.piece["card"]), size
            drawn = _drawn(app)
            cw, ch = app.assets.card_size
            assert drawn.h <= pane.h and drawn.w <= pane.w, (size, drawn, pane)
            # the whole card: its shape is a card's, not a card's top cut off square
            assert abs(drawn.w / drawn.h - cw / ch) < 0.04, (size, drawn, cw / ch)
            assert drawn.h >= pane.h - 2 or drawn.w >= pane.w - 2, "as large as the pane allows"
        finally:
            pygame.event.clear()


def test_any_tall_face_is_scaled_whole_into_the_pane():
    app = TableApp(new_session("freeform", 2, seed=1), seat=0, size=(1280, 800), fps=0)
    try:
        app.run_frames(1)
        pane = app.side.preview_rect
        tall = pygame.Surface((pane.w // 2, pane.h * 3), pygame.SRCALPHA)
        tall.fill((200, 40, 40, 255))
        app.side.set_preview(("test", "tall"), tall)
        drawn = _drawn(app)
        assert drawn.h == pane.h and abs(drawn.w - round(pane.w / 2 / 3)) <= 1, (drawn, pane)
    finally:
        pygame.event.clear()
