"""The deck editor room: the card browser beside the deck, a large preview, files, and the way into a game.

It lives in the table window (the start screen's Decks button, `tabletop decks`) and shares its pygame-gui
manager and theme. The window hands it every event while it is open; it draws the preview and the dragged card,
and pygame-gui draws its widgets. What the deck is lives in a `DeckDraft`; the panels are redrawn from it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine

from ...rules import get_ruleset_class
from .browser import CardBrowser
from .deckpanel import DeckPanel
from .draft import SIDEBOARD, DeckDraft
from .files import DeckFiles
from .layout import MARGIN, editor_layout

if TYPE_CHECKING:
    from ...cards import CardDef, CardLibrary, DeckList

__all__ = ["NO_RULESET", "DeckEditor"]

NO_RULESET = "no ruleset"
_DRAG_PX = 6
_TOOLS = (
    ("new", "New", "A new, empty deck (Ctrl+N)"),
    ("open", "Open…", "Open a deck list: ours, GCCG .deck, Cockatrice .cod, OCTGN .o8d or a text list (Ctrl+O)"),
    ("save", "Save", "Save the deck list (Ctrl+S)"),
    ("export", "Export…", "Write the deck as a text list, a Cockatrice .cod or a GCCG .deck"),
    ("undo", "Undo", "Ctrl+Z"),
    ("redo", "Redo", "Ctrl+Y"),
    ("play", "Play", "Play with this deck: New game with it chosen for seat 1"),
    ("close", "Close", "Back to {back} (Escape)"),
)

PlayHook = Callable[["DeckList", str | None], None]


class DeckEditor:
    """One open deck: a browser of every loaded card, the deck's sections, its problems, counts and files."""

    def __init__(self, manager: pygame_gui.UIManager, size: tuple[int, int], library: CardLibrary, assets: Any,
                 *, ruleset: str | None = None, deck: DeckList | None = None, rulesets: list[str] | None = None,
                 on_play: PlayHook | None = None, on_close: Callable[[], None] | None = None,
                 back: str = "the start screen") -> None:
        #: where Close goes ("the start screen", or "the game" the editor was opened over)
        self.back = back
        self.manager = manager
        self.size = size
        self.library = library
        self.assets = assets
        self.on_play = on_play
        self.on_close = on_close
        self.rulesets = rulesets or []
        name = ruleset or (deck.ruleset if deck is not None else "") or None
        rs = self._ruleset(name)
        self.draft = DeckDraft.from_decklist(deck, library, rs) if deck is not None else DeckDraft(library, rs)
        self.layout = editor_layout(size)
        self.files = DeckFiles(self)
        self.notice = ""
        self.open = True
        self._build()
        self.hover: CardDef | None = None
        self.picked: CardDef | None = None
        self.press: tuple[tuple[int, int], str, Any] | None = None  # where, "browser" | "deck", the card or row
        self.dragging = False
        self.pointer = (0, 0)
        self.panel.refresh(self.draft)

    def _ruleset(self, name: str | None) -> Any:
        if not name or name == NO_RULESET:
            return None
        rs = get_ruleset_class(name)()
        rs.library = self.library
        return rs

    def _build(self) -> None:
        lay, m = self.layout, self.manager
        x = MARGIN
        self.name_entry = UITextEntryLine(pygame.Rect(x, 6, 170, 30), m, initial_text=self.draft.name,
                                          object_id="#deck_name")
        x += 176
        options = [NO_RULESET, *self.rulesets]
        current = getattr(self.draft.ruleset, "name", None) or NO_RULESET
        if current not in options:
            options.append(current)
        self.ruleset_menu = UIDropDownMenu(options, current, pygame.Rect(x, 6, 130, 30), m)
        x += 136
        bw = max(52, (lay.toolbar.w - x - MARGIN) // len(_TOOLS) - 4)
        self.tools: dict[str, UIButton] = {}
        for key, label, tip in _TOOLS:
            self.tools[key] = UIButton(pygame.Rect(x, 6, bw, 30), label, m, tool_tip_text=tip.format(back=self.back))
            x += bw + 4
        self.browser = CardBrowser(m, lay.browser, self.library)
        self.panel = DeckPanel(m, lay.deck, self.library)

    # ------------------------------------------------------------------ the verbs

    def add(self, card: CardDef | None, section: str | None = None) -> None:
        if card is None:
            return
        where = self.draft.add(card.ref, section)
        self.picked = card
        self._changed((where, card.ref))

    def remove(self, row: tuple[str, str | None] | None) -> None:
        if row is None or row[1] is None:
            return
        self.draft.remove(row[1], row[0])
        self._changed(row if self.draft.copies(row[1], row[0]) else None)

    def to_sideboard(self, row: tuple[str, str | None] | None) -> None:
        if row is None or row[1] is None:
            return
        section, ref = row
        dst = self.draft.section_for(self.library.get(ref)) if section == SIDEBOARD else SIDEBOARD
        self.draft.move(ref, section, dst)
        self._changed((dst, ref))

    def move_to(self, row: tuple[str, str | None] | None, dst: str) -> None:
        if row is not None and row[1] is not None and self.draft.move(row[1], row[0], dst):
            self._changed((dst, row[1]))

    def undo(self) -> None:
        if self.draft.undo():
            self._changed(None)

    def redo(self) -> None:
        if self.draft.redo():
            self._changed(None)

    def new(self) -> None:
        self.files.guard(self._new_now)

    def _new_now(self) -> None:
        self.draft = DeckDraft(self.library, self.draft.ruleset)
        self.name_entry.set_text(self.draft.name)
        self._changed(None)

    def load(self, deck: DeckList) -> None:
        """Show a deck read from a file (its ruleset chosen when the file names one)."""
        rs = self._ruleset(deck.ruleset) if deck.ruleset else self.draft.ruleset
        self.draft = DeckDraft.from_decklist(deck, self.library, rs)
        self.name_entry.set_text(self.draft.name)
        self._changed(None)

    def set_notes(self, text: str) -> None:
        """New notes for the deck (kept in its file's `description`); undone with the other edits."""
        if text != self.draft.notes:
            self.draft.set_notes(text)
            self._changed(None)

    def play(self) -> None:
        if self.on_play is not None:
            self.on_play(self.draft.to_decklist(), getattr(self.draft.ruleset, "name", None))

    def close(self) -> None:
        self.files.guard(self._close_now)

    def _close_now(self) -> None:
        self.kill()
        if self.on_close is not None:
            self.on_close()

    def _changed(self, selected: tuple[str, str | None] | None) -> None:
        self.panel.refresh(self.draft, selected)

    # ------------------------------------------------------------------ events

    def handle(self, event: pygame.event.Event, consumed: bool = False) -> bool:
        """Take one event (the window hands every event to the editor while it is open, after the widgets saw it:
        `consumed` says one took it); whether it was used."""
        if self.files.handle(event):
            return True
        if consumed and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.files.busy():
            return True
        et = event.type
        if et in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = (int(event.pos[0]), int(event.pos[1]))
            self._mouse(event)
        if et == pygame.KEYDOWN and self._key(event):
            return True
        return self._widget_event(event)

    def _widget_event(self, event: pygame.event.Event) -> bool:
        et, el = event.type, getattr(event, "ui_element", None)
        if et == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(el)
        if et == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            if el is self.browser.list:
                self.add(self.browser.card_of_text(event.text))
            elif el is self.panel.list:
                self.remove(self.panel.row_of_text(event.text))
            return True
        if et == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and el is self.browser.list:
            self.picked = self.browser.card_of_text(event.text)
        elif et == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and el is self.panel.list:
            row = self.panel.row_of_text(event.text)
            self.picked = self.library.get(row[1]) if row and row[1] else self.picked
        elif et == pygame_gui.UI_TEXT_ENTRY_FINISHED and el is self.browser.search:
            self.add(self.browser.cards[0] if self.browser.cards else None)
        elif et == pygame_gui.UI_TEXT_ENTRY_CHANGED and el is self.name_entry:
            self.draft.name = self.name_entry.get_text().strip() or "New deck"
            self.panel.refresh(self.draft)
        elif et == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and el is self.ruleset_menu:
            self.draft.set_ruleset(self._ruleset(event.text))
            self.panel.refresh(self.draft)
        return False

    def _button(self, el: Any) -> bool:
        for key, button in self.tools.items():
            if el is button:
                self.command(key)
                return True
        for key, button in self.panel.buttons.items():
            if el is button:
                self.command(key)
                return True
        return False

    def command(self, key: str) -> None:
        """A toolbar or deck-panel command by name (the buttons, the keys and scripts share them)."""
        row = self.panel.selected()
        verbs: dict[str, Callable[[], Any]] = {
            "new": self.new, "open": self.files.ask_open, "save": self.files.save, "export": self.files.ask_export,
            "undo": self.undo, "redo": self.redo, "play": self.play, "close": self.close,
            "add": lambda: self.add(self.library.get(row[1]) if row and row[1] else self.browser.selected(),
                                    row[0] if row and row[1] else None),
            "remove": lambda: self.remove(row), "side": lambda: self.to_sideboard(row),
            "section": lambda: self.files.ask_section(row), "notes": self.files.ask_notes,
        }
        verbs[key]()

    _CTRL_KEYS = {pygame.K_n: "new", pygame.K_o: "open", pygame.K_s: "save", pygame.K_z: "undo", pygame.K_y: "redo"}

    def _key(self, event: pygame.event.Event) -> bool:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if ctrl and event.key == pygame.K_f:
            self.browser.focus_search()
            return True
        if ctrl and event.key in self._CTRL_KEYS:
            self.command(self._CTRL_KEYS[event.key])
            return True
        if event.key == pygame.K_ESCAPE:
            if self.browser.typing() and self.browser.search.get_text():
                self.browser.search.set_text("")
            else:
                self.close()
            return True
        if self._typing():
            return False
        if event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.command("add")
        elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_DELETE, pygame.K_BACKSPACE):
            self.command("remove")
        else:
            return False
        return True

    def _typing(self) -> bool:
        return self.browser.typing() or self.name_entry.is_focused

    # ------------------------------------------------------------------ dragging a card into the deck and out

    def _mouse(self, event: pygame.event.Event) -> None:
        et, pos = event.type, self.pointer
        if et == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.files.busy():
            card = self.browser.card_at(pos)
            row = self.panel.row_at(pos)
            if card is not None:
                self.press = (pos, "browser", card)
            elif row is not None and row[1] is not None:
                self.press = (pos, "deck", row)
        elif et == pygame.MOUSEMOTION:
            self.hover = self.browser.card_at(pos) or self._deck_card_at(pos)
            if self.press is not None and not self.dragging:
                dx, dy = pos[0] - self.press[0][0], pos[1] - self.press[0][1]
                self.dragging = dx * dx + dy * dy >= _DRAG_PX * _DRAG_PX
        elif et == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.press is not None and self.dragging:
                self._drop(pos)
            self.press, self.dragging = None, False

    def _deck_card_at(self, pos: tuple[int, int]) -> CardDef | None:
        row = self.panel.row_at(pos)
        return self.library.get(row[1]) if row and row[1] else None

    def _drop(self, pos: tuple[int, int]) -> None:
        assert self.press is not None
        _, origin, what = self.press
        over_deck = self.panel.contains(pos)
        if origin == "browser" and over_deck:
            row = self.panel.row_at(pos)  # dropped on a section's heading or one of its cards: that section
            self.add(what, row[0] if row is not None else None)
        elif origin == "deck" and over_deck:
            row = self.panel.row_at(pos)
            if row is not None and row[0] != what[0]:
                self.move_to(what, row[0])
        elif origin == "deck":
            self.remove(what)

    # ------------------------------------------------------------------ each frame

    def update(self, dt: float) -> None:
        self.browser.refresh()
        self.files.update()

    def draw(self, surface: pygame.Surface) -> None:
        """The backdrop, the large preview of the card under the cursor (else the one picked), a dragged card."""
        surface.fill((28, 32, 38))
        card = self.hover or self.picked
        box = self.layout.preview
        pygame.draw.rect(surface, (40, 46, 54), box, border_radius=6)
        surface.set_clip(box.inflate(-8, 0))
        if card is None:
            for i, words in enumerate(("Point at a card", "to see it here")):
                hint = self.assets.text(words, 13, (150, 160, 170))
                surface.blit(hint, hint.get_rect(midtop=(box.centerx, box.y + 16 + 18 * i)))
        else:
            height = min(box.h - 40, int(box.w * 1.4) - 10)
            img = self.assets.preview(card.ref, height)
            surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + 10)))
            y = box.y + 14 + img.get_height()
            for line in self._preview_caption(card):
                label = self.assets.text(line, 13)
                surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
                y += 18
        surface.set_clip(None)

    def draw_over(self, surface: pygame.Surface) -> None:
        """What goes over the widgets: the card being dragged."""
        if self.dragging and self.press is not None:
            ref = self.press[2].ref if self.press[1] == "browser" else self.press[2][1]
            img = self.assets.card(ref, True, (63, 88))
            surface.blit(img, img.get_rect(center=self.pointer))

    def _preview_caption(self, card: CardDef) -> list[str]:
        n = self.draft.copies(card.ref)
        limit = self.draft.copy_limit(card.ref)
        return [card.name, f"{n} in deck" + (f", at most {limit}" if limit is not None else "")]

    def kill(self) -> None:
        self.open = False
        self.files.kill()
        self.browser.kill()
        self.panel.kill()
        self.name_entry.kill()
        self.ruleset_menu.kill()
        for b in self.tools.values():
            b.kill()
