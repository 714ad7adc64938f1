"""The log shows its newest line, however long the lines and however short the box (issue 15).

Why: at 800x600 the X-Files CCG log stopped showing new lines after a long, wrapped entry. pygame-gui shows a text
box's text from where the scroll bar's slider stands over its whole track, and the slider is never shorter than 5 px:
in a log box a few rows high over a long log the slider's lowest place stopped short of the text's end (in a box two
rows high the track was 4 px and the view began above the text's top), so the last rows were out of reach of the
wheel, the arrows and the follow-the-news scroll alike."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from tabletop.core import actions as A
from tabletop.game import new_session
from tabletop.ui import TableApp
from tabletop.ui.panels.textboxes import LogBox

LONG = "bought 3 cards and drew Heavy Flashlight, Dr. Amos Pell and Fairhaven Clinic, OR, then passed the turn"


def _spy(box: LogBox) -> list[int]:
    """The top of the text (its height above the view) each time the box draws its view."""
    tops: list[int] = []
    draw = box._calculate_drawable_area

    def spied(height_adjustment: int) -> pygame.Rect:
        tops.append(height_adjustment)
        return draw(height_adjustment)

    box._calculate_drawable_area = spied  # type: ignore[method-assign]
    return tops


def _bottom_shown(box: LogBox, tops: list[int]) -> int:
    """The lowest pixel row of the text in view, counted to the text's height (pygame-gui rounds the view's top
    down: 1 px short is the text's end)."""
    assert box.text_wrap_rect is not None and tops
    bottom = tops[-1] + box.text_wrap_rect[3]
    return bottom + 1 if bottom + 1 == box.text_box_layout.layout_rect.height else bottom


def test_a_short_log_box_scrolls_to_its_last_row_after_long_lines():
    pygame.init()
    pygame.display.set_mode((800, 600))
    manager = pygame_gui.UIManager((800, 600))
    for h in (52, 62, 90, 140):
        box = LogBox("1 Seat 2 passed", pygame.Rect(0, 0, 204, h), manager)
        tops = _spy(box)
        for i in range(2, 45):
            box.append_html_text(f"<br>{i} Seat 2 " + (LONG if i % 3 else "passed"))
            bar = box.scroll_bar
            assert bar is not None
            bar.set_scroll_from_start_percentage(1.0)  # what the side panel does after new lines
            manager.update(0.02)
            height = box.text_box_layout.layout_rect.height
            assert _bottom_shown(box, tops) == height, (h, i, tops[-1], height)
        if h < 60:  # a track too short for the slider to travel: the box shows its end (the side panel is taller)
            box.kill()
            continue
        # the wheel up, then down as far as it goes: the last row again
        bar.target_scroll_position = 0
        for _ in range(40):
            manager.update(0.05)
        assert tops[-1] < height // 2, h
        bar.target_scroll_position = 10_000
        for _ in range(60):
            manager.update(0.05)
        assert _bottom_shown(box, tops) == height, (h, tops[-1], height)
        box.kill()


def test_the_xfiles_ccg_log_at_800x600_keeps_showing_its_newest_line():
    app = TableApp(new_session("xfiles-ccg", 2, enforcement="strict", seed=1), seat=1, size=(800, 600), fps=0)
    try:
        app.run_frames(2)
        box = app.side.log
        tops = _spy(box)
        for i in range(14):
            words = f"entry {i}: " + (LONG if i % 2 == 0 else "ok")
            assert app.session.submit(A.Chat(words), i % 2).accepted
            app.run_frames(3)
            assert words in app.side.log_text.split("<br>")[-1]
            layout = box.text_box_layout
            if box.scroll_bar is not None:
                assert _bottom_shown(box, tops) == layout.layout_rect.height, (i, tops[-1], layout.layout_rect.height)
            else:
                assert layout.layout_rect.height <= box.text_wrap_rect[3], i
    finally:
        pygame.event.clear()


def _showing_end(box: LogBox) -> bool:
    bar = box.scroll_bar
    return bar is None or abs(bar.start_percentage + bar.visible_percentage - 1) < 0.05


@pytest.mark.parametrize(("ruleset", "mode", "size"), [("xfiles-ccg", "strict", (1280, 800)),
                                                       ("tragedy", "warn", (1280, 800)),
                                                       ("xfiles-ccg", "strict", (800, 600))])
def test_the_log_keeps_its_newest_line_when_the_move_list_folds_and_opens(ruleset, mode, size):
    """A newcomer's trial: the log jumped back to line 1 whenever the window's seat had no legal move (the empty
    list folds away and the log box, resized, was rebuilt a few frames later with its scroll bar at the top)."""
    app = TableApp(new_session(ruleset, 2, enforcement=mode, seed=1), seat=0, size=size, fps=0)
    try:
        app.run_frames(2)
        for i in range(25):
            assert app.session.submit(A.Chat(f"chat {i} " + LONG), 0).accepted
        app.run_frames(3)
        folds, had = 0, app.side.has_moves
        rules, state = app.session.rules, app.session.state
        for step in range(30):
            actor = next((s for s in state.seats if list(rules.legal_actions(state, s))), None)
            if actor is None:
                break
            assert app.session.submit(list(rules.legal_actions(state, actor))[-1], actor).accepted
            app.run_frames(20)  # pygame-gui rebuilds a resized box a few frames later
            folds += app.side.has_moves != had
            had = app.side.has_moves
            assert _showing_end(app.side.log), (step, had, app.side.log.scroll_bar.start_percentage)
        assert folds >= 2  # the list folded away and came back at least once
    finally:
        pygame.event.clear()
