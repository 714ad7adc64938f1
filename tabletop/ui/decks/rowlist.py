"""A selection list that keeps its row widgets when its rows change, so a search answers a keystroke in a frame.

pygame-gui's `UISelectionList.set_item_list` kills every row button and builds new ones, about 2 ms a row: a
browser showing 35 rows spent some 70 ms a keystroke there. Rows of one list look the same (one object id), so
the buttons in view can take the new rows' words instead (`set_text`, about 0.3 ms a row). Whenever the list's
shape changes (a scroll bar comes or goes, which changes the rows' width) the whole list is built as pygame-gui
does.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UISelectionList

__all__ = ["RowList"]

_ROW_ID = "#item_list_item"


class RowList(UISelectionList):
    """A `UISelectionList` of plain-text rows whose `set_item_list` reuses the row buttons in view."""

    def set_item_list(self, new_item_list: list[Any]) -> None:
        box = self.list_and_scroll_bar_container
        rows = self.item_list_container
        old = [item["button_element"] for item in self.item_list if item["button_element"] is not None]
        if box is None or rows is None or not old or not all(isinstance(t, str) for t in new_item_list):
            super().set_item_list(new_item_list)
            return
        height = self.list_item_height
        total = height * len(new_item_list)
        inner = int(box.relative_rect.height)
        if (total > inner) != (self.scroll_bar is not None):
            super().set_item_list(new_item_list)  # a scroll bar comes or goes: the rows change width
            return
        self._raw_item_list = new_item_list
        self.item_list[:] = [{"text": text, "button_element": None, "selected": False, "object_id": _ROW_ID,
                              "height": i * height} for i, text in enumerate(new_item_list)]
        self.total_height_of_list = total
        self.lowest_list_pos = total - inner
        if self.scroll_bar is not None:
            self.scroll_bar.reset_scroll_position()
            self.scroll_bar.set_visible_percentage(inner / max(total, 1))
            self.scroll_bar.start_percentage = 0
        spare = iter(old)
        for i, item in enumerate(self.item_list):
            y = i * height
            if y > rows.relative_rect.height:
                break
            button = next(spare, None)
            if button is None:
                button = self._row_button(item["text"], y)
            else:
                button.set_text(item["text"])
                button.set_relative_position((0, y))
                button.unselect()
            item["button_element"] = button
        for button in spare:
            button.kill()

    def _row_button(self, text: str, y: int) -> UIButton:
        rows = self.item_list_container
        assert rows is not None
        button = UIButton(pygame.Rect(0, y, rows.relative_rect.width, self.list_item_height), text,
                          manager=self.ui_manager, parent_element=self, container=rows,
                          object_id=ObjectID(object_id=_ROW_ID, class_id="@selection_list_item"),
                          allow_double_clicks=self.allow_double_clicks,
                          anchors={"left": "left", "right": "right", "top": "top", "bottom": "top"})
        self.join_focus_sets(button)
        return button
