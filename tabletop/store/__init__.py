"""Saves, action logs and autosave: the table on disk, as readable YAML."""

from __future__ import annotations

from .autosave import Autosaver
from .logs import LogError, load_action_log
from .saves import (
    FORMAT,
    VERSION,
    LoadedGame,
    SaveError,
    atomic_write,
    dump_save,
    load_game,
    parse_save,
    save_game,
)

__all__ = [
    "FORMAT",
    "VERSION",
    "Autosaver",
    "LoadedGame",
    "LogError",
    "SaveError",
    "atomic_write",
    "dump_save",
    "load_action_log",
    "load_game",
    "parse_save",
    "save_game",
]
