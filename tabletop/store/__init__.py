"""Saves, action logs, the autosave journal: the table on disk, as readable YAML continued by a journal."""

from __future__ import annotations

from .autosave import Autosaver, previous_meta
from .journal import JournalError, journal_path_for, read_journal
from .logs import LogError, load_action_log
from .recovery import export_game, open_game
from .saves import (
    FORMAT,
    VERSION,
    LoadedGame,
    SaveError,
    atomic_write,
    dump_save,
    load_game,
    parse_save,
    read_bookmarks,
    save_game,
)

__all__ = [
    "FORMAT",
    "VERSION",
    "Autosaver",
    "LoadedGame",
    "JournalError",
    "LogError",
    "SaveError",
    "atomic_write",
    "dump_save",
    "export_game",
    "journal_path_for",
    "load_action_log",
    "load_game",
    "read_bookmarks",
    "open_game",
    "parse_save",
    "previous_meta",
    "read_journal",
    "save_game",
]
