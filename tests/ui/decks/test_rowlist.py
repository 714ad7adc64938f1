"""The browser's list keeps its row buttons across searches and shows exactly the rows it was given."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402

from tabletop.ui.decks.rowlist import RowList  # noqa: E402


@pytest.fixture
def manager():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((400, 300))
    yield pygame_gui.UIManager((400, 300))
    pygame.display.quit()


def _shown(rows: RowList) -> list[str]:
    return [i["button_element"].text for i in rows.item_list if i["button_element"] is not None]


def test_rows_are_reused_and_say_the_new_words(manager):
    rows = RowList(pygame.Rect(0, 0, 300, 200), [f"card {i}" for i in range(50)], manager)
    first = [i["button_element"] for i in rows.item_list if i["button_element"] is not None]
    rows.set_item_list([f"other {i}" for i in range(40)])
    again = [i["button_element"] for i in rows.item_list if i["button_element"] is not None]
    assert again == first  # the same widgets, no new ones built
    assert _shown(rows) == [f"other {i}" for i in range(len(again))]
    assert [i["text"] for i in rows.item_list] == [f"other {i}" for i in range(40)]
    assert rows.scroll_bar is not None and rows.total_height_of_list == 40 * rows.list_item_height


def test_a_short_list_drops_the_scroll_bar_and_extra_rows(manager):
    rows = RowList(pygame.Rect(0, 0, 300, 200), [f"card {i}" for i in range(50)], manager)
    rows.set_item_list(["one", "two"])
    assert _shown(rows) == ["one", "two"] and rows.scroll_bar is None
    rows.set_item_list(["three"])
    assert _shown(rows) == ["three"]
    rows.set_item_list([])
    assert _shown(rows) == [] and rows.item_list == []
