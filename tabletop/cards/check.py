"""Backend of `tabletop cards check [PATH]`: validate card sets and the deck lists beside them, never raising."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

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
from .model import CardProblem, CardSet, format_problems

__all__ = ["SET_CHECKS", "SET_NOTES", "check_notes", "check_path", "find_deck_files", "format_problems",
           "is_deck_file", "key_line"]

#: checks of a whole card set that a higher layer adds, each `fn(card_set) -> problems` (the rulesets' card text:
#: `tabletop.rules.effects.check` validates `effects:` written by hand); cards never import rulesets
SET_CHECKS: list[Callable[[CardSet], list[CardProblem]]] = []
#: the same for what is worth saying but not wrong in a set alone (a tag no card of the set provides may come
#: from another set): `cards check` prints them as notes and still passes
SET_NOTES: list[Callable[[CardSet], list[CardProblem]]] = []


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


def check_notes(path: str | os.PathLike[str]) -> list[CardProblem]:
    """The `SET_NOTES` of every set at `path`: said by `cards check`, never failing it."""
    path = Path(path)
    if not path.exists() or (path.is_file() and is_deck_file(path)):
        return []
    return _set_checks(path, SET_NOTES)


def _set_checks(path: Path, checks: list[Callable[[CardSet], list[CardProblem]]] = SET_CHECKS
                ) -> list[CardProblem]:
    """The `checks` of every set at `path` (of the one file, when `path` is a card file)."""
    if not checks:
        return []
    from .loader import set_dir_of

    dirs = ([d] if (d := set_dir_of(path)) is not None else []) if path.is_file() else find_set_dirs(path)
    out: list[CardProblem] = []
    for set_dir in dirs:
        card_set = read_set(set_dir)[0]
        for check in checks:
            out += check(card_set)
    if path.is_file():
        shown = display_path(path)
        out = [p for p in out if p.file == shown]
    return out


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
        problems = check_sets(path) + _set_checks(path)
    if deck_files:
        library = library if library is not None else _library_for(path, deck_files)
        for deck_file in deck_files:
            problems += read_deck(deck_file, library)[1]
    return problems


_ITEM = re.compile(r"^(\s*)-\s")


def key_line(card: Any, key: str, index: int | None = None) -> int | None:
    """The line of a card's `key` in its file, or of the `index`-th item (from 1) of the list under it; the
    card's own line when the key is not found (a problem is always located)."""
    if not card.source or not card.line:
        return card.line or None
    try:
        lines = Path(card.source).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return card.line
    first = lines[card.line - 1] if card.line <= len(lines) else ""
    own = len(first) - len(first.lstrip())
    wanted = re.compile(rf"^\s*(-\s+)?{re.escape(key)}\s*:")
    start = None
    for i in range(card.line - 1, len(lines)):
        item = _ITEM.match(lines[i])
        if i > card.line - 1 and item is not None and len(item.group(1)) <= own:
            break  # the next card
        if wanted.match(lines[i]):
            start = i
            break
    if start is None:
        return card.line
    return _item_line(lines, start, index) if index else start + 1


def _item_line(lines: list[str], start: int, index: int) -> int:
    """The line of the `index`-th item of the list that follows line `start` (the key's line when not found)."""
    base = None
    seen = 0
    for i in range(start + 1, len(lines)):
        m = _ITEM.match(lines[i])
        if m is None:
            continue
        if base is None:
            base = len(m.group(1))
        if len(m.group(1)) < base:
            break
        if len(m.group(1)) == base:
            seen += 1
            if seen == index:
                return i + 1
    return start + 1
