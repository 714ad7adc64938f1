"""Autosave: the table is written every few actions and on exit, so a crash loses at most a few moves."""

from __future__ import annotations

import os
from pathlib import Path

from ..core.session import LogEntry, Session
from .saves import save_game

__all__ = ["DEFAULT_AUTOSAVE", "Autosaver"]

DEFAULT_AUTOSAVE = Path("saves") / "autosave.yaml"


class Autosaver:
    """Listens to a session and saves it to `path` every `every` changes (and on `flush`)."""

    def __init__(self, session: Session, path: str | os.PathLike[str] = DEFAULT_AUTOSAVE, every: int = 5) -> None:
        self.session = session
        self.path = Path(path)
        self.every = max(1, every)
        self.pending = 0
        self.last_error: str = ""
        session.listeners.append(self._on_change)

    def _on_change(self, kind: str, entry: LogEntry) -> None:
        self.pending += 1
        if self.pending >= self.every:
            self.flush()

    def flush(self) -> bool:
        """Save now if anything changed since the last save; a failure is remembered, never raised."""
        if not self.pending:
            return True
        try:
            save_game(self.session, self.path)
        except OSError as e:
            self.last_error = f"autosave to {self.path} failed: {e.strerror or e}"
            return False
        self.pending = 0
        self.last_error = ""
        return True

    def close(self) -> None:
        self.flush()
        if self._on_change in self.session.listeners:
            self.session.listeners.remove(self._on_change)
