"""Card definitions, card sets and deck lists read from YAML under cards/, with located, collected errors.

Never imports pygame, the network or physics: rulesets, saves and tools use it headless.
"""

from __future__ import annotations

from .check import check_path, find_deck_files, is_deck_file
from .decks import (
    DEFAULT_SECTION,
    DeckEntry,
    DeckError,
    DeckList,
    deck_to_data,
    load_deck,
    load_deck_text,
    parse_deck,
    read_deck,
    read_deck_for_play,
    shipped_deck,
)
from .loader import (
    ID_PATTERN,
    CardLibrary,
    UnknownCardError,
    check_sets,
    default_library,
    default_roots,
    find_set_dirs,
    load_set,
    read_set,
    split_ref,
)
from .model import CardDef, CardProblem, CardSet, CardSetError, format_problems
from .roles import Traits, mapped_traits, register_role_mapping

__all__ = [
    "DEFAULT_SECTION",
    "ID_PATTERN",
    "CardDef",
    "CardLibrary",
    "CardProblem",
    "CardSet",
    "CardSetError",
    "DeckEntry",
    "DeckError",
    "DeckList",
    "Traits",
    "UnknownCardError",
    "check_path",
    "check_sets",
    "deck_to_data",
    "default_library",
    "default_roots",
    "find_deck_files",
    "find_set_dirs",
    "format_problems",
    "is_deck_file",
    "load_deck",
    "load_deck_text",
    "load_set",
    "mapped_traits",
    "register_role_mapping",
    "parse_deck",
    "read_deck",
    "read_deck_for_play",
    "read_set",
    "shipped_deck",
    "split_ref",
]
