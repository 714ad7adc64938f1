"""The deck editor's door in the window: open it over the start screen or over a game in play (F6, the table's
menu), close it, and go from a deck to a game.

The window keeps one `DeckEditor` while it is open and hands it every event, each frame's update and the drawing;
these functions are the only places the window and the editor meet. Over a game the table's widgets are hidden, not
destroyed, and the game goes on underneath (its stream is still read: a LAN game's moves, votes and notices), so
closing the editor shows the table as it is then, its camera, selection and panels as they were; the editor only
reads card data and writes deck files, and a game reads its decks when it is set up, so nothing in it changes the
game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .editor import DeckEditor

if TYPE_CHECKING:
    from ...cards import DeckList

__all__ = ["all_widgets", "close_deck_editor", "open_deck_editor"]


def open_deck_editor(app: Any, deck: DeckList | None = None, ruleset: str | None = None) -> DeckEditor:
    """Open the editor in place of the start screen, or over the game in play (a deck to edit, else an empty one
    of the game's ruleset)."""
    from ...rules import RULESETS

    if app.start is not None:
        app.start.kill()
        app.start = None
    if app.editor is not None:
        app.editor.kill()
    elif app.source is not None:  # over a game: its widgets step aside until the editor closes
        if app.menu is not None:
            app.menu.kill()
            app.menu = None
        app.editor_hid = _hide_widgets(app.manager)
        if ruleset is None and deck is None:
            ruleset = str(app.source.view(app.seat).get("ruleset") or "") or None

    def play(decklist: DeckList, ruleset_name: str | None) -> None:
        editor = app.editor
        if editor is None:
            return
        editor.files.guard_saved(lambda: _to_new_game(app, ruleset_name))

    app.editor = DeckEditor(app.manager, app.size, app.library, app.assets, deck=deck, ruleset=ruleset,
                            rulesets=sorted(RULESETS), on_play=play, on_close=lambda: close_deck_editor(app),
                            back="the game" if app.source is not None else "the start screen")
    return app.editor


def close_deck_editor(app: Any, *, start: bool = True) -> None:
    """Close the editor (after its unsaved-changes question) and go back to the game it was opened over, else to
    the start screen."""
    if app.editor is not None:
        if app.editor.open:
            app.editor.kill()
        app.editor = None
    hid = getattr(app, "editor_hid", None)
    if hid:
        app.editor_hid = None
        shown, hidden = hid
        for element in shown:
            if element.alive():
                element.show()  # shows every widget inside it too ...
        for element in hidden:
            if element.alive():
                element.hide()  # ... so those hidden before (a Pass button not offered) are hidden again
        app.repaint()  # the table and its widgets drawn whole again, as they are now
    if start and app.source is None and app.start is None:
        app.show_start()


def _hide_widgets(manager: Any) -> tuple[list[Any], list[Any]]:
    """Hide every widget shown at the window's top level (the table's bars, panels and windows); returns them, and
    the widgets inside them that were hidden already."""
    shown = [e for e in list(manager.get_root_container().elements) if e.visible]
    hidden = [e for e in all_widgets(manager) if not e.visible]
    for element in shown:
        element.hide()
    return shown, hidden


def all_widgets(manager: Any) -> list[Any]:
    """Every widget of the window, those inside panels and windows included."""
    out: list[Any] = []
    stack = list(manager.get_root_container().elements)
    while stack:
        element = stack.pop()
        out.append(element)
        inner = element.get_container() if hasattr(element, "get_container") else None
        holder = inner if inner is not None else element  # a panel's or window's container, or a container
        stack.extend(getattr(holder, "elements", ()))
    return out


def _to_new_game(app: Any, ruleset_name: str | None) -> None:
    """New game with the saved deck chosen for seat 1 and its ruleset picked: the game reads the file as it is
    now, so editing the deck later never changes a game already started."""
    editor = app.editor
    path = editor.draft.path if editor is not None else None
    close_deck_editor(app, start=False)
    app.new_game_dialog(ruleset=ruleset_name)
    if path is not None and app.newgame is not None:
        app.newgame.set_deck(str(path), seat=0)
