"""Every side-panel widget lies inside the window, and the log has room for several rows (issue 15).

Why: at 800x600 Freeform's chat field was cut off by the window's bottom edge, and beside a rules panel an empty
preview pane took ~130 px while the log showed two rows. A short panel now keeps no pane for the preview: it shows
over the seats and the status while a card is hovered, and the log has the room the rest of the time."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

from tabletop.game import new_session
from tabletop.rules import RULESETS
from tabletop.ui import TableApp
from tabletop.ui.panels.sidepanel import LOG_MIN_H, MOVE_PAD, SEAT_LINE_H, side_heights
from tests.ui.uihelpers import mouse, post

SIZES = ((800, 600), (1280, 800), (1600, 1000))


def _boxes(app: TableApp) -> dict[str, pygame.Rect]:
    """The side panel's boxes on screen, top to bottom (an empty move list is folded away: not shown)."""
    side = app.side
    names = ("players", "status", "moves_label", "moves", "log", "chat")
    return {n: getattr(side, n).get_abs_rect() for n in names
            if getattr(side, n) is not None and getattr(side, n).visible}


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_side_widget_is_inside_the_window_and_the_log_has_rows(ruleset):
    seat_counts = sorted({max(RULESETS[ruleset].min_seats, 2), min(RULESETS[ruleset].max_seats, 4)})
    for size, seats in ((size, seats) for size in SIZES for seats in seat_counts):
        app = TableApp(new_session(ruleset, seats, seed=1), seat=0, size=size, fps=0)
        try:
            app.run_frames(1)
            window = pygame.Rect((0, 0), size)
            boxes = _boxes(app)
            preview = app.side.preview.get_abs_rect()
            for name, r in {**boxes, "preview": preview}.items():
                assert window.contains(r), (ruleset, size, name, r)
                assert app.side.panel.get_abs_rect().contains(r), (ruleset, size, name, r)
            order = list(boxes.values())
            for upper, lower in pairwise(order):
                assert upper.bottom <= lower.top, (ruleset, size, upper, lower)
            assert boxes["log"].h >= LOG_MIN_H, (ruleset, size, boxes["log"])
            # every seat's line whole, without scrolling (4 seats at 800x600 scrolled: issue 15's re-trial)
            assert app.side.players.scroll_bar is None, (ruleset, size, seats, app.side.players_text)
            assert app.side.players_text.count("<br>") == seats - 1, app.side.players_text
            if app.side.overlay_preview:  # no pane kept for it: hidden until a card is hovered
                assert not app.side.preview.visible, (ruleset, size)
            else:
                assert preview.bottom <= boxes["players"].top, (ruleset, size)
        finally:
            pygame.event.clear()


def test_at_800x600_the_preview_shows_over_the_panel_only_while_a_card_is_hovered():
    app = TableApp(new_session("xfiles-ccg", 2, enforcement="strict", seed=1), seat=0, size=(800, 600), fps=0)
    try:
        app.run_frames(2)
        side = app.side
        assert side.overlay_preview and not side.preview.visible
        card = app.hand.cards[0]
        post(app, mouse(pygame.MOUSEMOTION, app.hand.spot(card.pid)))
        app.run_frames(2)
        assert side.preview.visible and side.preview_key == ("card", card.piece["card"])
        # drawn over the seats and the status, on an opaque backing (their text does not show through)
        assert side.preview.get_abs_rect().colliderect(side.players.get_abs_rect())
        assert side.preview.get_top_layer() > side.players.get_top_layer()
        assert side.preview.image.get_at((0, 0)).a == 255
        post(app, mouse(pygame.MOUSEMOTION, side.log.get_abs_rect().center))
        app.run_frames(2)
        assert not side.preview.visible and side.preview_key is None
    finally:
        pygame.event.clear()


def test_the_preview_keeps_its_pane_where_the_log_still_gets_its_rows():
    for rules in (True, False):
        tall = side_heights(764, 280, rules)
        assert tall["preview"] > 0 and tall["log"] >= LOG_MIN_H
        short = side_heights(528, 280, rules, rows=2 if rules else 6)
        assert short["preview"] == 0 and short["log"] >= LOG_MIN_H
    # without a rules panel and with two seats' lines, an 800x600 panel has room for the preview's pane
    assert side_heights(528, 280, False, rows=2)["preview"] > 0


def test_an_empty_move_list_gives_its_room_to_the_log_and_says_who_acts():
    """At 800x600 an empty "No legal moves" list took ~100 px the log needed (issue 15's re-trial): with nothing
    to list, the list folds away, the log takes the room, and the label says whose turn it is."""
    session = new_session("xfiles-ccg", 4, enforcement="strict", seed=1)
    acting = session.rules.decision(session.state)
    idle = next(s for s in session.state.seats if s != acting)
    app = TableApp(session, seat=idle, size=(800, 600), fps=0)
    try:
        app.run_frames(2)
        side = app.side
        assert not app.legal.moves and not side.moves.visible
        assert f"Seat {acting + 1} to act" in side.moves_label.text, side.moves_label.text
        idle_log = side.log.get_abs_rect().copy()
        assert idle_log.top <= side.moves_label.get_abs_rect().bottom + 8
        app.switch_seat(acting)
        app.run_frames(2)
        assert app.legal.moves and side.moves.visible and side.move_items
        moves, log = side.moves.get_abs_rect(), side.log.get_abs_rect()
        # (the idle log ends on a whole line: up to a line's pixels under it are left to the gap above the chat)
        assert moves.bottom <= log.top and log.h + moves.h <= idle_log.h + SEAT_LINE_H
        assert side.moves_label.text.startswith("Legal moves for")
        for box in _boxes(app).values():
            assert pygame.Rect(0, 0, 800, 600).contains(box)
    finally:
        pygame.event.clear()


#: the side panel's card preview is at least this tall at 1280x800 with a rules panel (it was 150: a hovered X-Files
#: card's title read "Chase through th…"), so a card on a small table can be read there
PREVIEW_AT_1280 = 220


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_the_preview_is_readable_at_1280x800_and_boxes_end_on_whole_lines(ruleset):
    seat_counts = sorted({max(RULESETS[ruleset].min_seats, 2), min(RULESETS[ruleset].max_seats, 4)})
    for seats in seat_counts:
        app = TableApp(new_session(ruleset, seats, seed=1), seat=0, size=(1280, 800), fps=0)
        try:
            app.run_frames(2)
            side = app.side
            assert not side.overlay_preview and side.preview_rect.h >= PREVIEW_AT_1280, (ruleset, seats,
                                                                                          side.preview_rect)
            # a box shows whole lines: its last visible line is not cut by its bottom edge ("then everyone…")
            for name in ("status", "log"):
                box = getattr(side, name)
                if box is None:
                    continue
                layout = box.text_box_layout
                view_h = layout.view_rect.h
                pitch = layout.layout_rows[1].y - layout.layout_rows[0].y if len(layout.layout_rows) > 1 else 22
                line_h = layout.layout_rows[0].height
                assert (view_h - line_h) % pitch == 0, (ruleset, seats, name, view_h, pitch, line_h)
            if side.moves is not None and side.moves.visible:  # the move list shows whole rows too
                rows = side.moves.relative_rect.h - MOVE_PAD
                assert rows % side.moves.list_item_height == 0, (ruleset, seats, side.moves.relative_rect)
        finally:
            pygame.event.clear()
