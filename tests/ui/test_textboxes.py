"""The side panel's text boxes draw what pygame-gui's own text box draws, at the cost of what changed."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UITextBox

from tabletop.ui.panels.textboxes import LogBox, StatusBox, _GrowingLayout

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


def _filling_line(manager, width: int) -> str | None:
    """Words that fill a plain text box's row so nearly that pygame-gui puts the line break after them on a row of
    its own (an empty line in the box); None if no such text was found."""
    for n in range(8, 80):
        text = " ".join(["word"] * (n // 4)) + " " + "i" * (n % 4 + 1)
        plain = UITextBox(text + "<br>next", pygame.Rect(0, 0, width, -1), manager)
        rows = len(plain.text_box_layout.layout_rows)
        plain.kill()
        one = UITextBox(text, pygame.Rect(0, 0, width, -1), manager)
        alone = len(one.text_box_layout.layout_rows)
        one.kill()
        if rows == alone + 2:  # the text's rows, an empty one, then "next"
            return text
    return None


def test_a_line_that_fills_its_row_is_followed_by_no_empty_line():
    """At 800x600 the log showed an empty line after a wrapped entry whose last line reached the box's edge."""
    pygame.init()
    pygame.display.set_mode((800, 600))
    manager = pygame_gui.UIManager((800, 600))
    found = 0
    for width in range(150, 260, 3):
        text = _filling_line(manager, width)
        if text is None:
            continue
        found += 1
        alone = len(UITextBox(text, pygame.Rect(0, 0, width, -1), manager).text_box_layout.layout_rows)
        for cls in (LogBox, StatusBox):
            box = cls(text + "<br>next", pygame.Rect(0, 0, width, -1), manager)
            rows = box.text_box_layout.layout_rows
            assert len(rows) == alone + 1, (cls.__name__, width, text, [len(r.items) for r in rows])
        log = LogBox("first", pygame.Rect(0, 0, width, -1), manager)
        log.append_html_text("<br>" + text + "<br>next")
        assert len(log.text_box_layout.layout_rows) == alone + 2, (width, text)
    assert found, "no text filling a row to the edge was found: the case is not tried"
