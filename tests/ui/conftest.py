"""Headless table fixtures: a real TableApp on SDL's dummy video driver, driven by posted pygame events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tabletop.game import quick_table  # noqa: E402
from tabletop.ui import TableApp  # noqa: E402


@pytest.fixture
def app():
    """A quick table seen by seat 0 in a 1280x800 window, two frames in."""
    a = TableApp(quick_table(seed=7), seat=0, size=(1280, 800), fps=0)
    a.run_frames(2)
    yield a
    pygame.event.clear()
