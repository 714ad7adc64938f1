"""Where the deck editor's parts go in a window of a given size (1280x800 down to 800x600)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

__all__ = ["EditorLayout", "editor_layout"]

TOOLBAR_H = 40
MARGIN = 8


@dataclass(frozen=True, slots=True)
class EditorLayout:
    toolbar: pygame.Rect
    browser: pygame.Rect
    preview: pygame.Rect
    deck: pygame.Rect


def editor_layout(size: tuple[int, int]) -> EditorLayout:
    """The browser on the left, the preview in the middle, the deck on the right; the preview narrows first."""
    w, h = size
    body_y = TOOLBAR_H + MARGIN
    body_h = h - body_y - MARGIN
    browser_w = max(260, int(w * 0.36))
    preview_w = max(160, int(w * 0.22)) if w >= 1000 else max(120, int(w * 0.17))
    deck_w = w - browser_w - preview_w - 4 * MARGIN
    bx = MARGIN
    px = bx + browser_w + MARGIN
    dx = px + preview_w + MARGIN
    return EditorLayout(
        toolbar=pygame.Rect(0, 0, w, TOOLBAR_H),
        browser=pygame.Rect(bx, body_y, browser_w, body_h),
        preview=pygame.Rect(px, body_y, preview_w, body_h),
        deck=pygame.Rect(dx, body_y, deck_w, body_h),
    )
