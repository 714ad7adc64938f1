"""F1 help: its two columns balanced by height, so every shortcut shows at 1280x800 with no scroll bar (the left
column used to need one, "G Physics on / off" below its fold, while the right one had room to spare); at 800x600
the columns scroll."""

from __future__ import annotations

import pygame
import pytest

from tabletop.game import quick_table
from tabletop.ui import TableApp
from tabletop.ui.dialogs.widgets import HelpOverlay, balance_columns
from tabletop.ui.input.shortcuts import SHORTCUTS


def test_balance_puts_the_parts_where_the_taller_column_is_shortest():
    assert balance_columns([10, 5, 5, 10]) in ([[0, 1], [2, 3]], [[0, 2], [1, 3]])
    assert balance_columns([10, 3, 6]) == [[0], [1, 2]]


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000), (800, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_help_shows_every_shortcut(size):
    app = TableApp(quick_table(seed=7), seat=0, size=size, fps=0)
    try:
        app.run_frames(2)
        app.toggle_help()
        app.run_frames(2)
        help_ = app.help
        assert isinstance(help_, HelpOverlay)
        text = " ".join(b.html_text for b in help_.boxes)
        for _g, _k, d in SHORTCUTS:
            assert d.split(" (")[0].replace("'", "&#x27;") in text or d.split(" (")[0] in text, d
        screen = pygame.Rect(0, 0, *size)
        assert screen.contains(help_.panel.get_abs_rect())
        heights = [b.text_box_layout.layout_rect.height for b in help_.boxes]
        if size[1] >= 800:
            for b in help_.boxes:
                assert b.scroll_bar is None, f"{size}: a help column needs a scroll bar ({heights}, box {b.rect.h})"
        for b in help_.boxes:  # a column that scrolls ends on a whole line (none cut by its bottom edge)
            layout = b.text_box_layout
            pitch = layout.layout_rows[1].y - layout.layout_rows[0].y
            assert (layout.view_rect.h - layout.layout_rows[0].height) % pitch == 0, (size, layout.view_rect)
        # the columns are balanced: neither is more than a group's height taller than the other
        assert abs(heights[0] - heights[1]) < 260, heights
    finally:
        pygame.event.clear()
