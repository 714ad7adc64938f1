"""The deck editor's door in the window: open it over the start screen, close it, and go from a deck to a game.

The window keeps one `DeckEditor` while it is open and hands it every event, each frame's update and the drawing;
these functions are the only places the window and the editor meet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .editor import DeckEditor

if TYPE_CHECKING:
    from ...cards import DeckList

__all__ = ["close_deck_editor", "open_deck_editor"]


def open_deck_editor(app: Any, deck: DeckList | None = None, ruleset: str | None = None) -> DeckEditor:
    """Open the editor in place of the start screen (a deck to edit, else an empty one)."""
    from ...rules import RULESETS

    if app.start is not None:
        app.start.kill()
        app.start = None
    if app.editor is not None:
        app.editor.kill()

    def play(decklist: DeckList, ruleset_name: str | None) -> None:
        editor = app.editor
        if editor is None:
            return
        editor.files.guard_saved(lambda: _to_new_game(app, ruleset_name))

    app.editor = DeckEditor(app.manager, app.size, app.library, app.assets, deck=deck, ruleset=ruleset,
                            rulesets=sorted(RULESETS), on_play=play, on_close=lambda: close_deck_editor(app))
    return app.editor


def close_deck_editor(app: Any, *, start: bool = True) -> None:
    """Close the editor (after its unsaved-changes question) and go back to the start screen."""
    if app.editor is not None:
        if app.editor.open:
            app.editor.kill()
        app.editor = None
    if start and app.source is None and app.start is None:
        app.show_start()


def _to_new_game(app: Any, ruleset_name: str | None) -> None:
    """New game with the saved deck chosen for seat 1 and its ruleset picked: the game reads the file as it is
    now, so editing the deck later never changes a game already started."""
    editor = app.editor
    path = editor.draft.path if editor is not None else None
    close_deck_editor(app, start=False)
    app.new_game_dialog(ruleset=ruleset_name)
    if path is not None and app.newgame is not None:
        app.newgame.set_deck(str(path), seat=0)
