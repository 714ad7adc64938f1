"""The side panel's text boxes that change after every action, kept to the cost of what changed.

LogBox: a pygame-gui text box whose appended lines cost what they draw, not the whole box.
pygame-gui's `UITextBox.append_html_text` lays out only the new text, but when the new rows make its text taller
(every appended line does) it renders every row of the box again onto a new surface: ~0.3 ms a row, so a log of
60 rows cost ~10-15 ms in the frame of every action. Here the taller surface takes a copy of the rows already
rendered and only the new rows (and the last old row, which the new text may continue) are rendered: pixel for
pixel what pygame-gui's full re-render draws. Everything else (parsing, wrapping, scrolling) stays pygame-gui's,
but for where the scroll bar's end leads: see `LogBox.update`.
"""

from __future__ import annotations

import html
from typing import Any

import pygame
from pygame_gui.core.text.html_parser import HTMLParser
from pygame_gui.core.text.text_box_layout import TextBoxLayout
from pygame_gui.elements import UITextBox, ui_text_box

__all__ = ["LogBox", "StatusBox", "WrapBox"]


class _WholeBreaks(TextBoxLayout):
    """A text layout where a line that fills its row to the edge ends there: pygame-gui puts the line break after
    it (a few pixels wide) on a row of its own when it does not fit beside the text, an empty line in the box."""

    def _handle_line_break_rect(self, current_row: Any, line_break: Any) -> Any:
        over = line_break.right - self.layout_rect.right
        if over > 0 and current_row.items and line_break.width >= over:
            line_break.width -= over  # it draws nothing: narrowed, it fits at the row's end
        return super()._handle_line_break_rect(current_row, line_break)


class WrapBox(UITextBox):
    """A `UITextBox` laid out by `layout_class` (no empty line after a line that fills its row)."""

    layout_class: type[TextBoxLayout] = _WholeBreaks

    def parse_html_into_style_data(self) -> None:
        # pygame-gui builds the layout by the name its module imported: that name is this box's class for the call
        saved = ui_text_box.TextBoxLayout
        ui_text_box.TextBoxLayout = self.layout_class
        try:
            super().parse_html_into_style_data()
        finally:
            ui_text_box.TextBoxLayout = saved


class _GrowingLayout(_WholeBreaks):
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


class LogBox(WrapBox):
    """A `UITextBox` for a log that grows at the bottom (`append_html_text`) without re-rendering its old rows."""

    layout_class = _GrowingLayout

    def update(self, time_delta: float) -> None:
        """pygame-gui's update, with the text shown from where the slider stands along the track it can travel.

        pygame-gui shows the text from `start_percentage`, the slider's top over the track's length; but the slider is
        never shorter than 5 px, so in a short box over a long log the slider's lowest place stops short of the text's
        end (a log 60 rows long in a box two rows high left its last 3-4 rows out of reach: new lines never showed).
        Here the slider at the end of its travel shows the text's last row, wherever the track is too short."""
        bar, layout = self.scroll_bar, self.text_box_layout
        if bar is None or layout is None or self.text_wrap_rect is None:
            super().update(time_delta)
            return
        raw = bar.start_percentage
        bar.start_percentage = self.view_fraction()
        try:
            super().update(time_delta)
        finally:
            bar.start_percentage = raw
        self._at_end = self._showing_end()

    def _showing_end(self) -> bool:
        """Whether the view shows the text's last row (the slider at the end of its travel, or no bar at all)."""
        bar = self.scroll_bar
        if bar is None or bar.sliding_button is None:
            return True
        travel = bar.scrollable_height - bar.sliding_button.relative_rect.height
        return travel <= 0 or bar.scroll_position >= travel - 1

    def rebuild(self) -> None:
        """pygame-gui's rebuild, after which a log that showed its newest row shows it again.

        Why: a resized box (the legal-move list folding away gives the log its room) is rebuilt a few frames later
        with a new scroll bar at the top: the log jumped back to line 1 whenever the reader's seat had no move."""
        at_end = getattr(self, "_at_end", True)
        super().rebuild()
        if at_end and self.scroll_bar is not None:
            self.scroll_bar.set_scroll_from_start_percentage(1.0)

    def view_fraction(self) -> float:
        """The part of the text's height above the box's view: 0 with the slider at its top, and the text's height
        less the view's at the slider's lowest place (a track too short to travel shows the end: a log's news)."""
        bar, layout = self.scroll_bar, self.text_box_layout
        if bar is None or layout is None or self.text_wrap_rect is None or layout.layout_rect.height <= 0:
            return 0.0
        most = max(0.0, 1.0 - self.text_wrap_rect[3] / layout.layout_rect.height)
        slider = bar.sliding_button.relative_rect.height if bar.sliding_button is not None else 0
        travel = bar.scrollable_height - slider
        if travel <= 0:
            return most
        return most * min(1.0, max(0.0, bar.scroll_position / travel))


class StatusBox(WrapBox):
    """A `UITextBox` whose new text, when as surely too tall as the old, is laid out once beside the scroll bar it has."""

    def set_text(self, html_text: str, *, text_kwargs: dict[str, str] | None = None) -> None:
        bar, layout = self.scroll_bar, self.text_box_layout
        if (bar is None or layout is None or text_kwargs or self.dynamic_height or self.dynamic_width
                or self.plain_text_display_only or not layout.layout_rows):
            super().set_text(html_text, text_kwargs=text_kwargs)
            return
        old = (self.html_text, self.text_kwargs, self.appended_text, self.parser, layout)
        self.html_text = html.unescape(html_text) if self.should_html_unescape_input_text else html_text
        self.text_kwargs = {}
        self.appended_text = ""
        self.parser = HTMLParser(self.ui_theme, self.combined_element_ids, self.link_style,
                                 line_spacing=self.line_spacing,
                                 text_direction=self.font_dict.get_default_font().get_direction())
        # self.text_wrap_rect is the width beside the scroll bar: what pygame-gui's second layout uses
        self.parse_html_into_style_data()
        new = self.text_box_layout
        wrap_h = self.text_wrap_rect[3]
        if new is None or not new.layout_rows or not self._too_tall_at_full_width(new, wrap_h):
            # it may fit without a scroll bar: pygame-gui's own way decides (it lays the text out afresh)
            self.html_text, self.text_kwargs, self.appended_text, self.parser, self.text_box_layout = old
            super().set_text(html_text, text_kwargs=text_kwargs)
            return
        bar.reset_scroll_position()
        bar.set_visible_percentage(wrap_h / new.layout_rect.height)
        full_w = self.text_wrap_rect[2] + self.scroll_bar_width
        self._setup_final_text_box_image(pygame.Rect((0, 0), (full_w, wrap_h)))
        self.link_hover_chunks = []
        new.add_chunks_to_hover_group(self.link_hover_chunks)

    def _too_tall_at_full_width(self, layout: TextBoxLayout, wrap_h: int) -> bool:
        """Whether the text is too tall for the box even without the scroll bar: at any width each of its lines
        takes at least one row, and no row is lower than the lowest row laid out here."""
        text = self.html_text
        lines = text.count("<br>") + text.count("\n") + 1
        lowest = min(row.height for row in layout.layout_rows)
        return layout.layout_rect.height > wrap_h and lines * lowest > wrap_h
