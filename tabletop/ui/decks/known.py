"""The decks a player picks from: the ones shipped with the loaded sets and the ones saved in `decks/`.

New game, Host and the deck editor's Open all list them, so a deck saved in the editor is one click away when a
game is set up; any other file is still a file dialog away.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...cards import CardLibrary

__all__ = ["DECK_SUFFIXES", "known_decks"]

#: Files the deck readers take: our YAML, GCCG, Cockatrice, OCTGN, TTS saves and text lists.
DECK_SUFFIXES = (".yaml", ".yml", ".deck", ".cod", ".o8d", ".json", ".txt", ".dek")


def known_decks(library: CardLibrary, folder: Path = Path("decks")) -> list[tuple[str, Path]]:
    """(label, file) of every deck in `folder` (the player's, first) and in each loaded set's `decks/`."""
    out: list[tuple[str, Path]] = []
    if folder.is_dir():
        for path in sorted(folder.iterdir()):
            if path.suffix.lower() in DECK_SUFFIXES and path.is_file() and not path.name.startswith("."):
                out.append((f"{path.name} (decks/)", path.resolve()))
    for card_set in library.sets.values():
        if card_set.path is None:
            continue
        for name in sorted(card_set.decks):
            path = Path(card_set.path) / "decks" / name
            if path.is_file():
                out.append((f"{name} ({card_set.name})", path.resolve()))
    return out
