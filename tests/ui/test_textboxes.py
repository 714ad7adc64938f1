"""The side panel's text boxes draw what pygame-gui's own text box draws, at the cost of what changed."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UITextBox

from tabletop.ui.textboxes import LogBox, StatusBox, _GrowingLayout

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


def _status_texts() -> list[str]:
    """The rules panel's texts of an X-Files CCG game for a few actions, then a short one and a long one again."""
    from tabletop.game import new_session
    from tabletop.rules.bots import RandomBot
    from tabletop.ui import TableApp

    session = new_session("xfiles-ccg", 2, enforcement="strict", seed=1)
    app = TableApp(session, seat=0, size=(1280, 800), fps=0, physics=False)
    app.run_frames(2)
    bot = RandomBot(session.rules, seed=3)
    texts = [app.side.status_text]
    for _ in range(6):
        moves = [(s, a) for s in session.state.seats for a in session.rules.generate_actions(session.state, s)]
        if not moves:
            break
        seat, action = moves[bot.rng.randrange(len(moves))]
        assert app.submit(action, seat).accepted
        app.step()
        texts.append(app.side.status_text)
    assert isinstance(app.side.status, StatusBox)
    assert len(set(texts)) > 2
    return texts + ["<b>Short</b> status", "one<br>two", texts[-1], texts[0] + "<br>" + texts[0]]


def test_a_status_box_draws_each_new_text_as_pygame_gui_does():
    texts = _status_texts()
    manager = pygame_gui.UIManager((1280, 800))
    rect = pygame.Rect(0, 0, 284, 155)
    plain = UITextBox("", rect, manager)
    status = StatusBox("", rect, manager)
    for i, text in enumerate(texts):
        for box in (plain, status):
            if box.scroll_bar is not None:  # the player had scrolled down: a new text starts at the top again
                box.scroll_bar.set_scroll_from_start_percentage(0.5)
                box.update(0.01)
            box.set_text(text)
        assert (plain.scroll_bar is None) == (status.scroll_bar is None), i
        if plain.scroll_bar is not None:
            assert status.scroll_bar.visible_percentage == plain.scroll_bar.visible_percentage, i
            assert status.scroll_bar.start_percentage == plain.scroll_bar.start_percentage == 0.0, i
        assert _pixels(status) == _pixels(plain), i
        assert pygame.image.tobytes(status.image, "RGBA") == pygame.image.tobytes(plain.image, "RGBA"), i
