"""The window paints itself whole again when the system says a part of it was uncovered (plain X with no compositor
keeps no copy of a covered window: its pixels are gone until the app draws them), even while nothing else changed
and the widgets' redraw is being skipped as idle."""

from __future__ import annotations

import pygame
import pytest


def _quiet_frames(app, n: int = 4) -> None:
    """Frames with only the pointer moving over the bare table: the widgets' redraw is skipped."""
    vp = pygame.Rect(app.camera.viewport)
    for i in range(n):
        pos = (vp.centerx + i, vp.centery)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))])


@pytest.mark.parametrize("kind", ["WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWRESTORED", "WINDOWSIZECHANGED"])
def test_an_uncovered_window_is_drawn_whole(app, kind):
    _quiet_frames(app)
    before = pygame.image.tobytes(app.screen, "RGB")
    app.screen.fill((0, 0, 0))  # what the covered part of the window holds once uncovered
    vp = pygame.Rect(app.camera.viewport)
    pos = (vp.centerx, vp.centery)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(getattr(pygame, kind), window=None)])
    after = pygame.image.tobytes(app.screen, "RGB")
    if after != before:
        w, _ = app.screen.get_size()
        black = sum(1 for i in range(0, len(after), 3) if after[i:i + 3] == b"\0\0\0")
        diff = next(i for i in range(len(after)) if after[i] != before[i]) // 3
        raise AssertionError(f"{kind}: the frame after it differs from before, first at {(diff % w, diff // w)}; "
                             f"{black} black pixels")
