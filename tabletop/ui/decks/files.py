"""The deck editor's files and questions: open, save, export, choose a section, and never lose unsaved changes.

One dialog at a time: a file dialog, or a choice (export format, section, "save changes?"). A deck is read with
the same reader every command uses (ours, GCCG, Cockatrice, OCTGN and text lists, by content) and written
atomically, so a failed save leaves the old file whole and says why in the editor.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
import yaml

from ...cards.decks import deck_to_data, read_deck
from ...store.savewrite import atomic_write
from ..dialogs.widgets import ChoiceDialog, Dialog

if TYPE_CHECKING:
    from .editor import DeckEditor

__all__ = ["DECKS_FOLDER", "DeckFiles", "deck_yaml"]

_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
#: Where a new deck is proposed to be saved: `decks/` in the working folder.
DECKS_FOLDER = Path("decks")


def deck_yaml(editor_deck: Any) -> str:
    """A deck list as the readable YAML our deck files hold."""
    return yaml.safe_dump(deck_to_data(editor_deck), sort_keys=False, allow_unicode=True, width=100)


class DeckFiles:
    """The editor's one open dialog and the file verbs behind it."""

    def __init__(self, editor: DeckEditor) -> None:
        self.editor = editor
        self.file_dialog: Any = None
        self.choice: ChoiceDialog | None = None
        self.message: Dialog | None = None
        self._after_save: Callable[[], None] | None = None

    def busy(self) -> bool:
        return any(d is not None for d in (self.file_dialog, self.choice))

    # ------------------------------------------------------------------ reading and writing

    def open_path(self, path: Path) -> bool:
        deck, problems = read_deck(path, self.editor.library)
        if deck is None or problems:
            self.tell("Cannot open this deck", "<br>".join(_esc(str(p)) for p in problems[:12]) or str(path))
            return False
        self.editor.load(deck)
        return True

    def save(self, then: Callable[[], None] | None = None) -> None:
        """Save to the deck's file, or ask where when it has none yet."""
        path = self.editor.draft.path
        if path is None or path.suffix.lower() not in (".yaml", ".yml"):
            self._after_save = then
            self.ask_file("save", "Save deck list", self._proposed())
            return
        if self.write(path) and then is not None:
            then()

    def write(self, path: Path) -> bool:
        draft = self.editor.draft
        try:
            atomic_write(path, deck_yaml(draft.to_decklist()))
        except OSError as exc:
            self.tell("The deck was not saved", f"{_esc(str(path))}: {_esc(exc.strerror or str(exc))}")
            return False
        draft.mark_saved(path)
        self.editor.panel.refresh(draft)
        return True

    def _proposed(self) -> Path:
        name = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in self.editor.draft.name.lower())
        return (DECKS_FOLDER / f"{name.strip('-') or 'deck'}.yaml").resolve()

    def guard_saved(self, then: Callable[[], None]) -> None:
        """Run `then` once the deck is saved as it is now (saving it first, asking where if it has no file)."""
        draft = self.editor.draft
        if draft.path is not None and not draft.dirty and draft.path.suffix.lower() in (".yaml", ".yml"):
            then()
        else:
            self.save(then)

    # ------------------------------------------------------------------ questions

    def guard(self, then: Callable[[], None]) -> None:
        """Run `then` now if nothing is unsaved; else ask: save first, throw the changes away, or keep editing."""
        if not self.editor.draft.dirty:
            then()
            return

        def answer(i: int) -> None:
            if i == 0:
                self.save(then)
            elif i == 1:
                then()

        self.ask(f"Save changes to '{self.editor.draft.name}'?", ["Save", "Discard changes", "Keep editing"], answer)

    def ask_open(self) -> None:
        self.guard(lambda: self.ask_file("open", "Open a deck list", DECKS_FOLDER.resolve()))

    def ask_export(self) -> None:
        self.tell("Export", "Exporting needs the deck formats of <b>tabletop deck export</b>.")

    def ask_section(self, row: tuple[str, str | None] | None) -> None:
        if row is None or row[1] is None:
            return
        labels = [(s, label) for s, label in self.editor.draft.section_labels() if s != row[0]]
        self.ask("Move one copy to…", [label for _, label in labels],
                 lambda i: self.editor.move_to(row, labels[i][0]))

    def ask(self, title: str, options: list[str], answer: Callable[[int], Any]) -> None:
        self.kill()
        ed = self.editor
        self.choice = ChoiceDialog(ed.manager, ed.size, title, options, answer)

    def ask_file(self, purpose: str, title: str, start: Path) -> None:
        from pygame_gui.windows import UIFileDialog

        self.kill()
        ed = self.editor
        w, h = min(560, ed.size[0] - 40), min(460, ed.size[1] - 40)
        self.file_dialog = UIFileDialog(pygame.Rect((ed.size[0] - w) // 2, (ed.size[1] - h) // 2, w, h), ed.manager,
                                        window_title=title, initial_file_path=str(start),
                                        allow_existing_files_only=purpose == "open", always_on_top=True)
        self.file_dialog.deck_purpose = purpose
        entry = getattr(self.file_dialog, "file_path_text_line", None)
        if entry is not None:
            ed.manager.set_focus_set(entry)

    def tell(self, title: str, html: str) -> None:
        if self.message is not None:
            self.message.kill()
        self.message = Dialog(self.editor.manager, self.editor.size, title, html)

    # ------------------------------------------------------------------ events

    def handle(self, event: pygame.event.Event) -> bool:
        """Route an event to the open dialog; whether the dialog took it."""
        et, el = event.type, getattr(event, "ui_element", None)
        key = event.key if et == pygame.KEYDOWN else None
        if self.choice is not None:
            if key in _ENTER:  # Enter takes the highlighted option, else the first, as Choose does
                event = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=self.choice.ok)
            if self.choice.handle(event):
                self.choice = None
                return True
            if key == pygame.K_ESCAPE:
                self.kill()
                return True
        if et == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and getattr(el, "deck_purpose", None):
            # the dialog closed itself on OK a frame ago (and was let go of then): its purpose rides on it
            self._picked(el.deck_purpose, Path(event.text))
            return True
        fd = self.file_dialog
        if fd is not None:
            if et == pygame_gui.UI_TEXT_ENTRY_FINISHED and el is getattr(fd, "file_path_text_line", None):
                path = fd.current_file_path  # Enter on a file's name picks it, as OK does; a folder is opened
                if path is not None and not Path(path).is_dir() and fd.ok_button.is_enabled:
                    fd.process_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=fd.ok_button))
                return True
            if key == pygame.K_ESCAPE:
                self.kill()
                return True
        return False

    def _picked(self, purpose: str, path: Path) -> None:
        then = self._after_save
        self.file_dialog, self._after_save = None, None
        if purpose == "open":
            self.open_path(path)
        elif purpose == "save":
            if path.suffix.lower() not in (".yaml", ".yml"):
                path = path.with_suffix(".yaml")
            if self.write(path) and then is not None:
                then()

    def update(self) -> None:
        if self.file_dialog is not None and not self.file_dialog.alive():
            self.file_dialog = None  # closed: by OK (its pick is on the way, `then` with it) or by its own close
        if self.choice is not None and not self.choice.alive():
            self.choice = None

    def kill(self) -> None:
        if self.file_dialog is not None:
            self.file_dialog.kill()
            self.file_dialog = None
        if self.choice is not None:
            self.choice.window.kill()
            self.choice = None


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
