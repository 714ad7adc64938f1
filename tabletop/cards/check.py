"""Backend of `tabletop cards check [PATH]`: validate card sets and the deck lists beside them, never raising."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from ..yamlsafe import YamlError, load_file
from .decks import read_deck
from .loader import (
    DECKS_DIR,
    CardLibrary,
    check_sets,
    default_roots,
    display_path,
    find_set_dirs,
    read_set,
)
from .model import CardProblem, format_problems

__all__ = ["check_path", "find_deck_files", "format_problems", "is_deck_file"]


def _yaml_files(folder: Path) -> list[Path]:
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and p.suffix.lower() in (".yaml", ".yml") and not p.name.startswith(".")
    )


def _decks_folder(path: Path) -> Path | None:
    for parent in path.parents:
        if parent.name == DECKS_DIR:
            return parent
    return None


def is_deck_file(path: str | os.PathLike[str]) -> bool:
    """True for a YAML file inside a `decks/` folder, or one whose top level has `sections` (a deck list)."""
    path = Path(path)
    if _decks_folder(path.resolve()) is not None:
        return True
    try:
        data = load_file(path).data
    except YamlError:
        return False
    return isinstance(data, Mapping) and "sections" in data


def find_deck_files(path: str | os.PathLike[str]) -> list[Path]:
    """Deck files at `path`: the file itself, every YAML file of a `decks/` folder, or all `decks/` folders below."""
    path = Path(path)
    if path.is_file():
        return [path] if is_deck_file(path) else []
    if not path.is_dir():
        return []
    if path.name == DECKS_DIR:
        return _yaml_files(path)
    found: list[Path] = []
    for dirpath, dirnames, _ in os.walk(path):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        if Path(dirpath).name == DECKS_DIR:
            found += _yaml_files(Path(dirpath))
            dirnames[:] = []
    return found


def _library_for(path: Path, deck_files: list[Path]) -> CardLibrary:
    """The default library, with the sets being checked (even broken ones) loaded over it."""
    library = CardLibrary(default_roots(), strict=False)
    owners = {path} if path.is_dir() else set()
    for deck_file in deck_files:
        folder = _decks_folder(deck_file.resolve())
        owners.add(folder.parent if folder is not None else deck_file.parent)
    seen: set[Path] = set()
    for owner in sorted(owners):
        for set_dir in find_set_dirs(owner):
            if set_dir.resolve() not in seen:
                seen.add(set_dir.resolve())
                library.add(read_set(set_dir)[0], replace=True)
    return library


def check_path(path: str | os.PathLike[str], library: CardLibrary | None = None) -> list[CardProblem]:
    """Every problem in the card sets and deck lists at `path` (a root, a set folder, a card file or a deck file).

    Decks are checked against `library` if given, else against the default library plus the sets found at `path`.
    """
    path = Path(path)
    if not path.exists():
        return [CardProblem(display_path(path), None, "", "no such file or folder")]
    deck_files = find_deck_files(path)
    if path.is_file() and deck_files:
        problems: list[CardProblem] = []
    else:
        problems = check_sets(path)
    if deck_files:
        library = library if library is not None else _library_for(path, deck_files)
        for deck_file in deck_files:
            problems += read_deck(deck_file, library)[1]
    return problems
