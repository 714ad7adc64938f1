"""What every part of the save format shares: its name and version, the caps on files from elsewhere, the
error a bad file raises, and what a loaded save holds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.session import LogEntry
from ..core.state import GameState
from ..errors import LocatedError

__all__ = [
    "FORMAT", "MAX_BOOKMARK_NAME", "MAX_ENTRY_BYTES", "MAX_SAVE_BYTES", "MAX_TABLE_BYTES", "MIGRATIONS", "VERSION", "LoadedGame", "SaveError",
]


FORMAT = "tabletop-save"
VERSION = 1
#: a save whose log is not in the layout this program writes is read whole, up to this size
MAX_SAVE_BYTES = 32 * 1024 * 1024
#: the table part of a save (everything before `log:`): the cap for files from elsewhere
MAX_TABLE_BYTES = 32 * 1024 * 1024
#: one entry of a save's log, read one at a time (a game of any length loads; a single entry has a cap)
MAX_ENTRY_BYTES = 1024 * 1024

#: migrations[n] turns a version-n save body into a version-(n+1) body
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
#: a bookmark's name is a short label
MAX_BOOKMARK_NAME = 80


class SaveError(LocatedError):
    """A save that cannot be loaded (or written): which file, which line, which field, and why."""


@dataclass(slots=True)
class LoadedGame:
    """What a save holds: the state and the game log behind it."""

    state: GameState
    history: list[LogEntry] = field(default_factory=list)
    source: str = ""
    #: what a reader should know about how the game was opened (a journal replayed, a torn record dropped)
    note: str = ""
    #: what the journal kept beside the game (the host's per-seat client sequence numbers)
    meta: dict[str, Any] = field(default_factory=dict)
    #: undone changes that can still be redone (kept by a journal; a YAML save has none)
    redo: list[LogEntry] = field(default_factory=list)
    #: points of the log a player marked in the replay viewer: log sequence number -> name (`bookmarks:`)
    bookmarks: dict[int, str] = field(default_factory=dict)
