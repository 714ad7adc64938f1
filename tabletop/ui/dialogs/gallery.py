"""Look and Search as a gallery: the faces of the cards this seat may see in a deck, to filter, reorder and send.

The gallery shows only what the seat's view names (a piece of the zone with its `card`): the top N after a look,
the whole deck while searching, never a card the seat may not see. Every move it makes is an ordinary Move
through the window's one door (`submit`), so it is permission-checked, logged and undoable like a drag on the
table. Widgets are pygame-gui's: a window, a text entry and a drop-down to filter, buttons, and the faces drawn
into one image (`FaceGrid`) inside a scrolling container; the grid takes its own presses (a click selects a card,
a drag reorders it, or drops it on a button or out on the table).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIImage,
    UILabel,
    UIScrollingContainer,
    UITextEntryLine,
    UIWindow,
)

__all__ = ["ALL_TYPES", "Entry", "FaceGrid", "GalleryMoves", "GalleryWindow", "gallery_entries", "matches"]

#: the type drop-down's first option
ALL_TYPES = "All types"
#: pixels a press must travel before it is a drag
DRAG_PX = 6
PAD = 8
SHADOW = 15
LABEL_H = 18
#: the least window height that still shows a row of faces, the filter and the buttons
MIN_H = 300

#: a card the gallery may show: its place in the zone (0: top) and the seat's view of the piece
Entry = tuple[int, dict[str, Any]]


@dataclass
class GalleryMoves:
    """What the gallery's buttons and drops do, each an ordinary Move through the window's door."""

    to_index: Callable[[str, int], Any]
    to_hand: Callable[[str], Any] | None
    to_table: Callable[[str, tuple[int, int] | None], Any]


def gallery_entries(pieces: Sequence[dict[str, Any]]) -> list[Entry]:
    """The cards of a zone (as the seat's view lists them, top first) the seat may see: those its view names."""
    return [(i, p) for i, p in enumerate(pieces) if p.get("kind", "card") == "card" and p.get("card")]


def matches(card: Any, ref: str, words: str, kind: str) -> bool:
    """Whether a card passes the filter: each word starts a word of its name, type or text ("ace" finds "Ace of
    Spades", not "Space"), and the card is of the chosen type."""
    name = getattr(card, "name", "") or ref
    ctype = getattr(card, "type", "") or ""
    if kind and kind != ALL_TYPES and ctype != kind:
        return False
    hay = f"{name} {ctype} {getattr(card, 'text', '') or ''}".casefold()
    return all(re.search(r"(?<!\w)" + re.escape(w), hay) for w in words.casefold().split())


class FaceGrid(UIImage):
    """The faces, drawn into one image; a click selects a card, a drag moves it to another place, a button, or out."""

    def __init__(self, rect: pygame.Rect, manager: pygame_gui.UIManager, container: Any, gallery: GalleryWindow) -> None:
        super().__init__(rect, pygame.Surface(rect.size, pygame.SRCALPHA), manager, container=container)
        self.gallery = gallery
        self.pressed: tuple[str, tuple[int, int]] | None = None
        self.dragging = False
        self.pointer = (0, 0)

    def slot_at(self, pos: tuple[int, int]) -> int | None:
        """The shown card under a screen point, or None."""
        g = self.gallery
        x, y = pos[0] - self.rect.x - g.x0, pos[1] - self.rect.y - PAD
        if x < 0 or y < 0:
            return None
        col, row = int(x // g.cell[0]), int(y // g.cell[1])
        if col >= g.cols:
            return None
        i = row * g.cols + col
        return i if i < len(g.shown) else None

    def process_event(self, event: pygame.event.Event) -> bool:
        et = event.type
        if et == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hover_point(*event.pos):
            slot = self.slot_at(event.pos)
            if slot is None:
                return True
            pid = self.gallery.shown[slot][1]["id"]
            self.pressed, self.dragging = (pid, tuple(event.pos)), False
            self.gallery.select(pid)
            return True
        if self.pressed is None:
            return False
        if et == pygame.MOUSEMOTION:
            self.pointer = tuple(event.pos)
            start = self.pressed[1]
            if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > DRAG_PX:
                self.dragging = True
            if self.dragging:
                self.gallery.redraw()
            return True
        if et == pygame.MOUSEBUTTONUP and event.button == 1:
            pid, dragging = self.pressed[0], self.dragging
            self.pressed, self.dragging = None, False
            if dragging:
                self.gallery.drop(pid, tuple(event.pos), self.slot_at(event.pos) if self.hover_point(*event.pos)
                                  else None)
            self.gallery.redraw()
            return True
        return False


class GalleryWindow:
    """A deck's cards this seat may see, face up in a grid: filter them, drag to reorder, send them elsewhere."""

    def __init__(self, manager: pygame_gui.UIManager, screen: tuple[int, int], title: str, zone: str,
                 entries: Sequence[Entry], face: Callable[[str, int], pygame.Surface],
                 card_lookup: Callable[[str], Any], moves: GalleryMoves, on_close: Callable[[], Any] | None = None,
                 search: bool = False, table_width: int | None = None, aspect: float = 0.7,
                 floor: Callable[[], int] | None = None) -> None:
        self.zone = zone
        self.manager = manager
        self.face = face
        self.card_lookup = card_lookup
        self.moves = moves
        self.on_close = on_close
        self.search = search
        self.closed = False
        self.entries: list[Entry] = []
        self.shown: list[Entry] = []
        self.selected: str | None = None
        self.words = ""
        self.kind = ALL_TYPES
        self._key: Any = None
        self.title = title
        self.aspect = aspect
        self.table_width = table_width
        #: the y the window (and its shadow) stays above: the hand strip's top, so it cuts none of its label
        self.floor = floor
        self._build(screen, entries)

    def _build(self, screen: tuple[int, int], entries: Sequence[Entry]) -> None:
        """The window and its widgets, sized for `screen` (built again when the screen changes size)."""
        self.screen = tuple(screen)
        manager, aspect = self.manager, self.aspect
        table_width = self.table_width if self.table_width is not None else screen[0]
        area = min(table_width, screen[0])
        # pygame-gui draws a window's shadow SHADOW px around the rectangle it is given: keep that on screen too
        floor = min(screen[1], self.floor()) if self.floor is not None else screen[1]
        if floor - 44 - 2 * SHADOW < MIN_H:  # no room above the strip: the window covers its label whole instead
            floor = screen[1]
        w, h = min(screen[0] - 2 * SHADOW - 8, 880), min(floor - 44 - 2 * SHADOW, 600)
        x = max(SHADOW + 4, min((area - w) // 2, screen[0] - w - SHADOW - 4))
        self.window = UIWindow(pygame.Rect(x, 44, w, h), manager, self.title, object_id="#gallery")
        iw = self.window.get_container().get_rect().width
        ih = self.window.get_container().get_rect().height
        top, bottom = PAD + 32 + PAD, 26 + 32 + PAD
        face_h = max(96, min(180, (ih - top - bottom - 3 * PAD) // 2 - LABEL_H))
        self.cell = (round(face_h * aspect) + PAD, face_h + LABEL_H + PAD)
        self.view_w = iw - 2 * PAD - 20  # room for the scroll bar
        self.cols = max(1, (self.view_w - PAD) // self.cell[0])
        self.x0 = PAD + (self.view_w - PAD - self.cols * self.cell[0]) // 2  # the grid centred
        rows = max(1, -(-len(entries) // self.cols))
        if top + bottom + rows * self.cell[1] + 2 * PAD < ih:  # a few cards: a shorter window, the table shows
            shrink = ih - (top + bottom + rows * self.cell[1] + 2 * PAD)
            self.window.set_dimensions((self.window.rect.width, self.window.rect.height - shrink))
            ih = self.window.get_container().get_rect().height
        self._widgets(iw, ih, top)
        if self.words:
            self.filter.set_text(self.words)
        self.set_entries(entries)

    def _widgets(self, iw: int, ih: int, top: int) -> None:
        """The filter row, the grid in its scrolling container, the hint and the buttons, in a `iw` x `ih` window."""
        manager, c = self.manager, self.window
        self._key = None
        self.filter = UITextEntryLine(pygame.Rect(PAD, PAD, iw // 2 - PAD, 32), manager, container=c,
                                      placeholder_text="Filter: name, type or text")
        self.types: UIDropDownMenu | None = None
        self._types: list[str] = []
        self._type_rect = pygame.Rect(iw // 2 + PAD, PAD, min(200, iw // 4), 32)
        self.count = UILabel(pygame.Rect(self._type_rect.right + PAD, PAD, iw - self._type_rect.right - 2 * PAD, 32),
                             "", manager, container=c)
        bar_y = ih - 32 - PAD
        hint = ("Top first. Click a card, then a button; or drag it to another place, onto a button, or out onto "
                "the table." if iw >= 800 else "Click a card, then a button; or drag it to a place or a button.")
        self.hint = UILabel(pygame.Rect(PAD, bar_y - 22, iw - 2 * PAD, 20), hint, manager, container=c)
        self.scroll = UIScrollingContainer(pygame.Rect(PAD, top, iw - 2 * PAD, bar_y - 26 - top), manager,
                                           container=c, allow_scroll_x=False)
        self.grid = FaceGrid(pygame.Rect(0, 0, self.view_w, self.scroll.rect.height), manager,
                             self.scroll, self)
        self.empty = UILabel(pygame.Rect(PAD, top + 40, iw - 2 * PAD, 24), "", manager, container=c)
        labels = [("top", "To top"), ("bottom", "To bottom"), ("hand", "To hand"), ("table", "To table"),
                  ("done", "Done (shuffles)" if self.search else "Done")]
        if self.moves.to_hand is None:
            labels = [lb for lb in labels if lb[0] != "hand"]
        bw = (iw - PAD * (len(labels) + 1)) // len(labels)
        self.buttons: dict[UIButton, str] = {}
        for i, (key, text) in enumerate(labels):
            b = UIButton(pygame.Rect(PAD + i * (bw + PAD), bar_y, bw, 32), text, manager, container=c)
            self.buttons[b] = key

    def relayout(self, screen: tuple[int, int]) -> None:
        """The window again at the new screen size, with its filter, type and selection kept."""
        old = self.window
        entries = self.entries
        self._build(screen, entries)
        old.kill()

    def button(self, key: str) -> UIButton | None:
        """The button doing `key` (top, bottom, hand, table, done)."""
        return next((b for b, k in self.buttons.items() if k == key), None)

    def slot_center(self, n: int) -> tuple[int, int]:
        """Where on the screen the n-th shown card is (for scripts and tests)."""
        r = self.grid.rect
        col, row = n % self.cols, n // self.cols
        return (r.x + self.x0 + col * self.cell[0] + (self.cell[0] - PAD) // 2, r.y + PAD + row * self.cell[1]
                + self.cell[1] // 3)

    def hovered(self, pos: tuple[int, int]) -> dict[str, Any] | None:
        """The card under the pointer (the side panel previews it), or None."""
        if self.closed or not self.grid.alive() or not self.grid.hover_point(*pos):
            return None
        slot = self.grid.slot_at(pos)
        return self.shown[slot][1] if slot is not None else None

    # -- what it shows --

    def set_entries(self, entries: Sequence[Entry]) -> None:
        """The cards as the view lists them now (after a move, an undo, another seat's draw); redrawn if changed."""
        if tuple(self.manager.window_resolution) != self.screen and not self.closed:
            self.relayout(tuple(self.manager.window_resolution))
            return
        key = tuple((i, p.get("id"), p.get("card")) for i, p in entries)
        if key == self._key:
            return
        self._key = key
        self.entries = list(entries)
        if self.selected is not None and all(p.get("id") != self.selected for _, p in self.entries):
            self.selected = None
        self._update_types()
        self._refilter()

    def _update_types(self) -> None:
        types = sorted({getattr(self.card_lookup(p["card"]), "type", "") or "" for _, p in self.entries} - {""})
        if types == self._types and self.types is not None:
            return
        self._types = types
        if self.kind not in types:
            self.kind = ALL_TYPES
        if self.types is not None:
            self.types.kill()
        self.types = UIDropDownMenu([ALL_TYPES, *types], self.kind, self._type_rect, self.manager,
                                    container=self.window)

    def _refilter(self) -> None:
        self.shown = [(i, p) for i, p in self.entries
                      if matches(self.card_lookup(p["card"]), p["card"], self.words, self.kind)]
        total = len(self.entries)
        self.count.set_text(f"{len(self.shown)} of {total} cards" if len(self.shown) != total else
                            f"{total} card{'' if total == 1 else 's'}")
        self.empty.set_text("" if self.shown else ("No card matches the filter" if self.entries
                                                    else "No card here that you may see"))
        rows = max(1, -(-len(self.shown) // self.cols))
        height = max(self.scroll.rect.height - 4, PAD + rows * self.cell[1])
        if self.grid.rect.height != height:
            self.grid.set_dimensions((self.view_w, height))
            self.scroll.set_scrollable_area_dimensions((self.view_w, height))
        self.redraw()

    def redraw(self) -> None:
        surf = pygame.Surface(self.grid.rect.size, pygame.SRCALPHA)
        fw, fh = self.cell[0] - PAD, self.cell[1] - PAD - LABEL_H
        font = pygame.font.Font(None, 18)
        drag = self.grid.pressed[0] if self.grid.dragging and self.grid.pressed else None
        target = self.grid.slot_at(self.grid.pointer) if drag is not None else None
        for n, (i, p) in enumerate(self.shown):
            x, y = self.x0 + (n % self.cols) * self.cell[0], PAD + (n // self.cols) * self.cell[1]
            img = self.face(p["card"], fh)
            if p["id"] == drag:
                img = img.copy()
                img.set_alpha(90)
            surf.blit(img, (x, y))
            if p["id"] == self.selected:
                pygame.draw.rect(surf, (255, 212, 80), (x - 3, y - 3, fw + 6, fh + 6), 3, border_radius=6)
            if n == target and p["id"] != drag:
                pygame.draw.rect(surf, (120, 200, 255), (x - 4, y - 3, 4, fh + 6))
            where = "top" if i == 0 else f"#{i + 1}"
            label = font.render(where, True, (200, 208, 214))
            surf.blit(label, (x + (fw - label.get_width()) // 2, y + fh + 3))
        if drag is not None:
            entry = next((p for _, p in self.shown if p["id"] == drag), None)
            if entry is not None:
                img = self.face(entry["card"], fh)
                px, py = self.grid.pointer[0] - self.grid.rect.x, self.grid.pointer[1] - self.grid.rect.y
                surf.blit(img, (px - fw // 2, py - fh // 2))
        self.grid.set_image(surf)

    # -- what it does --

    def select(self, pid: str | None) -> None:
        self.selected = pid
        self.redraw()

    def _index_of(self, pid: str) -> int | None:
        return next((i for i, p in self.entries if p.get("id") == pid), None)

    def act(self, key: str, pid: str | None, at: tuple[int, int] | None = None) -> bool:
        """A button (or a card dropped on it): `top`, `bottom`, `hand`, `table`, `done`; whether it did something."""
        if key == "done":
            self.close()
            return True
        if pid is None or self._index_of(pid) is None:
            return False
        if key == "top":
            self.moves.to_index(pid, 0)
        elif key == "bottom":
            self.moves.to_index(pid, 1 << 30)  # the engine puts it last
        elif key == "hand" and self.moves.to_hand is not None:
            self.moves.to_hand(pid)
        elif key == "table":
            self.moves.to_table(pid, at)
        else:
            return False
        return True

    def drop(self, pid: str, pos: tuple[int, int], slot: int | None) -> None:
        """A card let go of: on another card (takes its place), on a button (does it), outside (onto the table)."""
        for b, key in self.buttons.items():
            if b.get_abs_rect().collidepoint(pos):
                self.act(key, pid)
                return
        if slot is not None:
            dest = self.shown[slot][0]
            if dest != self._index_of(pid):
                self.moves.to_index(pid, dest)
            return
        if not self.window.get_abs_rect().collidepoint(pos):
            self.moves.to_table(pid, pos)

    def handle(self, event: pygame.event.Event) -> bool:
        """A widget event: the filter, the type, a button, the window's close; whether it was the gallery's."""
        el = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = self.buttons.get(el)
            if key is None:
                return False
            self.act(key, self.selected)
            return True
        if event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED) and el is self.filter:
            self.words = self.filter.get_text()
            self._refilter()
            if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
                self.filter.unfocus()
                self.manager.set_focus_set(None)
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and el is self.types:
            self.kind = event.text
            self._refilter()
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and el is self.window:
            self.close()
            return True
        return False

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.window.alive():
            self.window.kill()
        if self.on_close is not None:
            self.on_close()
