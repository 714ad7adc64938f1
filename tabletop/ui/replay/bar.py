"""The replay bar: the timeline to drag, the step and jump buttons, the seat to look as, the bookmarks, play on.

Three rows under the top bar while a replay is open (the table gives up their height): a pygame-gui horizontal
slider over the whole game with where it stands; the buttons (start, back, play/pause, forward, end, and back and
forth by turn, by step of the rules and by broken rule); who looks (any seat or a spectator), the bookmarks to jump
to, a name and Mark to set one (Rename where one stands: the name typed replaces its name), Delete to remove the
one where the replay stands, and Play from here.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIHorizontalSlider,
    UILabel,
    UIPanel,
    UITextEntryLine,
)

__all__ = ["BAR_ROWS", "ReplayBar", "bar_rows_height"]

ROW = 32
BAR_ROWS = 3
#: (key, label, tip) of the buttons of the middle row
BUTTONS = (
    ("start", "|<", "The start (Home)"), ("back", "<", "A step back (Left)"), ("play", "Play", "Play (Space)"),
    ("fwd", ">", "A step forward (Right)"), ("end", ">|", "The end (End)"),
    ("turn-", "<Turn", "The turn before (Shift+Left)"), ("turn+", "Turn>", "The next turn (Shift+Right)"),
    ("step-", "<Step", "The step (phase) before (Alt+Left)"), ("step+", "Step>", "The next step (Alt+Right)"),
    ("rule-", "<Rule", "The broken rule before (Ctrl+Left)"), ("rule+", "Rule>", "The next broken rule (Ctrl+Right)"),
    ("slower", "-", "Slower (-)"), ("faster", "+", "Faster (+)"),
)


def bar_rows_height() -> int:
    return BAR_ROWS * ROW + 6


class ReplayBar:
    """The widgets of the replay bar; `handle` turns a widget event into a command name and its argument."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, length: int, point: int,
                 seats: list[tuple[str, int | None]], seat: int | None, bookmarks: dict[int, str]) -> None:
        self.manager = manager
        self.rect = rect
        self.length = length
        self.panel = UIPanel(rect, starting_height=1, manager=manager, object_id="#replay_bar")
        w = rect.w - 12
        self.slider = UIHorizontalSlider(pygame.Rect(4, 2, w - 150, ROW - 4), point, (0, max(1, length)), manager,
                                         container=self.panel, click_increment=1)
        self.where = UILabel(pygame.Rect(w - 142, 2, 142, ROW - 4), "", manager, container=self.panel)
        self.buttons: dict[str, UIButton] = {}
        bw = max(30, min(56, (w - 4) // len(BUTTONS) - 2))
        for i, (key, label, tip) in enumerate(BUTTONS):
            self.buttons[key] = UIButton(pygame.Rect(4 + i * (bw + 2), ROW + 1, bw, ROW - 4), label, manager,
                                         container=self.panel, tool_tip_text=tip)
        self.seats = seats
        names = [name for name, _ in seats]
        current = next((name for name, s in seats if s == seat), names[0])
        third = 2 * ROW
        narrow = w < 700
        seat_w = 92 if narrow else 130
        # the menus stand on the window, not in the panel: a list opened in the panel would be cut at its edge
        self.seat_menu = UIDropDownMenu(names, current, self._at(4, third, seat_w), manager,
                                        expand_on_option_click=True)
        self.bookmarks: list[tuple[str, int]] = []
        self.mark_menu: UIDropDownMenu | None = None
        name_w, branch_w, mark_w, del_w = (84, 76, 62, 56) if narrow else (140, 138, 66, 60)
        right = w - branch_w - 4 - del_w - 4 - mark_w - 4 - name_w
        self.name = UITextEntryLine(pygame.Rect(right, third, name_w, ROW - 4), manager, container=self.panel,
                                    placeholder_text="bookmark name")
        self.name.set_text_length_limit(80)
        self.mark = UIButton(pygame.Rect(right + name_w + 4, third, mark_w, ROW - 4), "Mark", manager,
                             container=self.panel, tool_tip_text="Name this point (B): kept in the save")
        self.delete = UIButton(pygame.Rect(w - branch_w - 4 - del_w, third, del_w, ROW - 4), "Delete", manager,
                               container=self.panel, tool_tip_text="Delete the bookmark at this point (Delete)")
        self.branch = UIButton(pygame.Rect(w - branch_w, third, branch_w, ROW - 4),
                               "Play on" if narrow else "Play from here", manager, container=self.panel,
                               tool_tip_text="A new game from this point (Enter)")
        self._mark_rect = self._at(seat_w + 8, third, max(60, right - seat_w - 12))
        self.set_bookmarks(bookmarks)
        self.sync(point, False, 1.0)

    def _at(self, x: int, y: int, w: int) -> pygame.Rect:
        """A rect at (x, y) of the panel, in window coordinates."""
        return pygame.Rect(self.rect.x + 3 + x, self.rect.y + 3 + y, w, ROW - 4)

    def set_bookmarks(self, bookmarks: dict[int, str]) -> None:
        """Rebuild the bookmarks menu (a point each, in order)."""
        if self.mark_menu is not None:
            self.mark_menu.kill()
        self.bookmarks = [(f"{p} · {name}", p) for p, name in sorted(bookmarks.items())]
        labels = [label for label, _ in self.bookmarks] or ["no bookmarks"]
        title = "Bookmarks…"
        self.mark_menu = UIDropDownMenu([title, *labels], title, self._mark_rect, self.manager,
                                        expand_on_option_click=True)
        if not self.bookmarks:
            self.mark_menu.disable()

    def sync(self, point: int, playing: bool, speed: float, marked: bool = False) -> None:
        """Show where the replay stands (the slider moves with the keys and the playing too); `marked`: a bookmark
        stands at this point (Mark renames it, Delete removes it)."""
        word = "Rename" if marked else "Mark"
        if self.mark.text != word:
            self.mark.set_text(word)
            self.mark.set_tooltip("A new name for this point's bookmark (B): the name typed" if marked
                                  else "Name this point (B): kept in the save")
        if marked != self.delete.is_enabled:
            self.delete.enable() if marked else self.delete.disable()
        if int(self.slider.get_current_value()) != point:
            self.slider.set_current_value(point, warn=False)
        self.where.set_text(f"{point} / {self.length} · ×{speed:g}")
        label = "Pause" if playing else "Play"
        if self.buttons["play"].text != label:
            self.buttons["play"].set_text(label)

    def handle(self, event: pygame.event.Event) -> tuple[str, Any] | None:
        """The command a widget event asks for: ("goto", point), ("button", key), ("seat", seat), ("mark", name),
        ("unmark", None), ("branch", None); None when the event is not the bar's."""
        el = getattr(event, "ui_element", None)
        et = event.type
        if et == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and el is self.slider:
            return "goto", int(event.value)
        if et == pygame_gui.UI_BUTTON_PRESSED:
            if el is self.mark:
                return "mark", self.name.get_text()
            if el is self.delete:
                return "unmark", None
            if el is self.branch:
                return "branch", None
            key = next((k for k, b in self.buttons.items() if b is el), None)
            return ("button", key) if key is not None else None
        if et == pygame_gui.UI_TEXT_ENTRY_FINISHED and el is self.name:
            return "mark", self.name.get_text()
        if et == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if el is self.seat_menu:
                return "seat", next(s for name, s in self.seats if name == event.text)
            if el is self.mark_menu:
                point = next((p for label, p in self.bookmarks if label == event.text), None)
                return ("goto", point) if point is not None else None
        return None

    def kill(self) -> None:
        for element in (self.seat_menu, self.mark_menu, self.panel):
            if element is not None:
                element.kill()

