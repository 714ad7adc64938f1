"""Constants the window's parts share (sizes, timings, caps, key modifiers, event groups)."""

from __future__ import annotations

import pygame
import pygame_gui

__all__ = ["BAR_H", "DOUBLE_CLICK_S", "DRAG_THRESHOLD", "HEADLESS_DT", "INPUT_EVENTS", "KMOD_ALT", "KMOD_CTRL",
           "KMOD_SHIFT", "LEGAL_CAP", "LOG_FLUSH_S", "LOG_ROWS", "MOD_KEYS", "MOVES_CAP", "PAN_SPEED", "PREVIEW_H",
           "SIDE_W", "SIDE_W_NARROW", "TOKEN_COLORS", "UI_EVENTS", "UI_IDLE_S", "WIDE_W"]

from ..panels.topbar import BAR_H  # noqa: E402

SIDE_W = 300
#: the side panel in a window narrower than WIDE_W (it starts narrow there, and folds away with F4)
SIDE_W_NARROW, WIDE_W = 220, 1100
PREVIEW_H = 280
DRAG_THRESHOLD = 5
DOUBLE_CLICK_S = 0.35
PAN_SPEED = 700.0
LEGAL_CAP = 400
#: legal moves listed in the rules panel
MOVES_CAP = 30
LOG_ROWS = 60
#: the log box is re-laid out at most this often (seconds): a burst of actions costs one layout, not one each
LOG_FLUSH_S = 0.2
#: game time of one frame when the loop runs unthrottled (fps=0: headless tests and scripts), so that drag
#: velocities, flights and bot pacing come out the same on every machine
HEADLESS_DT = 1.0 / 60.0
#: widgets are updated and redrawn at least this often (seconds) even when nothing reached them
UI_IDLE_S = 0.25
TOKEN_COLORS = ("#d9534f", "#337ab7", "#5cb85c", "#f0ad4e", "#9b59b6", "#1abc9c", "#ecf0f1", "#34495e")
KMOD_SHIFT, KMOD_CTRL, KMOD_ALT = pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT
MOD_KEYS = {pygame.K_LSHIFT: pygame.KMOD_LSHIFT, pygame.K_RSHIFT: pygame.KMOD_RSHIFT,
            pygame.K_LCTRL: pygame.KMOD_LCTRL, pygame.K_RCTRL: pygame.KMOD_RCTRL,
            pygame.K_LALT: pygame.KMOD_LALT, pygame.K_RALT: pygame.KMOD_RALT,
            pygame.K_LMETA: pygame.KMOD_LMETA, pygame.K_RMETA: pygame.KMOD_RMETA}
UI_EVENTS = {getattr(pygame_gui, n) for n in dir(pygame_gui) if n.startswith("UI_")}
INPUT_EVENTS = {pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYDOWN,
                pygame.KEYUP, pygame.TEXTINPUT}
