"""Every mouse gesture and key of the table, in one list: the F1 overlay and docs/UI.md are made from it."""

from __future__ import annotations

__all__ = ["SHORTCUTS", "markdown_table"]

#: (group, keys, what it does)
SHORTCUTS: tuple[tuple[str, str, str], ...] = (
    ("Mouse", "Left drag", "Move a card, token or die; dropping on a zone snaps to its layout"),
    ("Mouse", "Drag and let go moving", "Fling a loose piece: it slides on (physics); a die tumbles and rolls"),
    ("Mouse", "Ctrl + drag", "Move a whole stack (deck or pile)"),
    ("Mouse", "Drag on empty table", "Box-select pieces"),
    ("Mouse", "Shift + click", "Add or remove a piece from the selection"),
    ("Mouse", "Click your deck", "Draw a card"),
    ("Mouse", "Double-click", "Flip a card, roll a die, count up a counter"),
    ("Mouse", "Right click", "Menu of everything you can do to what is under the cursor"),
    ("Mouse", "Right / middle drag, arrows", "Pan the table"),
    ("Mouse", "Wheel", "Zoom at the cursor"),
    ("Cards", "F", "Flip"),
    ("Cards", "T", "Tap / untap (turn 90°)"),
    ("Cards", "R / Shift+R", "Rotate 90° clockwise / counter-clockwise"),
    ("Cards", "D / Shift+D", "Draw a card / deal one to every seat"),
    ("Cards", "S", "Shuffle the deck under the cursor (else yours)"),
    ("Cards", "L", "Look at the top N cards of a deck (a gallery: filter, drag to reorder, to top/bottom/hand/table)"),
    ("Cards", "B", "Search (browse) a deck in a gallery; closing shuffles it"),
    ("Cards", "V", "Reveal to everyone until you end it (End reveal, bottom right); right-click: to one seat, 5 s, 30 s"),
    ("Cards", "A / Shift+A", "Attach the selection under the hovered card / detach"),
    ("Cards", "H", "Send to your hand"),
    ("Cards", "O", "Sort your hand: as held, by name, type, cost, the game's order (only you see the order)"),
    ("Cards", "Q", "Point: an arrow from the selected card to the cursor, else a ping (every seat sees it)"),
    ("Pieces", "N / Shift+N / C", "New token / new die / new counter at the cursor"),
    ("Pieces", "X / Shift+X", "Roll dice (under the cursor, selected, or all) / throw them across the table"),
    ("Pieces", "+ / -", "Counter on the piece under the cursor up / down"),
    ("Pieces", "] / [", "Your score up / down"),
    ("Pieces", "Delete", "Remove tokens, dice and counters"),
    ("View", "Space (hold)", "Large preview of the card under the cursor"),
    ("View", "Home", "Fit the table in the window"),
    ("View", "Tab", "Hotseat: pass to the next seat (behind a cover screen)"),
    ("View", "Esc", "Clear the selection, close menus and dialogs"),
    ("View", "F3", "Frame times over the table"),
    ("View", "F5 / F6", "The rules (a rule number in the log opens them) / Decks: cards and decks"),
    ("View", "F4", "Fold / open the side panel (folded, the table takes the width)"),
    ("View", "G", "Physics on / off (off: a released piece drops where it is let go)"),
    ("Game", "Ctrl+Z / Ctrl+Y", "Undo / redo"),
    ("Game", "Ctrl+S / Ctrl+O / Ctrl+N", "Save / open / new game"),
    ("Game", "Ctrl+B", "Bookmark this point (kept in the save; renamed or deleted in the replay viewer)"),
    ("Game", "Ctrl+Q", "Quit (also the table's menu, the close button, Ctrl+C in the terminal)"),
    ("Game", "E / Shift+E", "Turn the rules dial: off, warn, strict / straight to off (host)"),
    ("Game", "P", "Pass / next phase, when the rules allow it"),
    ("Game", "Click a legal move", "Play it (rules panel, right: roles, targets, pass, score, answers)"),
    ("Game", "I", "Game info: ruleset, seats, house rules"),
    ("Game", "K", "Players and spectators (LAN host): remove one, spectators on / off"),
    ("Game", "Enter", "Chat (over the LAN too)"),
    ("Game", "F2", "Fold / open the ruleset's board above the table (when it has one)"),
    ("Game", "F1", "This help"),
)


def markdown_table() -> str:
    """The shortcuts as a Markdown table (for docs/UI.md and the README)."""
    rows = ["| Group | Keys | Does |", "|---|---|---|"]
    rows += [f"| {g} | {k} | {d} |" for g, k, d in SHORTCUTS]
    return "\n".join(rows)
