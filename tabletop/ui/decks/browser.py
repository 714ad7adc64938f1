"""The card browser: every loaded card, found by words, type and set, sorted by name, type or cost.

A search runs on every keystroke, so the list shows at most `SHOWN` rows (pygame-gui builds a widget only for the
rows in view) and the words are matched by the card index in `tabletop.cards.search`, built once per library.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel, UITextEntryLine

from .cardsearch import SORTS, CardFinder
from .rowlist import RowList

if TYPE_CHECKING:
    from ...cards import CardDef, CardLibrary

__all__ = ["ANY", "CardBrowser"]

ANY = "Any type"
ANY_SET = "Any set"
#: Most rows the list holds: a search that finds more says how many it found (the first ones are shown).
SHOWN = 500


class CardBrowser:
    """A search line, type/set/sort menus and the list of cards found; the editor asks it which card is picked."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, library: CardLibrary) -> None:
        self.manager = manager
        self.rect = rect
        self.finder = CardFinder(library)
        x, y, w, h = rect
        self.search = UITextEntryLine(pygame.Rect(x, y, w, 32), manager, object_id="#card_search",
                                      placeholder_text="Search (Ctrl+F): words, type:Agent, cost<=2, health>=3"
                                      if w >= 380 else "Search (Ctrl+F): words, type:, cost<=")
        third = (w - 12) // 3
        types = [ANY, *self.finder.types()]
        sets = [ANY_SET, *self.finder.sets()]
        self.type_menu = UIDropDownMenu(types, ANY, pygame.Rect(x, y + 38, third, 30), manager)
        self.set_menu = UIDropDownMenu(sets, ANY_SET, pygame.Rect(x + third + 6, y + 38, third, 30), manager)
        self.sort_menu = UIDropDownMenu(list(SORTS), SORTS[0],
                                        pygame.Rect(x + 2 * third + 12, y + 38, w - 2 * third - 12, 30), manager)
        self.found_label = UILabel(pygame.Rect(x, y + 72, w, 20), "", manager, object_id="#found_label")
        self.list = RowList(pygame.Rect(x, y + 94, w, h - 94), [], manager, object_id="#card_list")
        self.cards: list[CardDef] = []
        self._texts: list[str] = []
        self._query: tuple[Any, ...] = ()
        self.refresh()

    # ------------------------------------------------------------------ searching

    def query(self) -> tuple[str, str | None, str | None, str]:
        kind = self.type_menu.selected_option
        kind = kind[0] if isinstance(kind, tuple) else kind
        set_name = self.set_menu.selected_option
        set_name = set_name[0] if isinstance(set_name, tuple) else set_name
        sort = self.sort_menu.selected_option
        sort = sort[0] if isinstance(sort, tuple) else sort
        return (self.search.get_text(), None if kind == ANY else kind, None if set_name == ANY_SET else set_name,
                sort)

    def refresh(self, force: bool = False) -> None:
        """Run the search again when what it asks changed (every keystroke, a menu pick)."""
        q = self.query()
        if q == self._query and not force:
            return
        self._query = q
        text, kind, set_name, sort = q
        found = self.finder.find(text, kind=kind, set_name=set_name, sort=sort)
        self.cards = found[:SHOWN]
        self._texts = [self.finder.row(c) for c in self.cards]
        self.list.set_item_list(self._texts)
        more = f", the first {SHOWN} shown" if len(found) > SHOWN else ""
        said = f"Cannot read the search: {self.finder.problem}" if self.finder.problem else \
            f"{len(found)} card{'s' if len(found) != 1 else ''} found{more}"
        self.found_label.set_text(said)

    # ------------------------------------------------------------------ picking

    def selected(self) -> CardDef | None:
        return self.card_of_text(self.list.get_single_selection(include_object_id=False))

    def card_of_text(self, text: Any) -> CardDef | None:
        if not isinstance(text, str):
            return None
        try:
            return self.cards[self._texts.index(text)]
        except ValueError:
            return None

    def card_at(self, pos: tuple[int, int]) -> CardDef | None:
        """The card of the row under a point (for the preview under the cursor and dragging into the deck)."""
        if not self.list.get_abs_rect().collidepoint(pos):
            return None
        for i, item in enumerate(self.list.item_list):
            el = item.get("button_element")
            if el is not None and el.get_abs_rect().collidepoint(pos):
                return self.cards[i]
        return None

    def focus_search(self) -> None:
        self.manager.set_focus_set(self.search)

    def typing(self) -> bool:
        return self.search.is_focused

    def elements(self) -> Sequence[Any]:
        return (self.search, self.type_menu, self.set_menu, self.sort_menu, self.found_label, self.list)

    def kill(self) -> None:
        for el in self.elements():
            el.kill()
