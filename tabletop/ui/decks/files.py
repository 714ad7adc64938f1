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
from pygame_gui.elements import UIButton, UITextEntryBox, UIWindow

from ...cards.decks import DeckError, DeckList, deck_to_data, load_deck_text, read_deck
from ...cards.importers.decks_export import export_deck
from ...store.savewrite import atomic_write
from ..dialogs.widgets import ChoiceDialog, Dialog

if TYPE_CHECKING:
    from ...cards import CardLibrary
    from .editor import DeckEditor

__all__ = ["DECKS_FOLDER", "DeckFiles", "deck_yaml"]

_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
#: Export formats: the menu's label, the format `export_deck` writes, the file's suffix.
EXPORTS = (("Text list (.txt)", "text", ".txt"), ("Cockatrice (.cod)", "cod", ".cod"), ("GCCG (.deck)", "deck", ".deck"))
#: Where a new deck is proposed to be saved: `decks/` in the working folder.
DECKS_FOLDER = Path("decks")


def deck_yaml(deck: DeckList, library: CardLibrary) -> str:
    """A deck list as readable YAML: cards by name ("2x Ambush"), kept by id only where a name would read back
    as another card (several printings, a name that is another card's id); checked by reading it back."""
    by_id = yaml.safe_dump(deck_to_data(deck), sort_keys=False, allow_unicode=True, width=100)
    data = deck_to_data(deck)
    data.pop("set", None)
    data["sections"] = {s: [_named(e.count, library.get(e.ref).name) for e in entries]
                        for s, entries in deck.sections.items()}
    by_name = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    try:
        back = load_deck_text(by_name, "deck", library)
    except DeckError:
        return by_id
    same = {s: [(e.ref, e.count) for e in es] for s, es in back.sections.items() if es} == {
        s: [(e.ref, e.count) for e in es] for s, es in deck.sections.items() if es}
    return by_name if same else by_id


class DeckFiles:
    """The editor's one open dialog and the file verbs behind it."""

    def __init__(self, editor: DeckEditor) -> None:
        self.editor = editor
        self.file_dialog: Any = None
        self.choice: ChoiceDialog | None = None
        self.notes: NotesDialog | None = None
        self.message: Dialog | None = None
        self._after_save: Callable[[], None] | None = None

    def busy(self) -> bool:
        return any(d is not None for d in (self.file_dialog, self.choice, self.notes))

    # ------------------------------------------------------------------ reading and writing

    def open_path(self, path: Path) -> bool:
        """Open a deck file of any format we read; lines naming no loaded card are left out and listed."""
        deck, problems = read_deck(path, self.editor.library)
        listed = "<br>".join(_esc(str(p)) for p in problems[:12]) + ("<br>…" if len(problems) > 12 else "")
        if deck is None:
            self.tell("Cannot open this deck", listed or _esc(str(path)))
            return False
        self.editor.load(deck)
        if problems:
            self.tell(f"Opened, {len(problems)} line{'s' if len(problems) != 1 else ''} left out", listed)
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
            atomic_write(path, deck_yaml(draft.to_decklist(), self.editor.library))
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
        """Which format, then where: a text list, a Cockatrice .cod or a GCCG .deck (the deck as it is now)."""
        labels = [label for label, _, _ in EXPORTS]

        def where(i: int) -> None:
            _, fmt, suffix = EXPORTS[i]
            self.ask_file(f"export:{fmt}", "Export the deck", self._proposed().with_suffix(suffix))

        self.ask("Export as…", labels, where)

    def export(self, fmt: str, path: Path) -> bool:
        ed = self.editor
        try:
            text = export_deck(ed.draft.to_decklist(), ed.library, fmt)
            atomic_write(path, text)
        except (OSError, ValueError) as exc:
            self.tell("The deck was not exported", f"{_esc(str(path))}: {_esc(getattr(exc, 'strerror', None) or str(exc))}")
            return False
        self.tell("Exported", f"The deck was written to {_esc(str(path))}.")
        return True

    def ask_section(self, row: tuple[str, str | None] | None) -> None:
        if row is None or row[1] is None:
            return
        labels = [(s, label) for s, label in self.editor.draft.section_labels() if s != row[0]]
        self.ask("Move one copy to…", [label for _, label in labels],
                 lambda i: self.editor.move_to(row, labels[i][0]))

    def ask_notes(self) -> None:
        """The deck's notes (its `description`): edited in a box, kept when OK is pressed, undone by Cancel."""
        self.kill()
        self.notes = NotesDialog(self.editor.manager, self.editor.size, self.editor.draft.notes)

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
        if self.notes is not None:
            done = self.notes.answer(event)
            if done is not None:
                self.notes.window.kill()
                self.notes = None
                if done is not False:
                    self.editor.set_notes(done)
                return True
            if key == pygame.K_ESCAPE:
                self.kill()
                return True
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
        elif purpose.startswith("export:"):
            self.export(purpose.split(":", 1)[1], path)
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
        if self.notes is not None and not self.notes.window.alive():
            self.notes = None

    def kill(self) -> None:
        if self.notes is not None:
            self.notes.window.kill()
            self.notes = None
        if self.file_dialog is not None:
            self.file_dialog.kill()
            self.file_dialog = None
        if self.choice is not None:
            self.choice.window.kill()
            self.choice = None


class NotesDialog:
    """A box for the deck's notes with OK and Cancel (Enter makes a new line: notes are several lines)."""

    def __init__(self, manager: pygame_gui.UIManager, screen: tuple[int, int], text: str) -> None:
        w, h = min(520, screen[0] - 40), min(320, screen[1] - 40)
        self.window = UIWindow(pygame.Rect((screen[0] - w) // 2, (screen[1] - h) // 3, w, h), manager, "Deck notes",
                               always_on_top=True)
        self.box = UITextEntryBox(pygame.Rect(8, 8, w - 48, h - 110), text, manager, container=self.window)
        self.ok = UIButton(pygame.Rect(w - 230, h - 92, 90, 32), "OK", manager, container=self.window)
        self.cancel = UIButton(pygame.Rect(w - 134, h - 92, 90, 32), "Cancel", manager, container=self.window)
        manager.set_focus_set(self.box)

    def answer(self, event: pygame.event.Event) -> str | bool | None:
        """The notes when OK was pressed, False for Cancel, None while the dialog is still open."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        if event.ui_element is self.ok:
            return self.box.get_text().strip()
        return False if event.ui_element is self.cancel else None


def _named(count: int, name: str) -> str:
    return name if count == 1 else f"{count}x {name}"


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
