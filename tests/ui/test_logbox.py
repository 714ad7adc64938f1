"""The log box draws appended lines exactly as pygame-gui's own text box does, while keeping its old rows' pixels."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UITextBox

from tabletop.ui.logbox import LogBox, _GrowingLayout

LINES = [
    "<font color='#9fd3ff'><b>Seat 1</b></font> drew a card",
    "Seat 2 moved <b>Ace of Spades</b> from the deck to the table, face up, and then a long tail of words that wraps",
    "<font color='#ff8080'>× Can't move: that piece is hidden from you</font>",
    "Seat 1 rolled a 6",
]


def _pair(rows: int) -> tuple[UITextBox, LogBox]:
    pygame.init()
    pygame.display.set_mode((800, 600))
    manager = pygame_gui.UIManager((800, 600))
    rect = pygame.Rect(0, 0, 260, 200)
    plain = UITextBox("", rect, manager)
    log = LogBox("", rect, manager)
    for i in range(rows):
        text = ("<br>" if i else "") + LINES[i % len(LINES)] + f" ({i})"
        plain.append_html_text(text)
        log.append_html_text(text)
    return plain, log


def _pixels(box: UITextBox) -> bytes:
    assert box.text_box_layout is not None and box.text_box_layout.finalised_surface is not None
    return pygame.image.tobytes(box.text_box_layout.finalised_surface, "RGBA")


def test_appended_rows_are_the_pixels_pygame_gui_draws():
    for rows in (1, 3, 12, 40):
        plain, log = _pair(rows)
        assert isinstance(log.text_box_layout, _GrowingLayout)
        assert log.text_box_layout.finalised_surface.get_size() == plain.text_box_layout.finalised_surface.get_size()
        assert _pixels(log) == _pixels(plain), rows
        assert pygame.image.tobytes(log.image, "RGBA") == pygame.image.tobytes(plain.image, "RGBA"), rows


def test_a_rebuilt_box_still_grows_incrementally_and_matches():
    plain, log = _pair(5)
    for box in (plain, log):
        box.set_text("fresh start")
        box.append_html_text("<br>" + LINES[1])
    assert isinstance(log.text_box_layout, _GrowingLayout)
    assert _pixels(log) == _pixels(plain)
