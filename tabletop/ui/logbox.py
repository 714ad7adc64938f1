"""The side panel's log box: a pygame-gui text box whose appended lines cost what they draw, not the whole box.

pygame-gui's `UITextBox.append_html_text` lays out only the new text, but when the new rows make its text taller
(every appended line does) it renders every row of the box again onto a new surface: ~0.3 ms a row, so a log of
60 rows cost ~10-15 ms in the frame of every action. Here the taller surface takes a copy of the rows already
rendered and only the new rows (and the last old row, which the new text may continue) are rendered: pixel for
pixel what pygame-gui's full re-render draws. Everything else (parsing, wrapping, scrolling) stays pygame-gui's.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.core.text.text_box_layout import TextBoxLayout
from pygame_gui.elements import UITextBox

__all__ = ["LogBox"]


class _GrowingLayout(TextBoxLayout):
    """A text layout whose appends keep the pixels of the rows above them when the text grows taller."""

    def append_layout_rects(self, new_queue: Any) -> None:
        old = self.finalised_surface
        last_row = self.layout_rows[-1]
        if old is None or self.floating_rects or self.current_end_pos != self.letter_count:
            super().append_layout_rects(new_queue)  # floating images or a typing effect: pygame-gui's own way
            return
        self._process_layout_queue(new_queue, last_row)
        size = (self.layout_rect.width + self.edit_buffer, self.layout_rect.height)
        if size != old.get_size():
            if size[0] != old.get_width() or size[1] < old.get_height():
                self.finalise_to_new()
                return
            grown = pygame.Surface(size, flags=pygame.SRCALPHA, depth=32)
            grown.fill((0, 0, 0, 0))
            # an exact copy of the old pixels (alpha included): added onto a transparent surface
            grown.blit(old, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
            self.finalised_surface = grown
        surf = self.finalised_surface
        # the last old row is drawn again (the new text may continue it): cleared first, so its text is not drawn
        # twice over itself (antialiased edges would darken)
        surf.fill((0, 0, 0, 0), pygame.Rect(0, last_row.top, surf.get_width(), surf.get_height() - last_row.top))
        for row in self.layout_rows[last_row.row_index:]:
            row.finalise(surf)


class LogBox(UITextBox):
    """A `UITextBox` for a log that grows at the bottom (`append_html_text`) without re-rendering its old rows."""

    def parse_html_into_style_data(self) -> None:
        super().parse_html_into_style_data()
        layout = self.text_box_layout
        if layout is not None and type(layout) is TextBoxLayout:
            layout.__class__ = _GrowingLayout
