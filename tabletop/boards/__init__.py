"""UI plug-ins of rulesets: the boards and card faces a ruleset brings to the window.

Each module here registers its boards (`register_panel`) and card faces (`register_face`) with
tabletop.ui.panels.registry when it is imported; the window imports this package's modules once, when it first needs a
board or a face, and never names a ruleset itself. Rule logic stays in tabletop.rules; these draw its `status`.
"""

from __future__ import annotations

import pygame

__all__ = ["board_height"]

#: a window this high (pixels) or more shows a board at its full open height; a lower one a shorter board
FULL_AT = 1000


def board_height(open_height: int, least: int = 150) -> int:
    """A board's open height in the window as it is now: full in a tall window, in proportion (no lower than
    `least`) in a lower one, so the table keeps most of the height."""
    screen = pygame.display.get_surface()
    h = screen.get_height() if screen is not None else FULL_AT
    return min(open_height, max(least, round(open_height * h / FULL_AT)))
